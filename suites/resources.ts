// Resources: listing, reading what is listed, templates, unknown URIs, and subscriptions.
// Reads are safe, so every check works on the server's own listed resources (the first
// SAMPLE_LIMIT of them, read once per run).
// Proof of each check (the fixture fault that must break it): test/proof/resources.ts.
import { defineCheck, describeOutcome, errorCode, defineSharedScenario, type Check, type CheckContext } from '../src/checks/index.js';
import { base64Problem } from './lib/base64.js';
import { exchangeOn, recordExchange, type Judged } from './lib/exchange.js';
import { findingsVerdict } from './lib/findings-verdict.js';
import { isObject, type Item } from './lib/json-object.js';
import { listAll, objectsOf, SAMPLE_LIMIT, listWalk } from './lib/list-all.js';
import { listWalkVerdict, recordFailedPage } from './lib/list-verdict.js';
import { extraKeys, isNotification, paramsOf } from './lib/message-readers.js';
import { plural } from './lib/plural.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { listedReads, listedReadsScenario, type Read } from './lib/resource-reads.js';
import { openServerStream } from './lib/server-stream.js';
import { parseUriTemplate } from './uri-template.js';
import { answered, probeAlive } from './lib/alive.js';
import type { Received, Session } from '../src/session/index.js';

/** A URI no server lists; deterministic, so reports of two runs compare. */
export const UNKNOWN_URI = 'mcp-conform://does-not-exist/0f3c9a7e-resource';
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const contentsOf = (read: Read): Item[] =>
  read.outcome.kind === 'result' && Array.isArray(read.outcome.result.contents) ? read.outcome.result.contents.filter(isObject) : [];

export const resourcesList = defineCheck({
  id: 'resources/list',
  shares: [listWalk],
  title: 'resources/list answers with resources whose URIs carry a scheme',
  level: 'MUST',
  kind: 'S',
  requirements: ['RES-2', 'RES-3'],
  spec: 'server/resources#listing-resources',
  explains: ['invalid-result:resources/list'],
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const walk = await listAll(ctx, 'resources/list', 'resources');
    const failed = listWalkVerdict(ctx, walk, 'a ListResourcesResult');
    if (failed) return failed;
    if (walk.findings.length) return findingsVerdict(ctx, walk.findings, 'resources/list results');
    const items = objectsOf(walk);
    const noScheme = items.find((r) => typeof r.uri === 'string' && !SCHEME.test(r.uri));
    if (noScheme) return ctx.violation(`the listed URI ${JSON.stringify(noScheme.uri)} has no scheme (RFC 3986)`, 'scheme:rest', JSON.stringify(noScheme.uri));
    return ctx.pass(`${plural(items.length, 'resource')} on ${plural(walk.pages.length, 'page')}`);
  },
});

export const readContents = defineCheck({
  id: 'resources/read-contents',
  shares: [listedReadsScenario],
  title: 'resources/read returns contents that carry the URI and exactly one of text or blob',
  level: 'MUST',
  kind: 'S',
  requirements: ['RES-4'],
  spec: 'server/resources#reading-resources',
  explains: ['invalid-result:resources/read'],
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const { reads } = await listedReads(ctx);
    const answered = reads.filter((r) => r.outcome.kind === 'result');
    if (answered.length === 0) return ctx.skip(reads.length ? 'no listed resource could be read (see resources/listed-readable)' : 'the server lists no resources');
    const findings = answered.flatMap((r) => r.findings);
    if (findings.length) return findingsVerdict(ctx, findings, 'resources/read results');
    for (const r of answered) {
      for (const c of contentsOf(r)) {
        const text = typeof c.text === 'string';
        const blob = typeof c.blob === 'string';
        if (text !== blob) continue;
        recordExchange(ctx, r);
        const found = text ? 'both text and blob' : 'neither text nor blob';
        return ctx.violation(`reading ${r.uri}: a contents item carries ${found}`, 'exactly one of text or blob', found);
      }
    }
    // Several items are fine (e.g. a directory); none naming the URI that was read is odd.
    const foreign = answered.find((r) => contentsOf(r).length > 0 && !contentsOf(r).some((c) => c.uri === r.uri));
    if (foreign) {
      recordExchange(ctx, foreign);
      const got = contentsOf(foreign).map((c) => JSON.stringify(c.uri)).join(', ');
      return ctx.warn(`reading ${foreign.uri} returned contents for ${got}, none for the URI requested`, `a contents item with uri ${JSON.stringify(foreign.uri)}`, got);
    }
    const empty = answered.filter((r) => contentsOf(r).length === 0).map((r) => r.uri);
    if (empty.length) ctx.note(`empty contents for ${empty.join(', ')}`);
    return ctx.pass(`${plural(answered.length, 'listed resource')} read`);
  },
});

