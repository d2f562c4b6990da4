//! Descriptive notation, Spanish (`P4R`, `C-3AR`, `AxC`, `R-1C`) and English (`P-K4`,
//! `N-KB3`, `BxN`, `K-N1`): one written move to a [`DescriptiveMove`] AST with spans.
//!
//! The grammar, with a source for each rule, is `grammar/descriptiva.ebnf`. In short:
//!
//! - pieces: Spanish `R D T A C P`, English `K Q R B N`/`Kt P`;
//! - files are named after the piece that stands on them at the start, from White's left:
//!   Spanish `TD CD AD D R AR CR TR`, English `QR QN QB Q K KB KN KR`; `T C A` (`R N B`)
//!   alone name both files of that piece;
//! - ranks count from the mover's own side: White's `4R` is e4, Black's `4R` is e5;
//! - a capture names the captured piece (`PxP`, `AxC`), qualified when needed (`PAxP`,
//!   `TxP(D)`, `PxQBP`, `BxP(Q5)`).
//!
//! What a descriptive move means depends on the side to move and on the position (which
//! pieces a capture names), so the parser only reads the text: the resolver
//! ([`crate::resolve::descriptive`]) filters the legal moves.
//!
//! A qualifier of the moving or captured piece names the squares it stands on: a file name
//! (`PA`, `PAR`, `QBP`: the pawn on a bishop's file, on the king's bishop's file), a wing for a
//! piece (`CR`, `TD`, `KN`, `QR`: the knight on the king's side, files e-h; the rook on the
//! queen's side, files a-d), or a square, file or rank in parentheses (`T(1)`, `C(CD)`,
//! `P(4D)`, `R(Q1)`). Wings are read on the board as it stands, not by where the piece started.
//!
//! ```
//! use planilla::notation::descriptive::{parse_descriptive, Action, DescriptiveBody};
//! use planilla::notation::Language;
//! use planilla::{Color, Role, Square};
//! let m = parse_descriptive("C-3AR", &Language::SPANISH).unwrap();
//! let DescriptiveBody::Piece(p) = m.body else { panic!() };
//! assert_eq!(p.role, Role::Knight);
//! let Action::Move { to } = p.action else { panic!() };
//! // 3AR is f3 for White and f6 for Black.
//! assert!(to.contains(Square::F3, Color::White));
//! assert!(to.contains(Square::F6, Color::Black));
//! assert_eq!(to.span.range(), 2..5);
//! // The 1970 ruling's `A-D`: a file with no rank, incomplete.
//! let m = parse_descriptive("A-D", &Language::SPANISH).unwrap();
//! assert!(m.is_incomplete());
//! let m = parse_descriptive("P-K4", &Language::ENGLISH).unwrap();
//! assert!(!m.is_incomplete());
//! ```

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::value;
use nom::{IResult, Parser as _};

use super::{ErrorKind, Language, ParseError, Span, Suffix, SuffixKind};
use crate::types::{CastlingSide, Color, Role, Square};

/// Which notation a sheet is written in: algebraic (Appendix E/C), descriptive, or decided per
/// game from its moves.
///
/// Carried by [`Language::with_notation`]; the library's languages are algebraic, the command
/// line's default is `Auto`.
///
/// ```
/// use planilla::notation::{descriptive::NotationKind, Language};
/// let l = Language::SPANISH.with_notation(NotationKind::Descriptive);
/// assert!(l.is_descriptive());
/// assert!(!Language::SPANISH.is_descriptive());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum NotationKind {
    /// Algebraic only (Appendix E (2005); C (2018, 2023)).
    #[default]
    Algebraic,
    /// Descriptive only (`P4R`, `P-K4`).
    Descriptive,
    /// Each game in the notation of its moves: a word the algebraic grammar rejects is read
    /// as descriptive; a game mixing the two is an error at the first move of the other one.
    Auto,
}

impl Language {
    /// The same letters, read and written in `notation` (algebraic, descriptive, or decided
    /// per game).
    ///
    /// ```
    /// use planilla::notation::{descriptive::NotationKind, Language};
    /// let l = Language::ENGLISH.with_notation(NotationKind::Auto);
    /// assert_eq!(l.notation_kind(), NotationKind::Auto);
    /// assert_eq!(l.name(), "English");
    /// ```
    pub const fn with_notation(mut self, notation: NotationKind) -> Language {
        self.notation = notation;
        self
    }

