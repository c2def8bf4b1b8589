// A big catalog costs little (issue 28 items 3 and 4): the tools a run calls are a bounded sample
// drawn by the seed (all of them with --all-tools), the report says so, a correlation burst holds a
// costly listing only as often as the server can serve it, and evidence keeps a page's start,
// not the page.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/checks/index.js';
import type { CheckResult, Report } from '../../src/checks/types.js';
import { record } from '../../src/runner/check-record.js';
import { EVIDENCE_MESSAGE_CHARS } from '../../src/session/index.js';
import { burstMethods, copiesAllowed } from '../../suites/lib/burst-plan.js';
import { sampleTools, toolKind, TOOL_SAMPLE_SIZE } from '../../suites/lib/tool-sample.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runAgainstFixture } from './harness.js';

const named = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `tool-${i}` }));
const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);

describe('the tools a run calls', () => {
  it('are all of them up to the sample size, and with --all-tools', () => {
    expect(sampleTools(named(TOOL_SAMPLE_SIZE), { seed: 1 }).tools).toHaveLength(TOOL_SAMPLE_SIZE);
    expect(sampleTools(named(1000), { seed: 1, allTools: true }).tools).toHaveLength(1000);
  });

  it('are a sample of a big catalog that the seed decides, in list order, whatever order the server lists them in', () => {
    const tools = named(1000);
    const sample = sampleTools(tools, { seed: 1 });
    expect(sample).toMatchObject({ of: 1000, seed: 1 });
    expect(sample.tools).toHaveLength(TOOL_SAMPLE_SIZE);
    expect(names(sample.tools)).toEqual(names(tools).filter((n) => names(sample.tools).includes(n)));
    expect(names(sampleTools(tools, { seed: 1 }).tools)).toEqual(names(sample.tools));
    expect(new Set(names(sampleTools([...tools].reverse(), { seed: 1 }).tools))).toEqual(new Set(names(sample.tools)));
    expect(names(sampleTools(tools, { seed: 2 }).tools)).not.toEqual(names(sample.tools));
  });

  it('take one tool of each kind the listing shows before the look-alikes, whatever the seed', () => {
    const lookAlikes = named(1000).map((t) => ({ ...t, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }));
    const unlike = [
      { name: 'structured', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { n: { type: 'number' } } }, annotations: { readOnlyHint: true } },
      { name: 'tool-x', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'with-argument', inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'any' } }, required: ['text'] }, annotations: { readOnlyHint: true } },
    ];
    for (const seed of [1, 2, 3]) {
      const sample = sampleTools([...lookAlikes.slice(0, 500), ...unlike, ...lookAlikes.slice(500)], { seed });
      expect(sample.tools).toHaveLength(TOOL_SAMPLE_SIZE);
      expect(names(sample.tools)).toEqual(expect.arrayContaining(['structured', 'with-argument', 'tool-x']));
    }
    // Descriptions, titles and numbers in a name do not make a kind; another name or schema does.
    expect(toolKind({ name: 'tool-1', description: 'x', inputSchema: { type: 'object', description: 'p' } })).toBe(toolKind({ name: 'tool-22', title: 'B', inputSchema: { type: 'object' } }));
    expect(toolKind({ name: 'tool-1', inputSchema: { type: 'object' } })).not.toBe(toolKind({ name: 'ask-roots', inputSchema: { type: 'object' } }));
    expect(toolKind({ name: 'tool-1', inputSchema: { type: 'object' } })).not.toBe(toolKind({ name: 'tool-1', inputSchema: { type: 'object', required: ['a'] } }));
  });
});

describe('a correlation burst', () => {
  const cost = (latencyMs: number, bytes: number) => ({ latencyMs, bytes, answers: 1 });

  it('cycles through the methods when every answer is cheap', () => {
    const cheap = () => cost(1, 2000);
    expect(burstMethods(['ping', 'tools/list', 'prompts/list'], 6, cheap, 5000)).toEqual(['ping', 'tools/list', 'prompts/list', 'ping', 'tools/list', 'prompts/list']);
  });

  it('holds a 360 KB page or a slow method as often as the server can serve it, after the cheap requests', () => {
    const costs: Record<string, ReturnType<typeof cost>> = { ping: cost(1, 40), 'resources/templates/list': cost(2, 60), 'tools/list': cost(400, 360_000), 'prompts/list': cost(1200, 3000) };
    const planned = burstMethods(['ping', 'tools/list', 'prompts/list', 'resources/templates/list'], 50, (m) => costs[m], 5000);
    expect(planned).toHaveLength(50);
    expect(planned.filter((m) => m === 'tools/list')).toHaveLength(2); // 1 MiB of answers
    expect(planned.filter((m) => m === 'prompts/list')).toHaveLength(1); // a quarter of the timeout
    expect(planned.slice(0, 4)).toEqual(['ping', 'resources/templates/list', 'ping', 'resources/templates/list']);
    expect(planned.slice(-3)).toEqual(['tools/list', 'prompts/list', 'tools/list']);
    expect(copiesAllowed(undefined, 5000)).toBe(1);
  });

  it('holds a method cheap enough for its share no more often than its cost allows, when the cheapest fills the rest', () => {
    // A 240 KB resources/list may come 4 times (1 MiB): it used to take every third turn of the cheap cycle.
    const costs: Record<string, ReturnType<typeof cost>> = {
      ping: cost(1, 40),
      'tools/list': cost(400, 560_000),
      'prompts/list': cost(30, 275_000),
      'resources/list': cost(20, 240_000),
      'resources/templates/list': cost(2, 60),
    };
    const planned = burstMethods(Object.keys(costs), 20, (m) => costs[m], 5000);
    expect(planned).toHaveLength(20);
    expect(planned.filter((m) => m === 'resources/list')).toHaveLength(4);
    expect(planned.filter((m) => m === 'prompts/list')).toHaveLength(3);
    expect(planned.filter((m) => m === 'tools/list')).toHaveLength(1);
    expect(planned.slice(0, 3)).toEqual(['ping', 'resources/list', 'resources/templates/list']);
  });
});

