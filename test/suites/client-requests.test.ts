// Requests the server sends its client: the conformant fixture's asking tools (ask-sampling,
// ask-form, ask-url, ask-roots) pass every check, on each stateful revision and over HTTP with
// SSE replies, and the evidence names the tool call that triggered each request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { clientRequestChecks } from '../../suites/client-requests.js';
import { startHttpFixture } from '../fixtures/launch.js';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';

const IDS = clientRequestChecks.map((c) => c.id);
const only = ['client-requests/*'];
const statuses = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
const messageOf = (report: Report, id: string) => report.checks.find((c) => c.id === id)?.message ?? '';

describe('client requests on the conformant fixture', () => {
  it('pass on 2025-11-25 over stdio, each naming the tool that asked', async () => {
    const report = await runAgainstFixture({ only });
    expect(statuses(report)).toEqual(Object.fromEntries(IDS.map((id) => [id, 'pass'])));
    expect(messageOf(report, 'client-requests/sampling-request-shape')).toMatch(/while tools\/call ask-sampling was in flight/);
    expect(messageOf(report, 'client-requests/elicitation-request-shape')).toMatch(/ask-form/);
    expect(messageOf(report, 'client-requests/elicitation-url-mode')).toMatch(/URL elicitation/);
    expect(messageOf(report, 'client-requests/roots-list-changed')).toMatch(/asked for roots again on its own/);
    expect(messageOf(report, 'client-requests/sampling-error-survived')).toMatch(/while tools\/call ask-sampling was in flight → error -1/);
    expect(messageOf(report, 'client-requests/elicitation-refusal-survived')).toMatch(/ask-form was in flight → decline.*ask-form was in flight → cancel/);
    expect(messageOf(report, 'client-requests/sampling-malformed-result')).toMatch(/ask-sampling was in flight → result \{\}/);
    expect(messageOf(report, 'client-requests/elicitation-content-checked')).toMatch(/not taken as valid: ask-form returned an error result/);
    expect(messageOf(report, 'client-requests/no-task-undeclared')).toMatch(/request\(s\) \(.*sampling\/createMessage.*\) to a client without a tasks capability, none of them a task/);
  });

  it('calls no tool again to cancel when only roots/list was asked (the cancelling run answers roots as the cooperating one did)', async () => {
    // 2024-11-05 has no tool annotations: only the named tool is called.
    const report = await runAgainstFixture({ only, protocolVersion: '2024-11-05', callTools: ['ask-roots'] });
    expect(statusOf(report, 'client-requests/roots-request-shape')).toBe('pass');
    expect(statusOf(report, 'client-requests/sampling-malformed-result')).toBe('skip');
    expect(messageOf(report, 'client-requests/sampling-malformed-result')).toMatch(/no elicitation\/create or sampling\/createMessage arrived while we called ask-roots.*so there is nothing to cancel/);
  });

  it('pass or skip by revision: no elicitation before 2025-06-18, no URL mode before 2025-11-25', async () => {
    const mid = await runAgainstFixture({ only, protocolVersion: '2025-06-18' });
    expect(statusOf(mid, 'client-requests/elicitation-request-shape')).toBe('pass');
    expect(statusOf(mid, 'client-requests/elicitation-refusal-survived')).toBe('pass');
    expect(statusOf(mid, 'client-requests/elicitation-url-mode')).toBeUndefined();
    expect(mid.summary.fail + mid.summary.warn).toBe(0);
    // 2024-11-05 has no tool annotations, so no tool is read-only: the asking ones are allowed by name.
    const old = await runAgainstFixture({ only, protocolVersion: '2024-11-05', callTools: ['ask-sampling', 'ask-roots'] });
    expect(statusOf(old, 'client-requests/sampling-request-shape')).toBe('pass');
    expect(statusOf(old, 'client-requests/roots-list-changed')).toBe('pass');
    expect(statusOf(old, 'client-requests/elicitation-request-shape')).toBeUndefined();
    expect(old.summary.fail + old.summary.warn).toBe(0);
  });

  it('pass over Streamable HTTP with SSE replies, where the requests ride on the call\'s stream', async () => {
    const report = await runAgainstHttpFixture({ sse: true, only });
    expect(statuses(report)).toEqual(Object.fromEntries(IDS.map((id) => [id, 'pass'])));
  });

  it('pass over Streamable HTTP with the GET stream refused, the calls side by side, each request naming its own call', async () => {
    const server = await startHttpFixture({ sse: true, args: ['--no-get'] });
    try {
      const report = await runAgainstFixture({ only, slowTool: 'slow', target: { transport: 'http', url: server.url } });
      expect(statuses(report)).toEqual(Object.fromEntries(IDS.map((id) => [id, 'pass'])));
      // Requests ride on their call's reply stream, so overlapping calls do not blur which one asked.
      expect(messageOf(report, 'client-requests/sampling-request-shape')).toMatch(/: while tools\/call ask-sampling was in flight$/);
      expect(messageOf(report, 'client-requests/sampling-error-survived')).toMatch(/\(while tools\/call ask-sampling was in flight → error -1\)/);
      expect(messageOf(report, 'client-requests/roots-request-shape')).not.toMatch(/, ask-/);
    } finally {
      await server.close();
    }
  });

  it('pass over Streamable HTTP on 2025-06-18, where the refusing run goes beside the cooperating one; dropped when nothing asked', async () => {
    const asked = await runAgainstHttpFixture({ sse: true, only, protocolVersion: '2025-06-18' });
    expect(statusOf(asked, 'client-requests/sampling-error-survived')).toBe('pass');
    expect(messageOf(asked, 'client-requests/elicitation-refusal-survived')).toMatch(/ask-form was in flight → decline.*ask-form was in flight → cancel/);
    expect(asked.summary.fail + asked.summary.warn).toBe(0);
    // JSON replies: the fixture cannot ask, so the refusing run's findings are dropped as before.
    const quiet = await runAgainstHttpFixture({ only: ['client-requests/sampling-error-survived'], protocolVersion: '2025-06-18' });
    expect(statusOf(quiet, 'client-requests/sampling-error-survived')).toBe('skip');
    expect(messageOf(quiet, 'client-requests/sampling-error-survived')).toMatch(/nothing to refuse/);
  });

  it('skip, saying what was called, over HTTP with JSON replies, where the fixture cannot ask', async () => {
    const report = await runAgainstHttpFixture({ only: ['client-requests/sampling-request-shape'] });
    expect(statusOf(report, 'client-requests/sampling-request-shape')).toBe('skip');
    expect(messageOf(report, 'client-requests/sampling-request-shape')).toMatch(/no sampling\/createMessage arrived while we called .*ask-sampling/);
  });
});

