// The proofs sit beside the checks: test/proof/<area>.ts holds exactly the checks of
// suites/<area>.ts, and the suite's header points there, so a reader gets from a check to the
// fault that breaks it in one hop. Fault names are a type: a misspelt one does not compile.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../suites/index.js';
import { faultIs } from '../fixtures/lib/fault-name.js';
import { PROOF_AREAS, PROOFS } from './index.js';
import type { AreaProofs } from './proof.js';

describe('the proof of a check sits beside it', () => {
  it('each proof file holds exactly the checks of its suite file', () => {
    const misplaced = PROOF_AREAS.flatMap(({ area, checks, proofs }) => {
      const ids = checks.map((c) => c.id);
      const missing = ids.filter((id) => !(id in proofs)).map((id) => `${id}: no proof in test/proof/${area}.ts`);
      const foreign = Object.keys(proofs).filter((id) => !ids.includes(id)).map((id) => `${id}: in test/proof/${area}.ts, not a check of suites/${area}.ts`);
      return [...missing, ...foreign];
    });
    expect(misplaced).toEqual([]);
  });

  it('every shipped check belongs to one area with a proof file', () => {
    const inAreas = PROOF_AREAS.flatMap((a) => a.checks.map((c) => c.id));
    expect([...inAreas].sort()).toEqual(allChecks.map((c) => c.id).sort());
    expect(Object.keys(PROOFS).length).toBe(allChecks.length);
  });

  it("each suite file's header names its proof file", () => {
    const silent = PROOF_AREAS.filter(({ area }) => !readFileSync(new URL(`../../suites/${area}.ts`, import.meta.url), 'utf8').includes(`test/proof/${area}.ts`));
    expect(silent.map((a) => a.area)).toEqual([]);
  });
});

describe('fault names are a type', () => {
  it('a misspelt fault name is a compile error (npm run typecheck), in the fixture and in a proof', () => {
    // @ts-expect-error: no such fault (the registry has crash-on-invalid-json)
    expect(faultIs('crash-on-invalid-json', 'crash-on-invalid-jsn')).toBe(false);
    expect(faultIs('crash-on-invalid-json', 'crash-on-invalid-json')).toBe(true);
    // @ts-expect-error: no such fault
    const misspelt = { 'errors/parse-error': { fault: 'no-parse-eror', expect: 'fail' } } satisfies AreaProofs;
    expect(misspelt).toBeDefined();
  });
});
