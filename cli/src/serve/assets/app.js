// planilla serve: the "Planilla" and "Jugada sellada" pages. Plain JavaScript, no library, no
// request to any other host. Every decision is the server's (/api/check, /api/convert,
// /api/sealed); this script only draws what the answers say.
'use strict';

const TEXTS = {
  es: {
    nav: 'páginas', navSheet: 'Planilla', navSealed: 'Jugada sellada', sheetTitle: 'Planilla',
    sheetLabel: 'Texto de la planilla (pegue, escriba o suelte un archivo .txt/.pgn)',
    file: 'Archivo', letters: 'Letras', edition: 'Edición de las Leyes',
    lenient: 'Lectura tolerante', moves: 'Jugadas', game: 'Partida', board: 'Tablero',
    first: 'Inicio', prev: 'Jugada anterior', next: 'Jugada siguiente', last: 'Final',
    diagnostics: 'Diagnósticos', export: 'Exportar', downloadPgn: 'Descargar PGN',
    copyPgn: 'Copiar PGN', downloadJson: 'Descargar JSON', copyJson: 'Copiar JSON',
    copied: 'Copiado.', copyFailed: 'No se pudo copiar (use la descarga)', checking: 'Revisando…', empty: 'Escriba o pegue una planilla.',
    noGame: 'No hay ninguna partida en el texto.',
    summary: (g, v, e, w) => `${g} partida(s), ${v} válida(s); ${e} error(es), ${w} aviso(s)`,
    noDiagnostics: 'Ningún diagnóstico: todas las jugadas son legales y únicas.',
    unread: (n) => `${n} jugada(s) escrita(s) sin leer, contando la que detuvo la lectura.`,
    start: 'Posición inicial', after: (label) => `Después de ${label}`,
    before: (label) => `Antes de ${label}`,
    candidates: 'Candidatas', suggestions: 'Jugadas legales más parecidas',
    replaceWith: (w) => `Escribir ${w} en su lugar`, article: 'Artículo',
    severity: { error: 'error', warning: 'aviso', note: 'nota' },
    written: 'escrito', failed: 'El servidor no respondió', sealedTitle: 'Jugada sellada',
    position: 'Posición', fromFen: 'FEN del sobre', fromGame: 'Planilla y media jugada',
    sheetText: 'Planilla', ply: 'Media jugada de la sellada (desde 1)',
    sealedMove: 'Jugada sellada, tal como está escrita', rule: 'Dictaminar',
    ruling: 'Dictamen', ruling_: 'Dictaminando…',
    consequence: { continue: 'VÁLIDA: la partida sigue', loss: 'PIERDE', draw: 'TABLAS',
      refer: 'AL ÁRBITRO' },
    verdictLabel: 'Veredicto', consequenceLabel: 'Consecuencia', reasonRule: 'Artículo de la razón',
    played: 'Jugada', evident: 'Intención evidente (información para el árbitro)',
    basis: { 'one-edit': 'a un solo cambio de lo escrito', 'only-completion': 'la única forma de completarla' },
    opponentCanMate: 'El adversario puede dar mate', deadPosition: 'Posición muerta',
    yes: 'sí', no: 'no', unknown: 'sin determinar', warnings: 'Avisos',
    pieces: { K: 'R', Q: 'D', R: 'T', B: 'A', N: 'C', P: 'P' },
    boardLabel: (fen) => `Tablero: ${fen}`, langButton: 'EN', langLabel: 'English',
  },
  en: {
    nav: 'pages', navSheet: 'Scoresheet', navSealed: 'Sealed move', sheetTitle: 'Scoresheet',
    sheetLabel: 'Scoresheet text (paste, type or drop a .txt/.pgn file)',
    file: 'File', letters: 'Letters', edition: 'Edition of the Laws',
    lenient: 'Lenient reading', moves: 'Moves', game: 'Game', board: 'Board',
    first: 'Start', prev: 'Previous move', next: 'Next move', last: 'End',
    diagnostics: 'Diagnostics', export: 'Export', downloadPgn: 'Download PGN',
    copyPgn: 'Copy PGN', downloadJson: 'Download JSON', copyJson: 'Copy JSON',
    copied: 'Copied.', copyFailed: 'Could not copy (use the download)', checking: 'Checking…', empty: 'Type or paste a scoresheet.',
    noGame: 'The text holds no game.',
    summary: (g, v, e, w) => `${g} game(s), ${v} valid; ${e} error(s), ${w} warning(s)`,
    noDiagnostics: 'No diagnostic: every move is legal and unique.',
    unread: (n) => `${n} written move(s) left unread, counting the one that stopped the reading.`,
    start: 'Starting position', after: (label) => `After ${label}`,
    before: (label) => `Before ${label}`,
    candidates: 'Candidates', suggestions: 'Closest legal moves',
    replaceWith: (w) => `Write ${w} instead`, article: 'Article',
    severity: { error: 'error', warning: 'warning', note: 'note' },
    written: 'written', failed: 'The server did not answer', sealedTitle: 'Sealed move',
    position: 'Position', fromFen: 'FEN on the envelope', fromGame: 'Scoresheet and ply',
    sheetText: 'Scoresheet', ply: 'Ply of the sealed move (from 1)',
    sealedMove: 'Sealed move, as written', rule: 'Rule',
    ruling: 'Ruling', ruling_: 'Ruling…',
    consequence: { continue: 'VALID: the game goes on', loss: 'LOSES', draw: 'DRAW',
      refer: 'REFER TO THE ARBITER' },
    verdictLabel: 'Verdict', consequenceLabel: 'Consequence', reasonRule: 'Article of the reason',
    played: 'Move', evident: 'Evident intention (information for the arbiter)',
    basis: { 'one-edit': 'one edit away from the writing', 'only-completion': 'the only completion' },
    opponentCanMate: 'The opponent can still checkmate', deadPosition: 'Dead position',
    yes: 'yes', no: 'no', unknown: 'undetermined', warnings: 'Warnings',
    pieces: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N', P: 'P' },
    boardLabel: (fen) => `Board: ${fen}`, langButton: 'ES', langLabel: 'Español',
  },
};

