//! `spanish_move`, `english_move`, `marks` and the parts of a move: `es_piece_move`,
//! `es_pawn_move`, `es_piece`, `es_qualifier`, `es_place`, `es_to`, `es_incomplete`,
//! `es_capture`, `es_captured`, `es_pawn_to`, `es_pawn_capture`, `es_promotion`, `es_promoted`,
//! and the `en_` productions of the same names (the 1970 booklet, Art. XVII; CN, Python,
//! Qualify, Chessville and Issue in `grammar/descriptiva.ebnf`).

use nom::IResult;
use nom::bytes::complete::tag;

use super::ast::{
    Action, DescriptiveBody, DescriptiveMove, DescriptivePromotion, PieceMove, Place,
};
use super::words::{
    In, Tradition, castling, en_passant_mark, file_name, files_table, qualifier, rank_digit,
    suffix_mark,
};
use crate::notation::{ErrorKind, Language, ParseError, Span, SuffixMark, error};
use crate::types::{CastlingSide, Role};

/// A reading cursor over the move's bytes, from `base` in the whole text.
struct Cur<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
    tradition: Tradition,
    language: Language,
    /// Reading the piece a pawn captures: `(D)` after it is left for the promotion.
    pawn_capture: bool,
}

impl<'a> Cur<'a> {
    fn rest(&self) -> In<'a> {
        self.b.get(self.i..).unwrap_or_default()
    }

    /// Runs a nom parser at the cursor; on success moves past what it read.
    fn take<T>(&mut self, p: impl Fn(In<'a>) -> IResult<In<'a>, T>) -> Option<(T, Span)> {
        let start = self.i;
        let (rest, t) = p(self.rest()).ok()?;
        self.i = self.b.len() - rest.len();
        Some((t, sp(start, self.i)))
    }

    fn err(&self, kind: ErrorKind, expected: &'static str) -> ParseError {
        error(self.s, kind, self.i, 0, expected)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// A piece letter of the language (`Kt` too in English), with its span.
    fn piece_letter(&mut self) -> Option<(Role, Span)> {
        let start = self.i;
        if self.tradition == Tradition::English && self.rest().starts_with(b"Kt") {
            self.i += 2;
            return Some((Role::Knight, sp(start, self.i)));
        }
        let c = self.peek()?;
        let role = if c.is_ascii_uppercase() {
            self.language.role(c as char)?
        } else {
            return None;
        };
        self.i += 1;
        Some((role, sp(start, self.i)))
    }

    /// A parenthesised place: `(1)`, `(CD)`, `(4D)`, `(Q4)`, `(QB)`.
    fn paren_place(&mut self) -> Option<Place> {
        let start = self.i;
        if self.peek() != Some(b'(') || self.rest().starts_with(b"(=)") {
            return None;
        }
        if self.pawn_capture {
            let r = self.rest();
            let single =
                (r.len() >= 3 && r[2] == b')' && self.language.role(r[1] as char).is_some())
                    || (self.tradition == Tradition::English && r.starts_with(b"(Kt)"));
            if single {
                return None;
            }
        }
        self.i += 1;
        // Spanish names the rank first (`(1CD)`), English the file (`(QN1)`).
        let (files, ranks) = if self.tradition == Tradition::English {
            let files = self.take(file_name(Tradition::English)).map(|(f, _)| f);
            (files, self.take(rank_digit).map(|(r, _)| r))
        } else {
            let ranks = self.take(rank_digit).map(|(r, _)| r);
            (
                self.take(file_name(Tradition::Spanish)).map(|(f, _)| f),
                ranks,
            )
        };
        if (files.is_none() && ranks.is_none()) || !self.eat(b')') {
            self.i = start;
            return None;
        }
        Some(Place {
            files: files.unwrap_or(0xFF),
            ranks: ranks.unwrap_or(0xFF),
            span: sp(start, self.i),
        })
    }
}

#[inline]
fn sp(a: usize, b: usize) -> Span {
    Span::new(a as u32, b as u32)
}

/// Parses a descriptive move starting at byte `at` of `s`; returns it and the byte after it.
pub(crate) fn parse_at(
    s: &str,
    at: usize,
    language: &Language,
) -> Result<(DescriptiveMove, usize), ParseError> {
    let tradition = Tradition::of(language);
    let mut c = Cur {
        s,
        b: s.as_bytes(),
        i: at,
        tradition,
        language: *language,
        pawn_capture: false,
    };
    if c.b.len() > u32::MAX as usize {
        return Err(ParseError::new(
            ErrorKind::InputTooLarge,
            Span::new(0, 0),
            None,
            "an input under 4 GiB",
        ));
    }
    let body = if let Some((side, span)) = c.take(castling) {
        DescriptiveBody::Castle {
            side: side.unwrap_or(CastlingSide::KingSide),
            either: side.is_none(),
            span,
        }
    } else {
        DescriptiveBody::Piece(piece_move(&mut c)?)
    };
    let en_passant = c
        .take(en_passant_mark)
        .map(|(space, s)| Span::new(s.start + space as u32, s.end));
    let suffix = c
        .take(suffix_mark)
        .map(|(kind, span)| SuffixMark { kind, span });
    let draw_offer = c.take(|i| tag(&b"(=)"[..])(i)).map(|(_, s)| s);
    if c.i - at > crate::notation::Notation::MAX_LEN {
        return Err(ParseError::move_too_long(sp(at, c.i)));
    }
    Ok((
        DescriptiveMove {
            body,
            en_passant,
            suffix,
            draw_offer,
            span: sp(at, c.i),
        },
        c.i,
    ))
}

/// Reads `s`, an English piece in the word form (`P`, `QB`, `QKt`, `KBP`), whole: its role, the
/// span of its letter and its qualifier (`english_piece`).
pub(crate) fn parse_english_piece(
    s: &str,
    language: &Language,
) -> Result<(Role, Span, Place), ParseError> {
    let mut c = Cur {
        s,
        b: s.as_bytes(),
        i: 0,
        tradition: Tradition::English,
        language: *language,
        pawn_capture: false,
    };
    let piece = english_piece(&mut c)?;
    if c.i != s.len() {
        return Err(c.err(ErrorKind::TrailingCharacters, "the piece's name alone"));
    }
    Ok(piece)
}

fn piece_move(c: &mut Cur<'_>) -> Result<PieceMove, ParseError> {
    let (role, letter_span, from) = if c.tradition == Tradition::English {
        english_piece(c)?
    } else {
        let Some((role, letter_span)) = c.piece_letter() else {
            return Err(c.err(ErrorKind::UnknownPieceLetter, "a piece letter R D T A C P"));
        };
        let mut from = Place::any(c.i as u32);
        if let Some(p) = c.paren_place() {
            from = p;
        } else if let Some((files, span)) = c.take(file_name(Tradition::Spanish)) {
            from = Place {
                files: qualifier(files, role),
                ranks: 0xFF,
                span,
            };
        }
        (role, letter_span, from)
    };
    let action = if c.eat(b'x') || c.eat(b':') {
        c.pawn_capture = role == Role::Pawn;
        let captured = capture(c);
        c.pawn_capture = false;
        captured?
    } else {
        let dash = c.eat(b'-');
        destination(c, dash)?
    };
    let promotion = promotion(c, role, &action)?;
    Ok(PieceMove {
        role,
        letter_span,
        from,
        action,
        promotion,
    })
}

/// English: an optional file or wing before the piece letter (`QR`, `KBP`, `QKt`), and an
/// optional place in parentheses after it (`R(1)`, `N(Q2)`).
fn english_piece(c: &mut Cur<'_>) -> Result<(Role, Span, Place), ParseError> {
    let start = c.i;
    // The letters up to the dash or capture mark: the last letter is the piece (`Kt` too).
    let run = c
        .rest()
        .iter()
        .enumerate()
        .take_while(|&(k, &b)| b.is_ascii_uppercase() || (b == b't' && k > 0))
        .count();
    let word = &c.rest()[..run];
    let letter_len = if word.ends_with(b"Kt") { 2 } else { 1 };
    if run < letter_len {
        return Err(c.err(ErrorKind::UnknownPieceLetter, "a piece letter K Q R B N P"));
    }
    let prefix = run - letter_len;
    let mut from = Place::any(start as u32);
    c.i = start + prefix;
    let Some((role, letter_span)) = c.piece_letter() else {
        return Err(c.err(ErrorKind::UnknownPieceLetter, "a piece letter K Q R B N P"));
    };
    if prefix > 0 {
        let mut q = Cur {
            s: c.s,
            b: &c.b[..start + prefix],
            i: start,
            tradition: Tradition::English,
            language: c.language,
            pawn_capture: false,
        };
        match q.take(file_name(Tradition::English)) {
            Some((files, span)) if q.i == start + prefix => {
                from = Place {
                    files: qualifier(files, role),
                    ranks: 0xFF,
                    span,
                };
            }
            _ => {
                c.i = start;
                return Err(error(
                    c.s,
                    ErrorKind::UnknownPieceLetter,
                    start,
                    prefix,
                    "a file name QR QN QB Q K KB KN KR before the piece",
                ));
            }
        }
    }
    if let Some(p) = c.paren_place() {
        from = p;
    }
    Ok((role, letter_span, from))
}

/// The squares of a destination: Spanish rank then file (`4R`, `3AR`), English file then rank
/// (`K4`, `KB3`); a file alone is incomplete.
fn destination(c: &mut Cur<'_>, dash: bool) -> Result<Action, ParseError> {
    let start = c.i;
    let (files, ranks) = if c.tradition == Tradition::English {
        let Some((files, _)) = c.take(file_name(Tradition::English)) else {
            return Err(c.err(
                ErrorKind::MissingTarget,
                "a file name QR QN QB Q K KB KN KR",
            ));
        };
        let ranks = c.take(rank_digit).map_or(0xFF, |(r, _)| r);
        (files, ranks)
    } else {
        let rank = c.take(rank_digit).map(|(r, _)| r);
        if rank.is_none() && !dash {
            return Err(c.err(ErrorKind::MissingTarget, "a dash, a rank 1-8 or x"));
        }
        let Some((files, _)) = c.take(file_name(Tradition::Spanish)) else {
            return Err(c.err(ErrorKind::BadFile, "a file name TD CD AD D R AR CR TR"));
        };
        (files, rank.unwrap_or(0xFF))
    };
    Ok(Action::Move {
        to: Place {
            files,
            ranks,
            span: sp(start, c.i),
        },
    })
}

/// The captured piece and its qualifier: Spanish after it (`PxPA`, `TxP(D)`), English before
/// it (`PxQBP`) or in parentheses after it (`BxP(Q5)`).
fn capture(c: &mut Cur<'_>) -> Result<Action, ParseError> {
    let start = c.i;
    let (captured, letter_span, mut at) = if c.tradition == Tradition::English {
        english_piece(c).map_err(|_| {
            error(
                c.s,
                ErrorKind::MissingTarget,
                start,
                0,
                "the captured piece",
            )
        })?
    } else {
        let Some((role, span)) = c.piece_letter() else {
            return Err(c.err(ErrorKind::MissingTarget, "the captured piece"));
        };
        let mut at = Place::any(c.i as u32);
        if let Some((files, fspan)) = c.take(file_name(Tradition::Spanish)) {
            at = Place {
                files: qualifier(files, role),
                ranks: 0xFF,
                span: fspan,
            };
        }
        (role, span, at)
    };
    if at.is_any()
        && let Some(p) = c.paren_place()
    {
        at = p;
    }
    if captured == Role::King {
        return Err(error(
            c.s,
            ErrorKind::MissingTarget,
            letter_span.start as usize,
            letter_span.len(),
            "a piece that can be captured",
        ));
    }
    Ok(Action::Capture {
        captured,
        letter_span,
        at,
    })
}

/// `=D`, `(D)` or, after a capture, `(D)` read both ways (see [`DescriptivePromotion`]).
fn promotion(
    c: &mut Cur<'_>,
    role: Role,
    action: &Action,
) -> Result<Option<DescriptivePromotion>, ParseError> {
    let start = c.i;
    let (eq, paren) = (c.peek() == Some(b'='), c.peek() == Some(b'('));
    let opens = paren && !c.rest().starts_with(b"(=)");
    if !eq && !opens {
        return Ok(None);
    }
    c.i += 1;
    let letter = c.piece_letter();
    let closed = !paren || c.eat(b')');
    let Some((promoted, _)) = letter
        .filter(|(r, _)| closed && !matches!(r, Role::King | Role::Pawn) && role == Role::Pawn)
    else {
        if paren && role != Role::Pawn {
            // `TxP(D)` after a piece: already read as a qualifier, or nothing.
            c.i = start;
            return Ok(None);
        }
        return Err(error(
            c.s,
            if role == Role::Pawn {
                ErrorKind::BadPromotion
            } else {
                ErrorKind::PromotionOnPieceMove
            },
            start,
            c.i - start,
            "a promotion =D, =T, =A, =C",
        ));
    };
    let span = sp(start, c.i);
    let or_place = match action {
        Action::Capture { at, .. } if paren && at.is_any() => {
            // The same letter as a file or wing of the captured piece.
            let name = &c.b[start + 1..c.i - 1];
            files_table(c.tradition)
                .iter()
                .find(|(n, _)| n.as_bytes() == name)
                .map(|&(_, files)| Place {
                    files,
                    ranks: 0xFF,
                    span,
                })
        }
        _ => None,
    };
    Ok(Some(DescriptivePromotion {
        role: promoted,
        span,
        or_place,
    }))
}
