//! What a check finds in one game: [`GameReport`], with a [`PlyRecord`] for each move read.

use super::{Diagnostic, Severity};
use crate::notation::{Language, Span};
use crate::position::Position;
use crate::san::SanPlus;
use crate::scoresheet::{Outcome, SevenTagRoster};
use crate::types::Color;

/// What a clock time a sheet records after a move tells (Art. 8.1 (2018, 2023): the sheet may
/// record the clocks' times as well as the moves).
///
/// ```
/// use planilla::{check_text, CheckOptions, ClockKind};
/// // PGN's `[%emt]` is the time a move took; `[%clk]` the time left on the mover's clock.
/// let pgn = "1. e4 {[%emt 0:00:05]} e5 {[%clk 1:30:00]}";
/// let report = check_text(pgn, &CheckOptions::default()).next().unwrap();
/// let clocks: Vec<_> = report.clocks.iter().map(|c| (c.ply, c.kind, c.seconds)).collect();
/// assert_eq!(clocks, [(1, ClockKind::Elapsed, 5), (2, ClockKind::Remaining, 5400)]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum ClockKind {
    /// The time left on the mover's clock after the move: a time written after the move
    /// (`4. Aa4 (1:20)`, `23. Tf1 0:04`, `4. Aa4 1.20`), or PGN's `[%clk 1:20:00]`.
    Remaining,
    /// The time the move took: PGN's `[%emt 0:00:05]`.
    Elapsed,
}

/// A clock time recorded with a move (Art. 8.1 (2018, 2023)).
///
/// ```
/// use planilla::check::{check_text, CheckOptions, ClockKind};
/// let report = check_text("1. e4 (1:29) e5 (1:30) 2. Cf3 1.28", &CheckOptions::default())
///     .next()
///     .unwrap();
/// assert!(report.is_valid());
/// let clocks: Vec<_> = report.clocks.iter().map(|c| (c.ply, c.seconds)).collect();
/// assert_eq!(clocks, [(1, 5340), (2, 5400), (3, 5280)]);
/// assert_eq!(report.clocks[0].kind, ClockKind::Remaining);
/// assert_eq!(report.clocks[0].to_string(), "1:29:00");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClockTime {
    /// The ply of the move it was written after, from 1.
    pub ply: u32,
    /// What it tells.
    pub kind: ClockKind,
    /// The time, in whole seconds.
    pub seconds: u32,
    /// Where it was written, as byte offsets into the input.
    pub span: Span,
}

impl core::fmt::Display for ClockTime {
    /// The time as PGN's clock comments write it: `h:mm:ss`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let s = self.seconds;
        write!(f, "{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

/// A variation: a line written as an alternative to a move of the game, resolved move by move
/// in the position before that move. Read from a PGN RAV or a parenthesised line (PGN §8.2.5),
/// and in printed text from numbered moves that go back to a move already played, or that
/// follow the game's end (a resignation, a result); never played as the game's moves.
/// `convert` writes them as PGN RAV (`1. e4 e5 (1... c5 2. Nf3) 2. Nf3`).
///
/// ```
/// use planilla::check::{check_text, CheckOptions};
/// let report = check_text("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6", &CheckOptions::default())
///     .next()
///     .unwrap();
/// let v = &report.variations[0];
/// assert_eq!(v.ply, 2); // an alternative to 1... e5
/// let sans: Vec<String> = v.moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(sans, ["c5", "Nf3"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Variation {
    /// The ply of the game's move it is an alternative to, from 1; one more than the game's
    /// last ply for a line printed after the game's end (a continuation, which PGN writes as
    /// a comment, not a RAV).
    pub ply: u32,
    /// Its moves, in order, each in SAN with its check or mate suffix.
    pub moves: Vec<SanPlus>,
    /// Where it was written, from its first move to its last, as byte offsets into the input.
    pub span: Span,
    /// The variations inside it (PGN §8.2.5 nests them): each one's `ply` counts on the
    /// game's count, as the ply of the variation's move it is an alternative to.
    pub variations: Vec<Variation>,
}

/// One ply as recorded and as played.
///
/// ```
/// use planilla::{check_text, CheckOptions, Color};
/// let report = check_text("1.e4 e5 2.Cf3", &CheckOptions::default()).next().unwrap();
/// let ply = &report.moves[2];
/// assert_eq!((ply.ply, ply.number, ply.color), (3, 2, Color::White));
/// assert_eq!(ply.text, "Cf3");
/// assert_eq!((ply.san.to_string(), ply.uci()), ("Nf3".to_owned(), "g1f3".to_owned()));
/// assert_eq!(ply.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlyRecord {
    /// The ply, from 1.
    pub ply: u32,
    /// The move number (Art. 8.1).
    pub number: u32,
    /// Who moved.
    pub color: Color,
    /// The text written, as in the input, without the blanks after it (inline, with no
    /// allocation, up to 22 bytes).
    pub text: crate::text::SmallText,
    /// Where, as byte offsets into the input.
    pub span: Span,
    /// Standard SAN (PGN §8.2.3), with its check or mate suffix: `to_string()` writes it
    /// (`exd8=Q#`). UCI: [`PlyRecord::uci`].
    pub san: SanPlus,
    /// The position after the move (its FEN: [`PlyRecord::fen`]).
    pub after: Position,
    /// The move.
    pub mv: crate::position::Move,
}

