//! A simulated handwriting recognizer: real games written as sheets, each box given a top-k
//! list of candidate texts with probabilities, drawn from a confusion model estimated from the
//! real errors of the handwritten sheets (`tests/data/hcs`, CC BY 3.0; `hcs.rs`).
//!
//! **The confusion model.** Every box of the tuning half's settled games (odd game numbers;
//! unsettled games up to their last undoubted ply) is set against its true move's SAN: a
//! blank box counts as blank; a box within two edits of the SAN (an optimal string alignment:
//! a character written for another, left out, added, or two characters the other way round)
//! counts its edits; a box further away (another notation form, another move, a box after a
//! move left out) is not counted. [`Confusions::from_hcs`] gives the counts and
//! `decode_audit` prints them.
//!
//! **A sheet.** The game's moves, at most [`MAX_PLIES`], each written in the sheet's letters
//! as the library writes it (`Cxe5+`). The sheet's quality `p_top` is drawn uniformly from
//! 0.70 to 0.95. For each box:
//! - with the corpus's rate of blank boxes, the box is blank (no candidates);
//! - otherwise `k` is drawn from 5 to 25, and the recognizer's confidence in its first reading
//!   `s0` from `p_top` ± 0.10 (uniform, kept within 0.30 to 0.995); the other `k − 1` readings
//!   share `1 − s0` in a geometric series of ratio 0.6;
//! - the true writing is the first reading with probability `s0` (the recognizer is
//!   calibrated at its first reading), absent with probability 1 % of all boxes, and otherwise
//!   at rank `r ≥ 1` with probability proportional to that rank's share;
//! - the other readings are the true writing with one edit (70 %) or two (30 %), each edit
//!   drawn from the model: the kind by its count, the character written for `m` by the count
//!   of that confusion plus ½ for every character of the sheet's alphabet, a character left
//!   out or added by its count plus ½. Piece letters are confused as the pieces are: the
//!   corpus's English `B` written for `R` is, on a Spanish sheet, `A` written for `T`.
//!
//! Seeded and deterministic: the same seed gives the same sheets on every machine.

#![allow(dead_code)]

use std::collections::BTreeMap;

use planilla::notation::Language;
use planilla::{Move, Position};

use crate::hcs;

/// The most boxes a simulated sheet has: 80, a sheet's front and back.
pub const MAX_PLIES: usize = 80;

/// A small deterministic random source (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A source from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// An integer in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// An index drawn in proportion to `weights`.
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut x = self.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

/// One edit of a written move against the move meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edit {
    /// `written` where `meant` was meant.
    Substitution { written: char, meant: char },
    /// A character of the move left out.
    LeftOut(char),
    /// A character added.
    Added(char),
    /// Two neighbouring characters the other way round.
    Transposition,
}

/// The counts of the confusion model (see the module's docs).
#[derive(Clone, Debug, Default)]
pub struct Confusions {
    /// The boxes set against a true move.
    pub boxes: usize,
    /// Of those, the boxes left blank.
    pub blank: usize,
    /// The boxes written as the SAN.
    pub exact: usize,
    /// The boxes one or two edits away.
    pub near: usize,
    /// The boxes further away (not counted in the edits).
    pub far: usize,
    /// Each edit's count, over the near boxes.
    pub edits: BTreeMap<Edit, usize>,
}

