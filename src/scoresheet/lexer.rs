//! The movetext tokenizer: a pull parser over a whole scoresheet or PGN file.

use std::borrow::Cow;

use nom::character::complete::{char as ch, digit1, space0};
use nom::{IResult, Parser as _};

use super::words::{
    HeaderField, Outcome, Termination, header_at, outcome_at, termination_at, word_letters,
};
use crate::notation::descriptive::print_punctuation;
use crate::notation::{ErrorKind, Notation, ParseError, Parser, Readings, Span, error};
use crate::text::{Normalized, normalize};
use crate::types::Color;

/// One token of a scoresheet: what it is ([`TokenKind`]) and its span in the original text.
///
/// Appendix E (2005) and C (2023) say nothing about move numbers and results; their forms follow
/// PGN (§8.2) and Spanish scoresheets (lenient extensions, see `grammar/notacion.ebnf`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// What the token is.
    pub kind: TokenKind<'a>,
    /// Its span in the original text: a move's whole writing, a tag pair's brackets, a
    /// comment's delimiters, a clock time's parentheses.
    pub span: Span,
}

/// What a [`Token`] is, with what it holds besides its span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TokenKind<'a> {
    /// A PGN tag pair `[Name "value"]` (PGN §8.1), value unescaped.
    Tag {
        /// The tag name.
        name: Cow<'a, str>,
        /// The value, with `\"` and `\\` unescaped.
        value: Cow<'a, str>,
    },
    /// A header line of a Spanish scoresheet, such as `Blancas: Pérez, Ana`.
    Header {
        /// Which field (mapped to a Seven Tag Roster tag).
        field: HeaderField,
        /// The value, trimmed.
        value: Cow<'a, str>,
    },
    /// A move number: `1.`, `1 .`, `1...`, `1…`, `1.-` or a bare `9` before a move.
    MoveNumber {
        /// The number.
        number: u32,
        /// The side whose move the number stands before: Black for the `1...` form, White for
        /// the others (`1.` numbers White's move and the pair).
        side: Color,
    },
    /// A move, with every reading of it (see [`Readings`]).
    Move(Readings),
    /// A move in descriptive notation (`P4R`, `P-K4`), read when the parser's language allows
    /// it ([`Language::with_notation`](crate::notation::Language::with_notation)).
    Descriptive(Box<crate::notation::descriptive::DescriptiveMove>),
    /// A numeric annotation glyph `$n` (PGN §8.2.4), or a standalone `!`, `?`, `!!`, `??`,
    /// `!?`, `?!` (NAG 1–6).
    Nag {
        /// The NAG number.
        nag: u8,
    },
    /// A comment `{…}` or `;…` (PGN §8.2.5), without its delimiters.
    Comment {
        /// The comment text.
        text: Cow<'a, str>,
    },
    /// `(`: a variation starts (PGN §8.2.5).
    VariationStart,
    /// `)`: the variation ends.
    VariationEnd,
    /// A draw offer `(=)` not attached to a move (E13; C.12).
    DrawOffer,
    /// A box left blank where a move belongs: `—`, `-` or `…` (`...`) standing alone right
    /// after White's move number (`3. — a6`), or after White's move at the end of its line or
    /// before the next number (`2. Cf3 —`). The checker reports the move as missing
    /// (`missing-move`, Art. 8.1); the reconstruction fills it. Anywhere else a dash alone
    /// stays the separator of print (`1: e2-e4 -- e7-e5`).
    Blank,
    /// A clock time written after a move (Art. 8.1 (2018, 2023): the sheet may record the
    /// clocks' times): `1:20`, `0:04`, `1:20:05` and `(1:20)` by their colon; `1.20` (hours
    /// and minutes) only right after a move, where no move number can stand glued to figures.
    Clock {
        /// The time, in whole seconds.
        seconds: u32,
    },
    /// A game result: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*` or Spanish words (`tablas`…).
    Outcome {
        /// Which result.
        outcome: Outcome,
    },
    /// A termination word after the last move or after the result: `abandono`, `(tiempo)`,
    /// `jaque mate`, `W.O.`…
    Termination {
        /// Which termination.
        termination: Termination,
    },
    /// A word the grammar does not read as a move (`lo`, `mejor`, `Moves:`, `P-`), with the
    /// error that reading it gave. On a scoresheet the checker reports that error at the word's
    /// ply; in printed text the word may be prose between the moves (see
    /// `grammar/notacion.ebnf`, `prose`, and [`crate::check`]). Its span runs from the word's
    /// first byte to the next white space, brace or closing parenthesis.
    Word {
        /// The error of reading the word as a move, in the original text.
        error: ParseError,
    },
    /// Text after the result, on its line, that is no termination word: kept, so that it is
    /// reported (a warning) and never starts a game.
    UnknownWord {
        /// The text, to the end of the line.
        text: Cow<'a, str>,
    },
}

impl TokenKind<'_> {
    /// Whether the token is a word where a move may stand: a move, algebraic or descriptive,
    /// or a word that reads as none ([`TokenKind::Word`]). The checker counts these as the
    /// moves still to read.
    pub fn is_word(&self) -> bool {
        matches!(
            self,
            TokenKind::Move(_) | TokenKind::Descriptive(_) | TokenKind::Word { .. }
        )
    }
}

impl Token<'_> {
    /// The token borrowing nothing from the text it was read from.
    pub fn into_owned(self) -> Token<'static> {
        let owned = |text: Cow<'_, str>| Cow::Owned(text.into_owned());
        let kind = match self.kind {
            TokenKind::Tag { name, value } => TokenKind::Tag {
                name: owned(name),
                value: owned(value),
            },
            TokenKind::Header { field, value } => TokenKind::Header {
                field,
                value: owned(value),
            },
            TokenKind::Comment { text } => TokenKind::Comment { text: owned(text) },
            TokenKind::UnknownWord { text } => TokenKind::UnknownWord { text: owned(text) },
            TokenKind::Termination { termination } => TokenKind::Termination { termination },
            TokenKind::Clock { seconds } => TokenKind::Clock { seconds },
            TokenKind::MoveNumber { number, side } => TokenKind::MoveNumber { number, side },
            TokenKind::Move(r) => TokenKind::Move(r),
            TokenKind::Descriptive(d) => TokenKind::Descriptive(d),
            TokenKind::Word { error } => TokenKind::Word { error },
            TokenKind::Nag { nag } => TokenKind::Nag { nag },
            TokenKind::VariationStart => TokenKind::VariationStart,
            TokenKind::VariationEnd => TokenKind::VariationEnd,
            TokenKind::DrawOffer => TokenKind::DrawOffer,
            TokenKind::Blank => TokenKind::Blank,
            TokenKind::Outcome { outcome } => TokenKind::Outcome { outcome },
        };
        Token {
            kind,
            span: self.span,
        }
    }

    /// Maps every span of the token (a move's parts, a word's error too) through `f`. A move
    /// whose mapped span passes [`Notation::MAX_LEN`] becomes a word that reads as no move.
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) {
        self.span = f(self.span);
        match &mut self.kind {
            TokenKind::Move(r) => {
                match r.map_spans(&mut f) {
                    Ok(()) => self.span = r.first().span(),
                    // Too long to keep once mapped: the word is unreadable (Notation::MAX_LEN).
                    Err(error) => {
                        self.span = error.span;
                        self.kind = TokenKind::Word { error };
                    }
                }
            }
            TokenKind::Descriptive(d) => {
                d.map_spans(&mut f);
                self.span = d.span;
                if d.span.len() > Notation::MAX_LEN {
                    let error = ParseError::move_too_long(d.span);
                    self.kind = TokenKind::Word { error };
                }
            }
            TokenKind::Word { error } => error.span = f(error.span),
            _ => {}
        }
    }

    /// The token's span in the original text.
    pub fn span(&self) -> Span {
        self.span
    }
}

