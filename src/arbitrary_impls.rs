//! [`arbitrary::Arbitrary`] for the position types and the notation AST (feature `arbitrary`),
//! so that cargo-fuzz and other coverage-guided fuzzers can drive them.
//!
//! What each value is:
//!
//! - The small vocabulary types ([`Color`], [`Role`], [`Piece`], [`File`], [`Rank`],
//!   [`Square`], [`CastlingSide`], [`CastlingRights`], [`Bitboard`]) take any of their values.
//! - A [`Move`] is any structurally possible move, legal or not: the thing to feed to
//!   [`Position::is_legal`] and [`Position::play`].
//! - A [`Position`] is always one a game can reach: a start position (the initial one or one of
//!   three classic perft positions) followed by up to 300 legal moves, each one chosen by the
//!   fuzzer's bytes. Every invariant of the move generator holds.
//! - The parts of the AST ([`Body`], [`Normal`], [`Castle`], [`Target`], …) are structurally
//!   arbitrary, spans included: what a resolver or writer must survive.
//! - A whole [`Notation`] (and [`Readings`]) is one the Spanish parser produces: its parts are
//!   drawn, written in Spanish letters or figurines, and parsed back, so its spans point into
//!   that writing. Draws whose writing does not read back are refused with
//!   [`arbitrary::Error::IncorrectFormat`], which fuzzers skip.
//! - [`Language`] is one of [`Language::ALL`]; [`Parser`], [`CaseMode`], [`Edition`] and
//!   [`Options`] take any of their values.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use planilla::Position;
//! use planilla::notation::Notation;
//! let bytes = [7u8; 64];
//! let mut u = Unstructured::new(&bytes);
//! let pos = Position::arbitrary(&mut u).unwrap();
//! assert!(Position::from_fen(&pos.to_fen()).is_ok()); // reachable, so it reads back
//! // A notation reads back from its own span of its writing.
//! let bytes = [3u8, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4];
//! if let Ok(n) = Notation::arbitrary(&mut Unstructured::new(&bytes)) {
//!     let text = n.to_string();
//!     assert!(planilla::notation::Parser::spanish().parse_move(&text).is_ok(), "{text}");
//! }
//! ```

use arbitrary::{Arbitrary, Error, Result, Unstructured};

use crate::notation::{
    Annotation, AnnotationKind, Body, CaptureMark, CaseMode, Castle, CastlingGlyph, CastlingStyle,
    EnPassant, EnPassantStyle, Language, Normal, Notation, Parser, PieceLetter, Promotion,
    PromotionStyle, Readings, Separator, SeparatorKind, Span, Suffix, SuffixKind, Target,
};
use crate::position::{Bitboard, CastlingRights, Move, Position};
use crate::resolve::{Edition, Options};
use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

/// `Arbitrary` by choosing one value of a table.
macro_rules! choose_from {
    ($($t:ty => $table:expr;)*) => {$(
        impl<'a> Arbitrary<'a> for $t {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                u.choose(&$table).copied()
            }
        }
    )*};
}

choose_from! {
    Color => Color::ALL;
    Role => Role::ALL;
    File => File::ALL;
    Rank => Rank::ALL;
    Square => Square::ALL;
    CastlingSide => CastlingSide::ALL;
    CastlingGlyph => [CastlingGlyph::Zero, CastlingGlyph::UpperO, CastlingGlyph::LowerO];
    CaptureMark => [CaptureMark::X, CaptureMark::Colon, CaptureMark::Cross];
    PromotionStyle => [
        PromotionStyle::Attached,
        PromotionStyle::Equals,
        PromotionStyle::Slash,
        PromotionStyle::Parenthesized,
    ];
    EnPassantStyle => EnPassantStyle::ALL;
    SuffixKind => [SuffixKind::Check, SuffixKind::DoublePlus, SuffixKind::Hash];
    AnnotationKind => AnnotationKind::ALL;
    Language => Language::ALL;
    CaseMode => [CaseMode::Strict, CaseMode::Lenient];
    Edition => Edition::ALL;
}

impl<'a> Arbitrary<'a> for Piece {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Piece {
            color: u.arbitrary()?,
            role: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Bitboard {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Bitboard(u.arbitrary()?))
    }
}

