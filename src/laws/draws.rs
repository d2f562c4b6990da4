//! The draws a scoresheet shows: repetition (Art. 9.2 and, from 2014, fivefold in 9.6.1), the
//! 50-move rule (9.3) and, from 2014, the 75-move rule (9.6.2).
//!
//! [`DrawTracker`] follows a game one position at a time, in time linear in the number of
//! plies: repetitions are counted in a hash map of [`RepetitionKey`]s that is emptied at every
//! pawn move or capture, since no earlier position can come back after one.
//!
//! ```
//! use planilla::laws::draws::{DrawEvent, DrawTracker};
//! use planilla::resolve::Edition;
//! use planilla::Position;
//! let mut pos = Position::startpos();
//! let mut tracker = DrawTracker::new(&pos, Edition::Fide2023);
//! let mut events = Vec::new();
//! // Both knights out and back, twice: the starting position appears a third time.
//! for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
//!     let mv = pos.legal_moves().into_iter().find(|m| m.to_uci() == uci).unwrap();
//!     pos.play_unchecked(mv);
//!     events.extend(tracker.push(&pos));
//! }
//! assert_eq!(events, [DrawEvent::ThreefoldAvailable]);
//! ```

use std::collections::HashMap;

use super::{Article, Edition, Rule};
use crate::position::{Bitboard, CastlingRights, Position};
use crate::types::{Color, Square};

/// How many positions [`DrawTracker`] scans before it hashes them.
const SCAN_LIMIT: usize = 32;

/// What makes two positions "the same" for repetition (Art. 9.2): the same player to move,
/// pieces of the same kind and colour on the same squares, the same castling rights, and the
/// same en passant capture, counted only when one is really possible
/// ([`Position::legal_ep_square`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Color,
    castling: CastlingRights,
    en_passant: Option<Square>,
}

impl RepetitionKey {
    /// The key of `pos`.
    ///
    /// ```
    /// use planilla::laws::draws::RepetitionKey;
    /// use planilla::Position;
    /// // After 1.e4 no black pawn can take en passant: the target square does not count.
    /// let a = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// let b = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    /// assert_eq!(RepetitionKey::of(&a), RepetitionKey::of(&b));
    /// ```
    pub fn of(pos: &Position) -> RepetitionKey {
        use crate::types::Role;
        RepetitionKey {
            by_color: [pos.by_color(Color::White), pos.by_color(Color::Black)],
            by_role: Role::ALL.map(|r| pos.by_role(r)),
            turn: pos.turn(),
            castling: pos.castling_rights(),
            en_passant: pos.legal_ep_square(),
        }
    }
}

/// A draw the position just reached brings.
///
/// ```
/// use planilla::{check_text, CheckOptions, DrawEvent, Edition, Finding};
/// // Both knights out and back twice: the initial position appears a third time.
/// let sheet = "1.Cf3 Cf6 2.Cg1 Cg8 3.Cf3 Cf6 4.Cg1 Cg8";
/// let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
/// let note = &report.diagnostics[0];
/// assert_eq!(note.finding, Finding::Draw(DrawEvent::ThreefoldAvailable));
/// assert_eq!(note.ply, Some(8));
/// assert!(!DrawEvent::ThreefoldAvailable.is_automatic()); // a player may claim it
/// assert!(DrawEvent::Fivefold.is_automatic());
/// let rule = DrawEvent::ThreefoldAvailable.rule(Edition::Fide2023);
/// assert_eq!(rule.to_string(), "Art. 9.2 (2023)");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawEvent {
    /// The position has appeared for the third time: the player to move may claim a draw
    /// (Art. 9.2).
    ThreefoldAvailable,
    /// 50 moves by each player without a pawn move or a capture: the player to move may claim
    /// a draw (Art. 9.3).
    FiftyMovesAvailable,
    /// The position has appeared for the fifth time: the game is drawn (Art. 9.6.1, from 2014).
    Fivefold,
    /// 75 moves by each player without a pawn move or a capture: the game is drawn, unless the
    /// last move mated (Art. 9.6.2, from 2014).
    SeventyFiveMoves,
    /// Neither player can checkmate: the game is drawn (Art. 9.6 (2005); 5.2.2 (2018, 2023)).
    /// The validator finds it with [`winnability`](super::winnability); the tracker never
    /// returns it.
    DeadPosition,
}

impl DrawEvent {
    /// `true` for the draws that end the game without a claim.
    pub const fn is_automatic(self) -> bool {
        !matches!(
            self,
            DrawEvent::ThreefoldAvailable | DrawEvent::FiftyMovesAvailable
        )
    }

    /// The article: `Art. 9.2`, `Art. 9.3`, `Art. 9.6.1`, `Art. 9.6.2`; for a dead position
    /// `Art. 9.6` (2005) or `Art. 5.2.2` (2018, 2023).
    pub const fn rule(self, edition: Edition) -> Rule {
        let article = match self {
            DrawEvent::DeadPosition => Article::DeadPosition,
            DrawEvent::ThreefoldAvailable => Article::Threefold,
            DrawEvent::FiftyMovesAvailable => Article::FiftyMoves,
            DrawEvent::Fivefold => Article::Fivefold,
            DrawEvent::SeventyFiveMoves => Article::SeventyFiveMoves,
        };
        Rule::new(edition, article)
    }
}

