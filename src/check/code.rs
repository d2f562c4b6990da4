//! The stable codes of diagnostics, and the severity each code carries.

use core::fmt;
use core::str::FromStr;

/// What a diagnostic reports, as a stable code. The kebab-case name ([`as_str`](Self::as_str))
/// is what the command line prints in `error[illegal-move]` and what JSON carries; it does not
/// change between releases. New codes may be added, so the enum is `#[non_exhaustive]`.
///
/// The severity follows from the code ([`DiagnosticCode::severity`]).
///
/// ```
/// use planilla::check::{DiagnosticCode, Severity};
/// let code: DiagnosticCode = "illegal-move".parse().unwrap();
/// assert_eq!(code, DiagnosticCode::IllegalMove);
/// assert_eq!(code.severity(), Severity::Error);
/// assert_eq!(DiagnosticCode::CaptureMark.to_string(), "capture-mark");
/// assert_eq!(DiagnosticCode::CaptureMark, "capture-mark");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum DiagnosticCode {
    /// The text does not follow the grammar: a comment, variation, tag or header.
    Syntax,
    /// A move whose meaning cannot be established (E1–E13 (2005); C.1–C.13).
    UnreadableMove,
    /// No legal move fits (Art. 3).
    IllegalMove,
    /// A promotion without its piece, or on the wrong rank (Art. 3.7.e; 3.7.3.3).
    Promotion,
    /// Several legal moves fit: the origin is missing (E10; C.10), or lenient readings
    /// disagree (E5; C.5).
    AmbiguousMove,
    /// The target square is not written in full (E8; C.8).
    IncompleteMove,
    /// A move number stands where a move belongs: the move was not written (Art. 8.1).
    MissingMove,
    /// A capture mark missing or on a move that captures nothing (E9; C.9).
    CaptureMark,
    /// A check or mate mark on a move that gives none (E (abbreviations); C.13).
    CheckMark,
    /// An origin hint that is not needed, or not the preferred one (E10; C.10).
    Disambiguation,
    /// Lenient reading: a completed target or a pawn capture's missing file (E8–E10; C.8–C.10).
    Guess,
    /// Lenient reading: the other letter case or another language's letters (E5; C.5).
    CaseReading,
    /// A piece letter of another language with a single meaning (E3; C.3).
    ForeignLetter,
    /// The pawn written with its letter (E4; C.4).
    PawnLetter,
    /// `a.p.` missing or on a move that is no en passant capture (E9; C.9).
    EnPassantMark,
    /// A move number missing, repeated or out of order (Art. 8.1).
    MoveNumber,
    /// The recorded result or termination word contradicts the board (Art. 5; 8.7).
    ResultMismatch,
    /// A move written after the game ended on the board; it does not count.
    MoveAfterEnd,
    /// Text after the result that is no termination word.
    UnknownWord,
    /// The numbers jump as on two columns side by side, but no such layout explains them.
    TwoColumns,
    /// A threefold repetition: a draw may be claimed (Art. 9.2).
    ThreefoldAvailable,
    /// Fifty moves without a pawn move or capture: a draw may be claimed (Art. 9.3).
    FiftyMovesAvailable,
    /// A fivefold repetition ends the game (Art. 9.6.1).
    Fivefold,
    /// Seventy-five moves without a pawn move or capture end the game (Art. 9.6.2).
    SeventyFiveMoves,
    /// A dead position ends the game (Art. 9.6 (2005); 5.2.2 (2018, 2023)).
    DeadPosition,
    /// A note: the game's notation (algebraic or descriptive) was decided from its moves.
    Notation,
    /// A move in the other notation than the game's.
    MixedNotation,
    /// A game with headers and no move and no result: nothing was recorded to check (Art.
    /// 8.1). A game decided before its first move records its result (`1-0`: a forfeit, Art.
    /// 6.7) or a forfeit in words (`W.O.`), and is no such game.
    NoMoves,
    /// A note: words between the moves were read as prose, the way books and columns print
    /// commentary. Only a word that is no move shape and no single edit of a legal move is
    /// prose (see `grammar/notacion.ebnf`, `prose`).
    Prose,
    /// In printed text, a move that stands without its number outside commentary: it may be
    /// commentary's, and a move is never guessed into the game (Art. 8.1; see `prose`).
    UnnumberedMove,
    /// In printed text, a move number that skips plies after words set aside as commentary:
    /// moves are missing from the game, never skipped with a warning (Art. 8.1).
    MissingMoves,
    /// A note: in printed text, numbered moves after the game's end (a resignation, a result)
    /// or numbered back to a move already played were read as a variation, not as the game.
    Variation,
    /// In printed text, a numbered move inside a sentence that may be the game's or a
    /// variation's: the text cannot tell, and neither reading is guessed (Art. 8.1).
    MainLineUnclear,
    /// A note: a move of a parenthesised variation (PGN §8.2.5) does not read in the
    /// variation's position; the variation is kept up to the move before it.
    VariationCut,
}

