// mcp-remote (the stdio-to-HTTP bridge, npm, a devDependency) as a client of our HTTP endpoint:
// a stdio MCP server to its host and a Streamable HTTP client of the URL it is given. A host
// drives it: the SDK v1 Client over stdio, as test/client/real/sdk-v1-client.mjs, with mcp-remote
// as its server command, started as its README's config does (npx mcp-remote <url>) but from
// node_modules, --transport http-only. Our URL is the last argument. Its OAuth state goes to a
// fresh folder (MCP_REMOTE_CONFIG_DIR), never to the user's ~/.mcp-auth. OAuth: its browser is
// headless-browser.mjs ($BROWSER), which follows the authorization URL to its callback.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const url = process.argv.at(-1);
const proxy = join(dirname(createRequire(import.meta.url).resolve('mcp-remote/package.json')), 'dist', 'proxy.js');
// Its browser for OAuth is ours (xdg-open runs $BROWSER): a GET that follows the redirects to its callback.
const browser = join(dirname(new URL(import.meta.url).pathname), 'headless-browser.mjs');
const env = { ...process.env, MCP_REMOTE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'mcp-remote-')), BROWSER: browser, DISPLAY: '' };
const client = new Client({ name: 'mcp-remote-host', version: '1.0.0' });
const transport = new StdioClientTransport({ command: process.execPath, args: [proxy, url, '--transport', 'http-only'], env });
await client.connect(transport);
const { tools } = await client.listTools();
console.log(`tools: ${tools.map((t) => t.name).join(', ')}`);
await client.close();
