// Parsing of flag values shared by the log-reading commands (validate, proxy): one wording of
// each usage error.
import { REVISIONS, isRevision, type Revision } from '../schema/revisions.js';
import { UsageError } from './errors.js';

export function revisionFlag(value: string | undefined): Revision | undefined {
  if (value === undefined) return undefined;
  if (isRevision(value)) return value;
  throw new UsageError(`unknown protocol version "${value}" (known: ${REVISIONS.join(', ')})`);
}

export function countFlag(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min)) throw new UsageError(`${flag} takes a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${value}"`);
  return n;
}
