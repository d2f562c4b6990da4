// The board: a position drawn as SVG from its FEN, from either side, with the last move shaded,
// numbered arrows for candidates and suggestions, and the move as written where it cannot
// go, none of them over a piece. The order of the
// page's scripts is in app.js.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const SQUARE = 40;
const MARGIN = 18;

function svg(tag, attributes) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  return e;
}

/**
 * Whether the boards are drawn from Black's side (the flip button): kept for the page's
 * life, so that a board drawn again stays turned.
 */
let boardFlipped = false;

/** The top left corner of the square of file `file` and rank `rank` (0–7), as drawn. */
function corner(file, rank) {
  return boardFlipped
    ? [MARGIN + (7 - file) * SQUARE, rank * SQUARE]
    : [MARGIN + file * SQUARE, (7 - rank) * SQUARE];
}

/** The centre of a square such as `e4`, in board coordinates. */
function centre(square) {
  const [x, y] = corner(square.charCodeAt(0) - 97, square.charCodeAt(1) - 49);
  return [x + SQUARE / 2, y + SQUARE / 2];
}

/** The share of a square, on each side, that is not its piece: a mark there covers none. */
const PIECE_INSET = 0.1;

/** The colours of numbered arrows (candidates, suggestions): distinct, and each with its number. */
const ARROW_COLOURS = ['#1f6fd1', '#c2410c', '#7c3aed', '#0f766e', '#be185d', '#4d7c0f', '#a16207', '#0369a1'];
/** The written move that cannot be played (dashed red), the evident reading (green). */
const WRITTEN_COLOUR = '#c81e1e';
const EVIDENT_COLOUR = '#15803d';

/** The colour of numbered arrow `n` (from 0). */
function arrowColour(n) { return ARROW_COLOURS[n % ARROW_COLOURS.length]; }

/** The squares that hold a piece in the FEN `fen`: `Set` of names (`e4`). */
function occupied(fen) {
  const squares = new Set();
  (fen || '').split(' ')[0].split('/').forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { file += Number(c); continue; }
      squares.add(String.fromCharCode(97 + file) + (8 - r));
      file += 1;
    }
  });
  return squares;
}

/**
 * Draws the position of `fen` into `container`. `arrows` are UCI moves (`d1d4`) or
 * `{uci, kind, n}`: kind `option` (a candidate or suggestion, numbered `n` from 0, each its own
 * colour with its number), `written` (the move as written, which cannot be played: dashed
 * red), `evident` (the evident reading: green) or `played` (the default). `highlight` is a UCI
 * move whose squares are shaded; `crosses` are the squares where the written move goes: an
 * empty one crossed, an occupied one framed, both red. The pieces are Colin M.L. Burnett's
 * figures (assets/pieces.svg, CC BY-SA 3.0, from cm-chessboard).
 *
 * The evidence never hides a piece: the arrows are drawn under the pieces, and one that ends
 * on a piece frames its square in the arrow's colour and, when it crosses an empty square on
 * its way, stops at the edge of the piece's square, its head beside it; a frame keeps to the
 * edge of its square; the numbers and crosses, drawn over the pieces, are placed only where no
 * piece is (the numbers along their arrows, on an empty square). The board is drawn from
 * Black's side when `boardFlipped`.
 */