export const blobBase64 = defineCheck({
  id: 'resources/blob-base64',
  shares: [listedReadsScenario],
  title: 'binary resource contents are valid base64',
  level: 'MUST',
  requirements: ['RES-5'],
  spec: 'server/resources#security-considerations',
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const { reads } = await listedReads(ctx);
    let blobs = 0;
    for (const r of reads) {
      for (const c of contentsOf(r)) {
        if (typeof c.blob !== 'string') continue;
        blobs++;
        if (base64Problem(c.blob) === undefined) continue;
        recordExchange(ctx, r);
        const sample = c.blob.length > 40 ? `${c.blob.slice(0, 40)}…` : c.blob;
        return ctx.violation(`reading ${r.uri}: the blob is not valid base64`, 'base64 (RFC 4648, padded)', JSON.stringify(sample));
      }
    }
    if (blobs === 0) return ctx.skip(`no blob contents among the ${plural(reads.length, 'resource')} read`);
    return ctx.pass(`${plural(blobs, 'blob')} decoded`);
  },
});

export const listedReadable = defineCheck({
  id: 'resources/listed-readable',
  shares: [listedReadsScenario],
  title: 'every listed resource can be read',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['RES-17'],
  spec: 'server/resources#reading-resources',
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const { reads, walk } = await listedReads(ctx);
    const listed = objectsOf(walk).length;
    if (reads.length === 0) return ctx.skip(listed ? 'no listed resource has a string uri' : 'the server lists no resources');
    const failed = reads.filter((r) => r.outcome.kind !== 'result');
    const note = listed > reads.length ? ` (the first ${reads.length} of ${listed})` : '';
    if (failed.length === 0) return ctx.pass(`${plural(reads.length, 'listed resource')} read${note}`);
    for (const r of failed.slice(0, 3)) recordExchange(ctx, r);
    const first = failed[0];
    return ctx.violation(
      `${failed.length} of ${plural(reads.length, 'listed resource')} could not be read${note}; ${first.uri}: ${describeOutcome(first.outcome)}`,
      'a ReadResourceResult for every listed URI',
      describeOutcome(first.outcome),
    );
  },
});

export const templatesList = defineCheck({
  id: 'resources/templates-list',
  shares: [listWalk],
  title: 'resources/templates/list answers with valid RFC 6570 URI templates',
  level: 'MUST',
  kind: 'S',
  requirements: ['RES-8'],
  spec: 'server/resources#resource-templates',
  explains: ['invalid-result:resources/templates/list'],
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const walk = await listAll(ctx, 'resources/templates/list', 'resourceTemplates');
    if (walk.end === 'error' && walk.pages.length === 1 && errorCode(walk.pages[0].outcome) === -32601) {
      recordFailedPage(ctx, walk);
      return ctx.info('the server does not implement resources/templates/list (-32601): it offers no templates');
    }
    const failed = listWalkVerdict(ctx, walk, 'a ListResourceTemplatesResult');
    if (failed) return failed;
    if (walk.findings.length) return findingsVerdict(ctx, walk.findings, 'resources/templates/list results');
    const items = objectsOf(walk);
    for (const t of items) {
      if (typeof t.uriTemplate !== 'string') continue;
      const parsed = parseUriTemplate(t.uriTemplate);
      if (!parsed.ok) return ctx.violation(`the template ${JSON.stringify(t.uriTemplate)} is not an RFC 6570 URI template: ${parsed.error}`, 'an RFC 6570 URI template', JSON.stringify(t.uriTemplate));
    }
    return ctx.pass(`${plural(items.length, 'template')}`);
  },
});

