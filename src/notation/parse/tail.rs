//! `tail`, `ep_marker`, `suffix`, `annotation`, `draw_offer`: the marks after a move (E9, E13,
//! E "Abreviaturas esenciales" (2005); C.9, C.12, C.13 (2018/2023); annotations: PGN §10,
//! lenient extension).

use nom::Parser as _;
use nom::bytes::complete::tag;
use nom::character::complete::space0;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::{Grammar, In, PResult, opt_at};
use crate::notation::ast::*;

impl<'a> Grammar<'a> {
    /// tail = [ suffix ] , [ annotation ] , [ [ " " ] , draw_offer ] (E abbreviations, E13;
    /// C.12, C.13), after the move body that ends at `i`: writes the marks into `n`.
    ///
    /// After a piece or pawn move (`normal`), the en passant marker of `move` comes first,
    /// before or after the check mark (`exf3 a.p.+`, `exf3+ a.p.`: both orders are seen),
    /// with spaces or tabs before it. Never fails: what it does not read is left. A mark that
    /// would end past [`Notation::MAX_LEN`] bytes from the move's start (after a long run of
    /// spaces) is not read, and is left for what follows the move.
    #[inline(always)]
    pub(super) fn tail(&self, i: In<'a>, normal: bool, n: &mut Notation) -> PResult<'a, ()> {
        // Dispatch on the first byte: most moves have no mark after them, and end here.
        if !mark_may_start(i) {
            return Ok((i, ()));
        }
        let last = n.span().start as usize + Notation::MAX_LEN;
        let within = |r: &PResult<'a, EnPassant>| match r {
            Ok((rest, _)) => self.at(rest) <= last,
            Err(_) => true,
        };
        let (i, mut en_passant) = if normal {
            let read = self.spaced_ep_marker(i);
            if within(&read) {
                opt_at(i, read)?
            } else {
                (i, None)
            }
        } else {
            (i, None)
        };
        let (i, suffix) = opt_at(i, self.suffix(i))?;
        let i = if normal && en_passant.is_none() && suffix.is_some() {
            let read = self.spaced_ep_marker(i);
            if within(&read) {
                let (i, e) = opt_at(i, read)?;
                en_passant = e;
                i
            } else {
                i
            }
        } else {
            i
        };
        let (i, annotation) = opt_at(i, self.annotation(i))?;
        let (i, draw_offer) = match opt(preceded(space0, |i| self.draw_offer(i))).parse(i)? {
            (rest, Some(_)) if self.at(rest) > last => (i, None),
            read => read,
        };
        if let Some(e) = en_passant {
            n.set_en_passant(e);
        }
        if let Some(s) = suffix {
            n.set_suffix(s);
        }
        if let Some(a) = annotation {
            n.set_annotation(a);
        }
        if let Some(d) = draw_offer {
            n.set_draw_offer(d);
        }
        Ok((i, ()))
    }

    /// Spaces or tabs, then an `ep_marker`.
    #[inline(always)]
    fn spaced_ep_marker(&self, i: In<'a>) -> PResult<'a, EnPassant> {
        let (i, _) = space0(i)?;
        self.ep_marker(i)
    }

    /// ep_marker = "a.p." | "a.p" | "ap" | "e.p." | "e.p" | "ep" (E9 `a.p.`; C.9, optional per
    /// C.13; the other forms: lenient extension), not followed by a letter or a digit.
    #[inline(always)]
    pub(super) fn ep_marker(&self, i: In<'a>) -> PResult<'a, EnPassant> {
        if !matches!(i.first(), Some(b'a' | b'e')) {
            return Self::miss(i);
        }
        for style in EnPassantMark::ALL {
            let t = style.as_str().as_bytes();
            if let Some(rest) = i.strip_prefix(t)
                && !rest.first().is_some_and(u8::is_ascii_alphanumeric)
            {
                let span = self.span(i, rest);
                return Ok((rest, EnPassant { style, span }));
            }
        }
        Self::miss(i)
    }

    /// suffix = "++" | "+" | "#" (E abbreviations `+`, `++`; C.13 `+`, `++ o #`).
    #[inline(always)]
    fn suffix(&self, i: In<'a>) -> PResult<'a, SuffixMark> {
        let (rest, kind) = match i {
            [b'+', b'+', rest @ ..] => (rest, SuffixKind::DoublePlus),
            [b'+', rest @ ..] => (rest, SuffixKind::Check),
            [b'#', rest @ ..] => (rest, SuffixKind::Hash),
            _ => return Self::miss(i),
        };
        let span = self.span(i, rest);
        Ok((rest, SuffixMark { kind, span }))
    }

    /// annotation = "!!" | "??" | "!?" | "?!" | "!" | "?" (lenient extension: PGN §10, NAGs
    /// 1–6).
    #[inline(always)]
    fn annotation(&self, i: In<'a>) -> PResult<'a, Annotation> {
        let (rest, kind) = match i {
            [b'!', b'!', rest @ ..] => (rest, AnnotationKind::Brilliant),
            [b'?', b'?', rest @ ..] => (rest, AnnotationKind::Blunder),
            [b'!', b'?', rest @ ..] => (rest, AnnotationKind::Speculative),
            [b'?', b'!', rest @ ..] => (rest, AnnotationKind::Dubious),
            [b'!', rest @ ..] => (rest, AnnotationKind::Good),
            [b'?', rest @ ..] => (rest, AnnotationKind::Mistake),
            _ => return Self::miss(i),
        };
        let span = self.span(i, rest);
        Ok((rest, Annotation { kind, span }))
    }

    /// draw_offer = "(=)" (E13; C.12; Art. 8.1): its span.
    #[inline(always)]
    fn draw_offer(&self, i: In<'a>) -> PResult<'a, Span> {
        let (rest, _) = tag(&b"(=)"[..]).parse(i)?;
        Ok((rest, self.span(i, rest)))
    }
}

/// `true` when a mark of `tail` may start at `i`: the first byte of `suffix`, `annotation`,
/// `ep_marker` or `draw_offer`, or spaces or tabs before the first byte of `ep_marker` or
/// `draw_offer`.
#[inline(always)]
fn mark_may_start(i: In<'_>) -> bool {
    match i.first() {
        Some(b'+' | b'#' | b'!' | b'?' | b'(' | b'a' | b'e') => true,
        Some(b' ' | b'\t') => {
            let after = i.iter().position(|&c| c != b' ' && c != b'\t');
            after.is_some_and(|k| matches!(i[k], b'(' | b'a' | b'e'))
        }
        _ => false,
    }
}
