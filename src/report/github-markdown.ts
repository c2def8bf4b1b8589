// The job summary ($GITHUB_STEP_SUMMARY): per target, a totals table (one row per revision of a
// matrix) and the failing and warning checks with their spec links. Server text is untrusted:
// it is escaped so it cannot break a table, inject HTML or turn into a link.
import type { Report, Summary } from '../checks/types.js';
import { inert } from './ansi.js';
import { findingsOf, targetLabel, type Finding, type GithubOptions, type GithubTargetResult } from './github-findings.js';
import { isMatrix, runsOf } from './group.js';
import { safeHref } from './html-escape.js';
import { oneLine, testedEras, truncate } from './text.js';
import { causesCountText } from './causes.js';
import { levelText } from '../checks/grade.js';

/** Rows per table; the rest are counted (the reports hold everything). */
export const ROW_LIMIT = 50;
const WHY_MAX = 300;

/** Text safe inside a Markdown table cell: one line, Markdown and HTML characters escaped. */
export function mdText(text: string): string {
  return inert(oneLine(text))
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** `[text](url "tooltip")` for http(s) URLs, plain escaped text otherwise. */
function mdLink(text: string, url: string, tooltip: string): string {
  const href = safeHref(url);
  if (!href) return mdText(text);
  const target = href.replace(/[()\s<>|"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${mdText(text)}](${target} "${mdText(tooltip).replace(/"/g, '&quot;')}")`;
}

export function stepSummary(results: readonly GithubTargetResult[], opts: GithubOptions): string {
  return results.map((r) => targetSection(r, opts)).join('\n');
}

function targetSection(result: GithubTargetResult, opts: GithubOptions): string {
  const lines: string[] = [];
  const verdict = result.error ? '❌ could not run' : result.exitCode === 0 ? '✅ passed' : '❌ failed';
  lines.push(`### ${verdict}: mcp-conform · ${mdText(targetLabel(result))}`, '');
  if (result.error) lines.push(mdText(result.error), '');
  const report = result.report;
  if (report) {
    lines.push(`${metaLine(result, report, opts)}`, '');
    lines.push(...totalsTable(report), '');
    const findings = findingsOf(result, opts);
    const matrix = isMatrix(report);
    const failures = findings.filter((f) => f.status === 'fail');
    const warnings = findings.filter((f) => f.status === 'warn');
    const causes = causesCountText(report.summary);
    lines.push(...findingsTable(`Failures (${causes && report.summary.causes !== failures.length ? causes : failures.length})`, failures, matrix));
    lines.push(...findingsTable(`Warnings (${warnings.length})${opts.strict ? ' — failing the run (--strict)' : ''}`, warnings, matrix));
  }
  lines.push(...baselineLines(result));
  const paths = [result.reports.json, result.reports.junit, result.reports.html].filter((p): p is string => Boolean(p));
  if (paths.length) lines.push(`Reports: ${paths.map((p) => `\`${p.replace(/`/g, "'")}\``).join(' · ')}`, '');
  return `${lines.join('\n')}\n`;
}

function metaLine(result: GithubTargetResult, report: Report, opts: GithubOptions): string {
  const protocols = isMatrix(report) ? report.runs!.map((r) => r.protocolVersion).join(', ') : report.protocolVersion;
  const eras = isMatrix(report) ? testedEras(report.runs!) : '';
  const parts = [
    `${report.tool.name} ${report.tool.version}`,
    ...(result.name ? [targetLabel({ ...result, name: undefined })] : []),
    eras ? `eras: ${eras}` : `protocol ${protocols || 'none accepted'}`,
    `seed ${report.seed}`,
    `${(report.durationMs / 1000).toFixed(1)} s`,
    ...(opts.strict ? ['--strict'] : []),
  ];
  return parts.map(mdText).join(' · ');
}

function countsRow(label: string, s: Summary): string {
  return `| ${label} | ${s.total} | ${s.pass} | ${s.fail} | ${s.warn} | ${s.skip} | ${s.info} |`;
}

function totalsTable(report: Report): string[] {
  const head = ['| Protocol | Checks | ✅ Passed | ❌ Failed | ⚠️ Warnings | ⏭️ Skipped | ℹ️ Info |', '|---|--:|--:|--:|--:|--:|--:|'];
  const rows = runsOf(report).map((run) => countsRow(mdText(run.protocolVersion || '—'), run.summary));
  if (isMatrix(report)) rows.push(countsRow('**Total**', report.summary));
  return [...head, ...rows];
}

function findingsTable(title: string, findings: Finding[], matrix: boolean): string[] {
  if (findings.length === 0) return [];
  const head = matrix
    ? ['| Check | Protocol | Level | Requirements | Why |', '|---|---|---|---|---|']
    : ['| Check | Level | Requirements | Why |', '|---|---|---|---|'];
  const rows = findings.slice(0, ROW_LIMIT).map((f) => {
    const sameCause = f.status === 'fail' && f.check.sameCauseAs?.length ? `*same cause as ${mdText(f.check.sameCauseAs.join(', '))}* ` : '';
    const why = `${f.expected ? '*expected (baseline)* ' : ''}${sameCause}${mdText(truncate(oneLine(f.check.message ?? f.check.title), WHY_MAX))}`;
    const cells = [mdLink(f.check.id, f.check.spec, f.check.title), ...(matrix ? [mdText(f.revisions.join(', '))] : []), mdText(levelText(f.check)), mdText(f.check.requirements.join(', ') || '—'), why];
    return `| ${cells.join(' | ')} |`;
  });
  const more = findings.length > ROW_LIMIT ? [`…and ${findings.length - ROW_LIMIT} more: see the reports.`, ''] : [];
  return [`#### ${title}`, '', ...head, ...rows, '', ...more];
}

function baselineLines(result: GithubTargetResult): string[] {
  const b = result.baseline;
  if (!b) return [];
  if (b.unexpected.length === 0 && b.stale.length === 0) return [`Baseline: held (${b.expected.length} expected failure(s) listed).`, ''];
  return [
    'Baseline did not hold:',
    '',
    ...b.unexpected.map((id) => `- unexpected failure \`${id}\``),
    ...b.stale.map((id) => `- stale entry \`${id}\`: it no longer fails, remove it`),
    '',
  ];
}
