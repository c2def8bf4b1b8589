// Which framework a server is built on, from what the run saw: members of its initialize result
// only one framework adds, and texts only one framework sends (error messages, tool errors,
// stderr lines). Published servers report their own name in serverInfo, not the SDK's, so the
// name alone says nothing; a framework is named only when one of its signatures was seen.
import type { CheckResult, Evidence } from '../checks/types.js';
import { FRAMEWORKS, type Framework } from './frameworks.js';

export interface Recognised {
  framework: Framework;
  /** What gave it away, e.g. 'its -32603 "Server does not support task creation" error (capabilities/task-member-ignored)'. */
  by: string;
}

/** What the run saw that a framework may have written: its initialize (or discover) result, the recorded evidence, stderr. */
export interface Seen {
  initializeResult?: Record<string, unknown>;
  checks: readonly CheckResult[];
  stderrTail?: readonly string[];
}

export function recognise(seen: Seen, frameworks: readonly Framework[] = FRAMEWORKS): Recognised | undefined {
  const texts = textsOf(seen);
  const found = frameworks.flatMap((framework) => {
    const member = framework.initializeMembers?.find((m) => seen.initializeResult && m in seen.initializeResult);
    if (member) return [{ framework, by: `the "${member}" member of its initialize result` }];
    for (const sig of framework.signatures) {
      const hit = texts.find((t) => sig.text.test(t.text));
      if (hit) return [{ framework, by: `${sig.what}${hit.check ? ` (${hit.check})` : ''}` }];
    }
    return [];
  });
  // A framework built on another shows the other's signatures too: the one on top is the answer.
  const top = found.filter((f) => !found.some((o) => f.framework.underneath?.includes(o.framework.id)));
  // Two unrelated frameworks seen at once: the signatures contradict each other, so name none.
  return top.length === 1 ? top[0] : undefined;
}

interface Text {
  text: string;
  check?: string;
}

function textsOf(seen: Seen): Text[] {
  const out: Text[] = (seen.stderrTail ?? []).map((text) => ({ text }));
  for (const check of seen.checks) {
    for (const e of check.evidence) for (const text of evidenceTexts(e)) out.push({ text, check: check.id });
  }
  return out;
}

/** Error messages, tool error texts and raw lines a server sent, and its stderr. */
function evidenceTexts(e: Evidence): string[] {
  if (e.type === 'stderr') return e.text.split(/\r?\n/);
  if (e.type === 'message' && e.direction === 'received') return e.message !== undefined ? messageTexts(e.message) : e.raw ? [e.raw] : [];
  if (e.type === 'http' && e.response?.body) return bodyTexts(e.response.body);
  return [];
}

function bodyTexts(body: string): string[] {
  const texts: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const json = line.startsWith('data:') ? line.slice(5).trim() : line.trim();
    if (!json.startsWith('{') && !json.startsWith('[')) continue;
    try {
      const parsed: unknown = JSON.parse(json);
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) texts.push(...messageTexts(m));
    } catch {
      // not JSON: no message text to read
    }
  }
  return texts;
}

function messageTexts(message: unknown): string[] {
  if (typeof message !== 'object' || message === null) return [];
  const m = message as { error?: { message?: unknown }; result?: { isError?: unknown; content?: unknown } };
  const texts: string[] = [];
  if (typeof m.error?.message === 'string') texts.push(m.error.message);
  if (m.result?.isError === true && Array.isArray(m.result.content)) {
    for (const block of m.result.content) if (typeof (block as { text?: unknown })?.text === 'string') texts.push((block as { text: string }).text);
  }
  return texts;
}
