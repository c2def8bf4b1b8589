// `mcp-conform list --plan [run options] [-- <command>]`: the plan of each run the options would
// make, before anything connects (src/runner/plan.ts), as text or JSON (--format json).
import type { Check } from '../checks/index.js';
import { planRevision, plannedRevisions, viewPlan, type PlannedCheck, type PlannedGroup, type PlanView } from '../runner/index.js';
import type { TargetSpec } from '../session/index.js';
import { loadConfig } from './config.js';
import { EXIT, UsageError } from './errors.js';
import type { CliIO } from './io.js';
import { assertPatternsMatch, parseFlags, planRuns } from './run.js';

export const PLAN_HELP = `Usage: mcp-conform list --plan [run options] [--format text|json] [-- <command> [args...]]

Prints the plan of the run these options would make, before anything connects: for each
revision it may test, the phases in order (during the run; then the final checks, which judge
what the whole run saw), and in each phase which checks run on the main session, on the reused
lanes (stdio: disruptive checks) and on connections of their own, how many at once, what each
check needs and which shared scenarios it waits on. The run options are those of
"mcp-conform run" (--url, --legacy-sse, --protocol-version, --only, --skip, --config, --target,
...); with no server given the plan is for a server over stdio. Whether the server declares a
capability is known only once connected: the plan says what each check needs.
--format json prints {"plans": [...]} (one per target and revision).
`;

/** Takes `--format <v>` / `--format=<v>` out of argv (run's flags do not have it). */
function takeFormat(argv: string[]): { format: 'text' | 'json'; rest: string[] } {
  const rest: string[] = [];
  let format: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--format') {
      format = argv[++i];
      if (format === undefined) throw new UsageError('--format needs a value: text or json');
    } else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else rest.push(a);
  }
  if (format !== undefined && format !== 'text' && format !== 'json') throw new UsageError(`--format takes text or json, got "${format}"`);
  return { format: format ?? 'text', rest };
}

export async function listPlanCommand(argv: string[], io: CliIO, checks: readonly Check[]): Promise<number> {
  const { format, rest } = takeFormat(argv);
  const parsed = parseFlags(rest, { command: 'list --plan' });
  if (parsed.values.help) {
    io.stdout(PLAN_HELP);
    return EXIT.ok;
  }
  if (parsed.values.config !== undefined && parsed.values['no-config']) throw new UsageError('give --config or --no-config, not both');
  const config = parsed.values['no-config'] ? undefined : await loadConfig({ path: parsed.values.config, cwd: io.cwd, env: io.env });
  const given = parsed.values.url !== undefined || parsed.positionals.length > 0 || (config?.targets.length ?? 0) > 0;
  // No server: a plan for one over stdio (the command matters only once it runs).
  const runs = planRuns(given ? parsed : { ...parsed, positionals: ['<command>'] }, config, undefined, io.env);
  assertPatternsMatch(checks, runs[0], (option) => (parsed.values[option] === undefined && config ? `"${option}" in ${config.file}` : `--${option}`));
  const plans = runs.flatMap((run) =>
    plannedRevisions(run.protocolVersion).map(({ revision, when }) => ({
      ...(run.name !== undefined ? { target: run.name } : {}),
      server: describeTarget(run.target, given),
      ...viewPlan(planRevision({ target: run.target, checks, revision, only: run.only, skip: run.skip }), when),
    })),
  );
  io.stdout(format === 'json' ? `${JSON.stringify({ plans }, null, 2)}\n` : plans.map((p) => planText(p)).join('\n'));
  return EXIT.ok;
}

function describeTarget(t: TargetSpec, given: boolean): string {
  if (t.transport === 'stdio') return given ? `stdio: ${t.command.join(' ')}` : 'stdio (no server given)';
  return `${t.transport === 'sse' ? 'legacy HTTP+SSE' : 'Streamable HTTP'}: ${t.url}`;
}

const GROUP_TITLE: Record<PlannedGroup['group'], string> = { main: 'main session', lanes: 'lanes', own: 'own connection' };

function groupLine(g: PlannedGroup, phase: 'during' | 'final'): string {
  const n = `${g.checks.length} check${g.checks.length === 1 ? '' : 's'}`;
  if (phase === 'final') return `${GROUP_TITLE[g.group]}: ${n}, one at a time, after every other check`;
  if (g.group === 'lanes') return `lanes: ${n} on ${g.lanes} reused session${g.lanes === 1 ? '' : 's'} (a server process each), side by side; those marked alone take turns`;
  const atOnce = g.checks.some((c) => c.atOnce) ? ', long ones all at once beside them' : g.checks.some((c) => c.long) ? ', long ones first' : '';
  return `${GROUP_TITLE[g.group]}: ${n}, ${g.width} at a time${atOnce}${g.group === 'own' ? ' (a new connection each)' : ''}`;
}

function checkLine(c: PlannedCheck): string {
  const notes = [
    c.connection !== 'shared' ? c.connection : '',
    c.atOnce ? 'long: starts at once' : c.long ? 'long' : '',
    c.alone ? 'alone' : '',
    c.needs ? `needs ${c.needs.join(', ')}` : '',
    c.shares ? `shares ${c.shares.join(', ')}` : '',
  ].filter(Boolean);
  return `      ${notes.length ? `${c.id.padEnd(52)} ${notes.join(' · ')}` : c.id}`;
}

function planText(p: PlanView & { server: string; target?: string }): string {
  const lines = [`${p.target ? `[${p.target}] ` : ''}${p.server} at ${p.revision} (${p.era}; ${p.when}): ${p.checks} checks`];
  p.phases.forEach((phase, i) => {
    const title = phase.phase === 'during' ? 'during the run, the groups side by side' : 'final, once every other check is done: they judge what the whole run saw';
    lines.push(`  phase ${i + 1}, ${title}`);
    if (phase.groups.length === 0) lines.push('    (none)');
    for (const g of phase.groups) lines.push(`    ${groupLine(g, phase.phase)}`, ...g.checks.map(checkLine));
  });
  if (p.scenarios.length) {
    lines.push('  shared scenarios: each runs once, started by the first check that asks; the others wait for it');
    for (const s of p.scenarios) lines.push(`    ${s.name}${s.keepsState ? ' (keeps server state)' : ''}: ${s.usedBy.join(', ')}`);
  }
  if (p.notForTransport.length) lines.push(`  not for ${p.transport} (skipped): ${p.notForTransport.join(', ')}`);
  lines.push('  capabilities are known once connected: a check that needs one the server does not declare is skipped then');
  return `${lines.join('\n')}\n`;
}
