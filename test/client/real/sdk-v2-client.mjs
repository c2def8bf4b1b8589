// A client on the official TypeScript SDK v2 (@modelcontextprotocol/client 2.x), written as its
// README and client guide teach: a Client, a transport, connect, listTools, close. Over HTTP the
// URL is the last argument (the official conformance runner's contract); over stdio it starts
// MCP_CONFORM_SERVER_COMMAND. --capabilities declares roots, sampling and elicitation and answers
// them as a host would; --progress lists tools twice at once with onprogress; --auto asks for
// version negotiation (mode 'auto': a server/discover probe before falling back to initialize);
// --modern pins the 2026-07-28 era; --call-tool calls the first tool after listing them.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const args = process.argv.slice(2);
const url = args.find((a) => /^https?:\/\//.test(a));
const withCapabilities = args.includes('--capabilities');

const client = new Client(
  { name: 'sdk-v2-example-client', version: '1.0.0' },
  {
    ...(withCapabilities ? { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} } } : {}),
    ...(args.includes('--auto') ? { versionNegotiation: { mode: 'auto' } } : {}),
    // --modern: the 2026-07-28 era only (mode pin: server/discover must offer it; no fallback).
    ...(args.includes('--modern') ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  },
);
if (withCapabilities) {
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///tmp/project', name: 'project' }] }));
  client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'example-model' }));
  client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
}

let transport;
if (url) transport = new StreamableHTTPClientTransport(new URL(url));
else {
  const [command, ...rest] = JSON.parse(process.env.MCP_CONFORM_SERVER_COMMAND);
  transport = new StdioClientTransport({ command, args: rest });
}

// The run may ask for a request timeout (MCP_CONFORMANCE_CONTEXT's mcpConform.requestTimeoutMs, the
// client-abandons scenario): the SDK's per-request option, as a host sets it.
const { requestTimeoutMs } = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}').mcpConform ?? {};
const requestOptions = requestTimeoutMs ? { timeout: requestTimeoutMs } : undefined;

try {
  await client.connect(transport);
  const onprogress = () => undefined;
  const [{ tools }] = args.includes('--progress') ? await Promise.all([client.listTools(undefined, { onprogress }), client.listTools(undefined, { onprogress })]) : [await client.listTools(undefined, requestOptions)];
  console.log(`tools: ${tools.map((t) => t.name).join(', ')}`);
  // --call-tool: then calls the first tool, as a host does when its model picks one.
  if (args.includes('--call-tool') && tools[0]) console.log(JSON.stringify(await client.callTool({ name: tools[0].name, arguments: { text: 'hi' } })));
} catch (error) {
  // A request that timed out (the SDK has sent notifications/cancelled for it): report, then close.
  if (!requestOptions) throw error;
  console.error(`listTools: ${error.message}`);
} finally {
  await client.close();
}
