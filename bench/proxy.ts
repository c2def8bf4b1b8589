// Added latency of `mcp-conform proxy` over stdio: one request at a time (the client waits for
// each response before sending the next), through the proxy and over a direct pipe to the same
// small server, 10,000 pings after an initialize, so every message is fully validated.
// Run: npm run build && npx tsx bench/proxy.ts [--messages N]   (bench/index.ts prints it as a row)
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CLI } from './run.js';
import { isMain } from './is-main.js';

export const PROXY_MESSAGES = 10_000;
const RUNS = 3;

// A minimal conformant server: answers initialize and ping, nothing else.
const SERVER = `
const init = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'bench', version: '1.0.0' } };
let rest = '';
process.stdin.on('data', (chunk) => {
  rest += chunk;
  let nl;
  while ((nl = rest.indexOf('\\n')) !== -1) {
    const m = JSON.parse(rest.slice(0, nl));
    rest = rest.slice(nl + 1);
    if (m.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: m.method === 'initialize' ? init : {} }) + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

export interface LatencyStats {
  medianUs: number;
  p99Us: number;
}

export interface ProxyLatency {
  direct: LatencyStats;
  proxied: LatencyStats;
  messages: number;
}

/** Round trips of `messages` pings, one at a time, to the command's stdio. */
async function roundTrips(argv: string[], messages: number): Promise<LatencyStats> {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  const samples = new Float64Array(messages);
  let rest = '';
  let waiting: (() => void) | undefined;
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    rest += text;
    if (rest.endsWith('\n')) {
      rest = '';
      waiting?.();
    }
  });
  const ask = (message: object) =>
    new Promise<void>((resolve) => {
      waiting = resolve;
      child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000); // never hang the bench
  await ask({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  for (let i = 0; i < messages; i++) {
    const t0 = performance.now();
    await ask({ jsonrpc: '2.0', id: i + 1, method: 'ping' });
    samples[i] = (performance.now() - t0) * 1000;
  }
  child.stdin.end();
  await new Promise((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  samples.sort();
  return { medianUs: samples[Math.floor(messages / 2)]!, p99Us: samples[Math.floor(messages * 0.99)]! };
}

export async function measureProxy(messages = PROXY_MESSAGES): Promise<ProxyLatency> {
  const server = [process.execPath, '-e', SERVER];
  const proxy = [process.execPath, CLI, 'proxy', '--', ...server];
  // Alternate, and keep the run with the lowest p99 of three each: a busy machine only ever adds
  // latency, and on a shared two-core machine the tail is mostly the scheduler's.
  const best = (a: LatencyStats, b: LatencyStats) => (a.p99Us <= b.p99Us ? a : b);
  let direct = await roundTrips(server, messages);
  let proxied = await roundTrips(proxy, messages);
  for (let i = 1; i < RUNS; i++) {
    direct = best(direct, await roundTrips(server, messages));
    proxied = best(proxied, await roundTrips(proxy, messages));
  }
  return { direct, proxied, messages };
}

/** The table row: what the proxy adds per message, median and p99. */
export function proxyRow(r: ProxyLatency): [string, string, string] {
  const us = (n: number) => `${Math.round(n)} µs`;
  const added = (n: number) => `${n < 0 ? '−' : '+'}${us(Math.abs(n))}`;
  return [
    `\`proxy\` added latency per message (stdio, ${r.messages.toLocaleString('en-US')} pings)`,
    `median ${added(r.proxied.medianUs - r.direct.medianUs)}, p99 ${added(r.proxied.p99Us - r.direct.p99Us)}`,
    `round trip direct ${us(r.direct.medianUs)} / p99 ${us(r.direct.p99Us)}; through the proxy ${us(r.proxied.medianUs)} / p99 ${us(r.proxied.p99Us)}`,
  ];
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf('--messages');
  const messages = at > 0 ? Number(process.argv[at + 1]) : PROXY_MESSAGES;
  const row = proxyRow(await measureProxy(messages));
  console.log(row.join(' | '));
}
