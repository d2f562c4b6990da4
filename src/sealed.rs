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
//! // Black can still mate: chasolver (the default feature) proves it.
//! # #[cfg(feature = "winnability")]
//! assert_eq!(a.consequence, Consequence::Loss);
//! assert_eq!(a.rule.to_string(), "A8.a (2005)");
//! ```

use crate::localize::in_language;
use crate::notation::{ErrorKind, Language, ParseError, Readings, Span};
use crate::position::{Move, Position};
use crate::resolve::{
    AmbiguityCause, Edition, IllegalReason, IrregularityKind, Options, Resolution, Rule, resolve,
};
use crate::san::SanPlus;
use crate::scoresheet::{Game, Token, games};
use crate::types::Color;

use crate::check::suggested_moves;
use crate::check::{
    CheckOptions, Diagnostic, Finding, MessageLanguage, NumberProblem, Severity, check_game,
};
use crate::laws::Article;
use crate::laws::draws::{DrawEvent, DrawTracker};
use crate::laws::winnability::{Answer, Budget, Effort, Winnability, winnability};

/// What the sealed move is, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// One legal move fits: it is played.
    Valid {
        /// The move.
        mv: Move,
        /// Its SAN, with check or mate suffix.
        san: SanPlus,
    },
    /// Several legal moves fit (A8.a (2005)).
    Ambiguous {
        /// Every legal move that fits.
        candidates: Vec<Move>,
        /// Why.
        cause: AmbiguityCause,
    },
    /// Its true meaning cannot be established (A8.b (2005)).
    Unreadable {
        /// The syntax error, when the text does not follow the grammar; `None` when it does
        /// but names no square or piece a legal move could match.
        error: Option<ParseError>,
    },
    /// No legal move fits (A8.c (2005)).
    Illegal {
        /// Why.
        reason: IllegalReason,
    },
}

impl Verdict {
    /// `valid`, `ambiguous`, `unreadable` or `illegal`: the JSON field `verdict`.
    pub const fn code(&self) -> &'static str {
        match self {
            Verdict::Valid { .. } => "valid",
            Verdict::Ambiguous { .. } => "ambiguous",
            Verdict::Unreadable { .. } => "unreadable",
            Verdict::Illegal { .. } => "illegal",
        }
    }

    /// The article behind the verdict: `A8` and its letter (2005), `Guidelines I.8` (2018,
    /// 2023).
    pub const fn rule(&self, edition: Edition) -> Rule {
        let article = match self {
            Verdict::Valid { .. } => Article::SealedMove,
            Verdict::Ambiguous { .. } => Article::SealedMoveAmbiguous,
            Verdict::Unreadable { .. } => Article::SealedMoveUnreadable,
            Verdict::Illegal { .. } => Article::SealedMoveIllegal,
        };
        Rule::new(edition, article)
    }
}

/// Why a faulty sealed move, or the position, gives a draw instead.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawException {
    /// The opponent cannot checkmate the sealer by any series of legal moves (Art. 6.10
    /// (2005); 6.9 (2018, 2023)).
    OpponentCannotMate,
    /// Neither side can checkmate: the position is dead (Art. 9.6 (2005); 5.2.2 (2018, 2023)).
    DeadPosition,
    /// The sealer, to move, is stalemated: the game was already drawn (Art. 5.2.a (2005);
    /// 5.2.1 (2018, 2023)).
    Stalemate,
    /// The position on the envelope appeared for the fifth time (Art. 9.6.1, from 2014).
    Fivefold,
    /// 75 moves by each player without a pawn move or a capture (Art. 9.6.2, from 2014).
    SeventyFiveMoves,
}

