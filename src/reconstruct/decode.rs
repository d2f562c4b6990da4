//! Decoding a handwriting recognizer's candidates: for each box of a sheet, a list of texts
//! with probabilities, best first; out, the most probable legal game ([`decode`]).

use std::collections::HashMap;

use crate::check::CheckOptions;
use crate::check::ply::{marks_rule, resolve_token};
use crate::position::{Move, Position};
use crate::resolve::Resolution;
use crate::san::SanPlus;
use crate::scoresheet::{Lexer, Token};

use super::RepairKind;

/// The most cells (boxes) a sheet may have: 1,000 (a game of 500 moves).
pub const MAX_CELLS: usize = 1_000;

/// The most candidates a cell may have: 100.
pub const MAX_CANDIDATES: usize = 100;

/// The most characters a candidate's text may have: 32.
pub const MAX_CANDIDATE_CHARS: usize = 32;

/// How many of the most probable partial games go on from each cell: 64.
pub const DECODE_BEAM: usize = 64;

/// A ply is doubtful when its move's share of its cell's probability is under this (0.9), when
/// it is not the cell's first candidate, or when it is a repair.
pub const DOUBT_SHARE: f64 = 0.9;

/// Repairs cost, in the reconstruction's units (about 1.1 bits each: [`super`]'s table), the
/// same as there: a slip 3 + distance, a blank box 5, a move written twice (a cell that is no
/// move of the game) 11. A unit is `ln 2 / 0.91` in natural log.
const UNIT: f64 = std::f64::consts::LN_2 / 0.91;
const SLIP_BASE: u32 = 3;
const BLANK_UNITS: u32 = 5;
const EXTRA_UNITS: u32 = 11;
/// Slips are tried only from the cell's best few candidates.
const SLIP_CANDIDATES: usize = 5;

/// Why a recognizer's sheet cannot be decoded: a typed error for each limit and each bad value.
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
}

/// Where a ply of the decoded game came from.
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
        /// How much less probable it is than the cell's first candidate, in natural log.
        margin: f64,
    },
    /// No candidate of the cell gave a legal move: a repair (see [`DecodedRepair`]).
    Repair,
}

/// A repair of a decoded game: a cell whose candidates gave no legal move.
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
    /// The plies (from 1) an app should ask its user about: repaired, not the cell's first
    /// candidate, or with under [`DOUBT_SHARE`] of the cell's probability.
    pub doubtful: Vec<u32>,
    /// Up to `limits.max_alternatives` other games, most probable first.
    pub alternatives: Vec<DecodedAlternative>,
    /// Whether every cell gave a legal move from its own candidates.
    pub from_candidates: bool,
}

/// One cell's candidates, checked and read.
struct Cell<'t> {
    /// Each candidate's text, its share of the cell's probability, and its move token when the
    /// text is exactly one move.
    candidates: Vec<(&'t str, f64, Option<Token<'t>>)>,
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Start,
    /// A candidate's move: the best-ranked candidate of that move, its summed share.
    Candidate {
        rank: u32,
        share: f64,
        top_share: f64,
    },
    /// A candidate read as the closest legal move.
    Slip {
        rank: u32,
    },
    Blank,
    /// The cell is no move of the game.
    Extra,
}

#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    pos: Position,
    mv: Option<Move>,
    step: Step,
    logp: f64,
}

