// The client checks cite requirement ids that exist in spec/client-requirements.md, with a level
// that agrees with their rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClientCatalog } from '../../src/client/catalog.js';
import { clientChecks } from '../../suites/client/index.js';
import { REPO_ROOT } from '../schema/support.js';

const rows = parseClientCatalog(readFileSync(join(REPO_ROOT, 'spec', 'client-requirements.md'), 'utf8'));

describe('the client requirement catalog', () => {
  it('parses, one row per id', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) expect(['N', 'S', 'J', 'D']).toContain(r.kind);
  });

  it('holds every id a client check cites', () => {
    const ids = new Set(rows.map((r) => r.id));
    const missing = clientChecks.flatMap((c) => c.requirements.filter((id) => !ids.has(id)).map((id) => `${c.id}: ${id}`));
    expect(missing).toEqual([]);
  });

  it("gives each check the level of its first requirement's row", () => {
    const level = (row: string) => (row.startsWith('MUST') ? 'MUST' : row.startsWith('SHOULD') ? 'SHOULD' : 'MAY');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const wrong = clientChecks.filter((c) => level(byId.get(c.requirements[0])!.level) !== c.level).map((c) => c.id);
    expect(wrong).toEqual([]);
  });
});
