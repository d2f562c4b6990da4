//! Past the first error: the legal game a damaged sheet most plausibly records
//! ([`reconstruct`]).
//!
//! A sheet's verdict stops at its first error (see [`crate::check`]), and that stays so. The
//! reconstruction sits beside the verdict: a bounded best-first search over the legal
//! continuations finds the cheapest legal game that explains every written move, and names
//! each repair it needs. The repairs, cheapest first:
//!
//! | repair | cost | what the sheet shows |
//! |---|---|---|
//! | [`AmbiguousMove`](RepairKind::AmbiguousMove) | 1 | a move that names several legal moves (E10, E11 (2005); C.10 (2023)), settled by the moves after it |
//! | [`Slip`](RepairKind::Slip) | 3 + distance (5 + distance when the writing is itself legal) | a slip of the pen: another legal move's writing, `Df7` for `Df8` |
//! | [`MoveOrder`](RepairKind::MoveOrder) | 6 | two moves of one side written in the wrong order |
//! | [`MissingMove`](RepairKind::MissingMove) | 8 | a half-move left out, so that the moves after it shift a column |
//! | [`ExtraMove`](RepairKind::ExtraMove) | 8 when the same writing precedes it, else 11 | a half-move written twice |
//!
//! The costs of a move left out, a move written twice and a blank box come from how often each
//! is seen on real handwritten sheets (the tuning half of `tests/data/hcs`, 3,907 boxes): a
//! cost is `round(0.91 × log2(1 / rate))`, 0.91 making the slips' rate (10.2 % of the boxes,
//! 3.3 bits) their base cost 3. A move left out, 7 boxes (0.18 %): 8. A move written twice, 1
//! box (0.03 %): 11, and 3 less when the writing is the one before it. A blank box, 68 boxes
//! (1.7 %): 5. Two moves swapped were never seen, which would make a wrong order dearer still;
//! its cost stays the 6 set on the damage audit (`examples/reconstruct_audit.rs`: at 11 the
//! true game came first on 66.6 % of its wrong-order sheets, losing to pairs of slips), until
//! real sheets show one. On that audit's first 150 games a wrong order at cost 8 came first on
//! 88.1 % of the sheets with one repair each, and at cost 6 on 95.2 %.
//!
//! The distance is the suggestions' weighted edit distance (handwriting and OCR confusions,
//! neighbouring files and ranks are cheap, and so are the character slips counted on real
//! handwritten sheets, two characters written the other way round one slip; see
//! [`suggestion_distance`](crate::check::suggestion_distance)), and a slip is only tried up to
//! distance [`Limits::max_slip_distance`].
//!
//! A box left blank ([`Blank`](crate::scoresheet::TokenKind::Blank): `—`, `-`, `…` where the
//! move belongs, Black's number where White's move is due, or an empty cell of a tabbed
//! sheet) is filled by each legal move that lets the most written moves after it be played (up
//! to 8), at cost 5 each: a
//! [`MissingMove`](RepairKind::MissingMove) whose [`written`](Repair::written) is the blank as
//! written. A move left out is filled the same way, by the legal moves after which the next
//! two written moves play and, of those, the ones that let the most of the next 8 play.
//!
//! Repairs are tried only near a written move that cannot be played as written (illegal,
//! unreadable or ambiguous): at it, and at the [`Limits::window`] plies before it, where a
//! slip that is itself legal, or a move left out, would have gone unnoticed, but not before
//! the last repair of the same branch: a branch whose repair leads to another failure may
//! repair that failure, not undo the plies before its own repair (the other repairs there are
//! the branch's siblings). Past the window, back to that last repair, only one repair is
//! tried: a written move that played as written but is a confusion of one character away
//! from another legal move (`b3` for `h3`: distance at most 2), when with that move in its
//! place every written move after it plays, the failing one and the one after it included (a
//! slip that stays legal shows only when a later move needs the square). A move whose capture
//! or check mark it contradicts, where a legal move with a writing at most 4 away fits the
//! mark (`Bxe4` onto an empty e4 where Bxc4 captures), is not played as written for free: the
//! mark is evidence, and the move and its close readings are weighed as slips. The search stops
//! after [`Limits::max_nodes`] positions; a sheet it cannot explain within that is reported
//! as reconstructed up to the ply it reached ([`Reconstruction::complete`] is `false`).
//!
//! A branch is cut off once a cheaper branch has read, without a failure in the window after,
//! 6 more written moves than it: the damage it was repairing lies behind the cheaper branch,
//! which would pay the same for any damage ahead (once the search holds 1/16 of its node
//! budget). This keeps the search near linear in the number of damages. And from each written
//! move only the [`Limits::beam`] cheapest branches go on (400 by default): on real sheets
//! with many damages, the branches that combine the early repairs would otherwise spend the
//! budget before any reaches the end (on the tuning half of the real sheets, 35 of 38
//! damaged sheets reached their end with it, 31 without, and the slowest took 111 ms, not
//! 637 ms).
//!
//! Reconstructions of equal cost that are different games are all counted
//! ([`Reconstruction::ties`]) and listed up to [`Limits::max_alternatives`], each with the plies
//! where it differs from the first; never one of them in silence. The search then goes on a
//! little, to give the cost of the cheapest dearer game ([`Reconstruction::runner_up_cost`]):
//! how much the evidence prefers the answer.
//!
//! ```
//! use planilla::check::CheckOptions;
//! use planilla::reconstruct::{reconstruct_text, Limits, RepairKind};
//! // White's 4th move left out: every move after it shifts a column.
//! let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6";
//! let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
//! let game = found[0].as_ref().expect("the sheet is damaged");
//! assert!(game.complete);
//! assert_eq!(game.repairs.len(), 1);
//! assert_eq!(game.repairs[0].kind, RepairKind::MissingMove);
//! assert_eq!(game.repairs[0].ply, 7);
//! assert_eq!(game.san().len(), 14);
//! // 4.Bc4 does as well (5...b5 6.Bb3 reaches the same position): both games are given.
//! let mut put_back = vec![game.san()[6].clone(), game.alternatives[0].san[6].clone()];
//! put_back.sort();
//! assert_eq!(put_back, ["Ba4", "Bc4"]);
//!
//! // A slip of the pen: no knight reaches f5.
//! let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
//! let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
//! let repair = &found[0].as_ref().unwrap().repairs[0];
//! assert_eq!((repair.kind, repair.ply), (RepairKind::Slip, 6));
//! assert_eq!((repair.written.as_deref(), repair.read.as_deref()), (Some("Cf5"), Some("Cf6")));
//! // Every written move plays as written: no reconstruction.
//! let valid = reconstruct_text("1.e4 e5 2.Cf3", &CheckOptions::default(), &Limits::default());
//! assert!(valid[0].is_none());
//! ```

mod compare;
mod decode;
mod prior;
mod reconcile;

