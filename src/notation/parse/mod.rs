//! The grammar of one move (Appendix E8–E13 (2005); C.8–C.13 (2023)), as a byte-level parser;
//! this file holds `move` and `piece` (E2, E3, E8–E13; C.2, C.3, C.8–C.13), [`Parser`] and its
//! entry points.
//!
//! The productions mirror `grammar/notacion.ebnf`; each function names the production it
//! implements. The parser works on [normalized](crate::text::normalize) text, one byte at a time,
//! never backtracks more than one token, and never allocates.
//!
//! The files follow the parts of the grammar:
//!
//! - `readings`: the one or two readings of a move in [`CaseMode`] (E2, E5; C.2, C.5);
//! - `castling`: `castling`, `short_castling`, `long_castling` (E abbreviations; C.13);
//! - `normal`: piece and pawn moves, their origin hints, separator and target (E4–E11;
//!   C.4–C.10);
//! - `promotion`: `promotion`, `promotion_piece` (E12; C.11);
//! - `tail`: the marks after the move: en passant, check and mate, assessment, draw offer (E9,
//!   E13, E abbreviations; C.9, C.12, C.13).

mod castling;
mod normal;
mod promotion;
mod readings;
mod tail;

pub use readings::{Readings, ReadingsIter};

use super::ast::*;
use super::error::{ErrorKind, ParseError};
use super::language::{CaseMode, Language, figurine_role};
use crate::text::normalize;
use crate::types::Role;

/// The move parser: a letter set and a case mode.
///
/// ```
/// use planilla::notation::{Body, Parser, Target};
/// use planilla::{CastlingSide, Square};
/// let p = Parser::spanish();
/// let n = p.parse_move("exd6 a.p.").unwrap().first();
/// assert!(n.en_passant.is_some());
/// let Body::Castle(c) = p.parse_move("0-0-0").unwrap().first().body else { panic!() };
/// assert_eq!(c.side, CastlingSide::QueenSide);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Parser {
    /// The piece letters (E3; C.3).
    pub language: Language,
    /// Strict or lenient letter case.
    pub case: CaseMode,
}

impl Default for Parser {
    fn default() -> Parser {
        Parser::spanish()
    }
}

/// How the first letter of a move is to be read.
#[derive(Copy, Clone, PartialEq, Eq)]
enum First {
    Piece(Role),
    Pawn,
}

#[inline]
fn sp(a: usize, b: usize) -> Span {
    Span::new(a as u32, b as u32)
}

/// The character at byte `at` of `s`, `None` at the end.
#[inline]
pub(crate) fn char_at(s: &str, at: usize) -> Option<char> {
    s.get(at..).and_then(|t| t.chars().next())
}

pub(crate) fn error(
    s: &str,
    kind: ErrorKind,
    at: usize,
    len: usize,
    expected: &'static str,
) -> ParseError {
    let found = char_at(s, at);
    let len = match (len, found) {
        (0, Some(c)) => c.len_utf8(),
        _ => len,
    };
    ParseError::new(kind, sp(at, (at + len).min(s.len())), found, expected)
}

const EXPECT_START: &str = "a piece letter, a file a-h or castling 0-0";

impl Parser {
    /// A parser for `language` in `case` mode.
    #[inline]
    pub const fn new(language: Language, case: CaseMode) -> Parser {
        Parser { language, case }
    }

    /// Strict Spanish, the default: `R D T A C`, uppercase pieces and lowercase files.
    #[inline]
    pub const fn spanish() -> Parser {
        Parser::new(Language::SPANISH, CaseMode::Strict)
    }

    /// The same parser in lenient case mode.
    #[inline]
    pub const fn lenient(self) -> Parser {
        Parser::new(self.language, CaseMode::Lenient)
    }

    #[inline]
    fn is_lenient(&self) -> bool {
        matches!(self.case, CaseMode::Lenient)
    }

    /// Parses `text` as exactly one move (whitespace around it is allowed).
    ///
    /// Spans are byte offsets into `text`. Non-ASCII text is [normalized](crate::text::normalize)
    /// first.
    ///
    /// # Errors
    /// A [`ParseError`] with the span of the offending characters: an unknown letter, a bad
    /// rank or file, a missing target, a bad castling or promotion sign, or characters left
    /// after the move ([`ErrorKind::TrailingCharacters`]).
    ///
    /// ```
    /// use planilla::notation::{Parser, ErrorKind};
    /// let p = Parser::spanish();
    /// assert_eq!(p.parse_move("Cgxf3").unwrap().first().to_string(), "Cgxf3");
    /// assert_eq!(p.parse_move("Cf3 e5").unwrap_err().kind, ErrorKind::TrailingCharacters);
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Readings, ParseError> {
        // Filled in place, so that the 128-byte AST is written once, where it is returned.
        let mut result = Ok(Readings::one(Notation::PLACEHOLDER));
        self.parse_move_into(text, &mut result);
        result
    }

    #[inline(never)]
    fn parse_move_into(&self, text: &str, result: &mut Result<Readings, ParseError>) {
        if text.len() > u32::MAX as usize {
            *result = Err(ParseError::new(
                ErrorKind::InputTooLarge,
                Span::new(0, 0),
                None,
                "an input under 4 GiB",
            ));
            return;
        }
        let norm = normalize(text);
        let s = norm.as_str();
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if let Ok(readings) = result {
            match self.read_into(s, i, readings) {
                Ok(end) => {
                    let mut j = end;
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if j < b.len() {
                        *result = Err(error(
                            s,
                            ErrorKind::TrailingCharacters,
                            j,
                            b.len() - j,
                            "the end of the move",
                        ));
                    }
                }
                Err(e) => *result = Err(e),
            }
        }
        if !norm.is_identity() {
            match result {
                Ok(r) => r.map_spans(|sp| norm.to_original(sp)),
                Err(e) => e.span = norm.to_original(e.span),
            }
        }
    }

