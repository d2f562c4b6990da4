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
