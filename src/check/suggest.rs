//! Suggestions: the legal moves whose writing is closest to what was written.
//!
//! The distance is a weighted edit distance in which the usual handwriting and OCR confusions
//! are cheap: b/6, g/9, l/1, I/1, O/0, o/0, S/5, Z/2, G/6, h/4, a letter's other case (C/c,
//! A/a, D/d…), a neighbouring file or rank. Leaving out or adding an optional mark (`x`, `+`,
//! `#`, `=`) is cheap too. These are the arbiter's information only: the verdict never takes
//! them into account (the 1970 booklet in seed 004: a correction only when the intent is
//! evident).

use super::NamedMove;
use crate::localize::in_language;
use crate::notation::Language;
use crate::position::{Move, Position};
use crate::san::SanPlus;

/// The pairs of characters that handwriting and OCR confuse (either way round): the cheap
/// substitutions of the suggestion distance, and the swaps of
/// `planilla::strategy`'s unreadable mutations (feature `proptest`). A letter's other case and
/// a neighbouring file or rank are cheap too, but are not listed here.
#[doc(hidden)]
pub const CONFUSIONS: &[(char, char)] = &[
    ('b', '6'),
    ('g', '9'),
    ('l', '1'),
    ('I', '1'),
    ('O', '0'),
    ('o', '0'),
    ('S', '5'),
    ('Z', '2'),
    ('G', '6'),
    ('h', '4'),
    ('x', '×'),
    ('x', ':'),
];

/// The character slips of real handwritten sheets, learned from the tuning half of the HCS
/// sheets (`tests/data/hcs`: the odd games, 3,907 boxes, each sheet aligned with its true
/// game): `(written, meant, sheets, times, cost)`, where `sheets` is how many sheets show the
/// slip and `times` how often. The cost is `round(log2(12 / sheets)) + 1`, 12 being the sheets
/// of the commonest slip (`e` for `c`): one bit more for each halving of how often it is seen,
/// up to the 4 of any other substitution. Only the slips cheaper than the rules below are
/// listed (seen on three sheets or more).
#[doc(hidden)]
pub const LEARNED_SUBSTITUTIONS: &[(char, char, u32, u32, u32)] = &[
    ('e', 'c', 12, 13, 1),
    ('c', 'e', 11, 13, 1),
    ('b', 'h', 9, 10, 1),
    ('4', '5', 5, 6, 2),
    ('6', '5', 5, 5, 2),
    ('B', 'R', 5, 5, 2),
    ('a', 'c', 5, 6, 2),
    ('a', 'g', 5, 6, 2),
    ('c', 'd', 5, 6, 2),
    ('d', 'c', 5, 5, 2),
    ('e', 'f', 5, 6, 2),
    ('3', '2', 4, 4, 3),
    ('5', '4', 4, 7, 3),
    ('7', '2', 4, 4, 3),
    ('K', 'B', 4, 5, 3),
    ('N', 'B', 4, 5, 3),
    ('b', 'B', 4, 4, 3),
    ('c', 'b', 4, 8, 3),
    ('d', 'a', 4, 10, 3),
    ('h', 'f', 4, 4, 3),
    ('1', '2', 3, 4, 3),
    ('1', '4', 3, 3, 3),
    ('3', '5', 3, 4, 3),
    ('4', '7', 3, 3, 3),
    ('4', '8', 3, 3, 3),
    ('8', '6', 3, 4, 3),
    ('B', 'Q', 3, 3, 3),
    ('N', 'd', 3, 3, 3),
    ('a', 'd', 3, 3, 3),
    ('b', 'c', 3, 7, 3),
    ('c', 'f', 3, 3, 3),
    ('d', 'e', 3, 5, 3),
    ('d', 'g', 3, 3, 3),
    ('e', 'd', 3, 3, 3),
    ('f', 'b', 3, 3, 3),
];

/// Characters left out (`true`: the writing lacks the character the move has, `Nf` for
/// `Nf5`) or added (`false`: `Ne4` for `e4`) on real sheets, learned as
/// [`LEARNED_SUBSTITUTIONS`]: `(left_out, character, sheets, times, cost)`, the cost
/// `round(log2(19 / sheets)) + 1` (19: the sheets of the commonest, a `+` left out), listed
/// where it is below the 3 of any other character.
#[doc(hidden)]
pub const LEARNED_INDELS: &[(bool, char, u32, u32, u32)] = &[
    (true, '+', 19, 27, 1),
    (true, 'x', 18, 28, 1),
    (true, 'f', 9, 10, 2),
    (false, 'N', 8, 9, 2),
    (false, 'x', 8, 13, 2),
    (true, '5', 8, 13, 2),
    (true, 'b', 8, 10, 2),
    (false, '+', 7, 13, 2),
    (true, '3', 7, 8, 2),
];

