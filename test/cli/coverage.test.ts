// `list --coverage` is computed from the checks' cited ids and the catalog's id list.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCheck } from '../../src/checks/index.js';
import { coverage } from '../../src/cli/coverage.js';
import { allChecks } from '../../suites/index.js';
import { UNTESTABLE } from '../../suites/untestable.js';
import { SHARED_CATALOG, skipReason } from '../prerequisites.js';
import { ROOT } from './run-cli.js';


describe('requirement coverage', () => {
  it('counts a cited id as covered and an uncited one as missing', () => {
    const one = defineCheck({ id: 'x/y', title: 't', level: 'MUST', requirements: ['RPC-2'], spec: 'basic', run: async (c) => c.pass() });
    const c = coverage([one]);
    const rpc = c.areas.find((a) => a.area === 'RPC')!;
    expect(rpc.covered).toEqual(['RPC-2']);
    expect(rpc.missing).toContain('RPC-1');
    expect(c.total).toBe(353);
    expect(c.covered + c.untestable + c.missing).toBe(c.total);
  });

  it('every id the suites cite exists in the catalog, and untestable ones are not also checked', () => {
    const c = coverage(allChecks);
    const known = new Set(c.areas.flatMap((a) => [...a.covered, ...a.missing, ...a.untestable.map((u) => u.id)]));
    const cited = [...new Set(allChecks.flatMap((x) => x.requirements))];
    expect(cited.filter((id) => !known.has(id))).toEqual([]);
    expect(Object.keys(UNTESTABLE).filter((id) => cited.includes(id))).toEqual([]);
  });

  it.skipIf(!SHARED_CATALOG.present)(`schemas/requirements.json matches the catalog${skipReason(SHARED_CATALOG)}`, () => {
    execFileSync('node', ['--import', 'tsx', join(ROOT, 'scripts', 'generate-requirements.ts'), '--check'], { cwd: ROOT, timeout: 60_000 });
  });
});
