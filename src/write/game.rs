//! Whole games out: PGN (export format, PGN §8), a Spanish scoresheet in the canonical form of
//! Appendix C, the same with figurines, and JSON.

use core::fmt::Write as _;

use crate::check::{GameReport, MessageLanguage, Severity};
use crate::localize::in_language_with_san;
use crate::notation::Language;
use crate::position::Position;
use crate::san::Marks;
use crate::types::Color;

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Movetext written straight into a string, wrapped at 79 characters (PGN §8.2.1 allows
/// 255; 80 is the export convention). Tokens never split.
struct Wrapped<'a> {
    out: &'a mut String,
    line: usize,
}

impl Wrapped<'_> {
    fn token(&mut self, parts: &[&str]) {
        let len: usize = parts.iter().map(|p| p.chars().count()).sum();
        if self.line > 0 && self.line + 1 + len > 79 {
            self.out.push('\n');
            self.line = 0;
        } else if self.line > 0 {
            self.out.push(' ');
            self.line += 1;
        }
        for p in parts {
            self.out.push_str(p);
        }
        self.line += len;
    }
}

/// The plies of a game's draw offers, asked in increasing order: each question moves a cursor
/// forward, so writing a game stays linear in its length whatever the number of offers.
struct Offers {
    plies: Vec<u32>,
    next: usize,
}

impl Offers {
    fn new(report: &GameReport) -> Offers {
        let mut plies = report.draw_offers.clone();
        plies.sort_unstable();
        Offers { plies, next: 0 }
    }

    /// `true` if a draw was offered after `ply`; `ply` never decreases from one call to the next.
    fn after(&mut self, ply: u32) -> bool {
        while self.plies.get(self.next).is_some_and(|&p| p < ply) {
            self.next += 1;
        }
        self.plies.get(self.next) == Some(&ply)
    }
}

fn escape(value: &str) -> std::borrow::Cow<'_, str> {
    if value.contains(['\\', '"']) {
        value.replace('\\', "\\\\").replace('"', "\\\"").into()
    } else {
        value.into()
    }
}

/// Which diagnostics [`pgn`] writes as comments (PGN §8.2.5).
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::write::{pgn, PgnComments};
/// let report = check_text("1.e4 e5 2.Cgf3", &CheckOptions::default()).next().unwrap();
/// let english = MessageLanguage::English;
/// assert!(pgn(&report, PgnComments::ErrorOnly, english).ends_with("2. Nf3 *\n"));
/// assert!(pgn(&report, PgnComments::Diagnostics, english)
///     .contains("{warning[disambiguation]: 2. Cgf3: the origin hint is not needed}"));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PgnComments {
    /// Only the error where reading stopped, if any.
    #[default]
    ErrorOnly,
    /// The error, and every other diagnostic (warnings, notes) after its move.
    Diagnostics,
}