impl DrawException {
    /// `opponent-cannot-mate`, `dead-position`, `stalemate`, `fivefold`, `seventy-five-moves`.
    pub const fn code(self) -> &'static str {
        match self {
            DrawException::OpponentCannotMate => "opponent-cannot-mate",
            DrawException::DeadPosition => "dead-position",
            DrawException::Stalemate => "stalemate",
            DrawException::Fivefold => "fivefold",
            DrawException::SeventyFiveMoves => "seventy-five-moves",
        }
    }

    /// The article of the exception.
    pub const fn rule(self, edition: Edition) -> Rule {
        match self {
            DrawException::OpponentCannotMate => Rule::new(edition, Article::OpponentCannotMate),
            DrawException::DeadPosition => DrawEvent::DeadPosition.rule(edition),
            DrawException::Stalemate => Rule::new(edition, Article::Stalemate),
            DrawException::Fivefold => DrawEvent::Fivefold.rule(edition),
            DrawException::SeventyFiveMoves => DrawEvent::SeventyFiveMoves.rule(edition),
        }
    }
}

/// What follows from the verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Consequence {
    /// The move is played and the game goes on.
    Continue,
    /// The sealer loses.
    Loss,
    /// The game is drawn, by the exception given.
    Draw(DrawException),
    /// The sealed move is faulty, and whether the opponent can still checkmate could not be
    /// decided within the budget: the loss stands by default, and the arbiter must look.
    Refer,
}

impl Consequence {
    /// `continue`, `loss`, `draw` or `refer`: the JSON field `consequence`.
    pub const fn code(self) -> &'static str {
        match self {
            Consequence::Continue => "continue",
            Consequence::Loss => "loss",
            Consequence::Draw(_) => "draw",
            Consequence::Refer => "refer",
        }
    }
}

/// How to adjudicate: the sheet's letters, case mode, edition and message language (one
/// [`CheckOptions`], as `check` takes them), the winnability budget, the positions before the
/// envelope's and how many suggestions to give.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::notation::CaseMode;
/// use planilla::sealed::{adjudicate_sealed_with, SealedOptions};
/// use planilla::Position;
/// let options = SealedOptions {
///     check: CheckOptions { case: CaseMode::Lenient, ..CheckOptions::default() },
///     ..SealedOptions::default()
/// };
/// // `cf3`, read in lenient case, has one legal reading: the knight move.
/// let a = adjudicate_sealed_with(&Position::startpos(), "cf3", &options);
/// assert_eq!(a.verdict.code(), "valid");
/// ```
#[derive(Copy, Clone, Debug)]
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

/// Why a legal move is the evident reading of a faulty sealed move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EvidentBasis {
    /// The writing is incomplete (a target by file or rank alone, `Ad`), and one legal move
    /// completes it.
    OnlyCompletion,
    /// The only legal move within one character edit (a substitution, deletion, insertion or
    /// swap of neighbours) of the writing, as in the 1970 rulings (`R-1A` read as `R-1C`).
    OneEdit,
}

impl EvidentBasis {
    /// `only-completion` or `one-edit`: the JSON field `evident_reading.basis`.
    pub const fn code(self) -> &'static str {
        match self {
            EvidentBasis::OnlyCompletion => "only-completion",
            EvidentBasis::OneEdit => "one-edit",
        }
    }
}

/// The legal move a faulty sealed move evidently means: a note for the arbiter, who decides
/// (A8 (2005) and Guidelines I.8 leave the call to the arbiter; the 1970 Laws, Art. XVII,
/// corrected a sealed move only when its intent was evident). It never changes the verdict or
/// the consequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvidentReading {
    /// The move.
    pub mv: Move,
    /// Its SAN, with check or mate suffix.
    pub san: SanPlus,
    /// The move in the sheet's letters.
    pub written: String,
    /// Why it is evident.
    pub basis: EvidentBasis,
}

