//! Helpers shared by the differential tests: a seeded generator and lockstep playouts of
//! planilla and shakmaty.

#![allow(dead_code)]

use planilla::Position;
use planilla::strategy::Playout;
use shakmaty::{CastlingMode, Chess, Position as _};

/// The library's seeded generator (`planilla::strategy`, feature `proptest`).
pub use planilla::strategy::Rng;

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
/// until `count` positions have been visited. Games last 10 to 199 plies, played by
/// `planilla::strategy::Playout::random` (special moves preferred half of the time they are
/// available); each game's positions are visited before each move, and its final position
/// when it ended on the board.
pub fn random_playouts(seed: u64, count: usize, mut visit: impl FnMut(&Position, &Chess)) {
    let mut rng = Rng::new(seed);
    let mut visited = 0;
    while visited < count {
        let length = 10 + rng.below(190);
        let game = Playout::random(Position::startpos(), &mut rng, length);
        let ended = game.moves.len() < length;
        let mut theirs = Chess::default();
        for (i, ours) in game.positions().enumerate() {
            let mv = game.moves.get(i);
            if mv.is_none() && !ended {
                break;
            }
            visit(&ours, &theirs);
            visited += 1;
            if visited == count {
                return;
            }
            if let Some(m) = mv {
                let tm = their_move(&theirs, &m.to_uci())
                    .unwrap_or_else(|| panic!("{m} not legal for shakmaty in {ours}"));
                theirs.play_unchecked(tm);
            }
        }
    }
}
