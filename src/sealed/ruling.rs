//! The ruling on a sealed move: what the writing is ([`Verdict`]), what follows from it
//! ([`Consequence`]), and the note of an evident reading ([`EvidentReading`]).

use crate::notation::{Language, ParseError, Span};
use crate::position::{Move, Position};
use crate::resolve::{AmbiguityCause, Edition, IllegalReason, Rule};
use crate::san::SanPlus;
use crate::types::Color;

use crate::check::Diagnostic;
use crate::laws::Article;
use crate::laws::draws::DrawEvent;

/// What the sealed move is, as written.
///
/// ```
/// use planilla::{adjudicate_sealed, AmbiguityCause, Edition, Language, Position, Verdict};
/// // The 1970 booklet's `A-D`: the bishop can go to d6 or d8.
/// let pos = Position::from_fen("7k/4B1pp/8/8/8/8/r7/4K3 w - - 0 40")?;
/// let ruling = adjudicate_sealed(&pos, "Ad", &Language::SPANISH, Edition::Fide2005);
/// let Verdict::Ambiguous { candidates, cause } = &ruling.verdict else { panic!("ambiguous") };
/// assert_eq!(*cause, AmbiguityCause::IncompleteTarget);
/// let moves: Vec<_> = candidates.iter().map(|m| m.to_uci()).collect();
/// assert_eq!(moves, ["e7d6", "e7d8"]);
/// assert_eq!(ruling.verdict.to_string(), "ambiguous");
/// assert_eq!(ruling.rule.to_string(), "A8.a (2005)");
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

/// Which of the four [`Verdict`]s, without what it carries: the JSON field `verdict`.
///
/// ```
/// use planilla::sealed::VerdictKind;
/// assert_eq!(VerdictKind::Unreadable.code(), "unreadable");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VerdictKind {
    /// [`Verdict::Valid`].
    Valid,
    /// [`Verdict::Ambiguous`] (A8.a (2005)).
    Ambiguous,
    /// [`Verdict::Unreadable`] (A8.b (2005)).
    Unreadable,
    /// [`Verdict::Illegal`] (A8.c (2005)).
    Illegal,
}

impl VerdictKind {
    /// `valid`, `ambiguous`, `unreadable` or `illegal`.
    pub const fn code(self) -> &'static str {
        match self {
            VerdictKind::Valid => "valid",
            VerdictKind::Ambiguous => "ambiguous",
            VerdictKind::Unreadable => "unreadable",
            VerdictKind::Illegal => "illegal",
        }
    }
}

impl Verdict {
    /// Which verdict, without what it carries.
    pub const fn kind(&self) -> VerdictKind {
        match self {
            Verdict::Valid { .. } => VerdictKind::Valid,
            Verdict::Ambiguous { .. } => VerdictKind::Ambiguous,
            Verdict::Unreadable { .. } => VerdictKind::Unreadable,
            Verdict::Illegal { .. } => VerdictKind::Illegal,
        }
    }

