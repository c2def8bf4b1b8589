// The protocol revisions we know, oldest first.
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

export const LATEST_STATEFUL: Revision = '2025-11-25';
export const LATEST: Revision = '2026-07-28';

export function isRevision(value: unknown): value is Revision {
  return typeof value === 'string' && (REVISIONS as readonly string[]).includes(value);
}

/** 2026-07-28 dropped the initialize handshake: every request carries its own _meta. */
export function isStateless(revision: Revision): boolean {
  return revision === '2026-07-28';
}

/** JSON-RPC batches exist only in 2025-03-26 (see versions.md and catalog Appendix A #10). */
export function allowsBatches(revision: Revision): boolean {
  return revision === '2025-03-26';
}

export function revisionIndex(revision: Revision): number {
  return REVISIONS.indexOf(revision);
}
