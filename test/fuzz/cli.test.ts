// `mcp-conform fuzz`: the fuzz checks only, with a bigger budget, a live counter when
// interactive, and replay lines that name the fuzz command.
import { describe, expect, it } from 'vitest';
import { EXIT, UsageError } from '../../src/cli/errors.js';
import { extractFuzzFlags, fuzzCommand } from '../../src/cli/fuzz.js';
import type { CliIO } from '../../src/cli/io.js';
import { DEFAULT_SEED } from '../../src/runner/index.js';
import { fixtureCommand, startHttpFixture } from '../fixtures/launch.js';

function captureIO(interactive = false): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), color: false, interactive, env: {}, cwd: process.cwd() };
}

describe('mcp-conform fuzz', () => {
  it('runs the three fuzz checks one after the other and passes the conformant fixture, counting live', async () => {
    const io = captureIO(true);
    const code = await fuzzCommand(['--no-reports', '--duration', '0.5', '--timeout', '1000', '--', ...fixtureCommand()], io);
    const stdout = io.out.join('');
    expect(stdout).toMatch(/3 checks, 3 passed/);
    expect(code).toBe(EXIT.ok);
    // Exploring: with no --seed, fuzz draws a fresh seed where run takes the fixed default (1 in 2^31 to collide).
    const seed = /seed (\d+)/.exec(stdout)?.[1];
    expect(seed).toMatch(/^\d+$/);
    expect(Number(seed)).not.toBe(DEFAULT_SEED);
    const counter = io.err.join('');
    expect(counter).toMatch(/fuzzing: (.+ · )?malformed-messages [\d,]+ cases \([\d,]+\/s\)/);
    // One after the other: once the next campaign shows up, the counts before it are final.
    const lines = counter.split('\r').map((l) => l.trim()).filter((l) => l.startsWith('fuzzing: '));
    const final = lines[lines.length - 1].split(' · ');
    for (const line of lines) {
      const parts = line.split(' · ');
      expect(parts.slice(0, -1)).toEqual(final.slice(0, parts.length - 1));
    }
  }, 60_000);

  it('reports a failure with a replay line for the fuzz command itself', async () => {
    const io = captureIO();
    const code = await fuzzCommand(['--no-reports', '--only', 'fuzz/malformed-messages', '--seed', '5', '--duration', '1', '--shrink-time', '10', '--max-failures', '1', '--', ...fixtureCommand({ fault: 'crash-on-invalid-json' })], io);
    const stdout = io.out.join('');
    expect(code).toBe(EXIT.failed);
    expect(stdout).toMatch(/replay: mcp-conform fuzz --only fuzz\/malformed-messages --seed 5 --fuzz-runs \d+ --protocol-version \S+ --duration 1 -- /);
    expect(io.err.join('')).toBe(''); // no live counter when not interactive
  }, 60_000);

  it('fuzzes a Streamable HTTP endpoint and replays over --url', async () => {
    const server = await startHttpFixture({ fault: 'http-500-on-invalid-json' });
    try {
      const io = captureIO();
      const code = await fuzzCommand(['--no-reports', '--only', 'fuzz/malformed-messages', '--seed', '5', '--duration', '1', '--shrink-time', '10', '--max-failures', '1', '--url', server.url], io);
      expect(code).toBe(EXIT.failed);
      const stdout = io.out.join('');
      expect(stdout).toMatch(/answered 500/);
      expect(stdout).toContain(`--duration 1 --url ${server.url}`);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('fuzzes a 2026-07-28 server in that revision without being told, as run does', async () => {
    const io = captureIO();
    const code = await fuzzCommand(['--no-reports', '--duration', '0.5', '--timeout', '1000', '--', ...fixtureCommand({ args: ['--era', 'stateless'] })], io);
    const stdout = io.out.join('');
    expect(stdout).toMatch(/protocol 2026-07-28 \(stateless\)/);
    expect(stdout).toMatch(/3 checks, 3 passed/);
    expect(code).toBe(EXIT.ok);
  }, 60_000);

  it('prints its help', async () => {
    const io = captureIO();
    expect(await fuzzCommand(['--help'], io)).toBe(EXIT.ok);
    expect(io.out.join('')).toMatch(/--duration <seconds>/);
  });

  it('rejects bad fuzz flags as usage errors and leaves the rest to the run parser', () => {
    expect(() => extractFuzzFlags(['--duration', 'soon'])).toThrow(UsageError);
    expect(() => extractFuzzFlags(['--max-failures=0'])).toThrow(UsageError);
    expect(extractFuzzFlags(['--duration=2', '--only', 'fuzz/*', '--', 'server', '--duration', 'x'])).toEqual({
      durationS: 2,
      shrinkS: 60,
      rest: ['--only', 'fuzz/*', '--', 'server', '--duration', 'x'],
    });
  });
});