impl PlyRecord {
    /// The FEN after the move.
    pub fn fen(&self) -> String {
        self.after.to_fen()
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    pub fn uci(&self) -> String {
        self.mv.to_uci()
    }
}

/// The check of one game.
///
/// ```
/// use planilla::{check_text, CheckOptions, Outcome};
/// let sheet = "Blancas: Ana\nNegras: Luis\n\n1.e4 e5 2.Cf3 Cc6 3.Ab5 1-0";
/// let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
/// assert!(report.is_valid());
/// assert_eq!((report.tags.get("White"), report.tags.get("Black")), (Some("Ana"), Some("Luis")));
/// assert_eq!(report.moves.len(), 5);
/// assert_eq!(report.recorded_result, Some(Outcome::WhiteWins));
/// assert_eq!(report.board_result, None); // no mate or automatic draw on the board
/// assert_eq!(report.result().to_string(), "1-0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameReport {
    /// The game's index in the input, from 0.
    pub index: usize,
    /// The headers as PGN tags, in order (Spanish header lines mapped to their tags).
    pub tags: super::Tags,
    /// The Seven Tag Roster.
    pub roster: SevenTagRoster,
    /// The FEN the game starts from, when not the initial position.
    pub start_fen: Option<String>,
    /// The plies resolved, in order.
    pub moves: Vec<PlyRecord>,
    /// The plies after which a draw offer `(=)` was recorded (E13; C.12).
    pub draw_offers: Vec<u32>,
    /// The clock times recorded after the moves (Art. 8.1 (2018, 2023)), in ply order: a time
    /// written after a move on a sheet, or PGN's `[%clk]` and `[%emt]` comments. `convert`
    /// writes them as `[%clk h:mm:ss]` and `[%emt h:mm:ss]`.
    pub clocks: Vec<ClockTime>,
    /// The result recorded: the movetext's, else the `Result` header's when it reads as a
    /// result (Art. 8.7). Never [`Outcome::Unknown`] (`*` records no result) nor
    /// [`Outcome::SideToMoveResigns`] (the position says who resigned).
    pub recorded_result: Option<Outcome>,
    /// The result the board imposes, when the game ended on the board: checkmate, stalemate
    /// or an automatic draw (Art. 5, 9.6).
    pub board_result: Option<Outcome>,
    /// The variations, in the order of the text (see [`Variation`]).
    pub variations: Vec<Variation>,
    /// Every diagnostic, in the order of the text.
    pub diagnostics: Vec<Diagnostic>,
    /// When reading stopped at an error: the byte offset from which the game was left unread.
    pub unread_from: Option<u32>,
    /// When reading stopped at an error: how many moves were left unread, the move at the
    /// error included (a move that could not be read counts).
    pub unread_moves: usize,
    /// The termination written after the last move or the result (`abandono`, `(tiempo)`).
    pub termination: Option<crate::scoresheet::Termination>,
    /// The letters and notation the game was read in: the options' letters, in descriptive
    /// notation when
    /// [`NotationKind::Auto`](crate::notation::descriptive::NotationKind::Auto) found the game written so.
    pub language: Language,
    /// The language of the messages it was made with ([`CheckOptions::messages`]): its
    /// `Serialize` form (the JSON of `planilla check --json`) and its diagnostics' `Display`
    /// speak it.
    ///
    /// [`CheckOptions::messages`]: super::CheckOptions
    pub messages: super::MessageLanguage,
}

impl GameReport {
    /// `true` when no diagnostic is an error.
    pub fn is_valid(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
    }

    /// The result to write in PGN: the board's, else the recorded one, else
    /// [`Outcome::Unknown`] (`*`); `*` too when reading stopped at an error, since the game as
    /// written is incomplete. `to_string()` writes it in PGN form.
    ///
    /// ```
    /// use planilla::check::{check_text, CheckOptions};
    /// use planilla::scoresheet::Outcome;
    /// let report = check_text("1.f3 e5 2.g4 Dh4 1-0", &CheckOptions::default()).next().unwrap();
    /// assert_eq!(report.recorded_result, Some(Outcome::WhiteWins));
    /// assert_eq!(report.board_result, Some(Outcome::BlackWins)); // mate on the board
    /// assert_eq!(report.result().to_string(), "0-1");
    /// ```
    #[must_use]
    pub fn result(&self) -> Outcome {
        if self.unread_from.is_some() && self.board_result.is_none() {
            return Outcome::Unknown;
        }
        self.board_result
            .or(self.recorded_result)
            .unwrap_or(Outcome::Unknown)
    }

    /// Moves every span (plies, clock times, variations, diagnostics, the unread offset) `delta` bytes later: for a
    /// report made from a piece of a larger text, such as a
    /// [`Chunk`](crate::scoresheet::Chunk) of a stream.
    pub fn shift_spans(&mut self, delta: u32) {
        let shift = |s: Span| Span::new(s.start.saturating_add(delta), s.end.saturating_add(delta));
        for m in &mut self.moves {
            m.span = shift(m.span);
        }
        for d in &mut self.diagnostics {
            d.span = shift(d.span);
        }
        for c in &mut self.clocks {
            c.span = shift(c.span);
        }
        fn shift_variations(variations: &mut [Variation], shift: &dyn Fn(Span) -> Span) {
            for v in variations {
                v.span = shift(v.span);
                shift_variations(&mut v.variations, shift);
            }
        }
        shift_variations(&mut self.variations, &shift);
        if let Some(u) = &mut self.unread_from {
            *u = u.saturating_add(delta);
        }
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Position {
        self.start_fen
            .as_deref()
            .and_then(|f| Position::from_fen(f).ok())
            .unwrap_or_default()
    }
}
