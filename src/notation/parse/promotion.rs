//! `promotion`, `promotion_piece` (E12 (2005); C.11 (2018/2023); `=`, `/`, `()` and a
//! missing piece: lenient extensions).

use super::{Parser, char_at, error, sp};
use crate::notation::ast::*;
use crate::notation::error::{ErrorKind, ParseError};
use crate::notation::language::figurine_role;
use crate::types::Role;

impl Parser {
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
    pub(super) fn promotion_at(&self, s: &str, i: usize) -> Result<Option<Promotion>, ParseError> {
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
}
