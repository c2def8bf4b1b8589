// A client on the official TypeScript SDK v2 (@modelcontextprotocol/client 2.x) with OAuth,
// written as its client guide (docs/clients/oauth.md) teaches: the guide's MyOAuthProvider (client
// credentials keyed by issuer, tokens, PKCE verifier, state and discovery state in memory) as the
// transport's authProvider; connect; on UnauthorizedError, take the callback's query, compare
// `state`, finishAuth(params) and connect again on a fresh transport. Headless: where the guide
// opens a browser (onRedirect), we GET the authorization URL without following the redirect and
// take the callback URL from its Location, as the official conformance suite's clients do. Then
// listTools (a call answered UnauthorizedError, after a step-up authorization, gets the same
// round trip and is made again), close.
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';

const url = new URL(process.argv.at(-1));
const CALLBACK_URL = 'http://localhost:8090/callback';
let pendingCallback;

class MyOAuthProvider {
  creds = new Map();
  storedTokens;
  verifier;
  discovery;
  lastState;
  redirectUrl = CALLBACK_URL;
  clientMetadata = { client_name: 'sdk-v2-oauth-client', redirect_uris: [CALLBACK_URL], application_type: 'native' };

  clientInformation(ctx) {
    return ctx ? this.creds.get(ctx.issuer) : undefined;
  }
  saveClientInformation(info, ctx) {
    if (ctx) this.creds.set(ctx.issuer, info);
  }
  tokens() {
    return this.storedTokens;
  }
  saveTokens(tokens) {
    this.storedTokens = tokens;
  }
  state() {
    this.lastState = crypto.randomUUID();
    return this.lastState;
  }
  saveDiscoveryState(state) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  redirectToAuthorization(authorizationUrl) {
    // The "browser": one GET, the redirect to our callback read from Location.
    pendingCallback = fetch(authorizationUrl, { redirect: 'manual' }).then((res) => res.headers.get('location'));
  }
  saveCodeVerifier(v) {
    this.verifier = v;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier');
    return this.verifier;
  }
}

const provider = new MyOAuthProvider();

/** The user's round trip through the "browser": the callback's query, its state compared. */
async function callbackParams() {
  const callbackUrl = await pendingCallback;
  if (!callbackUrl) throw new Error('no redirect to the callback');
  const params = new URL(callbackUrl, CALLBACK_URL).searchParams;
  if (params.get('state') !== provider.lastState) throw new Error('state mismatch');
  return params;
}

const client = new Client({ name: 'sdk-v2-oauth-client', version: '1.0.0' });
let transport;
for (let attempt = 0; ; attempt++) {
  transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  try {
    await client.connect(transport);
    break;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || attempt >= 2) throw error;
    await transport.finishAuth(await callbackParams());
    // The loop reconnects on a fresh transport: a started one cannot be restarted.
  }
}
// A request may need the user again (a 403 insufficient_scope: the SDK sent them to authorize
// with the larger scope and threw UnauthorizedError): the same round trip, then the call again.
let tools;
try {
  ({ tools } = await client.listTools());
} catch (error) {
  if (!(error instanceof UnauthorizedError)) throw error;
  await transport.finishAuth(await callbackParams());
  ({ tools } = await client.listTools());
}
console.log(`tools: ${tools.map((t) => t.name).join(', ')}`);
await client.close();
