// Opens the HTML report in headless Chromium (Debian package `chromium`) through playwright-core.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/checks/types.js';
import { toHtml } from '../../src/report/index.js';
import { BROWSER, CHROMIUM, skipReason } from '../prerequisites.js';
import { catalogSizedReport, HOSTILE, matrixReport, sampleReport } from './sample.js';

const hasChromium = BROWSER.present;

// Artifacts CI keeps (reports/ is git-ignored): the page in light and dark, and printed.
const ARTIFACTS = fileURLToPath(new URL('../../reports/', import.meta.url));
const SCREENSHOT = join(ARTIFACTS, 'html-report.png');
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
  close(): Promise<void>;
}

interface LowContrast {
  text: string;
  ratio: number;
  color: string;
  background: string;
}

// Runs in the page (a string, since tsconfig has no DOM lib): every rendered text's WCAG contrast
// ratio against the first opaque background behind it, returning those under AA's 4.5:1.
const LOW_CONTRAST = `(() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const low = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (el.getClientRects().length === 0 || el.closest('.sr-only, title')) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible') continue;
    const fg = parse(el instanceof SVGElement ? style.fill : style.color);
    const bg = behind(el);
    const r = ratio(fg, bg);
    if (r < 4.5) low.push({ text: el.textContent.slice(0, 40), ratio: Math.round(r * 100) / 100, color: style.color, background: JSON.stringify(bg) });
  }
  return low;
})()`;