    /// The notation the sheet is read in.
    pub const fn notation_kind(&self) -> NotationKind {
        self.notation
    }

    /// `true` when moves are read and written in descriptive notation only.
    pub const fn is_descriptive(&self) -> bool {
        matches!(self.notation, NotationKind::Descriptive)
    }
}

/// A set of squares as a descriptive writing names them: files (bit 0 the a-file) and ranks
/// counted from the mover's side (bit 0 its first rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The files, one bit each, a-file first.
    pub files: u8,
    /// The ranks counted from the mover's side, one bit each, its first rank first.
    pub ranks: u8,
    /// Where it is written; empty when nothing was written.
    pub span: Span,
}

impl Place {
    /// Every square: nothing written.
    pub const fn any(at: u32) -> Place {
        Place {
            files: 0xFF,
            ranks: 0xFF,
            span: Span::new(at, at),
        }
    }

    /// `true` when nothing restricts it.
    pub const fn is_any(&self) -> bool {
        self.files == 0xFF && self.ranks == 0xFF
    }

    /// `true` when `sq` is among the squares, the ranks counted from `mover`'s side.
    pub const fn contains(&self, sq: Square, mover: Color) -> bool {
        let rank = sq.rank().relative_to(mover).index();
        self.files & (1 << sq.file().index()) != 0 && self.ranks & (1 << rank) != 0
    }
}

/// What the piece does: go to a square, or capture a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// To a square (`P-4R`, `C3AR`); a file with no rank (`A-D`) leaves every rank.
    Move {
        /// The squares named.
        to: Place,
    },
    /// A capture naming the captured piece (`PxP`, `AxC`, `TxP(D)`, `PxQBP`).
    Capture {
        /// The captured piece.
        captured: Role,
        /// The span of its letter.
        letter_span: Span,
        /// Where it stands, when qualified (`PxPA`, `TxP(D)`, `PxQBP`, `BxP(Q5)`).
        at: Place,
    },
}

/// A promotion as written: `P8R=D`, `P-8D(D)`, `P-K8=Q`, `P-Q8(Q)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DescriptivePromotion {
    /// The piece the pawn becomes.
    pub role: Role,
    /// Its span.
    pub span: Span,
    /// For a parenthesised letter after a capture (`PxT(D)`), the same parentheses read as a
    /// qualifier of the captured piece (the queen's file or wing): the resolver takes the
    /// promotion when the capture promotes, the qualifier otherwise.
    pub or_place: Option<Place>,
}

/// A piece or pawn move in descriptive notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceMove {
    /// The piece that moves (the pawn is written `P`).
    pub role: Role,
    /// The span of its letter.
    pub letter_span: Span,
    /// Where it stands, when qualified (`PAxP`, `CR-3A`, `QR-Q1`, `T(1)-1D`).
    pub from: Place,
    /// What it does.
    pub action: Action,
    /// The promotion, if written.
    pub promotion: Option<DescriptivePromotion>,
}

/// The body of a descriptive move: castling or a piece move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DescriptiveBody {
    /// `O-O`, `0-0`, `O-O-O`, `0-0-0`, `Castles`.
    Castle {
        /// Which side.
        side: CastlingSide,
        /// The span of the sign.
        span: Span,
    },
    /// A piece or pawn move.
    Piece(PieceMove),
}

/// One move in descriptive notation, with its marks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DescriptiveMove {
    /// The move.
    pub body: DescriptiveBody,
    /// `a.p.` or `e.p.`, if written.
    pub en_passant: Option<Span>,
    /// `+`, `ch`, `++`, `#`, if written.
    pub suffix: Option<Suffix>,
    /// A draw offer `(=)` glued after the move (E13; C.12).
    pub draw_offer: Option<Span>,
    /// The whole move.
    pub span: Span,
}

