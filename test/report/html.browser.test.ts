// Opens the HTML report in headless Chromium (Debian package `chromium`) through playwright-core.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { toHtml } from '../../src/report/index.js';
import { HOSTILE, matrixReport, sampleReport } from './sample.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const skipReason = `${CHROMIUM} not found: apt-get install -y chromium (CI installs it)`;
if (!hasChromium) console.warn(`[html.browser.test] skipping browser tests: ${skipReason}`);

const SCREENSHOT = fileURLToPath(new URL('../../reports/html-report.png', import.meta.url));
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** An element's `offsetParent` is null when it, or an ancestor, is not displayed. */
interface Shown {
  offsetParent: unknown;
}

interface Opened {
  page: Page;
  requests: string[];
  dialogs: string[];
  errors: string[];
}

describe.skipIf(!hasChromium)(`toHtml in headless Chromium${hasChromium ? '' : ` — skipped: ${skipReason}`}`, () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-html-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 20_000 });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(report: Report, name: string): Promise<Opened> {
    const file = join(dir, `${name}.html`);
    writeFileSync(file, toHtml(report), 'utf8');
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(5_000);
    const opened: Opened = { page, requests: [], dialogs: [], errors: [] };
    page.on('request', (r) => opened.requests.push(r.url()));
    page.on('dialog', (d) => {
      opened.dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => opened.errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') opened.errors.push(m.text());
    });
    await page.goto(pathToFileURL(file).href);
    return opened;
  }

  // Callbacks below run in the page; tsconfig has no DOM lib, so they use structural types.
  const visibleIds = (page: Page) =>
    page.$$eval('details.check', (els) =>
      els.filter((e) => (e as unknown as Shown).offsetParent !== null).map((e) => e.getAttribute('data-id')),
    );

  it('filters by status and area, expands a check to its transcript, runs no injected script, loads nothing', async () => {
    const { page, requests, dialogs, errors } = await open(sampleReport(), 'single');
    const all = sampleReport().checks.map((c) => c.id);
    expect(await page.textContent('#visible-count')).toBe(`Showing ${all.length} of ${all.length} checks`);
    expect(await visibleIds(page)).toHaveLength(all.length);

    // Hide passing checks.
    await page.click('#filter-status-pass');
    const nonPass = sampleReport()
      .checks.filter((c) => c.status !== 'pass')
      .map((c) => c.id);
    expect((await visibleIds(page)).sort()).toEqual([...nonPass].sort());
    expect(await page.textContent('#visible-count')).toBe(`Showing ${nonPass.length} of ${all.length} checks`);

    // Preset: failures and warnings only.
    await page.click('#show-problems');
    expect((await visibleIds(page)).sort()).toEqual(
      ['hostile/spec-url', 'lifecycle/version-negotiation', 'rpc/error-code', 'tools/list-schema'].sort(),
    );

    // Area filter on top: drop lifecycle; its now-empty section disappears too.
    await page.click('#filter-area-0');
    expect((await visibleIds(page)).sort()).toEqual(['hostile/spec-url', 'rpc/error-code', 'tools/list-schema']);
    expect(await page.isVisible('section.area[data-area="lifecycle"]')).toBe(false);
    await page.click('#show-all');
    expect(await visibleIds(page)).toHaveLength(all.length);

    // Expand a failure: its facts, Expected/Actual and transcript become visible.
    const failing = 'details.check[data-id="lifecycle/version-negotiation"]';
    expect(await page.isVisible(`${failing} .transcript`)).toBe(false);
    await page.click(`${failing} > summary`);
    expect(await page.isVisible(`${failing} .transcript`)).toBe(true);
    expect(await page.textContent(`${failing} .level`)).toBe('MUST');
    expect(await page.textContent(`${failing} .reqs`)).toBe('LIFE-3 LIFE-4');
    expect(await page.getAttribute(`${failing} a.spec`, 'href')).toContain('#version-negotiation');
    expect(await page.textContent(`${failing} table.expected`)).toContain('protocolVersion "1999-01-01"');
    const wire = await page.$$eval(`${failing} .transcript li`, (els) =>
      els.map((li) => ({
        cls: li.className,
        at: li.querySelector('.at')?.textContent,
        dir: li.querySelector('.dir')?.textContent,
        body: li.querySelector('pre')?.textContent,
      })),
    );
    expect(wire).toHaveLength(5);
    expect(wire[0]).toMatchObject({ cls: 'wire sent', at: '+1 ms', dir: '→ sent' });
    expect(wire[1]).toMatchObject({ cls: 'wire received', at: '+12 ms', dir: '← received' });
    expect(wire[0].body).toContain('{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "initialize"');
    // A raw line that is JSON is pretty-printed too.
    expect(wire[4].body).toBe('{\n  "jsonrpc": "2.0",\n  "id": 2,\n  "result": {}\n}');

    // The hostile check: strings show as text, nothing ran.
    const hostile = 'details.check[data-id="tools/list-schema"]';
    await page.click(`${hostile} > summary`);
    expect(await page.textContent(`${hostile} .title`)).toContain(HOSTILE.script);
    expect(await page.textContent(`${hostile} .message`)).toContain(HOSTILE.img);
    expect(await page.textContent(`${hostile} .transcript`)).toContain(`"name": "${HOSTILE.script}"`);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$$('img')).toHaveLength(0);
    expect(await page.$$('script')).toHaveLength(1);
    expect(await page.$('details.check[data-id="hostile/spec-url"] a.spec')).toBeNull();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    // The only request is the file itself: no network, no external fonts.
    expect(requests).toHaveLength(1);
    expect(requests[0].startsWith('file://')).toBe(true);

    // The HTTP exchange: redacted credentials, both directions.
    const http = 'details.check[data-id="rpc/error-code"]';
    await page.click(`${http} > summary`);
    const httpText = await page.textContent(`${http} .transcript`);
    expect(httpText).toContain('→ POST http://127.0.0.1:8931/mcp');
    expect(httpText).toContain('← HTTP 200');
    expect(httpText).toContain('authorization: Bearer [redacted]');
    expect(httpText).not.toContain('s3cr3t');

    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
    await page.close();
  });

  it('shows every run of a matrix and filters by revision', async () => {
    const { page, errors } = await open(matrixReport(), 'matrix');
    expect(await visibleIds(page)).toHaveLength(16);
    expect(await page.isVisible('section.run[data-run="2025-06-18"] h2')).toBe(true);
    await page.click('#filter-run-0');
    const runs = await page.$$eval('details.check', (els) =>
      els.filter((e) => (e as unknown as Shown).offsetParent !== null).map((e) => e.getAttribute('data-run')),
    );
    expect(runs).toHaveLength(8);
    expect(new Set(runs)).toEqual(new Set(['2025-06-18']));
    expect(await page.isVisible('section.run[data-run="2025-11-25"]')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