    /// Parses one move starting at byte `pos` of the normalized text `s` into `out` (spans in
    /// `s`); returns the byte just past the move. Does not check what follows. Writing in place
    /// keeps the 120-byte AST from being copied through every layer.
    #[inline(always)]
    pub(crate) fn read_into(
        &self,
        s: &str,
        pos: usize,
        out: &mut Readings,
    ) -> Result<usize, ParseError> {
        out.literal = true;
        if !self.is_lenient() {
            return self.read_case(s, pos, out);
        }
        // Lenient: the strict reading, when there is one, is the text as written and comes
        // first; every other reading is a guess.
        let mut literal = Readings::one(Notation::PLACEHOLDER);
        let strict = Parser::new(self.language, CaseMode::Strict).read_case(s, pos, &mut literal);
        match (self.read_case(s, pos, out), strict) {
            (Ok(end), Ok(strict_end)) if end == strict_end => {
                let lit = literal.first;
                if out.first != lit {
                    let other = out.iter().copied().find(|n| *n != lit);
                    *out.first_only() = lit;
                    if let Some(other) = other {
                        out.push_second(other);
                    }
                }
                Ok(end)
            }
            (Ok(end), _) => {
                out.literal = false;
                Ok(end)
            }
            (Err(_), Ok(strict_end)) => {
                *out = literal;
                Ok(strict_end)
            }
            (Err(e), Err(_)) => Err(e),
        }
    }

    /// [`Parser::read_into`] in this parser's case mode.
    #[inline(always)]
    fn read_case(&self, s: &str, pos: usize, out: &mut Readings) -> Result<usize, ParseError> {
        let b = s.as_bytes();
        let Some(&c) = b.get(pos) else {
            return Err(error(s, ErrorKind::Empty, pos, 0, EXPECT_START));
        };
        // castling = E "Abreviaturas esenciales"; C.13.
        if matches!(c, b'0' | b'O' | b'o')
            && let Some(end) = self.castling(s, pos, out.first_only())?
        {
            return Ok(end);
        }
        // The readings of the first character: the preferred one, and maybe another.
        let (primary, secondary) = if c.is_ascii_alphabetic() {
            let upper = c.to_ascii_uppercase();
            let lower = c.to_ascii_lowercase();
            let file =
                (c.is_ascii_lowercase() || self.is_lenient()) && (b'a'..=b'h').contains(&lower);
            let piece = if c.is_ascii_uppercase() || self.is_lenient() {
                self.language.role_of_upper(upper)
            } else {
                None
            };
            // A foreign letter (`Kb1` on a Spanish sheet): uppercase, and not a file reading.
            let piece = match piece {
                None if c.is_ascii_uppercase() && !file => self.language.foreign_role(c as char),
                // Lenient: a letter with different meanings in other sets (`B`), as a guess.
                None if c.is_ascii_uppercase() && self.is_lenient() => self
                    .language
                    .foreign_role(c as char)
                    .or_else(|| self.language.guessed_role(c as char)),
                p => p,
            };
            let pawn = file.then_some(First::Pawn);
            let piece = piece.map(First::Piece);
            // Lowercase reads as a file first, uppercase as a piece first.
            let (a, b) = if c.is_ascii_lowercase() {
                (pawn, piece)
            } else {
                (piece, pawn)
            };
            match (a, b) {
                (Some(a), b) => (a, b),
                (None, Some(b)) => (b, None),
                (None, None) => {
                    let kind = if c.is_ascii_uppercase() && (b'A'..=b'H').contains(&c) {
                        ErrorKind::UppercaseFile
                    } else if c.is_ascii_uppercase() {
                        ErrorKind::UnknownPieceLetter
                    } else {
                        ErrorKind::BadFile
                    };
                    return Err(error(s, kind, pos, 1, EXPECT_START));
                }
            }
        } else if let Some(r) = (c >= 0x80)
            .then(|| char_at(s, pos))
            .flatten()
            .and_then(figurine_role)
        {
            (First::Piece(r), None)
        } else if c == b'0' {
            return Err(error(
                s,
                ErrorKind::BadCastling,
                pos,
                1,
                "castling 0-0 or 0-0-0",
            ));
        } else {
            return Err(error(s, ErrorKind::NotAMove, pos, 0, EXPECT_START));
        };
        let one = self.normal(s, pos, primary, out.first_only());
        let Some(secondary) = secondary else {
            return one;
        };
        // Two readings must cover the same text; otherwise the longer one wins.
        let mut other = Notation::PLACEHOLDER;
        match (one, self.normal(s, pos, secondary, &mut other)) {
            (Ok(ea), Ok(eb)) if ea == eb => {
                out.push_second(other);
                Ok(ea)
            }
            (Ok(ea), Ok(eb)) if ea > eb => Ok(ea),
            (_, Ok(eb)) => {
                *out.first_only() = other;
                Ok(eb)
            }
            (one, Err(e)) => one.map_err(|_| e).or(one),
        }
    }
}
