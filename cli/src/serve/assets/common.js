// What the three pages share: the short helpers (`$`, `el`), the folder of the desk's files,
// the API's byte offsets, downloads, move numbers and numbered move lists, the keyboard (the
// arrow keys, focus kept across a redraw, one Tab stop per move list), the drafts kept in the
// browser, the status line, the skip link, a game's file name, and what a printed ruling or
// report files it under (its record and the arbiter's signature lines). The order of the page's
// scripts is in app.js.
'use strict';

const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const $ = (id) => document.getElementById(id);

/** An element with a class and text. */
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The folder of the page's scripts: the worker, the pieces and the WebAssembly are beside them. */
const ASSETS = new URL('.', document.currentScript.src);

/** Byte offsets (the API's spans) against a JavaScript string. */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function replaceBytes(text, [start, end], replacement) {
  const bytes = encoder.encode(text);
  return decoder.decode(bytes.slice(0, start)) + replacement + decoder.decode(bytes.slice(end));
}

function sliceBytes(text, [start, end]) {
  return decoder.decode(encoder.encode(text).slice(start, end));
}

/** A download link for `text`. */
function setDownload(link, text, type) {
  if (link.href && link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type }));
}

/** The move number of ply `ply` (from 1) of a game from `startFen`: `7.` or `7...`. */
function plyNumber(startFen, ply) {
  const fields = (startFen || INITIAL_FEN).split(' ');
  const index = ply - 1 + (fields[1] === 'b' ? 1 : 0);
  const number = (Number(fields[5]) || 1) + Math.floor(index / 2);
  return `${number}${index % 2 === 0 ? '.' : '...'}`;
}

/**
 * Fills `list` with the moves `sans` of a game from `startFen`, numbered in rows; `mark(ply)`
 * gives a move's class and title, `current` the ply shown, `pick(ply)` runs on a click.
 */
function renderMoveList(list, startFen, sans, mark, current, pick) {
  list.replaceChildren();
  const fields = (startFen || INITIAL_FEN).split(' ');
  const blackFirst = fields[1] === 'b';
  let row = null;
  sans.forEach((san, k) => {
    const ply = k + 1;
    const index = k + (blackFirst ? 1 : 0);
    const white = index % 2 === 0;
    if (!row || white) {
      row = el('li', 'move-row');
      row.appendChild(el('span', 'number', `${(Number(fields[5]) || 1) + Math.floor(index / 2)}.`));
      if (!white) row.appendChild(el('span', 'mv placeholder', '…'));
      list.appendChild(row);
    }
    const { className, title } = mark(ply);
    const shown = shownMove(san);
    const button = el('button', `mv ${className}${current === ply ? ' current' : ''}`, shown);
    button.type = 'button';
    button.dataset.ply = ply;
    button.dataset.key = `${list.id}:${ply}`;
    if (current === ply) button.setAttribute('aria-current', 'step');
    if (title) button.title = title;
    button.setAttribute('aria-label', `${plyNumber(startFen, ply)} ${shown}${title ? `: ${title}` : ''}`);
    button.addEventListener('click', () => pick(ply));
    row.appendChild(button);
  });
  rove(list);
}

/** The left and right arrow keys, outside the form fields, step the board by one ply. */
function onArrowKeys(step) {
  document.addEventListener('keydown', (e) => {
    const tag = (e.target && e.target.tagName) || '';
    if (['TEXTAREA', 'INPUT', 'SELECT'].includes(tag)) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowLeft') { step(-1); e.preventDefault(); }
    if (e.key === 'ArrowRight') { step(1); e.preventDefault(); }
  });
}

/**
 * Runs `draw` (which rebuilds part of the page) and gives the keyboard focus back to the
 * control that had it, found again by its `data-key`, without scrolling: a move or a
 * diagnostic opened with Enter or Space keeps the focus.
 */
function keepingFocus(draw) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  draw();
  if (!key || document.activeElement === active && document.contains(active)) return;
  const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again) again.focus({ preventScroll: true });
}

/**
 * Roving focus in a move list: one Tab stop (the current move, else the first), and the
 * arrow keys step the board; the focus follows the current move.
 */
function rove(list) {
  const buttons = [...list.querySelectorAll('button.mv')];
  const current = buttons.find((b) => b.classList.contains('current')) || buttons[0];
  for (const b of buttons) b.tabIndex = b === current ? 0 : -1;
}

/** After the board stepped: the focus, if it was in a move list, moves to the current move. */
function followCurrent(list) {
  if (!list.contains(document.activeElement)) return;
  const current = list.querySelector('button.mv.current');
  if (current) current.focus({ preventScroll: true });
}

/**
 * The draft of every field of the page is kept in the browser (localStorage), so that a
 * reload, or a visit to another page and back, loses nothing. Returns whether a draft was
 * restored. Where the browser keeps nothing, leaving the page with text in it asks first.
 */
