// Turns a campaign's result into a verdict: one block of evidence per distinct failure (the
// exact bytes sent, what came back, the seed and path, and a command line that replays it),
// and a note with the campaign's numbers.
import { isUtf8 } from 'node:buffer';
import { causesIfAllKnown } from '../checks/causes.js';
import type { CheckContext } from '../checks/index.js';
import type { Verdict } from '../checks/types.js';
import type { Evidence, Received } from '../session/index.js';
import type { TargetSpec } from '../session/index.js';
import { CHUNK, type CampaignResult, type FoundFailure } from './campaign.js';
import type { Anomaly } from './oracle.js';

/** Longest rendering of sent bytes or a received message in evidence. */
const MAX_SHOWN = 2000;
const MAX_FAILURES_SHOWN = 10;

/**
 * Bytes as readable one-line text: printable characters as they are; raw control bytes and
 * bytes that are not UTF-8 as <0xNN>; invisible or unassigned characters (zero-width, bidi
 * controls, line separators, lone surrogates) as <U+XXXX>. JSON escapes such as \n stay
 * as the two characters they are, so a raw newline (<0x0a>) never looks like one. Long content
 * is cut in the middle, with the byte count.
 */
export function showBytes(bytes: Buffer, max = MAX_SHOWN): string {
  const body = bytes.at(-1) === 0x0a ? bytes.subarray(0, -1) : bytes;
  const head = body.length > max ? body.subarray(0, Math.floor(max * 0.8)) : body;
  const tail = body.length > max ? body.subarray(body.length - Math.floor(max * 0.1)) : undefined;
  const cut = tail ? `…[${body.length - head.length - tail.length} more bytes]…` : '';
  return `${escapeBytes(head)}${cut}${tail ? escapeBytes(tail) : ''}`;
}

function escapeBytes(bytes: Buffer): string {
  if (isUtf8(bytes)) return escapeText(bytes.toString('utf8'));
  // Decode what is valid, show the rest byte by byte.
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const n = utf8Length(bytes, i);
    if (n === 0) {
      out += hexByte(bytes[i]);
      i++;
    } else {
      out += escapeText(bytes.subarray(i, i + n).toString('utf8'));
      i += n;
    }
  }
  return out;
}

const hexByte = (b: number) => `<0x${b.toString(16).padStart(2, '0')}>`;

/** Length of a valid UTF-8 sequence starting at `i`, 0 when there is none. */
function utf8Length(b: Buffer, i: number): number {
  const c = b[i];
  const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > b.length) return 0;
  return isUtf8(b.subarray(i, i + n)) ? n : 0;
}

/** Control, format (zero-width, bidi), private-use, unassigned and separator characters, and lone surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;

function escapeText(text: string): string {
  return text.replace(INVISIBLE, (c) => {
    const cp = c.codePointAt(0)!;
    return cp < 0x80 ? hexByte(cp) : `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export interface ReplayContext {
  checkId: string;
  target: TargetSpec;
  seed: number;
  revision: string;
  callTools?: 'all' | readonly string[];
  /** `fuzz` for failures found by `mcp-conform fuzz` (its time budget reaches further). */
  command?: 'run' | 'fuzz';
  /** `mcp-conform fuzz`: its time per check, so that the replay gets as far. */
  durationS?: number;
  /** Fixed cases sent before the generated ones (the hostile-text dictionary, 2026-07-28's refusal rules): `--fuzz-runs` counts only the generated. */
  prefix?: number;
}

/** The command line that runs the check again with the same cases up to and including `index`. */
export function replayCommand(r: ReplayContext, index: number): string {
  return commandLine(r, r.command ?? 'run', Math.max(0, index + 1 - (r.prefix ?? 0)));
}

/** The `mcp-conform fuzz` command line that carries on with the same seed, for a run that stopped at its first failure. */
export function exploreCommand(r: ReplayContext): string {
  return commandLine(r, 'fuzz');
}

