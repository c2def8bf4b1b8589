// The fleet page's inline stylesheet and script, admitted by CSP hash only. The script draws the
// matrix from the page's JSON data; every string from a report reaches the page escaped (esc) or
// as textContent.

export const FLEET_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#5d6678;--line:#d0d5dd;--card:#f8f9fb;
--pass:#1a7f37;--fail:#cf222e;--warn:#9a5200;--skip:#6e7781;--info:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0f1117;--fg:#e6e8ee;--muted:#9aa4b2;--line:#3a404c;--card:#171a22}}
*{box-sizing:border-box}
body{margin:0;padding:20px;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;color:var(--muted)}
.meta dd{margin:0;color:var(--fg)}
.counts{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:12px}
.count{min-width:80px;padding:6px 10px;border:1px solid var(--line);border-radius:8px;background:var(--card)}
.count b{display:block;font-size:20px}
.st-pass{color:var(--pass)}.st-fail{color:var(--fail)}.st-warn{color:var(--warn)}.st-skip{color:var(--skip)}.st-info{color:var(--info)}
#filters{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin-bottom:8px}
#filters[hidden]{display:none}
fieldset{border:1px solid var(--line);border-radius:8px;padding:4px 8px;margin:0}
legend,.search label{color:var(--muted);font-size:12px}
fieldset label{margin-right:8px;white-space:nowrap}
.search label{display:block}
input[type=search],select{font:inherit;padding:2px 6px;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg)}
button{font:inherit;padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
#visible-count{color:var(--muted);margin:4px 0}
#matrix-wrap{overflow:auto;max-height:78vh;border:1px solid var(--line)}
#matrix{border-collapse:separate;border-spacing:0;font-size:12px}
#matrix th,#matrix td{border-right:1px solid var(--bg);border-bottom:1px solid var(--bg);padding:0}
#matrix thead th{position:sticky;top:0;z-index:2;background:var(--card);vertical-align:bottom}
#matrix thead th.srv span{display:block;writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;max-height:170px;overflow:hidden;text-overflow:ellipsis;padding:4px 2px;font-weight:500}
#matrix tbody th{position:sticky;left:0;z-index:1;background:var(--card);text-align:left;font-weight:400;white-space:nowrap;max-width:360px;overflow:hidden;text-overflow:ellipsis;padding:0 6px}
#matrix thead th.corner{left:0;z-index:3;text-align:left;padding:4px 6px}
#matrix .lvl{display:inline-block;width:46px;color:var(--muted);font-size:11px}
#matrix td.c{width:18px;min-width:18px;height:18px;text-align:center;cursor:pointer;color:#fff;font-weight:700;line-height:18px}
#matrix td.p{background:#2da44e}#matrix td.f{background:#cf222e}#matrix td.w{background:#bf8700;color:#000}
#matrix td.s{background:#8c959f;color:#000}#matrix td.i{background:#218bff;color:#000}#matrix td.n{background:transparent;cursor:default}
#matrix td.sel{outline:3px solid var(--fg);outline-offset:-3px}
#matrix td.tot,#matrix tfoot td{text-align:right;padding:0 4px;color:var(--muted)}
#matrix tfoot th{position:sticky;left:0;background:var(--card);text-align:left;padding:0 6px;font-weight:400}
#cell-detail{position:fixed;right:16px;top:16px;bottom:16px;width:min(560px,45vw);overflow:auto;padding:12px 14px;background:var(--card);border:1px solid var(--line);border-radius:8px;box-shadow:0 4px 18px rgba(0,0,0,.25);z-index:5}
#cell-detail[hidden]{display:none}
#close-detail{float:right}
#cell-body h3{font-size:15px;margin:0 0 6px}
#cell-body dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:6px 0}
#cell-body dt{color:var(--muted)}#cell-body dd{margin:0;word-break:break-all}
#cell-body pre{white-space:pre-wrap;word-break:break-word;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:6px;font-size:12px;max-height:60vh;overflow:auto}
table.servers{border-collapse:collapse;font-size:13px}
table.servers th,table.servers td{padding:2px 10px 2px 0;text-align:right}
table.servers th:first-child,table.servers td:nth-child(2){text-align:left}
footer{margin-top:20px;color:var(--muted);font-size:12px}
`;

export const FLEET_SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('fleet-data').textContent);
  var NAMES = { p: 'pass', f: 'fail', w: 'warn', s: 'skip', i: 'info', '-': 'not run' };
  var MARKS = { p: '', f: '\\u2717', w: '!', s: '', i: 'i', '-': '' };
  var R = data.runs.length;
  var details = {};
  for (var k = 0; k < data.details.length; k += 4) details[data.details[k] * R + data.details[k + 1]] = k;
  var table = document.getElementById('matrix');
  var area = document.getElementById('filter-area');
  var checkText = document.getElementById('filter-check');
  var serverText = document.getElementById('filter-server');
  var failing = document.getElementById('failing-servers');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('#filters input[type=checkbox][data-status], #filters input[type=checkbox][data-level]'));
  var cols = [];
  var selected = null;
  function esc(s) { return String(s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  var areas = [];
  data.checks.forEach(function (c) { if (areas.indexOf(c.area) < 0) areas.push(c.area); });
  areas.forEach(function (a) { var o = document.createElement('option'); o.value = a; o.textContent = a; area.appendChild(o); });
  function chosen(attr) {
    var set = {};
    boxes.forEach(function (b) { if (b.hasAttribute(attr) && b.checked) set[b.getAttribute(attr)] = true; });
    return set;
  }
  function render() {
    var statuses = chosen('data-status');
    var levels = chosen('data-level');
    var st = {};
    Object.keys(NAMES).forEach(function (ch) { st[ch] = Boolean(statuses[NAMES[ch]]); });
    var sw = serverText.value.toLowerCase();
    cols = [];
    for (var c = 0; c < R; c++) {
      var run = data.runs[c];
      if (sw && run.label.toLowerCase().indexOf(sw) < 0) continue;
      if (failing.checked && run.counts[1] === 0) continue;
      cols.push(c);
    }
    var cw = checkText.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var rows = [];
    data.checks.forEach(function (check, r) {
      if (!levels[check.level]) return;
      if (area.value && check.area !== area.value) return;
      var text = (check.id + ' ' + check.title + ' ' + check.reqs).toLowerCase();
      if (!cw.every(function (w) { return text.indexOf(w) >= 0; })) return;
      var line = data.cells[r];
      for (var i = 0; i < cols.length; i++) if (st[line.charAt(cols[i])]) { rows.push(r); return; }
    });
    var colFails = cols.map(function () { return 0; });
    var body = rows.map(function (r) {
      var check = data.checks[r];
      var line = data.cells[r];
      var fails = 0, warns = 0;
      var cells = cols.map(function (c, i) {
        var ch = line.charAt(c);
        if (ch === 'f') { fails++; colFails[i]++; }
        if (ch === 'w') warns++;
        return ch === '-' ? '<td class="n"></td>' : '<td class="c ' + ch + '">' + MARKS[ch] + '</td>';
      }).join('');
      return '<tr data-r="' + r + '"><th scope="row" title="' + esc(check.id + ': ' + check.title) + '"><span class="lvl">' + esc(check.level) + '</span>' + esc(check.id) + '</th>' +
        cells + '<td class="tot">' + fails + '</td><td class="tot">' + warns + '</td></tr>';
    }).join('');
    var head = '<thead><tr><th class="corner" scope="col">check \\\\ server</th>' +
      cols.map(function (c) { return '<th class="srv" scope="col" title="' + esc(data.runs[c].label) + '"><span>' + esc(data.runs[c].label) + '</span></th>'; }).join('') +
      '<th scope="col" title="failed">\\u2717</th><th scope="col" title="warnings">!</th></tr></thead>';
    var foot = '<tfoot><tr><th scope="row">failed</th>' + colFails.map(function (n) { return '<td>' + n + '</td>'; }).join('') + '<td></td><td></td></tr></tfoot>';
    table.innerHTML = head + '<tbody>' + body + '</tbody>' + foot;
    document.getElementById('visible-count').textContent = 'Showing ' + rows.length + ' of ' + data.checks.length + ' checks \\u00d7 ' + cols.length + ' of ' + R + ' server runs';
  }
  function add(parent, tag, text, cls) {
    var el = document.createElement(tag);
    if (text !== undefined) el.textContent = text;
    if (cls) el.className = cls;
    parent.appendChild(el);
    return el;
  }
  function show(r, c) {
    var check = data.checks[r];
    var run = data.runs[c];
    var ch = data.cells[r].charAt(c);
    var body = document.getElementById('cell-body');
    body.textContent = '';
    add(body, 'h3', check.id);
    add(body, 'p', check.title);
    var dl = add(body, 'dl');
    var facts = [['Server', run.label], ['Revision', run.revision], ['Transport', run.transport], ['Status', NAMES[ch]], ['Level', check.level], ['Requirements', check.reqs || 'none']];
    facts.forEach(function (f) { add(dl, 'dt', f[0]); add(dl, 'dd', f[1], f[0] === 'Status' ? 'st-' + NAMES[ch] : ''); });
    if (check.spec) {
      add(dl, 'dt', 'Spec');
      var a = add(add(dl, 'dd'), 'a', check.spec);
      a.href = check.spec; a.rel = 'noopener noreferrer'; a.target = '_blank';
    }
    var k = details[r * R + c];
    if (k !== undefined) {
      var msg = data.strings[data.details[k + 2]];
      if (msg) add(body, 'p', msg, 'message');
      var ev = data.details[k + 3];
      if (ev >= 0 && data.strings[ev]) add(body, 'pre', data.strings[ev]);
    } else if (ch === 'p') {
      add(body, 'p', 'Passed. Its exchanges are in the server\\u2019s own report.');
    }
    document.getElementById('cell-detail').hidden = false;
  }
  table.addEventListener('click', function (e) {
    var td = e.target.closest ? e.target.closest('td.c') : null;
    if (!td) return;
    var r = Number(td.parentNode.getAttribute('data-r'));
    var c = cols[td.cellIndex - 1];
    if (selected) selected.classList.remove('sel');
    selected = td;
    td.classList.add('sel');
    show(r, c);
  });
  document.getElementById('close-detail').addEventListener('click', function () { document.getElementById('cell-detail').hidden = true; });
  boxes.forEach(function (b) { b.addEventListener('change', render); });
  [area, failing].forEach(function (el) { el.addEventListener('change', render); });
  [checkText, serverText].forEach(function (el) { el.addEventListener('input', render); });
  document.getElementById('show-problems').addEventListener('click', function () {
    boxes.forEach(function (b) { if (b.hasAttribute('data-status')) b.checked = b.getAttribute('data-status') === 'fail' || b.getAttribute('data-status') === 'warn'; });
    render();
  });
  document.getElementById('show-all').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = true; });
    area.value = ''; checkText.value = ''; serverText.value = ''; failing.checked = false;
    render();
  });
  document.getElementById('filters').hidden = false;
  render();
})();
`;