/// The game as PGN: the Seven Tag Roster first (from the sheet's headers, `?` where missing),
/// then the other tags, `SetUp`/`FEN` for a game from a position, the movetext in SAN with
/// draw offers as `{(=)}` comments, and the result. A game whose reading stopped at an error is
/// written up to it, with the error as a comment `{planilla: error[code] 5. Dxd5: …}` in `lang`
/// and the result `*`, whatever `comments` says. With [`PgnComments::Diagnostics`], every other
/// diagnostic is a comment after its move, in `lang`.
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::write::{pgn, PgnComments};
/// let report = check_text("Blancas: Ana\nNegras: Luis\n\n1.e4 e5 2.Cf3 (=) tablas",
///     &CheckOptions::default()).next().unwrap();
/// let out = pgn(&report, PgnComments::ErrorOnly, MessageLanguage::Spanish);
/// assert!(out.contains("[White \"Ana\"]\n[Black \"Luis\"]\n[Result \"1/2-1/2\"]"));
/// assert!(out.ends_with("1. e4 e5 2. Nf3 {(=)} 1/2-1/2\n"));
/// let report = check_text("1.e4 e5 2.Re3 Cc6", &CheckOptions::default()).next().unwrap();
/// let out = pgn(&report, PgnComments::ErrorOnly, MessageLanguage::Spanish);
/// // The comment wraps at 80 columns, inside its braces.
/// assert!(out.ends_with("1. e4 e5 {planilla: error[illegal-move] 2. Re3: jugada ilegal: \
///     ningún rey\nblanco puede llegar a e3} *\n"), "{out}");
/// ```
#[must_use]
pub fn pgn(report: &GameReport, comments: PgnComments, lang: MessageLanguage) -> String {
    // A little more than needed, so that the string is not grown: on the 433 lichess games of
    // the tests, the tags take 164 bytes a game and the movetext 6.1 bytes a move.
    let mut out = String::with_capacity(256 + 8 * report.moves.len());
    write_tags(&mut out, report, &report.result().to_string());
    let mut w = Wrapped {
        out: &mut out,
        line: 0,
    };
    // Errors come where the reading stopped, before the result; the other diagnostics after
    // their move, with `diagnostics` only. They are sorted by ply once (stably: the order of
    // the text within a ply) and taken with a cursor, as the plies come in increasing order.
    let mut notes: Vec<_> = if comments == PgnComments::Diagnostics {
        let mut notes: Vec<_> = (report.diagnostics.iter())
            .filter(|d| d.severity() != Severity::Error)
            .collect();
        notes.sort_by_key(|d| d.ply);
        notes
    } else {
        Vec::new()
    };
    notes.reverse();
    let mut comment = |w: &mut Wrapped<'_>, ply: Option<u32>| {
        while notes.last().is_some_and(|d| d.ply < ply) {
            notes.pop();
        }
        while let Some(d) = notes.pop_if(|d| d.ply == ply) {
            let text = format!("{}[{}]: {}", d.severity().as_str(), d.code(), d.title(lang));
            w.token(&["{", &text.replace('}', ")"), "}"]);
        }
    };
    comment(&mut w, None);
    let mut offers = Offers::new(report);
    let mut clocks = Clocks(&report.clocks);
    let first = first_count(report);
    let mut variations = &report.variations[..];
    // A Black move after a variation restates its number (PGN §8.2.2.2).
    let mut after_variation = false;
    // One buffer for every move's token: no allocation per move.
    let mut token = String::new();
    for (i, m) in report.moves.iter().enumerate() {
        // The number stays on the line of its move.
        token.clear();
        match m.color {
            Color::White => {
                let _ = write!(token, "{}. ", m.number);
            }
            Color::Black if i == 0 || after_variation => {
                let _ = write!(token, "{}... ", m.number);
            }
            Color::Black => {}
        }
        let _ = m.san.render(&mut token, &Marks::SAN);
        w.token(&[&token]);
        if offers.after(m.ply) {
            w.token(&["{(=)}"]);
        }
        clocks.write(&mut w, m.ply, &mut token);
        comment(&mut w, Some(m.ply));
        after_variation = false;
        if !variations.is_empty() {
            for v in variations.iter().filter(|v| v.ply == m.ply) {
                for item in variation_tokens(v, first, ("(", ")")) {
                    w.token(&[&item]);
                }
                after_variation = true;
            }
            variations = after_ply(variations, m.ply);
        }
    }
    // A line printed after the game's end goes on from its last position, which PGN's RAV
    // cannot say: it is a comment.
    for v in variations
        .iter()
        .filter(|v| v.ply as usize == report.moves.len() + 1)
    {
        for item in variation_tokens(v, first, ("{", "}")) {
            w.token(&[&item]);
        }
    }
    comment(&mut w, Some(report.moves.len() as u32 + 1));
    // Word by word: a long message wraps inside its comment.
    for text in error_comments(report, lang) {
        for word in text.split_whitespace() {
            w.token(&[word]);
        }
    }
    w.token(&[&report.result().to_string()]);
    out.push('\n');
    out
}

