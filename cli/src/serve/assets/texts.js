// The desk's words and letters: every text the pages show, in Spanish and in English
// (`TEXTS`), the page's language (`lang`, `t()`) and its ES/EN button, the letter sets a sheet
// may be written in, and how a move is shown to a person in the page's language. The first of
// the page's scripts (the order is in app.js).
'use strict';

const TEXTS = {
  es: {
    nav: 'páginas', navSheet: 'Planilla', navSealed: 'Jugada sellada', sheetTitle: 'Planilla',
    sheetLabel: 'Texto de la planilla (escriba, pegue o arrastre un archivo .txt/.pgn)',
    file: 'Archivo', letters: 'Letras de las piezas', edition: 'Edición de las Leyes',
    lenient: 'Lectura tolerante', moves: 'Jugadas', game: 'Partida', board: 'Tablero',
    first: 'Inicio', prev: 'Jugada anterior', next: 'Jugada siguiente', last: 'Final',
    diagnostics: 'Diagnósticos', export: 'Exportar', downloadPgn: 'Descargar PGN',
    copyPgn: 'Copiar PGN', downloadJson: 'Descargar JSON', copyJson: 'Copiar JSON',
    copied: 'Copiado.', copyFailed: 'No se pudo copiar (use la descarga)', checking: 'Revisando…', empty: 'Escriba o pegue una planilla.',
    noGame: 'No hay ninguna partida en el texto.',
    summary: (g, v, e, w) => `${g === 1 ? '1 partida' : `${g} partidas`}, ${g === 1 ? (v ? 'válida' : 'no válida') : `${v} ${v === 1 ? 'válida' : 'válidas'}`}; ${e === 1 ? '1 error' : `${e} errores`}, ${w === 1 ? '1 aviso' : `${w} avisos`}`,
    noDiagnostics: 'Sin diagnósticos: todas las jugadas son legales e inequívocas.',
    unread: (n) => (n === 1 ? 'La jugada que detuvo la lectura queda sin leer.' : `${n} jugadas escritas quedan sin leer, contando la que detuvo la lectura.`),
    start: 'Posición inicial', after: (label) => `Después de ${label}`,
    before: (label) => `Antes de ${label}`,
    candidates: 'Candidatas', suggestions: 'Jugadas legales más parecidas',
    replaceWith: (w) => `Escribir ${w} en su lugar`, article: 'Fundamento',
    severity: { error: 'error', warning: 'aviso', note: 'nota' },
    written: 'escrito', failed: 'No se pudo revisar', sealedTitle: 'Jugada sellada',
    position: 'Posición', fromFen: 'FEN del sobre', fromGame: 'Planilla y número de jugada',
    sheetText: 'Planilla', ply: 'Media jugada de la sellada (desde 1)',
    sealedMove: 'Jugada sellada, tal como está escrita', rule: 'Dictaminar',
    ruling: 'Dictamen', ruling_: 'Dictaminando…',
    headline: (consequence, sealer, names) => {
      const side = (s) => (s === 'white' ? 'las blancas' : 'las negras');
      const named = (s) => (names[s] ? `${names[s]} (${s === 'white' ? 'blancas' : 'negras'})` : side(s));
      if (consequence === 'loss') return `PIERDEN ${side(sealer).toUpperCase()}${names[sealer] ? ` (${names[sealer]})` : ''}`;
      if (consequence === 'draw') {
        return names.white || names.black
          ? `TABLAS: no pierde ni ${named('white')} ni ${named('black')}`
          : 'TABLAS: no pierden ni las blancas ni las negras';
      }
      if (consequence === 'continue') return 'VÁLIDA: la partida sigue';
      if (consequence === 'refer') return 'DECIDE EL ÁRBITRO';
      return consequence;
    },
    verdictLabel: 'Veredicto', consequenceLabel: 'Consecuencia', reasonRule: 'Fundamento',
    recordData: 'Datos del acta (para imprimir)', event: 'Torneo', round: 'Ronda', boardNumber: 'Mesa',
    whitePlayer: 'Jugador con blancas', blackPlayer: 'Jugador con negras', arbiter: 'Árbitro',
    arbiterName: 'Nombre del árbitro', signature: 'Firma', ruledAt: 'Fecha y hora del dictamen',
    print: 'Imprimir', sealedRecordTitle: 'Acta de la jugada sellada',
    undo: 'Deshacer', redo: 'Rehacer',
    replaced: (number, was, now) => `${number} «${was}» cambiada por «${now}» en la planilla.`,
    loaded: (name) => `Planilla reemplazada por el archivo ${name}.`,
    undone: (note) => `Deshecho: ${note}`, redone: (note) => `Rehecho: ${note}`,
    printReport: 'Imprimir informe', reportTitle: 'Informe de la planilla',
    writtenSheet: 'La planilla, tal como está escrita', printedAt: 'Impreso el',
    gameVerdict: (e, w) => (e
      ? `NO VÁLIDA: ${e === 1 ? '1 error' : `${e} errores`}${w ? `, ${w === 1 ? '1 aviso' : `${w} avisos`}` : ''}`
      : `VÁLIDA: todas las jugadas son legales e inequívocas${w ? ` (${w === 1 ? '1 aviso' : `${w} avisos`})` : ''}`),
    played: 'Jugada', evident: 'Intención evidente (información para el árbitro)',
    basis: { 'one-edit': 'a un solo cambio de lo escrito', 'only-completion': 'la única forma de completarla' },
    opponentCanMate: 'El adversario puede dar mate', deadPosition: 'Posición muerta',
    yes: 'sí', no: 'no', unknown: 'sin determinar', warnings: 'Avisos',
    pieces: { K: 'R', Q: 'D', R: 'T', B: 'A', N: 'C', P: 'P' },
    boardLabel: (fen) => `Tablero: ${fen}`, langButton: 'EN', langLabel: 'English',
    navTwo: 'Dos planillas', reconTitle: 'Partida reconstruida',
    reconNote: 'Tal como está escrita, la planilla no registra una partida legal y el veredicto se mantiene. Esta es la partida legal más probable; cada corrección está marcada.',
    repairs: 'Correcciones', downloadRecon: 'Descargar PGN reconstruido',
    reconIncomplete: (n) => `La planilla está demasiado dañada para reconstruirla más allá de la media jugada ${n}.`,
    alternatives: 'Otras reconstrucciones igual de probables (la planilla puede registrar cualquiera)',
    reconStart: 'Reconstruida: posición inicial', reconAfter: (label) => `Reconstruida: después de ${label}`,
    repaired: 'corregida',
    twoTitle: 'Dos planillas', twoMode: 'Qué cotejar',
    modeReconcile: 'La planilla de las blancas y la de las negras',
    modeCompare: 'Una planilla y el registro del tablero electrónico (PGN)',
    whiteSheet: 'Planilla de las blancas', blackSheet: 'Planilla de las negras',
    sheetOnly: 'Planilla', recordPgn: 'Registro del tablero electrónico (PGN)', runTwo: 'Cotejar',
    comparing: 'Cotejando…', reconciled: 'Partida conciliada', record: 'Partida del registro',
    differences: 'Diferencias', white: 'blancas', black: 'negras', reads: 'se lee',
    nothing: 'nada (jugada de más)', sheetOf: (p) => `planilla de las ${p === 'white' ? 'blancas' : 'negras'}`,
    agreeTwo: 'Las dos planillas registran la misma partida, sin ninguna discrepancia.',
    agreeRecord: 'La planilla coincide con el registro.',
    otherGames: 'Otras partidas igual de probables',
    kinds: { slip: 'desliz', 'missing-move': 'jugada omitida', 'extra-move': 'jugada de más',
      'move-order': 'orden cambiado', 'ambiguous-move': 'jugada ambigua' },
    discrepancy: (kind, sheet, record) => ({
      slip: `la planilla dice «${sheet}»; el registro, ${record}`,
      'missing-move': `falta en la planilla; en el registro, ${record}`,
      'extra-move': `en la planilla sobra «${sheet}»`,
      'move-order': `orden cambiado: la planilla dice «${sheet}»; el registro, ${record}`,
      'ambiguous-move': `«${sheet}» es ambigua; el registro dice ${record}, pero la planilla por sí sola no lo precisa`,
    })[kind] || kind,
    twoCount: (n) => (n === 1 ? '1 diferencia' : `${n} diferencias`),
    skip: 'Ir al resultado', tags: 'Datos de la partida',
    tagNames: { Event: 'Torneo', Site: 'Lugar', Date: 'Fecha', Round: 'Ronda', White: 'Blancas', Black: 'Negras', Result: 'Resultado' },
    guessed: (code) => `Letras ${LETTER_NAMES.es[code] || code} (${LETTER_SETS[code].split('').join(' ')}), deducidas del texto; puede cambiarlas arriba.`,
    replaceSheet: 'El texto actual de la planilla se reemplazará. ¿Continuar?',
    unsaved: 'Este navegador no guarda el borrador: se perderá al salir.',
    sealedAt: 'Jugada sellada', drawOffer: 'Oferta de tablas con la sellada',
    moveOf: (n, side) => `jugada ${n}, ${side === 'black' ? 'negras' : 'blancas'}`,
    moveNumber: 'Número de jugada de la sellada', side: 'Bando que sella', sideWhite: 'Blancas', sideBlack: 'Negras',
    announce: (verdict, message) => `Dictamen: ${verdict}. ${message}`,
    legendWritten: 'rojo: lo escrito, que no se puede jugar (su casilla tachada, o enmarcada si está ocupada)',
    legendEvident: 'verde: la intención evidente',
    legendOptions: (kind) => (kind === 'candidates' ? 'números: las candidatas, como en la lista' : 'números: las jugadas legales más parecidas, como en la lista'),
    clockLeft: (time) => `reloj: ${time}`, clockUsed: (time) => `consumido: ${time}`,
    addPhoto: 'Añadir foto de la planilla', photoPrivate: 'Las fotos se quedan en este navegador: no se envían a ninguna parte.',
    zoomIn: 'Acercar', zoomOut: 'Alejar', removePhoto: 'Quitar la foto', photos: 'Fotos de la planilla',
    photoAlt: (name) => `Foto de la planilla: ${name}`, photoFailed: 'No se pudo guardar la foto',
    photoRemoveFailed: 'No se pudo quitar la foto',
    keepPhotos: 'Las fotos son de la planilla anterior. ¿Quitarlas?',
    readWith: 'Lectura',
    readSettings: (code, set, edition, lenient) => `letras ${code} (${set.split('').join(' ')}), Leyes de ${edition}, ${lenient ? 'tolerante' : 'estricta'}`,
    flip: 'Girar el tablero', whiteToMove: 'juegan las blancas', blackToMove: 'juegan las negras',
    firstError: 'Primer error', allValid: 'Todo válido',
    ruleFailed: 'No se pudo dictaminar', compareFailed: 'No se pudo cotejar',
    needMoveNumber: 'Escriba el número de la jugada', needFen: 'Escriba el FEN del sobre',
    needSheet: 'Escriba o pegue la planilla',
    badFen: (detail) => `El FEN del sobre no es válido (${detail}).`,
    engine: {
      load: 'no se pudo cargar el módulo de revisión (WebAssembly); compruebe la conexión y vuelva a intentarlo',
      trap: 'el módulo de revisión se detuvo por un error interno; se ha reiniciado: vuelva a intentarlo',
      silent: (s) => `el módulo de revisión no respondió en ${s} s; se ha reiniciado: vuelva a intentarlo`,
    },
    updateReady: 'Hay una versión nueva de la aplicación: recargue', reload: 'Recargar',
    noOffline: (origin, local) => `Desde ${origin} la aplicación funciona, pero el navegador no guarda una copia para usarla sin conexión: solo lo hace con https o en el propio equipo. Para tenerla, abra ${local} en el portátil que sirve la aplicación, o publique la exportación estática (planilla serve --export) en un servidor https.`,
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
    summary: (g, v, e, w) => `${g === 1 ? '1 game' : `${g} games`}, ${g === 1 ? (v ? 'valid' : 'not valid') : `${v} valid`}; ${e === 1 ? '1 error' : `${e} errors`}, ${w === 1 ? '1 warning' : `${w} warnings`}`,
    noDiagnostics: 'No diagnostic: every move is legal and unique.',
    unread: (n) => (n === 1 ? 'The move that stopped the reading is left unread.' : `${n} written moves are left unread, counting the one that stopped the reading.`),
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
    headline: (consequence, sealer, names) => {
      const side = (s) => (s === 'white' ? 'White' : 'Black');
      const named = (s) => (names[s] ? `${names[s]} (${side(s)})` : side(s));
      if (consequence === 'loss') return `${side(sealer).toUpperCase()} LOSES${names[sealer] ? ` (${names[sealer]})` : ''}`;
      if (consequence === 'draw') return `DRAW: neither ${named('white')} nor ${named('black')} loses`;
      if (consequence === 'continue') return 'VALID: the game goes on';
      if (consequence === 'refer') return 'REFER TO THE ARBITER: the arbiter decides';
      return consequence;
    },
    verdictLabel: 'Verdict', consequenceLabel: 'Consequence', reasonRule: 'Grounds',
    recordData: 'Record (for printing)', event: 'Event', round: 'Round', boardNumber: 'Board',
    whitePlayer: 'White player', blackPlayer: 'Black player', arbiter: 'Arbiter',
    arbiterName: "Arbiter's name", signature: 'Signature', ruledAt: 'Date and time of the ruling',
    print: 'Print', sealedRecordTitle: 'Sealed move: record of the ruling',
    undo: 'Undo', redo: 'Redo',
    replaced: (number, was, now) => `${number} "${was}" changed to "${now}" in the sheet.`,
    loaded: (name) => `Sheet replaced by the file ${name}.`,
    undone: (note) => `Undone: ${note}`, redone: (note) => `Redone: ${note}`,
    printReport: 'Print the report', reportTitle: 'Scoresheet report',
    writtenSheet: 'The sheet, as written', printedAt: 'Printed on',
    gameVerdict: (e, w) => (e
      ? `NOT VALID: ${e === 1 ? '1 error' : `${e} errors`}${w ? `, ${w === 1 ? '1 warning' : `${w} warnings`}` : ''}`
      : `VALID: every move is legal and unique${w ? ` (${w === 1 ? '1 warning' : `${w} warnings`})` : ''}`),
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
    legendWritten: 'red: the move as written, which cannot be played (its square crossed, or framed when occupied)',
    legendEvident: 'green: the evident intention',
    legendOptions: (kind) => (kind === 'candidates' ? 'numbers: the candidates, as listed' : 'numbers: the closest legal moves, as listed'),
    clockLeft: (time) => `clock: ${time}`, clockUsed: (time) => `used: ${time}`,
    addPhoto: "Add a photo of the sheet", photoPrivate: 'The photos stay in this browser: they are sent nowhere.',
    zoomIn: 'Zoom in', zoomOut: 'Zoom out', removePhoto: 'Remove the photo', photos: "Photos of the sheet",
    photoAlt: (name) => `Photo of the sheet: ${name}`, photoFailed: 'Could not keep the photo',
    photoRemoveFailed: 'Could not remove the photo',
    keepPhotos: 'The photos are of the sheet before. Remove them?',
    readWith: 'Read with',
    readSettings: (code, set, edition, lenient) => `letters ${code} (${set.split('').join(' ')}), Laws of ${edition}, ${lenient ? 'lenient' : 'strict'}`,
    flip: 'Flip the board', whiteToMove: 'White to move', blackToMove: 'Black to move',
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
    noOffline: (origin, local) => `From ${origin} the desk works, but the browser keeps no copy for use offline: it does so only over https or on its own machine. To get one, open ${local} on the laptop that serves the desk, or put the static export (planilla serve --export) on an https server.`,
  },
};

/** The names of the letter sets, for the note that says which one was guessed. */
const LETTER_NAMES = {
  es: { es: 'españolas', en: 'inglesas', fr: 'francesas', de: 'alemanas', it: 'italianas', pt: 'portuguesas', nl: 'neerlandesas', ca: 'catalanas' },
  en: { es: 'Spanish', en: 'English', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', nl: 'Dutch', ca: 'Catalan' },
};

/** The piece letters of each letter set the page offers (Appendix E3 (2005); C.3 (2023)). */
const LETTER_SETS = {
  es: 'RDTAC', en: 'KQRBN', fr: 'RDTFC', de: 'KDTLS', it: 'RDTAC', pt: 'RDTBC', nl: 'KDTLP', ca: 'RDTAC',
};

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