impl DescriptiveMove {
    /// `true` for a move to a file with no rank (`A-D`, `B-Q`): incomplete, however many legal
    /// moves complete it (the 1970 booklet, Art. XVII).
    pub const fn is_incomplete(&self) -> bool {
        matches!(
            self.body,
            DescriptiveBody::Piece(PieceMove {
                action: Action::Move { to },
                ..
            }) if to.ranks == 0xFF
        )
    }

    /// `true` for castling.
    pub const fn is_castle(&self) -> bool {
        matches!(self.body, DescriptiveBody::Castle { .. })
    }

    /// Applies `f` to every span.
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) {
        self.span = f(self.span);
        if let Some(s) = &mut self.en_passant {
            *s = f(*s);
        }
        if let Some(s) = &mut self.suffix {
            s.span = f(s.span);
        }
        if let Some(s) = &mut self.draw_offer {
            *s = f(*s);
        }
        match &mut self.body {
            DescriptiveBody::Castle { span, .. } => *span = f(*span),
            DescriptiveBody::Piece(p) => {
                p.letter_span = f(p.letter_span);
                p.from.span = f(p.from.span);
                match &mut p.action {
                    Action::Move { to } => to.span = f(to.span),
                    Action::Capture {
                        letter_span, at, ..
                    } => {
                        *letter_span = f(*letter_span);
                        at.span = f(at.span);
                    }
                }
                if let Some(pr) = &mut p.promotion {
                    pr.span = f(pr.span);
                    if let Some(o) = &mut pr.or_place {
                        o.span = f(o.span);
                    }
                }
            }
        }
    }
}

/// `true` when `language` writes English descriptive (its knight is `N`).
pub(crate) fn is_english(language: &Language) -> bool {
    language.letter(Role::Knight) == Some('N')
}

const A: u8 = 1;
const B: u8 = 2;
const C: u8 = 4;
const D: u8 = 8;
const E: u8 = 16;
const F: u8 = 32;
const G: u8 = 64;
const H: u8 = 128;
const QUEEN_WING: u8 = A | B | C | D;
const KING_WING: u8 = E | F | G | H;

/// The Spanish file names, longest first: torre, caballo, alfil de dama / de rey, dama, rey.
pub const SPANISH_FILES: [(&str, u8); 11] = [
    ("TD", A),
    ("CD", B),
    ("AD", C),
    ("AR", F),
    ("CR", G),
    ("TR", H),
    ("T", A | H),
    ("C", B | G),
    ("A", C | F),
    ("D", D),
    ("R", E),
];

/// The English file names, longest first (`Kt` is the older knight).
pub const ENGLISH_FILES: [(&str, u8); 16] = [
    ("QKt", B),
    ("KKt", G),
    ("QR", A),
    ("QN", B),
    ("QB", C),
    ("KR", H),
    ("KN", G),
    ("KB", F),
    ("Kt", B | G),
    ("Q", D),
    ("K", E),
    ("R", A | H),
    ("N", B | G),
    ("B", C | F),
    ("", 0),
    ("", 0),
];

fn files_table(english: bool) -> &'static [(&'static str, u8)] {
    if english {
        &ENGLISH_FILES[..14]
    } else {
        &SPANISH_FILES
    }
}

type In<'a> = &'a [u8];

/// A file name at the start of `i` (longest match).
fn file_name(english: bool) -> impl Fn(In<'_>) -> IResult<In<'_>, u8> {
    move |i: In<'_>| {
        for &(name, files) in files_table(english) {
            if let Ok((rest, _)) = tag::<_, _, nom::error::Error<In<'_>>>(name.as_bytes())(i) {
                return Ok((rest, files));
            }
        }
        Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Tag,
        )))
    }
}

/// A rank digit 1-8 (counted from the mover's side).
fn rank_digit(i: In<'_>) -> IResult<In<'_>, u8> {
    match i.first() {
        Some(&d @ b'1'..=b'8') => Ok((&i[1..], 1 << (d - b'1'))),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Digit,
        ))),
    }
}

