//! [`UciMove`]: a move in UCI notation (`e2e4`, `e7e8q`), read and written without a
//! position, and found in one.

use core::fmt;
use core::str::FromStr;

use super::{Move, Position};
use crate::types::{Role, Square};

/// A move in UCI notation: origin, destination and promotion (`e2e4`, `e7e8q`; castling is the
/// king's move, `e1g1`). It names a move without a position; [`UciMove::to_move`] finds it in
/// one.
///
/// ```
/// use planilla::position::UciMove;
/// use planilla::{Position, Square};
/// let uci: UciMove = "g1f3".parse()?;
/// assert_eq!((uci.from, uci.to, uci.promotion), (Square::G1, Square::F3, None));
/// let m = uci.to_move(&Position::startpos()).unwrap();
/// assert_eq!(UciMove::from(m), uci);
/// assert_eq!(uci.to_string(), "g1f3");
/// # Ok::<(), planilla::position::ParseUciError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// Where the piece starts.
    pub from: Square,
    /// Where it lands (for castling, the king's destination).
    pub to: Square,
    /// The promotion role.
    pub promotion: Option<Role>,
}

/// The error of [`UciMove::from_str`]: the text is not two square names and an optional
/// promotion letter (`q`, `r`, `b`, `n`).
///
/// ```
/// use planilla::{ParseUciError, UciMove};
/// assert!("e7e8q".parse::<UciMove>().is_ok());
/// assert_eq!("e2e9".parse::<UciMove>(), Err(ParseUciError)); // no ninth rank
/// assert_eq!("e7e8k".parse::<UciMove>(), Err(ParseUciError)); // no promotion to a king
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("not a UCI move (expected two squares and an optional q, r, b or n, as e7e8q)")]
pub struct ParseUciError;

/// The error of [`UciMove::to_move`]: no legal move of the position goes so.
///
/// ```
/// use planilla::{IllegalUciError, Position, Square, UciMove};
/// let uci: UciMove = "e2e5".parse()?;
/// let error = uci.to_move(&Position::startpos()).unwrap_err();
/// assert_eq!(error, IllegalUciError { from: Square::E2, to: Square::E5 });
/// assert_eq!(error.to_string(), "no legal move goes from e2 to e5 so");
/// # Ok::<(), planilla::ParseUciError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("no legal move goes from {from} to {to} so")]
pub struct IllegalUciError {
    /// The origin written.
    pub from: Square,
    /// The destination written.
    pub to: Square,
}

impl FromStr for UciMove {
    type Err = ParseUciError;
    fn from_str(s: &str) -> Result<UciMove, ParseUciError> {
        let b = s.as_bytes();
        if !(4..=5).contains(&b.len()) {
            return Err(ParseUciError);
        }
        let from = Square::from_ascii(&b[..2]).ok_or(ParseUciError)?;
        let to = Square::from_ascii(&b[2..4]).ok_or(ParseUciError)?;
        let promotion = match b.get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(_) => return Err(ParseUciError),
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.promotion {
            Some(p) => write!(f, "{}", p.char()),
            None => Ok(()),
        }
    }
}

impl From<Move> for UciMove {
    fn from(m: Move) -> UciMove {
        UciMove {
            from: m.from(),
            to: m.to(),
            promotion: m.promotion(),
        }
    }
}

impl UciMove {
    /// The legal move of `pos` that goes so (at most one can).
    ///
    /// # Errors
    /// [`IllegalUciError`] when no legal move does.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalUciError> {
        pos.legal_moves()
            .into_iter()
            .find(|&m| UciMove::from(m) == *self)
            .ok_or(IllegalUciError {
                from: self.from,
                to: self.to,
            })
    }
}
