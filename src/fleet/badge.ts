// `mcp-conform badge`: the MUST checks a report passed of those that apply, as a shields.io
// endpoint (JSON) and as a self-contained SVG in the shields "flat" style.
import type { Report } from '../checks/types.js';
import { runsOf } from '../report/index.js';

export interface Badge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

/** shields.io's named colours used here, as the SVG paints them. */
const HEX: Record<string, string> = { brightgreen: '#4c1', yellow: '#dfb317', red: '#e05d44', lightgrey: '#9f9f9f' };

/**
 * A MUST check applies when it was judged (not skipped, not informational); it counts as passed
 * only as `pass`. All passed: bright green; 90 % or more: yellow; less: red; none applied: grey.
 */
export function badgeOf(report: Report): Badge {
  const runs = runsOf(report);
  const revisions = [...new Set(runs.map((r) => r.protocolVersion).filter(Boolean))].sort();
  const musts = runs.flatMap((r) => r.checks).filter((c) => c.level === 'MUST' && (c.status === 'pass' || c.status === 'fail' || c.status === 'warn'));
  const passed = musts.filter((c) => c.status === 'pass').length;
  const label = revisions.length === 0 ? 'MCP' : revisions.length === 1 ? `MCP ${revisions[0]}` : `MCP ${revisions[0]}…${revisions[revisions.length - 1]}`;
  if (musts.length === 0) return { schemaVersion: 1, label, message: 'no MUST checks ran', color: 'lightgrey' };
  const ratio = passed / musts.length;
  const color = passed === musts.length ? 'brightgreen' : ratio >= 0.9 ? 'yellow' : 'red';
  return { schemaVersion: 1, label, message: `${passed}/${musts.length} MUST`, color };
}

export function badgeJson(badge: Badge): string {
  return `${JSON.stringify(badge, null, 2)}\n`;
}

// Verdana 11px advance widths (what shields measures with), in tenths of a pixel, for ASCII;
// other characters count as wide. Close enough that the text never overflows its box.
const NARROW = new Set([...'fijlrt.,:;|!\'()[] ']);
const WIDE = new Set([...'mwMW@%']);
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += NARROW.has(ch) ? 4 : WIDE.has(ch) ? 10 : /[A-Z0-9#&…]/.test(ch) ? 7.5 : ch.charCodeAt(0) < 128 ? 6.5 : 11;
  return Math.ceil(w);
}

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function badgeSvg(badge: Badge): string {
  const lw = textWidth(badge.label) + 12;
  const mw = textWidth(badge.message) + 12;
  const width = lw + mw;
  const fill = HEX[badge.color] ?? HEX.lightgrey;
  const title = xml(`${badge.label}: ${badge.message}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${mw}" height="20" fill="${fill}"/><rect width="${width}" height="20" fill="url(#s)"/></g>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">',
    `<text x="${lw / 2}" y="15" fill="#010101" fill-opacity=".3">${xml(badge.label)}</text><text x="${lw / 2}" y="14">${xml(badge.label)}</text>`,
    `<text x="${lw + mw / 2}" y="15" fill="#010101" fill-opacity=".3">${xml(badge.message)}</text><text x="${lw + mw / 2}" y="14">${xml(badge.message)}</text>`,
    '</g></svg>',
    '',
  ].join('\n');
}