/// The ruling on a sealed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The sealed text as given, trimmed of surrounding whitespace only: the move, with the
    /// number and draw offer written with it.
    pub written: String,
    /// Where the move is in [`written`](Adjudication::written) (where the reading failed, or
    /// the whole text, when there is no one move).
    pub span: Span,
    /// The move number written before the move, if any (checked against the envelope's in
    /// [`irregularities`](Adjudication::irregularities), Art. 8.1; a wrong number does not
    /// make the move faulty).
    pub number: Option<u32>,
    /// A draw offer `(=)` written after the move (E13 (2005); C.12 (2023)), its span in
    /// [`written`](Adjudication::written).
    pub draw_offer: Option<Span>,
    /// Every warning `check` reports for the move as one ply of a sheet in the envelope's
    /// position (capture, check and en passant marks, disambiguation, foreign letters, case
    /// readings, a move number that is not the envelope's: Art. 8.1, E9-E13; C.9-C.13), with
    /// spans into [`written`](Adjudication::written). They never make the move faulty.
    pub irregularities: Vec<Diagnostic>,
    /// For a faulty move, the one legal move it evidently means, if any: a note for the
    /// arbiter (A8 (2005); Guidelines I.8), never part of the verdict.
    pub evident_reading: Option<EvidentReading>,
    /// What the move is.
    pub verdict: Verdict,
    /// The article behind the verdict ([`Verdict::rule`]).
    pub rule: Rule,
    /// For an illegal move, the article it breaks (Art. 3, 3.8, 3.9…).
    pub reason_rule: Option<Rule>,
    /// What follows.
    pub consequence: Consequence,
    /// The side that sealed (the side to move on the envelope).
    pub sealer: Color,
    /// Can the opponent still checkmate the sealer? `Some(true)`, `Some(false)`, or `None`
    /// when undetermined within the budget.
    pub opponent_can_mate: Option<bool>,
    /// Is the position dead? `None` when undetermined.
    pub dead_position: Option<bool>,
    /// A series of legal moves by which the opponent mates, when found (see
    /// [`Answer::helpmate`]).
    pub opponent_helpmate: Vec<Move>,
    /// The legal moves closest to the writing, closest first, for a faulty move: the arbiter's
    /// information only, never part of the verdict.
    pub suggestions: Vec<Move>,
    /// The sealer was already checkmated on the envelope (the loss is Art. 5.1's).
    pub sealer_was_mated: bool,
    /// The letters and notation the ruling's moves are written in: the options' letters, in
    /// descriptive notation when the move was read so (`A-5CR`, under
    /// [`NotationKind::Auto`](crate::notation::descriptive::NotationKind::Auto) too).
    pub language: Language,
}

/// Adjudicates a sealed move with the default budget: [`adjudicate_sealed_with`].
#[must_use]
pub fn adjudicate_sealed(
    position: &Position,
    text: &str,
    language: &Language,
    edition: Edition,
) -> Adjudication {
    let options = SealedOptions {
        check: CheckOptions {
            language: *language,
            edition,
            ..CheckOptions::default()
        },
        ..SealedOptions::default()
    };
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
    let descriptive_options = SealedOptions {
        check: CheckOptions {
            language: options
                .check
                .language
                .with_notation(crate::notation::descriptive::NotationKind::Descriptive),
            ..options.check
        },
        ..*options
    };
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
    }
}

impl Adjudication {
    /// The article of the consequence: the exception of a draw, or the verdict's article for
    /// a loss or a referral. `None` for a valid move.
    pub fn consequence_rule(&self) -> Option<Rule> {
        if self.sealer_was_mated {
            return Some(Rule::new(self.rule.edition, Article::Checkmate));
        }
        match self.consequence {
            Consequence::Continue => None,
            Consequence::Draw(exception) => Some(exception.rule(self.rule.edition)),
            Consequence::Loss | Consequence::Refer => Some(self.rule),
        }
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

/// The one move of a sealed text, with the number written before it and the draw offer after
/// it, if any.
struct SoleMove<'g> {
    readings: SoleReading<'g>,
    number: Option<(u32, bool, Span)>,
    draw_offer: Option<Span>,
}

/// The sealed move, in algebraic or in descriptive notation.
#[derive(Clone, Copy)]
enum SoleReading<'g> {
    Algebraic(&'g Readings),
    Descriptive(crate::notation::descriptive::DescriptiveMove),
}

impl SoleReading<'_> {
    /// The move resolved in `position`.
    fn resolve(&self, position: &Position, language: &Language, options: Options) -> Resolution {
        match self {
            SoleReading::Algebraic(readings) => resolve(position, readings, language, options),
            SoleReading::Descriptive(d) => {
                crate::resolve::descriptive::resolve_descriptive(position, d, language, options)
            }
        }
    }

