//! Resolving descriptive moves: `DescriptiveMove × Position → Resolution`, by the reading rule
//! of algebraic moves: a move is accepted only when its reading designates exactly one legal
//! move.
//!
//! The legal moves are filtered by what the writing names: the piece (and its qualifier), the
//! squares of the destination counted from the mover's side, or the captured piece. Ambiguity
//! is measured by the legal moves that fit, not by the text: `PxP` stands when only one pawn
//! can take a pawn. A file with no rank (`A-D`) is incomplete, however many legal moves
//! complete it (the 1970 booklet, Art. XVII; code `incomplete-move`).
//!
//! ```
//! use planilla::notation::descriptive::parse_descriptive;
//! use planilla::notation::Language;
//! use planilla::resolve::descriptive::resolve_descriptive;
//! use planilla::resolve::{AmbiguityCause, Options, Resolution};
//! use planilla::Position;
//! let pos = Position::startpos();
//! let m = parse_descriptive("C3AR", &Language::SPANISH).unwrap();
//! let r = resolve_descriptive(&pos, &m, &Language::SPANISH, Options::default());
//! assert_eq!(r.mv().unwrap().to_uci(), "g1f3");
//! // Both knights can go to a bishop's third rank: C-3A is ambiguous.
//! let m = parse_descriptive("C-3A", &Language::SPANISH).unwrap();
//! let r = resolve_descriptive(&pos, &m, &Language::SPANISH, Options::default());
//! assert!(matches!(r, Resolution::Ambiguous(a) if a.candidates.len() == 2
//!     && a.cause == AmbiguityCause::Disambiguation));
//! ```

use super::reasons::{self, IllegalReason};
use super::{
    AmbiguityCause, Ambiguous, Illegal, Irregularity, IrregularityKind, Notes, Options, Resolution,
    Resolved,
};
use crate::notation::descriptive::{
    Action, DescriptiveBody, DescriptiveMove, PieceMove, Place, Verb,
};
use crate::notation::{
    Body, CaptureMark, Castle, CastlingStyle, EnPassant, EnPassantMark, Language, Normal, Notation,
    NotationParts, PieceLetter, Separator, SeparatorKind, Span, Target,
};
use crate::position::{Move, Position};
use crate::san::San;
use crate::types::{CastlingSide, Color, File, Rank, Role, Square};

/// Where each piece on the board started: what the classical books' qualifiers name. `QKt`
/// is the knight that started on b1 (b8 for Black) wherever it stands now, and `KtxQB` takes
/// the bishop that started on c8 (*Chess Strategy*, 1915: `12. KtxQB` takes the bishop on e6
/// while another stands on c5). Square by square, 64 entries, a1 first; `None` where the
/// piece's start is unknown (a promoted piece) or no piece stands.
///
/// ```
/// use planilla::resolve::descriptive::Origins;
/// use planilla::{Position, Square};
/// let pos = Position::startpos();
/// let mut origins = Origins::initial();
/// let mv = pos.legal_moves().into_iter().find(|m| m.to_uci() == "b1c3").unwrap();
/// origins.play(mv);
/// assert_eq!(origins.of(Square::C3), Some(Square::B1));
/// assert_eq!(origins.of(Square::B1), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Origins([Option<Square>; 64]);

impl Origins {
    /// The initial position's: every piece on its own square.
    #[must_use]
    pub fn initial() -> Origins {
        let mut squares = [None; 64];
        for (k, entry) in squares.iter_mut().enumerate() {
            let sq = Square::new(k as u32);
            *entry = sq.filter(|sq| matches!(sq.rank().index(), 0 | 1 | 6 | 7));
        }
        Origins(squares)
    }

    /// Where the piece on `sq` started, if known.
    #[must_use]
    pub fn of(&self, sq: Square) -> Option<Square> {
        self.0[sq as usize]
    }

