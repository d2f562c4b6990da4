//! Standard Algebraic Notation as the PGN standard (§8.2.3) and shakmaty write it.
//!
//! [`San::from_move`] finds the minimal disambiguation for a legal move; [`SanPlus`] adds the
//! check or mate suffix. The letters are English here; [`San::render`] writes any letter set.

use core::fmt;

mod parse;

pub use parse::{ParseSanError, SanError};

use crate::position::{Bitboard, Move, Position};
use crate::types::{CastlingSide, File, Rank, Role, Square};

/// A move as SAN writes it: what SAN shows, with no position needed to print it.
///
/// ```
/// use planilla::{Position, Role, Square};
/// use planilla::san::San;
/// let pos = Position::startpos();
/// let m = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// assert_eq!(San::from_move(&pos, m).to_string(), "Nf3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A move that is not castling.
    Normal {
        /// The moving role.
        role: Role,
        /// The origin file, when needed to tell two pieces apart (or for a pawn capture).
        file: Option<File>,
        /// The origin rank, when needed to tell two pieces apart.
        rank: Option<Rank>,
        /// `true` for a capture (`x`).
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion role (`=Q`).
        promotion: Option<Role>,
    },
    /// Castling: `O-O` or `O-O-O`.
    Castle(CastlingSide),
}

impl San {
    /// The SAN of the legal move `m` in `pos`, with minimal disambiguation: none when no
    /// other piece of the role can reach the square; else the origin file if it tells them
    /// apart; else the rank; else both (PGN standard §8.2.3.4; Appendix E10 (2005), C.10 (2023)
    /// prefer the file the same way).
    ///
    /// `m` must be legal in `pos`; for an illegal move the disambiguation is meaningless.
    pub fn from_move(pos: &Position, m: Move) -> San {
        San::with_hints(m, |role, from, to| disambiguation(pos, role, from, to))
    }

    /// Builds the SAN of `m`, asking `hints` for a piece move's origin file and rank.
    fn with_hints(
        m: Move,
        hints: impl FnOnce(Role, Square, Square) -> (Option<File>, Option<Rank>),
    ) -> San {
        match m {
            Move::Castle { .. } => San::Castle(m.castling_side().unwrap_or(CastlingSide::KingSide)),
            Move::EnPassant { from, to } => San::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                let (file, rank) = match role {
                    Role::Pawn => (capture.map(|_| from.file()), None),
                    Role::King => (None, None),
                    _ => hints(role, from, to),
                };
                San::Normal {
                    role,
                    file,
                    rank,
                    capture: capture.is_some(),
                    to,
                    promotion,
                }
            }
        }
    }

    /// The SAN of the legal move `m` given `origins`, the squares from which a piece of its
    /// role can legally reach its destination (its own square included or not): no move
    /// generation needed. The resolver has these origins at hand from its candidate list.
    pub fn from_move_with_origins(m: Move, origins: Bitboard) -> San {
        San::with_hints(m, |_, from, _| {
            disambiguation_among(origins.into_iter(), from)
        })
    }

    /// Writes the move with the symbols and marks of `marks`.
    ///
    /// `Display` is `render` with [`Marks::SAN`]: the English letters `K Q R B N`, `x`, `=`
    /// before a promotion, `O-O`.
    #[doc(hidden)]
    pub fn render(&self, out: &mut impl fmt::Write, marks: &Marks<'_>) -> fmt::Result {
        match *self {
            San::Castle(CastlingSide::KingSide) => out.write_str(marks.castles.0),
            San::Castle(CastlingSide::QueenSide) => out.write_str(marks.castles.1),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    out.write_char(marks.letters[role.index()])?;
                }
                if let Some(f) = file {
                    out.write_char(f.char())?;
                }
                if let Some(r) = rank {
                    out.write_char(r.char())?;
                }
                if let (true, Some(x)) = (capture, marks.capture) {
                    out.write_char(x)?;
                }
                out.write_char(to.file().char())?;
                out.write_char(to.rank().char())?;
                if let Some(p) = promotion {
                    out.write_str(marks.promotion.0)?;
                    out.write_char(marks.letters[p.index()])?;
                    out.write_str(marks.promotion.1)?;
                }
                Ok(())
            }
        }
    }
}

/// How a [`San`] is written: piece symbols, the capture mark, castling, and what goes around a
/// promotion letter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Marks<'a> {
    /// The symbol of each role, by [`Role::index`] (the pawn's is unused).
    pub letters: [char; 6],
    /// The capture mark, or `None` to write none.
    pub capture: Option<char>,
    /// Short and long castling.
    pub castles: (&'a str, &'a str),
    /// What comes before and after a promotion letter: `("=", "")` for `e8=Q`.
    pub promotion: (&'a str, &'a str),
}

impl Marks<'_> {
    /// The piece symbols of `language`, indexed by [`Role::index`], for [`Marks::letters`].
    pub fn letters_of(language: &crate::notation::Language) -> [char; 6] {
        Role::ALL.map(|role| language.symbol(role).unwrap_or('P'))
    }
}

