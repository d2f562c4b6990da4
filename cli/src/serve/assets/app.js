// planilla serve: the "Planilla", "Dos planillas" and "Jugada sellada" pages. Plain JavaScript, no library, no
// request to any other host. Every decision is the server's (/api/check, /api/convert,
// /api/sealed, /api/reconcile, /api/compare); this script only draws what the answers say.
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
    written: 'escrito', failed: 'No se pudo revisar', sealedTitle: 'Jugada sellada',
    position: 'Posición', fromFen: 'FEN del sobre', fromGame: 'Planilla y número de jugada',
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
    navTwo: 'Dos planillas', reconTitle: 'Partida reconstruida',
    reconNote: 'Como está escrita, la planilla no es una partida legal, y el veredicto no cambia. Esta es la partida legal que más probablemente registra; cada reparación está marcada.',
    repairs: 'Reparaciones', downloadRecon: 'Descargar PGN reconstruido',
    reconIncomplete: (n) => `La planilla está demasiado dañada para reconstruirla más allá de la media jugada ${n}.`,
    alternatives: 'Otras reconstrucciones del mismo coste (la planilla puede registrar cualquiera)',
    reconStart: 'Reconstruida: posición inicial', reconAfter: (label) => `Reconstruida: después de ${label}`,
    repaired: 'reparada',
    twoTitle: 'Dos planillas', twoMode: 'Qué cotejar',
    modeReconcile: 'La planilla de las blancas y la de las negras',
    modeCompare: 'Una planilla y el registro del tablero (PGN)',
    whiteSheet: 'Planilla de las blancas', blackSheet: 'Planilla de las negras',
    sheetOnly: 'Planilla', recordPgn: 'Registro del tablero (PGN)', runTwo: 'Cotejar',
    comparing: 'Cotejando…', reconciled: 'Partida conciliada', record: 'Partida del registro',
    differences: 'Diferencias', white: 'blancas', black: 'negras', reads: 'se lee',
    nothing: 'nada (jugada de más)', sheetOf: (p) => `planilla de las ${p === 'white' ? 'blancas' : 'negras'}`,
    agreeTwo: 'Las dos planillas registran la misma partida, sin ninguna discrepancia.',
    agreeRecord: 'La planilla coincide con el registro.',
    otherGames: 'Otras partidas del mismo coste',
    kinds: { slip: 'desliz', 'missing-move': 'jugada omitida', 'extra-move': 'jugada de más',
      'move-order': 'orden cambiado', 'ambiguous-move': 'jugada ambigua' },
    discrepancy: (kind, sheet, record) => ({
      slip: `la planilla dice «${sheet}»; el registro tiene ${record}`,
      'missing-move': `falta en la planilla; el registro tiene ${record}`,
      'extra-move': `la planilla tiene «${sheet}» de más`,
      'move-order': `orden cambiado: la planilla dice «${sheet}»; el registro, ${record}`,
      'ambiguous-move': `«${sheet}» es ambigua; el registro tiene ${record}, pero la planilla sola no lo dice`,
    })[kind] || kind,
    twoCount: (n) => (n === 1 ? '1 diferencia' : `${n} diferencias`),
    skip: 'Ir al resultado', tags: 'Datos de la partida',
    tagNames: { Event: 'Torneo', Site: 'Lugar', Date: 'Fecha', Round: 'Ronda', White: 'Blancas', Black: 'Negras', Result: 'Resultado' },
    guessed: (code) => `Letras ${LETTER_NAMES.es[code] || code} (${LETTER_SETS[code].split('').join(' ')}), deducidas del texto; puede cambiarlas arriba.`,
    replaceSheet: 'El texto actual de la planilla se reemplazará. ¿Seguir?',
    unsaved: 'Este navegador no guarda el borrador: se perderá al salir.',
    sealedAt: 'Jugada sellada', drawOffer: 'Oferta de tablas con la sellada',
    moveOf: (n, side) => `jugada ${n}, ${side === 'black' ? 'negras' : 'blancas'}`,
    moveNumber: 'Número de jugada de la sellada', side: 'Bando que sella', sideWhite: 'Blancas', sideBlack: 'Negras',
    announce: (verdict, message) => `Dictamen: ${verdict}. ${message}`,
    legendWritten: 'rojo discontinuo: lo escrito, que no se puede jugar',
    legendEvident: 'verde: la intención evidente',
    firstError: 'Primer error', allValid: 'Todo válido',
    ruleFailed: 'No se pudo dictaminar', compareFailed: 'No se pudo cotejar',
    needMoveNumber: 'Escriba el número de la jugada', needFen: 'Escriba el FEN del sobre',
    needSheet: 'Escriba o pegue la planilla',
    badFen: (detail) => `El FEN del sobre no es válido (${detail}).`,
    engine: {
      load: 'no se pudo cargar el motor de revisión (WebAssembly); compruebe la conexión y vuelva a intentarlo',
      trap: 'el motor de revisión se detuvo por un error interno; se ha reiniciado: vuelva a intentarlo',
      silent: (s) => `el motor de revisión no respondió en ${s} s; se ha reiniciado: vuelva a intentarlo`,
    },
    updateReady: 'Hay una versión nueva de la mesa: recargue', reload: 'Recargar',
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
    written: 'written', failed: 'Could not check', sealedTitle: 'Sealed move',
    position: 'Position', fromFen: 'FEN on the envelope', fromGame: 'Scoresheet and move number',
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
    navTwo: 'Two sheets', reconTitle: 'Reconstructed game',
    reconNote: 'As written, the sheet is no legal game, and the verdict stands. This is the legal game it most plausibly records; every repair is marked.',
    repairs: 'Repairs', downloadRecon: 'Download reconstructed PGN',
    reconIncomplete: (n) => `The sheet is too damaged to reconstruct past ply ${n}.`,
    alternatives: 'Other reconstructions of the same cost (the sheet may record any of them)',
    reconStart: 'Reconstructed: starting position', reconAfter: (label) => `Reconstructed: after ${label}`,
    repaired: 'repaired',
    twoTitle: 'Two sheets', twoMode: 'What to compare',
    modeReconcile: "White's sheet and Black's sheet",
    modeCompare: "A sheet and the board's record (PGN)",
    whiteSheet: "White's sheet", blackSheet: "Black's sheet",
    sheetOnly: 'Scoresheet', recordPgn: "The board's record (PGN)", runTwo: 'Compare',
    comparing: 'Comparing…', reconciled: 'Reconciled game', record: "The record's game",
    differences: 'Differences', white: 'white', black: 'black', reads: 'read',
    nothing: 'nothing (a move too many)', sheetOf: (p) => `${p === 'white' ? "White's" : "Black's"} sheet`,
    agreeTwo: 'Both sheets record the same game, without any discrepancy.',
    agreeRecord: 'The sheet agrees with the record.',
    otherGames: 'Other games of the same cost',
    kinds: { slip: 'slip', 'missing-move': 'move left out', 'extra-move': 'move too many',
      'move-order': 'wrong order', 'ambiguous-move': 'ambiguous move' },
    discrepancy: (kind, sheet, record) => ({
      slip: `the sheet has "${sheet}"; the record has ${record}`,
      'missing-move': `not on the sheet; the record has ${record}`,
      'extra-move': `the sheet has "${sheet}" too many`,
      'move-order': `wrong order: the sheet has "${sheet}"; the record, ${record}`,
      'ambiguous-move': `"${sheet}" is ambiguous; the record has ${record}, but the sheet alone does not say`,
    })[kind] || kind,
    twoCount: (n) => (n === 1 ? '1 difference' : `${n} differences`),
    skip: 'Skip to the result', tags: 'Game data',
    tagNames: { Event: 'Event', Site: 'Site', Date: 'Date', Round: 'Round', White: 'White', Black: 'Black', Result: 'Result' },
    guessed: (code) => `${LETTER_NAMES.en[code] || code} letters (${LETTER_SETS[code].split('').join(' ')}), guessed from the text; you can change them above.`,
    replaceSheet: 'The scoresheet text will be replaced. Go on?',
    unsaved: 'This browser keeps no draft: it will be lost on leaving.',
    sealedAt: 'Sealed move', drawOffer: 'Draw offered with the sealed move',
    moveOf: (n, side) => `move ${n}, ${side === 'black' ? 'Black' : 'White'}`,
    moveNumber: 'Move number of the sealed move', side: 'Side that seals', sideWhite: 'White', sideBlack: 'Black',
    announce: (verdict, message) => `Ruling: ${verdict}. ${message}`,
    legendWritten: 'dashed red: the move as written, which cannot be played',
    legendEvident: 'green: the evident intention',
    firstError: 'First error', allValid: 'All valid',
    ruleFailed: 'Could not rule', compareFailed: 'Could not compare',
    needMoveNumber: 'Type the move number', needFen: 'Type the FEN on the envelope',
    needSheet: 'Type or paste the scoresheet',
    badFen: (detail) => `The FEN on the envelope is not valid (${detail}).`,
    engine: {
      load: 'the checking engine (WebAssembly) could not be loaded; check the connection and try again',
      trap: 'the checking engine stopped on an internal error; it was restarted: try again',
      silent: (s) => `the checking engine gave no answer in ${s} s; it was restarted: try again`,
    },
    updateReady: 'A new version of the desk is ready: reload', reload: 'Reload',
  },
};