/// A pull tokenizer over a whole text (one or many games): an `Iterator` of tokens.
///
/// Runs in linear time and constant memory besides the normalized copy of non-ASCII input:
/// variations are counted, not recursed into, so 10⁶ nested parentheses cost nothing. A word
/// that does not read as a move is a [`TokenKind::Word`] with its error; after any other error
/// it skips to the next whitespace and goes on.
///
/// ```
/// use planilla::notation::Parser;
/// use planilla::scoresheet::{Lexer, TokenKind};
/// let tokens: Vec<_> = Lexer::new("1.e4 e5 2.Cf3 {bien} (2.Ac4) 1-0", Parser::spanish())
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(tokens.len(), 11);
/// assert!(matches!(&tokens[5].kind, TokenKind::Comment { text } if text == "bien"));
/// assert_eq!(tokens[5].span.range(), 14..20);
/// ```
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    norm: Normalized<'a>,
    parser: Parser,
    pos: usize,
    depth: u32,
    /// Where the outermost open variation started (normalized offset).
    outer_open: usize,
    line_start: bool,
    /// The line (from 0) of the current position: lines of a two-column sheet are its rows.
    line: u32,
    /// A result was read outside variations, and no other token since but termination words.
    after_result: bool,
    /// The line of that result.
    result_line: u32,
    /// The last move number read: a number glued to a move must be the next one.
    last_number: Option<u32>,
    /// The last move number read outside variations, the last one again after them.
    main_number: Option<u32>,
    /// The last token was a move: a clock time may follow it (`4. Aa4 1.20`).
    after_move: bool,
    /// Outside variations, the boxes read since White's last move number (a move, a word or
    /// a blank; after Black's own number, two): where a blank box may stand.
    since_number: Option<u8>,
    too_large: bool,
}

/// The PGN tag pair: `[` name value `]`, with nom.
fn tag_pair(i: &str) -> IResult<&str, (&str, usize, usize)> {
    let (i, _) = ch('[').parse(i)?;
    let (i, _) = space0(i)?;
    let (i, name) = nom::bytes::complete::take_while1(|c: char| {
        c.is_ascii_alphanumeric() || c == '_' || c == '+' || c == '#' || c == '='
    })
    .parse(i)?;
    let (i, _) = space0(i)?;
    let (i, _) = ch('"').parse(i)?;
    // The value ends at the first unescaped quote on the same line.
    let b = i.as_bytes();
    let mut j = 0;
    while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
        j += if b[j] == b'\\' && j + 1 < b.len() && b[j + 1] != b'\n' {
            2
        } else {
            1
        };
    }
    if b.get(j) != Some(&b'"') {
        return Err(nom::Err::Error(nom::error::Error::new(
            &i[j.min(i.len())..],
            nom::error::ErrorKind::Char,
        )));
    }
    let value_len = j;
    let (i2, _) = space0(&i[j + 1..])?;
    let (i2, _) = ch(']').parse(i2)?;
    Ok((i2, (name, i.len(), value_len)))
}

fn unescape(v: &str) -> Cow<'_, str> {
    if !v.contains('\\') {
        return Cow::Borrowed(v);
    }
    let mut out = String::with_capacity(v.len());
    let mut it = v.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            if let Some(n) = it.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The PGN tag names a broken tag pair keeps (the Seven Tag Roster and the common optional
/// tags, PGN §8.1.1 and §9): a bracket that starts with one of them is a tag pair written
/// wrong, never a remark.
const TAG_NAMES: [&[u8]; 22] = [
    b"event",
    b"site",
    b"date",
    b"round",
    b"white",
    b"black",
    b"result",
    b"whiteelo",
    b"blackelo",
    b"eco",
    b"fen",
    b"setup",
    b"annotator",
    b"plycount",
    b"timecontrol",
    b"time",
    b"termination",
    b"mode",
    b"eventdate",
    b"opening",
    b"variation",
    b"board",
];

/// The most bytes a remark in square brackets may hold: a footnote of a book fills a page.
const REMARK_MAX: usize = 16 * 1024;

/// Whether a line that starts with `[` opens a remark rather than a tag pair: no quotation mark
/// on it, and its first word no tag name ([`TAG_NAMES`]). A tag pair written wrong keeps its
/// quotation marks or its name, and stays an error.
pub(super) fn remark_opens(line: &[u8]) -> bool {
    let line = &line[..memchr_newline(line, 0)];
    if line.contains(&b'"') {
        return false;
    }
    let rest = line[1..].trim_ascii_start();
    let word = &rest[..rest
        .iter()
        .position(|c| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len())];
    !TAG_NAMES.iter().any(|t| t.eq_ignore_ascii_case(word))
}

/// Whether the first number written in `b` (figures after a blank and before a dot, within
/// 200 bytes) is `2`: what follows an OCR'd first number (`l. P4R, P4R; 2. C3AR`).
fn next_number_is_two(b: &[u8]) -> bool {
    let b = &b[..b.len().min(200)];
    (1..b.len())
        .find(|&p| {
            b[p].is_ascii_digit() && b[p - 1].is_ascii_whitespace() && {
                let n = b[p..].iter().take_while(|c| c.is_ascii_digit()).count();
                b.get(p + n) == Some(&b'.')
            }
        })
        .is_some_and(|p| b[p] == b'2' && b.get(p + 1) == Some(&b'.'))
}

/// The length of a remark in square brackets at the start of `b`, closed within
/// [`REMARK_MAX`] bytes and holding no other bracket and no quotation mark:
/// `[Illustration]` (Project Gutenberg's placeholder for a figure), `[A]`, a book's
/// `[Footnote: …]` over several lines, `[Las negras juegan bien …]` (Spanish Wikipedia). No
/// slip of a move writes a bracket (`grammar/notacion.ebnf`, `remark`). The search stops at
/// the next `[`, so that the text is read in linear time.
pub(super) fn bracket_remark(b: &[u8]) -> Option<usize> {
    if !remark_opens(b) {
        return None;
    }
    let close = b[1..]
        .iter()
        .take(REMARK_MAX)
        .position(|&c| matches!(c, b']' | b'[' | b'"'))?
        + 1;
    (b[close] == b']' && b[1..close].iter().any(|c| !c.is_ascii_whitespace())).then_some(close + 1)
}

/// Whether the line at `i` (a line's first byte) is part of a board diagram printed as text
/// (Edward Lasker, *Chess Strategy*, 1915): a rank `8 | #R |    | #B |`, a rule
/// `|-------|` or `--------`, or the files' legend `A    B    C    D    E    F    G    H`.
/// No move is written with a bar, a rule of eight dashes or the eight files in a row
/// (`grammar/notacion.ebnf`, `diagram_line`). Returns the line's end.
fn diagram_line(b: &[u8], i: usize) -> Option<usize> {
    // The first bytes decide most lines (every numbered line of a sheet) before the line's
    // end is looked for.
    let at = |k: usize| b.get(i + k).copied();
    let spaces = b[i + 1..].iter().take_while(|&&c| c == b' ').count();
    let maybe = match b[i] {
        b'D' => return diagram_caption(b, i),
        b'1'..=b'8' => at(1 + spaces) == Some(b'|'),
        b'|' => true,
        b'-' => at(1) == Some(b'-'),
        b'A' | b'a' => spaces > 0 && matches!(at(1 + spaces), Some(b'B' | b'b')),
        _ => false,
    };
    if !maybe {
        return None;
    }
    let end = memchr_newline(b, i);
    let line = b[i..end].trim_ascii_end();
    let is = match line[0] {
        b'1'..=b'8' | b'|' => true,
        b'-' => line.len() >= 8 && line.iter().all(|&c| c == b'-' || c == b' '),
        _ => {
            let letters: Vec<u8> = line
                .split(u8::is_ascii_whitespace)
                .filter(|w| !w.is_empty())
                .map(|w| {
                    if w.len() == 1 {
                        w[0].to_ascii_lowercase()
                    } else {
                        0
                    }
                })
                .collect();
            letters == b"abcdefgh"
        }
    };
    is.then_some(i + line.len())
}

/// A diagram's caption alone on its line: `Diag. 128.` (Edward Lasker, *Chess Strategy*,
/// 1915), `Diagram 62`, `DIAGRAM 62.` (*Chess and Checkers*, 1918). Its number is the
/// diagram's, never a move's (`grammar/notacion.ebnf`, `caption_line`). Returns the line's
/// end.
fn diagram_caption(b: &[u8], i: usize) -> Option<usize> {
    let end = memchr_newline(b, i);
    let line = b[i..end].trim_ascii_end();
    let rest = [&b"Diag."[..], b"Diagram", b"DIAGRAM"]
        .into_iter()
        .find_map(|w| line.strip_prefix(w))?;
    let number = rest.trim_ascii_start();
    let number = number.strip_suffix(b".").unwrap_or(number);
    (number.len() < rest.len()
        && !number.is_empty()
        && number.len() <= 4
        && number.iter().all(u8::is_ascii_digit))
    .then_some(i + line.len())
}

/// Project Gutenberg's marks around a block its text keeps as printed, `/*` and `*/`, each a
/// word of its own (capablanca-21: `{104} /*    18. ........ B - K 2 ...  P - B 3 */`): the
/// transcriber's, not the book's, and no slip of a move (`grammar/notacion.ebnf`,
/// `block_marker`). Returns the mark's end.
fn block_marker(b: &[u8], i: usize) -> Option<usize> {
    let mark = b.get(i..i + 2)?;
    let alone = |k: usize| k == 0 || b[k - 1].is_ascii_whitespace();
    (matches!(mark, b"/*" | b"*/") && alone(i) && b.get(i + 2).is_none_or(u8::is_ascii_whitespace))
        .then_some(i + 2)
}

/// A move number: digits, then optional spaces and dots, then an optional dash (`1.-`).
///
/// Print puts a spaced ellipsis after White's number for Black's move (`4. ... PxP`,
/// `2. … Cc6`, `1. ........  K-R7`; Capablanca, *Chess Fundamentals*, 1921; Wikipedia in
/// Spanish): the ellipsis, two dots or more after spaces, belongs to the number and makes it
/// Black's (`grammar/notacion.ebnf`, `move_number`). The dots counted are the number's own
/// and the ellipsis's.
fn move_number(i: &str) -> IResult<&str, (&str, usize)> {
    let (i, digits) = digit1(i)?;
    let (after_space, _) = space0(i)?;
    let mut dots = after_space.bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        return Ok((i, (digits, 0)));
    }
    let mut rest = &after_space[dots..];
    if dots == 1 {
        let spaced = rest.trim_start_matches([' ', '\t']);
        let ellipsis = spaced.bytes().take_while(|&b| b == b'.').count();
        if ellipsis >= 2 && spaced.len() < rest.len() {
            rest = &spaced[ellipsis..];
            dots += ellipsis;
        }
    }
    if let Some(r) = rest.strip_prefix('-') {
        rest = r;
    }
    Ok((rest, (digits, dots)))
}

