//! The legal move generator.
//!
//! Moves are generated legal, not generated and then tried: the king's checkers decide the
//! target squares (any, the block-or-capture line of a single check, or king moves only in
//! double check), and each pinned piece stays on the line through its king and its pinner.
//! King steps are checked against the attacks on the board without the king; en passant is
//! checked by removing both pawns and recomputing the attacks on the king, which covers the
//! horizontal discovered check of `8/8/8/KPp4r/8/8/8/7k w - c6` (Art. 3.7.d).
//!
//! The generator hands its moves to a [`MoveSink`] as sets: a piece and its target squares,
//! or a set of pawn moves that share one step. A move list writes out every move; a
//! [`MoveCount`] only counts them, with a popcount per set. Both take the same path through
//! the same rules, so a count can never disagree with the list it stands for.

use super::Position;
use super::attacks::{Tables, king_attacks, knight_attacks, pawn_attacks};
use super::bitboard::Bitboard;
use super::moves::Move;
use crate::types::{CastlingSide, Color, File, Rank, Role, Square};
use arrayvec::ArrayVec;

/// Where the generator puts the legal moves it finds.
pub(super) trait MoveSink {
    /// The moves of the `role` on `from` to each square of `to` (`role` is not a pawn).
    fn piece(&mut self, pos: &Position, role: Role, from: Square, to: Bitboard);
    /// The pawn moves to each square of `to`, each from the square `step` behind it; a move
    /// to the first or last rank is the four promotions.
    fn pawns(&mut self, pos: &Position, to: Bitboard, step: i32);
    /// One castling or en passant move.
    fn special(&mut self, m: Move);
}

impl<const N: usize> MoveSink for ArrayVec<Move, N> {
    #[inline(always)]
    fn piece(&mut self, pos: &Position, role: Role, from: Square, to: Bitboard) {
        let theirs = pos.by_color(!pos.turn);
        for to in to & theirs {
            self.push(Move::Normal {
                role,
                from,
                capture: pos.role_at(to),
                to,
                promotion: None,
            });
        }
        for to in to - theirs {
            self.push(Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            });
        }
    }

    #[inline(always)]
    fn pawns(&mut self, pos: &Position, to: Bitboard, step: i32) {
        for to in to {
            let from = Square::from_index_masked((to as i32 - step) as usize);
            let capture = if from.file() != to.file() {
                pos.role_at(to)
            } else {
                None
            };
            if matches!(to.rank(), Rank::First | Rank::Eighth) {
                for promotion in Role::PROMOTIONS {
                    self.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else {
                self.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// A sink that counts the moves and keeps none: a popcount per set, four per promotion square.
#[derive(Default)]
pub(super) struct MoveCount(pub(super) usize);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn piece(&mut self, _: &Position, _: Role, _: Square, to: Bitboard) {
        // Blocked pieces are common: no popcount for them (it is a dozen instructions
        // where the CPU feature is not assumed).
        if to.any() {
            self.0 += to.count();
        }
    }

    #[inline(always)]
    fn pawns(&mut self, _: &Position, to: Bitboard, _: i32) {
        self.0 += to.count();
        let promotions = to & Bitboard::BACKRANKS;
        if promotions.any() {
            self.0 += 3 * promotions.count();
        }
    }

    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

impl Position {
    /// Puts every legal move that starts on `from_mask` and lands on `to_mask` into `out`
    /// (castling lands on the king's destination).
    ///
    /// A list must have room for every such move: 256 for any masks, 16 for one role's moves
    /// to one square (see [`SquareMoveList`](super::SquareMoveList)).
    pub(super) fn generate<S: MoveSink>(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut S,
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
            out.piece(self, Role::Knight, from, knight_attacks(from) & target);
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
            out.piece(self, role, from, to);
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
            out.piece(self, role, from, to);
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

    fn gen_king<S: MoveSink>(&self, t: &Tables, king: Square, to: Bitboard, out: &mut S) {
        let them = !self.turn;
        let without_king = self.occupied().without(king);
        for to in king_attacks(king) & to {
            if self.attackers_to_in(t, to, them, without_king).is_empty() {
                out.piece(self, Role::King, king, Bitboard::from_square(to));
            }
        }
    }

    fn gen_castling<S: MoveSink>(&self, t: &Tables, king: Square, to_mask: Bitboard, out: &mut S) {
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
                out.special(Move::Castle { king, rook });
            }
        }
    }

    fn gen_pawns<S: MoveSink>(
        &self,
        t: &Tables,
        pawns: Bitboard,
        target: Bitboard,
        king: Square,
        pinned: Bitboard,
        out: &mut S,
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
                out.pawns(self, Bitboard::from_square(to), to as i32 - from as i32);
            }
        }

        // The others set-wise: pushes, double pushes, then captures to each side.
        let free = pawns - pinned;
        let single = free.shift(forward) & empty;
        let double =
            (single & Bitboard::from_rank(Rank::Third.relative_to(us))).shift(forward) & empty;
        out.pawns(self, single & target, forward);
        out.pawns(self, double & target, 2 * forward);
        let not_a = !Bitboard::from_file(File::A);
        let not_h = !Bitboard::from_file(File::H);
        for (delta, mask) in [(forward - 1, not_h), (forward + 1, not_a)] {
            out.pawns(self, (free.shift(delta) & mask) & theirs & target, delta);
        }
    }

    fn gen_en_passant<S: MoveSink>(
        &self,
        t: &Tables,
        pawns: Bitboard,
        ep: Square,
        king: Square,
        out: &mut S,
    ) {
        let us = self.turn;
        let captured = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
        for from in pawns & pawn_attacks(!us, ep) {
            let occupied = (self.occupied() ^ from ^ captured) | ep;
            if self.attackers_to_in(t, king, !us, occupied).is_empty() {
                out.special(Move::EnPassant { from, to: ep });
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
