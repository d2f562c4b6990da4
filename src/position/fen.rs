//! Forsyth–Edwards Notation: reading, writing, and the check that a position can occur.
//!
//! Syntax errors ([`FenError`], one variant per field, with the byte span of the field) are
//! kept apart from positions that parse but cannot occur in a game ([`PositionError`]).

use core::ops::Range;
use core::str::FromStr;

use super::attacks::aligned;
use super::bitboard::Bitboard;
use super::moves::MOVE_LIST_CAPACITY;
use super::{CastlingRights, Position};
use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

/// A FEN that does not read: which field is wrong, where, and why.
///
/// Spans are byte ranges into the text given to [`Position::from_fen`].
///
/// ```
/// use planilla::{FenError, Position, PositionError};
/// let error = Position::from_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1").unwrap_err();
/// assert_eq!(error, FenError::Turn { span: 20..21 });
/// assert_eq!(error.to_string(), "bad side to move at bytes 20..21: expected `w` or `b`");
/// // A FEN that reads, of a position no game reaches.
/// let error = Position::from_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
/// assert_eq!(error, FenError::Position(PositionError::PawnsOnBackrank));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text holds no field at all.
    #[error("empty FEN")]
    Empty,
    /// The placement field (first field) is malformed.
    #[error("bad piece placement at bytes {}..{}: {reason}", span.start, span.end)]
    Board {
        /// The offending characters (or the whole field).
        span: Range<usize>,
        /// What is wrong.
        reason: &'static str,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("bad side to move at bytes {}..{}: expected `w` or `b`", span.start, span.end)]
    Turn {
        /// The field.
        span: Range<usize>,
    },
    /// The castling field is not `-` or a subset of `KQkq` in that order.
    #[error("bad castling rights at bytes {}..{}: expected `-` or letters of `KQkq`", span.start, span.end)]
    Castling {
        /// The field.
        span: Range<usize>,
    },
    /// The en passant field is not `-` or a square on the third or sixth rank.
    #[error("bad en passant square at bytes {}..{}: expected `-` or a square on rank 3 or 6", span.start, span.end)]
    EnPassant {
        /// The field.
        span: Range<usize>,
    },
    /// The halfmove clock is not a number.
    #[error("bad halfmove clock at bytes {}..{}: expected a number", span.start, span.end)]
    HalfmoveClock {
        /// The field.
        span: Range<usize>,
    },
    /// The fullmove number is not a number of at least 1.
    #[error("bad fullmove number at bytes {}..{}: expected a number from 1", span.start, span.end)]
    FullmoveNumber {
        /// The field.
        span: Range<usize>,
    },
    /// There are more than six fields.
    #[error("unexpected text after the FEN at bytes {}..{}", span.start, span.end)]
    TrailingText {
        /// The extra text.
        span: Range<usize>,
    },
    /// The text reads, but the position cannot occur in a game.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A position that reads but cannot occur in a game of chess.
///
/// ```
/// use planilla::{Color, FenError, Position, PositionError};
/// // Castling rights, but no rook on a1 or h1.
/// let error = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").unwrap_err();
/// assert_eq!(error, FenError::Position(PositionError::BadCastlingRights));
/// let expected = "castling rights without the king and rook on their home squares";
/// assert_eq!(error.to_string(), expected);
/// let error = Position::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
/// assert_eq!(error, FenError::Position(PositionError::MissingKing(Color::Black)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// A pawn stands on the first or eighth rank.
    #[error("a pawn stands on the first or eighth rank")]
    PawnsOnBackrank,
    /// A side has more pieces than promotions could give it (over 16, over 8 pawns).
    #[error("{0} has more material than a game can give it")]
    TooMuchMaterial(Color),
    /// The side that just moved is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// The checks on the king cannot come from one move: three checkers, two on one line, or
    /// checks that the last double pawn push cannot explain.
    #[error("the checks on the king cannot result from one move")]
    ImpossibleCheck,
    /// A castling right without its king and rook on their home squares.
    #[error("castling rights without the king and rook on their home squares")]
    BadCastlingRights,
    /// An en passant square with no pawn that can just have passed it.
    #[error("en passant square without a pawn that just moved two squares past it")]
    InvalidEpSquare,
}