/// Where a descriptive connector ends that stands one space after byte `end` and before a
/// capital (`… to K's sq.`, `… takes Kt.`), or the first rank in words (`… sq`), if one does.
fn connector_after(b: &[u8], end: usize) -> Option<usize> {
    if b.get(end) != Some(&b' ') {
        return None;
    }
    let rest = &b[end + 1..];
    // The first rank in words after a square already read (`K-R3 sq`, an edit of `K-R sq`):
    // the square written twice.
    for sq in ["sq.", "sq", "square"] {
        if rest.starts_with(sq.as_bytes())
            && rest
                .get(sq.len())
                .is_none_or(|&c| is_delimiter(c) || c == b'.' || c == b',')
        {
            return Some(end + 1 + sq.len());
        }
    }
    let word = ["to ", "takes ", "take "]
        .into_iter()
        .find(|w| rest.starts_with(w.as_bytes()))?;
    let after = end + 1 + word.len();
    b.get(after)
        .is_some_and(u8::is_ascii_uppercase)
        .then_some(after - 1)
}

/// The end of a word of prose glued to a move number after it (`Züge1. d2–d4`, the label of a
/// German Wikipedia infobox run into its moves by a copy; `Moviments1.e4`, Catalan;
/// `Bearbeiten1. e2-e4`, a page's link word): four letters or more, one of them a letter no
/// move writes (one outside the ASCII letters, or a lowercase one past `h` other than the `x`
/// of a capture and the `t` of `Kt`), then figures and a dot. No move is such a word.
fn glued_label(s: &str, i: usize) -> Option<usize> {
    let word = &s[i..];
    let letters = word
        .char_indices()
        .find(|&(_, c)| !c.is_alphabetic())
        .map_or(word.len(), |(k, _)| k);
    let (run, rest) = word.split_at(letters);
    let prose_letter = |c: char| !c.is_ascii() || matches!(c, 'i'..='w' | 'y' | 'z') && c != 't';
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    (run.chars().count() >= 4
        && run.chars().any(prose_letter)
        && (1..=3).contains(&digits)
        && rest.as_bytes().get(digits) == Some(&b'.'))
    .then_some(i + letters)
}

/// A clock time at `i`: hours of one or two figures, then minutes (`1:20`, `0:04`) and perhaps
/// seconds (`1:20:05`) after colons; or, `after_move`, hours and minutes after a dot (`1.20`),
/// which no move number is (a number's dot is followed by a move, never by two figures).
/// Minutes and seconds under 60. The time in seconds and the byte after it.
/// The NAG of the annotation mark that `b` starts with (`!`, `?`, `!!`, `??`, `!?`, `?!`: NAG
/// 1 to 6, PGN §10), and its length in bytes. `b` starts with `!` or `?`.
fn annotation_nag(b: &[u8]) -> (u8, usize) {
    let second = b.get(1).copied().filter(|&d| d == b'!' || d == b'?');
    let nag = match (b[0], second) {
        (b'!', None) => 1,
        (b'?', None) => 2,
        (b'!', Some(b'!')) => 3,
        (b'?', Some(b'?')) => 4,
        (b'!', Some(_)) => 5,
        _ => 6,
    };
    (nag, 1 + usize::from(second.is_some()))
}

/// An annotation mark in parentheses at `i`, where `b[i]` is `(`: `(?)`, `(!)`, `(!?)`…, as
/// print sets a mark apart from its move (`1. e4(?) e5`, Italian Wikipedia; `P-K R 3(?)`, `Kt
/// R 4(!)`, the *Evening Star* and the *Otago Witness*, Dunedin). No move and no variation is
/// written with a mark alone in parentheses. Its NAG and the index after `)`.
fn bracketed_nag(b: &[u8], i: usize) -> Option<(u8, usize)> {
    let rest = b.get(i + 1..)?;
    if !matches!(rest.first(), Some(b'!' | b'?')) {
        return None;
    }
    let (nag, len) = annotation_nag(rest);
    (rest.get(len) == Some(&b')')).then_some((nag, i + 1 + len + 1))
}

fn clock_at(b: &[u8], i: usize, after_move: bool) -> Option<(u32, usize)> {
    let figures = |at: usize, max: usize| {
        let n = b
            .get(at..)?
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        (1..=max).contains(&n).then_some(n)
    };
    let value = |at: usize, n: usize| {
        b[at..at + n]
            .iter()
            .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'))
    };
    let h = figures(i, 2)?;
    let separator = *b.get(i + h)?;
    if !(separator == b':' || separator == b'.' && after_move) {
        return None;
    }
    let m_at = i + h + 1;
    if figures(m_at, 2)? != 2 || value(m_at, 2) >= 60 {
        return None;
    }
    let mut seconds = value(i, h) * 3600 + value(m_at, 2) * 60;
    let mut end = m_at + 2;
    if separator == b':' && b.get(end) == Some(&b':') {
        if figures(end + 1, 2)? != 2 || value(end + 1, 2) >= 60 {
            return None;
        }
        seconds += value(end + 1, 2);
        end += 3;
    }
    // A figure or a dot glued after it (`1.205`, `1.20.`): no time.
    if b.get(end).is_some_and(|&c| c.is_ascii_digit() || c == b':') {
        return None;
    }
    Some((seconds, end))
}

/// How a blank box is named in messages: as written (`—`, `-`, `…`), or `—` for the empty
/// cell of a tabbed sheet, whose token spans its tab.
pub(crate) fn blank_as_written(text: &str) -> &str {
    if text.trim().is_empty() { "—" } else { text }
}

#[inline]
fn is_delimiter(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'(' | b')' | b'{' | b'}' | b';' | b'$' | b'[')
}

