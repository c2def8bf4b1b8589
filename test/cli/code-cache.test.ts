// dist/cli.js runs the bundle through V8's code cache in the user's cache folder: the first run
// of each command writes one, later runs use it, and a cache V8 cannot use (another Node, other
// flags, a damaged file) only costs the compile it would have saved.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCommand } from '../fixtures/launch.js';
import { ROOT, runCli } from './run-cli.js';

const home = mkdtempSync(join(tmpdir(), 'mcp-conform-cache-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const folder = join(home, 'mcp-conform');
const caches = () => readdirSync(folder).filter((f) => f.endsWith('.v8cache'));

describe('the CLI code cache', () => {
  it('is written by the first run of a command, the next runs with it, and a damaged one is replaced', async () => {
    const env = { XDG_CACHE_HOME: home };
    const first = await runCli(['--version'], { env });
    expect(first.code).toBe(0);
    expect(caches()).toEqual([expect.stringMatching(/-other\.v8cache$/)]);
    const versionCache = caches()[0]!;
    const again = await runCli(['list'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('lifecycle/initialize-result');
    // Each command keeps what its own first run compiled.
    expect(caches().sort()).toEqual([expect.stringMatching(/-list\.v8cache$/), versionCache]);

    writeFileSync(join(folder, versionCache), 'not a code cache');
    const damaged = await runCli(['--version'], { env });
    expect(damaged.code, damaged.stderr).toBe(0);
    expect(damaged.stdout.trim()).toBe(first.stdout.trim());
    expect(damaged.stderr).toBe('');
    expect(readFileSync(join(folder, versionCache)).length).toBeGreaterThan(100_000);
    expect(readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('written by a run, whose heap policy changes V8 flags, is accepted by the next run (not rewritten)', async () => {
    const env = { XDG_CACHE_HOME: home };
    const args = ['run', '--no-reports', '--only', 'lifecycle/server-info', '--', ...fixtureCommand()];
    const first = await runCli(args, { env });
    expect(first.code, first.stderr).toBe(0);
    const runCache = join(folder, caches().find((f) => f.endsWith('-run.v8cache'))!);
    const written = statSync(runCache);
    const second = await runCli(args, { env });
    expect(second.code, second.stderr).toBe(0);
    // V8 rejects a cache stamped with other flags, and a rejected one is written anew (a new file).
    const after = statSync(runCache);
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it('drops the caches of other bundles (an earlier version) when it writes one', async () => {
    const own = mkdtempSync(join(tmpdir(), 'mcp-conform-stale-'));
    try {
      const stale = join(own, 'mcp-conform', 'cli-0123456789abcdef01234567-run.v8cache');
      mkdirSync(join(own, 'mcp-conform'));
      writeFileSync(stale, 'from an earlier version');
      writeFileSync(join(own, 'mcp-conform', 'notes.txt'), 'not ours to delete');
      expect((await runCli(['--version'], { env: { XDG_CACHE_HOME: own } })).code).toBe(0);
      expect(readdirSync(join(own, 'mcp-conform')).sort()).toEqual([expect.stringMatching(/^cli-[0-9a-f]{8}-[0-9a-f]{24}-other\.v8cache$/), 'notes.txt']);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('is neither read nor written with MCP_CONFORM_CODE_CACHE=0, and an unwritable folder is no error', async () => {
    const off = mkdtempSync(join(tmpdir(), 'mcp-conform-nocache-'));
    try {
      const r = await runCli(['--version'], { env: { XDG_CACHE_HOME: off, MCP_CONFORM_CODE_CACHE: '0' } });
      expect(r.code).toBe(0);
      expect(readdirSync(off)).toEqual([]);
      writeFileSync(join(off, 'mcp-conform'), 'a file where the folder would go');
      const blocked = await runCli(['--version'], { env: { XDG_CACHE_HOME: off } });
      expect(blocked.code).toBe(0);
      expect(blocked.stderr).toBe('');
    } finally {
      rmSync(off, { recursive: true, force: true });
    }
  });

  it('is kept apart per checkout: a copy of the same bundle elsewhere names its own path in stack frames, and neither drops the cache of the other', async () => {
    const own = mkdtempSync(join(tmpdir(), 'mcp-conform-places-'));
    try {
      const checkouts = ['a', 'b'].map((name) => {
        const dist = join(own, name, 'dist');
        mkdirSync(dist, { recursive: true });
        for (const file of ['cli.js', 'cli-bundle.cjs']) copyFileSync(join(ROOT, 'dist', file), join(dist, file));
        return dist;
      });
      // Prints the stack of the bundle's first write to stdout: its frames name the script's path.
      const preload = join(own, 'stack-of-first-write.cjs');
      writeFileSync(preload, "const w = process.stdout.write.bind(process.stdout); let done = false;\nprocess.stdout.write = (...a) => { if (!done) { done = true; process.stderr.write(new Error('first write').stack + '\\n'); } return w(...a); };\n");
      const cache = join(own, 'cache');
      const listWith = async (dist: string) => {
        const r = await execa('node', ['--require', preload, join(dist, 'cli.js'), 'list'], { reject: false, timeout: 60_000, env: { XDG_CACHE_HOME: cache, NO_COLOR: '1' } });
        expect(r.exitCode, String(r.stderr)).toBe(0);
        return String(r.stderr);
      };
      const [a, b] = checkouts as [string, string];
      expect(await listWith(a)).toContain(join(a, 'cli-bundle.cjs'));
      expect(await listWith(b)).toContain(join(b, 'cli-bundle.cjs'));
      const written = readdirSync(join(cache, 'mcp-conform'));
      expect(written).toHaveLength(2);
      // Each from its own cache now, still naming its own path.
      const second = await listWith(b);
      expect(second).toContain(join(b, 'cli-bundle.cjs'));
      expect(second).not.toContain(join(a, 'cli-bundle.cjs'));
      expect(readdirSync(join(cache, 'mcp-conform')).sort()).toEqual([...written].sort());
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("drops another checkout's cache only once it is a month old", async () => {
    const own = mkdtempSync(join(tmpdir(), 'mcp-conform-old-place-'));
    try {
      const folder = join(own, 'mcp-conform');
      mkdirSync(folder);
      const recent = join(folder, 'cli-00000000-0123456789abcdef01234567-run.v8cache');
      const old = join(folder, 'cli-11111111-0123456789abcdef01234567-run.v8cache');
      for (const f of [recent, old]) writeFileSync(f, 'from another checkout');
      const monthAgo = Date.now() / 1000 - 31 * 24 * 3600;
      utimesSync(old, monthAgo, monthAgo);
      expect((await runCli(['--version'], { env: { XDG_CACHE_HOME: own } })).code).toBe(0);
      const left = readdirSync(folder);
      expect(left).toContain('cli-00000000-0123456789abcdef01234567-run.v8cache');
      expect(left).not.toContain('cli-11111111-0123456789abcdef01234567-run.v8cache');
      expect(left.filter((f) => f.endsWith('-other.v8cache'))).toHaveLength(1);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
