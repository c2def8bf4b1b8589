// The built CLI bundle is ASCII-only (scripts/finish-build.mjs): V8 keeps a script's source for the
// whole run, and one character beyond Latin-1 doubles it (2 MB of one-byte text become 4 MB).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('dist/cli-bundle.cjs', () => {
  it('holds no character beyond ASCII', () => {
    const text = readFileSync('dist/cli-bundle.cjs', 'utf8');
    expect(text.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
  });
});