describe('client requests in the schedule', () => {
  // Every check here waits on the same client-request runs (a second or more of tool calls).
  // The runner starts long checks at once, beside the width-bounded others on the main session:
  // reached in catalog order, checks waiting on the runs held the pool's slots (docs/history/performance.md).
  it('every check is long, so none holds a pool slot while it waits on the runs', () => {
    expect(clientRequestChecks.filter((c) => !c.long).map((c) => c.id)).toEqual([]);
  });
});

// A crash, a dropped stream or an answer the server was there to send and did not is a lost
// response (RPC-25): a failure of the check that saw it, whatever that check's own level.
describe('lost responses fail the client-requests checks that saw them', () => {
  const cases: Array<[check: string, fault: string, transport: 'stdio' | 'http']> = [
    ['client-requests/elicitation-refusal-survived', 'exit-after-elicitation-decline', 'stdio'],
    ['client-requests/elicitation-refusal-survived', 'exit-after-elicitation-decline', 'http'],
    ['client-requests/sampling-error-survived', 'hang-after-sampling-error', 'stdio'],
    ['client-requests/sampling-error-survived', 'hang-after-sampling-error', 'http'],
    ['client-requests/sampling-error-survived', 'sampling-error-crash', 'stdio'],
    ['client-requests/elicitation-refusal-survived', 'elicitation-refusal-hang', 'stdio'],
  ];
  for (const [check, fault, transport] of cases) {
    it(`${check} fails with FAULT=${fault} over ${transport}`, async () => {
      const report = transport === 'http' ? await runAgainstHttpFixture({ sse: true, fault, only: [check] }) : await runAgainstFixture({ fault, only: [check] });
      expect(statusOf(report, check)).toBe('fail');
      expect(messageOf(report, check)).toMatch(/RPC-25/);
    });
  }
});

// server-everything asks for roots while its trigger-long-running-operation sleeps 10 s, answers a
// ping meanwhile, and answers the call in the end: slow, not lost. A probe answered behind a call
// shows the server was there, not that the call was done; without a figure of what the call needs
// (it went unanswered when we answered validly too) it is not judged.
const SLOW_ASKER = `
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  for (let i; (i = buf.indexOf('\\n')) >= 0; ) {
    const m = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    if (m.method === 'initialize') send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'slow-asker', version: '1' } } });
    else if (m.method === 'tools/list') send({ id: m.id, result: { tools: [{ name: 'sleepy', description: 'Sleeps 4 s, then answers.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }] } });
    else if (m.method === 'tools/call') {
      setTimeout(() => send({ id: 'roots-' + m.id, method: 'roots/list' }), 50);
      setTimeout(() => send({ id: m.id, result: { content: [{ type: 'text', text: 'slept' }] } }), 4000);
    } else if (m.method === 'ping') send({ id: m.id, result: {} });
    else if (m.id !== undefined && m.method !== undefined) send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
  }
});
`;

describe('a slow call the server asked during is not a lost response', () => {
  it('roots-error-survived does not fail a call that was as slow when we answered roots validly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slow-asker-'));
    const script = join(dir, 'server.mjs');
    writeFileSync(script, SLOW_ASKER);
    try {
      const check = 'client-requests/roots-error-survived';
      const report = await runAgainstFixture({ target: { transport: 'stdio', command: [process.execPath, script] }, only: [check] });
      expect(statusOf(report, check)).toBe('pass');
      expect(messageOf(report, check)).toMatch(/roots\/list request\(s\) refused .*sleepy/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