/// The count of the game's first ply on PGN's numbering: White's move `n` is `2n - 1`, Black's
/// `2n`.
fn first_count(report: &GameReport) -> u64 {
    let start = report.start_position();
    2 * u64::from(start.fullmove_number()) - u64::from(start.turn() == Color::White)
}

/// The variations from the first one after ply `ply` on (they come in the text's order, which
/// is the order of their plies but for a variation printed before the move it is an
/// alternative to, which the writer then leaves to the comment of the end).
fn after_ply(variations: &[crate::check::Variation], ply: u32) -> &[crate::check::Variation] {
    let n = variations.iter().take_while(|v| v.ply <= ply).count();
    &variations[n..]
}

/// A variation as PGN RAV tokens (PGN §8.2.5): `(1... c5`, `2. Nf3`, nested variations after
/// their move (in parentheses), the last token closed with `)`; `marks` are the opening and
/// closing signs (`("{", "}")` for a comment). Each move carries its number when it is
/// White's, and Black's first move and Black's move after a nested variation carry theirs
/// with `...` (PGN §8.2.2.2). `first` is the count of the game's first ply ([`first_count`]).
fn variation_tokens(
    v: &crate::check::Variation,
    first: u64,
    (open, close): (&str, &str),
) -> Vec<String> {
    let mut items: Vec<String> = Vec::with_capacity(v.moves.len());
    let mut children = &v.variations[..];
    let mut after_child = false;
    for (i, san) in v.moves.iter().enumerate() {
        let ply = v.ply + i as u32;
        let count = first + u64::from(ply) - 1;
        let number = count.div_ceil(2);
        let mut item = String::new();
        if i == 0 {
            item.push_str(open);
        }
        if count % 2 == 1 {
            let _ = write!(item, "{number}. ");
        } else if i == 0 || after_child {
            let _ = write!(item, "{number}... ");
        }
        let _ = san.render(&mut item, &Marks::SAN);
        items.push(item);
        after_child = false;
        for child in children.iter().filter(|c| c.ply == ply) {
            items.extend(variation_tokens(child, first, ("(", ")")));
            after_child = true;
        }
        children = after_ply(children, ply);
    }
    if let Some(last) = items.last_mut() {
        last.push_str(close);
    }
    items
}

/// The clock times of a game, taken in ply order as the moves are written.
struct Clocks<'r>(&'r [crate::check::ClockTime]);

impl Clocks<'_> {
    /// The clock times recorded after ply `ply`, as one comment `{[%clk 1:20:00] [%emt
    /// 0:00:05]}` (the commands lichess, broadcasts and chess GUIs read), if any.
    fn write(&mut self, w: &mut Wrapped<'_>, ply: u32, buf: &mut String) {
        use crate::check::ClockKind;
        let n = self.0.iter().take_while(|c| c.ply <= ply).count();
        let (these, rest) = self.0.split_at(n);
        self.0 = rest;
        let mut these = these.iter().filter(|c| c.ply == ply).peekable();
        if these.peek().is_none() {
            return;
        }
        buf.clear();
        buf.push('{');
        for (k, c) in these.enumerate() {
            let command = match c.kind {
                ClockKind::Elapsed => "emt",
                _ => "clk",
            };
            let space = if k == 0 { "" } else { " " };
            let _ = write!(buf, "{space}[%{command} {c}]");
        }
        buf.push('}');
        w.token(&[buf]);
    }
}

