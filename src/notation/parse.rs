//! The grammar of one move (Appendix E8–E13 (2005); C.8–C.13 (2023)), as a byte-level parser.
//!
//! The productions mirror `grammar/notacion.ebnf`; each function names the production it
//! implements. The parser works on [normalized](crate::text::normalize) text, one byte at a time,
//! never backtracks more than one token, and never allocates.

use super::ast::*;
use super::error::{ErrorKind, ParseError};
use super::language::{CaseMode, Language, figurine_role};
use crate::text::normalize;
use crate::types::{CastlingSide, File, Rank, Role, Square};

/// The readings of one written move: exactly one in strict mode; one or two in lenient mode.
///
/// The first reading is the one the strict case rules give when they give one (uppercase is a
/// piece, lowercase a file); a second reading reads the first letter the other way.
///
/// ```
/// use planilla::notation::{Parser, CaseMode, Language};
/// use planilla::Role;
/// let lenient = Parser::new(Language::SPANISH, CaseMode::Lenient);
/// let r = lenient.parse_move("cd4").unwrap();
/// assert_eq!(r.len(), 2);
/// assert_eq!(r.as_slice()[0].role(), Some(Role::Pawn)); // c-pawn takes on d4
/// assert_eq!(r.get(1).unwrap().role(), Some(Role::Knight)); // knight to d4
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Readings {
    /// The preferred reading, always inline (the hot path writes it in place).
    first: Notation,
    /// Both readings, when there are two (rare: lenient letters); boxed, which keeps tokens
    /// small. `both[0] == first`.
    both: Option<Box<[Notation; 2]>>,
    /// `true` when the first reading is the text as written, the one strict case gives.
    literal: bool,
}

/// The iterator over [`Readings`], preferred reading first.
pub type ReadingsIter<'a> = core::slice::Iter<'a, Notation>;

impl Readings {
    /// The first (preferred) reading. There is always at least one.
    #[inline]
    pub fn first(&self) -> Notation {
        self.first
    }

    /// How many readings: 1, or 2 when a lenient letter can be read both ways.
    #[inline]
    pub fn len(&self) -> usize {
        1 + self.both.is_some() as usize
    }

    /// Always `false`: a `Readings` value holds at least one reading.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// `true` when the first reading is the text as written: the reading of strict case
    /// (uppercase pieces, lowercase files). Always `true` in strict mode; in lenient mode,
    /// `false` when only a guess reads the text (`CD4`, `Bb5`), and then every reading is a
    /// guess.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// let lenient = Parser::spanish().lenient();
    /// assert!(lenient.parse_move("cd4").unwrap().is_literal());
    /// assert!(!lenient.parse_move("CD4").unwrap().is_literal());
    /// ```
    #[inline]
    pub fn is_literal(&self) -> bool {
        self.literal
    }

    /// `true` when there is more than one reading.
    #[inline]
    pub fn is_ambiguous(&self) -> bool {
        self.both.is_some()
    }

    /// All readings, preferred first.
    #[inline]
    pub fn as_slice(&self) -> &[Notation] {
        match &self.both {
            None => core::slice::from_ref(&self.first),
            Some(b) => &b[..],
        }
    }

    /// The reading at `index` (0 is the preferred one).
    #[inline]
    pub fn get(&self, index: usize) -> Option<&Notation> {
        self.as_slice().get(index)
    }

    /// Iterates over the readings, preferred first.
    #[inline]
    pub fn iter(&self) -> ReadingsIter<'_> {
        self.as_slice().iter()
    }

    /// Applies `f` to every span of every reading.
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) {
        self.first.map_spans(&mut f);
        if let Some(b) = &mut self.both {
            b[0] = self.first;
            b[1].map_spans(&mut f);
        }
    }

    /// A single reading.
    #[inline]
    pub fn one(first: Notation) -> Readings {
        Readings {
            first,
            both: None,
            literal: true,
        }
    }

    /// Keeps only the first reading, and gives access to it (for parsing in place).
    #[inline]
    fn first_only(&mut self) -> &mut Notation {
        self.both = None;
        &mut self.first
    }

    /// Adds a second reading.
    #[inline]
    fn push_second(&mut self, second: Notation) {
        self.both = Some(Box::new([self.first, second]));
    }
}

