//! Decoding a handwriting recognizer's candidates: for each box of a sheet, a list of texts
//! with probabilities, best first; out, the most probable legal game ([`decode`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::check::CheckOptions;
use crate::check::ply::{marks_rule, resolve_token};
use crate::position::{Move, Position};
use crate::resolve::Resolution;
use crate::san::SanPlus;
use crate::scoresheet::{Lexer, Token, TokenKind};

use super::RepairKind;

/// The most cells (boxes) a sheet may have: 1,000 (a game of 500 moves).
pub const MAX_CELLS: usize = 1_000;

/// The most candidates a cell may have: 100.
pub const MAX_CANDIDATES: usize = 100;

/// The most characters a candidate's text may have: 32.
pub const MAX_CANDIDATE_CHARS: usize = 32;

/// How many of the most probable partial games go on from each cell: 64.
pub const DECODE_BEAM: usize = 64;

/// How many partial games [`decode`]'s proof (an A* search that its beam's game is the most
/// probable, see [`decode`]) may make: 100,000, about 13 MB. On the recognizer simulation's
/// sheets of 80 boxes with k = 25 (`examples/decode_audit.rs --speed`), a proof that reaches
/// it takes about 150 ms.
pub const DECODE_PROOF_NODES: usize = 100_000;

/// How far below the sum of its cells' best readings, as a natural log, the beam's game may be
/// for [`decode`] to try to prove it the most probable: 30. The partial games a proof must make
/// grow about exponentially with that distance: on the simulation's sheets, the proof
/// finishes within [`DECODE_PROOF_NODES`] on most sheets 15 or less below it, on about half
/// of those 20 to 30 below, and on none further.
pub const DECODE_PROOF_SLACK: f64 = 30.0;

/// A ply is doubtful when it is a repair, or when some game that differs there is less than
/// this many times less probable than the decoded game: `ln 3` (about 1.1, natural log), so
/// that a ply not asked about holds, for a calibrated recognizer, at least three quarters of
/// the probability of it and the most probable game the search saw that differs there. Set
/// for an app that asks one ply at a time ([`decode`]), on the development seed of the
/// recognizer simulation (`examples/decode_audit.rs --curve-one`, seed 43, 150 sheets: a
/// margin of 1.0 gave 99.6 % of the plies right asking about 4.5 %, 2.0 gave 99.7 % asking
/// 5.5 %, and `ln 20`, the value before, 99.8 % asking 7.5 %). See [`Decoded::margins`].
///
/// ```
/// use planilla::{decode, CheckOptions, Limits, Position, DOUBT_MARGIN};
/// // ln 3: a ply is doubtful when a game that differs there is less than 3 times less probable.
/// assert!((DOUBT_MARGIN - 3f64.ln()).abs() < 1e-12);
/// let cells = vec![
///     vec![("e4".to_owned(), 0.9), ("c4".to_owned(), 0.1)],
///     vec![("e5".to_owned(), 0.6), ("c5".to_owned(), 0.4)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert!(found.margins[0].unwrap() > DOUBT_MARGIN); // e4 is 9 times as probable as c4
/// assert!(found.margins[1].unwrap() < DOUBT_MARGIN); // e5 only 1.5 times as c5
/// assert_eq!(found.doubtful, [2]);
/// # Ok::<(), planilla::DecodeError>(())
/// ```
pub const DOUBT_MARGIN: f64 = 1.098_612_288_668_109_8;

/// Repairs cost, in the reconstruction's units (about 1.1 bits each: [`super`]'s table), the
/// same as there: a slip 3 + distance, a blank box 5, a move written twice (a cell that is no
/// move of the game) 11. A unit is `ln 2 / 0.91` in natural log.
const UNIT: f64 = std::f64::consts::LN_2 / 0.91;
const SLIP_BASE: u32 = 3;
const BLANK_UNITS: u32 = 5;
const EXTRA_UNITS: u32 = 11;
/// What a repair of a box the user has answered ([`decode_answered`]) costs on top of its
/// own: the answer is the move written there, so the game that repairs it must be far less
/// probable than any game that plays it. A penalty, not a ban, so that a game is found even
/// where no game the search keeps can play the answer.
const ANSWERED_UNITS: u32 = 20;
/// How many times [`DECODE_PROOF_NODES`] the proof may make where the beam's game repairs an
/// answered box.
const ANSWER_PROOF_FACTOR: usize = 4;
/// How many cells after a blank one its fills are judged on: 8, as the reconstruction's.
const FILL_LOOKAHEAD: usize = 8;
/// Slips are tried only from the cell's best few candidates.
const SLIP_CANDIDATES: usize = 5;
/// In [`Decoder::distances`], a distance not yet measured.
const UNREAD: u32 = u32::MAX;
/// In [`Decoder::distances`], a distance past `limits.max_slip_distance`.
const FAR: u32 = u32::MAX - 1;

/// Why a recognizer's sheet cannot be decoded: a typed error for each limit and each bad value.
///
/// ```
/// use planilla::{decode, CheckOptions, DecodeError, Limits, Position};
/// let (options, limits) = (CheckOptions::default(), Limits::default());
/// let cells = vec![vec![("e4".to_owned(), -1.0)]];
/// let error = decode(&cells, Position::default(), &options, &limits).unwrap_err();
/// assert_eq!(error, DecodeError::BadProbability { cell: 0, candidate: 0, value: -1.0 });
/// let message = "cell 0, candidate 0: the probability -1 is not a finite number ≥ 0";
/// assert_eq!(error.to_string(), message);
/// let error = decode(&vec![Vec::new(); 1_001], Position::default(), &options, &limits);
/// assert_eq!(error.unwrap_err(), DecodeError::TooManyCells(1_001));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// More cells than [`MAX_CELLS`].
    #[error("{0} cells: at most {MAX_CELLS}")]
    TooManyCells(usize),
    /// A cell (from 0) with more candidates than [`MAX_CANDIDATES`].
    #[error("cell {cell}: {count} candidates, at most {MAX_CANDIDATES}")]
    TooManyCandidates {
        /// The cell, from 0.
        cell: usize,
        /// How many candidates it has.
        count: usize,
    },
    /// A probability that is not a finite number ≥ 0.
    #[error(
        "cell {cell}, candidate {candidate}: the probability {value} is not a finite number ≥ 0"
    )]
    BadProbability {
        /// The cell, from 0.
        cell: usize,
        /// The candidate, from 0.
        candidate: usize,
        /// The value given.
        value: f64,
    },
    /// An answered ply ([`decode_answered`]) that is no cell: plies count from 1.
    #[error("answered ply {ply}: the sheet has {cells} cells, plies count from 1")]
    AnsweredPly {
        /// The ply given.
        ply: u32,
        /// How many cells the sheet has.
        cells: usize,
    },
}

/// Where a ply of the decoded game came from.
///
/// ```
/// use planilla::{decode, CheckOptions, Limits, PlySource, Position};
/// let cells = vec![
///     vec![("e4".to_owned(), 0.9), ("c4".to_owned(), 0.1)],
///     vec![("e5".to_owned(), 1.0)],
///     // `Cf6` is no legal move for White: the box's second reading is taken.
///     vec![("Cf6".to_owned(), 0.7), ("Cf3".to_owned(), 0.3)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert_eq!(found.sources[0], PlySource::Top { share: 0.9 });
/// assert!(matches!(found.sources[2], PlySource::Lower { rank: 1, .. }));
/// assert_eq!(found.san[2], "Nf3");
/// # Ok::<(), planilla::DecodeError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "from", rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum PlySource {
    /// The cell's first candidate (or another writing of the same move).
    Top {
        /// The move's share of the cell's probability, 0 to 1.
        share: f64,
    },
    /// A lower candidate of the cell.
    Lower {
        /// Its rank in the cell, from 0.
        rank: u32,
        /// The move's share of the cell's probability, 0 to 1.
        share: f64,
        /// How much less probable it is than the cell's first candidate as the recognizer
        /// gave it (legal or not), in natural log: below 0 where writings of the taken move
        /// add up past the first.
        margin: f64,
    },
    /// No candidate of the cell gave a legal move: a repair (see [`DecodedRepair`]).
    Repair,
}

