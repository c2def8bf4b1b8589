// `run --shard k/n [--shard-durations <report.json>]`: which of the config's targets this
// machine runs (the slicing itself is src/fleet/shard.ts).
import { durationsOf, parseShard, readReport, sliceOf } from '../fleet/index.js';
import { UsageError } from './errors.js';

export interface ShardFlags {
  shard?: string;
  'shard-durations'?: string[];
}

/** The plans of this shard, and the line that says which they are; all plans without --shard. */
export async function applyShard<T extends { name?: string }>(flags: ShardFlags, plans: T[], commandLineTarget: boolean): Promise<{ plans: T[]; line?: string }> {
  if (flags.shard === undefined) {
    if (flags['shard-durations']?.length) throw new UsageError('--shard-durations balances the slices of --shard; give --shard k/n too');
    return { plans };
  }
  if (commandLineTarget) throw new UsageError("--shard slices the config's targets; it cannot be combined with --url or a command");
  const shard = parseShard(flags.shard);
  if ('problem' in shard) throw new UsageError(shard.problem);
  const files = flags['shard-durations'] ?? [];
  const durations = files.length ? durationsOf(await Promise.all(files.map(readReport))) : undefined;
  const mine = sliceOf(plans, shard, durations);
  const how = durations ? `balanced by the durations in ${files.join(', ')}` : 'in config order';
  const names = mine.map((p) => p.name ?? 'target').join(', ');
  return { plans: mine, line: `shard ${shard.index}/${shard.count}: ${mine.length ? names : 'no target'} (${mine.length} of ${plans.length} targets, ${how})` };
}
