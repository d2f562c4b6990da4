//! Why a written move is illegal: the diagnosis behind [`IllegalReason`].
//!
//! Runs only when no legal move fits, so it may take its time: it rebuilds the moves that
//! follow the pieces' movement rules (Art. 3.1–3.8) and finds the one rule they all break.

use crate::laws::{Article, Edition, Rule};
use crate::notation::Target;
use crate::position::{
    Bitboard, Move, Position, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks,
    rook_attacks,
};
use crate::types::{CastlingSide, File, Rank, Role, Square};

/// Why no legal move fits the writing.
///
/// ```
/// use planilla::{check_move, CastlingSide, CheckOptions, Edition, IllegalReason, Position};
/// // Short castling in the initial position: the knight and bishop stand between.
/// let error = check_move(&Position::startpos(), "0-0", &CheckOptions::default()).unwrap_err();
/// let reason = error.reason().unwrap();
/// assert_eq!(reason, IllegalReason::CastlingBlocked(CastlingSide::KingSide));
/// assert_eq!(reason.rule(Edition::Fide2023).to_string(), "Art. 3.8.2.2 (2023)");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The side to move has no piece of this role.
    NoPiece(Role),
    /// No piece of the role stands on the written origin file or rank.
    NoPieceOnOrigin(Role),
    /// No piece of the role can reach the square by its movement (Art. 3.2–3.8).
    Unreachable(Role, Square),
    /// The target holds a piece of the mover's own colour (Art. 3.1).
    OwnPieceOnTarget(Square),
    /// A pawn moving diagonally to an empty square that is not the en passant square
    /// (Art. 3.7).
    NotEnPassant,
    /// The only pieces that could go there are pinned: the move would expose their king
    /// (Art. 3.9). The square is the pinned piece's.
    Pinned(Square),
    /// The side to move is in check and the move does not answer it (Art. 3.9).
    DoesNotAnswerCheck(Square),
    /// The king would stand on an attacked square (Art. 3.8, 3.9).
    KingIntoCheck,
    /// A pawn move written as a push (`d5`) where only a pawn capture reaches the square: a
    /// pawn capture names the file the pawn leaves (E9, E11; C.9, C.11). The square is the
    /// target.
    PawnCaptureWithoutFile(Square),
    /// A pawn move written with the file of its own target as origin, alone (`cc3`, `hxh4`):
    /// a pawn's file is written only for a capture, and names the file it leaves (E9; C.9), so
    /// no push and no capture is written so. Usually a slip: `Cc3` in the wrong case, `hxg4`.
    /// The square is the target.
    PawnOriginOnOwnFile(Square),
    /// A pawn reaching the last rank without the piece it becomes (Art. 3.7; E12; C.11).
    PromotionMissing,
    /// A promotion written for a move that does not reach the last rank (Art. 3.7).
    PromotionOnWrongRank,
    /// Castling with the right to it lost: the king or that rook has moved (Art. 3.8).
    NoCastlingRights(CastlingSide),
    /// Castling with a piece between king and rook (Art. 3.8).
    CastlingBlocked(CastlingSide),
    /// Castling out of check (Art. 3.8).
    CastlingOutOfCheck(CastlingSide),
    /// Castling through a square attacked by the opponent (Art. 3.8).
    CastlingThroughCheck(CastlingSide, Square),
    /// Castling into check (Art. 3.8).
    CastlingIntoCheck(CastlingSide),
    /// No legal move of the role does what the verb says (`P. checks.` when no pawn's move
    /// gives check; Art. 3.1–3.8, the pieces' moves).
    NoMoveDoes(Role, crate::notation::descriptive::Verb),
}

impl IllegalReason {
    /// The article of the Laws this breaks, in the given edition.
    pub const fn rule(self, edition: Edition) -> Rule {
        let article = match self {
            IllegalReason::NoPiece(_)
            | IllegalReason::NoPieceOnOrigin(_)
            | IllegalReason::Unreachable(..)
            | IllegalReason::NoMoveDoes(..) => Article::PieceMovement,
            IllegalReason::OwnPieceOnTarget(_) => Article::OwnPieceOnTarget,
            IllegalReason::PawnCaptureWithoutFile(_) | IllegalReason::PawnOriginOnOwnFile(_) => {
                Article::Captures
            }
            IllegalReason::NotEnPassant => Article::EnPassant,
            IllegalReason::PromotionMissing | IllegalReason::PromotionOnWrongRank => {
                Article::Promotion
            }
            IllegalReason::Pinned(_)
            | IllegalReason::DoesNotAnswerCheck(_)
            | IllegalReason::KingIntoCheck => Article::KingInCheck,
            IllegalReason::NoCastlingRights(_) => Article::CastlingRights,
            IllegalReason::CastlingBlocked(_)
            | IllegalReason::CastlingOutOfCheck(_)
            | IllegalReason::CastlingThroughCheck(..)
            | IllegalReason::CastlingIntoCheck(_) => Article::CastlingPath,
        };
        Rule::new(edition, article)
    }
}

