// The report page's inline stylesheet and script. Both are allowed by CSP hash only,
// so nothing injected into the page could style or script it.

// Every text colour meets WCAG AA (4.5:1) on both backgrounds of its scheme; the browser test
// measures it. Print always uses the light palette and shows every check's details.
export const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#5d6678;--line:#d0d5dd;--card:#f8f9fb;
--pass:#1a7f37;--fail:#cf222e;--warn:#9a5200;--skip:#57606a;--info:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0f1117;--fg:#e6e8ee;--muted:#9aa4b2;--line:#3a404c;--card:#171a22;
--pass:#3fb950;--fail:#f85149;--warn:#d29922;--skip:#8b949e;--info:#58a6ff}}
*{box-sizing:border-box}
body{margin:0;padding:24px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--info)}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:16px 0 6px;color:var(--muted)}
h4{font-size:13px;margin:12px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
h4 small{text-transform:none;letter-spacing:0;font-weight:400}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{margin:4px 0;padding:8px;background:var(--bg);border:1px solid var(--line);border-radius:6px;white-space:pre-wrap;word-break:break-word;max-height:420px;overflow:auto}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 16px;color:var(--muted)}
.meta dd{margin:0;color:var(--fg);word-break:break-all}
.summary{margin-bottom:16px}
.counts{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:16px}
.count{min-width:84px;padding:8px 12px;border:1px solid var(--line);border-radius:8px;background:var(--card)}
.count b{display:block;font-size:22px}
.count.st-pass b{color:var(--pass)}.count.st-fail b{color:var(--fail)}.count.st-warn b{color:var(--warn)}
.count.st-skip b{color:var(--skip)}.count.st-info b{color:var(--info)}
figure.chart{margin:0 0 12px}figure.chart figcaption{color:var(--muted);font-size:12px;margin-bottom:4px}
.chart-columns{display:flex;flex-wrap:wrap;gap:0 24px}
#area-chart text{fill:var(--fg);font-size:12px}
.seg-pass{fill:var(--pass)}.seg-fail{fill:var(--fail)}.seg-warn{fill:var(--warn)}.seg-skip{fill:var(--skip)}.seg-info{fill:var(--info)}
.legend{display:flex;gap:12px;list-style:none;padding:0;margin:4px 0 0;font-size:12px}
.swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:4px;vertical-align:-1px}
.sw-pass{background:var(--pass)}.sw-fail{background:var(--fail)}.sw-warn{background:var(--warn)}.sw-skip{background:var(--skip)}.sw-info{background:var(--info)}
table.runs{border-collapse:collapse;font-size:13px}
table.runs th,table.runs td{padding:2px 10px 2px 0;text-align:right}table.runs th:first-child,table.runs td:first-child{text-align:left}
table.runs thead th{color:var(--muted);font-weight:600}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin-bottom:12px}
.filters[hidden]{display:none}
fieldset{border:1px solid var(--line);border-radius:8px;padding:6px 10px;margin:0}
legend{color:var(--muted);font-size:12px}
fieldset label{margin-right:10px;white-space:nowrap;cursor:pointer}
.search label{display:block;color:var(--muted);font-size:12px}
input[type=search]{font:inherit;min-width:240px;padding:3px 6px;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg)}
button{font:inherit;padding:4px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
#visible-count{color:var(--muted);margin:4px 0 8px}
.noscript{color:var(--muted)}
.check{border:1px solid var(--line);border-radius:8px;margin:4px 0;background:var(--card)}
.check[hidden],.area[hidden],.run[hidden]{display:none}
.check>summary{padding:6px 10px;cursor:pointer;list-style-position:inside}
.check[data-status=fail]{border-left:4px solid var(--fail)}.check[data-status=warn]{border-left:4px solid var(--warn)}
.badge{display:inline-block;min-width:56px;font-weight:600}
.st-pass{color:var(--pass)}.st-fail{color:var(--fail)}.st-warn{color:var(--warn)}.st-skip{color:var(--skip)}.st-info{color:var(--info)}
.reason{display:block;margin-left:60px;color:var(--muted);font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.same-cause{display:block;margin-left:60px;font-size:13px;font-style:italic}
.detail{padding:4px 14px 12px;border-top:1px solid var(--line)}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}
.facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-all}
.message{white-space:pre-wrap}
table.expected{border-collapse:collapse;width:100%;table-layout:fixed;margin:8px 0}
table.expected th{text-align:left;color:var(--muted);font-weight:600;padding:0 4px 0 0}
table.expected td{vertical-align:top;padding:2px 4px 2px 0}
.check[data-status=fail] td.actual pre{border-left:4px solid var(--fail)}
.check[data-status=warn] td.actual pre{border-left:4px solid var(--warn)}
.transcript{list-style:none;padding:0;margin:0}
.wire{margin:6px 0}.wire .at{color:var(--muted);font-family:ui-monospace,monospace;font-size:12px}
.wire.sent .dir{color:var(--info);font-weight:600}.wire.received .dir{color:var(--pass);font-weight:600}
.notes,.schema{margin:4px 0;padding-left:20px}
footer{margin-top:24px;color:var(--muted);font-size:12px}
@media print{
:root{--bg:#fff;--fg:#000;--muted:#444;--line:#bbb;--card:#fff;--pass:#116329;--fail:#a40e26;--warn:#7d4400;--skip:#444;--info:#0550ae}
body{padding:0;font-size:11px}
.filters,.noscript{display:none}
details.check::details-content,details.stderr-tail::details-content{content-visibility:visible;display:block}
.check>summary{list-style:none}
.check,.wire,table.expected tr{break-inside:avoid}
pre{max-height:none;overflow:visible}
.reason{white-space:normal}
a{color:inherit}
}
`;

export const SCRIPT = `
(function () {
  var filters = document.getElementById('filters');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input[data-filter]'));
  var search = document.getElementById('filter-text');
  var checks = Array.prototype.slice.call(document.querySelectorAll('details.check'));
  // Text search looks at everything a check shows: id, title, message, requirements, evidence.
  var texts = checks.map(function (c) { return c.textContent.toLowerCase(); });
  var kinds = [];
  boxes.forEach(function (b) {
    var k = b.getAttribute('data-filter');
    if (kinds.indexOf(k) < 0) kinds.push(k);
  });
  function chosen(kind) {
    var set = {};
    boxes.forEach(function (b) { if (b.getAttribute('data-filter') === kind && b.checked) set[b.value] = true; });
    return set;
  }
  function apply() {
    var sets = kinds.map(function (k) { return { attr: 'data-' + k, values: chosen(k) }; });
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    checks.forEach(function (c, i) {
      var ok = sets.every(function (s) { return s.values[c.getAttribute(s.attr)]; }) &&
        words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      c.hidden = !ok;
      if (ok) shown++;
    });
    document.querySelectorAll('section.area, section.run').forEach(function (s) {
      s.hidden = !s.querySelector('details.check:not([hidden])');
    });
    document.getElementById('visible-count').textContent = 'Showing ' + shown + ' of ' + checks.length + ' checks';
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  search.addEventListener('input', apply);
  function preset(statuses) {
    boxes.forEach(function (b) { if (b.getAttribute('data-filter') === 'status') b.checked = statuses.indexOf(b.value) >= 0; });
    apply();
  }
  document.getElementById('show-problems').addEventListener('click', function () { preset(['fail', 'warn']); });
  document.getElementById('show-all').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = true; });
    search.value = '';
    apply();
  });
  document.getElementById('expand-all').addEventListener('click', function () {
    checks.forEach(function (c) { if (!c.hidden) c.open = true; });
  });
  document.getElementById('collapse-all').addEventListener('click', function () {
    checks.forEach(function (c) { c.open = false; });
  });
  // Printing shows every shown check opened, then restores what the reader had open.
  var openBeforePrint = null;
  window.addEventListener('beforeprint', function () {
    openBeforePrint = checks.map(function (c) { return c.open; });
    checks.forEach(function (c) { c.open = true; });
  });
  window.addEventListener('afterprint', function () {
    if (openBeforePrint) checks.forEach(function (c, i) { c.open = openBeforePrint[i]; });
    openBeforePrint = null;
  });
  // Without JavaScript the filters could not work, so they stay hidden and every check is listed.
  filters.hidden = false;
  apply();
})();
`;
