// `mcp-conform badge`: a shields.io endpoint that fits the endpoint schema, and an SVG that parses
// as XML, counting the MUST checks passed of those that applied.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { badgeOf } from '../../src/fleet/index.js';
import { toJson } from '../../src/report/index.js';
import { runCli } from '../cli/run-cli.js';
import { check, HOSTILE } from '../report/sample.js';
import { hasXmllint, xpath } from '../report/xmllint.js';
import { summarize } from '../../src/report/index.js';

// https://shields.io/badges/endpoint-badge: the response an endpoint badge reads.
const SHIELDS_ENDPOINT_SCHEMA = {
  type: 'object',
  required: ['schemaVersion', 'label', 'message'],
  additionalProperties: false,
  properties: {
    schemaVersion: { const: 1 },
    label: { type: 'string' },
    message: { type: 'string', minLength: 1 },
    color: { type: 'string' },
    labelColor: { type: 'string' },
    isError: { type: 'boolean' },
    namedLogo: { type: 'string' },
    logoSvg: { type: 'string' },
    logoColor: { type: 'string' },
    logoWidth: { type: 'number' },
    style: { enum: ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'] },
    cacheSeconds: { type: 'integer', minimum: 300 },
  },
};

function report(statuses: Array<[string, 'MUST' | 'SHOULD', 'pass' | 'fail' | 'warn' | 'skip' | 'info']>, revision = '2025-11-25'): Report {
  const checks = statuses.map(([id, level, status]) => check({ id, level, status }));
  return { tool: { name: 'mcp-conform', version: '0.1.0' }, target: { transport: 'stdio', command: ['node', 's.js'] }, protocolVersion: revision, seed: 1, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, summary: summarize(checks), checks };
}

describe('badgeOf', () => {
  it('counts MUST checks that applied: skips and infos do not, SHOULDs do not', () => {
    const r = report([['a/1', 'MUST', 'pass'], ['a/2', 'MUST', 'pass'], ['a/3', 'MUST', 'skip'], ['a/4', 'MUST', 'info'], ['a/5', 'SHOULD', 'warn']]);
    expect(badgeOf(r)).toEqual({ schemaVersion: 1, label: 'MCP 2025-11-25', message: '2/2 MUST', color: 'brightgreen' });
  });

  it('is yellow from 90 % and red below; grey when no MUST check ran', () => {
    const many = (fails: number) => report(Array.from({ length: 20 }, (_, i) => [`a/${i}`, 'MUST', i < fails ? 'fail' : 'pass'] as [string, 'MUST', 'pass' | 'fail']));
    expect(badgeOf(many(2))).toMatchObject({ message: '18/20 MUST', color: 'yellow' });
    expect(badgeOf(many(3))).toMatchObject({ message: '17/20 MUST', color: 'red' });
    expect(badgeOf(report([['a/1', 'MUST', 'skip']]))).toMatchObject({ message: 'no MUST checks ran', color: 'lightgrey' });
  });
});

describe('mcp-conform badge', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-badge-'));
    const r = report([['a/1', 'MUST', 'pass'], ['a/2', 'MUST', 'fail'], ['a/3', 'MUST', 'pass']]);
    writeFileSync(join(dir, 'report.json'), toJson(r));
    writeFileSync(join(dir, 'hostile.json'), toJson(report([['a/1', 'MUST', 'pass']], HOSTILE.xml)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a shields endpoint JSON that fits the schema and an SVG that parses', async () => {
    const r = await runCli(['badge', join(dir, 'report.json'), '--out', join(dir, 'badges', 'mcp')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`MCP 2025-11-25 | 2/3 MUST (red): ${join(dir, 'badges', 'mcp')}.json, ${join(dir, 'badges', 'mcp')}.svg`);
    const endpoint = JSON.parse(readFileSync(join(dir, 'badges', 'mcp.json'), 'utf8'));
    const validate = new Ajv({ strict: true }).compile(SHIELDS_ENDPOINT_SCHEMA);
    expect(validate(endpoint), JSON.stringify(validate.errors)).toBe(true);
    expect(endpoint).toEqual({ schemaVersion: 1, label: 'MCP 2025-11-25', message: '2/3 MUST', color: 'red' });
    const svg = readFileSync(join(dir, 'badges', 'mcp.svg'), 'utf8');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    if (hasXmllint) {
      expect(xpath(svg, 'string(/*[local-name()="svg"]/*[local-name()="title"])')).toBe('MCP 2025-11-25: 2/3 MUST');
      expect(xpath(svg, 'count(//*[local-name()="text"])')).toBe('4');
    }
  });

  it('escapes what the report says (the revision is the server\'s word)', async () => {
    const r = await runCli(['badge', join(dir, 'hostile.json'), '--out', join(dir, 'hostile')]);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(join(dir, 'hostile.svg'), 'utf8');
    if (hasXmllint) expect(xpath(svg, 'string(/*[local-name()="svg"]/*[local-name()="title"])')).toBe(`MCP ${HOSTILE.xml}: 1/1 MUST`);
  });

  it('bad input is one line and exit 2', async () => {
    for (const [args, message] of [
      [[join(dir, 'report.json')], /^mcp-conform: badge needs --out <path-prefix>/],
      [['--out', 'x'], /^mcp-conform: badge takes one JSON report, got 0/],
      [[join(dir, 'nope.json'), '--out', 'x'], /^mcp-conform: cannot read report .*nope\.json: no such file$/],
    ] as const) {
      const r = await runCli(['badge', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
