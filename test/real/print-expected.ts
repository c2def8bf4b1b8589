// Runs the whole default suite against every real server and prints the current fail/warn
// sets in expected.ts's format, keeping the reasons already written for ids still found
// (new ids get a TODO reason to investigate). Servers not named keep their current entry.
//   npx tsx test/real/print-expected.ts [server...] > /tmp/expected.ts
//   --details   also print each fail/warn message and evidence summary to stderr
import type { Report } from '../../src/checks/types.js';
import { EXPECTED } from './expected.js';
import { findingsOf, runRealServer, type EraExpected, type EraFindings, type Expected } from './findings.js';
import { REAL_SERVERS, type RealServer } from './real-servers.js';

const TODO = 'TODO: investigate (genuine finding or a bug of ours?)';
const PARALLEL = 2; // the machine has two cores

const args = process.argv.slice(2);
const details = args.includes('--details');
const picked = args.filter((a) => !a.startsWith('--'));
for (const name of picked) {
  if (!(REAL_SERVERS as readonly string[]).includes(name)) throw new Error(`unknown server ${name}; one of ${REAL_SERVERS.join(', ')}`);
}
const names = (picked.length > 0 ? picked : REAL_SERVERS) as RealServer[];

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The entry for a server: the sets just found, the reasons already written (or TODO), run by run. */
function fresh(name: RealServer, report: Report): Expected {
  const pinned = (EXPECTED as Partial<Record<RealServer, Expected>>)[name];
  const { initializeEra, ...found } = findingsOf(report, pinned ?? {});
  const requested = pinned?.requested;
  return {
    ...freshEra(found, pinned),
    ...(requested ? { requested } : {}),
    ...(initializeEra ? { initializeEra: freshEra(initializeEra, pinned?.initializeEra) } : {}),
  };
}

function freshEra(found: EraFindings, pinned: EraExpected | undefined): EraExpected {
  const unstable = pinned?.unstable ?? [];
  const known = pinned?.why ?? {};
  const ids = [...new Set([...found.fail, ...found.warn, ...unstable])].sort();
  return { ...found, ...(unstable.length ? { unstable } : {}), why: Object.fromEntries(ids.map((id) => [id, known[id] ?? TODO])) };
}

function render(name: RealServer, e: Expected): string {
  return [
    `  ${quote(name)}: {`,
    ...(e.requested ? [`    requested: ${quote(e.requested)},`] : []),
    ...eraLines(e, '    '),
    ...(e.initializeEra ? ['    initializeEra: {', ...eraLines(e.initializeEra, '      '), '    },'] : []),
    `  },`,
  ].join('\n');
}

function eraLines(e: EraExpected, pad: string): string[] {
  const ids = (list: string[]) => (list.length === 0 ? '[]' : `[\n${list.map((id) => `${pad}  ${quote(id)},\n`).join('')}${pad}]`);
  const why = Object.entries(e.why).map(([id, reason]) => `${pad}  ${quote(id)}:\n${pad}    ${quote(reason)},\n`).join('');
  return [
    `${pad}protocolVersion: ${quote(e.protocolVersion)},`,
    `${pad}fail: ${ids(e.fail)},`,
    `${pad}warn: ${ids(e.warn)},`,
    ...(e.unstable ? [`${pad}unstable: ${ids(e.unstable)},`] : []),
    `${pad}why: {${why === '' ? '},' : `\n${why}${pad}},`}`,
  ];
}

function printDetails(name: RealServer, report: Report): void {
  for (const run of report.runs ?? [report]) {
    for (const c of run.checks) {
      if (c.status !== 'fail' && c.status !== 'warn') continue;
      process.stderr.write(`\n[${name}${report.runs ? ` ${run.protocolVersion}` : ''}] ${c.status} ${c.id} (${c.requirements.join(', ')}): ${c.message ?? ''}\n`);
      for (const e of c.evidence) process.stderr.write(`    ${JSON.stringify(e).slice(0, 600)}\n`);
    }
  }
}

const reports = new Map<RealServer, Report>();
const queue = [...names];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const started = Date.now();
      const report = await runRealServer(name);
      process.stderr.write(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s, ${report.summary.fail} fail, ${report.summary.warn} warn\n`);
      reports.set(name, report);
    }
  }),
);

if (details) for (const name of names) printDetails(name, reports.get(name)!);

process.stdout.write(
  [
    '// The exact failing and warning check ids each real server gets from the whole default suite,',
    '// with the reason for each. Regenerate with `npx tsx test/real/print-expected.ts > /tmp/e.ts`,',
    '// then investigate every TODO before copying it here (see README.md in this folder).',
    "import type { Expected } from './findings.js';",
    "import type { RealServer } from './real-servers.js';",
    '',
    'export const EXPECTED: Record<RealServer, Expected> = {',
    // Servers not run this time keep their entry as it is.
    ...REAL_SERVERS.flatMap((name) => {
      const e = reports.has(name) ? fresh(name, reports.get(name)!) : (EXPECTED as Partial<Record<RealServer, Expected>>)[name];
      return e ? [render(name, e)] : [];
    }),
    '};',
    '',
  ].join('\n'),
);
