//! [`Move`] and [`MoveList`].

use core::fmt;

use arrayvec::ArrayVec;

use crate::types::{CastlingSide, Role, Square};

/// A move in a standard chess position.
///
/// A `Move` says everything needed to play and to write it: the moving role, the captured role
/// (for SAN's `x`), the promotion, and which of the three special kinds it is. It is six bytes
/// and `Copy`. Moves come from the generator ([`Position::legal_moves`](super::Position::legal_moves))
/// or are checked by [`Position::play`](super::Position::play).
///
/// ```
/// use planilla::{Move, Position, Role, Square};
/// let pos = Position::startpos();
/// let m = Move::Normal {
///     role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None,
/// };
/// assert!(pos.is_legal(m));
/// assert_eq!(m.to_uci(), "g1f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Move {
    /// Any move but en passant and castling: a piece or pawn goes from `from` to `to`, maybe
    /// capturing, maybe promoting (Appendix E8, E9, E12; C.8, C.9, C.11).
    Normal {
        /// The role of the moving piece.
        role: Role,
        /// Where it starts.
        from: Square,
        /// The role of the piece captured on `to`, if any.
        capture: Option<Role>,
        /// Where it lands.
        to: Square,
        /// The promotion role, for a pawn reaching the last rank.
        promotion: Option<Role>,
    },
    /// A pawn capturing en passant, landing on `to` ("a.p.": Appendix E9; C.9).
    EnPassant {
        /// Where the capturing pawn starts.
        from: Square,
        /// Where it lands (the square the enemy pawn passed over).
        to: Square,
    },
    /// Castling, given by the king's and the rook's starting squares (`0-0`, `0-0-0`).
    Castle {
        /// The king's square.
        king: Square,
        /// The castling rook's square.
        rook: Square,
    },
}

impl Move {
    /// The role of the moving piece (the king for castling).
    #[inline]
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The starting square (the king's for castling).
    #[inline]
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The square the moving piece lands on; for castling the king's destination (`g1`, `c1`,
    /// `g8` or `c8`).
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = if (rook as u8) < (king as u8) {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                Square::from_coords(side.king_to_file(), king.rank())
            }
        }
    }

    /// The captured role, if any (a pawn for en passant).
    #[inline]
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// `true` for captures, en passant included.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// `true` for an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self, Move::EnPassant { .. })
    }

    /// The castling side, for castling moves.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self {
            Move::Castle { king, rook } => Some(if (rook as u8) < (king as u8) {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            }),
            _ => None,
        }
    }

    /// `true` if the move resets the halfmove clock of Art. 9.3: a capture or a pawn move.
    #[inline]
    pub const fn is_zeroing(self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }

    /// The move in UCI notation: `e2e4`, `e7e8q`, `e1g1` for castling.
    pub fn to_uci(self) -> String {
        let mut s = String::with_capacity(5);
        for b in self.from().ascii().into_iter().chain(self.to().ascii()) {
            s.push(b as char);
        }
        if let Some(p) = self.promotion() {
            s.push(p.char());
        }
        s
    }
}

impl fmt::Display for Move {
    /// Writes UCI notation (see [`Move::to_uci`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci())
    }
}

/// The capacity of a [`MoveList`]: more than the most legal moves any reachable position has
/// (218).
pub const MOVE_LIST_CAPACITY: usize = 256;

/// A list of moves on the stack: no heap allocation per call. Holds
/// [`MOVE_LIST_CAPACITY`] moves.
///
/// ```
/// use planilla::{MoveList, Position};
/// let moves: MoveList = Position::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert_eq!(moves.capacity(), 256); // on the stack; no position has more than 218 moves
/// assert!(moves.iter().any(|m| m.to_uci() == "g1f3"));
/// ```
pub type MoveList = ArrayVec<Move, MOVE_LIST_CAPACITY>;

/// The capacity of a [`SquareMoveList`]: more than the most legal moves of one role to one
/// square (12: two pawns capturing and one pushing, each promoting to four pieces; sliders
/// come from at most 8 rays and knights from 8 squares, whatever their number).
pub const SQUARE_MOVE_LIST_CAPACITY: usize = 16;

/// The legal moves of one role to one square ([`Position::legal_moves_to`]): at most
/// [`SQUARE_MOVE_LIST_CAPACITY`] moves, 68 bytes on the stack instead of a [`MoveList`]'s 1 KB.
///
/// [`Position::legal_moves_to`]: super::Position::legal_moves_to
pub type SquareMoveList = ArrayVec<Move, SQUARE_MOVE_LIST_CAPACITY>;
