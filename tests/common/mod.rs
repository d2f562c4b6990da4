//! Helpers shared by the differential tests: a seeded generator and lockstep playouts of
//! planilla and shakmaty.

#![allow(dead_code)]

use planilla::Position;
use shakmaty::{CastlingMode, Chess, Position as _};

/// xorshift64*: a small seeded generator, so that every run plays the same games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Our legal moves as sorted UCI strings (standard castling: `e1g1`).
pub fn our_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci()).collect();
    v.sort();
    v
}

/// shakmaty's legal moves as sorted UCI strings.
pub fn their_moves(pos: &Chess) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

/// The shakmaty move with UCI `uci`, if legal.
pub fn their_move(pos: &Chess, uci: &str) -> Option<shakmaty::Move> {
    pos.legal_moves()
        .into_iter()
        .find(|m| m.to_uci(CastlingMode::Standard).to_string() == uci)
}

/// Plays the move `uci` in both positions; panics if either refuses it.
pub fn play_both(ours: &mut Position, theirs: &mut Chess, uci: &str) {
    let m = *ours
        .legal_moves()
        .iter()
        .find(|m| m.to_uci() == uci)
        .unwrap_or_else(|| panic!("{uci} not legal in {ours}"));
    ours.play(m).unwrap();
    let tm = their_move(theirs, uci).unwrap();
    theirs.play_unchecked(tm);
}

/// Seeded random playouts in lockstep: calls `visit` on each position (both libraries'),
/// until `count` positions have been visited. Games last 10 to 199 plies; special moves (en
/// passant, promotion, castling) are preferred half of the time they are available.
pub fn random_playouts(seed: u64, count: usize, mut visit: impl FnMut(&Position, &Chess)) {
    let mut rng = Rng(seed);
    let mut visited = 0;
    while visited < count {
        let mut ours = Position::startpos();
        let mut theirs = Chess::default();
        let length = 10 + rng.below(190);
        for _ in 0..length {
            visit(&ours, &theirs);
            visited += 1;
            if visited == count {
                return;
            }
            let moves = ours.legal_moves();
            if moves.is_empty() {
                break;
            }
            let special: Vec<_> = moves
                .iter()
                .filter(|m| {
                    m.is_en_passant() || m.promotion().is_some() || m.castling_side().is_some()
                })
                .collect();
            let m = if !special.is_empty() && rng.next().is_multiple_of(2) {
                *special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            play_both(&mut ours, &mut theirs, &m.to_uci());
        }
    }
}
