// The committed generated files are fresh: schemas/<revision>/ equals a regeneration from the
// official schema.json (in memory, with scripts/schema-split.ts), and src/schema/types/*.ts
// equal what scripts/generate-types.ts would write.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { buildRevision, REVISIONS as SPLIT_REVISIONS } from '../../scripts/schema-split.js';
import { REVISIONS } from '../../src/schema/index.js';
import { OFFICIAL_ABSENT_REASON, OFFICIAL_PRESENT, REPO_ROOT, officialSchema } from './support.js';

const TYPES_CHECK_TIMEOUT_MS = 90_000;

if (!OFFICIAL_PRESENT) console.warn(`[test/schema/generated] ${OFFICIAL_ABSENT_REASON}`);

/** File names under schemas/<revision>/ that differ from a fresh generation, are missing, or should not exist. */
function staleFiles(revision: (typeof SPLIT_REVISIONS)[number], official = officialSchema(revision)): string[] {
  const fresh = buildRevision(revision, official as never);
  const dir = join(REPO_ROOT, 'schemas', revision);
  const committed = new Set(readdirSync(dir).filter((f) => f.endsWith('.json')));
  const stale: string[] = [];
  for (const [name, text] of fresh) {
    if (!committed.has(name)) stale.push(`${revision}/${name} (missing)`);
    else if (readFileSync(join(dir, name), 'utf8') !== text) stale.push(`${revision}/${name}`);
  }
  for (const name of committed) if (!fresh.has(name)) stale.push(`${revision}/${name} (should not exist)`);
  return stale;
}

describe('generated files', () => {
  it('the generator and the validator know the same revisions', () => {
    expect([...SPLIT_REVISIONS]).toEqual([...REVISIONS]);
  });

  describe.skipIf(!OFFICIAL_PRESENT)(`schemas/ match a regeneration from the official schema.json${OFFICIAL_PRESENT ? '' : ` — ${OFFICIAL_ABSENT_REASON}`}`, () => {
    for (const revision of SPLIT_REVISIONS) {
      it(`${revision}: no stale file (run npm run schemas if this fails)`, () => {
        expect(staleFiles(revision)).toEqual([]);
      });
    }

    it('names the stale files when the official schema changes', () => {
      const official = structuredClone(officialSchema('2025-11-25')) as { $defs: Record<string, Record<string, unknown>> };
      delete official.$defs.Icon;
      official.$defs.Root = { ...official.$defs.Root, required: ['uri', 'name'] };
      // Refs to Icon elsewhere are left as they are: only its own file goes away.
      expect(staleFiles('2025-11-25', official)).toEqual(['2025-11-25/Root.json', '2025-11-25/Icon.json (should not exist)']);
    });
  });

  it(
    'src/schema/types/*.ts are fresh (generate-types --check)',
    async () => {
      // tsx as an in-process loader: one child process, killed whole on timeout.
      const run = await execa(process.execPath, ['--import', 'tsx', 'scripts/generate-types.ts', '--check'], {
        cwd: REPO_ROOT,
        timeout: TYPES_CHECK_TIMEOUT_MS,
        forceKillAfterDelay: 2_000,
        reject: false,
        stdin: 'ignore',
      });
      expect(run.timedOut, 'generate-types --check timed out').toBe(false);
      expect(run.exitCode, `stale types (run npm run types):\n${run.stderr}`).toBe(0);
      expect(run.stdout).toBe('');
    },
    TYPES_CHECK_TIMEOUT_MS + 10_000,
  );
});
