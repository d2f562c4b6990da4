//! The grammar of one move (Appendix E8–E13 (2005); C.8–C.13 (2023)), written with nom; this
//! file holds `move` and `piece` (E2, E3, E8–E13; C.2, C.3, C.8–C.13), [`Parser`] and its entry
//! points.
//!
//! Each production of `grammar/notacion.ebnf` is a function of the same name on [`Grammar`]
//! (`move` is `r#move`), so the two read side by side; `tests/grammar_sync.rs` holds them in
//! step. The productions work on the bytes of [normalized](crate::text::normalize) text, keep
//! the byte span of every part, and never allocate. They dispatch on the first byte and never
//! backtrack over a whole move: where the EBNF lists alternatives that share a prefix
//! (`piece_path`), the function reads the prefix once and decides by what follows.
//!
//! nom's two error levels carry the grammar's meaning: `Err::Error` is "this alternative does
//! not start here" and lets `opt` and `alt` go on; `Err::Failure` is a syntax error of the move,
//! with its [`ErrorKind`] and span, and ends the parse.
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
/// let n = *p.parse_move("exd6 a.p.").unwrap().first();
/// assert!(n.en_passant().is_some());
/// let Body::Castle(c) = p.parse_move("0-0-0").unwrap().first().body() else { panic!() };
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

