// Fuzzing over Streamable HTTP: every case is a POST of its own, judged also by its status. The
// conformant fixture gives the oracle nothing to report (JSON and SSE replies alike); each fuzz
// check fails on a fault that breaks its rule over HTTP, with a shrunk input and a replay line.
import { describe, expect, it } from 'vitest';
import { expectForBody } from '../../src/fuzz/expect.js';
import { HOSTILE_TEXT, hostileTextCases } from '../../src/fuzz/hostile-text.js';
import { validTrafficArbitrary } from '../../src/fuzz/request-cases.js';
import { toolCaseArbitrary } from '../../src/fuzz/tool-cases.js';
import { malformedCaseArbitrary } from '../../src/fuzz/wire-strategies.js';
import { loadSchemaSet } from '../../src/schema/index.js';
import { campaignOnFixture, REVISION } from './campaign-fixture.js';
import { expectClean } from './expect-clean.js';
import { checkOf, failuresOf, fuzzFixture, notesOf } from './harness.js';

const set = loadSchemaSet(REVISION);

describe('what a POST body allows', () => {
  const body = (text: string) => Buffer.from(text);

  it('reads the whole body as one JSON text, whatever newlines it holds', () => {
    const e = expectForBody(body('{"jsonrpc":"2.0",\n"id":7,\n"method":"ping"}\n'));
    expect(e.answer).toEqual([7]);
    expect(e.notJson).toBe(false);
  });

  it('marks a body that is not JSON, even to a lenient decoder, as one to refuse', () => {
    expect(expectForBody(body('{"jsonrpc":"2.0","id":7,"method":"pi\nng"}')).notJson).toBe(true);
    expect(expectForBody(body('{"jsonrpc":"2.0",')).notJson).toBe(true);
    expect(expectForBody(body('')).notJson).toBe(true);
    // Bytes that are not UTF-8 inside a string: a lenient decoder still reads a request.
    const bad = Buffer.concat([body('{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"a'), Buffer.from([0xff]), body('"}}')]);
    expect(expectForBody(bad)).toMatchObject({ notJson: false, optional: [7], answer: [] });
  });

  it('lets a parser skip a byte order mark, or refuse it', () => {
    const e = expectForBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body('{"jsonrpc":"2.0","id":7,"method":"ping"}')]));
    expect(e).toMatchObject({ notJson: false, answer: [], optional: [7], extra: 1 });
  });

  it('expects nothing back for a notification', () => {
    expect(expectForBody(body('{"jsonrpc":"2.0","method":"notifications/x"}'))).toMatchObject({ answer: [], extra: 0, notJson: false });
  });
});

describe('the hostile prefix over HTTP, one POST at a time', () => {
  // On a loaded machine (revisions side by side) the prefix's POSTs took longer than the whole
  // search time, which ended it half way and left the generated cases none.
  it('is sent whole within its own bound, and the generated cases get their time after it', async () => {
    let prefixLength = 0;
    const result = await campaignOnFixture(
      {
        runs: 10,
        http: {},
        searchMs: 1,
        prefixMs: 60_000,
        generatedMs: 60_000,
        prefix: ({ callable }) => {
          const cases = hostileTextCases(callable, REVISION);
          prefixLength = cases.length;
          return cases;
        },
      },
      ({ callable }) => toolCaseArbitrary(callable, REVISION),
    );
    expect(prefixLength).toBeGreaterThanOrEqual(HOSTILE_TEXT.length);
    expect(result.cases).toBe(prefixLength + 10);
  }, 120_000);
});

describe('the conformant fixture under fuzzing over HTTP', () => {
  for (const sse of [false, true]) {
    const replies = sse ? 'SSE' : 'JSON';
    it(`answers 600 malformed and hostile POSTs as allowed (${replies} replies)`, async () => {
      const result = await campaignOnFixture({ runs: 600, seed: 201, http: { sse } }, ({ inventory }) => malformedCaseArbitrary({ set, inventory }));
      expectClean(result, 600);
      expect(result.byStrategy.size).toBeGreaterThanOrEqual(25);
    }, 120_000);

    it(`answers 300 generated valid requests, each exactly once (${replies} replies)`, async () => {
      const result = await campaignOnFixture({ runs: 300, seed: 202, http: { sse } }, ({ inventory }) => validTrafficArbitrary(set, inventory));
      expectClean(result, 300);
      expect([...result.byStrategy.keys()]).toEqual(expect.arrayContaining(['valid/ping', 'valid/tools/call']));
    }, 120_000);
  }

  it('survives 200 generated and hostile tool calls', async () => {
    const result = await campaignOnFixture({ runs: 200, seed: 203, http: {} }, ({ callable }) => toolCaseArbitrary(callable, REVISION));
    expectClean(result, 200);
    expect(result.byStrategy.has('tool/valid-arguments (echo)')).toBe(true);
  }, 120_000);
});