    /// The move as written, without a draw offer glued to it.
    fn span(&self) -> Span {
        match self {
            SoleReading::Algebraic(readings) => crate::check::move_span(&readings.first()),
            SoleReading::Descriptive(d) => match d.draw_offer {
                Some(offer) => Span::new(d.span.start, offer.start.max(d.span.start)),
                None => d.span,
            },
        }
    }
}

/// The error that makes a token out of place in a sealed move: `kind` at its span.
fn misplaced(text: &str, span: Span, kind: ErrorKind, expected: &'static str) -> ParseError {
    let found = text.get(span.range()).and_then(|s| s.chars().next());
    ParseError::new(kind, span, found, expected)
}

/// The text read as a scoresheet must hold exactly one move, with at most a move number before
/// it and a draw offer after it (A4; E13, C.12): anything else, or nothing, makes it unreadable
/// (A8.b (2005); Guidelines I.8). No token is passed over.
fn sole_move<'g>(
    text: &str,
    game: Option<&'g Game<'_>>,
    error: Option<ParseError>,
    more: bool,
) -> Result<SoleMove<'g>, ParseError> {
    let whole = Span::new(0, text.len().min(u32::MAX as usize) as u32);
    let Some(game) = game else {
        return Err(ParseError::new(ErrorKind::Empty, whole, None, "a move"));
    };
    if let Some(e) = error {
        return Err(e);
    }
    if let Some(tag) = game.tags.first() {
        return Err(misplaced(text, tag.span, ErrorKind::NotAMove, "one move"));
    }
    let mut sole: Option<SoleMove<'g>> = None;
    let mut number = None;
    for token in &game.movetext {
        let span = token.span();
        match (token, &mut sole) {
            (
                Token::MoveNumber {
                    number: n, black, ..
                },
                None,
            ) if number.is_none() => {
                number = Some((*n, *black, span));
            }
            (Token::MoveNumber { .. }, None) => {
                return Err(misplaced(
                    text,
                    span,
                    ErrorKind::BadMoveNumber,
                    "one move number",
                ));
            }
            (Token::Move(readings), None) => {
                let draw_offer = readings.first().draw_offer;
                sole = Some(SoleMove {
                    readings: SoleReading::Algebraic(readings),
                    number: number.take(),
                    draw_offer,
                });
            }
            (Token::Descriptive(d), None) => {
                sole = Some(SoleMove {
                    readings: SoleReading::Descriptive(*d),
                    number: number.take(),
                    draw_offer: d.draw_offer,
                });
            }
            (Token::DrawOffer(offer), Some(m)) if m.draw_offer.is_none() => {
                m.draw_offer = Some(*offer);
            }
            (_, None) => return Err(misplaced(text, span, ErrorKind::NotAMove, "a move")),
            (_, Some(_)) => {
                return Err(misplaced(
                    text,
                    span,
                    ErrorKind::TrailingCharacters,
                    "one move only",
                ));
            }
        }
    }
    if more {
        // A second game: a result or headers after the move.
        let end = Span::new(whole.end, whole.end);
        return Err(ParseError::new(
            ErrorKind::TrailingCharacters,
            end,
            None,
            "one move only",
        ));
    }
    sole.ok_or_else(|| match number {
        Some((_, _, span)) => misplaced(text, span, ErrorKind::Empty, "a move after the number"),
        None => ParseError::new(ErrorKind::Empty, whole, None, "a move"),
    })
}

/// What a resolution makes of the sealed move.
fn verdict_of(position: &Position, resolution: Resolution) -> Verdict {
    match resolution {
        Resolution::Resolved(r) => {
            let mut after = *position;
            let san = SanPlus::from_san_and_play(&mut after, r.san, r.mv);
            Verdict::Valid { mv: r.mv, san }
        }
        Resolution::Ambiguous(a) => Verdict::Ambiguous {
            candidates: a.candidates,
            cause: a.cause,
        },
        Resolution::Illegal(i) => Verdict::Illegal { reason: i.reason },
        Resolution::Unreadable(_) => Verdict::Unreadable { error: None },
    }
}

