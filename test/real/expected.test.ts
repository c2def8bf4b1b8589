// The pinned sets stay documented: every failing or warning id has a reason, and no reason
// is left over for an id that no longer fails or warns.
import { describe, expect, it } from 'vitest';
import { EXPECTED } from './expected.js';
import { undocumented } from './findings.js';
import { REAL_SERVERS } from './real-servers.js';

describe('expected.ts', () => {
  it('has an entry for every real server', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...REAL_SERVERS].sort());
  });

  it.each(REAL_SERVERS)('%s: a reason for each fail/warn id, none stale, none TODO (each era)', (name) => {
    const entry = EXPECTED[name];
    for (const e of [entry, ...(entry.initializeEra ? [entry.initializeEra] : [])]) {
      expect(undocumented(e)).toEqual({ missing: [], stale: [] });
      expect(Object.values(e.why).filter((reason) => reason.startsWith('TODO'))).toEqual([]);
      expect(e.fail.filter((id) => e.warn.includes(id))).toEqual([]);
    }
  });
});
