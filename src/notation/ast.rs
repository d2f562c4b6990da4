//! The `Notation` AST: what a player wrote for one move, part by part, with byte spans.
//!
//! Every type here is a small `Copy` value. Spans are byte offsets into the **original** text
//! given to the parser (before [normalization](crate::text::normalize)), so a diagnostic can point at
//! the exact characters. The AST records the *written form* (which capture mark, which castling
//! glyph, which promotion style); what the move *means* on a board is the resolver's business.

pub use crate::text::Span;
use crate::types::{CastlingSide, File, Rank, Role, Square};

/// One written move, kept compact: its body, the marks after it, and the span of the whole
/// move, in 40 bytes.
///
/// Appendix E8–E13 (2005); C.8–C.13 (2023). Built by
/// [`Parser::parse_move`](super::Parser::parse_move), or from its [`NotationParts`] with
/// `Notation::try_from`.
///
/// The span of the move is kept as its start (a byte offset into the original text) and
/// length; the span of each part is kept relative to the start, a byte each, and the marks
/// as small codes. A move is therefore at most 255 bytes long, its marks included: the parser
/// reads no longer move ([`ErrorKind::MoveTooLong`](super::ErrorKind::MoveTooLong)). The
/// accessors ([`body`](Self::body), [`suffix`](Self::suffix), …) give the parts back with
/// absolute spans; [`parts`](Self::parts) gives them all at once.
///
/// ```
/// use planilla::notation::{Body, Parser, Span, Target};
/// use planilla::{Role, Square};
/// let n = *Parser::spanish().parse_move("Cxf3+").unwrap().first();
/// let Body::Normal(m) = n.body() else { panic!() };
/// assert_eq!(m.role(), Role::Knight);
/// assert_eq!(m.target, Target::Square(Square::F3));
/// assert!(m.is_capture());
/// assert_eq!(n.suffix().unwrap().span, Span::new(4, 5));
/// assert_eq!(n.span(), Span::new(0, 5));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Notation {
    /// The first byte of the move in the original text.
    start: u32,
    /// The piece letter as written, or [`NO_CHAR`] for castling and a pawn move without one.
    piece_letter: u32,
    /// The promotion's letter as written, or [`NO_CHAR`].
    promotion_letter: u32,
    /// The span of each part, relative to `start`, indexed by the `part` constants. Parts not
    /// written are `Rel::EMPTY`, so that equal notations are equal bytes.
    parts: [Rel; 9],
    /// The length of the move in bytes.
    len: u8,
    /// [`CASTLE`], [`PAWN`] (no letter written), or [`PIECE`] plus the written letter's role
    /// index.
    kind: u8,
    /// Castling: the side (bit 0), the glyph (bits 1–2) and the dashes (bit 3). A piece or
    /// pawn move: the square index (0–63), [`TARGET_FILE`] plus a file, or [`TARGET_RANK`]
    /// plus a rank.
    target: u8,
    /// The origin file plus one (bits 0–3) and the origin rank plus one (bits 4–7); 0 for none.
    hints: u8,
    /// 0 for none, then `x`, `:`, `×`, and the dash.
    separator: u8,
    /// 0 for none; otherwise [`PROMOTED`], the style (bits 3–4) and the role index plus one
    /// (bits 0–2, 0 when no piece was written).
    promotion: u8,
    /// The en passant mark plus one (bits 0–2), the check mark plus one (bits 3–4), the
    /// assessment glyph plus one (bits 5–7), and bit 8 for a draw offer.
    marks: u16,
}

/// The parts of one written move, as plain values with absolute spans: what
/// [`Notation::parts`] gives and `Notation::try_from` takes.
///
/// ```
/// use planilla::notation::{Notation, NotationParts, Parser};
/// let n = *Parser::spanish().parse_move("exd6 a.p.").unwrap().first();
/// let mut parts = n.parts();
/// assert!(parts.en_passant.is_some());
/// parts.en_passant = None;
/// let shorter = Notation::try_from(parts).unwrap();
/// assert_eq!(shorter.to_string(), "exd6");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NotationParts {
    /// The move itself: castling, or a piece or pawn move.
    pub body: Body,
    /// The en passant marker `a.p.` (E9; C.9), if written.
    pub en_passant: Option<EnPassant>,
    /// The check or mate mark (`+`, `++`, `#`; E "Abreviaturas esenciales"; C.13), if written.
    pub suffix: Option<SuffixMark>,
    /// A move assessment glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`; PGN §10 NAGs 1–6), if written.
    pub annotation: Option<Annotation>,
    /// The span of a draw offer `(=)` written right after the move (E13; C.12), if any.
    pub draw_offer: Option<Span>,
    /// The span of the whole move, from its first to its last character (draw offer included).
    pub span: Span,
}

