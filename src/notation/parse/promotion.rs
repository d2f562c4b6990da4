//! `promotion`, `promotion_piece` (E12 (2005); C.11 (2018/2023); `=`, `/`, `()` and a
//! missing piece: lenient extensions).

use nom::Parser as _;
use nom::combinator::opt;

use super::{Expected, Grammar, In, PResult, char_at};
use crate::notation::ast::*;
use crate::notation::error::ErrorKind;
use crate::types::Role;

impl<'a> Grammar<'a> {
    /// promotion = promotion_piece | "=" , [ promotion_piece ] | "/" , [ promotion_piece ]
    ///           | "(" , [ promotion_piece ] , ")"
    ///
    /// (E12 `d8D`; C.11; the signs and a missing piece: lenient extension.) A `(` followed by
    /// `=` is a draw offer, and one followed by `!` or `?` an annotation, not a promotion. After a sign, a letter that names no piece is
    /// [`ErrorKind::BadPromotion`], and so is a `(` without its `)`.
    #[inline(always)]
    pub(super) fn promotion(&self, i: In<'a>) -> PResult<'a, Promotion> {
        let style = match i {
            [b'=', ..] => PromotionStyle::Equals,
            [b'/', ..] => PromotionStyle::Slash,
            // `(=)` is a draw offer, `(?)` and `(!)` an annotation set apart (`e4(?)`).
            [b'(', next @ ..] if !matches!(next.first(), Some(b'=' | b'!' | b'?')) => {
                PromotionStyle::Parenthesized
            }
            _ => {
                let (rest, (role, letter)) = self.promotion_piece(i)?;
                let promotion = Promotion {
                    role: Some(role),
                    letter: Some(letter),
                    style: PromotionStyle::Attached,
                    span: self.span(i, rest),
                };
                return Ok((rest, promotion));
            }
        };
        let (rest, piece) = opt(|i| self.promotion_piece(i)).parse(&i[1..])?;
        if piece.is_none() && rest.first().is_some_and(u8::is_ascii_alphabetic) {
            return self.failure(rest, ErrorKind::BadPromotion, 1, Expected::PromotionPiece);
        }
        let rest = match (style, rest) {
            (PromotionStyle::Parenthesized, [b')', after @ ..]) => after,
            (PromotionStyle::Parenthesized, _) => {
                return self.failure(rest, ErrorKind::BadPromotion, 0, Expected::ClosingParen);
            }
            _ => rest,
        };
        let promotion = Promotion {
            role: piece.map(|p| p.0),
            letter: piece.map(|p| p.1),
            style,
            span: self.span(i, rest),
        };
        Ok((rest, promotion))
    }

    /// promotion_piece = letter | foreign_letter | figurine (E12; C.11): the role and the
    /// character. Letters are uppercase (either case in lenient case mode); a foreign letter
    /// (`e8Q` on a Spanish sheet) only in uppercase.
    #[inline(always)]
    fn promotion_piece(&self, i: In<'a>) -> PResult<'a, (Role, char)> {
        let Some(&c) = i.first() else {
            return Self::miss(i);
        };
        if c.is_ascii_uppercase() || (self.lenient && c.is_ascii_lowercase()) {
            let role = self
                .language
                .role_of_upper(c.to_ascii_uppercase())
                .or_else(|| self.language.foreign_role(c as char));
            return match role {
                Some(r) => Ok((&i[1..], (r, c as char))),
                None => Self::miss(i),
            };
        }
        let (rest, role) = self.figurine(i)?;
        let ch = char_at(self.text, self.at(i)).unwrap_or('?');
        Ok((rest, (role, ch)))
    }
}
