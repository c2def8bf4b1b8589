// The report page's inline stylesheet and script. Both are allowed by CSP hash only,
// so nothing injected into the page could style or script it.

export const CSS = `
:root{--bg:#fff;--fg:#1d2330;--muted:#667085;--line:#e4e7ec;--card:#f8f9fb;
--pass:#1a7f37;--fail:#cf222e;--warn:#b35900;--skip:#8c959f;--info:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0f1117;--fg:#e6e8ee;--muted:#9aa4b2;--line:#2a2f3a;--card:#171a22;
--pass:#3fb950;--fail:#f85149;--warn:#d29922;--skip:#8b949e;--info:#58a6ff}}
*{box-sizing:border-box}
body{margin:0;padding:24px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:16px 0 6px;color:var(--muted)}
h4{font-size:13px;margin:12px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{margin:4px 0;padding:8px;background:var(--bg);border:1px solid var(--line);border-radius:6px;white-space:pre-wrap;word-break:break-word;max-height:420px;overflow:auto}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 16px;color:var(--muted)}
.meta dd{margin:0;color:var(--fg);word-break:break-all}
.summary{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start;margin-bottom:16px}
.counts{display:flex;gap:8px;flex-wrap:wrap}
.count{min-width:84px;padding:8px 12px;border:1px solid var(--line);border-radius:8px;background:var(--card)}
.count b{display:block;font-size:22px}
.count.st-pass b{color:var(--pass)}.count.st-fail b{color:var(--fail)}.count.st-warn b{color:var(--warn)}
.count.st-skip b{color:var(--skip)}.count.st-info b{color:var(--info)}
#area-chart text{fill:var(--fg);font-size:12px}
.seg-pass{fill:var(--pass)}.seg-fail{fill:var(--fail)}.seg-warn{fill:var(--warn)}.seg-skip{fill:var(--skip)}.seg-info{fill:var(--info)}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin-bottom:12px}
fieldset{border:1px solid var(--line);border-radius:8px;padding:6px 10px;margin:0}
legend{color:var(--muted);font-size:12px}
fieldset label{margin-right:10px;white-space:nowrap;cursor:pointer}
button{font:inherit;padding:4px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
#visible-count{color:var(--muted);margin:4px 0 8px}
.check{border:1px solid var(--line);border-radius:8px;margin:4px 0;background:var(--card)}
.check[hidden],.area[hidden],.run[hidden]{display:none}
.check>summary{padding:6px 10px;cursor:pointer;list-style-position:inside}
.check[data-status=fail]{border-left:4px solid var(--fail)}.check[data-status=warn]{border-left:4px solid var(--warn)}
.badge{display:inline-block;min-width:56px;font-weight:600}
.st-pass{color:var(--pass)}.st-fail{color:var(--fail)}.st-warn{color:var(--warn)}.st-skip{color:var(--skip)}.st-info{color:var(--info)}
.reason{display:block;margin-left:60px;color:var(--muted);font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.detail{padding:4px 14px 12px;border-top:1px solid var(--line)}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}
.facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-all}
.message{white-space:pre-wrap}
table.expected{border-collapse:collapse;width:100%;table-layout:fixed}
table.expected th{text-align:left;color:var(--muted);font-weight:600}
table.expected td{vertical-align:top;padding:2px 4px 2px 0}
.transcript{list-style:none;padding:0;margin:0}
.wire{margin:6px 0}.wire .at{color:var(--muted);font-family:ui-monospace,monospace;font-size:12px}
.wire.sent .dir{color:var(--info);font-weight:600}.wire.received .dir{color:var(--pass);font-weight:600}
.notes,.schema{margin:4px 0;padding-left:20px}
footer{margin-top:24px;color:var(--muted);font-size:12px}
`;

export const SCRIPT = `
(function () {
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input[data-filter]'));
  var checks = Array.prototype.slice.call(document.querySelectorAll('details.check'));
  var hasRuns = boxes.some(function (b) { return b.getAttribute('data-filter') === 'run'; });
  function chosen(kind) {
    var set = {};
    boxes.forEach(function (b) { if (b.getAttribute('data-filter') === kind && b.checked) set[b.value] = true; });
    return set;
  }
  function apply() {
    var status = chosen('status'), area = chosen('area'), run = chosen('run'), shown = 0;
    checks.forEach(function (c) {
      var ok = status[c.getAttribute('data-status')] && area[c.getAttribute('data-area')] &&
        (!hasRuns || run[c.getAttribute('data-run')]);
      c.hidden = !ok;
      if (ok) shown++;
    });
    document.querySelectorAll('section.area, section.run').forEach(function (s) {
      s.hidden = !s.querySelector('details.check:not([hidden])');
    });
    document.getElementById('visible-count').textContent = 'Showing ' + shown + ' of ' + checks.length + ' checks';
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  function preset(statuses) {
    boxes.forEach(function (b) { if (b.getAttribute('data-filter') === 'status') b.checked = statuses.indexOf(b.value) >= 0; });
    apply();
  }
  document.getElementById('show-problems').addEventListener('click', function () { preset(['fail', 'warn']); });
  document.getElementById('show-all').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = true; });
    apply();
  });
  document.getElementById('expand-all').addEventListener('click', function () {
    checks.forEach(function (c) { if (!c.hidden) c.open = true; });
  });
  document.getElementById('collapse-all').addEventListener('click', function () {
    checks.forEach(function (c) { c.open = false; });
  });
  apply();
})();
`;