describe('evidence a report keeps', () => {
  it('holds the start of a page of a big catalog, not the page', () => {
    const page = { jsonrpc: '2.0', id: 5, result: { tools: Array.from({ length: 1000 }, (_, i) => ({ name: `t${i}`, description: 'x'.repeat(300), inputSchema: { type: 'object' } })) } };
    const check = { id: 'pagination/invalid-cursor', title: 't', level: 'SHOULD', requirements: [], spec: 'basic' } as unknown as Check;
    const result = record(check, '2025-11-25', { status: 'warn', message: 'm', evidence: [{ type: 'message', direction: 'received', at: 1, message: page }, { type: 'note', text: 'kept' }] }, 1);
    expect(JSON.stringify(result.evidence).length).toBeLessThan(EVIDENCE_MESSAGE_CHARS + 1000);
    expect(result.evidence[0]).toMatchObject({ type: 'message', direction: 'received', raw: expect.stringMatching(/^\{"jsonrpc":"2\.0","id":5,"result":\{"tools":\[.*chars left out of the evidence\]$/) });
    expect(result.evidence[1]).toEqual({ type: 'note', text: 'kept' });
  });
});

/** Requests of each method a run wrote to its server processes, all of them (the fixture behind `tee`, one stdin log per process). */
async function requestsSent(opts: Parameters<typeof runAgainstFixture>[0], fixtureArgs: string[]): Promise<{ report: Report; sent: Map<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-catalog-'));
  try {
    const command = ['sh', '-c', `tee "${dir}/$$.log" | "$@"`, 'sh', ...fixtureCommand({ args: fixtureArgs })];
    const report = await runAgainstFixture({ ...opts, target: { transport: 'stdio', command } });
    const sent = new Map<string, number>();
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        const method = /"method":"([^"]+)"/.exec(line)?.[1];
        if (method && /"id":/.test(line)) sent.set(method, (sent.get(method) ?? 0) + 1);
      }
    }
    return { report, sent };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the listings of a big catalog', () => {
  // Each read a whole tools/list of its own before: the id burst measured it first, the
  // result-or-error check and the stdio probes asked again, the echo-tool search twice, the
  // client-capabilities probe once more on the main session, the optional-params check its bare
  // request (15 requests in all; now only what each judges that the walk did not send).
  const only = ['tools/list', 'ids/result-or-error', 'ids/concurrent-correlation', 'stdio/newline-delimited', 'stdio/utf8', 'capabilities/client-capabilities-respected', 'errors/optional-params-accepted'];

  it('are shared: the checks that only read a list take it from the run’s walk of it', async () => {
    const { report, sent } = await requestsSent({ only, protocolVersion: '2025-11-25' }, ['--catalog-size', '1000']);
    for (const c of report.checks) expect(['pass', 'info'], `${c.id}: ${c.status} ${c.message ?? ''}`).toContain(c.status);
    // The walk's two pages, the burst's copies (two 420 KB pages: 1 MiB) and the declaring
    // session's own probe; the params variants of errors/optional-params-accepted go to a smaller list.
    expect(sent.get('tools/list')).toBeLessThanOrEqual(5);
  }, 120_000);

  it('are not copied to vary params: errors/optional-params-accepted sends its variants to the declared list with the smallest pages', async () => {
    // Before, its four variants were four copies of a catalog's first page (at 1,000 tools of the
    // SDK v1 server, 560 KB and 0.2 s of the server's CPU each).
    const { report, sent } = await requestsSent({ only: ['errors/optional-params-accepted'], protocolVersion: '2025-11-25' }, ['--catalog-size', '1000']);
    const check = report.checks.find((c) => c.id === 'errors/optional-params-accepted')!;
    expect(check.status, check.message).toBe('pass');
    expect(sent.get('tools/list')).toBe(2); // the walk's two pages
    expect((sent.get('prompts/list') ?? 0) + (sent.get('resources/list') ?? 0)).toBeGreaterThanOrEqual(4);
  }, 120_000);
});

describe('the fixture with a catalog of 1,000 tools', () => {
  const only = ['tools/call-result', 'fuzz/tool-arguments', 'client-requests/roots-request-shape'];
  const bigFixture = (args: string[] = []) => ({ transport: 'stdio' as const, command: [...fixtureCommand({ args: ['--catalog-size', '1000'] }), ...args] });

  it('has its tools called on the seeded sample, and each report record says so', async () => {
    const report = await runAgainstFixture({ only, slowTool: 'slow', target: bigFixture() });
    const byId = new Map<string, CheckResult>(report.checks.map((c) => [c.id, c]));
    for (const id of ['tools/call-result', 'fuzz/tool-arguments']) {
      const c = byId.get(id)!;
      expect(c.toolSample, `${id}: ${c.status} ${c.message ?? ''}`).toMatchObject({ sampled: TOOL_SAMPLE_SIZE, seed: 1 });
      expect(c.toolSample!.of).toBeGreaterThan(1000);
    }
    expect(byId.get('tools/call-result')!.status, byId.get('tools/call-result')!.message).toBe('pass');
  }, 120_000);
});