impl<'a> Arbitrary<'a> for CastlingRights {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let bits = u8::arbitrary(u)?;
        let mut rights = CastlingRights::NONE;
        for (i, (color, side)) in Color::ALL
            .into_iter()
            .flat_map(|c| CastlingSide::ALL.map(|s| (c, s)))
            .enumerate()
        {
            if bits & (1 << i) != 0 {
                rights = rights.with(color, side);
            }
        }
        Ok(rights)
    }
}

impl<'a> Arbitrary<'a> for Move {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match u.int_in_range(0..=5u8)? {
            0 => Move::EnPassant {
                from: u.arbitrary()?,
                to: u.arbitrary()?,
            },
            1 => Move::Castle {
                king: u.arbitrary()?,
                rook: u.arbitrary()?,
            },
            _ => Move::Normal {
                role: u.arbitrary()?,
                from: u.arbitrary()?,
                capture: u.arbitrary()?,
                to: u.arbitrary()?,
                promotion: u.arbitrary()?,
            },
        })
    }
}

/// The start positions an arbitrary [`Position`] plays from: the initial position, then
/// "Kiwipete" and positions 3 and 5 of the classic perft suite (castling, en passant, pins and
/// promotions within a few moves).
const STARTS: [&str; 3] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/// The most moves an arbitrary [`Position`] plays from its start.
const MAX_PLIES: u16 = 300;

impl<'a> Arbitrary<'a> for Position {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = u.int_in_range(0..=STARTS.len() + 3)?;
        let mut pos = STARTS
            .get(start)
            .and_then(|fen| Position::from_fen(fen).ok())
            .unwrap_or_default();
        for _ in 0..u.int_in_range(0..=MAX_PLIES)? {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(*u.choose(&moves)?);
        }
        Ok(pos)
    }
}

impl<'a> Arbitrary<'a> for Span {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = u32::arbitrary(u)?;
        Ok(Span::new(
            start,
            start.saturating_add(u16::arbitrary(u)?.into()),
        ))
    }
}

impl<'a> Arbitrary<'a> for CastlingStyle {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(CastlingStyle {
            glyph: u.arbitrary()?,
            dashes: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Castle {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Castle {
            side: u.arbitrary()?,
            style: u.arbitrary()?,
            span: u.arbitrary()?,
        })
    }
}

/// A Spanish letter, a white figurine or a black figurine for `role`.
fn letter_for(u: &mut Unstructured<'_>, role: Role) -> Result<char> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => crate::notation::WHITE_FIGURINES[role.index()],
        1 => crate::notation::BLACK_FIGURINES[role.index()],
        _ => Language::SPANISH.letter(role).unwrap_or('P'),
    })
}

impl<'a> Arbitrary<'a> for PieceLetter {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let role = u.arbitrary()?;
        Ok(PieceLetter {
            role,
            letter: letter_for(u, role)?,
            span: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Target {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match u.int_in_range(0..=7u8)? {
            0 => Target::File(u.arbitrary()?),
            1 => Target::Rank(u.arbitrary()?),
            _ => Target::Square(u.arbitrary()?),
        })
    }
}

impl<'a> Arbitrary<'a> for SeparatorKind {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match Option::<CaptureMark>::arbitrary(u)? {
            Some(mark) => SeparatorKind::Capture(mark),
            None => SeparatorKind::Dash,
        })
    }
}

