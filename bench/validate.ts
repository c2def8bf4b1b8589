// Validator throughput: our validateMessage against the official TypeScript SDK's zod schemas on
// the same message objects, then the `validate` command's core on a 1-million-line log.
// Run: npx tsx bench/validate.ts   (single thread; prints a table and whether the targets are met)
// bench/index.ts imports measureValidator and measureLog for the combined table.
// Caveat: tsx compiles every module outside node_modules with esbuild's keepNames, so a named
// closure created per call (validateSingle's `add`) pays an Object.defineProperty each time; the
// tsc-built package does not. The SDK, in node_modules, is not affected.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CallToolResultSchema,
  EmptyResultSchema,
  InitializeResultSchema,
  JSONRPCMessageSchema,
  ListToolsResultSchema,
  LoggingMessageNotificationSchema,
  ProgressNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { validateMessage, type Revision } from '../src/schema/index.js';
import { checkLog } from '../src/schema/log/index.js';
import { writeLargeLog } from '../test/validate/large-log.js';
import { isMain } from './is-main.js';

export const REVISION: Revision = '2025-11-25';
export const TARGET_RATIO = 10;
export const TARGET_SMALL_PER_SECOND = 1_000_000;
export const LOG_LINES = 1_000_000;
// Each rate is the best of this many slices: a busy machine only ever slows a slice down.
const SLICES = 5;

interface Safe {
  safeParse(value: unknown): { success: boolean };
}

interface Case {
  name: string;
  message: Record<string, unknown>;
  /** The request a response answers (for ours), or none for a notification. */
  inReplyTo?: string;
  /** The SDK schema of the body: a result schema applied to .result, or a notification schema to the message. */
  zodBody: Safe;
  small: boolean;
  /** Share of the realistic mix. */
  weight: number;
}

const tool = (i: number) => ({
  name: `tool_${i}`,
  title: `Tool ${i}`,
  description: `Does thing number ${i} to the input and returns a short report.`,
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'input text' }, count: { type: 'integer', minimum: 1 } },
    required: ['text'],
  },
  annotations: { readOnlyHint: i % 2 === 0, openWorldHint: false },
});

const CASES: Case[] = [
  {
    name: 'initialize result',
    inReplyTo: 'initialize',
    zodBody: InitializeResultSchema,
    small: false,
    weight: 1,
    message: {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: REVISION,
        capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: {}, logging: {}, completions: {} },
        serverInfo: { name: 'demo-server', title: 'Demo', version: '2.1.0' },
        instructions: 'Use the tools to inspect the demo data.',
      },
    },
  },
  {
    name: 'tools/list result (50 tools)',
    inReplyTo: 'tools/list',
    zodBody: ListToolsResultSchema,
    small: false,
    weight: 2,
    message: { jsonrpc: '2.0', id: 1, result: { tools: Array.from({ length: 50 }, (_, i) => tool(i)), nextCursor: 'page-2' } },
  },
  {
    name: 'tools/call result',
    inReplyTo: 'tools/call',
    zodBody: CallToolResultSchema,
    small: false,
    weight: 30,
    message: {
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [
          { type: 'text', text: 'The answer is 42.' },
          { type: 'image', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', mimeType: 'image/png' },
        ],
        structuredContent: { answer: 42 },
        isError: false,
      },
    },
  },
  {
    name: 'notifications/progress',
    zodBody: ProgressNotificationSchema,
    small: true,
    weight: 40,
    message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'call-2', progress: 3, total: 10, message: 'working' } },
  },
  {
    name: 'notifications/message',
    zodBody: LoggingMessageNotificationSchema,
    small: true,
    weight: 20,
    message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'demo', data: { step: 3, note: 'halfway' } } },
  },
  {
    name: 'ping result',
    inReplyTo: 'ping',
    zodBody: EmptyResultSchema,
    small: true,
    weight: 7,
    message: { jsonrpc: '2.0', id: 3, result: {} },
  },
];

const ours = (c: Case) => () => validateMessage(c.message, { revision: REVISION, direction: 'server->client', inReplyTo: c.inReplyTo }).valid;

// The SDK way: the envelope union, then the body's own schema.
const zod = (c: Case) => () =>
  JSONRPCMessageSchema.safeParse(c.message).success && c.zodBody.safeParse(c.inReplyTo ? c.message.result : c.message).success;

// Rates are per second of this process's CPU time, not of wall time: "per core", and not skewed
// by whatever else the machine runs (a shared 2-core CI box often runs a lot).
function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Messages per CPU-second of `fn`: the best of a few timed slices of `runs` calls in all, after a warm-up. */
function rate(fn: () => boolean, runs: number): number {
  let ok = 0;
  for (let i = 0; i < Math.min(runs, 20_000); i++) if (fn()) ok++;
  const slice = Math.max(1, Math.floor(runs / SLICES));
  let best = 0;
  for (let s = 0; s < SLICES; s++) {
    const start = process.cpuUsage();
    for (let i = 0; i < slice; i++) if (fn()) ok++;
    best = Math.max(best, slice / cpuSince(start));
  }
  if (ok === 0) throw new Error('nothing validated');
  return best;
}

