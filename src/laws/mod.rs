//! The Laws of Chess as planilla applies them: the [`Edition`] in force, the articles a
//! diagnostic cites ([`Article`], numbered by one citation table per edition, and [`Rule`]: an
//! article in an edition), the draw rules ([`draws`]: repetition, 50 and 75 moves) and
//! whether a side can still checkmate ([`winnability`]: insufficient material, dead
//! positions). Every later stage takes its rules from here.
//!
//! ```
//! use planilla::laws::{Article, Edition, Rule};
//! assert_eq!(Rule::new(Edition::Fide2005, Article::Disambiguation).to_string(), "E10 (2005)");
//! assert_eq!(Rule::new(Edition::Fide2023, Article::Recording).to_string(), "Art. 8.1.1 (2023)");
//! ```

pub mod draws;
pub mod winnability;

use core::fmt;

/// The edition of the FIDE Laws of Chess whose notation appendix applies.
///
/// The edition decides which irregular writing is a warning: the 2005 Appendix E requires `x`
/// on captures and `a.p.` on en passant captures (E9); the 2018 and 2023 Appendix C makes `x`,
/// `a.p.`, `+` and `#` optional (C.13). It also decides which article a message cites.
///
/// ```
/// use planilla::{check_text, CheckOptions, Edition};
/// assert_eq!(CheckOptions::default().edition, Edition::Fide2023);
/// assert_eq!(Edition::Fide2005.year(), 2005);
/// // Appendix E (2005) requires `x` on captures; Appendix C (2018, 2023) makes it optional.
/// let sheet = "1.e4 d5 2.ed5";
/// let options = CheckOptions::default().with_edition(Edition::Fide2005);
/// let report = check_text(sheet, &options).next().unwrap();
/// assert_eq!(report.diagnostics[0].code(), "capture-mark");
/// let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
/// assert!(report.diagnostics.is_empty());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Edition {
    /// The Laws in force from 1 July 2005: Appendix E.
    Fide2005,
    /// The Laws in force from 1 January 2018: Appendix C.
    Fide2018,
    /// The Laws in force from 1 January 2023: Appendix C (the default).
    #[default]
    Fide2023,
}

impl Edition {
    /// The three editions, oldest first.
    pub const ALL: [Edition; 3] = [Edition::Fide2005, Edition::Fide2018, Edition::Fide2023];

    /// The year the edition came into force.
    pub const fn year(self) -> u16 {
        match self {
            Edition::Fide2005 => 2005,
            Edition::Fide2018 => 2018,
            Edition::Fide2023 => 2023,
        }
    }

    /// Reads `2005`, `2018` or `2023`.
    pub fn from_year(year: u16) -> Option<Edition> {
        Edition::ALL.into_iter().find(|e| e.year() == year)
    }

    /// `true` where the notation appendix is Appendix E (2005), `false` for Appendix C.
    pub const fn is_appendix_e(self) -> bool {
        matches!(self, Edition::Fide2005)
    }

    /// E9 (2005): "se inserta una x" on every capture. Optional from 2018 (C.9, C.13).
    pub const fn requires_capture_mark(self) -> bool {
        self.is_appendix_e()
    }

    /// E9 (2005): "a.p." is added to an en passant capture. Optional from 2018 (C.9, C.13).
    pub const fn requires_en_passant_mark(self) -> bool {
        self.is_appendix_e()
    }
}

/// The year the edition came into force (`2023`), as `--edition` takes it.
impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

/// The error of [`Edition::from_str`](core::str::FromStr): the text is not `2005`, `2018` or
/// `2023`.
///
/// ```
/// use planilla::{Edition, ParseEditionError};
/// assert_eq!("2018".parse::<Edition>(), Ok(Edition::Fide2018));
/// let error = "2010".parse::<Edition>().unwrap_err();
/// assert_eq!(error, ParseEditionError);
/// assert_eq!(error.to_string(), "not an edition of the Laws (expected 2005, 2018 or 2023)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an edition of the Laws (expected 2005, 2018 or 2023)")]
pub struct ParseEditionError;

/// Reads the year of an edition ([`Edition::from_year`]).
///
/// ```
/// use planilla::resolve::Edition;
/// assert_eq!("2005".parse(), Ok(Edition::Fide2005));
/// assert_eq!(Edition::Fide2023.to_string(), "2023");
/// assert!("2010".parse::<Edition>().is_err());
/// ```
impl core::str::FromStr for Edition {
    type Err = ParseEditionError;
    fn from_str(s: &str) -> Result<Edition, ParseEditionError> {
        s.parse::<u16>()
            .ok()
            .and_then(Edition::from_year)
            .ok_or(ParseEditionError)
    }
}

