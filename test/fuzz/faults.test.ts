// Each fixture fault that misbehaves on some input is found by the fuzz checks, shrunk to a
// small input of the right shape, and the replay command printed with it finds it again.
import { describe, expect, it } from 'vitest';
import { checkOf, failuresOf, fuzzFixture, type ReportedFailure } from './harness.js';

interface FaultCase {
  fault: string;
  check: string;
  kind: string;
  strategy: RegExp;
  runs: number;
  /** Assertions on the shrunk input as the report shows it. */
  shape(sent: string): void;
}

/** The report shows non-printable bytes as <0xNN> and invisible characters as <U+XXXX>. */
const nonAscii = /[^\x00-\x7f]|<U\+/;

const FAULTS: FaultCase[] = [
  {
    fault: 'crash-on-invalid-json',
    check: 'fuzz/malformed-messages',
    kind: 'crash',
    strategy: /^invalid-json\//,
    runs: 300,
    shape: (sent) => expect(sent.length).toBeLessThanOrEqual(10),
  },
  {
    fault: 'crash-on-deep-nesting',
    check: 'fuzz/malformed-messages',
    kind: 'crash',
    strategy: /^size\/deep-nesting$/,
    runs: 600,
    shape: (sent) => {
      // The fault counts every level, the message and params included: just past 1000 in all.
      const depth = Math.max(sent.split('[').length, sent.split('{"a":').length) - 1;
      expect(depth).toBeGreaterThan(990);
      expect(depth).toBeLessThan(1100);
      expect(sent.length).toBeLessThan(2 * 1100 * 5 + 200);
    },
  },
  {
    fault: 'hang-on-long-method',
    check: 'fuzz/malformed-messages',
    kind: 'no-response',
    strategy: /^method\/long-name$/,
    runs: 600,
    shape: (sent) => {
      const method = (JSON.parse(sent) as { method: string }).method;
      expect(method.length).toBeGreaterThan(1024); // the fault's threshold
      expect(method.length).toBeLessThan(1200);
    },
  },
  {
    fault: 'wrong-id-on-unicode',
    check: 'fuzz/malformed-messages',
    kind: 'wrong-id',
    strategy: /^encoding\//,
    runs: 300,
    shape: (sent) => {
      expect(sent).toMatch(nonAscii);
      expect(sent.length).toBeLessThan(160);
    },
  },
  {
    fault: 'answer-notifications',
    check: 'fuzz/malformed-messages',
    kind: 'unsolicited',
    strategy: /^kind\//,
    runs: 300,
    shape: (sent) => {
      const message = JSON.parse(sent) as Record<string, unknown>;
      expect(message).not.toHaveProperty('id');
      expect(typeof message.method).toBe('string');
      expect(sent.length).toBeLessThan(100);
    },
  },
  {
    fault: 'duplicate-response',
    check: 'fuzz/valid-requests',
    kind: 'duplicate',
    strategy: /^valid\/tools\/list$/,
    runs: 300,
    shape: (sent) => {
      expect(JSON.parse(sent)).toMatchObject({ method: 'tools/list' });
      expect(sent.length).toBeLessThan(80);
    },
  },
  {
    fault: 'crash-on-nul-argument',
    check: 'fuzz/tool-arguments',
    kind: 'crash',
    strategy: /^tool\//,
    runs: 300,
    shape: (sent) => {
      expect(JSON.parse(sent)).toMatchObject({ method: 'tools/call' });
      expect(sent).toContain('\\u0000');
      expect(sent.length).toBeLessThan(200);
    },
  },
  {
    fault: 'crash-on-non-ascii-argument',
    check: 'fuzz/tool-arguments',
    kind: 'crash',
    strategy: /^tool\/hostile-text \(echo\)$/,
    runs: 100,
    shape: (sent) => {
      expect(JSON.parse(sent)).toMatchObject({ method: 'tools/call', params: { name: 'echo' } });
      expect(sent).toMatch(nonAscii);
      expect(sent.length).toBeLessThan(200);
    },
  },
];


function find(failures: ReportedFailure[], c: FaultCase): ReportedFailure | undefined {
  return failures.find((f) => f.kind === c.kind && c.strategy.test(f.strategy));
}

const budget = { fuzzTimeMs: 60_000, fuzzShrinkMs: 30_000, fuzzMaxFailures: 3, checkTimeoutMs: 150_000 };

describe.concurrent('fuzz checks find, shrink and replay the fixture faults', () => {
  for (const c of FAULTS) {
    it(`${c.check} finds ${c.fault}`, async () => {
      const report = await fuzzFixture({ fault: c.fault, only: [c.check], seed: 11, fuzzRuns: c.runs, protocolVersion: '2025-11-25', ...budget });
      const check = checkOf(report, c.check);
      expect(check.status, check.message).toBe('fail');
      const failures = failuresOf(check);
      const found = find(failures, c);
      expect(found, JSON.stringify(failures.map((f) => [f.kind, f.strategy]))).toBeDefined();
      c.shape(found!.sent);
      expect(found!.replay.command).toMatch(new RegExp(`^mcp-conform run --only ${c.check} --seed 11 --fuzz-runs \\d+ --protocol-version 2025-11-25 -- `));

      const again = await fuzzFixture({ fault: c.fault, only: [c.check], seed: found!.replay.seed, fuzzRuns: found!.replay.fuzzRuns, protocolVersion: '2025-11-25', ...budget });
      // The replay may find others of the kind too (which one a busy machine attributes first
      // can differ): the one found must be among them, by the same strategy and of the same shape.
      // Shrinking has a time bound, so on a busy machine it may stop a step earlier or later
      // (U+00E9 instead of U+0080): the replayed input is held to the fault's shape, not to the byte.
      const replays = failuresOf(checkOf(again, c.check));
      const replayed = replays.find((f) => f.kind === c.kind && f.strategy === found!.strategy);
      expect(replayed, JSON.stringify(replays.map((f) => [f.kind, f.strategy]))).toBeDefined();
      c.shape(replayed!.sent);
    }, 120_000); // two campaigns that each shrink with a server restart per step: slow on a loaded machine
  }
});
