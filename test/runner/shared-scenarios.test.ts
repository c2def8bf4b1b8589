// Shared scenarios (src/checks/shared-scenario.ts): once per run and variant, whoever asks first;
// a check records the scenarios its own body asked for, not those their work asked for.
import { describe, expect, it } from 'vitest';
import { CheckContext, defineCheck, defineSharedScenario, type CheckOptions, type ServerFacts } from '../../src/checks/index.js';
import type { Session, TargetSpec } from '../../src/session/index.js';

const check = defineCheck({ id: 't/shares', title: 't', level: 'MUST', requirements: ['X-1'], spec: 'x', run: async (ctx) => ctx.pass() });
const facts = (): ServerFacts => ({ revision: '2025-11-25', requestedRevision: '2025-11-25', initializeResult: {}, handshake: { kind: 'result' } as ServerFacts['handshake'], capabilities: {}, unclaimed: [] });
const options: CheckOptions = { requestTimeoutMs: 1000, quietMs: 100, callTools: [] };
const contextFor = (run: ServerFacts) => new CheckContext(check, {} as Session, run, options, { transport: 'stdio', command: ['x'] } as TargetSpec, async () => ({}) as Session, new AbortController().signal);

describe('ctx.shared', () => {
  it('computes a scenario once per run and variant, for every check that asks', async () => {
    const walk = defineSharedScenario<number>({ name: 'walk' });
    let computed = 0;
    const compute = async () => ++computed;
    const run = facts();
    const [a, b] = [contextFor(run), contextFor(run)];
    expect(await Promise.all([a.shared(walk, compute, 'tools'), b.shared(walk, compute, 'tools')])).toEqual([1, 1]);
    expect(await b.shared(walk, compute, 'prompts')).toBe(2);
    // Another run (its own facts) does the work again.
    expect(await contextFor(facts()).shared(walk, compute, 'tools')).toBe(3);
    // Two scenarios never share a memo, whatever their names.
    expect(await a.shared(defineSharedScenario<number>({ name: 'walk' }), compute, 'tools')).toBe(4);
  });

  it("records what the check's body asked for, not what the scenario's work asked for", async () => {
    const inner = defineSharedScenario<string>({ name: 'inner' });
    const outer = defineSharedScenario<string>({ name: 'outer', uses: [inner] });
    const run = facts();
    const first = contextFor(run);
    await first.shared(outer, async () => `outer of ${await first.shared(inner, async () => 'inner')}`);
    expect([...first.scenariosUsed].map((s) => s.name)).toEqual(['outer']);
    const second = contextFor(run);
    expect(await second.shared(outer, async () => 'again')).toBe('outer of inner');
    expect([...second.scenariosUsed].map((s) => s.name)).toEqual(['outer']);
  });
});
