// The framework knowledge (src/attribution/frameworks.ts) and the pinned real-server verdicts
// (expected.ts) say the same: each real server's inherited failures are exactly those the data
// file lists for its framework, and every entry of the data file is pinned on some real server.
// That each run recognises the framework from real behaviour is asserted where the suite runs
// (describe-real-server.ts).
import { describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../src/attribution/index.js';
import { EXPECTED } from './expected.js';
import { BUILT_ON, NOT_PINNABLE, transportOf } from './frameworks.js';
import { REAL_SERVERS, type RealServer } from './real-servers.js';

const known = (framework: string, transport: 'stdio' | 'http') =>
  FRAMEWORKS.find((f) => f.id === framework)!.failures.filter((f) => !f.transports || f.transports.includes(transport)).map((f) => f.check);

describe('src/attribution/frameworks.ts against the pinned real servers', () => {
  it('names a framework of the data file for every real server', () => {
    for (const name of REAL_SERVERS) expect(FRAMEWORKS.map((f) => f.id), name).toContain(BUILT_ON[name].framework);
  });

  it.each(REAL_SERVERS)('%s: the pinned failures the data file attributes are exactly the inherited ones', (name) => {
    const { framework, inherited } = BUILT_ON[name];
    const attributed = EXPECTED[name].fail.filter((id) => known(framework, transportOf(name)).includes(id));
    expect(attributed.sort()).toEqual([...inherited].sort());
  });

  it('has no entry that no pinned real-server failure shows (fuzz/* aside: not pinned)', () => {
    const unmatched = FRAMEWORKS.flatMap((f) =>
      f.failures
        .filter((k) => !NOT_PINNABLE.test(k.check))
        .filter((k) => !(REAL_SERVERS as readonly RealServer[]).some((name) => BUILT_ON[name].framework === f.id && (!k.transports || k.transports.includes(transportOf(name))) && EXPECTED[name].fail.includes(k.check)))
        .map((k) => `${f.id}: ${k.check}${k.transports ? ` (${k.transports.join(', ')})` : ''}`),
    );
    expect(unmatched).toEqual([]);
  });
});