/// A repair of a decoded game: a cell whose candidates gave no legal move.
///
/// ```
/// use planilla::{decode, CheckOptions, Limits, Position, RepairKind};
/// let cells = vec![
///     vec![("e4".to_owned(), 0.9)],
///     vec![("e5".to_owned(), 0.9)],
///     // No candidate of the third box is a legal move: the closest legal move stands in.
///     vec![("Cf6".to_owned(), 0.9), ("Ce7".to_owned(), 0.1)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert_eq!(found.san, ["e4", "e5", "Nf3"]);
/// let repair = &found.repairs[0];
/// assert_eq!((repair.ply, repair.kind), (3, RepairKind::Slip));
/// assert_eq!((repair.written.as_deref(), repair.san.as_deref()), (Some("Cf6"), Some("Nf3")));
/// # Ok::<(), planilla::DecodeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct DecodedRepair {
    /// The ply (from 1) of the move put in, or for a cell that is no move of the game, the
    /// ply it stood before.
    pub ply: u32,
    /// A slip (a candidate read as the legal move closest to it), a blank box filled
    /// ([`RepairKind::MissingMove`]), or a cell that is no move ([`RepairKind::ExtraMove`]).
    pub kind: RepairKind,
    /// The candidate text the repair reads (`None` for a blank box).
    pub written: Option<String>,
    /// The move put in, in SAN (`None` for a cell that is no move).
    pub san: Option<String>,
    /// Why, in English.
    pub reason: String,
}

/// Another game, less probable than the first or as probable.
///
/// ```
/// use planilla::{decode, CheckOptions, Limits, Position};
/// // The second box reads `e5` or `c5`, as likely: the other game is as probable.
/// let cells = vec![
///     vec![("e4".to_owned(), 1.0)],
///     vec![("e5".to_owned(), 0.5), ("c5".to_owned(), 0.5)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert_eq!(found.san, ["e4", "e5"]);
/// let other = &found.alternatives[0];
/// assert_eq!(other.san, ["e4", "c5"]);
/// assert_eq!(other.log_probability, found.log_probability); // ln 0.5 each
/// # Ok::<(), planilla::DecodeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct DecodedAlternative {
    /// Its moves, in SAN.
    pub san: Vec<String>,
    /// Its probability under the model, as a natural log.
    pub log_probability: f64,
}

/// The most probable legal game under the model (see [`decode`]).
///
/// ```
/// use planilla::{decode, CheckOptions, Limits, Position};
/// let cells = vec![
///     vec![("e4".to_owned(), 0.9), ("c4".to_owned(), 0.1)],
///     vec![("e5".to_owned(), 0.6), ("c5".to_owned(), 0.4)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert_eq!(found.san, ["e4", "e5"]);
/// assert_eq!(found.chosen, [Some(0), Some(0)]);
/// assert!((found.log_probability - (0.9f64 * 0.6).ln()).abs() < 1e-9);
/// assert_eq!(found.doubtful, [2]); // e5 is only 1.5 times as probable as c5
/// assert!(found.from_candidates && found.proven);
/// # Ok::<(), planilla::DecodeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Decoded {
    /// The game's moves.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub moves: Vec<Move>,
    /// The same in SAN.
    pub san: Vec<String>,
    /// For each cell, the index of the candidate taken (the best-ranked writing of the move
    /// chosen), or `None` where a repair was needed.
    pub chosen: Vec<Option<u32>>,
    /// The game's probability under the model, as a natural log (≤ 0).
    pub log_probability: f64,
    /// The repairs, in ply order.
    pub repairs: Vec<DecodedRepair>,
    /// For each ply, where it came from.
    pub sources: Vec<PlySource>,
    /// For each ply, how much less probable, as a natural log (≥ 0), the most probable game
    /// the search saw that differs at that ply is than the decoded game; `None` where the
    /// search saw no other reading of the box. A game the search dropped before the last
    /// cell is judged on the cells it reached, so a margin is never larger than what the
    /// search knows.
    pub margins: Vec<Option<f64>>,
    /// The plies (from 1) an app should ask its user about: repaired, or with a margin under
    /// [`DOUBT_MARGIN`].
    pub doubtful: Vec<u32>,
    /// Up to `limits.max_alternatives` other games, most probable first.
    pub alternatives: Vec<DecodedAlternative>,
    /// Whether every cell gave a legal move from its own candidates.
    pub from_candidates: bool,
    /// Whether the search proved that no legal game is more probable under the model
    /// ([`DECODE_PROOF_NODES`], [`DECODE_PROOF_SLACK`]); `false` where it could not tell, not
    /// where it knows of a better game.
    pub proven: bool,
}

/// One cell's candidates, checked and read.
struct Cell<'t> {
    /// Each candidate's text (without the spaces around it), its share of the cell's
    /// probability, and its move token when the text is exactly one move.
    candidates: Vec<(&'t str, f64, Option<Token<'t>>)>,
    /// The natural log of the most that any step reading the cell, from any position, can add
    /// to a game's probability ([`Bounds`]): ≤ 0.
    bound: f64,
    /// The same for a repair of the cell (a slip, a blank box filled, no move).
    repair_bound: f64,
    /// For each candidate, the natural log of the most that the move it reads as can add: the
    /// summed share of the candidates that could read as the same move.
    reach: Vec<f64>,
    /// Whether the user answered the box ([`decode_answered`]): a repair of it costs
    /// [`ANSWERED_UNITS`] more.
    answered: bool,
    /// For each candidate, the role and square of each of its readings ([`landings`]).
    landings: Vec<Option<Landings>>,
}

/// The role and square of each reading of a move token whose every reading is a piece or pawn
/// move to a whole square (the second the same as the first where there is one reading).
type Landings = [(crate::Role, crate::Square); 2];

/// [`Landings`] of `token`, if each of its readings is a piece or pawn move to a whole square:
/// it names no legal move where none of that role lands there, since the resolver looks for
/// one only among those ([`Position::legal_moves_to`], [`Position::may_land`]). `None` for castling, a file or a rank,
/// descriptive moves.
fn landings(token: &Token<'_>) -> Option<Landings> {
    use crate::notation::Target;
    let TokenKind::Move(readings) = &token.kind else {
        return None;
    };
    let mut out: arrayvec::ArrayVec<(crate::Role, crate::Square), 2> = arrayvec::ArrayVec::new();
    for n in readings.iter() {
        if n.is_castle() {
            return None;
        }
        match (n.role(), n.target()) {
            (Some(role), Some(Target::Square(s))) if !out.is_full() => out.push((role, s)),
            _ => return None,
        }
    }
    let first = *out.first()?;
    Some([first, out.get(1).copied().unwrap_or(first)])
}

/// Which move a candidate can name, as far as its text tells: two candidates that read as the
/// same move in some position have the same key, or one of them has [`Key::Any`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Key {
    /// A move to this square (every reading of the text names it).
    To(crate::Square),
    /// Castling on this side (never a king move: the reader reads castling only as `0-0`).
    Castle(crate::CastlingSide),
    /// Any move: a descriptive move, a pawn capture without its rank, readings that differ.
    Any,
}

impl Key {
    fn of(token: &Token<'_>) -> Key {
        use crate::notation::Target;
        let Token {
            kind: TokenKind::Move(readings),
            ..
        } = token
        else {
            return Key::Any;
        };
        let key = |n: &crate::notation::Notation| match (n.castle(), n.target()) {
            (Some(c), _) => Key::Castle(c.side),
            (None, Some(Target::Square(s))) => Key::To(s),
            _ => Key::Any,
        };
        let first = key(readings.first());
        if readings.iter().all(|n| key(n) == first) {
            first
        } else {
            Key::Any
        }
    }
}

/// [`Cell`]'s bounds, from its candidates: never below what a step can add, from any
/// position, so that the bound of the rest of a game, the sum of its cells' bounds, never
/// underestimates it: [`Decoder::prove`]'s A* heuristic.
struct Bounds {
    bound: f64,
    repair_bound: f64,
    reach: Vec<f64>,
}

