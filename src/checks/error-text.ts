// A server's error message whole enough to act on: SDKs put a validator's issue list in it,
// pretty-printed JSON kilobytes long, with the path that matters (content[0].text) at the end.
// The paths come first, as `at <path>: <message>`, then the message itself compacted; the
// whole is bounded, so a hostile server cannot flood a report.

/** Longest error text a verdict quotes. */
export const ERROR_TEXT_MAX = 1024;

interface Issue {
  path: string;
  message: string;
}

/** The message, its validator issues first when it carries a JSON issue list, at most `max` characters. */
export function errorMessageText(message: string, max = ERROR_TEXT_MAX): string {
  const parsed = embeddedJson(message);
  if (!parsed) return bound(message.replace(/\s*\n\s*/g, ' '), max);
  const issues = issuesOf(parsed.value, []);
  const compact = `${parsed.before}${JSON.stringify(parsed.value)}`;
  if (issues.length === 0) return bound(compact, max);
  const where = issues.slice(0, 5).map((i) => `at ${i.path || '(root)'}: ${i.message}`).join('; ');
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : '';
  return bound(`${parsed.before.trim()} ${where}${more} — whole message: ${compact}`, max);
}

function bound(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The JSON array or object a message ends with ("Invalid tools/call result: [ … ]"), and the text before it. */
function embeddedJson(message: string): { before: string; value: unknown } | undefined {
  const starts = [...message.matchAll(/[[{]/g)].slice(0, 8).map((m) => m.index!);
  for (const i of starts) {
    try {
      return { before: message.slice(0, i), value: JSON.parse(message.slice(i)) };
    } catch {
      // not JSON from here to the end: try the next bracket
    }
  }
  return undefined;
}

/**
 * Issues of a zod-style list (objects with `path` and `message`), paths joined from the root. A
 * union names every alternative's issues; the closest one (fewest issues) is what the author meant.
 */
function issuesOf(value: unknown, prefix: Array<string | number>): Issue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Issue[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (!Array.isArray(path) || typeof message !== 'string') return [];
    const here = [...prefix, ...path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')];
    const branches = unionBranches(item as Record<string, unknown>);
    const closest = branches.map((b) => issuesOf(b, here)).filter((b) => b.length > 0).sort((a, b) => a.length - b.length)[0];
    return closest ?? [{ path: pathText(here), message }];
  });
}

/** zod 4 `errors: Issue[][]`, zod 3 `unionErrors: [{issues}]`. */
function unionBranches(issue: Record<string, unknown>): unknown[] {
  if (Array.isArray(issue.errors)) return issue.errors;
  if (Array.isArray(issue.unionErrors)) return issue.unionErrors.map((e) => (typeof e === 'object' && e !== null ? (e as { issues?: unknown }).issues : undefined));
  return [];
}

/** ["content", 0, "text"] → content[0].text */
function pathText(path: Array<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