const budget = { fuzzTimeMs: 60_000, fuzzShrinkMs: 30_000, fuzzMaxFailures: 3, checkTimeoutMs: 150_000, protocolVersion: REVISION } as const;

describe('the fuzz checks over HTTP', () => {
  it('pass on the conformant fixture', async () => {
    const report = await fuzzFixture({ http: {}, only: ['fuzz/*'], seed: 3, fuzzRuns: 200, callTools: [], ...budget });
    for (const id of ['fuzz/malformed-messages', 'fuzz/valid-requests', 'fuzz/tool-arguments']) {
      const check = checkOf(report, id);
      expect(check.status, `${id}: ${check.message}`).toBe('pass');
      // The tool campaign sends the hostile-text dictionary first, into echo's one string argument.
      const fixed = id === 'fuzz/tool-arguments' ? HOSTILE_TEXT.length : 0;
      expect(check.message).toBe(`${200 + fixed} fuzz cases, no failure`);
    }
  }, 120_000);

  it('fuzz/malformed-messages fails on a 500 for a body that is not JSON, shrinks it, and replays it', async () => {
    const run = (seed: number, fuzzRuns: number) => fuzzFixture({ http: {}, fault: 'http-500-on-invalid-json', only: ['fuzz/malformed-messages'], seed, fuzzRuns, ...budget });
    const check = checkOf(await run(11, 300), 'fuzz/malformed-messages');
    expect(check.status, check.message).toBe('fail');
    const found = failuresOf(check).find((f) => f.kind === 'server-error');
    expect(found, JSON.stringify(failuresOf(check).map((f) => [f.kind, f.strategy]))).toBeDefined();
    expect(notesOf(check).join('\n')).toMatch(/\[server-error, RPC-11\].*answered 500/);
    expect(found!.sent.length).toBeLessThanOrEqual(12);
    expect(() => JSON.parse(found!.sent)).toThrow();
    expect(check.evidence.some((e) => e.type === 'http' && e.response?.status === 500)).toBe(true);
    expect(found!.replay.command).toMatch(/^mcp-conform run --only fuzz\/malformed-messages --seed 11 --fuzz-runs \d+ --protocol-version 2025-11-25 --url http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const again = failuresOf(checkOf(await run(found!.replay.seed, found!.replay.fuzzRuns), 'fuzz/malformed-messages'));
    const replayed = again.find((f) => f.kind === 'server-error' && f.strategy === found!.strategy);
    expect(replayed?.sent).toBe(found!.sent);
  }, 120_000);

  it('fuzz/valid-requests fails when an SSE reply answers a request twice', async () => {
    const report = await fuzzFixture({ http: { sse: true }, fault: 'duplicate-response', only: ['fuzz/valid-requests'], seed: 11, fuzzRuns: 300, ...budget });
    const check = checkOf(report, 'fuzz/valid-requests');
    expect(check.status, check.message).toBe('fail');
    const found = failuresOf(check).find((f) => f.kind === 'duplicate');
    expect(found?.strategy).toBe('valid/tools/list');
    expect(JSON.parse(found!.sent)).toMatchObject({ method: 'tools/list' });
  }, 120_000);

  it('fuzz/tool-arguments fails when a tool call takes the server down', async () => {
    const report = await fuzzFixture({ http: {}, fault: 'crash-on-nul-argument', only: ['fuzz/tool-arguments'], seed: 11, fuzzRuns: 300, ...budget });
    const check = checkOf(report, 'fuzz/tool-arguments');
    expect(check.status, check.message).toBe('fail');
    expect(check.message).toMatch(/connection/);
    // A server that is gone cannot be asked again: the campaign says so instead of hanging on.
    expect(notesOf(check).join('\n')).toMatch(/stopped early: a new connection failed/);
  }, 120_000);
});
