// Wall time and peak RSS of `mcp-conform run` against server-everything over stdio
// (and our fixture server as a baseline). Prints a table; asserts nothing.
// Usage: npm run build && npx tsx bench/run.ts [--repeat N]
import { execa } from 'execa';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const repeat = Number(process.argv[process.argv.indexOf('--repeat') + 1]) || 3;
const targets: Record<string, string[]> = {
  fixture: ['node', join(root, 'dist/test/fixtures/server.js')],
  'server-everything': ['node', join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};

console.log('target              run  wall ms  peak RSS MiB  checks');
for (const [name, command] of Object.entries(targets)) {
  const walls: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    const r = await execa('node', ['--import', join(root, 'bench/rss-probe.mjs'), join(root, 'dist/cli.js'), 'run', '--no-reports', '--', ...command], {
      reject: false,
      env: { NO_COLOR: '1' },
      timeout: 300_000,
    });
    const wall = performance.now() - t0;
    walls.push(wall);
    const rss = Number(/BENCH_MAX_RSS_KB=(\d+)/.exec(String(r.stderr))?.[1] ?? 0) / 1024;
    const checks = /(\d+) checks,/.exec(String(r.stdout))?.[1] ?? '?';
    console.log(`${name.padEnd(19)} ${String(i + 1).padStart(3)}  ${wall.toFixed(0).padStart(7)}  ${rss.toFixed(1).padStart(12)}  ${checks}`);
  }
  walls.sort((a, b) => a - b);
  console.log(`${name.padEnd(19)} median wall ${walls[Math.floor(walls.length / 2)].toFixed(0)} ms`);
}