impl<'a> Lexer<'a> {
    /// The end of a blank box at `i` (see [`TokenKind::Blank`]): one to three hyphens (`—` is
    /// normalized to one) or the three dots of `…`, standing alone, outside variations, right
    /// after White's move number, or after White's move on the same line when nothing but the
    /// next move number follows on that line.
    fn blank_box(&self, b: &[u8], i: usize, line_start: bool) -> Option<usize> {
        let len = b[i..].iter().take_while(|&&c| c == b[i]).count();
        let fits = match b[i] {
            b'-' => len <= 3,
            _ => len == 3,
        };
        let end = i + len;
        if !fits || self.depth > 0 || !b.get(end).is_none_or(|&c| c.is_ascii_whitespace()) {
            return None;
        }
        match self.since_number? {
            0 => Some(end),
            1 if !line_start => {
                let line_end = memchr_newline(b, end);
                let rest = b[end..line_end].trim_ascii_start();
                let figures = rest.iter().take_while(|c| c.is_ascii_digit()).count();
                (rest.is_empty() || figures > 0 && rest.get(figures) == Some(&b'.')).then_some(end)
            }
            _ => None,
        }
    }

    /// An empty cell of a tabbed sheet (one move pair a line, its cells between tabs) in the
    /// whitespace from `i`: White's box, two tabs after White's move number with Black's move
    /// alone after them on the line (`2<TAB><TAB>Cc6`); Black's box, a tab after White's move that
    /// ends the line when the next line begins with the next move number (`2<TAB>Cf3<TAB>`
    /// over `3<TAB>Ab5`). Returns the offset of the tab that stands for the box.
    fn empty_cell(&self, b: &[u8], i: usize) -> Option<usize> {
        // Only after White's number (0) or White's move (1), outside variations.
        let since = self.since_number.filter(|&n| n <= 1)?;
        if self.depth > 0 || b.get(i) != Some(&b'\t') {
            return None;
        }
        let end = i + b[i..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
        let run = &b[i..end];
        let line = run.iter().position(|&c| c == b'\n').unwrap_or(run.len());
        if since == 0 {
            // White's box: a second tab on the line, and one cell, Black's move, after it (not
            // two cells of a tab-aligned line, `1.<TAB><TAB>e4<TAB><TAB>e5`, nor a result or a
            // number).
            let second = run[1..line].iter().position(|&c| c == b'\t')? + i + 1;
            let rest = b[end..memchr_newline(b, end)].trim_ascii_end();
            let one_cell = line == run.len()
                && !rest.is_empty()
                && !rest.iter().any(u8::is_ascii_whitespace)
                && !rest[0].is_ascii_digit()
                && !matches!(rest[0], b'*' | b'{' | b'(' | b'[')
                && !rest.starts_with("½".as_bytes());
            return one_cell.then_some(second);
        }
        // Black's box: the line ends after the tab, and the next begins with the next number.
        if line == run.len() {
            return None;
        }
        let figures = b[end..].iter().take_while(|c| c.is_ascii_digit()).count();
        let next: u32 = std::str::from_utf8(&b[end..end + figures])
            .ok()?
            .parse()
            .ok()?;
        let delimited = b
            .get(end + figures)
            .is_none_or(|&c| c == b'.' || c.is_ascii_whitespace());
        (delimited && Some(next) == self.main_number.map(|n| n + 1)).then_some(i)
    }

    /// A tokenizer over `text`, reading moves with `parser`.
    pub fn new(text: &'a str, parser: Parser) -> Lexer<'a> {
        Lexer {
            too_large: text.len() > u32::MAX as usize,
            norm: normalize(text),
            parser,
            pos: 0,
            depth: 0,
            outer_open: 0,
            line_start: true,
            line: 0,
            after_result: false,
            result_line: 0,
            last_number: None,
            main_number: None,
            after_move: false,
            since_number: None,
        }
    }

    /// The line, from 0, of the last token returned (of the position reached, between
    /// tokens).
    #[inline]
    pub fn line(&self) -> u32 {
        self.line
    }

    /// How many variations are open at the current position.
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The bytes of (normalized) text left to read.
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.norm.as_str().len().saturating_sub(self.pos)
    }

    #[inline]
    fn orig(&self, a: usize, b: usize) -> Span {
        self.norm.to_original(Span::new(a as u32, b as u32))
    }

    fn slice(&self, a: usize, b: usize) -> Cow<'a, str> {
        match self.norm.borrowed() {
            Some(s) => Cow::Borrowed(&s[a..b]),
            None => Cow::Owned(self.norm.as_str()[a..b].to_owned()),
        }
    }

