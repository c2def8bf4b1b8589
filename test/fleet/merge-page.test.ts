// The merged report of a fleet: its JSON keeps the contract's matrix shape, its JUnit validates,
// and its page stays small for 200 servers × 250 checks and works in headless Chromium (cells
// coloured by verdict, a click opens the evidence, filters, nothing injected runs, nothing loads).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { matrixData, mergeReports, toFleetHtml, toFleetJson, type FleetReport } from '../../src/fleet/index.js';
import { toJunit } from '../../src/report/index.js';
import { BROWSER, CHROMIUM, skipReason } from '../prerequisites.js';
import { hasXmllint, validateJunit } from '../report/xmllint.js';
import { HOSTILE } from '../report/sample.js';
import { syntheticFleet } from './synthetic.js';

const TOOL = { name: 'mcp-conform' as const, version: '0.1.0' };
const loaded = (reports: Report[]) => reports.map((report, i) => ({ file: `r${i}.json`, report }));

/** Three servers, one of them with hostile strings everywhere a server can put text. */
function smallFleet(): FleetReport {
  const reports = syntheticFleet(3, 12, 7);
  reports[1].target.name = HOSTILE.script;
  reports[1].checks[0] = { ...reports[1].checks[0], status: 'fail', title: HOSTILE.img, message: `${HOSTILE.script} ${HOSTILE.bidi}`, evidence: [{ type: 'note', text: HOSTILE.img }] };
  return mergeReports(loaded(reports), TOOL);
}

describe('mergeReports', () => {
  it('keeps the matrix shape of the contract: totals at the top, every server run under runs, each target named', () => {
    const merged = mergeReports(loaded(syntheticFleet(4, 20)), TOOL);
    const json = JSON.parse(toFleetJson(merged));
    expect(Object.keys(json).slice(0, 9)).toEqual(['tool', 'target', 'protocolVersion', 'seed', 'startedAt', 'durationMs', 'summary', 'checks', 'runs']);
    expect(json.runs.map((r: { target: { name: string } }) => r.target.name)).toEqual(['server-001', 'server-002', 'server-003', 'server-004']);
    expect(json.summary.total).toBe(80);
    expect(json.summary.fail).toBe(json.runs.reduce((n: number, r: { summary: { fail: number } }) => n + r.summary.fail, 0));
    expect(json.fleet.servers).toHaveLength(4);
    expect(json.fleet.sources).toEqual(['r0.json', 'r1.json', 'r2.json', 'r3.json']);
  });

  it('refuses a server run at one revision found in two reports', () => {
    const [a] = syntheticFleet(1, 5);
    expect(() => mergeReports([{ file: 'x.json', report: a }, { file: 'y.json', report: a }], TOOL)).toThrow('x.json and y.json both hold server-001 at 2025-11-25: merge one of them');
  });

  it.skipIf(!hasXmllint)('writes JUnit with suites per server, revision and area that validates against the schema', () => {
    const xml = toJunit(smallFleet(), { byServer: true });
    expect(validateJunit(xml)).toEqual({ ok: true, output: expect.any(String) });
    expect(xml).toContain('name="server-001 2025-11-25 area00"');
    expect(xml).toContain('classname="mcp-conform.server-001.2025-11-25.area00"');
  });
});

describe('the fleet page, 200 servers × 250 checks', () => {
  const merged = mergeReports(loaded(syntheticFleet(200, 250)), TOOL);
  const html = toFleetHtml(merged);

  it('is one self-contained page of a sane size, its data escaped', () => {
    // 50,000 verdicts, ~11,000 of them with a message and evidence.
    expect(Buffer.byteLength(html)).toBeLessThan(6 * 1024 * 1024);
    expect(html.match(/<script/g)).toHaveLength(2);
    const data = /<script type="application\/json" id="fleet-data">(.*)<\/script>/.exec(html)![1];
    expect(data).not.toContain('<');
    const parsed = JSON.parse(data) as ReturnType<typeof matrixData>;
    expect(parsed.cells).toHaveLength(250);
    expect(parsed.cells.every((row) => row.length === 200)).toBe(true);
    expect(parsed.runs).toHaveLength(200);
  });
});

