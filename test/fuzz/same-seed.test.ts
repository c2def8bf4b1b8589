// The same seed, the same cases (issue 28 item 6): in a plain run a fuzz campaign sends the cases
// its seed and --fuzz-runs decide, not as many as a time box lets through, so whether a run
// reaches the breaking case does not depend on the machine. A server slowed down (one request
// at a time, a little latency on each case's method and on ping) gets the same cases, in order.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { checkOf, fuzzFixture } from './harness.js';

const CHECK = 'fuzz/valid-requests';
/** Lines compared from the start of the campaign's connection. */
const FIRST_LINES = 200;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) if (!process.env.KEEP) rmSync(d, { recursive: true, force: true });
});

/** Runs the check with the fixture behind `tee`, each process's stdin kept in a file of its own; returns the report and the campaign connection's lines. */
async function recorded(args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-same-seed-'));
  dirs.push(dir);
  const command = ['sh', '-c', `tee "${dir}/$$.log" | "$@"`, 'sh', ...fixtureCommand({ args })];
  const report = await fuzzFixture({ only: [CHECK], seed: 7, fuzzRuns: 300, protocolVersion: '2025-11-25', command });
  const logs = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8').split('\n'));
  const campaign = logs.find((lines) => lines.some((l) => l.includes('"fz-ping-1"'))) ?? [];
  return { check: checkOf(report, CHECK), lines: campaign.filter(fromCampaign) };
}

/**
 * What the campaign wrote: its cases (ids "fz-…" or from 1e9 up, notifications, bytes that are no
 * JSON) and pings, not the handshake of the connection it was given nor the session's own requests.
 */
function fromCampaign(line: string): boolean {
  if (line === '') return false;
  try {
    const m = JSON.parse(line) as { id?: unknown; method?: unknown };
    if (m.method === 'initialize' || m.method === 'notifications/initialized') return false;
    return !(typeof m.id === 'number' && m.id < 1e9 && typeof m.method === 'string');
  } catch {
    return true;
  }
}

const casesOf = (message: string | undefined) => Number(/(\d+) fuzz cases/.exec(message ?? '')?.[1] ?? NaN);

describe('a plain run’s fuzz campaign', () => {
  it('sends the same cases with the same seed on a fast server and on a slow one', async () => {
    const fast = await recorded([]);
    const slow = await recorded(['--latency', 'ping=150,resources/read=50,prompts/get=50']);
    expect(fast.check.status, fast.check.message).toBe('pass');
    expect(slow.check.status, slow.check.message).toBe('pass');
    expect(casesOf(slow.check.message), slow.check.message).toBe(casesOf(fast.check.message));
    expect(fast.lines.length).toBeGreaterThan(FIRST_LINES);
    const differs = fast.lines.slice(0, FIRST_LINES).findIndex((line, i) => slow.lines[i] !== line);
    expect(differs, `line ${differs}: ${fast.lines[differs]?.slice(0, 300)}\n  vs: ${slow.lines[differs]?.slice(0, 300)}`).toBe(-1);
  }, 240_000);
});