function keepDrafts() {
  const page = document.body.dataset.page;
  const fields = [...document.querySelectorAll('main textarea, main input, main select')]
    .filter((f) => f.type !== 'file' && (f.id || f.name));
  const keyOf = (f) => `planilla-draft:${page}:${f.type === 'radio' ? `${f.name}=${f.value}` : f.id}`;
  let restored = false;
  let stored = true;
  for (const f of fields) {
    let value = null;
    try { value = localStorage.getItem(keyOf(f)); } catch (_) { stored = false; }
    if (value === null) continue;
    if (f.type === 'checkbox' || f.type === 'radio') f.checked = value === '1';
    else f.value = value;
    if (f.tagName === 'TEXTAREA' && value) restored = true;
  }
  let timer = null;
  const flush = () => {
    clearTimeout(timer);
    for (const f of fields) {
      const value = f.type === 'checkbox' || f.type === 'radio' ? (f.checked ? '1' : '0') : f.value;
      try { localStorage.setItem(keyOf(f), value); } catch (_) { stored = false; }
    }
  };
  const save = () => { clearTimeout(timer); timer = setTimeout(flush, 200); };
  // Typing is saved when it pauses; a change (a choice, a file loaded, a suggestion taken:
  // see `setField`) at once.
  document.addEventListener('input', save);
  document.addEventListener('change', flush);
  // Leaving the page (a reload, a link) saves at once.
  window.addEventListener('pagehide', flush);
  window.addEventListener('beforeunload', (e) => {
    const typed = fields.some((f) => f.tagName === 'TEXTAREA' && f.value.trim());
    if (!stored && typed) { e.preventDefault(); e.returnValue = t().unsaved; }
  });
  return restored;
}

/**
 * Writes `value` into the form field `field` for the user (a file loaded, a suggestion taken)
 * and tells the page, as the user's own change would: the draft is saved at once.
 */
function setField(field, value) {
  field.value = value;
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Marks a page busy while its request runs. With a result on the page, the status keeps its
 * text (the last summary), dimmed, so that nothing below it moves; with none, it says
 * `working`. `aria-busy` holds a screen reader's announcement until the answer.
 */
function setBusy(busy, working) {
  const status = $('status');
  const area = $('summary') || status;
  if (busy) {
    area.setAttribute('aria-busy', 'true');
    if (working && !status.dataset.result) status.textContent = working;
  } else {
    area.removeAttribute('aria-busy');
  }
}

/** Sets the status: a result (`result` true), kept while the next request runs, or a message. */
function setStatus(text, result) {
  const status = $('status');
  status.textContent = text;
  if (result) status.dataset.result = '1';
  else delete status.dataset.result;
}

/** The skip link: Enter on it (the first Tab stop) focuses the page's first result. */
function skipLink(target) {
  $('skip').addEventListener('click', (e) => {
    e.preventDefault();
    const to = target();
    if (to) { to.focus(); to.scrollIntoView({ block: 'center' }); }
  });
}

/**
 * A file name from a game's players and date: `Perez_Ana-Lopez_Luis-2024.03.07.pgn`. Of a
 * date, the parts known from the year on: `2024.??.??` is `2024`, `2024.03.??` `2024.03`.
 */
function fileName(tags, suffix) {
  const part = (x) => (x && x !== '?' ? x.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.]+/g, '_').replace(/^_+|_+$/g, '') : '');
  const known = [];
  for (const p of (tags.Date || '').split('.')) {
    if (!/^[0-9]+$/.test(p)) break;
    known.push(p);
  }
  const name = [part(tags.White), part(tags.Black), known.join('.')].filter((x) => x).join('-');
  return `${name || 'planilla'}${suffix}`;
}

/** The date and time now, as the page's language writes them: `4 de diciembre de 2026, 6:10`. */
function nowWritten() {
  return new Date().toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB', {
    dateStyle: 'long', timeStyle: 'short',
  });
}

/**
 * Fills the list `dl` with a printed record's fields, `[term, value]`. A field with no value
 * is a line to fill by hand: printed as a blank line, not shown on the screen.
 */
function renderRecord(dl, fields) {
  dl.replaceChildren();
  for (const [term, value] of fields) {
    const blank = value ? '' : 'blank';
    dl.appendChild(el('dt', blank, term));
    dl.appendChild(el('dd', blank, value || ''));
  }
}

/** The lines a printed ruling or report is signed on: the arbiter's name (written when
 * known) and signature. Printed only. */
function renderSignatures(box, arbiter) {
  const line = (term, value) => {
    const p = el('p', 'signature');
    p.appendChild(el('span', 'signature-line', value || ''));
    p.appendChild(el('span', 'signature-term', term));
    return p;
  };
  box.replaceChildren(line(t().arbiterName, arbiter), line(t().signature, ''));
}

/** An article as the page's language cites it: the Guidelines of the Laws are the
 * "Directrices" in the Spanish text (`Guidelines I.8` is `Directrices I.8`). */
function shownRule(rule) {
  return lang === 'es' && rule ? rule.replace(/\bGuidelines\b/g, 'Directrices') : rule;
}

/**
 * The photos of a page's sheet, kept in this browser (IndexedDB, database `planilla`, store
 * `photos`) as the files themselves: `{id, page, name, type, blob, added}`. They go with the
 * draft, survive a reload and work offline, and are never sent anywhere.
 */
const photoStore = {
  db: null,
  open() {
    if (!this.db) {
      this.db = new Promise((resolve, reject) => {
        const request = indexedDB.open('planilla', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('photos', { keyPath: 'id', autoIncrement: true });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    return this.db;
  },
  /** Runs `work(store)` in a transaction of `mode`; resolves to its request's result. */
  async run(mode, work) {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const request = work(db.transaction('photos', mode).objectStore('photos'));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  },
  /** The photos of `page`, oldest first. */
  async all(page) {
    const all = await this.run('readonly', (store) => store.getAll());
    return all.filter((p) => p.page === page).sort((a, b) => a.added - b.added);
  },
  /** Keeps the file `file` as a photo of `page`; resolves to its id. */
  add(page, file) {
    return this.run('readwrite', (store) => store.add({
      page, name: file.name, type: file.type, blob: file, added: Date.now(),
    }));
  },
  /** Forgets the photo `id`. */
  remove(id) {
    return this.run('readwrite', (store) => store.delete(id));
  },
};
