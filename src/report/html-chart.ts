import type { CheckResult, Status } from '../checks/types.js';
import { groupByArea, type AreaGroup } from './group.js';
import { esc } from './html-escape.js';

const ORDER: Status[] = ['pass', 'fail', 'warn', 'skip', 'info'];
const BAR_WIDTH = 200;
const ROW_HEIGHT = 22;
const LABEL_WIDTH = 120;
const TOTAL_WIDTH = 40;
/** Rows of one column: a catalog of 20-odd areas is three short columns, not one tall one beside the counts. */
const MAX_ROWS = 8;

/**
 * Stacked horizontal bars of statuses per area, as inline SVG (no style attributes, CSP-friendly),
 * in columns that wrap to the page's width, with a colour legend. Screen readers get the same
 * numbers as text in the aria-label.
 */
export function areaChart(checks: CheckResult[]): string {
  const groups = groupByArea(checks);
  if (groups.length === 0) return '';
  const spoken = groups.map((group) => `${group.area}: ${ORDER.filter((st) => count(group.checks, st) > 0).map((st) => `${count(group.checks, st)} ${st}`).join(', ')}`);
  const perColumn = Math.ceil(groups.length / Math.ceil(groups.length / MAX_ROWS));
  const columns: AreaGroup[][] = [];
  for (let i = 0; i < groups.length; i += perColumn) columns.push(groups.slice(i, i + perColumn));
  const legend = ORDER.map(
    (status) => `<li><span class="swatch sw-${status}" aria-hidden="true"></span>${status}</li>`,
  ).join('');
  return (
    '<figure class="chart"><figcaption>Checks by area</figcaption>' +
    `<div id="area-chart" class="chart-columns" role="img" aria-label="${esc(`Checks by area. ${spoken.join('; ')}`)}">${columns.map(columnSvg).join('')}</div>` +
    `<ul class="legend" aria-hidden="true">${legend}</ul></figure>`
  );
}

function count(checks: CheckResult[], status: Status): number {
  return checks.filter((c) => c.status === status).length;
}

function columnSvg(groups: AreaGroup[]): string {
  const height = groups.length * ROW_HEIGHT;
  const width = LABEL_WIDTH + BAR_WIDTH + TOTAL_WIDTH;
  const rows = groups.map((group, i) => {
    const y = i * ROW_HEIGHT;
    const total = group.checks.length;
    let x = LABEL_WIDTH;
    const segments: string[] = [];
    for (const status of ORDER) {
      const n = count(group.checks, status);
      if (n === 0) continue;
      const w = (n / total) * BAR_WIDTH;
      segments.push(
        `<rect class="seg-${status}" x="${x.toFixed(1)}" y="${y + 4}" width="${w.toFixed(1)}" height="${ROW_HEIGHT - 8}">` +
          `<title>${esc(group.area)}: ${n} ${status}</title></rect>`,
      );
      x += w;
    }
    return (
      `<g class="chart-row" data-chart-area="${esc(group.area)}">` +
      `<text class="chart-label" x="${LABEL_WIDTH - 8}" y="${y + ROW_HEIGHT / 2 + 4}" text-anchor="end">${esc(group.area)}</text>` +
      segments.join('') +
      `<text class="chart-total" x="${LABEL_WIDTH + BAR_WIDTH + 6}" y="${y + ROW_HEIGHT / 2 + 4}">${total}</text></g>`
    );
  });
  return `<svg aria-hidden="true" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${rows.join('')}</svg>`;
}
