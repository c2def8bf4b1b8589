// Requirement coverage, computed from the checks' cited ids against the catalog's id list
// (schemas/requirements.json, generated from the catalog) and the untestable list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Check } from '../checks/index.js';
import { packageRoot } from '../schema/package-root.js';
import { UNTESTABLE } from '../../suites/untestable.js';

interface Requirement {
  id: string;
  area: string;
}

export interface AreaCoverage {
  area: string;
  total: number;
  covered: string[];
  untestable: { id: string; reason: string }[];
  missing: string[];
}

export function coverage(checks: readonly Check[]) {
  const catalog = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'requirements.json'), 'utf8')) as Requirement[];
  const cited = new Set(checks.flatMap((c) => c.requirements));
  const areas: AreaCoverage[] = [];
  for (const r of catalog) {
    let a = areas.find((x) => x.area === r.area);
    if (!a) areas.push((a = { area: r.area, total: 0, covered: [], untestable: [], missing: [] }));
    a.total++;
    if (cited.has(r.id)) a.covered.push(r.id);
    else if (UNTESTABLE[r.id]) a.untestable.push({ id: r.id, reason: UNTESTABLE[r.id] });
    else a.missing.push(r.id);
  }
  const sum = (f: (a: AreaCoverage) => number) => areas.reduce((n, a) => n + f(a), 0);
  return { areas, total: catalog.length, covered: sum((a) => a.covered.length), untestable: sum((a) => a.untestable.length), missing: sum((a) => a.missing.length) };
}
