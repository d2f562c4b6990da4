//! Winnability: can a side still checkmate, by any series of legal moves, with any cooperation
//! of the opponent ("incluso jugando de la forma más torpe")?
//!
//! The question decides the exceptions of sealed moves (Appendix A8 (2005): Art. 6.10 and 9.6;
//! Guidelines I.8 (2023): Art. 6.9 and 5.2.2), flag falls (6.10; 6.9) and dead positions (9.6
//! (2005); 5.2.2 (2018, 2023)). Two checks answer it, cheapest first:
//!
//! 1. the **material check** ([`insufficient_material`]), the one shakmaty and python-chess
//!    make, made sound for bishops: a lone king, a king and one knight against nothing but
//!    queens, or nothing on the board but kings and bishops on squares of one colour. It only
//!    ever proves that a side cannot mate;
//! 2. **chasolver** (cargo feature `chasolver`, on by default): the helpmate solver and
//!    unwinnability detector by the author of CHA. It proves either answer, with a mating line
//!    when there is one, or gives up. Positions reach it as FEN, after the legality checks of
//!    [`Position`].
//!
//! What is not proved either way is [`Winnability::Undetermined`]: a caller deciding a game
//! must then refer the question to the arbiter.
//!
//! ```
//! use planilla::laws::winnability::{winnability, Budget, Winnability};
//! use planilla::{Color, Position};
//! // King and knight against king: the knight side cannot mate.
//! let pos = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").unwrap();
//! assert_eq!(winnability(&pos, Color::White, &Budget::default()).winnability, Winnability::Unwinnable);
//! ```

use core::time::Duration;

use crate::position::{Bitboard, Move, Position};
use crate::types::{Color, Role};

/// The answer to "can this side still checkmate?".
///
/// ```
/// use planilla::Winnability;
/// # #[cfg(feature = "sealed")]
/// # {
/// use planilla::{adjudicate_sealed, Edition, Language, Position};
/// // Black has a bare king: it cannot mate, whatever White seals.
/// let pos = Position::from_fen("k7/8/8/8/8/8/PPP5/4K2R w - - 0 50")?;
/// let ruling = adjudicate_sealed(&pos, "0-0", &Language::SPANISH, Edition::Fide2023);
/// // A ruling's `opponent_can_mate` (the feature `sealed`) is the answer as an option.
/// assert_eq!(ruling.opponent_can_mate, Winnability::Unwinnable.as_option());
/// # }
/// assert_eq!(Winnability::Unwinnable.as_option(), Some(false));
/// assert_eq!(Winnability::Winnable.as_option(), Some(true));
/// assert_eq!(Winnability::Undetermined.as_option(), None);
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Winnability {
    /// A checkmate by this side can still happen (a helpmate exists).
    Winnable,
    /// No series of legal moves ends in a checkmate by this side.
    Unwinnable,
    /// Not decided within the [`Budget`].
    Undetermined,
}

impl Winnability {
    /// `Some(true)` for winnable, `Some(false)` for unwinnable, `None` when undetermined: the
    /// shape of the JSON fields `opponent_can_mate` and `dead_position`.
    pub const fn as_option(self) -> Option<bool> {
        match self {
            Winnability::Winnable => Some(true),
            Winnability::Unwinnable => Some(false),
            Winnability::Undetermined => None,
        }
    }
}

/// Which check gave the answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The material check ([`insufficient_material`]).
    Material,
    /// chasolver's fast, incomplete unwinnability check.
    ChasolverFast,
    /// chasolver's full helpmate search.
    Chasolver,
    /// No check could decide (the budget ran out, or the feature is off).
    None,
}