impl Bounds {
    /// A move read from candidates holds at most the summed share of those that could read as
    /// one move (the same [`Key`], with those of [`Key::Any`]); a slip of one of the best
    /// [`SLIP_CANDIDATES`] is at least [`SLIP_BASE`] units dearer than its candidate; a blank
    /// box filled costs [`BLANK_UNITS`], a cell that is no move [`EXTRA_UNITS`]; each
    /// [`ANSWERED_UNITS`] more in an answered box.
    fn of(candidates: &[(&str, f64, Option<Token<'_>>)], answered: bool) -> Bounds {
        let mut repair = (-f64::from(EXTRA_UNITS) * UNIT).exp();
        if candidates.is_empty() {
            repair = repair.max((-f64::from(BLANK_UNITS) * UNIT).exp());
        }
        let slip = candidates
            .iter()
            .take(SLIP_CANDIDATES)
            .map(|c| c.1)
            .fold(0.0, f64::max);
        repair = repair.max(slip * (-f64::from(SLIP_BASE) * UNIT).exp());
        let keys: Vec<Option<Key>> = candidates
            .iter()
            .map(|c| c.2.as_ref().filter(|_| c.1 > 0.0).map(Key::of))
            .collect();
        let any: f64 = candidates
            .iter()
            .zip(&keys)
            .filter(|(_, k)| **k == Some(Key::Any))
            .map(|(c, _)| c.1)
            .sum();
        let reach: Vec<f64> = keys
            .iter()
            .map(|key| match key {
                None => f64::NEG_INFINITY,
                Some(Key::Any) => any.min(1.0).ln(),
                Some(key) => {
                    let group: f64 = candidates
                        .iter()
                        .zip(&keys)
                        .filter(|(_, k)| k.as_ref() == Some(key))
                        .map(|(c, _)| c.1)
                        .sum();
                    (group + any).min(1.0).ln()
                }
            })
            .collect();
        let repair_bound = repair.min(1.0).ln() - answered_cost(answered);
        let bound = reach.iter().copied().fold(repair_bound, f64::max);
        Bounds {
            bound,
            repair_bound,
            reach,
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Start,
    /// A candidate's move: the best-ranked candidate of that move, its summed share.
    Candidate {
        rank: u32,
        share: f64,
        top_share: f64,
        /// Every candidate read as this move has a mark the move contradicts, so that its
        /// share paid a slip: in an answered box, a repair of the answer.
        contradicted: bool,
    },
    /// A candidate read as the closest legal move.
    Slip {
        rank: u32,
    },
    Blank,
    /// The cell is no move of the game.
    Extra,
}

/// A cell's repair as [`Decoder::ply_source`] names it: its kind, the candidate's text it
/// repairs (none for a blank box), and the reason.
type CellRepair = (RepairKind, Option<String>, &'static str);

#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    /// How many cells the partial game has read.
    depth: u32,
    pos: Position,
    mv: Option<Move>,
    step: Step,
    logp: f64,
    /// For a blank box filled, how many of the next cells play after the fill
    /// ([`Decoder::fills`]); 0 otherwise. It orders partial games of equal probability.
    ahead: u32,
}

/// A partial game in a best-first search's queue: its priority (a natural log: the search
/// takes the largest first) and its id (of equal priorities, the one made first).
#[derive(PartialEq)]
struct Open(f64, Reverse<u32>);

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

/// What [`Decoder::prove`] found.
enum Proof {
    /// No game is more probable than the beam's.
    Best,
    /// The positions, one a cell from the start, of the most probable game, which is more
    /// probable than the beam's.
    Better(Vec<Position>),
    /// Not known: the proof reached its bound.
    Unknown,
}

/// Decodes a recognizer's reading of a sheet: `cells` run in ply order from `start`'s side to
/// move, each a list of `(text, probability)` best first (an empty list is a blank box). The
/// probabilities need not sum to 1: each cell's are divided by their sum.
///
/// The model: a game's probability is the product over its plies of the share of the cell's
/// probability held by the candidates that read as the ply's move, each read as the reader
/// reads a written move in `options`' letters (`Cf3`, `Cgf3` and `Nf3` under English are the
/// same move, and add up; a box holds no move number, so `6a5` is no move). A candidate whose
/// capture, check, mate or en passant mark the move contradicts (`Axf3` onto an empty f3)
/// counts as a slip of one mark, its share times `e^-(3 + 1) units`. Where no candidate of a
/// cell is a legal move, a repair stands in, at the reconstruction's costs (one unit
/// `ln 2 / 0.91`): a slip, a candidate of the cell's best 5 read as a legal move at weighted
/// distance `d` ≤ `limits.max_slip_distance`, at its share times `e^-(3 + d) units`; a
/// blank box filled, 5 units, by the legal moves after which the most of the next 8 cells
/// play (each by its most probable legal reading of its best 5), as the reconstruction fills
/// a blank box; a cell that is no move of the game, 11 units. Where the cell's first
/// candidates are no legal move but one further down is, a slip of one of those first ones
/// (of the best 5) competes with it at the same cost: a recognizer whose best readings are
/// all wrong has often missed the box's writing, and a far lower reading that happens to be
/// legal is then no likelier than the slip.
///
/// Where a box's candidates name several legal moves, each is weighed by a prior over moves
/// (unless `limits.move_prior` is off): `e^w`, where `w` is how much more often, as a natural
/// log, real players make a move of its kind than a legal move drawn at random, less that of
/// the likeliest kind among the box's legal readings. So a box with one legal reading, or
/// whose readings are all of the likeliest kind, keeps its shares. A move's kind is which
/// piece moves, what it wins or loses by a one-exchange count, whether it checks, and
/// whether the piece stood threatened; the weights were counted on 500 lichess.org games of
/// January 2013 (CC0; `tests/data/lichess_db_2013-01_500.pgn`, none of them a game of the
/// decoding audit). The repairs are not weighed. On the recognizer simulation's development
/// seeds the prior took the plies right after prompts one at a time from 99.67 % to
/// 99.70 % (seed 43) and from 99.66 % to 99.74 % (seed 3043), asking no more (see
/// docs/audits.md).
///
/// The search keeps the [`DECODE_BEAM`] most probable partial games after each cell (one per
/// position; of equally probable ones, a blank box's fill after which more of the next cells
/// play, then the first made). Then, where the beam's game is within [`DECODE_PROOF_SLACK`] of
/// the sum of its cells' best readings, an A* search tries to prove that no game is more
/// probable, with that sum as its bound, cutting every partial game that cannot beat the
/// beam's, within [`DECODE_PROOF_NODES`] partial games; where it finds a more probable game,
/// the beam is run again keeping that game's positions, so that it is the answer
/// ([`Decoded::proven`] says whether the game was proved the most probable). So the search is
/// bounded and deterministic: time and memory grow with cells × beam × candidates, and the
/// proof's with its bound. The beam alone missed the most probable game on 1 to 2 % of the
/// sheets of the recognizer simulation of `examples/decode_audit.rs` that an exhaustive search
/// finishes: a repair early in the game whose cost shows only many moves later.
///
/// [`Decoded::margins`] and [`Decoded::doubtful`] say which plies to ask about. An app that
/// asks about them one at a time, the first doubtful ply first, and decodes again with the
/// answer as that box's one candidate (`[(answer, 1.0)]`), asks less and ends with more plies
/// right than one that asks about all of them at once, since one answer often settles the
/// plies after it (see the decoding audit in docs/audits.md).
///
/// # Errors
///
/// [`DecodeError`] for more than [`MAX_CELLS`] cells or [`MAX_CANDIDATES`] candidates in a
/// cell, and for a probability that is not a finite number ≥ 0. A candidate longer than
/// [`MAX_CANDIDATE_CHARS`] is read as no move.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::Position;
/// use planilla::reconstruct::{Limits, decode};
/// let cells = vec![
///     vec![("e4".to_owned(), 0.9), ("c4".to_owned(), 0.1)],
///     vec![("e5".to_owned(), 0.6), ("c5".to_owned(), 0.4)],
///     // The recognizer's first reading, `Cf6`, is no legal move here; `Cf3` is, and is
///     // likelier than a slip of `Cf6`.
///     vec![("Cf6".to_owned(), 0.7), ("Cf3".to_owned(), 0.3)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert_eq!(found.san, ["e4", "e5", "Nf3"]);
/// assert_eq!(found.chosen, [Some(0), Some(0), Some(1)]);
/// // e4 is 9 times as probable as c4: sure enough; e5 only 1.5 times as c5: doubtful.
/// assert_eq!(found.doubtful, [2]);
/// // Nf3 is the one legal reading of its box; the game reading `Cf6` as the closest other
/// // legal move is far less probable.
/// assert!(found.margins[2].is_some_and(|m| m > planilla::reconstruct::DOUBT_MARGIN));
/// // And the search proved that no legal game is more probable.
/// assert!(found.proven);
/// # Ok::<(), planilla::reconstruct::DecodeError>(())
/// ```
pub fn decode(
    cells: &[Vec<(String, f64)>],
    start: Position,
    options: &CheckOptions,
    limits: &super::Limits,
) -> Result<Decoded, DecodeError> {
    decode_answered(cells, &[], start, options, limits)
}

/// [`decode`] after the user has answered some boxes: `answered` lists their plies (from 1,
/// as [`Decoded::doubtful`] numbers them), each cell holding the user's answer as its one
/// candidate (`[(answer, 1.0)]`). An answer is the move written in its box: a game that
/// repairs it (a slip of it, a check or capture sign its move contradicts, or no move there)
/// costs 20 of the reconstruction's units (about 1.1 bits each) more than the same repair of
/// a recognizer's reading, so the decoder changes the readings before it rather than the
/// answer. An app that asks about the doubtful plies one at a time decodes again with each
/// answer so (see the decoding audit in docs/audits.md). A ply listed twice counts once.
///
/// # Errors
///
/// As [`decode`], and [`DecodeError::AnsweredPly`] for a ply that is no cell.
///
/// ```
/// use planilla::{decode, decode_answered, CheckOptions, Limits, Position};
/// let (options, limits) = (CheckOptions::default(), Limits::default());
/// let mut cells = vec![
///     vec![("e4".to_owned(), 1.0)],
///     vec![("e5".to_owned(), 0.99), ("d5".to_owned(), 0.01)],
///     vec![("Ab5".to_owned(), 1.0)],
/// ];
/// let found = decode(&cells, Position::default(), &options, &limits)?;
/// assert_eq!(found.san, ["e4", "e5", "Bb5"]);
/// // The user answers ply 3: `Ab5+`, a check, which only 1...d5 allows. As a reading like
/// // any other, its check sign would be a slip of the recognizer, likelier than d5 (1 %).
/// cells[2] = vec![("Ab5+".to_owned(), 1.0)];
/// let found = decode(&cells, Position::default(), &options, &limits)?;
/// assert_eq!(found.san, ["e4", "e5", "Bb5"]);
/// // As an answer, it stands, and the box before it gives way.
/// let found = decode_answered(&cells, &[3], Position::default(), &options, &limits)?;
/// assert_eq!(found.san, ["e4", "d5", "Bb5+"]);
/// # Ok::<(), planilla::DecodeError>(())
/// ```
pub fn decode_answered(
    cells: &[Vec<(String, f64)>],
    answered: &[u32],
    start: Position,
    options: &CheckOptions,
    limits: &super::Limits,
) -> Result<Decoded, DecodeError> {
    let read = read_cells(cells, answered, options)?;
    let mut search = Decoder::new(&read, options, limits, start);
    let last = search.search();
    Ok(search.build(&last, start))
}

/// How [`decode_with`] searches [`decode`]'s model. For audits of the bounded search.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum DecodeSearch<'m> {
    /// [`decode`]'s beam of [`DECODE_BEAM`] alone, without the proof: always an answer.
    Beam,
    /// Exhaustive: uniform cost over cells and positions (every partial game less probable
    /// than the answer is expanded); no answer past `max_expanded` partial games. The answer's
    /// `alternatives` are empty.
    Exhaustive {
        /// The most partial games expanded.
        max_expanded: usize,
    },
    /// The game `moves`, one a cell, read as the model reads it (its most probable reading of
    /// each cell as that move); no answer where the model cannot read it so.
    Score(&'m [Move]),
}

/// [`decode`] with another search ([`DecodeSearch`]): `None` where that search gives no
/// answer. For audits.
///
/// # Errors
///
/// As [`decode`].
#[doc(hidden)]
pub fn decode_with(
    cells: &[Vec<(String, f64)>],
    start: Position,
    options: &CheckOptions,
    limits: &super::Limits,
    how: DecodeSearch<'_>,
) -> Result<Option<Decoded>, DecodeError> {
    let read = read_cells(cells, &[], options)?;
    let mut search = Decoder::new(&read, options, limits, start);
    let last = match how {
        DecodeSearch::Beam => Some(search.run(None)),
        DecodeSearch::Exhaustive { max_expanded } => {
            search.proven = true;
            search.exhaustive(max_expanded).map(|goal| vec![goal])
        }
        DecodeSearch::Score(moves) => search.score(moves).map(|goal| vec![goal]),
    };
    Ok(last.map(|last| search.build(&last, start)))
}

/// What [`ANSWERED_UNITS`] take from a repair's natural log: nothing where the box is not
/// answered.
fn answered_cost(answered: bool) -> f64 {
    if answered {
        f64::from(ANSWERED_UNITS) * UNIT
    } else {
        0.0
    }
}

/// Checks the limits and values of `cells` and reads each candidate.
fn read_cells<'t>(
    cells: &'t [Vec<(String, f64)>],
    answered: &[u32],
    options: &CheckOptions,
) -> Result<Vec<Cell<'t>>, DecodeError> {
    if cells.len() > MAX_CELLS {
        return Err(DecodeError::TooManyCells(cells.len()));
    }
    // Which cells are answered: one pass over the list, however long it is.
    let mut is_answered = vec![false; cells.len()];
    for &ply in answered {
        match (ply as usize).checked_sub(1).filter(|&c| c < cells.len()) {
            Some(c) => is_answered[c] = true,
            None => {
                return Err(DecodeError::AnsweredPly {
                    ply,
                    cells: cells.len(),
                });
            }
        }
    }
    let mut read: Vec<Cell<'_>> = Vec::with_capacity(cells.len());
    for (c, cell) in cells.iter().enumerate() {
        if cell.len() > MAX_CANDIDATES {
            return Err(DecodeError::TooManyCandidates {
                cell: c,
                count: cell.len(),
            });
        }
        for (k, &(_, p)) in cell.iter().enumerate() {
            if !p.is_finite() || p < 0.0 {
                return Err(DecodeError::BadProbability {
                    cell: c,
                    candidate: k,
                    value: p,
                });
            }
        }
        let total: f64 = cell.iter().map(|c| c.1).sum();
        let candidates: Vec<_> = cell
            .iter()
            .map(|(text, p)| {
                let share = if total > 0.0 {
                    p / total
                } else {
                    1.0 / cell.len() as f64
                };
                (text.trim(), share, move_token(text, options))
            })
            .collect();
        let answered = is_answered[c];
        let Bounds {
            bound,
            repair_bound,
            reach,
        } = Bounds::of(&candidates, answered);
        let landings = candidates
            .iter()
            .map(|c| c.2.as_ref().and_then(landings))
            .collect();
        read.push(Cell {
            candidates,
            bound,
            repair_bound,
            reach,
            answered,
            landings,
        });
    }
    Ok(read)
}

/// A legal move's writing as [`Decoder::distances`] keys it: algebraic letters write each SAN
/// one way, so the SAN stands for its writing, which is written only where a distance to it is
/// measured; a descriptive writing, which the SAN does not tell, by its number in
/// [`Decoder::texts`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Writing {
    San(SanPlus),
    Text(u32),
}

/// Whether `r` carries a capture, check, mate or en passant mark that the move contradicts.
fn contradicts_a_mark(r: &crate::resolve::Resolved) -> bool {
    use crate::resolve::IrregularityKind as K;
    r.notes.iter().any(|n| {
        matches!(
            n.kind,
            K::CaptureMarkWithoutCapture
                | K::FalseCheck
                | K::FalseMate
                | K::EnPassantMarkWithoutEnPassant
        )
    })
}

/// The one move token of a candidate's text, if it is exactly one move (annotations after it
/// allowed; a box holds no move number, so `6a5` is no move).
fn move_token<'t>(text: &'t str, options: &CheckOptions) -> Option<Token<'t>> {
    if text.chars().count() > MAX_CANDIDATE_CHARS {
        return None;
    }
    let mut found = None;
    for token in Lexer::new(text, options.parser()) {
        match token.ok()? {
            t @ Token {
                kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                ..
            } if found.is_none() => found = Some(t),
            Token {
                kind: TokenKind::Nag { .. },
                ..
            } if found.is_some() => {}
            _ => return None,
        }
    }
    found
}