export const unknownUri = defineCheck({
  id: 'resources/unknown-uri',
  title: 'reading an unknown URI is answered with -32002 (resource not found)',
  level: 'SHOULD',
  requirements: ['RES-6'],
  spec: 'server/resources#error-handling',
  needs: ['resources'],
  async run(ctx) {
    const o = await ctx.request('resources/read', { uri: UNKNOWN_URI });
    const code = errorCode(o);
    if (code === -32002) return ctx.pass();
    if (o.kind === 'error') {
      // -32602 is what 2026-07-28 demands; before it, -32002 is the recommended code (catalog Appendix A #5).
      return ctx.warn(`an unknown URI got error ${String(o.error.code)}`, '-32002 (another error code: warn)', describeOutcome(o));
    }
    if (o.kind === 'result') {
      const contents = Array.isArray(o.result.contents) ? o.result.contents : [];
      const what = contents.length ? `${plural(contents.length, 'contents item')}` : 'empty contents';
      return ctx.violation(`an unknown URI was answered with a result (${what}) instead of an error`, 'error -32002', describeOutcome(o));
    }
    return ctx.violation(`reading an unknown URI: ${describeOutcome(o)}`, 'error -32002', describeOutcome(o));
  },
});

interface SubscriptionProbe {
  uri?: string;
  subscribe?: Judged;
  unsubscribe?: Judged;
}

export const subscriptionProbeScenario = defineSharedScenario<SubscriptionProbe>({ name: 'resource subscription probe' });

/** Subscribes to the first listed resource on the main session and unsubscribes again; once per run. */
export function subscriptionProbe(ctx: CheckContext): Promise<SubscriptionProbe> {
  return ctx.shared(subscriptionProbeScenario, async () => {
    const uri = objectsOf(await listAll(ctx, 'resources/list', 'resources')).map((r) => r.uri).find((u): u is string => typeof u === 'string');
    if (!uri) return {};
    const subscribe = await exchangeOn(ctx.session, 'resources/subscribe', { uri });
    const unsubscribe = await exchangeOn(ctx.session, 'resources/unsubscribe', { uri });
    return { uri, subscribe, unsubscribe };
  });
}

export const subscribeEmptyResult = defineCheck({
  id: 'resources/subscribe',
  shares: [subscriptionProbeScenario],
  title: 'resources/subscribe and resources/unsubscribe answer with an empty result',
  level: 'MUST',
  kind: 'S',
  requirements: ['RES-10'],
  spec: 'server/resources#subscriptions',
  needs: ['resources.subscribe'],
  async run(ctx) {
    const probe = await subscriptionProbe(ctx);
    if (!probe.uri) return ctx.skip('the server lists no resource to subscribe to');
    const findings = [...probe.subscribe!.findings, ...probe.unsubscribe!.findings];
    if (findings.length) return findingsVerdict(ctx, findings, 'resources/subscribe and resources/unsubscribe results');
    for (const step of [probe.subscribe!, probe.unsubscribe!]) {
      recordExchange(ctx, step);
      const o = step.outcome;
      if (o.kind !== 'result') return ctx.violation(`${step.method} ${probe.uri}: ${describeOutcome(o)}`, 'result {}', describeOutcome(o));
      const extra = extraKeys(o.result);
      if (extra.length) return ctx.warn(`${step.method} answered with a result that is not empty (${extra.join(', ')})`, '{} (or only _meta)', JSON.stringify(o.result).slice(0, 200));
    }
    return ctx.pass();
  },
});

