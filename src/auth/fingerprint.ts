// A secret is never shown, only a short fingerprint that tells two secrets apart (which token
// was sent, which one a report is about) without revealing either.
import { createHash } from 'node:crypto';

const SHOWN_HEX = 8;

export function fingerprint(secret: string): string {
  return `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, SHOWN_HEX)}…`;
}
