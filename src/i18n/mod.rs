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
use crate::check::{Diagnostic, Finding, GameReport, MoveError, NamedMove};
use crate::laws::Rule;
use crate::position::FenError;
#[cfg(feature = "sealed")]
use crate::sealed::{Adjudication, Consequence, EnvelopeError, EvidentBasis};
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

/// The texts of one language. Implemented by [`es::Spanish`] and [`en::English`], and sealed:
/// it can be called, not implemented outside the crate, so that a new text (a new method) is
/// no breaking change.
pub trait Texts: sealed::Sealed {
    /// A diagnostic's message, without the move number (see [`Diagnostic::title`]).
    fn diagnostic(&self, d: &Diagnostic) -> String;
    /// A guess of lenient reading, naming what it read: `se leyó «A5» como «Ab5»: …`.
    fn guess(&self, written: &str, read: &str, message: &str) -> String;
    /// The verdict on a valid sealed move: a legal move, and the only one written so.
    fn valid_sealed_move(&self) -> &'static str;
    /// The word before a valid sealed move: `válida`, `valid`.
    fn valid(&self) -> &'static str;
    /// What follows from a sealed-move ruling (A8 (2005); Guidelines I.8).
    #[cfg(feature = "sealed")]
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
    #[cfg(feature = "sealed")]
    fn evident_basis(&self, basis: EvidentBasis) -> &'static str;
    /// Why a scoresheet gives no position for a sealed move.
    #[cfg(feature = "sealed")]
    fn envelope_error(&self, e: &EnvelopeError) -> String;
    /// Why a FEN does not read, or gives no position of a game.
    fn fen_error(&self, e: &FenError) -> String;
    /// The label of a note under a diagnostic drawn against the text (`artículo`,
    /// `jugadas posibles`…), written before its value.
    fn diagnostic_note(&self, note: DiagnosticNote) -> &'static str;
    /// The label under a diagnostic's characters: the ply it concerns.
    fn ply_label(&self, ply: u32) -> String;
    /// A word of the line that closes one game's check.
    fn summary_word(&self, word: SummaryWord) -> &'static str;
    /// What was left unread after reading stopped: `n` written moves, counting the one that
    /// stopped it (0: the rest of the game, not counted after a syntax error).
    fn unread_moves(&self, n: usize) -> String;
    /// The line that closes a whole check: games, valid games, errors, warnings.
    fn check_summary(&self, summary: CheckSummary) -> String;

    /// The line that closes one game's check: its number (from 1), players, plies read,
    /// verdict, and what was left unread, as `partida 1 (Ana – Luis): 8 medias jugadas
    /// leídas, con errores; lectura detenida, …`.
    fn game_summary(&self, report: &GameReport) -> String {
        let verdict = self.summary_word(if report.is_valid() {
            SummaryWord::Valid
        } else {
            SummaryWord::WithErrors
        });
        let unread = match report.unread_from {
            Some(_) => format!("; {}", self.unread_moves(report.unread_moves)),
            None => String::new(),
        };
        format!(
            "{} {} ({} – {}): {} {}, {verdict}{unread}",
            self.summary_word(SummaryWord::Game),
            report.index + 1,
            report.roster.white,
            report.roster.black,
            report.moves.len(),
            self.summary_word(SummaryWord::PliesRead),
        )
    }
}

/// The words of the line that closes one game's check ([`Texts::game_summary`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SummaryWord {
    /// `partida`, `game`.
    Game,
    /// `medias jugadas leídas`, `plies read`.
    PliesRead,
    /// `válida`, `valid`.
    Valid,
    /// `con errores`, `with errors`.
    WithErrors,
}

/// The notes under a diagnostic drawn against the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticNote {
    /// The article it rests on.
    Article,
    /// The legal moves that fit an ambiguous move, or the move a guess read.
    Candidates,
    /// The closest legal moves.
    Suggestions,
}