const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The names of the letter sets, for the note that says which one was guessed. */
const LETTER_NAMES = {
  es: { es: 'españolas', en: 'inglesas', fr: 'francesas', de: 'alemanas', it: 'italianas', pt: 'portuguesas', nl: 'neerlandesas', ca: 'catalanas' },
  en: { es: 'Spanish', en: 'English', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', nl: 'Dutch', ca: 'Catalan' },
};
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
  button.setAttribute('aria-label', `${t().langButton} (${t().langLabel})`);
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

/** The folder of this script: the worker and the WebAssembly are beside it. */
const ASSETS = new URL('.', document.currentScript.src);

// The service worker keeps every file of the desk for use with no network, where the browser
// allows one (https, or this machine). When a new version of the desk takes over (its service
// worker has filled a new cache whole), the page says so and waits: a reload is the user's,
// never the page's, so that nothing typed is lost.
if ('serviceWorker' in navigator && window.isSecureContext) {
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first service worker of this browser takes over a page it did not serve: no news.
    if (controlled) $('update').hidden = false;
    controlled = true;
  });
  navigator.serviceWorker.register(new URL('../sw.js', ASSETS)).catch(() => { /* online only */ });
}

/**
 * The checks run in the browser: planilla's WebAssembly in a worker (`worker.js`), so that the
 * page works with no server behind it and stays responsive while a long text is checked.
 * A worker whose WebAssembly trapped (it is built with panic=abort: its instance is then
 * unusable), that failed to load, or that gave no answer within `limit` milliseconds (the
 * sealed page's full search takes seconds; a long sheet's reconstruction too) is ended, every
 * request waiting on it fails, and the next request starts a new one.
 */
const engine = { worker: null, next: 0, waiting: new Map(), limit: 60000 };

/** The failure `kind` of the engine (`load`, `trap`, `silent`), said in the page's language. */
function engineFailure(kind) {
  const said = t().engine[kind] || t().engine.trap;
  return new Error(typeof said === 'function' ? said(engine.limit / 1000) : said);
}

/** Ends the worker and fails every request waiting on it with the failure `kind`. */
function stopEngine(kind) {
  if (engine.worker) engine.worker.terminate();
  engine.worker = null;
  const waiting = [...engine.waiting.values()];
  engine.waiting.clear();
  for (const w of waiting) w.fail(engineFailure(kind));
}

function startEngine() {
  const worker = new Worker(new URL('worker.js', ASSETS), { type: 'module' });
  worker.onmessage = (event) => {
    const { id, status, body, failure } = event.data;
    if (worker !== engine.worker) return;
    if (failure) {
      stopEngine(failure);
      return;
    }
    const waiting = engine.waiting.get(id);
    engine.waiting.delete(id);
    if (waiting) waiting.answer(status, body);
  };
  // The worker's script could not be loaded or run.
  worker.onerror = (event) => {
    event.preventDefault();
    if (worker === engine.worker) stopEngine('load');
  };
  engine.worker = worker;
}

/**
 * Answers `body` for the API route of `path` (`/api/check`, …) as `planilla serve` would, in
 * the browser; resolves to the answer's text, or throws with its message (in the language the
 * body's `messages` asks for; the engine's own failures in the page's). `signal` drops the
 * answer when a newer request replaces it.
 */
