// Reads of the server's listed resources (the first SAMPLE_LIMIT of them), once per run, shared
// by the resources checks; reads are safe. Untagged like the list walk: each read keeps the
// schema findings its answer raised for the check that judges it.
import { mapLimited, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { exchangeOn, type Judged } from './exchange.js';
import { listAll, objectsOf, SAMPLE_LIMIT, type ListWalk } from './list-all.js';

const PARALLEL = 5;

export interface Read extends Judged {
  uri: string;
}

export interface ListedReads {
  walk: ListWalk;
  /** Each distinct listed URI of the first SAMPLE_LIMIT, read once. */
  reads: Read[];
}

export const listedReadsScenario = defineSharedScenario<ListedReads>({ name: 'reads of listed resources' });

export function listedReads(ctx: CheckContext): Promise<ListedReads> {
  return ctx.shared(listedReadsScenario, async () => {
    const walk = await listAll(ctx, 'resources/list', 'resources');
    const uris = [...new Set(objectsOf(walk).map((r) => r.uri).filter((u): u is string => typeof u === 'string'))].slice(0, SAMPLE_LIMIT);
    const reads = await mapLimited(uris, PARALLEL, async (uri) => ({ uri, ...(await exchangeOn(ctx.session, 'resources/read', { uri })) }));
    return { walk, reads };
  });
}
