// What the server told us that invented inputs should prefer (see plausible-value.ts): the
// URIs of the resources it lists, from the run's shared resources/list walk.
import type { CheckContext } from '../../src/checks/index.js';
import { listAll, objectsOf } from './list-all.js';
import { knownFromResources, NOTHING_KNOWN, type KnownValues } from './plausible-value.js';

export async function knownValues(ctx: CheckContext): Promise<KnownValues> {
  if (!ctx.declares('resources')) return NOTHING_KNOWN;
  return knownFromResources(objectsOf(await listAll(ctx, 'resources/list', 'resources')));
}
