//! Sheets with one move spoiled: illegal, ambiguous or unreadable, at a known ply.

use core::ops::Range;

use proptest::prelude::*;
use proptest::sample::Index;

use super::sheet::{Sheet, scoresheet};
use crate::check::CONFUSIONS;
use crate::notation::{Body, Normal, Notation, NotationParts, SeparatorKind, Span, Target};
use crate::position::Position;
use crate::san::San;
use crate::types::{Role, Square};

/// What a mutation does to one move, and the error it must be reported with.
///
/// ```
/// use planilla::strategy::{Mutated, MutationKind, Playout, Rng, Sheet, SheetStyle};
/// use planilla::{check_text, CheckOptions, Position, Severity};
/// let game = Playout::random(Position::startpos(), &mut Rng::new(5), 20);
/// let sheet = Sheet::write(game, &SheetStyle::APPENDIX_C);
/// let m = Mutated::find(&sheet, MutationKind::Unreadable, 0, 0).unwrap();
/// assert_eq!((m.ply, m.written.as_str()), (2, "CcG"));
/// let report = check_text(&m.text, &CheckOptions::default()).next().unwrap();
/// let error = report.diagnostics.iter().find(|d| d.severity() == Severity::Error).unwrap();
/// assert_eq!(error.code(), MutationKind::Unreadable.code());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MutationKind {
    /// The move is replaced by a piece sent where no piece of its kind can go: `illegal-move`.
    Illegal,
    /// The move is replaced by a legal move whose needed disambiguation is removed (`Cbd2`
    /// written `Cd2`), the played move itself when it needs one: `ambiguous-move`.
    Ambiguous,
    /// One character of the move is swapped through the handwriting and OCR confusion table
    /// ([`CONFUSIONS`]) for one the grammar never reads in a move (`Td1` → `Tdl`, `Cf2` →
    /// `CfZ`): `unreadable-move`.
    Unreadable,
}

impl MutationKind {
    /// The three kinds.
    pub const ALL: [MutationKind; 3] = [
        MutationKind::Illegal,
        MutationKind::Ambiguous,
        MutationKind::Unreadable,
    ];

    /// The diagnostic code it must be reported with
    /// ([`Diagnostic::code`](crate::check::Diagnostic::code)).
    pub const fn code(self) -> &'static str {
        match self {
            MutationKind::Illegal => "illegal-move",
            MutationKind::Ambiguous => "ambiguous-move",
            MutationKind::Unreadable => "unreadable-move",
        }
    }
}

/// A sheet with one move spoiled, and where the error must be reported.
///
/// Checked, the first error diagnostic of the first game has code [`MutationKind::code`] and
/// ply [`Mutated::ply`]; every ply before it resolves to the sheet's SAN. Moves after it are
/// the original game's, left unread.
///
/// ```
/// use planilla::strategy::{MutationKind, Mutated, Playout, Rng, Sheet, SheetStyle};
/// use planilla::check::{check_text, CheckOptions, Severity};
/// use planilla::Position;
/// let game = Playout::random(Position::startpos(), &mut Rng::new(5), 20);
/// let sheet = Sheet::write(game, &SheetStyle::APPENDIX_C);
/// let m = Mutated::at(&sheet, MutationKind::Illegal, 4, 0).unwrap();
/// assert_eq!(m.ply, 5);
/// let report = check_text(&m.text, &CheckOptions::default()).next().unwrap();
/// let error = report.diagnostics.iter().find(|d| d.severity() == Severity::Error).unwrap();
/// assert_eq!((error.code().as_str(), error.ply), ("illegal-move", Some(5)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutated {
    /// The sheet before the mutation.
    pub sheet: Sheet,
    /// What was done.
    pub kind: MutationKind,
    /// The ply (from 1) whose move was spoiled: where the error must be reported.
    pub ply: u32,
    /// The spoiled sheet's text.
    pub text: String,
    /// The spoiled move as written.
    pub written: String,
    /// Where `written` stands in `text` (byte offsets).
    pub span: Range<usize>,
}

