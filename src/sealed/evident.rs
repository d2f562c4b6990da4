//! The evident reading of a faulty sealed move: the only legal completion of an incomplete
//! writing, or the only legal move one character edit away (1970 booklet, Art. XVII).

use super::SealedOptions;
use super::reading::read;
use super::ruling::{EvidentBasis, EvidentReading, Verdict};
use crate::localize::in_language;
use crate::position::{Move, Position};
use crate::san::SanPlus;

/// The characters of a one-character edit: every ASCII letter and digit and the marks of a
/// move. The reader decides what each variant means (a foreign letter, a case reading under
/// lenient case), so that every legal move a one-edit writing reads as is counted.
pub(super) fn edit_alphabet() -> Vec<char> {
    let mut alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    alphabet.extend(
        ['x', '+', '#', '=', '-', '.', '/', ':', '(', ')', ' ']
            .iter()
            .copied(),
    );
    alphabet.sort_unstable();
    alphabet.dedup();
    alphabet
}

/// Every text one edit away from `text`: one character substituted, deleted or inserted, or two
/// neighbours swapped.
pub(super) fn one_edit_variants(text: &str, alphabet: &[char]) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let join = |v: &[char]| v.iter().collect::<String>();
    let mut out = Vec::new();
    for i in 0..=chars.len() {
        for &c in alphabet {
            let mut v = chars.clone();
            v.insert(i, c);
            out.push(join(&v));
            if i < chars.len() && chars[i] != c {
                v.remove(i);
                v[i] = c;
                out.push(join(&v));
            }
        }
        if i < chars.len() {
            let mut v = chars.clone();
            v.remove(i);
            out.push(join(&v));
        }
        if i + 1 < chars.len() && chars[i] != chars[i + 1] {
            let mut v = chars.clone();
            v.swap(i, i + 1);
            out.push(join(&v));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Texts longer than this get no one-edit reading: no move is that long.
pub(super) const EDIT_LIMIT: usize = 24;

/// The legal move a faulty sealed move evidently means, if there is exactly one: the only legal
/// completion of an incomplete move (a verdict with one candidate), else the only legal move
/// that a complete writing one character edit away reads as. The readings one edit away count
/// every candidate of an ambiguous one; incomplete ones (a target by file or rank alone) are no
/// writing of a move and do not count.
pub(super) fn evident_reading(
    position: &Position,
    written: &str,
    verdict: &Verdict,
    options: &SealedOptions<'_>,
) -> Option<EvidentReading> {
    let (mv, basis) = match verdict {
        Verdict::Valid { .. } => return None,
        Verdict::Ambiguous { candidates, .. } if candidates.len() == 1 => {
            (candidates[0], EvidentBasis::OnlyCompletion)
        }
        _ => {
            if written.chars().count() > EDIT_LIMIT {
                return None;
            }
            let mut moves: Vec<Move> = Vec::new();
            for variant in one_edit_variants(written, &edit_alphabet()) {
                let reading = read(position, &variant, options, false);
                let fits: &[Move] = match (&reading.verdict, reading.incomplete) {
                    (_, true) => &[],
                    (Verdict::Valid { mv, .. }, _) => core::slice::from_ref(mv),
                    (Verdict::Ambiguous { candidates, .. }, _) => candidates,
                    _ => &[],
                };
                for m in fits {
                    if !moves.contains(m) {
                        moves.push(*m);
                    }
                }
                if moves.len() > 1 {
                    return None;
                }
            }
            (moves.pop()?, EvidentBasis::OneEdit)
        }
    };
    Some(EvidentReading {
        mv,
        san: SanPlus::from_move(position, mv),
        written: if options.check.language.is_descriptive() {
            crate::localize::descriptive::write_descriptive_full(
                position,
                mv,
                &options.check.language,
            )
        } else {
            in_language(position, mv, &options.check.language)
        },
        basis,
    })
}
