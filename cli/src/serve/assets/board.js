// The board: a position drawn as SVG from its FEN, with the last move shaded, numbered arrows
// for candidates and suggestions, and the move as written where it cannot go. The order of the
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
