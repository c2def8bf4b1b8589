#!/usr/bin/env node
// A "browser" for clients that open one to authorize (mcp-remote, through xdg-open's $BROWSER):
// it GETs the authorization URL and follows the redirects, so our authorization server's at-once
// approval lands on the client's own loopback callback, as a user's browser would take it there.
// Only loopback URLs (our scenarios' servers and the client's callback) are ever fetched.
const url = new URL(process.argv[2]);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) process.exit(1);
const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
await res.arrayBuffer();
