// Entry of our servers on the official TypeScript SDK v2 (surface in surface.mjs). Plain
// JavaScript, not TypeScript through tsx: the run's era probe gives a stdio server 3 s to answer
// server/discover, and tsx doubled the start-up time (2.7 s on the loaded test machine).
//   node test/real/servers/sdk-v2/server.mjs stdio [dual|modern]
//   node test/real/servers/sdk-v2/server.mjs http  [dual|modern]   127.0.0.1:$PORT/mcp
// `dual` is the SDK's default posture (2026-07-28 and the initialize-based revisions from one
// factory: serveStdio's legacy 'serve', createMcpHandler's legacy 'stateless'); `modern` is
// legacy: 'reject', a 2026-07-28-only server. HTTP is mounted on plain node:http the way
// docs/serving/http.md shows: toNodeHandler behind the localhost Host and Origin guards.
import { createServer } from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createSdkV2Server } from './surface.mjs';

const [transport = 'stdio', posture = 'dual'] = process.argv.slice(2);
if (!['stdio', 'http'].includes(transport) || !['dual', 'modern'].includes(posture)) {
  console.error('usage: server.mjs stdio|http [dual|modern]');
  process.exit(2);
}

if (transport === 'stdio') {
  serveStdio(createSdkV2Server, { legacy: posture === 'modern' ? 'reject' : 'serve' });
  console.error(`sdk-v2 server (${posture}) on stdio`);
} else {
  const handler = createMcpHandler(createSdkV2Server, { legacy: posture === 'modern' ? 'reject' : 'stateless' });
  const nodeHandler = toNodeHandler(handler);
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    void nodeHandler(req, res);
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const { port } = server.address();
    process.stdout.write(`listening http://127.0.0.1:${port}/mcp\n`);
  });
}