/// The cost of two neighbouring characters written the other way round (`Rdf1` for `Rfd1`):
/// one slip, not two. Seen on one sheet of the tuning half: the cost of a substitution seen
/// that rarely, 4.
const TRANSPOSITION: u32 = 4;

/// The cost of reading `a` where `b` was meant.
fn substitution(a: char, b: char) -> u32 {
    if a == b {
        return 0;
    }
    let learned = LEARNED_SUBSTITUTIONS
        .iter()
        .find(|l| l.0 == a && l.1 == b)
        .map_or(4, |l| l.4);
    learned.min(rule_substitution(a, b))
}

/// The cost of reading `a` where `b` was meant, by the rules that came before the learned
/// table: a listed confusion or a letter's other case 1, a neighbouring file or rank 2.
fn rule_substitution(a: char, b: char) -> u32 {
    if CONFUSIONS.contains(&(a, b)) || CONFUSIONS.contains(&(b, a)) {
        return 1;
    }
    if a.eq_ignore_ascii_case(&b) {
        return 1;
    }
    let neighbours = |lo: char, hi: char| {
        (lo..=hi).contains(&a) && (lo..=hi).contains(&b) && (a as u32).abs_diff(b as u32) == 1
    };
    if neighbours('a', 'h') || neighbours('1', '8') {
        return 2;
    }
    4
}

fn indel(c: char) -> u32 {
    if matches!(c, 'x' | '+' | '#' | '=' | ' ' | '.' | '-') {
        1
    } else {
        3
    }
}

/// The cost of a character the writing lacks (`left_out`) or has too many, with the learned
/// slips ([`LEARNED_INDELS`]).
fn learned_indel(c: char, left_out: bool) -> u32 {
    let learned = LEARNED_INDELS
        .iter()
        .find(|l| l.0 == left_out && l.1 == c)
        .map_or(3, |l| l.4);
    learned.min(indel(c))
}

/// The weighted edit distance between what was written and a candidate move's writing: the
/// distance that orders [`suggestions`] and ranks a slip in a reconstruction
/// ([`reconstruct`](crate::reconstruct)). A handwriting or OCR confusion ([`CONFUSIONS`]) or
/// a letter's other case costs 1, a neighbouring file or rank 2, any other substitution 4;
/// leaving out or adding a mark (`x`, `+`, `#`, `=`, a space, `.`, `-`) costs 1, any other
/// character 3; two neighbouring characters the other way round (`Rdf1` for `Rfd1`) 4. The
/// slips counted on real handwritten sheets cost less where they are commoner
/// (`LEARNED_SUBSTITUTIONS`, `LEARNED_INDELS`: `e` for `c` and `b` for `h` 1, a `5` left out
/// 2; the table with its counts is in docs/audits.md). Both writings are compared character by character as given (the caller drops
/// ` a.p.` and spaces if it wants them ignored).
///
/// ```
/// use planilla::check::suggestion_distance;
/// assert_eq!(suggestion_distance("Cf3", "Cf3"), 0);
/// assert_eq!(suggestion_distance("Cf4", "Cf3"), 2); // a neighbouring rank
/// assert_eq!(suggestion_distance("Cxf3", "Cf3"), 1); // a capture mark too many
/// assert_eq!(suggestion_distance("Tf3", "Cf3"), 4); // another piece letter
/// assert_eq!(suggestion_distance("Re8", "Rc8"), 1); // `e` for `c`, common on real sheets
/// assert_eq!(suggestion_distance("Rdf1", "Rfd1"), 4); // one transposition, not two slips
/// ```
#[must_use]
pub fn distance(written: &str, candidate: &str) -> u32 {
    distance_within(written, candidate, u32::MAX).unwrap_or(u32::MAX)
}

