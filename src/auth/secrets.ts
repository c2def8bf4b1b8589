// The secrets of one run (tokens given or obtained, client secrets, tokens derived from them)
// and the scrubbing that replaces each of them, wherever it appears, by its fingerprint. Reports
// quote what servers sent, and a broken server may echo a token back in a body or a URL.
import { fingerprint } from './fingerprint.js';

export class SecretSet {
  private readonly values = new Set<string>();

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Adds a secret (and returns it, for `send(secrets.add(token))`); empty values are ignored. */
  add<T extends string | undefined>(secret: T): T {
    if (secret) this.values.add(secret);
    return secret;
  }

  get size(): number {
    return this.values.size;
  }

  /** `text` with every secret, raw or percent-encoded (query strings), replaced by its fingerprint. */
  scrubText(text: string): string {
    if (this.values.size === 0) return text;
    let out = text;
    // Longest first: a secret that contains another is replaced whole.
    for (const secret of [...this.values].sort((a, b) => b.length - a.length)) {
      const shown = fingerprint(secret);
      for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join(shown);
    }
    return out;
  }

  /** A deep copy of a JSON-like value with every string (keys too) scrubbed. */
  scrub<T>(value: T): T {
    if (this.values.size === 0) return value;
    return this.scrubValue(value) as T;
  }

  private scrubValue(value: unknown): unknown {
    if (typeof value === 'string') return this.scrubText(value);
    if (Array.isArray(value)) return value.map((v) => this.scrubValue(v));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.scrubText(k), this.scrubValue(v)]));
  }
}