    /// Follows `mv`, a legal move of the position these origins describe: the mover takes
    /// its origin along (the rook too, in castling), a captured piece's is forgotten, and a
    /// promoted piece has none.
    pub fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        if let Some(side) = mv.castling_side() {
            let rank = from.rank();
            let rook_from = Square::from_coords(
                match side {
                    CastlingSide::KingSide => File::H,
                    CastlingSide::QueenSide => File::A,
                },
                rank,
            );
            let rook = self.0[rook_from as usize].take();
            let king = self.0[from as usize].take();
            self.0[to as usize] = king;
            self.0[Square::from_coords(side.rook_to_file(), rank) as usize] = rook;
            return;
        }
        if mv.is_en_passant() {
            self.0[Square::from_coords(to.file(), from.rank()) as usize] = None;
        }
        let origin = self.0[from as usize].take();
        self.0[to as usize] = if mv.promotion().is_some() {
            None
        } else {
            origin
        };
    }
}

/// Resolves a descriptive move in `pos` (see the module documentation).
///
/// With [`Options::lenient`], an incomplete move (`A-D`) resolves when exactly one legal move
/// completes it, with an [`IrregularityKind::IncompleteButUnique`] note (a named guess).
///
/// A piece named by a file or a wing alone (`QKt`, `KR`, `CR`) is the piece of the role that
/// stands there, as sheets and `convert --to descriptive` write it; see
/// [`resolve_descriptive_by_origin`] for the classical books' reading by origin, which the
/// checker uses for printed text.
pub fn resolve_descriptive(
    pos: &Position,
    m: &DescriptiveMove,
    language: &Language,
    options: Options,
) -> Resolution {
    resolve(pos, m, language, options, None)
}

/// Resolves a descriptive move as [`resolve_descriptive`] does, except that a piece named by
/// a file or a wing alone, moving or captured, is the piece that started there
/// ([`Origins`]): `QKt-B3` after `4. Nxd4` is `Nc3` alone, where the wing it stands on would
/// name both knights. A pawn's file is where it stands, as always (`PxQBP`).
pub fn resolve_descriptive_by_origin(
    pos: &Position,
    m: &DescriptiveMove,
    language: &Language,
    options: Options,
    origins: &Origins,
) -> Resolution {
    resolve(pos, m, language, options, Some(origins))
}

/// Whether `place` names a piece's file or wing alone, with no rank.
fn names_by_file(place: Place, role: Role) -> bool {
    role != Role::Pawn && place.files != 0xFF && place.ranks == 0xFF
}

fn resolve(
    pos: &Position,
    m: &DescriptiveMove,
    language: &Language,
    options: Options,
    origins: Option<&Origins>,
) -> Resolution {
    let us = pos.turn();
    let n = notation_of(m, language, us, None);
    let p = match m.body {
        DescriptiveBody::Castle { side, either, .. } => {
            return castle(pos, m, language, options, n, (side, either));
        }
        DescriptiveBody::Piece(p) => p,
    };
    let mut notes = Notes::new();
    let fits = match fits(pos, m, &p, origins, &mut notes) {
        Ok(fits) => fits,
        Err(reason) => {
            return Resolution::Illegal(Illegal {
                reason,
                notation: n,
            });
        }
    };
    if m.is_incomplete() && (!options.lenient || fits.len() != 1) {
        return Resolution::Ambiguous(Ambiguous {
            candidates: fits.to_vec(),
            notation: n,
            cause: AmbiguityCause::IncompleteTarget,
        });
    }
    // One move fits; or several, and the check written names one of them (a note says the
    // origin is missing).
    let chosen = match fits.len() {
        0 => {
            return Resolution::Illegal(Illegal {
                reason: why_illegal(pos, &p),
                notation: n,
            });
        }
        1 => fits[0],
        _ => match super::by_check_mark(pos, &n, &fits) {
            Some((mv, note)) => {
                notes.push(note);
                mv
            }
            None => {
                return Resolution::Ambiguous(Ambiguous {
                    candidates: fits.to_vec(),
                    notation: n,
                    cause: AmbiguityCause::Disambiguation,
                });
            }
        },
    };
    let n = notation_of(m, language, us, Some(chosen));
    if m.is_incomplete() {
        notes.push(Irregularity {
            kind: IrregularityKind::IncompleteButUnique,
            span: target_span(&p),
        });
    }
    super::check_en_passant_mark(&n, chosen, options, &mut notes);
    super::check_suffix(pos, &n, chosen, &mut notes);
    Resolution::Resolved(Resolved {
        mv: chosen,
        san: San::from_move(pos, chosen),
        notation: n,
        notes,
    })
}