/// How much effort to spend, cheapest first.
///
/// ```
/// use planilla::{is_dead, Budget, CheckOptions, Effort, Position};
/// assert_eq!(Budget::default().effort, Effort::Full);
/// // `check` looks for dead positions with chasolver's fast check.
/// assert_eq!(CheckOptions::default().dead_positions, Effort::Fast);
/// // The material check alone: bishops on squares of one colour cannot mate, but it says
/// // nothing of the initial position.
/// let bishops = Position::from_fen("8/8/4k3/3b4/8/3BK3/8/8 w - - 0 1")?;
/// let material = Budget::default().with_effort(Effort::Material);
/// assert_eq!(is_dead(&bishops, &material), Some(true));
/// assert_eq!(is_dead(&Position::startpos(), &material), None);
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Effort {
    /// The material check only.
    Material,
    /// Then chasolver's fast check, which can only prove unwinnability (microseconds in
    /// ordinary positions).
    Fast,
    /// Then chasolver's full search (the default): it proves either answer, and gives up by
    /// itself after its own node budget (2²⁴ positions in its last phase).
    #[default]
    Full,
}

/// The budget of a winnability question: the effort, and a wall-clock limit on chasolver.
///
/// chasolver takes no node limit from its caller: its search stops by itself after a fixed
/// number of nodes. The time limit runs it on a worker thread and answers
/// [`Winnability::Undetermined`] when the limit passes first; the worker then finishes on its
/// own, bounded by that node budget, and its answer is dropped. On the 3,414 positions of
/// chasolver's own test suite the full search takes a median of 0.1 ms and at most 2.4 s per
/// side on the machine this was written on.
///
/// ```
/// use planilla::{is_dead, Budget, Effort, Position};
/// use std::time::Duration;
/// let budget = Budget::default();
/// assert_eq!((budget.effort, budget.time_limit), (Effort::Full, Some(Duration::from_secs(10))));
/// // The material check alone: never slow, and enough for bare kings.
/// let kings = Position::from_fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1")?;
/// assert_eq!(is_dead(&kings, &Budget::MATERIAL), Some(true));
/// assert_eq!(is_dead(&Position::startpos(), &Budget::MATERIAL), None); // undecided
/// # Ok::<(), planilla::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Budget {
    /// How far to go.
    pub effort: Effort,
    /// The wall-clock limit on chasolver (`None`: no limit). Default: 10 seconds. On
    /// WebAssembly, which has no threads in a browser, the search runs on the caller's thread
    /// and only its own node budget bounds it.
    pub time_limit: Option<Duration>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            effort: Effort::Full,
            time_limit: Some(Duration::from_secs(10)),
        }
    }
}

impl Budget {
    crate::macros::with_setters! {
        /// These options with [`effort`](Self::effort) set: how far to go.
        with_effort: effort: Effort;
        /// These options with [`time_limit`](Self::time_limit) set: the wall-clock limit on
        /// chasolver (`None`: none).
        with_time_limit: time_limit: Option<Duration>;
    }

    /// The material check alone: never slow, and never needs the `chasolver` feature.
    pub const MATERIAL: Budget = Budget {
        effort: Effort::Material,
        time_limit: None,
    };
}

/// A winnability answer, the check that gave it and, for a winnable position when chasolver
/// found one, a mating line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The answer.
    pub winnability: Winnability,
    /// Which check answered.
    pub method: Method,
    /// A series of legal moves from the position that ends in checkmate by the side asked
    /// about (both sides cooperating), when chasolver proved the position winnable. Empty
    /// otherwise.
    pub helpmate: Vec<Move>,
}

impl Answer {
    const fn new(winnability: Winnability, method: Method) -> Answer {
        Answer {
            winnability,
            method,
            helpmate: Vec::new(),
        }
    }
}

