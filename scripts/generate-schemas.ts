// Splits the official per-revision MCP schema into one file per definition under
// schemas/<revision>/, drops prose (descriptions), rewrites refs to point at sibling
// files, and writes an index mapping each method to its schemas and direction.
// Usage: tsx scripts/generate-schemas.ts [--check] [--spec <dir>] [--out <dir>]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildRevision, REVISIONS } from './schema-split.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const root = resolve(import.meta.dirname, '..');
const specDir = resolve(arg('--spec') ?? join(root, '..', 'shared', 'spec', 'schema'));
const outDir = resolve(arg('--out') ?? join(root, 'schemas'));
const check = process.argv.includes('--check');

if (!existsSync(specDir)) {
  console.error(`generate-schemas: official schemas not found at ${specDir} (is ../shared beside the clone?)`);
  process.exit(2);
}

let stale = 0;
for (const revision of REVISIONS) {
  const official = JSON.parse(readFileSync(join(specDir, revision, 'schema.json'), 'utf8'));
  const files = buildRevision(revision, official);
  const dir = join(outDir, revision);
  if (check) {
    const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
    const expected = new Set(files.keys());
    for (const name of present) if (!expected.has(name)) { console.error(`stale: ${revision}/${name} should not exist`); stale++; }
    for (const [name, text] of files) {
      const p = join(dir, name);
      if (!existsSync(p) || readFileSync(p, 'utf8') !== text) { console.error(`stale: ${revision}/${name}`); stale++; }
    }
    continue;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  console.log(`${revision}: ${files.size} files`);
}
if (check) {
  if (stale) { console.error(`${stale} schema file(s) differ from a fresh generation: run npm run schemas`); process.exit(1); }
  console.log('schemas are up to date');
}
