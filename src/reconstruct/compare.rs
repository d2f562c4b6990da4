//! A sheet against a board's record of the same game ([`compare`]): every place where they
//! disagree, once, aligned.

use super::{RepairKind, Written, start_position, written_moves};
use crate::check::ply::resolve_token;
use crate::check::{CheckOptions, NamedMove, check_text, suggestion_distance};
use crate::notation::Language;
use crate::position::{Move, Position};
use crate::resolve::Resolution;
use crate::scoresheet::{Game, games};

/// How far apart in plies the sheet and the record may drift from the straight line between
/// their starts and their ends: the alignment looks no farther (a sheet that lost more than
/// this many half-moves in a row, and wrote as many more elsewhere, is not aligned).
const BAND: usize = 40;

/// The most cells the alignment holds in the band that follows both diagonals (a million,
/// about 5 MB); past it, the band follows one straight line (see `Aligner::run`).
const WIDE_CELLS: usize = 1_000_000;

/// The longest record [`compare_text`] aligns: 20,000 plies. No game is longer: the 75-move
/// rule (9.6.2 (2018, 2023)) ends one within 17,700 plies.
pub const MAX_RECORD_PLIES: usize = 20_000;

/// The alignment's costs: a written move read as the record's move costs nothing, an
/// ambiguous one that may be it 1, a wrong order 3, a written move that is another move 3 when
/// its writing is close to the record's move (an edit distance of at most 4: a confusion or a
/// neighbouring square) and 4 otherwise, a move missing from either side 4 (so that one wrong
/// move is one slip, not a missing move and an extra one).
const AMBIGUOUS: u32 = 1;
const ORDER: u32 = 3;
const CLOSE_SLIP: u32 = 3;
const FAR_SLIP: u32 = 4;
const CLOSE: u32 = 4;
const GAP: u32 = 4;

/// One place where the sheet and the record disagree.
///
/// ```
/// use planilla::{compare_text, CheckOptions, RepairKind};
/// let record = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2";
/// // The sheet writes 2.Bb5 and 3.Nf3 the other way round.
/// let found = compare_text("1.e4 e5 2.Ab5 Cc6 3.Cf3 a6", record, &CheckOptions::default())?;
/// let d = &found.discrepancies[0];
/// assert_eq!((d.ply, d.kind), (3, RepairKind::MoveOrder));
/// assert_eq!(d.sheet.as_deref(), Some("Ab5 … Cf3"));
/// assert_eq!(d.record.as_deref(), Some("Nf3 Nc6 Bb5"));
/// assert_eq!(d.record_written.as_deref(), Some("Cf3 Cc6 Ab5"));
/// # Ok::<(), planilla::CompareError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Discrepancy {
    /// The record's ply, from 1, where it is: the move the sheet writes wrongly, leaves out,
    /// or writes first of two in the wrong order; for a move the record does not have, the
    /// record's ply it is written before (one past the record's last ply at the end).
    pub ply: u32,
    /// `Slip` (the sheet writes another move, an illegal one, or an unreadable one),
    /// `MissingMove` (the record's move is not on the sheet), `ExtraMove` (a written move the
    /// record does not have), `MoveOrder`, or `AmbiguousMove` (the sheet's move names the
    /// record's move and others: the sheet alone does not settle it).
    pub kind: RepairKind,
    /// What the sheet shows (`None` for a move it leaves out; both moves, joined by ` … `, for
    /// a wrong order).
    pub sheet: Option<String>,
    /// The record's move in SAN (`None` for a written move the record does not have; the three
    /// moves of a wrong order, in the record's order).
    pub record: Option<String>,
    /// The same moves as [`record`](Discrepancy::record), written in the sheet's letters
    /// (`Tde1` on a Spanish sheet, where SAN's `Rde1` would read as a king move): what
    /// messages in the sheet's language show.
    pub record_written: Option<String>,
}

/// The comparison of a sheet with a record, from [`compare`].
///
/// ```
/// use planilla::{compare_text, CheckOptions, Comparison, RepairKind};
/// let options = CheckOptions::default();
/// let record = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2";
/// let found: Comparison = compare_text("1.e4 e5 2.Cf3 Cc6 3.Ab5 a5", record, &options)?;
/// let seen: Vec<_> = found.discrepancies.iter().map(|d| (d.ply, d.kind)).collect();
/// assert_eq!(seen, [(6, RepairKind::Slip)]);
/// // The sheet agrees with the record: nothing to list.
/// let same = compare_text("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6", record, &options)?;
/// assert_eq!(same, Comparison::default());
/// # Ok::<(), planilla::CompareError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Comparison {
    /// Every discrepancy, in the record's order; empty when the sheet agrees with the record.
    pub discrepancies: Vec<Discrepancy>,
}

