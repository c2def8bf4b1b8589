// mcp-lite has no stdio transport; its core says custom transports call `_dispatch`, which is
// what its own StreamableHttpTransport does. This binds that core to newline-delimited
// JSON-RPC on stdin/stdout. Which messages are valid requests is mcp-lite's call (its own
// isJsonRpcRequest/isJsonRpcNotification, as in its HTTP transport); the framing around them
// follows JSON-RPC: unparseable input -> -32700 (id null); anything neither request nor
// notification -> -32600; an array -> one -32600 unless the session is 2025-03-26 (as the HTTP
// transport decides), where it is processed item by item and answered only if some reply is
// due (an empty array is itself invalid). Client responses are dropped: this binding sends no
// server-to-client requests.
import { createInterface } from 'node:readline';
import { isJsonRpcNotification, isJsonRpcRequest } from 'mcp-lite';

const SESSION_ID = 'stdio';

const write = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const error = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });

export function serveStdio(mcp) {
  let protocolVersion;
  let clientCapabilities;
  mcp._setNotificationSender((_sessionId, notification) => write({ jsonrpc: '2.0', ...notification }));

  async function dispatch(message) {
    if (isJsonRpcRequest(message) && message.method === 'initialize') clientCapabilities = message.params?.capabilities;
    try {
      const response = await mcp._dispatch(message, { sessionId: SESSION_ID, sessionProtocolVersion: protocolVersion, clientCapabilities });
      if (message.method === 'initialize' && response?.result) protocolVersion = response.result.protocolVersion;
      return response;
    } catch (e) {
      return 'id' in message ? error(message.id, -32603, e instanceof Error ? e.message : 'Internal error') : null;
    }
  }

  async function handle(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return write(error(null, -32700, 'Parse error'));
    }
    if (Array.isArray(message)) {
      if (protocolVersion !== '2025-03-26') return write(error(null, -32600, 'Batch requests are not supported'));
      if (message.length === 0) return write(error(null, -32600, 'Empty batch'));
      const replies = [];
      for (const item of message) {
        if (!isJsonRpcRequest(item) && !isJsonRpcNotification(item)) replies.push(error(null, -32600, 'Invalid JSON-RPC 2.0 message in batch'));
        else {
          const reply = await dispatch(item);
          if (reply) replies.push(reply);
        }
      }
      if (replies.length > 0) write(replies);
      return;
    }
    const isResponse = message !== null && typeof message === 'object' && !('method' in message) && ('result' in message || 'error' in message);
    if (isResponse) return;
    if (!isJsonRpcRequest(message) && !isJsonRpcNotification(message)) return write(error(null, -32600, 'Invalid JSON-RPC 2.0 message format'));
    const reply = await dispatch(message);
    if (reply) write(reply);
  }

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() !== '') void handle(line);
  });
  lines.on('close', () => process.exit(0));
}
