import { describe, expect, it } from 'vitest';
import { toJunit } from '../../src/report/index.js';
import { HOSTILE, cleanReport, matrixReport, sampleReport } from './sample.js';
import { XML_VALIDATOR, skipReason } from '../prerequisites.js';
import { hasXmllint, validateJunit, xpath } from './xmllint.js';


describe('toJunit (string shape)', () => {
  const xml = toJunit(sampleReport());

  it('never contains characters XML 1.0 forbids, and escapes markup', () => {
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(xml).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<img');
    expect(xml).toContain('\\u001b[2J');
  });

  it('names every suite, case and class as CI tools expect', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml).toContain(
      '<testsuite name="lifecycle" tests="3" failures="1" errors="0" skipped="0" time="0.031" timestamp="2026-01-02T03:04:05"',
    );
    expect(xml).toContain(
      '<testcase name="lifecycle/initialize-result initialize returns a well-formed result" classname="mcp-conform.lifecycle" time="0.014"/>',
    );
  });

  it('redacts credentials from HTTP evidence', () => {
    expect(toJunit(sampleReport(), { strict: true })).not.toContain('s3cr3t');
  });
});

describe.skipIf(!hasXmllint)(
  `toJunit (validated with xmllint against junit-10.xsd)${skipReason(XML_VALIDATOR)}`,
  () => {
    const xml = toJunit(sampleReport());

    it('validates for a single run, a matrix, strict mode and a clean run', () => {
      for (const [name, doc] of [
        ['single', xml],
        ['matrix', toJunit(matrixReport())],
        ['strict', toJunit(sampleReport(), { strict: true })],
        ['clean', toJunit(cleanReport())],
      ['empty', toJunit({ ...cleanReport(), checks: [], startedAt: 'not a date' })],
      ]) {
        const result = validateJunit(doc);
        expect(result.ok, `${name}: ${result.output}`).toBe(true);
      }
    });

    it('is a real check: the validator rejects a testcase without a name', () => {
      const broken = xml.replace(/<testcase name="[^"]*"/, '<testcase');
      expect(validateJunit(broken).ok).toBe(false);
    });

    it('has one suite per area with consistent counts', () => {
      expect(xpath(xml, 'count(/testsuites/testsuite)')).toBe('6');
      expect(xpath(xml, 'string(/testsuites/@tests)')).toBe('8');
      expect(xpath(xml, 'string(/testsuites/@failures)')).toBe('2');
      expect(xpath(xml, 'count(//testcase)')).toBe('8');
      expect(xpath(xml, 'count(//testcase/failure)')).toBe('2');
      expect(xpath(xml, 'count(//testcase/skipped)')).toBe('1');
      expect(xpath(xml, 'string(//testsuite[@name="resources"]/@skipped)')).toBe('1');
      expect(
        xpath(xml, 'string(//testsuite[@name="lifecycle"]/properties/property[@name="protocolVersion"]/@value)'),
      ).toBe('2025-11-25');
    });

    it('puts the message and the evidence as text in a failure, and the stderr tail in system-err', () => {
      const failure = '//testcase[starts-with(@name, "lifecycle/version-negotiation ")]/failure';
      expect(xpath(xml, `string(${failure}/@type)`)).toBe('MUST');
      expect(xpath(xml, `string(${failure}/@message)`)).toBe(
        'Server answered protocolVersion "1999-01-01", which is no MCP revision',
      );
      const body = xpath(xml, `string(${failure})`);
      expect(body).toContain('Expected: the requested revision');
      expect(body).toContain('Requirements: LIFE-3, LIFE-4');
      expect(body).toContain('+12 ms ← received\n    {\n      "jsonrpc": "2.0",');
      expect(xpath(xml, 'string(//testsuite[@name="lifecycle"]/system-err)')).toContain('server booting');
    });

    it('escapes hostile strings so the parser gives them back as text', () => {
      const message = xpath(xml, 'string(//testcase[starts-with(@name, "tools/list-schema ")]/failure/@message)');
      expect(message).toContain(HOSTILE.script);
      expect(message).toContain(HOSTILE.img);
      expect(message).toContain(HOSTILE.xml);
      expect(message).toContain('bell\\u0007 nul\\u0000');
      const name = xpath(xml, 'string(//testcase[contains(@name, "tools/list-schema")]/@name)');
      expect(name).toBe(`tools/list-schema tools/list result matches the schema ${HOSTILE.script}`);
    });

    it('reports skip as skipped, warn and info as passing cases with system-out', () => {
      expect(xpath(xml, 'string(//testcase[starts-with(@name, "resources/subscribe ")]/skipped/@message)')).toBe(
        'The server did not declare resources.subscribe',
      );
      const warn = '//testcase[starts-with(@name, "rpc/error-code ")]';
      expect(xpath(xml, `count(${warn}/failure)`)).toBe('0');
      expect(xpath(xml, `string(${warn}/system-out)`)).toMatch(/^Warning: SHOULD not met\nAnswered with code -32603/);
      expect(xpath(xml, 'string(//testcase[starts-with(@name, "logging/levels ")]/system-out)')).toMatch(
        /^Info \(not graded\)/,
      );
    });

    it('makes warnings failures in strict mode', () => {
      const strict = toJunit(sampleReport(), { strict: true });
      expect(xpath(strict, 'string(/testsuites/@failures)')).toBe('4');
      expect(xpath(strict, 'string(//testcase[starts-with(@name, "rpc/error-code ")]/failure/@type)')).toBe(
        'SHOULD (strict)',
      );
    });

    it('has one suite per revision × area in a matrix, each revision its own package', () => {
      const matrix = toJunit(matrixReport());
      expect(xpath(matrix, 'count(/testsuites/testsuite)')).toBe('12');
      expect(xpath(matrix, 'string(/testsuites/testsuite[1]/@name)')).toBe('2025-11-25 lifecycle');
      expect(xpath(matrix, 'string(/testsuites/testsuite[7]/@name)')).toBe('2025-06-18 lifecycle');
      expect(xpath(matrix, 'string(/testsuites/testsuite[7]/testcase[1]/@classname)')).toBe(
        'mcp-conform.2025-06-18.lifecycle',
      );
      expect(xpath(matrix, 'string(/testsuites/@tests)')).toBe('16');
      expect(xpath(matrix, 'string(/testsuites/@failures)')).toBe('2');
    });
  },
);