/// The body of a move: castling, or a normal (piece or pawn) move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Body {
    /// Castling `0-0` / `0-0-0` (E "Abreviaturas esenciales"; C.13).
    Castle(Castle),
    /// A piece move (E8, E9, E10; C.8–C.10) or a pawn move (E4, E9, E11, E12; C.4, C.9, C.11).
    Normal(Normal),
}

/// Castling as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Castle {
    /// Short (`0-0`) or long (`0-0-0`).
    pub side: CastlingSide,
    /// How it was written.
    pub style: CastlingStyle,
    /// The span of the castling sign.
    pub span: Span,
}

/// The written form of a castling sign: its glyph and whether dashes separate them.
///
/// `0-0` is the form of the Laws (E; C.13); `O-O` is PGN's; `o-o`, `00` and `OO` are lenient
/// extensions seen on handwritten sheets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct CastlingStyle {
    /// The glyph used.
    pub glyph: CastlingGlyph,
    /// `true` for `0-0`, `false` for `00`.
    pub dashes: bool,
}

impl CastlingStyle {
    /// The canonical style of the Laws: `0-0`.
    pub const CANONICAL: CastlingStyle = CastlingStyle {
        glyph: CastlingGlyph::Zero,
        dashes: true,
    };
}

/// The character a castling sign is written with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CastlingGlyph {
    /// The digit zero, `0-0` (the Laws).
    Zero,
    /// Capital letter O, `O-O` (PGN).
    UpperO,
    /// Small letter o, `o-o` (lenient extension).
    LowerO,
}

impl CastlingGlyph {
    /// The ASCII character.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            CastlingGlyph::Zero => '0',
            CastlingGlyph::UpperO => 'O',
            CastlingGlyph::LowerO => 'o',
        }
    }
}

/// A piece or pawn move as written: piece letter, origin hints, separator, target, promotion.
///
/// Pawn moves have no `piece` (E4; C.4), unless a pawn letter was written (lenient
/// extension; C.4 says `Pd4` is not the Law's form).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Normal {
    /// The piece letter or figurine; `None` for a pawn move written without a letter.
    pub piece: Option<PieceLetter>,
    /// The origin file hint (E10(1), E11; C.10), if written.
    pub from_file: Option<File>,
    /// The origin rank hint (E10(2); C.10), if written.
    pub from_rank: Option<Rank>,
    /// The span of the origin hint; empty (at the hint's position) when there is none.
    pub from_span: Span,
    /// The capture mark (E9; C.9) or the dash of long algebraic notation, if written.
    pub separator: Option<Separator>,
    /// Where the piece goes: a square, or an incomplete target (only a file or only a rank).
    pub target: Target,
    /// The span of the target.
    pub target_span: Span,
    /// The promotion (E12; C.11), if written.
    pub promotion: Option<Promotion>,
}

impl Normal {
    /// The role that moves: the written piece, or [`Role::Pawn`] when no letter was written.
    #[inline]
    pub const fn role(&self) -> Role {
        match self.piece {
            Some(p) => p.role,
            None => Role::Pawn,
        }
    }

    /// `true` if a capture mark (`x`, `:` or `×`) was written.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.capture_mark().is_some()
    }

    /// The capture mark, if one was written.
    #[inline]
    pub const fn capture_mark(&self) -> Option<CaptureMark> {
        match self.separator {
            Some(Separator {
                kind: SeparatorKind::Capture(m),
                ..
            }) => Some(m),
            _ => None,
        }
    }

    /// The target square, or `None` when only a file or only a rank was written.
    #[inline]
    pub const fn target_square(&self) -> Option<Square> {
        match self.target {
            Target::Square(sq) => Some(sq),
            _ => None,
        }
    }

    /// `true` when the move is incomplete: target without file or rank, or promotion without a
    /// piece. The resolver lists the legal moves such a form could mean.
    #[inline]
    pub const fn is_incomplete(&self) -> bool {
        !matches!(self.target, Target::Square(_))
            || matches!(self.promotion, Some(Promotion { role: None, .. }))
    }
}

/// A piece letter (or figurine) as written, with the role it stands for in the parse language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceLetter {
    /// The role the letter names in the language used (E2, E3; C.2, C.3).
    pub role: Role,
    /// The character written (after normalization), e.g. `'C'`, `'c'` in lenient mode, `'♘'`.
    pub letter: char,
    /// Its span.
    pub span: Span,
}

