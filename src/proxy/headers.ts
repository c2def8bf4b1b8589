// Headers for the HTTP proxy: which ones are the connection's own (not forwarded), and how
// credentials appear in the recording (a fingerprint, never the value).
import { createHash } from 'node:crypto';

// RFC 9110 §7.6.1: these describe one connection, so a proxy does not pass them on.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const SECRET_NAME = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|password|api[-_]?key|session/i;

/**
 * Raw headers (name, value, name, value…) to forward, as sent: every header except the
 * hop-by-hop ones (and those the Connection header names) and, when `host` is given, Host, which
 * becomes the upstream's.
 */
export function forwardHeaders(raw: string[], host?: string): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name) || (host !== undefined && name === 'host')) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  if (host !== undefined) out.push('Host', host);
  return out;
}

/** Headers for the recording: credentials are fingerprinted (`Bearer sha256:1a2b3c4d…`). */
export function recordedHeaders(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = SECRET_NAME.test(name) ? fingerprintValue(raw[i + 1]!) : raw[i + 1]!;
    out[name] = name in out ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** A secret's fingerprint: enough to tell two apart, nothing to use it with. An auth scheme is kept. */
export function fingerprintValue(value: string): string {
  const scheme = /^(Bearer|Basic|Digest|Token|DPoP)\s+(.*)$/i.exec(value);
  const secret = scheme ? scheme[2]! : value;
  const print = `sha256:${createHash('sha256').update(secret).digest('hex').slice(0, 8)}…`;
  return scheme ? `${scheme[1]} ${print}` : print;
}
