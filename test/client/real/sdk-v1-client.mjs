// A client on the official TypeScript SDK v1, written as its README teaches: a Client, a
// transport, connect, listTools, close. Over HTTP the URL is the last argument (the official
// conformance runner's contract); over stdio it starts MCP_CONFORM_SERVER_COMMAND.
// --capabilities declares roots, sampling and elicitation and answers them as a host would.
// --progress lists tools twice at once, each call with an onprogress callback (the SDK then puts
// a progressToken of its own in the request's _meta).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const args = process.argv.slice(2);
const url = args.find((a) => /^https?:\/\//.test(a));
const withCapabilities = args.includes('--capabilities');

const client = new Client(
  { name: 'sdk-v1-example-client', version: '1.0.0' },
  withCapabilities ? { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} } } : undefined,
);
if (withCapabilities) {
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///tmp/project', name: 'project' }] }));
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'example-model' }));
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
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

await client.connect(transport);
const onprogress = () => undefined;
try {
  const [{ tools }] = args.includes('--progress') ? await Promise.all([client.listTools(undefined, { onprogress }), client.listTools(undefined, { onprogress })]) : [await client.listTools(undefined, requestOptions)];
  console.log(`tools: ${tools.map((t) => t.name).join(', ')}`);
} catch (error) {
  // A request that timed out (the SDK has sent notifications/cancelled for it): report, then close.
  if (!requestOptions) throw error;
  console.error(`listTools: ${error.message}`);
}
await client.close();
