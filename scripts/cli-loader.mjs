#!/usr/bin/env node
// mcp-conform's command line: runs the bundled CLI (cli-bundle.cjs) through V8's code cache.
// Parsing the 2 MB bundle and compiling the functions a run calls cost about a tenth of a
// run's CPU on every start; Node 20 has no compile cache of its own (module.enableCompileCache
// is Node 22). The cache lives in the user's cache folder, keyed by the bundle's path, its
// content and the Node build, one per command, written once at exit by the first run that had
// none; V8 rejects one it cannot use, and then the bundle compiles as usual. When a new one is
// written, the caches of older bundles at the same path go, and those of other paths once unused
// for a month. MCP_CONFORM_CODE_CACHE=0 turns it off.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** A cache of another checkout written this long ago is taken to be of one since removed. */
const OTHER_PLACE_KEPT_MS = 30 * 24 * 3600 * 1000;

const filename = fileURLToPath(new URL('./cli-bundle.cjs', import.meta.url));
const { script, cachePath, cached } = compileBundle();
const module = { exports: {} };
if (cachePath && (!cached || script.cachedDataRejected)) {
  process.once('exit', () => {
    // V8 stamps the cache with its flags: the run's heap policy changed two, so they go back first.
    module.exports.restoreHeapDefaults?.();
    saveCodeCache(cachePath, script);
  });
}
script.runInThisContext()(module.exports, createRequire(filename), module, filename, dirname(filename));
// import() in code from the cache has no loader on Node 20: config files (.mjs) come through ours.
module.exports.useModuleImporter((url) => import(url));
await module.exports.cli();

/**
 * The bundle compiled, with its cache when there is one. In a function of its own: the bundle's
 * text (2 MB) and the cache's bytes (2 MB) are garbage once compiled, and the module's top-level
 * await would keep its own variables alive for the whole run (the script keeps its own copy of
 * the wrapped text, which V8 needs to compile functions lazily).
 */
function compileBundle() {
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
  return { script, cachePath, cached: cachedData !== undefined };
}

/** Where this bundle's cache lives for this Node build, or undefined when turned off. */
function codeCachePath(text) {
  if (process.env.MCP_CONFORM_CODE_CACHE === '0') return undefined;
  // V8 checks a cache against the source's length, not its content: the key must. A cache also
  // carries the path of the script that wrote it (stack frames would name another checkout's
  // bundle), so the path is part of the name.
  const place = createHash('sha256').update(filename).digest('hex').slice(0, 8);
  const key = createHash('sha256').update(text).update(`${process.version} ${process.arch}`).digest('hex').slice(0, 24);
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  // One per command: a cache holds the functions its first run compiled, and `--version` compiles
  // few of those a `run` needs.
  const command = /^(run|fuzz|list|validate|proxy)$/.test(process.argv[2] ?? '') ? process.argv[2] : 'other';
  return join(base, 'mcp-conform', `cli-${place}-${key}-${command}.v8cache`);
}

/** At exit, with the functions this run compiled; a read-only or absent home just means no cache. */
function saveCodeCache(path, compiled) {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, compiled.createCachedData(), { mode: 0o600 });
    renameSync(partial, path); // whole or not at all, when runs end side by side
    dropOtherCaches(path);
  } catch {
    // no cache this time
  }
}

/**
 * Caches of earlier versions (or Node builds) at this path are never read again: they go, not pile
 * up one set per upgrade. Other checkouts' caches stay for a month after they were written (a
 * checkout still in use writes its cache again then); those named before the path was in the name go.
 */
function dropOtherCaches(kept) {
  const [, place, key] = /^cli-([0-9a-f]{8})-([0-9a-f]{24})-/.exec(basename(kept)) ?? [];
  for (const name of readdirSync(dirname(kept))) {
    const other = /^cli-(?:([0-9a-f]{8})-)?([0-9a-f]{24})(?:-[a-z]+)?\.v8cache$/.exec(name);
    if (!other || other[2] === key) continue;
    const path = join(dirname(kept), name);
    try {
      if (other[1] === undefined || other[1] === place || Date.now() - statSync(path).mtimeMs > OTHER_PLACE_KEPT_MS) rmSync(path, { force: true });
    } catch {
      // gone meanwhile (another run dropped it)
    }
  }
}