/// The tags of a game's PGN: the Seven Tag Roster (from the sheet's headers, `?` where
/// missing, the result `result`), the other tags, `SetUp`/`FEN` for a game from a position,
/// then the blank line before the movetext.
fn write_tags(out: &mut String, report: &GameReport, result: &str) {
    let r = &report.roster;
    let values = [
        &r.event, &r.site, &r.date, &r.round, &r.white, &r.black, result,
    ];
    for (name, value) in ROSTER.iter().zip(values) {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    for (name, value) in &report.tags {
        if !ROSTER.contains(&name) && name != "FEN" && name != "SetUp" {
            let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
        }
    }
    if let Some(fen) = &report.start_fen {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
    }
    out.push('\n');
}

/// The reconstructed game of a damaged sheet as PGN (`convert --reconstruct`): the sheet's
/// tags; first a comment with the sheet's errors as written (the verdict does not change),
/// then the reconstructed moves, each repair a comment `{planilla: slip: …}` after its move
/// (before it for a written move left out of the game), in `lang`; the result is the sheet's
/// when the reconstruction is complete and the final position does not contradict it, else
/// `*`.
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::reconstruct::{reconstruct_text, Limits};
/// use planilla::write::reconstruction_pgn;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6 1/2-1/2";
/// let options = CheckOptions::default();
/// let report = check_text(sheet, &options).next().unwrap();
/// let found = reconstruct_text(sheet, &options, &Limits::default());
/// let out = reconstruction_pgn(&report, found[0].as_ref().unwrap(), MessageLanguage::English);
/// assert!(out.contains("[Result \"1/2-1/2\"]"));
/// // The movetext wraps at 80 columns; unwrapped:
/// let moves = out.replace('\n', " ");
/// assert!(moves.contains("{planilla: error[illegal-move] 3... Cf5:"));
/// assert!(moves.contains("3. Bb5 Nf6 {planilla: slip: a slip: \"Cf5\" is read as Nf6"));
/// assert!(moves.trim_end().ends_with("5. d4 Nd6 1/2-1/2"));
/// ```
#[must_use]
#[cfg(feature = "reconstruct")]
pub fn reconstruction_pgn(
    report: &GameReport,
    r: &crate::reconstruct::Reconstruction,
    lang: MessageLanguage,
) -> String {
    use crate::scoresheet::Outcome;
    let start = report.start_position();
    let mut end = start;
    for &m in &r.moves {
        end.play_unchecked(m);
    }
    let board = if end.is_checkmate() {
        Some(match end.turn() {
            Color::White => Outcome::BlackWins,
            Color::Black => Outcome::WhiteWins,
        })
    } else if end.is_stalemate() {
        Some(Outcome::Draw)
    } else {
        None
    };
    let result = match (r.complete, report.recorded_result, board) {
        (true, Some(recorded), Some(b)) if recorded == b => recorded.to_string(),
        (true, Some(recorded), None) => recorded.to_string(),
        (true, None, Some(b)) => b.to_string(),
        _ => "*".to_owned(),
    };
    let mut out = String::with_capacity(256 + 8 * r.moves.len());
    write_tags(&mut out, report, &result);
    let mut w = Wrapped {
        out: &mut out,
        line: 0,
    };
    let comment = |w: &mut Wrapped<'_>, text: &str| {
        let text = format!("{{{}}}", text.replace(['{', '}'], "").replace('\n', " "));
        for word in text.split_whitespace() {
            w.token(&[word]);
        }
    };
    for text in error_comments(report, lang) {
        comment(&mut w, &text);
    }
    let repair_comment = |w: &mut Wrapped<'_>, repair: &crate::reconstruct::Repair| {
        comment(
            w,
            &format!("planilla: {}: {}", repair.kind.code(), repair.reason(lang)),
        );
    };
    let mut pos = start;
    let mut token = String::new();
    for (k, (&m, san)) in r.moves.iter().zip(&r.sans).enumerate() {
        let ply = k as u32 + 1;
        for repair in r
            .repairs
            .iter()
            .filter(|x| x.ply == ply && x.kind == crate::reconstruct::RepairKind::ExtraMove)
        {
            repair_comment(&mut w, repair);
        }
        token.clear();
        match pos.turn() {
            Color::White => {
                let _ = write!(token, "{}. ", pos.fullmove_number());
            }
            Color::Black if k == 0 => {
                let _ = write!(token, "{}... ", pos.fullmove_number());
            }
            Color::Black => {}
        }
        let _ = san.render(&mut token, &Marks::SAN);
        w.token(&[&token]);
        for repair in r
            .repairs
            .iter()
            .filter(|x| x.ply == ply && x.kind != crate::reconstruct::RepairKind::ExtraMove)
        {
            repair_comment(&mut w, repair);
        }
        pos.play_unchecked(m);
    }
    let past = r.moves.len() as u32 + 1;
    for repair in r.repairs.iter().filter(|x| x.ply >= past) {
        repair_comment(&mut w, repair);
    }
    w.token(&[&result]);
    out.push('\n');
    out
}