pub use compare::{CompareError, Comparison, Discrepancy, MAX_RECORD_PLIES, compare, compare_text};
pub use decode::{
    DECODE_BEAM, DECODE_PROOF_NODES, DECODE_PROOF_SLACK, DOUBT_MARGIN, DecodeError, DecodeSearch,
    Decoded, DecodedAlternative, DecodedRepair, MAX_CANDIDATE_CHARS, MAX_CANDIDATES, MAX_CELLS,
    PlySource, decode, decode_answered, decode_with,
};
pub use reconcile::{
    Disagreement, ReconcileError, ReconciledAlternative, Reconciliation, SheetRepair, reconcile,
    reconcile_text, reconcile_text_with_limits,
};

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};

use crate::check::CheckOptions;
use crate::check::ply::resolve_token;
use crate::check::{check_game_in, is_printed, move_span};
use crate::localize::in_language;
use crate::notation::Span;
use crate::position::{Move, Position};
use crate::resolve::Resolution;
use crate::san::SanPlus;
use crate::scoresheet::{Chunk, Game, Token, TokenKind, games, read_games};

/// The bounds of the search (see the [module documentation](self)). Build with
/// [`Limits::default`] and the `with_*` setters (the struct is `#[non_exhaustive]`).
///
/// ```
/// use planilla::reconstruct::Limits;
/// let limits = Limits::default().with_max_nodes(5_000);
/// assert_eq!(limits.max_nodes, 5_000);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// How many positions the search may hold (default 60,000, about 8 MB). Past it, the
    /// reconstruction stops at the farthest ply it reached.
    pub max_nodes: u32,
    /// How many plies before a move that cannot be played repairs are tried (default 10: a
    /// slip that is itself a legal move may show only several moves later).
    pub window: u32,
    /// The largest edit distance of a slip (default 8: a confusion or two, or one character
    /// written wrong).
    pub max_slip_distance: u32,
    /// How many reconstructions of equal cost are given besides the first (default 8; the
    /// command line's `--alternatives N`). [`Reconstruction::ties`] counts them all.
    pub max_alternatives: u32,
    /// How many branches, the cheapest first, go on from each written move (default 400): the
    /// beam that keeps a sheet with many damages from spending the node budget on the
    /// combinations of its early repairs before it reaches its end.
    pub beam: u32,
    /// Whether [`decode`] weighs the legal readings of a box by a prior over moves (default
    /// `true`; the command line's `decode --no-prior` turns it off): where a box's candidates
    /// name several legal moves, each is weighed by how often real players make a move of its
    /// kind, against the likeliest kind among them (a piece left to be taken for nothing is
    /// seldom played; a threatened piece moved, a trade or a capture often). The weights come
    /// from 500 lichess.org games of January 2013 (CC0); see docs/audits.md, "The prior over
    /// moves". The reconstruction does not use it.
    pub move_prior: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 60_000,
            window: 10,
            max_slip_distance: 8,
            max_alternatives: 8,
            beam: 400,
            move_prior: true,
        }
    }
}

impl Limits {
    crate::macros::with_setters! {
        /// These limits with [`max_nodes`](Self::max_nodes) set.
        with_max_nodes: max_nodes: u32;
        /// These limits with [`window`](Self::window) set.
        with_window: window: u32;
        /// These limits with [`max_slip_distance`](Self::max_slip_distance) set.
        with_max_slip_distance: max_slip_distance: u32;
        /// These limits with [`max_alternatives`](Self::max_alternatives) set.
        with_max_alternatives: max_alternatives: u32;
        /// These limits with [`beam`](Self::beam) set.
        with_beam: beam: u32;
        /// These limits with [`move_prior`](Self::move_prior) set.
        with_move_prior: move_prior: bool;
    }
}

/// What kind of damage a repair undoes.
///
/// ```
/// use planilla::{reconstruct_text, CheckOptions, Limits, RepairKind};
/// // White's 4th move left out: every move after it shifts a column.
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6";
/// let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
/// let kind = found[0].as_ref().unwrap().repairs[0].kind;
/// assert_eq!(kind, RepairKind::MissingMove);
/// assert_eq!(kind.code(), "missing-move");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RepairKind {
    /// A slip of the pen: the written move is read as another legal move with a close writing.
    Slip,
    /// A half-move left out: a legal move is put in that the sheet does not show.
    MissingMove,
    /// A half-move written twice, or a written word that is no move of the game: it is left
    /// out.
    ExtraMove,
    /// Two moves of one side written in the wrong order: they are played the other way round.
    MoveOrder,
    /// A move that names several legal moves (E10, E11 (2005); C.10 (2023)): the one the rest
    /// of the game lets be played.
    AmbiguousMove,
}

impl RepairKind {
    /// The kind's name in the JSON views: `slip`, `missing-move`, `extra-move`, `move-order`,
    /// `ambiguous-move`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            RepairKind::Slip => "slip",
            RepairKind::MissingMove => "missing-move",
            RepairKind::ExtraMove => "extra-move",
            RepairKind::MoveOrder => "move-order",
            RepairKind::AmbiguousMove => "ambiguous-move",
        }
    }

    /// The search's cost of the repair (see the [module documentation](self)); `distance` is
    /// a slip's edit distance, and `legal` whether the written move was itself legal.
    const fn cost(self, distance: u32, legal: bool, repeated: bool) -> u32 {
        match self {
            RepairKind::AmbiguousMove => 1,
            RepairKind::Slip if legal => 5 + distance,
            RepairKind::Slip => 3 + distance,
            RepairKind::ExtraMove if repeated => 8,
            RepairKind::MoveOrder => 6,
            RepairKind::ExtraMove => 11,
            RepairKind::MissingMove => 8,
        }
    }
}

/// The cheapest repair: every repair costs at least this, so the search tries repairs only
/// once it has tried everything cheaper.
const MIN_REPAIR: u32 = 4;

/// The largest distance of a slip whose writing is itself a legal move.
const LEGAL_SLIP_DISTANCE: u32 = 4;

/// The largest distance of a slip found by reaching back past the window: a confusion of one
/// character, among the commonest on real sheets.
const REACH_BACK_DISTANCE: u32 = 2;

/// How much farther than the closest slip a slip may be.
const SLIP_SPREAD: u32 = 2;

/// How many written moves after a blank box count as evidence for the move that fills it.
const BLANK_EVIDENCE: u32 = 8;

/// How many games of the best cost the search keeps (it counts and lists the different ones).
const MAX_GOALS: usize = 256;

/// The cost of filling a box left blank with a legal move (see the module documentation).
const BLANK_COST: u32 = 5;

/// How far above the chosen game's cost the search goes on looking for the runner-up
/// ([`Reconstruction::runner_up_cost`]).
pub const RUNNER_UP_SPAN: u32 = 8;

/// How many written moves further a cheaper branch must have read to cut a branch off.
const OUTRUN: usize = 6;