export const subscriptionUpdates = defineCheck({
  id: 'resources/subscription-updates',
  shares: [listWalk, subscriptionProbeScenario],
  title: 'after a subscribe, resources/updated notifications name the subscribed URI',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['RES-11', 'RES-12'],
  spec: 'server/resources#subscriptions',
  needs: ['resources.subscribe'],
  // A bounded wait (about a second) for an update that may never come.
  long: true,
  async run(ctx) {
    // stdio: the main session sees everything. HTTP: unsolicited messages need a GET stream, which
    // we open on a session of our own, while the list is walked (on a busy server each step waits).
    const listening = ctx.session.transport.kind === 'stdio' ? Promise.resolve(ctx.session) : listeningSession(ctx);
    listening.catch(() => undefined); // awaited below unless the check skips first
    const uris = objectsOf(await listAll(ctx, 'resources/list', 'resources')).map((r) => r.uri).filter((u): u is string => typeof u === 'string');
    if (uris.length === 0) return ctx.skip('the server lists no resource to subscribe to');
    // After the resources/subscribe probe, so the two subscriptions never overlap; updates for its URI are not ours to judge.
    const [probed, session] = await Promise.all([subscriptionProbe(ctx).then((p) => p.uri), listening]);
    const uri = uris[1] ?? uris[0];
    const bound = Math.max(ctx.options.quietMs * 2, 500);
    const isUpdate = (r: Received) => isNotification(r, 'notifications/resources/updated') && (paramsOf(r).uri !== probed || probed === uri);
    // The window counts from the subscribe's answer: on a busy server that answer itself comes late.
    const from = session.now();
    const sub = await ctx.request('resources/subscribe', { uri }, { session });
    if (sub.kind !== 'result') return ctx.skip(`resources/subscribe failed (${describeOutcome(sub)}; see resources/subscribe)`);
    const got = session.received.find((r) => r.at >= from && isUpdate(r)) ?? (await session.waitFor(isUpdate, bound));
    await ctx.request('resources/unsubscribe', { uri }, { session });
    if (!got) return ctx.info(`no notifications/resources/updated within ${bound} ms of subscribing to ${uri} (it may simply not have changed)`);
    ctx.evidence.push({ type: 'message', direction: 'received', at: got.at, message: got.message });
    const named = paramsOf(got).uri;
    if (named === uri) return ctx.pass();
    return ctx.violation(`subscribed to ${uri} only, but the update names ${JSON.stringify(named)}`, JSON.stringify(uri), JSON.stringify(named));
  },
});

/** A session of the check's own with its GET stream open, for the server's unsolicited messages. */
async function listeningSession(ctx: CheckContext): Promise<Session> {
  const { session } = await ctx.connect();
  await openServerStream(session, ctx.options.requestTimeoutMs);
  return session;
}

/** URIs no server should serve: not a URI at all, a path traversal, and a 100 KB URI. */
const HOSTILE_URIS: ReadonlyArray<readonly [string, string]> = [
  ['a string that is not a URI', 'not a uri'],
  ['a path-traversal URI', 'file:///../../../../etc/passwd'],
  ['a 100 KB URI', `mcp-conform://long/${'a'.repeat(100_000)}`],
];

export const hostileUris = defineCheck({
  id: 'resources/hostile-uris',
  shares: [listWalk],
  title: 'malformed, path-traversal and huge resource URIs get an error, and the server stays up',
  level: 'MUST',
  requirements: ['RES-14'],
  spec: 'server/resources#security-considerations',
  revisions: WITH_STATELESS,
  needs: ['resources'],
  connection: 'disposable',
  async run(ctx) {
    const listed = new Set(objectsOf(await listAll(ctx, 'resources/list', 'resources')).map((r) => r.uri));
    const served: string[] = [];
    for (const [what, uri] of HOSTILE_URIS) {
      if (listed.has(uri)) continue; // the server's own resource: serving it is no breach
      const o = await ctx.request('resources/read', { uri });
      if (o.kind === 'result') served.push(`${what} (${JSON.stringify(uri.slice(0, 60))}${uri.length > 60 ? '…' : ''}) was answered with contents`);
      // Over HTTP a refusal may come as a status alone (2026-07-28 puts the URI in a header, and a 100 KB header gets 431).
      else if (o.kind === 'http-error') ctx.note(`${what} was refused with HTTP ${o.status}`);
      else if (o.kind !== 'error') return ctx.violation(`${what}: ${describeOutcome(o)}`, 'a JSON-RPC error, and a live server', describeOutcome(o));
    }
    const alive = await probeAlive(ctx);
    if (!answered(alive)) return ctx.violation(`after the hostile reads the server no longer answers: ${describeOutcome(alive)}`, 'a live server', describeOutcome(alive));
    if (served.length) return ctx.violation(served.join('; '), 'a JSON-RPC error for each: the server validates URIs', served[0]);
    return ctx.pass();
  },
});

const AUDIENCE = new Set(['user', 'assistant']);
/** An ISO 8601 date-time, as the schema describes lastModified. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** What is wrong with an annotations object, if anything. */
export function annotationProblems(annotations: unknown): string[] {
  if (!isObject(annotations)) return [`annotations ${JSON.stringify(annotations)} is not an object`];
  const problems: string[] = [];
  const { audience, priority, lastModified } = annotations;
  if (audience !== undefined && (!Array.isArray(audience) || audience.some((a) => !AUDIENCE.has(a as string)))) problems.push(`audience ${JSON.stringify(audience)} is not a list of "user" and "assistant"`);
  if (priority !== undefined && (typeof priority !== 'number' || priority < 0 || priority > 1)) problems.push(`priority ${JSON.stringify(priority)} is not a number from 0 to 1`);
  if (lastModified !== undefined && (typeof lastModified !== 'string' || !ISO_8601.test(lastModified) || Number.isNaN(Date.parse(lastModified)))) {
    problems.push(`lastModified ${JSON.stringify(lastModified)} is not an ISO 8601 timestamp`);
  }
  return problems;
}

