// Slow is not broken, on a real server (issue 28 item 5): server-everything over stdio gets the
// same status for every check, fuzz checks included, with both cores kept busy by a CPU burner of
// the test's own as on a quiet machine. Checks that differ once are run again, quiet then busy:
// only a difference that stays counts (same-statuses.ts). A mismatch prints both runs' messages.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { runAgainstFixture } from '../suites/harness.js';
import { lastingDifferences } from '../suites/same-statuses.js';
import { startRealServer } from './real-servers.js';

const burners: ChildProcess[] = [];

function burnCores(): void {
  for (let i = 0; i < Math.max(2, availableParallelism()); i++) burners.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

function stopBurning(): void {
  for (const b of burners.splice(0)) b.kill('SIGKILL');
}

afterEach(stopBurning);

describe('server-everything on a busy machine', () => {
  it('gets the statuses of a quiet run, check by check', async () => {
    const started = await startRealServer('everything/stdio');
    try {
      const run = (only?: string[]) => runAgainstFixture({ target: started.target, only });
      const quietThenBusy = async (only?: string[]): Promise<readonly [Report, Report]> => {
        stopBurning();
        const quiet = await run(only);
        burnCores();
        try {
          return [quiet, await run(only)] as const;
        } finally {
          stopBurning();
        }
      };
      const [quiet, busy] = await quietThenBusy();
      expect(busy.summary.total).toBe(quiet.summary.total);
      const graded = (d: string) => !/: (pass → info|info → pass):/.test(d);
      expect((await lastingDifferences(quiet, busy, quietThenBusy)).filter(graded)).toEqual([]);
    } finally {
      await started.stop();
    }
  }, 480_000);
});