/// Each error diagnostic of the game as a comment the reader reads back as one:
/// `{planilla: error[illegal-move] 5. Dxd5: …}`.
fn error_comments(report: &GameReport, lang: MessageLanguage) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .map(|d| {
            let text = format!("planilla: error[{}] {}", d.code(), d.title(lang));
            format!("{{{}}}", text.replace(['{', '}'], "").replace('\n', " "))
        })
        .collect()
}

/// The game as a scoresheet in `language`'s letters (Appendix C canonical form; figurines with
/// [`Language::FIGURINE`]): header lines `Blancas:`, `Negras:`, `Evento:`, `Lugar:`, `Fecha:`,
/// `Ronda:`, `Resultado:`, then one numbered move pair per line.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::check::{check_text, CheckOptions};
/// use planilla::write::scoresheet;
/// let report = check_text("1.e4 d5 2.exd5 Dxd5 3.Cc3", &CheckOptions::default()).next().unwrap();
/// let out = scoresheet(&report, &Language::SPANISH);
/// assert!(out.ends_with("1. e4 d5\n2. exd5 Dxd5\n3. Cc3\n\nResultado: *\n"));
/// let out = scoresheet(&report, &Language::FIGURINE);
/// assert!(out.contains("2. exd5 ♕xd5\n3. ♘c3\n"));
/// ```
#[must_use]
pub fn scoresheet(report: &GameReport, language: &Language) -> String {
    scoresheet_with(report, language, MessageLanguage::Spanish)
}

