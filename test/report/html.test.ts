import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { summarize, toHtml } from '../../src/report/index.js';
import { catalogSizedReport, HOSTILE, matrixReport, sampleReport } from './sample.js';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

describe('toHtml (markup)', () => {
  const html = toHtml(sampleReport());

  it('is one self-contained page: a single inline script and style, nothing loaded from elsewhere', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).not.toMatch(/<[a-z][^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link(?![^>]*href="data:)/);
    expect(html).not.toMatch(/@import|url\(/);
  });

  it('admits only its own script and style through a hash-based CSP', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(csp).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(csp).toContain(`style-src 'sha256-${sha256(style)}'`);
    expect(html).not.toMatch(/<[a-z][^>]*\sstyle=/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  });

  it('escapes every hostile string', () => {
    expect(html).not.toContain(HOSTILE.script);
    expect(html).not.toContain(HOSTILE.img);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned = 1; alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('s3cr3t');
    // Controls and bidi overrides are shown, not obeyed.
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e\u2066-\u2069]/);
    expect(html).toContain('safe\\u202eevil');
    expect(html).toContain('\\u001b[2J');
  });

  it('gives every check stable data attributes and every filter a stable id', () => {
    expect(html).toContain(
      'id="check-0-1" data-id="lifecycle/version-negotiation" data-status="fail" data-area="lifecycle" data-run="2025-11-25" data-level="MUST"',
    );
    for (const level of ['MUST', 'SHOULD', 'MAY']) {
      expect(html).toContain(`id="filter-level-${level}" data-filter="level" value="${level}" checked`);
    }
    expect(html).toContain('<label for="filter-text">');
    expect(html).toContain('<input type="search" id="filter-text"');
    for (const status of ['pass', 'fail', 'warn', 'skip', 'info']) {
      expect(html).toContain(`id="filter-status-${status}" data-filter="status" value="${status}" checked`);
    }
    expect(html).toContain('id="filter-area-0" data-filter="area" value="lifecycle" checked');
    expect(html).not.toContain('data-filter="run"');
    expect(html).toContain('<div class="count st-fail" data-count="fail"><b>2</b>failed</div>');
    expect(html).toContain('<div id="area-chart" class="chart-columns" role="img" aria-label="Checks by area.');
  });

  it('ships the filters hidden for the script to reveal, with a note for readers without JavaScript', () => {
    expect(html).toContain('<section class="filters" id="filters" aria-label="Filters" hidden>');
    expect(html).toMatch(/<noscript><p class="noscript">Filters need JavaScript; every check is listed below\./);
    expect(html).toContain('filters.hidden = false;');
  });

  it('shows each wire message with a machine-readable offset and its direction', () => {
    expect(html).toContain('<li class="wire sent"><time class="at" datetime="PT0.001S">+1 ms</time> <span class="dir">→ sent</span>');
    expect(html).toContain('<li class="wire received"><time class="at" datetime="PT0.012S">+12 ms</time> <span class="dir">← received</span>');
    expect(html).toContain('<span class="dir">→ POST http://127.0.0.1:8931/mcp</span>');
    expect(html).toContain('<span class="dir">← no response</span>');
  });

  it('puts expected and actual side by side under column headers', () => {
    expect(html).toContain('<thead><tr><th scope="col">Expected</th><th scope="col">Actual</th></tr></thead>');
    expect(html).toContain(
      '<td class="expected-value"><pre>error -32601, or an error with any code (warn)</pre></td><td class="actual"><pre>error -32603</pre></td>',
    );
  });

  it('describes the area chart in words for screen readers', () => {
    expect(html).toContain(
      'aria-label="Checks by area. lifecycle: 2 pass, 1 fail; tools: 1 fail; rpc: 1 warn; resources: 1 skip; logging: 1 info; hostile: 1 warn"',
    );
  });

  it('renders a matrix as one section per revision with a revision filter', () => {
    const matrix = toHtml(matrixReport());
    expect(matrix).toContain('<section class="run" data-run="2025-11-25">');
    expect(matrix).toContain('<section class="run" data-run="2025-06-18">');
    expect(matrix).toContain('id="filter-run-1" data-filter="run" value="2025-06-18" checked');
    expect(matrix.match(/<details class="check"/g)).toHaveLength(16);
    expect(matrix).toContain(
      '<tr data-run="2025-06-18"><th scope="row">2025-06-18</th><td>8</td><td>4</td><td>0</td><td>2</td><td>1</td><td>1</td></tr>',
    );
    // Both runs keep their own DOM ids and run attribute.
    expect(matrix).toContain('id="check-1-1" data-id="lifecycle/version-negotiation" data-status="pass"');
  });

  it('lists failures first: areas by their worst check, and in each area failures, warnings, info, passes, skips', () => {
    const page = toHtml(catalogSizedReport());
    const order = [...page.matchAll(/<details class="check"[^>]* data-id="([^"]+)" data-status="([a-z]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(order.slice(0, 7)).toEqual([
      'area21/check-4 fail',
      'area21/check-1 pass',
      'area21/check-2 pass',
      'area21/check-3 pass',
      'area21/check-5 pass',
      'area13/check-2 warn',
      'area13/check-1 pass',
    ]);
    expect(order.at(-1)).toBe('area24/check-5 pass');
    // DOM ids still follow the run's order.
    expect(page).toContain('id="check-0-103" data-id="area21/check-4"');
    const sample = [...html.matchAll(/data-id="([^"]+)" data-status="([a-z]+)"/g)].map((m) => m[2]);
    expect(sample.indexOf('fail')).toBe(0);
  });

  it('draws a catalog-sized area chart in columns of at most 8 rows, not one tall one', () => {
    const page = toHtml(catalogSizedReport());
    expect(page.match(/<svg aria-hidden="true" width="\d+" height="176"/g)).toHaveLength(3);
  });

  it('renders a run with no checks (everything filtered out by --only) without a chart', () => {
    const empty = toHtml({ ...sampleReport(), checks: [], summary: summarize([]) });
    expect(empty).toContain('<div class="count" data-count="total"><b>0</b>checks</div>');
    expect(empty).not.toContain('<svg');
    expect(empty).not.toContain('<details class="check"');
  });
});