/// Castling in descriptive notation (`O-O`, `Castles KR`): the side named, or, for
/// `Castles` alone, the one legal castling.
fn castle(
    pos: &Position,
    m: &DescriptiveMove,
    language: &Language,
    options: Options,
    n: Notation,
    (side, either): (CastlingSide, bool),
) -> Resolution {
    let us = pos.turn();
    match either {
        true => {
            // `Castles` names no side: the one legal castling; both legal is ambiguous.
            let legal: Vec<Move> = [CastlingSide::KingSide, CastlingSide::QueenSide]
                .into_iter()
                .filter_map(|side| pos.castling_move(side))
                .collect();
            match legal.as_slice() {
                [mv] => {
                    let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                    let n = notation_of(m, language, us, Some(*mv));
                    let mut notes = Notes::new();
                    super::check_suffix(pos, &n, *mv, &mut notes);
                    Resolution::Resolved(Resolved {
                        mv: *mv,
                        san: San::Castle(side),
                        notation: n,
                        notes,
                    })
                }
                [] => Resolution::Illegal(Illegal {
                    reason: reasons::why_no_castling(pos, CastlingSide::KingSide),
                    notation: n,
                }),
                _ => Resolution::Ambiguous(Ambiguous {
                    candidates: legal,
                    notation: n,
                    cause: AmbiguityCause::Disambiguation,
                }),
            }
        }
        false => match pos.castling_move(side) {
            Some(mv) => {
                let mut notes = Notes::new();
                super::check_suffix(pos, &n, mv, &mut notes);
                super::check_en_passant_mark(&n, mv, options, &mut notes);
                Resolution::Resolved(Resolved {
                    mv,
                    san: San::Castle(side),
                    notation: n,
                    notes,
                })
            }
            None => Resolution::Illegal(Illegal {
                reason: reasons::why_no_castling(pos, side),
                notation: n,
            }),
        },
    }
}

