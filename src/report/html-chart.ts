import type { CheckResult, Status } from '../checks/types.js';
import { groupByArea } from './group.js';
import { esc } from './html-escape.js';

const ORDER: Status[] = ['pass', 'fail', 'warn', 'skip', 'info'];
const BAR_WIDTH = 320;
const ROW_HEIGHT = 22;
const LABEL_WIDTH = 170;

/** Stacked horizontal bars of statuses per area, as inline SVG (no style attributes, CSP-friendly). */
export function areaChart(checks: CheckResult[]): string {
  const groups = groupByArea(checks);
  if (groups.length === 0) return '';
  const height = groups.length * ROW_HEIGHT;
  const width = LABEL_WIDTH + BAR_WIDTH + 60;
  const rows = groups.map((group, i) => {
    const y = i * ROW_HEIGHT;
    const total = group.checks.length;
    let x = LABEL_WIDTH;
    const segments: string[] = [];
    for (const status of ORDER) {
      const count = group.checks.filter((c) => c.status === status).length;
      if (count === 0) continue;
      const w = (count / total) * BAR_WIDTH;
      segments.push(
        `<rect class="seg-${status}" x="${x.toFixed(1)}" y="${y + 4}" width="${w.toFixed(1)}" height="${ROW_HEIGHT - 8}">` +
          `<title>${esc(group.area)}: ${count} ${status}</title></rect>`,
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
  return (
    `<svg id="area-chart" role="img" aria-label="Check results by area" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${rows.join('')}</svg>`
  );
}
