//! Syntax errors of the notation and scoresheet parsers.
//!
//! These are *syntax* errors only: whether a move is legal, ambiguous or impossible in a
//! position is for the resolver to say, in its own error type.

use core::fmt;

use super::ast::Span;

/// A syntax error: what kind, where (byte span into the original text), what was found there
/// and what was expected.
///
/// ```
/// use planilla::notation::{ErrorKind, Parser};
/// let err = Parser::spanish().parse_move("Ce9").unwrap_err();
/// assert_eq!(err.kind, ErrorKind::BadRank);
/// assert_eq!(err.span.range(), 2..3);
/// assert_eq!(err.found, Some('9'));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at bytes {}..{}: found {}, expected {expected}", span.start, span.end, FoundDisplay(*found))]
pub struct ParseError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Where, in bytes of the original input.
    pub span: Span,
    /// The character found at the start of the span; `None` at the end of the input (or for
    /// invalid UTF-8, where there is no character).
    pub found: Option<char>,
    /// What the grammar expected there, in words.
    pub expected: &'static str,
}

struct FoundDisplay(Option<char>);

impl fmt::Display for FoundDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c:?}"),
            None => f.write_str("end of input"),
        }
    }
}

impl ParseError {
    /// The [`ErrorKind::MoveTooLong`] error of the move at `span`: a move holds at most
    /// [`Notation::MAX_LEN`](crate::notation::Notation::MAX_LEN) bytes.
    pub(crate) const fn move_too_long(span: Span) -> ParseError {
        ParseError::new(
            ErrorKind::MoveTooLong,
            span,
            None,
            "a move of at most 255 bytes",
        )
    }

    /// Builds an error.
    #[inline]
    pub const fn new(
        kind: ErrorKind,
        span: Span,
        found: Option<char>,
        expected: &'static str,
    ) -> ParseError {
        ParseError {
            kind,
            span,
            found,
            expected,
        }
    }
}

/// The kinds of syntax error, one per thing that can be wrong.
///
/// ```
/// use planilla::{check_text, CheckOptions, ErrorKind, Finding, Parser};
/// let parser = Parser::spanish();
/// assert_eq!(parser.parse_move("Ze4").unwrap_err().kind, ErrorKind::UnknownPieceLetter);
/// assert_eq!(parser.parse_move("Cf3=D").unwrap_err().kind, ErrorKind::PromotionOnPieceMove);
/// // In a sheet, a comment left open is an error of the sheet, not of a move.
/// let report = check_text("1.e4 {comentario", &CheckOptions::default()).next().unwrap();
/// let Finding::Syntax(error) = report.diagnostics[0].finding else { panic!("a syntax error") };
/// assert_eq!(error.kind, ErrorKind::UnterminatedComment);
/// assert!(!error.kind.is_move_error());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Nothing where a move was expected.
    Empty,
    /// An uppercase letter that is not a piece letter of the language (E2, E3; C.2, C.3).
    UnknownPieceLetter,
    /// An uppercase file letter in strict mode (files are lowercase: E5; C.5).
    UppercaseFile,
    /// A character that cannot start a move.
    NotAMove,
    /// A digit that is not a rank `1`–`8` (E6; C.6).
    BadRank,
    /// A letter that is not a file `a`–`h` (E5; C.5).
    BadFile,
    /// A piece letter, capture mark or dash with no target after it (E8, E9; C.8, C.9).
    MissingTarget,
    /// A malformed castling sign (E "Abreviaturas esenciales"; C.13).
    BadCastling,
    /// A malformed promotion (E12; C.11): unknown piece, unclosed parenthesis.
    BadPromotion,
    /// A promotion sign after a piece move (only pawns promote: E12; C.11).
    PromotionOnPieceMove,
    /// Characters glued after a complete move.
    TrailingCharacters,
    /// A move number that is not a number, or too large.
    BadMoveNumber,
    /// A `{` comment with no closing `}`.
    UnterminatedComment,
    /// A `(` variation with no closing `)`.
    UnterminatedVariation,
    /// A `)` with no open variation.
    UnmatchedParenthesis,
    /// A `$` not followed by a number 0–255 (PGN §8.2.4).
    BadNag,
    /// A malformed PGN tag pair `[Name "value"]` (PGN §8.1).
    BadTag,
    /// A malformed header line of a Spanish scoresheet (`Blancas: …`).
    BadHeader,
    /// Bytes that are not UTF-8; the span is the first bad byte.
    InvalidUtf8,
    /// Input larger than 4 GiB (spans are 32-bit).
    InputTooLarge,
    /// A move longer than [`Notation::MAX_LEN`](crate::notation::Notation::MAX_LEN) (255)
    /// bytes, its marks and the spaces between them included: the compact
    /// [`Notation`](crate::notation::Notation) keeps each part's place in a byte.
    MoveTooLong,
    /// A game with more movetext tokens than [`Games`](crate::scoresheet::Games) holds in
    /// memory at once (see `Games::max_tokens`); the [`Lexer`](crate::scoresheet::Lexer) has
    /// no such limit.
    GameTooLong,
}

impl ErrorKind {
    /// `true` for the errors in one move's writing (an unreadable move, Appendix E; C), `false`
    /// for those in the sheet's structure (comments, variations, tags, headers, input limits).
    ///
    /// ```
    /// use planilla::notation::ErrorKind;
    /// assert!(ErrorKind::UnknownPieceLetter.is_move_error());
    /// assert!(!ErrorKind::UnterminatedVariation.is_move_error());
    /// ```
    #[must_use]
    pub fn is_move_error(self) -> bool {
        matches!(
            self,
            ErrorKind::Empty
                | ErrorKind::UnknownPieceLetter
                | ErrorKind::UppercaseFile
                | ErrorKind::NotAMove
                | ErrorKind::BadRank
                | ErrorKind::BadFile
                | ErrorKind::MissingTarget
                | ErrorKind::BadCastling
                | ErrorKind::BadPromotion
                | ErrorKind::PromotionOnPieceMove
                | ErrorKind::TrailingCharacters
                | ErrorKind::BadMoveNumber
                | ErrorKind::MoveTooLong
        )
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::Empty => "empty move",
            ErrorKind::UnknownPieceLetter => "unknown piece letter",
            ErrorKind::UppercaseFile => "uppercase file letter",
            ErrorKind::NotAMove => "not a move",
            ErrorKind::BadRank => "bad rank",
            ErrorKind::BadFile => "bad file",
            ErrorKind::MissingTarget => "missing target square",
            ErrorKind::BadCastling => "bad castling sign",
            ErrorKind::BadPromotion => "bad promotion",
            ErrorKind::PromotionOnPieceMove => "promotion after a piece move",
            ErrorKind::TrailingCharacters => "trailing characters after the move",
            ErrorKind::BadMoveNumber => "bad move number",
            ErrorKind::UnterminatedComment => "unterminated comment",
            ErrorKind::UnterminatedVariation => "unterminated variation",
            ErrorKind::UnmatchedParenthesis => "unmatched closing parenthesis",
            ErrorKind::BadNag => "bad NAG",
            ErrorKind::BadTag => "bad tag pair",
            ErrorKind::BadHeader => "bad header line",
            ErrorKind::InvalidUtf8 => "invalid UTF-8",
            ErrorKind::InputTooLarge => "input too large",
            ErrorKind::MoveTooLong => "move longer than 255 bytes",
            ErrorKind::GameTooLong => "game too long",
        })
    }
}