/// How the first character of a move is to be read.
#[derive(Copy, Clone, PartialEq, Eq)]
enum First {
    Castling,
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
        // Filled in place, so that the AST is written once, where it is returned.
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
            match self.read_into_inline(s, i, readings) {
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
                Ok(r) => {
                    if let Err(e) = r.map_spans(|sp| norm.to_original(sp)) {
                        *result = Err(e);
                    }
                }
                Err(e) => e.span = norm.to_original(e.span),
            }
        }
    }

    /// [`Parser::read_into_inline`] as one function the callers share: the lexer's checks off
    /// the hot path call this one, so that the grammar is compiled once for all of them.
    #[inline(never)]
    pub(crate) fn read_into(
        &self,
        s: &str,
        pos: usize,
        out: &mut Readings,
    ) -> Result<usize, ParseError> {
        self.read_into_inline(s, pos, out)
    }

    /// Parses one move starting at byte `pos` of the normalized text `s` into `out` (spans in
    /// `s`); returns the byte just past the move. Does not check what follows. Each part is
    /// written where the notation is kept: no copy of it goes through the productions.
    ///
    /// Inlined, with the strict grammar, into its two hot callers (`parse_move` and the
    /// lexer's move word); the lenient readings and the others call it out of line. When it
    /// was inlined everywhere, seven calling functions took about 2.6 s each of the
    /// optimizer's CPU time in a release build, 17.8 s in all (`-Z llvm-time-trace`).
    #[inline(always)]
    pub(crate) fn read_into_inline(
        &self,
        s: &str,
        pos: usize,
        out: &mut Readings,
    ) -> Result<usize, ParseError> {
        out.literal = true;
        if !self.is_lenient() {
            return self.read_case(s, pos, out);
        }
        self.read_lenient(s, pos, out)
    }

    /// [`Parser::read_into_inline`] in lenient mode: the strict reading and the lenient one,
    /// compared.
    #[inline(never)]
    fn read_lenient(&self, s: &str, pos: usize, out: &mut Readings) -> Result<usize, ParseError> {
        // Lenient: the strict reading, when there is one, is the text as written and comes
        // first; every other reading is a guess.
        let mut literal = Readings::one(Notation::PLACEHOLDER);
        let strict =
            Parser::new(self.language, CaseMode::Strict).read_case_outlined(s, pos, &mut literal);
        match (self.read_case_outlined(s, pos, out), strict) {
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

    /// [`Parser::read_case`] out of line, for the lenient readings, which read twice.
    #[inline(never)]
    fn read_case_outlined(
        &self,
        s: &str,
        pos: usize,
        out: &mut Readings,
    ) -> Result<usize, ParseError> {
        self.read_case(s, pos, out)
    }

    /// [`Parser::read_into`] in this parser's case mode: `move`, once or twice.
    #[inline(always)]
    fn read_case(&self, s: &str, pos: usize, out: &mut Readings) -> Result<usize, ParseError> {
        let g = Grammar {
            text: s,
            language: &self.language,
            lenient: self.is_lenient(),
        };
        let i = &s.as_bytes()[pos.min(s.len())..];
        let (_, (primary, secondary)) = g.first_readings(i).map_err(|e| g.error_of(e))?;
        let Some(secondary) = secondary else {
            let (rest, ()) = g
                .r#move(i, primary, out.first_only())
                .map_err(|e| g.error_of(e))?;
            return Ok(g.at(rest));
        };
        Self::read_two(&g, i, primary, secondary, out)
    }

    /// Two readings of the first character (lenient mode only: `b`, the b-file or a bishop):
    /// both must cover the same text; otherwise the longer one wins. Out of line: one reading
    /// is the rule.
    #[inline(never)]
    fn read_two(
        g: &Grammar<'_>,
        i: In<'_>,
        primary: First,
        secondary: First,
        out: &mut Readings,
    ) -> Result<usize, ParseError> {
        let mut a = Notation::PLACEHOLDER;
        let mut b = Notation::PLACEHOLDER;
        match (g.r#move(i, primary, &mut a), g.r#move(i, secondary, &mut b)) {
            (Ok((ra, ())), Ok((rb, ()))) => {
                *out.first_only() = if ra.len() <= rb.len() { a } else { b };
                if ra.len() == rb.len() {
                    out.push_second(b);
                }
                Ok(g.at(ra.min_by_len(rb)))
            }
            (Ok((r, ())), Err(_)) => {
                *out.first_only() = a;
                Ok(g.at(r))
            }
            (Err(_), Ok((r, ()))) => {
                *out.first_only() = b;
                Ok(g.at(r))
            }
            // Neither reads: the error of the second reading.
            (Err(_), Err(e)) => Err(g.error_of(e)),
        }
    }
}

/// The input of a production: the bytes of the normalized text from where it starts to the
/// end of the text.
pub(super) type In<'a> = &'a [u8];

/// What a production returns: the rest of the input and what it read, or a [`Fail`].
pub(super) type PResult<'a, T> = nom::IResult<In<'a>, T, Fail>;

/// Why a production did not read: a syntax error kind, where (as the length of the input left
/// there, so that it needs no base), how many bytes it covers, and what was expected. Eight
/// bytes, so that every production's result stays small.
#[derive(Copy, Clone, Debug)]
pub(super) struct Fail {
    kind: ErrorKind,
    expected: Expected,
    len: u16,
    rest: u32,
}

/// What the grammar expected where it failed; [`Expected::text`] gives the words of
/// [`ParseError::expected`].
#[derive(Copy, Clone, Debug)]
pub(super) enum Expected {
    Start,
    Castling,
    CastlingEnd,
    NoPromotion,
    TargetAfterSeparator,
    TargetAfterPiece,
    PromotionPiece,
    ClosingParen,
    Rank,
    ShortMove,
}

impl Expected {
    fn text(self) -> &'static str {
        match self {
            Expected::Start => EXPECT_START,
            Expected::Castling => "castling 0-0 or 0-0-0",
            Expected::CastlingEnd => "the end of the castling sign",
            Expected::NoPromotion => "no promotion after a piece move",
            Expected::TargetAfterSeparator => "a target square after the separator",
            Expected::TargetAfterPiece => "a target square after the piece letter",
            Expected::PromotionPiece => "a piece letter for the promotion",
            Expected::ClosingParen => "')' closing the promotion",
            Expected::Rank => "a rank 1-8",
            Expected::ShortMove => "a move of at most 255 bytes",
        }
    }
}

impl<'a> nom::error::ParseError<In<'a>> for Fail {
    #[inline]
    fn from_error_kind(input: In<'a>, _: nom::error::ErrorKind) -> Fail {
        Fail {
            kind: ErrorKind::NotAMove,
            rest: input.len() as u32,
            len: 0,
            expected: Expected::Start,
        }
    }

    #[inline]
    fn append(_: In<'a>, _: nom::error::ErrorKind, other: Fail) -> Fail {
        other
    }
}

