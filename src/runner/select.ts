// Which checks run, and why the others do not.
import type { Check } from '../checks/index.js';
import type { Revision } from '../schema/index.js';

/** Glob over check ids: `*` matches within an id segment or across (`lifecycle/*`, `*version*`). */
export function globToRegExp(glob: string): RegExp {
  const body = glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`);
}

export function matchesAny(id: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => globToRegExp(p).test(id) || (!p.includes('*') && !p.includes('/') && id.startsWith(`${p}/`)));
}

/**
 * The patterns of `only`/`skip` that name no check of `checks` at all (whatever the revision): a
 * typo or a stale id, which would otherwise quietly run nothing (a CI gate that always passes)
 * or skip nothing.
 */
export function unmatchedPatterns(checks: readonly Check[], opts: { only?: readonly string[]; skip?: readonly string[] }): Array<{ option: 'only' | 'skip'; pattern: string }> {
  const unmatched = (option: 'only' | 'skip', patterns: readonly string[] = []) =>
    patterns.filter((p) => !checks.some((c) => matchesAny(c.id, [p]))).map((pattern) => ({ option, pattern }));
  return [...unmatched('only', opts.only), ...unmatched('skip', opts.skip)];
}

export function selectChecks(checks: readonly Check[], opts: { only?: readonly string[]; skip?: readonly string[]; revision: Revision }): Check[] {
  return checks.filter(
    (c) =>
      (!opts.only?.length || matchesAny(c.id, opts.only)) &&
      !(opts.skip?.length && matchesAny(c.id, opts.skip)) &&
      (c.revisions ?? []).includes(opts.revision),
  );
}

/** The reason a selected check cannot apply to this server, or undefined when it applies. */
export function notApplicable(check: Check, transport: 'stdio' | 'http' | 'sse', declares: (path: string) => boolean): string | undefined {
  if (check.transports && !check.transports.includes(transport)) {
    return check.notForTransport ?? `applies to ${check.transports.join('/')} servers only; this target is ${transport}`;
  }
  const missing = (check.needs ?? []).filter((n) => !declares(n));
  if (missing.length) return `the server does not declare the ${missing.join(', ')} capabilit${missing.length > 1 ? 'ies' : 'y'}`;
  return undefined;
}
