//! The settings of a sheet, shared by the command line's flags and the server's JSON
//! requests: the letters, the edition, the case mode, the notation and the message language.

use serde::Deserialize;

use planilla::check::{CheckOptions, MessageLanguage};
use planilla::notation::descriptive::NotationKind;
use planilla::notation::{CaseMode, Language};
use planilla::resolve::Edition;

/// The piece letters of a sheet (Appendix E3 (2005); C.3 (2023)), by language.
///
/// In JSON, the lowercase code: `"es"`, `"en"`, …
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Letters {
    /// Spanish: R D T A C (the default).
    #[default]
    Es,
    /// English: K Q R B N.
    En,
    /// French: R D T F C.
    Fr,
    /// German: K D T L S.
    De,
    /// Italian: R D T A C.
    It,
    /// Portuguese: R D T B C.
    Pt,
    /// Dutch: K D T L P.
    Nl,
    /// Catalan: R D T A C.
    Ca,
}

impl Letters {
    /// The letters of a language code, in either case: `es`, `en`, `fr`, `de`, `it`, `pt`,
    /// `nl` or `ca`; `None` for any other text.
    ///
    /// ```
    /// use planilla_app::settings::Letters;
    /// assert_eq!(Letters::from_code("DE"), Some(Letters::De));
    /// assert_eq!(Letters::from_code("xx"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Letters> {
        const ALL: [(&str, Letters); 8] = [
            ("es", Letters::Es),
            ("en", Letters::En),
            ("fr", Letters::Fr),
            ("de", Letters::De),
            ("it", Letters::It),
            ("pt", Letters::Pt),
            ("nl", Letters::Nl),
            ("ca", Letters::Ca),
        ];
        ALL.iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|&(_, letters)| letters)
    }

    /// The library's letter set.
    pub fn language(self) -> Language {
        match self {
            Letters::Es => Language::SPANISH,
            Letters::En => Language::ENGLISH,
            Letters::Fr => Language::FRENCH,
            Letters::De => Language::GERMAN,
            Letters::It => Language::ITALIAN,
            Letters::Pt => Language::PORTUGUESE,
            Letters::Nl => Language::DUTCH,
            Letters::Ca => Language::CATALAN,
        }
    }
}

/// The language of messages. In JSON, `"es"` or `"en"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Messages {
    /// Spanish (the default).
    #[default]
    Es,
    /// English.
    En,
}

impl From<Messages> for MessageLanguage {
    fn from(m: Messages) -> Self {
        match m {
            Messages::Es => MessageLanguage::Spanish,
            Messages::En => MessageLanguage::English,
        }
    }
}

/// The notation of the moves. In JSON, `"algebraic"`, `"descriptive"` or `"auto"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// Algebraic (Appendix E (2005); Appendix C (2018, 2023)).
    Algebraic,
    /// Descriptive (`P4R`, `P-K4`), as in the 1970 rulings.
    Descriptive,
    /// Each game in the notation of its moves; a note says when it is descriptive (the
    /// default).
    #[default]
    Auto,
}

/// An output format of `planilla convert --to`. In JSON and in Python, the lowercase name:
/// `"pgn"`, `"es"`, …
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// PGN (the default).
    #[default]
    Pgn,
    /// A Spanish scoresheet (Appendix C's letters).
    Es,
    /// A scoresheet in figurines.
    Figurine,
    /// The JSON document of `check --json`.
    Json,
    /// Spanish descriptive notation, the short book form (`P4R`, `C3AR`, `AxC`).
    Descriptiva,
    /// English descriptive notation, the short book form (`P-K4`, `N-KB3`, `BxN`).
    Descriptive,
}

/// A sheet's settings. In JSON every field is optional:
/// `{"letters": "es", "edition": 2023, "lenient": false, "messages": "es", "notation": "auto"}`.
///
/// ```
/// use planilla_app::settings::SheetSettings;
/// let s: SheetSettings = serde_json::from_str(r#"{"edition": 2005, "lenient": true}"#).unwrap();
/// let options = s.check_options().unwrap();
/// assert_eq!(options.edition.year(), 2005);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct SheetSettings {
    /// The piece letters of the sheet.
    pub letters: Letters,
    /// The edition of the Laws, by year: 2005 (Appendix E), 2018 or 2023 (Appendix C).
    pub edition: u16,
    /// Reads both letter cases (handwriting), and makes a guess only when one is legal.
    pub lenient: bool,
    /// The language of messages.
    pub messages: Messages,
    /// The notation of the moves.
    pub notation: Notation,
}

impl Default for SheetSettings {
    fn default() -> Self {
        SheetSettings {
            letters: Letters::Es,
            edition: 2023,
            lenient: false,
            messages: Messages::Es,
            notation: Notation::Auto,
        }
    }
}

impl SheetSettings {
    /// The library's options for these settings (starting from the initial position).
    ///
    /// # Errors
    /// A message when the edition is none of 2005, 2018 and 2023.
    pub fn check_options(&self) -> Result<CheckOptions, String> {
        let edition = Edition::from_year(self.edition)
            .ok_or_else(|| format!("unknown edition {} (2005, 2018 or 2023)", self.edition))?;
        let language = self.letters.language().with_notation(match self.notation {
            Notation::Algebraic => NotationKind::Algebraic,
            Notation::Descriptive => NotationKind::Descriptive,
            Notation::Auto => NotationKind::Auto,
        });
        Ok(CheckOptions::default()
            .with_language(language)
            .with_case(if self.lenient {
                CaseMode::Lenient
            } else {
                CaseMode::Strict
            })
            .with_edition(edition)
            .with_messages(self.messages.into()))
    }
}