    /// `valid`, `ambiguous`, `unreadable` or `illegal`: the JSON field `verdict`.
    pub const fn code(&self) -> &'static str {
        self.kind().code()
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
///
/// ```
/// use planilla::{adjudicate_sealed, Consequence, DrawException, Edition, Language, Position};
/// // Black, to move on the envelope, is stalemated: the game was already drawn.
/// let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 60")?;
/// let ruling = adjudicate_sealed(&pos, "Rh7", &Language::SPANISH, Edition::Fide2023);
/// assert_eq!(ruling.consequence, Consequence::Draw(DrawException::Stalemate));
/// assert_eq!(DrawException::Stalemate.code(), "stalemate");
/// assert_eq!(ruling.consequence_rule().unwrap().to_string(), "Art. 5.2.1 (2023)");
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
///
/// ```
/// use planilla::{adjudicate_sealed, Consequence, DrawException, Edition, Language, Position};
/// // White seals `0-0` without the right to castle, but Black has a bare king and cannot
/// // mate: a draw, not a loss.
/// let pos = Position::from_fen("k7/8/8/8/8/8/PPP5/4K2R w - - 0 50")?;
/// let ruling = adjudicate_sealed(&pos, "0-0", &Language::SPANISH, Edition::Fide2005);
/// assert_eq!(ruling.consequence, Consequence::Draw(DrawException::OpponentCannotMate));
/// assert_eq!(ruling.consequence.to_string(), "draw");
/// assert_eq!(ruling.consequence_rule().unwrap().to_string(), "Art. 6.10 (2005)");
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// [`Consequence::code`]: `continue`, `loss`, `draw` or `refer`.
impl std::fmt::Display for Consequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// [`Verdict::code`]: `valid`, `ambiguous`, `unreadable` or `illegal`.
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a legal move is the evident reading of a faulty sealed move.
///
/// ```
/// use planilla::{adjudicate_sealed, Edition, EvidentBasis, Language, Position};
/// let ruling = |fen: &str, sealed: &str| {
///     let pos = Position::from_fen(fen).unwrap();
///     adjudicate_sealed(&pos, sealed, &Language::SPANISH, Edition::Fide2023)
/// };
/// // `Rf1`: the king cannot go there; `Rg1`, one character away, is its only move.
/// let evident = ruling("k7/8/8/8/P7/1P6/r7/7K w - - 0 40", "Rf1").evident_reading.unwrap();
/// assert_eq!(evident.basis, EvidentBasis::OneEdit);
/// // `Aa`: a bishop to the a-file; a6 is the only square it reaches there.
/// let evident = ruling("7k/6pp/8/8/8/8/r7/4KB2 w - - 0 40", "Aa").evident_reading.unwrap();
/// assert_eq!((evident.basis, evident.written.as_str()), (EvidentBasis::OnlyCompletion, "Aa6"));
/// assert_eq!(EvidentBasis::OnlyCompletion.code(), "only-completion");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
///
/// ```
/// use planilla::{adjudicate_sealed, Edition, Language, Position};
/// // `Rf1`: the king cannot go there; `Rg1`, one character away, is its only move.
/// let pos = Position::from_fen("k7/8/8/8/P7/1P6/r7/7K w - - 0 40")?;
/// let ruling = adjudicate_sealed(&pos, "Rf1", &Language::SPANISH, Edition::Fide2023);
/// assert_eq!(ruling.verdict.code(), "illegal"); // the verdict stands
/// let evident = ruling.evident_reading.unwrap();
/// assert_eq!((evident.written.as_str(), evident.san.to_string().as_str()), ("Rg1", "Kg1"));
/// assert_eq!(evident.mv.to_uci(), "h1g1");
/// # Ok::<(), planilla::FenError>(())
/// ```
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
///
/// ```
/// use planilla::{adjudicate_sealed, Color, Edition, Language, Position};
/// let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
/// let pos = Position::from_fen(fen)?;
/// let ruling = adjudicate_sealed(&pos, "Axc6+", &Language::SPANISH, Edition::Fide2023);
/// assert_eq!((ruling.written.as_str(), ruling.sealer), ("Axc6+", Color::White));
/// assert_eq!(ruling.verdict.code(), "valid");
/// // Bxc6 gives no check: the `+` is an irregularity, which never makes the move faulty.
/// assert_eq!(ruling.irregularities[0].code(), "check-mark");
/// assert_eq!(ruling.position, pos);
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
    /// [`Answer::helpmate`](crate::laws::winnability::Answer::helpmate)).
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
    /// The language of the messages it was made with (the options' `messages`): its
    /// `Serialize` form (the JSON of `planilla sealed --json`) speaks it.
    pub messages: crate::check::MessageLanguage,
    /// The position the move was sealed in (the envelope's, A2b): the ruling's moves are
    /// moves of this position.
    pub position: Position,
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