impl<'a> IntoIterator for &'a Readings {
    type Item = &'a Notation;
    type IntoIter = ReadingsIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Notation {
    /// The piece or pawn move, or `None` for castling.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// let n = Parser::spanish().parse_move("Cf3").unwrap().first();
    /// assert!(n.normal().is_some() && n.castle().is_none());
    /// ```
    #[inline]
    pub const fn normal(&self) -> Option<&Normal> {
        match &self.body {
            Body::Normal(m) => Some(m),
            Body::Castle(_) => None,
        }
    }

    /// The castling, or `None` for a piece or pawn move.
    #[inline]
    pub const fn castle(&self) -> Option<&Castle> {
        match &self.body {
            Body::Castle(c) => Some(c),
            Body::Normal(_) => None,
        }
    }

    /// The role that moves, or `None` for castling.
    #[inline]
    pub const fn role(&self) -> Option<Role> {
        match &self.body {
            Body::Normal(m) => Some(m.role()),
            Body::Castle(_) => None,
        }
    }
}

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

    /// castling = glyph ("-"? glyph){1,2} (E "Abreviaturas esenciales"; C.13; `O`, `o` and no
    /// dashes: lenient extensions). `Ok(None)` when an `O`/`o` is not castling.
    fn castling(
        &self,
        s: &str,
        pos: usize,
        out: &mut Notation,
    ) -> Result<Option<usize>, ParseError> {
        let b = s.as_bytes();
        let g = b[pos];
        let glyph = match g {
            b'0' => CastlingGlyph::Zero,
            b'O' => CastlingGlyph::UpperO,
            _ => CastlingGlyph::LowerO,
        };
        let mut j = pos + 1;
        let mut n = 1;
        let mut dashes = None;
        while n < 3 {
            let (k, dash) = if b.get(j) == Some(&b'-') {
                (j + 1, true)
            } else {
                (j, false)
            };
            if b.get(k) == Some(&g) && dashes.is_none_or(|d| d == dash) {
                dashes = Some(dash);
                n += 1;
                j = k + 1;
            } else {
                break;
            }
        }
        if n == 1 {
            if g == b'0' {
                return Err(error(
                    s,
                    ErrorKind::BadCastling,
                    pos,
                    b.len().min(pos + 2) - pos,
                    "castling 0-0 or 0-0-0",
                ));
            }
            return Ok(None);
        }
        // A fourth glyph, or a dangling dash, is a malformed sign.
        if matches!(b.get(j), Some(&c) if c == g || c == b'-' || c == b'0' || c == b'O' || c == b'o')
        {
            return Err(error(
                s,
                ErrorKind::BadCastling,
                j,
                1,
                "the end of the castling sign",
            ));
        }
        let side = if n == 2 {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let castle = Castle {
            side,
            style: CastlingStyle {
                glyph,
                dashes: dashes.unwrap_or(true),
            },
            span: sp(pos, j),
        };
        Ok(Some(self.tail(s, pos, j, Body::Castle(castle), false, out)))
    }

    #[inline]
    fn file_at(&self, b: &[u8], i: usize) -> Option<File> {
        let c = *b.get(i)?;
        let c = if self.is_lenient() {
            c.to_ascii_lowercase()
        } else {
            c
        };
        File::from_char(c as char)
    }

    /// normal_move = [piece] [origin] [separator] target [promotion] (E8–E12; C.8–C.11).
    #[inline(always)]
    fn normal(
        &self,
        s: &str,
        pos: usize,
        first: First,
        out: &mut Notation,
    ) -> Result<usize, ParseError> {
        let b = s.as_bytes();
        let mut i = pos;
        let piece = match first {
            First::Piece(role) => {
                let letter = match b[i] {
                    c if c.is_ascii() => c as char,
                    _ => char_at(s, i).unwrap_or('?'),
                };
                let n = letter.len_utf8();
                let p = PieceLetter {
                    role,
                    letter,
                    span: sp(i, i + n),
                };
                i += n;
                Some(p)
            }
            First::Pawn => None,
        };
        // Group 1: file? rank?
        let g1 = i;
        let (f1, r1, g1_end) = self.coords(s, i)?;
        i = g1_end;
        // separator = capture | "-"  (E9; C.9; dash: lenient extension)
        let separator = self.separator_at(s, i);
        if let Some(sep) = separator {
            i = sep.span.end as usize;
        }
        // Group 2 starts after a separator, or at a file letter (followed by a rank when
        // group 1 is already a full square, so that `e8D` stays a promotion).
        let g2_starts = separator.is_some()
            || match self.file_at(b, i) {
                Some(_) if f1.is_some() && r1.is_some() => {
                    matches!(b.get(i + 1), Some(b'1'..=b'8'))
                }
                Some(_) => true,
                None => false,
            };
        let (from_file, from_rank, from_span, target, target_span, expected) = if g2_starts {
            let g2 = i;
            let (f2, r2, end) = self.coords(s, i)?;
            i = end;
            let target = target_of(f2, r2);
            let what = "a target square after the separator";
            (f1, r1, sp(g1, g1_end), target, sp(g2, i), what)
        } else {
            let what = "a target square after the piece letter";
            (
                None,
                None,
                sp(g1, g1),
                target_of(f1, r1),
                sp(g1, g1_end),
                what,
            )
        };
        let Some(target) = target else {
            return Err(error(s, ErrorKind::MissingTarget, i, 0, expected));
        };
        let is_pawn = piece.is_none_or(|p| p.role == Role::Pawn);
        // promotion = ("=" | "/") [piece] | "(" [piece] ")" | piece   (E12; C.11)
        let mut promotion = None;
        if !self.en_passant_here(b, i)
            && let Some(p) = self.promotion_at(s, i)?
        {
            if !is_pawn {
                return Err(ParseError::new(
                    ErrorKind::PromotionOnPieceMove,
                    p.span,
                    char_at(s, i),
                    "no promotion after a piece move",
                ));
            }
            i = p.span.end as usize;
            promotion = Some(p);
        }
        let body = Body::Normal(Normal {
            piece,
            from_file,
            from_rank,
            from_span,
            separator,
            target,
            target_span,
            promotion,
        });
        Ok(self.tail(s, pos, i, body, true, out))
    }

    /// coords = [file] [rank]: an origin hint or a target, possibly incomplete (E7, E10; C.7,
    /// C.10). Returns the file, the rank and the byte after them.
    #[inline]
    fn coords(
        &self,
        s: &str,
        mut i: usize,
    ) -> Result<(Option<File>, Option<Rank>, usize), ParseError> {
        let f = self.file_at(s.as_bytes(), i);
        if f.is_some() {
            i += 1;
        }
        let r = self.rank_at(s, i, f.is_some())?;
        if r.is_some() {
            i += 1;
        }
        Ok((f, r, i))
    }

    /// rank = "1".."8" (E6; C.6). A digit `0` or `9` right after a file is a bad rank.
    #[inline]
    fn rank_at(&self, s: &str, i: usize, after_file: bool) -> Result<Option<Rank>, ParseError> {
        match s.as_bytes().get(i) {
            Some(&c @ b'1'..=b'8') => Ok(Rank::from_char(c as char)),
            Some(b'0' | b'9') if after_file => {
                Err(error(s, ErrorKind::BadRank, i, 1, "a rank 1-8"))
            }
            _ => Ok(None),
        }
    }

    /// separator = "x" | ":" | "×" | "-"   ("X" in lenient mode).
    #[inline]
    fn separator_at(&self, s: &str, i: usize) -> Option<Separator> {
        let b = s.as_bytes();
        let (kind, n) = match *b.get(i)? {
            b'x' => (SeparatorKind::Capture(CaptureMark::X), 1),
            b'X' if self.is_lenient() => (SeparatorKind::Capture(CaptureMark::X), 1),
            b':' => (SeparatorKind::Capture(CaptureMark::Colon), 1),
            b'-' => (SeparatorKind::Dash, 1),
            0xC3 if b.get(i + 1) == Some(&0x97) => (SeparatorKind::Capture(CaptureMark::Cross), 2),
            _ => return None,
        };
        Some(Separator {
            kind,
            span: sp(i, i + n),
        })
    }

    /// A piece letter or figurine at `i` (for promotions): `(role, char, len)`.
    #[inline(always)]
    fn piece_letter_at(&self, s: &str, i: usize) -> Option<(Role, char, usize)> {
        let c = *s.as_bytes().get(i)?;
        if c.is_ascii_uppercase() || (self.is_lenient() && c.is_ascii_lowercase()) {
            let r = self
                .language
                .role_of_upper(c.to_ascii_uppercase())
                .or_else(|| {
                    // Foreign letters (`e8Q` on a Spanish sheet) only in uppercase.
                    self.language.foreign_role(c as char)
                })?;
            Some((r, c as char, 1))
        } else if c >= 0x80 {
            let ch = char_at(s, i)?;
            figurine_role(ch).map(|r| (r, ch, ch.len_utf8()))
        } else {
            None
        }
    }

    #[inline(always)]
    fn promotion_at(&self, s: &str, i: usize) -> Result<Option<Promotion>, ParseError> {
        let b = s.as_bytes();
        let Some(&c) = b.get(i) else { return Ok(None) };
        let style = match c {
            b'=' => PromotionStyle::Equals,
            b'/' => PromotionStyle::Slash,
            b'(' if b.get(i + 1) != Some(&b'=') => PromotionStyle::Parenthesized,
            _ => {
                return Ok(self.piece_letter_at(s, i).map(|(r, ch, n)| Promotion {
                    role: Some(r),
                    letter: Some(ch),
                    style: PromotionStyle::Attached,
                    span: sp(i, i + n),
                }));
            }
        };
        let mut j = i + 1;
        let piece = self.piece_letter_at(s, j);
        if let Some((_, _, n)) = piece {
            j += n;
        } else if matches!(b.get(j), Some(c) if c.is_ascii_alphabetic()) {
            return Err(error(
                s,
                ErrorKind::BadPromotion,
                j,
                1,
                "a piece letter for the promotion",
            ));
        }
        if style == PromotionStyle::Parenthesized {
            if b.get(j) != Some(&b')') {
                return Err(error(
                    s,
                    ErrorKind::BadPromotion,
                    j,
                    0,
                    "')' closing the promotion",
                ));
            }
            j += 1;
        }
        Ok(Some(Promotion {
            role: piece.map(|p| p.0),
            letter: piece.map(|p| p.1),
            style,
            span: sp(i, j),
        }))
    }

    /// Whether an en passant marker starts at `i` (attached), so that lenient `exd6ap` does not
    /// read `a` as a promotion to a bishop.
    #[inline]
    fn en_passant_here(&self, b: &[u8], i: usize) -> bool {
        matches!(b.get(i), Some(b'a' | b'e')) && en_passant_at(b, i).is_some()
    }

    /// The marks after a move body: `[en_passant] [suffix] [annotation] [draw_offer]`.
    #[inline(always)]
    fn tail(
        &self,
        s: &str,
        start: usize,
        mut i: usize,
        body: Body,
        normal: bool,
        out: &mut Notation,
    ) -> usize {
        let b = s.as_bytes();
        // en_passant = ws? ("a.p." | "a.p" | "ap" | "e.p." | "e.p" | "ep")  (E9; C.9), before
        // or after the check mark (`exf3 a.p.+`, `exf3+ a.p.`): both orders are seen.
        let en_passant_after = |i: usize| {
            let mut j = i;
            while matches!(b.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            en_passant_at(b, j).map(|(style, e)| EnPassant {
                style,
                span: sp(j, e),
            })
        };
        let mut en_passant = if normal { en_passant_after(i) } else { None };
        if let Some(e) = en_passant {
            i = e.span.end as usize;
        }
        // suffix = "++" | "+" | "#"  (E abbreviations; C.13)
        let mut suffix = None;
        match b.get(i) {
            Some(b'+') if b.get(i + 1) == Some(&b'+') => {
                suffix = Some(Suffix {
                    kind: SuffixKind::DoublePlus,
                    span: sp(i, i + 2),
                });
                i += 2;
            }
            Some(b'+') => {
                suffix = Some(Suffix {
                    kind: SuffixKind::Check,
                    span: sp(i, i + 1),
                });
                i += 1;
            }
            Some(b'#') => {
                suffix = Some(Suffix {
                    kind: SuffixKind::Hash,
                    span: sp(i, i + 1),
                });
                i += 1;
            }
            _ => {}
        }
        if normal
            && en_passant.is_none()
            && suffix.is_some()
            && let Some(e) = en_passant_after(i)
        {
            en_passant = Some(e);
            i = e.span.end as usize;
        }
        // annotation = "!!" | "??" | "!?" | "?!" | "!" | "?"  (lenient extension, PGN §10)
        let mut annotation = None;
        if let Some(&c @ (b'!' | b'?')) = b.get(i) {
            let two = match (c, b.get(i + 1)) {
                (b'!', Some(b'!')) => Some(AnnotationKind::Brilliant),
                (b'?', Some(b'?')) => Some(AnnotationKind::Blunder),
                (b'!', Some(b'?')) => Some(AnnotationKind::Speculative),
                (b'?', Some(b'!')) => Some(AnnotationKind::Dubious),
                _ => None,
            };
            let (kind, n) = match two {
                Some(k) => (k, 2),
                None if c == b'!' => (AnnotationKind::Good, 1),
                None => (AnnotationKind::Mistake, 1),
            };
            annotation = Some(Annotation {
                kind,
                span: sp(i, i + n),
            });
            i += n;
        }
        // draw_offer = ws? "(=)"  (E13; C.12)
        let mut draw_offer = None;
        let mut j = i;
        while matches!(b.get(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        if b.get(j..j + 3) == Some(b"(=)") {
            draw_offer = Some(sp(j, j + 3));
            i = j + 3;
        }
        *out = Notation {
            body,
            en_passant,
            suffix,
            annotation,
            draw_offer,
            span: sp(start, i),
        };
        i
    }
}

/// The target from an optional file and rank: a square, or an incomplete target.
#[inline]
fn target_of(file: Option<File>, rank: Option<Rank>) -> Option<Target> {
    match (file, rank) {
        (Some(f), Some(r)) => Some(Target::Square(Square::from_coords(f, r))),
        (Some(f), None) => Some(Target::File(f)),
        (None, Some(r)) => Some(Target::Rank(r)),
        (None, None) => None,
    }
}

/// Matches an en passant marker at `i`, followed by a non-alphanumeric byte or the end.
#[inline]
pub(crate) fn en_passant_at(b: &[u8], i: usize) -> Option<(EnPassantStyle, usize)> {
    if !matches!(b.get(i), Some(b'a' | b'e')) {
        return None;
    }
    for style in EnPassantStyle::ALL {
        let t = style.as_str().as_bytes();
        if b.get(i..i + t.len()) == Some(t) {
            let e = i + t.len();
            if !matches!(b.get(e), Some(c) if c.is_ascii_alphanumeric()) {
                return Some((style, e));
            }
        }
    }
    None
}