/// The legal moves a piece move `p` of `m` names: by its piece, its origin (a file, a wing, or
/// where the piece started, with `origins`), its action (a square, a verb, a capture) and its
/// promotion; the reason it is illegal where a qualifier rules out every move. Notes on the
/// way go into `notes`.
fn fits(
    pos: &Position,
    m: &DescriptiveMove,
    p: &PieceMove,
    origins: Option<&Origins>,
    notes: &mut Notes,
) -> Result<crate::position::MoveList, IllegalReason> {
    let us = pos.turn();
    // A wing names a piece by where it started too (`Q. Kt.`, the queen's knight, after it
    // crossed to the king's side): read so, with a note, when no piece of the role stands on
    // that wing.
    let mut from = p.from;
    let by_origin = origins.filter(|_| names_by_file(from, p.role));
    if by_origin.is_some() {
        from = Place::any(from.span.start);
    }
    // Only the rook, the knight and the bishop start one on each wing: a wing before the king
    // or the queen (`KQ-KB3`, an edit of `Kt-KB3`) names no piece, and stays as written.
    let wing = matches!(from.files, 0x0F | 0xF0)
        && from.ranks == 0xFF
        && matches!(p.role, Role::Rook | Role::Knight | Role::Bishop);
    if wing
        && !pos
            .by_piece(p.role.of(us))
            .into_iter()
            .any(|sq| from.contains(sq, us))
    {
        from = Place::any(from.span.start);
        notes.push(Irregularity {
            kind: IrregularityKind::NonstandardDisambiguation,
            span: p.from.span,
        });
    }
    let mut fits = pos.legal_moves();
    fits.retain(|mv| {
        mv.castling_side().is_none() && mv.role() == p.role && from.contains(mv.from(), us)
    });
    // There is one king: a file or a wing before it (`K K-K sq`, a letter strayed from the
    // word before) names no king.
    if p.role == Role::King && p.from.files != 0xFF {
        return Err(IllegalReason::NoPieceOnOrigin(Role::King));
    }
    // Started on a file of the qualifier: 0-7 is the file's index.
    let started_on = |o: &Origins, sq: Square, files: u8| {
        o.of(sq)
            .is_some_and(|s| files & (1 << s.file().index()) != 0)
    };
    if let Some(o) = by_origin {
        fits.retain(|mv| started_on(o, mv.from(), p.from.files));
    }
    match p.action {
        Action::Move { to } => {
            fits.retain(|mv| to.contains(mv.to(), us));
            // A capture names the captured piece: a move to a square is the move that takes
            // nothing, unless only a capture fits (then the capture mark is missing).
            if fits.iter().any(|mv| !mv.is_capture()) {
                fits.retain(|mv| !mv.is_capture());
            } else if !fits.is_empty() && !m.is_incomplete() {
                notes.push(Irregularity {
                    kind: IrregularityKind::CaptureMarkMissing,
                    span: Span::new(to.span.start, to.span.start),
                });
            }
        }
        Action::Verb { verb, .. } => {
            fits.retain(|mv| does(pos, *mv, verb));
            // As with a square: the move that takes nothing, unless only a capture does it.
            if verb != Verb::Interposes && fits.iter().any(|mv| !mv.is_capture()) {
                fits.retain(|mv| !mv.is_capture());
            }
        }
        Action::Capture { captured, at, .. } => match origins {
            Some(o) if names_by_file(at, captured) => {
                fits.retain(|mv| {
                    mv.capture() == Some(captured) && started_on(o, mv.to(), at.files)
                });
            }
            _ => fits.retain(|mv| mv.capture() == Some(captured) && at.contains(mv.to(), us)),
        },
    }
    let promotes = fits.iter().any(|mv| mv.promotion().is_some());
    match (p.promotion, promotes) {
        (Some(pr), true) => fits.retain(|mv| mv.promotion() == Some(pr.role)),
        (None, true) => {
            return Err(IllegalReason::PromotionMissing);
        }
        (Some(pr), false) => match pr.or_place {
            // `PxT(D)` that does not promote: the parentheses qualify the captured piece.
            Some(place) => fits.retain(|mv| place.contains(mv.to(), us)),
            None if !fits.is_empty() => {
                return Err(IllegalReason::PromotionOnWrongRank);
            }
            None => {}
        },
        (None, false) => {}
    }
    Ok(fits)
}

/// Whether `mv`, legal in `pos`, does what `verb` says.
fn does(pos: &Position, mv: Move, verb: Verb) -> bool {
    let after = || {
        let mut after = *pos;
        after.play_unchecked(mv);
        after
    };
    match verb {
        Verb::Checks => after().is_check(),
        Verb::Mates => after().is_checkmate(),
        Verb::Moves => true,
        Verb::Interposes => pos.is_check() && mv.role() != Role::King && !mv.is_capture(),
        Verb::Queens => mv.promotion() == Some(Role::Queen),
    }
}

fn target_span(p: &PieceMove) -> Span {
    match p.action {
        Action::Move { to } => to.span,
        Action::Capture {
            letter_span, at, ..
        } => cover(letter_span, at.span),
        Action::Verb { span, .. } => span,
    }
}

/// The squares of `place` for `mover`, a1 first.
fn squares(place: Place, mover: Color) -> impl Iterator<Item = Square> {
    (0..64u32)
        .filter_map(Square::new)
        .filter(move |sq| place.contains(*sq, mover))
}

