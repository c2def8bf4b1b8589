// Throwaway Streamable HTTP server for transport tests (node:http, 127.0.0.1 only).
// POST /mcp and POST /stream/mcp answer by JSON-RPC method:
//   initialize  -> JSON, sets Mcp-Session-Id      echo -> JSON { headers, params }
//   stream      -> SSE: priming event, a progress notification, then waits for POST /release
//                  before sending the response and ending the stream
//   sse-garbage -> SSE: non-JSON data, non-JSON-RPC data, then the response
//   bad-json    -> application/json body that is not JSON     big -> ~2 MB JSON body
//   slow        -> never answers                             batch -> JSON array answer
//   notification or response (no method+id)                  -> 202
// GET /mcp -> 405; GET /stream/mcp -> SSE stream with two notifications, kept open.
// DELETE -> 200 (recorded in `deletes`). Every request is recorded in `requests`.
import { createServer } from 'node:http';

export const SESSION_ID = 'sess-0123456789abcdef';

export async function startHttpServer() {
  const requests = [];
  const deletes = [];
  const releases = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({ method: req.method, url: req.url, headers: req.headers, body });
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/release') {
      releases.splice(0).forEach((release) => release());
      return res.writeHead(204).end();
    }
    if (!path.endsWith('/mcp')) return res.writeHead(404).end('not found');
    if (req.method === 'DELETE') {
      deletes.push(req.headers['mcp-session-id']);
      return res.writeHead(200).end();
    }
    if (req.method === 'GET') {
      if (path !== '/stream/mcp') return res.writeHead(405, { Allow: 'POST, DELETE' }).end();
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`id: g0\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/hello' })}\n\n`);
      res.write(`id: g1\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/again' })}\n\n`);
      return; // kept open until the client goes away
    }
    if (req.method !== 'POST') return res.writeHead(405).end();
    let message;
    try {
      message = JSON.parse(body);
    } catch {
      return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    if (Array.isArray(message)) {
      const answers = message.filter(isRequest).map((m) => result(m, { echo: m.params ?? null }));
      return answers.length ? json(res, 200, answers) : res.writeHead(202).end();
    }
    if (!isRequest(message)) return res.writeHead(202).end();
    const { method } = message;
    if (method === 'initialize') {
      res.setHeader('Mcp-Session-Id', SESSION_ID);
      return json(res, 200, result(message, { headers: req.headers }));
    }
    if (method === 'echo') return json(res, 200, result(message, { headers: req.headers, params: message.params ?? null }));
    if (method === 'batch') return json(res, 200, [result(message, { n: 1 }), { jsonrpc: '2.0', method: 'notifications/extra' }]);
    if (method === 'bad-json') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{oops');
    if (method === 'big') return json(res, 200, result(message, { blob: 'z'.repeat(2_000_000) }));
    if (method === 'slow') return; // never answered; the client times out
    if (method === 'stream' || method === 'sse-garbage') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (method === 'sse-garbage') {
        res.write('data: this is not json\n\n');
        res.write('data: 42\n\n');
      } else {
        res.write('id: p0\ndata: \n\n');
        res.write(`id: p1\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })}\n\n`);
        await new Promise((resolve) => releases.push(resolve));
      }
      res.write(`id: p2\nevent: message\ndata: ${JSON.stringify(result(message, { done: true }))}\n\n`);
      return res.end();
    }
    return json(res, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    url: `${base}/mcp`,
    requests,
    deletes,
    async close() {
      releases.splice(0).forEach((release) => release());
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function isRequest(m) {
  return typeof m === 'object' && m !== null && typeof m.method === 'string' && m.id !== undefined;
}
function result(request, value) {
  return { jsonrpc: '2.0', id: request.id, result: value };
}
function json(res, status, value) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}
async function readBody(req) {
  const parts = [];
  for await (const part of req) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}
