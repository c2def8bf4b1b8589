// `mcp-conform list`: the check catalog.
import { areaOf, type Check } from '../checks/index.js';
import { parseCommandArgs } from './args.js';
import { EXIT } from './errors.js';
import type { CliIO } from './io.js';
import { coverage } from './coverage.js';
import { listPlanCommand } from './list-plan.js';

function coverageText(checks: readonly Check[]): string {
  const c = coverage(checks);
  const lines: string[] = [];
  for (const a of c.areas) {
    lines.push(`${a.area.padEnd(7)} ${String(a.covered.length).padStart(3)}/${String(a.total).padEnd(3)} checked   ${a.untestable.length} untestable   ${a.missing.length} without a check`);
    if (a.covered.length) lines.push(`  checked:    ${a.covered.join(' ')}`);
    for (const u of a.untestable) lines.push(`  untestable: ${u.id} — ${u.reason}`);
    if (a.missing.length) lines.push(`  no check:   ${a.missing.join(' ')}`);
  }
  lines.push('', `${c.covered} of ${c.total} catalog requirements have a check; ${c.untestable} are untestable from outside; ${c.missing} have no check yet.`);
  return `${lines.join('\n')}\n`;
}

export async function listCommand(argv: string[], io: CliIO, checks: readonly Check[]): Promise<number> {
  // Everything after --plan is a run's options (and its server command after --).
  const dashes = argv.indexOf('--');
  const planAt = argv.indexOf('--plan');
  if (planAt >= 0 && (dashes < 0 || planAt < dashes)) return listPlanCommand([...argv.slice(0, planAt), ...argv.slice(planAt + 1)], io, checks);
  const { values } = parseCommandArgs({ args: argv, options: { coverage: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }, { command: 'list' });
  if (values.help) {
    io.stdout(
      'Usage: mcp-conform list [--json] [--coverage]\n       mcp-conform list --plan [run options] [--format text|json] [-- <command> [args...]]\n\nLists every check: id, level, requirement ids, revisions and title.\n--coverage: per catalog area, which requirements have a check, which are untestable from outside (and why), and which have none yet.\n--plan: the schedule of the run the options would make, before it runs (mcp-conform list --plan --help).\n',
    );
    return EXIT.ok;
  }
  if (values.coverage) {
    io.stdout(coverageText(checks));
    return EXIT.ok;
  }
  if (values.json) {
    const rows = checks.map((c) => ({ id: c.id, title: c.title, level: c.level, requirements: c.requirements, revisions: c.revisions, transports: c.transports ?? ['stdio', 'http'], needs: c.needs ?? [] }));
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  let area = '';
  for (const c of checks) {
    if (areaOf(c.id) !== area) {
      area = areaOf(c.id);
      io.stdout(`${area}\n`);
    }
    io.stdout(`  ${c.id.padEnd(44)} ${c.level.padEnd(6)} ${c.requirements.join(',').padEnd(18)} ${c.title}\n`);
  }
  io.stdout(`${checks.length} checks\n`);
  return EXIT.ok;
}
