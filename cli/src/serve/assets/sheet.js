// The "Planilla" page (`/`): a sheet checked as it is typed, its moves marked, its
// diagnostics with their candidates and suggestions on the board (a suggestion taken rewrites
// the sheet), a damaged sheet's reconstruction beside it, its headers, its PGN and JSON to
// download or copy, and its report to print. The order of the page's scripts is in app.js.
'use strict';

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
      clock: m.clock, elapsed: m.elapsed,
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
      const times = [item.clock && t().clockLeft(item.clock), item.elapsed && t().clockUsed(item.elapsed)].filter(Boolean).join(', ');
      button.setAttribute('aria-label', `${item.number}${item.color === 'white' ? '.' : '...'} ${item.label}${times ? ` (${times})` : ''}: ${severity === 'ok' ? 'ok' : t().severity[severity]}${messages ? `. ${messages}` : ''}`);
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
      // The times the sheet records after the move (Art. 8.1): the mover's clock, the time
      // the move took.
      if (times) {
        const clock = el('span', 'clock', [item.clock, item.elapsed && `+${item.elapsed}`].filter(Boolean).join(' '));
        clock.title = times;
        clock.setAttribute('aria-hidden', 'true');
        row.appendChild(clock);
      }
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
      button.appendChild(document.createTextNode(` ${d.message}${d.rule ? ` (${shownRule(d.rule)})` : ''}`));
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
    if (d.rule) detail.appendChild(el('p', 'rule', `${t().article}: ${shownRule(d.rule)}`));
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
    const was = sliceBytes(state.text, span);
    // The text box is not focused: on a phone that would scroll the board away.
    rewrite(replaceBytes(state.text, span, written), t().replaced(plyNumber(game.start_fen, d.ply), was, written));
    state.follow = true;
    check();
  }

  /**
   * The changes the page made to the sheet (a suggestion taken, a file loaded), each as
   * `{before, after, note}`, to undo and redo. Typing in the sheet is the text box's own to
   * undo: it ends the page's history, which could no longer be undone without losing it.
   */
  const edits = { undo: [], redo: [] };

  /** Writes `text` into the sheet for the user, kept in the history with its `note`. */
  function rewrite(text, note) {
    edits.undo.push({ before: sheet.value, after: text, note });
    edits.redo = [];
    setField(sheet, text);
    showHistory(note);
  }

  /** The history's note (what changed, or what was undone or redone) and its buttons. */
  function showHistory(note) {
    $('history').hidden = !edits.undo.length && !edits.redo.length;
    $('history-note').textContent = note || '';
    $('undo').disabled = !edits.undo.length;
    $('redo').disabled = !edits.redo.length;
  }

  /** Undoes (`back`) or redoes the page's last change, and checks the sheet again. */
  function travel(back) {
    const from = back ? edits.undo : edits.redo;
    const to = back ? edits.redo : edits.undo;
    const change = from.pop();
    if (!change) return false;
    to.push(change);
    setField(sheet, back ? change.before : change.after);
    showHistory(back ? t().undone(change.note) : t().redone(change.note));
    check();
    return true;
  }

  /** Ctrl+Z (Cmd+Z) undoes and Ctrl+Y or Ctrl+Shift+Z redoes the page's change: anywhere but
   * in a form field, and in the sheet while it holds what the page wrote there (after typing,
   * they are the text box's own). */
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    const redo = key === 'y' || (key === 'z' && e.shiftKey);
    if (key !== 'z' && key !== 'y') return;
    const tag = (e.target && e.target.tagName) || '';
    const last = (redo ? edits.redo : edits.undo).at(-1);
    const untouched = last && sheet.value === (redo ? last.before : last.after);
    if (e.target === sheet ? !untouched : ['TEXTAREA', 'INPUT', 'SELECT'].includes(tag)) return;
    if (untouched && travel(!redo)) e.preventDefault();
  });

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
      renderLegend($('legend'), {});
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
    renderLegend($('legend'), {
      written: crosses.length > 0,
      options: arrows.some((a) => a.kind === 'option') ? (d.candidates.length ? 'candidates' : 'suggestions') : null,
    });
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
    renderReport(game);
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
    // Its first closest legal moves, to write instead: the next Tab stops after the error.
    const moves = (d.candidates.length ? d.candidates : d.suggestions).slice(0, 3);
    if (!d.ply || !moves.length) return;
    const list = el('span', 'first-suggestions');
    list.setAttribute('role', 'group');
    list.setAttribute('aria-label', d.candidates.length ? t().candidates : t().suggestions);
    for (const m of moves) {
      const b = el('button', 'suggestion', m.written);
      b.type = 'button';
      b.title = t().replaceWith(m.written);
      b.dataset.written = m.written;
      b.dataset.key = `first-suggestion:${m.written}`;
      b.addEventListener('click', () => {
        state.game = g;
        replaceMove(d, m.written);
      });
      list.appendChild(b);
    }
    box.appendChild(list);
  }

  /**
   * What the printed report adds (printed only): its record from the game's headers (a
   * header the sheet lacks is a line to fill by hand), its verdict, the sheet as written and
   * the arbiter's signature lines. The date and time of printing are set as it is printed.
   */
  function renderReport(game) {
    const tag = (name) => {
      const value = game.tags[name];
      return !value || value === '?' || /^[?.]+$/.test(value) ? '' : value;
    };
    renderRecord($('report-record'), [
      [t().event, tag('Event')], [t().round, tag('Round')], [t().boardNumber, tag('Board')],
      [t().tagNames.White, tag('White')], [t().tagNames.Black, tag('Black')],
      [t().tagNames.Date, tag('Date')], [t().printedAt, state.printedAt || nowWritten()],
      [t().readWith, t().readSettings($('letters').value, LETTER_SETS[$('letters').value] || '',
        $('edition').value, $('lenient').checked)],
    ]);
    const errors = game.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = game.diagnostics.filter((d) => d.severity === 'warning').length;
    const verdict = $('report-verdict');
    verdict.className = `verdict ${errors ? 'loss' : 'continue'}`;
    verdict.textContent = t().gameVerdict(errors, warnings);
    $('report-text').textContent = state.text;
    renderSignatures($('report-signatures'), '');
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
  // The user's own typing: the page's changes can no longer be undone without losing it.
  sheet.addEventListener('input', () => {
    edits.undo = [];
    edits.redo = [];
    showHistory('');
  });
  $('undo').addEventListener('click', () => travel(true));
  $('redo').addEventListener('click', () => travel(false));
  for (const id of ['letters', 'edition', 'lenient']) $(id).addEventListener('change', check);
  $('letters').addEventListener('change', () => { keepChosen(true); state.guessed = null; }, true);
  /** A file's text, loaded into the sheet: its letters are guessed again, and it is checked. */
  const loaded = (text, name) => {
    keepChosen(false);
    rewrite(text, t().loaded(name));
    check();
    // The photos of the sheet before are not this one's: printed with its report they would
    // be wrong evidence. Asked, not done in silence.
    if (photos.list.length && window.confirm(t().keepPhotos)) removeAllPhotos();
  };
  /** Whether `text` may replace the sheet: asks first when the sheet holds another text. */
  const mayReplace = (text) => !sheet.value.trim() || sheet.value === text || window.confirm(t().replaceSheet);
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (!file) return;
    const text = await file.text();
    if (mayReplace(text)) loaded(text, file.name);
  });
  sheet.addEventListener('dragover', (e) => { e.preventDefault(); sheet.classList.add('drop'); });
  sheet.addEventListener('dragleave', () => sheet.classList.remove('drop'));
  sheet.addEventListener('drop', async (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    sheet.classList.remove('drop');
    if (!file) return;
    e.preventDefault();
    const text = await file.text();
    if (mayReplace(text)) loaded(text, file.name);
  });
  $('game').addEventListener('change', () => {
    state.game = Number($('game').value);
    state.diag = null;
    state.view = 'written';
    state.ply = 0;
    render();
  });
  const at = () => (state.view === 'recon' ? state.rply : state.ply);
  onFlip(render);
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
  // The sheet's photos, beside its text: one shown at a time, zoomed by steps, the others as
  // thumbnails to choose; printed with the report.
  const photos = { list: [], shown: 0, zoom: 1, urls: new Map(), seq: 0 };
  const ZOOMS = [1, 1.5, 2, 3, 4];
  const urlOf = (p) => {
    if (!photos.urls.has(p.id)) photos.urls.set(p.id, URL.createObjectURL(p.blob));
    return photos.urls.get(p.id);
  };
  function showPhotos() {
    const has = photos.list.length > 0;
    $('photo-view').hidden = !has;
    $('report-photos').hidden = !has;
    $('sheet-top').classList.toggle('with-photos', has);
    if (!has) return;
    photos.shown = Math.max(0, Math.min(photos.shown, photos.list.length - 1));
    const p = photos.list[photos.shown];
    const image = $('photo-image');
    image.src = urlOf(p);
    image.alt = t().photoAlt(p.name);
    image.style.width = `${photos.zoom * 100}%`;
    $('photo-name').textContent = `${p.name}${photos.zoom > 1 ? ` (×${photos.zoom})` : ''}`;
    $('zoom-out').disabled = photos.zoom <= ZOOMS[0];
    $('zoom-in').disabled = photos.zoom >= ZOOMS[ZOOMS.length - 1];
    $('photo-list').replaceChildren(...(photos.list.length < 2 ? [] : photos.list.map((q, k) => {
      const item = el('li');
      const choose = el('button', 'photo-thumb');
      choose.type = 'button';
      choose.setAttribute('aria-pressed', String(k === photos.shown));
      choose.setAttribute('aria-label', t().photoAlt(q.name));
      const thumb = el('img');
      thumb.src = urlOf(q);
      thumb.alt = '';
      choose.appendChild(thumb);
      choose.addEventListener('click', () => { photos.shown = k; photos.zoom = 1; showPhotos(); });
      item.appendChild(choose);
      return item;
    })));
    $('report-photo-list').replaceChildren(...photos.list.map((q) => {
      const figure = el('figure');
      const image = el('img');
      image.src = urlOf(q);
      image.alt = t().photoAlt(q.name);
      figure.append(image, el('figcaption', null, q.name));
      return figure;
    }));
  }
  async function loadPhotos() {
    // Only the latest load shows: an add and a removal may overlap.
    const mine = ++photos.seq;
    let list = [];
    try { list = await photoStore.all('planilla'); } catch (_) { /* none kept */ }
    if (mine !== photos.seq) return;
    photos.list = list;
    showPhotos();
  }
  /** Forgets the photos `gone` (all of them by default), and shows what is left. */
  async function removeAllPhotos(gone = photos.list.slice()) {
    for (const p of gone) {
      try {
        await photoStore.remove(p.id);
        URL.revokeObjectURL(photos.urls.get(p.id));
        photos.urls.delete(p.id);
      } catch (e) {
        setStatus(`${t().photoRemoveFailed}: ${e.message}`);
      }
    }
    photos.zoom = 1;
    await loadPhotos();
  }
  $('photo').addEventListener('change', async () => {
    const files = [...$('photo').files].filter((f) => f.type.startsWith('image/'));
    for (const file of files) {
      try { await photoStore.add('planilla', file); } catch (e) { setStatus(`${t().photoFailed}: ${e.message}`); }
    }
    $('photo').value = '';
    await loadPhotos();
    photos.shown = photos.list.length - 1;
    photos.zoom = 1;
    showPhotos();
  });
  const zoom = (by) => {
    const k = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(photos.zoom) + by));
    photos.zoom = ZOOMS[k];
    showPhotos();
  };
  $('zoom-in').addEventListener('click', () => zoom(1));
  $('zoom-out').addEventListener('click', () => zoom(-1));
  $('photo-remove').addEventListener('click', () => {
    const p = photos.list[photos.shown];
    if (p) removeAllPhotos([p]);
  });
  loadPhotos();

  $('print-report').addEventListener('click', () => window.print());
  // Printed (by the button or the browser's menu): the report carries the time of printing.
  window.addEventListener('beforeprint', () => {
    state.printedAt = nowWritten();
    if (currentGame()) renderReport(currentGame());
  });
  $('copy-pgn').addEventListener('click', copy(() => state.pgn));
  $('copy-json').addEventListener('click', copy(() => state.json));
  onLanguageSwitch(() => {
    check();
    showPhotos();
    // The note of the last change was said in the other language.
    $('history-note').textContent = '';
  });
  skipLink(() => $('diags').querySelector('button') || $('sheet'));
  setStatus(t().empty);
  try {
    state.lettersChosen = localStorage.getItem(chosenKey) === '1';
    // Kept for the whole browser by an earlier version of this page: a choice for one sheet.
    localStorage.removeItem('planilla-letters-chosen');
  } catch (_) { /* none kept */ }
  if (keepDrafts()) check();
  // On a laptop the sheet is typed at once; on a phone the keyboard would cover the page.
  if (!window.matchMedia('(max-width: 56rem)').matches) sheet.focus({ preventScroll: true });
}
