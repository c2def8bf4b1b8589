// Secrets never appear in full: fingerprints, scrubbing of any JSON-like value, token syntax.
import { describe, expect, it } from 'vitest';
import { bearerFromHeaders, fingerprint, SecretSet, tokenProblem, withBearer } from '../../src/auth/index.js';

describe('fingerprint', () => {
  it('is short, stable and tells secrets apart', () => {
    expect(fingerprint('abc')).toMatch(/^sha256:[0-9a-f]{8}…$/);
    expect(fingerprint('abc')).toBe(fingerprint('abc'));
    expect(fingerprint('abc')).not.toBe(fingerprint('abd'));
    expect(fingerprint('abc')).not.toContain('abc');
  });
});

describe('SecretSet', () => {
  const token = 'eyJ.tok+en/with=';
  const secrets = new SecretSet([token, undefined, 'client-secret-1']);

  it('replaces every secret, raw or percent-encoded, in keys and values at any depth', () => {
    const value = { a: [`Bearer ${token}`, { deep: `url?access_token=${encodeURIComponent(token)}` }], [token]: 1, n: 2, s: 'client-secret-1!' };
    const out = JSON.stringify(secrets.scrub(value));
    expect(out).not.toContain(token);
    expect(out).not.toContain(encodeURIComponent(token));
    expect(out).not.toContain('client-secret-1');
    expect(out).toContain(fingerprint(token));
    expect(secrets.scrub(value).n).toBe(2);
  });

  it('leaves text without secrets alone and copies nothing when it has none', () => {
    const value = { a: 'plain' };
    expect(new SecretSet().scrub(value)).toBe(value);
    expect(secrets.scrubText('plain')).toBe('plain');
  });

  it('replaces a secret that contains another whole', () => {
    const s = new SecretSet(['abcdef', 'abcdefXYZ']);
    expect(s.scrubText('abcdefXYZ')).toBe(fingerprint('abcdefXYZ'));
  });
});

describe('bearer tokens', () => {
  it('accepts RFC 6750 b64token syntax and names what is wrong otherwise', () => {
    expect(tokenProblem('eyJhbGc.eyJzdWI.sig-_~+/==')).toBeUndefined();
    expect(tokenProblem('')).toBe('it is empty');
    expect(tokenProblem('a b')).toBe('it contains whitespace');
    expect(tokenProblem('a"b')).toMatch(/characters/);
    expect(tokenProblem('a=b')).toMatch(/characters/);
  });

  it('reads and replaces the Authorization header in any case', () => {
    expect(bearerFromHeaders({ authorization: 'bearer T1' })).toBe('T1');
    expect(bearerFromHeaders({ Authorization: 'Basic x' })).toBeUndefined();
    expect(withBearer({ AUTHORIZATION: 'Bearer old', x: 'y' }, 'new')).toEqual({ x: 'y', Authorization: 'Bearer new' });
  });
});
