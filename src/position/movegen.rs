//! The legal move generator.
//!
//! Moves are generated legal, not generated and then tried: the king's checkers decide the
//! target squares (any, the block-or-capture line of a single check, or king moves only in
//! double check), and each pinned piece stays on the line through its king and its pinner.
//! King steps are checked against the attacks on the board without the king; en passant is
//! checked by removing both pawns and recomputing the attacks on the king, which covers the
//! horizontal discovered check of `8/8/8/KPp4r/8/8/8/7k w - c6` (Art. 3.7.d).

use super::Position;
use super::attacks::{Tables, king_attacks, knight_attacks, pawn_attacks};
use super::bitboard::Bitboard;
use super::moves::Move;
use crate::types::{CastlingSide, Color, File, Rank, Role, Square};
use arrayvec::ArrayVec;

impl Position {
    /// Pushes every legal move that starts on `from_mask` and lands on `to_mask` (castling
    /// lands on the king's destination).
    ///
    /// `out` must have room for every such move: 256 for any masks, 16 for one role's moves
    /// to one square (see [`SquareMoveList`](super::SquareMoveList)).
    pub(super) fn generate<const N: usize>(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut ArrayVec<Move, N>,
    ) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color(us);
        let occupied = self.occupied();
        let king = self.king(us);
        let t = Tables::get();
        let checkers = self.attackers_to_in(t, king, them, occupied);

