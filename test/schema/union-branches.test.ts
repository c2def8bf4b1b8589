// The fuzzer's mutations ask the registry for union branches by pointer
// (CompleteRequestParams.json#/properties/ref/anyOf/0). A branch that only names another file
// must be that file's validator, not one compiled afresh on every run.
import { describe, expect, it } from 'vitest';
import { loadSchemaSet } from '../../src/schema/registry.js';
import { REVISIONS } from '../../src/schema/index.js';

/** Every `anyOf`/`oneOf` branch of the revision's files that is exactly `{ "$ref": "X.json" }`, with X. */
function pureRefBranches(files: ReadonlyMap<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, file: string, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, file, `${pointer}/${i}`));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
        value.forEach((branch, i) => {
          const keys = branch && typeof branch === 'object' ? Object.keys(branch) : [];
          if (keys.length === 1 && typeof branch.$ref === 'string') out.push([`${file}#${at}/${i}`, branch.$ref]);
        });
      }
      walk(value, file, at);
    }
  };
  for (const [file, schema] of files) walk(schema, file, '');
  return out;
}

describe('union branches that only name another file', () => {
  for (const revision of REVISIONS) {
    it(`${revision}: are checked by that file's own validators`, () => {
      const set = loadSchemaSet(revision);
      const branches = pureRefBranches(set.files);
      expect(branches.length).toBeGreaterThan(0);
      for (const [branch, target] of branches) {
        expect(set.check(branch), branch).toBe(set.check(target));
        expect(set.get(branch), branch).toBe(set.get(target));
      }
    });
  }

  it('judge as the named file does', () => {
    const set = loadSchemaSet('2025-11-25');
    const branch = set.check('CompleteRequestParams.json#/properties/ref/anyOf/0');
    expect(branch({ type: 'ref/prompt', name: 'greet' })).toBe(true);
    expect(branch({ type: 'ref/prompt' })).toBe(false);
  });
});
