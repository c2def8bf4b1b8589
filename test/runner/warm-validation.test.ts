// Warming compiles what a run validates first; it must work for every revision a run can request.
import { describe, expect, it } from 'vitest';
import { warmValidation } from '../../src/runner/warm-validation.js';
import { REVISIONS, validateMessage } from '../../src/schema/index.js';

describe('warmValidation', () => {
  it('runs for every revision, and validation afterwards judges as before', () => {
    for (const revision of REVISIONS) expect(() => warmValidation(revision)).not.toThrow();
    const broken = validateMessage({ jsonrpc: '2.0', id: 1, result: { tools: 'none' } }, { revision: '2025-11-25', direction: 'server->client', inReplyTo: 'tools/list' });
    expect(broken.valid).toBe(false);
  });
});
