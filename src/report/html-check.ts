import type { CheckResult, Evidence, Status } from '../checks/types.js';
import { areaOf } from './group.js';
import { esc, safeHref } from './html-escape.js';
import { redactHeaders } from './redact.js';
import { formatAt, prettyIfJson, prettyPayload } from './text.js';
import { sameCauseText } from './causes.js';
import { levelText } from '../checks/grade.js';
import { attributionText } from './attribution.js';

export const STATUS_MARK: Record<Status, string> = { pass: '✓', fail: '✗', warn: '!', skip: '-', info: 'i' };

/** One check as a <details> element: the summary line, and when opened every finding and the transcript. */
export function checkHtml(check: CheckResult, domId: string, run: string): string {
  const area = areaOf(check.id);
  const reason = check.message && check.status !== 'pass' ? `<span class="reason">${esc(check.message)}</span>` : '';
  const sameCause = sameCauseText(check);
  const cause = sameCause ? `<span class="same-cause">${esc(sameCause.charAt(0).toUpperCase() + sameCause.slice(1))}</span>` : '';
  return [
    `<details class="check" id="${esc(domId)}" data-id="${esc(check.id)}" data-status="${check.status}" data-area="${esc(area)}" data-run="${esc(run)}" data-level="${esc(check.level)}">`,
    `<summary><span class="badge st-${check.status}"><span aria-hidden="true">${STATUS_MARK[check.status]}</span> ${check.status}</span> ` +
      `<code class="check-id">${esc(check.id)}</code> <span class="title">${esc(check.title)}</span>${reason}${cause}</summary>`,
    `<div class="detail">`,
    factsHtml(check),
    check.message ? `<p class="message">${esc(check.message)}</p>` : '',
    attributionText(check) ? `<p class="attribution">${esc(attributionText(check)!)}</p>` : '',
    expectedHtml(check.evidence),
    schemaHtml(check.evidence),
    notesHtml(check.evidence),
    transcriptHtml(check.evidence),
    `</div></details>`,
  ].join('');
}

function factsHtml(check: CheckResult): string {
  const href = safeHref(check.spec);
  const spec = href
    ? `<a class="spec" href="${esc(href)}" rel="noopener noreferrer" target="_blank">${esc(check.spec)}</a>`
    : `<span class="spec">${esc(check.spec)}</span>`;
  const reqs = check.requirements.length
    ? check.requirements.map((r) => `<code class="req">${esc(r)}</code>`).join(' ')
    : '<span class="none">none</span>';
  return (
    `<dl class="facts"><dt>Level</dt><dd class="level">${esc(levelText(check))}</dd>` +
    `<dt>Requirements</dt><dd class="reqs">${reqs}</dd><dt>Spec</dt><dd>${spec}</dd>` +
    `<dt>Duration</dt><dd>${esc(Math.round(check.durationMs))} ms</dd></dl>`
  );
}

/** Expected next to actual, one row per comparison; the actual side carries the verdict's colour. */
function expectedHtml(evidence: Evidence[]): string {
  const rows = evidence.flatMap((e) =>
    e.type === 'expected'
      ? [`<tr><td class="expected-value"><pre>${esc(e.expected)}</pre></td><td class="actual"><pre>${esc(e.actual)}</pre></td></tr>`]
      : [],
  );
  if (rows.length === 0) return '';
  return (
    '<table class="expected"><caption class="sr-only">Expected and actual behaviour</caption>' +
    `<thead><tr><th scope="col">Expected</th><th scope="col">Actual</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function schemaHtml(evidence: Evidence[]): string {
  const items = evidence.flatMap((e) => {
    if (e.type !== 'schema') return [];
    const req = e.requirement ? ` <code class="req">${esc(e.requirement)}</code>` : '';
    const line = e.line !== undefined ? ` <span class="line">line ${esc(e.line)}</span>` : '';
    return [
      `<li><code>${esc(e.pointer || '/')}</code>: expected <b>${esc(e.expected)}</b>, found <b>${esc(e.found)}</b>${req}${line}</li>`,
    ];
  });
  return items.length ? `<h4>Schema findings</h4><ul class="schema">${items.join('')}</ul>` : '';
}

function notesHtml(evidence: Evidence[]): string {
  const items = evidence.flatMap((e) => {
    if (e.type === 'note') return [`<li class="note">${esc(e.text)}</li>`];
    if (e.type === 'stderr') return [`<li class="stderr">Server stderr:<pre>${esc(e.text)}</pre></li>`];
    return [];
  });
  return items.length ? `<ul class="notes">${items.join('')}</ul>` : '';
}

/** Wire messages and HTTP exchanges in order, each with its time offset and direction. */
function transcriptHtml(evidence: Evidence[]): string {
  const items = evidence.flatMap((e): string[] => {
    if (e.type === 'message') {
      return [wireItem(e.direction, e.at, e.direction, prettyPayload(e.message, e.raw))];
    }
    if (e.type !== 'http') return [];
    const req = e.request;
    const out = [wireItem('sent', e.at, `${req.method} ${req.url}`, httpText(req.headers, req.body))];
    out.push(
      e.response
        ? wireItem('received', e.at, `HTTP ${e.response.status}`, httpText(e.response.headers, e.response.body))
        : wireItem('received', e.at, 'no response', ''),
    );
    return out;
  });
  if (items.length === 0) return '';
  return (
    '<h4>Wire transcript <small>(ms since the session opened; → client to server, ← server to client)</small></h4>' +
    `<ol class="transcript">${items.join('')}</ol>`
  );
}

const ARROW = { sent: '→', received: '←' } as const;

function wireItem(direction: 'sent' | 'received', at: number, label: string, body: string): string {
  // <time datetime> takes an ISO 8601 duration: the offset, machine-readable.
  const datetime = Number.isFinite(at) ? ` datetime="PT${(Math.max(0, Math.round(at)) / 1000).toFixed(3)}S"` : '';
  return (
    `<li class="wire ${direction}"><time class="at"${datetime}>${esc(formatAt(at))}</time> ` +
    `<span class="dir">${ARROW[direction]} ${esc(label)}</span>` +
    (body ? `<pre>${esc(body)}</pre>` : '') +
    `</li>`
  );
}

function httpText(headers: Record<string, string> | undefined, body: string | undefined): string {
  const head = Object.entries(redactHeaders(headers ?? {})).map(([k, v]) => `${k}: ${v}`);
  const parts = [head.join('\n')];
  if (body) parts.push(prettyIfJson(body));
  return parts.filter(Boolean).join('\n\n');
}