/// The counts of a whole check, for [`Texts::check_summary`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CheckSummary {
    /// Games read.
    pub games: usize,
    /// Games without an error.
    pub valid_games: usize,
    /// Error diagnostics.
    pub errors: usize,
    /// Warning diagnostics.
    pub warnings: usize,
}

mod sealed {
    /// Only the crate's languages implement [`Texts`](super::Texts).
    pub trait Sealed {}
    impl Sealed for super::es::Spanish {}
    impl Sealed for super::en::English {}
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
            (Finding::Irregular(kind), Some(w), Some(c)) if kind.is_guess() => {
                t.guess(w, &c.name(lang), &m)
            }
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
    /// `error[illegal-move]: 5. Dxd5: …`, in the language the diagnostic was made in
    /// ([`Diagnostic::messages`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.severity().as_str(),
            self.code(),
            self.title(self.messages)
        )
    }
}

impl fmt::Display for MoveError {
    /// The diagnostic's form: `error[illegal-move]: …`, in the language of the options it was
    /// made with.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.diagnostic, f)
    }
}

impl std::error::Error for MoveError {}

impl NamedMove {
    /// The move as messages in `lang` name it: the sheet's writing in Spanish (`Dxd4`), SAN
    /// in English (`Qxd4`).
    ///
    /// ```
    /// use planilla::check::NamedMove;
    /// use planilla::i18n::MessageLanguage;
    /// use planilla::notation::Language;
    /// use planilla::{Position, Role, Square};
    /// let pos = Position::startpos();
    /// let mv = pos.legal_moves_to(Role::Knight, Square::F3)[0];
    /// let named = NamedMove::new(&pos, mv, &Language::SPANISH);
    /// assert_eq!(named.name(MessageLanguage::Spanish), "Cf3");
    /// assert_eq!(named.name(MessageLanguage::English), "Nf3");
    /// ```
    #[must_use]
    pub fn name(&self, lang: MessageLanguage) -> String {
        match lang {
            MessageLanguage::Spanish => self.written.clone(),
            MessageLanguage::English => self.san.to_string(),
        }
    }

    /// Each move's [`name`](NamedMove::name) in `lang`, joined by `, `.
    #[must_use]
    pub fn names(moves: &[NamedMove], lang: MessageLanguage) -> String {
        let names: Vec<String> = moves.iter().map(|m| m.name(lang)).collect();
        names.join(", ")
    }
}

#[cfg(feature = "sealed")]
impl EnvelopeError {
    /// The message, in Spanish or English (the `Display` form is the English one).
    ///
    /// ```
    /// use planilla::i18n::MessageLanguage;
    /// use planilla::sealed::EnvelopeError;
    /// let e = EnvelopeError::TooShort { ply: 9, plies: 8 };
    /// assert_eq!(e.message(MessageLanguage::Spanish),
    ///     "la planilla tiene 8 medias jugadas; la 9 no está entre ellas");
    /// assert_eq!(e.message(MessageLanguage::English), e.to_string());
    /// ```
    #[must_use]
    pub fn message(&self, lang: MessageLanguage) -> String {
        texts(lang).envelope_error(self)
    }
}

impl FenError {
    /// The message, in Spanish or English (the `Display` form is the English one), with the
    /// byte span of the field that does not read.
    ///
    /// ```
    /// use planilla::i18n::MessageLanguage;
    /// use planilla::Position;
    /// let e = Position::from_fen("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
    /// assert_eq!(e.message(MessageLanguage::Spanish),
    ///     "bando que juega no válido en los bytes 16..17: se espera `w` o `b`");
    /// assert_eq!(e.message(MessageLanguage::English), e.to_string());
    /// ```
    #[must_use]
    pub fn message(&self, lang: MessageLanguage) -> String {
        texts(lang).fen_error(self)
    }
}

/// The consequence of a sealed-move ruling in `lang`.
#[must_use]
#[cfg(feature = "sealed")]
pub fn consequence(a: &Adjudication, lang: MessageLanguage) -> String {
    texts(lang).consequence(a.consequence, a.sealer)
}