/// The edits that turn `meant` into `written`, by optimal string alignment, or `None` when
/// more than `max` are needed.
pub fn edits(written: &str, meant: &str, max: usize) -> Option<Vec<Edit>> {
    let w: Vec<char> = written.chars().collect();
    let m: Vec<char> = meant.chars().collect();
    let (n, k) = (w.len(), m.len());
    let mut d = vec![vec![usize::MAX / 2; k + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=k {
            let sub = d[i - 1][j - 1] + usize::from(w[i - 1] != m[j - 1]);
            let mut best = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && w[i - 1] == m[j - 2] && w[i - 2] == m[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    if d[n][k] > max {
        return None;
    }
    // Back through the table: matches first, then substitutions, transpositions, gaps.
    let mut out = Vec::new();
    let (mut i, mut j) = (n, k);
    while i > 0 || j > 0 {
        if i > 0 && j > 0 && w[i - 1] == m[j - 1] && d[i][j] == d[i - 1][j - 1] {
            i -= 1;
            j -= 1;
        } else if i > 0 && j > 0 && d[i][j] == d[i - 1][j - 1] + 1 {
            out.push(Edit::Substitution {
                written: w[i - 1],
                meant: m[j - 1],
            });
            i -= 1;
            j -= 1;
        } else if i > 1
            && j > 1
            && w[i - 1] == m[j - 2]
            && w[i - 2] == m[j - 1]
            && d[i][j] == d[i - 2][j - 2] + 1
        {
            out.push(Edit::Transposition);
            i -= 2;
            j -= 2;
        } else if i > 0 && d[i][j] == d[i - 1][j] + 1 {
            out.push(Edit::Added(w[i - 1]));
            i -= 1;
        } else {
            out.push(Edit::LeftOut(m[j - 1]));
            j -= 1;
        }
    }
    out.reverse();
    Some(out)
}

impl Confusions {
    /// The counts over the tuning half of the handwritten sheets.
    pub fn from_hcs() -> Confusions {
        let truths = hcs::truths();
        let mut out = Confusions::default();
        for sheet in hcs::sheets() {
            if hcs::Half::of(sheet.game) != hcs::Half::Tuning {
                continue;
            }
            let Some(truth) = truths.get(&sheet.game) else {
                continue;
            };
            for (b, meant) in sheet.boxes.iter().zip(&truth.san) {
                out.boxes += 1;
                let Some(written) = b else {
                    out.blank += 1;
                    continue;
                };
                let written = written.trim();
                if written == meant {
                    out.exact += 1;
                    continue;
                }
                match edits(written, meant, 2) {
                    Some(list) => {
                        out.near += 1;
                        for e in list {
                            *out.edits.entry(e).or_default() += 1;
                        }
                    }
                    None => out.far += 1,
                }
            }
        }
        out
    }

    /// The rate of blank boxes.
    pub fn blank_rate(&self) -> f64 {
        self.blank as f64 / self.boxes.max(1) as f64
    }
}

/// The letter `c` of English SAN in `language`'s letters (piece letters by piece; other
/// characters as they are).
fn in_letters(c: char, language: &Language) -> char {
    match Language::ENGLISH.role(c) {
        Some(role) if c.is_ascii_uppercase() => language.letter(role).unwrap_or(c),
        _ => c,
    }
}

/// The characters a simulated reading may hold on a sheet in `language`.
fn alphabet(language: &Language) -> Vec<char> {
    let mut out: Vec<char> = "abcdefgh12345678x+=-O#".chars().collect();
    out.extend("KQRBN".chars().map(|c| in_letters(c, language)));
    out.sort_unstable();
    out.dedup();
    out
}

/// A simulated recognizer's reading of one sheet.
#[derive(Clone, Debug)]
pub struct SimulatedSheet {
    /// The sheet's quality: the share of boxes whose first reading is the true writing.
    pub p_top: f64,
    /// The true game's moves, one a box, from the start position.
    pub moves: Vec<Move>,
    /// Each box's candidates, best first (empty: a blank box).
    pub cells: Vec<Vec<(String, f64)>>,
    /// Each box's true writing's rank in its list (`None`: blank or absent).
    pub true_rank: Vec<Option<usize>>,
}

impl SimulatedSheet {
    /// Whether every box's list holds its true writing.
    pub fn truth_in_every_cell(&self) -> bool {
        self.true_rank.iter().all(Option::is_some)
    }

    /// The sheet read from its first readings, one move number a line, a blank box as `—`.
    pub fn top_text(&self) -> String {
        let mut text = String::new();
        for (i, cell) in self.cells.iter().enumerate() {
            let written = cell.first().map_or("—", |c| c.0.as_str());
            if i % 2 == 0 {
                text.push_str(&format!("{}. {written}", i / 2 + 1));
            } else {
                text.push_str(&format!(" {written}\n"));
            }
        }
        text.push('\n');
        text
    }
}

/// The recognizer: the confusion model in one sheet's letters.
pub struct Recognizer {
    blank_rate: f64,
    alphabet: Vec<char>,
    /// The kinds of edit and their counts: substitution, left out, added, transposition.
    kinds: [f64; 4],
    substitutions: BTreeMap<(char, char), f64>,
    left_out: BTreeMap<char, f64>,
    added: BTreeMap<char, f64>,
    language: Language,
    /// The candidates a box, when not drawn.
    k: Option<usize>,
}

impl Recognizer {
    /// The model of `counts` for sheets in `language`.
    pub fn new(counts: &Confusions, language: Language) -> Recognizer {
        let mut kinds = [0.0; 4];
        let mut substitutions = BTreeMap::new();
        let mut left_out = BTreeMap::new();
        let mut added = BTreeMap::new();
        let l = |c| in_letters(c, &language);
        for (&edit, &n) in &counts.edits {
            let n = n as f64;
            match edit {
                Edit::Substitution { written, meant } => {
                    kinds[0] += n;
                    *substitutions.entry((l(written), l(meant))).or_insert(0.0) += n;
                }
                Edit::LeftOut(c) => {
                    kinds[1] += n;
                    *left_out.entry(l(c)).or_insert(0.0) += n;
                }
                Edit::Added(c) => {
                    kinds[2] += n;
                    *added.entry(l(c)).or_insert(0.0) += n;
                }
                Edit::Transposition => kinds[3] += n,
            }
        }
        Recognizer {
            blank_rate: counts.blank_rate(),
            alphabet: alphabet(&language),
            kinds,
            substitutions,
            left_out,
            added,
            language,
            k: None,
        }
    }

    /// The same recognizer with `k` candidates in every box (not drawn from 5 to 25).
    pub fn with_k(mut self, k: usize) -> Recognizer {
        self.k = Some(k);
        self
    }

    /// One edit of `text`, drawn from the model (`None` when the text is too short for it).
    fn edit(&self, text: &[char], rng: &mut Rng) -> Option<Vec<char>> {
        let mut out = text.to_vec();
        match rng.weighted(&self.kinds) {
            0 => {
                let at = rng.int(0, text.len().checked_sub(1)?);
                let meant = text[at];
                let choices: Vec<char> = self
                    .alphabet
                    .iter()
                    .copied()
                    .filter(|&c| c != meant)
                    .collect();
                let weights: Vec<f64> = choices
                    .iter()
                    .map(|&w| self.substitutions.get(&(w, meant)).copied().unwrap_or(0.0) + 0.5)
                    .collect();
                out[at] = choices[rng.weighted(&weights)];
            }
            1 => {
                if text.len() < 2 {
                    return None;
                }
                let weights: Vec<f64> = text
                    .iter()
                    .map(|c| self.left_out.get(c).copied().unwrap_or(0.0) + 0.5)
                    .collect();
                out.remove(rng.weighted(&weights));
            }
            2 => {
                let weights: Vec<f64> = self
                    .alphabet
                    .iter()
                    .map(|c| self.added.get(c).copied().unwrap_or(0.0) + 0.5)
                    .collect();
                let c = self.alphabet[rng.weighted(&weights)];
                out.insert(rng.int(0, text.len()), c);
            }
            _ => {
                let at = rng.int(0, text.len().checked_sub(2)?);
                out.swap(at, at + 1);
            }
        }
        Some(out)
    }

    /// A reading of `truth` other than it and other than those in `taken`.
    fn distractor(&self, truth: &str, taken: &[String], rng: &mut Rng) -> String {
        let chars: Vec<char> = truth.chars().collect();
        for _ in 0..200 {
            let mut text = chars.clone();
            let times = if rng.unit() < 0.7 { 1 } else { 2 };
            let mut ok = true;
            for _ in 0..times {
                match self.edit(&text, rng) {
                    Some(t) => text = t,
                    None => ok = false,
                }
            }
            let text: String = text.into_iter().collect();
            if ok && !text.is_empty() && text != truth && !taken.contains(&text) {
                return text;
            }
        }
        // A short writing has few neighbours: a numbered filler that reads as no move.
        format!("?{}", taken.len())
    }

    /// The recognizer's reading of the game `moves` from `start`, cut at [`MAX_PLIES`].
    pub fn sheet(&self, start: Position, moves: &[Move], rng: &mut Rng) -> SimulatedSheet {
        let moves = &moves[..moves.len().min(MAX_PLIES)];
        let p_top = rng.range(0.70, 0.95);
        let mut pos = start;
        let mut cells = Vec::with_capacity(moves.len());
        let mut true_rank = Vec::with_capacity(moves.len());
        for &m in moves {
            let truth =
                planilla::localize::in_language(&pos, m, &self.language).replace(" a.p.", "");
            pos.play(m).expect("a real game's move is legal");
            if rng.unit() < self.blank_rate {
                cells.push(Vec::new());
                true_rank.push(None);
                continue;
            }
            let k = self.k.unwrap_or_else(|| rng.int(5, 25));
            let s0 = (p_top + rng.range(-0.10, 0.10)).clamp(0.30, 0.995);
            let rest: Vec<f64> = (1..k).map(|r| 0.6f64.powi(r as i32 - 1)).collect();
            let rest_total: f64 = rest.iter().sum();
            let mut shares = vec![s0];
            shares.extend(rest.iter().map(|w| (1.0 - s0) * w / rest_total));
            let rank = if rng.unit() < s0 {
                Some(0)
            } else if rng.unit() < (0.01 / (1.0 - p_top)).min(1.0) {
                None
            } else {
                Some(1 + rng.weighted(&rest))
            };
            let mut texts: Vec<String> = Vec::with_capacity(k);
            for r in 0..k {
                if Some(r) == rank {
                    texts.push(truth.clone());
                } else {
                    let d = self.distractor(&truth, &texts, rng);
                    texts.push(d);
                }
            }
            cells.push(texts.into_iter().zip(shares).collect());
            true_rank.push(rank);
        }
        SimulatedSheet {
            p_top,
            moves: moves.to_vec(),
            cells,
            true_rank,
        }
    }
}
