// Cause keys of schema problems: named by the method the answer belongs to (session), and
// rendered in words with the fixed keys (src/checks/causes.ts); a newer report's key reads as itself.
import { describe, expect, it } from 'vitest';
import { CAUSES, describeCause } from '../../src/checks/causes.js';
import { schemaCause } from '../../src/session/index.js';

describe('schemaCause', () => {
  it('names a schema problem inside a result or error by the method it answers, and nothing else', () => {
    expect(schemaCause({ kind: 'schema', pointer: '/result/ttlMs' }, 'server/discover')).toBe('invalid-result:server/discover');
    expect(schemaCause({ kind: 'schema', pointer: '/result' }, 'ping')).toBe('invalid-result:ping');
    expect(schemaCause({ kind: 'schema', pointer: '/error/code' }, 'tools/call')).toBe('invalid-error:tools/call');
    // The envelope (id, jsonrpc) is no behaviour of the method's handler; an answer to nothing of ours names no method.
    expect(schemaCause({ kind: 'schema', pointer: '/id' }, 'ping')).toBeUndefined();
    expect(schemaCause({ kind: 'envelope', pointer: '/result' }, 'ping')).toBeUndefined();
    expect(schemaCause({ kind: 'schema', pointer: '/resultType' }, 'ping')).toBeUndefined();
    expect(schemaCause({ kind: 'schema', pointer: '/result/x' }, undefined)).toBeUndefined();
  });
});

describe('describeCause', () => {
  it('renders fixed keys, the invalid-result / invalid-error family by method, and unknown keys as themselves', () => {
    expect(describeCause('no-answer-to-non-json')).toBe(CAUSES['no-answer-to-non-json']);
    expect(describeCause('invalid-result:server/discover')).toMatch(/^server\/discover results that do not fit the schema/);
    expect(describeCause('invalid-error:tools/call')).toMatch(/^error responses to tools\/call that do not fit the schema/);
    expect(describeCause('invalid-result:')).toBe('invalid-result:');
    expect(describeCause('some-newer-key:x')).toBe('some-newer-key:x');
  });
});