struct Decoder<'a, 't> {
    cells: &'a [Cell<'t>],
    options: &'a CheckOptions,
    limits: &'a super::Limits,
    nodes: Vec<Node>,
    /// [`Decoder::expand_candidates`]'s table of moves, kept between calls.
    moves: Vec<(Move, f64, u32, bool)>,
    /// The distances, within `limits.max_slip_distance`, from each of a cell's best
    /// candidates to the writings seen, by cell, then writing, then candidate ([`UNREAD`] not
    /// yet measured, [`FAR`] past the limit): the partial games of a cell share most of their
    /// legal moves' writings, and the proof and a second beam read the cells again.
    distances: Vec<FxHashMap<Writing, [u32; SLIP_CANDIDATES]>>,
    /// [`Decoder::expand_repairs`]'s legal moves of a position, each with the key of its
    /// writing in `distances` ([`Writing`]), kept between calls.
    targets: Vec<(Move, Writing)>,
    /// The SAN of a position's legal moves.
    sans: super::Sans,
    /// For descriptive notation, the writings of a position's legal moves.
    writings: super::Writings,
    /// For descriptive notation, a number for each writing seen, its key in `distances`.
    texts: FxHashMap<String, u32>,
    /// A writing, written where a distance to it is measured.
    scratch: String,
    /// [`Decoder::floor`]'s buffer, kept between calls.
    values: Vec<f64>,
    /// Whether the search proved its game the most probable ([`Decoded::proven`]).
    proven: bool,
    /// [`Decoder::expand_candidates`]'s priors, kept between calls.
    priors: Vec<f64>,
    /// Whether the readings of a box are weighed by the prior over moves
    /// ([`super::Limits::move_prior`]).
    prior: bool,
}

