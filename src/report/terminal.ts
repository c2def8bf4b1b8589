import type { CheckResult, Evidence, Report, RunResult, Status, Summary } from '../checks/types.js';
import { inert, makeStyle, type Style } from './ansi.js';
import { evidenceLines, isWire } from './evidence-text.js';
import { groupByArea, isMatrix, runsOf } from './group.js';
import { detectedEras, oneLine, testedEras, truncate, wrapLine } from './text.js';
import { causesCountText, sameCauseText } from './causes.js';
import { levelText } from '../checks/grade.js';
import { attributionSummary, attributionText } from './attribution.js';

export interface TerminalOptions {
  /** ANSI colors; the caller decides from NO_COLOR / TTY. */
  color: boolean;
  /** Reasons on every line and the whole wire transcript, less truncated, in the recap. */
  verbose?: boolean;
}

const MARKS: Record<Status, string> = { pass: '✓', fail: '✗', warn: '!', skip: '-', info: 'i' };
const REASON_MAX = 120;
const BRIEF = { wireShown: 3, maxPayload: 160 };
const VERBOSE = { wireShown: Number.POSITIVE_INFINITY, maxPayload: 2000 };
/** Recap messages and findings wrap at this width (after their indent), so a long server error reads whole. */
const RECAP_WIDTH = 110;

interface Entry {
  run: RunResult;
  check: CheckResult;
}

/** h2spec-style text report: a tree by area, a recap of failures and warnings, then totals. */
export function toTerminal(report: Report, opts: TerminalOptions): string {
  const style = makeStyle(opts.color);
  const verbose = opts.verbose ?? false;
  const matrix = isMatrix(report);
  const runs = runsOf(report);
  const lines: string[] = [headerLine(report, matrix, style), ...clientCredentialsLines(report, style), ...stoppedLines(report, style), ...startupLines(report, matrix, style)];

  for (const run of runs) {
    lines.push('');
    const pad = matrix ? '  ' : '';
    if (matrix)
      lines.push(style.bold(`Protocol ${inert(run.protocolVersion)}${run.era ? ` (${run.era})` : ''}`) + style.dim(`  ${countsText(run.summary)}`));
    for (const group of groupByArea(run.checks)) {
      lines.push(pad + style.bold(inert(group.area)));
      for (const check of group.checks) lines.push(...treeLines(check, `${pad}  `, verbose, style));
    }
  }

  const entries = runs.flatMap((run) => run.checks.map((check) => ({ run, check })));
  const failures = entries.filter((e) => e.check.status === 'fail');
  const warnings = entries.filter((e) => e.check.status === 'warn');
  lines.push(...recap('Failures:', failures, matrix, verbose, style.red, style));
  lines.push(...sameCauseLines(report.summary, failures, matrix, style));
  lines.push(...frameworkLines(runs, matrix, style));
  lines.push(...recap('Warnings:', warnings, matrix, verbose, style.yellow, style));
  if (failures.length > 0) lines.push(...stderrSection(report, matrix, style));

  const s = report.summary;
  lines.push('', `${countsText(s)} (${Math.round(report.durationMs)} ms)`);
  return `${lines.join('\n')}\n`;
}

/** A run that stopped early says so first: its skips are not the server's doing. */
function stoppedLines(report: Report, style: Style): string[] {
  if (!report.stopped) return [];
  const cut = runsOf(report).flatMap((r) => r.checks).filter((c) => c.status === 'skip' && /^not (finished|run): /.test(c.message ?? '')).length;
  const text = cut ? `stopped early: ${report.stopped}; ${cut} check(s) not finished or not run` : `${report.stopped} while closing, after every check had finished`;
  return [style.yellow(inert(text))];
}

function headerLine(report: Report, matrix: boolean, style: Style): string {
  const t = report.target;
  const target = t.role === 'client'
    ? `client over ${t.transport}: ${(t.command ?? []).join(' ')}`
    : t.transport === 'http' ? `http ${t.url ?? ''}` : `stdio ${(t.command ?? []).join(' ')}`;
  const eras = matrix ? testedEras(report.runs!) : '';
  const protocol = eras
    ? `eras: ${eras}`
    : matrix
      ? `protocols ${report.runs!.map((r) => r.protocolVersion).join(', ')}`
      : `protocol ${report.protocolVersion}${report.era ? ` (${report.era})` : ''}`;
  // Both eras tested say what detection found; a list server/discover gave still adds to it.
  const detected = eras && !report.eras?.discoverVersions ? '' : erasText(report);
  const parts = [`${report.tool.name} ${report.tool.version}`, target.trim(), protocol, detected, authText(report), `seed ${report.seed}`].filter((p) => p !== '');
  return style.bold(inert(oneLine(parts.join(' · '))));
}

