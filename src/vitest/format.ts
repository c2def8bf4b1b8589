// Failure text for the vitest helpers: one line per problem or failing check, so a red test
// says what to fix without opening a report.
import type { CheckResult, Report } from '../checks/types.js';
import type { Problem } from '../schema/index.js';

/** At most this many lines are listed; the rest are counted. */
const MAX_LINES = 50;

function capped(lines: string[]): string {
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > MAX_LINES) shown.push(`  … and ${lines.length - MAX_LINES} more`);
  return shown.join('\n');
}

/** `  - /result/tools/0/name: expected a required member, found nothing (TOOLS-1)` */
export function problemLines(problems: readonly Problem[]): string {
  return capped(problems.map((p) => `  - ${p.pointer === '' ? '(root)' : p.pointer}: expected ${p.expected}, found ${p.found}${p.requirement ? ` (${p.requirement})` : ''}`));
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A check that fails the run: `fail`, or `warn` under strict. */
export function isFailing(check: Pick<CheckResult, 'status'>, strict: boolean): boolean {
  return check.status === 'fail' || (strict && check.status === 'warn');
}

/** Every check of the report, with the revision it ran at (matrix reports hold several runs). */
export function checksOf(report: Report): (CheckResult & { revision: string })[] {
  return (report.runs ?? [report]).flatMap((run) => run.checks.map((c) => ({ ...c, revision: run.protocolVersion })));
}

/** `  ✗ lifecycle/version-echo [MUST] (LIFE-2): the server answered 2025-06-18 …` */
export function checkLines(checks: readonly (CheckResult & { revision: string })[], showRevision: boolean): string {
  return capped(
    checks.map((c) => {
      const mark = c.status === 'fail' ? '✗' : '!';
      const requirements = c.requirements.length ? ` (${c.requirements.join(', ')})` : '';
      const at = showRevision ? ` @${c.revision}` : '';
      return `  ${mark} ${c.id}${at} [${c.level}]${requirements}: ${c.message ?? c.status}`;
    }),
  );
}

/** `stdio: node server.js` or `http: http://…` */
export function describeTarget(report: Report): string {
  const t = report.target;
  return t.transport === 'stdio' ? `stdio: ${(t.command ?? []).join(' ')}` : `${t.transport}: ${t.url ?? ''}`;
}