/** One pass over a weighted list of cases, as messages per second. */
function mixRate(make: (c: Case) => () => boolean, cases: Case[], rounds: number): number {
  const list: (() => boolean)[] = [];
  for (const c of cases) for (let i = 0; i < c.weight; i++) list.push(make(c));
  const pass = () => {
    let ok = true;
    for (const fn of list) ok = fn() && ok;
    return ok;
  };
  return rate(pass, rounds) * list.length;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function sanityCheck() {
  for (const c of CASES) {
    if (!ours(c)()) throw new Error(`ours rejects the ${c.name} sample`);
    if (!zod(c)()) throw new Error(`the SDK rejects the ${c.name} sample`);
  }
}

export interface RatePair {
  name: string;
  /** Messages per CPU-second. */
  ours: number;
  zod: number;
}

export interface ValidatorResult {
  perMessage: RatePair[];
  mix: RatePair;
  small: RatePair;
}

/** Messages per CPU-second of ours and of the SDK's zod schemas, per message kind and over two mixes. */
export function measureValidator(): ValidatorResult {
  sanityCheck();
  const perMessage = CASES.map((c) => {
    const runs = c.small ? 1_000_000 : c.inReplyTo === 'tools/list' ? 20_000 : 200_000;
    return { name: c.name, ours: rate(ours(c), runs), zod: rate(zod(c), Math.max(runs / 10, 10_000)) };
  });
  const mix = { name: 'realistic mix (weighted)', ours: mixRate(ours, CASES, 20_000), zod: mixRate(zod, CASES, 2_000) };
  const small = CASES.filter((c) => c.small);
  const smallPair = { name: 'small messages only', ours: mixRate(ours, small, 200_000), zod: mixRate(zod, small, 20_000) };
  return { perMessage, mix, small: smallPair };
}

export interface LogResult {
  lines: number;
  linesPerSecond: number;
  linesPerWallSecond: number;
  peakRss: number;
  baseRss: number;
}

/** The `validate` command's core on a generated log of `lines` lines: throughput and this process's RSS. */
export async function measureLog(lines = LOG_LINES): Promise<LogResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-bench-'));
  try {
    const path = join(dir, 'session.jsonl');
    writeLargeLog(path, { lines, garbageEvery: 1000, unansweredEvery: 50 });
    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
    const wallStart = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    try {
      const report = await checkLog(createReadStream(path, { highWaterMark: 256 * 1024 }));
      if (report.lines !== lines) throw new Error(`read ${report.lines} lines of ${lines}`);
    } finally {
      clearInterval(sampler);
    }
    const seconds = cpuSince(cpuStart);
    const wallSeconds = Number(process.hrtime.bigint() - wallStart) / 1e9;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { lines, linesPerSecond: lines / seconds, linesPerWallSecond: lines / wallSeconds, peakRss, baseRss };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`Validator throughput, revision ${REVISION}, single thread (messages per CPU-second)\n`);
  console.log(`${pad('message', 32)}${lpad('ours', 14)}${lpad('SDK zod', 14)}${lpad('ratio', 9)}`);
  const row = ({ name, ours: a, zod: b }: RatePair) =>
    console.log(`${pad(name, 32)}${lpad(fmt(a), 14)}${lpad(fmt(b), 14)}${lpad(`${(a / b).toFixed(1)}×`, 9)}`);
  const v = measureValidator();
  [...v.perMessage, v.mix, v.small].forEach(row);
  console.log(`\nvalidate on a ${fmt(LOG_LINES)}-line log (read, parse, pair, validate)`);
  const log = await measureLog();
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  console.log(`  ${fmt(log.linesPerSecond)} lines per CPU-second (${fmt(log.linesPerWallSecond)} per wall-clock second)`);
  console.log(`  peak RSS ${mb(log.peakRss)} (${mb(log.baseRss)} before the run)`);

  const mixRatio = v.mix.ours / v.mix.zod;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('\nTargets');
  console.log(`  ≥${TARGET_RATIO}× the SDK on the realistic mix: ${mixRatio.toFixed(1)}× — ${met(mixRatio >= TARGET_RATIO)}`);
  console.log(`  >${fmt(TARGET_SMALL_PER_SECOND)} small messages/s per core: ${fmt(v.small.ours)} — ${met(v.small.ours > TARGET_SMALL_PER_SECOND)}`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
