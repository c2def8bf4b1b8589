// Request headers are merged case-insensitively (later sources win) and recorded with secrets
// redacted, because traces end up in reports.

export type HeaderSource = Record<string, string | undefined> | undefined;

export function mergeHeaders(...sources: HeaderSource[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      if (value === undefined) merged.delete(name.toLowerCase());
      else merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}

export function withoutHeaders(headers: Record<string, string>, names: readonly string[] = []): Record<string, string> {
  if (names.length === 0) return headers;
  const drop = new Set(names.map((n) => n.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())));
}

const SECRET = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET.has(name.toLowerCase())) out[name] = value;
    else {
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      out[name] = scheme && name.toLowerCase().endsWith('authorization') ? `${scheme} <redacted>` : '<redacted>';
    }
  }
  return out;
}

/** The media type of a Content-Type value, without parameters, lower-cased. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonMedia(media: string): boolean {
  return media === 'application/json' || media.endsWith('+json');
}
