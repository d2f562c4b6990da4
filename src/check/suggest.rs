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

/// The cost of reading `a` where `b` was meant.
fn substitution(a: char, b: char) -> u32 {
    if a == b {
        return 0;
    }
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

/// The weighted edit distance between what was written and a candidate move's writing: the
/// distance that orders [`suggestions`] and ranks a slip in a reconstruction
/// ([`reconstruct`](crate::reconstruct)). A handwriting or OCR confusion ([`CONFUSIONS`]) or
/// a letter's other case costs 1, a neighbouring file or rank 2, any other substitution 4;
/// leaving out or adding a mark (`x`, `+`, `#`, `=`, a space, `.`, `-`) costs 1, any other
/// character 3. Both writings are compared character by character as given (the caller drops
/// ` a.p.` and spaces if it wants them ignored).
///
/// ```
/// use planilla::check::suggestion_distance;
/// assert_eq!(suggestion_distance("Cf3", "Cf3"), 0);
/// assert_eq!(suggestion_distance("Cf4", "Cf3"), 2); // a neighbouring rank
/// assert_eq!(suggestion_distance("Cxf3", "Cf3"), 1); // a capture mark too many
/// assert_eq!(suggestion_distance("Tf3", "Cf3"), 4); // another piece letter
/// ```
#[must_use]
pub fn distance(written: &str, candidate: &str) -> u32 {
    let a: Vec<char> = written.chars().collect();
    let b: Vec<char> = candidate.chars().collect();
    let mut prev: Vec<u32> = Vec::with_capacity(b.len() + 1);
    prev.push(0);
    for &cb in &b {
        let last = *prev.last().unwrap_or(&0);
        prev.push(last + indel(cb));
    }
    let mut cur = vec![0; b.len() + 1];
    for &ca in &a {
        cur[0] = prev[0] + indel(ca);
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + substitution(ca, cb))
                .min(prev[j + 1] + indel(ca))
                .min(cur[j] + indel(cb));
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
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
}