/// The same as [`scoresheet`], with the game's errors in `lang`: each error stops the sheet
/// where reading stopped, as a comment line `{planilla: error[illegal-move] 5. Dxd5: …}` after
/// the last move read, which the reader reads back as a comment (PGN §8.2.5), and the result is
/// `*`. A box left blank where the reading stopped (`missing-move`) is written as `—` in its
/// box, as the reader reads a blank box.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::write::scoresheet_with;
/// let report = check_text("1.e4 e5 2.Re3", &CheckOptions::default()).next().unwrap();
/// let out = scoresheet_with(&report, &Language::SPANISH, MessageLanguage::English);
/// assert!(out.ends_with("1. e4 e5\n{planilla: error[illegal-move] 2. Re3: illegal move: \
///     no white king can reach e3}\n\nResultado: *\n"), "{out}");
/// // A box left blank is written back blank, where the reading stopped.
/// let report = check_text("1.e4 e5 2.Cf3 — 3.Ab5", &CheckOptions::default()).next().unwrap();
/// let out = scoresheet_with(&report, &Language::SPANISH, MessageLanguage::English);
/// assert!(out.contains("1. e4 e5\n2. Cf3 —\n{planilla: error[missing-move] 2... —:"), "{out}");
/// ```
#[must_use]
pub fn scoresheet_with(report: &GameReport, language: &Language, lang: MessageLanguage) -> String {
    let mut out = String::new();
    let r = &report.roster;
    for (label, value, unknown) in [
        ("Evento", &r.event, "?"),
        ("Lugar", &r.site, "?"),
        ("Fecha", &r.date, "????.??.??"),
        ("Ronda", &r.round, "?"),
        ("Blancas", &r.white, "?"),
        ("Negras", &r.black, "?"),
    ] {
        if value != unknown {
            let _ = writeln!(out, "{label}: {value}");
        }
        if label == "Ronda"
            && let Some(board) = report.tags.get("Board")
        {
            let _ = writeln!(out, "Mesa: {board}");
        }
    }
    if let Some(fen) = &report.start_fen {
        let _ = writeln!(out, "FEN: {fen}");
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let mut pos: Position = report.start_position();
    let mut offers = Offers::new(report);
    let mut clocks = &report.clocks[..];
    for (i, m) in report.moves.iter().enumerate() {
        let mut text = in_language_with_san(&pos, m.mv, &m.san, language);
        if offers.after(m.ply) {
            text.push_str(" (=)");
        }
        // The mover's clock, as a sheet writes it after the move (Art. 8.1): `(1:20:00)`.
        while clocks.first().is_some_and(|c| c.ply < m.ply) {
            clocks = &clocks[1..];
        }
        if let Some(c) = (clocks.iter())
            .take_while(|c| c.ply == m.ply)
            .find(|c| c.kind == crate::check::ClockKind::Remaining)
        {
            let _ = write!(text, " ({c})");
        }
        pos.play_unchecked(m.mv);
        match m.color {
            Color::White => {
                let _ = write!(out, "{}. {text}", m.number);
            }
            Color::Black if i == 0 => {
                let _ = write!(out, "{}... {text}", m.number);
            }
            Color::Black => {
                let _ = write!(out, " {text}");
            }
        }
        if m.color == Color::Black {
            out.push('\n');
        }
    }
    // A box left blank, where the reading stopped, is written back as a blank box.
    let blank = (report.diagnostics.iter())
        .find(|d| d.finding == crate::check::Finding::BlankMove)
        .and_then(|d| d.move_number);
    let open_line = report.moves.last().is_some_and(|m| m.color == Color::White);
    // Black's first box of a game from a position with Black to move has no form that reads
    // back as blank (`5... —` is Black's ellipsis): there the comment alone says it.
    let written = match blank {
        Some((_, Color::Black)) if open_line => {
            out.push_str(" —");
            true
        }
        Some((number, Color::White)) => {
            let _ = write!(out, "{number}. —");
            true
        }
        _ => false,
    };
    if open_line || written {
        out.push('\n');
    }
    for comment in error_comments(report, lang) {
        let _ = writeln!(out, "{comment}");
    }
    let _ = writeln!(out, "\nResultado: {}", report.result());
    out
}

/// The game as the JSON document of docs/cli.md, a [`GameJson`] to give to a serde
/// serializer (feature `serde`): `index`, `tags`, `result`, `recorded_result`,
/// `board_result`, `start_fen`, `moves` (`ply`, `number`, `color`, `text`, `span`, `san`,
/// `written`, `uci`, `fen`), `draw_offers`, `variations` (`ply`, `moves`, `span`,
/// `variations`), `diagnostics` (`severity`, `code`, `ply`, `span`,
/// `message`, `rule`, `candidates`, `suggestions`, each move as `san`, `written` and `uci`),
/// `unread_from`, `unread_moves` (the written moves left
/// unread, counting the one that stopped the reading), `termination`, `valid`.
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::write::json;
/// let report = check_text("1.e4 e5 2.Re3", &CheckOptions::default()).next().unwrap();
/// let j = json(&report, MessageLanguage::English);
/// assert_eq!((j.moves[1].san.as_str(), j.valid), ("e5", false));
/// assert_eq!(j.diagnostics[0].code, "illegal-move");
/// // `Re3` (a king move in Spanish) is illegal; the closest legal moves are named both ways.
/// let closest = &j.diagnostics[0].suggestions[0];
/// assert_eq!((closest.san.as_str(), closest.written.as_str()), ("Ke2", "Re2"));
/// ```
#[cfg(feature = "serde")]
#[must_use]
pub fn json(report: &GameReport, lang: MessageLanguage) -> GameJson {
    let mut before = report.start_position();
    let mut clocks = &report.clocks[..];
    GameJson {
        index: report.index,
        tags: report
            .tags
            .iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect(),
        result: report.result().to_string(),
        recorded_result: report.recorded_result.map(|o| o.to_string()),
        board_result: report.board_result.map(|o| o.to_string()),
        start_fen: report.start_fen.clone(),
        moves: report
            .moves
            .iter()
            .map(|m| {
                // The SAN is known: only the letters change.
                let written = in_language_with_san(&before, m.mv, &m.san, &report.language);
                before = m.after;
                MoveJson {
                    ply: m.ply,
                    number: m.number,
                    color: m.color,
                    text: m.text.to_string(),
                    span: [m.span.start, m.span.end],
                    san: m.san.to_string(),
                    written,
                    uci: m.uci(),
                    fen: m.fen(),
                    clock: clock_of(&mut clocks, m.ply, crate::check::ClockKind::Remaining),
                    elapsed: clock_of(&mut clocks, m.ply, crate::check::ClockKind::Elapsed),
                }
            })
            .collect(),
        draw_offers: report.draw_offers.clone(),
        variations: report.variations.iter().map(VariationJson::from).collect(),
        diagnostics: report
            .diagnostics
            .iter()
            .map(|d| DiagnosticJson::new(d, lang))
            .collect(),
        unread_from: report.unread_from,
        unread_moves: report.unread_moves,
        termination: report.termination,
        valid: report.is_valid(),
        #[cfg(feature = "reconstruct")]
        reconstruction: None,
    }
}

/// One game as JSON (see [`json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct GameJson {
    /// The game's place in the input, from 0.
    pub index: usize,
    /// The headers as PGN tags (Spanish lines mapped), by name.
    pub tags: std::collections::BTreeMap<String, String>,
    /// The result to write: [`GameReport::result`].
    pub result: String,
    /// The result recorded on the sheet, in PGN form.
    pub recorded_result: Option<String>,
    /// The result the board imposes.
    pub board_result: Option<String>,
    /// The starting FEN, when not the initial position.
    pub start_fen: Option<String>,
    /// The plies read.
    pub moves: Vec<MoveJson>,
    /// The plies after which a draw was offered (E13; C.12).
    pub draw_offers: Vec<u32>,
    /// The variations (PGN §8.2.5), in the order of the text: see
    /// [`Variation`](crate::check::Variation).
    pub variations: Vec<VariationJson>,
    /// Every diagnostic, in the order of the text.
    pub diagnostics: Vec<DiagnosticJson>,
    /// The byte offset from which the game was left unread, after an error.
    pub unread_from: Option<u32>,
    /// The written moves left unread, the one that stopped the reading included.
    pub unread_moves: usize,
    /// The termination written on the sheet, as the PGN `Termination` tag says it.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::termination_schema")
    )]
    #[serde(serialize_with = "super::codes::termination")]
    pub termination: Option<crate::scoresheet::Termination>,
    /// No error diagnostic.
    pub valid: bool,
    /// With `check --reconstruct`: the legal game the sheet most plausibly records, `null`
    /// when every written move plays as written. Absent otherwise.
    #[cfg(feature = "reconstruct")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reconstruction: Option<Option<super::ReconstructionJson>>,
}

