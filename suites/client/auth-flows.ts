// The OAuth client checks that need a scenario of their own: step-up on 403 insufficient_scope,
// refresh of an expired token, and refusing metadata that names another issuer or resource.
import { defineClientCheck } from '../../src/client/check.js';
import { flowRequests, type AuthExchange, type AuthLog } from '../../src/client/auth-record.js';
import type { ScenarioRecord } from '../../src/client/record.js';
import type { Verdict } from '../../src/checks/types.js';
import { describeEnd, expected, note } from './support.js';
import { asMetadataGets, authorizeRequests, bearerOf, endpointRequests, notAuthorizing, rsMetadataGets, shown, tokenRequests, PRM_RUNS } from './auth-support.js';

const SPEC = 'basic/authorization';
const gaveUp = (record: ScenarioRecord): string => {
  const end = record.ends.find((e) => !e.byUs);
  return end ? `ended (${describeEnd(end)})` : 'sent nothing more';
};

/** Why a step-up authorization brought no token with the challenged scopes: its scope, the server's refusal, or no code exchanged. */
function stepUpShortfall(log: AuthLog, authorization: AuthExchange): string {
  const refusal = authorization.location ? new URL(authorization.location, 'http://x').searchParams : undefined;
  const error = refusal?.get('error');
  if (error) return `which the authorization server refused (${error}${refusal!.get('error_description') ? `: ${refusal!.get('error_description')}` : ''})`;
  const asked = (authorization.query.scope ?? '').split(' ');
  if (!log.stepUpScope.every((s) => asked.includes(s))) return `not the challenged ${log.stepUpScope.join(' ')}`;
  return 'but exchanged no code for a token with it';
}

export const scopeStepUp = defineClientCheck({
  id: 'client-auth/scope-step-up',
  title: 'A 403 insufficient_scope makes the client authorize again with the challenged scopes and retry',
  level: 'SHOULD',
  requirements: ['CLIENT-AUTH-10'],
  spec: `${SPEC}#step-up-authorization-flow`,
  scenario: 'auth-step-up',
  transports: ['http'],
  revisions: ['2025-11-25'],
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const forbidden = log.challenges.find((c) => c.reason === 'insufficient-scope');
    if (!forbidden) return log.issued.length ? { status: 'skip', message: 'the client made no request past the handshake, so none was answered 403' } : notAuthorizing(record);
    const said = note(`we answered ${forbidden.method ?? 'a request'} with 403: ${forbidden.header}`);
    const upgraded = log.issued.find((t) => t.at > forbidden.at && log.stepUpScope.every((s) => t.scopes.includes(s)));
    const retried = upgraded && endpointRequests(record).find((e) => e.at > upgraded.at && bearerOf(e) === upgraded.access);
    const forbiddenCount = log.challenges.filter((c) => c.reason === 'insufficient-scope').length;
    if (upgraded && retried) return { status: 'pass', message: `a new token with scope "${upgraded.scopes.join(' ')}" ${Math.round(upgraded.at - forbidden.at)} ms after the 403, and the request retried with it`, evidence: [said] };
    const asked = authorizeRequests(log).filter((x) => x.at > forbidden.at);
    if (asked.length) return { status: 'warn', message: `after the 403 the client authorized again with scope "${asked[0].query.scope ?? ''}", ${upgraded ? 'but did not retry with the new token' : stepUpShortfall(log, asked[0])}`, evidence: [said, shown(log, asked[0])] };
    const refreshed = tokenRequests(log).some((x) => x.at > forbidden.at && x.form!.grant_type === 'refresh_token');
    const how = refreshed ? 'refreshed its token (a refresh cannot add scopes) and then ' : '';
    return { status: 'warn', message: `after the 403 the client ${how}${gaveUp(record)} without a step-up authorization (${forbiddenCount} request(s) refused 403)`, evidence: [said, expected(`an authorization request with scope ${log.stepUpScope.join(' ')}`, 'none')] };
  },
});

