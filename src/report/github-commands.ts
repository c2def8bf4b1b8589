// GitHub Actions workflow commands (annotations, stop-commands) and the $GITHUB_OUTPUT file
// format. Server text is untrusted: every value is escaped per the runner's rules, so a message
// can neither end an annotation early nor smuggle in a command of its own.
import { randomUUID } from 'node:crypto';
import { inert } from './ansi.js';
import { findingsOf, worstExitCode, type GithubOptions, type GithubTargetResult } from './github-findings.js';
import { truncate } from './text.js';
import { sameCauseText } from './causes.js';
import { levelText } from '../checks/grade.js';
import { attributionText } from './attribution.js';

/** GitHub shows at most 10 error and 10 warning annotations per step; the rest go unseen. */
export const ANNOTATION_LIMIT = 10;
const MESSAGE_MAX = 1000;

/** Escapes a command's message: `%`, CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a command property value: as data, plus `:` and `,` (they delimit properties). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** `::error title=…::message`, escaped. */
export function workflowCommand(command: string, properties: Record<string, string>, message: string): string {
  const props = Object.entries(properties)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${command}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

interface Annotation {
  level: AnnotationLevel;
  title: string;
  message: string;
}

/** One annotation per failing or warning check (and per unreachable target or stale baseline entry). */
export function annotationsOf(results: readonly GithubTargetResult[], opts: GithubOptions): Annotation[] {
  const out: Annotation[] = [];
  for (const result of results) {
    const prefix = results.length > 1 && result.name ? `[${result.name}] ` : '';
    if (result.error) out.push({ level: 'error', title: 'mcp-conform', message: `${prefix}${result.error}` });
    for (const f of findingsOf(result, opts)) {
      const where = f.revisions.length ? `[${f.revisions.join(', ')}] ` : '';
      const why = f.check.message ? `: ${f.check.message}` : '';
      const reqs = f.check.requirements.length ? f.check.requirements.join(', ') : 'no requirement id';
      const text = `${prefix}${where}${f.check.title}${why}`;
      const level: AnnotationLevel = f.expected ? 'notice' : f.status === 'fail' || opts.strict ? 'error' : 'warning';
      const note = f.expected ? 'expected failure (baseline): ' : '';
      const sameCause = f.status === 'fail' ? sameCauseText(f.check) : undefined;
      const from = f.status === 'fail' ? attributionText(f.check) : undefined;
      const cause = (sameCause ? `\n${inert(truncate(sameCause, MESSAGE_MAX))}` : '') + (from ? `\n${inert(truncate(from, MESSAGE_MAX))}` : '');
      out.push({ level, title: f.check.id, message: `${note}${truncate(inert(text), MESSAGE_MAX)}\n${inert(levelText(f.check))} · ${reqs} · ${f.check.spec}${cause}` });
    }
    for (const id of result.baseline?.stale ?? []) {
      out.push({ level: 'error', title: id, message: `${prefix}baseline entry no longer fails: remove it from the baseline` });
    }
  }
  return out;
}

/** The annotation lines to print, at most ANNOTATION_LIMIT per level, then a notice of the rest. */
export function annotationLines(results: readonly GithubTargetResult[], opts: GithubOptions): string[] {
  const shown = new Map<AnnotationLevel, number>();
  const lines: string[] = [];
  const hidden: string[] = [];
  for (const a of annotationsOf(results, opts)) {
    const n = shown.get(a.level) ?? 0;
    if (n >= ANNOTATION_LIMIT) {
      hidden.push(a.level);
      continue;
    }
    shown.set(a.level, n + 1);
    lines.push(workflowCommand(a.level, { title: a.title }, a.message));
  }
  if (hidden.length) {
    const counts = (['error', 'warning', 'notice'] as const)
      .map((level) => [level, hidden.filter((h) => h === level).length] as const)
      .filter(([, n]) => n > 0)
      .map(([level, n]) => `${n} more ${level}${n === 1 ? '' : 's'}`);
    lines.push(workflowCommand('notice', { title: 'mcp-conform' }, `${counts.join(', ')}: see the job summary or the reports`));
  }
  return lines;
}

/** Names of the step outputs `run` sets (action.yml maps each to an action output). */
export const OUTPUT_NAMES = ['total', 'pass', 'fail', 'warn', 'skip', 'info', 'exit-code', 'json', 'junit', 'html'] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];

/** Totals over every target and revision, the worst exit code, and the report paths (one per line). */
export function outputsOf(results: readonly GithubTargetResult[]): Record<OutputName, string> {
  const sum = (key: 'total' | 'pass' | 'fail' | 'warn' | 'skip' | 'info') =>
    String(results.reduce((n, r) => n + (r.report?.summary[key] ?? 0), 0));
  const paths = (key: 'json' | 'junit' | 'html') =>
    results
      .map((r) => r.reports[key])
      .filter((p): p is string => Boolean(p))
      .join('\n');
  return {
    total: sum('total'),
    pass: sum('pass'),
    fail: sum('fail'),
    warn: sum('warn'),
    skip: sum('skip'),
    info: sum('info'),
    'exit-code': String(worstExitCode(results)),
    json: paths('json'),
    junit: paths('junit'),
    html: paths('html'),
  };
}

/** The $GITHUB_OUTPUT file format: `name=value`, or a heredoc for values with line breaks. */
export function outputFileText(outputs: Record<string, string>, delimiter = `ghadelimiter_${randomUUID()}`): string {
  return Object.entries(outputs)
    .map(([name, value]) => {
      if (!/[\r\n]/.test(value)) return `${name}=${value}\n`;
      if (value.includes(delimiter)) throw new Error(`output ${name} contains the delimiter`);
      return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
    })
    .join('');
}

/** Stops the runner from reading workflow commands until `resume` is printed: untrusted output goes between. */
export function stopCommands(token: string = randomUUID()): { stop: string; resume: string } {
  return { stop: `::stop-commands::${token}`, resume: `::${token}::` };
}
