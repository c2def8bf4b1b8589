// Fuzz throughput: cases per second of each fuzz campaign against our fixture over stdio (and,
// with --everything, against server-everything). Prints a table; asserts nothing.
// Usage: npm run build && npx tsx bench/fuzz.ts [--seconds N] [--everything]
// bench/index.ts imports measureFuzz for the combined table.
import { join } from 'node:path';
import type fc from 'fast-check';
import { runCampaign } from '../src/fuzz/campaign.js';
import { validTrafficArbitrary } from '../src/fuzz/request-cases.js';
import { toolCaseArbitrary } from '../src/fuzz/tool-cases.js';
import type { CaseSpec } from '../src/fuzz/wire-case.js';
import { malformedCaseArbitrary } from '../src/fuzz/wire-strategies.js';
import { loadSchemaSet } from '../src/schema/index.js';
import { initialize, openSession, type Session } from '../src/session/index.js';
import { fixtureFacts, REVISION } from '../test/fuzz/campaign-fixture.js';
import { fixtureCommand } from '../test/fixtures/launch.js';
import { isMain } from './is-main.js';

const root = join(import.meta.dirname, '..');

export const FUZZ_TARGETS: Record<string, string[]> = {
  fixture: fixtureCommand(),
  'server-everything': ['node', join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};

const set = loadSchemaSet(REVISION);
type Facts = Awaited<ReturnType<typeof fixtureFacts>>;
const campaigns: Record<string, (facts: Facts) => fc.Arbitrary<CaseSpec> | undefined> = {
  'malformed-messages': ({ inventory }) => malformedCaseArbitrary({ set, inventory }),
  'valid-requests': ({ inventory }) => validTrafficArbitrary(set, inventory),
  'tool-arguments': ({ callable }) => (callable.length ? toolCaseArbitrary(callable, REVISION) : undefined),
};

export interface FuzzRow {
  target: string;
  campaign: string;
  cases: number;
  /** Cases per second of search (wall clock; shrinking not counted). */
  casesPerSecond: number;
  /** This process's CPU per case, µs: the client's cost, whatever the server takes. */
  clientCpuMicrosPerCase: number;
  failures: number;
}

/** Each campaign for `seconds` of search against each target, one fresh server per campaign. */
export async function measureFuzz(
  targets: Record<string, string[]>,
  seconds: number,
  onRow?: (row: FuzzRow) => void,
): Promise<FuzzRow[]> {
  const rows: FuzzRow[] = [];
  for (const [target, command] of Object.entries(targets)) {
    for (const [campaign, build] of Object.entries(campaigns)) {
      const opened: Session[] = [];
      const connect = async () => {
        const s = await openSession({ transport: 'stdio', command }, { revision: REVISION, requestTimeoutMs: 5000 });
        opened.push(s);
        await initialize(s, { protocolVersion: REVISION, capabilities: {} });
        return s;
      };
      try {
        const first = await connect();
        const cases = build(await fixtureFacts(first));
        if (!cases) continue;
        const cpu = process.cpuUsage();
        const r = await runCampaign({
          tag: 'bench',
          cases,
          seed: 1,
          runs: Number.MAX_SAFE_INTEGER,
          searchMs: seconds * 1000,
          shrinkMs: 10_000,
          caseTimeoutMs: 2000,
          softTimeoutMs: 500,
          maxFailures: 3,
          maxRestarts: 5,
          oracle: { crashRequirement: '-', hangRequirement: '-', caseTimeoutMs: 2000 },
          signal: new AbortController().signal,
          first,
          connect,
        });
        const used = process.cpuUsage(cpu);
        const row: FuzzRow = {
          target,
          campaign,
          cases: r.cases,
          casesPerSecond: (r.cases / Math.max(1, r.searchMs)) * 1000,
          clientCpuMicrosPerCase: r.cases ? (used.user + used.system) / r.cases : 0,
          failures: r.failures.length,
        };
        rows.push(row);
        onRow?.(row);
      } finally {
        await Promise.all(opened.map((s) => s.close().catch(() => undefined)));
      }
    }
  }
  return rows;
}

async function main() {
  const arg = (name: string) => process.argv.indexOf(name);
  const seconds = arg('--seconds') > 0 ? Number(process.argv[arg('--seconds') + 1]) : 5;
  const targets = arg('--everything') > 0 ? FUZZ_TARGETS : { fixture: FUZZ_TARGETS.fixture };
  console.log(
    `target              campaign              cases   cases/s  client CPU µs/case  failures  (${seconds} s of search each; shrinking not counted)`,
  );
  await measureFuzz(targets, seconds, (r) =>
    console.log(
      `${r.target.padEnd(19)} ${r.campaign.padEnd(20)} ${String(r.cases).padStart(6)}  ${String(Math.round(r.casesPerSecond)).padStart(8)}  ${String(Math.round(r.clientCpuMicrosPerCase)).padStart(18)}  ${String(r.failures).padStart(8)}`,
    ),
  );
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
