//! What to check a scoresheet with: [`CheckOptions`].

use super::MessageLanguage;
use crate::laws::winnability::Effort;
use crate::notation::{CaseMode, Language, Parser};
use crate::position::Position;
use crate::resolve::{Edition, Options};

/// What to check a scoresheet with. Start from [`CheckOptions::default`] and set what differs
/// with the `with_*` methods; the fields can be read and set, and more may come (the struct is
/// `#[non_exhaustive]`).
///
/// ```
/// use planilla::check::{CheckOptions, MessageLanguage};
/// use planilla::notation::{CaseMode, Language};
/// use planilla::resolve::Edition;
/// let options = CheckOptions::default()
///     .with_language(Language::ENGLISH)
///     .with_case(CaseMode::Lenient)
///     .with_edition(Edition::Fide2005)
///     .with_messages(MessageLanguage::English);
/// assert_eq!(options.edition.year(), 2005);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckOptions {
    /// The piece letters of the sheet (E3; C.3). Default Spanish.
    pub language: Language,
    /// How to read letter case, and whether to guess: [`CaseMode::Strict`] (the default)
    /// reads the text as written; [`CaseMode::Lenient`] also reads both letter cases and
    /// makes the named guesses of [`Options::lenient`], only when exactly one is legal.
    pub case: CaseMode,
    /// The rules edition. Default 2023.
    pub edition: Edition,
    /// The position the games start from, when not the initial one (a `FEN` tag overrides
    /// it for its game).
    pub start: Option<Position>,
    /// How hard to look for a dead position (Art. 9.6 (2005); 5.2.2 (2018, 2023)). Every
    /// position after a capture gets the material check. From [`Effort::Fast`] (the default)
    /// on, the last position of each game also goes to chasolver, and if it is dead, the
    /// first dead position of the game is found by walking back: deadness never goes away.
    pub dead_positions: Effort,
    /// The language of messages: Spanish (the default) or English, whose messages name moves
    /// in SAN.
    pub messages: MessageLanguage,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            language: Language::SPANISH,
            case: CaseMode::Strict,
            edition: Edition::default(),
            start: None,
            dead_positions: Effort::Fast,
            messages: MessageLanguage::Spanish,
        }
    }
}

impl CheckOptions {
    crate::macros::with_setters! {
        /// These options with [`language`](Self::language) set: the sheet's piece letters (E3;
        /// C.3).
        with_language: language: Language;
        /// These options with [`case`](Self::case) set: strict or lenient reading.
        with_case: case: CaseMode;
        /// These options with [`edition`](Self::edition) set: the edition of the Laws.
        with_edition: edition: Edition;
        /// These options with [`start`](Self::start) set: the position the games start from
        /// (`None`: the initial one).
        with_start: start: Option<Position>;
        /// These options with [`dead_positions`](Self::dead_positions) set: how hard to look for a
        /// dead position.
        with_dead_positions: dead_positions: Effort;
        /// These options with [`messages`](Self::messages) set: the language of messages.
        with_messages: messages: MessageLanguage;
    }

    /// The move parser these options call for: the sheet's letters and case mode.
    ///
    /// ```
    /// use planilla::check::CheckOptions;
    /// use planilla::notation::CaseMode;
    /// let options = CheckOptions::default().with_case(CaseMode::Lenient);
    /// // Lenient: `cd4` is read both as a c-pawn capture and as a knight move.
    /// assert_eq!(options.parser().parse_move("cd4").unwrap().len(), 2);
    /// ```
    #[must_use]
    pub fn parser(&self) -> Parser {
        Parser::new(self.language, self.case)
    }

    /// The resolver's options these options call for: the edition, and lenient guesses when
    /// the case mode is [`CaseMode::Lenient`].
    #[doc(hidden)]
    #[must_use]
    pub fn resolve_options(&self) -> Options {
        Options {
            edition: self.edition,
            lenient: self.case == CaseMode::Lenient,
        }
    }
}
