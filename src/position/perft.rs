//! Perft: the number of leaf nodes of the legal move tree, the standard test of a move
//! generator.

use super::{Move, Position};

/// Counts the move sequences of `depth` plies from `pos`.
///
/// The last ply is counted, not played, as `shakmaty::perft` does: perft 1 is the number of
/// legal moves. It is counted without writing the moves out
/// ([`Position::legal_move_count`], "bulk counting"), where `shakmaty::perft` takes the length
/// of its move list. Perft 0 is 1.
///
/// ```
/// use planilla::{position::perft, Position};
/// assert_eq!(perft(&Position::startpos(), 4), 197_281);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by first move: each legal move with the count of `depth - 1` plies after it,
/// the tool for finding where two generators disagree. `depth` 0 gives an empty list.
///
/// ```
/// use planilla::{position::divide, Position};
/// let split = divide(&Position::startpos(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
