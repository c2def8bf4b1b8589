import type { CheckResult, Status } from '../checks/types.js';
import { groupByArea } from './group.js';
import { esc } from './html-escape.js';

const ORDER: Status[] = ['pass', 'fail', 'warn', 'skip', 'info'];
const BAR_WIDTH = 320;
const ROW_HEIGHT = 22;
const LABEL_WIDTH = 170;

/**
 * Stacked horizontal bars of statuses per area, as inline SVG (no style attributes, CSP-friendly),
 * with a colour legend. Screen readers get the same numbers as text in the aria-label.
 */
export function areaChart(checks: CheckResult[]): string {
  const groups = groupByArea(checks);
  if (groups.length === 0) return '';
  const height = groups.length * ROW_HEIGHT;
  const width = LABEL_WIDTH + BAR_WIDTH + 60;
  const spoken: string[] = [];
  const rows = groups.map((group, i) => {
    const y = i * ROW_HEIGHT;
    const total = group.checks.length;
    let x = LABEL_WIDTH;
    const segments: string[] = [];
    const parts: string[] = [];
    for (const status of ORDER) {
      const count = group.checks.filter((c) => c.status === status).length;
      if (count === 0) continue;
      parts.push(`${count} ${status}`);
      const w = (count / total) * BAR_WIDTH;
      segments.push(
        `<rect class="seg-${status}" x="${x.toFixed(1)}" y="${y + 4}" width="${w.toFixed(1)}" height="${ROW_HEIGHT - 8}">` +
          `<title>${esc(group.area)}: ${count} ${status}</title></rect>`,
      );
      x += w;
    }
    spoken.push(`${group.area}: ${parts.join(', ')}`);
    return (
      `<g class="chart-row" data-chart-area="${esc(group.area)}">` +
      `<text class="chart-label" x="${LABEL_WIDTH - 8}" y="${y + ROW_HEIGHT / 2 + 4}" text-anchor="end">${esc(group.area)}</text>` +
      segments.join('') +
      `<text class="chart-total" x="${LABEL_WIDTH + BAR_WIDTH + 6}" y="${y + ROW_HEIGHT / 2 + 4}">${total}</text></g>`
    );
  });
  const legend = ORDER.map(
    (status) => `<li><span class="swatch sw-${status}" aria-hidden="true"></span>${status}</li>`,
  ).join('');
  return (
    '<figure class="chart"><figcaption>Checks by area</figcaption>' +
    `<svg id="area-chart" role="img" aria-label="${esc(`Checks by area. ${spoken.join('; ')}`)}" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${rows.join('')}</svg>` +
    `<ul class="legend" aria-hidden="true">${legend}</ul></figure>`
  );
}