/// Why a comparison could not be made.
///
/// ```
/// use planilla::{compare_text, CheckOptions, CompareError};
/// let options = CheckOptions::default();
/// // Two games on the sheet: a comparison takes one.
/// let error = compare_text("1.e4 e5\n\n1.d4 d5", "1. e4 e5", &options).unwrap_err();
/// assert_eq!(error, CompareError::SheetGames(2));
/// assert_eq!(error.to_string(), "the sheet must hold one game; it holds 2");
/// // A record that is no valid game: Black's pawn cannot reach e4.
/// let error = compare_text("1.e4 e5", "1. e4 e4", &options).unwrap_err();
/// assert!(matches!(error, CompareError::Record(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CompareError {
    /// The sheet's text holds no game, or more than one.
    #[error("the sheet must hold one game; it holds {0}")]
    SheetGames(usize),
    /// The record's text holds no game, or more than one.
    #[error("the record must hold one game; it holds {0}")]
    RecordGames(usize),
    /// The record is not a valid game (its first error, as the checker words it).
    #[error("the record is not a valid game: {0}")]
    Record(String),
    /// The record has more than [`MAX_RECORD_PLIES`] plies (how many it has).
    #[error("the record has {0} plies; no game has more than {MAX_RECORD_PLIES}")]
    RecordTooLong(usize),
}

/// Compares a sheet with the board's record of the same game (a DGT board's or a broadcast's
/// PGN), and lists each discrepancy once, aligned: a half-move the sheet left out is one
/// discrepancy, not a cascade; so is one written twice, two moves in the wrong order, and a
/// slip. A move the sheet leaves ambiguous is a discrepancy too, even when the record settles
/// it: the sheet alone does not.
///
/// `sheet` is read with `options` (its letters, case mode, edition); `record` is standard PGN
/// (English SAN) and must be a valid game, from the same start as the sheet.
///
/// # Errors
///
/// [`CompareError`] when either text does not hold exactly one game, the record is not a
/// valid game, or it is longer than [`MAX_RECORD_PLIES`].
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::reconstruct::{compare_text, RepairKind};
/// let record = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2";
/// // The sheet leaves out 4.Ba4 and writes 3...a5 for a6.
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a5 4.Cf6 5.0-0 Ae7";
/// let found = compare_text(sheet, record, &CheckOptions::default())?;
/// let seen: Vec<_> = found.discrepancies.iter().map(|d| (d.ply, d.kind)).collect();
/// assert_eq!(seen, [(6, RepairKind::Slip), (7, RepairKind::MissingMove)]);
/// assert_eq!(found.discrepancies[0].sheet.as_deref(), Some("a5"));
/// assert_eq!(found.discrepancies[1].record.as_deref(), Some("Ba4"));
/// // The same game as written: no discrepancy.
/// let same = compare_text("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7", record,
///     &CheckOptions::default())?;
/// assert!(same.discrepancies.is_empty());
/// # Ok::<(), planilla::reconstruct::CompareError>(())
/// ```
pub fn compare_text(
    sheet: &str,
    record: &str,
    options: &CheckOptions,
) -> Result<Comparison, CompareError> {
    let mut reader = games(sheet, options.parser());
    let sheets: Vec<_> = std::iter::from_fn(|| reader.next_game()).collect();
    let [(game, _)] = sheets.as_slice() else {
        return Err(CompareError::SheetGames(sheets.len()));
    };
    let english = CheckOptions::default()
        .with_language(Language::ENGLISH)
        .with_edition(options.edition);
    let reports: Vec<_> = check_text(record, &english).collect();
    let [report] = reports.as_slice() else {
        return Err(CompareError::RecordGames(reports.len()));
    };
    if let Some(d) = report
        .diagnostics
        .iter()
        .find(|d| d.severity() == crate::check::Severity::Error)
    {
        return Err(CompareError::Record(d.to_string()));
    }
    if report.moves.len() > MAX_RECORD_PLIES {
        return Err(CompareError::RecordTooLong(report.moves.len()));
    }
    let moves: Vec<Move> = report.moves.iter().map(|m| m.mv).collect();
    Ok(compare(game, sheet, &moves, options))
}