impl DiagnosticCode {
    /// Every code, in declaration order.
    pub const ALL: [DiagnosticCode; 34] = [
        DiagnosticCode::Syntax,
        DiagnosticCode::UnreadableMove,
        DiagnosticCode::IllegalMove,
        DiagnosticCode::Promotion,
        DiagnosticCode::AmbiguousMove,
        DiagnosticCode::IncompleteMove,
        DiagnosticCode::MissingMove,
        DiagnosticCode::CaptureMark,
        DiagnosticCode::CheckMark,
        DiagnosticCode::Disambiguation,
        DiagnosticCode::Guess,
        DiagnosticCode::CaseReading,
        DiagnosticCode::ForeignLetter,
        DiagnosticCode::PawnLetter,
        DiagnosticCode::EnPassantMark,
        DiagnosticCode::MoveNumber,
        DiagnosticCode::ResultMismatch,
        DiagnosticCode::MoveAfterEnd,
        DiagnosticCode::UnknownWord,
        DiagnosticCode::TwoColumns,
        DiagnosticCode::ThreefoldAvailable,
        DiagnosticCode::FiftyMovesAvailable,
        DiagnosticCode::Fivefold,
        DiagnosticCode::SeventyFiveMoves,
        DiagnosticCode::DeadPosition,
        DiagnosticCode::Notation,
        DiagnosticCode::MixedNotation,
        DiagnosticCode::NoMoves,
        DiagnosticCode::Prose,
        DiagnosticCode::UnnumberedMove,
        DiagnosticCode::MissingMoves,
        DiagnosticCode::Variation,
        DiagnosticCode::MainLineUnclear,
        DiagnosticCode::VariationCut,
    ];

    /// The stable kebab-case name: `illegal-move`, `capture-mark`, `dead-position`…
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DiagnosticCode::Syntax => "syntax",
            DiagnosticCode::UnreadableMove => "unreadable-move",
            DiagnosticCode::IllegalMove => "illegal-move",
            DiagnosticCode::Promotion => "promotion",
            DiagnosticCode::AmbiguousMove => "ambiguous-move",
            DiagnosticCode::IncompleteMove => "incomplete-move",
            DiagnosticCode::MissingMove => "missing-move",
            DiagnosticCode::CaptureMark => "capture-mark",
            DiagnosticCode::CheckMark => "check-mark",
            DiagnosticCode::Disambiguation => "disambiguation",
            DiagnosticCode::Guess => "guess",
            DiagnosticCode::CaseReading => "case-reading",
            DiagnosticCode::ForeignLetter => "foreign-letter",
            DiagnosticCode::PawnLetter => "pawn-letter",
            DiagnosticCode::EnPassantMark => "en-passant-mark",
            DiagnosticCode::MoveNumber => "move-number",
            DiagnosticCode::ResultMismatch => "result-mismatch",
            DiagnosticCode::MoveAfterEnd => "move-after-end",
            DiagnosticCode::UnknownWord => "unknown-word",
            DiagnosticCode::TwoColumns => "two-columns",
            DiagnosticCode::ThreefoldAvailable => "threefold-available",
            DiagnosticCode::FiftyMovesAvailable => "fifty-moves-available",
            DiagnosticCode::Fivefold => "fivefold",
            DiagnosticCode::SeventyFiveMoves => "seventy-five-moves",
            DiagnosticCode::DeadPosition => "dead-position",
            DiagnosticCode::Notation => "notation",
            DiagnosticCode::MixedNotation => "mixed-notation",
            DiagnosticCode::NoMoves => "no-moves",
            DiagnosticCode::Prose => "prose",
            DiagnosticCode::UnnumberedMove => "unnumbered-move",
            DiagnosticCode::MissingMoves => "missing-moves",
            DiagnosticCode::Variation => "variation",
            DiagnosticCode::MainLineUnclear => "main-line-unclear",
            DiagnosticCode::VariationCut => "variation-cut",
        }
    }

    /// How serious a diagnostic of this code is.
    ///
    /// - [`Severity::Error`]: the sheet cannot be trusted from here on (a move that is
    ///   unreadable, illegal, ambiguous, incomplete or missing; a syntax error; a result the
    ///   board contradicts; mixed notations; columns that do not read).
    /// - [`Severity::Warning`]: irregular writing whose meaning is certain, a guess of lenient
    ///   reading, a move number, text after the result, a void move after the end.
    /// - [`Severity::Note`]: the draws the board brings, and the notation chosen.
    #[must_use]
    pub const fn severity(self) -> Severity {
        match self {
            DiagnosticCode::Syntax
            | DiagnosticCode::UnreadableMove
            | DiagnosticCode::IllegalMove
            | DiagnosticCode::Promotion
            | DiagnosticCode::AmbiguousMove
            | DiagnosticCode::IncompleteMove
            | DiagnosticCode::MissingMove
            | DiagnosticCode::ResultMismatch
            | DiagnosticCode::TwoColumns
            | DiagnosticCode::MixedNotation
            | DiagnosticCode::NoMoves
            | DiagnosticCode::UnnumberedMove
            | DiagnosticCode::MissingMoves
            | DiagnosticCode::MainLineUnclear => Severity::Error,
            DiagnosticCode::CaptureMark
            | DiagnosticCode::CheckMark
            | DiagnosticCode::Disambiguation
            | DiagnosticCode::Guess
            | DiagnosticCode::CaseReading
            | DiagnosticCode::ForeignLetter
            | DiagnosticCode::PawnLetter
            | DiagnosticCode::EnPassantMark
            | DiagnosticCode::MoveNumber
            | DiagnosticCode::MoveAfterEnd
            | DiagnosticCode::UnknownWord => Severity::Warning,
            DiagnosticCode::ThreefoldAvailable
            | DiagnosticCode::FiftyMovesAvailable
            | DiagnosticCode::Fivefold
            | DiagnosticCode::SeventyFiveMoves
            | DiagnosticCode::DeadPosition
            | DiagnosticCode::Notation
            | DiagnosticCode::Prose
            | DiagnosticCode::Variation
            | DiagnosticCode::VariationCut => Severity::Note,
        }
    }
}