async function post(path, body, signal) {
  if (!engine.worker) startEngine();
  const id = ++engine.next;
  const [status, text] = await new Promise((resolve, reject) => {
    // A worker that keeps any request past the limit is stuck (or dead): it is ended.
    const timer = setTimeout(() => stopEngine('silent'), engine.limit);
    const done = () => {
      clearTimeout(timer);
      engine.waiting.delete(id);
    };
    engine.waiting.set(id, {
      answer: (s, b) => { done(); resolve([s, b]); },
      fail: (e) => { done(); reject(e); },
    });
    if (signal) {
      signal.addEventListener('abort', () => {
        done();
        reject(new DOMException('replaced', 'AbortError'));
      });
    }
    try {
      engine.worker.postMessage({ id, route: path.replace('/api/', ''), body });
    } catch (e) {
      done();
      reject(e);
    }
  });
  if (status !== 200) {
    let message = text;
    try { message = JSON.parse(text).error || text; } catch (_) { /* not JSON */ }
    throw new Error(message);
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

/** The colours of numbered arrows (candidates, suggestions): distinct, and each with its number. */
const ARROW_COLOURS = ['#1f6fd1', '#c2410c', '#7c3aed', '#0f766e', '#be185d', '#4d7c0f', '#a16207', '#0369a1'];
/** The written move that cannot be played (dashed red), the evident reading (green). */
const WRITTEN_COLOUR = '#c81e1e';
const EVIDENT_COLOUR = '#15803d';

/** The colour of numbered arrow `n` (from 0). */
function arrowColour(n) { return ARROW_COLOURS[n % ARROW_COLOURS.length]; }

/**
 * Draws the position of `fen` into `container`. `arrows` are UCI moves (`d1d4`) or
 * `{uci, kind, n}`: kind `option` (a candidate or suggestion, numbered `n` from 0, each its own
 * colour with its number at the arrowhead), `written` (the move as written, which cannot be
 * played: dashed red), `evident` (the evident reading: green) or `played` (the default).
 * `highlight` is a UCI move whose squares are shaded; `crosses` are squares marked with a red
 * cross (where the written move goes). The pieces are Colin M.L. Burnett's figures
 * (assets/pieces.svg, CC BY-SA 3.0, from cm-chessboard).
 */
function drawBoard(container, fen, arrows, highlight, crosses) {
  const size = MARGIN + 8 * SQUARE;
  const root = svg('svg', {
    viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': t().boardLabel(fen),
    class: 'board-svg',
  });
  const defs = svg('defs');
  root.appendChild(defs);
  const markers = new Map();
  const markerFor = (colour) => {
    if (!markers.has(colour)) {
      const id = `head-${container.id}-${markers.size}`;
      const marker = svg('marker', {
        id, viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '4',
        markerHeight: '4', orient: 'auto-start-reverse',
      });
      marker.appendChild(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour, class: 'arrowhead' }));
      defs.appendChild(marker);
      markers.set(colour, id);
    }
    return `url(#${markers.get(colour)})`;
  };
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
  const sprite = new URL('pieces.svg', ASSETS).href;
  placement.forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { file += Number(c); continue; }
      const white = c === c.toUpperCase();
      const name = `${white ? 'w' : 'b'}${c.toLowerCase()}`;
      const piece = svg('use', {
        href: `${sprite}#${name}`, x: MARGIN + file * SQUARE, y: r * SQUARE,
        width: SQUARE, height: SQUARE, class: `piece ${white ? 'white' : 'black'}`,
      });
      const title = svg('title');
      title.textContent = t().pieces[c.toUpperCase()] || '?';
      piece.appendChild(title);
      root.appendChild(piece);
      file += 1;
    }
  });
  for (const square of crosses || []) {
    if (!/^[a-h][1-8]$/.test(square)) continue;
    const [x, y] = centre(square);
    const d = SQUARE * 0.28;
    root.appendChild(svg('path', {
      d: `M ${x - d} ${y - d} L ${x + d} ${y + d} M ${x + d} ${y - d} L ${x - d} ${y + d}`,
      class: 'cross', stroke: WRITTEN_COLOUR,
    }));
  }
  const entries = (arrows || []).map((a) => (typeof a === 'string' ? { uci: a, kind: 'played' } : a))
    .filter((a) => /^[a-h][1-8][a-h][1-8]/.test(a.uci || ''));
  // Numbered arrows from one square fan out a little, so that arrows along one line stay
  // apart; each carries its number at its head.
  const fromCount = new Map();
  for (const a of entries) if (a.kind === 'option') fromCount.set(a.uci.slice(0, 2), (fromCount.get(a.uci.slice(0, 2)) || 0) + 1);
  const fromSeen = new Map();
  for (const a of entries) {
    let [x1, y1] = centre(a.uci.slice(0, 2));
    let [x2, y2] = centre(a.uci.slice(2, 4));
    const colour = a.kind === 'option' ? arrowColour(a.n || 0)
      : a.kind === 'written' ? WRITTEN_COLOUR : a.kind === 'evident' ? EVIDENT_COLOUR : ARROW_COLOURS[0];
    if (a.kind === 'option') {
      const from = a.uci.slice(0, 2);
      const k = fromSeen.get(from) || 0;
      fromSeen.set(from, k + 1);
      const shift = (k - ((fromCount.get(from) || 1) - 1) / 2) * 9;
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [px, py] = [-(y2 - y1) / length * shift, (x2 - x1) / length * shift];
      x1 += px; y1 += py; x2 += px; y2 += py;
    }
    root.appendChild(svg('line', {
      x1, y1, x2, y2, stroke: colour, 'marker-end': markerFor(colour),
      class: a.kind === 'option' ? 'arrow option' : `${a.kind}-move`,
    }));
    if (a.kind === 'option') {
      const badge = svg('g', { class: 'arrow-number' });
      badge.appendChild(svg('circle', { cx: x2, cy: y2, r: 8, fill: colour }));
      const number = svg('text', { x: x2, y: y2 + 4 });
      number.textContent = String((a.n || 0) + 1);
      badge.appendChild(number);
      root.appendChild(badge);
    }
  }
  container.replaceChildren(root);
}

/** The piece letters of each letter set the page offers (Appendix E3 (2005); C.3 (2023)). */
const LETTER_SETS = {
  es: 'RDTAC', en: 'KQRBN', fr: 'RDTFC', de: 'KDTLS', it: 'RDTAC', pt: 'RDTBC', nl: 'KDTLP', ca: 'RDTAC',
};

