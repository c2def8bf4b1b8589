// A server that serves a request whose id is an object or a boolean (mcp-go does, echoing the id):
// errors/invalid-request fails it (RPC-12); the echoed id answers a request we did send, so
// messages/all-server-messages does not count it again as a response to an id we never used.
import { describe, expect, it } from 'vitest';
import { checkOf } from '../fuzz/harness.js';
import { runAgainstFixture } from './harness.js';

describe('a request with an odd id, served', () => {
  it('is one failure, of errors/invalid-request', async () => {
    const report = await runAgainstFixture({ fault: 'serve-odd-ids', skip: ['fuzz/*'] });
    const invalid = checkOf(report, 'errors/invalid-request');
    expect(invalid.status, invalid.message).toBe('fail');
    // Not also "a response to an id none of our requests carried" (RPC-2): we sent that id.
    expect(invalid.message).not.toContain('RPC-2');
    const all = checkOf(report, 'messages/all-server-messages');
    expect(all.status, all.message).toBe('pass');
  });
});