function commandLine(r: ReplayContext, command: 'run' | 'fuzz', generatedRuns?: number): string {
  const parts = ['mcp-conform', command, '--only', r.checkId, '--seed', String(r.seed)];
  if (generatedRuns !== undefined) parts.push('--fuzz-runs', String(generatedRuns));
  parts.push('--protocol-version', r.revision);
  if (command === 'fuzz' && r.command === 'fuzz' && r.durationS) parts.push('--duration', String(r.durationS));
  if (r.callTools === 'all') parts.push('--call-tools', 'all');
  else if (r.callTools && r.callTools.length) parts.push('--call-tools', r.callTools.join(','));
  if (r.target.transport === 'stdio') {
    if (r.target.cwd) parts.push('--cwd', r.target.cwd);
    parts.push('--', ...r.target.command);
  } else {
    parts.push('--url', r.target.url);
    if (r.target.transport === 'sse') parts.push('--legacy-sse');
  }
  return parts.map(shellQuote).join(' ');
}

function receivedEvidence(r: Received): Evidence {
  const text = JSON.stringify(r.message) ?? '';
  return text.length <= MAX_SHOWN
    ? { type: 'message', direction: 'received', at: r.at, message: r.message }
    : { type: 'message', direction: 'received', at: r.at, raw: showBytes(Buffer.from(r.raw || text)) };
}

function describeInput(f: FoundFailure): string {
  const size = f.run.bytes.length;
  if (f.unconfirmed) return `${size} bytes, as generated; neither shrunk nor confirmed: ${f.unconfirmed}`;
  if (!f.shrunk) return `${size} bytes, as generated`;
  // Shrinking simplifies the generated value, which does not always make its bytes fewer.
  return size < f.originalBytes ? `shrunk in ${f.shrinks} step(s), ${f.originalBytes} → ${size} bytes` : `shrunk in ${f.shrinks} step(s) to a simpler input of ${size} bytes (from ${f.originalBytes})`;
}

/** Evidence for one failure: what it is, the bytes, what came back, how to replay it. */
export function failureEvidence(f: FoundFailure, n: number, replay: ReplayContext): Evidence[] {
  const a = f.anomaly;
  const out: Evidence[] = [
    { type: 'note', text: `failure ${n} [${a.kind}${a.requirement ? `, ${a.requirement}` : ''}] strategy ${f.strategy}: ${a.summary}${a.warnOnly ? ' (tolerated: warn)' : ''} (input ${describeInput(f)}; seen ${f.occurrences} time(s))` },
    { type: 'message', direction: 'sent', at: 0, raw: showBytes(f.run.bytes) },
  ];
  // HTTP: the status and headers of the POST that carried the input (its body is shown above).
  const x = f.run.http?.exchange;
  if (x) out.push({ type: 'http', at: 0, request: { method: x.request.method, url: x.request.url, headers: x.request.headers }, response: x.response });
  if (f.run.http?.error) out.push({ type: 'note', text: `the POST ended with: ${f.run.http.error}` });
  const shown = [...new Set([...a.received, ...f.run.responses, ...(f.run.http?.loose ?? []), ...(f.run.http?.unexpected ?? [])])].slice(0, 4);
  if (shown.length) out.push(...shown.map(receivedEvidence));
  else out.push({ type: 'note', text: x?.response ? 'no JSON-RPC message came back for this input: the HTTP reply above is all there was' : 'nothing came back for this input' });
  for (const p of (a.problems ?? []).slice(0, 3)) out.push({ type: 'schema', pointer: p.pointer, expected: p.expected, found: p.found, requirement: p.requirement });
  if (f.stderr?.length) out.push({ type: 'stderr', text: f.stderr.join('\n') });
  const prefix = replay.prefix ?? 0;
  const where =
    f.index < prefix
      ? `case ${f.index}: entry ${f.index} of the ${prefix} fixed cases sent before the generated ones`
      : `case ${f.index} of seed ${replay.seed}${prefix ? ` (generated case ${f.index - prefix}, after ${prefix} fixed ones)` : ''}: fast-check seed ${f.caseSeed}, path ${f.path}, ${CHUNK} cases per seed`;
  out.push({ type: 'note', text: `replay: ${replayCommand(replay, f.index)}  (${where})` });
  return out;
}