/// One repair of a reconstruction.
///
/// ```
/// use planilla::{reconstruct_text, CheckOptions, Limits, RepairKind};
/// // `3...Cf5`: no black knight reaches f5.
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
/// let repair = &found[0].as_ref().unwrap().repairs[0];
/// assert_eq!((repair.ply, repair.kind), (6, RepairKind::Slip));
/// assert_eq!(repair.written.as_deref(), Some("Cf5"));
/// assert_eq!((repair.read.as_deref(), repair.san.as_deref()), (Some("Cf6"), Some("Nf6")));
/// assert_eq!(repair.then_played, 4); // the four moves after it play as written
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Repair {
    /// The ply of the reconstructed game, from 1, where the repair is: the move put in, read
    /// another way, or played first; for a move left out of the game, the ply it was written
    /// before.
    pub ply: u32,
    /// What kind of damage.
    pub kind: RepairKind,
    /// What the sheet shows there, as written (`None` for a move left out; both moves, joined
    /// by ` … `, for a wrong order).
    pub written: Option<String>,
    /// The move read there, in SAN (`None` for a move left out of the game; the three moves,
    /// in the order played, for a wrong order).
    pub san: Option<String>,
    /// The same in the sheet's letters, in the canonical form of Appendix C (`Df8`).
    pub read: Option<String>,
    /// How many written moves after the repair are then played as written, up to the next
    /// repair or the end of the sheet: the evidence that the repair is right.
    pub then_played: u32,
    /// For an ambiguous move, its other candidates in the sheet's letters, which the moves
    /// after it rule out (a candidate that gives a game of the same cost is not listed: the
    /// ties name it).
    pub ruled_out: Vec<String>,
}

/// One reconstruction of equal cost to the first: another game the sheet may record.
///
/// ```
/// use planilla::{reconstruct_text, CheckOptions, Limits};
/// // White's 4th move left out: 4.Ba4 and 4.Bc4 both let every later move play
/// // (5...b5 6.Bb3 reaches the same position), so both games are given.
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6";
/// let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
/// let game = found[0].as_ref().unwrap();
/// let other = &game.alternatives[0];
/// let mut put_back = [game.san()[6].clone(), other.san[6].clone()];
/// put_back.sort();
/// assert_eq!(put_back, ["Ba4", "Bc4"]);
/// assert_eq!(other.differs_at, [7, 13]); // the bishop's move, and 7.Bb3 from another square
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Alternative {
    /// Every move of that game.
    pub moves: Vec<Move>,
    /// The same moves in SAN.
    pub san: Vec<String>,
    /// Its repairs, in ply order.
    pub repairs: Vec<Repair>,
    /// The plies (from 1) where its moves differ from the first reconstruction's; a ply past
    /// the shorter of the two games counts as different.
    pub differs_at: Vec<u32>,
}

/// The legal game a damaged sheet most plausibly records, from [`reconstruct`].
///
/// ```
/// use planilla::{reconstruct_text, CheckOptions, Limits, Position};
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
/// let game = found[0].as_ref().unwrap();
/// assert!(game.complete); // every written move is explained
/// assert_eq!(game.sans.len(), 10);
/// assert_eq!(game.san()[5], "Nf6"); // `3...Cf5` read as `Cf6`
/// assert_eq!((game.repairs.len(), game.cost, game.ties), (1, 5, 1));
/// assert_eq!(game.start, Position::startpos());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reconstruction {
    /// The moves of the reconstructed game, in order.
    pub moves: Vec<Move>,
    /// The same moves in SAN.
    pub sans: Vec<SanPlus>,
    /// The repairs, in ply order.
    pub repairs: Vec<Repair>,
    /// Other games of the same cost, at most [`Limits::max_alternatives`].
    pub alternatives: Vec<Alternative>,
    /// The search's total cost (see the [module documentation](self)).
    pub cost: u32,
    /// How many different games of this cost the search found, this one included: more than
    /// `alternatives.len() + 1` when the list stopped at [`Limits::max_alternatives`]. A tie is
    /// never settled in silence: every game of the list is as plausible as the first.
    pub ties: u32,
    /// The cost of the cheapest game that costs more, when the search found one within
    /// [`RUNNER_UP_SPAN`] of [`cost`](Self::cost): how much the evidence prefers the first.
    pub runner_up_cost: Option<u32>,
    /// Whether every written move is explained. When `false`, the sheet is too damaged to
    /// reconstruct past ply [`moves.len()`](Self::moves): the game is given up to there.
    pub complete: bool,
    /// How many positions the search held.
    pub nodes: u32,
    /// The position the game starts from.
    pub start: Position,
}

impl Reconstruction {
    /// The moves in SAN, as strings.
    #[must_use]
    pub fn san(&self) -> Vec<String> {
        self.sans.iter().map(ToString::to_string).collect()
    }
}

/// One written move of the sheet's main line.
struct Written<'g> {
    token: &'g Token<'g>,
    text: String,
    /// A box left blank ([`Blank`](crate::scoresheet::TokenKind::Blank), or Black's number
    /// where White's move is due): any legal move fills it.
    blank: bool,
}

/// The main line's written moves (variations left out), with their text as written: the moves,
/// and on a sheet the words that do not read as moves (printed text has prose).
fn written_moves<'g>(game: &'g Game<'g>, source: &str, options: &CheckOptions) -> Vec<Written<'g>> {
    let printed = is_printed(game, source);
    let mut depth = 0u32;
    let mut out = Vec::new();
    // The last move number of the main line, and the moves written since it.
    let mut number: Option<u32> = None;
    let mut since = 0u32;
    for token in &game.movetext {
        let span = token.span;
        match &token.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            // A number where a move belongs (right after a number, or after White's move and
            // not the next number): a written move, as the checker reads it (`3.93` for
            // `3.g3`), never a skip.
            TokenKind::MoveNumber { number: n, side } if depth == 0 && !printed => {
                let in_place = number.is_some_and(|last| {
                    since == 0
                        || (since == 1 && !side.is_black() && Some(*n) != last.checked_add(1))
                });
                if in_place {
                    let text = source.get(span.range()).unwrap_or_default();
                    out.push(Written {
                        token,
                        text: text.trim_end_matches(['.', ' ']).to_owned(),
                        blank: false,
                    });
                    since += 1;
                    continue;
                }
                // Black's number right after Black's move of the number before: White's box
                // was left blank (`2. Cf3 Cc6 3... a6`), as the checker reads it.
                if side.is_black()
                    && since >= 2
                    && number.and_then(|l| l.checked_add(1)) == Some(*n)
                {
                    out.push(Written {
                        token,
                        text: "...".to_owned(),
                        blank: true,
                    });
                }
                number = Some(*n);
                since = u32::from(side.is_black());
            }
            // A blank box, or a word that reads as no move: a written move all the same.
            kind @ (TokenKind::Blank | TokenKind::Word { .. }) if depth == 0 && !printed => {
                let text = source.get(span.range()).unwrap_or_default();
                let blank = matches!(kind, TokenKind::Blank);
                let text = if blank {
                    crate::scoresheet::blank_as_written(text)
                } else {
                    text
                };
                out.push(Written {
                    token,
                    text: text.to_owned(),
                    blank,
                });
                since += 1;
            }
            kind @ (TokenKind::Move(_) | TokenKind::Descriptive(_)) if depth == 0 => {
                let first = match kind {
                    TokenKind::Move(r) => *r.first(),
                    TokenKind::Descriptive(d) => crate::resolve::descriptive::notation_of(
                        d,
                        &options.language,
                        crate::types::Color::White,
                        None,
                    ),
                    _ => continue,
                };
                let span: Span = move_span(&first);
                let text = source.get(span.range()).unwrap_or_default().trim_end();
                out.push(Written {
                    token,
                    text: text.to_owned(),
                    blank: false,
                });
                since += 1;
            }
            _ => {}
        }
    }
    out
}