impl Mutated {
    /// Spoils the move at index `index` (ply `index + 1`) of `sheet`; `choice` picks among the
    /// possible spoilings (any number: it is taken modulo their count). `None` when the ply
    /// does not exist or admits no such mutation (no piece can be sent anywhere illegal, no
    /// legal move needs disambiguation, no character of the move has an unreadable confusion).
    pub fn at(sheet: &Sheet, kind: MutationKind, index: usize, choice: usize) -> Option<Mutated> {
        let pos = sheet.playout.positions().nth(index)?;
        let played = *sheet.playout.moves.get(index)?;
        let span = sheet.move_spans.get(index)?.clone();
        let original = sheet.text.get(span.clone())?;
        let style = &sheet.style.moves;
        let written = match kind {
            MutationKind::Illegal => {
                let (role, to) = pick(unreachable_targets(&pos), choice)?;
                style.render(&Notation::pack_clamped(NotationParts {
                    body: Body::Normal(Normal {
                        piece: Some(style.piece_letter(role)),
                        from_file: None,
                        from_rank: None,
                        from_span: Span::default(),
                        separator: None,
                        target: Target::Square(to),
                        target_span: Span::default(),
                        promotion: None,
                    }),
                    ..Notation::PLACEHOLDER.parts()
                }))
            }
            MutationKind::Ambiguous => {
                let needy: Vec<_> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        matches!(San::from_move(&pos, m), San::Normal { role, file, rank, .. }
                            if role != Role::Pawn && (file.is_some() || rank.is_some()))
                    })
                    .collect();
                let m = if needy.contains(&played) {
                    played
                } else {
                    pick(needy, choice)?
                };
                let mut n = style.notation(&pos, m).parts();
                if let Body::Normal(normal) = &mut n.body {
                    normal.from_file = None;
                    normal.from_rank = None;
                    normal.separator = normal.separator.filter(|s| s.kind != SeparatorKind::Dash);
                }
                n.en_passant = None;
                n.suffix = None;
                n.annotation = None;
                style.render(&Notation::pack_clamped(n))
            }
            MutationKind::Unreadable => {
                let swaps: Vec<(usize, char, char)> = original
                    .char_indices()
                    .flat_map(|(i, c)| {
                        CONFUSIONS.iter().filter_map(move |&(a, b)| match c {
                            _ if c == a && never_in_a_move(b) => Some((i, c, b)),
                            _ if c == b && never_in_a_move(a) => Some((i, c, a)),
                            _ => None,
                        })
                    })
                    .collect();
                let (i, c, by) = pick(swaps, choice)?;
                let mut w = original.to_owned();
                w.replace_range(i..i + c.len_utf8(), by.encode_utf8(&mut [0; 4]));
                w
            }
        };
        let mut text = sheet.text.clone();
        text.replace_range(span.clone(), &written);
        Some(Mutated {
            sheet: sheet.clone(),
            kind,
            ply: index as u32 + 1,
            span: span.start..span.start + written.len(),
            text,
            written,
        })
    }

    /// The first ply from index `from` on (wrapping around to the first) that admits the
    /// mutation, spoiled as [`Mutated::at`] does; `None` when no ply does.
    pub fn find(sheet: &Sheet, kind: MutationKind, from: usize, choice: usize) -> Option<Mutated> {
        let n = sheet.playout.moves.len();
        (0..n).find_map(|k| Mutated::at(sheet, kind, (from + k) % n, choice))
    }
}

/// `items[choice % len]`, `None` when empty.
fn pick<T: Copy>(items: Vec<T>, choice: usize) -> Option<T> {
    (!items.is_empty()).then(|| items[choice % items.len()])
}

/// The piece moves of the side to move that no piece of its kind can make, onto squares its
/// own pieces do not hold.
fn unreachable_targets(pos: &Position) -> Vec<(Role, Square)> {
    let ours = pos.by_color(pos.turn());
    [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .into_iter()
    .filter(|&role| (pos.by_role(role) & ours).any())
    .flat_map(|role| Square::ALL.into_iter().map(move |sq| (role, sq)))
    .filter(|&(role, sq)| !ours.contains(sq) && pos.legal_moves_to(role, sq).is_empty())
    .collect()
}

/// `true` for a character the Spanish grammar never reads inside a move in strict case: a
/// letter that is no file, no piece letter (Spanish or foreign), no capture or castling mark
/// and no part of `a.p.`/`e.p.`.
fn never_in_a_move(c: char) -> bool {
    use crate::notation::Language;
    let lower = c.is_ascii_lowercase() && !matches!(c, 'a'..='h' | 'x' | 'o' | 'p');
    let upper = c.is_ascii_uppercase()
        && !matches!(c, 'X' | 'O')
        && Language::SPANISH.role(c).is_none()
        && Language::SPANISH.foreign_role(c).is_none();
    lower || upper
}

/// Sheets of `length` plies with one move spoiled as `kind` says, at a random ply. Games in
/// which no ply admits the mutation are rejected (rare from 10 plies on; give lengths of at
/// least 10 for [`MutationKind::Ambiguous`]).
///
/// ```
/// use planilla::strategy::{mutated, MutationKind};
/// use planilla::check::{check_text, CheckOptions, Severity};
/// use proptest::prelude::*;
/// proptest!(|(m in mutated(MutationKind::Unreadable, 10usize..60))| {
///     let report = check_text(&m.text, &CheckOptions::default()).next().unwrap();
///     let error = report.diagnostics.iter().find(|d| d.severity() == Severity::Error).unwrap();
///     prop_assert_eq!(error.code(), "unreadable-move");
///     prop_assert_eq!(error.ply, Some(m.ply));
/// });
/// ```
pub fn mutated(
    kind: MutationKind,
    length: impl Strategy<Value = usize>,
) -> impl Strategy<Value = Mutated> {
    mutations(Just(kind), length)
}

/// Sheets with one move spoiled in any of the three ways, as [`mutated`] spoils them.
///
/// ```
/// use planilla::strategy::{any_mutated, game_length};
/// use planilla::check::{check_text, CheckOptions};
/// use proptest::prelude::*;
/// proptest!(|(m in any_mutated(game_length()))| {
///     let report = check_text(&m.text, &CheckOptions::default()).next().unwrap();
///     prop_assert!(!report.is_valid());
///     prop_assert_eq!(report.moves.len() as u32, m.ply - 1);
/// });
/// ```
pub fn any_mutated(length: impl Strategy<Value = usize>) -> impl Strategy<Value = Mutated> {
    mutations(prop::sample::select(&MutationKind::ALL[..]), length)
}

fn mutations(
    kind: impl Strategy<Value = MutationKind>,
    length: impl Strategy<Value = usize>,
) -> impl Strategy<Value = Mutated> {
    (kind, scoresheet(length), any::<Index>(), any::<u16>()).prop_filter_map(
        "no ply of the game admits the mutation",
        |(kind, sheet, at, choice)| {
            let n = sheet.playout.moves.len();
            (n > 0)
                .then(|| Mutated::find(&sheet, kind, at.index(n), choice.into()))
                .flatten()
        },
    )
}