const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const $ = (id) => document.getElementById(id);
let lang = localStorage.getItem('planilla-lang') === 'en' ? 'en' : 'es';
const t = () => TEXTS[lang];

/** Applies the page language to every labelled element. */
function applyLanguage() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll('[data-i18n]')) {
    const text = t()[el.dataset.i18n];
    if (typeof text === 'string') el.textContent = text;
  }
  for (const el of document.querySelectorAll('[data-i18n-label]')) {
    const text = t()[el.dataset.i18nLabel];
    if (typeof text === 'string') el.setAttribute('aria-label', text);
  }
  const button = $('lang');
  button.textContent = t().langButton;
  button.setAttribute('aria-label', t().langLabel);
}

/** The ES/EN button: switches the page's language, remembers it, then runs `then`. */
function onLanguageSwitch(then) {
  $('lang').addEventListener('click', () => {
    lang = lang === 'es' ? 'en' : 'es';
    localStorage.setItem('planilla-lang', lang);
    applyLanguage();
    then();
  });
}

/**
 * POSTs `body` as JSON; resolves to the answer's text, or throws with the server's message.
 * `signal` aborts it when a newer request replaces it.
 */
async function post(path, body, signal) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error || text; } catch (_) { /* not JSON */ }
    throw new Error(`${response.status}: ${message}`);
  }
  return text;
}

/** An element with a class and text. */
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// ---------------------------------------------------------------- the board (SVG from FEN)

const SVG = 'http://www.w3.org/2000/svg';
const SQUARE = 40;
const MARGIN = 18;

function svg(tag, attributes) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  return e;
}