/// A variation as JSON (see [`json`] and [`Variation`](crate::check::Variation)).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct VariationJson {
    /// The ply of the game's move it is an alternative to, from 1 (one more than the game's
    /// last ply: a line printed after the game's end).
    pub ply: u32,
    /// Its moves in SAN, with their check or mate suffix.
    pub moves: Vec<String>,
    /// Its byte offsets `[start, end)` in the input, from its first move to its last.
    pub span: [u32; 2],
    /// The variations inside it, their `ply` on the game's count.
    pub variations: Vec<VariationJson>,
}

#[cfg(feature = "serde")]
impl From<&crate::check::Variation> for VariationJson {
    fn from(v: &crate::check::Variation) -> VariationJson {
        VariationJson {
            ply: v.ply,
            moves: v.moves.iter().map(ToString::to_string).collect(),
            span: [v.span.start, v.span.end],
            variations: v.variations.iter().map(VariationJson::from).collect(),
        }
    }
}

/// One ply as JSON (see [`json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct MoveJson {
    /// The ply, from 1.
    pub ply: u32,
    /// The move number (Art. 8.1).
    pub number: u32,
    /// `white` or `black`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::color_schema")
    )]
    #[serde(serialize_with = "super::codes::color")]
    pub color: Color,
    /// The text written, as in the input.
    pub text: String,
    /// Its byte offsets `[start, end)` in the input.
    pub span: [u32; 2],
    /// Standard SAN (PGN 8.2.3).
    pub san: String,
    /// The move in the game's letters ([`GameReport::language`]), in the canonical form of
    /// Appendix C (`Cf3` for a written `C-f3`), or in descriptive notation on a descriptive
    /// sheet.
    pub written: String,
    /// UCI.
    pub uci: String,
    /// The FEN after the move.
    pub fen: String,
    /// The time left on the mover's clock, `h:mm:ss`, when the sheet records it after the move
    /// (Art. 8.1 (2018, 2023); PGN's `[%clk]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// The time the move took, `h:mm:ss`, when the input records it (PGN's `[%emt]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed: Option<String>,
}