/// [`compare_text`] for a game already read from `source`, against the record's moves (legal
/// in turn from the sheet's start position). Its time and memory grow with the record's
/// length (about 80 cells of the alignment per ply, written moves past the record's end by more
/// than 80 being extra moves each), whatever the sheet's.
#[must_use]
pub fn compare(
    game: &Game<'_>,
    source: &str,
    record: &[Move],
    options: &CheckOptions,
) -> Comparison {
    align(game, source, record, options, false).comparison
}

/// A sheet aligned with a game: the comparison, its cost, and for each ply of the game the
/// written move (its index and text) aligned with it, if any.
pub(super) struct Alignment {
    pub(super) comparison: Comparison,
    pub(super) cost: u32,
    pub(super) at_ply: Vec<Option<(usize, String)>>,
}

///
/// With `open_end`, the game's plies after the sheet's last written move cost nothing and are
/// no discrepancy: a sheet that stops early (a player who stopped writing, Art. 8.4, or did
/// not write the last move) is no evidence against the moves after it. `compare` holds a
/// sheet to the whole record; `reconcile` holds each sheet to what it wrote.
pub(super) fn align(
    game: &Game<'_>,
    source: &str,
    record: &[Move],
    options: &CheckOptions,
    open_end: bool,
) -> Alignment {
    let written = written_moves(game, source, options);
    let start = start_position(game, options);
    // Written moves past the record's end by more than twice the band can be nothing but
    // moves the record does not have: each is one, after the record's last ply, and the
    // alignment stays linear in the record's length.
    let keep = written.len().min(record.len() + 2 * BAND);
    let mut alignment = Aligner::new(&written[..keep], start, record, options).run(open_end);
    let end = u32::try_from(record.len()).unwrap_or(u32::MAX - 1) + 1;
    for w in &written[keep..] {
        alignment.comparison.discrepancies.push(Discrepancy {
            ply: end,
            kind: RepairKind::ExtraMove,
            sheet: Some(w.text.clone()),
            record: None,
            record_written: None,
        });
        alignment.cost = alignment.cost.saturating_add(GAP);
    }
    alignment
}

/// How a written move stands against the record's move at a ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Fit {
    Exact,
    Ambiguous,
    /// A box left blank, which any move fills.
    Blank,
    /// Another move, an illegal or an unreadable one, its writing close to the record's move.
    Close,
    Other,
}

struct Aligner<'a, 'g> {
    written: &'a [Written<'g>],
    record: &'a [Move],
    /// The position before each record ply (and after the last).
    positions: Vec<Position>,
    options: &'a CheckOptions,
    fits: std::collections::HashMap<(usize, usize), Fit>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Match,
    Ambiguous,
    Slip,
    Blank,
    Missing,
    Extra,
    Order,
}

