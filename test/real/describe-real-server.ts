// One describe block per real server: start it once (HTTP) or prepare it (stdio), run the whole
// default suite, and pin the exact failing and warning check ids from expected.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED } from './expected.js';
import { BUILT_ON } from './frameworks.js';
import { FRAMEWORKS } from '../../src/attribution/index.js';
import { comparable, findingsOf, runSuite } from './findings.js';
import { hasDestructiveTool, startRealServer, type RealServer, type StartedTarget } from './real-servers.js';

const frameworkName = (id: string) => FRAMEWORKS.find((f) => f.id === id)?.name;

/** A whole suite run takes up to ~30 s on two busy cores (the suite's own waits dominate). */
const RUN_TIMEOUT_MS = 120_000;

/** `unavailable`: why this machine cannot run the server (the block is skipped, saying so). */
export function describeRealServer(name: RealServer, unavailable?: string): void {
  const title = `${name}: the whole default suite`;
  if (unavailable) {
    describe.skip(`${title} (skipped: ${unavailable})`, () => it('needs the server', () => undefined));
    return;
  }
  describe(title, () => {
    let started: StartedTarget | undefined;
    beforeAll(async () => {
      started = await startRealServer(name);
    });
    afterAll(async () => {
      await started?.stop();
    });

    it(
      'fails and warns on exactly the check ids in expected.ts',
      async () => {
        const expected = EXPECTED[name];
        const report = await runSuite(started!, expected.requested, expected.callTools);
        // Run by run: a dual-era server's initialize era is pinned apart (initializeEra).
        const found = findingsOf(report, expected);
        const hint = `sets changed: see \`npx tsx test/real/print-expected.ts --details ${name}\` and README.md`;
        expect(found, hint).toEqual(comparable(expected));
        // The run of the era pinned first recognised the framework from the server's own behaviour, and said so on exactly the inherited failures.
        const first = report.runs?.[0] ?? report;
        const attributed = first.checks.filter((c) => c.status === 'fail' && c.attribution).map((c) => c.id).filter((id) => !expected.unstable?.includes(id));
        expect({ framework: first.framework?.name, attributed: attributed.sort() }, 'src/attribution/frameworks.ts and frameworks.ts here').toEqual({
          framework: frameworkName(BUILT_ON[name].framework),
          attributed: [...BUILT_ON[name].inherited].sort(),
        });
      },
      RUN_TIMEOUT_MS,
    );

    // Runs after the suite above (tests in a file run in order): the suite calls readOnlyHint tools only.
    if (hasDestructiveTool(name)) {
      it('never called the destructiveHint tool', () => {
        expect(started!.destructiveCall!()).toBeUndefined();
      });
    }
  });
}
