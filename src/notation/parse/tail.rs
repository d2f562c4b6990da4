//! `tail`, `ep_marker`, `suffix`, `annotation`, `draw_offer`: the marks after a move (E9, E13,
//! E "Abreviaturas esenciales" (2005); C.9, C.12, C.13 (2018/2023); annotations: PGN §10,
//! lenient extension).

use super::{Parser, sp};
use crate::notation::ast::*;

impl Parser {
    /// The marks after a move body: `[en_passant] [suffix] [annotation] [draw_offer]`.
    #[inline(always)]
    pub(super) fn tail(
        &self,
        s: &str,
        start: usize,
        mut i: usize,
        body: Body,
        normal: bool,
        out: &mut Notation,
    ) -> usize {
        let b = s.as_bytes();
        // en_passant = ws? ("a.p." | "a.p" | "ap" | "e.p." | "e.p" | "ep")  (E9; C.9), before
        // or after the check mark (`exf3 a.p.+`, `exf3+ a.p.`): both orders are seen.
        let en_passant_after = |i: usize| {
            let mut j = i;
            while matches!(b.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            en_passant_at(b, j).map(|(style, e)| EnPassant {
                style,
                span: sp(j, e),
            })
        };
        let mut en_passant = if normal { en_passant_after(i) } else { None };
        if let Some(e) = en_passant {
            i = e.span.end as usize;
        }
        // suffix = "++" | "+" | "#"  (E abbreviations; C.13)
        let mut suffix = None;
        match b.get(i) {
            Some(b'+') if b.get(i + 1) == Some(&b'+') => {
                suffix = Some(Suffix {
                    kind: SuffixKind::DoublePlus,
                    span: sp(i, i + 2),
                });
                i += 2;
            }
            Some(b'+') => {
                suffix = Some(Suffix {
                    kind: SuffixKind::Check,
                    span: sp(i, i + 1),
                });
                i += 1;
            }
            Some(b'#') => {
                suffix = Some(Suffix {
                    kind: SuffixKind::Hash,
                    span: sp(i, i + 1),
                });
                i += 1;
            }
            _ => {}
        }
        if normal
            && en_passant.is_none()
            && suffix.is_some()
            && let Some(e) = en_passant_after(i)
        {
            en_passant = Some(e);
            i = e.span.end as usize;
        }
        // annotation = "!!" | "??" | "!?" | "?!" | "!" | "?"  (lenient extension, PGN §10)
        let mut annotation = None;
        if let Some(&c @ (b'!' | b'?')) = b.get(i) {
            let two = match (c, b.get(i + 1)) {
                (b'!', Some(b'!')) => Some(AnnotationKind::Brilliant),
                (b'?', Some(b'?')) => Some(AnnotationKind::Blunder),
                (b'!', Some(b'?')) => Some(AnnotationKind::Speculative),
                (b'?', Some(b'!')) => Some(AnnotationKind::Dubious),
                _ => None,
            };
            let (kind, n) = match two {
                Some(k) => (k, 2),
                None if c == b'!' => (AnnotationKind::Good, 1),
                None => (AnnotationKind::Mistake, 1),
            };
            annotation = Some(Annotation {
                kind,
                span: sp(i, i + n),
            });
            i += n;
        }
        // draw_offer = ws? "(=)"  (E13; C.12)
        let mut draw_offer = None;
        let mut j = i;
        while matches!(b.get(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        if b.get(j..j + 3) == Some(b"(=)") {
            draw_offer = Some(sp(j, j + 3));
            i = j + 3;
        }
        *out = Notation {
            body,
            en_passant,
            suffix,
            annotation,
            draw_offer,
            span: sp(start, i),
        };
        i
    }
}

/// Matches an en passant marker at `i`, followed by a non-alphanumeric byte or the end.
#[inline]
pub(crate) fn en_passant_at(b: &[u8], i: usize) -> Option<(EnPassantStyle, usize)> {
    if !matches!(b.get(i), Some(b'a' | b'e')) {
        return None;
    }
    for style in EnPassantStyle::ALL {
        let t = style.as_str().as_bytes();
        if b.get(i..i + t.len()) == Some(t) {
            let e = i + t.len();
            if !matches!(b.get(e), Some(c) if c.is_ascii_alphanumeric()) {
                return Some((style, e));
            }
        }
    }
    None
}