    /// After an error at the word that starts at `self.pos`: a word that does not read as a
    /// move becomes a [`TokenKind::Word`], which ends at white space, a brace or a closing
    /// parenthesis (so that `(lo mejor)` closes); any other error skips to white space and is
    /// the iterator's `Err`.
    fn fail(&mut self, mut e: ParseError, resume: usize) -> Option<Result<Token<'a>, ParseError>> {
        let b = self.norm.as_str().as_bytes();
        // A move that fails at the space after it (`A sequência`: a piece letter, then no
        // square) is the word before the space when the word after it starts with a letter
        // that no part of a move starts with (no file, no `x`, no capital): that word is read
        // on its own, prose perhaps.
        let at = e.span.start as usize;
        let resume = match (b.get(at), b.get(at + 1)) {
            (Some(c), Some(&next))
                if c.is_ascii_whitespace()
                    && at > self.pos
                    && (next >= 0x80
                        || next.is_ascii_lowercase() && !matches!(next, b'a'..=b'h' | b'x')) =>
            {
                at
            }
            _ => resume,
        };
        e.span = self.norm.to_original(e.span);
        let start = self.pos;
        let mut j = resume.max(self.pos + 1).min(b.len());
        let word = e.kind.is_move_error();
        while j < b.len()
            && !b[j].is_ascii_whitespace()
            && !(word && matches!(b[j], b')' | b'{' | b'}'))
        {
            j += 1;
        }
        self.pos = j;
        if word {
            return Some(Ok(Token {
                kind: TokenKind::Word { error: e },
                span: self.orig(start, j),
            }));
        }
        Some(Err(e))
    }

    /// Whether the move number glued at `end` to the move before it (`Ae79.`, seed 003) is
    /// the next number: any other (`d65.`, an edit of `d5.`) is part of the move, written
    /// wrong, and never a number that a move was read before.
    fn glued_number_fits(&self, b: &[u8], end: usize) -> bool {
        let digits = &b[end..end + b[end..].iter().take_while(|c| c.is_ascii_digit()).count()];
        let value = std::str::from_utf8(digits)
            .ok()
            .and_then(|d| d.parse::<u32>().ok());
        match (self.last_number, value) {
            (None, Some(_)) => true,
            (Some(last), Some(value)) => value == last.saturating_add(1),
            (_, None) => false,
        }
    }

    fn err_at(
        &mut self,
        kind: ErrorKind,
        at: usize,
        len: usize,
        expected: &'static str,
    ) -> Option<Result<Token<'a>, ParseError>> {
        let e = error(self.norm.as_str(), kind, at, len, expected);
        self.fail(e, at + len)
    }

    fn next_token(&mut self) -> Option<Result<Token<'a>, ParseError>> {
        if self.too_large {
            self.too_large = false;
            self.pos = self.norm.as_str().len();
            return Some(Err(ParseError::new(
                ErrorKind::InputTooLarge,
                Span::new(0, 0),
                None,
                "an input under 4 GiB",
            )));
        }
        // Skipped text (escape lines, stray dots) loops instead of recursing.
        loop {
            let s = self.norm.as_str();
            let b = s.as_bytes();
            let mut i = self.pos;
            if let Some(tab) = self.empty_cell(b, i) {
                self.pos = tab + 1;
                return Some(Ok(Token {
                    kind: TokenKind::Blank,
                    span: self.orig(tab, tab + 1),
                }));
            }
            while i < b.len() && b[i].is_ascii_whitespace() {
                if b[i] == b'\n' {
                    self.line_start = true;
                    self.line += 1;
                }
                i += 1;
            }
            self.pos = i;
            if i >= b.len() {
                if self.depth > 0 {
                    self.depth = 0;
                    let open = self.outer_open;
                    return self.err_at(
                        ErrorKind::UnterminatedVariation,
                        open,
                        1,
                        "')' closing the variation",
                    );
                }
                return None;
            }
            let line_start = std::mem::replace(&mut self.line_start, false);
            let c = b[i];
            if matches!(c, b'.' | b',') && b.get(i + 1).is_none_or(u8::is_ascii_whitespace) {
                // Print's punctuation standing alone, after a result too ("y ganan las
                // negras."): no word of the game.
                self.pos = i + 1;
                continue;
            }
            if self.after_result
                && let Some(token) = self.after_result_token(i)
            {
                return Some(Ok(token));
            }
            let s = self.norm.as_str();
            let b = s.as_bytes();
            let remark_end =
                if line_start && matches!(c, b'1'..=b'8' | b'|' | b'-' | b'A' | b'a' | b'D') {
                    diagram_line(b, i)
                } else if matches!(c, b'/' | b'*') {
                    block_marker(b, i)
                } else {
                    None
                };
            if let Some(end) = remark_end {
                self.pos = end;
                return Some(Ok(Token {
                    kind: TokenKind::Comment {
                        text: self.slice(i, end),
                    },
                    span: self.orig(i, end),
                }));
            }
            if let Some(end) = self.skipped(i, line_start) {
                self.pos = end;
                continue;
            }
            return self.token_at(i, line_start);
        }
    }

    /// Where print's punctuation and the text read as nothing at `i` end (an escape line, a
    /// semicolon glued to a word, dashes between the columns, separators, stray dots), or
    /// `None` where a token starts at `i`.
    fn skipped(&self, i: usize, line_start: bool) -> Option<usize> {
        let b = self.norm.as_str().as_bytes();
        let dashes = || b[i..].iter().take_while(|&&c| c == b'-').count();
        match b[i] {
            // PGN §6 escape line: ignored.
            b'%' if line_start => Some(memchr_newline(b, i)),
            // A semicolon glued to the word before it and followed by a space is print's
            // punctuation (`4.Ag3 f4; parece que`), not a PGN comment.
            b';' if i > 0 && !b[i - 1].is_ascii_whitespace() && print_punctuation(b, i) > 0 => {
                Some(i + 1)
            }
            b'-' | b'.' if self.blank_box(b, i, line_start).is_some() => None,
            // Dashes alone between White's move and Black's (`1: e2-e4 -- e7-e5`, a dash of
            // two or three hyphens as typed for a long one). A longer rule is a fraction's bar
            // (Hoyle's `P to K 4` over `1. --------` over Black's move), which no rule of this
            // reader reads: it stays a word.
            b'-' if matches!(dashes(), 2 | 3)
                && b.get(i + dashes()).is_none_or(|&c| is_delimiter(c)) =>
            {
                Some(i + dashes())
            }
            // Print's separators: a comma after a move (`1 e4, e5`), a slash between move
            // pairs (`1 e4 e5 / 2 f4`), a dash alone before a line of a list (`- 2.Ag5`), a
            // bar between a table's cells (`Krejcik | 1.e4 Pf6 2.Lc4 |`, Dutch Wikipedia's
            // tables; the two halves of a game side by side in the *Encyclopaedia
            // Britannica*, 1911), a colon spaced before the moves (`Variante de l'échange :
            // 1. e4`, French typography). No move is written with any of them alone.
            b',' | b'/' | b'-' | b'|' | b':' if b.get(i + 1).is_none_or(|&c| is_delimiter(c)) => {
                Some(i + 1)
            }
            // A stray ellipsis ("12. ... Cf6", "12. ...Cf6"): skipped. A single dot glued to a
            // word is no mark of a move: not read (see `token_at`).
            b'.' => {
                let dots = b[i..].iter().take_while(|&&c| c == b'.').count();
                let glued = dots == 1 && b.get(i + 1).is_some_and(|&c| !is_delimiter(c));
                (!glued).then_some(i + dots)
            }
            _ => None,
        }
    }

    /// The token that starts at `i`, where nothing is skipped (see [`Lexer::skipped`]).
    fn token_at(&mut self, i: usize, line_start: bool) -> Option<Result<Token<'a>, ParseError>> {
        let b = self.norm.as_str().as_bytes();
        match b[i] {
            b'[' => self.tag_pair_token(i),
            b'{' => self.brace_comment(i),
            b';' => {
                let e = memchr_newline(b, i);
                self.pos = e;
                Some(Ok(Token {
                    kind: TokenKind::Comment {
                        text: self.slice(i + 1, e),
                    },
                    span: self.orig(i, e),
                }))
            }
            b'(' => self.open_parenthesis(i),
            b')' => self.close_parenthesis(i),
            b'$' => self.dollar_nag(i),
            b'!' | b'?' => {
                let (nag, len) = annotation_nag(&b[i..]);
                let end = i + len;
                self.pos = end;
                Some(Ok(Token {
                    kind: TokenKind::Nag { nag },
                    span: self.orig(i, end),
                }))
            }
            b'-' | b'.' if self.blank_box(b, i, line_start).is_some() => {
                let end = self.blank_box(b, i, line_start).unwrap_or(i + 1);
                self.pos = end;
                Some(Ok(Token {
                    kind: TokenKind::Blank,
                    span: self.orig(i, end),
                }))
            }
            // A single dot glued to a word is no mark of a move.
            b'.' => self.err_at(ErrorKind::NotAMove, i, 1, "a move, with no dot before it"),
            _ => self.word(i, line_start),
        }
    }

    /// A PGN tag pair at `i` (`[`), or a bracketed remark, or the error of a malformed tag.
    fn tag_pair_token(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        match tag_pair(&s[i..]) {
            Ok((rest, (name, value_from_end, value_len))) => {
                let end = s.len() - rest.len();
                let vstart = s.len() - value_from_end;
                let name_start = name.as_ptr() as usize - s.as_ptr() as usize;
                let name = self.slice(name_start, name_start + name.len());
                let value = match self.slice(vstart, vstart + value_len) {
                    Cow::Borrowed(v) => unescape(v),
                    Cow::Owned(v) => Cow::Owned(unescape(&v).into_owned()),
                };
                self.pos = end;
                Some(Ok(Token {
                    kind: TokenKind::Tag { name, value },
                    span: self.orig(i, end),
                }))
            }
            Err(_) => {
                let e = memchr_newline(b, i);
                if let Some(k) = bracket_remark(&b[i..]) {
                    self.pos = i + k;
                    self.line += b[i..i + k].iter().filter(|&&c| c == b'\n').count() as u32;
                    return Some(Ok(Token {
                        kind: TokenKind::Comment {
                            text: self.slice(i + 1, i + k - 1),
                        },
                        span: self.orig(i, i + k),
                    }));
                }
                self.err_at(
                    ErrorKind::BadTag,
                    i,
                    e - i,
                    "a tag pair [Name \"value\"] on one line",
                )
            }
        }
    }

    /// A comment in braces at `i` (`{`, PGN §8.2.5), or the error of one left open.
    fn brace_comment(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        match b[i + 1..].iter().position(|&c| c == b'}') {
            Some(k) => {
                let end = i + 1 + k + 1;
                self.pos = end;
                self.line += b[i..end].iter().filter(|&&c| c == b'\n').count() as u32;
                Some(Ok(Token {
                    kind: TokenKind::Comment {
                        text: self.slice(i + 1, end - 1),
                    },
                    span: self.orig(i, end),
                }))
            }
            None => {
                self.pos = b.len();
                let e = error(
                    s,
                    ErrorKind::UnterminatedComment,
                    i,
                    b.len() - i,
                    "'}' closing the comment",
                );
                self.fail(e, b.len())
            }
        }
    }

    /// What an opening parenthesis at `i` starts: a clock time `(1:20)`, a termination
    /// `(tiempo)`, a draw offer `(=)`, a NAG `(!)`, or a variation.
    fn open_parenthesis(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        if let Some((seconds, end)) =
            clock_at(b, i + 1, false).filter(|&(_, end)| b.get(end) == Some(&b')'))
        {
            self.pos = end + 1;
            Some(Ok(Token {
                kind: TokenKind::Clock { seconds },
                span: self.orig(i, end + 1),
            }))
        } else if let Some((termination, end)) = termination_at(s, i) {
            self.pos = end;
            Some(Ok(Token {
                kind: TokenKind::Termination { termination },
                span: self.orig(i, end),
            }))
        } else if b.get(i + 1..i + 3) == Some(b"=)") {
            self.pos = i + 3;
            Some(Ok(Token {
                kind: TokenKind::DrawOffer,
                span: self.orig(i, i + 3),
            }))
        } else if let Some((nag, end)) = bracketed_nag(b, i) {
            self.pos = end;
            Some(Ok(Token {
                kind: TokenKind::Nag { nag },
                span: self.orig(i, end),
            }))
        } else {
            if self.depth == 0 {
                self.outer_open = i;
            }
            self.depth = self.depth.saturating_add(1);
            self.pos = i + 1;
            Some(Ok(Token {
                kind: TokenKind::VariationStart,
                span: self.orig(i, i + 1),
            }))
        }
    }

    /// A closing parenthesis at `i`: a variation's end, or a word that reads as no move.
    fn close_parenthesis(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        if self.depth == 0 {
            // A parenthesis that closes none is a word that reads as no move: a
            // sheet's syntax error where it stands, as before; in printed text,
            // after the last move, the remark it closes began before the text did
            // (`1.d4 d5 2.e4 dxe4 3.f3) y fue el primer jugador`, Spanish
            // Wikipedia; `4.0-0 d6 5.b4\n) il gambetto che porta il suo nome`,
            // Italian Wikipedia): closing words (`unknown-word`).
            self.pos = i + 1;
            let e = error(
                s,
                ErrorKind::UnmatchedParenthesis,
                i,
                1,
                "a move, or '(' before ')'",
            );
            return Some(Ok(Token {
                kind: TokenKind::Word {
                    error: ParseError {
                        span: self.norm.to_original(e.span),
                        ..e
                    },
                },
                span: self.orig(i, i + 1),
            }));
        }
        self.depth -= 1;
        if self.depth == 0 {
            self.last_number = self.main_number;
        }
        self.pos = i + 1;
        Some(Ok(Token {
            kind: TokenKind::VariationEnd,
            span: self.orig(i, i + 1),
        }))
    }

    /// A NAG `$n` at `i` (PGN §8.2.4), or the error of a bad one.
    fn dollar_nag(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let value = s[i + 1..i + 1 + n].parse::<u8>();
        match value {
            Ok(nag) if n > 0 => {
                self.pos = i + 1 + n;
                Some(Ok(Token {
                    kind: TokenKind::Nag { nag },
                    span: self.orig(i, i + 1 + n),
                }))
            }
            _ => self.err_at(ErrorKind::BadNag, i, 1 + n, "a NAG $0 to $255"),
        }
    }

    /// What follows a result: termination words (`1-0 abandono`, `0-1 (tiempo)`), the result
    /// restated in words, or other text on the result's line, kept as one unknown word. `None`
    /// when the next game begins.
    fn after_result_token(&mut self, i: usize) -> Option<Token<'a>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        let same_line = self.line == self.result_line;
        // On a later line, a result word is the next game's result.
        if !same_line && outcome_at(s, i).is_some() {
            self.after_result = false;
            return None;
        }
        let termination = termination_at(s, i).or_else(|| {
            outcome_at(s, i)
                .filter(|&(o, _)| o != Outcome::Unknown && same_line)
                .map(|(_, e)| (Termination::Restated, e))
        });
        if let Some((termination, end)) = termination {
            self.pos = end;
            return Some(Token {
                kind: TokenKind::Termination { termination },
                span: self.orig(i, end),
            });
        }
        // A move on the result's line: the result stood where a move belongs, and the game
        // goes on (the checker says so).
        let is_move = || {
            let mut r = Readings::one(Notation::PLACEHOLDER);
            let complete = |n: &Notation| !n.is_incomplete();
            matches!(self.parser.read_into(s, i, &mut r),
                Ok(end) if b.get(end).is_none_or(|&d| is_delimiter(d)) && complete(r.first()))
        };
        if !same_line
            || b[i].is_ascii_digit()
            || matches!(b[i], b'[' | b'{' | b';' | b'%' | b'*' | b'(')
            || is_move()
        {
            self.after_result = false;
            return None;
        }
        let end = memchr_newline(b, i);
        // ASCII whitespace only, as the lexer skips it: `b[i]` is none, so the word is never
        // empty and the lexer always moves on (a vertical tab is Unicode whitespace, not
        // ASCII whitespace).
        let trimmed = s[i..end]
            .trim_end_matches(|c: char| c.is_ascii_whitespace())
            .len();
        self.pos = i + trimmed;
        Some(Token {
            kind: TokenKind::UnknownWord {
                text: self.slice(i, i + trimmed),
            },
            span: self.orig(i, i + trimmed),
        })
    }

    /// A result, a termination word or, at the start of a line, a header line at `i`.
    fn known_word(&mut self, i: usize, line_start: bool) -> Option<Token<'a>> {
        let s = self.norm.as_str();
        if let Some((outcome, end)) = outcome_at(s, i) {
            self.pos = end;
            if self.depth == 0 {
                self.after_result = true;
                self.result_line = self.line;
            }
            return Some(Token {
                kind: TokenKind::Outcome { outcome },
                span: self.orig(i, end),
            });
        }
        if let Some((termination, end)) = termination_at(s, i) {
            self.pos = end;
            return Some(Token {
                kind: TokenKind::Termination { termination },
                span: self.orig(i, end),
            });
        }
        if line_start
            && self.depth == 0
            && let Some((field, vstart, vend, end)) = header_at(s, i)
        {
            self.pos = end;
            // A second header on the same line (`Blancas: Ana  Negras: Luis`) starts where
            // this one ends, as if on a line of its own.
            self.line_start = end < s.len() && s.as_bytes()[end] != b'\n';
            return Some(Token {
                kind: TokenKind::Header {
                    field,
                    value: self.slice(vstart, vend),
                },
                span: self.orig(i, vend.max(vstart)),
            });
        }
        None
    }

    /// A result, a termination word, a header line, a clock time, a move number or a move:
    /// each of [`Lexer::known_word`], [`Lexer::label_word`], [`Lexer::clock_word`],
    /// [`Lexer::ocr_first_number`], [`Lexer::number_word`], [`Lexer::descriptive`] and
    /// [`Lexer::algebraic_word`] in turn, the first that reads the word.
    fn word(&mut self, i: usize, line_start: bool) -> Option<Result<Token<'a>, ParseError>> {
        // Letters that run into a digit (`e4`, `Cf3`, `exd5`) start a move, and no result,
        // termination or header word (each of the three rejects them alike): most words
        // skip the three.
        let b = self.norm.as_str().as_bytes();
        let move_letters = b[i].is_ascii_alphabetic() && word_letters(b, i).is_none();
        if !move_letters && let Some(token) = self.known_word(i, line_start) {
            return Some(Ok(token));
        }
        if let Some(token) = self.label_word(i) {
            return Some(Ok(token));
        }
        if let Some(token) = self.clock_word(i) {
            return Some(Ok(token));
        }
        if let Some(token) = self.ocr_first_number(i, line_start) {
            return Some(Ok(token));
        }
        let b = self.norm.as_str().as_bytes();
        let castling = b[i] == b'0' && matches!(b.get(i + 1), Some(b'-' | b'0'));
        if b[i].is_ascii_digit() && !castling {
            return self.number_word(i);
        }
        if self.reads_descriptive(i) {
            return Some(self.descriptive(i));
        }
        self.algebraic_word(i)
    }

    /// A page's word glued to the first move number (`Züge1. d2–d4`), read as a word.
    #[inline]
    fn label_word(&mut self, i: usize) -> Option<Token<'a>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        // Four letters first, tested on bytes: a move's second to fourth bytes hold a file
        // and a rank, so nearly every move skips the label test.
        let letter = |k: usize| {
            b.get(k)
                .is_some_and(|&c| c.is_ascii_alphabetic() || c >= 0x80)
        };
        if letter(i + 1)
            && letter(i + 2)
            && letter(i + 3)
            && let Some(end) = glued_label(s, i)
        {
            self.pos = end;
            let e = error(s, ErrorKind::NotAMove, i, end - i, "a move");
            return Some(Token {
                kind: TokenKind::Word {
                    error: ParseError {
                        span: self.norm.to_original(e.span),
                        ..e
                    },
                },
                span: self.orig(i, end),
            });
        }
        None
    }

    /// A clock time (Art. 8.1): `1:23`, `0.45` where it is no move number.
    #[inline]
    fn clock_word(&mut self, i: usize) -> Option<Token<'a>> {
        let b = self.norm.as_str().as_bytes();
        let c = b[i];
        // `2.05` after Black's move is the 2nd move's number and a move written wrong, never
        // a time: a time with a dot is one only where its hours are no move number that may
        // stand there (the last number read, or the next). A time has a colon or a dot and a
        // figure after its hours' one or two figures: nearly every number is rejected by that.
        let digit_at = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
        let mark_at = |k: usize| matches!(b.get(k), Some(b':' | b'.')) && digit_at(k + 1);
        let colon = b.get(i + 1) == Some(&b':') || b.get(i + 2) == Some(&b':');
        let number_there = |seconds: u32| {
            self.last_number
                .is_some_and(|n| seconds / 3600 == n || n.checked_add(1) == Some(seconds / 3600))
        };
        if c.is_ascii_digit()
            && (mark_at(i + 1) || digit_at(i + 1) && mark_at(i + 2))
            && let Some((seconds, end)) = clock_at(b, i, self.after_move)
            && b.get(end).is_none_or(|&d| is_delimiter(d) || d == b',')
            && (colon || !number_there(seconds))
        {
            self.pos = end;
            return Some(Token {
                kind: TokenKind::Clock { seconds },
                span: self.orig(i, end),
            });
        }
        None
    }

    /// The game's first move number read by OCR as a letter (`l.`).
    #[inline]
    fn ocr_first_number(&mut self, i: usize, line_start: bool) -> Option<Token<'a>> {
        let b = self.norm.as_str().as_bytes();
        let c = b[i];
        // OCR's `1.` read as a letter: `l.`, `I.` or `J.` as the game's first number (an OCR'd
        // Spanish book of openings, `l. P4R, P4R; 2. C3AR`; Sopena's monthly *Ajedrez* (Buenos
        // Aires, 1972-79) and its *Cuadernos Teóricos*, `l. P4D, C3AR; 2. P4AD`), only where no
        // number was read yet, at a line's start, and when the next number written is `2.`.
        // The walker warns of it (`move-number`).
        if matches!(c, b'l' | b'I' | b'J')
            && line_start
            && self.depth == 0
            && self.main_number.is_none()
            && b.get(i + 1) == Some(&b'.')
            && b.get(i + 2) == Some(&b' ')
            && next_number_is_two(&b[i + 2..])
        {
            self.pos = i + 2;
            self.last_number = Some(1);
            self.main_number = Some(1);
            return Some(Token {
                kind: TokenKind::MoveNumber {
                    number: 1,
                    side: Color::White,
                },
                span: self.orig(i, i + 2),
            });
        }
        None
    }

    /// A move number at `i`, which holds a digit: `12.`, `12...`, `1:`, `1)`.
    fn number_word(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        let Ok((rest, (digits, dots))) = move_number(&s[i..]) else {
            return self.err_at(ErrorKind::BadMoveNumber, i, 1, "a move number");
        };
        let mut end = s.len() - rest.len();
        // A number closed by a colon or a parenthesis instead of a dot (`1: e2-e4 --
        // e7-e5`, German Wikipedia's lists; `1) e4, e5;`, a column's): the same number. A
        // parenthesis only outside variations, where it closes none.
        if dots == 0
            && (b.get(end) == Some(&b':') || b.get(end) == Some(&b')') && self.depth == 0)
            && b.get(end + 1).is_some_and(u8::is_ascii_whitespace)
        {
            end += 1;
        }
        let Ok(number @ 1..) = digits.parse::<u32>() else {
            return self.err_at(
                ErrorKind::BadMoveNumber,
                i,
                digits.len(),
                "a move number from 1 to 2^32 - 1",
            );
        };
        self.pos = end;
        self.last_number = Some(number);
        if self.depth == 0 {
            self.main_number = Some(number);
        }
        Some(Ok(Token {
            kind: TokenKind::MoveNumber {
                number,
                side: if dots >= 2 {
                    Color::Black
                } else {
                    Color::White
                },
            },
            span: self.orig(i, end),
        }))
    }

    /// Whether the word at `i` is read in descriptive notation: always under
    /// [`NotationKind::Descriptive`](crate::notation::descriptive::NotationKind), never under
    /// `Algebraic`, and under `Auto` where it reads whole as a descriptive move.
    #[inline]
    fn reads_descriptive(&self, i: usize) -> bool {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        use crate::notation::descriptive::NotationKind;
        let notation = self.parser.language.notation_kind();
        // Auto: a word that reads whole as a descriptive move is one (no algebraic move
        // does); castling, which both notations write alike, only when the descriptive
        // reading goes further (`O-O ch`).
        let auto_descriptive = || {
            if notation != NotationKind::Auto {
                return false;
            }
            // Descriptive moves start with an uppercase piece letter or a castling sign and
            // name squares with a digit and uppercase letters: a word that starts with a
            // lowercase letter (`e4`), or whose second and third bytes are a file and a rank
            // (`Cf3`), is algebraic without trying.
            let file_rank = |k: usize| {
                matches!(b.get(i + k), Some(b'a'..=b'h'))
                    && matches!(b.get(i + k + 1), Some(b'1'..=b'8'))
            };
            if b[i].is_ascii_lowercase() || file_rank(1) {
                return false;
            }
            match crate::notation::descriptive::read_word(s, i, &self.parser.language) {
                Ok((m, _)) if !m.is_castle() => true,
                Ok((_, end)) => {
                    let mut algebraic = Readings::one(Notation::PLACEHOLDER);
                    // A castling the algebraic grammar does not read at all is descriptive
                    // print (`O - O`, [Capablanca] in `grammar/descriptiva.ebnf`).
                    self.parser
                        .read_into(s, i, &mut algebraic)
                        .map_or(true, |a| end > a)
                }
                // `P-` starts a descriptive pawn move and no regular algebraic one (a pawn
                // has no letter there, nor a dash after it): written wrong (`P—a4`, an edit
                // of `P—K4`), it is the descriptive move's error, never an algebraic guess.
                Err(_) => b[i] == b'P' && matches!(b.get(i + 1), Some(b'-')),
            }
        };
        notation == NotationKind::Descriptive || auto_descriptive()
    }

    /// An algebraic move at `i`, with its errors.
    fn algebraic_word(&mut self, i: usize) -> Option<Result<Token<'a>, ParseError>> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        let mut readings = Readings::one(Notation::PLACEHOLDER);
        // The spaced dash (`c - d4`) is looked for only where a space follows the first letter.
        if b.get(i + 1) == Some(&b' ')
            && let Some((token, end)) = self.spaced_dash_capture(i)
        {
            self.pos = end;
            return Some(Ok(token));
        }
        match self.parser.read_into_inline(s, i, &mut readings) {
            Ok(end) => {
                // A move ends at a delimiter, at the end, at a glued move number with its period
                // (`Ae79.`, seed 003; `Ta34` is no move) or at a full stop of prose
                // (`11. Rb1 (=).`, seed 003).
                let glued_number = || {
                    let digits = b[end..].iter().take_while(|c| c.is_ascii_digit()).count();
                    b.get(end + digits) == Some(&b'.') && self.glued_number_fits(b, end)
                };
                // Asked only after a move that no delimiter ends, the rare case.
                let full_stop = || {
                    print_punctuation(b, end) > 0
                        || (d_is(b, end, b'.') && readings.first().draw_offer().is_some())
                };
                if let Some(&d) = b.get(end)
                    && !is_delimiter(d)
                    && !(d.is_ascii_digit() && glued_number())
                    && d != b'!'
                    && d != b'?'
                    && !full_stop()
                {
                    let k = b[end..]
                        .iter()
                        .position(|c| is_delimiter(*c))
                        .unwrap_or(b.len() - end);
                    return self.err_at(
                        ErrorKind::TrailingCharacters,
                        end,
                        k,
                        "a space, a move number or the end after the move",
                    );
                }
                let end = match self.spaced_sign(i, end) {
                    Some((signed, signed_end)) => {
                        readings = signed;
                        signed_end
                    }
                    None => end,
                };
                if !self.norm.is_identity()
                    && let Err(error) = readings.map_spans(|sp| self.norm.to_original(sp))
                {
                    // Too long in the original text to keep (Notation::MAX_LEN): unreadable.
                    let span = self.orig(i, end);
                    self.pos = end;
                    return Some(Ok(Token {
                        kind: TokenKind::Word { error },
                        span,
                    }));
                }
                self.pos = end;
                let span = readings.first().span();
                Some(Ok(Token {
                    kind: TokenKind::Move(readings),
                    span,
                }))
            }
            Err(e) => {
                let resume = e.span.end as usize;
                self.fail(e, resume)
            }
        }
    }

    /// A check or mate sign printed one space after the move that ends at `end` (`4: Df3xf7 #`,
    /// German Wikipedia; `2. Pc3-d5 # (zie diagram)`, Dutch Wikipedia; `6. Tf1 Dxe4 + Ya
    /// todo`, `5 d6 + (un fuerte`, two Spanish columns): the move's own sign, read as if
    /// glued, when the move has none and the sign stands alone (`+-`, `+/-` are evaluations).
    /// The readings with their spans on the printed characters and the byte after the sign.
    fn spaced_sign(&self, i: usize, end: usize) -> Option<(Readings, usize)> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        let sign = *b.get(end + 1)?;
        if b.get(end) != Some(&b' ')
            || !matches!(sign, b'+' | b'#')
            || b.get(end + 2).is_some_and(|&c| !is_delimiter(c))
            || matches!(b.get(end - 1), Some(b'+' | b'#'))
        {
            return None;
        }
        let mut joined = String::with_capacity(end - i + 1);
        joined.push_str(&s[i..end]);
        joined.push(sign as char);
        let mut readings = Readings::one(Notation::PLACEHOLDER);
        let read = self.parser.read_into(&joined, 0, &mut readings).ok()?;
        if read != joined.len() {
            return None;
        }
        // Offsets in `joined` to offsets in the text: the move's, then the sign past the space.
        let len = (end - i) as u32;
        let at = |o: u32, last: bool| {
            let shifted = if o < len || (last && o == len) {
                o
            } else {
                o + 1
            };
            i as u32 + shifted
        };
        readings
            .map_spans(|sp| Span::new(at(sp.start, false), at(sp.end, true)))
            .ok()?;
        Some((readings, end + 2))
    }

    /// A capture printed with a spaced dash at `i`, a weekly column's house style (El País,
    /// 2001-2014: `3 d4, c - d4 / 4 C - d4, Cf6`; the issue's `4 d - e5, A - f3 5 D - f3`): a
    /// piece letter or a file standing alone, ` - `, then a square. Read as the same move
    /// glued (`c-d4`, `C-d4`, which the grammar reads as a capture's or a move's long form),
    /// its spans on the printed characters, and the byte after it; `None` when the text is not so or the glued move
    /// does not read whole, and the word is then read as it stands.
    fn spaced_dash_capture(&self, i: usize) -> Option<(Token<'a>, usize)> {
        let s = self.norm.as_str();
        let b = s.as_bytes();
        let letter = *b.get(i)?;
        if !(matches!(letter, b'a'..=b'h') || letter.is_ascii_uppercase())
            || b.get(i + 1..i + 4) != Some(b" - ")
            || !matches!(b.get(i + 4), Some(b'a'..=b'h'))
            || !matches!(b.get(i + 5), Some(b'1'..=b'8'))
            || i > 0 && !is_delimiter(b[i - 1]) && b[i - 1] != b','
        {
            return None;
        }
        let word_end = b[i + 4..]
            .iter()
            .position(|&c| c.is_ascii_whitespace())
            .map_or(b.len(), |k| i + 4 + k);
        let joined = format!("{}-{}", letter as char, &s[i + 4..word_end]);
        let mut readings = Readings::one(Notation::PLACEHOLDER);
        let end = self.parser.read_into(&joined, 0, &mut readings).ok()?;
        // Offsets in `joined` to offsets in the text: the letter, the dash, then the square.
        let start_of = |o: u32| match o {
            0 => i as u32,
            1 => i as u32 + 2,
            o => i as u32 + 2 + o,
        };
        let end_of = |o: u32| match o {
            0 => i as u32,
            1 => i as u32 + 1,
            2 => i as u32 + 3,
            o => i as u32 + 2 + o,
        };
        readings
            .map_spans(|sp| Span::new(start_of(sp.start), end_of(sp.end)))
            .ok()?;
        let end = i + 2 + end;
        // The glued move must end where a move ends: at a delimiter or the text's end (marks
        // and print's punctuation after it are read as for any move).
        if let Some(&d) = b.get(end)
            && !is_delimiter(d)
            && !matches!(d, b'!' | b'?')
            && print_punctuation(b, end) == 0
        {
            return None;
        }
        if !self.norm.is_identity() {
            readings.map_spans(|sp| self.norm.to_original(sp)).ok()?;
        }
        let span = readings.first().span();
        Some((
            Token {
                kind: TokenKind::Move(readings),
                span,
            },
            end,
        ))
    }

    /// A move in descriptive notation at `i` (see [`crate::notation::descriptive`]).
    fn descriptive(&mut self, i: usize) -> Result<Token<'a>, ParseError> {
        let s = self.norm.as_str();
        match crate::notation::descriptive::read_word(s, i, &self.parser.language) {
            Ok((mut m, end)) => {
                let b = s.as_bytes();
                // A connector and a capital one space after the move (`Q.xR. to K's sq.`, an
                // edit of `Q. R. to K's sq.`; `B.xP. takes Kt.`): the phrase goes on past what
                // was read, and the move has no reading of its own. Prose after a move starts
                // with no capital (`P-K4 to gain space`).
                if let Some(k) = connector_after(b, end) {
                    let e = error(
                        s,
                        ErrorKind::TrailingCharacters,
                        end,
                        k - end,
                        "the end of the move, not a phrase that goes on",
                    );
                    return self.fail(e, k).unwrap_or(Err(e));
                }
                // A phrase printed with spaces (`P. takes Q. P5.`) is print, where no number
                // is glued to a move.
                if b.get(end).is_some_and(u8::is_ascii_digit)
                    && (!self.glued_number_fits(b, end)
                        || b[i..end].iter().any(u8::is_ascii_whitespace))
                {
                    let k = b[end..]
                        .iter()
                        .position(|c| is_delimiter(*c))
                        .unwrap_or(b.len() - end);
                    let e = error(
                        s,
                        ErrorKind::TrailingCharacters,
                        end,
                        k,
                        "a space, a move number or the end after the move",
                    );
                    return self.fail(e, end + k).unwrap_or(Err(e));
                }
                if !self.norm.is_identity() {
                    m.map_spans(|sp| self.norm.to_original(sp));
                    if m.span.len() > Notation::MAX_LEN {
                        // Too long in the original text to keep (Notation::MAX_LEN): unreadable.
                        let span = m.span;
                        let error = ParseError::move_too_long(span);
                        self.pos = end;
                        return Ok(Token {
                            kind: TokenKind::Word { error },
                            span,
                        });
                    }
                }
                self.pos = end;
                let span = m.span;
                Ok(Token {
                    kind: TokenKind::Descriptive(Box::new(m)),
                    span,
                })
            }
            Err(e) => {
                let resume = e.span.end as usize;
                self.fail(e, resume).unwrap_or(Err(e))
            }
        }
    }
}

