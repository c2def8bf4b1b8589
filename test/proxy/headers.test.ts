// The HTTP proxy's headers: what is forwarded, and how credentials appear in a recording.
import { describe, expect, it } from 'vitest';
import { fingerprintValue, forwardHeaders, recordedHeaders } from '../../src/proxy/headers.js';

describe('proxy headers', () => {
  it('fingerprints credentials, keeping the scheme, and never the value', () => {
    const print = fingerprintValue('Bearer abc.def.ghi');
    expect(print).toMatch(/^Bearer sha256:[0-9a-f]{8}…$/);
    expect(print).not.toContain('abc');
    expect(fingerprintValue('Bearer abc.def.ghi')).toBe(print);
    expect(fingerprintValue('Bearer other')).not.toBe(print);
    const raw = ['Authorization', 'Bearer s3cret', 'Cookie', 'sid=s3cret', 'X-Api-Key', 's3cret', 'Mcp-Session-Id', 's3cret', 'Accept', 'text/event-stream'];
    const recorded = recordedHeaders(raw);
    expect(JSON.stringify(recorded)).not.toContain('s3cret');
    expect(recorded.accept).toBe('text/event-stream');
  });

  it('forwards every header but the connection\'s own, and the upstream\'s Host', () => {
    const raw = ['Host', 'proxy:1', 'Connection', 'keep-alive, X-Hop', 'X-Hop', '1', 'Keep-Alive', 'timeout=5', 'Authorization', 'Bearer t', 'X-Route', 'a', 'X-Route', 'b', 'Transfer-Encoding', 'chunked'];
    expect(forwardHeaders(raw, 'up:2')).toEqual(['Authorization', 'Bearer t', 'X-Route', 'a', 'X-Route', 'b', 'Host', 'up:2']);
    expect(forwardHeaders(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2'])).toEqual(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
  });
});
