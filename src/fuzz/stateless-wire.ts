// Fuzz cases on the 2026-07-28 wire: every request carries its revision and capabilities in
// `_meta` (S26-3), and over Streamable HTTP routing headers that match its body (S26-25). Cases
// get the `_meta` when they are generated (so the bytes in a report are what was sent); the
// headers are derived from each case's bytes when it is POSTed.
import { isStateless, type Revision } from '../schema/index.js';
import { statelessMeta } from '../session/index.js';
import { routingHeaders } from '../transport/index.js';
import type { CaseSpec } from './wire-case.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A request with our `_meta` (protocol version, no client capabilities, client info) over
 * whatever was generated there; other `_meta` members (progressToken, logLevel) stay. Stateful
 * revisions and notifications: unchanged.
 */
export function withRequestMeta<T extends Obj>(message: T, revision: Revision): T {
  if (!isStateless(revision) || typeof message.method !== 'string' || !('id' in message)) return message;
  const params = isObj(message.params) ? message.params : {};
  const meta = isObj(params._meta) ? params._meta : {};
  return { ...message, params: { ...params, _meta: { ...meta, ...statelessMeta(revision, {}) } } };
}

/**
 * Node refuses requests with more than 16 KiB of headers before reading the body (431): a
 * routing header longer than this is left out, and the server owes -32020 for the missing header.
 */
const MAX_ROUTING_HEADER_CHARS = 4096;
/** Bodies larger than this are not parsed for their headers (megabyte strings): they go without. */
const MAX_PARSED_BODY_BYTES = 64 * 1024;

function parsed(bytes: Buffer): unknown {
  if (bytes.length > MAX_PARSED_BODY_BYTES) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The headers a client sends with this body over stateless Streamable HTTP, with the case's own changes over them. */
export function caseHeaders(spec: CaseSpec, body: Buffer): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(routingHeaders(parsed(body))).filter(([, v]) => v.length <= MAX_ROUTING_HEADER_CHARS));
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
    if (value !== null) headers[name] = value;
  }
  return headers;
}
