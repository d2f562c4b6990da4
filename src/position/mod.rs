//! The legality core: bitboards, attack tables, the legal move generator, FEN and perft.
//!
//! [`Position`] holds what FEN holds: the placement, the side to move, castling rights, the en
//! passant square, the halfmove clock and the fullmove number. It generates exactly the legal
//! moves of the FIDE Laws (Art. 3, both editions), checked by perft against the published
//! counts and move by move against shakmaty.

mod attacks;
mod bitboard;
mod fen;
mod movegen;
mod moves;
mod perft;
mod uci;

pub use attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks,
};
pub use bitboard::{Bitboard, IntoIter as BitboardIter};
pub use fen::{FenError, PositionError};
pub use moves::{MOVE_LIST_CAPACITY, Move, MoveList, SQUARE_MOVE_LIST_CAPACITY, SquareMoveList};
pub use perft::{divide, perft};
pub use uci::{IllegalUciError, ParseUciError, UciMove};

use core::fmt;

use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

/// Which castlings each side still has the right to (Art. 3.8.2), four flags.
///
/// A right is lost for good when the king or that rook moves, or the rook is captured. Having
/// the right does not mean castling is possible now: squares may be occupied or attacked.
///
/// ```
/// use planilla::{CastlingRights, CastlingSide, Color};
/// let all = CastlingRights::ALL;
/// assert!(all.has(Color::Black, CastlingSide::QueenSide));
/// assert!(!CastlingRights::NONE.has(Color::White, CastlingSide::KingSide));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct CastlingRights(#[cfg_attr(feature = "arbitrary", arbitrary(with = castling_bits))] u8);

