// Entry of our 2026-07-28 server on tmcp (surface in tmcp-2026-server.ts), run through tsx:
//   node --import tsx test/real/servers/tmcp-2026.ts stdio   exits on stdin EOF
//   node --import tsx test/real/servers/tmcp-2026.ts http    127.0.0.1:$PORT (ephemeral when unset),
//     prints `listening http://127.0.0.1:<port>/mcp` once it accepts connections.
import { createTmcp2026Server } from './tmcp-2026-server.js';

const server = createTmcp2026Server();

if (process.argv[2] === 'http') {
  const { HttpTransport } = await import('@tmcp/transport-http');
  const { serve } = await import('@hono/node-server');
  const transport = new HttpTransport(server, { path: '/mcp' });
  serve(
    {
      hostname: '127.0.0.1',
      port: Number(process.env.PORT ?? 0),
      fetch: async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }),
    },
    (info) => process.stdout.write(`listening http://127.0.0.1:${info.port}/mcp\n`),
  );
} else {
  const { StdioTransport } = await import('@tmcp/transport-stdio');
  new StdioTransport(server).listen();
}