impl PieceLetter {
    /// `true` when the letter is `language`'s own uppercase letter (or a figurine) for the
    /// role; `false` for a lowercase letter read in lenient mode or a foreign letter such as
    /// `K` on a Spanish sheet (seed 003's `Kb1`), which a checker may want to point out.
    ///
    /// ```
    /// use planilla::notation::{Language, Parser};
    /// let p = Parser::spanish();
    /// let letter = |s| p.parse_move(s).unwrap().first().normal().unwrap().piece.unwrap();
    /// assert!(letter("Rb1").is_letter_of(Language::SPANISH));
    /// assert!(!letter("Kb1").is_letter_of(Language::SPANISH));
    /// assert!(letter("♔b1").is_letter_of(Language::SPANISH));
    /// ```
    pub fn is_letter_of(&self, language: super::Language) -> bool {
        super::figurine_role(self.letter).is_some() || language.role(self.letter) == Some(self.role)
    }
}

/// The target of a move: a square, or an incomplete target.
///
/// ```
/// use planilla::{File, Parser, Square, Target};
/// let parser = Parser::spanish();
/// assert_eq!(parser.parse_move("Cf3")?.first().target(), Some(Target::Square(Square::F3)));
/// // `Ad`: a bishop to the d-file, its rank not written (the 1970 booklet's `A-D`).
/// assert_eq!(parser.parse_move("Ad")?.first().target(), Some(Target::File(File::D)));
/// # Ok::<(), planilla::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Target {
    /// A full square (E7, E8; C.7, C.8).
    Square(Square),
    /// Only a file, as in `Ad` or the pawn capture `exd` (incomplete; lenient extension after
    /// the `A-D` ruling of the 1970 booklet).
    File(File),
    /// Only a rank, as in `Cdx3` (incomplete; lenient extension).
    Rank(Rank),
}

/// The mark between origin and target: a capture mark or a long-algebraic dash.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Separator {
    /// Which mark.
    pub kind: SeparatorKind,
    /// Its span.
    pub span: Span,
}

/// What separates origin and target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum SeparatorKind {
    /// A capture mark (E9; C.9).
    Capture(CaptureMark),
    /// A dash, as in long algebraic `e2-e4` (lenient extension: E8 says there is no dash).
    Dash,
}

/// How a capture was marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CaptureMark {
    /// `x` (E9; C.9); `X` in lenient mode.
    X,
    /// `:` (older European usage; lenient extension).
    Colon,
    /// `×`, the multiplication sign (typeset; lenient extension).
    Cross,
}

impl CaptureMark {
    /// The character of the mark.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            CaptureMark::X => 'x',
            CaptureMark::Colon => ':',
            CaptureMark::Cross => '×',
        }
    }
}

/// A promotion as written (E12; C.11).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Promotion {
    /// The new piece; `None` when the promotion sign has no piece (incomplete).
    pub role: Option<Role>,
    /// The letter or figurine written for it.
    pub letter: Option<char>,
    /// How it was written.
    pub style: PromotionStyle,
    /// The span of the promotion, sign included.
    pub span: Span,
}

/// The written style of a promotion.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum PromotionStyle {
    /// `d8D`: the letter right after the square (E12; C.11).
    Attached,
    /// `d8=D` (PGN; lenient extension).
    Equals,
    /// `d8/D` (lenient extension).
    Slash,
    /// `d8(D)` (lenient extension).
    Parenthesized,
}

/// The en passant marker (E9 "a.p."; C.9, optional per C.13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct EnPassant {
    /// How it was written.
    pub style: EnPassantMark,
    /// Its span (the marker only, not the space before it).
    pub span: Span,
}

/// The written form of an en passant marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum EnPassantMark {
    /// `a.p.` (E9; C.9).
    APDotted,
    /// `a.p` (lenient extension).
    APHalfDotted,
    /// `ap` (lenient extension).
    AP,
    /// `e.p.` (English/French usage; lenient extension).
    EPDotted,
    /// `e.p` (lenient extension).
    EPHalfDotted,
    /// `ep` (lenient extension).
    EP,
}

impl EnPassantMark {
    /// The marker text.
    #[inline]
    pub const fn as_str(self) -> &'static str {
        match self {
            EnPassantMark::APDotted => "a.p.",
            EnPassantMark::APHalfDotted => "a.p",
            EnPassantMark::AP => "ap",
            EnPassantMark::EPDotted => "e.p.",
            EnPassantMark::EPHalfDotted => "e.p",
            EnPassantMark::EP => "ep",
        }
    }

    /// All styles, longest text first within each family (the order the parser tries them).
    pub const ALL: [EnPassantMark; 6] = [
        EnPassantMark::APDotted,
        EnPassantMark::APHalfDotted,
        EnPassantMark::AP,
        EnPassantMark::EPDotted,
        EnPassantMark::EPHalfDotted,
        EnPassantMark::EP,
    ];
}

/// A check or mate mark.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct SuffixMark {
    /// Which mark.
    pub kind: SuffixKind,
    /// Its span.
    pub span: Span,
}

