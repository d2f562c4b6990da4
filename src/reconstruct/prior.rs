//! [`decode`](super::decode)'s prior over moves: how much more often real players make a move
//! of a kind than a legal move of that kind drawn at random.
//!
//! A move's kind ([`kind`]) is what a glance at the board tells of it: which piece moves (a
//! pawn, a knight or bishop, a rook, the queen, the king, or castling), what it wins or loses
//! by a one-exchange count (a piece it takes, less the piece it leaves where the other side
//! takes it: loses 3 or more, loses 1 or 2, nothing taken or lost, a trade, a win), whether it
//! gives check, and whether the piece was under threat where it stood. Real players seldom
//! leave a piece where it is lost for nothing, and often move a threatened one; a
//! recognizer's misreading of a box that still names a legal move (`Ae4` for `Ac4`) names
//! such a move more often than the true move does.
//!
//! The table [`LOG_RATIO`] holds, for each kind, the natural log of the ratio of two
//! frequencies over the 500 games of `tests/data/lichess_db_2013-01_500.pgn` (lichess.org's
//! database, January 2013, CC0; none of them is a game of the decoding audit): the share of
//! the moves played that are of that kind, over the share of that kind among the legal moves
//! of the same positions, each position weighing one move. Both counts get one more move,
//! so that a kind never seen is near 1. The unit test `the_prior_is_the_one_estimated_from_the_games` in
//! this module estimates it again and compares.

use crate::position::{Bitboard, Move, Position};
use crate::types::{Color, Role, Square};

/// How many kinds [`kind`] tells apart: 6 roles × 5 outcomes × check or not × threatened or
/// not.
pub(crate) const KINDS: usize = 120;

/// The values the one-exchange count gives the pieces (the king's never counts: no legal move
/// leaves it where it is taken).
const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

/// The value a piece of `value` on `sq` loses where the other side takes it, as if the board
/// held `occupied`: all of it where nothing defends it, the difference where the least piece
/// taking it is worth less, else nothing.
fn at_stake(pos: &Position, sq: Square, owner: Color, value_here: i32, occupied: Bitboard) -> i32 {
    let attackers = pos.attackers_to(sq, !owner, occupied);
    if attackers.is_empty() {
        return 0;
    }
    let least = attackers
        .into_iter()
        .filter_map(|a| pos.role_at(a))
        .map(value)
        .min()
        .unwrap_or(0);
    if pos.attackers_to(sq, owner, occupied).is_empty() {
        value_here
    } else {
        (value_here - least).max(0)
    }
}

/// The kind of `m`, a legal move in `pos` (see the module's docs), from 0 to [`KINDS`] − 1.
pub(crate) fn kind(pos: &Position, m: Move) -> usize {
    let us = pos.turn();
    let from = m.from();
    let role_group = match m {
        Move::Castle { .. } => 5,
        _ => match m.role() {
            Role::Pawn => 0,
            Role::Knight | Role::Bishop => 1,
            Role::Rook => 2,
            Role::Queen => 3,
            Role::King => 4,
        },
    };
    let occupied = pos.occupied();
    let check = usize::from(pos.gives_check(m));
    if role_group == 5 {
        return role_group * 20 + 2 * 4 + check * 2;
    }
    let moved = value(m.role());
    let threatened =
        usize::from(m.role() != Role::King && at_stake(pos, from, us, moved, occupied) > 0);
    let to = m.to();
    let mut after = occupied.without(from).with(to);
    if let Move::EnPassant { to, .. } = m {
        let captured = Square::from_coords(to.file(), from.rank());
        after = after.without(captured);
    }
    let landed = match m {
        Move::Normal {
            promotion: Some(p), ..
        } => value(p),
        _ => moved,
    };
    let taken = m.capture().map_or(0, value);
    let lost = if m.role() == Role::King {
        0
    } else {
        at_stake(pos, to, us, landed, after)
    };
    let net = taken - lost;
    let outcome = if net <= -3 {
        0
    } else if net < 0 {
        1
    } else if net == 0 && taken == 0 {
        2
    } else if net == 0 {
        3
    } else {
        4
    };
    role_group * 20 + outcome * 4 + check * 2 + threatened
}