function drawBoard(container, fen, arrows, highlight, crosses) {
  const size = MARGIN + 8 * SQUARE;
  const root = svg('svg', {
    viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': t().boardLabel(fen),
    class: `board-svg${boardFlipped ? ' flipped' : ''}`,
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
      const [x, y] = corner(file, rank);
      root.appendChild(svg('rect', {
        x, y, width: SQUARE, height: SQUARE,
        class: `sq ${light ? 'light' : 'dark'}${shaded.includes(name) ? ' last' : ''}`,
      }));
    }
  }
  for (let i = 0; i < 8; i++) {
    const [fx] = corner(i, 0);
    const file = svg('text', { x: fx + SQUARE / 2, y: size - 4, class: 'coord' });
    file.textContent = String.fromCharCode(97 + i);
    root.appendChild(file);
    const [, ry] = corner(0, i);
    const rank = svg('text', { x: MARGIN / 2, y: ry + SQUARE / 2 + 4, class: 'coord' });
    rank.textContent = String(i + 1);
    root.appendChild(rank);
  }
  const full = occupied(fen);
  // The boxes of the pieces, which no mark drawn over them may enter.
  const inset = SQUARE * PIECE_INSET;
  const boxes = [...full].map((square) => {
    const [x, y] = centre(square);
    const half = SQUARE / 2 - inset;
    return [x - half, y - half, x + half, y + half];
  });
  const clear = (x, y, r) => boxes.every(([x1, y1, x2, y2]) => (
    x + r <= x1 || x - r >= x2 || y + r <= y1 || y - r >= y2));

  // Under the pieces: the frames of occupied squares the written move goes to, the arrows.
  const over = [];
  for (const square of crosses || []) {
    if (!/^[a-h][1-8]$/.test(square)) continue;
    const [x, y] = centre(square);
    if (full.has(square)) {
      const e = 2.5;
      root.appendChild(svg('rect', {
        x: x - SQUARE / 2 + e, y: y - SQUARE / 2 + e, width: SQUARE - 2 * e, height: SQUARE - 2 * e,
        class: 'frame', stroke: WRITTEN_COLOUR,
      }));
    } else {
      const d = SQUARE * 0.28;
      over.push(svg('path', {
        d: `M ${x - d} ${y - d} L ${x + d} ${y + d} M ${x + d} ${y - d} L ${x - d} ${y + d}`,
        class: 'cross', stroke: WRITTEN_COLOUR,
      }));
    }
  }
  const entries = (arrows || []).map((a) => (typeof a === 'string' ? { uci: a, kind: 'played' } : a))
    .filter((a) => /^[a-h][1-8][a-h][1-8]/.test(a.uci || ''));
  // Numbered arrows from one square fan out a little, so that arrows along one line stay
  // apart.
  const fromCount = new Map();
  for (const a of entries) if (a.kind === 'option') fromCount.set(a.uci.slice(0, 2), (fromCount.get(a.uci.slice(0, 2)) || 0) + 1);
  const fromSeen = new Map();
  const badges = [];
  // How many frames each occupied square already has.
  const frames = new Map();
  // The head's length past the end of its line: the marker's half, in stroke widths.
  const HEAD = 12;
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
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const target = a.uci.slice(2, 4);
    if (full.has(target)) {
      // On a piece, its square framed in the arrow's colour (under the piece, each arrow's
      // frame a little inside the last), and an arrow that crosses an empty square stops
      // where the piece's square begins, the tip of its head there; a shorter one would hide
      // under the piece it leaves, so it runs on under the piece it reaches.
      const k = frames.get(target) || 0;
      frames.set(target, k + 1);
      const [cx, cy] = centre(target);
      const e = 2 + k * 4;
      root.appendChild(svg('rect', {
        x: cx - SQUARE / 2 + e, y: cy - SQUARE / 2 + e, width: SQUARE - 2 * e, height: SQUARE - 2 * e,
        class: 'frame target', stroke: colour,
      }));
      if (length >= 1.75 * SQUARE) {
        const toEdge = (SQUARE / 2) / Math.max(Math.abs(ux), Math.abs(uy));
        const back = Math.min(toEdge + HEAD, length - 4);
        x2 -= ux * back; y2 -= uy * back;
      }
    }
    root.appendChild(svg('line', {
      x1, y1, x2, y2, stroke: colour, 'marker-end': markerFor(colour),
      class: a.kind === 'option' ? 'arrow option' : `${a.kind}-move`,
    }));
    if (a.kind === 'option') {
      // The number along its arrow, as near its head as it can be without covering it, a
      // piece or another number; failing that, around its head.
      const r = 8;
      const free = ([x, y]) => clear(x, y, r + 1)
        && badges.every(([bx, by]) => Math.hypot(bx - x, by - y) >= 2 * r + 1)
        && x - r >= MARGIN && x + r <= size && y - r >= 0 && y + r <= 8 * SQUARE;
      const spots = [];
      const shaft = Math.hypot(x2 - x1, y2 - y1);
      for (let back = HEAD + r + 2; back <= shaft; back += 3) spots.push([x2 - ux * back, y2 - uy * back]);
      for (const radius of [HEAD + r + 2, SQUARE]) {
        for (let k = 0; k < 16; k++) {
          const angle = (k / 16) * 2 * Math.PI;
          spots.push([x2 + radius * Math.cos(angle), y2 + radius * Math.sin(angle)]);
        }
      }
      const spot = spots.find(free) || [x2 - ux * (HEAD + r + 2), y2 - uy * (HEAD + r + 2)];
      badges.push(spot);
      const badge = svg('g', { class: 'arrow-number' });
      badge.appendChild(svg('circle', { cx: spot[0], cy: spot[1], r, fill: colour }));
      const number = svg('text', { x: spot[0], y: spot[1] + 4 });
      number.textContent = String((a.n || 0) + 1);
      badge.appendChild(number);
      over.push(badge);
    }
  }
  const sprite = new URL('pieces.svg', ASSETS).href;
  (fen || '').split(' ')[0].split('/').forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) { file += Number(c); continue; }
      const white = c === c.toUpperCase();
      const name = `${white ? 'w' : 'b'}${c.toLowerCase()}`;
      const [x, y] = corner(file, 7 - r);
      const piece = svg('use', {
        href: `${sprite}#${name}`, x, y, width: SQUARE, height: SQUARE,
        class: `piece ${white ? 'white' : 'black'}`,
        'data-square': String.fromCharCode(97 + file) + (8 - r),
      });
      const title = svg('title');
      title.textContent = t().pieces[c.toUpperCase()] || '?';
      piece.appendChild(title);
      root.appendChild(piece);
      file += 1;
    }
  });
  for (const mark of over) root.appendChild(mark);
  container.replaceChildren(root);
  const toMove = document.getElementById('to-move');
  if (toMove && fen) {
    toMove.textContent = sideToMove(fen);
    toMove.style.setProperty('--side', (fen.split(' ')[1] === 'b') ? '#1d232b' : '#fff');
  }
}

/** The flip button: turns the board (and keeps it turned), then draws it again (`redraw`). */
function onFlip(redraw) {
  const button = document.getElementById('flip');
  button.addEventListener('click', () => {
    boardFlipped = !boardFlipped;
    button.setAttribute('aria-pressed', String(boardFlipped));
    redraw();
  });
}

/**
 * The key to the board's marks, under it: the move as written (dashed red, its square crossed
 * or framed), the evident reading (green), the numbered moves (`options`: `candidates` or
 * `suggestions`, numbered as in the list beside). Hidden when there is nothing to explain.
 */
function renderLegend(legend, { written, evident, options }) {
  legend.replaceChildren();
  const add = (className, text) => {
    if (legend.children.length) legend.appendChild(document.createTextNode(' · '));
    legend.appendChild(el('span', className, text));
  };
  if (written) add('written-key', t().legendWritten);
  if (options) add('options-key', t().legendOptions(options));
  if (evident) add('evident-key', t().legendEvident);
  legend.hidden = !legend.children.length;
}

/** The side to move in `fen`, as the caption says it: "juegan las blancas". */
function sideToMove(fen) {
  return (fen || INITIAL_FEN).split(' ')[1] === 'b' ? t().blackToMove : t().whiteToMove;
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