/**
 * A move in SAN as the page shows it to a person: on a Spanish page, in the sheet's letters,
 * as the sheets write it (`Rde1` is the rook move `Tde1`, where `R` is the king; `O-O` is
 * `0-0`, `f8=Q` is `f8D`); on an English page, SAN. PGN and the JSON keep SAN.
 */
function shownMove(san) {
  if (lang !== 'es' || !san) return san;
  const picked = document.getElementById('letters');
  const set = LETTER_SETS[picked ? picked.value : 'es'] || LETTER_SETS.es;
  const letter = (c) => set['KQRBN'.indexOf(c)];
  return san
    .replace(/^[KQRBN]/, letter)
    .replace(/=([QRBN])/, (_, c) => letter(c))
    .replace(/^O-O(-O)?/, (castle) => castle.replace(/O/g, '0'));
}

/** A legal move as `{written, san}` is shown: the sheet's writing on a Spanish page, the
 * writing and its SAN on an English one. */
function shownPair(m) {
  return lang === 'es' ? m.written : `${m.written} (${m.san})`;
}

/**
 * The move as written, drawn where it cannot go: the square it names (crossed) and a dashed
 * arrow from each piece of the side to move that the letter names (a pawn: from the files a
 * pawn move to that square can come from). `{arrows, crosses}`; nothing for a writing that
 * names no square.
 */
function writtenMarks(written, fen, letters) {
  const squares = (written || '').match(/[a-h][1-8]/g);
  if (!squares) return { arrows: [], crosses: [] };
  const to = squares[squares.length - 1];
  const [placement, side] = (fen || INITIAL_FEN).split(' ');
  const set = LETTER_SETS[letters] || LETTER_SETS.es;
  const first = written.trim()[0] || '';
  const index = set.indexOf(first);
  const role = index >= 0 ? 'kqrbn'[index] : 'p';
  const wanted = side === 'b' ? role : role.toUpperCase();
  const origins = [];
  placement.split('/').forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { file += Number(c); continue; }
      const square = String.fromCharCode(97 + file) + (8 - r);
      if (c === wanted) {
        const near = role !== 'p' || Math.abs(square.charCodeAt(0) - to.charCodeAt(0)) <= 1;
        if (near && square !== to) origins.push(square);
      }
      file += 1;
    }
  });
  // Many pieces of the kind (pawns): the cross alone says where the move goes.
  const arrows = origins.length <= 2 ? origins.map((o) => ({ uci: `${o}${to}`, kind: 'written' })) : [];
  return { arrows, crosses: [to] };
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

// ------------------------------------------------------------------- shared page behaviour

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

/**
 * The letter set a text is written in, when it says so clearly: move words starting with a
 * letter that only one of Spanish (D, T, A, C) and English (Q, B, N, K) uses, three times
 * over and twice as often as the other's. `null` when it is not clear.
 */
function guessLetters(text) {
  const words = text.match(/(^|[\s.])([A-Z])x?[a-h]?[1-8]?x?[a-h][1-8]/g) || [];
  let es = 0;
  let en = 0;
  for (const w of words) {
    const c = w.trim().replace(/^[.]/, '')[0];
    if ('DTAC'.includes(c)) es += 1;
    if ('QBNK'.includes(c)) en += 1;
  }
  if (en >= 3 && en >= 2 * es) return 'en';
  if (es >= 3 && es >= 2 * en) return 'es';
  return null;
}

// ------------------------------------------------------------------------ the "Planilla" page