fn field_error(kind: usize, span: Range<usize>) -> FenError {
    match kind {
        1 => FenError::Turn { span },
        2 => FenError::Castling { span },
        3 => FenError::EnPassant { span },
        4 => FenError::HalfmoveClock { span },
        _ => FenError::FullmoveNumber { span },
    }
}

impl Position {
    /// Reads a FEN: placement, side to move, castling, en passant, then optionally the
    /// halfmove clock and fullmove number (an EPD-style four-field FEN gets `0 1`).
    ///
    /// # Errors
    /// [`FenError`] names the field that does not read and its byte span;
    /// [`FenError::Position`] wraps a [`PositionError`] when the text reads but the position
    /// cannot occur.
    ///
    /// ```
    /// use planilla::{FenError, Position, PositionError};
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// assert_eq!(Position::from_fen(kiwipete).unwrap().legal_moves().len(), 48);
    /// assert!(matches!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
    ///     Err(FenError::Position(PositionError::MissingKing(_)))));
    /// assert!(matches!(Position::from_fen("8/8/8/8/8/8/8/8 x"), Err(FenError::Turn { .. })));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::read_fen(fen, true)
    }

    /// Reads a FEN like [`Position::from_fen`], but also accepts two kinds of positions that
    /// no game can reach: more material than promotions can give
    /// ([`PositionError::TooMuchMaterial`], as long as no position below can have more moves
    /// than a [`MoveList`](super::MoveList) holds) and checks no single move can give
    /// ([`PositionError::ImpossibleCheck`]). Composed problems and perft stress positions (the
    /// 218-move position, triple checks) need this. Every other check stays, so the move
    /// generator's invariants hold: one king a side, no pawn on a back rank, the side not to
    /// move not in check, castling rights backed by king and rook.
    ///
    /// # Errors
    /// As [`Position::from_fen`], less those two [`PositionError`]s.
    ///
    /// ```
    /// use planilla::Position;
    /// let triple_check = "4k3/8/8/8/1b6/5n2/4r3/4K3 w - - 0 1";
    /// assert!(Position::from_fen(triple_check).is_err());
    /// // Only king moves answer three checks: Kd1, Kf1 and Kxe2.
    /// assert_eq!(Position::from_fen_relaxed(triple_check).unwrap().legal_moves().len(), 3);
    /// ```
    pub fn from_fen_relaxed(fen: &str) -> Result<Position, FenError> {
        Position::read_fen(fen, false)
    }

    fn read_fen(fen: &str, strict: bool) -> Result<Position, FenError> {
        let mut fields = Vec::with_capacity(6);
        let bytes = fen.as_bytes();
        let mut i = 0;
        while i < bytes.len() && fields.len() < 7 {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let start = i;
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if start < i {
                fields.push(start..i);
            }
        }
        let Some(board_span) = fields.first().cloned() else {
            return Err(FenError::Empty);
        };
        if fields.len() > 6 {
            let start = fields[6].start;
            return Err(FenError::TrailingText {
                span: start..fen.len(),
            });
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fen, board_span.clone())?;
        let text = |k: usize| fields.get(k).map(|r| &fen[r.clone()]);
        let span = |k: usize| fields.get(k).cloned().unwrap_or(fen.len()..fen.len());

        pos.turn = match text(1) {
            Some("w") => Color::White,
            Some("b") => Color::Black,
            _ => return Err(field_error(1, span(1))),
        };
        pos.castling = match text(2) {
            None => return Err(field_error(2, span(2))),
            Some("-") => CastlingRights::NONE,
            Some(s) => parse_castling(s).ok_or_else(|| field_error(2, span(2)))?,
        };
        pos.ep_square = match text(3) {
            None => return Err(field_error(3, span(3))),
            Some("-") => None,
            Some(s) => match s.parse::<Square>() {
                Ok(sq) if matches!(sq.rank(), Rank::Third | Rank::Sixth) => Some(sq),
                _ => return Err(field_error(3, span(3))),
            },
        };
        if let Some(s) = text(4) {
            pos.halfmoves = parse_number(s).ok_or_else(|| field_error(4, span(4)))?;
        }
        if let Some(s) = text(5) {
            pos.fullmoves = parse_number(s)
                .filter(|&n| n >= 1)
                .ok_or_else(|| field_error(5, span(5)))?;
        }
        pos.validate(strict)?;
        Ok(pos)
    }

    /// Checks that the position can occur in a game.
    pub(crate) fn validate(&self, strict: bool) -> Result<(), PositionError> {
        for color in Color::ALL {
            match self.by_piece(Role::King.of(color)).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        if (self.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
            return Err(PositionError::PawnsOnBackrank);
        }
        for color in Color::ALL {
            let count = |r: Role| self.by_piece(r.of(color)).count();
            let pawns = count(Role::Pawn);
            let promoted = count(Role::Queen).saturating_sub(1)
                + count(Role::Rook).saturating_sub(2)
                + count(Role::Bishop).saturating_sub(2)
                + count(Role::Knight).saturating_sub(2);
            if self.by_color(color).count() > 16 || pawns + promoted > 8 {
                // A game never gets here. The relaxed reader still needs every position below
                // to fit a `MoveList`: bound the moves by the most each piece can have, a pawn
                // counting as the queen it may become.
                let bound = (pawns + count(Role::Queen)) * 27
                    + count(Role::Rook) * 14
                    + count(Role::Bishop) * 13
                    + (count(Role::Knight) + 1) * 8;
                if strict || bound > MOVE_LIST_CAPACITY {
                    return Err(PositionError::TooMuchMaterial(color));
                }
            }
        }
        if !self.castling_rights_consistent() {
            return Err(PositionError::BadCastlingRights);
        }
        let us = self.turn;
        if let Some(ep) = self.ep_square {
            let pushed_to = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
            let pushed_from = Square::from_coords(ep.file(), Rank::Seventh.relative_to(us));
            if ep.rank() != Rank::Sixth.relative_to(us)
                || self.occupied().contains(ep)
                || self.occupied().contains(pushed_from)
                || !self.by_piece(Role::Pawn.of(!us)).contains(pushed_to)
            {
                return Err(PositionError::InvalidEpSquare);
            }
        }
        let their_king = self.king(!us);
        if self.attackers_to(their_king, us, self.occupied()).any() {
            return Err(PositionError::OppositeCheck);
        }
        let king = self.king(us);
        let checkers = self.checkers();
        if let Some(first) = checkers.first().filter(|_| strict) {
            if let Some(ep) = self.ep_square {
                // The pawn that just moved two squares gave the check, or uncovered it.
                let pushed_to = Square::from_coords(ep.file(), Rank::Fifth.relative_to(us));
                let pushed_from = Square::from_coords(ep.file(), Rank::Seventh.relative_to(us));
                if checkers.more_than_one()
                    || (first != pushed_to && !aligned(first, king, pushed_from))
                {
                    return Err(PositionError::ImpossibleCheck);
                }
            } else if checkers.count() > 2 {
                return Err(PositionError::ImpossibleCheck);
            } else if let Some(last) = (checkers - first).first()
                && aligned(first, king, last)
            {
                return Err(PositionError::ImpossibleCheck);
            }
        }
        Ok(())
    }

    /// Writes the FEN, all six fields. The en passant field is the one recorded (see
    /// [`Position::ep_square`]), so that reading it back gives the same position.
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if *rank != Rank::First {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        s.push_str(&self.castling.to_string());
        s.push(' ');
        match self.ep_square {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

fn parse_board(pos: &mut Position, fen: &str, span: Range<usize>) -> Result<(), FenError> {
    let bytes = &fen.as_bytes()[span.clone()];
    let mut rank = 7usize;
    let mut file = 0usize;
    // The span covers the whole offending character, so that it always slices the text.
    let err = |at: usize, reason| {
        let start = span.start + at;
        let len = fen.get(start..).and_then(|s| s.chars().next());
        FenError::Board {
            span: start..start + len.map_or(1, char::len_utf8),
            reason,
        }
    };
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'/' => {
                if file != 8 {
                    return Err(err(i, "a rank does not add up to eight squares"));
                }
                if rank == 0 {
                    return Err(err(i, "more than eight ranks"));
                }
                rank -= 1;
                file = 0;
            }
            b'1'..=b'8' => {
                file += usize::from(b - b'0');
                if file > 8 {
                    return Err(err(i, "a rank holds more than eight squares"));
                }
            }
            _ => {
                let piece = Piece::from_char(b as char)
                    .ok_or_else(|| err(i, "expected a piece letter, a digit 1-8 or `/`"))?;
                if file >= 8 {
                    return Err(err(i, "a rank holds more than eight squares"));
                }
                let sq = Square::ALL[rank * 8 + file];
                pos.toggle(piece.color, piece.role, sq);
                file += 1;
            }
        }
    }
    if rank != 0 || file != 8 {
        return Err(FenError::Board {
            span,
            reason: "expected eight ranks of eight squares",
        });
    }
    Ok(())
}

fn parse_castling(s: &str) -> Option<CastlingRights> {
    let order = [
        ('K', Color::White, CastlingSide::KingSide),
        ('Q', Color::White, CastlingSide::QueenSide),
        ('k', Color::Black, CastlingSide::KingSide),
        ('q', Color::Black, CastlingSide::QueenSide),
    ];
    let mut rights = CastlingRights::NONE;
    let mut next = 0;
    for c in s.chars() {
        let k = order[next..].iter().position(|o| o.0 == c)? + next;
        rights = rights.with(order[k].1, order[k].2);
        next = k + 1;
    }
    Some(rights)
}

fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(Position::from_fen(fen).unwrap(), Position::startpos());
        assert_eq!(Position::startpos().to_fen(), fen);
    }

    #[test]
    fn field_errors_carry_their_span() {
        let cases: &[(&str, FenError)] = &[
            ("", FenError::Empty),
            ("   ", FenError::Empty),
            (
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                FenError::Board {
                    span: 16..17,
                    reason: "a rank does not add up to eight squares",
                },
            ),
            (
                "rnbqkbnr/pppppppx/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                FenError::Board {
                    span: 16..17,
                    reason: "expected a piece letter, a digit 1-8 or `/`",
                },
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 white - - 0 1",
                FenError::Turn { span: 20..25 },
            ),
            ("4k3/8/8/8/8/8/8/4K3 w", FenError::Castling { span: 21..21 }),
            (
                "4k3/8/8/8/8/8/8/4K3 w qK - 0 1",
                FenError::Castling { span: 22..24 },
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
                FenError::EnPassant { span: 24..26 },
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - x 1",
                FenError::HalfmoveClock { span: 26..27 },
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                FenError::FullmoveNumber { span: 28..29 },
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
                FenError::TrailingText { span: 30..35 },
            ),
        ];
        for (fen, expected) in cases {
            assert_eq!(&Position::from_fen(fen).unwrap_err(), expected, "{fen}");
        }
    }

    #[test]
    fn impossible_positions_are_refused() {
        let cases = [
            (
                "4k3/8/8/8/8/8/8/8 w - - 0 1",
                PositionError::MissingKing(Color::White),
            ),
            (
                "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
                PositionError::TooManyKings(Color::White),
            ),
            (
                "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
                PositionError::PawnsOnBackrank,
            ),
            (
                "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
                PositionError::OppositeCheck,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                PositionError::BadCastlingRights,
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
                PositionError::InvalidEpSquare,
            ),
            // Checked by two rooks from both sides of one rank: no single move does that.
            (
                "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
                PositionError::ImpossibleCheck,
            ),
            // Three checkers.
            (
                "4k3/8/8/8/1b6/5n2/4r3/4K3 w - - 0 1",
                PositionError::ImpossibleCheck,
            ),
            (
                "4k3/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1",
                PositionError::TooMuchMaterial(Color::Black),
            ),
        ];
        for (fen, expected) in cases {
            assert_eq!(
                Position::from_fen(fen),
                Err(FenError::Position(expected)),
                "{fen}"
            );
        }
        // A double check from a discovered attack is possible.
        assert!(Position::from_fen("4k3/8/8/8/1b6/8/4r3/4K3 w - - 0 1").is_ok());
    }

    #[test]
    fn epd_style_four_fields_default_the_clocks() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
        assert_eq!(pos.turn(), Color::Black);
    }
}
