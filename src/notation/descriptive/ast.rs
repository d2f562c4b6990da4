//! What `descriptive_move` yields: castling or a piece move, with its `marks`; the squares
//! written (`es_place`, `en_place`, the targets) as sets of files and of ranks counted from the
//! mover's side (CN in `grammar/descriptiva.ebnf`; the 1970 booklet, Art. XVII, for `A-D`).

use crate::notation::{Span, SuffixMark};
use crate::types::{CastlingSide, Color, Role, Square};

/// A set of squares as a descriptive writing names them: files (bit 0 the a-file) and ranks
/// counted from the mover's side (bit 0 its first rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The files, one bit each, a-file first.
    pub files: u8,
    /// The ranks counted from the mover's side, one bit each, its first rank first.
    pub ranks: u8,
    /// Where it is written; empty when nothing was written.
    pub span: Span,
}

impl Place {
    /// Every square: nothing written.
    pub const fn any(at: u32) -> Place {
        Place {
            files: 0xFF,
            ranks: 0xFF,
            span: Span::new(at, at),
        }
    }

    /// `true` when nothing restricts it.
    pub const fn is_any(&self) -> bool {
        self.files == 0xFF && self.ranks == 0xFF
    }

    /// `true` when `sq` is among the squares, the ranks counted from `mover`'s side.
    pub const fn contains(&self, sq: Square, mover: Color) -> bool {
        let rank = sq.rank().relative_to(mover).index();
        self.files & (1 << sq.file().index()) != 0 && self.ranks & (1 << rank) != 0
    }
}

/// A move named by what it does rather than by its square, as the *Blue Book of Chess*
/// (Staunton, 1910) prints some: `P. checks.`, `Kt. mates.`, `K. moves.`, `Q. B.
/// interposes.`, `P. queens.`, `P. becomes a Queen.` (`grammar/descriptiva.ebnf`,
/// `book_verb_move`). The one legal move of the piece that does it, or ambiguous.
///
/// ```
/// use planilla::{check_move, check_text, CheckOptions, IllegalReason, Language, NotationKind};
/// use planilla::{Position, Role, Verb};
/// let book = Language::ENGLISH.with_notation(NotationKind::Descriptive);
/// let options = CheckOptions::default().with_language(book);
/// // `Kt. checks.`: no knight's move gives check in the initial position.
/// let error = check_move(&Position::startpos(), "Kt. checks.", &options).unwrap_err();
/// assert_eq!(error.reason(), Some(IllegalReason::NoMoveDoes(Role::Knight, Verb::Checks)));
/// // `Q. mates.`: the one queen move that mates.
/// let game = "1. P-K4 P-K4 2. Q-R5 Kt-QB3 3. B-B4 Kt-B3 4. Q. mates.";
/// let report = check_text(game, &options).next().unwrap();
/// assert_eq!(report.moves[6].san.to_string(), "Qxf7#");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Verb {
    /// `checks`: the move gives check.
    Checks,
    /// `mates`: the move gives checkmate.
    Mates,
    /// `moves`: any move of the piece.
    Moves,
    /// `interposes`: the move blocks a check (neither the king's move nor a capture).
    Interposes,
    /// `queens`, `becomes a Queen`: a pawn's move that promotes to a queen.
    Queens,
}

/// What the piece does: go to a square, or capture a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// To a square (`P-4R`, `C3AR`); a file with no rank (`A-D`) leaves every rank.
    Move {
        /// The squares named.
        to: Place,
    },
    /// A capture naming the captured piece (`PxP`, `AxC`, `TxP(D)`, `PxQBP`).
    Capture {
        /// The captured piece.
        captured: Role,
        /// The span of its letter.
        letter_span: Span,
        /// Where it stands, when qualified (`PxPA`, `TxP(D)`, `PxQBP`, `BxP(Q5)`).
        at: Place,
    },
    /// A move named by what it does (`P. checks.`; see [`Verb`]).
    Verb {
        /// What the move does.
        verb: Verb,
        /// The span of the verb's words.
        span: Span,
    },
}

