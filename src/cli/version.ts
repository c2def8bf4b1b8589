import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../schema/package-root.js';

/** The version in our package.json (the contract's tool.version). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