/// Check and mate marks (E "Abreviaturas esenciales"; C.13, where they are optional).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum SuffixKind {
    /// `+`: check.
    Check,
    /// `++`: mate (E; C.13).
    DoublePlus,
    /// `#`: mate (C.13).
    Hash,
}

impl SuffixKind {
    /// `true` for the mate marks `++` and `#`.
    #[inline]
    pub const fn is_mate(self) -> bool {
        !matches!(self, SuffixKind::Check)
    }

    /// The mark text.
    #[inline]
    pub const fn as_str(self) -> &'static str {
        match self {
            SuffixKind::Check => "+",
            SuffixKind::DoublePlus => "++",
            SuffixKind::Hash => "#",
        }
    }
}

/// A move assessment glyph written after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Annotation {
    /// Which glyph.
    pub kind: AnnotationKind,
    /// Its span.
    pub span: Span,
}

/// The six move assessment glyphs of PGN §10 (NAGs 1–6). Not in the Laws: lenient extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum AnnotationKind {
    /// `!` (NAG 1).
    Good,
    /// `?` (NAG 2).
    Mistake,
    /// `!!` (NAG 3).
    Brilliant,
    /// `??` (NAG 4).
    Blunder,
    /// `!?` (NAG 5).
    Speculative,
    /// `?!` (NAG 6).
    Dubious,
}

impl AnnotationKind {
    /// All six, in NAG order.
    pub const ALL: [AnnotationKind; 6] = [
        AnnotationKind::Good,
        AnnotationKind::Mistake,
        AnnotationKind::Brilliant,
        AnnotationKind::Blunder,
        AnnotationKind::Speculative,
        AnnotationKind::Dubious,
    ];

    /// The glyph text.
    #[inline]
    pub const fn as_str(self) -> &'static str {
        match self {
            AnnotationKind::Good => "!",
            AnnotationKind::Mistake => "?",
            AnnotationKind::Brilliant => "!!",
            AnnotationKind::Blunder => "??",
            AnnotationKind::Speculative => "!?",
            AnnotationKind::Dubious => "?!",
        }
    }

    /// The PGN NAG number, 1 to 6.
    #[inline]
    pub const fn nag(self) -> u8 {
        self as u8 + 1
    }
}

/// A char code that is no char: no letter written.
const NO_CHAR: u32 = u32::MAX;
/// `Notation::kind` of castling.
const CASTLE: u8 = 0;
/// `Notation::kind` of a pawn move written without a letter.
const PAWN: u8 = 1;
/// `Notation::kind` of a move with a written letter, plus the letter's role index.
const PIECE: u8 = 2;
/// `Notation::target` of a target given by its file alone, plus the file.
const TARGET_FILE: u8 = 64;
/// `Notation::target` of a target given by its rank alone, plus the rank.
const TARGET_RANK: u8 = 72;
/// The bit of `Notation::promotion` that says a promotion was written.
const PROMOTED: u8 = 0x80;

/// The indices of `Notation::parts`.
mod part {
    pub const PIECE: usize = 0;
    pub const FROM: usize = 1;
    pub const SEPARATOR: usize = 2;
    /// The target square, or the castling sign.
    pub const TARGET: usize = 3;
    pub const PROMOTION: usize = 4;
    pub const EN_PASSANT: usize = 5;
    pub const SUFFIX: usize = 6;
    pub const ANNOTATION: usize = 7;
    pub const DRAW_OFFER: usize = 8;
}

/// A span relative to the start of its move: two bytes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Rel {
    start: u8,
    end: u8,
}

impl Rel {
    const EMPTY: Rel = Rel { start: 0, end: 0 };

    /// `span` relative to `base`, or `None` when it does not lie within the 255 bytes after it.
    #[inline(always)]
    fn of(span: Span, base: u32) -> Option<Rel> {
        let start = span.start.checked_sub(base)?;
        let end = span.end.checked_sub(base)?;
        Some(Rel {
            start: u8::try_from(start).ok()?,
            end: u8::try_from(end).ok()?,
        })
    }

    #[inline(always)]
    const fn at(self, base: u32) -> Span {
        Span::new(base + self.start as u32, base + self.end as u32)
    }
}

const CAPTURE_MARKS: [CaptureMark; 3] = [CaptureMark::X, CaptureMark::Colon, CaptureMark::Cross];
const PROMOTION_STYLES: [PromotionStyle; 4] = [
    PromotionStyle::Attached,
    PromotionStyle::Equals,
    PromotionStyle::Slash,
    PromotionStyle::Parenthesized,
];
const SUFFIX_KINDS: [SuffixKind; 3] = [SuffixKind::Check, SuffixKind::DoublePlus, SuffixKind::Hash];
const GLYPHS: [CastlingGlyph; 3] = [
    CastlingGlyph::Zero,
    CastlingGlyph::UpperO,
    CastlingGlyph::LowerO,
];

