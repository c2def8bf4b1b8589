// `mcp-conform list --plan`: the schedule of a run before it runs, pinned for the fixture (the
// phases, a few groups, the finals, shared scenarios), and bad input as one line with exit 2.
import { describe, expect, it } from 'vitest';
import type { PlanView } from '../../src/runner/index.js';
import { runCli } from './run-cli.js';

const FIXTURE = ['--', 'node', 'dist/test/fixtures/server.js'];
type Printed = PlanView & { server: string };

async function plans(...args: string[]): Promise<Printed[]> {
  const r = await runCli(['list', '--plan', '--format', 'json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { plans: Printed[] }).plans;
}

const group = (p: Printed, phase: 'during' | 'final', name: string) => p.phases.find((x) => x.phase === phase)?.groups.find((g) => g.group === name);
const ids = (p: Printed, phase: 'during' | 'final', name: string) => group(p, phase, name)?.checks.map((c) => c.id) ?? [];

describe('mcp-conform list --plan', () => {
  it('plans the fixture over stdio at 2025-11-25: the main session beside the lanes, then the finals', async () => {
    const [p] = await plans('--protocol-version', '2025-11-25', ...FIXTURE);
    expect(p).toMatchObject({ revision: '2025-11-25', era: 'stateful', transport: 'stdio', server: 'stdio: node dist/test/fixtures/server.js', when: 'asked for' });
    expect(p.phases.map((x) => [x.phase, x.groups.map((g) => g.group)])).toEqual([
      ['during', ['main', 'lanes']],
      ['final', ['main']],
    ]);
    expect(group(p, 'during', 'main')?.width).toBe(32);
    expect(group(p, 'during', 'lanes')).toMatchObject({ lanes: 1 });
    expect(group(p, 'during', 'lanes')?.checks).toContainEqual({ id: 'errors/parse-error', connection: 'disposable', alone: true });
    expect(group(p, 'during', 'main')?.checks).toContainEqual({ id: 'fuzz/valid-requests', connection: 'shared', atOnce: true, shares: expect.any(Array) });
    expect(group(p, 'during', 'main')?.checks).toContainEqual({ id: 'tools/call-result', connection: 'shared', atOnce: true, needs: ['tools'], shares: ['tool survey'] });
    expect(ids(p, 'final', 'main')).toEqual(['messages/all-server-messages', 'stdio/stdout-only-jsonrpc-whole-run', 'capabilities/list-changed-declared-whole-run']);
    expect(p.scenarios.find((s) => s.name === 'task scenario')).toMatchObject({ keepsState: true, usedBy: expect.arrayContaining(['tasks/create-result']) });
    expect(p.notForTransport).toContain('http/session-id-required');
  });

  it('with no revision asked for, plans both eras; over HTTP, connections of their own instead of lanes, wider groups', async () => {
    const p = await plans('--url', 'http://127.0.0.1:9/mcp');
    expect(p.map((x) => [x.revision, x.era])).toEqual([
      ['2026-07-28', 'stateless'],
      ['2025-11-25', 'stateful'],
    ]);
    const stateful = p[1];
    expect(stateful.phases[0].groups.map((g) => [g.group, g.width])).toEqual([
      ['main', 4],
      ['own', 8],
    ]);
    expect(ids(stateful, 'during', 'own')).toEqual(expect.arrayContaining(['errors/parse-error', 'http/session-id-required']));
    expect(ids(p[0], 'final', 'main')).toContain('stateless/result-type-whole-run');
  });

  it('prints text by default, and says where capabilities are decided', async () => {
    const r = await runCli(['list', '--plan', '--only', 'lifecycle/*', '--protocol-version', '2025-06-18', ...FIXTURE]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^stdio: node dist\/test\/fixtures\/server\.js at 2025-06-18 \(stateful; asked for\): \d+ checks$/m);
    expect(r.stdout).toMatch(/^ {2}phase 1, during the run/m);
    expect(r.stdout).toMatch(/^ {2}phase 2, final/m);
    expect(r.stdout).toMatch(/^ {4}main session: \d+ checks, 32 at a time/m);
    expect(r.stdout).toMatch(/capabilities are known once connected/);
  });

  // Six starts of the CLI: a second or more each on a busy machine.
  it('documents itself, and refuses bad input in one line with exit 2', { timeout: 90_000 }, async () => {
    const help = await runCli(['list', '--plan', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcp-conform list --plan/);
    expect((await runCli(['list', '--help'])).stdout).toMatch(/--plan/);
    for (const [args, line] of [
      [['--format', 'yaml'], 'mcp-conform: --format takes text or json, got "yaml"'],
      [['--protocol-version', '1999'], /^mcp-conform: --protocol-version must be one of .* or all, got "1999"$/],
      [['--only', 'nope/*'], 'mcp-conform: --only "nope/*" matches no check id (mcp-conform list shows them)'],
      [['--tiemout', '5'], 'mcp-conform: unknown option --tiemout for list --plan (did you mean --timeout?)'],
    ] as const) {
      const r = await runCli(['list', '--plan', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      if (typeof line === 'string') expect(r.stderr.trim()).toBe(line);
      else expect(r.stderr.trim()).toMatch(line);
    }
  });
});
