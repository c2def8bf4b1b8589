// Issue 33, item 4: the official conformance suite's client scenarios and `mcp-conform client` on
// the same client commands (HTTP: the official runner's contract, the URL as last argument and
// MCP_CONFORMANCE_SCENARIO). Prints a Markdown table, official scenario against our checks that
// judge the same obligation, each cell "official / ours", then our checks no official scenario
// judges, then the wall time of each side per client. Asserts nothing; never part of npm test.
// The official suite and Node 22 come from npm into the bench cache (bench/vs-official.ts);
// without a registry the comparison is skipped, saying so.
// The official suite runs its own way (--suite all --spec-version 2025-11-25: every scenario's client
// at once), or with --one-at-a-time one scenario per start of its CLI (--jobs N at a time).
// Usage: npm run build && npx tsx bench/vs-official-client.ts [--one-at-a-time [--jobs N]] [--client NAME] [--fault F]... [--json FILE]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMain } from './is-main.js';
import { applicableAt, listClientScenarios, messageOf, runOfficialScenarios, runOfficialSuite, type OfficialResult } from './official-client.js';
import { runOursOnClient, worstOf, type OurResult } from './ours-client.js';
import { officialTool, type OfficialTool } from './vs-official.js';

const root = join(import.meta.dirname, '..');
export const FIXTURE_CLIENT = [process.execPath, join(root, 'dist/test/fixtures/client.js')];
const REAL = (file: string) => [process.execPath, join(root, 'test/client/real', file)];

/** The clients we pin (docs/client.md), as our tests start them over HTTP. */
export const CLIENTS: Record<string, string[]> = {
  'fixture client': FIXTURE_CLIENT,
  'SDK v1': REAL('sdk-v1-client.mjs'),
  'SDK v2': REAL('sdk-v2-client.mjs'),
  'SDK v1 + OAuth': REAL('sdk-v1-oauth-client.mjs'),
};
const DEFAULT_FAULTS = ['oauth-no-resource', 'resume-without-last-event-id'];

/** Our checks that judge what an official scenario judges (the same obligation, not the same test). */
export const COUNTERPARTS: Record<string, string[]> = {
  initialize: ['client-lifecycle/initialize-first', 'client-lifecycle/initialize-params', 'client-lifecycle/initialized-sent', 'client-messages/schema-valid'],
  'elicitation-sep1034-client-defaults': ['client-elicitation/create'],
  'sse-retry': ['client-http/resume-last-event-id', 'client-http/resume-retry'],
  'auth/metadata-default': ['client-auth/protected-resource-metadata', 'client-auth/authorization-server-metadata', 'client-auth/pkce-s256', 'client-auth/resource-parameter'],
  'auth/metadata-var1': ['client-auth/protected-resource-metadata', 'client-auth/authorization-server-metadata'],
  'auth/metadata-var2': ['client-auth/protected-resource-metadata', 'client-auth/authorization-server-metadata'],
  'auth/metadata-var3': ['client-auth/protected-resource-metadata', 'client-auth/authorization-server-metadata'],
  'auth/scope-from-www-authenticate': ['client-auth/challenged-scope'],
  'auth/scope-step-up': ['client-auth/scope-step-up'],
  'auth/resource-mismatch': ['client-auth/resource-mismatch'],
  'auth/metadata-issuer-mismatch': ['client-auth/issuer-mismatch'],
  'auth/iss-wrong-issuer': ['client-auth/issuer-mismatch'],
};

export interface ClientComparison {
  client: string;
  official: OfficialResult[];
  officialMs: number;
  ours: OurResult;
}

const REVISION = '2025-11-25';

