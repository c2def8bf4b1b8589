// dist/cli.js runs the bundle through V8's code cache in the user's cache folder: the first run
// writes it, later runs use it, and a cache V8 cannot use (another Node, a damaged file) only
// costs the compile it would have saved.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const home = mkdtempSync(join(tmpdir(), 'mcp-conform-cache-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const folder = join(home, 'mcp-conform');
const caches = () => readdirSync(folder).filter((f) => f.endsWith('.v8cache'));

describe('the CLI code cache', () => {
  it('is written by the first run, the next runs with it, and a damaged one is replaced', async () => {
    const env = { XDG_CACHE_HOME: home };
    const first = await runCli(['--version'], { env });
    expect(first.code).toBe(0);
    expect(caches()).toHaveLength(1);
    const again = await runCli(['list'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('lifecycle/initialize-result');

    writeFileSync(join(folder, caches()[0]), 'not a code cache');
    const damaged = await runCli(['--version'], { env });
    expect(damaged.code, damaged.stderr).toBe(0);
    expect(damaged.stdout.trim()).toBe(first.stdout.trim());
    expect(damaged.stderr).toBe('');
    expect(readFileSync(join(folder, caches()[0])).length).toBeGreaterThan(100_000);
    expect(readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual([]);
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
});