/// A rule of the Laws of Chess that planilla cites, whatever its number. The number depends
/// on the edition ([`Article::citation`]): the 2005 Laws number the notation appendix E1–E13
/// and the adjournment appendix A1–A9; the 2018 Laws renumbered the appendix C.1–C.13, some
/// articles, and moved adjournment to the Guidelines (I); the 2023 Laws keep the 2018
/// numbering. Each variant's documentation gives its citation in 2005 and in 2018 and 2023.
///
/// New rules may be cited in later releases, so the enum is `#[non_exhaustive]`.
///
/// ```
/// use planilla::laws::{Article, Edition};
/// assert_eq!(Article::Checkmate.citation(Edition::Fide2005), "Art. 5.1");
/// assert_eq!(Article::Checkmate.citation(Edition::Fide2023), "Art. 5.1.1");
/// assert_eq!(Article::Disambiguation.citation(Edition::Fide2005), "E10");
/// assert_eq!(Article::Disambiguation.citation(Edition::Fide2018), "C.10");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum Article {
    /// How the pieces move: `Art. 3` (2005, 2018, 2023).
    PieceMovement,
    /// A piece may not move to a square occupied by a piece of its own colour: `Art. 3.1`
    /// (2005, 2018, 2023).
    OwnPieceOnTarget,
    /// The en passant capture: `Art. 3.7.d` (2005); `Art. 3.7.3.2` (2018, 2023).
    EnPassant,
    /// A pawn reaching the last rank is exchanged for a queen, rook, bishop or knight:
    /// `Art. 3.7.e` (2005); `Art. 3.7.3.3` (2018, 2023).
    Promotion,
    /// The right to castle is lost when king or rook has moved: `Art. 3.8.b.1` (2005);
    /// `Art. 3.8.2.1` (2018, 2023).
    CastlingRights,
    /// Castling is prevented for now: a piece between king and rook, the king in check, or
    /// a square it crosses or reaches attacked: `Art. 3.8.b.2` (2005); `Art. 3.8.2.2` (2018,
    /// 2023).
    CastlingPath,
    /// No move may leave or place one's own king in check: `Art. 3.9` (2005, 2018, 2023).
    KingInCheck,
    /// Checkmate wins the game: `Art. 5.1` (2005); `Art. 5.1.1` (2018, 2023).
    Checkmate,
    /// Stalemate draws the game: `Art. 5.2.a` (2005); `Art. 5.2.1` (2018, 2023).
    Stalemate,
    /// The completion of the game and the result recorded on the scoresheet: `Art. 5 y 8.7`
    /// (2005, 2018, 2023).
    GameResult,
    /// The opponent cannot checkmate by any series of legal moves, so a loss on time or a
    /// faulty sealed move is a draw: `Art. 6.10` (2005); `Art. 6.9` (2018, 2023).
    OpponentCannotMate,
    /// Each move is recorded, move after move, as clearly and legibly as possible:
    /// `Art. 8.1` (2005); `Art. 8.1.1` (2018, 2023).
    Recording,
    /// Threefold repetition, a draw on a claim: `Art. 9.2` (2005, 2018, 2023).
    Threefold,
    /// Fifty moves without a pawn move or a capture, a draw on a claim: `Art. 9.3` (2005,
    /// 2018, 2023).
    FiftyMoves,
    /// A dead position: neither side can checkmate by any series of legal moves: `Art. 9.6`
    /// (2005); `Art. 5.2.2` (2018, 2023).
    DeadPosition,
    /// Fivefold repetition ends the game in a draw: `Art. 9.6.1` (2005, 2018, 2023; in the
    /// Laws from 2014).
    Fivefold,
    /// Seventy-five moves without a pawn move or a capture end the game in a draw:
    /// `Art. 9.6.2` (2005, 2018, 2023; in the Laws from 2014).
    SeventyFiveMoves,
    /// Adjournment and the sealed move, for a valid sealed move: `A8` (2005);
    /// `Guidelines I.8` (2018, 2023).
    SealedMove,
    /// A sealed move that is ambiguous: `A8.a` (2005); `Guidelines I.8` (2018, 2023).
    SealedMoveAmbiguous,
    /// A sealed move whose true meaning cannot be established: `A8.b` (2005);
    /// `Guidelines I.8` (2018, 2023).
    SealedMoveUnreadable,
    /// A sealed move that is illegal: `A8.c` (2005); `Guidelines I.8` (2018, 2023).
    SealedMoveIllegal,
    /// Each piece is named by the first letter of its name, in the language of the country:
    /// `E3` (2005); `C.3` (2018, 2023).
    PieceLetters,
    /// Pawns are not named by a letter: `E4` (2005); `C.4` (2018, 2023).
    PawnWithoutLetter,
    /// The files are the small letters `a` to `h` and the ranks the numbers `1` to `8`:
    /// `E5` (2005); `C.5` (2018, 2023).
    FilesAndRanks,
    /// A move is written as the piece's letter and the square of arrival: `E8` (2005);
    /// `C.8` (2018, 2023).
    SquareOfArrival,
    /// Captures: the `x`, the pawn's file of departure, `a.p.` for en passant: `E9` (2005);
    /// `C.9` (2018, 2023).
    Captures,
    /// Two identical pieces that can reach the same square are told apart by the file, or
    /// the rank, of departure: `E10` (2005); `C.10` (2018, 2023).
    Disambiguation,
    /// The offer of a draw is marked `(=)`: `E13` (2005); `C.12` (2018, 2023).
    DrawOffer,
    /// The abbreviations: `+` for check, `#` for checkmate, `x` for a capture…:
    /// `E (abreviaturas)` (2005); `C.13` (2018, 2023).
    Abbreviations,
}