#[inline(always)]
fn char_of(code: u32) -> Option<char> {
    char::from_u32(code)
}

impl Notation {
    /// A placeholder value (short castling at an empty span), for buffers about to be
    /// overwritten by the parser.
    #[doc(hidden)]
    pub const PLACEHOLDER: Notation = Notation {
        start: 0,
        piece_letter: NO_CHAR,
        promotion_letter: NO_CHAR,
        parts: [Rel::EMPTY; 9],
        len: 0,
        kind: CASTLE,
        target: 0,
        hints: 0,
        separator: 0,
        promotion: 0,
        marks: 0,
    };

    /// The most bytes a move may take, its marks included: 255.
    pub const MAX_LEN: usize = u8::MAX as usize;

    /// The span of the whole move, from its first to its last character (draw offer
    /// included), in the original text.
    #[inline]
    pub const fn span(&self) -> Span {
        Span::new(self.start, self.start + self.len as u32)
    }

    #[inline(always)]
    const fn part(&self, index: usize) -> Span {
        self.parts[index].at(self.start)
    }

    /// The move itself: castling, or a piece or pawn move, with absolute spans.
    #[doc(hidden)]
    #[inline]
    pub fn body(&self) -> Body {
        match self.normal() {
            Some(m) => Body::Normal(m),
            // Castling (no constructor makes a piece or pawn move without a target).
            None => Body::Castle(Castle {
                side: if self.target & 1 == 0 {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                },
                style: CastlingStyle {
                    glyph: GLYPHS[((self.target >> 1) & 3) as usize % 3],
                    dashes: self.target & 8 != 0,
                },
                span: self.part(part::TARGET),
            }),
        }
    }

    /// The piece or pawn move, or `None` for castling.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// let n = *Parser::spanish().parse_move("Cf3").unwrap().first();
    /// assert!(n.normal().is_some() && n.castle().is_none());
    /// ```
    #[doc(hidden)]
    #[inline]
    pub fn normal(&self) -> Option<Normal> {
        if self.kind == CASTLE {
            return None;
        }
        Some(Normal {
            piece: self.piece(),
            from_file: self.from_file(),
            from_rank: self.from_rank(),
            from_span: self.part(part::FROM),
            separator: self.separator(),
            target: self.target()?,
            target_span: self.part(part::TARGET),
            promotion: self.promotion(),
        })
    }

    /// The castling, or `None` for a piece or pawn move.
    #[doc(hidden)]
    #[inline]
    pub fn castle(&self) -> Option<Castle> {
        match self.body() {
            Body::Castle(c) => Some(c),
            Body::Normal(_) => None,
        }
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(&self) -> bool {
        self.kind == CASTLE
    }

    /// The role that moves, or `None` for castling.
    #[inline]
    pub const fn role(&self) -> Option<Role> {
        match self.kind {
            CASTLE => None,
            PAWN => Some(Role::Pawn),
            k => Some(Role::ALL[(k - PIECE) as usize % 6]),
        }
    }

    /// The piece letter of a piece or pawn move, if one was written.
    #[doc(hidden)]
    #[inline]
    pub fn piece(&self) -> Option<PieceLetter> {
        if self.kind < PIECE {
            return None;
        }
        Some(PieceLetter {
            role: Role::ALL[(self.kind - PIECE) as usize % 6],
            letter: char_of(self.piece_letter)?,
            span: self.part(part::PIECE),
        })
    }

    /// The target of a piece or pawn move; `None` for castling.
    #[inline]
    pub const fn target(&self) -> Option<Target> {
        if self.kind == CASTLE {
            return None;
        }
        let t = self.target as u32;
        Some(if t < TARGET_FILE as u32 {
            match Square::new(t) {
                Some(sq) => Target::Square(sq),
                None => return None,
            }
        } else if t < TARGET_RANK as u32 {
            match File::new(t - TARGET_FILE as u32) {
                Some(f) => Target::File(f),
                None => return None,
            }
        } else {
            match Rank::new(t - TARGET_RANK as u32) {
                Some(r) => Target::Rank(r),
                None => return None,
            }
        })
    }

    /// The origin file hint of a piece or pawn move (E10(1), E11; C.10), if written.
    #[inline]
    pub const fn from_file(&self) -> Option<File> {
        match self.hints & 15 {
            0 => None,
            f => File::new(f as u32 - 1),
        }
    }

    /// The origin rank hint of a piece or pawn move (E10(2); C.10), if written.
    #[inline]
    pub const fn from_rank(&self) -> Option<Rank> {
        match self.hints >> 4 {
            0 => None,
            r => Rank::new(r as u32 - 1),
        }
    }

    /// The separator of a piece or pawn move (a capture mark or a dash), if written.
    #[doc(hidden)]
    #[inline]
    pub const fn separator(&self) -> Option<Separator> {
        let kind = match self.separator {
            0 => return None,
            4 => SeparatorKind::Dash,
            k => SeparatorKind::Capture(CAPTURE_MARKS[(k - 1) as usize % 3]),
        };
        Some(Separator {
            kind,
            span: self.part(part::SEPARATOR),
        })
    }

    /// `true` if a capture mark (`x`, `:` or `×`) was written.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        matches!(self.separator, 1..=3)
    }

