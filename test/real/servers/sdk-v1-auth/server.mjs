// A protected MCP server on the official SDK v1 (@modelcontextprotocol/sdk), the way its
// examples teach (src/examples/server/simpleStreamableHttp.ts with --oauth): an Express app from
// createMcpExpressApp, mcpAuthMetadataRouter serving the protected-resource metadata and the
// authorization server's, requireBearerAuth in front of /mcp with a jose verifier against the
// test authorization server's JWKS, and stateful Streamable HTTP sessions.
//   AUTH_ISSUER=… AUTH_JWKS=… PORT=… node test/real/servers/sdk-v1-auth/server.mjs
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthMetadataRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { authEnv, authorizationServerMetadata, jwtVerifier } from '../auth-env.mjs';

const env = authEnv();
const notes = [];
const text = (t) => ({ content: [{ type: 'text', text: t }] });

function buildServer() {
  const server = new McpServer({ name: 'mcp-conform-sdk-v1-auth', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echo the given text back', inputSchema: { text: z.string().describe('Text to echo') }, annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ text: t }) => text(t));
  server.registerTool('add', { description: 'Add two numbers', inputSchema: { a: z.number(), b: z.number() }, annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ a, b }) => text(String(a + b)));
  server.registerTool('add_note', { description: 'Store a note in memory', inputSchema: { text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }, async ({ text: t }) => {
    notes.push(t);
    return text(`stored note #${notes.length}`);
  });
  server.registerResource('readme', 'memo://readme', { description: 'What this server is', mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'A tiny protected notes server on the official SDK v1.' }] }));
  server.registerResource('notes', 'memo://notes', { description: 'All stored notes as JSON', mimeType: 'application/json' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(notes) }] }));
  server.registerPrompt('summarize', { description: 'Ask for a summary of a topic', argsSchema: { topic: z.string().describe('What to summarize') } }, ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Summarize ${topic} in one paragraph.` } }] }));
  return server;
}

const app = createMcpExpressApp({ host: '127.0.0.1' });
app.use(mcpAuthMetadataRouter({ oauthMetadata: await authorizationServerMetadata(env.issuer), resourceServerUrl: env.resource, scopesSupported: env.scopes, resourceName: 'mcp-conform SDK v1 protected server' }));
const auth = requireBearerAuth({ verifier: jwtVerifier(env, (message) => new InvalidTokenError(message)), requiredScopes: env.scopes, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(env.resource), expectedResource: env.resource });

const transports = {};
app.post('/mcp', auth, async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (sessionId || !isInitializeRequest(req.body)) {
      res.status(sessionId ? 404 : 400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      return;
    }
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => (transports[id] = transport) });
    transport.onclose = () => transport.sessionId && delete transports[transport.sessionId];
    await buildServer().connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});
const sessionRequest = async (req, res) => {
  const transport = transports[req.headers['mcp-session-id']];
  if (!transport) {
    res.status(req.headers['mcp-session-id'] ? 404 : 400).send('Invalid or missing session ID');
    return;
  }
  await transport.handleRequest(req, res);
};
app.get('/mcp', auth, sessionRequest);
app.delete('/mcp', auth, sessionRequest);
app.listen(env.port, '127.0.0.1', () => process.stdout.write(`listening ${env.resource.href}\n`));