/// nom's [`opt`](nom::combinator::opt), for a production already applied at `i`: "not here"
/// (`Err::Error`) becomes `None` with `i` left as it was, and a `Failure` stays a failure.
///
/// The hot productions call each other directly and take their options through this. nom's
/// `opt`, `alt` and tuples call a production through the blanket `Parser` impl for closures,
/// which the compiler did not inline. Replacing them on the hot path, together with the
/// dispatch on the first byte in `tail` and `origin` and the AST written in place, took
/// `parse_move` on the lichess moves from 570 to 350 instructions a move
/// (`examples/per_move.rs`, mode `parse`, under callgrind).
#[inline(always)]
fn opt_at<'a, T>(i: In<'a>, read: PResult<'a, T>) -> PResult<'a, Option<T>> {
    match read {
        Ok((rest, t)) => Ok((rest, Some(t))),
        Err(nom::Err::Error(_)) => Ok((i, None)),
        Err(e) => Err(e),
    }
}

/// The shorter of two rests is the longer reading.
trait MinByLen: Sized {
    fn min_by_len(self, other: Self) -> Self;
}

impl MinByLen for In<'_> {
    #[inline]
    fn min_by_len(self, other: Self) -> Self {
        if other.len() < self.len() {
            other
        } else {
            self
        }
    }
}

/// The move grammar over one text: the text (for spans and characters), the letter set and
/// the case mode. Its methods are the productions of `grammar/notacion.ebnf`.
#[derive(Copy, Clone)]
pub(super) struct Grammar<'a> {
    text: &'a str,
    language: &'a Language,
    lenient: bool,
}

impl<'a> Grammar<'a> {
    /// The byte offset of `i` in the text.
    #[inline(always)]
    fn at(&self, i: In<'a>) -> usize {
        self.text.len() - i.len()
    }

    /// The span from the start of `from` to the start of `to` (`to` is a rest of `from`).
    #[inline(always)]
    fn span(&self, from: In<'a>, to: In<'a>) -> Span {
        sp(self.at(from), self.at(to))
    }

