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
mod one_move;
mod options;
pub(crate) mod ply;
mod report;
mod stream;
mod suggest;
mod tags;
mod walker;

pub use code::{DiagnosticCode, Severity, UnknownCode};
pub use diagnostic::{BoardEnd, Diagnostic, Finding, MessageLanguage, NamedMove, NumberProblem};
pub use one_move::{CheckedMove, MoveError, check_move};
pub use options::CheckOptions;
pub use report::{ClockKind, ClockTime, GameReport, PlyRecord, Variation};
pub use stream::{StreamReport, StreamReports, check_chunk, check_reader};
#[doc(hidden)]
pub use suggest::CONFUSIONS;
#[cfg(feature = "reconstruct")]
pub(crate) use suggest::distance_within as suggestion_distance_within;
pub use suggest::{distance as suggestion_distance, suggested_moves, suggestions};
pub use tags::{Tags, TagsIter};

use std::collections::VecDeque;

use crate::notation::{ParseError, Span};
use crate::scoresheet::Game;
use walker::Walker;
#[cfg(feature = "reconstruct")]
pub(crate) use walker::is_printed;
pub(crate) use walker::move_span;

/// Checks every game of a text, one at a time: only the current game's text, normalized, and
/// its report are held besides the text itself. Built on the same pieces as [`check_reader`]
/// (which reads any [`std::io::BufRead`] in constant memory), with spans as byte offsets
/// into `text`: for texts under 4 GiB, past which offsets saturate at `u32::MAX` (use
/// [`check_reader`], whose offsets are `u64`).
///
/// ```
/// use planilla::{check_text, CheckOptions};
/// // Two games, one after the other: a report each, in order.
/// let text = "[White \"Ana\"]\n\n1.e4 e5 1/2-1/2\n\n[White \"Luis\"]\n\n1.d4 d5 2.Re3\n";
/// let reports: Vec<_> = check_text(text, &CheckOptions::default()).collect();
/// assert_eq!(reports.len(), 2);
/// assert!(reports[0].is_valid());
/// // `2.Re3`: no white king reaches e3. Spans are byte offsets into the whole text.
/// let error = &reports[1].diagnostics[0];
/// assert_eq!(error.code(), "illegal-move");
/// assert_eq!(&text[error.span.range()], "Re3");
/// ```
#[must_use]
pub fn check_text<'a>(text: &'a str, options: &CheckOptions) -> Reports<'a> {
    check_bytes(text.as_bytes(), options)
}

/// Checks every game of a file's bytes, as [`check_text`]; invalid UTF-8 is reported as a
/// syntax error at its byte offset, in the game that holds it.
#[must_use]
pub fn check_bytes<'a>(input: &'a [u8], options: &CheckOptions) -> Reports<'a> {
    Reports {
        pieces: stream::Pieces::new(input, options),
        ready: VecDeque::new(),
    }
}

/// The reports of a text's games: an `Iterator` of [`GameReport`].
///
/// ```
/// use planilla::{check_text, CheckOptions, Reports};
/// let text = "1.e4 e5 1-0\n\n1.d4 d5 0-1\n";
/// let mut reports: Reports<'_> = check_text(text, &CheckOptions::default());
/// let first = reports.next().unwrap();
/// assert_eq!((first.index, first.moves[0].san.to_string()), (0, "e4".to_owned()));
/// assert_eq!(reports.next().unwrap().moves[0].san.to_string(), "d4");
/// assert!(reports.next().is_none());
/// ```
#[derive(Debug)]
pub struct Reports<'a> {
    pieces: stream::Pieces<&'a [u8]>,
    ready: VecDeque<GameReport>,
}

impl Iterator for Reports<'_> {
    type Item = GameReport;
    fn next(&mut self) -> Option<GameReport> {
        loop {
            if let Some(report) = self.ready.pop_front() {
                return Some(report);
            }
            let ready = &mut self.ready;
            let more = self.pieces.next_piece(|mut report, chunk| {
                report.shift_spans(u32::try_from(chunk.offset).unwrap_or(u32::MAX));
                ready.push_back(report);
            });
            if !more {
                return None;
            }
        }
    }
}

/// The source given to [`check_game`] does not hold the game's spans: a span ends past the
/// source's end or cuts one of its characters. The report would have empty texts, so none is
/// made.
///
/// ```
/// use planilla::check::{check_game, CheckOptions, SourceMismatch};
/// use planilla::notation::Parser;
/// use planilla::scoresheet::games;
/// let text = "1.e4 e5 2.Cf3";
/// let game = games(text, Parser::spanish()).next().unwrap().unwrap();
/// let error = check_game(&game, None, "1.e4", 0, &CheckOptions::default()).unwrap_err();
/// assert_eq!(error.source_len, 4);
/// assert_eq!(&text[error.span.range()], "e5");
/// assert!(check_game(&game, None, text, 0, &CheckOptions::default()).is_ok());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "the game's span {}..{} is not inside its source text of {source_len} bytes, or cuts a character",
    span.start,
    span.end
)]
pub struct SourceMismatch {
    /// The first span of the game, in text order, that the source does not hold.
    pub span: Span,
    /// The source's length in bytes.
    pub source_len: usize,
}

/// Checks one game read by the scoresheet reader. `error` is the syntax error that stopped its
/// reading, if any (see [`Games::next_game`](crate::scoresheet::Games::next_game)); `source`
/// is the text its spans point into; `index` is the game's number in the input, from 0.
///
/// # Errors
///
/// [`SourceMismatch`] when a span of the game (a header, a token, the error) ends past the end
/// of `source` or cuts one of its characters. A source that holds every span but is another
/// text is not detected.
pub fn check_game(
    game: &Game<'_>,
    error: Option<ParseError>,
    source: &str,
    index: usize,
    options: &CheckOptions,
) -> Result<GameReport, SourceMismatch> {
    let holds = |span: Span| {
        span.start <= span.end
            && source.is_char_boundary(span.start as usize)
            && source.is_char_boundary(span.end as usize)
    };
    let spans = game
        .tags
        .iter()
        .map(|t| t.span)
        .chain(game.movetext.iter().map(|t| t.span()))
        .chain(error.as_ref().map(|e| e.span));
    for span in spans {
        if !holds(span) {
            return Err(SourceMismatch {
                span,
                source_len: source.len(),
            });
        }
    }
    Ok(check_game_in(game, error, source, index, options))
}

/// [`check_game`] for a game read from `source` itself.
pub(crate) fn check_game_in(
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