impl<'a> Arbitrary<'a> for Separator {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Separator {
            kind: u.arbitrary()?,
            span: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Promotion {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let role: Option<Role> = u.arbitrary()?;
        Ok(Promotion {
            role,
            letter: role.map(|r| letter_for(u, r)).transpose()?,
            style: u.arbitrary()?,
            span: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for EnPassant {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(EnPassant {
            style: u.arbitrary()?,
            span: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Suffix {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Suffix {
            kind: u.arbitrary()?,
            span: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Annotation {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Annotation {
            kind: u.arbitrary()?,
            span: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Normal {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Normal {
            piece: u.arbitrary()?,
            from_file: u.arbitrary()?,
            from_rank: u.arbitrary()?,
            from_span: u.arbitrary()?,
            separator: u.arbitrary()?,
            target: u.arbitrary()?,
            target_span: u.arbitrary()?,
            promotion: u.arbitrary()?,
        })
    }
}

impl<'a> Arbitrary<'a> for Body {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(if u.ratio(1, 6)? {
            Body::Castle(u.arbitrary()?)
        } else {
            Body::Normal(u.arbitrary()?)
        })
    }
}

/// The body of a move the grammar can write in `language`: pawn moves start with a file,
/// promotions are pawn moves, hints come before the target. Spans are left empty.
fn writable_body(u: &mut Unstructured<'_>, language: Language) -> Result<Body> {
    const NO: Span = Span::new(0, 0);
    if u.ratio(1, 8)? {
        return Ok(Body::Castle(Castle {
            side: u.arbitrary()?,
            style: u.arbitrary()?,
            span: NO,
        }));
    }
    let role = u.arbitrary()?;
    let pawn = role == Role::Pawn;
    let separator = match u.int_in_range(0..=5u8)? {
        0 | 1 => Some(SeparatorKind::Capture(u.arbitrary()?)),
        2 => Some(SeparatorKind::Dash),
        _ => None,
    };
    // A pawn's origin file is written when it captures (`exd5`); a piece's hints are free.
    let from_file = if pawn {
        separator.map(|_| u.arbitrary()).transpose()?
    } else {
        u.arbitrary()?
    };
    let from_rank = if pawn { None } else { u.arbitrary()? };
    let promotion = if pawn && u.ratio(1, 4)? {
        let role = *u.choose(&Role::PROMOTIONS)?;
        Some(Promotion {
            role: Some(role),
            letter: language.symbol(role),
            style: u.arbitrary()?,
            span: NO,
        })
    } else {
        None
    };
    Ok(Body::Normal(Normal {
        piece: (!pawn).then(|| PieceLetter {
            role,
            letter: language.symbol(role).unwrap_or('P'),
            span: NO,
        }),
        from_file,
        from_rank,
        from_span: NO,
        separator: separator.map(|kind| Separator { kind, span: NO }),
        target: if from_file.is_some() && from_rank.is_none() && !pawn && u.ratio(1, 8)? {
            Target::Rank(u.arbitrary()?)
        } else {
            Target::Square(u.arbitrary()?)
        },
        target_span: NO,
        promotion,
    }))
}

impl<'a> Arbitrary<'a> for Notation {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        const NO: Span = Span::new(0, 0);
        // Written in Spanish letters or in figurines, and read back by the Spanish parser.
        let language = if u.ratio(1, 4)? {
            Language::FIGURINE
        } else {
            Language::SPANISH
        };
        let body = writable_body(u, language)?;
        let normal = matches!(body, Body::Normal(_));
        let drawn = Notation {
            body,
            en_passant: if normal && u.ratio(1, 8)? {
                Some(EnPassant {
                    style: u.arbitrary()?,
                    span: NO,
                })
            } else {
                None
            },
            suffix: u
                .arbitrary::<Option<SuffixKind>>()?
                .map(|kind| Suffix { kind, span: NO }),
            annotation: if u.ratio(1, 8)? {
                Some(Annotation {
                    kind: u.arbitrary()?,
                    span: NO,
                })
            } else {
                None
            },
            draw_offer: u.ratio(1, 16)?.then_some(NO),
            span: NO,
        };
        let text = drawn.written(language).to_string();
        let readings = Parser::spanish()
            .parse_move(&text)
            .map_err(|_| Error::IncorrectFormat)?;
        let read = readings.first();
        if readings.len() == 1 && read.without_spans() == drawn {
            Ok(read)
        } else {
            Err(Error::IncorrectFormat)
        }
    }
}

impl<'a> Arbitrary<'a> for Readings {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Readings::one(u.arbitrary()?))
    }
}

impl<'a> Arbitrary<'a> for Parser {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Parser::new(u.arbitrary()?, u.arbitrary()?))
    }
}

impl<'a> Arbitrary<'a> for Options {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Options {
            edition: u.arbitrary()?,
            lenient: u.arbitrary()?,
        })
    }
}
