//! Seeded random legal playouts: a small generator, games, and their strategies.

use proptest::prelude::*;

use crate::laws::Edition;
use crate::laws::draws::{DrawEvent, DrawTracker};
use crate::laws::winnability::insufficient_material;
use crate::position::{Move, Position};
use crate::san::SanPlus;
use crate::types::Color;

/// xorshift64*: a small, fast, seeded generator, so that a seed always plays the same game.
///
/// [`Rng::new`] mixes any seed, zero included, into a good state. The state itself is private:
/// a generator is made from a seed, so that no state of zero (which gives only zeros) can be
/// built.
///
/// ```
/// use planilla::strategy::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// assert_eq!(a.below(0), 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`, mixed by SplitMix64 so that nearby seeds give unrelated
    /// sequences and the state is never zero.
    pub const fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 1 } else { z })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }
}

/// A game: a start position and moves, each legal in turn.
///
/// ```
/// use planilla::strategy::{Playout, Rng};
/// use planilla::Position;
/// let game = Playout::random(Position::startpos(), &mut Rng::new(1), 40);
/// assert!(game.moves.len() <= 40);
/// assert_eq!(game.positions().count(), game.moves.len() + 1);
/// assert_eq!(game.sans().len(), game.moves.len());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Where the game starts.
    pub start: Position,
    /// The moves, legal in turn from `start`.
    pub moves: Vec<Move>,
}

impl Playout {
    /// Plays up to `plies` random legal moves from `start`, stopping early where the game
    /// ends by itself under the 2023 Laws: checkmate, stalemate (5.1.1, 5.2.1), a position
    /// dead by material (5.2.2), fivefold repetition or 75 moves (9.6). A checker would void
    /// any move after those. Where en passant, a promotion or castling is legal, one of them
    /// is played half of the time, so that the special moves are common.
    pub fn random(start: Position, rng: &mut Rng, plies: usize) -> Playout {
        let mut pos = start;
        let mut moves = Vec::with_capacity(plies);
        let mut draws = DrawTracker::new(&start, Edition::Fide2023);
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let special: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    m.is_en_passant() || m.promotion().is_some() || m.castling_side().is_some()
                })
                .collect();
            let m = if !special.is_empty() && rng.next_u64().is_multiple_of(2) {
                special[rng.below(special.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            pos.play_unchecked(m);
            moves.push(m);
            let automatic = draws
                .push(&pos)
                .any(|e| matches!(e, DrawEvent::Fivefold | DrawEvent::SeventyFiveMoves));
            let dead = insufficient_material(&pos, Color::White)
                && insufficient_material(&pos, Color::Black);
            if automatic || dead {
                break;
            }
        }
        Playout { start, moves }
    }

    /// The positions of the game: the start, then the position after each move
    /// (`moves.len() + 1` positions).
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        core::iter::once(self.start).chain(self.moves.iter().scan(self.start, |pos, &m| {
            pos.play_unchecked(m);
            Some(*pos)
        }))
    }

    /// The position after the last move.
    pub fn end(&self) -> Position {
        self.positions().last().unwrap_or(self.start)
    }

    /// Whether the game ended drawn by itself under the 2023 Laws, as
    /// [`Playout::random`] stops: a position dead by material (5.2.2) after a capture or a
    /// promotion, fivefold repetition or 75 moves (9.6). The checker records such a game as
    /// drawn, whatever result is written.
    ///
    /// ```
    /// use planilla::strategy::Playout;
    /// use planilla::{Position, Square};
    /// // The knight takes Black's last pawn: king and knight against king.
    /// let start = Position::from_fen("8/8/4k3/8/3p4/8/4N3/4K3 w - - 0 1").unwrap();
    /// let mut game = Playout { start, moves: Vec::new() };
    /// assert!(!game.drawn_by_itself());
    /// let nxd4 = start.legal_moves().iter().copied().find(|m| m.to() == Square::D4);
    /// game.moves.push(nxd4.unwrap());
    /// assert!(game.drawn_by_itself());
    /// ```
    pub fn drawn_by_itself(&self) -> bool {
        let mut draws = DrawTracker::new(&self.start, Edition::Fide2023);
        self.positions().skip(1).any(|pos| {
            let automatic = draws
                .push(&pos)
                .any(|e| matches!(e, DrawEvent::Fivefold | DrawEvent::SeventyFiveMoves));
            automatic
                || (pos.halfmove_clock() == 0
                    && insufficient_material(&pos, Color::White)
                    && insufficient_material(&pos, Color::Black)
                    && pos.has_legal_moves())
        })
    }

    /// The standard SAN of each move, check and mate suffixes included (`Nf3`, `exd8=Q#`), as
    /// [`PlyRecord::san`](crate::check::PlyRecord::san) holds it.
    pub fn sans(&self) -> Vec<String> {
        self.positions()
            .zip(&self.moves)
            .map(|(pos, &m)| SanPlus::from_move(&pos, m).to_string())
            .collect()
    }
}

/// A game length in plies, shaped like real games: a tenth from 1 to 9 plies (miniatures and
/// interrupted sheets), six tenths from 10 to 79, three tenths from 80 to 199. Shrinks toward
/// shorter games. Never 0: a sheet with no move is no valid game (Art. 8.1, `no-moves`).
///
/// ```
/// use planilla::strategy::game_length;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let n = game_length().new_tree(&mut runner).unwrap().current();
/// assert!((1..200).contains(&n));
/// ```
pub fn game_length() -> impl Strategy<Value = usize> {
    prop_oneof![1 => 1usize..10, 6 => 10usize..80, 3 => 80usize..200]
}

/// Games from the initial position: [`Playout::random`] with a random seed and a length
/// drawn from `length` (in plies; [`game_length`] is a realistic choice). A game may be
/// shorter when it ends by itself first ([`Playout::random`]: mate, stalemate, a dead
/// position by material, fivefold repetition, 75 moves). Shrinks toward shorter games.
///
/// ```
/// use planilla::strategy::playout;
/// use proptest::prelude::*;
/// proptest!(|(game in playout(1usize..60))| {
///     let mut pos = game.start;
///     for m in &game.moves {
///         prop_assert!(pos.play(*m).is_ok());
///     }
///     prop_assert!(game.moves.len() < 60);
/// });
/// ```
pub fn playout(length: impl Strategy<Value = usize>) -> impl Strategy<Value = Playout> {
    playout_from(Position::startpos(), length)
}

/// Games from `start`, as [`playout`] plays them from the initial position.
///
/// ```
/// use planilla::strategy::playout_from;
/// use planilla::Position;
/// use proptest::prelude::*;
/// let kiwipete: Position =
///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
/// proptest!(|(game in playout_from(kiwipete, 1usize..20))| {
///     prop_assert_eq!(game.start, kiwipete);
///     prop_assert!(!game.moves.is_empty());
/// });
/// ```
pub fn playout_from(
    start: Position,
    length: impl Strategy<Value = usize>,
) -> impl Strategy<Value = Playout> {
    (any::<u64>(), length)
        .prop_map(move |(seed, plies)| Playout::random(start, &mut Rng::new(seed), plies))
}

/// Positions reached by [`playout`]: the position after the game's last move. Every one is a
/// position a game can reach, so [`Position::from_fen`] reads its FEN back.
///
/// ```
/// use planilla::strategy::{game_length, position};
/// use planilla::Position;
/// use proptest::prelude::*;
/// proptest!(|(pos in position(game_length()))| {
///     prop_assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
/// });
/// ```
pub fn position(length: impl Strategy<Value = usize>) -> impl Strategy<Value = Position> {
    playout(length).prop_map(|game| game.end())
}
