// A tiny MCP server over stdio with no SDK: the fastest server the fuzz bench measures against
// (issue 28 item 7), so the fuzzer's own costs show. It reads newline-delimited JSON-RPC, answers
// every request at once, in order, one write per chunk read: ping, initialize, tools/list (one
// read-only tool, echo), tools/call of echo; any other method -32601; input that is not JSON
// -32700 and an invalid envelope -32600 (id null unless a usable one was sent), as JSON-RPC asks.
// Notifications and responses get nothing. Conformant enough that a campaign finds nothing to chase.
// Usage: node bench/tiny-server.mjs
const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const ECHO = {
  name: 'echo',
  description: 'Returns its text',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  annotations: { readOnlyHint: true, destructiveHint: false },
};

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const usableId = (id) => typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
const result = (id, value) => JSON.stringify({ jsonrpc: '2.0', id, result: value });
const error = (id, code, message) => JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });

function answer(id, method, params) {
  switch (method) {
    case 'ping':
      return result(id, {});
    case 'initialize': {
      const asked = params?.protocolVersion;
      const protocolVersion = REVISIONS.includes(asked) ? asked : REVISIONS.at(-1);
      return result(id, { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'tiny-server', version: '1.0.0' } });
    }
    case 'tools/list':
      return result(id, { tools: [ECHO] });
    case 'tools/call': {
      if (params?.name !== 'echo') return error(id, -32602, `Unknown tool: ${String(params?.name)}`);
      const text = params.arguments?.text;
      if (typeof text !== 'string') return result(id, { content: [{ type: 'text', text: 'text must be a string' }], isError: true });
      return result(id, { content: [{ type: 'text', text }] });
    }
    default:
      return error(id, -32601, 'Method not found');
  }
}

/** The reply to one line, or undefined when none is due. */
function reply(line) {
  if (line.trim() === '') return undefined;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return error(null, -32700, 'Parse error');
  }
  if (!isObject(message)) return error(null, -32600, 'Invalid request: not an object');
  const hasId = 'id' in message;
  const id = hasId && usableId(message.id) ? message.id : null;
  const wellFormed = message.jsonrpc === '2.0' && typeof message.method === 'string' && (!('params' in message) || isObject(message.params));
  if (!wellFormed) return 'method' in message || !('result' in message || 'error' in message) ? error(id, -32600, 'Invalid request') : undefined;
  if (!hasId) return undefined; // a notification
  if (id === null) return error(null, -32600, 'Invalid request: id must be a string or an integer');
  try {
    return answer(id, message.method, message.params);
  } catch (err) {
    return error(id, -32603, `Internal error: ${err.message}`);
  }
}

// The unfinished line's chunks: a megabyte line arrives in many chunks, and is joined once.
let pending = [];
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  if (!chunk.includes('\n')) {
    pending.push(chunk);
    return;
  }
  const lines = chunk.split('\n');
  lines[0] = pending.join('') + lines[0];
  pending = [lines.pop()];
  const out = [];
  for (const line of lines) {
    const r = reply(line);
    if (r !== undefined) out.push(r);
  }
  if (out.length) process.stdout.write(`${out.join('\n')}\n`);
});
process.stdin.on('end', () => process.exit(0));