    /// A syntax error at the start of `i`: nom's `Failure`, which no alternative recovers.
    #[cold]
    fn failure<T>(
        &self,
        i: In<'a>,
        kind: ErrorKind,
        len: usize,
        expected: Expected,
    ) -> PResult<'a, T> {
        Err(nom::Err::Failure(Fail {
            kind,
            rest: i.len() as u32,
            len: len.min(u16::MAX as usize) as u16,
            expected,
        }))
    }

    /// "Not here": nom's `Error`, which lets `opt` and `alt` try what comes next.
    #[inline(always)]
    fn miss<T>(i: In<'a>) -> PResult<'a, T> {
        Err(nom::Err::Error(Fail {
            kind: ErrorKind::NotAMove,
            rest: i.len() as u32,
            len: 0,
            expected: Expected::Start,
        }))
    }

    /// The [`ParseError`] of a failed production.
    #[cold]
    fn error_of(&self, e: nom::Err<Fail>) -> ParseError {
        match e {
            nom::Err::Error(f) | nom::Err::Failure(f) => error(
                self.text,
                f.kind,
                self.text.len() - f.rest as usize,
                f.len as usize,
                f.expected.text(),
            ),
            nom::Err::Incomplete(_) => error(self.text, ErrorKind::Empty, self.text.len(), 0, ""),
        }
    }

    /// The readings of the first character of a move: the preferred one, and in lenient case
    /// mode maybe another (E2, E5; C.2, C.5: uppercase is a piece, lowercase a file).
    #[inline(always)]
    fn first_readings(&self, i: In<'a>) -> PResult<'a, (First, Option<First>)> {
        let Some(&c) = i.first() else {
            return self.failure(i, ErrorKind::Empty, 0, Expected::Start);
        };
        // castling: a `0` always starts one (or a malformed sign); an `O` or `o` only when
        // a castling sign follows, and is a letter otherwise.
        if c == b'0' {
            return Ok((i, (First::Castling, None)));
        }
        // Strict case, the common first bytes: a file starts a pawn move and an uppercase
        // letter of the set a piece move, with no second reading. The rest is read below.
        if !self.lenient && c != b'O' {
            if (b'a'..=b'h').contains(&c) {
                return Ok((i, (First::Pawn, None)));
            }
            if c.is_ascii_uppercase()
                && let Some(role) = self.language.role_of_upper(c)
            {
                return Ok((i, (First::Piece(role), None)));
            }
        }
        if matches!(c, b'O' | b'o') {
            match self.castling(i) {
                Ok(_) => return Ok((i, (First::Castling, None))),
                Err(nom::Err::Failure(f)) => return Err(nom::Err::Failure(f)),
                Err(_) => {}
            }
        }
        if c.is_ascii_alphabetic() {
            let upper = c.to_ascii_uppercase();
            let lower = c.to_ascii_lowercase();
            let file = (c.is_ascii_lowercase() || self.lenient) && (b'a'..=b'h').contains(&lower);
            let piece = if c.is_ascii_uppercase() || self.lenient {
                self.language.role_of_upper(upper)
            } else {
                None
            };
            // A foreign letter (`Kb1` on a Spanish sheet): uppercase, and not a file reading.
            let piece = match piece {
                None if c.is_ascii_uppercase() && !file => self.language.foreign_role(c as char),
                // Lenient: a letter with different meanings in other sets (`B`), as a guess.
                None if c.is_ascii_uppercase() && self.lenient => self
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
            return match (a, b) {
                (Some(a), b) => Ok((i, (a, b))),
                (None, Some(b)) => Ok((i, (b, None))),
                (None, None) => {
                    let kind = if c.is_ascii_uppercase() && (b'A'..=b'H').contains(&c) {
                        ErrorKind::UppercaseFile
                    } else if c.is_ascii_uppercase() {
                        ErrorKind::UnknownPieceLetter
                    } else {
                        ErrorKind::BadFile
                    };
                    self.failure(i, kind, 1, Expected::Start)
                }
            };
        }
        match self.figurine(i) {
            Ok((_, r)) => Ok((i, (First::Piece(r), None))),
            Err(_) => self.failure(i, ErrorKind::NotAMove, 0, Expected::Start),
        }
    }

    /// move = castling , tail
    ///      | ( piece_move | pawn_move | pawn_letter_move ) , [ " " , ep_marker ] , tail
    ///      | en_passant_capture , tail
    ///      | pawn_move , suffix , " " , ep_marker , [ annotation ]
    ///
    /// (E8–E13; C.8–C.13.) `first` is the reading of the first character, which chooses the
    /// alternative; the en passant marker, before or after the check mark, is read by `tail`.
    ///
    /// The notation is written into `out`, part by part as it is read; a move is at most
    /// [`Notation::MAX_LEN`] bytes ([`ErrorKind::MoveTooLong`] otherwise).
    #[inline(always)]
    fn r#move(&self, i: In<'a>, first: First, out: &mut Notation) -> PResult<'a, ()> {
        // Written in place: on an error, `out` is left part written, and the caller returns
        // the error instead of it.
        *out = Notation::starting_at(self.at(i) as u32);
        let (rest, ()) = match first {
            First::Castling => {
                let (rest, c) = self.castling(i)?;
                out.set_castle(c);
                (rest, ())
            }
            First::Piece(Role::Pawn) => self.pawn_letter_move(i, out)?,
            First::Piece(role) => self.piece_move(i, role, out)?,
            First::Pawn => self.pawn_move(i, out)?,
        };
        let (rest, ()) = self.tail(rest, !out.is_castle(), out)?;
        if !out.set_len(self.at(rest) as u32) {
            return self.failure(
                i,
                ErrorKind::MoveTooLong,
                i.len() - rest.len(),
                Expected::ShortMove,
            );
        }
        Ok((rest, ()))
    }

    /// piece = letter | foreign_letter | figurine (E2, E3; C.2, C.3): one character, whose
    /// role the first-byte dispatch has already read.
    #[inline(always)]
    fn piece(&self, i: In<'a>, role: Role) -> PResult<'a, PieceLetter> {
        let letter = match i.first() {
            Some(&c) if c.is_ascii() => c as char,
            Some(_) => char_at(self.text, self.at(i)).unwrap_or('?'),
            None => return Self::miss(i),
        };
        let rest = &i[letter.len_utf8()..];
        Ok((
            rest,
            PieceLetter {
                role,
                letter,
                span: self.span(i, rest),
            },
        ))
    }

    /// figurine = "♔" | "♕" | "♖" | "♗" | "♘" | "♚" | "♛" | "♜" | "♝" | "♞" (E3; C.3), and
    /// the pawn figurines of `pawn_letter`.
    #[inline]
    fn figurine(&self, i: In<'a>) -> PResult<'a, Role> {
        match i.first() {
            Some(&c) if c >= 0x80 => {}
            _ => return Self::miss(i),
        }
        match char_at(self.text, self.at(i)) {
            Some(ch) => match figurine_role(ch) {
                Some(r) => Ok((&i[ch.len_utf8()..], r)),
                None => Self::miss(i),
            },
            None => Self::miss(i),
        }
    }
}
