// 2026-07-28 routing headers (S26-25): a POST names its method, and for tools/call,
// prompts/get and resources/read the target, so intermediaries can route without parsing the body.

/** A header value as is when it is visible ASCII without edge spaces; otherwise the base64 sentinel form. */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !value.startsWith('=?base64?');
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Decodes the sentinel form; other values are returned unchanged. */
export function decodeHeaderValue(value: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : value;
}

const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  // The tasks extension (io.modelcontextprotocol/tasks) routes its methods by task id (TASKX-29).
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** Mcp-Method and (where the method has a target) Mcp-Name for one outgoing message. */
export function routingHeaders(message: unknown): Record<string, string> {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return {};
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (typeof method !== 'string') return {};
  const headers: Record<string, string> = { 'Mcp-Method': encodeHeaderValue(method) };
  const field = NAMED[method];
  const target = field && typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[field] : undefined;
  if (typeof target === 'string') headers['Mcp-Name'] = encodeHeaderValue(target);
  return headers;
}
