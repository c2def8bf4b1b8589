// tsc compiles with the repo root as rootDir (src/ and suites/ side by side), so the library's
// entry points (dist/index.js) are small forwarding files. The CLI (dist/cli.js) is bundled into
// one file with esbuild: loading ~250 modules from disk took 0.3 s of every run; one file takes
// under 0.1 s. The library API keeps tsc's output (and its .d.ts) as it is.
// tsc never deletes output, so files left from a source since removed or renamed are dropped
// here: they would otherwise ship in the package (package.json "files" takes dist/src, dist/suites).
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { precompiledMetaModule, precompiledModule } from '../dist/src/schema/registry.js';
import { REVISIONS } from '../dist/src/schema/revisions.js';

// Each revision's fast validators, compiled ahead (src/schema/precompiled.ts): compiling them
// was most of the validation cost of a run.
mkdirSync('dist/validators', { recursive: true });
for (const revision of REVISIONS) writeFileSync(join('dist/validators', `${revision}.cjs`), precompiledModule(revision));
// And the meta-schemas that check the schemas servers publish (tool inputSchema...).
for (const dialect of ['draft-07', '2020-12']) writeFileSync(join('dist/validators', `meta-${dialect}.cjs`), precompiledMetaModule(dialect));

// The bundle is CommonJS so that scripts/cli-loader.mjs (dist/cli.js) can run it through V8's
// code cache (vm.Script); import.meta.url, which our modules use to find dist/validators, is the
// bundle's own URL.
await build({
  stdin: { contents: "export { cli } from './src/cli/main.js';\nexport { useModuleImporter } from './src/cli/config.js';\nexport { restoreHeapDefaults } from './src/cli/heap-policy.js';\n", resolveDir: 'dist', sourcefile: 'cli-entry.js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: 'dist/cli-bundle.cjs',
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});
asciiOnly('dist/cli-bundle.cjs');
copyFileSync('scripts/cli-loader.mjs', 'dist/cli.js');
chmodSync('dist/cli.js', 0o755);
writeFileSync('dist/index.js', "export * from './src/index.js';\n");
writeFileSync('dist/index.d.ts', "export * from './src/index.js';\n");

/**
 * Escapes the non-ASCII characters esbuild leaves in the bundle (it escapes strings, templates and
 * identifiers, not comments and regular expressions): V8 keeps the source of a script for the
 * whole run, and one character beyond Latin-1 makes all 2 MB of it a two-byte string (4 MB).
 * \uXXXX means the same character in a regular expression and nothing in a comment.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Removes dist/<dir>/**\/X.js and X.d.ts whose <dir>/**\/X.ts is gone. */
function dropStale(dir) {
  const out = join('dist', dir);
  if (!existsSync(out)) return;
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const match = /^(.*)\.(js|d\.ts)$/.exec(entry.name);
    if (!match) continue;
    const built = join(entry.parentPath ?? entry.path, entry.name);
    const source = join(dir, built.slice(out.length + 1, built.length - entry.name.length), `${match[1]}.ts`);
    if (!existsSync(source)) rmSync(built);
  }
}

for (const dir of ['src', 'suites', 'test/fixtures']) dropStale(dir);