/** What era detection found, e.g. "detected: stateless (2026-07-28) + stateful" for a dual-era server. */
function erasText(report: Report): string {
  return report.eras ? `detected: ${detectedEras(report.eras)}` : '';
}

/** What the run found about authorization, e.g. "authorization required (HTTP 401), no token given". */
function authText(report: Report): string {
  const a = report.auth ?? report.runs?.find((r) => r.auth)?.auth;
  if (!a) return '';
  if (a.tokenSource === 'none') return a.required ? 'authorization required (HTTP 401), no token given' : '';
  const token = `token ${a.token ?? ''} (${a.tokenSource})`;
  return a.tokenAccepted === false ? `authorization required: ${token} refused (HTTP 401)` : token;
}

/** What client credentials obtained, and their warnings (non-HTTPS endpoints, tokens not issued). */
function clientCredentialsLines(report: Report, style: Style): string[] {
  const c = (report.auth ?? report.runs?.find((r) => r.auth)?.auth)?.clientCredentials;
  if (!c) return [];
  const got = c.obtained.length ? `obtained ${c.obtained.join(', ')} token${c.obtained.length > 1 ? 's' : ''}` : 'obtained no token';
  return [
    inert(oneLine(`client credentials ${c.clientId}${c.issuer ? ` at ${c.issuer}` : ''}: ${c.problem ?? got}`)),
    ...c.warnings.map((w) => style.yellow(inert(oneLine(`  warning: ${w}`)))),
  ];
}

/** A start slower than this gets a line: the wait it costs is not the checks'. */
const SLOW_START_MS = 2000;