/// The sealed move read: the verdict, and what the text says besides.
struct Reading {
    verdict: Verdict,
    /// The move's span in the text (the whole text when there is no move).
    span: Span,
    number: Option<u32>,
    draw_offer: Option<Span>,
    /// A move resolved only as the unique completion of an incomplete target.
    incomplete: bool,
    /// The move was read in descriptive notation.
    descriptive: bool,
    irregularities: Vec<Diagnostic>,
}

/// Reads the sealed move `text` (already trimmed). With `irregularities`, the move is also
/// checked as one ply of a scoresheet starting at `position`, by [`check_game`], and its
/// warnings kept: the ruling lists what `check` would report.
fn read(
    position: &Position,
    text: &str,
    options: &SealedOptions<'_>,
    irregularities: bool,
) -> Reading {
    let whole = Span::new(0, text.len().min(u32::MAX as usize) as u32);
    let check_options = CheckOptions {
        start: Some(*position),
        dead_positions: Effort::Material,
        ..options.check
    };
    let mut reader = games(text, check_options.parser());
    let first = reader.next_game();
    let more = first.is_some() && reader.next_game().is_some();
    let (game, error) = first.map_or((None, None), |(g, e)| (Some(g), e));
    let sole = match sole_move(text, game.as_ref(), error, more) {
        Ok(sole) => sole,
        Err(e) => {
            return Reading {
                verdict: Verdict::Unreadable { error: Some(e) },
                span: if e.span.is_empty() { whole } else { e.span },
                number: None,
                draw_offer: None,
                incomplete: false,
                descriptive: false,
                irregularities: Vec::new(),
            };
        }
    };
    let resolution = sole.readings.resolve(
        position,
        &options.check.language,
        check_options.resolve_options(),
    );
    let incomplete = match &resolution {
        Resolution::Resolved(r) => r
            .notes
            .iter()
            .any(|n| n.kind == IrregularityKind::IncompleteButUnique),
        Resolution::Ambiguous(a) => a.cause == AmbiguityCause::IncompleteTarget,
        _ => false,
    };
    let mut found = Vec::new();
    if irregularities && let Some(game) = &game {
        found = check_game(game, None, text, 0, &check_options)
            .diagnostics
            .into_iter()
            .filter(|d| {
                d.severity() == Severity::Warning
                    && match d.finding {
                        Finding::Irregular(_) => true,
                        // A sealed move stands alone: no number is needed.
                        Finding::MoveNumber(p) => !matches!(p, NumberProblem::Missing { .. }),
                        _ => false,
                    }
            })
            .map(|d| Diagnostic { ply: None, ..d })
            .collect();
        // `23...` announces a Black move: not the move number of a White envelope.
        if let Some((number, true, span)) = sole.number
            && position.turn() == Color::White
        {
            found.push(Diagnostic {
                finding: Finding::MoveNumber(NumberProblem::WrongSide {
                    number,
                    mover: Color::White,
                }),
                span,
                ply: None,
                move_number: Some((position.fullmove_number(), Color::White)),
                written: None,
                rule: Some(Rule::new(options.check.edition, Article::Recording)),
                candidates: Vec::new(),
                suggestions: Vec::new(),
            });
        }
        found.sort_by_key(|d| d.span.start);
    }
    // The move without the blanks before a draw offer glued to it.
    let span = sole.readings.span();
    let blanks = text
        .get(span.range())
        .map_or(0, |s| s.len() - s.trim_end().len());
    Reading {
        verdict: verdict_of(position, resolution),
        span: Span::new(span.start, span.end - blanks as u32),
        number: sole.number.map(|(n, _, _)| n),
        draw_offer: sole.draw_offer,
        incomplete,
        descriptive: matches!(sole.readings, SoleReading::Descriptive(_)),
        irregularities: found,
    }
}

