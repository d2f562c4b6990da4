//! Reading standard SAN, and finding the move it names in a position.
//!
//! This reads what programs write: standard SAN exactly as PGN §8.2.3 gives it (English
//! letters, `x`, `=Q`, `O-O`). A scoresheet's writing, with its
//! letter sets, wrong marks and slips, is the notation reader's job
//! ([`check_move`](crate::check::check_move)), which says what was irregular.

use core::str::FromStr;

use super::{San, SanPlus, Suffix};
use crate::position::{Move, Position};
use crate::types::{CastlingSide, File, Rank, Role, Square};

/// The error of [`San::from_str`] and [`SanPlus::from_str`]: the text is not standard SAN.
/// [`ParseSanError::at`] is the byte offset where the reading failed.
///
/// ```
/// use planilla::san::San;
/// let e = "Nbd9".parse::<San>().unwrap_err();
/// assert_eq!(e.at(), 3); // the `9`
/// assert_eq!(e.to_string(), "not standard SAN (PGN 8.2.3): unexpected text at byte 3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("not standard SAN (PGN 8.2.3): unexpected text at byte {at}")]
pub struct ParseSanError {
    at: usize,
}

impl ParseSanError {
    /// The byte offset in the text where the reading failed.
    pub const fn at(self) -> usize {
        self.at
    }
}

/// Why a [`San`] names no single legal move in a position ([`San::to_move`]).
///
/// ```
/// use planilla::{Position, San, SanError};
/// // Knights on b1 and f1: both reach d2, neither d3.
/// let pos: Position = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse()?;
/// let error = "Nd2".parse::<San>()?.to_move(&pos).unwrap_err();
/// assert_eq!(error, SanError::Ambiguous);
/// assert_eq!(error.to_string(), "more than one legal move is written so");
/// assert_eq!("Nd3".parse::<San>()?.to_move(&pos), Err(SanError::Illegal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    /// No legal move is written so.
    #[error("no legal move is written so")]
    Illegal,
    /// More than one legal move is written so: the SAN needs an origin file or rank.
    #[error("more than one legal move is written so")]
    Ambiguous,
}

/// Reads one SAN move from the start of `s`; returns it and the bytes it took.
fn san_prefix(s: &[u8]) -> Result<(San, usize), ParseSanError> {
    let fail = |at: usize| ParseSanError { at };
    if s.starts_with(b"O-O-O") {
        return Ok((San::Castle(CastlingSide::QueenSide), 5));
    }
    if s.starts_with(b"O-O") {
        return Ok((San::Castle(CastlingSide::KingSide), 3));
    }
    let (role, mut i) = match s.first() {
        Some(b'N') => (Role::Knight, 1),
        Some(b'B') => (Role::Bishop, 1),
        Some(b'R') => (Role::Rook, 1),
        Some(b'Q') => (Role::Queen, 1),
        Some(b'K') => (Role::King, 1),
        Some(b'a'..=b'h') => (Role::Pawn, 0),
        _ => return Err(fail(0)),
    };
    // The squares and marks up to the promotion or the suffix: `[file][rank][x]file rank`.
    let start = i;
    while i < s.len() && matches!(s[i], b'a'..=b'h' | b'1'..=b'8' | b'x') {
        i += 1;
    }
    let body = &s[start..i];
    let n = body.len();
    if n < 2 {
        return Err(fail(i));
    }
    // Without a square at its end, the text stops short of the destination.
    let to = Square::from_ascii(&body[n - 2..]).ok_or(fail(i))?;
    let mut head = &body[..n - 2];
    let capture = head.last() == Some(&b'x');
    if capture {
        head = &head[..head.len() - 1];
    }
    let (mut file, mut rank) = (None, None);
    let mut k = 0;
    if let Some(f) = head.first().and_then(|&b| File::from_char(b as char)) {
        file = Some(f);
        k = 1;
    }
    if let Some(r) = head.get(k).and_then(|&b| Rank::from_char(b as char)) {
        rank = Some(r);
        k += 1;
    }
    if k != head.len() {
        return Err(fail(start + k));
    }
    // A pawn names only the file it leaves, and only when it captures (PGN 8.2.3.3).
    if role == Role::Pawn && (rank.is_some() || file.is_some() != capture) {
        return Err(fail(start));
    }
    let mut promotion = None;
    if role == Role::Pawn && s.get(i) == Some(&b'=') {
        promotion = Some(match s.get(i + 1) {
            Some(b'N') => Role::Knight,
            Some(b'B') => Role::Bishop,
            Some(b'R') => Role::Rook,
            Some(b'Q') => Role::Queen,
            _ => return Err(fail(i + 1)),
        });
        i += 2;
    }
    let san = San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    };
    Ok((san, i))
}