/** A slow start, and copies run one at a time, said once per run (they change no verdict). */
function startupLines(report: Report, matrix: boolean, style: Style): string[] {
  return runsOf(report).flatMap((run) => {
    const startup = run.startup;
    if (!startup) return [];
    const on = matrix ? ` (${run.protocolVersion})` : '';
    const lines: string[] = [];
    const times = startup.connections.map((c) => c.ms).filter((ms): ms is number => ms !== null);
    const slowest = Math.max(0, ...times);
    if (slowest > SLOW_START_MS) {
      const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      lines.push(style.yellow(inert(`slow start${on}: the server took up to ${seconds(slowest)} to answer a new connection's first request (median ${seconds(median)} over ${times.length}); a start waits for --start-timeout, not --timeout, and fails nothing`)));
    }
    if (startup.oneAtATime) lines.push(style.yellow(inert(oneLine(`one copy at a time${on}: the server cannot run two copies at once, so its copies were started one at a time: ${startup.oneAtATime}`))));
    return lines;
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function countsText(s: Summary): string {
  const tooSlow = s.tooSlow ? ` (${s.tooSlow} of them: the server was too slow to judge; see --timeout)` : '';
  return `${s.total} checks, ${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped${tooSlow}, ${s.info} info`;
}

function treeLines(check: CheckResult, pad: string, verbose: boolean, style: Style): string[] {
  const mark = colorFor(check.status, style)(MARKS[check.status]);
  const line = `${pad}${mark} ${inert(check.id)} ${style.dim('·')} ${inert(oneLine(check.title))}`;
  const showReason = check.message && (check.status !== 'pass' || verbose);
  if (!showReason) return [line];
  const reason = verbose ? oneLine(check.message!) : truncate(oneLine(check.message!), REASON_MAX);
  return [line, `${pad}    ${style.dim(inert(reason))}`];
}

function colorFor(status: Status, style: Style): (text: string) => string {
  switch (status) {
    case 'pass':
      return style.green;
    case 'fail':
      return style.red;
    case 'warn':
      return style.yellow;
    case 'skip':
      return style.gray;
    case 'info':
      return style.cyan;
  }
}

function recap(
  title: string,
  entries: Entry[],
  matrix: boolean,
  verbose: boolean,
  tint: (text: string) => string,
  style: Style,
): string[] {
  if (entries.length === 0) return [];
  const lines = ['', tint(style.bold(title))];
  entries.forEach(({ run, check }, i) => {
    const where = matrix ? ` [${inert(run.protocolVersion)}]` : '';
    lines.push('', `  ${i + 1}) ${tint(inert(check.id))}${where} · ${inert(oneLine(check.title))}`);
    const reqs = check.requirements.length > 0 ? check.requirements.join(', ') : 'no requirement id';
    lines.push(`     ${style.dim(inert(oneLine(`${levelText(check)} · ${reqs} · ${check.spec}`)))}`);
    if (check.message) lines.push(...indentBlock(check.message, '     ', (t) => t, RECAP_WIDTH));
    const from = attributionText(check);
    if (from) lines.push(...indentBlock(from, '     ', style.cyan, RECAP_WIDTH));
    lines.push(...evidenceBlock(check.evidence, verbose, style));
  });
  return lines;
}

/** After the failures: which of them come from the server's framework, apart from the rest. */
function frameworkLines(runs: RunResult[], matrix: boolean, style: Style): string[] {
  const lines = runs.flatMap((run) => {
    const text = attributionSummary(run);
    return text ? [`  ${inert(oneLine(`${matrix ? `[${run.protocolVersion}] ` : ''}${text}`))}`] : [];
  });
  if (lines.length === 0) return [];
  return ['', style.bold('From your framework (the verdicts stand; each failure above says what to do):'), ...lines];
}

/** After the failures: how many distinct causes they have, and each failure an earlier one explains. */
function sameCauseLines(summary: Summary, failures: Entry[], matrix: boolean, style: Style): string[] {
  const explained = failures.flatMap(({ run, check }) => {
    const text = sameCauseText(check);
    return text ? [`  ${inert(check.id)}${matrix ? ` [${inert(run.protocolVersion)}]` : ''} — ${inert(oneLine(text))}`] : [];
  });
  if (explained.length === 0) return [];
  return ['', style.bold(`Causes: ${causesCountText(summary) ?? `${failures.length} failures`}`), ...explained];
}

// Expected/Actual and other findings first, then the opening of the wire transcript.
function evidenceBlock(evidence: Evidence[], verbose: boolean, style: Style): string[] {
  const limits = verbose ? VERBOSE : BRIEF;
  const opts = { maxPayload: limits.maxPayload, full: false };
  const lines: string[] = [];
  for (const item of evidence.filter((e) => !isWire(e))) {
    for (const text of evidenceLines(item, opts)) lines.push(...indentBlock(text, '     ', (t) => t, RECAP_WIDTH));
  }
  const wire = evidence.filter(isWire);
  if (wire.length === 0) return lines;
  lines.push(`     ${style.dim('Wire:')}`);
  for (const item of wire.slice(0, limits.wireShown)) {
    for (const text of evidenceLines(item, opts)) lines.push(...indentBlock(text, '       ', style.dim));
  }
  if (wire.length > limits.wireShown) lines.push(`       ${style.dim(`… ${wire.length - limits.wireShown} more`)}`);
  return lines;
}

function stderrSection(report: Report, matrix: boolean, style: Style): string[] {
  const tails: Array<{ label: string; tail: string[] }> = [];
  if (matrix) {
    for (const run of report.runs!) {
      if (run.summary.fail > 0 && run.stderrTail?.length)
        tails.push({ label: ` (${run.protocolVersion})`, tail: run.stderrTail });
    }
  }
  if (tails.length === 0 && report.stderrTail?.length) tails.push({ label: '', tail: report.stderrTail });
  return tails.flatMap(({ label, tail }) => [
    '',
    style.bold(inert(`Server stderr${label}, last ${tail.length} ${tail.length === 1 ? 'line' : 'lines'}:`)),
    ...tail.map((line) => `  ${style.dim(inert(line))}`),
  ]);
}

/** A line holding a command to copy (a fuzz replay line) is never wrapped: a wrapped one pastes as two commands. */
const COMMAND_LINE = /\breplay: mcp-conform /;

/** Splits untrusted text into lines (wrapped at `width` when given), makes each inert, then indents and styles it. */
function indentBlock(text: string, pad: string, paint: (text: string) => string, width?: number): string[] {
  const lines = text.split(/\r\n|\r|\n/).flatMap((line) => (width && !COMMAND_LINE.test(line) ? wrapLine(inert(line), width) : [inert(line)]));
  return lines.map((line) => pad + paint(line));
}
