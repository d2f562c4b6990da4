//! `castling`, `short_castling`, `long_castling` (E "Abreviaturas esenciales" (2005); C.13
//! (2018/2023); `O`, `o` and no dashes: lenient extensions).

use super::{Parser, error, sp};
use crate::notation::ast::*;
use crate::notation::error::{ErrorKind, ParseError};
use crate::types::CastlingSide;

impl Parser {
    /// castling = glyph ("-"? glyph){1,2} (E "Abreviaturas esenciales"; C.13; `O`, `o` and no
    /// dashes: lenient extensions). `Ok(None)` when an `O`/`o` is not castling.
    pub(super) fn castling(
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
}