/// The plies of the 50-move rule: 50 moves by each player.
const FIFTY_MOVES: u32 = 100;
/// The plies of the 75-move rule.
const SEVENTY_FIVE_MOVES: u32 = 150;

/// Follows a game's positions and says when a draw becomes available or automatic, following
/// the edition: fivefold repetition and the 75-move rule exist from 2014 (so in
/// [`Edition::Fide2018`] and [`Edition::Fide2023`], not in [`Edition::Fide2005`]).
///
/// Each event is reported once, at the first ply it holds: a position's third and fifth
/// appearance; the 50th and 75th move without a pawn move or capture (at the first ply, when
/// the game starts from a FEN whose halfmove clock is already past them).
#[derive(Clone, Debug)]
pub struct DrawTracker {
    edition: Edition,
    /// The positions since the last pawn move or capture, with how often each appeared. Real
    /// games hold a few here, and a scan beats hashing; past [`SCAN_LIMIT`] positions they
    /// move to `many`, so that a long game without captures stays linear.
    seen: Vec<(RepetitionKey, u32)>,
    many: HashMap<RepetitionKey, u32>,
    /// The 50- and 75-move events already reported since the last pawn move or capture.
    reported: [bool; 2],
}

/// The room `seen` starts with: the plies between two captures or pawn moves of most games.
const SEEN_ROOM: usize = 32;

/// The most entries a spare `seen` list may hold room for to be kept (80 bytes each).
const SPARE_ROOM_MAX: usize = 256;

std::thread_local! {
    /// The `seen` list of the last tracker dropped on this thread, empty, for the next one:
    /// a thread checking game after game allocates it once.
    static SPARE_SEEN: core::cell::Cell<Vec<(RepetitionKey, u32)>> =
        const { core::cell::Cell::new(Vec::new()) };
}

impl Drop for DrawTracker {
    fn drop(&mut self) {
        let mut seen = core::mem::take(&mut self.seen);
        if seen.capacity() <= SPARE_ROOM_MAX {
            seen.clear();
            // A thread being torn down has no spare to keep: the list is then freed.
            let _ = SPARE_SEEN.try_with(|spare| spare.set(seen));
        }
    }
}

impl DrawTracker {
    /// Starts from the game's first position, which counts as its first appearance.
    pub fn new(start: &Position, edition: Edition) -> DrawTracker {
        DrawTracker {
            edition,
            seen: {
                // Room for the plies between two captures or pawn moves of most games: the
                // list of the last tracker dropped on this thread, or a new one.
                let mut seen = SPARE_SEEN
                    .try_with(core::cell::Cell::take)
                    .unwrap_or_default();
                if seen.capacity() == 0 {
                    seen.reserve(SEEN_ROOM);
                }
                seen.push((RepetitionKey::of(start), 1));
                seen
            },
            many: HashMap::new(),
            reported: [false; 2],
        }
    }

    /// Takes the position after the next ply; returns the events it brings, at most three (a
    /// repetition and the move counts, both at once only after a start past 150 plies). A checkmate takes precedence over the 75-move rule
    /// (9.6.2): the caller tells mate before asking.
    pub fn push(&mut self, pos: &Position) -> impl Iterator<Item = DrawEvent> + use<> {
        if pos.halfmove_clock() == 0 {
            // A pawn move or a capture: no earlier position can appear again.
            self.seen.clear();
            self.many.clear();
        }
        let count = self.appeared(RepetitionKey::of(pos));
        let automatic = self.edition != Edition::Fide2005;
        let repetition = match count {
            3 => Some(DrawEvent::ThreefoldAvailable),
            5 if automatic => Some(DrawEvent::Fivefold),
            _ => None,
        };
        // `>=` with one-shot flags: a game may start from a FEN whose clock is already past.
        let clock = pos.halfmove_clock();
        if clock == 0 {
            self.reported = [false; 2];
        }
        let fifty = (clock >= FIFTY_MOVES && !self.reported[0]).then(|| {
            self.reported[0] = true;
            DrawEvent::FiftyMovesAvailable
        });
        let seventy_five =
            (automatic && clock >= SEVENTY_FIVE_MOVES && !self.reported[1]).then(|| {
                self.reported[1] = true;
                DrawEvent::SeventyFiveMoves
            });
        repetition.into_iter().chain(fifty).chain(seventy_five)
    }

    /// How many times the position has appeared since the last pawn move or capture,
    /// counting positions passed to [`DrawTracker::new`] and [`DrawTracker::push`].
    pub fn count(&self, pos: &Position) -> u32 {
        let key = RepetitionKey::of(pos);
        match self.seen.iter().find(|(k, _)| *k == key) {
            Some(&(_, n)) => n,
            None => self.many.get(&key).copied().unwrap_or(0),
        }
    }

    /// Counts one more appearance of `key`; returns how many there have been.
    fn appeared(&mut self, key: RepetitionKey) -> u32 {
        if let Some((_, n)) = self.seen.iter_mut().find(|(k, _)| *k == key) {
            *n += 1;
            return *n;
        }
        if self.seen.len() < SCAN_LIMIT && self.many.is_empty() {
            self.seen.push((key, 1));
            return 1;
        }
        self.many.extend(self.seen.drain(..));
        let n = self.many.entry(key).or_insert(0);
        *n += 1;
        *n
    }
}