/// Move `m` of `pos` written in `language` as the distance compares it: without ` a.p.`.
fn bare_writing(pos: &Position, m: Move, language: &crate::notation::Language) -> String {
    let writing = in_language(pos, m, language);
    if m.is_en_passant() {
        writing.replace(" a.p.", "")
    } else {
        writing
    }
}

/// The SAN, suffix included, of every legal move of a position, from one move generation for
/// all the moves' disambiguations ([`Sans::each`]); its table serves position after position.
pub(super) struct Sans {
    /// The origins of each role's legal moves to each square, by `role × 64 + square`: empty
    /// between calls (each call empties what it set).
    origins: Vec<crate::position::Bitboard>,
}

impl Default for Sans {
    fn default() -> Sans {
        Sans {
            origins: vec![crate::position::Bitboard::EMPTY; 6 * 64],
        }
    }
}

impl Sans {
    /// Calls `f` with each of `legal`, the legal moves of `pos`, and its SAN with suffix.
    pub(super) fn each(
        &mut self,
        pos: &Position,
        legal: &[Move],
        mut f: impl FnMut(Move, SanPlus),
    ) {
        let at = |m: Move| m.role().index() * 64 + m.to().index();
        for m in legal {
            let origins = &mut self.origins[at(*m)];
            *origins = origins.with(m.from());
        }
        let checks = pos.check_squares();
        for &m in legal {
            let san = crate::san::San::from_move_with_origins(m, self.origins[at(m)]);
            // Most moves give no check: the move is played only for those that do.
            let suffix = if pos.gives_check_with(&checks, m) {
                let mut after = *pos;
                after.play_unchecked(m);
                crate::san::Suffix::of(&after)
            } else {
                None
            };
            f(m, SanPlus { san, suffix });
        }
        for m in legal {
            self.origins[at(*m)] = crate::position::Bitboard::EMPTY;
        }
    }
}

/// Every legal move of a position with its writing in a language as the distance compares it
/// (without ` a.p.`), all in one buffer that serves position after position
/// ([`Writings::fill`]), with no allocation a move.
#[derive(Default)]
pub(super) struct Writings {
    /// The writings, one after another.
    text: String,
    /// Each legal move, and where its writing ends in `text`.
    moves: Vec<(Move, usize)>,
    /// The moves' SAN.
    sans: Sans,
}

impl Writings {
    /// The writings of `pos`'s legal moves in `language`.
    pub(super) fn of(pos: &Position, language: &crate::notation::Language) -> Writings {
        let mut writings = Writings::default();
        writings.fill(pos, language);
        writings
    }

    /// Replaces the writings with those of `pos`'s legal moves in `language`.
    pub(super) fn fill(&mut self, pos: &Position, language: &crate::notation::Language) {
        self.text.clear();
        self.moves.clear();
        let legal = pos.legal_moves();
        if language.is_descriptive() {
            for m in legal {
                self.text.push_str(&bare_writing(pos, m, language));
                self.moves.push((m, self.text.len()));
            }
            return;
        }
        let marks = crate::localize::marks_of(language);
        let (text, moves) = (&mut self.text, &mut self.moves);
        self.sans.each(pos, &legal, |m, plus| {
            // Writing into a String never fails.
            let _ = plus.render(text, &marks);
            moves.push((m, text.len()));
        });
    }

    /// Each legal move and its writing, in the order of the move generator.
    pub(super) fn iter(&self) -> impl Iterator<Item = (Move, &str)> {
        let mut start = 0;
        self.moves.iter().map(move |&(m, end)| {
            let writing = &self.text[start..end];
            start = end;
            (m, writing)
        })
    }
}

/// The position a game starts from: its `FEN` tag, else `options.start`, else the initial
/// position (as the checker does; a FEN that does not read is the checker's error, and the
/// search starts from the default).
fn start_position(game: &Game<'_>, options: &CheckOptions) -> Position {
    game.tag("FEN")
        .and_then(|fen| Position::from_fen(fen).ok())
        .or(options.start)
        .unwrap_or_default()
}

/// Reconstructs the game a sheet records: `None` when the sheet is valid
/// ([`GameReport::is_valid`](crate::check::GameReport::is_valid)) or every written move of its
/// main line is played as written, else the cheapest legal game that explains them, with its repairs (see
/// the [module documentation](self) for the costs and bounds).
///
/// `game` is a game read by the scoresheet reader from `source` (its spans point there); the
/// letters, case mode and edition are `options`'. The verdict of the sheet is not changed:
/// check it with [`check_game`](crate::check::check_game).
///
/// Time and memory are bounded by `limits.max_nodes`, whatever the input.
#[must_use]
pub fn reconstruct(
    game: &Game<'_>,
    source: &str,
    options: &CheckOptions,
    limits: &Limits,
) -> Option<Reconstruction> {
    // A valid sheet has no reconstruction, by construction.
    if check_game_in(game, None, source, 0, options).is_valid() {
        return None;
    }
    let written = written_moves(game, source, options);
    let start = start_position(game, options);
    Search::new(&written, start, options, limits).run()
}

/// The cost at which the search explains the sheet by a game that begins with `moves` (legal
/// in turn from the sheet's start position), with the same costs and bounds as
/// [`reconstruct`], and its repairs: 0 and none when every written move is played as written,
/// `None` when the search does not reach the sheet's end with such a game. For audits that ask whether a known game
/// costs more than the one found (the costs' fault) or less (the search's).
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::position::Position;
/// use planilla::reconstruct::{Limits, cost_of};
/// use planilla::scoresheet::games;
/// let options = CheckOptions::default();
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a5";
/// let (game, _) = games(sheet, options.parser()).next_game().unwrap();
/// let pos = Position::default();
/// let e4 = pos.legal_moves().into_iter().find(|m| m.to_string() == "e2e4").unwrap();
/// let (cost, repairs) = cost_of(&game, sheet, &options, &Limits::default(), &[e4]).unwrap();
/// assert_eq!((cost, repairs.len()), (0, 0));
/// ```
#[doc(hidden)]
#[must_use]
pub fn cost_of(
    game: &Game<'_>,
    source: &str,
    options: &CheckOptions,
    limits: &Limits,
    moves: &[Move],
) -> Option<(u32, Vec<Repair>)> {
    let written = written_moves(game, source, options);
    let start = start_position(game, options);
    let mut search = Search::new(&written, start, options, limits);
    search.follow = Some(moves);
    match search.run() {
        None => Some((0, Vec::new())),
        Some(r) => r.complete.then_some((r.cost, r.repairs)),
    }
}

