//! `castling`, `short_castling`, `long_castling` (E "Abreviaturas esenciales" (2005); C.13
//! (2018/2023); `O`, `o` and no dashes: lenient extensions).

use nom::Parser as _;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::value;

use super::{Expected, Grammar, In, PResult};
use crate::notation::ast::*;
use crate::notation::error::ErrorKind;
use crate::types::CastlingSide;

/// The glyph a castling sign starts with, and its dashed and undashed three-glyph forms.
#[inline(always)]
fn glyph_of(c: u8) -> Option<(CastlingGlyph, &'static [u8; 5], &'static [u8; 3])> {
    Some(match c {
        b'0' => (CastlingGlyph::Zero, b"0-0-0", b"000"),
        b'O' => (CastlingGlyph::UpperO, b"O-O-O", b"OOO"),
        b'o' => (CastlingGlyph::LowerO, b"o-o-o", b"ooo"),
        _ => return None,
    })
}

impl<'a> Grammar<'a> {
    /// castling = short_castling | long_castling (E "Abreviaturas esenciales"; C.13).
    ///
    /// The longer sign is tried first. A fourth glyph or a dangling dash after the sign is a
    /// malformed sign ([`ErrorKind::BadCastling`]), and so is a lone `0`; a lone `O` or `o`
    /// is no castling (`Err::Error`), and the caller reads it as a letter.
    #[inline(always)]
    pub(super) fn castling(&self, i: In<'a>) -> PResult<'a, Castle> {
        let Some((glyph, dashed, undashed)) = i.first().copied().and_then(glyph_of) else {
            return Self::miss(i);
        };
        let read = alt((
            |i| self.long_castling(i, dashed, undashed),
            |i| self.short_castling(i, dashed, undashed),
        ))
        .parse(i);
        let (rest, (side, dashes)) = match read {
            Ok(r) => r,
            Err(_) if glyph == CastlingGlyph::Zero => {
                let len = i.len().min(2);
                return self.failure(i, ErrorKind::BadCastling, len, Expected::Castling);
            }
            Err(e) => return Err(e),
        };
        if matches!(rest.first(), Some(b'-' | b'0' | b'O' | b'o')) {
            return self.failure(rest, ErrorKind::BadCastling, 1, Expected::CastlingEnd);
        }
        let castle = Castle {
            side,
            style: CastlingStyle { glyph, dashes },
            span: self.span(i, rest),
        };
        Ok((rest, castle))
    }

    /// short_castling = "0-0" | "O-O" | "o-o" | "00" | "OO" | "oo": the first three bytes of
    /// the long forms `dashed` and `undashed`. Yields the side and whether it has dashes.
    #[inline]
    fn short_castling(
        &self,
        i: In<'a>,
        dashed: &'static [u8; 5],
        undashed: &'static [u8; 3],
    ) -> PResult<'a, (CastlingSide, bool)> {
        sign(i, CastlingSide::KingSide, &dashed[..3], &undashed[..2])
    }

    /// long_castling = "0-0-0" | "O-O-O" | "o-o-o" | "000" | "OOO" | "ooo".
    #[inline]
    fn long_castling(
        &self,
        i: In<'a>,
        dashed: &'static [u8; 5],
        undashed: &'static [u8; 3],
    ) -> PResult<'a, (CastlingSide, bool)> {
        sign(i, CastlingSide::QueenSide, &dashed[..], &undashed[..])
    }
}

/// A castling sign of `side`, with dashes or without: the side and whether it has dashes.
#[inline]
fn sign<'a>(
    i: In<'a>,
    side: CastlingSide,
    dashed: &'static [u8],
    undashed: &'static [u8],
) -> PResult<'a, (CastlingSide, bool)> {
    alt((
        value((side, true), tag(dashed)),
        value((side, false), tag(undashed)),
    ))
    .parse(i)
}
