// Extracts the requirement ids of the catalog (spec/server-requirements.md) with their level,
// kind and revisions — data only, none of the catalog's sentences — into
// schemas/requirements.json, so `mcp-conform list --coverage` works without ../shared.
// Usage: tsx scripts/generate-requirements.ts [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const catalog = join(root, '..', 'shared', 'spec', 'server-requirements.md');
const out = join(root, 'schemas', 'requirements.json');

export interface Requirement {
  id: string;
  area: string;
  level: string;
  kind: string;
  versions: string;
}

export function parseCatalog(text: string): Requirement[] {
  const rows: Requirement[] = [];
  for (const line of text.split('\n')) {
    const m = /^\| ([A-Z0-9]+)-(\d+) \| ([^|]+) \| ([^|]+) \|(?:[^|]*\|){2} ([^|]+) \|/.exec(line);
    if (!m) continue;
    rows.push({ id: `${m[1]}-${m[2]}`, area: m[1], level: m[3].trim(), kind: m[4].trim(), versions: m[5].trim() });
  }
  return rows;
}

if (!existsSync(catalog)) {
  console.error(`generate-requirements: ${catalog} not found (is ../shared beside the clone?)`);
  process.exit(2);
}
const text = JSON.stringify(parseCatalog(readFileSync(catalog, 'utf8')), null, 1) + '\n';
if (process.argv.includes('--check')) {
  if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
    console.error('schemas/requirements.json is stale: run npm run requirements');
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
