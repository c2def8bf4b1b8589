// Plain-text helpers shared by the terminal and JUnit writers.
import type { Eras, RunResult } from '../checks/types.js';

/** One-line JSON of a wire payload; raw text is kept when the message did not parse. */
export function compactPayload(message: unknown, raw?: string): string {
  if (message !== undefined) return safeStringify(message);
  return raw ?? '';
}

/** Pretty JSON, or the raw text pretty-printed when it parses as JSON. */
export function prettyPayload(message: unknown, raw?: string): string {
  if (message !== undefined) return safeStringify(message, 2);
  if (raw === undefined) return '';
  return prettyIfJson(raw);
}

/** Pretty-prints text that is JSON; other text (SSE streams, HTML errors) is returned as is. */
export function prettyIfJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

/** JSON.stringify that never throws (BigInt, cycles): evidence comes from arbitrary servers. */
export function safeStringify(value: unknown, indent?: number): string {
  try {
    const out = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), indent);
    return out ?? String(value);
  } catch {
    return String(value);
  }
}

/** Cuts text to `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Breaks one line into lines of at most `width` characters, at spaces where it can (a longer
 * word is cut across lines): long server messages read whole in a terminal, not cut.
 */
export function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const at = space > width / 3 ? space : width;
    out.push(rest.slice(0, at));
    rest = rest.slice(space === at ? at + 1 : at);
  }
  if (rest.length) out.push(rest);
  return out;
}

/** Collapses line breaks so untrusted text stays on one line. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' ⏎ ');
}

/** `+12 ms` style offset from session start. */
export function formatAt(at: number): string {
  return `+${Math.round(at)} ms`;
}

/**
 * What era detection found, e.g. "stateless (2026-07-28) + stateful", why a discovering server
 * was tested through initialize, or why a 2026-07-28 server's stateful era was not tested.
 */
export function detectedEras(eras: Eras): string {
  const found = [eras.stateless ? 'stateless (2026-07-28)' : '', eras.stateful ? 'stateful' : ''].filter((x) => x !== '').join(' + ') || 'no era';
  if (eras.initializeProbe) return `${found} only (${truncate(eras.initializeProbe, 120)})`;
  const listed = eras.discoverVersions;
  if (!listed) return found;
  const shown = listed.length > 6 ? `${listed.slice(0, 6).map((v) => truncate(v, 40)).join(', ')}, …` : listed.map((v) => truncate(v, 40)).join(', ');
  return `${found} (server/discover lists only ${shown})`;
}

/**
 * The eras a report's runs tested, one run each, e.g. "2026-07-28 (server/discover) and
 * 2025-11-25 (initialize)"; '' for any other set of runs (one run, or a matrix of revisions).
 */
export function testedEras(runs: readonly RunResult[]): string {
  if (runs.length !== 2 || !runs[0]!.era || !runs[1]!.era || runs[0]!.era === runs[1]!.era) return '';
  return runs.map((r) => `${r.protocolVersion} (${r.era === 'stateless' ? 'server/discover' : 'initialize'})`).join(' and ');
}
