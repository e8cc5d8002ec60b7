// memarena run explorer: sortable tables, per-kind / per-scenario tables and
// the probe browser. All data is embedded in the page as gzip-compressed
// JSON (base64) and decoded with DecompressionStream; a scenario's contexts
// are decoded only when one of its probes is opened. No network access.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const OUTCOMES = ['correct', 'wrong', 'abstained', 'stale', 'unscored'];
  const SYMBOL = ['✓', '✗', '∅', '⟲', '–'];
  const PAGE = 50;

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? '' : v);
      }
    }
    for (const k of kids.flat()) {
      if (k === null || k === undefined || k === false) continue;
      e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    }
    return e;
  }

  async function decode(id) {
    const node = $(id);
    if (!node) throw new Error('no embedded data ' + id);
    const b64 = node.textContent.trim();
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return JSON.parse(await new Response(stream).text());
  }

  // ---- sortable tables -------------------------------------------------
  function sortValue(cell) {
    const s = cell.dataset.sort;
    if (s === undefined || s === '') return null;
    const n = parseFloat(s); // leading number: "0.25", "+0.031 [−0.01, 0.07] tied"
    return Number.isFinite(n) ? n : s.toLowerCase();
  }
  function makeSortable(table) {
    const ths = Array.from(table.querySelectorAll('thead th'));
    ths.forEach((th, col) => {
      const btn = th.querySelector('button');
      if (!btn) return;
      btn.addEventListener('click', () => {
        const cur = th.getAttribute('aria-sort');
        let dir;
        if (cur === 'none' || !cur) dir = btn.dataset.higher ? 'descending' : 'ascending';
        else dir = cur === 'ascending' ? 'descending' : 'ascending';
        ths.forEach((o) => o.setAttribute('aria-sort', 'none'));
        th.setAttribute('aria-sort', dir);
        const body = table.tBodies[0];
        const rows = Array.from(body.rows);
        const sign = dir === 'ascending' ? 1 : -1;
        rows.sort((a, b) => {
          const x = sortValue(a.cells[col]), y = sortValue(b.cells[col]);
          if (x === null && y === null) return 0;
          if (x === null) return 1; // n/a always last
          if (y === null) return -1;
          if (x < y) return -sign;
          if (x > y) return sign;
          return 0;
        });
        rows.forEach((r) => body.appendChild(r));
      });
    });
  }

  function fmt(v) {
    return v === undefined || v === null ? 'n/a' : (Math.round(v * 1000) / 1000).toFixed(3);
  }

  async function main() {
    document.querySelectorAll('table.sortable').forEach(makeSortable);
    const X = await decode('index');
    const metricTitle = {};
    X.metrics.forEach((m) => { metricTitle[m.name] = m.title; });

    // ---- per-kind / per-scenario tables ---------------------------------
    const groupBy = $('group-by'), groupMetric = $('group-metric');
    X.metrics.forEach((m) => groupMetric.append(el('option', { value: m.name, title: m.def }, m.title)));
    if (!X.groups.some((g) => g.by === 'scenario')) groupBy.querySelector('option[value=scenario]').disabled = true;
    function renderGroups() {
      const by = groupBy.value, metric = groupMetric.value;
      const groups = X.groups.filter((g) => g.by === by);
      const wrap = $('group-wrap');
      wrap.textContent = '';
      const def = X.metrics.find((m) => m.name === metric);
      $('group-note').textContent = (def ? def.title + ': ' + def.def + '. ' : '') + 'Means over the probes where the metric is defined; hover a cell for n. Rows are ' + (by === 'kind' ? 'probe kinds' : 'scenarios') + ', columns strategies.';
      const head = el('tr', null, el('th', { scope: 'col', 'aria-sort': 'none' }, el('button', { type: 'button' }, by)));
      X.strategies.forEach((s) => head.append(el('th', { scope: 'col', 'aria-sort': 'none' },
        el('button', { type: 'button', 'data-higher': def && def.higher ? '1' : null }, s.label))));
      const body = el('tbody');
      let any = false;
      groups.forEach((g) => {
        const tr = el('tr', null, el('th', { scope: 'row', 'data-sort': g.name }, g.name));
        let rowAny = false;
        X.strategies.forEach((s) => {
          const v = g.values[s.label] && g.values[s.label][metric];
          if (v) rowAny = true;
          tr.append(el('td', { 'data-sort': v ? String(v[0]) : '', class: v ? null : 'na', title: v ? 'n = ' + v[1] : 'not defined for these probes' }, v ? fmt(v[0]) : 'n/a'));
        });
        if (rowAny) { body.append(tr); any = true; }
      });
      if (!any) { wrap.append(el('p', { class: 'note' }, 'No value of this metric for any ' + by + '.')); return; }
      const t = el('table', { class: 'sortable', id: 'group-table' }, el('thead', null, head), body);
      wrap.append(t);
      makeSortable(t);
    }
    groupBy.addEventListener('change', renderGroups);
    groupMetric.addEventListener('change', renderGroups);
    renderGroups();

    // ---- probe browser ----------------------------------------------------
    const byProbe = X.probes.map(() => []);
    X.results.forEach((r, i) => byProbe[r.p].push(i));
    const fs = $('f-scenario'), fk = $('f-kind'), fst = $('f-strategy'), fo = $('f-outcome'), ft = $('f-text');
    X.scenarios.forEach((s, i) => fs.append(el('option', { value: String(i) }, s.id)));
    const kinds = X.kinds.slice();
    if (X.probes.some((p) => p.task)) kinds.push('task');
    kinds.forEach((k) => fk.append(el('option', { value: k }, k)));
    X.strategies.forEach((s, i) => fst.append(el('option', { value: String(i) }, s.label)));
    let matches = [], page = 0, current = -1;

    function filter() {
      const sc = fs.value, kind = fk.value, st = fst.value, oc = fo.value, text = ft.value.trim().toLowerCase();
      matches = [];
      X.probes.forEach((p, pi) => {
        if (sc !== '' && p.s !== Number(sc)) return;
        if (kind !== '' && p.kind !== kind) return;
        if (text && !(p.q.toLowerCase().includes(text) || p.id.toLowerCase().includes(text))) return;
        let rs = byProbe[pi];
        if (st !== '') rs = rs.filter((ri) => X.results[ri].l === Number(st));
        if (rs.length === 0) return;
        if (oc !== '' && !rs.some((ri) => X.results[ri].o === Number(oc))) return;
        matches.push(pi);
      });
      page = 0;
      const c = $('count');
      c.dataset.n = String(matches.length);
      c.textContent = matches.length + (matches.length === 1 ? ' probe matches' : ' probes match') + ' the filters.';
      renderList();
    }

    function chips(pi) {
      const st = fst.value;
      const box = el('span', { class: 'chips' });
      byProbe[pi].forEach((ri) => {
        const r = X.results[ri];
        if (st !== '' && r.l !== Number(st)) return;
        const label = X.strategies[r.l].label;
        box.append(el('span', { class: 'o o-' + r.o, title: label + ': ' + OUTCOMES[r.o] }, label + ' ' + SYMBOL[r.o]));
      });
      return box;
    }

    function renderList() {
      const list = $('probe-list');
      list.textContent = '';
      const pages = Math.max(1, Math.ceil(matches.length / PAGE));
      page = Math.min(page, pages - 1);
      matches.slice(page * PAGE, page * PAGE + PAGE).forEach((pi) => {
        const p = X.probes[pi];
        const sc = X.scenarios[p.s];
        const b = el('button', { type: 'button', class: 'probe', 'data-p': String(pi), 'aria-current': pi === current ? 'true' : null, onclick: () => openProbe(pi, true) },
          el('div', { class: 'meta' }, p.id + ' · ' + p.kind + (p.cat ? ' (' + p.cat + ')' : '') + ' · ' + sc.id),
          el('div', null, p.q), chips(pi));
        list.append(el('li', null, b));
      });
      $('page').textContent = 'page ' + (page + 1) + ' of ' + pages;
      $('prev').disabled = page === 0;
      $('next').disabled = page >= pages - 1;
    }
    $('prev').addEventListener('click', () => { page--; renderList(); });
    $('next').addEventListener('click', () => { page++; renderList(); });
    [fs, fk, fst, fo].forEach((s) => s.addEventListener('change', filter));
    ft.addEventListener('input', filter);

    // ---- scenario details (contexts, turns), decoded on demand ------------
    const details = {};
    function detail(si) {
      const id = X.scenarios[si].detail;
      if (!id) return Promise.resolve(null);
      if (!details[si]) {
        details[si] = decode(id).then((d) => {
          d.turnIdx = {};
          d.turns.forEach((t, i) => { d.turnIdx[t[0]] = i; });
          return d;
        });
      }
      return details[si];
    }

    let opener = null;
    function turnButton(det, si, id, gold) {
      return el('button', { type: 'button', class: 'turn' + (gold.has(id) ? ' gold' : ''), 'data-turn': id,
        title: 'show turn ' + id + ' in its session', onclick: (e) => showTurn(det, id, gold, e.currentTarget) }, id);
    }
    function showTurn(det, id, gold, from) {
      const dlg = $('turn-dialog'), list = $('turn-list');
      list.textContent = '';
      if (!det || det.turnIdx[id] === undefined) {
        $('turn-h').textContent = 'Turn ' + id + ' is not in the stored scenario';
      } else {
        const t = det.turns[det.turnIdx[id]];
        const ses = det.sessions[t[1]];
        $('turn-h').textContent = 'Session ' + ses.id + (ses.start ? ' · ' + ses.start : '') + ' — turn ' + id;
        det.turns.forEach((u) => {
          if (u[1] !== t[1]) return;
          const li = el('li', { class: (u[0] === id ? 'current ' : '') + (gold.has(u[0]) ? 'gold' : ''), 'data-turn': u[0] },
            el('span', { class: 'tid' }, u[0] + (u[3] ? ' · ' + u[3] : '') + (gold.has(u[0]) ? ' · gold evidence' : '')), ' ',
            el('span', { class: 'who' }, (u[2] || '') + ':'), ' ', u[4]);
          list.append(li);
        });
      }
      opener = from;
      dlg.showModal();
      const cur = list.querySelector('li.current');
      if (cur) cur.scrollIntoView({ block: 'center' });
      $('turn-close').focus();
    }
    $('turn-close').addEventListener('click', () => $('turn-dialog').close());
    $('turn-dialog').addEventListener('close', () => { if (opener) opener.focus(); });

    function contextText(det, tr) {
      return tr.c.map((c) => (typeof c === 'number' ? det.turns[c][4] : c)).join('');
    }
    function renderContext(det, tr) {
      const text = contextText(det, tr);
      const box = el('div', { class: 'context', tabindex: '0', role: 'region', 'aria-label': 'context handed to the reader' });
      if (text === '') { box.append(el('em', null, '(empty context)')); return box; }
      const cuts = new Set([0, text.length]);
      (tr.h || []).forEach((h) => { cuts.add(h[0]); cuts.add(h[1]); });
      const pts = Array.from(cuts).filter((x) => x >= 0 && x <= text.length).sort((a, b) => a - b);
      for (let i = 0; i + 1 < pts.length; i++) {
        const a = pts[i], b = pts[i + 1];
        const piece = text.slice(a, b);
        let ev = false, evi = false;
        (tr.h || []).forEach((h) => { if (h[0] <= a && b <= h[1]) { if (h[2] === 0) ev = true; else evi = true; } });
        let node = document.createTextNode(piece);
        if (ev) node = el('mark', { class: 'ev', title: 'gold evidence turn' }, node);
        if (evi) node = el('span', { class: 'evi', title: 'item derived from a gold evidence turn' }, node);
        box.append(node);
      }
      return box;
    }

    function scoreLine(r) {
      const parts = [];
      X.metrics.forEach((m) => { if (r.m && r.m[m.name] !== undefined) parts.push(m.title + ' ' + fmt(r.m[m.name])); });
      parts.push('ctx ' + r.tok + ' tok' + (r.over ? ' (cut: +' + r.over + ')' : ''), r.n + ' items');
      if (r.j) parts.push('judge: ' + r.j);
      return parts.join(' · ');
    }

    function card(det, si, p, ri, gold) {
      const r = X.results[ri];
      const s = X.strategies[r.l];
      const c = el('article', { class: 'card', 'data-strategy': s.label, 'aria-label': s.label });
      c.append(el('h4', null, s.label, seeds > 1 ? el('span', { class: 'tag' }, 'seed ' + r.seed) : null,
        s.baseline ? el('span', { class: 'tag' }, 'baseline') : null, el('span', { class: 'o o-' + r.o }, OUTCOMES[r.o])));
      if (!p.task) c.append(el('div', { class: 'answer' }, el('strong', null, 'Answer: '), r.a || '(empty)'));
      c.append(el('div', { class: 'scores' }, scoreLine(r)));
      if (r.t < 0 || !det) {
        c.append(el('p', { class: 'note' }, 'Context not stored.'));
        return c;
      }
      const tr = det.traces[r.t];
      c.append(el('details', { open: true }, el('summary', null, 'Context handed to the reader'), renderContext(det, tr)));
      const text = contextText(det, tr);
      const items = el('ol', { class: 'items' });
      (tr.i || []).forEach((it) => {
        const evItem = (it.turns || []).some((t) => gold.has(t));
        const itText = it.at ? text.slice(it.at[0], it.at[1]) : it.x || '';
        items.append(el('li', { class: evItem ? 'ev-item' : null },
          el('div', null, el('strong', null, it.kind || 'item'), ' · score ' + (Math.round(it.score * 10000) / 10000) + (it.status ? ' · ' + it.status : '') + (it.id ? ' · ' + it.id : '')),
          el('div', null, 'provenance: ', (it.turns || []).length ? (it.turns || []).map((t) => turnButton(det, si, t, gold)) : '(none)'),
          el('div', { class: 'itext' }, itText.length > 600 ? itText.slice(0, 600) + ' …' : itText)));
      });
      c.append(el('details', null, el('summary', null, 'Retrieved items (' + (tr.i || []).length + ')'), items));
      return c;
    }
    const seeds = new Set(X.results.map((r) => r.seed)).size;

    async function openProbe(pi, focus) {
      current = pi;
      document.querySelectorAll('#probe-list button.probe').forEach((b) => b.setAttribute('aria-current', Number(b.dataset.p) === pi ? 'true' : 'false'));
      const p = X.probes[pi];
      const view = $('probe-view');
      view.textContent = '';
      view.append(el('p', { class: 'note' }, 'Loading ' + p.id + ' …'));
      const det = await detail(p.s);
      if (current !== pi) return;
      const gold = new Set(p.ev || []);
      view.textContent = '';
      const head = el('div', { class: 'probe-head' },
        el('h3', null, p.id + ' · ' + p.kind + (p.cat ? ' (category ' + p.cat + ')' : '') + ' · ' + X.scenarios[p.s].id),
        el('div', null, el('strong', null, p.task ? 'Task goal: ' : 'Question: '), p.q),
        el('div', null, el('strong', null, p.task ? 'Required facts: ' : 'Gold answer: '), (p.gold || []).join(' | ') || (p.kind === 'abstention' ? '(none: the right answer declines)' : '(none)')),
        p.stale && p.stale.length ? el('div', null, el('strong', null, 'Superseded (stale) values: '), p.stale.join(' | ')) : null,
        el('div', null, el('strong', null, 'Gold evidence turns: '), (p.ev || []).length ? p.ev.map((t) => turnButton(det, p.s, t, gold)) : '(none)'));
      view.append(head);
      const cards = el('div', { class: 'cards' });
      byProbe[pi].forEach((ri) => cards.append(card(det, p.s, p, ri, gold)));
      view.append(cards);
      if (focus) { view.focus(); view.scrollIntoView({ block: 'start' }); }
    }

    filter();
    document.body.dataset.ready = '1';
  }

  main().catch((err) => {
    console.error('explorer:', err);
    const b = document.getElementById('count');
    if (b) b.textContent = 'The explorer could not load its data: ' + err.message;
  });
})();
