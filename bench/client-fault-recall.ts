// Fault recall, both ways (issue 33, item 4): each fault of our fixture client
// (test/fixtures/client-faults.ts) run through the official suite's client scenarios and through
// `mcp-conform client`. A suite catches a fault when a check that passed on the conformant fixture
// client fails or warns with the fault (for the official suite also: the client's exit code, which
// its runner counts against a scenario). Prints a Markdown table and the counts; asserts nothing.
// The official side runs its own way (every 2025-11-25 scenario at once, one start of its CLI);
// with --confirm what it catches is confirmed by running those scenarios again one at a time, on
// the conformant client and on the faulty one: a finding load alone produced (a flow that did not
// finish in time on a busy machine) is then dropped, and said so. Each start of its CLI costs
// 12-15 s on a busy machine, so --confirm makes a fault take minutes.
// Usage: npm run build && npx tsx bench/client-fault-recall.ts [--confirm] [--fault F]...
import { CLIENT_FAULTS } from '../test/fixtures/client-faults.js';
import { isMain } from './is-main.js';
import { judged, messageOf, runOfficialScenarios, runOfficialSuite, type OfficialResult } from './official-client.js';
import { runOursOnClient, type OurResult } from './ours-client.js';
import { FIXTURE_CLIENT } from './vs-official-client.js';
import { officialTool, type OfficialTool } from './vs-official.js';

export interface Recall {
  fault: string;
  official: string[];
  ours: string[];
}

const key = (o: OfficialResult, id: string) => `${o.scenario}:${id}`;

/** The official findings of `run` that the baseline had not: `scenario:check` (message), or the client's exit. */
function officialCaught(base: OfficialResult[], run: OfficialResult[]): string[] {
  const before = new Set(base.flatMap((o) => o.checks.filter(judged).map((c) => key(o, c.id))));
  const found: string[] = [];
  for (const o of run) {
    for (const c of o.checks.filter(judged)) if (!before.has(key(o, c.id))) found.push(`${key(o, c.id)} ${c.status} (${messageOf(c).slice(0, 90)})`);
    const exitBefore = base.find((b) => b.scenario === o.scenario)?.clientExit ?? 0;
    if ((o.clientExit ?? 0) !== 0 && exitBefore === 0 && !o.checks.some(judged)) found.push(`${o.scenario}: client exit ${o.clientExit}`);
  }
  return [...new Set(found)];
}

function oursCaught(base: OurResult, run: OurResult): string[] {
  const bad = (s: string) => s === 'fail' || s === 'warn';
  const before = new Set(base.checks.filter((c) => bad(c.status)).map((c) => c.id));
  return run.checks.filter((c) => bad(c.status) && !before.has(c.id)).map((c) => `${c.id} ${c.status}`);
}

const REVISION = '2025-11-25';
const scenarioOf = (finding: string) => finding.split(/[: ]/)[0];

/** Its findings on `command` that hold when their scenarios run again one at a time, beside the conformant client. */
async function confirmed(tool: OfficialTool, command: string[], found: string[]): Promise<{ kept: string[]; dropped: number }> {
  const scenarios = [...new Set(found.map(scenarioOf))];
  if (scenarios.length === 0) return { kept: [], dropped: 0 };
  const [base, run] = await Promise.all([runOfficialScenarios(tool, FIXTURE_CLIENT, scenarios, 1), runOfficialScenarios(tool, command, scenarios, 1)]);
  const again = new Set(officialCaught(base, run).map((f) => f.split(' ')[0]));
  const kept = found.filter((f) => again.has(f.split(' ')[0]));
  return { kept, dropped: found.length - kept.length };
}

export async function measureRecall(tool: OfficialTool, faults: string[], confirm: boolean, progress: (t: string) => void, onRow: (r: Recall) => void = () => undefined): Promise<{ recalls: Recall[]; dropped: number; officialMs: number[]; oursMs: number[] }> {
  progress(`the conformant fixture client: the official ${REVISION} scenarios, then ours`);
  const officialBase = (await runOfficialSuite(tool, FIXTURE_CLIENT, REVISION)).results;
  const oursBase = await runOursOnClient(FIXTURE_CLIENT);
  const recalls: Recall[] = [];
  const officialMs: number[] = [];
  const oursMs: number[] = [];
  let dropped = 0;
  for (const fault of faults) {
    progress(`--fault ${fault} (${recalls.length + 1}/${faults.length})`);
    const command = [...FIXTURE_CLIENT, '--fault', fault];
    const [official, ours] = await Promise.all([runOfficialSuite(tool, command, REVISION), runOursOnClient(command)]);
    officialMs.push(official.wallMs);
    oursMs.push(ours.wallMs);
    const found = officialCaught(officialBase, official.results);
    const check = confirm ? await confirmed(tool, command, found) : { kept: found, dropped: 0 };
    dropped += check.dropped;
    recalls.push({ fault, official: check.kept, ours: oursCaught(oursBase, ours) });
    onRow(recalls.at(-1)!);
  }
  return { recalls, dropped, officialMs, oursMs };
}

const RECALL_HEADER = ['| fixture client fault | official suite | mcp-conform client |', '| --- | --- | --- |'];
const cell = (xs: string[]) => (xs.length ? xs.join('<br>') : '**missed**');
const recallRow = (r: Recall) => `| \`${r.fault}\` | ${cell(r.official)} | ${cell(r.ours)} |`;

export function recallTable(recalls: Recall[]): string[] {
  const lines = [...RECALL_HEADER, ...recalls.map(recallRow)];
  const n = recalls.length;
  lines.push(`| caught | ${recalls.filter((r) => r.official.length).length} of ${n} | ${recalls.filter((r) => r.ours.length).length} of ${n} |`);
  return lines;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const named = argv.flatMap((a, i) => (argv[i - 1] === '--fault' ? [a] : []));
  const faults = named.length ? named : Object.keys(CLIENT_FAULTS);
  const progress = (text: string) => process.stderr.write(`… ${new Date().toISOString().slice(11, 19)} ${text}\n`);
  const tool = await officialTool();
  if (typeof tool === 'string') {
    console.log(`official suite fault recall skipped: ${tool}`);
    return;
  }
  // Each row as soon as its fault is done (a run of all of them takes most of an hour on a busy machine), then the whole table.
  console.log(RECALL_HEADER.join('\n'));
  const { recalls, dropped, officialMs, oursMs } = await measureRecall(tool, faults, argv.includes('--confirm'), progress, (r) => console.log(recallRow(r)));
  console.log(`\n${recallTable(recalls).join('\n')}`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] / 1000;
  if (argv.includes('--confirm')) console.log(`\nOfficial findings dropped as load alone (not found again one scenario at a time): ${dropped}.`);
  console.log(`Median wall per fault: official ${median(officialMs).toFixed(1)} s (its ${REVISION} scenarios at once), ours ${median(oursMs).toFixed(1)} s (side by side with it).`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
