#!/usr/bin/env node
// mcp-conform's command line: runs the bundled CLI (cli-bundle.cjs) through V8's code cache.
// Parsing the 2 MB bundle and compiling the functions a run calls cost about a tenth of a
// run's CPU on every start; Node 20 has no compile cache of its own (module.enableCompileCache
// is Node 22). The cache lives in the user's cache folder, keyed by the bundle's content and
// the Node build, written once at exit by the first run that had none; V8 rejects one it cannot
// use, and then the bundle compiles as usual. MCP_CONFORM_CODE_CACHE=0 turns it off.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const filename = fileURLToPath(new URL('./cli-bundle.cjs', import.meta.url));
const source = readFileSync(filename, 'utf8');
const cachePath = codeCachePath(source);
let cachedData;
try {
  if (cachePath) cachedData = readFileSync(cachePath);
} catch {
  // none yet
}
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename,
  cachedData,
});
if (cachePath && (!cachedData || script.cachedDataRejected)) process.once('exit', () => saveCodeCache(cachePath, script));
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(filename), module, filename, dirname(filename));
// import() in code from the cache has no loader on Node 20: config files (.mjs) come through ours.
module.exports.useModuleImporter((url) => import(url));
await module.exports.cli();

/** Where this bundle's cache lives for this Node build, or undefined when turned off. */
function codeCachePath(text) {
  if (process.env.MCP_CONFORM_CODE_CACHE === '0') return undefined;
  // V8 checks a cache against the source's length, not its content: the key must.
  const key = createHash('sha256').update(text).update(`${process.version} ${process.arch}`).digest('hex').slice(0, 24);
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'mcp-conform', `cli-${key}.v8cache`);
}

/** At exit, with the functions this run compiled; a read-only or absent home just means no cache. */
function saveCodeCache(path, compiled) {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, compiled.createCachedData(), { mode: 0o600 });
    renameSync(partial, path); // whole or not at all, when runs end side by side
  } catch {
    // no cache this time
  }
}