/// Decodes a recognizer's reading of a sheet: `cells` run in ply order from `start`'s side to
/// move, each a list of `(text, probability)` best first (an empty list is a blank box). The
/// probabilities need not sum to 1: each cell's are divided by their sum.
///
/// The model: a game's probability is the product over its plies of the share of the cell's
/// probability held by the candidates that read as the ply's move, each read as the reader
/// reads a written move in `options`' letters (`Cf3`, `Cgf3` and `Nf3` under English are the
/// same move, and add up). Where no candidate of a cell is a legal move, a repair stands in,
/// at the reconstruction's costs (one unit `ln 2 / 0.91`): a slip, a candidate of the cell's
/// best 5 read as a legal move at weighted distance `d` ≤ `limits.max_slip_distance`, at
/// its share times `e^-(3 + d) units`; a blank box filled by any legal move, 5 units; a cell
/// that is no move of the game, 11 units. No prior over moves.
///
/// The search keeps the [`DECODE_BEAM`] most probable partial games after each cell (one per
/// position), so it is bounded and deterministic: time and memory grow with cells × beam ×
/// candidates.
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
///     // The recognizer's first reading, `Cf6`, is no legal move here; `Cf3` is.
///     vec![("Cf6".to_owned(), 0.7), ("Cf3".to_owned(), 0.3)],
/// ];
/// let found = decode(&cells, Position::default(), &CheckOptions::default(), &Limits::default())?;
/// assert_eq!(found.san, ["e4", "e5", "Nf3"]);
/// assert_eq!(found.chosen, [Some(0), Some(0), Some(1)]);
/// assert_eq!(found.doubtful, [2, 3]);
/// # Ok::<(), planilla::reconstruct::DecodeError>(())
/// ```
pub fn decode(
    cells: &[Vec<(String, f64)>],
    start: Position,
    options: &CheckOptions,
    limits: &super::Limits,
) -> Result<Decoded, DecodeError> {
    if cells.len() > MAX_CELLS {
        return Err(DecodeError::TooManyCells(cells.len()));
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
        let candidates = cell
            .iter()
            .map(|(text, p)| {
                let share = if total > 0.0 {
                    p / total
                } else {
                    1.0 / cell.len() as f64
                };
                (text.as_str(), share, move_token(text, options))
            })
            .collect();
        read.push(Cell { candidates });
    }
    let mut search = Decoder {
        cells: &read,
        options,
        limits,
        nodes: vec![Node {
            parent: u32::MAX,
            pos: start,
            mv: None,
            step: Step::Start,
            logp: 0.0,
        }],
    };
    let last = search.run();
    Ok(search.build(&last, start))
}

