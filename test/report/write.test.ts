import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toHtml, toJson, toJunit, writeReports } from '../../src/report/index.js';
import { sampleReport } from './sample.js';

describe('writeReports', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-write-'));
    dirs.push(dir);
    return dir;
  };

  it('writes each requested format, creating parent directories, and returns the paths', async () => {
    const dir = tempDir();
    const report = sampleReport();
    const paths = {
      json: join(dir, 'a/b/report.json'),
      junit: join(dir, 'junit/out.xml'),
      html: join(dir, 'report.html'),
    };
    const written = await writeReports(report, paths, { strict: true });
    expect(written).toEqual([paths.json, paths.junit, paths.html]);
    expect(readFileSync(paths.json, 'utf8')).toBe(toJson(report));
    expect(readFileSync(paths.junit, 'utf8')).toBe(toJunit(report, { strict: true }));
    expect(readFileSync(paths.html, 'utf8')).toBe(toHtml(report));
  });

  it('writes only what was asked for', async () => {
    const dir = tempDir();
    const junit = join(dir, 'only.xml');
    expect(await writeReports(sampleReport(), { junit })).toEqual([junit]);
    expect(readFileSync(junit, 'utf8')).toContain('failures="2"');
    expect(existsSync(join(dir, 'report.json'))).toBe(false);
    expect(await writeReports(sampleReport(), {})).toEqual([]);
  });
});
