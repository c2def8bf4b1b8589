// The fuzz checks on every wire: 2026-07-28 over stdio and Streamable HTTP (per-request _meta,
// routing headers, server/discover behind every batch, requests the revision says how to refuse)
// and the legacy HTTP+SSE of 2024-11-05 (every case a POST, its answer on the stream). The
// conformant fixture is clean on each, and a plain run catches a fault of the fixture on each,
// with a replay line that finds it again.
import { describe, expect, it } from 'vitest';
import { judge } from '../../src/fuzz/oracle.js';
import { expectForBody } from '../../src/fuzz/expect.js';
import { livenessMessage } from '../../src/fuzz/link-common.js';
import type { Batch, CaseRun, PostOutcome } from '../../src/fuzz/observation.js';
import { caseHeaders, withRequestMeta } from '../../src/fuzz/stateless-wire.js';
import type { CaseSpec, RefusalRule } from '../../src/fuzz/wire-case.js';
import type { Received } from '../../src/session/index.js';
import { Session } from '../../src/session/index.js';
import type { Transport } from '../../src/transport/types.js';
import { checkOf, failuresOf, fuzzFixture, notesOf, type FuzzRun } from './harness.js';

const STATELESS = '2026-07-28';
const META = { 'io.modelcontextprotocol/protocolVersion': STATELESS, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'mcp-conform', version: '0.1.0' } };

describe('the 2026-07-28 wire of a fuzz case', () => {
  it('gives every request our _meta over the generated one, and leaves notifications and older revisions alone', () => {
    const generated = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': 'x', progressToken: 7 } } };
    expect(withRequestMeta(generated, STATELESS).params._meta).toEqual({ ...META, progressToken: 7 });
    expect(withRequestMeta({ jsonrpc: '2.0', method: 'notifications/cancelled' }, STATELESS)).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled' });
    expect(withRequestMeta(generated, '2025-11-25')).toBe(generated);
  });

  it('derives the routing headers from the body, with the case’s own changes over them', () => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: META } }));
    const spec: CaseSpec = { strategy: 'test' };
    expect(caseHeaders(spec, body)).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo' });
    expect(caseHeaders({ ...spec, headers: { 'mcp-method': null, 'Mcp-Name': 'other' } }, body)).toEqual({ 'Mcp-Name': 'other' });
    // A name no HTTP server takes as a header is left out (the server then owes -32020 for it).
    const long = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'a'.repeat(5000) }));
    expect(caseHeaders(spec, long)).toEqual({});
    expect(caseHeaders(spec, Buffer.from('{"jsonrpc":'))).toEqual({});
  });

  it('probes liveness with server/discover and its _meta in 2026-07-28, with ping before', () => {
    const transport = { on: () => undefined, setProtocolVersion: () => undefined } as unknown as Transport;
    const stateless = new Session(transport, { revision: STATELESS, requestTimeoutMs: 1000 });
    expect(livenessMessage(stateless, 'fz-ping-1')).toEqual({ jsonrpc: '2.0', id: 'fz-ping-1', method: 'server/discover', params: { _meta: META } });
    const stateful = new Session(transport, { revision: '2025-11-25', requestTimeoutMs: 1000 });
    expect(livenessMessage(stateful, 'fz-ping-2')).toEqual({ jsonrpc: '2.0', id: 'fz-ping-2', method: 'ping' });
  });
});

describe('the oracle on requests the revision says how to refuse', () => {
  const rule: RefusalRule = { requirement: 'S26-3', codes: [-32602], status: 400, why: 'a request with no meta in _meta' };
  const OPTS = { crashRequirement: 'RPC-11', hangRequirement: 'RPC-25', caseTimeoutMs: 1000, stateless: true };
  const answered = (message: Record<string, unknown>, status: number): Batch => {
    const bytes = Buffer.from('{"jsonrpc":"2.0","id":5,"method":"tools/list"}');
    const received: Received = { at: 0, message, raw: JSON.stringify(message), validation: { valid: true, kind: 'response', problems: [] } as never };
    const http: PostOutcome = { pending: false, status, media: 'application/json', loose: [], unexpected: [] };
    const run: CaseRun = { index: 0, spec: { strategy: 'stateless/missing-meta', mustRefuse: rule }, bytes, expect: expectForBody(bytes), responses: [received], http };
    return { runs: [run], pingId: 'p', ping: {}, sentAt: 0, settledAt: 1, pingAnswered: true, loose: [], unexpected: [], framing: [], malformed: [], late: [], settled: true };
  };
  const kinds = (batch: Batch) => judge(batch, OPTS).map((a) => `${a.kind} ${a.requirement}: ${a.summary}`);

  it('accepts the refusal it names, and an error with a 4xx as any 2026-07-28 error', () => {
    expect(kinds(answered({ jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'no _meta' } }, 400))).toEqual([]);
  });

  it('fails a request that was served, refused with another code, or with another status', () => {
    expect(kinds(answered({ jsonrpc: '2.0', id: 5, result: { tools: [] } }, 200))).toEqual(['not-refused S26-3: a request with no meta in _meta was served (HTTP 200): error -32602 with HTTP 400 was due']);
    expect(kinds(answered({ jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'x' } }, 400))).toEqual(['not-refused S26-3: a request with no meta in _meta was refused with -32600 (HTTP 400): error -32602 with HTTP 400 was due']);
    expect(kinds(answered({ jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'x' } }, 200))).toEqual(['not-refused S26-3: a request with no meta in _meta was refused with -32602 but HTTP 200: error -32602 with HTTP 400 was due']);
  });
});

