//! The `Notation` AST: what a player wrote for one move, part by part, with byte spans.
//!
//! Every type here is a small `Copy` value. Spans are byte offsets into the **original** text
//! given to the parser (before [normalization](crate::text::normalize)), so a diagnostic can point at
//! the exact characters. The AST records the *written form* (which capture mark, which castling
//! glyph, which promotion style); what the move *means* on a board is the resolver's business.

pub use crate::text::Span;
use crate::types::{CastlingSide, File, Rank, Role, Square};

/// One written move: its body, the marks after it, and the span of the whole token.
///
/// Appendix E8–E13 (2005); C.8–C.13 (2023). Built by
/// [`Parser::parse_move`](super::Parser::parse_move).
///
/// ```
/// use planilla::notation::{Body, Parser, Target};
/// use planilla::{Role, Square};
/// let n = Parser::spanish().parse_move("Cxf3+").unwrap().first();
/// let Body::Normal(m) = n.body else { panic!() };
/// assert_eq!(m.role(), Role::Knight);
/// assert_eq!(m.target, Target::Square(Square::F3));
/// assert!(m.is_capture());
/// assert!(n.suffix.is_some());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Notation {
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

impl Notation {
    /// A placeholder value (short castling at an empty span), for buffers about to be
    /// overwritten by the parser.
    pub const PLACEHOLDER: Notation = Notation {
        body: Body::Castle(Castle {
            side: CastlingSide::KingSide,
            style: CastlingStyle::CANONICAL,
            span: Span::new(0, 0),
        }),
        en_passant: None,
        suffix: None,
        annotation: None,
        draw_offer: None,
        span: Span::new(0, 0),
    };

    /// The same notation with every span set to zero: compares what was written, not where.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// let p = Parser::spanish();
    /// let a = p.parse_move("Cf3").unwrap().first();
    /// let b = p.parse_move("  Cf3").unwrap().first();
    /// assert_ne!(a, b);
    /// assert_eq!(a.without_spans(), b.without_spans());
    /// ```
    pub fn without_spans(mut self) -> Notation {
        self.map_spans(|_| Span::default());
        self
    }

    /// Applies `f` to every span in the notation (used to map spans back to the original text).
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
