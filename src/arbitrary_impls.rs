//! [`arbitrary::Arbitrary`] for the position types and the notation AST (feature `arbitrary`),
//! so that cargo-fuzz and other coverage-guided fuzzers can drive them.
//!
//! Most types derive it, because every value of their fields is a valid value of theirs: the
//! small vocabulary types ([`Color`](crate::Color), [`Role`], [`Piece`](crate::Piece),
//! [`File`](crate::File), [`Rank`](crate::Rank), [`Square`](crate::Square),
//! [`CastlingSide`](crate::CastlingSide), [`Bitboard`](crate::position::Bitboard)), a
//! [`Move`](crate::Move) (any structurally possible move, legal or not: the thing to feed to
//! [`Position::is_legal`] and [`Position::play`]), the parts of the AST ([`Body`], [`Normal`],
//! [`Castle`], [`Target`], …: structurally arbitrary, what a resolver or writer must survive),
//! and [`CaseMode`](crate::notation::CaseMode), [`Edition`](crate::resolve::Edition), [`Parser`]
//! and [`Options`](crate::resolve::Options). [`CastlingRights`](crate::CastlingRights) derives
//! it too, its field keeping only the four bits that are rights.
//!
//! This module writes the rest by hand, each for an invariant a derive cannot keep:
//!
//! - A [`Position`] is always one a game can reach: a start position (the initial one or one of
//!   three classic perft positions) followed by up to 300 legal moves, each one chosen by the
//!   fuzzer's bytes. Every invariant of the move generator holds.
//! - A [`Span`] never ends before it starts.
//! - A [`PieceLetter`]'s letter, and a [`Promotion`]'s when it has a role, is a Spanish letter
//!   or a figurine of its role.
//! - A whole [`Notation`] (and [`Readings`]) is one the Spanish parser produces: its parts are
//!   drawn, written in Spanish letters or figurines, and parsed back, so its spans point into
//!   that writing. Draws whose writing does not read back are refused with
//!   [`arbitrary::Error::IncorrectFormat`], which fuzzers skip.
//! - [`Language`] is one of [`Language::ALL`].
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
    Annotation, Body, Castle, EnPassant, Language, Normal, Notation, NotationParts, Parser,
    PieceLetter, Promotion, Readings, Separator, SeparatorKind, Span, SuffixKind, SuffixMark,
    Target,
};
use crate::position::Position;
use crate::types::Role;

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

// Invariant: the position is reachable, so every invariant of the move generator holds.
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

// Invariant: `start <= end` (a derive would draw the two ends apart).
impl<'a> Arbitrary<'a> for Span {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start = u32::arbitrary(u)?;
        Ok(Span::new(
            start,
            start.saturating_add(u16::arbitrary(u)?.into()),
        ))
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

// Invariant: `letter` is a letter or figurine of `role` (a derive would draw any `char`).
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

// Invariant: `letter` is present exactly when `role` is, and is a letter or figurine of it.
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

// Invariant: the notation is what the Spanish parser reads from its writing, spans included.
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
        let drawn = Notation::try_from(NotationParts {
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
                .map(|kind| SuffixMark { kind, span: NO }),
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
        })
        .map_err(|_| Error::IncorrectFormat)?;
        let text = drawn.written(language).to_string();
        let readings = Parser::spanish()
            .parse_move(&text)
            .map_err(|_| Error::IncorrectFormat)?;
        let read = *readings.first();
        if readings.len() == 1 && read.without_spans() == drawn {
            Ok(read)
        } else {
            Err(Error::IncorrectFormat)
        }
    }
}

// Invariant: one reading, a `Notation` as above (the private fields must agree with `first`).
impl<'a> Arbitrary<'a> for Readings {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Readings::one(u.arbitrary()?))
    }
}

// Invariant: one of `Language::ALL` (its private letter tables must agree with each other).
impl<'a> Arbitrary<'a> for Language {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        u.choose(&Language::ALL).copied()
    }
}
