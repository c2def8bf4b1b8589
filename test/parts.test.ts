// The parts of the test suite (vitest.config.ts) stay true to the files: each named file exists,
// so a renamed test cannot drop out of its part into the inner loop or out of CI unnoticed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARTS } from '../vitest.config.js';

/** `dir/{a,b}.test.ts` → `dir/a.test.ts`, `dir/b.test.ts`; a pattern with `*` is left to vitest. */
function namedFiles(glob: string): string[] {
  const brace = /^(.*)\{([^}]*)\}(.*)$/.exec(glob);
  if (brace) return brace[2].split(',').map((name) => `${brace[1]}${name}${brace[3]}`);
  return glob.includes('*') ? [] : [glob];
}

/** Every test file under test/, as a path from the repository root. */
function testFiles(dir = 'test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
}

/** What starts a process in our tests: the fixture server or client, the CLI, a browser, a child. */
const STARTS_A_PROCESS = /\b(execa|spawn|fixtureCommand|startHttpFixture|runAgainst\w*|runCli|chromium)\(/;

describe('the test parts', () => {
  it('name only files that exist', () => {
    const missing = Object.values(PARTS).flat().flatMap(namedFiles).filter((f) => !existsSync(f));
    expect(missing).toEqual([]);
  });

  it('leave to the inner loop only files that start no process', () => {
    const named = new Set(Object.values(PARTS).flat().flatMap(namedFiles));
    const unit = testFiles().filter((f) => !named.has(f) && !f.startsWith('test/real/'));
    expect(unit.filter((f) => STARTS_A_PROCESS.test(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('never name a file twice', () => {
    const named = Object.values(PARTS).flat().flatMap(namedFiles);
    expect(named.filter((f, i) => named.indexOf(f) !== i)).toEqual([]);
  });
});