describe.skipIf(!hasChromium)(`toHtml in headless Chromium${skipReason(BROWSER)}`, () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-conform-html-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 20_000 });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(report: Report, name: string, options: BrowserContextOptions = {}): Promise<Opened> {
    const file = join(dir, `${name}.html`);
    writeFileSync(file, toHtml(report), 'utf8');
    // A context per page: JavaScript and the colour scheme are context options.
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    const opened: Opened = { page, requests: [], dialogs: [], errors: [], close: () => context.close() };
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
  const openEveryDetails = (page: Page) =>
    page.$$eval('details', (els) => els.forEach((e) => ((e as unknown as { open: boolean }).open = true)));

  it('filters by status, level, area and text, expands a check to its evidence, runs no injected script, loads nothing', async () => {
    const { page, requests, dialogs, errors, close } = await open(sampleReport(), 'single');
    const checks = sampleReport().checks;
    const all = checks.map((c) => c.id);
    expect(await page.isVisible('#filters')).toBe(true);
    expect(await page.textContent('#visible-count')).toBe(`Showing ${all.length} of ${all.length} checks`);
    expect(await visibleIds(page)).toHaveLength(all.length);

    // Hide passing checks.
    await page.click('#filter-status-pass');
    const nonPass = checks.filter((c) => c.status !== 'pass').map((c) => c.id);
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

    // Level filter on top: drop MUST; only the two SHOULD warnings stay.
    await page.click('#filter-level-MUST');
    expect((await visibleIds(page)).sort()).toEqual(['hostile/spec-url', 'rpc/error-code']);
    await page.click('#show-all');
    expect(await visibleIds(page)).toHaveLength(all.length);

    // Text search: every word must occur somewhere in the check, evidence included.
    await page.fill('#filter-text', '-32601');
    expect(await visibleIds(page)).toEqual(['rpc/error-code']);
    // "ping" occurs in lifecycle/ping's id and in the version-negotiation transcript.
    await page.fill('#filter-text', 'LIFECYCLE  ping');
    expect((await visibleIds(page)).sort()).toEqual(['lifecycle/ping', 'lifecycle/version-negotiation']);
    await page.fill('#filter-text', 'no such text anywhere');
    expect(await visibleIds(page)).toEqual([]);
    expect(await page.textContent('#visible-count')).toBe(`Showing 0 of ${all.length} checks`);
    await page.click('#show-all');
    expect(await page.inputValue('#filter-text')).toBe('');
    expect(await visibleIds(page)).toHaveLength(all.length);

    // Expand a failure: its facts, Expected/Actual and transcript become visible.
    const failing = 'details.check[data-id="lifecycle/version-negotiation"]';
    expect(await page.isVisible(`${failing} .transcript`)).toBe(false);
    await page.click(`${failing} > summary`);
    expect(await page.isVisible(`${failing} .transcript`)).toBe(true);
    expect(await page.textContent(`${failing} .level`)).toBe('MUST');
    expect(await page.textContent(`${failing} .reqs`)).toBe('LIFE-3 LIFE-4');
    expect(await page.getAttribute(`${failing} a.spec`, 'href')).toContain('#version-negotiation');
    const comparison = await page.$$eval(`${failing} table.expected th, ${failing} table.expected td`, (els) =>
      els.map((e) => e.textContent),
    );
    expect(comparison).toEqual([
      'Expected',
      'Actual',
      'the requested revision, or another revision the server supports',
      'protocolVersion "1999-01-01"',
    ]);
    const wire = await page.$$eval(`${failing} .transcript li`, (els) =>
      els.map((li) => ({
        cls: li.className,
        at: li.querySelector('time.at')?.textContent,
        datetime: li.querySelector('time.at')?.getAttribute('datetime'),
        dir: li.querySelector('.dir')?.textContent,
        body: li.querySelector('pre')?.textContent,
      })),
    );
    expect(wire).toHaveLength(5);
    expect(wire[0]).toMatchObject({ cls: 'wire sent', at: '+1 ms', datetime: 'PT0.001S', dir: '→ sent' });
    expect(wire[1]).toMatchObject({ cls: 'wire received', at: '+12 ms', datetime: 'PT0.012S', dir: '← received' });
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

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe('PNG');
    await close();
  });

  it('shows every run of a matrix with per-revision counts, and filters by revision and text', async () => {
    const { page, errors, close } = await open(matrixReport(), 'matrix');
    expect(await visibleIds(page)).toHaveLength(16);
    expect(await page.isVisible('section.run[data-run="2025-06-18"] h2')).toBe(true);
    const perRevision = await page.$$eval('table.runs tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    );
    // Columns: revision, checks, pass, fail, warn, skip, info.
    expect(perRevision).toEqual([
      ['2025-11-25', '8', '2', '2', '2', '1', '1'],
      ['2025-06-18', '8', '4', '0', '2', '1', '1'],
    ]);
    await page.click('#filter-run-0');
    const runs = await page.$$eval('details.check', (els) =>
      els.filter((e) => (e as unknown as Shown).offsetParent !== null).map((e) => e.getAttribute('data-run')),
    );
    expect(runs).toHaveLength(8);
    expect(new Set(runs)).toEqual(new Set(['2025-06-18']));
    expect(await page.isVisible('section.run[data-run="2025-11-25"]')).toBe(false);
    await page.click('#show-all');
    // Only the newer run failed version negotiation, with this message.
    await page.fill('#filter-text', 'which is no MCP revision');
    expect(await page.$$eval('details.check:not([hidden])', (els) => els.map((e) => e.id))).toEqual(['check-0-1']);
    expect(errors).toEqual([]);
    await close();
  });

  it('reads without JavaScript: every check listed, no dead filter controls, details open natively', async () => {
    const { page, requests, close } = await open(sampleReport(), 'no-js', { javaScriptEnabled: false });
    expect(await page.isVisible('#filters')).toBe(false);
    expect(await page.textContent('noscript')).toContain('Filters need JavaScript');
    expect(await visibleIds(page)).toHaveLength(sampleReport().checks.length);
    expect(await page.textContent('.count[data-count="fail"] b')).toBe('2');
    expect(await page.isVisible('#area-chart')).toBe(true);
    const failing = 'details.check[data-id="lifecycle/version-negotiation"]';
    await page.click(`${failing} > summary`);
    expect(await page.isVisible(`${failing} table.expected`)).toBe(true);
    expect(await page.textContent(`${failing} .transcript li time`)).toBe('+1 ms');
    expect(requests).toHaveLength(1);
    await close();
  });

  it('is accessible: labelled controls, ordered headings, a described chart, AA contrast in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, close } = await open(matrixReport(), `a11y-${colorScheme}`, { colorScheme });
      const unlabelled = await page.$$eval('input, button', (els) =>
        els
          .filter((e) => {
            const control = e as unknown as { labels: ArrayLike<unknown> | null; textContent: string | null };
            return (control.labels?.length ?? 0) === 0 && !control.textContent?.trim();
          })
          .map((e) => e.id),
      );
      expect(unlabelled).toEqual([]);
      expect(await page.getAttribute('#filter-text', 'type')).toBe('search');
      const levels = await page.$$eval('h1, h2, h3, h4, h5, h6', (hs) => hs.map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeLessThanOrEqual(levels[i - 1] + 1);
      expect(await page.getAttribute('#area-chart', 'aria-label')).toContain('lifecycle: 5 pass, 1 fail; tools: 1 pass, 1 fail');
      expect(await page.getAttribute('#visible-count', 'aria-live')).toBe('polite');
      await openEveryDetails(page);
      expect(await page.evaluate<LowContrast[]>(LOW_CONTRAST)).toEqual([]);
      if (colorScheme === 'dark') await page.screenshot({ path: join(ARTIFACTS, 'html-report-dark.png') });
      await close();
    }
  });

  it('opens on the failures, with no blank area under the summary cards, on a wide and a laptop screen', async () => {
    for (const [width, height] of [[1920, 1080], [1200, 900]] as const) {
      const { page, close } = await open(catalogSizedReport(), `summary-${width}`, { viewport: { width, height } });
      const box = (selector: string) => page.$eval(selector, (e) => {
        const r = (e as unknown as { getBoundingClientRect(): { top: number; bottom: number; left: number } }).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left };
      });
      const counts = await box('.counts');
      const chart = await box('figure.chart');
      // The chart sits under the cards, not beside them with an empty band under the cards.
      expect(chart.top).toBeGreaterThanOrEqual(counts.bottom);
      expect(chart.top - counts.bottom).toBeLessThan(40);
      expect(chart.bottom - chart.top).toBeLessThan(width > 1500 ? 260 : 450);
      // The first check listed is the failure, and on the wide screen it is in view without scrolling.
      const first = await page.$eval('details.check', (e) => [e.getAttribute('data-id'), e.getAttribute('data-status')]);
      expect(first).toEqual(['area21/check-4', 'fail']);
      if (width > 1500) expect((await box('details.check')).top).toBeLessThan(height);
      await page.screenshot({ path: join(ARTIFACTS, `html-report-summary-${width}.png`) });
      await close();
    }
  });

  it('prints every shown check opened, without the filter controls, in a print palette', async () => {
    const { page, close } = await open(sampleReport(), 'print');
    const collapsed = 'details.check[data-id="rpc/error-code"]';
    expect(await page.isVisible(`${collapsed} .transcript`)).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('#filters')).toBe(false);
    expect(await page.isVisible(`${collapsed} .transcript`)).toBe(true);
    expect(await page.isVisible('details.check[data-id="lifecycle/version-negotiation"] table.expected')).toBe(true);
    // Long payloads are printed whole, not cut off by a scroll box.
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('pre')).maxHeight")).toBe('none');
    expect(await page.evaluate<LowContrast[]>(LOW_CONTRAST)).toEqual([]);
    const pdf = await page.pdf({ path: join(ARTIFACTS, 'html-report.pdf'), format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  });
});