/// [`distance`] where it is at most `max`; `None` past it, found as soon as two rows of the
/// table both exceed it (every path to the end crosses one of them: a transposition skips
/// at most one row), so that a search with a cost bound leaves most writings after a
/// character or two.
pub(crate) fn distance_within(written: &str, candidate: &str, max: u32) -> Option<u32> {
    let costs = costs();
    // Up to 32 characters a side on the stack (every move's writing); longer text on the heap.
    const SHORT: usize = 32;
    let mut short = ['\0'; SHORT];
    let mut long = Vec::new();
    let b: &[char] = if candidate.len() <= SHORT {
        let mut n = 0;
        for c in candidate.chars() {
            short[n] = c;
            n += 1;
        }
        &short[..n]
    } else {
        long.extend(candidate.chars());
        &long
    };
    let width = b.len() + 1;
    let mut rows = [0u32; 3 * (SHORT + 1)];
    let mut heap_rows = Vec::new();
    let rows: &mut [u32] = if width <= SHORT + 1 {
        &mut rows[..3 * width]
    } else {
        heap_rows.resize(3 * width, 0);
        &mut heap_rows
    };
    // Three rows: a transposition looks two rows back.
    let (mut before, mut prev, mut cur) = (0, width, 2 * width);
    for (j, &cb) in b.iter().enumerate() {
        rows[prev + j + 1] = rows[prev + j] + costs.left_out(cb);
    }
    let mut last: Option<char> = None;
    // The least of the row before.
    let mut prev_least = 0;
    for ca in written.chars() {
        let added = costs.added(ca);
        rows[cur] = rows[prev] + added;
        let mut least = rows[cur];
        for (j, &cb) in b.iter().enumerate() {
            let mut best = (rows[prev + j] + costs.substitution(ca, cb))
                .min(rows[prev + j + 1] + added)
                .min(rows[cur + j] + costs.left_out(cb));
            if j > 0 && ca == b[j - 1] && last == Some(cb) && ca != cb {
                best = best.min(rows[before + j - 1] + TRANSPOSITION);
            }
            rows[cur + j + 1] = best;
            least = least.min(best);
        }
        if least > max && prev_least > max {
            return None;
        }
        prev_least = least;
        (before, prev, cur) = (prev, cur, before);
        last = Some(ca);
    }
    Some(rows[prev + b.len()]).filter(|&d| d <= max)
}

/// The costs of [`distance`] for the ASCII characters, computed once: a table lookup, not a
/// search of the learned lists, in the search's innermost loop.
struct Costs {
    substitution: Box<[[u8; 128]; 128]>,
    left_out: [u8; 128],
    added: [u8; 128],
}

impl Costs {
    fn substitution(&self, a: char, b: char) -> u32 {
        match (usize::try_from(u32::from(a)), usize::try_from(u32::from(b))) {
            (Ok(x), Ok(y)) if x < 128 && y < 128 => u32::from(self.substitution[x][y]),
            _ => substitution(a, b),
        }
    }

    fn left_out(&self, c: char) -> u32 {
        match usize::try_from(u32::from(c)) {
            Ok(x) if x < 128 => u32::from(self.left_out[x]),
            _ => learned_indel(c, true),
        }
    }

    fn added(&self, c: char) -> u32 {
        match usize::try_from(u32::from(c)) {
            Ok(x) if x < 128 => u32::from(self.added[x]),
            _ => learned_indel(c, false),
        }
    }
}

fn costs() -> &'static Costs {
    static COSTS: std::sync::OnceLock<Costs> = std::sync::OnceLock::new();
    COSTS.get_or_init(|| {
        let ascii = |x: usize| char::from(u8::try_from(x).unwrap_or(0));
        let small = |c: u32| u8::try_from(c).unwrap_or(u8::MAX);
        let mut costs = Costs {
            substitution: Box::new([[0; 128]; 128]),
            left_out: [0; 128],
            added: [0; 128],
        };
        for x in 0..128 {
            for y in 0..128 {
                costs.substitution[x][y] = small(substitution(ascii(x), ascii(y)));
            }
            costs.left_out[x] = small(learned_indel(ascii(x), true));
            costs.added[x] = small(learned_indel(ascii(x), false));
        }
        costs
    })
}

/// The at most `n` legal moves of `pos` whose writing in `language` is closest to `written`,
/// closest first (ties in the order of the writing).
///
/// Writings longer than 64 characters are cut: no move is that long, and the cost must stay
/// small on hostile input.
#[must_use]
pub fn suggestions(pos: &Position, written: &str, language: &Language, n: usize) -> Vec<NamedMove> {
    scored(pos, written, language)
        .into_iter()
        .take(n)
        .map(|(_, written, mv)| NamedMove {
            mv,
            san: SanPlus::from_move(pos, mv),
            written,
        })
        .collect()
}

/// The same as [`suggestions`], as moves.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::check::suggested_moves;
/// use planilla::Position;
/// let moves = suggested_moves(&Position::startpos(), "Cf4", &Language::SPANISH, 1);
/// assert_eq!(moves[0].to_uci(), "g1f3");
/// ```
#[must_use]
pub fn suggested_moves(pos: &Position, written: &str, language: &Language, n: usize) -> Vec<Move> {
    scored(pos, written, language)
        .into_iter()
        .take(n)
        .map(|(_, _, m)| m)
        .collect()
}