/// `true` when `color` provably cannot checkmate by material alone, whatever the position of
/// the pieces: a lone king; a king and one knight, when the opponent has nothing but its king
/// and queens; bishops, when the board holds nothing but kings and bishops all on squares of
/// one colour. `false` means only that material does not decide.
///
/// shakmaty's and python-chess's `has_insufficient_material`, but for bishops, where they
/// allow the opponent rooks and queens: those can wall in their own king, and chasolver's test
/// suite has such a mate (`8/8/8/8/8/2b1k1b1/8/3RKR2 w`).
///
/// ```
/// use planilla::laws::winnability::insufficient_material;
/// use planilla::{Color, Position};
/// let pos = Position::from_fen("8/8/4k3/8/8/3BK3/8/8 b - - 0 1").unwrap();
/// assert!(insufficient_material(&pos, Color::White));
/// assert!(insufficient_material(&pos, Color::Black));
/// assert!(!insufficient_material(&Position::startpos(), Color::White));
/// ```
pub fn insufficient_material(pos: &Position, color: Color) -> bool {
    let ours = pos.by_color(color);
    let pawns = pos.by_role(Role::Pawn);
    let knights = pos.by_role(Role::Knight);
    if (ours & (pawns | pos.by_role(Role::Rook) | pos.by_role(Role::Queen))).any() {
        return false;
    }
    if (ours & knights).any() {
        let theirs = pos.by_color(color.other());
        let others = theirs & !pos.by_role(Role::King) & !pos.by_role(Role::Queen);
        return ours.count() <= 2 && others.is_empty();
    }
    let bishops = pos.by_role(Role::Bishop);
    if (ours & bishops).any() {
        // Nothing on the board but kings and bishops on squares of one colour. shakmaty and
        // python-chess also allow the opponent rooks and queens here, but those can wall in
        // their own king: in `8/8/8/8/8/2b1k1b1/8/3RKR2 w` two dark-squared bishops mate.
        let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
        let others = pos.occupied() & !bishops & !pos.by_role(Role::King);
        return one_colour && others.is_empty();
    }
    true
}

/// Can `color` still checkmate in `pos`, with any cooperation? The material check first, then
/// chasolver as far as the [`Budget`] allows (with the `chasolver` feature; without it, the
/// answer is [`Winnability::Undetermined`] wherever material does not decide).
///
/// A position already checkmating `color`'s opponent is winnable; one where `color` is
/// checkmated, or a stalemate, is unwinnable (no move remains).
///
/// ```
/// use planilla::laws::winnability::{winnability, Budget, Winnability};
/// use planilla::{Color, Position};
/// let pos = Position::startpos();
/// assert_eq!(winnability(&pos, Color::Black, &Budget::MATERIAL).winnability, Winnability::Undetermined);
/// # #[cfg(feature = "winnability")]
/// assert_eq!(winnability(&pos, Color::Black, &Budget::default()).winnability, Winnability::Winnable);
/// ```
pub fn winnability(pos: &Position, color: Color, budget: &Budget) -> Answer {
    if !pos.has_legal_moves() {
        let mated = pos.is_check() && pos.turn() != color;
        let answer = if mated {
            Winnability::Winnable
        } else {
            Winnability::Unwinnable
        };
        return Answer::new(answer, Method::Material);
    }
    if insufficient_material(pos, color) {
        return Answer::new(Winnability::Unwinnable, Method::Material);
    }
    if budget.effort == Effort::Material {
        return Answer::new(Winnability::Undetermined, Method::None);
    }
    match solver::Board::of(pos) {
        Some(board) => board.winnability(pos, color, budget),
        None => Answer::new(Winnability::Undetermined, Method::None),
    }
}

/// Is the position dead: can neither side checkmate (Art. 9.6 (2005); 5.2.2 (2018, 2023))?
/// `Some(true)` dead, `Some(false)` not dead, `None` undetermined within the budget.
///
/// ```
/// use planilla::laws::winnability::{is_dead, Budget};
/// use planilla::Position;
/// let bishops = Position::from_fen("8/8/4k3/3b4/8/3BK3/8/8 w - - 0 1").unwrap();
/// assert_eq!(is_dead(&bishops, &Budget::MATERIAL), Some(true));
/// ```
pub fn is_dead(pos: &Position, budget: &Budget) -> Option<bool> {
    // Mate: the mating side has won, so the position is not dead; stalemate is.
    if !pos.has_legal_moves() {
        return Some(!pos.is_check());
    }
    let mut open = [pos.turn(), pos.turn().other()]
        .into_iter()
        .filter(|&c| !insufficient_material(pos, c))
        .peekable();
    if open.peek().is_none() {
        return Some(true);
    }
    if budget.effort == Effort::Material {
        return None;
    }
    // The solver's board is made once for both sides.
    let board = solver::Board::of(pos)?;
    let mut undetermined = false;
    for color in open {
        match board.winnability(pos, color, budget).winnability {
            Winnability::Winnable => return Some(false),
            Winnability::Unwinnable => {}
            Winnability::Undetermined => undetermined = true,
        }
    }
    (!undetermined).then_some(true)
}

