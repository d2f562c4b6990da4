//! The position on an envelope, taken from a scoresheet ([`position_before_ply`]).

use crate::position::Position;
use crate::resolve::Resolution;
use crate::scoresheet::{TokenKind, games};

use super::reading::SoleReading;
use crate::check::{CheckOptions, Diagnostic, MessageLanguage, Severity, check_game_in};

/// The position on an envelope, taken from a scoresheet: [`position_before_ply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// The position immediately before the sealed move.
    pub position: Position,
    /// The game's positions before it, oldest first, from the starting position
    /// ([`SealedOptions::history`](super::SealedOptions::history)).
    pub history: Vec<Position>,
    /// The move written at the sealed ply, if the sheet has one.
    pub written: Option<String>,
}

/// Why a scoresheet gives no position for a sealed move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EnvelopeError {
    /// The text holds no game.
    #[error("the text holds no game")]
    NoGame,
    /// Plies count from 1.
    #[error("plies count from 1")]
    PlyZero,
    /// The sheet cannot be followed up to the sealed move: an error comes before it.
    #[error("the sheet cannot be followed to ply {ply}: {}", .diagnostic.title(MessageLanguage::English))]
    Unfollowable {
        /// The sealed ply asked for.
        ply: u32,
        /// The error that stopped the reading.
        diagnostic: Box<Diagnostic>,
    },
    /// The sheet ends before the ply and no move was given.
    #[error("the sheet has {plies} plies; ply {ply} is not among them")]
    TooShort {
        /// The sealed ply asked for.
        ply: u32,
        /// The plies the sheet has.
        plies: u32,
    },
}

/// The position before ply `ply` (from 1) of the first game of a scoresheet, the positions
/// before it, and the move written at that ply: what an arbiter reads off the sheets when the
/// envelope gives only the move. Every earlier move must resolve; `options` is the sheet's
/// letters and edition, as for [`check_text`](crate::check::check_text).
///
/// The moves are played as written even past an automatic end of the game (fivefold
/// repetition, 75 moves, a dead position): [`adjudicate_sealed_with`](super::adjudicate_sealed_with), given the history,
/// rules that the game was already drawn.
///
/// # Errors
/// [`EnvelopeError`]: no game, ply 0, an error before `ply`, or a sheet shorter than
/// `ply - 1` plies.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::sealed::position_before_ply;
/// let envelope = position_before_ply("1.e4 e5 2.Cf3 Cc6 3.Ab5", 5, &CheckOptions::default()).unwrap();
/// assert_eq!(envelope.written.as_deref(), Some("Ab5"));
/// assert_eq!(envelope.history.len(), 4);
/// assert_eq!(envelope.position.fullmove_number(), 3);
/// ```
pub fn position_before_ply(
    text: &str,
    ply: u32,
    options: &CheckOptions,
) -> Result<Envelope, EnvelopeError> {
    if ply == 0 {
        return Err(EnvelopeError::PlyZero);
    }
    let mut reader = games(text, options.parser());
    let (game, error) = reader.next_game().ok_or(EnvelopeError::NoGame)?;
    // The game's own moves, outside variations.
    let mut depth = 0u32;
    let moves: Vec<SoleReading<'_>> = game
        .movetext
        .iter()
        .filter_map(|t| {
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::Move(readings) if depth == 0 => {
                    return Some(SoleReading::Algebraic(readings));
                }
                TokenKind::Descriptive(d) if depth == 0 => {
                    return Some(SoleReading::Descriptive(**d));
                }
                _ => {}
            }
            None
        })
        .collect();
    let before = ply as usize - 1;
    // The moves are played as written, past any end the validator would call (a fivefold
    // repetition, 75 moves, a dead position): the adjudication itself finds those, and rules
    // that the game was already drawn.
    let mut position = match game.tag("FEN") {
        Some(fen) => Position::from_fen(fen).ok(),
        None => Some(options.start.unwrap_or_default()),
    };
    let mut history = Vec::with_capacity(before.min(moves.len()));
    let resolve_options = options.resolve_options();
    for m in moves.iter().take(before) {
        let Some(pos) = position.as_mut() else {
            break;
        };
        match m.resolve(pos, &options.language, resolve_options) {
            Resolution::Resolved(r) => {
                history.push(*pos);
                pos.play_unchecked(r.mv);
            }
            _ => position = None,
        }
    }
    let unfollowable = position.is_none() || (history.len() < before && error.is_some());
    let Some(position) = position.filter(|_| !unfollowable) else {
        // The validator words the error that stops the reading.
        let report = check_game_in(&game, error, text, 0, options);
        let stop = report
            .diagnostics
            .iter()
            .find(|d| d.severity() == Severity::Error)
            .cloned();
        return Err(match stop {
            Some(diagnostic) => EnvelopeError::Unfollowable {
                ply,
                diagnostic: Box::new(diagnostic),
            },
            None => EnvelopeError::TooShort {
                ply,
                plies: history.len() as u32,
            },
        });
    };
    if history.len() < before {
        return Err(EnvelopeError::TooShort {
            ply,
            plies: history.len() as u32,
        });
    }
    let written = moves
        .get(before)
        .and_then(|m| text.get(m.span().range()))
        .map(str::to_owned);
    Ok(Envelope {
        position,
        history,
        written,
    })
}