/** The centre of a square such as `e4`, in board coordinates (white at the bottom). */
function centre(square) {
  const file = square.charCodeAt(0) - 97;
  const rank = square.charCodeAt(1) - 49;
  return [MARGIN + file * SQUARE + SQUARE / 2, (7 - rank) * SQUARE + SQUARE / 2];
}

/**
 * Draws the position of `fen` into `container`, with `arrows` (UCI moves such as `d1d4`)
 * and `highlight` (a UCI move whose squares are shaded). The pieces are our own drawing: a
 * disc with the piece's letter in the page's language.
 */
function drawBoard(container, fen, arrows, highlight) {
  const size = MARGIN + 8 * SQUARE;
  const root = svg('svg', {
    viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': t().boardLabel(fen),
    class: 'board-svg',
  });
  const defs = svg('defs');
  const marker = svg('marker', {
    id: 'arrowhead', viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '4',
    markerHeight: '4', orient: 'auto-start-reverse',
  });
  marker.appendChild(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }));
  defs.appendChild(marker);
  root.appendChild(defs);
  const shaded = highlight ? [highlight.slice(0, 2), highlight.slice(2, 4)] : [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const name = String.fromCharCode(97 + file) + (rank + 1);
      const light = (file + rank) % 2 === 1;
      root.appendChild(svg('rect', {
        x: MARGIN + file * SQUARE, y: (7 - rank) * SQUARE, width: SQUARE, height: SQUARE,
        class: `sq ${light ? 'light' : 'dark'}${shaded.includes(name) ? ' last' : ''}`,
      }));
    }
  }
  for (let i = 0; i < 8; i++) {
    const file = svg('text', { x: MARGIN + i * SQUARE + SQUARE / 2, y: size - 4, class: 'coord' });
    file.textContent = String.fromCharCode(97 + i);
    root.appendChild(file);
    const rank = svg('text', { x: MARGIN / 2, y: (7 - i) * SQUARE + SQUARE / 2 + 4, class: 'coord' });
    rank.textContent = String(i + 1);
    root.appendChild(rank);
  }
  const placement = (fen || '').split(' ')[0].split('/');
  placement.forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { file += Number(c); continue; }
      const white = c === c.toUpperCase();
      const x = MARGIN + file * SQUARE + SQUARE / 2;
      const y = r * SQUARE + SQUARE / 2;
      const g = svg('g', { class: `piece ${white ? 'white' : 'black'}` });
      g.appendChild(svg('circle', { cx: x, cy: y, r: SQUARE * 0.4 }));
      const letter = svg('text', { x, y: y + 6 });
      letter.textContent = t().pieces[c.toUpperCase()] || '?';
      g.appendChild(letter);
      root.appendChild(g);
      file += 1;
    }
  });
  for (const uci of arrows || []) {
    if (!/^[a-h][1-8][a-h][1-8]/.test(uci)) continue;
    const [x1, y1] = centre(uci.slice(0, 2));
    const [x2, y2] = centre(uci.slice(2, 4));
    root.appendChild(svg('line', { x1, y1, x2, y2, class: 'arrow', 'marker-end': 'url(#arrowhead)' }));
  }
  container.replaceChildren(root);
}

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

// ------------------------------------------------------------------------ the "Planilla" page

