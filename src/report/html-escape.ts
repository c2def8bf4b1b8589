// Everything a server sends is untrusted: all report data goes through esc() before it
// reaches the page, in text and in attribute values alike.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Controls and bidi overrides would render as boxes or silently reorder the rest of a line
// (a "Trojan source" display); lone surrogates are not text. Show them all as \uXXXX.
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for HTML element content or a quoted attribute value. */
export function esc(value: unknown): string {
  return String(value)
    .replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** An href only for http(s) URLs; anything else (javascript:, data:) is not linked. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined;
}