#[cfg(feature = "winnability")]
mod solver {
    #[cfg(not(target_family = "wasm"))]
    use std::sync::mpsc;

    use super::{Answer, Budget, Effort, Method, Winnability};
    use crate::position::{Move, Position};
    use crate::types::{CastlingSide, Color, Role, Square};

    /// The position as chasolver's board; `None` for a position no game can reach (a
    /// position read with `Position::from_fen_relaxed` may break the solver's assumptions:
    /// more pieces than promotions give, impossible checks) or one the solver cannot read.
    pub(super) struct Board(chess::Board);

    impl Board {
        pub(super) fn of(pos: &Position) -> Option<Board> {
            if pos.validate(true).is_err() {
                return None;
            }
            let builder = builder(pos);
            // A panic in a dependency must not reach the caller: it reads as "no board".
            std::panic::catch_unwind(|| chess::Board::try_from(&builder).ok())
                .ok()
                .flatten()
                .map(Board)
        }

        pub(super) fn winnability(&self, pos: &Position, color: Color, budget: &Budget) -> Answer {
            solve(self.0, pos, color, budget)
        }
    }

    /// The position as the `chess` crate's board builder, field by field as its FEN reader
    /// would set them (no FEN text in between: nothing is allocated).
    fn builder(pos: &Position) -> chess::BoardBuilder {
        let color = chess_color;
        let square = |sq: Square| {
            chess::Square::make_square(
                chess::Rank::from_index(sq.rank().index()),
                chess::File::from_index(sq.file().index()),
            )
        };
        let mut builder = chess::BoardBuilder::new();
        for sq in Square::ALL {
            if let Some(piece) = pos.piece_at(sq) {
                let role = match piece.role {
                    Role::Pawn => chess::Piece::Pawn,
                    Role::Knight => chess::Piece::Knight,
                    Role::Bishop => chess::Piece::Bishop,
                    Role::Rook => chess::Piece::Rook,
                    Role::Queen => chess::Piece::Queen,
                    Role::King => chess::Piece::King,
                };
                builder.piece(square(sq), role, color(piece.color));
            }
        }
        builder.side_to_move(color(pos.turn()));
        let rights = pos.castling_rights();
        for side in Color::ALL {
            let rights = match (
                rights.has(side, CastlingSide::KingSide),
                rights.has(side, CastlingSide::QueenSide),
            ) {
                (true, true) => chess::CastleRights::Both,
                (true, false) => chess::CastleRights::KingSide,
                (false, true) => chess::CastleRights::QueenSide,
                (false, false) => chess::CastleRights::NoRights,
            };
            builder.castle_rights(color(side), rights);
        }
        builder.en_passant(
            pos.ep_square()
                .map(|sq| chess::File::from_index(sq.file().index())),
        );
        builder
    }

    /// A side as the `chess` crate's colour.
    fn chess_color(color: Color) -> chess::Color {
        match color {
            Color::White => chess::Color::White,
            Color::Black => chess::Color::Black,
        }
    }