function sheetPage() {
  // `view` is the game the board shows: `written` (the sheet as read, up to its first error)
  // or `recon` (its reconstruction, at ply `rply`).
  const state = {
    games: [], game: 0, ply: 0, diag: null, pgn: '', json: '', reconPgn: '', seq: 0, text: '',
    view: 'written', rply: 0, follow: false, lettersChosen: false, guessed: null,
  };
  let pending = null;
  const sheet = $('sheet');
  let timer = null;
  // The letters chosen by hand are kept with the draft, until the sheet is emptied or another
  // file is loaded: a new sheet has its letters guessed again.
  const chosenKey = 'planilla-draft:planilla:letters-chosen';
  const keepChosen = (chosen) => {
    state.lettersChosen = chosen;
    try { localStorage.setItem(chosenKey, chosen ? '1' : '0'); } catch (_) { /* none kept */ }
  };

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
      state.guessed = null;
      $('results').hidden = true;
      $('first-issue').hidden = true;
      $('guessed').textContent = '';
      setBusy(false);
      setStatus(t().empty);
      if (state.lettersChosen) keepChosen(false);
      return;
    }
    setBusy(true, t().checking);
    // The letters, unless the user chose them: guessed from the text when it is clear.
    if (!state.lettersChosen) {
      const guess = guessLetters(text);
      state.guessed = guess && guess !== 'es' ? guess : null;
      $('letters').value = guess || 'es';
    }
    if (pending) pending.abort();
    pending = new AbortController();
    const { signal } = pending;
    try {
      const body = { text, ...settings() };
      const [json, pgn] = await Promise.all([
        post('/api/check', { ...body, reconstruct: true }, signal), post('/api/convert', body, signal),
      ]);
      // A damaged game's reconstruction as PGN, only when there is one.
      const damaged = JSON.parse(json).games.some((g) => g.reconstruction);
      const reconPgn = damaged ? await post('/api/convert', { ...body, reconstruct: true }, signal) : '';
      if (seq !== state.seq) return;
      setBusy(false);
      state.reconPgn = reconPgn;
      state.view = 'written';
      state.rply = 0;
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
      // After a suggestion was taken: the board, and the move it now opens, stay in view.
      if (state.follow) {
        state.follow = false;
        document.querySelector('.board-panel').scrollIntoView({ block: 'start' });
        const current = $('moves').querySelector('button.mv.current');
        if (current) current.focus({ preventScroll: true });
      }
    } catch (e) {
      if (seq !== state.seq) return;
      // The results shown are another text's: hide them, so that no suggestion of theirs
      // can be written into this one.
      state.games = [];
      state.text = '';
      $('results').hidden = true;
      $('first-issue').hidden = true;
      setBusy(false);
      setStatus(`${t().failed}: ${e.message}`);
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
    if (move) return `${move.number}${move.color === 'white' ? '.' : '...'} ${shownMove(move.san)}`;
    const d = game.diagnostics.find((x) => x.ply === ply);
    return d ? sliceBytes(state.text, d.span) : String(ply);
  }

  function selectDiagnostic(index, redraw = true) {
    const game = currentGame();
    const d = game && game.diagnostics[index];
    if (!d) return;
    state.diag = index;
    state.view = 'written';
    if (d.ply) state.ply = Math.max(0, Math.min(d.ply - 1, game.moves.length));
    if (redraw) {
      render();
      showBoard();
    }
  }

  /**
   * Brings the board into view. On a narrow screen it is below the lists: its panel comes to
   * the top of the screen, with the diagnostic and its suggestions under the board.
   */
  function showBoard() {
    if (window.matchMedia('(max-width: 56rem)').matches) {
      document.querySelector('.board-panel').scrollIntoView({ block: 'start' });
    } else {
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
      ply: m.ply, number: m.number, color: m.color, label: shownMove(m.san), written: m.text,
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
      const current = state.view === 'written' && state.ply === item.ply;
      const button = el('button', `mv ${severity}${current ? ' current' : ''}`, item.label);
      button.type = 'button';
      if (current) button.setAttribute('aria-current', 'step');
      button.dataset.ply = item.ply;
      button.dataset.key = `moves:${item.ply}`;
      const messages = messagesOfPly(game, item.ply);
      button.title = `${t().written}: ${item.written}${messages ? `\n${messages}` : ''}`;
      button.setAttribute('aria-label', `${item.number}${item.color === 'white' ? '.' : '...'} ${item.label}: ${severity === 'ok' ? 'ok' : t().severity[severity]}${messages ? `. ${messages}` : ''}`);
      button.addEventListener('click', () => {
        const index = game.diagnostics.findIndex((d) => d.ply === item.ply && d.severity !== 'note');
        if (index >= 0) selectDiagnostic(index);
        else {
          state.diag = null;
          state.view = 'written';
          state.ply = Math.min(item.ply, game.moves.length);
          render();
        }
      });
      row.appendChild(button);
    }
    $('unread').textContent = game.unread_moves ? t().unread(game.unread_moves) : '';
    rove(list);
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
      button.dataset.key = `diag:${i}`;
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
    // The list drawn on the board: each move with its arrow's number and colour.
    const drawn = d.candidates.length ? d.candidates : d.suggestions;
    const swatch = (moves, k) => {
      if (moves !== drawn) return null;
      const mark = el('span', 'swatch', String(k + 1));
      mark.style.backgroundColor = arrowColour(k);
      mark.setAttribute('aria-hidden', 'true');
      return mark;
    };
    const moveList = (title, moves, clickable) => {
      if (!moves.length) return;
      detail.appendChild(el('h3', null, title));
      const ul = el('ul', 'suggestions');
      for (const [k, m] of moves.entries()) {
        const li = el('li');
        if (clickable) {
          const b = el('button', 'suggestion', m.written);
          const mark = swatch(moves, k);
          if (mark) b.prepend(mark);
          b.type = 'button';
          // Its name is the move, as shown; what it does is its description.
          b.title = t().replaceWith(m.written);
          b.dataset.written = m.written;
          b.dataset.key = `suggestion:${m.written}`;
          b.addEventListener('click', () => replaceMove(d, m.written));
          li.appendChild(b);
        } else {
          const mark = swatch(moves, k);
          if (mark) li.appendChild(mark);
          li.appendChild(document.createTextNode(shownPair(m)));
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
    // The text box is not focused: on a phone that would scroll the board away.
    setField(sheet, replaceBytes(state.text, span, written));
    state.follow = true;
    check();
  }

  /** The reconstruction of a damaged game: its moves (repairs marked), repairs, alternatives. */
  function renderRecon(game) {
    const r = game.reconstruction;
    $('recon').hidden = !r;
    if (!r) return;
    const start = game.start_fen || INITIAL_FEN;
    const repairsAt = (ply) => r.repairs.filter((x) => x.ply === ply);
    const pick = (ply) => {
      state.view = 'recon';
      state.rply = ply;
      state.diag = null;
      render();
      $('board').scrollIntoView({ block: 'nearest' });
    };
    renderMoveList($('recon-moves'), start, r.san, (ply) => {
      const here = repairsAt(ply);
      return here.length
        ? { className: 'repair', title: `${t().repaired}: ${here.map((x) => x.reason).join('; ')}` }
        : { className: 'ok', title: '' };
    }, state.view === 'recon' ? state.rply : null, pick);
    const list = $('repairs');
    list.replaceChildren();
    for (const x of r.repairs) {
      const item = el('li');
      const button = el('button', 'diag repair');
      button.type = 'button';
      // The reason names the kind of repair: `desliz: «d4» se lee d5, …`.
      button.appendChild(el('span', 'badge', plyNumber(start, x.ply)));
      const shown = shownMove(x.san) || x.written || '';
      button.appendChild(document.createTextNode(` ${shown}: ${x.reason}`));
      // A move left out of the game (written twice) is shown after the ply before it.
      button.addEventListener('click', () => pick(Math.min(x.san ? x.ply : x.ply - 1, r.san.length)));
      item.appendChild(button);
      list.appendChild(item);
    }
    const incomplete = $('recon-incomplete');
    incomplete.hidden = r.complete;
    incomplete.textContent = r.complete ? '' : t().reconIncomplete(r.san.length);
    const alternatives = $('alternatives');
    alternatives.replaceChildren();
    if (r.alternatives.length) {
      alternatives.appendChild(el('h3', null, t().alternatives));
      for (const a of r.alternatives) {
        const p = el('p', 'alternatives');
        const reasons = a.repairs.map((x) => `${plyNumber(start, x.ply)} ${x.reason}`).join('; ');
        p.textContent = reasons;
        alternatives.appendChild(p);
      }
    }
    setDownload($('dl-recon'), state.reconPgn, 'application/x-chess-pgn');
  }

  function renderBoard(game) {
    const r = game.reconstruction;
    if (state.view === 'recon' && r) {
      const ply = Math.max(0, Math.min(state.rply, r.san.length));
      drawBoard($('board'), ply ? r.fen[ply - 1] : (game.start_fen || INITIAL_FEN), [], ply ? r.uci[ply - 1] : null);
      $('board-caption').textContent = ply
        ? t().reconAfter(`${plyNumber(game.start_fen, ply)} ${shownMove(r.san[ply - 1])}`)
        : t().reconStart;
      return;
    }
    const d = state.diag === null ? null : game.diagnostics[state.diag];
    let arrows = [];
    let highlight = null;
    let crosses = [];
    const fen = fenAt(game, state.ply);
    if (d && d.ply && state.ply === d.ply - 1) {
      arrows = (d.candidates.length ? d.candidates : d.suggestions)
        .map((m, n) => ({ uci: m.uci, kind: 'option', n }));
      // An error with no candidate: the move as written, where it cannot go.
      if (d.severity === 'error' && !d.candidates.length && d.span) {
        const marks = writtenMarks(sliceBytes(state.text, d.span), fen, $('letters').value);
        arrows = marks.arrows.concat(arrows);
        crosses = marks.crosses;
      }
    } else if (state.ply > 0) {
      highlight = game.moves[state.ply - 1].uci;
    }
    drawBoard($('board'), fen, arrows, highlight, crosses);
    $('board-caption').textContent = d && d.ply && state.ply === d.ply - 1
      ? t().before(plyLabel(game, d.ply))
      : state.ply === 0 ? t().start : t().after(plyLabel(game, state.ply));
  }

  function render() { keepingFocus(draw); }

  function draw() {
    const game = currentGame();
    $('guessed').textContent = state.guessed ? t().guessed(state.guessed) : '';
    if (!game) {
      $('results').hidden = true;
      $('first-issue').hidden = true;
      setStatus(t().noGame);
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
    setStatus(t().summary(state.games.length, valid, errors, warnings), true);
    renderFirstIssue();
    renderTags(game);
    const choice = $('game');
    $('game-choice').hidden = state.games.length < 2;
    choice.replaceChildren(...state.games.map((g, i) => {
      const o = el('option', null, `${i + 1}: ${g.tags.White || '?'} – ${g.tags.Black || '?'}`);
      o.value = String(i);
      return o;
    }));
    choice.value = String(state.game);
    renderMoves(game);
    renderRecon(game);
    renderDiagnostics(game);
    renderDetail(game);
    renderBoard(game);
    setDownload($('dl-pgn'), state.pgn, 'application/x-chess-pgn');
    setDownload($('dl-json'), state.json, 'application/json');
    $('dl-pgn').download = fileName(game.tags, '.pgn');
    $('dl-json').download = fileName(game.tags, '.json');
    $('dl-recon').download = fileName(game.tags, '-reconstruida.pgn');
  }

  /**
   * Under the summary, the first error of the sheet as a button that opens it (on a phone both
   * stay at the bottom of the screen while the sheet is typed), or "all valid".
   */
  function renderFirstIssue() {
    const box = $('first-issue');
    box.hidden = false;
    box.replaceChildren();
    const g = state.games.findIndex((x) => x.diagnostics.some((d) => d.severity === 'error'));
    if (g < 0) {
      box.appendChild(el('span', 'all-valid', t().allValid));
      return;
    }
    const i = state.games[g].diagnostics.findIndex((d) => d.severity === 'error');
    const d = state.games[g].diagnostics[i];
    const button = el('button', 'diag error');
    button.type = 'button';
    button.dataset.key = 'first-issue';
    button.appendChild(el('span', 'badge', t().firstError));
    const where = state.games.length > 1 ? `${t().game} ${g + 1}: ` : '';
    button.appendChild(document.createTextNode(` ${where}${d.message}`));
    button.addEventListener('click', () => {
      state.game = g;
      selectDiagnostic(i);
    });
    box.appendChild(button);
  }

  /** The game's headers (its tags), so that a header read wrongly shows. */
  function renderTags(game) {
    const list = $('tags');
    list.replaceChildren();
    for (const name of ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']) {
      const value = game.tags[name];
      if (!value || value === '?' || value === '????.??.??' || value === '*') continue;
      list.appendChild(el('dt', null, t().tagNames[name]));
      list.appendChild(el('dd', null, value));
    }
    list.hidden = !list.children.length;
  }

  function step(to) {
    const game = currentGame();
    if (!game) return;
    if (state.view === 'recon' && game.reconstruction) {
      state.rply = Math.max(0, Math.min(to, game.reconstruction.san.length));
      render();
      return;
    }
    state.ply = Math.max(0, Math.min(to, game.moves.length));
    state.diag = null;
    render();
  }

  sheet.addEventListener('input', schedule);
  for (const id of ['letters', 'edition', 'lenient']) $(id).addEventListener('change', check);
  $('letters').addEventListener('change', () => { keepChosen(true); state.guessed = null; }, true);
  /** A file's text, loaded into the sheet: its letters are guessed again, and it is checked. */
  const loaded = (text) => {
    keepChosen(false);
    setField(sheet, text);
    check();
  };
  /** Whether `text` may replace the sheet: asks first when the sheet holds another text. */
  const mayReplace = (text) => !sheet.value.trim() || sheet.value === text || window.confirm(t().replaceSheet);
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (!file) return;
    const text = await file.text();
    if (mayReplace(text)) loaded(text);
  });
  sheet.addEventListener('dragover', (e) => { e.preventDefault(); sheet.classList.add('drop'); });
  sheet.addEventListener('dragleave', () => sheet.classList.remove('drop'));
  sheet.addEventListener('drop', async (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    sheet.classList.remove('drop');
    if (!file) return;
    e.preventDefault();
    const text = await file.text();
    if (mayReplace(text)) loaded(text);
  });
  $('game').addEventListener('change', () => {
    state.game = Number($('game').value);
    state.diag = null;
    state.view = 'written';
    state.ply = 0;
    render();
  });
  const at = () => (state.view === 'recon' ? state.rply : state.ply);
  $('first').addEventListener('click', () => step(0));
  $('prev').addEventListener('click', () => step(at() - 1));
  $('next').addEventListener('click', () => step(at() + 1));
  $('last').addEventListener('click', () => step(Infinity));
  onArrowKeys((delta) => {
    step(at() + delta);
    followCurrent($('moves'));
    followCurrent($('recon-moves'));
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
      setStatus(t().copied);
    } catch (e) {
      setStatus(`${t().copyFailed}: ${e.message}`);
    }
  };
  $('copy-pgn').addEventListener('click', copy(() => state.pgn));
  $('copy-json').addEventListener('click', copy(() => state.json));
  onLanguageSwitch(check);
  skipLink(() => $('diags').querySelector('button') || $('sheet'));
  setStatus(t().empty);
  try {
    state.lettersChosen = localStorage.getItem(chosenKey) === '1';
    // Kept for the whole browser by an earlier version of this page: a choice for one sheet.
    localStorage.removeItem('planilla-letters-chosen');
  } catch (_) { /* none kept */ }
  if (keepDrafts()) check();
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
  // Whether the page has ruled, or said why not: a switch of language says it again.
  let ruled = false;

  /** What the sealed page needs before it asks: the field to fill and what to say, or null. */
  function missing() {
    if (source() === 'fen') return $('fen').value.trim() ? null : [$('fen'), t().needFen];
    if (!$('game-text').value.trim()) return [$('game-text'), t().needSheet];
    const number = $('move-number').value.trim();
    if (!/^[0-9]+$/.test(number) || Number(number) < 1) return [$('move-number'), t().needMoveNumber];
    return null;
  }

  /** The API's reason there is no ruling, in the page's language. */
  function reason(message) {
    // The FEN parser's words (in the request's language) say where the FEN is wrong.
    if (message.startsWith('fen: ')) return t().badFen(message.slice('fen: '.length));
    return message;
  }

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
    if (ruling.written) row(t().played, shownPair(ruling));
    // Numbered as their arrows on the board.
    row(t().candidates, ruling.candidates.map((m, n) => `${n + 1}: ${shownPair(m)}`).join(', '));
    if (ruling.evident_reading) {
      const e = ruling.evident_reading;
      row(t().evident, `${shownPair(e)}: ${t().basis[e.basis] || e.basis}`);
    }
    row(t().suggestions, ruling.suggestions.map((m) => m.written).join(', '));
    row(t().sealedAt, sealedAt(ruling));
    row(t().drawOffer, yesNo(ruling.draw_offer));
    row(t().opponentCanMate, yesNo(ruling.opponent_can_mate));
    row(t().deadPosition, yesNo(ruling.dead_position));
    row(t().warnings, ruling.warnings.map((w) => `${w.message}${w.rule ? ` (${w.rule})` : ''}`).join('\n'));
    row('FEN', ruling.fen);
    let arrows = ruling.uci ? [ruling.uci] : ruling.candidates.map((m, n) => ({ uci: m.uci, kind: 'option', n }));
    let crosses = [];
    if (!ruling.uci && !ruling.candidates.length) {
      const marks = writtenMarks(ruling.text, ruling.fen, $('letters').value);
      arrows = marks.arrows;
      crosses = marks.crosses;
    }
    if (ruling.evident_reading && ruling.evident_reading.uci) {
      arrows = arrows.concat([{ uci: ruling.evident_reading.uci, kind: 'evident' }]);
    }
    drawBoard($('board'), ruling.fen, arrows, null, crosses);
    const legend = $('legend');
    legend.replaceChildren();
    if (crosses.length) legend.appendChild(el('span', 'written-key', t().legendWritten));
    if (ruling.evident_reading && ruling.evident_reading.uci) {
      if (legend.children.length) legend.appendChild(document.createTextNode(' · '));
      legend.appendChild(el('span', 'evident-key', t().legendEvident));
    }
    legend.hidden = !legend.children.length;
    $('board-caption').textContent = t().before(ruling.text);
    $('ruling').hidden = false;
    // On a phone the ruling is below the form: bring it into view.
    $('ruling').scrollIntoView({ block: 'start' });
  }

  async function rule(e) {
    if (e) e.preventDefault();
    ruled = true;
    for (const f of document.querySelectorAll('#sealed-form [aria-invalid]')) f.removeAttribute('aria-invalid');
    const needed = missing();
    if (needed) {
      // Said before asking: an empty move number is no move 0.
      ++seq;
      if (pending) pending.abort();
      const [field, message] = needed;
      $('ruling').hidden = true;
      last = null;
      setBusy(false);
      setStatus(message);
      field.setAttribute('aria-invalid', 'true');
      if (e) field.focus();
      return;
    }
    const body = {
      edition: Number($('edition').value),
      letters: $('letters').value,
      lenient: $('lenient').checked,
      messages: lang,
    };
    // An empty envelope is ruled on as written; with a sheet, no move means the sheet's.
    if (source() === 'fen' || $('move').value.trim()) body.move = $('move').value;
    if (source() === 'fen') body.fen = $('fen').value;
    else {
      body.game = $('game-text').value;
      body.number = Number($('move-number').value);
      body.side = $('side').value;
    }
    setBusy(true, t().ruling_);
    const mine = ++seq;
    if (pending) pending.abort();
    pending = new AbortController();
    try {
      const ruling = JSON.parse(await post('/api/sealed', body, pending.signal));
      if (mine !== seq) return;
      setBusy(false);
      last = ruling;
      render(last);
      // Said to a screen reader at once: the ruling and its reason.
      setStatus(t().announce(
        t().consequence[ruling.consequence] || ruling.consequence, ruling.message,
      ), true);
    } catch (err) {
      // Only the newest request speaks: an older one was replaced (and aborted).
      if (mine !== seq) return;
      setBusy(false);
      last = null;
      $('ruling').hidden = true;
      setStatus(`${t().ruleFailed}: ${reason(err.message)}`);
    }
  }

  /** "move 40, White": the sealed move's number and side, from the ruling or its FEN. */
  function sealedAt(ruling) {
    const fields = (ruling.fen || INITIAL_FEN).split(' ');
    const number = ruling.number || Number(fields[5]) || 1;
    const side = ruling.sealer || (fields[1] === 'b' ? 'black' : 'white');
    return t().moveOf(number, side);
  }

  $('sealed-form').addEventListener('submit', rule);
  onLanguageSwitch(() => { if (ruled) rule(); });
  skipLink(() => (!$('ruling').hidden ? $('ruling-title') : $('fen').offsetParent ? $('fen') : $('game-text')));
  if (keepDrafts()) showSource();
}