/// [`reconstruct`] for every game of a text, in order.
///
/// ```
/// use planilla::{reconstruct_text, CheckOptions, Limits, RepairKind};
/// // Two games: the first valid, the second with `2.Cf6` for `2.Cf3`.
/// let text = "1.e4 e5 2.Cf3\n\n1.d4 d5 2.Cf6";
/// let found = reconstruct_text(text, &CheckOptions::default(), &Limits::default());
/// assert_eq!(found.len(), 2);
/// assert!(found[0].is_none()); // a valid sheet has no reconstruction
/// let game = found[1].as_ref().unwrap();
/// assert_eq!(game.san(), ["d4", "d5", "Nf3"]);
/// assert_eq!(game.repairs[0].kind, RepairKind::Slip);
/// ```
#[must_use]
pub fn reconstruct_text(
    text: &str,
    options: &CheckOptions,
    limits: &Limits,
) -> Vec<Option<Reconstruction>> {
    let mut reader = games(text, options.parser());
    std::iter::from_fn(|| reader.next_game())
        .map(|(game, _)| reconstruct(&game, text, options, limits))
        .collect()
}

/// [`reconstruct`] for every game of one piece of a stream
/// ([`StreamGames::next_chunk`](crate::scoresheet::StreamGames::next_chunk)), one per report
/// of [`check_chunk`](crate::check::check_chunk), in the same order (a report of bytes skipped
/// past the game size limit gets `None`).
#[must_use]
pub fn reconstruct_chunk(
    chunk: &Chunk,
    options: &CheckOptions,
    limits: &Limits,
) -> Vec<Option<Reconstruction>> {
    let source = core::str::from_utf8(&chunk.text).unwrap_or("");
    let mut reader = read_games(&chunk.text, options.parser());
    let mut out: Vec<Option<Reconstruction>> = std::iter::from_fn(|| reader.next_game())
        .map(|(game, _)| reconstruct(&game, source, options, limits))
        .collect();
    if out.is_empty() && chunk.skipped_error().is_some() {
        out.push(None);
    }
    out
}

/// How a node's move relates to the sheet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    /// The root.
    Start,
    /// The written move, as written.
    Written,
    /// A repair of the written move at this index.
    Repair(RepairKind, u32),
    /// The second or third move of a wrong order.
    OrderRest,
}

#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    pos: Position,
    /// The index of the next written move to read.
    next: u32,
    /// Plies played since the start.
    plies: u32,
    /// The move that led here (`None` for the root and for a written move left out).
    mv: Option<Move>,
    step: Step,
    cost: u32,
    /// Whether the repairs from this node are queued.
    unlocked: bool,
}

/// A queue entry: lowest cost first, then the farthest along, then the oldest.
type QueueEntry = (Reverse<u32>, u32, Reverse<u32>, bool);

struct Search<'a, 'g> {
    written: &'a [Written<'g>],
    options: &'a CheckOptions,
    limits: &'a Limits,
    nodes: Vec<Node>,
    heap: BinaryHeap<QueueEntry>,
    seen: HashMap<(u32, Position), (u32, u8)>,
    /// For each count of written moves read, the lowest cost of a branch that has read at
    /// least as many.
    outrun: Vec<u32>,
    /// The repairs (or the root) from which a failure has been reached back past the window.
    reached_back: std::collections::HashSet<u32>,
    /// For a node reached back to, the other legal moves a confusion away from the written
    /// move after it, with their distances.
    confusions: HashMap<u32, std::rc::Rc<[(u32, Move)]>>,
    /// For each count of written moves read, how many branches went on from there.
    expanded: Vec<u32>,
    /// When set, only the games that begin with these moves are searched ([`cost_of`]).
    follow: Option<&'a [Move]>,
}

