// The merged report as one self-contained page: a matrix of checks (rows) × server runs (columns),
// one coloured cell per verdict (Autobahn's case matrix is the model); a click opens the cell's
// message and evidence. The cells travel as data and the script draws the table, so 200 servers
// × 250 checks stay a page of a few hundred KB; without JavaScript the per-server totals remain.
import { createHash } from 'node:crypto';
import { esc } from '../report/html-escape.js';
import { FLEET_CSS, FLEET_SCRIPT } from './matrix-assets.js';
import { matrixData } from './matrix-data.js';
import type { FleetReport } from './merge.js';

const STATUSES = ['pass', 'fail', 'warn', 'skip', 'info'] as const;

export function toFleetHtml(report: FleetReport): string {
  const s = report.summary;
  const csp = ["default-src 'none'", `script-src '${sha256(FLEET_SCRIPT)}'`, `style-src '${sha256(FLEET_CSS)}'`, 'img-src data:', "base-uri 'none'", "form-action 'none'"].join('; ');
  const servers = report.fleet.servers;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${esc(`mcp-conform fleet: ${servers.length} servers, ${s.fail} failed`)}</title>`,
    `<style>${FLEET_CSS}</style>`,
    '</head><body>',
    `<header><h1>mcp-conform fleet report</h1>${metaHtml(report)}</header>`,
    `<section class="counts" aria-label="Totals">${STATUSES.map((st) => `<div class="count st-${st}" data-count="${st}"><b>${s[st]}</b>${st}</div>`).join('')}</section>`,
    filtersHtml(),
    '<noscript><p>The matrix needs JavaScript; the totals of every server are below.</p></noscript>',
    '<p id="visible-count" role="status" aria-live="polite"></p>',
    '<div id="matrix-wrap"><table id="matrix"></table></div>',
    '<aside id="cell-detail" hidden aria-live="polite"><button type="button" id="close-detail" aria-label="Close">×</button><div id="cell-body"></div></aside>',
    serversTable(report),
    `<footer>${esc(`${report.tool.name} ${report.tool.version} · merged from ${report.fleet.sources.length} report(s)`)}</footer>`,
    // Data, not script: JSON with "<" escaped, so no server text can close the element.
    `<script type="application/json" id="fleet-data">${JSON.stringify(matrixData(report)).replace(/</g, '\\u003c')}</script>`,
    `<script>${FLEET_SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

function metaHtml(report: FleetReport): string {
  const runs = report.runs ?? [];
  const checks = new Set(runs.flatMap((r) => r.checks.map((c) => c.id))).size;
  const revisions = [...new Set(runs.map((r) => r.protocolVersion))].join(', ');
  const rows: Array<[string, string]> = [
    ['Servers', `${report.fleet.servers.length} (${runs.length} runs)`],
    ['Checks', String(checks)],
    ['Protocols', revisions],
    ['Started', report.startedAt],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
  ];
  return `<dl class="meta">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

// Hidden until the script shows them: without it they could do nothing.
function filtersHtml(): string {
  const status = STATUSES.map((st) => `<label><input type="checkbox" data-status="${st}" checked> <span class="mark st-${st}">${st}</span></label>`).join('');
  const level = ['MUST', 'SHOULD', 'MAY'].map((l) => `<label><input type="checkbox" data-level="${l}" checked> ${l}</label>`).join('');
  return (
    '<section id="filters" aria-label="Filters" hidden>' +
    `<fieldset><legend>Rows with a cell that is</legend>${status}</fieldset>` +
    `<fieldset><legend>Level</legend>${level}</fieldset>` +
    '<fieldset><legend>Area</legend><select id="filter-area"><option value="">every area</option></select></fieldset>' +
    '<div class="search"><label for="filter-check">Check id or title</label><input type="search" id="filter-check" autocomplete="off" spellcheck="false"></div>' +
    '<div class="search"><label for="filter-server">Server</label><input type="search" id="filter-server" autocomplete="off" spellcheck="false"></div>' +
    '<label><input type="checkbox" id="failing-servers"> only servers with failures</label> ' +
    '<button type="button" id="show-problems">Failures and warnings</button> <button type="button" id="show-all">Show all</button>' +
    '</section>'
  );
}

/** Per-server totals, worst first: readable with or without the script. */
function serversTable(report: FleetReport): string {
  const servers = [...report.fleet.servers].sort((a, b) => b.summary.fail - a.summary.fail || b.summary.warn - a.summary.warn);
  const head = ['Server', 'Revisions', 'checks', ...STATUSES].map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const rows = servers.map((srv) => {
    const cells = [srv.summary.total, ...STATUSES.map((st) => srv.summary[st])].map((n, i) => `<td${i > 0 && n > 0 ? ` class="st-${STATUSES[i - 1]}"` : ''}>${n}</td>`).join('');
    return `<tr><th scope="row">${esc(srv.name)}</th><td>${esc(srv.revisions.join(', '))}</td>${cells}</tr>`;
  });
  return `<section aria-labelledby="servers-heading"><h2 id="servers-heading">Servers</h2><table class="servers"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}