/// Why the castling on `side` is not legal now.
pub(super) fn why_no_castling(pos: &Position, side: CastlingSide) -> IllegalReason {
    let us = pos.turn();
    if !pos.castling_rights().has(us, side) {
        return IllegalReason::NoCastlingRights(side);
    }
    if pos.is_check() {
        return IllegalReason::CastlingOutOfCheck(side);
    }
    let king = pos.king(us);
    let rook = Square::from_coords(side.rook_from_file(), us.backrank());
    if (between(king, rook) & pos.occupied()).any() {
        return IllegalReason::CastlingBlocked(side);
    }
    let king_to = side.king_to(us);
    for sq in between(king, king_to) {
        if pos.attackers_to(sq, !us, pos.occupied()).any() {
            return IllegalReason::CastlingThroughCheck(side, sq);
        }
    }
    IllegalReason::CastlingIntoCheck(side)
}

/// What [`why_illegal`] reads of a written piece or pawn move.
#[derive(Copy, Clone)]
pub(super) struct Written {
    pub(super) role: Role,
    pub(super) target: Target,
    pub(super) from_file: Option<File>,
    pub(super) from_rank: Option<Rank>,
    pub(super) promotion: bool,
}

/// Why no legal move of the written role reaches the written square.
pub(super) fn why_illegal(pos: &Position, m: Written) -> IllegalReason {
    let us = pos.turn();
    let role = m.role;
    let Target::Square(to) = m.target else {
        return IllegalReason::NoPieceOnOrigin(role);
    };
    if m.promotion && to.rank() != us.promotion_rank() {
        return IllegalReason::PromotionOnWrongRank;
    }
    if pos.by_color(us).contains(to) {
        return IllegalReason::OwnPieceOnTarget(to);
    }
    let mut pieces = pos.by_piece(role.of(us));
    if pieces.is_empty() {
        return IllegalReason::NoPiece(role);
    }
    if let Some(f) = m.from_file {
        pieces &= Bitboard::from_file(f);
    }
    if let Some(r) = m.from_rank {
        pieces &= Bitboard::from_rank(r);
    }
    if pieces.is_empty() {
        return IllegalReason::NoPieceOnOrigin(role);
    }
    let occupied = pos.occupied();
    let mut diagonal_to_empty = false;
    let mut pseudo = Vec::new();
    for from in pieces {
        let reaches = match role {
            Role::Knight => knight_attacks(from).contains(to),
            Role::Bishop => bishop_attacks(from, occupied).contains(to),
            Role::Rook => rook_attacks(from, occupied).contains(to),
            Role::Queen => {
                (bishop_attacks(from, occupied) | rook_attacks(from, occupied)).contains(to)
            }
            Role::King => king_attacks(from).contains(to),
            Role::Pawn => {
                if from.file() == to.file() {
                    pawn_push_reaches(pos, from, to)
                } else if pawn_attacks(us, from).contains(to) {
                    let reaches = occupied.contains(to) || pos.ep_square() == Some(to);
                    diagonal_to_empty |= !reaches;
                    reaches
                } else {
                    false
                }
            }
        };
        if reaches {
            pseudo.push(from);
        }
    }
    if pseudo.is_empty() {
        return if diagonal_to_empty {
            IllegalReason::NotEnPassant
        } else {
            IllegalReason::Unreachable(role, to)
        };
    }
    if role == Role::King {
        return IllegalReason::KingIntoCheck;
    }
    // The pieces follow their movement rules, so each leaves its king attacked.
    match pseudo
        .into_iter()
        .find(|&from| exposes_king(pos, role, from, to))
    {
        Some(from) if pos.is_check() => IllegalReason::DoesNotAnswerCheck(from),
        Some(from) => IllegalReason::Pinned(from),
        None => IllegalReason::Unreachable(role, to),
    }
}

fn pawn_push_reaches(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let occupied = pos.occupied();
    let step = us.fold_wb(1, -1);
    let one = from.offset(0, step);
    if one == Some(to) {
        return !occupied.contains(to);
    }
    let two = from.offset(0, 2 * step);
    two == Some(to)
        && from.rank() == Rank::Second.relative_to(us)
        && one.is_some_and(|sq| !occupied.contains(sq))
        && !occupied.contains(to)
}

/// `true` if moving `role` from `from` to `to` leaves the mover's king attacked.
fn exposes_king(pos: &Position, role: Role, from: Square, to: Square) -> bool {
    let mut after = *pos;
    after.play_unchecked(Move::Normal {
        role,
        from,
        capture: pos.role_at(to),
        to,
        promotion: (role == Role::Pawn && to.rank() == pos.turn().promotion_rank())
            .then_some(Role::Queen),
    });
    let us = pos.turn();
    after
        .attackers_to(after.king(us), !us, after.occupied())
        .any()
}
