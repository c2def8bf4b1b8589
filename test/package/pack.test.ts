// Packaging proof: `npm pack` holds only what a user needs, and the tarball installed into a
// clean project works as a CLI (bin), a library (ESM + declarations) and a vitest plugin.
// One test, because every step builds on the installed tarball. Needs `npm run build` first.
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMjs, conformanceTestMjs, consumerPackageJson, consumerTs, consumerTsconfig } from './consumer-files.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE_SERVER = join(ROOT, 'dist', 'test', 'fixtures', 'server.js');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** Files the package may ship; anything else (sources, tests, fixtures) is a packaging mistake. */
const ALLOWED = /^(package\.json|README\.md|LICENSE(\.md)?|docs\/api\.md|schemas\/.+\.json|schemas\/extensions\/README\.md|dist\/(cli\.js|cli-bundle\.cjs|index\.js|index\.d\.ts)|dist\/(src|suites)\/.+\.(js|d\.ts)|dist\/validators\/[\w-]+\.cjs)$/;

const work = mkdtempSync(join(tmpdir(), 'mcp-conform-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Our environment minus what the outer npm and vitest set, with this Node first on PATH. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(npm_|VITEST|__VITEST|TEST$|NODE_ENV$)/i.test(k)) env[k] = v;
  env.PATH = `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}`;
  env.NO_COLOR = '1';
  return env;
}

async function sh(command: string, args: string[], cwd: string, timeoutMs: number, env: Record<string, string> = {}) {
  const r = await execa(command, args, { cwd, timeout: timeoutMs, reject: false, extendEnv: false, env: { ...cleanEnv(), ...env }, stdin: 'ignore' });
  return { code: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr), all: `${String(r.stdout)}\n${String(r.stderr)}` };
}

describe('the npm package', () => {
  it('packs only the built package and works installed in a clean project', async () => {
    expect(existsSync(FIXTURE_SERVER), 'run npm run build first').toBe(true);

    // 1. The tarball's file list.
    const packed = await sh('npm', ['pack', '--json', '--pack-destination', work], ROOT, 30_000);
    expect(packed.code, packed.stderr).toBe(0);
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    const files = info.files.map((f) => f.path);
    expect(files.filter((f) => !ALLOWED.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/cli.js', 'dist/cli-bundle.cjs', 'dist/index.js', 'dist/index.d.ts', 'dist/src/vitest/index.d.ts', 'dist/suites/index.js', 'schemas/2025-11-25/index.json', 'dist/validators/2025-11-25.cjs', 'dist/validators/meta-2020-12.cjs']));

    // 2. Installed into a clean project (dependencies from the npm cache when possible).
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), consumerPackageJson);
    const install = await sh('npm', ['install', join(work, info.filename), '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], project, 90_000);
    expect(install.code, install.all).toBe(0);
    expect(existsSync(join(project, 'node_modules', 'vitest')), 'vitest is an optional peer, not installed').toBe(false);

    // 3. The bin.
    const version = await sh('npx', ['--no', '--', 'mcp-conform', '--version'], project, 20_000);
    expect(version.stdout.trim(), version.all).toBe(pkg.version);
    const run = await sh('npx', ['--no', '--', 'mcp-conform', 'run', '--only', 'lifecycle/*', '--', 'node', FIXTURE_SERVER], project, 60_000);
    expect(run.code, run.all).toBe(0);
    const report = JSON.parse(readFileSync(join(project, 'reports', 'report.json'), 'utf8')) as { tool: { version: string }; summary: { pass: number; fail: number } };
    expect(report.tool.version).toBe(pkg.version);
    expect(report.summary.fail).toBe(0);
    expect(report.summary.pass).toBeGreaterThan(3);

    // 4. The library from plain ESM, without vitest.
    writeFileSync(join(project, 'check.mjs'), checkMjs);
    const lib = await sh(process.execPath, ['check.mjs'], project, 20_000);
    expect(lib.code, lib.all).toBe(0);
    const out = JSON.parse(lib.stdout) as { exports: string[]; valid: boolean; problems: string[] };
    expect(out.exports).toEqual(expect.arrayContaining(['connect', 'runSuite', 'validateMessage', 'McpRequestError', 'TargetUnreachable', 'REVISIONS']));
    expect(out.valid).toBe(true);
    expect(out.problems).toContain('/result/tools/0/name: expected a required member, found nothing');

    // 5. Declarations and the vitest subpath, with the repo's own vitest, TypeScript and Node types linked in.
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, '@types'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(modules, 'vitest'), 'dir');
    symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(modules, '@types', 'node'), 'dir');
    writeFileSync(join(project, 'consumer.ts'), consumerTs);
    writeFileSync(join(project, 'tsconfig.json'), consumerTsconfig);
    const tsc = await sh(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project, 60_000);
    expect(tsc.code, tsc.all).toBe(0);

    writeFileSync(join(project, 'conformance.test.mjs'), conformanceTestMjs);
    const vitest = await sh(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], project, 60_000, { FIXTURE_SERVER });
    expect(vitest.code, vitest.all).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+2 passed/);
  }, 240_000);
});
