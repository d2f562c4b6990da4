//! `piece_move`, `piece_path`, `pawn_move`, `pawn_path`, `pawn_letter_move`,
//! `en_passant_capture`, `origin`, `target`, `incomplete_target`, `target_file`, `target_rank`,
//! `separator`, `capture`, `square`, `file`, `rank`: the body of a piece or pawn move (E4–E11
//! (2005); C.4–C.10 (2018/2023)).

use super::tail::en_passant_at;
use super::{First, Parser, char_at, error, sp};
use crate::notation::ast::*;
use crate::notation::error::{ErrorKind, ParseError};
use crate::types::{File, Rank, Role, Square};

impl Parser {
    #[inline]
    fn file_at(&self, b: &[u8], i: usize) -> Option<File> {
        let c = *b.get(i)?;
        let c = if self.is_lenient() {
            c.to_ascii_lowercase()
        } else {
            c
        };
        File::from_char(c as char)
    }

    /// normal_move = [piece] [origin] [separator] target [promotion] (E8–E12; C.8–C.11).
    #[inline(always)]
    pub(super) fn normal(
        &self,
        s: &str,
        pos: usize,
        first: First,
        out: &mut Notation,
    ) -> Result<usize, ParseError> {
        let b = s.as_bytes();
        let mut i = pos;
        let piece = match first {
            First::Piece(role) => {
                let letter = match b[i] {
                    c if c.is_ascii() => c as char,
                    _ => char_at(s, i).unwrap_or('?'),
                };
                let n = letter.len_utf8();
                let p = PieceLetter {
                    role,
                    letter,
                    span: sp(i, i + n),
                };
                i += n;
                Some(p)
            }
            First::Pawn => None,
        };
        // Group 1: file? rank?
        let g1 = i;
        let (f1, r1, g1_end) = self.coords(s, i)?;
        i = g1_end;
        // separator = capture | "-"  (E9; C.9; dash: lenient extension)
        let separator = self.separator_at(s, i);
        if let Some(sep) = separator {
            i = sep.span.end as usize;
        }
        // Group 2 starts after a separator, or at a file letter (followed by a rank when
        // group 1 is already a full square, so that `e8D` stays a promotion).
        let g2_starts = separator.is_some()
            || match self.file_at(b, i) {
                Some(_) if f1.is_some() && r1.is_some() => {
                    matches!(b.get(i + 1), Some(b'1'..=b'8'))
                }
                Some(_) => true,
                None => false,
            };
        let (from_file, from_rank, from_span, target, target_span, expected) = if g2_starts {
            let g2 = i;
            let (f2, r2, end) = self.coords(s, i)?;
            i = end;
            let target = target_of(f2, r2);
            let what = "a target square after the separator";
            (f1, r1, sp(g1, g1_end), target, sp(g2, i), what)
        } else {
            let what = "a target square after the piece letter";
            (
                None,
                None,
                sp(g1, g1),
                target_of(f1, r1),
                sp(g1, g1_end),
                what,
            )
        };
        let Some(target) = target else {
            return Err(error(s, ErrorKind::MissingTarget, i, 0, expected));
        };
        let is_pawn = piece.is_none_or(|p| p.role == Role::Pawn);
        // promotion = ("=" | "/") [piece] | "(" [piece] ")" | piece   (E12; C.11)
        let mut promotion = None;
        if !self.en_passant_here(b, i)
            && let Some(p) = self.promotion_at(s, i)?
        {
            if !is_pawn {
                return Err(ParseError::new(
                    ErrorKind::PromotionOnPieceMove,
                    p.span,
                    char_at(s, i),
                    "no promotion after a piece move",
                ));
            }
            i = p.span.end as usize;
            promotion = Some(p);
        }
        let body = Body::Normal(Normal {
            piece,
            from_file,
            from_rank,
            from_span,
            separator,
            target,
            target_span,
            promotion,
        });
        Ok(self.tail(s, pos, i, body, true, out))
    }

    /// coords = [file] [rank]: an origin hint or a target, possibly incomplete (E7, E10; C.7,
    /// C.10). Returns the file, the rank and the byte after them.
    #[inline]
    fn coords(
        &self,
        s: &str,
        mut i: usize,
    ) -> Result<(Option<File>, Option<Rank>, usize), ParseError> {
        let f = self.file_at(s.as_bytes(), i);
        if f.is_some() {
            i += 1;
        }
        let r = self.rank_at(s, i, f.is_some())?;
        if r.is_some() {
            i += 1;
        }
        Ok((f, r, i))
    }

    /// rank = "1".."8" (E6; C.6). A digit `0` or `9` right after a file is a bad rank.
    #[inline]
    fn rank_at(&self, s: &str, i: usize, after_file: bool) -> Result<Option<Rank>, ParseError> {
        match s.as_bytes().get(i) {
            Some(&c @ b'1'..=b'8') => Ok(Rank::from_char(c as char)),
            Some(b'0' | b'9') if after_file => {
                Err(error(s, ErrorKind::BadRank, i, 1, "a rank 1-8"))
            }
            _ => Ok(None),
        }
    }

    /// separator = "x" | ":" | "×" | "-"   ("X" in lenient mode).
    #[inline]
    fn separator_at(&self, s: &str, i: usize) -> Option<Separator> {
        let b = s.as_bytes();
        let (kind, n) = match *b.get(i)? {
            b'x' => (SeparatorKind::Capture(CaptureMark::X), 1),
            b'X' if self.is_lenient() => (SeparatorKind::Capture(CaptureMark::X), 1),
            b':' => (SeparatorKind::Capture(CaptureMark::Colon), 1),
            b'-' => (SeparatorKind::Dash, 1),
            0xC3 if b.get(i + 1) == Some(&0x97) => (SeparatorKind::Capture(CaptureMark::Cross), 2),
            _ => return None,
        };
        Some(Separator {
            kind,
            span: sp(i, i + n),
        })
    }

    /// Whether an en passant marker starts at `i` (attached), so that lenient `exd6ap` does not
    /// read `a` as a promotion to a bishop.
    #[inline]
    fn en_passant_here(&self, b: &[u8], i: usize) -> bool {
        matches!(b.get(i), Some(b'a' | b'e')) && en_passant_at(b, i).is_some()
    }
}

/// The target from an optional file and rank: a square, or an incomplete target.
#[inline]
fn target_of(file: Option<File>, rank: Option<Rank>) -> Option<Target> {
    match (file, rank) {
        (Some(f), Some(r)) => Some(Target::Square(Square::from_coords(f, r))),
        (Some(f), None) => Some(Target::File(f)),
        (None, Some(r)) => Some(Target::Rank(r)),
        (None, None) => None,
    }
}
