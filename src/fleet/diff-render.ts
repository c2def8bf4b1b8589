// A report diff as terminal text, GitHub-flavoured Markdown (a PR comment, a job summary) and JSON.
import { mdText } from '../report/github-markdown.js';
import { safeHref } from '../report/html-escape.js';
import { inert } from '../report/ansi.js';
import { oneLine, truncate } from '../report/text.js';
import type { DiffEntry, ReportDiff } from './diff.js';

/** The first line of a PR comment of ours: how the next run finds it to update it. */
export const COMMENT_MARKER = '<!-- mcp-conform-diff -->';
/** Rows per Markdown table; a PR comment has a size limit (65536 characters). */
const ROW_LIMIT = 50;
const WHY_MAX = 240;

interface Section {
  title: string;
  entries: DiffEntry[];
}

function sections(diff: ReportDiff): Section[] {
  return [
    { title: 'New failures', entries: diff.newFailures },
    { title: 'New warnings', entries: diff.newWarnings },
    { title: 'Fixed', entries: diff.fixed },
    { title: 'Checks added', entries: diff.added },
    { title: 'Checks gone', entries: diff.gone },
    { title: 'Changed', entries: diff.changed },
  ];
}

export function diffCounts(diff: ReportDiff): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  return [
    n(diff.newFailures.length, 'new failure'),
    n(diff.newWarnings.length, 'new warning'),
    `${diff.fixed.length} fixed`,
    `${diff.added.length} added`,
    `${diff.gone.length} gone`,
    `${diff.changed.length} changed`,
    `${diff.unchanged} unchanged`,
  ].join(', ');
}

function transition(e: DiffEntry): string {
  return `${e.base ?? 'absent'} → ${e.head ?? 'absent'}`;
}

export function diffText(diff: ReportDiff): string {
  const where = (e: DiffEntry) => (diff.servers > 1 ? ` [${e.server} @ ${e.revision}]` : '');
  const lines = [`mcp-conform diff: ${diff.base} → ${diff.head}`];
  for (const note of runNotes(diff)) lines.push(note);
  for (const s of sections(diff)) {
    if (s.entries.length === 0) continue;
    lines.push('', `${s.title} (${s.entries.length}):`);
    for (const e of s.entries) {
      const why = e.message ? `: ${truncate(inert(oneLine(e.message)), WHY_MAX)}` : '';
      lines.push(`  ${e.id}${where(e)} ${e.level} ${transition(e)}${why}`);
      if (e.baseMessage !== undefined) lines.push(`      was: ${truncate(inert(oneLine(e.baseMessage)), WHY_MAX)}`);
    }
  }
  lines.push('', diffCounts(diff), '');
  return lines.join('\n');
}

function runNotes(diff: ReportDiff): string[] {
  return [
    ...diff.runsAdded.map((r) => `run added: ${r}`),
    ...diff.runsGone.map((r) => `run gone: ${r}`),
    ...diff.revisionChanges.map((r) => `revision changed: ${r}`),
  ];
}

export function diffMarkdown(diff: ReportDiff): string {
  const problems = diff.newFailures.length + diff.newWarnings.length;
  const head = problems ? `❌ ${diffCounts(diff)}` : `✅ ${diffCounts(diff)}`;
  const lines = [COMMENT_MARKER, `### mcp-conform: what this change did to conformance`, '', head, ''];
  const notes = runNotes(diff);
  if (notes.length) lines.push(...notes.map((n) => `- ${mdText(n)}`), '');
  const many = diff.servers > 1;
  for (const s of sections(diff)) {
    if (s.entries.length === 0) continue;
    lines.push(`#### ${s.title} (${s.entries.length})`, '');
    lines.push(many ? '| Check | Server | Level | Verdict | Why |' : '| Check | Level | Verdict | Why |', many ? '|---|---|---|---|---|' : '|---|---|---|---|');
    for (const e of s.entries.slice(0, ROW_LIMIT)) {
      const why = [e.message ? mdText(truncate(oneLine(e.message), WHY_MAX)) : '', e.baseMessage !== undefined ? `*was:* ${mdText(truncate(oneLine(e.baseMessage), WHY_MAX))}` : ''].filter(Boolean).join('<br>');
      const cells = [checkLink(e), ...(many ? [mdText(`${e.server} @ ${e.revision}`)] : []), mdText(e.level), mdText(transition(e)), why || '—'];
      lines.push(`| ${cells.join(' | ')} |`);
    }
    if (s.entries.length > ROW_LIMIT) lines.push('', `…and ${s.entries.length - ROW_LIMIT} more: see the JSON diff.`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

function checkLink(e: DiffEntry): string {
  const href = safeHref(e.spec ?? '');
  if (!href) return mdText(e.id);
  return `[${mdText(e.id)}](${href.replace(/[()\s<>|"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

export function diffJson(diff: ReportDiff): string {
  const summary = {
    newFailures: diff.newFailures.length,
    newWarnings: diff.newWarnings.length,
    fixed: diff.fixed.length,
    added: diff.added.length,
    gone: diff.gone.length,
    changed: diff.changed.length,
    unchanged: diff.unchanged,
  };
  const { servers: _servers, ...rest } = diff;
  return `${JSON.stringify(Object.assign({ base: diff.base, head: diff.head, summary }, rest), null, 2)}\n`;
}
