//! Attack tables for every piece.
//!
//! Knight, king and pawn attacks are plain tables. Rook and bishop attacks use fixed-shift
//! "fancy" magic bitboards: the relevant blockers are multiplied by a magic number and the top
//! bits of the product index a shared table. The magic numbers were found by
//! `examples/find_magics.rs`; every table, including the 107,648-entry slider table, is built
//! at compile time by `const fn`, so a lookup is one load with no initialisation check and no
//! `unsafe`.

use super::bitboard::Bitboard;
use crate::types::{Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Walks from `sq` in each direction until a blocker (included) or the edge.
const fn sliding(sq: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
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

/// One square's entry: blocker mask, magic multiplier, offset into [`SLIDERS`], shift.
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

/// Rook entries use `SLIDERS[0..102_400]`, bishop entries the 5,248 after.
const ROOK_TABLE_LEN: usize = 102_400;
const SLIDERS_LEN: usize = ROOK_TABLE_LEN + 5_248;

static ROOK_MAGICS: [Magic; 64] = magics(&ROOK_FACTORS, &ROOK_DIRS, 0);
static BISHOP_MAGICS: [Magic; 64] = magics(&BISHOP_FACTORS, &BISHOP_DIRS, ROOK_TABLE_LEN);

const fn fill_sliders(
    table: &mut [u64; SLIDERS_LEN],
    magics: &[Magic; 64],
    dirs: &[(i32, i32); 4],
) {
    let mut sq = 0;
    while sq < 64 {
        let m = magics[sq];
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
        sq += 1;
    }
}

#[allow(long_running_const_eval)]
static SLIDERS: [u64; SLIDERS_LEN] = {
    let mut table = [0; SLIDERS_LEN];
    fill_sliders(
        &mut table,
        &magics(&ROOK_FACTORS, &ROOK_DIRS, 0),
        &ROOK_DIRS,
    );
    fill_sliders(
        &mut table,
        &magics(&BISHOP_FACTORS, &BISHOP_DIRS, ROOK_TABLE_LEN),
        &BISHOP_DIRS,
    );
    table
};

/// For each pair of squares on a common line: the squares strictly between them (`.0`) and
/// the whole line through both, edge to edge (`.1`). Both come from one walk along each ray.
static RAYS: ([[u64; 64]; 64], [[u64; 64]; 64]) = {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = if d < 4 {
                ROOK_DIRS[d]
            } else {
                BISHOP_DIRS[d - 4]
            };
            let full = sliding(a, 0, &[(df, dr), (df, dr), (df, dr), (df, dr)])
                | sliding(a, 0, &[(-df, -dr), (-df, -dr), (-df, -dr), (-df, -dr)])
                | 1 << a;
            let mut f = (a % 8) as i32 + df;
            let mut r = (a / 8) as i32 + dr;
            let mut acc = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = acc;
                line[a][b] = full;
                acc |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
};

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
    let m = &ROOK_MAGICS[sq as usize];
    let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
    Bitboard(SLIDERS[index])
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &BISHOP_MAGICS[sq as usize];
    let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
    Bitboard(SLIDERS[index])
}

/// The squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(RAYS.0[a as usize][b as usize])
}

/// The full line (rank, file or diagonal) through `a` and `b`, or empty if there is none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(RAYS.1[a as usize][b as usize])
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
