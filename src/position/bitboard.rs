//! [`Bitboard`]: a set of squares in one `u64`, bit `n` standing for [`Square::ALL`]`[n]`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::types::{File, Rank, Square};

/// A set of squares: bit 0 is `a1`, bit 7 is `h1`, bit 63 is `h8`.
///
/// ```
/// use planilla::{Bitboard, Rank, Square};
/// let bb = Bitboard::from_rank(Rank::Second) | Square::E4;
/// assert_eq!(bb.count(), 9);
/// assert!(bb.contains(Square::E4));
/// assert_eq!(bb.first(), Some(Square::A2));
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares.
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The first and eighth ranks, where pawns cannot stand.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of a file.
    #[inline]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// All squares of a rank.
    #[inline]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// `true` if no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// `true` if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` if the set holds two squares or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (`a1` first), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros())
        }
    }

    /// The only square of a one-square set; `None` if the set is empty or holds more.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// Every square moved one rank up (towards rank 8); squares on rank 8 fall off.
    #[inline]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one rank down (towards rank 1); squares on rank 1 fall off.
    #[inline]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every square moved by `delta` indices (positive: up the board), dropping what leaves it:
    /// a shift by 64 or more either way leaves nothing. Callers mask out file wrap-around
    /// themselves.
    ///
    /// ```
    /// use planilla::position::Bitboard;
    /// use planilla::Square;
    /// let e2 = Bitboard::from_square(Square::E2);
    /// assert_eq!(e2.shift(16), Bitboard::from_square(Square::E4));
    /// assert_eq!(e2.shift(-8), Bitboard::from_square(Square::E1));
    /// assert!(e2.shift(64).is_empty() && e2.shift(i32::MIN).is_empty());
    /// ```
    #[inline]
    pub const fn shift(self, delta: i32) -> Bitboard {
        let n = delta.unsigned_abs();
        let shifted = if delta >= 0 {
            self.0.checked_shl(n)
        } else {
            self.0.checked_shr(n)
        };
        match shifted {
            Some(b) => Bitboard(b),
            None => Bitboard(0),
        }
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// Iterates the squares of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct IntoIter(u64);

impl Iterator for IntoIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_masked(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = IntoIter;
    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0)
    }
}

macro_rules! binop {
    ($Tr:ident, $f:ident, $TrA:ident, $fa:ident, $op:tt) => {
        impl<T: Into<Bitboard>> $Tr<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }
        impl<T: Into<Bitboard>> $TrA<T> for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board, rank 8 on top, `1` for a member square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(0x{:016x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                f.write_str(if self.contains(sq) { "1" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_counts() {
        let bb: Bitboard = [Square::H8, Square::A1, Square::D4].into_iter().collect();
        assert_eq!(bb.count(), 3);
        assert!(bb.more_than_one());
        assert_eq!(
            bb.into_iter().collect::<Vec<_>>(),
            vec![Square::A1, Square::D4, Square::H8]
        );
        assert_eq!(
            Bitboard::from_square(Square::C3).single_square(),
            Some(Square::C3)
        );
        assert_eq!(bb.single_square(), None);
        assert_eq!((bb - Square::A1).first(), Some(Square::D4));
        assert_eq!(Bitboard::from_file(File::H).count(), 8);
        assert!(Bitboard::from_rank(Rank::Eighth).contains(Square::A8));
        assert_eq!(
            Bitboard::from_rank(Rank::Eighth).shift_up(),
            Bitboard::EMPTY
        );
    }
}
