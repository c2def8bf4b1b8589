// The parts of the test suite (vitest.config.ts) stay true to the files: each named file exists,
// so a renamed test cannot drop out of its part into the inner loop or out of CI unnoticed.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARTS } from '../vitest.config.js';

/** `dir/{a,b}.test.ts` → `dir/a.test.ts`, `dir/b.test.ts`; a pattern with `*` is left to vitest. */
function namedFiles(glob: string): string[] {
  const brace = /^(.*)\{([^}]*)\}(.*)$/.exec(glob);
  if (brace) return brace[2].split(',').map((name) => `${brace[1]}${name}${brace[3]}`);
  return glob.includes('*') ? [] : [glob];
}

describe('the test parts', () => {
  it('name only files that exist', () => {
    const missing = Object.values(PARTS).flat().flatMap(namedFiles).filter((f) => !existsSync(f));
    expect(missing).toEqual([]);
  });

  it('never name a file twice', () => {
    const named = Object.values(PARTS).flat().flatMap(namedFiles);
    expect(named.filter((f, i) => named.indexOf(f) !== i)).toEqual([]);
  });
});