/// For each [`kind`], the natural log of how much more often it is played than drawn at random
/// from the legal moves (see the module's docs).
#[rustfmt::skip]
pub(crate) const LOG_RATIO: [f32; KINDS] = [
    0.124, -0.574, 0.524, 0.555,
    -1.266, -0.752, -0.156, 0.607,
    -0.048, 0.696, 1.400, 0.851,
    1.996, 2.020, 1.924, 0.759,
    2.267, 2.251, 2.090, 1.469,
    -2.698, -2.010, -1.080, -0.053,
    -2.138, -0.144, -0.721, 0.161,
    0.105, 1.373, 1.239, 1.983,
    2.034, 2.549, 2.141, 2.565,
    2.095, 2.587, 2.536, 2.610,
    -2.766, -1.404, -1.231, -0.303,
    -1.106, 0.018, 0.358, 1.012,
    -0.555, 0.875, 1.727, 1.801,
    2.178, 1.980, 2.394, 2.041,
    2.114, 1.679, 2.465, 2.105,
    -3.329, -1.847, -2.373, -1.050,
    -0.916, 0.049, -0.189, -0.190,
    -0.672, 1.170, 1.379, 2.052,
    2.300, 2.224, 2.234, 2.104,
    2.118, 2.602, 2.676, 2.639,
    0.000, 0.000, 0.000, 0.000,
    0.000, 0.000, 0.000, 0.000,
    -0.424, 0.000, -0.232, 0.000,
    0.000, 0.000, 0.000, 0.000,
    0.926, 0.000, 0.000, 0.000,
    0.000, 0.000, 0.000, 0.000,
    0.000, 0.000, 0.000, 0.000,
    2.060, 0.000, 1.091, 0.000,
    0.000, 0.000, 0.000, 0.000,
    0.000, 0.000, 0.000, 0.000,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, check_text};
    use crate::notation::Language;

    /// The table estimated again from the games (see the module's docs).
    fn estimate() -> [f64; KINDS] {
        let text = include_str!("../../tests/data/lichess_db_2013-01_500.pgn");
        let options = CheckOptions::default().with_language(Language::ENGLISH);
        let mut played = [0.0f64; KINDS];
        let mut drawn = [0.0f64; KINDS];
        for report in check_text(text, &options) {
            let mut pos = report.start_position();
            for m in report.moves.iter().map(|m| m.mv) {
                let legal = pos.legal_moves();
                let weight = 1.0 / legal.len() as f64;
                for &l in legal.iter() {
                    drawn[kind(&pos, l)] += weight;
                }
                played[kind(&pos, m)] += 1.0;
                pos.play_unchecked(m);
            }
        }
        let mut out = [0.0; KINDS];
        for k in 0..KINDS {
            out[k] = ((played[k] + 1.0) / (drawn[k] + 1.0)).ln();
        }
        out
    }

    #[test]
    fn the_prior_is_the_one_estimated_from_the_games() {
        for (k, (&kept, counted)) in LOG_RATIO.iter().zip(estimate()).enumerate() {
            assert!(
                (f64::from(kept) - counted).abs() < 0.001,
                "kind {k}: {kept} kept, {counted:.3} counted"
            );
        }
    }

    /// The [`LOG_RATIO`] of the move `uci` in the position `fen`.
    fn weight(fen: &str, uci: &str) -> f32 {
        let pos = Position::from_fen(fen).unwrap();
        let uci: crate::position::UciMove = uci.parse().unwrap();
        LOG_RATIO[kind(&pos, uci.to_move(&pos).unwrap())]
    }

    #[test]
    fn a_piece_left_to_be_taken_for_nothing_is_a_rarer_kind_than_a_safe_move() {
        // 1.e4 e5: Nf3 is safe; Ba6 leaves the bishop to b7xa6 for nothing.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert!(weight(fen, "f1a6") < weight(fen, "g1f3") - 2.0);
    }

    #[test]
    fn a_threatened_piece_moved_to_safety_is_a_likelier_kind_than_a_quiet_pawn_move() {
        // The knight on f3, threatened by the pawn on e4, goes to d4, where nothing attacks it.
        let fen = "rnbqkbnr/pppp1ppp/8/8/4p3/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3";
        assert!(weight(fen, "f3d4") > weight(fen, "a2a3") + 1.0);
    }

    #[test]
    #[ignore = "prints the table, to paste above"]
    fn print_the_table() {
        let table = estimate();
        for row in table.chunks(4) {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:.3}")).collect();
            println!("    {},", cells.join(", "));
        }
    }
}