impl fmt::Display for DiagnosticCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a [`DiagnosticCode`] from a name that is no code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown diagnostic code")]
pub struct UnknownCode;

impl FromStr for DiagnosticCode {
    type Err = UnknownCode;

    /// Parses the kebab-case name.
    fn from_str(s: &str) -> Result<DiagnosticCode, UnknownCode> {
        DiagnosticCode::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or(UnknownCode)
    }
}

impl PartialEq<str> for DiagnosticCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for DiagnosticCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// How serious a diagnostic is; it follows from its [`DiagnosticCode`].
///
/// ```
/// use planilla::{check_text, CheckOptions, Severity};
/// let options = CheckOptions::default();
/// // `3.Ab5+` gives no check: a warning, the move is certain and the sheet stays valid.
/// let report = check_text("1.e4 e5 2.Cf3 Cc6 3.Ab5+", &options).next().unwrap();
/// assert_eq!(report.diagnostics[0].severity(), Severity::Warning);
/// assert!(report.is_valid());
/// // No white knight reaches e5: an error.
/// let report = check_text("1.e4 e5 2.Cxe5", &options).next().unwrap();
/// assert_eq!(report.diagnostics[0].severity().as_str(), "error");
/// assert!(Severity::Error > Severity::Warning);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// The schema describes the value, without the example.
#[cfg_attr(
    feature = "schema",
    schemars(description = "How serious a diagnostic is; it follows from its [`DiagnosticCode`].")
)]
pub enum Severity {
    /// Information: nothing is wrong.
    Note,
    /// Irregular writing whose meaning is certain, or a void move after the end.
    Warning,
    /// The sheet cannot be trusted from here on: an illegal, ambiguous or unreadable move, a
    /// syntax error, or a result the board contradicts.
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// [`Severity::as_str`]: `error`, `warning` or `note`.
impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_parse_back() {
        for code in DiagnosticCode::ALL {
            assert_eq!(code.as_str().parse::<DiagnosticCode>(), Ok(code));
            let same = DiagnosticCode::ALL
                .iter()
                .filter(|c| c.as_str() == code.as_str());
            assert_eq!(same.count(), 1, "{code}");
        }
        assert_eq!("illegal".parse::<DiagnosticCode>(), Err(UnknownCode));
    }

    #[test]
    fn severities_follow_the_codes() {
        assert_eq!(DiagnosticCode::MissingMove.severity(), Severity::Error);
        assert_eq!(DiagnosticCode::Guess.severity(), Severity::Warning);
        assert_eq!(DiagnosticCode::MoveAfterEnd.severity(), Severity::Warning);
        assert_eq!(DiagnosticCode::DeadPosition.severity(), Severity::Note);
    }
}