impl Article {
    /// Every article, in the order of the Laws.
    pub const ALL: [Article; 29] = [
        Article::PieceMovement,
        Article::OwnPieceOnTarget,
        Article::EnPassant,
        Article::Promotion,
        Article::CastlingRights,
        Article::CastlingPath,
        Article::KingInCheck,
        Article::Checkmate,
        Article::Stalemate,
        Article::GameResult,
        Article::OpponentCannotMate,
        Article::Recording,
        Article::Threefold,
        Article::FiftyMoves,
        Article::DeadPosition,
        Article::Fivefold,
        Article::SeventyFiveMoves,
        Article::SealedMove,
        Article::SealedMoveAmbiguous,
        Article::SealedMoveUnreadable,
        Article::SealedMoveIllegal,
        Article::PieceLetters,
        Article::PawnWithoutLetter,
        Article::FilesAndRanks,
        Article::SquareOfArrival,
        Article::Captures,
        Article::Disambiguation,
        Article::DrawOffer,
        Article::Abbreviations,
    ];

    /// The article as the edition numbers it: `Art. 5.1` (2005) or `Art. 5.1.1` (2018,
    /// 2023), `E10` (2005) or `C.10`. The 2023 Laws keep the 2018 numbering of every article
    /// cited here.
    pub const fn citation(self, edition: Edition) -> &'static str {
        match edition {
            Edition::Fide2005 => citation_2005(self),
            Edition::Fide2018 | Edition::Fide2023 => citation_2018(self),
        }
    }
}

/// The numbering of the 2005 Laws: Appendix E for notation, Appendix A for adjournment.
const fn citation_2005(article: Article) -> &'static str {
    match article {
        Article::PieceMovement => "Art. 3",
        Article::OwnPieceOnTarget => "Art. 3.1",
        Article::EnPassant => "Art. 3.7.d",
        Article::Promotion => "Art. 3.7.e",
        Article::CastlingRights => "Art. 3.8.b.1",
        Article::CastlingPath => "Art. 3.8.b.2",
        Article::KingInCheck => "Art. 3.9",
        Article::Checkmate => "Art. 5.1",
        Article::Stalemate => "Art. 5.2.a",
        Article::GameResult => "Art. 5 y 8.7",
        Article::OpponentCannotMate => "Art. 6.10",
        Article::Recording => "Art. 8.1",
        Article::Threefold => "Art. 9.2",
        Article::FiftyMoves => "Art. 9.3",
        Article::DeadPosition => "Art. 9.6",
        Article::Fivefold => "Art. 9.6.1",
        Article::SeventyFiveMoves => "Art. 9.6.2",
        Article::SealedMove => "A8",
        Article::SealedMoveAmbiguous => "A8.a",
        Article::SealedMoveUnreadable => "A8.b",
        Article::SealedMoveIllegal => "A8.c",
        Article::PieceLetters => "E3",
        Article::PawnWithoutLetter => "E4",
        Article::FilesAndRanks => "E5",
        Article::SquareOfArrival => "E8",
        Article::Captures => "E9",
        Article::Disambiguation => "E10",
        Article::DrawOffer => "E13",
        Article::Abbreviations => "E (abreviaturas)",
    }
}

