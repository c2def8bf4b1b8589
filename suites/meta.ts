// `_meta` key names and icons (basic/index#meta, #icons), judged on what the server publishes:
// its initialize (or discover) result and every item of its lists.
// Proof of each check (the fixture fault that must break it): test/proof/meta.ts.
import { defineCheck, describeOutcome, type Check, type CheckContext } from '../src/checks/index.js';
import { isStateless } from '../src/schema/index.js';
import { isObject } from './lib/json-object.js';
import { listAll, objectsOf, listWalk } from './lib/list-all.js';
import { andStateless } from './lib/revisions.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** META-1: an optional reverse-DNS prefix ending in `/`, then a name that starts and ends alphanumeric. */
const META_KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`);
/** Keys the spec itself defines under its reserved prefix (stateful revisions). */
const SPEC_KEYS = new Set(['io.modelcontextprotocol/related-task', 'io.modelcontextprotocol/model-immediate-response']);
/** Common top-level domains, for the reverse-DNS heuristic of META-3. */
const TLDS = new Set(['com', 'org', 'net', 'io', 'dev', 'ai', 'app', 'co', 'edu', 'gov', 'me', 'sh', 'xyz', 'cloud', 'tech']);

const LISTS = [
  ['tools', 'tools/list', 'tools'],
  ['prompts', 'prompts/list', 'prompts'],
  ['resources', 'resources/list', 'resources'],
  ['resources', 'resources/templates/list', 'resourceTemplates'],
] as const;

/** What the server publishes about itself: the handshake result and every listed item, each named. */
async function published(ctx: CheckContext): Promise<Array<{ where: string; value: Record<string, unknown> }>> {
  const out = [{ where: isStateless(ctx.revision) ? 'the server/discover result' : 'the initialize result', value: ctx.facts.initializeResult }];
  for (const [capability, method, key] of LISTS) {
    if (!ctx.declares(capability)) continue;
    const walk = await listAll(ctx, method, key);
    for (const item of objectsOf(walk)) out.push({ where: `${key} entry ${JSON.stringify(item.name ?? item.uri ?? item.uriTemplate)}`, value: item });
  }
  return out;
}

/** Every `_meta` key inside `value`, with its JSON pointer. */
function metaKeys(value: unknown, pointer = ''): Array<{ key: string; pointer: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => metaKeys(v, `${pointer}/${i}`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === '_meta' && isObject(v) ? Object.keys(v).map((key) => ({ key, pointer: `${pointer}/_meta` })) : []),
    ...metaKeys(v, `${pointer}/${k}`),
  ]);
}

/** META-2: a prefix the revision reserves for MCP (25-11: second label; 25-06: first label). */
function reserved(prefix: string, revision: string): boolean {
  const labels = prefix.split('.');
  const mcp = (l: string | undefined) => l === 'modelcontextprotocol' || l === 'mcp';
  return revision === '2025-06-18' ? mcp(labels[0]) && labels.length > 1 : mcp(labels[1]);
}

export const metaKeyNames = defineCheck({
  id: 'meta/key-names',
  shares: [listWalk],
  title: '_meta keys are well-formed names, off MCP\'s reserved prefixes, with reverse-DNS prefixes',
  level: 'MUST',
  requirements: ['META-1', 'META-2', 'META-3'],
  spec: 'basic/index#meta',
  revisions: andStateless(['2025-06-18', '2025-11-25']),
  async run(ctx) {
    const malformed: string[] = [];
    const lesser: string[] = [];
    let count = 0;
    for (const { where, value } of await published(ctx)) {
      for (const { key, pointer } of metaKeys(value)) {
        count++;
        const at = `${JSON.stringify(key)} in ${where} (${pointer || '/'})`;
        if (!META_KEY.test(key)) {
          malformed.push(at);
          continue;
        }
        const slash = key.indexOf('/');
        if (slash === -1) continue;
        const prefix = key.slice(0, slash);
        // 2026-07-28 defines many keys of its own and of extensions under the reserved prefix.
        if (!isStateless(ctx.revision) && reserved(prefix, ctx.revision) && !SPEC_KEYS.has(key)) lesser.push(`${at} uses a prefix reserved for MCP (META-2)`);
        const labels = prefix.split('.');
        if (labels.length > 1 && TLDS.has(labels.at(-1)!.toLowerCase()) && !TLDS.has(labels[0].toLowerCase())) {
          lesser.push(`${at}: the prefix looks like a domain in forward order; reverse-DNS is ${labels.reverse().join('.')}/ (META-3)`);
        }
      }
    }
    if (malformed.length) return ctx.violation(`${malformed.length} malformed _meta key(s): ${malformed.slice(0, 3).join('; ')}`, 'an optional prefix of dot-separated labels and "/", then a name that starts and ends with a letter or digit (META-1)', malformed[0]);
    if (lesser.length) return ctx.warn(lesser.slice(0, 3).join('; '), 'custom keys under a reverse-DNS prefix of one\'s own', lesser[0]);
    return ctx.pass(count === 0 ? 'no _meta keys in what the server publishes' : `${count} _meta key(s), all well formed`);
  },
});

export const unknownMetaAccepted = defineCheck({
  id: 'meta/unknown-keys-accepted',
  title: 'a request whose _meta holds unknown keys, even under the reserved prefix, is served',
  level: 'MUST',
  kind: 'D',
  requirements: ['META-4'],
  spec: 'basic/index#meta',
  revisions: ['2025-06-18', '2025-11-25'],
  async run(ctx) {
    const method = ctx.declares('tools') ? 'tools/list' : 'ping';
    const o = await ctx.request(method, { _meta: { 'io.modelcontextprotocol/mcp-conform-unknown': 1, 'com.example/mcp-conform': {} } });
    if (o.kind === 'result') return ctx.pass();
    return ctx.violation(`${method} with unknown _meta keys was not served: ${describeOutcome(o)}`, 'a result: unknown _meta keys are ignored', describeOutcome(o));
  },
});

const SIZE = /^(\d+x\d+|any)$/;

/** Every icon the server publishes, with where it is. */
async function icons(ctx: CheckContext): Promise<Array<{ where: string; icon: unknown }>> {
  const out: Array<{ where: string; icon: unknown }> = [];
  for (const { where, value } of await published(ctx)) {
    const holder = where.startsWith('the ') && isObject(value.serverInfo) ? value.serverInfo : value;
    const list = holder.icons;
    if (Array.isArray(list)) for (const icon of list) out.push({ where: where.startsWith('the ') ? 'serverInfo' : where, icon });
  }
  return out;
}

export const iconsWellFormed = defineCheck({
  id: 'meta/icons',
  shares: [listWalk],
  title: 'icons have a src, sizes such as "48x48" or "any", a light or dark theme, and an https: or data: src',
  level: 'MUST',
  kind: 'S',
  requirements: ['META-5', 'META-6'],
  spec: 'basic/index#icons',
  revisions: andStateless(['2025-11-25']),
  async run(ctx) {
    const all = await icons(ctx);
    if (all.length === 0) return ctx.skip('the server publishes no icons');
    const broken: string[] = [];
    const lesser: string[] = [];
    for (const { where, icon } of all) {
      if (!isObject(icon) || typeof icon.src !== 'string' || icon.src === '') {
        broken.push(`an icon of ${where} has no src`);
        continue;
      }
      const badSizes = Array.isArray(icon.sizes) ? icon.sizes.filter((s) => typeof s !== 'string' || !SIZE.test(s)) : icon.sizes === undefined ? [] : [icon.sizes];
      if (badSizes.length) broken.push(`an icon of ${where} has sizes ${JSON.stringify(badSizes)}`);
      if (icon.theme !== undefined && icon.theme !== 'light' && icon.theme !== 'dark') broken.push(`an icon of ${where} has theme ${JSON.stringify(icon.theme)}`);
      const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(icon.src)?.[1]?.toLowerCase();
      if (scheme !== 'https' && scheme !== 'data') lesser.push(`an icon of ${where} has src ${JSON.stringify(icon.src.slice(0, 80))}; clients load only https: and data: (META-6)`);
    }
    if (broken.length) return ctx.violation(broken.slice(0, 3).join('; '), 'sizes like "48x48" or "any", theme light or dark (META-5)', broken[0]);
    if (lesser.length) return ctx.warn(lesser.slice(0, 3).join('; '), 'an https: or data: src', lesser[0]);
    return ctx.pass(`${all.length} icon(s)`);
  },
});

export const metaChecks: Check[] = [metaKeyNames, unknownMetaAccepted, iconsWellFormed];