/// Why no legal move fits: the reason of the algebraic resolver for each square the writing
/// names, the most telling first (a pin or a check before an unreachable square).
fn why_illegal(pos: &Position, p: &PieceMove) -> IllegalReason {
    let us = pos.turn();
    let movers = pos.by_piece(p.role.of(us));
    if movers.is_empty() {
        return IllegalReason::NoPiece(p.role);
    }
    if !movers.into_iter().any(|sq| p.from.contains(sq, us)) {
        return IllegalReason::NoPieceOnOrigin(p.role);
    }
    let targets: Vec<Square> = match p.action {
        Action::Move { to } => squares(to, us).collect(),
        // No square is written: none of the piece's moves does what the verb says.
        Action::Verb { verb, .. } => return IllegalReason::NoMoveDoes(p.role, verb),
        Action::Capture { captured, at, .. } => {
            let theirs: Vec<Square> = squares(at, us)
                .filter(|sq| pos.piece_at(*sq) == Some(captured.of(!us)))
                .collect();
            if theirs.is_empty() {
                squares(at, us)
                    .filter(|sq| pos.piece_at(*sq).is_none())
                    .collect()
            } else {
                theirs
            }
        }
    };
    let rank = |r: &IllegalReason| match r {
        IllegalReason::Pinned(_)
        | IllegalReason::DoesNotAnswerCheck(_)
        | IllegalReason::KingIntoCheck
        | IllegalReason::NotEnPassant => 0,
        IllegalReason::Unreachable(..) => 2,
        _ => 1,
    };
    targets
        .into_iter()
        .map(|sq| {
            let written = reasons::Written {
                role: p.role,
                target: Target::Square(sq),
                from_file: None,
                from_rank: None,
                promotion: false,
            };
            reasons::why_illegal(pos, written)
        })
        .min_by_key(rank)
        .unwrap_or(IllegalReason::NoPieceOnOrigin(p.role))
}

/// An algebraic [`Notation`] that stands for a descriptive move in a [`Resolution`]: the same
/// spans, marks and piece, the target square of `mv` when resolved (else the first square the
/// writing names, or its file when no rank is written).
pub fn notation_of(
    m: &DescriptiveMove,
    language: &Language,
    mover: Color,
    mv: Option<Move>,
) -> Notation {
    let body = match m.body {
        DescriptiveBody::Castle { side, either, span } => Body::Castle(Castle {
            side: match mv.and_then(|mv| mv.castling_side()) {
                Some(played) if either => played,
                _ => side,
            },
            style: CastlingStyle::CANONICAL,
            span,
        }),
        DescriptiveBody::Piece(p) => {
            let (place, span, capture) = match p.action {
                Action::Move { to } => (to, to.span, None),
                // No square is written: the played move's, or the verb's place.
                Action::Verb { span, .. } => (Place::any(span.start), span, None),
                Action::Capture {
                    at, letter_span, ..
                } => (
                    at,
                    cover(letter_span, at.span),
                    Some(Separator {
                        kind: SeparatorKind::Capture(CaptureMark::X),
                        span: Span::new(letter_span.start.saturating_sub(1), letter_span.start),
                    }),
                ),
            };
            let first_file = File::new(place.files.trailing_zeros()).unwrap_or(File::A);
            let target = match mv {
                Some(mv) => Target::Square(mv.to()),
                None if place.ranks == 0xFF => Target::File(first_file),
                None => {
                    let rank = Rank::new(place.ranks.trailing_zeros())
                        .unwrap_or(Rank::First)
                        .relative_to(mover);
                    Target::Square(Square::from_coords(first_file, rank))
                }
            };
            Body::Normal(Normal {
                piece: Some(PieceLetter {
                    role: p.role,
                    letter: language.letter(p.role).unwrap_or('P'),
                    span: p.letter_span,
                }),
                from_file: None,
                from_rank: None,
                from_span: p.from.span,
                separator: capture,
                target,
                target_span: span,
                promotion: None,
            })
        }
    };
    Notation::pack_clamped(NotationParts {
        body,
        en_passant: m.en_passant.map(|span| EnPassant {
            style: EnPassantMark::APDotted,
            span,
        }),
        suffix: m.suffix,
        annotation: None,
        draw_offer: m.draw_offer,
        span: m.span,
    })
}

/// The span from the start of `a` to the end of `b`.
fn cover(a: Span, b: Span) -> Span {
    Span::new(a.start.min(b.start), a.end.max(b.end))
}