/** Both suites on one client command, one after the other. `oneAtATime`: the official scenarios listed, one per start of its CLI. */
export async function compareOnClient(tool: OfficialTool, client: string, command: string[], oneAtATime?: { scenarios: string[]; jobs: number }): Promise<ClientComparison> {
  let official: OfficialResult[];
  let officialMs: number;
  if (oneAtATime) {
    const t0 = performance.now();
    official = await runOfficialScenarios(tool, command, oneAtATime.scenarios, oneAtATime.jobs);
    officialMs = performance.now() - t0;
  } else ({ results: official, wallMs: officialMs } = await runOfficialSuite(tool, command, REVISION));
  const ours = await runOursOnClient(command);
  return { client, official, officialMs, ours };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The Markdown table: one row per official scenario, then our checks without an official counterpart, then timing. */
export function comparisonTable(runs: ClientComparison[]): string[] {
  const lines = [`| official scenario | our checks | ${runs.map((r) => `${r.client}: official / ours`).join(' | ')} |`, `| --- | --- |${runs.map(() => ' --- |').join('')}`];
  const scenarios = runs[0]?.official.map((o) => o.scenario) ?? [];
  for (const scenario of scenarios) {
    const ids = COUNTERPARTS[scenario] ?? [];
    const cells = runs.map((r) => `${r.official.find((o) => o.scenario === scenario)?.verdict ?? '?'} / ${ids.length ? (worstOf(r.ours.checks, ids) ?? '—') : '—'}`);
    lines.push(`| ${scenario} | ${ids.length ? ids.map((id) => id.replace(/^client-/, '')).join(', ') : '—'} | ${cells.join(' | ')} |`);
  }
  const mapped = new Set(Object.values(COUNTERPARTS).flat());
  const ourIds = [...new Set(runs.flatMap((r) => r.ours.checks.map((c) => c.id)))].filter((id) => !mapped.has(id));
  for (const id of ourIds) lines.push(`| — | ${id.replace(/^client-/, '')} | ${runs.map((r) => `— / ${worstOf(r.ours.checks, [id]) ?? '—'}`).join(' | ')} |`);
  lines.push(`| wall | official: ${scenarios.length} scenarios; ours: one run of ${new Set(runs[0]?.ours.checks.map((c) => c.id)).size} checks | ${runs.map((r) => `${seconds(r.officialMs)} / ${seconds(r.ours.wallMs)}`).join(' | ')} |`);
  return lines;
}

/** What an official verdict other than pass rests on: its failing or warning checks, one line each. */
export function officialFindings(runs: ClientComparison[]): string[] {
  const lines: string[] = [];
  for (const r of runs) {
    for (const o of r.official) {
      if (o.verdict !== 'fail' && o.verdict !== 'warn') continue;
      for (const c of o.checks.filter((x) => x.status === 'FAILURE' || x.status === 'WARNING')) {
        lines.push(`- ${r.client}, ${o.scenario}: ${c.id} ${c.status}: ${messageOf(c).slice(0, 200)}`);
      }
    }
  }
  return lines;
}

function options(): { oneAtATime: boolean; jobs: number; faults: string[]; only?: string; json?: string } {
  const argv = process.argv.slice(2);
  const value = (name: string) => argv[argv.indexOf(name) + 1];
  const faults = argv.flatMap((a, i) => (argv[i - 1] === '--fault' ? [a] : []));
  return { oneAtATime: argv.includes('--one-at-a-time'), jobs: Number(argv.includes('--jobs') ? value('--jobs') : 1) || 1, faults: faults.length ? faults : DEFAULT_FAULTS, only: argv.includes('--client') ? value('--client') : undefined, json: argv.includes('--json') ? value('--json') : undefined };
}

async function main(): Promise<void> {
  const o = options();
  const progress = (text: string) => process.stderr.write(`… ${new Date().toISOString().slice(11, 19)} ${text}\n`);
  progress('installing the official suite and Node 22 into the bench cache (once)');
  const tool = await officialTool();
  if (typeof tool === 'string') {
    console.log(`official suite comparison skipped: ${tool}`);
    return;
  }
  const listed = await listClientScenarios(tool);
  const scenarios = applicableAt(listed, REVISION);
  progress(`${listed.length} official client scenarios; ${scenarios.length} apply at ${REVISION}, the revision our clients ask for: run ${o.oneAtATime ? `one at a time, ${o.jobs} at once` : 'all at once, as its --suite does'}`);
  const clients: [string, string[]][] = [...Object.entries(CLIENTS), ...o.faults.map((f): [string, string[]] => [`fixture --fault ${f}`, [...FIXTURE_CLIENT, '--fault', f]])];
  const runs: ClientComparison[] = [];
  for (const [name, command] of clients.filter(([name]) => !o.only || name === o.only)) {
    progress(`${name}: the official scenarios, then mcp-conform client`);
    runs.push(await compareOnClient(tool, name, command, o.oneAtATime ? { scenarios, jobs: o.jobs } : undefined));
  }
  if (o.json) writeFileSync(o.json, JSON.stringify(runs, null, 1));
  console.log(comparisonTable(runs).join('\n'));
  console.log('\nOfficial failures and warnings:\n');
  console.log(officialFindings(runs).join('\n'));
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