    /// `true` for an incomplete piece or pawn move, as [`Normal::is_incomplete`]: a target
    /// without its file or rank, or a promotion without its piece. `false` for castling.
    #[inline]
    pub const fn is_incomplete(&self) -> bool {
        self.kind != CASTLE
            && (self.target >= TARGET_FILE
                || (self.promotion & PROMOTED != 0 && self.promotion & 7 == 0))
    }

    /// `true` when a promotion is written (E12; C.11).
    #[inline]
    pub const fn is_promotion(&self) -> bool {
        self.promotion & PROMOTED != 0
    }

    /// The span of the origin hint of a piece or pawn move: empty, at the hint's place, when
    /// there is none; empty at the move's start for castling.
    #[inline]
    pub const fn from_span(&self) -> Span {
        self.part(part::FROM)
    }

    /// The span of the target of a piece or pawn move, or of the castling sign.
    #[inline]
    pub const fn target_span(&self) -> Span {
        self.part(part::TARGET)
    }

    /// The promotion of a pawn move (E12; C.11), if written.
    #[doc(hidden)]
    #[inline]
    pub fn promotion(&self) -> Option<Promotion> {
        if self.promotion & PROMOTED == 0 {
            return None;
        }
        let role = match self.promotion & 7 {
            0 => None,
            r => Some(Role::ALL[(r - 1) as usize % 6]),
        };
        Some(Promotion {
            role,
            letter: char_of(self.promotion_letter),
            style: PROMOTION_STYLES[((self.promotion >> 3) & 3) as usize],
            span: self.part(part::PROMOTION),
        })
    }

    /// The en passant marker `a.p.` (E9; C.9), if written.
    #[doc(hidden)]
    #[inline]
    pub const fn en_passant(&self) -> Option<EnPassant> {
        match self.marks & 7 {
            0 => None,
            k => Some(EnPassant {
                style: EnPassantMark::ALL[(k - 1) as usize % 6],
                span: self.part(part::EN_PASSANT),
            }),
        }
    }

    /// The check or mate mark (`+`, `++`, `#`; E "Abreviaturas esenciales"; C.13), if
    /// written.
    #[doc(hidden)]
    #[inline]
    pub const fn suffix(&self) -> Option<SuffixMark> {
        match (self.marks >> 3) & 3 {
            0 => None,
            k => Some(SuffixMark {
                kind: SUFFIX_KINDS[(k - 1) as usize % 3],
                span: self.part(part::SUFFIX),
            }),
        }
    }

    /// A move assessment glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`; PGN §10 NAGs 1–6), if
    /// written.
    #[doc(hidden)]
    #[inline]
    pub const fn annotation(&self) -> Option<Annotation> {
        match (self.marks >> 5) & 7 {
            0 => None,
            k => Some(Annotation {
                kind: AnnotationKind::ALL[(k - 1) as usize % 6],
                span: self.part(part::ANNOTATION),
            }),
        }
    }

    /// The span of a draw offer `(=)` written right after the move (E13; C.12), if any.
    #[inline]
    pub const fn draw_offer(&self) -> Option<Span> {
        if self.marks & 0x100 == 0 {
            None
        } else {
            Some(self.part(part::DRAW_OFFER))
        }
    }

    /// Every part, with absolute spans.
    #[doc(hidden)]
    #[inline]
    pub fn parts(&self) -> NotationParts {
        NotationParts {
            body: self.body(),
            en_passant: self.en_passant(),
            suffix: self.suffix(),
            annotation: self.annotation(),
            draw_offer: self.draw_offer(),
            span: self.span(),
        }
    }