export const annotationsWellFormed = defineCheck({
  id: 'resources/annotations',
  shares: [listWalk, listedReadsScenario],
  title: 'annotations of resources, templates and read contents have a valid audience, priority and lastModified',
  level: 'MUST',
  kind: 'S',
  requirements: ['RES-16'],
  spec: 'server/resources#annotations',
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const annotated: Array<{ where: string; annotations: unknown }> = [];
    const note = (where: string, item: Item) => {
      if ('annotations' in item) annotated.push({ where, annotations: item.annotations });
    };
    for (const r of objectsOf(await listAll(ctx, 'resources/list', 'resources'))) note(`resource ${JSON.stringify(r.uri)}`, r);
    for (const t of objectsOf(await listAll(ctx, 'resources/templates/list', 'resourceTemplates'))) note(`template ${JSON.stringify(t.uriTemplate)}`, t);
    for (const read of (await listedReads(ctx)).reads) for (const c of contentsOf(read)) note(`the contents of ${JSON.stringify(c.uri)}`, c);
    if (annotated.length === 0) return ctx.skip('no listed resource, template or read contents carries annotations');
    const problems = annotated.flatMap(({ where, annotations }) => annotationProblems(annotations).map((p) => `${where}: ${p}`));
    if (problems.length === 0) return ctx.pass(`${plural(annotated.length, 'annotations object')}`);
    return ctx.violation(`${plural(problems.length, 'annotation problem')}: ${problems.slice(0, 3).join('; ')}`, 'audience ⊆ {user, assistant}, priority in [0, 1], lastModified ISO 8601', problems[0]);
  },
});

/** A URI of a level-1 template (only plain {name} expressions), each variable set to `value`; undefined for others. */
export function expandSimple(template: string, value: string): string | undefined {
  if (!parseUriTemplate(template).ok || /\{[^}]*[^A-Za-z0-9_.%}][^}]*\}|\{[+#./;?&=,!@|]/.test(template)) return undefined;
  return template.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

export const templateMimeType = defineCheck({
  id: 'resources/template-mime-type',
  shares: [listWalk],
  title: "a template's mimeType is the type of the resources it yields",
  level: 'SHOULD',
  kind: 'S',
  requirements: ['RES-18'],
  spec: 'server/resources#resource-templates',
  revisions: WITH_STATELESS,
  needs: ['resources'],
  async run(ctx) {
    const templates = objectsOf(await listAll(ctx, 'resources/templates/list', 'resourceTemplates')).filter((t) => typeof t.uriTemplate === 'string' && typeof t.mimeType === 'string');
    if (templates.length === 0) return ctx.skip('no resource template names a mimeType');
    const mismatches: string[] = [];
    let read = 0;
    for (const t of templates.slice(0, SAMPLE_LIMIT)) {
      const uri = expandSimple(t.uriTemplate as string, '1');
      if (uri === undefined) continue;
      const o = await ctx.request('resources/read', { uri });
      // An id the template does not know is no evidence either way.
      if (o.kind !== 'result' || !Array.isArray(o.result.contents)) continue;
      read++;
      for (const c of o.result.contents.filter(isObject)) {
        if (typeof c.mimeType === 'string' && c.mimeType !== t.mimeType) mismatches.push(`${uri} (from ${t.uriTemplate}, mimeType ${t.mimeType}) is ${c.mimeType}`);
      }
    }
    if (read === 0) return ctx.skip('no template yielded a readable resource for the id "1"');
    if (mismatches.length) return ctx.violation(mismatches.slice(0, 3).join('; '), "contents of the template's mimeType", mismatches[0]);
    return ctx.pass(`${plural(read, 'template')} read`);
  },
});

export const resourceChecks: Check[] = [
  resourcesList,
  readContents,
  blobBase64,
  listedReadable,
  templatesList,
  unknownUri,
  subscribeEmptyResult,
  subscriptionUpdates,
  hostileUris,
  annotationsWellFormed,
  templateMimeType,
];
