// Our MCP endpoint as an OAuth protected resource (RFC 9728, RFC 6750) in the OAuth scenarios:
// its metadata documents, and the verdict on each MCP request's credentials: let through, or a
// 401/403 challenge. A token is valid when our authorization server front saw it issued in this
// scenario (whichever server issued it: ours or the one tests put behind the front), and has
// not been declared expired by the scenario's play (expiry) nor lacks its scopes (step-up).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AuthLog, Challenge, IssuedToken } from './auth-record.js';

export interface GateAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const PRM_PATH = '/.well-known/oauth-protected-resource';
/** A resource that is not ours, named by the metadata of the resource-mismatch scenario. */
export const OTHER_RESOURCE = 'http://127.0.0.1:9/other-mcp-server';

type Obj = Record<string, unknown>;

export class AuthGate {
  /** Tokens the scenario declared expired (expiry: the first one, at its first use after the handshake). */
  private readonly expired = new Set<string>();
  /** The 2025-03-26 style: the authorization server at our origin serves every path but the endpoint's. */
  atOrigin?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;

  constructor(
    readonly log: AuthLog,
    private readonly now: () => number,
  ) {}

  /** The metadata paths: the one our challenges name (path-inserted) and the root one. */
  outside(method: string, path: string): GateAnswer | undefined {
    if (this.log.discovery === 'server-origin') return undefined; // 2025-03-26 has no protected-resource metadata
    if (method !== 'GET' || (path !== new URL(this.log.resourceMetadataUrl).pathname && path !== PRM_PATH)) return undefined;
    const document = {
      resource: this.log.advertisedResource,
      authorization_servers: [this.log.issuer],
      scopes_supported: this.log.mode === 'step-up' ? this.log.stepUpScope : this.log.scope,
      bearer_methods_supported: ['header'],
    };
    return { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(document) };
  }

  /** undefined: the request is authorized; else the challenge to answer with. */
  refusal(headers: IncomingHttpHeaders, message: unknown): GateAnswer | undefined {
    const method = typeof (message as Obj | null)?.method === 'string' ? ((message as Obj).method as string) : undefined;
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (!presented) return this.challenge(401, 'no-token', method);
    const token = this.log.issued.find((t) => t.access === presented);
    if (!token) return this.challenge(401, 'unknown-token', method);
    if (this.expired.has(presented)) return this.challenge(401, 'expired', method);
    const work = method !== undefined && method !== 'initialize' && method !== 'ping' && !method.startsWith('notifications/');
    if (work && this.log.mode === 'expiry' && token === this.log.issued[0]) {
      this.expired.add(presented);
      return this.challenge(401, 'expired', method);
    }
    if (work && this.log.mode === 'step-up' && !this.log.stepUpScope.every((s) => token.scopes.includes(s))) return this.challenge(403, 'insufficient-scope', method);
    return undefined;
  }

  private challenge(status: 401 | 403, reason: Challenge['reason'], method: string | undefined): GateAnswer {
    const scope = reason === 'insufficient-scope' ? this.log.stepUpScope : this.log.scope;
    const error = reason === 'insufficient-scope' ? ', error="insufficient_scope"' : reason === 'no-token' ? '' : ', error="invalid_token"';
    const description = reason === 'expired' ? ', error_description="The access token expired"' : '';
    // 2025-03-26: a plain Bearer challenge (RFC 6750), nothing to discover from it.
    const header = this.log.discovery === 'server-origin' ? `Bearer${`${error}${description}`.replace(/^, /, ' ')}` : `Bearer resource_metadata="${this.log.resourceMetadataUrl}", scope="${scope.join(' ')}"${error}${description}`;
    this.log.challenges.push({ at: this.now(), status, reason, header, ...(method ? { method } : {}) });
    const body = JSON.stringify({ error: reason === 'insufficient-scope' ? 'insufficient_scope' : reason === 'no-token' ? 'unauthorized' : 'invalid_token' });
    return { status, headers: { 'www-authenticate': header, 'content-type': 'application/json' }, body };
  }

  /** A token endpoint's answer, seen by the front: a new token is valid from now on. */
  learn(grant: string, response: Obj, requestedScope: string | undefined): void {
    if (typeof response.access_token !== 'string') return;
    const scope = typeof response.scope === 'string' ? response.scope : (requestedScope ?? '');
    const issued: IssuedToken = { at: this.now(), access: response.access_token, scopes: scope.split(' ').filter(Boolean), grant, ...(typeof response.refresh_token === 'string' ? { refresh: response.refresh_token } : {}) };
    this.log.issued.push(issued);
  }
}