impl<'a, 'g> Aligner<'a, 'g> {
    fn new(
        written: &'a [Written<'g>],
        start: Position,
        record: &'a [Move],
        options: &'a CheckOptions,
    ) -> Self {
        let mut positions = Vec::with_capacity(record.len() + 1);
        let mut pos = start;
        positions.push(pos);
        for &m in record {
            pos.play_unchecked(m);
            positions.push(pos);
        }
        Aligner {
            written,
            record,
            positions,
            options,
            fits: std::collections::HashMap::new(),
        }
    }

    /// How written move `i` stands against record ply `j` (from 0).
    fn fit(&mut self, i: usize, j: usize) -> Fit {
        if let Some(&f) = self.fits.get(&(i, j)) {
            return f;
        }
        let pos = &self.positions[j];
        if self.written[i].blank {
            return Fit::Blank;
        }
        let f = match resolve_token(pos, self.written[i].token, self.options, None) {
            Some((_, Resolution::Resolved(r))) if r.mv == self.record[j] => Fit::Exact,
            Some((_, Resolution::Ambiguous(a))) if a.candidates.contains(&self.record[j]) => {
                Fit::Ambiguous
            }
            _ => {
                let writing = super::bare_writing(pos, self.record[j], &self.options.language);
                let d = suggestion_distance(&self.written[i].text, &writing);
                if d <= CLOSE { Fit::Close } else { Fit::Other }
            }
        };
        self.fits.insert((i, j), f);
        f
    }

    fn run(mut self, open_end: bool) -> Alignment {
        let band = Band::new(self.written.len(), self.record.len());
        let (n, m) = (band.n, band.m);
        let (cost, back) = self.costs(&band);
        // Back from the end: the whole record, or with an open end the record ply after which
        // the sheet stops costing least (the farthest of equal costs).
        let last = if open_end {
            (band.lo(n)..=band.hi(n))
                .rev()
                .min_by_key(|&j| cost[n][j - band.lo(n)])
                .unwrap_or(m)
        } else {
            m
        };
        let (discrepancies, at_ply) = self.trace(&band, &back, last);
        Alignment {
            comparison: Comparison { discrepancies },
            cost: cost[n][last - band.lo(n)],
            at_ply,
        }
    }

    /// The table of [`Aligner::run`] over `band`: `cost[i][j - lo(i)]`, the cheapest alignment
    /// of the first i written moves with the first j record plies (outside the band,
    /// unreachable), and the step that reaches each cell at that cost.
    fn costs(&mut self, band: &Band) -> (Vec<Vec<u32>>, Vec<Vec<Step>>) {
        let (n, m) = (band.n, band.m);
        let (lo, hi) = (|i| band.lo(i), |i| band.hi(i));
        let inf = u32::MAX / 2;
        let mut cost: Vec<Vec<u32>> = (0..=n).map(|i| vec![inf; hi(i) - lo(i) + 1]).collect();
        let mut back: Vec<Vec<Step>> = (0..=n)
            .map(|i| vec![Step::Match; hi(i) - lo(i) + 1])
            .collect();
        cost[0][0] = 0;
        for i in 0..=n {
            // The readings of the row before are no longer asked for (a wrong order looks two
            // rows ahead, never back): the cache holds three rows at most.
            if i > 0 {
                self.fits.retain(|&(row, _), _| row >= i);
            }
            for j in lo(i)..=hi(i) {
                let here = cost[i][j - lo(i)];
                if here >= inf {
                    continue;
                }
                let mut relax = |a: usize, b: usize, c: u32, s: Step| {
                    if a <= n && b <= m && (lo(a)..=hi(a)).contains(&b) {
                        let k = b - lo(a);
                        if here + c < cost[a][k] {
                            cost[a][k] = here + c;
                            back[a][k] = s;
                        }
                    }
                };
                if i < n && j < m {
                    let (c, s) = match self.fit(i, j) {
                        Fit::Exact => (0, Step::Match),
                        Fit::Ambiguous => (AMBIGUOUS, Step::Ambiguous),
                        Fit::Close => (CLOSE_SLIP, Step::Slip),
                        Fit::Blank => (AMBIGUOUS, Step::Blank),
                        Fit::Other => (FAR_SLIP, Step::Slip),
                    };
                    relax(i + 1, j + 1, c, s);
                }
                relax(i, j + 1, GAP, Step::Missing);
                relax(i + 1, j, GAP, Step::Extra);
                if i + 2 < n && j + 2 < m && self.order_fits(i, j) {
                    relax(i + 3, j + 3, ORDER, Step::Order);
                }
            }
        }
        (cost, back)
    }

    /// The discrepancies of the path that `back` gives from (all written moves, record ply
    /// `last`) back to the start, first first, and for each record ply the written move it
    /// was aligned with.
    fn trace(
        &self,
        band: &Band,
        back: &[Vec<Step>],
        last: usize,
    ) -> (Vec<Discrepancy>, Vec<Option<(usize, String)>>) {
        let mut out = Vec::new();
        let mut at_ply: Vec<Option<(usize, String)>> = vec![None; band.m];
        let (mut i, mut j) = (band.n, last);
        while i > 0 || j > 0 {
            let step = back[i][j - band.lo(i)];
            let (pi, pj) = match step {
                Step::Match | Step::Ambiguous | Step::Slip | Step::Blank => (i - 1, j - 1),
                Step::Missing => (i, j - 1),
                Step::Extra => (i - 1, j),
                Step::Order => (i - 3, j - 3),
            };
            let aligned: &[(usize, usize)] = match step {
                Step::Match | Step::Ambiguous | Step::Slip | Step::Blank => &[(0, 0)],
                Step::Order => &[(2, 0), (1, 1), (0, 2)],
                Step::Missing | Step::Extra => &[],
            };
            for &(a, b) in aligned {
                at_ply[pj + b] = Some((pi + a, self.written[pi + a].text.clone()));
            }
            out.extend(self.discrepancy(step, pi, pj));
            (i, j) = (pi, pj);
        }
        out.reverse();
        (out, at_ply)
    }

    /// The discrepancy that `step` from written move `pi` and record ply `pj` (from 0) names,
    /// if any.
    fn discrepancy(&self, step: Step, pi: usize, pj: usize) -> Option<Discrepancy> {
        let text = |k: usize| self.written[k].text.clone();
        // The record's moves from ply `k` on, in SAN and in the sheet's letters.
        let record = |k: usize, plies: usize| {
            let (mut san, mut written) = (Vec::new(), Vec::new());
            for p in k..k + plies {
                let named =
                    NamedMove::new(&self.positions[p], self.record[p], &self.options.language);
                san.push(named.san.to_string());
                written.push(named.written);
            }
            (Some(san.join(" ")), Some(written.join(" ")))
        };
        let (kind, sheet, (record, record_written)) = match step {
            Step::Match => return None,
            Step::Ambiguous => (RepairKind::AmbiguousMove, Some(text(pi)), record(pj, 1)),
            Step::Slip => (RepairKind::Slip, Some(text(pi)), record(pj, 1)),
            // A blank box: the move the record has there is missing from the sheet.
            Step::Blank => (RepairKind::MissingMove, Some(text(pi)), record(pj, 1)),
            Step::Missing => (RepairKind::MissingMove, None, record(pj, 1)),
            Step::Extra => (RepairKind::ExtraMove, Some(text(pi)), (None, None)),
            Step::Order => (
                RepairKind::MoveOrder,
                Some(format!("{} … {}", text(pi), text(pi + 2))),
                record(pj, 3),
            ),
        };
        Some(Discrepancy {
            ply: pj as u32 + 1,
            kind,
            sheet,
            record,
            record_written,
        })
    }

    /// Whether written moves `i`, `i + 1`, `i + 2` are record plies `j + 2`, `j + 1`, `j`: two
    /// moves of one side in the wrong order, the middle one in its place.
    fn order_fits(&mut self, i: usize, j: usize) -> bool {
        let ok = |f: Fit| matches!(f, Fit::Exact | Fit::Ambiguous);
        ok(self.fit(i + 2, j))
            && ok(self.fit(i + 1, j + 1))
            && ok(self.fit(i, j + 2))
            && !ok(self.fit(i, j))
    }
}