/// The check and mate marks: `++`, `+`, `#`, and English `ch` and `mate`, glued or after one
/// space, ending the word.
fn suffix_mark(i: In<'_>) -> IResult<In<'_>, SuffixKind> {
    let (rest, kind) = alt((
        value(SuffixKind::DoublePlus, tag(&b"++"[..])),
        value(SuffixKind::Check, tag(&b"+"[..])),
        value(SuffixKind::Hash, tag(&b"#"[..])),
        value(SuffixKind::Check, tag(&b" ch"[..])),
        value(SuffixKind::Check, tag(&b"ch"[..])),
        value(SuffixKind::DoublePlus, tag(&b" mate"[..])),
    ))
    .parse(i)?;
    let worded = i.first() != Some(&b'+') && i.first() != Some(&b'#');
    if worded && rest.first().is_some_and(|b| b.is_ascii_alphanumeric()) {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Tag,
        )));
    }
    Ok((rest, kind))
}

/// The en passant mark, after at most one space: `a.p.`, `e.p.`.
fn en_passant_mark(i: In<'_>) -> IResult<In<'_>, usize> {
    let (rest, space) = nom::combinator::opt(tag(&b" "[..])).parse(i)?;
    let (rest, _) = alt((tag(&b"a.p."[..]), tag(&b"e.p."[..]))).parse(rest)?;
    Ok((rest, space.map_or(0, <[u8]>::len)))
}

/// The castling signs: `O-O-O`, `0-0-0`, `O-O`, `0-0`, `Castles`.
fn castling(i: In<'_>) -> IResult<In<'_>, CastlingSide> {
    alt((
        value(CastlingSide::QueenSide, tag(&b"O-O-O"[..])),
        value(CastlingSide::QueenSide, tag(&b"0-0-0"[..])),
        value(CastlingSide::KingSide, tag(&b"O-O"[..])),
        value(CastlingSide::KingSide, tag(&b"0-0"[..])),
        value(CastlingSide::KingSide, tag(&b"Castles"[..])),
    ))
    .parse(i)
}

/// A reading cursor over the move's bytes, from `base` in the whole text.
struct Cur<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
    english: bool,
    language: Language,
    /// Reading the piece a pawn captures: `(D)` after it is left for the promotion.
    pawn_capture: bool,
}

impl<'a> Cur<'a> {
    fn rest(&self) -> In<'a> {
        self.b.get(self.i..).unwrap_or_default()
    }

    /// Runs a nom parser at the cursor; on success moves past what it read.
    fn take<T>(&mut self, p: impl Fn(In<'a>) -> IResult<In<'a>, T>) -> Option<(T, Span)> {
        let start = self.i;
        let (rest, t) = p(self.rest()).ok()?;
        self.i = self.b.len() - rest.len();
        Some((t, sp(start, self.i)))
    }

    fn err(&self, kind: ErrorKind, expected: &'static str) -> ParseError {
        super::error(self.s, kind, self.i, 0, expected)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// A piece letter of the language (`Kt` too in English), with its span.
    fn piece_letter(&mut self) -> Option<(Role, Span)> {
        let start = self.i;
        if self.english && self.rest().starts_with(b"Kt") {
            self.i += 2;
            return Some((Role::Knight, sp(start, self.i)));
        }
        let c = self.peek()?;
        let role = if c.is_ascii_uppercase() {
            self.language.role(c as char)?
        } else {
            return None;
        };
        self.i += 1;
        Some((role, sp(start, self.i)))
    }

    /// A parenthesised place: `(1)`, `(CD)`, `(4D)`, `(Q4)`, `(QB)`.
    fn paren_place(&mut self) -> Option<Place> {
        let start = self.i;
        if self.peek() != Some(b'(') || self.rest().starts_with(b"(=)") {
            return None;
        }
        if self.pawn_capture {
            let r = self.rest();
            let single =
                (r.len() >= 3 && r[2] == b')' && self.language.role(r[1] as char).is_some())
                    || (self.english && r.starts_with(b"(Kt)"));
            if single {
                return None;
            }
        }
        self.i += 1;
        // Spanish names the rank first (`(1CD)`), English the file (`(QN1)`).
        let (files, ranks) = if self.english {
            let files = self.take(file_name(true)).map(|(f, _)| f);
            (files, self.take(rank_digit).map(|(r, _)| r))
        } else {
            let ranks = self.take(rank_digit).map(|(r, _)| r);
            (self.take(file_name(false)).map(|(f, _)| f), ranks)
        };
        if (files.is_none() && ranks.is_none()) || !self.eat(b')') {
            self.i = start;
            return None;
        }
        Some(Place {
            files: files.unwrap_or(0xFF),
            ranks: ranks.unwrap_or(0xFF),
            span: sp(start, self.i),
        })
    }
}

#[inline]
fn sp(a: usize, b: usize) -> Span {
    Span::new(a as u32, b as u32)
}

/// A file qualifier as written read for `role`: a lone wing letter (`D`/`R`, `Q`/`K`) names
/// the wing of a piece and the file of a pawn.
fn qualifier(files: u8, role: Role) -> u8 {
    match (files, role) {
        (_, Role::Pawn) => files,
        (D, _) => QUEEN_WING,
        (E, _) => KING_WING,
        _ => files,
    }
}

/// Parses one descriptive move, the whole of `text`, in `language`'s letters (Spanish unless
/// the language's knight is `N`).
///
/// # Errors
/// A [`ParseError`] with its span when the text is not one descriptive move.
///
/// ```
/// use planilla::notation::descriptive::parse_descriptive;
/// use planilla::notation::Language;
/// assert!(parse_descriptive("PxP a.p.", &Language::SPANISH).is_ok());
/// assert!(parse_descriptive("B-N5ch", &Language::ENGLISH).is_ok());
/// assert!(parse_descriptive("P-8D(D)", &Language::SPANISH).is_ok());
/// assert_eq!(parse_descriptive("A-5CDx", &Language::SPANISH).unwrap_err().span.range(), 5..6);
/// ```
pub fn parse_descriptive(text: &str, language: &Language) -> Result<DescriptiveMove, ParseError> {
    let (m, end) = parse_at(text, 0, language)?;
    if end < text.len() {
        return Err(super::error(
            text,
            ErrorKind::TrailingCharacters,
            end,
            0,
            "the end of the move",
        ));
    }
    Ok(m)
}

/// Parses a descriptive move starting at byte `at` of `s`; returns it and the byte after it.
pub(crate) fn parse_at(
    s: &str,
    at: usize,
    language: &Language,
) -> Result<(DescriptiveMove, usize), ParseError> {
    let english = is_english(language);
    let mut c = Cur {
        s,
        b: s.as_bytes(),
        i: at,
        english,
        language: *language,
        pawn_capture: false,
    };
    if c.b.len() > u32::MAX as usize {
        return Err(ParseError::new(
            ErrorKind::InputTooLarge,
            Span::new(0, 0),
            None,
            "an input under 4 GiB",
        ));
    }
    let body = if let Some((side, span)) = c.take(castling) {
        DescriptiveBody::Castle { side, span }
    } else {
        DescriptiveBody::Piece(piece_move(&mut c)?)
    };
    let en_passant = c
        .take(en_passant_mark)
        .map(|(space, s)| Span::new(s.start + space as u32, s.end));
    let suffix = c
        .take(suffix_mark)
        .map(|(kind, span)| Suffix { kind, span });
    let draw_offer = c.take(|i| tag(&b"(=)"[..])(i)).map(|(_, s)| s);
    Ok((
        DescriptiveMove {
            body,
            en_passant,
            suffix,
            draw_offer,
            span: sp(at, c.i),
        },
        c.i,
    ))
}

fn piece_move(c: &mut Cur<'_>) -> Result<PieceMove, ParseError> {
    let (role, letter_span, from) = if c.english {
        english_piece(c)?
    } else {
        let Some((role, letter_span)) = c.piece_letter() else {
            return Err(c.err(ErrorKind::UnknownPieceLetter, "a piece letter R D T A C P"));
        };
        let mut from = Place::any(c.i as u32);
        if let Some(p) = c.paren_place() {
            from = p;
        } else if let Some((files, span)) = c.take(file_name(false)) {
            from = Place {
                files: qualifier(files, role),
                ranks: 0xFF,
                span,
            };
        }
        (role, letter_span, from)
    };
    let action = if c.eat(b'x') || c.eat(b':') {
        c.pawn_capture = role == Role::Pawn;
        let captured = capture(c);
        c.pawn_capture = false;
        captured?
    } else {
        let dash = c.eat(b'-');
        destination(c, dash)?
    };
    let promotion = promotion(c, role, &action)?;
    Ok(PieceMove {
        role,
        letter_span,
        from,
        action,
        promotion,
    })
}

/// English: an optional file or wing before the piece letter (`QR`, `KBP`, `QKt`), and an
/// optional place in parentheses after it (`R(1)`, `N(Q2)`).
fn english_piece(c: &mut Cur<'_>) -> Result<(Role, Span, Place), ParseError> {
    let start = c.i;
    // The letters up to the dash or capture mark: the last letter is the piece (`Kt` too).
    let run = c
        .rest()
        .iter()
        .enumerate()
        .take_while(|&(k, &b)| b.is_ascii_uppercase() || (b == b't' && k > 0))
        .count();
    let word = &c.rest()[..run];
    let letter_len = if word.ends_with(b"Kt") { 2 } else { 1 };
    if run < letter_len {
        return Err(c.err(ErrorKind::UnknownPieceLetter, "a piece letter K Q R B N P"));
    }
    let prefix = run - letter_len;
    let mut from = Place::any(start as u32);
    c.i = start + prefix;
    let Some((role, letter_span)) = c.piece_letter() else {
        return Err(c.err(ErrorKind::UnknownPieceLetter, "a piece letter K Q R B N P"));
    };
    if prefix > 0 {
        let mut q = Cur {
            s: c.s,
            b: &c.b[..start + prefix],
            i: start,
            english: true,
            language: c.language,
            pawn_capture: false,
        };
        match q.take(file_name(true)) {
            Some((files, span)) if q.i == start + prefix => {
                from = Place {
                    files: qualifier(files, role),
                    ranks: 0xFF,
                    span,
                };
            }
            _ => {
                c.i = start;
                return Err(super::error(
                    c.s,
                    ErrorKind::UnknownPieceLetter,
                    start,
                    prefix,
                    "a file name QR QN QB Q K KB KN KR before the piece",
                ));
            }
        }
    }
    if let Some(p) = c.paren_place() {
        from = p;
    }
    Ok((role, letter_span, from))
}

/// The squares of a destination: Spanish rank then file (`4R`, `3AR`), English file then rank
/// (`K4`, `KB3`); a file alone is incomplete.
fn destination(c: &mut Cur<'_>, dash: bool) -> Result<Action, ParseError> {
    let start = c.i;
    let (files, ranks) = if c.english {
        let Some((files, _)) = c.take(file_name(true)) else {
            return Err(c.err(
                ErrorKind::MissingTarget,
                "a file name QR QN QB Q K KB KN KR",
            ));
        };
        let ranks = c.take(rank_digit).map_or(0xFF, |(r, _)| r);
        (files, ranks)
    } else {
        let rank = c.take(rank_digit).map(|(r, _)| r);
        if rank.is_none() && !dash {
            return Err(c.err(ErrorKind::MissingTarget, "a dash, a rank 1-8 or x"));
        }
        let Some((files, _)) = c.take(file_name(false)) else {
            return Err(c.err(ErrorKind::BadFile, "a file name TD CD AD D R AR CR TR"));
        };
        (files, rank.unwrap_or(0xFF))
    };
    Ok(Action::Move {
        to: Place {
            files,
            ranks,
            span: sp(start, c.i),
        },
    })
}

/// The captured piece and its qualifier: Spanish after it (`PxPA`, `TxP(D)`), English before
/// it (`PxQBP`) or in parentheses after it (`BxP(Q5)`).
fn capture(c: &mut Cur<'_>) -> Result<Action, ParseError> {
    let start = c.i;
    let (captured, letter_span, mut at) = if c.english {
        english_piece(c).map_err(|_| {
            super::error(
                c.s,
                ErrorKind::MissingTarget,
                start,
                0,
                "the captured piece",
            )
        })?
    } else {
        let Some((role, span)) = c.piece_letter() else {
            return Err(c.err(ErrorKind::MissingTarget, "the captured piece"));
        };
        let mut at = Place::any(c.i as u32);
        if let Some((files, fspan)) = c.take(file_name(false)) {
            at = Place {
                files: qualifier(files, role),
                ranks: 0xFF,
                span: fspan,
            };
        }
        (role, span, at)
    };
    if at.is_any()
        && let Some(p) = c.paren_place()
    {
        at = p;
    }
    if captured == Role::King {
        return Err(super::error(
            c.s,
            ErrorKind::MissingTarget,
            letter_span.start as usize,
            letter_span.len(),
            "a piece that can be captured",
        ));
    }
    Ok(Action::Capture {
        captured,
        letter_span,
        at,
    })
}

/// `=D`, `(D)` or, after a capture, `(D)` read both ways (see [`DescriptivePromotion`]).
fn promotion(
    c: &mut Cur<'_>,
    role: Role,
    action: &Action,
) -> Result<Option<DescriptivePromotion>, ParseError> {
    let start = c.i;
    let (eq, paren) = (c.peek() == Some(b'='), c.peek() == Some(b'('));
    let opens = paren && !c.rest().starts_with(b"(=)");
    if !eq && !opens {
        return Ok(None);
    }
    c.i += 1;
    let letter = c.piece_letter();
    let closed = !paren || c.eat(b')');
    let Some((promoted, _)) = letter
        .filter(|(r, _)| closed && !matches!(r, Role::King | Role::Pawn) && role == Role::Pawn)
    else {
        if paren && role != Role::Pawn {
            // `TxP(D)` after a piece: already read as a qualifier, or nothing.
            c.i = start;
            return Ok(None);
        }
        return Err(super::error(
            c.s,
            if role == Role::Pawn {
                ErrorKind::BadPromotion
            } else {
                ErrorKind::PromotionOnPieceMove
            },
            start,
            c.i - start,
            "a promotion =D, =T, =A, =C",
        ));
    };
    let span = sp(start, c.i);
    let or_place = match action {
        Action::Capture { at, .. } if paren && at.is_any() => {
            // The same letter as a file or wing of the captured piece.
            let name = &c.b[start + 1..c.i - 1];
            files_table(c.english)
                .iter()
                .find(|(n, _)| n.as_bytes() == name)
                .map(|&(_, files)| Place {
                    files,
                    ranks: 0xFF,
                    span,
                })
        }
        _ => None,
    };
    Ok(Some(DescriptivePromotion {
        role: promoted,
        span,
        or_place,
    }))
}

/// Whether `b` may follow a move in a text: a delimiter, the end, or an assessment `!` `?`.
pub(crate) fn ends_word(b: Option<u8>) -> bool {
    match b {
        None => true,
        Some(d) => {
            d.is_ascii_whitespace()
                || matches!(
                    d,
                    b'(' | b')' | b'{' | b'}' | b';' | b'$' | b'[' | b'!' | b'?'
                )
        }
    }
}

/// Reads a descriptive move at byte `at` of a scoresheet's text: the move must end at a
/// delimiter (or a move number glued after it, as in algebraic sheets).
pub(crate) fn read_word(
    s: &str,
    at: usize,
    language: &Language,
) -> Result<(DescriptiveMove, usize), ParseError> {
    let (m, end) = parse_at(s, at, language)?;
    let b = s.as_bytes();
    let digits = b[end..].iter().take_while(|c| c.is_ascii_digit()).count();
    let glued_number = digits > 0 && b.get(end + digits) == Some(&b'.');
    // Parentheses belong to descriptive moves (`T(1)`, `TxP(D)`, `P-8D(D)`): one glued to a
    // move that does not read it is no variation.
    let glued_paren = b.get(end) == Some(&b'(');
    if (!ends_word(b.get(end).copied()) || glued_paren) && !glued_number {
        let k = b[end..]
            .iter()
            .position(|c| ends_word(Some(*c)))
            .unwrap_or(b.len() - end);
        return Err(super::error(
            s,
            ErrorKind::TrailingCharacters,
            end,
            k,
            "a space, a move number or the end after the move",
        ));
    }
    Ok((m, end))
}
