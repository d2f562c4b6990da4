//! Validating whole scoresheets, game by game, into [`GameReport`]s.
//!
//! Every move is resolved against the position ([`crate::resolve`]); move numbers are checked
//! (Art. 8.1); the end of the game is checked against the recorded result (Art. 5, 8.7). After
//! the first error a game cannot be trusted: its report stops there and says how much of the
//! game was left unread, and the next game goes on.
//!
//! ```
//! use planilla::check::{check_text, CheckOptions};
//! let text = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Axc6 dxc6 5.0-0 f6 6.d4 exd4 7.Cxd4 c5 8.Cb3 Dxd1 \
//!             9.Txd1 Ag4 10.f3 Ae6 11.Cc3 Ad6 1/2-1/2";
//! let report = check_text(text, &CheckOptions::default()).next().unwrap();
//! assert!(report.is_valid());
//! assert_eq!(report.moves.len(), 22);
//! assert_eq!(report.moves[8].san.to_string(), "O-O");
//! assert_eq!(report.moves[8].text, "0-0");
//!
//! // Long castling there instead: the king would cross d8, which the rook on d1 attacks.
//! let text = text.replace("Ad6", "0-0-0");
//! let report = check_text(&text, &CheckOptions::default()).next().unwrap();
//! assert_eq!(report.diagnostics[0].code(), "illegal-move");
//! assert_eq!(report.diagnostics[0].ply, Some(22));
//! ```

mod code;
mod diagnostic;
mod options;
mod report;
mod suggest;
mod walker;

pub use code::{DiagnosticCode, UnknownCode};
pub use diagnostic::{
    BoardEnd, Diagnostic, Finding, MessageLanguage, NamedMove, NumberProblem, Severity,
};
pub use options::CheckOptions;
pub use report::{GameReport, PlyRecord};
pub use suggest::{CONFUSIONS, suggested_moves, suggestions};

use crate::notation::ParseError;
use crate::scoresheet::{Game, Games, read_games};
use walker::Walker;
pub(crate) use walker::move_span;

/// Checks every game of a text, one at a time (streamed: only the current game is held).
#[must_use]
pub fn check_text<'a>(text: &'a str, options: &CheckOptions) -> Reports<'a> {
    Reports {
        games: crate::scoresheet::games(text, options.parser()),
        source: text,
        options: *options,
        index: 0,
    }
}

/// Checks every game of a file's bytes; invalid UTF-8 is reported as a syntax error at its
/// byte offset.
#[must_use]
pub fn check_bytes<'a>(input: &'a [u8], options: &CheckOptions) -> Reports<'a> {
    Reports {
        games: read_games(input, options.parser()),
        source: core::str::from_utf8(input).unwrap_or(""),
        options: *options,
        index: 0,
    }
}

/// The reports of a text's games: an `Iterator` of [`GameReport`].
#[derive(Clone, Debug)]
pub struct Reports<'a> {
    games: Games<'a>,
    source: &'a str,
    options: CheckOptions,
    index: usize,
}

impl Iterator for Reports<'_> {
    type Item = GameReport;
    fn next(&mut self) -> Option<GameReport> {
        let (game, error) = self.games.next_game()?;
        let report = check_game(&game, error, self.source, self.index, &self.options);
        self.index += 1;
        Some(report)
    }
}

/// Checks one game read by the scoresheet reader. `error` is the syntax error that stopped its
/// reading, if any (see [`Games::next_game`]); `source` is the text its spans point into.
#[must_use]
pub fn check_game(
    game: &Game<'_>,
    error: Option<ParseError>,
    source: &str,
    index: usize,
    options: &CheckOptions,
) -> GameReport {
    let mut w = Walker::new(game, source, index, options);
    w.walk(game);
    if let Some(e) = error
        && !w.stopped
    {
        w.syntax_error(e, game.unread_after_error);
    }
    w.finish(game)
}