    /// Builds the notation of `parts`, or `None` when a span is not within the 255 bytes
    /// from the move's start.
    pub(crate) fn pack(parts: &NotationParts) -> Option<Notation> {
        let base = parts.span.start;
        let mut within = true;
        let mut probe = *parts;
        probe.map_spans(|s| {
            within &= Rel::of(s, base).is_some();
            s
        });
        let mut n = Notation::starting_at(base);
        if !within || !n.set_len(parts.span.end) {
            return None;
        }
        match parts.body {
            Body::Castle(c) => n.set_castle(c),
            Body::Normal(m) => {
                if let Some(p) = m.piece {
                    n.set_piece(p);
                }
                n.set_origin(m.from_file, m.from_rank, m.from_span);
                if let Some(s) = m.separator {
                    let code = match s.kind {
                        SeparatorKind::Capture(CaptureMark::X) => 1,
                        SeparatorKind::Capture(CaptureMark::Colon) => 2,
                        SeparatorKind::Capture(CaptureMark::Cross) => 3,
                        SeparatorKind::Dash => 4,
                    };
                    n.set_separator(code, s.span);
                }
                n.set_target(m.target, m.target_span);
                if let Some(p) = m.promotion {
                    n.set_promotion(p);
                }
            }
        }
        if let Some(e) = parts.en_passant {
            n.set_en_passant(e);
        }
        if let Some(s) = parts.suffix {
            n.set_suffix(s);
        }
        if let Some(a) = parts.annotation {
            n.set_annotation(a);
        }
        if let Some(d) = parts.draw_offer {
            n.set_draw_offer(d);
        }
        Some(n)
    }

    /// Builds the notation of `parts`, every span clamped into the 255 bytes from the move's
    /// start. For moves held to [`Notation::MAX_LEN`] bytes already, where nothing is
    /// clamped: the descriptive reader's (which refuses a longer move, before and after its
    /// spans are mapped to the original text) and the strategies' (whose spans are empty).
    pub(crate) fn pack_clamped(mut parts: NotationParts) -> Notation {
        let base = parts.span.start;
        let last = base.saturating_add(u8::MAX as u32);
        parts.map_spans(|s| Span::new(s.start.clamp(base, last), s.end.clamp(base, last)));
        Notation::pack(&parts).unwrap_or(Notation::PLACEHOLDER)
    }

    /// A pawn move starting at byte `start`, with nothing else written yet: what the parser
    /// fills in with the `set_` methods below, part by part as it reads them. Their spans
    /// must lie within the 255 bytes from `start`, which the parser checks once, at the end,
    /// by the move's length ([`Notation::set_len`]).
    #[inline(always)]
    pub(crate) const fn starting_at(start: u32) -> Notation {
        Notation {
            start,
            kind: PAWN,
            ..Notation::PLACEHOLDER
        }
    }

    #[inline(always)]
    fn rel(&self, span: Span) -> Rel {
        Rel {
            start: span.start.wrapping_sub(self.start) as u8,
            end: span.end.wrapping_sub(self.start) as u8,
        }
    }

    /// Sets the move's end; `false` (and nothing set) when the move is longer than
    /// [`Notation::MAX_LEN`] bytes.
    #[inline(always)]
    pub(crate) fn set_len(&mut self, end: u32) -> bool {
        match u8::try_from(end.wrapping_sub(self.start)) {
            Ok(len) => {
                self.len = len;
                true
            }
            Err(_) => false,
        }
    }

    /// Makes the move a castling.
    #[inline(always)]
    pub(crate) fn set_castle(&mut self, c: Castle) {
        self.kind = CASTLE;
        self.target =
            c.side.index() as u8 | (c.style.glyph as u8) << 1 | (c.style.dashes as u8) << 3;
        self.parts[part::TARGET] = self.rel(c.span);
    }

    /// Sets the piece letter.
    #[inline(always)]
    pub(crate) fn set_piece(&mut self, p: PieceLetter) {
        self.kind = PIECE + p.role.index() as u8;
        self.piece_letter = p.letter as u32;
        self.parts[part::PIECE] = self.rel(p.span);
    }

    /// Sets the origin hints and their span.
    #[inline(always)]
    pub(crate) fn set_origin(&mut self, file: Option<File>, rank: Option<Rank>, span: Span) {
        self.hints =
            file.map_or(0, |f| f.index() as u8 + 1) | rank.map_or(0, |r| r.index() as u8 + 1) << 4;
        self.parts[part::FROM] = self.rel(span);
    }

    /// Sets the separator: 1 to 3 for the capture marks `x`, `:`, `×`, 4 for the dash.
    #[inline(always)]
    pub(crate) fn set_separator(&mut self, code: u8, span: Span) {
        self.separator = code;
        self.parts[part::SEPARATOR] = self.rel(span);
    }

    /// Sets the target and its span.
    #[inline(always)]
    pub(crate) fn set_target(&mut self, target: Target, span: Span) {
        self.target = match target {
            Target::Square(sq) => sq.index() as u8,
            Target::File(f) => TARGET_FILE + f.index() as u8,
            Target::Rank(r) => TARGET_RANK + r.index() as u8,
        };
        self.parts[part::TARGET] = self.rel(span);
    }