impl<'a, 'g> Search<'a, 'g> {
    fn new(
        written: &'a [Written<'g>],
        start: Position,
        options: &'a CheckOptions,
        limits: &'a Limits,
    ) -> Self {
        let mut search = Search {
            written,
            options,
            limits,
            nodes: Vec::new(),
            heap: BinaryHeap::new(),
            seen: HashMap::new(),
            outrun: vec![u32::MAX; written.len() + 1],
            reached_back: std::collections::HashSet::new(),
            confusions: HashMap::new(),
            expanded: vec![0; written.len() + 1],
            follow: None,
        };
        search.nodes.push(Node {
            parent: u32::MAX,
            pos: start,
            next: 0,
            plies: 0,
            mv: None,
            step: Step::Start,
            cost: 0,
            unlocked: false,
        });
        search.heap.push((Reverse(0), 0, Reverse(0), false));
        search
    }

    fn resolve(&self, pos: &Position, index: u32) -> Option<Resolution> {
        let w = self.written.get(index as usize)?;
        resolve_token(pos, w.token, self.options, None).map(|(_, r)| r)
    }

    /// Adds a node unless its state (written moves read, position) was reached more cheaply,
    /// or twice at the same cost; queues it when `queue`.
    fn add(&mut self, node: Node, queue: bool) -> Option<u32> {
        if self.nodes.len() >= self.limits.max_nodes as usize {
            return None;
        }
        if node.mv.is_some_and(|m| self.off_course(node.plies - 1, m)) {
            return None;
        }
        if queue {
            match self.seen.entry((node.next, node.pos)) {
                Entry::Occupied(mut e) => {
                    let (cost, count) = e.get_mut();
                    if node.cost > *cost || (node.cost == *cost && *count >= 2) {
                        return None;
                    }
                    if node.cost < *cost {
                        *count = 0;
                    }
                    *cost = node.cost;
                    *count += 1;
                }
                Entry::Vacant(e) => {
                    e.insert((node.cost, 1));
                }
            }
        }
        let id = u32::try_from(self.nodes.len()).ok()?;
        if queue {
            self.heap
                .push((Reverse(node.cost), node.next, Reverse(id), false));
        }
        self.nodes.push(node);
        Some(id)
    }

    /// Whether move `m` at ply `ply` (from 0) leaves the game the search is held to.
    fn off_course(&self, ply: u32, m: Move) -> bool {
        self.follow
            .and_then(|f| f.get(ply as usize))
            .is_some_and(|&f| f != m)
    }

    fn child(&mut self, parent: u32, mv: Option<Move>, next: u32, cost: u32, step: Step) {
        let p = &self.nodes[parent as usize];
        let mut pos = p.pos;
        let plies = p.plies + u32::from(mv.is_some());
        if let Some(m) = mv {
            pos.play_unchecked(m);
        }
        self.add(
            Node {
                parent,
                pos,
                next,
                plies,
                mv,
                step,
                cost,
                unlocked: false,
            },
            true,
        );
    }

    /// Records that a branch of cost `cost` has read the written moves before `next`.
    fn reached(&mut self, next: u32, cost: u32) {
        for c in self.outrun.iter_mut().take(next as usize + 1).rev() {
            if *c <= cost {
                break;
            }
            *c = cost;
        }
    }

    /// Whether a branch of lower cost has read [`OUTRUN`] more written moves than `next`:
    /// then a branch here can only be worse, unless the other dies later (see the module
    /// documentation).
    fn outrun(&self, next: u32, cost: u32) -> bool {
        self.nodes.len() as u64 * 16 > u64::from(self.limits.max_nodes)
            && self
                .outrun
                .get(next as usize + OUTRUN)
                .is_some_and(|&c| c < cost)
    }

    /// A written move cannot be played as written at node `id`: queue the repairs there and
    /// at the plies before it, within the window.
    fn unlock(&mut self, id: u32) {
        let mut at = id;
        let plies = self.nodes[id as usize].plies;
        while at != u32::MAX {
            let n = &mut self.nodes[at as usize];
            if plies - n.plies > self.limits.window {
                break;
            }
            if !n.unlocked && n.step != Step::OrderRest {
                n.unlocked = true;
                self.heap
                    .push((Reverse(n.cost + MIN_REPAIR), n.next, Reverse(at), true));
            }
            // Repairs are not stacked: the window ends at the branch's last repair.
            if matches!(n.step, Step::Repair(..) | Step::OrderRest) {
                break;
            }
            at = n.parent;
        }
        self.reach_back(id);
    }

    /// A written move cannot be played at node `id`: past the window, back to the branch's
    /// last repair, a written move that played as written may have been a slip for another
    /// legal move whose writing is a confusion away (`b3` for `h3`, `Re8` for `Rc8`), which
    /// shows only when a later move needs the square or the piece. Each such move is tried in
    /// its place, the written moves after it played as written; where they all play, the one
    /// that failed and the one after it included, the branch goes on from the failure at the
    /// slip's cost. The moves from the last repair on are a single line, so this is done once
    /// for each repair.
    fn reach_back(&mut self, id: u32) {
        let failed = self.nodes[id as usize].next;
        let plies = self.nodes[id as usize].plies;
        let mut line = Vec::new();
        let mut at = id;
        while at != u32::MAX {
            line.push(at);
            let n = &self.nodes[at as usize];
            if n.step != Step::Written {
                break;
            }
            at = n.parent;
        }
        let Some(&anchor) = line.last() else { return };
        if !self.reached_back.insert(anchor) {
            return;
        }
        let last = (failed + 2).min(self.written.len() as u32);
        for &before in &line {
            let node = self.nodes[before as usize].clone();
            if plies - node.plies <= self.limits.window || node.next >= failed {
                continue;
            }
            let k = node.next;
            let w = &self.written[k as usize];
            if w.blank {
                continue;
            }
            let Some(Resolution::Resolved(r)) = self.resolve(&node.pos, k) else {
                continue;
            };
            let close = match self.confusions.get(&before) {
                Some(c) => c.clone(),
                None => {
                    let c: std::rc::Rc<[(u32, Move)]> =
                        Writings::of(&node.pos, &self.options.language)
                            .iter()
                            .filter(|&(m, _)| m != r.mv)
                            .map(|(m, writing)| {
                                (crate::check::suggestion_distance(&w.text, writing), m)
                            })
                            .filter(|&(d, _)| d <= REACH_BACK_DISTANCE)
                            .collect();
                    self.confusions.insert(before, c.clone());
                    c
                }
            };
            for &(d, m) in close.iter() {
                let mut pos = node.pos;
                pos.play_unchecked(m);
                let mut moves = Vec::new();
                let mut plays = true;
                for j in k + 1..last {
                    match self.resolve(&pos, j) {
                        Some(Resolution::Resolved(r)) if !self.written[j as usize].blank => {
                            pos.play_unchecked(r.mv);
                            moves.push(r.mv);
                        }
                        _ => {
                            plays = false;
                            break;
                        }
                    }
                }
                if !plays {
                    continue;
                }
                // The line again, from the slip to the failure, which is queued.
                let kind = RepairKind::Slip;
                let cost = node.cost + kind.cost(d, true, false);
                let mut parent = before;
                let mut pos = node.pos;
                let steps = std::iter::once((m, Step::Repair(kind, k)))
                    .chain(moves.iter().map(|&mv| (mv, Step::Written)))
                    .take((failed - k) as usize);
                for (j, (mv, step)) in (0u32..).zip(steps) {
                    pos.play_unchecked(mv);
                    let queue = k + j + 1 == failed;
                    let Some(child) = self.add(
                        Node {
                            parent,
                            pos,
                            next: k + j + 1,
                            plies: node.plies + j + 1,
                            mv: Some(mv),
                            step,
                            cost,
                            unlocked: false,
                        },
                        queue,
                    ) else {
                        break;
                    };
                    parent = child;
                }
            }
        }
    }

    fn run(mut self) -> Option<Reconstruction> {
        let n = self.written.len() as u32;
        let mut goals: Vec<u32> = Vec::new();
        let mut deepest = 0u32;
        let mut runner_up: Option<u32> = None;
        while let Some((Reverse(cost), _, Reverse(id), repairs)) = self.heap.pop() {
            if let Some(&g) = goals.first() {
                let best = self.nodes[g as usize].cost;
                if cost > best + RUNNER_UP_SPAN || runner_up.is_some() {
                    break;
                }
            }
            let node = self.nodes[id as usize].clone();
            if self.outrun(node.next, cost) {
                continue;
            }
            if repairs {
                self.repairs(id, &node);
                continue;
            }
            // The beam: only the cheapest branches at each written move go on.
            if let Some(count) = self.expanded.get_mut(node.next as usize) {
                if *count >= self.limits.beam {
                    continue;
                }
                *count += 1;
            }
            if node.next > self.nodes[deepest as usize].next {
                deepest = id;
            }
            // A branch vouches for the written moves it read, but a failure ahead may still
            // be repaired up to a window behind it.
            self.reached(node.next.saturating_sub(self.limits.window), cost);
            if node.next == n {
                if goals.is_empty() && cost == 0 {
                    return None;
                }
                match goals.first() {
                    // A dearer game: the runner-up, when it is another game than the first
                    // (the same game reached by dearer repairs is no runner-up).
                    Some(&g) if cost > self.nodes[g as usize].cost => {
                        let other = self.path_moves(id) != self.path_moves(g);
                        runner_up = runner_up.or(other.then_some(cost));
                    }
                    _ if goals.len() < MAX_GOALS => goals.push(id),
                    _ => {}
                }
                continue;
            }
            if self.written[node.next as usize].blank {
                self.fill_blank(id, &node, cost);
                continue;
            }
            self.read_written(id, &node, cost);
        }
        let nodes = self.nodes.len() as u32;
        if goals.is_empty() {
            let mut r = self.build(deepest);
            r.complete = false;
            r.nodes = nodes;
            return Some(r);
        }
        Some(self.finish(&goals, runner_up, nodes))
    }

    /// A blank box at node `id` (a copy of which is `node`, reached at `cost`): the legal moves
    /// that let the most written moves after it be played as written (up to BLANK_EVIDENCE)
    /// fill it, each at the same cost; a fill that the sheet contradicts a few moves later is
    /// no explanation.
    fn fill_blank(&mut self, id: u32, node: &Node, cost: u32) {
        let kind = RepairKind::MissingMove;
        let fills: Vec<(u32, Move)> = node
            .pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = node.pos;
                after.play_unchecked(m);
                (self.played(after, node.next + 1, BLANK_EVIDENCE), m)
            })
            .collect();
        let most = fills.iter().map(|f| f.0).max().unwrap_or(0);
        for &(_, m) in fills.iter().filter(|f| f.0 == most) {
            let c = cost + BLANK_COST;
            self.child(id, Some(m), node.next + 1, c, Step::Repair(kind, node.next));
        }
    }

    /// Reads the written move after node `id` (a copy of which is `node`, reached at `cost`):
    /// a child for the move it names, the ambiguous readings as repairs, or, where it names
    /// none (or its mark is contradicted), the node's repairs unlocked.
    fn read_written(&mut self, id: u32, node: &Node, cost: u32) {
        match self.resolve(&node.pos, node.next) {
            // A mark the move contradicts, where a close writing fits it: the move is not
            // certain, and is weighed with the others as a slip.
            Some(Resolution::Resolved(r))
                if self.doubtful(&node.pos, node.next, &r) || self.off_course(node.plies, r.mv) =>
            {
                self.unlock(id);
            }
            Some(Resolution::Resolved(r)) => {
                self.child(id, Some(r.mv), node.next + 1, cost, Step::Written);
            }
            Some(Resolution::Ambiguous(a)) => {
                let kind = RepairKind::AmbiguousMove;
                for m in a.candidates {
                    let c = cost + kind.cost(0, false, false);
                    self.child(id, Some(m), node.next + 1, c, Step::Repair(kind, node.next));
                }
                self.unlock(id);
            }
            _ => self.unlock(id),
        }
    }

    /// The reconstruction from the complete games found, `goals` (cheapest first): the first,
    /// the others as its alternatives (each game once), the ambiguous moves' readings that
    /// tie ruled back in, and the dearer `runner_up`'s cost.
    fn finish(&self, goals: &[u32], runner_up: Option<u32>, nodes: u32) -> Reconstruction {
        let mut first = self.build(goals[0]);
        let mut games: Vec<Vec<Move>> = vec![first.moves.clone()];
        for &g in &goals[1..] {
            let moves = self.path_moves(g);
            if games.contains(&moves) {
                continue;
            }
            games.push(moves);
            if first.alternatives.len() >= self.limits.max_alternatives as usize {
                continue;
            }
            let other = self.build(g);
            let longest = other.moves.len().max(first.moves.len());
            let differs_at = (0..longest)
                .filter(|&k| other.moves.get(k) != first.moves.get(k))
                .map(|k| k as u32 + 1)
                .collect();
            first.alternatives.push(Alternative {
                san: other.san(),
                moves: other.moves,
                repairs: other.repairs,
                differs_at,
            });
        }
        // An ambiguous move's other readings that give games of the same cost are not ruled
        // out by the moves after it: the ties name them.
        let start = first.start;
        for repair in &mut first.repairs {
            if repair.kind != RepairKind::AmbiguousMove {
                continue;
            }
            let k = repair.ply as usize - 1;
            let Some(prefix) = first.moves.get(..k) else {
                continue;
            };
            let mut pos = start;
            for &m in prefix {
                pos.play_unchecked(m);
            }
            let tied: Vec<String> = games
                .iter()
                .filter(|g| g.len() > k && g[..k] == *prefix && g[k] != first.moves[k])
                .map(|g| in_language(&pos, g[k], &self.options.language))
                .collect();
            repair.ruled_out.retain(|c| !tied.contains(c));
        }
        first.ties = games.len() as u32;
        first.runner_up_cost = runner_up;
        first.nodes = nodes;
        first
    }

    /// Queues every repair at node `id` (a copy of which is `node`).
    fn repairs(&mut self, id: u32, node: &Node) {
        let i = node.next;
        let Some(w) = self.written.get(i as usize) else {
            return;
        };
        let text = w.text.clone();
        let direct = self.resolve(&node.pos, i);
        let legal = node.pos.legal_moves();
        // A slip: another legal move with a close writing; only the closest few, and when the
        // writing is itself legal, only a close one (a slip nobody noticed at the board).
        let kind = RepairKind::Slip;
        let doubtful = match &direct {
            Some(Resolution::Resolved(r)) => self.doubtful(&node.pos, i, r),
            _ => false,
        };
        let played_legal = matches!(direct, Some(Resolution::Resolved(_))) && !doubtful;
        let max = if played_legal {
            LEGAL_SLIP_DISTANCE.min(self.limits.max_slip_distance)
        } else {
            self.limits.max_slip_distance
        };
        let mut slips: Vec<(u32, Move)> = Vec::new();
        for (m, writing) in Writings::of(&node.pos, &self.options.language).iter() {
            let fits = match &direct {
                Some(Resolution::Resolved(r)) => r.mv == m && !doubtful,
                Some(Resolution::Ambiguous(a)) => a.candidates.contains(&m),
                _ => false,
            };
            if fits {
                continue;
            }
            let d = crate::check::suggestion_distance(&text, writing);
            if d <= max {
                slips.push((d, m));
            }
        }
        slips.sort_unstable_by_key(|&(d, _)| d);
        let closest = slips.first().map_or(0, |&(d, _)| d);
        for &(d, m) in slips
            .iter()
            .take_while(|&&(d, _)| d <= closest + SLIP_SPREAD)
        {
            let c = node.cost + kind.cost(d, played_legal, false);
            self.child(id, Some(m), i + 1, c, Step::Repair(kind, i));
        }
        // A half-move written twice.
        let kind = RepairKind::ExtraMove;
        let repeated = i > 0 && self.written[i as usize - 1].text == text;
        let c = node.cost + kind.cost(0, false, repeated);
        self.child(id, None, i + 1, c, Step::Repair(kind, i));
        // A half-move left out: a move after which the written move is played.
        let kind = RepairKind::MissingMove;
        let fills: Vec<(u32, Move)> = legal
            .iter()
            .filter_map(|&m| {
                let mut after = node.pos;
                after.play_unchecked(m);
                self.playable(after, i, 2)
                    .then(|| (self.played(after, i, BLANK_EVIDENCE), m))
            })
            .collect();
        let most = fills.iter().map(|f| f.0).max().unwrap_or(0);
        for &(_, m) in fills.iter().filter(|f| f.0 == most) {
            let c = node.cost + kind.cost(0, false, false);
            self.child(id, Some(m), i, c, Step::Repair(kind, i));
        }
        // Two moves of one side in the wrong order: i + 2, i + 1, then i.
        self.move_order(id, node);
    }

    /// Whether the written move at index `i`, resolved as `r` in `pos`, has a capture, check
    /// or mate mark that `r` contradicts while another legal move fits it whose writing is one
    /// character away, as the reader's marks rule asks, or at most [`LEGAL_SLIP_DISTANCE`]
    /// away by the weighted distance (`Bxe4` onto an empty e4 where Bxc4 captures): the mark
    /// is evidence, and the move is not certain (`check::ply::mark_readings`).
    fn doubtful(&self, pos: &Position, i: u32, r: &crate::resolve::Resolved) -> bool {
        self.written.get(i as usize).is_some_and(|w| {
            let max = LEGAL_SLIP_DISTANCE;
            !crate::check::ply::mark_readings(pos, w.token, r, &w.text, self.options, max)
                .is_empty()
        })
    }

    /// How many of the `limit` written moves from index `i` are played from `pos` one after
    /// another, each as written or as one of the moves it names; a blank box stops the count.
    fn played(&self, mut pos: Position, i: u32, limit: u32) -> u32 {
        let end = (i + limit).min(self.written.len() as u32);
        for k in i..end {
            if self.written[k as usize].blank {
                return k - i;
            }
            match self.resolve(&pos, k) {
                Some(Resolution::Resolved(r)) => pos.play_unchecked(r.mv),
                Some(Resolution::Ambiguous(a)) => match a.candidates.first() {
                    Some(&m) => pos.play_unchecked(m),
                    None => return k - i,
                },
                _ => return k - i,
            }
        }
        end.saturating_sub(i)
    }

    /// Whether the `count` written moves from index `i` can be played from `pos`, each as
    /// written or as one of the moves it names (fewer at the end of the sheet).
    fn playable(&self, mut pos: Position, i: u32, count: u32) -> bool {
        for k in i..(i + count).min(self.written.len() as u32) {
            match self.resolve(&pos, k) {
                Some(Resolution::Resolved(r)) => pos.play_unchecked(r.mv),
                Some(Resolution::Ambiguous(_)) => return true,
                _ => return false,
            }
        }
        true
    }

    fn move_order(&mut self, id: u32, node: &Node) {
        let i = node.next;
        if i as usize + 2 >= self.written.len() {
            return;
        }
        let mut pos = node.pos;
        let mut moves = [None; 3];
        for (k, index) in [i + 2, i + 1, i].into_iter().enumerate() {
            let Some(Resolution::Resolved(r)) = self.resolve(&pos, index) else {
                return;
            };
            moves[k] = Some(r.mv);
            pos.play_unchecked(r.mv);
        }
        let kind = RepairKind::MoveOrder;
        let cost = node.cost + kind.cost(0, false, false);
        let mut parent = id;
        let mut at = node.pos;
        for (k, mv) in (0u32..).zip(moves) {
            let Some(m) = mv else { return };
            at.play_unchecked(m);
            let plies = node.plies + k + 1;
            let step = if k == 0 {
                Step::Repair(kind, i)
            } else {
                Step::OrderRest
            };
            let last = k == 2;
            let Some(child) = self.add(
                Node {
                    parent,
                    pos: at,
                    next: if last { i + 3 } else { i },
                    plies,
                    mv: Some(m),
                    step,
                    cost,
                    unlocked: !last,
                },
                last,
            ) else {
                return;
            };
            parent = child;
        }
    }

    /// The moves of the game that leads to node `goal`.
    fn path_moves(&self, goal: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut at = goal;
        while at != u32::MAX {
            let node = &self.nodes[at as usize];
            moves.extend(node.mv);
            at = node.parent;
        }
        moves.reverse();
        moves
    }

    /// The game that leads to node `goal`, with its repairs.
    fn build(&self, goal: u32) -> Reconstruction {
        let mut path = Vec::new();
        let mut at = goal;
        while at != u32::MAX {
            path.push(at);
            at = self.nodes[at as usize].parent;
        }
        path.reverse();
        let mut moves = Vec::new();
        let mut sans = Vec::new();
        let mut repairs: Vec<Repair> = Vec::new();
        for pair in path.windows(2) {
            let (parent, node) = (&self.nodes[pair[0] as usize], &self.nodes[pair[1] as usize]);
            let san = node.mv.map(|m| SanPlus::from_move(&parent.pos, m));
            let read = node
                .mv
                .map(|m| in_language(&parent.pos, m, &self.options.language));
            if let (Some(m), Some(s)) = (node.mv, san) {
                moves.push(m);
                sans.push(s);
            }
            match node.step {
                Step::Repair(kind, index) => {
                    let text = |k: u32| self.written.get(k as usize).map(|w| w.text.clone());
                    let (written, san, read) = match kind {
                        // A blank box filled: the blank as written.
                        RepairKind::MissingMove if node.next > index => {
                            (text(index), san.map(|s| s.to_string()), read)
                        }
                        RepairKind::MissingMove => (None, san.map(|s| s.to_string()), read),
                        RepairKind::ExtraMove => (text(index), None, None),
                        RepairKind::MoveOrder => (
                            text(index)
                                .zip(text(index + 2))
                                .map(|(a, b)| format!("{a} … {b}")),
                            san.map(|s| s.to_string()),
                            read,
                        ),
                        _ => (text(index), san.map(|s| s.to_string()), read),
                    };
                    let ruled_out = match (kind, self.resolve(&parent.pos, index)) {
                        (RepairKind::AmbiguousMove, Some(Resolution::Ambiguous(a))) => a
                            .candidates
                            .iter()
                            .filter(|&&c| Some(c) != node.mv)
                            .map(|&c| in_language(&parent.pos, c, &self.options.language))
                            .collect(),
                        _ => Vec::new(),
                    };
                    repairs.push(Repair {
                        ply: if node.mv.is_some() {
                            node.plies
                        } else {
                            node.plies + 1
                        },
                        kind,
                        written,
                        san,
                        read,
                        then_played: 0,
                        ruled_out,
                    });
                }
                Step::OrderRest => {
                    // The wrong order's moves, in the order played.
                    if let Some(last) = repairs.last_mut() {
                        for (field, more) in [
                            (&mut last.san, san.map(|s| s.to_string())),
                            (&mut last.read, read),
                        ] {
                            if let (Some(so_far), Some(more)) = (field.as_mut(), more) {
                                so_far.push(' ');
                                so_far.push_str(&more);
                            }
                        }
                    }
                }
                Step::Written => {
                    if let Some(last) = repairs.last_mut() {
                        last.then_played += 1;
                    }
                }
                Step::Start => {}
            }
        }
        Reconstruction {
            cost: self.nodes[goal as usize].cost,
            moves,
            sans,
            repairs,
            alternatives: Vec::new(),
            complete: true,
            ties: 1,
            runner_up_cost: None,
            nodes: 0,
            start: self.nodes[path[0] as usize].pos,
        }
    }
}