// ------------------------------------------------------------------- the "Dos planillas" page

function twoPage() {
  const mode = () => document.querySelector('input[name="mode"]:checked').value;
  const state = { answer: null, mode: 'reconcile', ply: 0, arrow: null, seq: 0, ran: false };
  let pending = null;

  function showMode() {
    const compare = mode() === 'compare';
    $('first-label').dataset.i18n = compare ? 'sheetOnly' : 'whiteSheet';
    $('second-label').dataset.i18n = compare ? 'recordPgn' : 'blackSheet';
    applyLanguage();
  }
  for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener('change', showMode);
  showMode();

  /** The differences of the answer: `{ ply, className, text }`, in ply order. */
  function differences(a) {
    if (state.mode === 'compare') {
      return a.discrepancies.map((d) => ({
        ply: d.ply, className: 'error',
        // The record's moves in the sheet's letters in Spanish (SAN's `Rde1` reads as a
        // king move there), in SAN in English.
        text: `${t().kinds[d.kind] || d.kind}: ${t().discrepancy(d.kind, d.sheet, lang === 'es' ? d.record_written : d.record)}`,
      }));
    }
    const quoted = (x) => (x === null ? '—' : lang === 'es' ? `«${x}»` : `"${x}"`);
    // Each disagreement, with the sheet that is wrong there and how; then each repair where
    // the sheets agree (both wrong alike, or both ambiguous).
    const repairsAt = (ply) => a.repairs.filter((r) => r.ply === ply)
      .map((r) => `${t().sheetOf(r.player)}: ${t().kinds[r.kind] || r.kind}`);
    const out = a.disagreements.map((d) => {
      const wrong = repairsAt(d.ply);
      return {
        ply: d.ply, className: 'error',
        text: `${t().white}: ${quoted(d.white)}; ${t().black}: ${quoted(d.black)}; ${t().reads} ${d.read === null ? t().nothing : shownMove(d.read)}${wrong.length ? ` (${wrong.join('; ')})` : ''}`,
      };
    });
    for (const r of a.repairs) {
      if (a.disagreements.some((d) => d.ply === r.ply)) continue;
      out.push({
        ply: r.ply, className: 'warning',
        text: `${t().sheetOf(r.player)}, ${t().kinds[r.kind] || r.kind}: ${t().discrepancy(r.kind, r.sheet, r.record)}`,
      });
    }
    return out.sort((x, y) => x.ply - y.ply);
  }

  function render() { keepingFocus(draw); }

  function draw() {
    const a = state.answer;
    if (!a) return;
    $('results').hidden = false;
    $('two-game-title').textContent = state.mode === 'compare' ? t().record : t().reconciled;
    const found = differences(a);
    setStatus(found.length
      ? t().twoCount(found.length)
      : state.mode === 'compare' ? t().agreeRecord : t().agreeTwo, true);
    renderMoveList($('moves'), a.start_fen, a.board_san, (ply) => {
      const here = found.filter((d) => d.ply === ply);
      if (!here.length) return { className: 'ok', title: '' };
      const className = here.some((d) => d.className === 'error') ? 'error' : 'warning';
      return { className, title: here.map((d) => d.text).join('\n') };
    }, state.ply, (ply) => { state.ply = ply; state.arrow = null; render(); });
    const alternatives = $('alternatives');
    alternatives.replaceChildren();
    if (a.alternatives && a.alternatives.length) {
      alternatives.appendChild(el('h3', null, t().otherGames));
      for (const x of a.alternatives) alternatives.appendChild(el('p', 'alternatives', x.san.map(shownMove).join(' ')));
    }
    const list = $('differences');
    list.replaceChildren();
    if (!found.length) {
      list.appendChild(el('li', 'none', state.mode === 'compare' ? t().agreeRecord : t().agreeTwo));
    }
    for (const d of found) {
      const item = el('li');
      const button = el('button', `diag ${d.className}`);
      button.type = 'button';
      button.dataset.key = `difference:${d.ply}`;
      button.appendChild(el('span', 'badge', plyNumber(a.start_fen, d.ply)));
      button.appendChild(document.createTextNode(` ${d.text}`));
      // The position before the ply, with the game's move there as an arrow.
      button.addEventListener('click', () => {
        state.ply = Math.min(d.ply - 1, a.board_san.length);
        state.arrow = a.uci[d.ply - 1] || null;
        render();
        $('board').scrollIntoView({ block: 'nearest' });
      });
      item.appendChild(button);
      list.appendChild(item);
    }
    const ply = state.ply;
    drawBoard($('board'), ply ? a.fen[ply - 1] : a.start_fen, state.arrow ? [state.arrow] : [], ply ? a.uci[ply - 1] : null);
    $('board-caption').textContent = state.arrow
      ? t().before(`${plyNumber(a.start_fen, ply + 1)} ${shownMove(a.board_san[ply])}`)
      : ply ? t().after(`${plyNumber(a.start_fen, ply)} ${shownMove(a.board_san[ply - 1])}`) : t().start;
  }

  async function run(e) {
    if (e) e.preventDefault();
    const settings = {
      letters: $('letters').value, edition: Number($('edition').value),
      lenient: $('lenient').checked, messages: lang,
    };
    const [first, second] = [$('first-text').value, $('second-text').value];
    const m = mode();
    const body = m === 'compare'
      ? { sheet: first, record: second, ...settings }
      : { white: first, black: second, ...settings };
    const mine = ++state.seq;
    if (pending) pending.abort();
    pending = new AbortController();
    setBusy(true, t().comparing);
    state.ran = true;
    try {
      const answer = JSON.parse(await post(`/api/${m}`, body, pending.signal));
      if (mine !== state.seq) return;
      setBusy(false);
      state.answer = answer;
      state.mode = m;
      state.arrow = null;
      state.ply = answer.board_san.length;
      render();
    } catch (err) {
      if (mine !== state.seq) return;
      setBusy(false);
      state.answer = null;
      $('results').hidden = true;
      setStatus(`${t().compareFailed}: ${err.message}`);
    }
  }

  const step = (to) => {
    if (!state.answer) return;
    state.ply = Math.max(0, Math.min(to, state.answer.board_san.length));
    state.arrow = null;
    render();
  };
  $('first').addEventListener('click', () => step(0));
  $('prev').addEventListener('click', () => step(state.ply - 1));
  $('next').addEventListener('click', () => step(state.ply + 1));
  $('last').addEventListener('click', () => step(Infinity));
  onArrowKeys((delta) => { step(state.ply + delta); followCurrent($('moves')); });
  $('two-form').addEventListener('submit', run);
  // The answer is drawn again in the new language; a failure is asked again, to be said in it.
  onLanguageSwitch(() => { if (state.answer) render(); else if (state.ran) run(); });
  skipLink(() => $('differences').querySelector('button') || $('first-text'));
  if (keepDrafts()) showMode();
}

document.addEventListener('DOMContentLoaded', () => {
  applyLanguage();
  $('reload').addEventListener('click', () => window.location.reload());
  // The engine starts with the page, so that its files come from the build the page came from.
  if (!engine.worker) startEngine();
  if (document.body.dataset.page === 'sellada') sealedPage();
  else if (document.body.dataset.page === 'dos') twoPage();
  else sheetPage();
});
