// What an OAuth scenario saw besides MCP messages: every request to our authorization server's
// origin and to the MCP server's metadata, the tokens the authorization server issued, and the
// challenges our protected resource answered with. The checks judge it; every secret in it
// (tokens, codes, verifiers, client secrets) is scrubbed from the report by `authSecrets`.
import type { ScenarioRecord } from './record.js';

/** How the protected resource and the authorization server behave in one scenario. */
export type AuthMode = 'basic' | 'step-up' | 'expiry' | 'wrong-issuer' | 'resource-mismatch' | 'no-metadata';

/**
 * How a client finds the authorization server. 2025-06-18 on: the 401 names protected-resource
 * metadata (RFC 9728), which names an authorization server on an origin of its own. 2025-03-26
 * (runs with --protocol-version 2025-03-26): the authorization server is at the MCP server's own
 * origin, its RFC 8414 metadata at `/.well-known/oauth-authorization-server` there (no-metadata:
 * 404, and the default `/authorize`, `/token`, `/register` serve), and there is no such metadata.
 */
export type AuthDiscovery = 'protected-resource' | 'server-origin';

/** The endpoints our authorization server's metadata names in the 2025-03-26 style: not the defaults, so a client that guessed them is told apart. */
export const ORIGIN_ENDPOINT_PREFIX = '/oauth';

/** One HTTP request to the authorization server (side 'as') or to the MCP server's metadata (side 'rs'). */
export interface AuthExchange {
  at: number;
  side: 'as' | 'rs';
  method: string;
  /** The path without its query. */
  path: string;
  query: Record<string, string>;
  /** Header names in lowercase. */
  headers: Record<string, string>;
  /** A form body (token requests), parsed. */
  form?: Record<string, string>;
  /** Any other body (registration), as sent. */
  body?: string;
  status: number;
  /** The redirect we (or the authorization server) answered with. */
  location?: string;
  /** A JSON response body (metadata, registration, tokens). */
  response?: Record<string, unknown>;
}

export interface IssuedToken {
  at: number;
  access: string;
  refresh?: string;
  /** Granted scopes: the token response's, else the authorization request's. */
  scopes: string[];
  grant: string;
}

/** A 401 or 403 our protected resource answered an MCP request with. */
export interface Challenge {
  at: number;
  status: 401 | 403;
  reason: 'no-token' | 'unknown-token' | 'expired' | 'insufficient-scope';
  header: string;
  /** The request's method (MCP), for the step-up check. */
  method?: string;
}

export interface AuthLog {
  mode: AuthMode;
  discovery: AuthDiscovery;
  /** Our MCP endpoint's URL: the resource a token must be asked for. */
  resource: string;
  /** What our protected-resource metadata names as the resource (another one in resource-mismatch). */
  advertisedResource: string;
  resourceMetadataUrl: string;
  /** The authorization server's origin (its issuer), and the issuer its metadata names. */
  issuer: string;
  metadataIssuer: string;
  /** The scope of the first 401 challenge, and the larger one a step-up needs. */
  scope: string[];
  stepUpScope: string[];
  exchanges: AuthExchange[];
  issued: IssuedToken[];
  challenges: Challenge[];
}

export const AUTH_SCOPE = ['mcp:tools'];
export const STEP_UP_SCOPE = ['mcp:tools', 'mcp:admin'];

/** Requests to the authorization server at `path` (e.g. '/token'), in order. */
export function asRequests(log: AuthLog, path?: string, method?: string): AuthExchange[] {
  return log.exchanges.filter((x) => x.side === 'as' && (!path || x.path === path) && (!method || x.method === method));
}

/** A metadata lookup: a well-known URL, path-inserted or (OpenID's) path-appended, e.g. /mcp/.well-known/openid-configuration. */
export const isWellKnown = (path: string): boolean => path.includes('/.well-known/');

/** Requests of the authorization code flow proper (not metadata): registration, authorization, token. */
export function flowRequests(log: AuthLog): AuthExchange[] {
  return log.exchanges.filter((x) => x.side === 'as' && !isWellKnown(x.path));
}

const SECRET_FIELDS = ['code', 'code_verifier', 'refresh_token', 'access_token', 'client_secret', 'client_assertion', 'id_token', 'subject_token', 'assertion'];

/** Every secret an OAuth scenario carried, to be replaced by fingerprints in the report. */
export function authSecrets(record: ScenarioRecord): string[] {
  const log = record.auth;
  if (!log) return [];
  const out: string[] = [];
  const take = (v: unknown) => typeof v === 'string' && v.length >= 8 && out.push(v);
  const credentials = (header: string | undefined) => take(/^\S+\s+(.+)$/.exec(header ?? '')?.[1]);
  for (const t of log.issued) [t.access, t.refresh].forEach(take);
  for (const x of log.exchanges) {
    for (const k of SECRET_FIELDS) [x.form?.[k], x.query[k], x.response?.[k]].forEach(take);
    if (x.location) for (const k of ['code', 'access_token']) take(new URL(x.location, 'http://x').searchParams.get(k));
    credentials(x.headers.authorization);
  }
  for (const e of record.events) {
    credentials(e.http?.headers.authorization);
    take(e.http ? new URL(e.http.path, 'http://x').searchParams.get('access_token') : undefined);
  }
  return out;
}
