//! Sealed moves: does the move in the envelope stand? Appendix A8 (2005); Guidelines I.8
//! (2018, 2023).
//!
//! A player loses whose sealed move is (a) ambiguous, (b) written so that its true meaning
//! cannot be established, or (c) illegal, except where the opponent cannot checkmate the
//! sealer by any series of legal moves (Art. 6.10 (2005); 6.9 (2018, 2023)) or the position is
//! dead (9.6 (2005); 5.2.2 (2018, 2023)): then the game is drawn. From 2014 a fivefold
//! repetition or 75 moves without a pawn move or capture (9.6) have already drawn the game.
//! The position that counts is the one written on the envelope, immediately before the sealed
//! move (A2b).
//!
//! The text read is exactly what was written: one move, with at most its move number before it
//! and a draw offer `(=)` after it. No move, or two, or anything else, is unreadable. A number
//! that is not the envelope's is an irregularity (Art. 8.1), not a fault: the position on the
//! envelope, not the number, says which move is sealed. The move is checked like one ply of a
//! scoresheet in the envelope's position, so the ruling lists every warning `check` reports
//! for it ([`Adjudication::irregularities`]).
//!
//! The verdict is the writing's: the arbiter does not guess what was meant. A8 and I.8 leave
//! the call to the arbiter; the 1970 booklet (Art. XVII) let a director correct a sealed move
//! whose intent was evident (`R-1A` for the one legal king move). When one legal move is the
//! evident reading of a faulty move (the only completion of an incomplete one, or the only
//! legal move one character edit away), the ruling notes it
//! ([`Adjudication::evident_reading`]); the note never changes the verdict or the consequence.
//! The legal moves closest to the writing come as [`Adjudication::suggestions`], for the
//! arbiter's information only.
//!
//! ```
//! use planilla::notation::Language;
//! use planilla::resolve::Edition;
//! use planilla::sealed::{adjudicate_sealed, Consequence, Verdict};
//! use planilla::Position;
//! // Knights on b1 and f3 can both go to d2: `Cd2` is ambiguous, and White loses.
//! let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 1 4").unwrap();
//! let a = adjudicate_sealed(&pos, "Cd2", &Language::SPANISH, Edition::Fide2005);
//! assert!(matches!(a.verdict, Verdict::Ambiguous { .. }));
//! // Whether Black can still mate decides between a loss and a draw. With the feature
//! // `winnability` (off by default), chasolver proves that Black can, and White loses;
//! // without it, the ruling is referred to the arbiter.
//! if cfg!(feature = "winnability") {
//!     assert_eq!(a.consequence, Consequence::Loss);
//! } else {
//!     assert_eq!(a.consequence, Consequence::Refer);
//! }
//! assert_eq!(a.rule.to_string(), "A8.a (2005)");
//! ```

mod envelope;
mod evident;
mod reading;
mod ruling;

use evident::evident_reading;
use reading::{Reading, read};

pub use envelope::{Envelope, EnvelopeError, position_before_ply};
pub use ruling::{
    Adjudication, Consequence, DrawException, EvidentBasis, EvidentReading, Verdict, VerdictKind,
};

use crate::notation::Language;
use crate::position::Position;
use crate::resolve::Edition;

use crate::check::CheckOptions;
use crate::check::suggested_moves;
use crate::laws::draws::{DrawEvent, DrawTracker};
use crate::laws::winnability::{Answer, Budget, Winnability, winnability};

/// How to adjudicate: the sheet's letters, case mode, edition and message language (one
/// [`CheckOptions`], as `check` takes them), the winnability budget, the positions before the
/// envelope's and how many suggestions to give.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::notation::CaseMode;
/// use planilla::sealed::{adjudicate_sealed_with, SealedOptions};
/// use planilla::Position;
/// let options = SealedOptions::default()
///     .with_check(CheckOptions::default().with_case(CaseMode::Lenient));
/// // `cf3`, read in lenient case, has one legal reading: the knight move.
/// let a = adjudicate_sealed_with(&Position::startpos(), "cf3", &options);
/// assert_eq!(a.verdict.code(), "valid");
/// ```
#[derive(Copy, Clone, Debug)]
#[non_exhaustive]
pub struct SealedOptions<'a> {
    /// The sheet's letters (E3; C.3), case mode, edition and message language. Its `start`
    /// and `dead_positions` are not used here: the position is the envelope's, and `budget`
    /// says how hard to look at winnability. Default [`CheckOptions::default`].
    pub check: CheckOptions,
    /// The budget of the winnability questions. Default [`Budget::default`] (the full
    /// search, 10 seconds).
    pub budget: Budget,
    /// The game's positions before the envelope's, oldest first (for fivefold repetition,
    /// 9.6.1). Empty when only the envelope's position is known.
    pub history: &'a [Position],
    /// How many suggestions to give. Default 3.
    pub suggestions: usize,
}

