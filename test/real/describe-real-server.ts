// One describe block per real server: start it once (HTTP) or prepare it (stdio), run the whole
// default suite, and pin the exact failing and warning check ids from expected.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED } from './expected.js';
import { comparable, findingsOf, runSuite } from './findings.js';
import { hasDestructiveTool, startRealServer, type RealServer, type StartedTarget } from './real-servers.js';

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
        // Run by run: a dual-era server's initialize era is pinned apart (initializeEra).
        const found = findingsOf(await runSuite(started!, expected.requested, expected.callTools), expected);
        const hint = `sets changed: see \`npx tsx test/real/print-expected.ts --details ${name}\` and README.md`;
        expect(found, hint).toEqual(comparable(expected));
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
