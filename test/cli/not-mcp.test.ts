// A URL that is a web server but no MCP server gets one line and exit 4 at the first contact,
// not a hundred failures quoting its HTML; a server that speaks JSON-RPC, or asks for a token,
// is still tested.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const PAGE = '<!DOCTYPE HTML>\n<html><head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: 501</p></body></html>';

const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
afterAll(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

/** A tiny server on 127.0.0.1; resolves to its base URL. */
async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => handle(req, body, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Like `python -m http.server`: pages for GET, 501 and an HTML error page for POST. */
const staticSite = () =>
  serve((req, _body, res) => {
    const get = req.method === 'GET' || req.method === 'HEAD';
    res.writeHead(get ? 200 : 501, { 'content-type': 'text/html' }).end(get ? '<html><body>hello</body></html>' : PAGE);
  });

const run = (url: string, ...flags: string[]) => runCli(['run', '--no-reports', '--timeout', '1000', ...flags, '--url', url]);

describe.concurrent('a URL that does not speak MCP', () => {
  it('a static file server: one line naming status, type and first bytes, exit 4', async () => {
    const url = await staticSite();
    const r = await run(url);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`mcp-conform: ${url} does not speak MCP: initialize was answered HTTP 501 text/html "<!DOCTYPE HTML> <html><head><title>Error response</title></head><body><h1>Error …", with no JSON-RPC in it (is this the server's MCP endpoint?)`);
    expect(r.stdout).not.toMatch(/checks|Error response/);
  });

  it('the same with --protocol-version all (it reported 0 checks and exit 0)', async () => {
    const r = await run(await staticSite(), '--protocol-version', 'all');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^mcp-conform: .* does not speak MCP: .*HTTP 501 text\/html/);
    expect(r.stderr.split('\n')).toHaveLength(1);
  });

  it('a site that answers every POST with its page (200 text/html), or a plain-text 404: exit 4', async () => {
    const page = await serve((_req, _body, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>\u001b[31mwelcome\u009b</html>'));
    const paged = await run(page);
    expect(paged.code).toBe(4);
    // The server's bytes are quoted inert: no escape sequence reaches the terminal.
    expect(paged.stderr).toMatch(/initialize was answered HTTP 200 text\/html "<html>\\u001b\[31mwelcome\\u009b<\/html>", with no JSON-RPC/);
    const missing = await serve((_req, _body, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'));
    const gone = await run(missing);
    expect(gone.code).toBe(4);
    expect(gone.stderr).toMatch(/HTTP 404 text\/plain "Not Found"/);
  });
});

describe.concurrent('an endpoint that may be MCP is still tested', () => {
  it('one that answers every request with a JSON-RPC error: tested (failures, exit 1)', async () => {
    const url = await serve((_req, body, res) => {
      const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? null;
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message: 'not today' } }));
    });
    const r = await run(url, '--only', 'lifecycle/*');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/✗ lifecycle\/initialize-result/);
  });

  it('a protected one (401 with a challenge, as text/html): tested, the auth checks run', async () => {
    const url = await serve((_req, _body, res) =>
      res.writeHead(401, { 'content-type': 'text/html', 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"' }).end('<html>sign in</html>'),
    );
    const r = await run(url, '--only', 'auth/*', '--only', 'lifecycle/initialize-result');
    expect(r.code).not.toBe(4);
    expect(r.stdout).toMatch(/auth\//);
  });
});