impl<'a> SealedOptions<'a> {
    crate::macros::with_setters! {
        /// These options with [`check`](Self::check) set: the sheet's letters, case mode, edition
        /// and message language.
        with_check: check: CheckOptions;
        /// These options with [`budget`](Self::budget) set: the budget of the winnability
        /// questions.
        with_budget: budget: Budget;
        /// These options with [`history`](Self::history) set: the game's positions before the
        /// envelope's, oldest first.
        with_history: history: &'a [Position];
        /// These options with [`suggestions`](Self::suggestions) set: how many suggestions to give.
        with_suggestions: suggestions: usize;
    }
}

impl Default for SealedOptions<'_> {
    fn default() -> Self {
        SealedOptions {
            check: CheckOptions::default(),
            budget: Budget::default(),
            history: &[],
            suggestions: 3,
        }
    }
}

/// Adjudicates a sealed move with the default budget: [`adjudicate_sealed_with`].
///
/// ```
/// use planilla::{adjudicate_sealed, Consequence, Edition, Language, Position};
/// // After 1.e4 e5 2.Cf3 Cc6 3.Ab5 a6, White seals 4.Axc6 and offers a draw.
/// let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
/// let pos = Position::from_fen(fen)?;
/// let ruling = adjudicate_sealed(&pos, "4.Axc6 (=)", &Language::SPANISH, Edition::Fide2023);
/// assert_eq!(ruling.verdict.code(), "valid");
/// assert_eq!(ruling.consequence, Consequence::Continue);
/// assert_eq!((ruling.number, ruling.draw_offer.is_some()), (Some(4), true));
/// assert_eq!(ruling.rule.to_string(), "Guidelines I.8 (2023)");
/// # Ok::<(), planilla::FenError>(())
/// ```
#[must_use]
pub fn adjudicate_sealed(
    position: &Position,
    text: &str,
    language: &Language,
    edition: Edition,
) -> Adjudication {
    let options = SealedOptions::default().with_check(
        CheckOptions::default()
            .with_language(*language)
            .with_edition(edition),
    );
    adjudicate_sealed_with(position, text, &options)
}

