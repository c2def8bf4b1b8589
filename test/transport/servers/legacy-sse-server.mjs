// Throwaway 2024-11-05 HTTP+SSE server for transport tests (node:http, 127.0.0.1 only).
// GET /sse announces POST /messages?session=N; GET /sse-foreign announces another origin;
// GET /sse-silent never announces; anything else 404. A POSTed request is answered with 202 and
// its echo arrives on the SSE stream; method 'garbage' first sends non-JSON data; 'hangup' ends
// the stream.
import { createServer } from 'node:http';

export async function startLegacySseServer() {
  const streams = new Map();
  let next = 1;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname.startsWith('/sse')) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(': connected\n\n');
      const session = String(next++);
      streams.set(session, res);
      if (url.pathname === '/sse') res.write(`event: endpoint\ndata: /messages?session=${session}\n\n`);
      if (url.pathname === '/sse-foreign') res.write('event: endpoint\ndata: http://example.invalid/messages\n\n');
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const stream = streams.get(url.searchParams.get('session'));
      if (!stream) return res.writeHead(404).end('unknown session');
      let message;
      try {
        message = JSON.parse(await readBody(req));
      } catch {
        return res.writeHead(400).end('bad json');
      }
      res.writeHead(202).end('Accepted');
      if (message.method === 'hangup') return stream.end();
      if (message.method === 'garbage') stream.write('event: message\ndata: nope\n\n');
      if (message.id !== undefined) {
        const answer = { jsonrpc: '2.0', id: message.id, result: { echo: message.params ?? null } };
        stream.write(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
      }
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function readBody(req) {
  const parts = [];
  for await (const part of req) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}
