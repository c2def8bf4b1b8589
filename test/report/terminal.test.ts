import { describe, expect, it } from 'vitest';
import { summarize, toTerminal } from '../../src/report/index.js';
import { cleanReport, matrixReport, sampleReport } from './sample.js';

const TOTALS = /^(\d+) checks, (\d+) passed, (\d+) failed, (\d+) warnings, (\d+) skipped, (\d+) info \((\d+) ms\)$/;

function section(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  expect(from).toBeGreaterThanOrEqual(0);
  const to = text.indexOf(end, from + start.length);
  return text.slice(from, to < 0 ? undefined : to);
}

describe('toTerminal', () => {
  const plain = toTerminal(sampleReport(), { color: false });
  const lines = plain.trimEnd().split('\n');

  it('says in the header what era detection found, and why a server answering server/discover was tested through initialize', () => {
    const eras = { stateless: false, stateful: true, discoverVersions: ['2025-11-25', '2025-06-18'] };
    expect(toTerminal({ ...sampleReport(), era: 'stateful', eras }, { color: false })).toContain('detected: stateful (server/discover lists only 2025-11-25, 2025-06-18)');
    expect(toTerminal({ ...sampleReport(), era: 'stateless', eras: { stateless: true } }, { color: false })).toContain('detected: stateless (2026-07-28) ·');
  });

  it('prints a tree: area headers, then one marked line per check with the reason for non-pass', () => {
    expect(plain).toMatch(/^lifecycle$/m);
    expect(plain).toMatch(/^tools$/m);
    expect(plain).toContain('  ✓ lifecycle/initialize-result · initialize returns a well-formed result');
    expect(plain).toContain(
      '  ✗ lifecycle/version-negotiation · Server answers with a revision it supports\n      Server answered',
    );
    expect(plain).toContain('  ! rpc/error-code · Unknown method yields -32601\n      Answered with code -32603');
    expect(plain).toContain(
      '  - resources/subscribe · resources/subscribe is honoured\n      The server did not declare',
    );
    expect(plain).toContain('  i logging/levels · Log levels are accepted');
    // A pass's message is shown only in verbose mode.
    expect(plain).not.toContain('Answered in time');
    expect(toTerminal(sampleReport(), { color: false, verbose: true })).toContain('Answered in time');
    // Checks of one area stay together under it, in catalog order.
    const lifecycle = section(plain, '\nlifecycle\n', '\ntools\n');
    expect(lifecycle).toContain('lifecycle/ping');
  });

  it('recaps failures with level, requirement ids, spec, message, Expected/Actual and the opening of the wire', () => {
    const failures = section(plain, '\nFailures:\n', '\nWarnings:\n');
    expect(failures).toContain('1) lifecycle/version-negotiation · Server answers with a revision it supports');
    expect(failures).toContain(
      'MUST · LIFE-3, LIFE-4 · https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation',
    );
    expect(failures).toContain('Expected: the requested revision, or another revision the server supports');
    expect(failures).toContain('Actual:   protocolVersion "1999-01-01"');
    expect(failures).toContain('+1 ms → {"jsonrpc":"2.0","id":1,"method":"initialize"');
    expect(failures).toMatch(
      /\+12 ms ← \{"jsonrpc":"2\.0","id":1,"result":\{"protocolVersion":"1999-01-01","padding":"x+…\n/,
    );
    expect(failures).toContain('… 2 more');
    expect(failures).toContain(
      'Schema: at /result/tools/0/inputSchema: expected object, found string [TOOL-1] (line 3)',
    );
    expect(failures).not.toContain('rpc/error-code');
  });

  it('recaps warnings too, with HTTP exchanges and no credentials', () => {
    const warnings = section(plain, '\nWarnings:\n', '\nServer stderr');
    expect(warnings).toContain('1) rpc/error-code · Unknown method yields -32601');
    expect(warnings).toContain('SHOULD · RPC-7 ·');
    expect(warnings).toContain('+30 ms → POST http://127.0.0.1:8931/mcp {"jsonrpc":"2.0","id":4,"method":"nope"}');
    expect(warnings).toContain('+30 ms ← HTTP 200');
    expect(warnings).toContain('← no response');
    expect(plain).not.toContain('s3cr3t');
  });

  it('ends with the totals, once', () => {
    const totals = TOTALS.exec(lines.at(-1)!);
    expect(totals?.slice(1)).toEqual(['8', '2', '2', '2', '1', '1', '1235']);
    expect(plain.match(/2 passed, 2 failed/g)).toHaveLength(1);
  });

  it('shows the stderr tail only when something failed', () => {
    expect(plain).toContain('Server stderr, last 2 lines:\n  server booting\n');
    const clean = toTerminal(cleanReport(), { color: false });
    expect(clean).not.toContain('Server stderr');
    expect(clean).not.toContain('Failures:');
    expect(clean.trimEnd().split('\n').at(-1)).toMatch(/^\d+ checks, 2 passed, 0 failed, /);
  });

  it('has no ANSI codes without color, even when a server sends escape sequences', () => {
    expect(plain).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(plain).toContain('\\u001b[2J\\u001b[31mrepainted');
    expect(plain).toContain('safe\\u202eevil');
    expect(plain).toContain('lone \\ud800 half');
  });

  it('colors marks with ANSI codes when asked, leaving the closing line plain', () => {
    const colored = toTerminal(sampleReport(), { color: true });
    expect(colored).toContain('\x1b[32m✓\x1b[39m');
    expect(colored).toContain('\x1b[31m✗\x1b[39m');
    expect(colored).toContain('\x1b[2m');
    expect(colored.trimEnd().split('\n').at(-1)).toMatch(TOTALS);
    // Only our own styling escapes appear: the server's ESC bytes stay inert.
    expect(colored).not.toContain('\x1b[2J');
  });

  it('handles a run with no checks', () => {
    const empty = { ...cleanReport(), checks: [], summary: summarize([]), durationMs: 7 };
    const text = toTerminal(empty, { color: false });
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['', '0 checks, 0 passed, 0 failed, 0 warnings, 0 skipped, 0 info (7 ms)']);
  });

  it('shows every run of a matrix, tags recap entries with their revision, and totals all runs', () => {
    const text = toTerminal(matrixReport(), { color: false });
    expect(text).toContain('protocols 2025-11-25, 2025-06-18');
    const newer = section(text, '\nProtocol 2025-11-25', '\nProtocol 2025-06-18');
    expect(newer).toContain('    ✗ lifecycle/version-negotiation');
    const older = section(text, '\nProtocol 2025-06-18', '\nFailures:');
    expect(older).toContain('    ✓ lifecycle/version-negotiation');
    expect(text).toContain('1) lifecycle/version-negotiation [2025-11-25] ·');
    expect(text).toContain('rpc/error-code [2025-06-18] ·');
    expect(text).toContain('Server stderr (2025-11-25), last 1 line:');
    expect(text.trimEnd().split('\n').at(-1)).toBe('16 checks, 6 passed, 2 failed, 4 warnings, 2 skipped, 2 info (2469 ms)');
  });
});

describe('toTerminal: client credentials', () => {
  it('says what client credentials obtained, and each warning on a line of its own', () => {
    const report = {
      ...cleanReport(),
      auth: {
        required: true,
        tokenSource: 'client-credentials' as const,
        token: 'sha256:1a2b3c4d…',
        tokenAccepted: true,
        clientCredentials: { clientId: 'ci-client', issuer: 'http://as.example.com', obtained: ['valid', 'wrong-audience'], warnings: ['the authorization server http://as.example.com is not HTTPS: credentials and tokens to and from it travel unencrypted'] },
      },
    };
    const lines = toTerminal(report, { color: false }).split('\n');
    expect(lines[0]).toContain('token sha256:1a2b3c4d… (client-credentials)');
    expect(lines[1]).toBe('client credentials ci-client at http://as.example.com: obtained valid, wrong-audience tokens');
    expect(lines[2]).toBe('  warning: the authorization server http://as.example.com is not HTTPS: credentials and tokens to and from it travel unencrypted');
  });

  it('says why no token was obtained', () => {
    const report = { ...cleanReport(), auth: { required: true, tokenSource: 'none' as const, clientCredentials: { clientId: 'ci-client', obtained: [], warnings: [], problem: 'no usable protected-resource metadata for http://127.0.0.1:9/mcp: HTTP 404' } } };
    expect(toTerminal(report, { color: false }).split('\n')[1]).toBe('client credentials ci-client: no usable protected-resource metadata for http://127.0.0.1:9/mcp: HTTP 404');
  });
});

describe('toTerminal: how the server started', () => {
  const startup = (ms: number[], oneAtATime?: string) => ({ connections: ms.map((m, i) => ({ for: i ? 'a check' : 'main', ms: m })), ...(oneAtATime ? { oneAtATime } : {}) });

  it('says so when a start was slow, and that it failed nothing', () => {
    const text = toTerminal({ ...sampleReport(), startup: startup([6100, 5900, 350]) }, { color: false });
    expect(text).toContain("slow start: the server took up to 6.1 s to answer a new connection's first request (median 5.9 s over 3); a start waits for --start-timeout, not --timeout, and fails nothing");
    expect(toTerminal({ ...sampleReport(), startup: startup([1900, 300]) }, { color: false })).not.toContain('slow start');
  });

  it('says when the copies of a server that cannot run twice ran one at a time', () => {
    const text = toTerminal({ ...sampleReport(), startup: startup([300], 'a copy exited at start while another ran') }, { color: false });
    expect(text).toContain('one copy at a time: the server cannot run two copies at once, so its copies were started one at a time: a copy exited at start while another ran');
  });
});