describe.skipIf(!BROWSER.present)(`the fleet page in headless Chromium${skipReason(BROWSER)}`, () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-fleet-page-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(report: FleetReport, name: string) {
    const file = join(dir, `${name}.html`);
    writeFileSync(file, toFleetHtml(report), 'utf8');
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const seen = { requests: [] as string[], errors: [] as string[], dialogs: [] as string[] };
    page.on('request', (r) => seen.requests.push(r.url()));
    page.on('pageerror', (e) => seen.errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
    page.on('dialog', (d) => {
      seen.dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(pathToFileURL(file).href);
    return { page, seen, close: () => context.close() };
  }
  const count = (page: Page, selector: string) => page.$$eval(selector, (els) => els.length);

  it("draws 50,000 cells, filters rows and servers, and a click opens a cell's evidence", async () => {
    const merged = mergeReports(loaded(syntheticFleet(200, 250)), TOOL);
    const { page, seen, close } = await open(merged, 'big');
    expect(await count(page, '#matrix td.c')).toBe(50_000);
    expect(await page.textContent('#visible-count')).toBe('Showing 250 of 250 checks × 200 of 200 server runs');
    // The DOM the page builds, and what one full redraw costs (reported, not asserted).
    const nodes = await page.evaluate(() => (globalThis as unknown as { document: { getElementsByTagName(t: string): { length: number } } }).document.getElementsByTagName('*').length);
    const t0 = Date.now();
    await page.fill('#filter-server', 'server-1');
    const redrawMs = Date.now() - t0;
    console.log(`fleet page: ${Buffer.byteLength(toFleetHtml(merged))} bytes, ${nodes} elements, a redraw after a filter ${redrawMs} ms`);
    expect(await page.textContent('#visible-count')).toMatch(/× 100 of 200 server runs$/);
    await page.fill('#filter-server', '');

    await page.click('#show-problems');
    const problemRows = await count(page, '#matrix tbody tr');
    expect(problemRows).toBe(merged.runs![0].checks.filter((_, i) => merged.runs!.some((r) => r.checks[i].status === 'fail' || r.checks[i].status === 'warn')).length);

    // The first failing cell of server-001: its message and evidence in the panel.
    const run = merged.runs![0];
    const failing = run.checks.find((c) => c.status === 'fail')!;
    await page.click('#show-all');
    await page.fill('#filter-check', failing.id);
    await page.click('#matrix tbody tr:first-child td.c.f');
    expect(await page.isVisible('#cell-detail')).toBe(true);
    const panel = await page.textContent('#cell-body');
    expect(panel).toContain(failing.id);
    expect(panel).toContain(failing.message!);
    expect(panel).toContain('Expected: a result');
    expect(panel).toContain('→ {"jsonrpc":"2.0"');
    expect(await page.getAttribute('#cell-body a', 'href')).toBe(failing.spec);

    await page.click('#show-all');
    await page.check('#failing-servers');
    const failingServers = merged.runs!.filter((r) => r.summary.fail > 0).length;
    expect(await page.textContent('#visible-count')).toMatch(new RegExp(`× ${failingServers} of 200 server runs$`));
    expect(seen.errors).toEqual([]);
    expect(seen.requests).toHaveLength(1);
    await close();
  }, 120_000);

  it('shows hostile text as text: nothing injected runs', async () => {
    const { page, seen, close } = await open(smallFleet(), 'hostile');
    expect(await page.textContent('#matrix thead')).toContain(HOSTILE.script);
    await page.click('#matrix tbody tr:first-child td.c.f');
    expect(await page.textContent('#cell-body')).toContain(HOSTILE.img);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await count(page, 'img')).toBe(0);
    expect(seen.dialogs).toEqual([]);
    expect(seen.errors).toEqual([]);
    await close();
  });
});
