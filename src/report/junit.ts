import type { CheckResult, Report, RunResult } from '../checks/types.js';
import { evidenceLines } from './evidence-text.js';
import { groupByArea, isMatrix, runsOf, type AreaGroup } from './group.js';
import { xmlAttr, xmlText } from './xml.js';
import { sameCauseText } from './causes.js';
import { levelText } from '../checks/grade.js';
import { attributionText } from './attribution.js';

export interface JunitOptions {
  /** `--strict`: SHOULD violations (warn) become JUnit failures too. */
  strict?: boolean;
  /** A merged report of several servers: suites and classnames name each run's server too. */
  byServer?: boolean;
}

// Bodies carry the evidence in full, but a flood of server output must not balloon the XML.
const EVIDENCE_OPTS = { maxPayload: 4000, full: true };

/**
 * JUnit XML in the Jenkins/Ant dialect (validated against junit-10.xsd in the tests):
 * one <testsuite> per area, per revision × area for a matrix run.
 */
export function toJunit(report: Report, opts: JunitOptions = {}): string {
  const strict = opts.strict ?? false;
  const matrix = isMatrix(report);
  const suites: string[] = [];
  let totals = { tests: 0, failures: 0 };
  for (const run of runsOf(report)) {
    for (const group of groupByArea(run.checks)) {
      const suite = suiteXml(run, group, { matrix, strict, id: suites.length, server: opts.byServer ? run.target.name : undefined });
      totals = { tests: totals.tests + suite.tests, failures: totals.failures + suite.failures };
      suites.push(suite.xml);
    }
  }
  const head =
    `<testsuites name="mcp-conform" tests="${totals.tests}" failures="${totals.failures}" errors="0"` +
    ` time="${seconds(report.durationMs)}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
}

interface SuiteContext {
  matrix: boolean;
  strict: boolean;
  id: number;
  server?: string;
}

function suiteXml(run: RunResult, group: AreaGroup, ctx: SuiteContext) {
  const isFailure = (c: CheckResult) => c.status === 'fail' || (ctx.strict && c.status === 'warn');
  const failures = group.checks.filter(isFailure).length;
  const skipped = group.checks.filter((c) => c.status === 'skip').length;
  const time = group.checks.reduce((sum, c) => sum + c.durationMs, 0);
  const server = ctx.server !== undefined ? `${ctx.server} ` : '';
  const name = ctx.matrix ? `${server}${run.protocolVersion} ${group.area}` : group.area;
  // In a matrix each revision (and in a merged report each server) is its own package, so CI
  // tools keep same-named cases apart.
  const pkg = ctx.server !== undefined ? `${ctx.server}.` : '';
  const classname = ctx.matrix ? `mcp-conform.${pkg}${run.protocolVersion}.${group.area}` : `mcp-conform.${group.area}`;
  const attrs = [
    `name="${xmlAttr(name)}"`,
    `tests="${group.checks.length}"`,
    `failures="${failures}"`,
    `errors="0"`,
    `skipped="${skipped}"`,
    `time="${seconds(time)}"`,
    `timestamp="${timestamp(run.startedAt)}"`,
    `id="${ctx.id}"`,
    `package="${xmlAttr(classname)}"`,
  ].join(' ');
  const lines = [`  <testsuite ${attrs}>`, ...propertiesXml(run)];
  for (const check of group.checks) lines.push(...caseXml(check, classname, isFailure(check)));
  if (failures > 0 && run.stderrTail?.length) {
    lines.push(`    <system-err>${xmlText(`Server stderr, last lines:\n${run.stderrTail.join('\n')}`)}</system-err>`);
  }
  lines.push('  </testsuite>');
  return { xml: lines.join('\n'), tests: group.checks.length, failures };
}

function propertiesXml(run: RunResult): string[] {
  const target = run.target.transport === 'http' ? (run.target.url ?? '') : (run.target.command ?? []).join(' ');
  const props: Array<[string, string]> = [
    ['protocolVersion', run.protocolVersion],
    ['transport', run.target.transport],
    ['target', target],
    ['seed', String(run.seed)],
    ['startedAt', run.startedAt],
  ];
  return [
    '    <properties>',
    ...props.map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`),
    '    </properties>',
  ];
}

function caseXml(check: CheckResult, classname: string, failed: boolean): string[] {
  const open = `    <testcase name="${xmlAttr(`${check.id} ${check.title}`)}" classname="${xmlAttr(classname)}" time="${seconds(check.durationMs)}"`;
  const message = check.message ?? '';
  if (failed) {
    const type = check.status === 'warn' ? `${check.level} (strict)` : check.level;
    return [
      `${open}>`,
      `      <failure message="${xmlAttr(message)}" type="${xmlAttr(type)}">${xmlText(detailText(check))}</failure>`,
      '    </testcase>',
    ];
  }
  if (check.status === 'skip') return [`${open}>`, `      <skipped message="${xmlAttr(message)}"/>`, '    </testcase>'];
  if (check.status === 'warn' || check.status === 'info') {
    const label = check.status === 'warn' ? `Warning: ${check.level} not met` : 'Info (not graded)';
    return [
      `${open}>`,
      `      <system-out>${xmlText(`${label}\n${detailText(check)}`)}</system-out>`,
      '    </testcase>',
    ];
  }
  return [`${open}/>`];
}

/** The message, where the spec says it, then every piece of evidence as text. */
function detailText(check: CheckResult): string {
  const reqs = check.requirements.length > 0 ? check.requirements.join(', ') : 'none';
  const lines = [check.message ?? '', `Level: ${levelText(check)}  Requirements: ${reqs}  Spec: ${check.spec}`];
  const sameCause = sameCauseText(check);
  if (sameCause) lines.push(`Cause: ${sameCause}`);
  const from = attributionText(check);
  if (from) lines.push(from);
  for (const item of check.evidence) lines.push(...evidenceLines(item, EVIDENCE_OPTS));
  return lines.join('\n');
}

function seconds(ms: number): string {
  return (Math.max(0, Number.isFinite(ms) ? ms : 0) / 1000).toFixed(3);
}

/** `YYYY-MM-DDTHH:MM:SS` in UTC, no zone: the form the Ant schema's timestamp pattern accepts. */
function timestamp(iso: string): string {
  const date = new Date(iso);
  const valid = Number.isNaN(date.getTime()) ? new Date(0) : date;
  return valid.toISOString().slice(0, 19);
}
