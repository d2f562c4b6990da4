// The "Dos planillas" page (`/dos`): the two players' sheets reconciled, or a sheet compared
// with the board's record (PGN), with every difference and the game on the board. The order
// of the page's scripts is in app.js.
'use strict';

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
      // Asked by the user: the result comes to the top of the screen (on a phone it is below
      // both sheets).
      if (e) $('results').scrollIntoView({ block: 'start' });
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
  onFlip(() => { if (state.answer) render(); });
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
