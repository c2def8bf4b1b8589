import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toHtml } from '../../src/report/index.js';
import { HOSTILE, matrixReport, sampleReport } from './sample.js';

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
      'id="check-0-1" data-id="lifecycle/version-negotiation" data-status="fail" data-area="lifecycle" data-run="2025-11-25"',
    );
    for (const status of ['pass', 'fail', 'warn', 'skip', 'info']) {
      expect(html).toContain(`id="filter-status-${status}" data-filter="status" value="${status}" checked`);
    }
    expect(html).toContain('id="filter-area-0" data-filter="area" value="lifecycle" checked');
    expect(html).not.toContain('data-filter="run"');
    expect(html).toContain('<div class="count st-fail" data-count="fail"><b>2</b>failed</div>');
    expect(html).toContain('<svg id="area-chart"');
  });

  it('renders a matrix as one section per revision with a revision filter', () => {
    const matrix = toHtml(matrixReport());
    expect(matrix).toContain('<section class="run" data-run="2025-11-25">');
    expect(matrix).toContain('<section class="run" data-run="2025-06-18">');
    expect(matrix).toContain('id="filter-run-1" data-filter="run" value="2025-06-18" checked');
    expect(matrix.match(/<details class="check"/g)).toHaveLength(16);
  });
});