    /// Sets the promotion.
    #[inline(always)]
    pub(crate) fn set_promotion(&mut self, p: Promotion) {
        self.promotion =
            PROMOTED | (p.style as u8) << 3 | p.role.map_or(0, |r| r.index() as u8 + 1);
        self.promotion_letter = p.letter.map_or(NO_CHAR, |c| c as u32);
        self.parts[part::PROMOTION] = self.rel(p.span);
    }

    /// Sets the en passant marker.
    #[inline(always)]
    pub(crate) fn set_en_passant(&mut self, e: EnPassant) {
        self.marks = (self.marks & !7) | (e.style as u16 + 1);
        self.parts[part::EN_PASSANT] = self.rel(e.span);
    }

    /// Sets the check or mate mark.
    #[inline(always)]
    pub(crate) fn set_suffix(&mut self, s: SuffixMark) {
        self.marks = (self.marks & !(3 << 3)) | (s.kind as u16 + 1) << 3;
        self.parts[part::SUFFIX] = self.rel(s.span);
    }

    /// Sets the assessment glyph.
    #[inline(always)]
    pub(crate) fn set_annotation(&mut self, a: Annotation) {
        self.marks = (self.marks & !(7 << 5)) | (a.kind as u16 + 1) << 5;
        self.parts[part::ANNOTATION] = self.rel(a.span);
    }

    /// Sets the draw offer's span.
    #[inline(always)]
    pub(crate) fn set_draw_offer(&mut self, span: Span) {
        self.marks |= 0x100;
        self.parts[part::DRAW_OFFER] = self.rel(span);
    }

    /// The same notation with every span set to zero: compares what was written, not where.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// let p = Parser::spanish();
    /// let a = *p.parse_move("Cf3").unwrap().first();
    /// let b = *p.parse_move("  Cf3").unwrap().first();
    /// assert_ne!(a, b);
    /// assert_eq!(a.without_spans(), b.without_spans());
    /// ```
    #[doc(hidden)]
    pub fn without_spans(mut self) -> Notation {
        self.start = 0;
        self.len = 0;
        self.parts = [Rel::EMPTY; 9];
        self
    }

    /// Applies `f` to every span in the notation (used to map spans back to the original text).
    ///
    /// # Errors
    /// A [`ParseError`](super::ParseError) of kind
    /// [`MoveTooLong`](super::ErrorKind::MoveTooLong), at the mapped span of the move, when the
    /// mapped move is longer than [`Notation::MAX_LEN`], or a mapped part starts before it or
    /// ends more than 255 bytes after its start; the notation is then left as it was.
    #[doc(hidden)]
    pub fn map_spans(&mut self, f: impl FnMut(Span) -> Span) -> Result<(), super::ParseError> {
        let mut parts = self.parts();
        parts.map_spans(f);
        *self = Notation::try_from(parts)?;
        Ok(())
    }
}

impl TryFrom<NotationParts> for Notation {
    type Error = super::ParseError;

    /// Packs `parts`.
    ///
    /// # Errors
    /// A [`ParseError`](super::ParseError) of kind
    /// [`MoveTooLong`](super::ErrorKind::MoveTooLong), at the span of the move, when the move
    /// is longer than [`Notation::MAX_LEN`] bytes or a part lies outside the move's first 255
    /// bytes.
    fn try_from(parts: NotationParts) -> Result<Notation, super::ParseError> {
        Notation::pack(&parts).ok_or(super::ParseError::move_too_long(parts.span))
    }
}

impl From<Notation> for NotationParts {
    #[inline]
    fn from(n: Notation) -> NotationParts {
        n.parts()
    }
}

impl core::fmt::Debug for Notation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Notation")
            .field("body", &self.body())
            .field("en_passant", &self.en_passant())
            .field("suffix", &self.suffix())
            .field("annotation", &self.annotation())
            .field("draw_offer", &self.draw_offer())
            .field("span", &self.span())
            .finish()
    }
}

impl NotationParts {
    /// Applies `f` to every span of the parts.
    #[doc(hidden)]
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) {
        self.span = f(self.span);
        match &mut self.body {
            Body::Castle(c) => c.span = f(c.span),
            Body::Normal(m) => {
                if let Some(p) = &mut m.piece {
                    p.span = f(p.span);
                }
                m.from_span = f(m.from_span);
                if let Some(s) = &mut m.separator {
                    s.span = f(s.span);
                }
                m.target_span = f(m.target_span);
                if let Some(p) = &mut m.promotion {
                    p.span = f(p.span);
                }
            }
        }
        if let Some(e) = &mut self.en_passant {
            e.span = f(e.span);
        }
        if let Some(s) = &mut self.suffix {
            s.span = f(s.span);
        }
        if let Some(a) = &mut self.annotation {
            a.span = f(a.span);
        }
        if let Some(d) = &mut self.draw_offer {
            *d = f(*d);
        }
    }
}
