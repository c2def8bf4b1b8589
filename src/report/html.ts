import { createHash } from 'node:crypto';
import type { Level, Report, RunResult, Status, Summary } from '../checks/types.js';
import { groupByArea, isMatrix, runsOf } from './group.js';
import { CSS, SCRIPT } from './html-assets.js';
import { areaChart } from './html-chart.js';
import { checkHtml, STATUS_MARK } from './html-check.js';
import { esc } from './html-escape.js';
import { attributionSummary } from './attribution.js';
import { detectedEras, testedEras } from './text.js';

const STATUSES: Status[] = ['pass', 'fail', 'warn', 'skip', 'info'];
const LEVELS: Level[] = ['MUST', 'SHOULD', 'MAY'];
const STATUS_LABEL: Record<Status, string> = {
  pass: 'passed',
  fail: 'failed',
  warn: 'warnings',
  skip: 'skipped',
  info: 'info',
};

/**
 * One self-contained HTML page: inline CSS and JS, no network. Every string from the report is
 * escaped, and a CSP admits only the page's own script and style (by hash) as a second guard.
 */
export function toHtml(report: Report): string {
  const runs = runsOf(report);
  const matrix = isMatrix(report);
  const allChecks = runs.flatMap((r) => r.checks);
  const s = report.summary;
  const csp = [
    "default-src 'none'",
    `script-src '${sha256(SCRIPT)}'`,
    `style-src '${sha256(CSS)}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    // Our own constant: quotes and base64 hashes only, nothing to escape.
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${esc(`mcp-conform: ${s.fail} failed, ${s.pass} passed`)}</title>`,
    `<style>${CSS}</style>`,
    '</head><body>',
    `<header><h1>mcp-conform report</h1>${metaHtml(report, matrix)}</header>`,
    '<section class="summary" id="summary" aria-labelledby="summary-heading"><h2 id="summary-heading" class="sr-only">Summary</h2>' +
      `<div class="counts">${countsHtml(s)}</div>${frameworkHtml(runs, matrix)}${areaChart(allChecks)}${matrix ? runsTable(runs) : ''}</section>`,
    filtersHtml(runs, matrix),
    `<main id="checks">${matrix ? '' : '<h2 class="sr-only">Checks</h2>'}${runs.map((run, i) => runHtml(run, i, matrix)).join('')}</main>`,
    stderrHtml(runs, report),
    `<footer>${esc(`${report.tool.name} ${report.tool.version}`)}</footer>`,
    `<script>${SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

function metaHtml(report: Report, matrix: boolean): string {
  const t = report.target;
  const target = t.transport === 'http' ? (t.url ?? '') : (t.command ?? []).join(' ');
  const protocols = matrix ? report.runs!.map((r) => r.protocolVersion).join(', ') : `${report.protocolVersion}${report.era ? ` (${report.era})` : ''}`;
  const eras = matrix ? testedEras(report.runs!) : '';
  const rows: Array<[string, string]> = [
    ['Target', `${t.transport}: ${target}`],
    eras ? ['Eras', eras] : [matrix ? 'Protocols' : 'Protocol', protocols],
    ...(report.eras ? [['Detected', detectedEras(report.eras)] as [string, string]] : []),
    ['Seed', String(report.seed)],
    ['Started', report.startedAt],
    ['Duration', `${Math.round(report.durationMs)} ms`],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
  ];
  return `<dl class="meta">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

/** Which failures come from the server's framework, apart from the rest (the verdicts stand). */
function frameworkHtml(runs: RunResult[], matrix: boolean): string {
  const items = runs.flatMap((run) => {
    const text = attributionSummary(run);
    return text ? [`<p class="from-framework">${esc(`${matrix ? `[${run.protocolVersion}] ` : ''}${text}`)}</p>`] : [];
  });
  return items.join('');
}

function countsHtml(s: Summary): string {
  const total = `<div class="count" data-count="total"><b>${s.total}</b>checks</div>`;
  // Failures of one cause are one thing to fix: how many distinct ones there are.
  const causes = s.causes !== undefined && s.fail > 0 ? `<div class="count" data-count="causes"><b>${s.causes}</b>distinct ${s.causes === 1 ? 'cause' : 'causes'} of failure</div>` : '';
  return (
    total +
    STATUSES.map(
      (st) => `<div class="count st-${st}" data-count="${st}"><b>${s[st]}</b>${STATUS_LABEL[st]}</div>`,
    ).join('') +
    causes
  );
}

/** A matrix's per-revision counts side by side, so a regression between revisions stands out. */
function runsTable(runs: RunResult[]): string {
  const head = ['Revision', 'checks', ...STATUSES].map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const rows = runs.map((r) => {
    const cells = [r.summary.total, ...STATUSES.map((st) => r.summary[st])].map((n) => `<td>${n}</td>`).join('');
    return `<tr data-run="${esc(r.protocolVersion)}"><th scope="row">${esc(r.protocolVersion)}</th>${cells}</tr>`;
  });
  return (
    '<table class="runs"><caption class="sr-only">Results per protocol revision</caption>' +
    `<thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

// The filters need the script: the page ships them hidden and the script reveals them, so a
// reader without JavaScript gets the full list and no controls that do nothing.
function filtersHtml(runs: RunResult[], matrix: boolean): string {
  const all = runs.flatMap((r) => r.checks);
  const statusBoxes = STATUSES.map((st) => {
    const n = all.filter((c) => c.status === st).length;
    return box(
      `filter-status-${st}`,
      'status',
      st,
      `<span class="st-${st}" aria-hidden="true">${STATUS_MARK[st]}</span> ${st} (${n})`,
    );
  });
  const levelBoxes = LEVELS.map((level) => {
    const n = all.filter((c) => c.level === level).length;
    return box(`filter-level-${level}`, 'level', level, `${level} (${n})`);
  });
  const areas = groupByArea(all);
  const areaBoxes = areas.map((g, i) => box(`filter-area-${i}`, 'area', g.area, `${esc(g.area)} (${g.checks.length})`));
  const runBoxes = matrix
    ? runs.map((r, i) => box(`filter-run-${i}`, 'run', r.protocolVersion, esc(r.protocolVersion)))
    : [];
  return (
    '<section class="filters" id="filters" aria-label="Filters" hidden>' +
    `<fieldset id="status-filters"><legend>Status</legend>${statusBoxes.join('')}</fieldset>` +
    `<fieldset id="level-filters"><legend>Level</legend>${levelBoxes.join('')}</fieldset>` +
    `<fieldset id="area-filters"><legend>Area</legend>${areaBoxes.join('')}</fieldset>` +
    (matrix ? `<fieldset id="run-filters"><legend>Revision</legend>${runBoxes.join('')}</fieldset>` : '') +
    '<div class="search"><label for="filter-text">Search id, title, message or evidence</label>' +
    '<input type="search" id="filter-text" autocomplete="off" spellcheck="false"></div>' +
    '<div class="actions"><button type="button" id="show-problems">Failures and warnings</button> ' +
    '<button type="button" id="show-all">Show all</button> ' +
    '<button type="button" id="expand-all">Expand all</button> ' +
    '<button type="button" id="collapse-all">Collapse all</button></div>' +
    '</section>' +
    '<noscript><p class="noscript">Filters need JavaScript; every check is listed below. Click a check to open it.</p></noscript>' +
    '<p id="visible-count" role="status" aria-live="polite"></p>'
  );
}

/** A checked filter checkbox; `labelHtml` must already be escaped. */
function box(id: string, kind: string, value: string, labelHtml: string): string {
  return `<label><input type="checkbox" id="${esc(id)}" data-filter="${kind}" value="${esc(value)}" checked> ${labelHtml}</label>`;
}

/** The order a reader wants: what failed, then warnings and notes, then passes, then skips. */
const SEVERITY: Record<Status, number> = { fail: 0, warn: 1, info: 2, pass: 3, skip: 4 };

/** Areas by their worst check, and each area's checks by severity; otherwise catalog order (stable sorts). */
function failuresFirst(checks: RunResult['checks']) {
  const worst = (group: { checks: RunResult['checks'] }) => Math.min(...group.checks.map((c) => SEVERITY[c.status]));
  return groupByArea(checks)
    .map((group) => ({ area: group.area, checks: [...group.checks].sort((a, b) => SEVERITY[a.status] - SEVERITY[b.status]) }))
    .sort((a, b) => worst(a) - worst(b));
}

function runHtml(run: RunResult, runIndex: number, matrix: boolean): string {
  // DOM ids follow the run's check order, so they are stable for a given report.
  const position = new Map(run.checks.map((check, i) => [check, i]));
  const areas = failuresFirst(run.checks).map((group) => {
    const items = group.checks.map((check) =>
      checkHtml(check, `check-${runIndex}-${position.get(check)}`, run.protocolVersion),
    );
    return `<section class="area" data-area="${esc(group.area)}"><h3>${esc(group.area)}</h3>${items.join('')}</section>`;
  });
  if (!matrix) return areas.join('');
  const s = run.summary;
  const counts = `${s.total} checks, ${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped${s.tooSlow ? ` (${s.tooSlow} too slow to judge)` : ''}, ${s.info} info`;
  return (
    `<section class="run" data-run="${esc(run.protocolVersion)}"><h2>Protocol ${esc(run.protocolVersion)}${run.era ? ` (${esc(run.era)})` : ''} ` +
    `<small class="run-counts">${esc(counts)}</small></h2>${areas.join('')}</section>`
  );
}

function stderrHtml(runs: RunResult[], report: Report): string {
  const tails = runs
    .filter((r) => r.stderrTail?.length)
    .map((r) => ({ label: r.protocolVersion, tail: r.stderrTail! }));
  if (tails.length === 0 && report.stderrTail?.length)
    tails.push({ label: report.protocolVersion, tail: report.stderrTail });
  if (tails.length === 0) return '';
  return tails
    .map(
      ({ label, tail }) =>
        `<details class="stderr-tail"><summary>${esc(`Server stderr (${label}), last ${tail.length} lines`)}</summary>` +
        `<pre>${esc(tail.join('\n'))}</pre></details>`,
    )
    .join('');
}
