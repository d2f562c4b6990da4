//! Messages, in Spanish ([`es`]) and English ([`en`]): the one place where the library's
//! diagnostics and sealed-move rulings are put into words, for the library and the command
//! line alike.
//!
//! Each language implements the same [`Texts`]; [`texts`] picks one. The words never decide
//! anything: every verdict is a type ([`Finding`], [`Verdict`](crate::sealed::Verdict),
//! [`Consequence`]) before it is a sentence.
//!
//! ```
//! use planilla::check::{check_text, CheckOptions};
//! use planilla::i18n::MessageLanguage;
//! let report = check_text("1.e4 e5 2.Rd3", &CheckOptions::default()).next().unwrap();
//! let d = &report.diagnostics[0];
//! assert_eq!(
//!     d.title(MessageLanguage::Spanish),
//!     "2. Rd3: jugada ilegal: ningún rey blanco puede llegar a d3"
//! );
//! assert_eq!(
//!     d.title(MessageLanguage::English),
//!     "2. Rd3: illegal move: no white king can reach d3"
//! );
//! ```

pub mod en;
pub mod es;

use core::fmt;

pub use crate::check::MessageLanguage;
use crate::check::{Diagnostic, Finding};
use crate::laws::Rule;
use crate::sealed::{Adjudication, Consequence, EvidentBasis};
use crate::types::Color;

/// The labels of a sealed-move ruling written as text (see
/// [`sealed_text`](crate::write::sealed_text)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SealedLabel {
    /// The move as written.
    SealedMove,
    /// The position before it, as FEN.
    Position,
    /// The verdict and its article.
    Verdict,
    /// The article the move breaks.
    ArticleBroken,
    /// An irregularity of the writing.
    Irregularity,
    /// A draw offer written with the move.
    DrawOffer,
    /// The candidates of an ambiguous move.
    Candidates,
    /// What follows from the verdict.
    Consequence,
    /// Whether the opponent can still checkmate.
    OpponentCanMate,
    /// Whether the position is dead.
    DeadPosition,
    /// The closest legal moves (information only).
    Suggestions,
    /// The evident reading (the arbiter's decision).
    EvidentReading,
}

/// The texts of one language. Implemented by [`es::Spanish`] and [`en::English`].
pub trait Texts {
    /// A diagnostic's message, without the move number (see [`Diagnostic::title`]).
    fn diagnostic(&self, d: &Diagnostic) -> String;
    /// A guess of lenient reading, naming what it read: `se leyó «A5» como «Ab5»: …`.
    fn guess(&self, written: &str, read: &str, message: &str) -> String;
    /// The verdict on a valid sealed move: a legal move, and the only one written so.
    fn valid_sealed_move(&self) -> &'static str;
    /// The word before a valid sealed move: `válida`, `valid`.
    fn valid(&self) -> &'static str;
    /// What follows from a sealed-move ruling (A8 (2005); Guidelines I.8).
    fn consequence(&self, consequence: Consequence, sealer: Color) -> String;
    /// `sí`, `no`, or undetermined (`None`).
    fn yes_no(&self, answer: Option<bool>) -> &'static str;
    /// A label of the ruling written as text.
    fn sealed_label(&self, label: SealedLabel) -> &'static str;
    /// The sealed move when nothing was written.
    fn nothing_written(&self) -> &'static str;
    /// A draw offer written with the sealed move (E13; C.12).
    fn draw_offer_written(&self, rule: Rule) -> String;
    /// Why a reading is evident.
    fn evident_basis(&self, basis: EvidentBasis) -> &'static str;
}

/// The texts of `lang`.
#[must_use]
pub fn texts(lang: MessageLanguage) -> &'static dyn Texts {
    match lang {
        MessageLanguage::Spanish => &es::Spanish,
        MessageLanguage::English => &en::English,
    }
}

impl Diagnostic {
    /// The message, in Spanish or English, without the move number (see
    /// [`Diagnostic::title`]). A guess of lenient reading names the reading it made.
    #[must_use]
    pub fn message(&self, lang: MessageLanguage) -> String {
        let t = texts(lang);
        let m = t.diagnostic(self);
        match (&self.finding, &self.written, self.candidates.first()) {
            (Finding::Irregular(kind), Some(w), Some(c)) if kind.is_guess() => t.guess(w, c, &m),
            _ => m,
        }
    }

    /// The headline: the move number and the writing, then the message, e.g.
    /// `5. Dxd5: ninguna dama blanca puede llegar a d5`.
    #[must_use]
    pub fn title(&self, lang: MessageLanguage) -> String {
        let message = self.message(lang);
        match (self.move_number, &self.written) {
            (Some((n, color)), Some(w)) => {
                let dots = if color == Color::White { "." } else { "..." };
                format!("{n}{dots} {w}: {message}")
            }
            _ => message,
        }
    }
}

impl fmt::Display for Diagnostic {
    /// `error[illegal-move]: 5. Dxd5: …` in Spanish.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.severity().as_str(),
            self.code(),
            self.title(MessageLanguage::Spanish)
        )
    }
}

/// The consequence of a sealed-move ruling in `lang`.
#[must_use]
pub fn consequence(a: &Adjudication, lang: MessageLanguage) -> String {
    texts(lang).consequence(a.consequence, a.sealer)
}

/// The colour of the side that made the move a diagnostic concerns (White when none).
fn mover(d: &Diagnostic) -> Color {
    d.move_number.map_or(Color::White, |(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, check_text};

    #[test]
    fn a_result_the_board_contradicts_in_both_languages() {
        let sheet = "1.f3 e5 2.g4 Dh4# 1-0";
        let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
        let d = &report.diagnostics[0];
        assert_eq!(
            d.message(MessageLanguage::Spanish),
            "el resultado anotado 1-0 contradice el tablero: las blancas recibieron mate"
        );
        assert_eq!(
            d.message(MessageLanguage::English),
            "the recorded result 1-0 contradicts the board: White is checkmated"
        );
    }
}