function sheetPage() {
  const state = { games: [], game: 0, ply: 0, diag: null, pgn: '', json: '', seq: 0, text: '' };
  let pending = null;
  const sheet = $('sheet');
  let timer = null;

  const settings = () => ({
    letters: $('letters').value,
    edition: Number($('edition').value),
    lenient: $('lenient').checked,
    messages: lang,
  });

  async function check() {
    const text = sheet.value;
    const seq = ++state.seq;
    if (!text.trim()) {
      state.games = [];
      $('results').hidden = true;
      $('status').textContent = t().empty;
      return;
    }
    $('status').textContent = t().checking;
    if (pending) pending.abort();
    pending = new AbortController();
    const { signal } = pending;
    try {
      const body = { text, ...settings() };
      const [json, pgn] = await Promise.all([
        post('/api/check', body, signal), post('/api/convert', body, signal),
      ]);
      if (seq !== state.seq) return;
      state.text = text;
      state.json = json;
      state.pgn = pgn;
      state.games = JSON.parse(json).games;
      state.game = Math.min(state.game, Math.max(0, state.games.length - 1));
      const game = state.games[state.game];
      state.diag = null;
      // The board opens on the first error, else at the end of the game.
      const first = game ? game.diagnostics.findIndex((d) => d.severity === 'error') : -1;
      if (first >= 0) selectDiagnostic(first, false);
      else state.ply = game ? game.moves.length : 0;
      render();
    } catch (e) {
      if (seq !== state.seq) return;
      // The results shown are another text's: hide them, so that no suggestion of theirs
      // can be written into this one.
      state.games = [];
      state.text = '';
      $('results').hidden = true;
      $('status').textContent = `${t().failed}: ${e.message}`;
    }
  }

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(check, 350);
  };

  function currentGame() { return state.games[state.game]; }

  function fenAt(game, ply) {
    if (ply <= 0) return game.start_fen || INITIAL_FEN;
    return game.moves[Math.min(ply, game.moves.length) - 1].fen;
  }

  /** The label of ply `ply` (from 1): `5.` or `5...` and its writing. */
  function plyLabel(game, ply) {
    const move = game.moves[ply - 1];
    if (move) return `${move.number}${move.color === 'white' ? '.' : '...'} ${move.san}`;
    const d = game.diagnostics.find((x) => x.ply === ply);
    return d ? sliceBytes(state.text, d.span) : String(ply);
  }

  function selectDiagnostic(index, redraw = true) {
    const game = currentGame();
    const d = game && game.diagnostics[index];
    if (!d) return;
    state.diag = index;
    if (d.ply) state.ply = Math.max(0, Math.min(d.ply - 1, game.moves.length));
    if (redraw) {
      render();
      // On a narrow screen the board is below the list: bring it into view.
      $('board').scrollIntoView({ block: 'nearest' });
    }
  }

  function severityOfPly(game, ply) {
    let worst = 'ok';
    for (const d of game.diagnostics) {
      if (d.ply !== ply) continue;
      if (d.severity === 'error') return 'error';
      if (d.severity === 'warning') worst = 'warning';
    }
    return worst;
  }

  function messagesOfPly(game, ply) {
    return game.diagnostics.filter((d) => d.ply === ply).map((d) => d.message).join('\n');
  }

  function renderMoves(game) {
    const list = $('moves');
    list.replaceChildren();
    // The plies read, and the ply that stopped the reading (written, not played).
    const items = game.moves.map((m) => ({
      ply: m.ply, number: m.number, color: m.color, label: m.san, written: m.text,
    }));
    const stop = game.diagnostics.find((d) => d.severity === 'error' && d.ply && d.ply > game.moves.length);
    if (stop) {
      const last = game.moves[game.moves.length - 1];
      const start = (game.start_fen || INITIAL_FEN).split(' ');
      const white = last ? last.color === 'black' : start[1] !== 'b';
      const number = last ? last.number + (white ? 1 : 0) : Number(start[5]) || 1;
      items.push({ ply: stop.ply, number, color: white ? 'white' : 'black', label: sliceBytes(state.text, stop.span), written: sliceBytes(state.text, stop.span) });
    }
    let row = null;
    for (const item of items) {
      if (!row || item.color === 'white') {
        row = el('li', 'move-row');
        row.appendChild(el('span', 'number', `${item.number}.`));
        if (item.color === 'black') row.appendChild(el('span', 'mv placeholder', '…'));
        list.appendChild(row);
      }
      const severity = severityOfPly(game, item.ply);
      const current = state.ply === item.ply;
      const button = el('button', `mv ${severity}${current ? ' current' : ''}`, item.label);
      button.type = 'button';
      if (current) button.setAttribute('aria-current', 'step');
      button.dataset.ply = item.ply;
      const messages = messagesOfPly(game, item.ply);
      button.title = `${t().written}: ${item.written}${messages ? `\n${messages}` : ''}`;
      button.setAttribute('aria-label', `${item.number}${item.color === 'white' ? '.' : '...'} ${item.label}: ${severity === 'ok' ? 'ok' : t().severity[severity]}${messages ? `. ${messages}` : ''}`);
      button.addEventListener('click', () => {
        const index = game.diagnostics.findIndex((d) => d.ply === item.ply && d.severity !== 'note');
        if (index >= 0) selectDiagnostic(index);
        else { state.diag = null; state.ply = Math.min(item.ply, game.moves.length); render(); }
      });
      row.appendChild(button);
    }
    $('unread').textContent = game.unread_moves ? t().unread(game.unread_moves) : '';
  }

  function renderDiagnostics(game) {
    const list = $('diags');
    list.replaceChildren();
    if (!game.diagnostics.length) {
      list.appendChild(el('li', 'none', t().noDiagnostics));
      return;
    }
    game.diagnostics.forEach((d, i) => {
      const item = el('li');
      const button = el('button', `diag ${d.severity}${state.diag === i ? ' current' : ''}`);
      button.type = 'button';
      if (state.diag === i) button.setAttribute('aria-current', 'true');
      button.appendChild(el('span', 'badge', t().severity[d.severity] || d.severity));
      button.appendChild(document.createTextNode(` ${d.message}${d.rule ? ` (${d.rule})` : ''}`));
      button.addEventListener('click', () => selectDiagnostic(i));
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  function renderDetail(game) {
    const detail = $('detail');
    const d = state.diag === null ? null : game.diagnostics[state.diag];
    if (!d) { detail.hidden = true; detail.replaceChildren(); return; }
    detail.hidden = false;
    detail.replaceChildren();
    detail.appendChild(el('p', `message ${d.severity}`, d.message));
    if (d.rule) detail.appendChild(el('p', 'rule', `${t().article}: ${d.rule}`));
    const moveList = (title, moves, clickable) => {
      if (!moves.length) return;
      detail.appendChild(el('h3', null, title));
      const ul = el('ul', 'suggestions');
      for (const m of moves) {
        const li = el('li');
        if (clickable) {
          const b = el('button', 'suggestion', m.written);
          b.type = 'button';
          b.title = t().replaceWith(m.written);
          b.setAttribute('aria-label', t().replaceWith(m.written));
          b.dataset.written = m.written;
          b.addEventListener('click', () => replaceMove(d, m.written));
          li.appendChild(b);
        } else {
          li.textContent = `${m.written} (${m.san})`;
        }
        ul.appendChild(li);
      }
      detail.appendChild(ul);
    };
    const replaceable = d.ply && ['error', 'warning'].includes(d.severity);
    moveList(t().candidates, d.candidates, replaceable);
    moveList(t().suggestions, d.suggestions, replaceable);
  }

  /** Replaces the writing of `d`'s move by `written`, and checks the sheet again. */
  function replaceMove(d, written) {
    // The text changed since it was checked: its spans no longer hold. Check it first.
    if (sheet.value !== state.text) { check(); return; }
    const game = currentGame();
    const move = game.moves.find((m) => m.ply === d.ply);
    const span = move ? move.span : d.span;
    sheet.value = replaceBytes(state.text, span, written);
    sheet.focus();
    check();
  }

  function renderBoard(game) {
    const d = state.diag === null ? null : game.diagnostics[state.diag];
    let arrows = [];
    let highlight = null;
    if (d && d.ply && state.ply === d.ply - 1) {
      arrows = (d.candidates.length ? d.candidates : d.suggestions).map((m) => m.uci);
    } else if (state.ply > 0) {
      highlight = game.moves[state.ply - 1].uci;
    }
    drawBoard($('board'), fenAt(game, state.ply), arrows, highlight);
    $('board-caption').textContent = d && d.ply && state.ply === d.ply - 1
      ? t().before(plyLabel(game, d.ply))
      : state.ply === 0 ? t().start : t().after(plyLabel(game, state.ply));
  }

  function render() {
    const game = currentGame();
    if (!game) {
      $('results').hidden = true;
      $('status').textContent = t().noGame;
      return;
    }
    $('results').hidden = false;
    let errors = 0;
    let warnings = 0;
    let valid = 0;
    for (const g of state.games) {
      const e = g.diagnostics.filter((d) => d.severity === 'error').length;
      errors += e;
      warnings += g.diagnostics.filter((d) => d.severity === 'warning').length;
      if (e === 0) valid += 1;
    }
    $('status').textContent = t().summary(state.games.length, valid, errors, warnings);
    const choice = $('game');
    $('game-choice').hidden = state.games.length < 2;
    choice.replaceChildren(...state.games.map((g, i) => {
      const o = el('option', null, `${i + 1}: ${g.tags.White || '?'} – ${g.tags.Black || '?'}`);
      o.value = String(i);
      return o;
    }));
    choice.value = String(state.game);
    renderMoves(game);
    renderDiagnostics(game);
    renderDetail(game);
    renderBoard(game);
    setDownload($('dl-pgn'), state.pgn, 'application/x-chess-pgn');
    setDownload($('dl-json'), state.json, 'application/json');
  }

  function step(to) {
    const game = currentGame();
    if (!game) return;
    state.ply = Math.max(0, Math.min(to, game.moves.length));
    state.diag = null;
    render();
  }

  sheet.addEventListener('input', schedule);
  for (const id of ['letters', 'edition', 'lenient']) $(id).addEventListener('change', check);
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (file) { sheet.value = await file.text(); check(); }
  });
  sheet.addEventListener('dragover', (e) => { e.preventDefault(); sheet.classList.add('drop'); });
  sheet.addEventListener('dragleave', () => sheet.classList.remove('drop'));
  sheet.addEventListener('drop', async (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    sheet.classList.remove('drop');
    if (!file) return;
    e.preventDefault();
    sheet.value = await file.text();
    check();
  });
  $('game').addEventListener('change', () => {
    state.game = Number($('game').value);
    state.diag = null;
    state.ply = 0;
    render();
  });
  $('first').addEventListener('click', () => step(0));
  $('prev').addEventListener('click', () => step(state.ply - 1));
  $('next').addEventListener('click', () => step(state.ply + 1));
  $('last').addEventListener('click', () => step(Infinity));
  document.addEventListener('keydown', (e) => {
    const tag = (e.target && e.target.tagName) || '';
    if (['TEXTAREA', 'INPUT', 'SELECT'].includes(tag)) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowLeft') { step(state.ply - 1); e.preventDefault(); }
    if (e.key === 'ArrowRight') { step(state.ply + 1); e.preventDefault(); }
  });
  const copy = (what) => async () => {
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(what());
      } else {
        // Plain http from another machine is no secure context: no clipboard API there.
        const area = el('textarea');
        area.value = what();
        document.body.appendChild(area);
        area.select();
        const done = document.execCommand('copy');
        area.remove();
        if (!done) throw new Error('copy refused');
      }
      $('status').textContent = t().copied;
    } catch (e) {
      $('status').textContent = `${t().copyFailed}: ${e.message}`;
    }
  };
  $('copy-pgn').addEventListener('click', copy(() => state.pgn));
  $('copy-json').addEventListener('click', copy(() => state.json));
  onLanguageSwitch(check);
  $('status').textContent = t().empty;
}

