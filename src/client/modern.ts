// Our scenario server's 2026-07-28 side: no handshake, every request judged by its own `_meta`.
// A small responder of its own (the server fixture's stateless code is test code): server/discover,
// the list methods and tools/call in the 2026 shape (resultType, ttlMs/cacheScope), the version
// and header errors a conformant 2026 server returns, and the multi round-trip (MRTR) answer of
// the input-required scenario: an InputRequiredResult asking for what the request declared.
type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const MODERN_VERSION = '2026-07-28';
/** What our discover result and -32022 errors list: the one revision this side speaks. */
export const MODERN_SUPPORTED: readonly string[] = [MODERN_VERSION];

export const META = {
  version: 'io.modelcontextprotocol/protocolVersion',
  capabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
} as const;

/** Methods 2026-07-28 removed (or never had): a client speaking it sends none of them. */
export const REMOVED_METHODS: readonly string[] = [
  'initialize',
  'notifications/initialized',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/roots/list_changed',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
];

/** The methods whose Mcp-Name header mirrors params.name (or params.uri). */
export const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** The opaque state our InputRequiredResult carries; a conformant client echoes it byte for byte. */
export const REQUEST_STATE = 'mcp-conform:state:v1:7f3a9c';

export function requestMeta(params: unknown): Obj | undefined {
  return isObject(params) && isObject(params._meta) ? params._meta : undefined;
}

/** The input requests we put in an InputRequiredResult, one per kind the request declared (key → request). */
export function inputRequestsFor(capabilities: Obj | undefined): Record<string, Obj> {
  const asks: Record<string, Obj> = {};
  if (isObject(capabilities?.elicitation)) {
    asks.conform_elicit = { method: 'elicitation/create', params: { mode: 'form', message: 'mcp-conform test: any answer will do', requestedSchema: { type: 'object', properties: { answer: { type: 'string' } } } } };
  }
  if (isObject(capabilities?.sampling)) {
    asks.conform_sample = { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'mcp-conform test: reply with any short text' } }], maxTokens: 16 } };
  }
  if (isObject(capabilities?.roots)) asks.conform_roots = { method: 'roots/list', params: {} };
  return asks;
}

const CACHE = { ttlMs: 0, cacheScope: 'private' } as const;
const TOOLS = [{ name: 'echo', description: 'Returns its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];

export interface ModernContext {
  serverInfo: { name: string; version: string };
  /** HTTP: the request's headers (lowercase names); undefined over stdio. */
  headers?: Record<string, string>;
  /** Answer this tools/call with an InputRequiredResult (the input-required scenario's first call). */
  inputRequired: boolean;
}

export interface ModernAnswer {
  response: Obj;
  /** The HTTP status a 2026 server gives it. */
  status: number;
  /** The InputRequiredResult's input requests, when this answer is one. */
  asked?: Record<string, Obj>;
}

const error = (id: unknown, status: number, code: number, message: string, data?: unknown): ModernAnswer => ({ status, response: { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } } });

/** `=?base64?…?=` header values decoded, others as they are. */
export function headerValue(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^=\?base64\?(.*)\?=$/.exec(value);
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : value;
}

/** HTTP: what is wrong with the routing headers of a request (-32020), or undefined. */
export function headerMismatch(request: Obj, headers: Record<string, string>): string | undefined {
  const version = requestMeta(request.params)?.[META.version];
  if (headers['mcp-protocol-version'] !== version) return `MCP-Protocol-Version ${JSON.stringify(headers['mcp-protocol-version'] ?? null)} is not the body's ${JSON.stringify(version ?? null)}`;
  if (headers['mcp-method'] !== request.method) return `Mcp-Method ${JSON.stringify(headers['mcp-method'] ?? null)} is not the body's method ${JSON.stringify(request.method)}`;
  const field = NAMED_METHODS[request.method as string];
  const name = field && isObject(request.params) ? request.params[field] : undefined;
  if (field && headerValue(headers['mcp-name']) !== name) return `Mcp-Name ${JSON.stringify(headers['mcp-name'] ?? null)} is not the body's params.${field} ${JSON.stringify(name ?? null)}`;
  return undefined;
}

/** Our answer to one request of a 2026-07-28 client. */
export function answerModern(request: Obj, ctx: ModernContext): ModernAnswer {
  const id = request.id;
  const method = request.method as string;
  const meta = requestMeta(request.params);
  const version = meta?.[META.version];
  if (method !== 'server/discover' && REMOVED_METHODS.includes(method)) return error(id, 404, -32601, `Method not found: ${method} (not in 2026-07-28)`);
  if (typeof version !== 'string' || !isObject(meta?.[META.capabilities])) return error(id, 400, -32602, 'Invalid params: _meta needs io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities');
  if (!MODERN_SUPPORTED.includes(version)) return error(id, 400, -32022, 'Unsupported protocol version', { supported: [...MODERN_SUPPORTED], requested: version });
  const mismatch = ctx.headers ? headerMismatch(request, ctx.headers) : undefined;
  if (mismatch) return error(id, 400, -32020, `Header mismatch: ${mismatch}`);
  const ok = (result: Obj): ModernAnswer => ({ status: 200, response: { jsonrpc: '2.0', id, result: { resultType: 'complete', ...result, _meta: { 'io.modelcontextprotocol/serverInfo': ctx.serverInfo } } } });
  switch (method) {
    case 'server/discover':
      return ok({ supportedVersions: [...MODERN_SUPPORTED], capabilities: { tools: {} }, serverInfo: ctx.serverInfo, ...CACHE });
    case 'tools/list':
      return ok({ tools: TOOLS, ...CACHE });
    case 'resources/list':
      return ok({ resources: [], ...CACHE });
    case 'resources/templates/list':
      return ok({ resourceTemplates: [], ...CACHE });
    case 'prompts/list':
      return ok({ prompts: [], ...CACHE });
    case 'tools/call': {
      if (!ctx.inputRequired) return ok({ content: [{ type: 'text', text: 'mcp-conform test server' }] });
      const asked = inputRequestsFor(meta?.[META.capabilities] as Obj);
      const result: Obj = { resultType: 'input_required', requestState: REQUEST_STATE, ...(Object.keys(asked).length ? { inputRequests: asked } : {}) };
      return { status: 200, asked, response: { jsonrpc: '2.0', id, result } };
    }
    default:
      return error(id, 404, -32601, `Method not found: ${method}`);
  }
}
