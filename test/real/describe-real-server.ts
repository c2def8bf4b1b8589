// One describe block per real server: start it once (HTTP) or prepare it (stdio), run the whole
// default suite, and pin the exact failing and warning check ids from expected.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED } from './expected.js';
import { BUILT_ON } from './frameworks.js';
import { FRAMEWORKS } from '../../src/attribution/index.js';
import { findingsOf, runSuite } from './findings.js';
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
        const { protocolVersion, fail, warn, requested, callTools, unstable } = EXPECTED[name];
        const report = await runSuite(started!, requested, callTools);
        const found = findingsOf(report, unstable);
        const hint = `sets changed: see \`npx tsx test/real/print-expected.ts --details ${name}\` and README.md`;
        expect(found, hint).toEqual({ protocolVersion, fail, warn });
        // The run recognised the framework from the server's own behaviour, and said so on exactly the inherited failures.
        const attributed = report.checks.filter((c) => c.status === 'fail' && c.attribution).map((c) => c.id).filter((id) => !unstable?.includes(id));
        expect({ framework: report.framework?.name, attributed: attributed.sort() }, 'src/attribution/frameworks.ts and frameworks.ts here').toEqual({
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
