//! Attack tables for every piece.
//!
//! Knight, king and pawn attacks are plain tables. Rook and bishop attacks use fixed-shift
//! "fancy" magic bitboards: the relevant blockers are multiplied by a magic number and the top
//! bits of the product index a shared table. The magic numbers were found by
//! `examples/find_magics.rs`.
//!
//! The small tables (leapers and the per-square magic entries) are built at compile time by
//! `const fn`. The 107,648-entry slider table and the two 64 × 64 ray tables are built at run
//! time, once, on first use (a [`LazyLock`]; milliseconds when optimised): evaluating them at
//! compile time made this module the slowest part of building the crate. The public functions
//! pass the once-check on every call; the move generator passes it once per call and then looks
//! up through the reference it got. None of it needs `unsafe`.

use std::sync::LazyLock;

use super::bitboard::Bitboard;
use crate::types::{Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Walks from `sq` in each direction until a blocker (included) or the edge.
fn sliding(sq: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq`: the rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i32 + deltas[i].0;
            let r = (sq / 8) as i32 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// One square's entry: blocker mask, magic multiplier, offset into the slider table, shift.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    factor: u64,
    offset: usize,
    shift: u32,
}

include!("magic_numbers.rs");

const fn magics(factors: &[u64; 64], dirs: &[(i32, i32); 4], start: usize) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        factor: 0,
        offset: 0,
        shift: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            factor: factors[sq],
            offset,
            shift: 64 - bits,
        };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

/// Rook entries use slider slots `0..102_400`, bishop entries the 5,248 after.
const ROOK_TABLE_LEN: usize = 102_400;
const SLIDERS_LEN: usize = ROOK_TABLE_LEN + 5_248;

static ROOK_MAGICS: [Magic; 64] = magics(&ROOK_FACTORS, &ROOK_DIRS, 0);
static BISHOP_MAGICS: [Magic; 64] = magics(&BISHOP_FACTORS, &BISHOP_DIRS, ROOK_TABLE_LEN);

/// Writes the attacks of every blocker subset of every square into its magic slot.
fn fill_sliders(table: &mut [u64], magics: &[Magic; 64], dirs: &[(i32, i32); 4]) {
    for (sq, m) in magics.iter().enumerate() {
        // Carry-Rippler: enumerate every subset of the mask.
        let mut subset: u64 = 0;
        loop {
            let index = m.offset + (subset.wrapping_mul(m.factor) >> m.shift) as usize;
            table[index] = sliding(sq, subset, dirs);
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
    }
}

/// The tables built at run time. [`Tables::get`] does the once-check; the move generator
/// takes the reference once per call and looks up through it.
pub(super) struct Tables {
    /// Rook and bishop attacks for every square and every subset of its relevant blockers, in
    /// the slots the magic entries point to: 107,648 entries, on the heap (861 KB).
    sliders: Box<[u64]>,
    /// For each pair of squares on a common line, the squares strictly between them.
    between: [[u64; 64]; 64],
    /// For each pair of squares on a common line, the whole line through both, edge to edge.
    line: [[u64; 64]; 64],
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

impl Tables {
    /// The tables, built on the first call.
    #[inline]
    pub(super) fn get() -> &'static Tables {
        &TABLES
    }

    fn build() -> Tables {
        let mut sliders = vec![0; SLIDERS_LEN];
        fill_sliders(&mut sliders, &ROOK_MAGICS, &ROOK_DIRS);
        fill_sliders(&mut sliders, &BISHOP_MAGICS, &BISHOP_DIRS);
        let mut tables = Tables {
            sliders: sliders.into_boxed_slice(),
            between: [[0; 64]; 64],
            line: [[0; 64]; 64],
        };
        // Both ray tables from one walk along each ray.
        for a in 0..64 {
            for (df, dr) in ROOK_DIRS.into_iter().chain(BISHOP_DIRS) {
                let full = sliding(a, 0, &[(df, dr); 4]) | sliding(a, 0, &[(-df, -dr); 4]) | 1 << a;
                let mut f = (a % 8) as i32 + df;
                let mut r = (a / 8) as i32 + dr;
                let mut acc = 0u64;
                while (0..8).contains(&f) && (0..8).contains(&r) {
                    let b = (r * 8 + f) as usize;
                    tables.between[a][b] = acc;
                    tables.line[a][b] = full;
                    acc |= 1 << b;
                    f += df;
                    r += dr;
                }
            }
        }
        tables
    }

    /// [`rook_attacks`] through these tables.
    #[inline]
    pub(super) fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.slider(&ROOK_MAGICS[sq as usize], occupied)
    }

    /// [`bishop_attacks`] through these tables.
    #[inline]
    pub(super) fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.slider(&BISHOP_MAGICS[sq as usize], occupied)
    }

    #[inline]
    fn slider(&self, m: &Magic, occupied: Bitboard) -> Bitboard {
        let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
        Bitboard(self.sliders[index])
    }

    /// [`between`] through these tables.
    #[inline]
    pub(super) fn between(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.between[a as usize][b as usize])
    }

    /// [`line`] through these tables.
    #[inline]
    pub(super) fn line(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.line[a as usize][b as usize])
    }
}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq as usize])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq as usize])
}

/// The squares a pawn of `color` on `sq` attacks (its capture squares).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color as usize][sq as usize])
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Tables::get().rook(sq, occupied)
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Tables::get().bishop(sq, occupied)
}

/// The squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let tables = Tables::get();
    tables.rook(sq, occupied) | tables.bishop(sq, occupied)
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Tables::get().between(a, b)
}

/// The full line (rank, file or diagonal) through `a` and `b`, or empty if there is none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Tables::get().line(a, b)
}

/// `true` if `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_equal_ray_walks_on_many_occupancies() {
        let mut x: u64 = 0x243F_6A88_85A3_08D3;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(17);
            for sq in Square::ALL {
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    sliding(sq as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    sliding(sq as usize, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn leapers_and_lines() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from(Square::D5) | Square::F5
        );
        assert_eq!(pawn_attacks(Color::Black, Square::A7), Square::B6.into());
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from(Square::B2) | Square::C3
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert!(aligned(Square::A1, Square::H8, Square::D4));
        assert!(!aligned(Square::A1, Square::H8, Square::D5));
    }
}
