// A server that answers nothing costs the run its main handshake's wait, not one more timeout per
// connection the handshake checks would open (a hung server took 25 s with a 5 s timeout): one
// failure says why, and what stdout carried is still judged.
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { allChecks } from '../../suites/index.js';
import { fixtureCommand } from '../fixtures/launch.js';

const TIMEOUT_MS = 400;
const opening = allChecks.filter((c) => c.opensConnections).map((c) => c.id);

describe('a server that never answers the handshake', () => {
  it('fails initialize-result and runs no check that would open connections to wait again', async () => {
    // A server that never answers its first request fails at the start bound, here as short as the timeout.
    const report = await runSuite(fixtureCommand({ fault: 'hang-on-initialize' }), { timeout: TIMEOUT_MS, startTimeout: TIMEOUT_MS });
    const byId = new Map(report.checks.map((c) => [c.id, c]));
    expect(byId.get('lifecycle/initialize-result')?.status).toBe('fail');
    expect(opening.length).toBeGreaterThan(5);
    for (const id of opening) {
      expect(byId.get(id), id).toMatchObject({ status: 'skip', message: expect.stringMatching(/did not answer initialize on the main connection within 400 ms/) });
    }
    expect(report.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['lifecycle/initialize-result']);
    // Nothing but JSON-RPC on its stdout: judged, and clean.
    expect(byId.get('stdio/stdout-only-jsonrpc-whole-run')?.status).toBe('pass');
  });

  it('still fails stdout-only-jsonrpc when what it wrote instead was not JSON-RPC', async () => {
    const command = ['node', '-e', "process.stdout.write('Server listening...\\n'); setInterval(() => {}, 1000)"];
    const report = await runSuite(command, { timeout: TIMEOUT_MS, startTimeout: TIMEOUT_MS });
    const stdout = report.checks.find((c) => c.id === 'stdio/stdout-only-jsonrpc-whole-run');
    expect(stdout).toMatchObject({ status: 'fail', message: expect.stringContaining('not JSON') });
    expect(report.checks.filter((c) => c.status === 'fail').map((c) => c.id).sort()).toEqual(['lifecycle/initialize-result', 'stdio/stdout-only-jsonrpc-whole-run']);
  });
});

describe('a server that answers initialize and then nothing', () => {
  // It also says what did arrive meanwhile: here, nothing.
  const silence = /answered no request after the handshake \(ping and an unknown method: no response within 400 ms; nothing else arrived meanwhile\)/;

  it('fails lifecycle/ping, and the checks that start after it has shown that are not run', async () => {
    const report = await runSuite(fixtureCommand({ fault: 'silent-after-initialize' }), { timeout: TIMEOUT_MS });
    const byId = new Map(report.checks.map((c) => [c.id, c]));
    expect(byId.get('lifecycle/ping')?.status).toBe('fail');
    const notRun = report.checks.filter((c) => c.status === 'skip' && silence.test(c.message ?? ''));
    // The disposable session's turns, at least, come after it: they waited one by one before.
    expect(notRun.length).toBeGreaterThan(5);
    // What the whole run saw is still judged.
    expect(byId.get('stdio/stdout-only-jsonrpc-whole-run')?.status).toBe('pass');
  });

  it('skips nothing for that reason on a server that answers', async () => {
    const report = await runSuite(fixtureCommand(), { timeout: TIMEOUT_MS, only: ['lifecycle/*', 'errors/*'] });
    expect(report.checks.filter((c) => silence.test(c.message ?? ''))).toEqual([]);
    expect(report.summary.fail).toBe(0);
  });
});