/// The one move token of a candidate's text, if it is exactly one move (a move number before
/// it and annotations after it allowed).
fn move_token<'t>(text: &'t str, options: &CheckOptions) -> Option<Token<'t>> {
    if text.chars().count() > MAX_CANDIDATE_CHARS {
        return None;
    }
    let mut found = None;
    for token in Lexer::new(text, options.parser()) {
        match token.ok()? {
            t @ (Token::Move(_) | Token::Descriptive(_)) if found.is_none() => found = Some(t),
            Token::MoveNumber { .. } | Token::Nag { .. } if found.is_none() => {}
            Token::Nag { .. } => {}
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
}

impl Decoder<'_, '_> {
    /// The beam after the last cell, most probable first.
    fn run(&mut self) -> Vec<u32> {
        let mut beam: Vec<u32> = vec![0];
        for c in 0..self.cells.len() {
            let mut next: HashMap<Position, u32> = HashMap::new();
            for &id in &beam {
                for child in self.expand(id, c) {
                    let node = &self.nodes[child as usize];
                    match next.get(&node.pos) {
                        Some(&old) if self.nodes[old as usize].logp >= node.logp => {}
                        _ => {
                            next.insert(node.pos, child);
                        }
                    }
                }
            }
            let mut ids: Vec<u32> = next.into_values().collect();
            // Most probable first; equal ones in the order they were made (deterministic).
            ids.sort_by(|&a, &b| {
                self.nodes[b as usize]
                    .logp
                    .total_cmp(&self.nodes[a as usize].logp)
                    .then(a.cmp(&b))
            });
            ids.truncate(DECODE_BEAM);
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
        self.nodes.push(Node {
            parent,
            pos,
            mv,
            step,
            logp,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The children of node `id` reading cell `c`.
    fn expand(&mut self, id: u32, c: usize) -> Vec<u32> {
        let node = self.nodes[id as usize].clone();
        let cell = &self.cells[c];
        let mut out = Vec::new();
        if cell.candidates.is_empty() {
            for m in node.pos.legal_moves() {
                let logp = node.logp - f64::from(BLANK_UNITS) * UNIT;
                out.push(self.push(id, Some(m), Step::Blank, logp));
            }
            // After mate or stalemate, a blank box is no move of the game.
            if out.is_empty() {
                let logp = node.logp - f64::from(EXTRA_UNITS) * UNIT;
                out.push(self.push(id, None, Step::Extra, logp));
            }
            return out;
        }
        // Each legal move read from the candidates, with its summed share and best rank.
        let mut moves: Vec<(Move, f64, u32)> = Vec::new();
        for (rank, (text, share, token)) in cell.candidates.iter().enumerate() {
            // A probability of 0 rules the candidate out.
            let Some(token) = token.as_ref().filter(|_| *share > 0.0) else {
                continue;
            };
            let Some((_, resolution)) = resolve_token(&node.pos, token, self.options, None) else {
                continue;
            };
            let resolution = marks_rule(&node.pos, token, resolution, text.trim(), self.options);
            if let Resolution::Resolved(r) = resolution {
                match moves.iter_mut().find(|(m, ..)| *m == r.mv) {
                    Some(found) => found.1 += share,
                    None => moves.push((r.mv, *share, rank as u32)),
                }
            }
        }
        if !moves.is_empty() {
            let top_share = moves
                .iter()
                .find(|(.., rank)| *rank == 0)
                .map_or(0.0, |m| m.1);
            for (m, share, rank) in moves {
                let step = Step::Candidate {
                    rank,
                    share,
                    top_share,
                };
                out.push(self.push(id, Some(m), step, node.logp + share.ln()));
            }
            return out;
        }
        // No candidate is a legal move: a slip of one of the best few, or no move at all.
        let writings = super::writings(&node.pos, &self.options.language);
        let mut best: HashMap<Move, (f64, u32)> = HashMap::new();
        for (rank, (text, share, _)) in cell.candidates.iter().enumerate().take(SLIP_CANDIDATES) {
            if *share <= 0.0 {
                continue;
            }
            for (m, writing) in &writings {
                let d = crate::check::suggestion_distance(text.trim(), writing);
                if d > self.limits.max_slip_distance {
                    continue;
                }
                let logp = node.logp + share.ln() - f64::from(SLIP_BASE + d) * UNIT;
                let entry = best.entry(*m).or_insert((f64::NEG_INFINITY, 0));
                if logp > entry.0 {
                    *entry = (logp, rank as u32);
                }
            }
        }
        let mut slips: Vec<(Move, f64, u32)> =
            best.into_iter().map(|(m, (l, r))| (m, l, r)).collect();
        slips.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.to_uci().cmp(&b.0.to_uci())));
        for (m, logp, rank) in slips {
            out.push(self.push(id, Some(m), Step::Slip { rank }, logp));
        }
        let logp = node.logp - f64::from(EXTRA_UNITS) * UNIT;
        out.push(self.push(id, None, Step::Extra, logp));
        out
    }

    /// The decoded game ending at the first node of `last`, with the others as alternatives.
    fn build(&self, last: &[u32], start: Position) -> Decoded {
        let path = |goal: u32| {
            let mut ids = Vec::new();
            let mut at = goal;
            while at != u32::MAX {
                ids.push(at);
                at = self.nodes[at as usize].parent;
            }
            ids.reverse();
            ids
        };
        let sans = |ids: &[u32]| -> Vec<String> {
            let mut pos = start;
            ids.iter()
                .filter_map(|&i| self.nodes[i as usize].mv)
                .map(|m| SanPlus::from_move_and_play(&mut pos, m).to_string())
                .collect()
        };
        let Some(&goal) = last.first() else {
            return Decoded {
                moves: Vec::new(),
                san: Vec::new(),
                chosen: Vec::new(),
                log_probability: 0.0,
                repairs: Vec::new(),
                sources: Vec::new(),
                doubtful: Vec::new(),
                alternatives: Vec::new(),
                from_candidates: true,
            };
        };
        let ids = path(goal);
        let mut out = Decoded {
            moves: Vec::new(),
            san: Vec::new(),
            chosen: Vec::new(),
            log_probability: self.nodes[goal as usize].logp,
            repairs: Vec::new(),
            sources: Vec::new(),
            doubtful: Vec::new(),
            alternatives: Vec::new(),
            from_candidates: true,
        };
        for (c, pair) in ids.windows(2).enumerate() {
            let (parent, node) = (&self.nodes[pair[0] as usize], &self.nodes[pair[1] as usize]);
            let ply = out.moves.len() as u32 + 1;
            let san = node
                .mv
                .map(|m| SanPlus::from_move(&parent.pos, m).to_string());
            let text = |rank: u32| {
                self.cells[c]
                    .candidates
                    .get(rank as usize)
                    .map(|t| t.0.to_owned())
            };
            let (chosen, source, repair) = match node.step {
                Step::Candidate {
                    rank,
                    share,
                    top_share,
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
            };
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
                let doubtful = match source {
                    PlySource::Top { share } => share < DOUBT_SHARE,
                    PlySource::Lower { .. } | PlySource::Repair => true,
                };
                if doubtful {
                    out.doubtful.push(ply);
                }
                out.moves.push(m);
                out.san.push(s);
                out.sources.push(source);
            }
        }
        let mut seen = vec![out.san.clone()];
        for &other in &last[1..] {
            if out.alternatives.len() >= self.limits.max_alternatives as usize {
                break;
            }
            let san = sans(&path(other));
            if seen.contains(&san) {
                continue;
            }
            seen.push(san.clone());
            out.alternatives.push(DecodedAlternative {
                san,
                log_probability: self.nodes[other as usize].logp,
            });
        }
        out
    }
}
