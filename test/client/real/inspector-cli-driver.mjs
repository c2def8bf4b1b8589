// The MCP Inspector's CLI mode (@modelcontextprotocol/inspector, a devDependency) as a client,
// started as its README teaches: `mcp-inspector --cli <url | command...> --method tools/list`.
// One method per invocation, so one scenario is one invocation: initialize, initialized, the
// method (our script runs while it is in progress), close. Over HTTP our URL is the last argument;
// over stdio the target is MCP_CONFORM_SERVER_COMMAND after `--`. Other arguments are passed on
// (e.g. --protocol-era auto). Its catalog, client config and secrets go to a fresh HOME, never
// the user's ~/.mcp-inspector. Exits with the Inspector's status.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const url = args.find((a) => /^https?:\/\//.test(a));
const passOn = args.filter((a) => a !== url);
const launcher = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')), 'clients', 'launcher', 'build', 'index.js');
const home = mkdtempSync(join(tmpdir(), 'mcp-inspector-'));
const target = url ? [url] : ['--', ...JSON.parse(process.env.MCP_CONFORM_SERVER_COMMAND ?? '[]')];
const method = passOn.includes('--method') ? [] : ['--method', 'tools/list'];
const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json'), MCP_CLIENT_CONFIG_PATH: join(home, 'client.json') };
const child = spawn(process.execPath, [launcher, '--cli', ...method, ...passOn, ...target], { stdio: 'inherit', env });
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