export const refreshExpired = defineClientCheck({
  id: 'client-auth/refresh-expired-token',
  title: 'An expired access token is renewed with the refresh token issued with it',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['CLIENT-AUTH-11'],
  spec: `${SPEC}#token-theft`,
  scenario: 'auth-expiry',
  transports: ['http'],
  revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
  judge(record) {
    const log = record.auth!;
    const expiry = log.challenges.find((c) => c.reason === 'expired');
    if (!expiry) return log.issued.length ? { status: 'skip', message: 'the client made no request past the handshake, so its token never expired' } : notAuthorizing(record);
    const first = log.issued[0];
    if (!first.refresh) return { status: 'skip', message: 'the authorization server issued no refresh token with the first access token' };
    const said = note(`we answered ${expiry.method ?? 'a request'} with 401: ${expiry.header}`);
    const refresh = tokenRequests(log).find((x) => x.at > expiry.at && x.form!.grant_type === 'refresh_token');
    if (refresh) return { status: 'pass', message: `a refresh_token grant ${Math.round(refresh.at - expiry.at)} ms after the expired token was refused`, evidence: [said, shown(log, refresh)] };
    const again = authorizeRequests(log).find((x) => x.at > expiry.at);
    if (again) return { status: 'info', message: 'the client authorized again (a new authorization code) instead of using its refresh token: it works, at the cost of asking the user', evidence: [said, shown(log, again)] };
    return { status: 'warn', message: `after its token expired the client ${gaveUp(record)}, though it held a refresh token`, evidence: [said, expected('a token request with grant_type=refresh_token', 'none')] };
  },
});

/** A client must not use metadata it should have refused: any registration, authorization or token request is using it. */
// Kind D: the 2025 pages bind RFC 8414 and RFC 9728 without spelling these checks out (the draft
// does, SEP-2468), so a client that goes on is warned, not failed.
function refused(record: ScenarioRecord, log: AuthLog, read: boolean, what: string, fetched: string, rfc: string): Verdict {
  const used = flowRequests(log)[0];
  if (used) return { status: 'warn', message: `the client went on with ${what}: ${used.method} ${used.path} to the authorization server (${rfc} says such metadata must not be used)`, evidence: [note(fetched), shown(log, used)] };
  if (!read) return notAuthorizing(record);
  return { status: 'pass', message: `the client read ${what} and did not use it (it ${gaveUp(record)})`, evidence: [note(fetched)] };
}

export const wrongIssuer = defineClientCheck({
  id: 'client-auth/issuer-mismatch',
  title: "Authorization server metadata that names another issuer is not used",
  level: 'MUST',
  kind: 'D',
  requirements: ['CLIENT-AUTH-3'],
  spec: `${SPEC}#authorization-server-metadata-discovery`,
  scenario: 'auth-wrong-issuer',
  transports: ['http'],
  revisions: ['2025-06-18', '2025-11-25'],
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const read = asMetadataGets(log).some((x) => x.status === 200);
    return refused(record, log, read, 'metadata whose issuer is not the authorization server it came from', `the authorization server ${log.issuer} served metadata naming issuer ${log.metadataIssuer}`, 'RFC 8414 §3.3');
  },
});

export const resourceMismatch = defineClientCheck({
  id: 'client-auth/resource-mismatch',
  title: 'Protected-resource metadata that names another resource is not used',
  level: 'MUST',
  kind: 'D',
  requirements: ['CLIENT-AUTH-12'],
  spec: `${SPEC}#authorization-server-location`,
  scenario: 'auth-resource-mismatch',
  transports: ['http'],
  revisions: ['2025-06-18', '2025-11-25'],
  runRevisions: PRM_RUNS,
  judge(record) {
    const log = record.auth!;
    const read = rsMetadataGets(record).some((e) => e.http!.status === 200);
    return refused(record, log, read, 'protected-resource metadata for another resource', `our protected-resource metadata named resource ${log.advertisedResource}, not ${log.resource}`, 'RFC 9728 §3.3');
  },
});

export const authFlowChecks = [scopeStepUp, refreshExpired, wrongIssuer, resourceMismatch];