// ----------------------------------------------------------------- the "Jugada sellada" page

function sealedPage() {
  const source = () => document.querySelector('input[name="source"]:checked').value;
  const showSource = () => {
    const fen = source() === 'fen';
    $('fen-field').hidden = !fen;
    $('game-fields').hidden = fen;
  };
  for (const r of document.querySelectorAll('input[name="source"]')) r.addEventListener('change', showSource);
  showSource();
  let last = null;
  let seq = 0;
  let pending = null;

  function render(ruling) {
    const details = $('ruling-details');
    details.replaceChildren();
    const row = (term, value) => {
      if (value === null || value === undefined || value === '') return;
      details.appendChild(el('dt', null, term));
      details.appendChild(el('dd', null, value));
    };
    const verdict = $('verdict');
    verdict.className = `verdict ${ruling.consequence}`;
    verdict.textContent = t().consequence[ruling.consequence] || ruling.consequence;
    const yesNo = (b) => (b === null ? t().unknown : b ? t().yes : t().no);
    row(t().verdictLabel, `${ruling.message} (${ruling.rule})`);
    row(t().consequenceLabel, `${ruling.consequence_message}${ruling.consequence_rule ? ` (${ruling.consequence_rule})` : ''}`);
    row(t().reasonRule, ruling.reason_rule);
    if (ruling.written) row(t().played, `${ruling.written} (${ruling.san})`);
    row(t().candidates, ruling.candidates.map((m) => `${m.written} (${m.san})`).join(', '));
    if (ruling.evident_reading) {
      const e = ruling.evident_reading;
      row(t().evident, `${e.written} (${e.san}): ${t().basis[e.basis] || e.basis}`);
    }
    row(t().suggestions, ruling.suggestions.map((m) => m.written).join(', '));
    row(t().opponentCanMate, yesNo(ruling.opponent_can_mate));
    row(t().deadPosition, yesNo(ruling.dead_position));
    row(t().warnings, ruling.warnings.map((w) => `${w.message}${w.rule ? ` (${w.rule})` : ''}`).join('\n'));
    row('FEN', ruling.fen);
    const arrows = ruling.uci ? [ruling.uci] : ruling.candidates.map((m) => m.uci);
    drawBoard($('board'), ruling.fen, arrows, null);
    $('board-caption').textContent = t().before(ruling.text);
    $('ruling').hidden = false;
    // On a phone the ruling is below the form: bring it into view.
    $('ruling').scrollIntoView({ block: 'start' });
  }

  async function rule(e) {
    if (e) e.preventDefault();
    const body = {
      edition: Number($('edition').value),
      letters: $('letters').value,
      lenient: $('lenient').checked,
      messages: lang,
    };
    // An empty envelope is ruled on as written; with a sheet, no move means the sheet's.
    if (source() === 'fen' || $('move').value.trim()) body.move = $('move').value;
    if (source() === 'fen') body.fen = $('fen').value;
    else { body.game = $('game-text').value; body.ply = Number($('ply').value); }
    $('status').textContent = t().ruling_;
    const mine = ++seq;
    if (pending) pending.abort();
    pending = new AbortController();
    try {
      const ruling = JSON.parse(await post('/api/sealed', body, pending.signal));
      if (mine !== seq) return;
      last = ruling;
      $('status').textContent = '';
      render(last);
    } catch (err) {
      // Only the newest request speaks: an older one was replaced (and aborted).
      if (mine !== seq) return;
      $('ruling').hidden = true;
      $('status').textContent = `${t().failed}: ${err.message}`;
    }
  }

  $('sealed-form').addEventListener('submit', rule);
  onLanguageSwitch(() => { if (last) rule(); });
}

document.addEventListener('DOMContentLoaded', () => {
  applyLanguage();
  if (document.body.dataset.page === 'sellada') sealedPage();
  else sheetPage();
});