/// Every legal move with its writing and its distance to `written`, closest first.
fn scored(pos: &Position, written: &str, language: &Language) -> Vec<(u32, String, Move)> {
    let written: String = written
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(64)
        .collect();
    let mut scored: Vec<(u32, String, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let text = in_language(pos, m, language);
            let bare: String = text.replace(" a.p.", "");
            (distance(&written, &bare), text, m)
        })
        .collect();
    scored.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    scored
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance as the plain dynamic programme writes it, without the table or the stack.
    fn plain_distance(written: &str, candidate: &str) -> u32 {
        let a: Vec<char> = written.chars().collect();
        let b: Vec<char> = candidate.chars().collect();
        let mut d = vec![vec![0u32; b.len() + 1]; a.len() + 1];
        for j in 0..b.len() {
            d[0][j + 1] = d[0][j] + learned_indel(b[j], true);
        }
        for i in 0..a.len() {
            d[i + 1][0] = d[i][0] + learned_indel(a[i], false);
            for j in 0..b.len() {
                let mut best = (d[i][j] + substitution(a[i], b[j]))
                    .min(d[i][j + 1] + learned_indel(a[i], false))
                    .min(d[i + 1][j] + learned_indel(b[j], true));
                if i > 0 && j > 0 && a[i] == b[j - 1] && a[i - 1] == b[j] && a[i] != b[j] {
                    best = best.min(d[i - 1][j - 1] + TRANSPOSITION);
                }
                d[i + 1][j + 1] = best;
            }
        }
        d[a.len()][b.len()]
    }

    #[test]
    fn the_table_distance_is_the_plain_dynamic_programmes() {
        let long = "Cf3".repeat(20);
        let words = [
            "",
            "Cf3",
            "Rdf1",
            "Rfd1",
            "Bxe4",
            "Bxc4",
            "e8=D+",
            "0-0-0",
            "O-O",
            "N×f3",
            "♘f3",
            "Ñf3",
            "P-K4",
            "PxP ch",
            "exd6 a.p.",
            &long,
            "Cf3Cf3Cf3Cf3Cf3Cf3Cf3Cf3Cf3Cf3Cf",
        ];
        for a in words {
            for b in words {
                assert_eq!(distance(a, b), plain_distance(a, b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn confusions_are_cheap() {
        assert_eq!(distance("Cf3", "Cf3"), 0);
        assert!(distance("Cf5", "Cf3") < distance("Cf5", "Ab5"));
        assert_eq!(distance("Cb3", "C63"), 1);
        assert_eq!(distance("cf3", "Cf3"), 1);
        assert_eq!(distance("Cxf3", "Cf3"), 1);
        assert_eq!(distance("Cg3", "Cf3"), 2);
        assert_eq!(distance("O-O", "0-0"), 2);
    }

    #[test]
    fn the_closest_legal_moves_come_first() {
        let pos = Position::startpos();
        // "Cf4" is no legal move; Cf3 is one neighbouring rank away.
        let s = suggestions(&pos, "Cf4", &Language::SPANISH, 3);
        assert_eq!(s[0].written, "Cf3");
        assert_eq!(s[0].san.to_string(), "Nf3");
        assert_eq!(s.len(), 3);
        let s = suggestions(&pos, "e5", &Language::SPANISH, 1);
        assert_eq!(s.len(), 1);
        assert_eq!(
            (s[0].written.as_str(), s[0].mv.to_uci().as_str()),
            ("e4", "e2e4")
        );
    }

    /// The learned costs are what their counts give: one bit more for each halving of how
    /// often a slip is seen, relative to the commonest, plus one.
    #[test]
    fn learned_costs_follow_their_counts() {
        let cost = |sheets: u32, commonest: u32, cap: u32| {
            ((f64::from(commonest) / f64::from(sheets)).log2().round() as u32 + 1).clamp(1, cap)
        };
        for &(a, b, sheets, times, c) in LEARNED_SUBSTITUTIONS {
            assert_eq!(c, cost(sheets, 12, 4), "{a} for {b}");
            assert!(times >= sheets && c < 4);
        }
        for &(left_out, ch, sheets, times, c) in LEARNED_INDELS {
            assert_eq!(c, cost(sheets, 19, 3), "{ch} {left_out}");
            assert!(times >= sheets && c < 3);
        }
    }
}