impl Marks<'static> {
    /// Standard SAN (PGN §8.2.3): `Nf3`, `exd5`, `e8=Q`, `O-O`.
    pub const SAN: Marks<'static> = Marks {
        letters: ENGLISH_LETTERS,
        capture: Some('x'),
        castles: ("O-O", "O-O-O"),
        promotion: ("=", ""),
    };
}

/// The English letters SAN uses, indexed by [`Role::index`].
pub const ENGLISH_LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.render(f, &Marks::SAN)
    }
}

/// Which origin hints tell `from` apart from the other pieces of `role` that can legally
/// reach `to`.
fn disambiguation(
    pos: &Position,
    role: Role,
    from: Square,
    to: Square,
) -> (Option<File>, Option<Rank>) {
    disambiguation_among(pos.legal_moves_to(role, to).iter().map(|m| m.from()), from)
}

/// Which origin hints tell `from` apart from the other origins in `origins`.
fn disambiguation_among(
    origins: impl Iterator<Item = Square>,
    from: Square,
) -> (Option<File>, Option<Rank>) {
    let (mut ambiguous, mut same_file, mut same_rank) = (false, false, false);
    for sq in origins.filter(|&sq| sq != from) {
        ambiguous = true;
        same_file |= sq.file() == from.file();
        same_rank |= sq.rank() == from.rank();
    }
    if !ambiguous {
        (None, None)
    } else if !same_file {
        (Some(from.file()), None)
    } else if !same_rank {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// The check or mate mark after a move (`+`, `#`).
///
/// ```
/// use planilla::{check_text, CheckOptions, Suffix};
/// // Fool's mate: 2...Qh4 mates.
/// let report = check_text("1.f3 e5 2.g4 Dh4", &CheckOptions::default()).next().unwrap();
/// let mate = report.moves[3].san;
/// assert_eq!(mate.suffix, Some(Suffix::Checkmate));
/// assert_eq!(Suffix::Checkmate.as_str(), "#");
/// assert_eq!(mate.to_string(), "Qh4#");
/// assert_eq!(Suffix::of(&report.moves[3].after), Some(Suffix::Checkmate));
/// assert_eq!(report.moves[0].san.suffix, None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// The move gives check: `+`.
    Check,
    /// The move gives checkmate: `#` (Appendix E writes `++`).
    Checkmate,
}

impl Suffix {
    /// The suffix the position calls for: checkmate, check, or none.
    pub fn of(pos: &Position) -> Option<Suffix> {
        if !pos.is_check() {
            None
        } else if !pos.has_legal_moves() {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        }
    }

    /// `+` or `#`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Suffix::Check => "+",
            Suffix::Checkmate => "#",
        }
    }
}

/// SAN with its check or mate suffix, as PGN movetext writes it.
///
/// ```
/// use planilla::Position;
/// use planilla::san::SanPlus;
/// let mut pos: Position = "7k/8/6K1/8/8/8/8/R7 w - - 0 1".parse().unwrap();
/// let mate = pos.legal_moves().into_iter()
///     .find(|m| m.to() == planilla::Square::A8).unwrap();
/// assert_eq!(SanPlus::from_move_and_play(&mut pos, mate).to_string(), "Ra8#");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// Its suffix.
    pub suffix: Option<Suffix>,
}

impl SanPlus {
    /// Writes the legal move `m` and plays it on `pos`.
    pub fn from_move_and_play(pos: &mut Position, m: Move) -> SanPlus {
        let san = San::from_move(pos, m);
        SanPlus::from_san_and_play(pos, san, m)
    }

    /// Plays the legal move `m`, whose SAN is `san`, and adds the suffix.
    pub fn from_san_and_play(pos: &mut Position, san: San, m: Move) -> SanPlus {
        pos.play_unchecked(m);
        SanPlus {
            san,
            suffix: Suffix::of(pos),
        }
    }

    /// The SAN of the legal move `m` in `pos`, with its suffix; `pos` is left as it was.
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        let mut after = *pos;
        SanPlus::from_move_and_play(&mut after, m)
    }

    /// Writes the move with the symbols and marks of `marks` ([`San::render`]), then its
    /// suffix `+` or `#` (PGN §8.2.3.6; Appendix C.13 (2023)). `Display` is `render` with
    /// [`Marks::SAN`]; writing into a `String` this way skips the formatting machinery.
    ///
    /// # Errors
    /// Only those of `out`; writing into a `String` never fails.
    ///
    /// ```
    /// use planilla::Position;
    /// use planilla::san::{Marks, SanPlus};
    /// let pos: Position = "7k/8/6K1/8/8/8/8/R7 w - - 0 1".parse().unwrap();
    /// let mate = pos.legal_moves().into_iter()
    ///     .find(|m| m.to() == planilla::Square::A8).unwrap();
    /// let mut out = String::from("1. ");
    /// SanPlus::from_move(&pos, mate).render(&mut out, &Marks::SAN).unwrap();
    /// assert_eq!(out, "1. Ra8#");
    /// ```
    #[doc(hidden)]
    pub fn render(&self, out: &mut impl fmt::Write, marks: &Marks<'_>) -> fmt::Result {
        self.san.render(out, marks)?;
        match self.suffix {
            Some(s) => out.write_str(s.as_str()),
            None => Ok(()),
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.render(f, &Marks::SAN)
    }
}