#[cfg(feature = "reconstruct")]
impl crate::reconstruct::Repair {
    /// Why the repair was made, in `lang`: what the sheet shows, what is read, and the
    /// evidence, the written moves then played.
    ///
    /// ```
    /// use planilla::check::CheckOptions;
    /// use planilla::i18n::MessageLanguage;
    /// use planilla::reconstruct::{reconstruct_text, Limits};
    /// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
    /// let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
    /// let repair = &found[0].as_ref().unwrap().repairs[0];
    /// assert_eq!(repair.reason(MessageLanguage::Spanish),
    ///     "desliz: «Cf5» se lee Cf6, la jugada legal más parecida; \
    ///      con ella se juegan las 4 jugadas escritas siguientes");
    /// assert_eq!(repair.reason(MessageLanguage::English),
    ///     "a slip: \"Cf5\" is read as Nf6, the closest legal move; \
    ///      with it, the next 4 written moves are played");
    /// ```
    #[must_use]
    pub fn reason(&self, lang: MessageLanguage) -> String {
        use crate::reconstruct::RepairKind;
        let spanish = lang == MessageLanguage::Spanish;
        let read = if spanish { &self.read } else { &self.san };
        let read = read.as_deref().unwrap_or("?");
        let written = self.written.as_deref().unwrap_or("");
        let then = match (spanish, self.then_played) {
            (true, 0) => "es la última jugada escrita".to_owned(),
            (true, 1) => "se juega la jugada escrita siguiente".to_owned(),
            (true, n) => format!("se juegan las {n} jugadas escritas siguientes"),
            (false, 0) => "it is the last written move".to_owned(),
            (false, 1) => "the next written move is played".to_owned(),
            (false, n) => format!("the next {n} written moves are played"),
        };
        match (self.kind, spanish) {
            (RepairKind::Slip, true) => format!(
                "desliz: «{written}» se lee {read}, la jugada legal más parecida; con ella {then}"
            ),
            (RepairKind::Slip, false) => format!(
                "a slip: \"{written}\" is read as {read}, the closest legal move; with it, {then}"
            ),
            (RepairKind::MissingMove, true) if self.written.is_some() => {
                format!("casilla en blanco: {read} la llena; con ella {then}")
            }
            (RepairKind::MissingMove, false) if self.written.is_some() => {
                format!("a blank box: {read} fills it; with it, {then}")
            }
            (RepairKind::MissingMove, true) => {
                format!("falta una jugada: con {read} antes, {then}")
            }
            (RepairKind::MissingMove, false) => {
                format!("a move left out: with {read} before it, {then}")
            }
            (RepairKind::ExtraMove, true) => {
                format!("jugada de más: sin «{written}», {then}")
            }
            (RepairKind::ExtraMove, false) => {
                format!("a move too many: without \"{written}\", {then}")
            }
            (RepairKind::MoveOrder, true) => {
                format!("orden cambiado: «{written}» se juegan en el orden {read}; así {then}")
            }
            (RepairKind::MoveOrder, false) => {
                format!("moves in the wrong order: \"{written}\" are played as {read}; so {then}")
            }
            (RepairKind::AmbiguousMove, true) if self.ruled_out.is_empty() => format!(
                "jugada ambigua: «{written}» se lee {read}, y sus otras lecturas dan partidas del \
                 mismo coste; con {read} {then}"
            ),
            (RepairKind::AmbiguousMove, false) if self.ruled_out.is_empty() => format!(
                "an ambiguous move: \"{written}\" is read {read}, and its other readings give \
                 games of the same cost; with {read} {then}"
            ),
            (RepairKind::AmbiguousMove, true) => format!(
                "jugada ambigua: «{written}» puede ser también {}; solo con {read} {then}",
                self.ruled_out.join(", ")
            ),
            (RepairKind::AmbiguousMove, false) => format!(
                "an ambiguous move: \"{written}\" may also be {}; only with {read} {then}",
                self.ruled_out.join(", ")
            ),
        }
    }
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