/// The characters of a one-character edit: every ASCII letter and digit and the marks of a
/// move. The reader decides what each variant means (a foreign letter, a case reading under
/// lenient case), so that every legal move a one-edit writing reads as is counted.
fn edit_alphabet() -> Vec<char> {
    let mut alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    alphabet.extend(
        ['x', '+', '#', '=', '-', '.', '/', ':', '(', ')', ' ']
            .iter()
            .copied(),
    );
    alphabet.sort_unstable();
    alphabet.dedup();
    alphabet
}

/// Every text one edit away from `text`: one character substituted, deleted or inserted, or two
/// neighbours swapped.
fn one_edit_variants(text: &str, alphabet: &[char]) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let join = |v: &[char]| v.iter().collect::<String>();
    let mut out = Vec::new();
    for i in 0..=chars.len() {
        for &c in alphabet {
            let mut v = chars.clone();
            v.insert(i, c);
            out.push(join(&v));
            if i < chars.len() && chars[i] != c {
                v.remove(i);
                v[i] = c;
                out.push(join(&v));
            }
        }
        if i < chars.len() {
            let mut v = chars.clone();
            v.remove(i);
            out.push(join(&v));
        }
        if i + 1 < chars.len() && chars[i] != chars[i + 1] {
            let mut v = chars.clone();
            v.swap(i, i + 1);
            out.push(join(&v));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Texts longer than this get no one-edit reading: no move is that long.
const EDIT_LIMIT: usize = 24;

/// The legal move a faulty sealed move evidently means, if there is exactly one: the only legal
/// completion of an incomplete move (a verdict with one candidate), else the only legal move
/// that a complete writing one character edit away reads as. The readings one edit away count
/// every candidate of an ambiguous one; incomplete ones (a target by file or rank alone) are no
/// writing of a move and do not count.
fn evident_reading(
    position: &Position,
    written: &str,
    verdict: &Verdict,
    options: &SealedOptions<'_>,
) -> Option<EvidentReading> {
    let (mv, basis) = match verdict {
        Verdict::Valid { .. } => return None,
        Verdict::Ambiguous { candidates, .. } if candidates.len() == 1 => {
            (candidates[0], EvidentBasis::OnlyCompletion)
        }
        _ => {
            if written.chars().count() > EDIT_LIMIT {
                return None;
            }
            let mut moves: Vec<Move> = Vec::new();
            for variant in one_edit_variants(written, &edit_alphabet()) {
                let reading = read(position, &variant, options, false);
                let fits: &[Move] = match (&reading.verdict, reading.incomplete) {
                    (_, true) => &[],
                    (Verdict::Valid { mv, .. }, _) => core::slice::from_ref(mv),
                    (Verdict::Ambiguous { candidates, .. }, _) => candidates,
                    _ => &[],
                };
                for m in fits {
                    if !moves.contains(m) {
                        moves.push(*m);
                    }
                }
                if moves.len() > 1 {
                    return None;
                }
            }
            (moves.pop()?, EvidentBasis::OneEdit)
        }
    };
    Some(EvidentReading {
        mv,
        san: SanPlus::from_move(position, mv),
        written: if options.check.language.is_descriptive() {
            crate::localize::descriptive::write_descriptive_full(
                position,
                mv,
                &options.check.language,
            )
        } else {
            in_language(position, mv, &options.check.language)
        },
        basis,
    })
}

/// The position on an envelope, taken from a scoresheet: [`position_before_ply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// The position immediately before the sealed move.
    pub position: Position,
    /// The game's positions before it, oldest first, from the starting position
    /// ([`SealedOptions::history`]).
    pub history: Vec<Position>,
    /// The move written at the sealed ply, if the sheet has one.
    pub written: Option<String>,
}

/// Why a scoresheet gives no position for a sealed move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
/// repetition, 75 moves, a dead position): [`adjudicate_sealed_with`], given the history,
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
            match t {
                Token::VariationStart(_) => depth += 1,
                Token::VariationEnd(_) => depth = depth.saturating_sub(1),
                Token::Move(readings) if depth == 0 => {
                    return Some(SoleReading::Algebraic(readings));
                }
                Token::Descriptive(d) if depth == 0 => return Some(SoleReading::Descriptive(*d)),
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
        let report = check_game(&game, error, text, 0, options);
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