/// Adjudicates the sealed move `text` in `position`, the position on the envelope with the
/// sealer to move.
///
/// `text` is one move, in the sheet's letters, with the forms a scoresheet allows: a move
/// number before it (`41...Cd2`, `41. Cd2`, `41 Cd2`), a draw offer after it (`(=)`).
/// Anything else (no move, two moves, a result, a comment, characters outside the grammar)
/// makes the move unreadable (A8.b (2005); Guidelines I.8). A number that is not the
/// envelope's (its `fullmove_number`, or `41...` for a White move) is listed among the
/// irregularities (Art. 8.1), with the move's other warnings; it does not make the move faulty.
///
/// The consequence, in order:
/// - the game was already over on the envelope: the sealer was checkmated ([`Consequence::Loss`]),
///   stalemated, or (from 2014) fivefold repetition or 75 moves: a draw;
/// - the position is dead: a draw (9.6; 5.2.2), whatever was sealed;
/// - a valid move: [`Consequence::Continue`];
/// - a faulty move: a loss, unless the opponent cannot checkmate (a draw, 6.10; 6.9), or
///   [`Consequence::Refer`] when that is undetermined within the budget.
///
/// ```
/// use planilla::sealed::{adjudicate_sealed_with, Consequence, DrawException, SealedOptions};
/// use planilla::Position;
/// // Black has a bare king: White's illegal sealed move gives a draw, not a loss.
/// let pos = Position::from_fen("7k/8/8/8/8/8/3QK3/8 w - - 0 60").unwrap();
/// let a = adjudicate_sealed_with(&pos, "Df4", &SealedOptions::default());
/// assert_eq!(a.verdict.code(), "valid");
/// let a = adjudicate_sealed_with(&pos, "Dh3", &SealedOptions::default());
/// assert_eq!(a.verdict.code(), "illegal");
/// assert_eq!(a.consequence, Consequence::Draw(DrawException::OpponentCannotMate));
/// assert_eq!(a.consequence_rule().unwrap().to_string(), "Art. 6.9 (2023)");
/// ```
#[must_use]
pub fn adjudicate_sealed_with(
    position: &Position,
    text: &str,
    options: &SealedOptions<'_>,
) -> Adjudication {
    let written = text.trim();
    let Reading {
        verdict,
        span,
        number,
        draw_offer,
        irregularities,
        descriptive,
        ..
    } = read(position, written, options, true);
    // A descriptive move (read under `Auto`) gets its evident reading in descriptive.
    let descriptive_options = (*options).with_check(
        options.check.with_language(
            options
                .check
                .language
                .with_notation(crate::notation::descriptive::NotationKind::Descriptive),
        ),
    );
    let options = if descriptive {
        &descriptive_options
    } else {
        options
    };
    let sealer = position.turn();
    let opponent = winnability(position, sealer.other(), &options.budget);
    let own = match opponent.winnability {
        Winnability::Winnable => None,
        _ => Some(winnability(position, sealer, &options.budget)),
    };
    let dead_position = match (opponent.winnability, own.as_ref().map(|a| a.winnability)) {
        (Winnability::Winnable, _) | (_, Some(Winnability::Winnable)) => Some(false),
        (Winnability::Unwinnable, Some(Winnability::Unwinnable)) => Some(true),
        _ => None,
    };
    let faulty = !matches!(verdict, Verdict::Valid { .. });
    let consequence = if let Some(end) = already_over(position, options) {
        end
    } else if dead_position == Some(true) {
        Consequence::Draw(DrawException::DeadPosition)
    } else if !faulty {
        Consequence::Continue
    } else {
        match opponent.winnability {
            Winnability::Winnable => Consequence::Loss,
            Winnability::Unwinnable => Consequence::Draw(DrawException::OpponentCannotMate),
            Winnability::Undetermined => Consequence::Refer,
        }
    };
    // The suggestions are measured from the move alone, when there is one move.
    let move_text = match &verdict {
        Verdict::Unreadable { error: Some(_) } => written,
        _ => written.get(span.range()).unwrap_or(written),
    };
    let (suggestions, evident_reading) = if faulty {
        (
            suggested_moves(
                position,
                move_text,
                &options.check.language,
                options.suggestions,
            ),
            evident_reading(position, written, &verdict, options),
        )
    } else {
        (Vec::new(), None)
    };
    let reason_rule = match &verdict {
        Verdict::Illegal { reason } => Some(reason.rule(options.check.edition)),
        _ => None,
    };
    let Answer { helpmate, .. } = opponent;
    Adjudication {
        written: written.to_owned(),
        span,
        number,
        draw_offer,
        irregularities,
        evident_reading,
        rule: verdict.rule(options.check.edition),
        verdict,
        reason_rule,
        consequence,
        sealer,
        opponent_can_mate: opponent.winnability.as_option(),
        dead_position,
        opponent_helpmate: helpmate,
        suggestions,
        sealer_was_mated: position.is_checkmate(),
        language: options.check.language,
        messages: options.check.messages,
        position: *position,
    }
}

/// The game had ended before the sealed move: checkmate, stalemate, or (from 2014) fivefold
/// repetition or the 75-move rule.
fn already_over(position: &Position, options: &SealedOptions<'_>) -> Option<Consequence> {
    if !position.has_legal_moves() {
        return Some(if position.is_check() {
            Consequence::Loss
        } else {
            Consequence::Draw(DrawException::Stalemate)
        });
    }
    if options.check.edition == Edition::Fide2005 {
        return None;
    }
    if position.halfmove_clock() >= 150 {
        return Some(Consequence::Draw(DrawException::SeventyFiveMoves));
    }
    // A fivefold repetition anywhere in the history ended the game there (9.6.1).
    let (first, rest) = options.history.split_first()?;
    let mut tracker = DrawTracker::new(first, options.check.edition);
    let mut fivefold = false;
    for pos in rest.iter().chain([position]) {
        fivefold |= tracker.push(pos).any(|e| e == DrawEvent::Fivefold);
    }
    fivefold.then_some(Consequence::Draw(DrawException::Fivefold))
}
