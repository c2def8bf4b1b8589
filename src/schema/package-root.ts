import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The installed package's root: the nearest ancestor holding our schemas/ folder.
 * Works from src/ (tsx, vitest) and from dist/src/ (the built package) alike. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'schemas', '2025-11-25', 'index.json'))) return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('mcp-conform: cannot find the schemas/ folder of the package');
    dir = parent;
  }
}

/** The version in our package.json (the contract's tool.version). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