/// The field of an arbitrary [`CastlingRights`]: a byte's four low bits, one per right (the
/// higher bits are no right, and stay clear so that equal rights are equal).
#[cfg(feature = "arbitrary")]
fn castling_bits(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<u8> {
    Ok(<u8 as arbitrary::Arbitrary>::arbitrary(u)? & 0b1111)
}

impl CastlingRights {
    /// No right left.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights, as in the starting position.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// `true` if `color` still has the right to castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// These rights with one added.
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, side))
    }

    /// These rights with one removed.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::bit(color, side))
    }

    /// `true` if no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights lost when a move starts or ends on `sq` (a king's or rook's home square).
    #[inline]
    const fn lost_on(sq: Square) -> u8 {
        match sq {
            Square::A1 => 0b0010,
            Square::H1 => 0b0001,
            Square::E1 => 0b0011,
            Square::A8 => 0b1000,
            Square::H8 => 0b0100,
            Square::E8 => 0b1100,
            _ => 0,
        }
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN field: `KQkq`, a subset, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Color::White, CastlingSide::KingSide, 'K'),
            (Color::White, CastlingSide::QueenSide, 'Q'),
            (Color::Black, CastlingSide::KingSide, 'k'),
            (Color::Black, CastlingSide::QueenSide, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Why [`Position::play`] refused a move.
///
/// ```
/// use planilla::{PlayError, Position, Role, Square};
/// let mut pos = Position::startpos();
/// let e4 = pos.legal_moves_to(Role::Pawn, Square::E4)[0];
/// pos.play(e4)?;
/// // The same move again: it is Black's turn now.
/// let error: PlayError = pos.play(e4).unwrap_err();
/// assert_eq!(error.mv, e4);
/// assert_eq!(error.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(pos.to_fen(), error.fen); // the position is unchanged
/// # Ok::<(), PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in {fen}")]
pub struct PlayError {
    /// The refused move.
    pub mv: Move,
    /// The position it was tried in, as FEN.
    pub fen: String,
}

/// A standard chess position: everything FEN records.
///
/// Build one with [`Position::startpos`] or by parsing FEN ([`Position::from_fen`], or
/// [`str::parse`]); both only ever yield positions that can occur (see [`PositionError`]).
///
/// ```
/// use planilla::{Position, Square};
/// let mut pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
///     .parse()
///     .unwrap();
/// let reply = pos.legal_moves().into_iter().find(|m| m.to() == Square::E5).unwrap();
/// pos.play(reply).unwrap();
/// assert_eq!(pos.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

/// The squares from which the side to move would check the other king, and the pieces whose
/// move uncovers a check ([`Position::check_squares`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CheckSquares {
    /// The other side's king.
    king: Square,
    /// By [`Role::index`], the squares from which a piece of that role checks the king.
    by_role: [Bitboard; 6],
    /// The pieces of the side to move that alone block a line of its own to the king.
    uncovering: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Position {
    /// The starting position of Art. 2.3.
    pub const fn startpos() -> Position {
        Position {
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board, White to move: the starting point of the FEN reader.
    const fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline]
    pub const fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square as recorded: set after a double pawn push when an enemy pawn
    /// stands beside the pushed pawn, or as given by FEN. The capture may still be illegal
    /// (a pin); [`Position::legal_ep_square`] tells.
    #[inline]
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en passant square only if an en passant capture is legal now: the notion of
    /// "the same possible moves" in the repetition rule (Art. 9.2).
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut moves = MoveList::new();
        self.generate(self.our_pawns(), Bitboard::from_square(ep), &mut moves);
        moves.iter().any(|m| m.is_en_passant()).then_some(ep)
    }

    /// The halfmove clock of Art. 9.3: moves by either side since the last capture or pawn move.
    #[inline]
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increased after each Black move.
    #[inline]
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The squares occupied by `color`.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares occupied by pieces of `role`, either colour.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares occupied by `piece`.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color[piece.color as usize].0 & self.by_role[piece.role as usize].0)
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        let bb = Bitboard::from_square(sq);
        let [p, n, b, r, q, k] = self.by_role;
        Some(if (p & bb).any() {
            Role::Pawn
        } else if (n & bb).any() {
            Role::Knight
        } else if (b & bb).any() {
            Role::Bishop
        } else if (r & bb).any() {
            Role::Rook
        } else if (q & bb).any() {
            Role::Queen
        } else if (k & bb).any() {
            Role::King
        } else {
            return None;
        })
    }

    /// The square of the king of `color`: `Some` in every position this crate builds (FEN
    /// reading and legal moves keep one king a side); `None` only after
    /// [`play_unchecked`](Position::play_unchecked) was given an illegal move that captured a
    /// king.
    ///
    /// ```
    /// use planilla::{Color, Position, Square};
    /// assert_eq!(Position::startpos().king_of(Color::Black), Some(Square::E8));
    /// ```
    #[inline]
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Role::King.of(color)).first()
    }

    /// The king of `color` for move generation: a position without one (only an illegal
    /// `play_unchecked` makes it) is read as a king on a1, which gives wrong moves but never a
    /// panic.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Square {
        self.king_of(color).unwrap_or(Square::A1)
    }

    #[inline]
    fn our_pawns(&self) -> Bitboard {
        self.by_piece(Role::Pawn.of(self.turn))
    }

    /// Whether a piece of `role` of the side to move could land on `sq` by the way it moves:
    /// onto a square none of its own pieces holds, with the other pieces in its way, a pawn
    /// pushing onto empty squares and taking onto an enemy piece or the en passant square;
    /// pins and checks aside. Where `false`, no legal move of `role` other than castling lands
    /// on `sq`, and [`Position::legal_moves_to`] would find none. A few table lookups.
    #[cfg_attr(not(feature = "reconstruct"), allow(dead_code))]
    pub(crate) fn may_land(&self, role: Role, sq: Square) -> bool {
        let us = self.turn;
        if self.by_color(us).contains(sq) {
            return false;
        }
        let ours = self.by_piece(role.of(us));
        let occupied = self.occupied();
        let from = match role {
            Role::Pawn => {
                if !occupied.contains(sq) {
                    // Pushes of one square onto an empty one, and of two from the second rank
                    // over an empty one.
                    let empty = !occupied.0;
                    let pushes = match us {
                        Color::White => {
                            let one = (ours.0 << 8) & empty;
                            one | (((one & 0x00ff_0000) << 8) & empty)
                        }
                        Color::Black => {
                            let one = (ours.0 >> 8) & empty;
                            one | (((one & 0x0000_ff00_0000_0000) >> 8) & empty)
                        }
                    };
                    if Bitboard(pushes).contains(sq) {
                        return true;
                    }
                    // A pawn takes onto an empty square only en passant.
                    if self.ep_square != Some(sq) {
                        return false;
                    }
                }
                pawn_attacks(!us, sq)
            }
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occupied),
            Role::Rook => rook_attacks(sq, occupied),
            Role::Queen => queen_attacks(sq, occupied),
            Role::King => king_attacks(sq),
        };
        (from & ours).any()
    }

    /// Whether the legal move `m` gives check (Art. 3.9), as [`Position::play_unchecked`]
    /// then [`Position::is_check`] would say, without making the move: a check by the piece
    /// moved, or by a rook, bishop or queen it (or a pawn taken en passant) uncovers. Castling
    /// is played out.
    pub(crate) fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let king = self.king(!us);
        let (from, to, role, taken) = match m {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => (from, to, promotion.unwrap_or(role), Bitboard::EMPTY),
            Move::EnPassant { from, to } => (
                from,
                to,
                Role::Pawn,
                Bitboard::from_square(Square::from_coords(to.file(), from.rank())),
            ),
            Move::Castle { .. } => {
                let mut after = *self;
                after.play_unchecked(m);
                return after.is_check();
            }
        };
        let occupied = (self.occupied() - Bitboard::from_square(from) - taken).with(to);
        let direct = match role {
            Role::Pawn => pawn_attacks(us, to),
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            Role::Queen => queen_attacks(to, occupied),
            // A king never gives check itself: a legal move never takes it next to the other.
            Role::King => Bitboard::EMPTY,
        };
        if direct.contains(king) {
            return true;
        }
        // Before the move the other side was not in check: only a line the move opens can
        // check it now.
        let others = self.by_color(us) - Bitboard::from_square(from);
        let queens = self.by_role(Role::Queen);
        let rooks = (self.by_role(Role::Rook) | queens) & others;
        let bishops = (self.by_role(Role::Bishop) | queens) & others;
        (rook_attacks(king, occupied) & rooks).any()
            || (bishop_attacks(king, occupied) & bishops).any()
    }

    /// What [`Position::gives_check_with`] needs, found once for all the moves of the position:
    /// the squares from which each role of the side to move would check the other king, and
    /// the pieces of the side to move that alone stand between one of its rooks, bishops or
    /// queens and that king.
    pub(crate) fn check_squares(&self) -> CheckSquares {
        let us = self.turn;
        let king = self.king(!us);
        let occupied = self.occupied();
        let (bishop, rook) = (bishop_attacks(king, occupied), rook_attacks(king, occupied));
        let by_role = Role::ALL.map(|role| match role {
            Role::Pawn => pawn_attacks(!us, king),
            Role::Knight => knight_attacks(king),
            Role::Bishop => bishop,
            Role::Rook => rook,
            Role::Queen => bishop | rook,
            Role::King => Bitboard::EMPTY,
        });
        let ours = self.by_color(us);
        let queens = self.by_role(Role::Queen);
        let snipers = (rook_attacks(king, Bitboard::EMPTY) & (self.by_role(Role::Rook) | queens)
            | bishop_attacks(king, Bitboard::EMPTY) & (self.by_role(Role::Bishop) | queens))
            & ours;
        let mut uncovering = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(sniper, king) & occupied;
            if blockers.count() == 1 && (blockers & ours).any() {
                uncovering |= blockers;
            }
        }
        CheckSquares {
            king,
            by_role,
            uncovering,
        }
    }

    /// [`Position::gives_check`] with the position's [`CheckSquares`]: two tests for a move
    /// that is no promotion, en passant or castling. A piece moved (not promoted) never stood
    /// between its new square and the king on a line it moves along, or it would have given
    /// check before the move; so the squares found before the move are those after it.
    pub(crate) fn gives_check_with(&self, checks: &CheckSquares, m: Move) -> bool {
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } => {
                checks.by_role[role.index()].contains(to)
                    || (checks.uncovering.contains(from) && !line(from, checks.king).contains(to))
            }
            _ => self.gives_check(m),
        }
    }

    /// The pieces of `attacker` that attack `sq`, as if the board held `occupied`.
    ///
    /// Pieces outside `occupied` are ignored, so callers can remove a piece (a captured pawn,
    /// the moving king) by leaving it out.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_to_in(attacks::Tables::get(), sq, attacker, occupied)
    }

    /// [`Position::attackers_to`] through tables the caller already holds.
    #[inline]
    fn attackers_to_in(
        &self,
        t: &attacks::Tables,
        sq: Square,
        attacker: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        (t.rook(sq, occupied) & rq
            | t.bishop(sq, occupied) & bq
            | knight_attacks(sq) & self.by_role(Role::Knight)
            | king_attacks(sq) & self.by_role(Role::King)
            | pawn_attacks(!attacker, sq) & self.by_role(Role::Pawn))
            & self.by_color(attacker)
            & occupied
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.turn), !self.turn, self.occupied())
    }

    /// `true` if the side to move is in check (Art. 3.9).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// `true` if the side to move has at least one legal move. Cheaper than
    /// `!legal_moves().is_empty()`: it tries the knights and pawns (no attack tests), then the
    /// other pieces, then the king, and stops at the first group that can move.
    pub fn has_legal_moves(&self) -> bool {
        let mut moves = movegen::MoveCount::default();
        let ours = self.by_color(self.turn);
        let king = Bitboard::from_square(self.king(self.turn));
        let light = (self.by_role(Role::Knight) | self.by_role(Role::Pawn)) & ours;
        for from in [light, ours - king - light, king] {
            if from.any() {
                self.generate(from, Bitboard::FULL, &mut moves);
                if moves.0 > 0 {
                    return true;
                }
            }
        }
        false
    }

    /// `true` if the side to move is checkmated (Art. 1.4 (2023), 5.1.1): in check with no
    /// legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` if the side to move is stalemated (Art. 5.2.1): not in check and no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Every legal move, in no promised order.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut moves);
        moves
    }

    /// The number of legal moves: always `legal_moves().len()`, found by the same generator
    /// without writing the moves out (a popcount per piece and per set of pawn moves; each
    /// promotion counts four). What perft counts at its last ply.
    ///
    /// ```
    /// use planilla::Position;
    /// assert_eq!(Position::startpos().legal_move_count(), 20);
    /// let promotions = Position::from_fen("8/P7/8/8/8/8/8/k1K5 w - - 0 1").unwrap();
    /// assert_eq!(promotions.legal_move_count(), promotions.legal_moves().len());
    /// assert_eq!(promotions.legal_move_count(), 4 + 3); // a8=D, T, A, C; Rc2, Rd1, Rd2
    /// ```
    pub fn legal_move_count(&self) -> usize {
        let mut count = movegen::MoveCount::default();
        self.generate(Bitboard::FULL, Bitboard::FULL, &mut count);
        count.0
    }

    /// The legal moves of pieces of `role` that land on `to`: the targeted generator behind
    /// the resolver. Castling counts as a king move to `g1`/`c1` (`g8`/`c8`).
    ///
    /// ```
    /// use planilla::{Position, Role, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.legal_moves_to(Role::Knight, Square::F3).len(), 1);
    /// assert!(pos.legal_moves_to(Role::Bishop, Square::F3).is_empty());
    /// ```
    #[doc(hidden)]
    pub fn legal_moves_to(&self, role: Role, to: Square) -> SquareMoveList {
        let mut moves = SquareMoveList::new();
        self.generate(
            self.by_piece(role.of(self.turn)),
            Bitboard::from_square(to),
            &mut moves,
        );
        moves
    }

    /// The legal moves that start on a square of `from` and land on a square of `to`.
    pub fn legal_moves_between(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(from & self.by_color(self.turn), to, &mut moves);
        moves
    }

    /// The castling move on `side`, if it is legal now (Art. 3.8.2).
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let king = self.king(self.turn);
        let to = side.king_to(self.turn);
        let mut moves = MoveList::new();
        self.generate(
            Bitboard::from_square(king),
            Bitboard::from_square(to),
            &mut moves,
        );
        moves.into_iter().find(|m| m.castling_side() == Some(side))
    }

    /// `true` if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from();
        if !self.by_color(self.turn).contains(from) {
            return false;
        }
        let mut moves = MoveList::new();
        self.generate(
            Bitboard::from_square(from),
            Bitboard::from_square(m.to()),
            &mut moves,
        );
        moves.contains(&m)
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`PlayError`] if `m` is not among the legal moves; the position is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(PlayError {
                mv: m,
                fen: self.to_fen(),
            })
        }
    }

    #[inline]
    fn toggle(&mut self, color: Color, role: Role, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_color[color as usize] ^= bb;
        self.by_role[role as usize] ^= bb;
    }

    /// Plays `m` without checking that it is legal: the fast path for moves that came from
    /// this position's generator ([`legal_moves`](Position::legal_moves),
    /// [`legal_moves_to`](Position::legal_moves_to)). [`play`](Position::play) checks first.
    ///
    /// Any other move is played blindly. Its pieces are toggled on their squares, so the
    /// position may break this type's invariants: a piece from nowhere, two pieces on a square,
    /// a missing king. Such a position never breaks memory safety, and no query on it panics,
    /// with overflow checks on or off (`tests/no_overflow.rs`). But its answers (legal moves,
    /// FEN, check) describe no game.
    ///
    /// ```
    /// use planilla::{Move, Position, Role, Square};
    /// let mut pos = Position::startpos();
    /// // A knight from e4, where there is none: `play` refuses it, `play_unchecked` does not.
    /// let blind = Move::Normal { role: Role::Knight, from: Square::E4, capture: None, to: Square::F6, promotion: None };
    /// let mut checked = pos;
    /// assert!(checked.play(blind).is_err());
    /// pos.play_unchecked(blind);
    /// let _ = pos.legal_moves(); // answers, without meaning
    /// ```
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        self.ep_square = None;
        self.halfmoves += 1;
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(captured) = capture {
                    self.toggle(them, captured, to);
                    self.halfmoves = 0;
                }
                self.toggle(us, role, from);
                self.toggle(us, promotion.unwrap_or(role), to);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.distance(to) == 2 {
                        let mid = Square::from_index_masked((from as usize + to as usize) / 2);
                        if (pawn_attacks(us, mid) & self.by_piece(Role::Pawn.of(them))).any() {
                            self.ep_square = Some(mid);
                        }
                    }
                }
                self.castling.0 &= !(CastlingRights::lost_on(from) | CastlingRights::lost_on(to));
            }
            Move::EnPassant { from, to } => {
                self.toggle(
                    them,
                    Role::Pawn,
                    Square::from_coords(to.file(), from.rank()),
                );
                self.toggle(us, Role::Pawn, from);
                self.toggle(us, Role::Pawn, to);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
                self.toggle(us, Role::King, king);
                self.toggle(us, Role::Rook, rook);
                self.toggle(us, Role::King, side.king_to(us));
                self.toggle(us, Role::Rook, side.rook_to(us));
                self.castling = self
                    .castling
                    .without(us, CastlingSide::KingSide)
                    .without(us, CastlingSide::QueenSide);
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
    }

    /// The board as eight lines of FEN letters and dots, rank 8 first.
    pub fn board_string(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                s.push(
                    self.piece_at(Square::from_coords(file, *rank))
                        .map_or('.', Piece::char),
                );
            }
            s.push('\n');
        }
        s
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The perft suite's positions, and two where en passant uncovers a check along the rank
    /// (bxc6) and along a diagonal (exd6).
    const FENS: [&str; 7] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/RPp4k/8/8/8/4K3 w - c6 0 1",
        "8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1",
    ];

    /// Calls `f` on each position of `games` pseudo-random games of up to `plies` plies from
    /// each of [`FENS`] (a linear congruential generator picks the moves).
    fn each_position(games: usize, plies: usize, mut f: impl FnMut(&Position)) {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for fen in FENS {
            for _game in 0..games {
                let mut pos: Position = fen.parse().expect("a test position");
                for _ply in 0..plies {
                    f(&pos);
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
                }
            }
        }
    }

    /// `may_land` never says no where a legal move lands: every role and square of the
    /// positions of a few hundred pseudo-random games.
    #[test]
    fn may_land_holds_wherever_a_legal_move_lands() {
        let mut checked = 0;
        each_position(40, 60, |pos| {
            for role in Role::ALL {
                for sq in Square::ALL {
                    let lands = pos
                        .legal_moves_to(role, sq)
                        .iter()
                        .any(|m| m.castling_side().is_none());
                    assert!(
                        !lands || pos.may_land(role, sq),
                        "{role:?} to {sq:?} in {pos}"
                    );
                    checked += 1;
                }
            }
        });
        assert!(checked > 1_000_000, "{checked}");
    }

    /// `gives_check` and `gives_check_with` say what playing the move and asking `is_check`
    /// says: every legal move of the positions of a few hundred pseudo-random games.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let (mut moves_seen, mut checks) = (0, 0);
        each_position(60, 80, |pos| {
            let squares = pos.check_squares();
            for m in pos.legal_moves() {
                let mut after = *pos;
                after.play_unchecked(m);
                assert_eq!(pos.gives_check(m), after.is_check(), "{m:?} in {pos}");
                let with = pos.gives_check_with(&squares, m);
                assert_eq!(with, after.is_check(), "{m:?} in {pos}");
                moves_seen += 1;
                checks += usize::from(after.is_check());
            }
        });
        assert!(
            moves_seen > 100_000 && checks > 1_000,
            "{moves_seen} {checks}"
        );
        for fen in &FENS[5..] {
            let pos: Position = fen.parse().expect("a test position");
            let ep = pos.legal_moves().into_iter().find(|m| m.is_en_passant());
            assert!(ep.is_some_and(|m| pos.gives_check(m)), "{fen}");
        }
    }
}
