//! Moves written in the sheet's own notation, the inverse of resolving: in the letters of a
//! language, in the canonical form of Appendix C (2018/2023) (`Cf3`, `Axe5`, `exd6 a.p.`,
//! `d8D`, `0-0-0`, `De3+`, `Tf8#`); with figurines
//! ([`Language::FIGURINE`](crate::notation::Language::FIGURINE)); or in descriptive notation
//! ([`descriptive`], whose shortest writing is the one that resolves back to the move).

pub mod descriptive;

use crate::notation::Language;
use crate::position::{Move, Position};
use crate::san::{Marks, San, SanPlus};

/// Writes the legal move `mv` of `pos` in `language`'s letters: minimal disambiguation (C.10),
/// `x` on captures (C.9), ` a.p.` on en passant captures (C.9), the promotion letter right
/// after the square (C.11), castling with zeros (C.13), `+` and `#`.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::localize::in_language;
/// use planilla::{Position, Role, Square};
/// let pos = Position::startpos();
/// let m = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// assert_eq!(in_language(&pos, m, &Language::SPANISH), "Cf3");
/// assert_eq!(in_language(&pos, m, &Language::GERMAN), "Sf3");
/// assert_eq!(in_language(&pos, m, &Language::FIGURINE), "♘f3");
/// ```
#[must_use]
pub fn in_language(pos: &Position, mv: Move, language: &Language) -> String {
    if language.is_descriptive() {
        return descriptive::write_descriptive(pos, mv, language);
    }
    write_san_plus(&SanPlus::from_move(pos, mv), mv.is_en_passant(), language)
}

/// [`in_language`] for a move whose SAN is already known: `san` must be the SAN of the legal
/// move `mv` of `pos` (it is not computed again; descriptive writing needs only `pos`).
#[must_use]
pub fn in_language_with_san(
    pos: &Position,
    mv: Move,
    san: &SanPlus,
    language: &Language,
) -> String {
    if language.is_descriptive() {
        return descriptive::write_descriptive(pos, mv, language);
    }
    write_san_plus(san, mv.is_en_passant(), language)
}

/// The marks [`write_san_plus`] writes with in `language`: its letters, `x`, no sign before a
/// promotion letter (C.11), castling with zeros (C.13).
pub(crate) fn marks_of(language: &Language) -> Marks<'static> {
    Marks {
        letters: Marks::letters_of(language),
        capture: Some('x'),
        castles: ("0-0", "0-0-0"),
        promotion: ("", ""),
    }
}

/// Writes a [`SanPlus`] in `language`'s letters (see [`in_language`]); `en_passant` adds
/// ` a.p.`.
#[must_use]
pub fn write_san_plus(san: &SanPlus, en_passant: bool, language: &Language) -> String {
    let marks = marks_of(language);
    let mut out = String::with_capacity(10);
    let _ = san.san.render(&mut out, &marks);
    if en_passant && matches!(san.san, San::Normal { .. }) {
        out.push_str(" a.p.");
    }
    if let Some(s) = san.suffix {
        out.push_str(s.as_str());
    }
    out
}