        if from_mask.contains(king) {
            self.gen_king(t, king, to_mask - ours, out);
        }
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(checker) => (t.between(king, checker) | checker) & to_mask,
            None => {
                if from_mask.contains(king) {
                    self.gen_castling(t, king, to_mask, out);
                }
                to_mask - ours
            }
        };
        let pinned = self.pinned(t, king);
        let movers = from_mask & ours;

        for from in movers & (self.by_role(Role::Knight) - pinned) {
            self.push_piece_moves(Role::Knight, from, knight_attacks(from) & target, out);
        }
        let queens = self.by_role(Role::Queen);
        for from in movers & (self.by_role(Role::Bishop) | queens) {
            let mut to = t.bishop(from, occupied) & target;
            if pinned.contains(from) {
                to &= t.line(king, from);
            }
            let role = if queens.contains(from) {
                Role::Queen
            } else {
                Role::Bishop
            };
            self.push_piece_moves(role, from, to, out);
        }
        for from in movers & (self.by_role(Role::Rook) | queens) {
            let mut to = t.rook(from, occupied) & target;
            if pinned.contains(from) {
                to &= t.line(king, from);
            }
            let role = if queens.contains(from) {
                Role::Queen
            } else {
                Role::Rook
            };
            self.push_piece_moves(role, from, to, out);
        }
        let pawns = movers & self.by_role(Role::Pawn);
        if pawns.any() {
            self.gen_pawns(t, pawns, target, king, pinned, out);
            if let Some(ep) = self.ep_square {
                // An en passant capture may answer a check by a pawn that just moved two
                // squares: its target is the pawn, not `ep`, so the check mask is not used here.
                if to_mask.contains(ep) {
                    self.gen_en_passant(t, pawns, ep, king, out);
                }
            }
        }
    }

    /// Our pieces pinned to `king`: the single piece between the king and an enemy slider.
    #[inline]
    fn pinned(&self, t: &Tables, king: Square) -> Bitboard {
        let them = self.by_color(!self.turn);
        let queens = self.by_role(Role::Queen);
        let snipers = (t.rook(king, Bitboard::EMPTY) & (self.by_role(Role::Rook) | queens)
            | t.bishop(king, Bitboard::EMPTY) & (self.by_role(Role::Bishop) | queens))
            & them;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let b = t.between(king, sniper) & occupied;
            if !b.more_than_one() {
                pinned |= b;
            }
        }
        pinned & self.by_color(self.turn)
    }

    #[inline(always)]
    fn push_piece_moves<const N: usize>(
        &self,
        role: Role,
        from: Square,
        to: Bitboard,
        out: &mut ArrayVec<Move, N>,
    ) {
        let theirs = self.by_color(!self.turn);
        for to in to & theirs {
            out.push(Move::Normal {
                role,
                from,
                capture: self.role_at(to),
                to,
                promotion: None,
            });
        }
        for to in to - theirs {
            out.push(Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            });
        }
    }

    fn gen_king<const N: usize>(
        &self,
        t: &Tables,
        king: Square,
        to: Bitboard,
        out: &mut ArrayVec<Move, N>,
    ) {
        let them = !self.turn;
        let without_king = self.occupied().without(king);
        for to in king_attacks(king) & to {
            if self.attackers_to_in(t, to, them, without_king).is_empty() {
                self.push_piece_moves(Role::King, king, Bitboard::from_square(to), out);
            }
        }
    }

    fn gen_castling<const N: usize>(
        &self,
        t: &Tables,
        king: Square,
        to_mask: Bitboard,
        out: &mut ArrayVec<Move, N>,
    ) {
        let us = self.turn;
        let occupied = self.occupied();
        for side in CastlingSide::ALL {
            if !self.castling.has(us, side) || !to_mask.contains(side.king_to(us)) {
                continue;
            }
            let rook = Square::from_coords(side.rook_from_file(), us.backrank());
            if (t.between(king, rook) & occupied).any() {
                continue;
            }
            let king_to = side.king_to(us);
            let path = t.between(king, king_to) | king_to;
            if path
                .into_iter()
                .all(|sq| self.attackers_to_in(t, sq, !us, occupied).is_empty())
            {
                out.push(Move::Castle { king, rook });
            }
        }
    }

    fn gen_pawns<const N: usize>(
        &self,
        t: &Tables,
        pawns: Bitboard,
        target: Bitboard,
        king: Square,
        pinned: Bitboard,
        out: &mut ArrayVec<Move, N>,
    ) {
        let us = self.turn;
        let theirs = self.by_color(!us);
        let empty = !self.occupied();
        let forward: i32 = us.fold_wb(8, -8);

        // Pinned pawns one by one: each stays on the line through its king.
        for from in pawns & pinned {
            let from_bb = Bitboard::from_square(from);
            let single = from_bb.shift(forward) & empty;
            let double =
                single.shift(forward) & empty & Bitboard::from_rank(Rank::Fourth.relative_to(us));
            let to =
                (single | double | pawn_attacks(us, from) & theirs) & target & t.line(king, from);
            for to in to {
                self.push_pawn_move(from, to, out);
            }
        }

        // The others set-wise: pushes, double pushes, then captures to each side.
        let free = pawns - pinned;
        let single = free.shift(forward) & empty;
        let double =
            (single & Bitboard::from_rank(Rank::Third.relative_to(us))).shift(forward) & empty;
        for to in single & target {
            self.push_pawn_move(
                Square::from_index_masked((to as i32 - forward) as usize),
                to,
                out,
            );
        }
        for to in double & target {
            self.push_pawn_move(
                Square::from_index_masked((to as i32 - 2 * forward) as usize),
                to,
                out,
            );
        }
        let not_a = !Bitboard::from_file(File::A);
        let not_h = !Bitboard::from_file(File::H);
        for (delta, mask) in [(forward - 1, not_h), (forward + 1, not_a)] {
            for to in (free.shift(delta) & mask) & theirs & target {
                self.push_pawn_move(
                    Square::from_index_masked((to as i32 - delta) as usize),
                    to,
                    out,
                );
            }
        }
    }

    #[inline(always)]
    fn push_pawn_move<const N: usize>(
        &self,
        from: Square,
        to: Square,
        out: &mut ArrayVec<Move, N>,
    ) {
        let capture = if from.file() != to.file() {
            self.role_at(to)
        } else {
            None
        };
        if matches!(to.rank(), Rank::First | Rank::Eighth) {
            for promotion in Role::PROMOTIONS {
                out.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: Some(promotion),
                });
            }
        } else {
            out.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    }

    fn gen_en_passant<const N: usize>(
        &self,
        t: &Tables,
        pawns: Bitboard,
        ep: Square,
        king: Square,
        out: &mut ArrayVec<Move, N>,
    ) {
        let us = self.turn;
        let captured = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
        for from in pawns & pawn_attacks(!us, ep) {
            let occupied = (self.occupied() ^ from ^ captured) | ep;
            if self.attackers_to_in(t, king, !us, occupied).is_empty() {
                out.push(Move::EnPassant { from, to: ep });
            }
        }
    }

    /// `true` if the castling rights agree with the board: each right needs its king and rook
    /// on their home squares.
    pub(super) fn castling_rights_consistent(&self) -> bool {
        Color::ALL.into_iter().all(|color| {
            let king_home = Square::from_coords(File::E, color.backrank());
            CastlingSide::ALL.into_iter().all(|side| {
                !self.castling.has(color, side)
                    || (self.by_piece(Role::King.of(color)).contains(king_home)
                        && self
                            .by_piece(Role::Rook.of(color))
                            .contains(Square::from_coords(side.rook_from_file(), color.backrank())))
            })
        })
    }
}
