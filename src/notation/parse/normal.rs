//! `piece_move`, `piece_path`, `pawn_move`, `pawn_path`, `pawn_letter_move`,
//! `en_passant_capture`, `origin`, `target`, `incomplete_target`, `target_file`, `target_rank`,
//! `separator`, `capture`, `square`, `file`, `rank`: the body of a piece or pawn move (E4–E11
//! (2005); C.4–C.10 (2018/2023)).

use nom::Parser as _;
use nom::branch::alt;
use nom::combinator::map;

use super::{Expected, Grammar, In, PResult, opt_at};
use crate::notation::ast::*;
use crate::notation::error::ErrorKind;
use crate::types::{File, Rank, Role, Square};

impl<'a> Grammar<'a> {
    /// piece_move = piece , piece_path (E8, E9, E10; C.8–C.10), written into `n`.
    ///
    /// A promotion after it is [`ErrorKind::PromotionOnPieceMove`] (E12; C.11: only a pawn
    /// promotes).
    #[inline(always)]
    pub(super) fn piece_move(&self, i: In<'a>, role: Role, n: &mut Notation) -> PResult<'a, ()> {
        let (rest, piece) = self.piece(i, role)?;
        n.set_piece(piece);
        let (rest, ()) = self.piece_path(rest, n)?;
        if let (_, Some(p)) = self.promotion_here(rest)? {
            return self.failure(
                rest,
                ErrorKind::PromotionOnPieceMove,
                p.span.len(),
                Expected::NoPromotion,
            );
        }
        Ok((rest, ()))
    }

    /// pawn_letter_move = pawn_letter , piece_path , [ promotion ] (lenient extension: C.4
    /// says "no pe5, Pd4"), written into `n`. The pawn letter's role is the dispatch's reading
    /// of `P`.
    #[inline(always)]
    pub(super) fn pawn_letter_move(&self, i: In<'a>, n: &mut Notation) -> PResult<'a, ()> {
        let (rest, piece) = self.piece(i, Role::Pawn)?;
        n.set_piece(piece);
        let (rest, ()) = self.piece_path(rest, n)?;
        self.promotion_into(rest, n)
    }

    /// pawn_move = pawn_path , [ promotion ] (E4, E8, E9, E11, E12; C.4, C.8, C.9, C.11),
    /// written into `n`.
    #[inline(always)]
    pub(super) fn pawn_move(&self, i: In<'a>, n: &mut Notation) -> PResult<'a, ()> {
        let (rest, ()) = self.pawn_path(i, n)?;
        self.promotion_into(rest, n)
    }

    /// `[ promotion ]` after a pawn move, written into `n`.
    #[inline(always)]
    fn promotion_into(&self, i: In<'a>, n: &mut Notation) -> PResult<'a, ()> {
        let (rest, promotion) = self.promotion_here(i)?;
        if let Some(p) = promotion {
            n.set_promotion(p);
        }
        Ok((rest, ()))
    }

    /// The promotion after a move body, unless an attached en passant marker starts there
    /// (`exd6ap`, where lenient case would read `a` as a bishop): `[ promotion ]`, and
    /// en_passant_capture = file , capture , square , ep_marker (E9 (2005): "exd6a.p."),
    /// whose marker `tail` then reads.
    #[inline(always)]
    fn promotion_here(&self, i: In<'a>) -> PResult<'a, Option<Promotion>> {
        if matches!(i.first(), Some(b'a' | b'e')) && self.ep_marker(i).is_ok() {
            return Ok((i, None));
        }
        opt_at(i, self.promotion(i))
    }

    /// pawn_path = square | file , ( square | target_file ) | square , square
    ///           | ( file | square ) , separator , target | target_file
    ///
    /// (E8 `e4`; E9, E11 `exd5`, the `x` optional by C.9; long and incomplete forms: lenient
    /// extension.) Every alternative is a `piece_path` that starts at a file, which the
    /// dispatch on the first byte has seen.
    #[inline(always)]
    pub(super) fn pawn_path(&self, i: In<'a>, n: &mut Notation) -> PResult<'a, ()> {
        self.piece_path(i, n)
    }

    /// piece_path = target | separator , target | ( file | rank ) , ( square | target_file )
    ///            | square , square | origin , separator , target
    ///
    /// (E8 target; E9 capture; E10 origin hints; C.8–C.10.) Read in one pass, without going
    /// back: an `origin` (or the target, when nothing follows it), a `separator`, and a second
    /// `target` when a separator was read or a file comes next. After a whole square, a file
    /// begins a target only with a rank after it, so that `e8D` stays a promotion. Written
    /// into `n`.
    #[inline(always)]
    pub(super) fn piece_path(&self, i: In<'a>, n: &mut Notation) -> PResult<'a, ()> {
        let (g1_end, origin) = opt_at(i, self.origin(i))?;
        let (f1, r1) = origin.unwrap_or((None, None));
        let (rest, separator) = opt_at(g1_end, self.separator(g1_end))?;
        let second = separator.is_some()
            || match self.file(rest) {
                Ok((after, _)) if f1.is_some() && r1.is_some() => self.rank(after).is_ok(),
                Ok(_) => true,
                Err(_) => false,
            };
        if second {
            let (end, target) = match self.target(rest) {
                Ok(t) => t,
                Err(nom::Err::Error(_)) => {
                    return self.failure(
                        rest,
                        ErrorKind::MissingTarget,
                        0,
                        Expected::TargetAfterSeparator,
                    );
                }
                Err(e) => return Err(e),
            };
            n.set_origin(f1, r1, self.span(i, g1_end));
            if let Some((code, span)) = separator {
                n.set_separator(code, span);
            }
            n.set_target(target, self.span(rest, end));
            return Ok((end, ()));
        }
        let Some(target) = target_of(f1, r1) else {
            return self.failure(
                rest,
                ErrorKind::MissingTarget,
                0,
                Expected::TargetAfterPiece,
            );
        };
        n.set_origin(None, None, self.span(i, i));
        n.set_target(target, self.span(i, g1_end));
        Ok((g1_end, ()))
    }

    /// origin = square | file | rank (E10; C.10): the file and rank it names.
    ///
    /// Dispatched on the first byte: a digit can only start `rank`; otherwise `square`, and
    /// `file` when no rank follows.
    #[inline(always)]
    fn origin(&self, i: In<'a>) -> PResult<'a, (Option<File>, Option<Rank>)> {
        if matches!(i.first(), Some(b'0'..=b'9')) {
            let (rest, t) = self.target_rank(i)?;
            return Ok((rest, (None, rank_of(t))));
        }
        match self.square(i) {
            Ok((rest, s)) => Ok((rest, (Some(s.file()), Some(s.rank())))),
            Err(nom::Err::Error(_)) => {
                let (rest, t) = self.target_file(i)?;
                Ok((rest, (file_of(t), None)))
            }
            Err(e) => Err(e),
        }
    }

    /// target = square | incomplete_target (E8; C.8).
    #[inline(always)]
    fn target(&self, i: In<'a>) -> PResult<'a, Target> {
        match self.square(i) {
            Ok((rest, s)) => Ok((rest, Target::Square(s))),
            Err(nom::Err::Error(_)) => self.incomplete_target(i),
            Err(e) => Err(e),
        }
    }

    /// incomplete_target = target_file | target_rank (lenient extension: the 1970 ruling's
    /// `A-D`, seed 001's `Cdx3`).
    #[inline(always)]
    fn incomplete_target(&self, i: In<'a>) -> PResult<'a, Target> {
        alt((|i| self.target_file(i), |i| self.target_rank(i))).parse(i)
    }

    /// target_file = file (lenient extension: only the file of the target, `Ad`, `exd`). A
    /// `0` or `9` right after the file is a bad rank ([`ErrorKind::BadRank`]), not the end of
    /// the target.
    #[inline(always)]
    fn target_file(&self, i: In<'a>) -> PResult<'a, Target> {
        let (rest, f) = self.file(i)?;
        if matches!(rest.first(), Some(b'0' | b'9')) {
            return self.failure(rest, ErrorKind::BadRank, 1, Expected::Rank);
        }
        Ok((rest, Target::File(f)))
    }

    /// target_rank = rank (lenient extension: only the rank of the target, `Cdx3`).
    #[inline(always)]
    fn target_rank(&self, i: In<'a>) -> PResult<'a, Target> {
        map(|i| self.rank(i), Target::Rank).parse(i)
    }

    /// square = file , rank (E7; C.7).
    #[inline(always)]
    fn square(&self, i: In<'a>) -> PResult<'a, Square> {
        let (rest, f) = self.file(i)?;
        let (rest, r) = self.rank(rest)?;
        Ok((rest, Square::from_coords(f, r)))
    }

    /// file = "a" … "h" (E5; C.5); either case in lenient case mode.
    #[inline(always)]
    pub(super) fn file(&self, i: In<'a>) -> PResult<'a, File> {
        let file = match i.first() {
            Some(&c @ b'a'..=b'h') => c,
            Some(&c @ b'A'..=b'H') if self.lenient => c.to_ascii_lowercase(),
            _ => return Self::miss(i),
        };
        Ok((&i[1..], File::ALL[(file - b'a') as usize]))
    }

    /// rank = "1" … "8" (E6; C.6).
    #[inline(always)]
    fn rank(&self, i: In<'a>) -> PResult<'a, Rank> {
        match i.first() {
            Some(&c @ b'1'..=b'8') => Ok((&i[1..], Rank::ALL[(c - b'1') as usize])),
            _ => Self::miss(i),
        }
    }

    /// separator = capture | "-" (E9 `x`; C.9; the dash of long algebraic: lenient extension,
    /// E8 writes none): the separator's code in [`Notation`] (1 to 3 for `x`, `:`, `×`, 4
    /// for the dash) and its span.
    #[inline(always)]
    fn separator(&self, i: In<'a>) -> PResult<'a, (u8, Span)> {
        let (rest, code) = match i.first() {
            Some(b'-') => (&i[1..], 4),
            _ => self.capture(i)?,
        };
        Ok((rest, (code, self.span(i, rest))))
    }

    /// capture = "x" | ":" | "×" (E9; C.9; `:` and `×`: lenient extension); `X` too in
    /// lenient case mode: the code of the mark, 1 to 3.
    #[inline(always)]
    fn capture(&self, i: In<'a>) -> PResult<'a, u8> {
        match i {
            [b'x', rest @ ..] => Ok((rest, 1)),
            [b'X', rest @ ..] if self.lenient => Ok((rest, 1)),
            [b':', rest @ ..] => Ok((rest, 2)),
            [0xC3, 0x97, rest @ ..] => Ok((rest, 3)),
            _ => Self::miss(i),
        }
    }
}

/// The target from an optional file and rank: a square, or an incomplete target.
#[inline(always)]
fn target_of(file: Option<File>, rank: Option<Rank>) -> Option<Target> {
    match (file, rank) {
        (Some(f), Some(r)) => Some(Target::Square(Square::from_coords(f, r))),
        (Some(f), None) => Some(Target::File(f)),
        (None, Some(r)) => Some(Target::Rank(r)),
        (None, None) => None,
    }
}

/// The file of a `target_file`.
#[inline(always)]
fn file_of(t: Target) -> Option<File> {
    match t {
        Target::File(f) => Some(f),
        _ => None,
    }
}

/// The rank of a `target_rank`.
#[inline(always)]
fn rank_of(t: Target) -> Option<Rank> {
    match t {
        Target::Rank(r) => Some(r),
        _ => None,
    }
}