function statsNote(r: CampaignResult): string {
  const rate = r.searchMs > 0 ? Math.round((r.cases / r.searchMs) * 1000) : 0;
  const parts = [`${r.cases} cases in ${r.searchMs} ms of search (${rate} cases/s), ${r.elapsedMs} ms in all`];
  if (r.prefix) parts.push(r.cases >= r.prefix ? `the first ${r.prefix} were the fixed cases` : `${r.cases} of the ${r.prefix} fixed cases sent`);
  if (r.restarts) parts.push(`${r.restarts} server restart(s)`);
  if (r.slow) parts.push(`${r.slow} slow tool call(s) cancelled and not judged`);
  if (r.unexplored) parts.push(`${r.unexplored} more failing case(s) not investigated (the cap on distinct failures, or the time for investigating, was reached)`);
  if (r.stopped && !r.stoppedAtFirstFailure) parts.push(`stopped early: ${r.stopped}`);
  const top = [...r.byStrategy.entries()].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ${n}`);
  parts.push(`strategies: ${top.join(', ')}`);
  return parts.join('; ');
}

function isHard(a: Anomaly): boolean {
  return !a.warnOnly;
}

/** The check's verdict: violation for any hard failure (graded by the check's level), warn for tolerated ones. */
export function campaignVerdict(ctx: CheckContext, result: CampaignResult, context: ReplayContext): Verdict {
  const replay: ReplayContext = { ...context, prefix: result.prefix };
  const failures = result.failures;
  if (failures.length) ctx.note('inputs are shown as text: <0xNN> is a raw byte (a control character, or not UTF-8), <U+XXXX> an invisible character');
  failures.slice(0, MAX_FAILURES_SHOWN).forEach((f, i) => ctx.evidence.push(...failureEvidence(f, i + 1, replay)));
  if (failures.length > MAX_FAILURES_SHOWN) ctx.note(`${failures.length - MAX_FAILURES_SHOWN} more distinct failure(s) not shown`);
  // A crash no single input reproduced still happened. A stall no replay reproduced ended by
  // itself (the replays were answered): on a loaded machine that is slowness, so it is only noted.
  const unattributedHard = result.unattributed.filter((a) => a.kind === 'crash');
  for (const a of result.unattributed) ctx.note(`not attributed to one input [${a.kind}]: ${a.summary}`);
  ctx.note(statsNote(result));
  const hard = failures.filter((f) => isHard(f.anomaly));
  if (hard.length || unattributedHard.length) {
    const first = hard[0];
    const lead = first ? `${first.anomaly.summary} (input: ${first.strategy}, ${first.run.bytes.length} bytes)` : unattributedHard[0].summary;
    const count = hard.length + unattributedHard.length;
    const causes = unattributedHard.length === 0 ? causesIfAllKnown(hard.map((f) => f.anomaly.cause)) : undefined;
    const withCauses = (v: Verdict): Verdict => (causes ? { ...v, causes } : v);
    if (result.stoppedAtFirstFailure) {
      ctx.note(`a plain run stops at the first failure; to look for more: ${exploreCommand(replay)}`);
      return withCauses(ctx.violation(`failure in ${result.cases} fuzz cases (stopped at the first: \`mcp-conform fuzz\` looks for more): ${lead}`));
    }
    return withCauses(ctx.violation(`${count} distinct failure(s) in ${result.cases} fuzz cases; first: ${lead}`));
  }
  if (failures.length) {
    const first = failures[0];
    return ctx.warn(`${failures.length} tolerated deviation(s) in ${result.cases} fuzz cases; first: ${first.anomaly.summary} (input: ${first.strategy})`);
  }
  if (result.cases === 0) return ctx.skip(`no fuzz case could be run${result.stopped ? `: ${result.stopped}` : ''}`);
  return ctx.pass(`${result.cases} fuzz cases, no failure`);
}