/**
 * What `mcp-conform run` uses unless told otherwise, with search time enough for every case on a
 * loaded machine (a plain run's half second reaches a few dozen POSTs when other jobs share the cores).
 */
const PLAIN = { seed: 1, fuzzRuns: 100, fuzzTimeMs: 30_000, checkTimeoutMs: 120_000 } as const;

interface Wire {
  name: string;
  run: Pick<FuzzRun, 'http' | 'legacySse' | 'era' | 'protocolVersion' | 'callTools'>;
}

const WIRES: Wire[] = [
  { name: '2026-07-28 over stdio', run: { era: 'stateless', protocolVersion: STATELESS } },
  { name: '2026-07-28 over Streamable HTTP (JSON replies)', run: { era: 'stateless', protocolVersion: STATELESS, http: {} } },
  { name: '2026-07-28 over Streamable HTTP (SSE replies)', run: { era: 'stateless', protocolVersion: STATELESS, http: { sse: true } } },
  // 2024-11-05 tools carry no annotations: echo is named to be called.
  { name: 'legacy HTTP+SSE (2024-11-05)', run: { legacySse: true, protocolVersion: '2024-11-05', callTools: ['echo'] } },
];

describe('the fuzz checks of a plain run on every wire', () => {
  for (const wire of WIRES) {
    it(`pass the conformant fixture: ${wire.name}`, async () => {
      const report = await fuzzFixture({ only: ['fuzz/*'], ...PLAIN, ...wire.run });
      for (const id of ['fuzz/malformed-messages', 'fuzz/valid-requests', 'fuzz/tool-arguments']) {
        const check = checkOf(report, id);
        expect(check.status, `${id}: ${check.message}`).toBe('pass');
        expect(check.message).toMatch(/^\d+ fuzz cases, no failure/);
      }
      // 2026-07-28: its refusal rules go first, each once (4 cases, and 4 more for the headers over HTTP).
      const fixed = !wire.run.era ? 0 : wire.run.http ? 8 : 4;
      expect(checkOf(report, 'fuzz/malformed-messages').message).toMatch(new RegExp(`^${PLAIN.fuzzRuns + fixed} fuzz cases`));
    }, 90_000);
  }

  const faults: Array<{ wire: Wire; fault: string; check: string; kind: string; strategy: RegExp }> = [
    { wire: WIRES[0], fault: 'missing-meta-accepted', check: 'fuzz/malformed-messages', kind: 'not-refused', strategy: /^stateless\/missing-meta$/ },
    { wire: WIRES[1], fault: 'header-mismatch-accepted', check: 'fuzz/malformed-messages', kind: 'not-refused', strategy: /^stateless\/header-mismatch$/ },
    { wire: WIRES[2], fault: 'missing-meta-accepted', check: 'fuzz/malformed-messages', kind: 'not-refused', strategy: /^stateless\/missing-meta$/ },
    { wire: WIRES[3], fault: 'answer-notifications', check: 'fuzz/malformed-messages', kind: 'unsolicited', strategy: /^kind\// },
    { wire: WIRES[3], fault: 'duplicate-response', check: 'fuzz/valid-requests', kind: 'duplicate', strategy: /^valid\// },
  ];
  for (const { wire, fault, check: id, kind, strategy } of faults) {
    it(`catch ${fault} with ${id}: ${wire.name}, with a replay line that finds it again`, async () => {
      const run = (seed: number, fuzzRuns: number) => fuzzFixture({ only: [id], fault, seed, fuzzRuns, ...wire.run });
      const check = checkOf(await run(PLAIN.seed, PLAIN.fuzzRuns), id);
      expect(check.status, check.message).toBe('fail');
      const [failure] = failuresOf(check);
      expect(failure?.kind, notesOf(check).join('\n')).toBe(kind);
      expect(failure.strategy).toMatch(strategy);
      expect(failure.replay.command).toContain(`--protocol-version ${wire.run.protocolVersion}`);
      if (wire.run.legacySse) expect(failure.replay.command).toMatch(/--url http:\/\/127\.0\.0\.1:\d+\/sse --legacy-sse/);

      const again = failuresOf(checkOf(await run(failure.replay.seed, failure.replay.fuzzRuns), id));
      expect(again[0]).toMatchObject({ kind, strategy: failure.strategy });
    }, 90_000);
  }
});