    fn solve(board: chess::Board, pos: &Position, color: Color, budget: &Budget) -> Answer {
        let winner = chess_color(color);
        // The fast check runs on the caller's thread; a panic in a dependency must not reach
        // the caller, so it is caught and read as "undetermined".
        let Ok(unwinnable) =
            std::panic::catch_unwind(|| chasolver::is_unwinnable_fast(&board, winner))
        else {
            return Answer::new(Winnability::Undetermined, Method::None);
        };
        if unwinnable {
            return Answer::new(Winnability::Unwinnable, Method::ChasolverFast);
        }
        if budget.effort == Effort::Fast {
            return Answer::new(Winnability::Undetermined, Method::None);
        }
        // WebAssembly in a browser has no threads: the search runs on the caller's thread,
        // bounded by its own node budget, and the time limit does not apply.
        #[cfg(target_family = "wasm")]
        let result = Some(chasolver::winnability(&board, winner));
        // Elsewhere a worker thread keeps the time limit, and keeps a panic inside the solver
        // from reaching the caller: either way the answer is "undetermined".
        #[cfg(not(target_family = "wasm"))]
        let result = {
            let (tx, rx) = mpsc::channel();
            let worker = std::thread::Builder::new()
                .name("chasolver".into())
                .spawn(move || {
                    let _ = tx.send(chasolver::winnability(&board, winner));
                });
            if worker.is_err() {
                return Answer::new(Winnability::Undetermined, Method::None);
            }
            match budget.time_limit {
                Some(limit) => rx.recv_timeout(limit).ok(),
                None => rx.recv().ok(),
            }
        };
        match result.flatten() {
            Some(chasolver::Winnability::Unwinnable) => {
                Answer::new(Winnability::Unwinnable, Method::Chasolver)
            }
            Some(chasolver::Winnability::Winnable { helpmate }) => Answer {
                winnability: Winnability::Winnable,
                method: Method::Chasolver,
                helpmate: replay(pos, &helpmate),
            },
            None => Answer::new(Winnability::Undetermined, Method::None),
        }
    }

    /// chasolver's mating line as our moves, matched by UCI; empty if a move fails to match.
    fn replay(pos: &Position, line: &[chess::ChessMove]) -> Vec<Move> {
        let mut pos = *pos;
        let mut moves = Vec::with_capacity(line.len());
        for m in line {
            let uci = m.to_string();
            let Some(mv) = pos
                .legal_moves()
                .into_iter()
                .find(|ours| ours.to_uci() == uci)
            else {
                return Vec::new();
            };
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        moves
    }

    #[cfg(test)]
    mod tests {
        use core::str::FromStr;

        use super::builder;
        use crate::check::{CheckOptions, check_text};
        use crate::notation::Language;
        use crate::position::Position;

        /// The board built field by field is the board the `chess` crate reads from the FEN,
        /// on every position of the real games of `tests/data` (CC0) and on positions with
        /// en passant squares and part of the castling rights.
        #[test]
        fn the_solvers_board_is_built_as_its_fen_reader_builds_it() {
            let pgn = include_str!("../../tests/data/lichess_db_1000k.pgn");
            let english = CheckOptions::default().with_language(Language::ENGLISH);
            let mut positions = vec![
                Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
                    .unwrap(),
                Position::from_fen("r3k2r/8/8/8/3pP3/8/8/R3K2R b Kq e3 0 1").unwrap(),
                Position::from_fen("4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1").unwrap(),
            ];
            for report in check_text(pgn, &english).take(120) {
                positions.extend(report.moves.iter().map(|m| m.after));
            }
            assert!(positions.len() > 5_000, "{}", positions.len());
            for pos in positions {
                let fen = pos.to_fen();
                let read = chess::Board::from_str(&fen).ok();
                let built = chess::Board::try_from(&builder(&pos)).ok();
                assert!(built.is_some(), "{fen}");
                assert_eq!(built, read, "{fen}");
            }
        }
    }
}

#[cfg(not(feature = "winnability"))]
mod solver {
    use super::{Answer, Budget};
    use crate::position::Position;
    use crate::types::Color;

    /// No solver: no board, and every question is undetermined.
    pub(super) enum Board {}

    impl Board {
        pub(super) fn of(_: &Position) -> Option<Board> {
            None
        }

        pub(super) fn winnability(&self, _: &Position, _: Color, _: &Budget) -> Answer {
            match *self {}
        }
    }
}