/// Reads standard SAN (PGN §8.2.3): `Nf3`, `Nbd2`, `R1a3`, `Qh4xe1`, `exd5`, `e8=Q`,
/// `O-O-O`. Nothing else is read: no suffix (see [`SanPlus`]), no other letters, no `0-0`,
/// no `e8Q`; a pawn names a file only when it captures.
///
/// # Errors
/// [`ParseSanError`], with the byte where the reading failed.
///
/// ```
/// use planilla::san::San;
/// use planilla::{Role, Square};
/// let san: San = "Nbd2".parse()?;
/// assert!(matches!(san, San::Normal { role: Role::Knight, to: Square::D2, .. }));
/// assert_eq!(san.to_string(), "Nbd2");
/// assert!("Cf3".parse::<San>().is_err());
/// assert!("Nf3+".parse::<San>().is_err()); // a suffix is SanPlus's
/// # Ok::<(), planilla::san::ParseSanError>(())
/// ```
impl FromStr for San {
    type Err = ParseSanError;
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        let (san, used) = san_prefix(s.as_bytes())?;
        if used == s.len() {
            Ok(san)
        } else {
            Err(ParseSanError { at: used })
        }
    }
}

/// Reads standard SAN with its suffix, as PGN movetext writes it: `Nf3`, `Qh5+`, `Qxf7#`
/// (PGN §8.2.3.6). Annotation marks (`!`, `?`) are not SAN and are not read.
///
/// # Errors
/// [`ParseSanError`], with the byte where the reading failed.
///
/// ```
/// use planilla::san::{SanPlus, Suffix};
/// let mate: SanPlus = "Qxf7#".parse()?;
/// assert_eq!(mate.suffix, Some(Suffix::Checkmate));
/// assert_eq!(mate.to_string(), "Qxf7#");
/// assert_eq!("Qxf7!".parse::<SanPlus>().unwrap_err().at(), 4);
/// # Ok::<(), planilla::san::ParseSanError>(())
/// ```
impl FromStr for SanPlus {
    type Err = ParseSanError;
    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        let bytes = s.as_bytes();
        let (san, used) = san_prefix(bytes)?;
        let (suffix, used) = match bytes.get(used) {
            Some(b'+') => (Some(Suffix::Check), used + 1),
            Some(b'#') => (Some(Suffix::Checkmate), used + 1),
            _ => (None, used),
        };
        if used == bytes.len() {
            Ok(SanPlus { san, suffix })
        } else {
            Err(ParseSanError { at: used })
        }
    }
}

impl San {
    /// `true` if the legal move `m` is written as this SAN: the same role and destination, an
    /// origin that fits the file and rank given, the same promotion, and `x` exactly when it
    /// captures.
    pub fn matches(&self, m: Move) -> bool {
        match *self {
            San::Castle(side) => m.castling_side() == Some(side),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                m.castling_side().is_none()
                    && m.role() == role
                    && m.to() == to
                    && m.is_capture() == capture
                    && m.promotion() == promotion
                    && file.is_none_or(|f| m.from().file() == f)
                    && rank.is_none_or(|r| m.from().rank() == r)
            }
        }
    }

    /// The one legal move in `pos` written as this SAN ([`San::matches`]). The marks must be
    /// right: `Nxf3` is no quiet knight move, and `Nf3` no capture. (A scoresheet's wrong
    /// marks are warnings for [`check_move`](crate::check::check_move), which reads the
    /// sheet's letters.)
    ///
    /// # Errors
    /// [`SanError::Illegal`] when no legal move is written so, [`SanError::Ambiguous`] when
    /// more than one is.
    ///
    /// ```
    /// use planilla::Position;
    /// use planilla::san::{San, SanError};
    /// let pos: Position = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse().unwrap();
    /// let m = "Nbd2".parse::<San>().unwrap().to_move(&pos)?;
    /// assert_eq!(m.to_uci(), "b1d2");
    /// assert_eq!("Nd2".parse::<San>().unwrap().to_move(&pos), Err(SanError::Ambiguous));
    /// assert_eq!("Nd3".parse::<San>().unwrap().to_move(&pos), Err(SanError::Illegal));
    /// # Ok::<(), SanError>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let mut found = None;
        for m in pos.legal_moves() {
            if self.matches(m) {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(m);
            }
        }
        found.ok_or(SanError::Illegal)
    }
}

impl SanPlus {
    /// The one legal move in `pos` written as this SAN ([`San::to_move`]). The suffix is not
    /// checked: PGN readers take a wrong `+` as a wrong mark, not another move.
    ///
    /// # Errors
    /// As [`San::to_move`].
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.san.to_move(pos)
    }
}
