// The little of oidc-provider 9 the tests use (it ships no types; @types/oidc-provider is for 8).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'server_error', listener: (ctx: unknown, err: Error) => void): this;
    /** The interaction and grant models (test/client/oidc-authorization-server.ts approves headlessly). */
    Interaction: { find(uid: string): Promise<{ params: Record<string, unknown>; returnTo: string; exp: number; result?: unknown; save(ttl: number): Promise<string> } | undefined> };
    Grant: new (o: { accountId: string; clientId: string }) => { addResourceScope(resource: string, scope: string): void; addOIDCScope(scope: string): void; save(): Promise<string> };
  }
}
