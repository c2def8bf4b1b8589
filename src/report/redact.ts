import type { Evidence } from '../checks/types.js';

// Reports end up as CI artifacts; credentials passed with --header must not leak into them.
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** Copies headers with credential values replaced (an auth scheme such as `Bearer` is kept). */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(name.toLowerCase())) {
      out[name] = value;
      continue;
    }
    const scheme = /^(Bearer|Basic|Digest|Token)\s/i.exec(String(value))?.[1];
    out[name] = scheme ? `${scheme} [redacted]` : '[redacted]';
  }
  return out;
}

/** Evidence safe to publish: HTTP exchanges have their credential headers redacted. */
export function redactEvidence(evidence: Evidence): Evidence {
  if (evidence.type !== 'http') return evidence;
  return {
    ...evidence,
    request: { ...evidence.request, headers: redactHeaders(evidence.request.headers ?? {}) },
    ...(evidence.response
      ? { response: { ...evidence.response, headers: redactHeaders(evidence.response.headers ?? {}) } }
      : {}),
  };
}