/// The numbering of the 2018 Laws, kept in 2023: Appendix C for notation, the Guidelines (I)
/// for adjournment.
const fn citation_2018(article: Article) -> &'static str {
    match article {
        Article::PieceMovement => "Art. 3",
        Article::OwnPieceOnTarget => "Art. 3.1",
        Article::EnPassant => "Art. 3.7.3.2",
        Article::Promotion => "Art. 3.7.3.3",
        Article::CastlingRights => "Art. 3.8.2.1",
        Article::CastlingPath => "Art. 3.8.2.2",
        Article::KingInCheck => "Art. 3.9",
        Article::Checkmate => "Art. 5.1.1",
        Article::Stalemate => "Art. 5.2.1",
        Article::GameResult => "Art. 5 y 8.7",
        Article::OpponentCannotMate => "Art. 6.9",
        Article::Recording => "Art. 8.1.1",
        Article::Threefold => "Art. 9.2",
        Article::FiftyMoves => "Art. 9.3",
        Article::DeadPosition => "Art. 5.2.2",
        Article::Fivefold => "Art. 9.6.1",
        Article::SeventyFiveMoves => "Art. 9.6.2",
        Article::SealedMove
        | Article::SealedMoveAmbiguous
        | Article::SealedMoveUnreadable
        | Article::SealedMoveIllegal => "Guidelines I.8",
        Article::PieceLetters => "C.3",
        Article::PawnWithoutLetter => "C.4",
        Article::FilesAndRanks => "C.5",
        Article::SquareOfArrival => "C.8",
        Article::Captures => "C.9",
        Article::Disambiguation => "C.10",
        Article::DrawOffer => "C.12",
        Article::Abbreviations => "C.13",
    }
}

/// The article a diagnostic rests on, in the edition that applies: `E10 (2005)`, `C.10 (2023)`,
/// `Art. 3.9 (2023)`.
///
/// ```
/// use planilla::laws::{Article, Edition, Rule};
/// let rule = Rule::new(Edition::Fide2023, Article::Checkmate);
/// assert_eq!(rule.citation(), "Art. 5.1.1");
/// assert_eq!(rule.to_string(), "Art. 5.1.1 (2023)");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The article, whatever its number.
    pub article: Article,
    /// The edition, which numbers the article.
    pub edition: Edition,
}

impl Rule {
    /// The `article` as the `edition` has it.
    pub const fn new(edition: Edition, article: Article) -> Rule {
        Rule { article, edition }
    }

    /// The article as the edition numbers it: `E10`, `C.10`, `Art. 3.9`.
    pub const fn citation(&self) -> &'static str {
        self.article.citation(self.edition)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.citation(), self.edition.year())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_article_has_a_citation_in_every_edition() {
        for (i, article) in Article::ALL.into_iter().enumerate() {
            assert!(!Article::ALL[..i].contains(&article), "{article:?} twice");
            for edition in Edition::ALL {
                assert!(
                    !article.citation(edition).is_empty(),
                    "{article:?} in {edition:?}"
                );
            }
        }
    }

    #[test]
    fn known_citations() {
        let cases = [
            (Article::Checkmate, "Art. 5.1", "Art. 5.1.1"),
            (Article::Disambiguation, "E10", "C.10"),
            (Article::DeadPosition, "Art. 9.6", "Art. 5.2.2"),
            (Article::SealedMoveIllegal, "A8.c", "Guidelines I.8"),
            (Article::DrawOffer, "E13", "C.12"),
            (Article::Abbreviations, "E (abreviaturas)", "C.13"),
            (Article::Threefold, "Art. 9.2", "Art. 9.2"),
        ];
        for (article, in_2005, from_2018) in cases {
            assert_eq!(article.citation(Edition::Fide2005), in_2005);
            assert_eq!(article.citation(Edition::Fide2018), from_2018);
            assert_eq!(article.citation(Edition::Fide2023), from_2018);
        }
    }

    #[test]
    fn rules_display_as_before() {
        let rule = Rule::new(Edition::Fide2023, Article::Disambiguation);
        assert_eq!(rule.citation(), "C.10");
        assert_eq!(rule.to_string(), "C.10 (2023)");
        let rule = Rule::new(Edition::Fide2005, Article::Checkmate);
        assert_eq!(rule.to_string(), "Art. 5.1 (2005)");
    }
}