/// A promotion as written: `P8R=D`, `P-8D(D)`, `P-K8=Q`, `P-Q8(Q)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DescriptivePromotion {
    /// The piece the pawn becomes.
    pub role: Role,
    /// Its span.
    pub span: Span,
    /// For a parenthesised letter after a capture (`PxT(D)`), the same parentheses read as a
    /// qualifier of the captured piece (the queen's file or wing): the resolver takes the
    /// promotion when the capture promotes, the qualifier otherwise.
    pub or_place: Option<Place>,
}

/// A piece or pawn move in descriptive notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceMove {
    /// The piece that moves (the pawn is written `P`).
    pub role: Role,
    /// The span of its letter.
    pub letter_span: Span,
    /// Where it stands, when qualified (`PAxP`, `CR-3A`, `QR-Q1`, `T(1)-1D`).
    pub from: Place,
    /// What it does.
    pub action: Action,
    /// The promotion, if written.
    pub promotion: Option<DescriptivePromotion>,
}

/// The body of a descriptive move: castling or a piece move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DescriptiveBody {
    /// `O-O`, `0-0`, `O-O-O`, `0-0-0`, `Castles`, `Castles QR`.
    Castle {
        /// Which side (king's side for a bare `Castles`, whose side is not written).
        side: CastlingSide,
        /// `Castles` with no side: the one legal castling, and ambiguous when both are
        /// (*Chess History and Reminiscences*, 1893, writes `Castles` for castling on the
        /// queen's side too, and `Castles QR` where it names the side).
        either: bool,
        /// The span of the sign, the side's name included.
        span: Span,
    },
    /// A piece or pawn move.
    Piece(PieceMove),
}

/// One move in descriptive notation, with its marks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DescriptiveMove {
    /// The move.
    pub body: DescriptiveBody,
    /// `a.p.` or `e.p.`, if written.
    pub en_passant: Option<Span>,
    /// `+`, `ch`, `++`, `#`, if written.
    pub suffix: Option<SuffixMark>,
    /// A draw offer `(=)` glued after the move (E13; C.12).
    pub draw_offer: Option<Span>,
    /// The whole move.
    pub span: Span,
}

impl DescriptiveMove {
    /// `true` for a move to a file with no rank (`A-D`, `B-Q`): incomplete, however many legal
    /// moves complete it (the 1970 booklet, Art. XVII).
    pub const fn is_incomplete(&self) -> bool {
        matches!(
            self.body,
            DescriptiveBody::Piece(PieceMove {
                action: Action::Move { to },
                ..
            }) if to.ranks == 0xFF
        )
    }

    /// `true` for castling.
    pub const fn is_castle(&self) -> bool {
        matches!(self.body, DescriptiveBody::Castle { .. })
    }

    /// Applies `f` to every span.
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) {
        self.span = f(self.span);
        if let Some(s) = &mut self.en_passant {
            *s = f(*s);
        }
        if let Some(s) = &mut self.suffix {
            s.span = f(s.span);
        }
        if let Some(s) = &mut self.draw_offer {
            *s = f(*s);
        }
        match &mut self.body {
            DescriptiveBody::Castle { span, .. } => *span = f(*span),
            DescriptiveBody::Piece(p) => {
                p.letter_span = f(p.letter_span);
                p.from.span = f(p.from.span);
                match &mut p.action {
                    Action::Move { to } => to.span = f(to.span),
                    Action::Capture {
                        letter_span, at, ..
                    } => {
                        *letter_span = f(*letter_span);
                        at.span = f(at.span);
                    }
                    Action::Verb { span, .. } => *span = f(*span),
                }
                if let Some(pr) = &mut p.promotion {
                    pr.span = f(pr.span);
                    if let Some(o) = &mut pr.or_place {
                        o.span = f(o.span);
                    }
                }
            }
        }
    }
}