#[inline]
fn d_is(b: &[u8], at: usize, c: u8) -> bool {
    b.get(at) == Some(&c)
}

#[inline]
fn memchr_newline(b: &[u8], from: usize) -> usize {
    b[from..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |k| from + k)
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Token<'a>, ParseError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let token = self.next_token();
        self.after_move = matches!(
            token,
            Some(Ok(Token {
                kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                ..
            }))
        );
        if self.depth == 0 {
            match &token {
                // After Black's own number no box of White's is left to be blank.
                Some(Ok(Token {
                    kind: TokenKind::MoveNumber { side, .. },
                    ..
                })) => {
                    self.since_number = Some(if side.is_black() { 2 } else { 0 });
                }
                Some(Ok(Token {
                    kind:
                        TokenKind::Move(_)
                        | TokenKind::Descriptive(_)
                        | TokenKind::Word { .. }
                        | TokenKind::Blank,
                    ..
                })) => {
                    self.since_number = self.since_number.map(|n| n.saturating_add(1));
                }
                Some(Ok(Token {
                    kind:
                        TokenKind::Outcome { .. } | TokenKind::Tag { .. } | TokenKind::Header { .. },
                    ..
                })) => {
                    self.since_number = None;
                }
                _ => {}
            }
        }
        token
    }
}