/// The first clock time of `kind` recorded after ply `ply`, as `h:mm:ss`; `clocks` are the
/// game's from that ply on (the plies before it are passed over, so that a game's clocks are
/// read once in all).
#[cfg(feature = "serde")]
fn clock_of(
    clocks: &mut &[crate::check::ClockTime],
    ply: u32,
    kind: crate::check::ClockKind,
) -> Option<String> {
    while clocks.first().is_some_and(|c| c.ply < ply) {
        *clocks = &clocks[1..];
    }
    (clocks.iter())
        .take_while(|c| c.ply == ply)
        .find(|c| c.kind == kind)
        .map(|c| c.to_string())
}

/// One diagnostic as JSON (see [`json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct DiagnosticJson {
    /// `error`, `warning` or `note`, from the code.
    pub severity: crate::check::Severity,
    /// The stable code ([`Diagnostic::code`](crate::check::Diagnostic::code)).
    pub code: crate::check::DiagnosticCode,
    /// The ply it concerns.
    pub ply: Option<u32>,
    /// Its byte offsets `[start, end)` in the input.
    pub span: [u32; 2],
    /// The message, headed by the move number and the writing.
    pub message: String,
    /// The article, as `C.10 (2023)`.
    pub rule: Option<String>,
    /// The candidates of an ambiguous or incomplete move; for a guess, the move it read.
    pub candidates: Vec<NamedMoveJson>,
    /// The legal moves closest to the writing, closest first.
    pub suggestions: Vec<NamedMoveJson>,
}

/// A legal move as JSON, named three ways (see [`NamedMove`](crate::check::NamedMove)).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct NamedMoveJson {
    /// Standard SAN (PGN §8.2.3), with its check or mate suffix.
    pub san: String,
    /// The move in the sheet's letters, in the canonical form (`Dxd4`, `exd6 a.p.`), or in
    /// descriptive notation on a descriptive sheet.
    pub written: String,
    /// UCI (`d1d4`).
    pub uci: String,
}

#[cfg(feature = "serde")]
impl From<&crate::check::NamedMove> for NamedMoveJson {
    fn from(m: &crate::check::NamedMove) -> NamedMoveJson {
        NamedMoveJson {
            san: m.san.to_string(),
            written: m.written.clone(),
            uci: m.mv.to_uci(),
        }
    }
}

#[cfg(feature = "serde")]
impl DiagnosticJson {
    /// The JSON view of `d`, its message in `lang`.
    pub fn new(d: &crate::check::Diagnostic, lang: MessageLanguage) -> DiagnosticJson {
        DiagnosticJson {
            severity: d.severity(),
            code: d.code(),
            ply: d.ply,
            span: [d.span.start, d.span.end],
            message: d.title(lang),
            rule: d.rule.map(|r| r.to_string()),
            candidates: d.candidates.iter().map(NamedMoveJson::from).collect(),
            suggestions: d.suggestions.iter().map(NamedMoveJson::from).collect(),
        }
    }
}
