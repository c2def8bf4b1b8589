// A client on the official TypeScript SDK v1 with OAuth, written as its simpleOAuthClient example
// teaches (the README points to it): a StreamableHTTPClientTransport with an authProvider (the
// example's InMemoryOAuthClientProvider: dynamic registration, tokens and verifier in memory),
// connect; on UnauthorizedError, wait for the callback's code, finishAuth(code), connect again.
// Headless: where the example prints the authorization URL for a browser, our redirect handler
// GETs it without following the redirect and takes the code from its Location, as the official
// conformance suite's clients do. Then listTools (twice at once), close.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { InMemoryOAuthClientProvider } from '@modelcontextprotocol/sdk/examples/client/simpleOAuthClientProvider.js';

const url = process.argv.at(-1);
const CALLBACK_URL = 'http://localhost:8090/callback';
let pendingCode;
const provider = new InMemoryOAuthClientProvider(
  CALLBACK_URL,
  { client_name: 'sdk-v1-oauth-client', redirect_uris: [CALLBACK_URL], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' },
  (authorizationUrl) => {
    pendingCode = fetch(authorizationUrl, { redirect: 'manual' }).then((res) => new URL(res.headers.get('location') ?? '', CALLBACK_URL).searchParams.get('code'));
  },
);

const client = new Client({ name: 'sdk-v1-oauth-client', version: '1.0.0' }, { capabilities: {} });
let transport;
for (let attempt = 0; ; attempt++) {
  transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  try {
    await client.connect(transport);
    break;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || attempt >= 2) throw error;
    const code = await pendingCode;
    if (!code) throw new Error('no authorization code in the redirect');
    await transport.finishAuth(code);
  }
}
const { tools } = await client.listTools();
console.log(`tools: ${tools.map((t) => t.name).join(', ')}`);
await client.close();