impl<'a, 't> Decoder<'a, 't> {
    fn new(
        cells: &'a [Cell<'t>],
        options: &'a CheckOptions,
        limits: &'a super::Limits,
        start: Position,
    ) -> Self {
        Decoder {
            cells,
            options,
            limits,
            nodes: vec![Node {
                parent: u32::MAX,
                depth: 0,
                pos: start,
                mv: None,
                step: Step::Start,
                logp: 0.0,
                ahead: 0,
            }],
            moves: Vec::new(),
            distances: std::iter::repeat_with(Default::default)
                .take(cells.len())
                .collect(),
            targets: Vec::new(),
            sans: super::Sans::default(),
            writings: super::Writings::default(),
            texts: FxHashMap::default(),
            scratch: String::new(),
            values: Vec::new(),
            proven: false,
            priors: Vec::new(),
            prior: limits.move_prior,
        }
    }

    /// The node ending the game `moves` (one a cell), each cell read as its move by its most
    /// probable reading, or `None` where a cell cannot be read as its move.
    fn score(&mut self, moves: &[Move]) -> Option<u32> {
        if moves.len() != self.cells.len() {
            return None;
        }
        let mut at = 0;
        let mut children = Vec::new();
        for (c, &m) in moves.iter().enumerate() {
            children.clear();
            self.expand(at, c, &mut children);
            at = children
                .iter()
                .copied()
                .filter(|&id| self.nodes[id as usize].mv == Some(m))
                .max_by(|&a, &b| {
                    let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                    a.logp.total_cmp(&b.logp)
                })?;
        }
        Some(at)
    }

    /// The most probable complete game by uniform-cost search over (cell, position), or `None`
    /// past `max_expanded` partial games.
    fn exhaustive(&mut self, max_expanded: usize) -> Option<u32> {
        let mut open = BinaryHeap::new();
        open.push(Open(0.0, Reverse(0)));
        let mut done: rustc_hash::FxHashSet<(u32, Position)> = rustc_hash::FxHashSet::default();
        let mut expanded = 0;
        let mut children = Vec::new();
        while let Some(Open(_, Reverse(id))) = open.pop() {
            let node = &self.nodes[id as usize];
            let depth = node.depth;
            if depth as usize == self.cells.len() {
                return Some(id);
            }
            if !done.insert((depth, node.pos)) {
                continue;
            }
            expanded += 1;
            if expanded > max_expanded {
                return None;
            }
            children.clear();
            self.expand(id, depth as usize, &mut children);
            for &child in &children {
                open.push(Open(self.nodes[child as usize].logp, Reverse(child)));
            }
        }
        None
    }

    /// [`decode`]'s search: the beam ([`Decoder::run`]), then the proof that its game is the
    /// most probable ([`Decoder::prove`]); where the proof finds a more probable game, the
    /// beam again with that game's positions kept, so that the answer is that game and its
    /// margins and alternatives are the beam's. The beam after the last cell, most probable
    /// first.
    fn search(&mut self) -> Vec<u32> {
        let last = self.run(None);
        let Some(&goal) = last.first() else {
            self.proven = true;
            return last;
        };
        let found = self.nodes[goal as usize].logp;
        let bound: f64 = self.cells.iter().map(|c| c.bound).sum();
        // A game that repairs a box the user answered is far from the bound by the answer's
        // cost alone: the proof is tried whatever the slack, with more partial games.
        let answer_repaired = self.repairs_an_answer(goal);
        if bound - found > DECODE_PROOF_SLACK && !answer_repaired {
            return last;
        }
        let arena = self.nodes.len();
        let nodes = if answer_repaired {
            DECODE_PROOF_NODES * ANSWER_PROOF_FACTOR
        } else {
            DECODE_PROOF_NODES
        };
        let proof = self.prove(found, arena + nodes);
        self.nodes.truncate(arena);
        match proof {
            Proof::Best => {
                self.proven = true;
                last
            }
            Proof::Unknown => last,
            Proof::Better(positions) => {
                self.proven = true;
                self.nodes.truncate(1);
                self.run(Some(&positions))
            }
        }
    }

    /// Whether the game ending at `goal` repairs a box the user answered: its step there is
    /// not the answer read as a move.
    fn repairs_an_answer(&self, goal: u32) -> bool {
        let mut at = goal;
        while at != 0 && at != u32::MAX {
            let node = &self.nodes[at as usize];
            let cell = node.depth as usize - 1;
            let read_as_written = matches!(
                node.step,
                Step::Candidate {
                    contradicted: false,
                    ..
                }
            );
            if self.cells.get(cell).is_some_and(|c| c.answered) && !read_as_written {
                return true;
            }
            at = node.parent;
        }
        false
    }

    /// A* over (cell, position) from the start, with the sum of the remaining cells' bounds
    /// ([`Bounds`]) as its heuristic (never below the truth, and consistent), looking only for
    /// a game more probable than `found`: every partial game that cannot beat it is cut, and a
    /// candidate whose move cannot is not read. [`Proof::Unknown`] once the arena holds
    /// `max_nodes` partial games.
    fn prove(&mut self, found: f64, max_nodes: usize) -> Proof {
        // rest[c]: the bound of cells c.. (rest[len] = 0).
        let mut rest = vec![0.0; self.cells.len() + 1];
        for c in (0..self.cells.len()).rev() {
            rest[c] = rest[c + 1] + self.cells[c].bound;
        }
        // A game must beat `found` by more than rounding to count.
        let beat = found + 1e-9;
        let mut open = BinaryHeap::new();
        if rest[0] > beat {
            open.push(Open(rest[0], Reverse(0)));
        }
        let mut done: rustc_hash::FxHashSet<(u32, Position)> = Default::default();
        let mut children = Vec::new();
        while let Some(Open(_, Reverse(id))) = open.pop() {
            let (depth, pos) = (self.nodes[id as usize].depth, self.nodes[id as usize].pos);
            if depth as usize == self.cells.len() {
                let mut positions = Vec::with_capacity(self.cells.len() + 1);
                let mut at = id;
                while at != u32::MAX {
                    positions.push(self.nodes[at as usize].pos);
                    at = self.nodes[at as usize].parent;
                }
                positions.reverse();
                return Proof::Better(positions);
            }
            if !done.insert((depth, pos)) {
                continue;
            }
            if self.nodes.len() > max_nodes {
                return Proof::Unknown;
            }
            let c = depth as usize;
            children.clear();
            // Children that cannot beat `found` are not made: a candidate whose move cannot
            // reach the floor is not read, unless a repair could, which must know the
            // best-ranked legal candidate.
            let floor = beat - rest[c + 1];
            let logp = self.nodes[id as usize].logp;
            if logp + self.cells[c].repair_bound >= floor {
                let first_legal = self.expand_candidates(id, c, f64::NEG_INFINITY, &mut children);
                self.expand_repairs(id, c, floor, first_legal, &mut children);
            } else {
                self.expand_candidates(id, c, floor, &mut children);
            }
            for &child in &children {
                let f = self.nodes[child as usize].logp + rest[c + 1];
                if f > beat && !done.contains(&(depth + 1, self.nodes[child as usize].pos)) {
                    open.push(Open(f, Reverse(child)));
                }
            }
        }
        Proof::Best
    }

    /// The beam after the last cell, most probable first. Where `pinned` gives a game's
    /// position after each cell (from the start), that game's partial games stay in the beam
    /// and their repairs are made whatever their probability.
    ///
    /// Each cell's candidates are read from every partial game first; then the repairs (a
    /// slip, a blank box filled, a cell that is no move) of the partial games none of whose
    /// candidates is legal, only those more probable than the beam's last so far: a child less
    /// probable than that cannot enter the beam, so leaving it out changes no answer.
    fn run(&mut self, pinned: Option<&[Position]>) -> Vec<u32> {
        let mut beam: Vec<u32> = vec![0];
        let mut next: FxHashMap<Position, u32> = FxHashMap::default();
        let mut repair = Vec::new();
        let mut children = Vec::new();
        for c in 0..self.cells.len() {
            next.clear();
            repair.clear();
            for &id in &beam {
                children.clear();
                let first_legal = self.expand_candidates(id, c, f64::NEG_INFINITY, &mut children);
                // Where the first candidate is legal, there is nothing to repair.
                if first_legal != Some(0) {
                    repair.push((id, first_legal));
                }
                self.keep(&mut next, &children);
            }
            // The beam's last so far, raised as the repairs add partial games.
            let mut floor = self.floor(&next);
            for &(id, first_legal) in &repair {
                children.clear();
                // The pinned game's repairs are made whatever their probability.
                let at = match pinned {
                    Some(p) if p.get(c) == Some(&self.nodes[id as usize].pos) => f64::NEG_INFINITY,
                    _ => floor,
                };
                self.expand_repairs(id, c, at, first_legal, &mut children);
                if !children.is_empty() {
                    self.keep(&mut next, &children);
                    floor = self.floor(&next);
                }
            }
            let mut ids: Vec<u32> = next.values().copied().collect();
            // Most probable first; of equal ones, a blank box's fill after which more of the
            // next cells play, then the order they were made (deterministic). Two blank boxes
            // in a row give hundreds of equal partial games, and the second's fills tell them
            // apart. Only the first DECODE_BEAM are kept: they are picked, then sorted (the
            // order is total: no two partial games are made alike).
            if ids.len() > DECODE_BEAM {
                ids.select_nth_unstable_by(DECODE_BEAM - 1, |&a, &b| self.order(a, b));
            }
            let first = ids.len().min(DECODE_BEAM);
            ids[..first].sort_unstable_by(|&a, &b| self.order(a, b));
            // The pinned game's position stays, after the beam's own.
            let kept = pinned
                .and_then(|p| p.get(c + 1))
                .and_then(|pos| next.get(pos))
                .copied()
                .filter(|id| !ids[..ids.len().min(DECODE_BEAM)].contains(id));
            ids.truncate(DECODE_BEAM);
            ids.extend(kept);
            // The nodes no partial game in the beam leads to are kept: the arena grows by at
            // most beam × (candidates + legal moves) a cell.
            beam = ids;
        }
        beam
    }

    fn push(&mut self, parent: u32, mv: Option<Move>, step: Step, logp: f64) -> u32 {
        let mut pos = self.nodes[parent as usize].pos;
        if let Some(m) = mv {
            pos.play_unchecked(m);
        }
        let depth = self.nodes[parent as usize].depth + 1;
        self.nodes.push(Node {
            parent,
            depth,
            pos,
            mv,
            step,
            logp,
            ahead: 0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The moves that fill a blank cell `c` in `pos`, as the reconstruction fills a blank box
    /// ([`super`]): of `moves`, those after which the most of the next [`FILL_LOOKAHEAD`]
    /// cells play, each cell by its most probable legal reading among its best
    /// [`SLIP_CANDIDATES`] candidates (the count stops at a cell with none, or a blank one).
    /// Every legal move filled it at one cost, and so many equal partial games would push the
    /// others out of the beam. Returns the moves and how many cells play after each.
    fn fills(&self, pos: &Position, moves: &[Move], c: usize) -> (Vec<Move>, u32) {
        let mut best = 0;
        let mut out = Vec::new();
        for &m in moves {
            let mut after = *pos;
            after.play_unchecked(m);
            let mut count = 0;
            for cell in self.cells.iter().skip(c + 1).take(FILL_LOOKAHEAD) {
                let reading = cell
                    .candidates
                    .iter()
                    .take(SLIP_CANDIDATES)
                    .filter(|t| t.1 > 0.0)
                    .find_map(|(_, _, token)| {
                        let (_, r) = resolve_token(&after, token.as_ref()?, self.options, None)?;
                        match r {
                            Resolution::Resolved(r) => Some(r.mv),
                            _ => None,
                        }
                    });
                let Some(next) = reading else {
                    break;
                };
                after.play_unchecked(next);
                count += 1;
            }
            if count > best {
                best = count;
                out.clear();
            }
            if count == best {
                out.push(m);
            }
        }
        (out, best)
    }

    /// The probability of the [`DECODE_BEAM`]th most probable partial game of a cell's table
    /// (minus infinity while it has fewer).
    fn floor(&mut self, next: &FxHashMap<Position, u32>) -> f64 {
        if next.len() < DECODE_BEAM {
            return f64::NEG_INFINITY;
        }
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        values.extend(next.values().map(|&i| self.nodes[i as usize].logp));
        let k = values.len() - DECODE_BEAM;
        let floor = *values.select_nth_unstable_by(k, f64::total_cmp).1;
        self.values = values;
        floor
    }

    /// The beam's order of two partial games: the more probable first; of equal ones, a blank
    /// box's fill after which more of the next cells play ([`Node::ahead`]), then the one made
    /// first (deterministic).
    fn order(&self, a: u32, b: u32) -> std::cmp::Ordering {
        let (x, y) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        y.logp
            .total_cmp(&x.logp)
            .then(y.ahead.cmp(&x.ahead))
            .then(a.cmp(&b))
    }

    /// Adds `children` to a cell's table, one partial game a position, the first in
    /// [`Decoder::order`].
    fn keep(&self, next: &mut FxHashMap<Position, u32>, children: &[u32]) {
        for &child in children {
            let node = &self.nodes[child as usize];
            match next.get(&node.pos) {
                Some(&old) if self.order(old, child).is_le() => {}
                _ => {
                    next.insert(node.pos, child);
                }
            }
        }
    }

    /// Adds to `out` the children of node `id` reading cell `c`: its candidates' legal moves,
    /// or where there are none, its repairs.
    fn expand(&mut self, id: u32, c: usize, out: &mut Vec<u32>) {
        let first_legal = self.expand_candidates(id, c, f64::NEG_INFINITY, out);
        self.expand_repairs(id, c, f64::NEG_INFINITY, first_legal, out);
    }

    /// Adds to `out` the children of node `id` reading a legal move from a candidate of cell
    /// `c` (none for a blank cell, or where no candidate is legal). Returns the rank of the
    /// best-ranked candidate that is a legal move, if any.
    fn expand_candidates(
        &mut self,
        id: u32,
        c: usize,
        floor: f64,
        out: &mut Vec<u32>,
    ) -> Option<usize> {
        let mut first_legal = None;
        let (pos, logp) = (self.nodes[id as usize].pos, self.nodes[id as usize].logp);
        let cell = &self.cells[c];
        // Each legal move read from the candidates, with its summed share and best rank.
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        for (rank, (text, share, token)) in cell.candidates.iter().enumerate() {
            // A probability of 0 rules the candidate out; so does a floor its move cannot
            // reach, but for the prior, which must know every legal reading: the likeliest
            // kind among them sets the others' weight.
            let Some(token) = token
                .as_ref()
                .filter(|_| *share > 0.0 && (self.prior || logp + cell.reach[rank] >= floor))
            else {
                continue;
            };
            // A move to a square where no legal move of its role lands is no legal move.
            if cell.landings[rank]
                .is_some_and(|l| l.iter().all(|&(role, sq)| !pos.may_land(role, sq)))
            {
                continue;
            }
            let Some((_, mut resolution)) = resolve_token(&pos, token, self.options, None) else {
                continue;
            };
            marks_rule(&pos, token, &mut resolution, text, self.options);
            if let Resolution::Resolved(r) = resolution {
                // Candidates come best first: the first legal one is the best-ranked.
                first_legal.get_or_insert(rank);
                // A reading that its own mark contradicts (`Bxf3` onto an empty f3) is a slip
                // of one mark, at the reconstruction's cost of one: 3 + 1 units; a repair of
                // an answer, the more.
                let contradicted = contradicts_a_mark(&r);
                let share = if contradicted {
                    share * (-f64::from(SLIP_BASE + 1) * UNIT - answered_cost(cell.answered)).exp()
                } else {
                    *share
                };
                match moves.iter_mut().find(|(m, ..)| *m == r.mv) {
                    Some(found) => {
                        found.1 += share;
                        found.3 &= contradicted;
                    }
                    None => moves.push((r.mv, share, rank as u32, contradicted)),
                }
            }
        }
        if !moves.is_empty() {
            // The first candidate's share, as the recognizer gave it.
            let top_share = cell.candidates.first().map_or(0.0, |c| c.1);
            // The prior, against the likeliest kind of move the box's legal readings name:
            // never above 0, so the proof's bounds stay bounds; 0 for a box's one legal
            // reading, so its kind is not looked for.
            let mut priors = std::mem::take(&mut self.priors);
            priors.clear();
            if self.prior && moves.len() > 1 {
                priors.extend(moves.iter().map(|&(m, ..)| {
                    f64::from(super::prior::LOG_RATIO[super::prior::kind(&pos, m)])
                }));
                let best = priors.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                for p in &mut priors {
                    *p -= best;
                }
            }
            for (i, &(m, share, rank, contradicted)) in moves.iter().enumerate() {
                let prior = priors.get(i).copied().unwrap_or(0.0);
                let step = Step::Candidate {
                    rank,
                    share,
                    top_share,
                    contradicted,
                };
                out.push(self.push(id, Some(m), step, logp + share.ln() + prior));
            }
            self.priors = priors;
        }
        self.moves = moves;
        first_legal
    }

    /// Adds to `out` the repairs of node `id` at cell `c`, those at least as probable as
    /// `floor`: a blank box filled by each legal move ([`Decoder::expand_blank`]); a slip of
    /// one of the cell's best few candidates ranked above `first_legal` (the best-ranked legal
    /// reading), so that where the first readings are no legal move, a slip of one of them
    /// competes with the legal reading below them ([`Decoder::slips`]); and where no candidate
    /// is legal, the cell as no move at all.
    fn expand_repairs(
        &mut self,
        id: u32,
        c: usize,
        floor: f64,
        first_legal: Option<usize>,
        out: &mut Vec<u32>,
    ) {
        let (pos, logp) = (self.nodes[id as usize].pos, self.nodes[id as usize].logp);
        let cell = &self.cells[c];
        // Every repair of an answered box costs more.
        let logp = logp - answered_cost(cell.answered);
        // A cell that a candidate reads as a legal move is a move of the game.
        let extra = if first_legal.is_some() {
            f64::NEG_INFINITY
        } else {
            logp - f64::from(EXTRA_UNITS) * UNIT
        };
        if cell.candidates.is_empty() {
            self.expand_blank(id, c, logp, floor, extra, out);
            return;
        }
        for (m, logp, rank) in self.slips(&pos, c, logp, floor, first_legal) {
            out.push(self.push(id, Some(m), Step::Slip { rank }, logp));
        }
        if extra >= floor {
            out.push(self.push(id, None, Step::Extra, extra));
        }
    }

    /// [`Decoder::expand_repairs`] of a blank cell `c`: each legal move of [`Decoder::fills`]
    /// at `logp` less [`BLANK_UNITS`], and after mate or stalemate no move, at `extra`; those
    /// at least as probable as `floor`.
    fn expand_blank(
        &mut self,
        id: u32,
        c: usize,
        logp: f64,
        floor: f64,
        extra: f64,
        out: &mut Vec<u32>,
    ) {
        let pos = self.nodes[id as usize].pos;
        let logp = logp - f64::from(BLANK_UNITS) * UNIT;
        let moves = pos.legal_moves();
        if logp >= floor {
            let (fills, ahead) = self.fills(&pos, &moves, c);
            for m in fills {
                let child = self.push(id, Some(m), Step::Blank, logp);
                self.nodes[child as usize].ahead = ahead;
                out.push(child);
            }
        }
        // After mate or stalemate, a blank box is no move of the game.
        if moves.is_empty() && extra >= floor {
            out.push(self.push(id, None, Step::Extra, extra));
        }
    }

    /// The slips of cell `c`'s best few candidates ranked above `first_legal` in `pos`, from a
    /// partial game at `logp`: each legal move at most `limits.max_slip_distance` from one of
    /// them and at least as probable as `floor`, with its natural log and the candidate's rank
    /// (of equally probable ones, the best-ranked), the more probable first.
    fn slips(
        &mut self,
        pos: &Position,
        c: usize,
        logp: f64,
        floor: f64,
        first_legal: Option<usize>,
    ) -> Vec<(Move, f64, u32)> {
        let cells = self.cells;
        let cell = &cells[c];
        let slips_of = |rank: usize| first_legal.is_none_or(|first| rank < first);
        let best_share = cell
            .candidates
            .iter()
            .take(SLIP_CANDIDATES)
            .enumerate()
            .filter(|&(rank, _)| slips_of(rank))
            .map(|(_, c)| c.1)
            .fold(0.0, f64::max);
        if best_share <= 0.0 || logp + best_share.ln() - f64::from(SLIP_BASE) * UNIT < floor {
            return Vec::new();
        }
        // The candidates that may slip: rank, text, the log of their share, and the farthest
        // slip still at least as probable as the floor.
        let mut slipping: arrayvec::ArrayVec<(usize, &str, f64, u32), SLIP_CANDIDATES> =
            arrayvec::ArrayVec::new();
        for (rank, (text, share, _)) in cell.candidates.iter().enumerate().take(SLIP_CANDIDATES) {
            if !slips_of(rank)
                || *share <= 0.0
                || logp + share.ln() - f64::from(SLIP_BASE) * UNIT < floor
            {
                continue;
            }
            let room = (logp + share.ln() - floor) / UNIT - f64::from(SLIP_BASE);
            let max = if room.is_finite() {
                self.limits.max_slip_distance.min(room.max(0.0) as u32)
            } else {
                self.limits.max_slip_distance
            };
            slipping.push((rank, text, share.ln(), max));
        }
        let limit = self.limits.max_slip_distance;
        let language = &self.options.language;
        let targets = self.keyed_moves(pos);
        let marks = crate::localize::marks_of(language);
        let mut writings = self.writings.iter();
        let known = &mut self.distances[c];
        // Each move's most probable slip: of equally probable ones, the best-ranked candidate's.
        let mut slips: Vec<(Move, f64, u32)> = Vec::new();
        for &(m, key) in &targets {
            let text = writings.next();
            let distances = known.entry(key).or_insert([UNREAD; SLIP_CANDIDATES]);
            let mut best: Option<(f64, u32)> = None;
            for &(rank, written, share_ln, max) in &slipping {
                let d = &mut distances[rank];
                if *d == UNREAD {
                    let writing = match (key, text) {
                        (Writing::San(san), _) => {
                            self.scratch.clear();
                            // Writing into a String never fails.
                            let _ = san.render(&mut self.scratch, &marks);
                            self.scratch.as_str()
                        }
                        (Writing::Text(_), Some((_, text))) => text,
                        (Writing::Text(_), None) => "",
                    };
                    *d = crate::check::suggestion_distance_within(written, writing, limit)
                        .unwrap_or(FAR);
                }
                if *d == FAR || *d > max {
                    continue;
                }
                let logp = logp + share_ln - f64::from(SLIP_BASE + *d) * UNIT;
                if logp >= floor && best.is_none_or(|(l, _)| logp > l) {
                    best = Some((logp, rank as u32));
                }
            }
            if let Some((logp, rank)) = best {
                slips.push((m, logp, rank));
            }
        }
        drop(writings);
        self.targets = targets;
        // The more probable first; of equal ones, in the order of their UCI writings: the
        // origin's file and rank, the destination's, then the promotion's letter, if any. (No
        // two moves have the same UCI writing: the order is total, and an unstable sort gives
        // the one order.)
        let uci = |m: Move| {
            let square = |s: crate::Square| s.file().index() * 8 + s.rank().index();
            let promotion = m.promotion().map_or(0, |r| r.char() as usize);
            (square(m.from()) * 64 + square(m.to())) * 128 + promotion
        };
        slips.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then_with(|| uci(a.0).cmp(&uci(b.0))));
        slips
    }

    /// The legal moves of `pos`, each with the key of its writing in [`Decoder::distances`]
    /// ([`Writing`]; descriptive writings are then in [`Decoder::writings`], in the same
    /// order). The list is [`Decoder::targets`]' buffer: give
    /// it back there.
    fn keyed_moves(&mut self, pos: &Position) -> Vec<(Move, Writing)> {
        let language = &self.options.language;
        let mut targets = std::mem::take(&mut self.targets);
        targets.clear();
        if language.is_descriptive() {
            self.writings.fill(pos, language);
            for (m, text) in self.writings.iter() {
                let next = self.texts.len() as u32;
                let number = match self.texts.get(text) {
                    Some(&number) => number,
                    None => *self.texts.entry(text.to_owned()).or_insert(next),
                };
                targets.push((m, Writing::Text(number)));
            }
        } else {
            let legal = pos.legal_moves();
            self.sans
                .each(pos, &legal, |m, san| targets.push((m, Writing::San(san))));
        }
        targets
    }

    /// For each cell of the decoded game `path` (its nodes from the root), the margin of
    /// [`Decoded::margins`]: of the partial games that leave the path at that cell, the one
    /// that went deepest, against the path at that depth (the nearest to it where several went
    /// as deep). One pass over the nodes, parents before children.
    fn margins(&self, path: &[u32]) -> Vec<Option<f64>> {
        const ON_PATH: u32 = u32::MAX;
        const ROOT: u32 = u32::MAX - 1;
        let mut on_path = vec![false; self.nodes.len()];
        for &id in path {
            on_path[id as usize] = true;
        }
        // The path's probability after each depth.
        let along: Vec<f64> = path
            .iter()
            .map(|&id| self.nodes[id as usize].logp)
            .collect();
        // For each node off the path, the cell (from 0) where its game leaves the path.
        let mut leaves = vec![ROOT; self.nodes.len()];
        let cells = path.len().saturating_sub(1);
        let mut deepest: Vec<Option<(u32, f64)>> = vec![None; cells];
        for (id, node) in self.nodes.iter().enumerate() {
            if on_path[id] || node.parent == u32::MAX {
                leaves[id] = ON_PATH;
                continue;
            }
            let parent = node.parent as usize;
            let cell = if on_path[parent] {
                node.depth - 1
            } else {
                leaves[parent]
            };
            leaves[id] = cell;
            let (Some(slot), Some(&best)) = (
                deepest.get_mut(cell as usize),
                along.get(node.depth as usize),
            ) else {
                continue;
            };
            let gap = (best - node.logp).max(0.0);
            *slot = match *slot {
                Some((d, g)) if d > node.depth || (d == node.depth && g <= gap) => Some((d, g)),
                _ => Some((node.depth, gap)),
            };
        }
        deepest.into_iter().map(|d| d.map(|(_, g)| g)).collect()
    }

    /// The decoded game ending at the first node of `last`, with the others as alternatives.
    fn build(&self, last: &[u32], start: Position) -> Decoded {
        let mut out = Decoded {
            moves: Vec::new(),
            san: Vec::new(),
            chosen: Vec::new(),
            log_probability: 0.0,
            repairs: Vec::new(),
            sources: Vec::new(),
            margins: Vec::new(),
            doubtful: Vec::new(),
            alternatives: Vec::new(),
            from_candidates: true,
            proven: self.proven,
        };
        // No cell: the empty game.
        let Some(&goal) = last.first() else {
            return out;
        };
        out.log_probability = self.nodes[goal as usize].logp;
        let ids = self.path(goal);
        let margins = self.margins(&ids);
        for (c, pair) in ids.windows(2).enumerate() {
            let (parent, node) = (&self.nodes[pair[0] as usize], &self.nodes[pair[1] as usize]);
            let ply = out.moves.len() as u32 + 1;
            let san = node
                .mv
                .map(|m| SanPlus::from_move(&parent.pos, m).to_string());
            let (chosen, source, repair) = self.ply_source(c, node.step);
            out.chosen.push(chosen);
            if let Some((kind, written, reason)) = repair {
                out.from_candidates = false;
                out.repairs.push(DecodedRepair {
                    ply,
                    kind,
                    written,
                    san: san.clone(),
                    reason: reason.to_owned(),
                });
            }
            if let (Some(m), Some(s)) = (node.mv, san) {
                let margin = margins[c];
                let doubtful =
                    matches!(source, PlySource::Repair) || margin.is_some_and(|m| m < DOUBT_MARGIN);
                if doubtful {
                    out.doubtful.push(ply);
                }
                out.moves.push(m);
                out.san.push(s);
                out.sources.push(source);
                out.margins.push(margin);
            }
        }
        out.alternatives = self.alternatives(&last[1..], &out.san, start);
        out
    }

    /// Where the ply of cell `c` came from, by the step that read it: the candidate taken (its
    /// rank), its [`PlySource`], and the repair when no candidate gave the move (its kind, the
    /// text repaired, the reason).
    fn ply_source(&self, c: usize, step: Step) -> (Option<u32>, PlySource, Option<CellRepair>) {
        let text = |rank: u32| {
            self.cells[c]
                .candidates
                .get(rank as usize)
                .map(|t| t.0.to_owned())
        };
        match step {
            Step::Candidate {
                rank,
                share,
                top_share,
                ..
            } => {
                let source = if rank == 0 {
                    PlySource::Top { share }
                } else {
                    PlySource::Lower {
                        rank,
                        share,
                        margin: top_share.max(f64::MIN_POSITIVE).ln() - share.ln(),
                    }
                };
                (Some(rank), source, None)
            }
            Step::Slip { rank } => (
                None,
                PlySource::Repair,
                Some((
                    RepairKind::Slip,
                    text(rank),
                    "no candidate is a legal move: a candidate read as the legal move closest to it",
                )),
            ),
            Step::Blank => (
                None,
                PlySource::Repair,
                Some((
                    RepairKind::MissingMove,
                    None,
                    "a blank box: filled by the move that makes the game most probable",
                )),
            ),
            Step::Extra | Step::Start => (
                None,
                PlySource::Repair,
                Some((
                    RepairKind::ExtraMove,
                    text(0),
                    "no candidate is a legal move, nor close to one: the cell is no move of the game",
                )),
            ),
        }
    }

    /// The games ending at the nodes of `others` (most probable first), in SAN, each once and
    /// none the same as the decoded game `san`: at most `limits.max_alternatives`.
    fn alternatives(
        &self,
        others: &[u32],
        san: &[String],
        start: Position,
    ) -> Vec<DecodedAlternative> {
        let mut seen = vec![san.to_vec()];
        let mut out = Vec::new();
        for &other in others {
            if out.len() >= self.limits.max_alternatives as usize {
                break;
            }
            let mut pos = start;
            let game: Vec<String> = self
                .path(other)
                .iter()
                .filter_map(|&i| self.nodes[i as usize].mv)
                .map(|m| SanPlus::from_move_and_play(&mut pos, m).to_string())
                .collect();
            if seen.contains(&game) {
                continue;
            }
            seen.push(game.clone());
            out.push(DecodedAlternative {
                san: game,
                log_probability: self.nodes[other as usize].logp,
            });
        }
        out
    }

    /// The nodes from the root to `goal`.
    fn path(&self, goal: u32) -> Vec<u32> {
        let mut ids = Vec::new();
        let mut at = goal;
        while at != u32::MAX {
            ids.push(at);
            at = self.nodes[at as usize].parent;
        }
        ids.reverse();
        ids
    }
}
