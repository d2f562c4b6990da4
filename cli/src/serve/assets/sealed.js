// The "Jugada sellada" page (`/sellada`): a sealed move ruled on, in the position of a FEN or
// of a sheet at a move number, with the ruling's details and its board, and the record it is
// printed with (event, round, board, players, date and time, the arbiter's lines). The order of the
// page's scripts is in app.js.
'use strict';

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
  // When the page ruled: the date and time the printed ruling carries.
  let ruledAt = '';
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
    verdict.textContent = headline(ruling);
    renderRecord($('ruling-record'), [
      [t().event, $('event').value.trim()], [t().round, $('round').value.trim()],
      [t().boardNumber, $('board-number').value.trim()],
      [t().whitePlayer, $('white-player').value.trim()],
      [t().blackPlayer, $('black-player').value.trim()], [t().ruledAt, ruledAt],
    ]);
    renderSignatures($('ruling-signatures'), $('arbiter').value.trim());
    const yesNo = (b) => (b === null ? t().unknown : b ? t().yes : t().no);
    row(t().sealedMove, ruling.text);
    row(t().verdictLabel, `${ruling.message} (${shownRule(ruling.rule)})`);
    row(t().consequenceLabel, `${shownRule(ruling.consequence_message)}${ruling.consequence_rule ? ` (${shownRule(ruling.consequence_rule)})` : ''}`);
    row(t().reasonRule, shownRule(ruling.reason_rule));
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
    row(t().warnings, ruling.warnings.map((w) => `${w.message}${w.rule ? ` (${shownRule(w.rule)})` : ''}`).join('\n'));
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
    renderLegend($('legend'), {
      written: crosses.length > 0,
      evident: Boolean(ruling.evident_reading && ruling.evident_reading.uci),
      options: !ruling.uci && ruling.candidates.length ? 'candidates' : null,
    });
    $('board-caption').textContent = t().before(ruling.text);
    $('ruling').hidden = false;
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
      // The time of the ruling: asked for by the arbiter, not said again in another language.
      if (e || !ruledAt) ruledAt = nowWritten();
      render(last);
      // On a phone the ruling is below the form: bring it into view.
      $('ruling').scrollIntoView({ block: 'start' });
      // Said to a screen reader at once: the ruling and its reason.
      setStatus(t().announce(headline(ruling), ruling.message), true);
    } catch (err) {
      // Only the newest request speaks: an older one was replaced (and aborted).
      if (mine !== seq) return;
      setBusy(false);
      last = null;
      $('ruling').hidden = true;
      setStatus(`${t().ruleFailed}: ${reason(err.message)}`);
    }
  }

  /** The side that sealed: from the ruling, or the side to move in its FEN. */
  function sealer(ruling) {
    return ruling.sealer || ((ruling.fen || INITIAL_FEN).split(' ')[1] === 'b' ? 'black' : 'white');
  }

  /** "move 40, White": the sealed move's number and side, from the ruling or its FEN. */
  function sealedAt(ruling) {
    const fields = (ruling.fen || INITIAL_FEN).split(' ');
    const number = ruling.number || Number(fields[5]) || 1;
    return t().moveOf(number, sealer(ruling));
  }

  /** The ruling's headline, which names who loses or draws: "PIERDEN LAS BLANCAS (Ana
   * Pérez)", "TABLAS: ni las blancas ni las negras pierden". */
  function headline(ruling) {
    const names = { white: $('white-player').value.trim(), black: $('black-player').value.trim() };
    return t().headline(ruling.consequence, sealer(ruling), names);
  }

  $('sealed-form').addEventListener('submit', rule);
  $('print-ruling').addEventListener('click', () => window.print());
  onFlip(() => { if (last) render(last); });
  // A field of the record changed after the ruling: the ruling shown (and printed) says it.
  for (const id of ['event', 'round', 'board-number', 'white-player', 'black-player', 'arbiter']) {
    $(id).addEventListener('input', () => { if (last && !$('ruling').hidden) render(last); });
  }
  onLanguageSwitch(() => { if (ruled) rule(); });
  skipLink(() => (!$('ruling').hidden ? $('ruling-title') : $('fen').offsetParent ? $('fen') : $('game-text')));
  if (keepDrafts()) showSource();
}
