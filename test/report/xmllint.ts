// Runs Debian's xmllint (package libxml2-utils) on generated XML: a real parser and XSD validator.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const XMLLINT = '/usr/bin/xmllint';
export const JUNIT_XSD = fileURLToPath(new URL('./junit.xsd', import.meta.url));
export const hasXmllint = existsSync(XMLLINT);

function withFile<T>(xml: string, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-junit-'));
  try {
    const file = join(dir, 'report.xml');
    writeFileSync(file, xml, 'utf8');
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(args: string[]) {
  const result = spawnSync(XMLLINT, args, { encoding: 'utf8', timeout: 10_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Validates against test/report/junit.xsd; `ok` is false with xmllint's complaint otherwise. */
export function validateJunit(xml: string): { ok: boolean; output: string } {
  return withFile(xml, (file) => {
    const r = run(['--noout', '--nonet', '--schema', JUNIT_XSD, file]);
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  });
}

/** Evaluates an XPath expression (string()/count() give plain text) through the parser. */
export function xpath(xml: string, expr: string): string {
  return withFile(xml, (file) => {
    const r = run(['--nonet', '--xpath', expr, file]);
    if (r.status !== 0) throw new Error(`xmllint --xpath ${expr} failed: ${r.stderr}`);
    // xmllint ends its answer with one newline of its own.
    return r.stdout.endsWith('\n') ? r.stdout.slice(0, -1) : r.stdout;
  });
}
