// The conformant fixture gives the fuzz oracle nothing to report, over many cases: every
// generated input gets exactly the answers it allows, and the server never dies or stalls.
import { describe, expect, it } from 'vitest';
import { validTrafficArbitrary } from '../../src/fuzz/request-cases.js';
import { toolCaseArbitrary } from '../../src/fuzz/tool-cases.js';
import { malformedCaseArbitrary } from '../../src/fuzz/wire-strategies.js';
import { loadSchemaSet } from '../../src/schema/index.js';
import { campaignOnFixture, REVISION } from './campaign-fixture.js';
import { expectClean } from './expect-clean.js';

const set = loadSchemaSet(REVISION);

describe('the conformant fixture under fuzzing', () => {
  it('answers 10,000 malformed and hostile messages exactly as allowed', async () => {
    const result = await campaignOnFixture({ runs: 10_000, seed: 101 }, ({ inventory }) => malformedCaseArbitrary({ set, inventory }));
    expectClean(result, 10_000);
    // Every strategy ran.
    expect(result.byStrategy.size).toBeGreaterThanOrEqual(28);
  }, 180_000);

  it('tolerates a parse error that carries the id the broken line began with (a streaming parser, as in the C# SDK)', async () => {
    const result = await campaignOnFixture({ fault: 'parse-error-leading-id', runs: 2_000, seed: 104 }, ({ inventory }) => malformedCaseArbitrary({ set, inventory }));
    expectClean(result, 2_000);
  }, 120_000);

  it('answers 2,000 generated valid requests of every method exactly once', async () => {
    const result = await campaignOnFixture({ runs: 2_000, seed: 102 }, ({ inventory }) => validTrafficArbitrary(set, inventory));
    expectClean(result, 2_000);
    expect([...result.byStrategy.keys()]).toEqual(expect.arrayContaining(['valid/ping', 'valid/tools/call', 'valid/resources/read', 'valid/notifications/cancelled']));
  }, 120_000);

  it('survives 500 generated and hostile tool calls (slow calls are cancelled, not judged)', async () => {
    const result = await campaignOnFixture({ runs: 500, seed: 103 }, ({ callable }) => toolCaseArbitrary(callable, REVISION));
    expectClean(result, 500);
    expect(result.byStrategy.has('tool/valid-arguments (echo)')).toBe(true);
  }, 120_000);
});