/// The band of [`Aligner::run`]'s table. Row i (the first i written moves) holds the record
/// plies from BAND before the diagonal through (0, 0) to BAND after the diagonal through
/// (n, m): the two lengths may differ by any number of moves, lost or added anywhere. When
/// that band would be larger than WIDE_CELLS (a hostile sheet or record), it narrows to BAND
/// about the straight line from (0, 0) to (n, m), from row i to row i + 1, so that the work
/// and the memory stay linear in the two lengths. Either way the rows overlap, and every cell
/// of a path is in reach.
struct Band {
    /// The written moves.
    n: usize,
    /// The record's plies.
    m: usize,
    /// Whether the band is the wide one.
    wide: bool,
}

impl Band {
    fn new(n: usize, m: usize) -> Band {
        let wide = (n + 1).saturating_mul(n.abs_diff(m) + 2 * BAND + 1) <= WIDE_CELLS;
        Band { n, m, wide }
    }

    /// The record ply on the line from (0, 0) to (n, m) at row `i`: in 64 bits, since the
    /// product overflows a 32-bit usize (WebAssembly) on long texts.
    fn centre(&self, i: usize) -> usize {
        (i.min(self.n) as u64 * self.m as u64)
            .checked_div(self.n as u64)
            .map_or(self.m, |c| c as usize)
    }

    /// The first record ply of row `i`.
    fn lo(&self, i: usize) -> usize {
        if self.wide {
            i.min((i + self.m).saturating_sub(self.n))
                .saturating_sub(BAND)
        } else {
            self.centre(i).saturating_sub(BAND)
        }
    }

    /// The last record ply of row `i`.
    fn hi(&self, i: usize) -> usize {
        let end = if self.wide {
            i.max((i + self.m).saturating_sub(self.n))
        } else if i >= self.n {
            self.m
        } else {
            self.centre(i + 1)
        };
        (end + BAND).min(self.m)
    }
}
