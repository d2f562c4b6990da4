//! Diagnostics: what was found, where, and under which article. Their words are in
//! [`crate::i18n`].

use super::code::{DiagnosticCode, Severity};
use crate::laws::draws::DrawEvent;
use crate::localize::in_language_with_san;
use crate::notation::descriptive::NotationKind;
use crate::notation::{Language, ParseError, Span};
use crate::position::{Move, Position};
use crate::resolve::{AmbiguityCause, Edition, IllegalReason, IrregularityKind, Rule};
use crate::san::SanPlus;
use crate::scoresheet::Outcome;
use crate::types::Color;

/// The language of messages: Spanish (the default) or English.
///
/// ```
/// use planilla::{check_text, CheckOptions, MessageLanguage};
/// let sheet = "1.e4 e5 2.Cxe5";
/// let error = &check_text(sheet, &CheckOptions::default()).next().unwrap().diagnostics[0];
/// let es = "jugada ilegal: ningún caballo blanco puede llegar a e5";
/// assert_eq!(error.message(MessageLanguage::Spanish), es);
/// let en = "illegal move: no white knight can reach e5";
/// assert_eq!(error.message(MessageLanguage::English), en);
/// // Spanish is the default; options in English make the `Display` form English.
/// assert_eq!(CheckOptions::default().messages, MessageLanguage::Spanish);
/// let english = CheckOptions::default().with_messages(MessageLanguage::English);
/// let report = check_text(sheet, &english).next().unwrap();
/// assert_eq!(report.diagnostics[0].to_string(), format!("error[illegal-move]: 2. Cxe5: {en}"));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum MessageLanguage {
    /// Spanish.
    #[default]
    Spanish,
    /// English.
    English,
}

/// A legal move named both ways: in standard SAN, and as the sheet writes it.
///
/// Candidates and suggestions are named so: messages in Spanish give the sheet's writing,
/// messages in English give SAN ([`NamedMove::name`]), and JSON gives both.
///
/// ```
/// use planilla::check::NamedMove;
/// use planilla::notation::Language;
/// use planilla::{Position, Role, Square};
/// let pos = Position::startpos();
/// let mv = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// let named = NamedMove::new(&pos, mv, &Language::SPANISH);
/// assert_eq!((named.san.to_string().as_str(), named.written.as_str()), ("Nf3", "Cf3"));
/// assert_eq!(named.mv.to_uci(), "g1f3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct NamedMove {
    /// The move.
    pub mv: Move,
    /// Standard SAN, with its check or mate suffix (PGN §8.2.3).
    pub san: SanPlus,
    /// The move in the sheet's letters, in the canonical form of Appendix C (2018, 2023)
    /// (`Cf3`, `exd6 a.p.`, `d8D`, `0-0`), or in descriptive notation on a descriptive sheet.
    pub written: String,
}

impl NamedMove {
    /// Names the legal move `mv` of `pos`, written in `language` (see
    /// [`in_language`](crate::localize::in_language)).
    #[must_use]
    pub fn new(pos: &Position, mv: Move, language: &Language) -> NamedMove {
        let san = SanPlus::from_move(pos, mv);
        let written = in_language_with_san(pos, mv, &san, language);
        NamedMove { mv, san, written }
    }

    /// Names each of `moves`, legal in `pos`.
    #[must_use]
    pub fn each(pos: &Position, moves: &[Move], language: &Language) -> Vec<NamedMove> {
        moves
            .iter()
            .map(|&m| NamedMove::new(pos, m, language))
            .collect()
    }
}

/// A problem with a move number (Art. 8.1: moves are recorded one after another).
///
/// ```
/// use planilla::{check_text, CheckOptions, Finding, NumberProblem};
/// // White's second move numbered 3: a warning, and the moves still count.
/// let report = check_text("1.e4 e5 3.Cf3", &CheckOptions::default()).next().unwrap();
/// let problem = NumberProblem::OutOfOrder { expected: 2, found: 3 };
/// assert_eq!(report.diagnostics[0].finding, Finding::MoveNumber(problem));
/// assert_eq!(report.diagnostics[0].code(), "move-number");
/// assert!(report.is_valid());
/// // The same number twice.
/// let report = check_text("1.e4 e5 2.Cf3 Cc6 2.Ab5", &CheckOptions::default()).next().unwrap();
/// let problem = NumberProblem::Duplicated { number: 2 };
/// assert_eq!(report.diagnostics[0].finding, Finding::MoveNumber(problem));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberProblem {
    /// A White move with no number before it.
    Missing {
        /// The number it should have.
        expected: u32,
    },
    /// The same number written twice.
    Duplicated {
        /// The repeated number.
        number: u32,
    },
    /// A number that is not the next one.
    OutOfOrder {
        /// The number due.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// The right number with a letter for its figure: OCR's `l.`, `I.` or `J.` for `1.`
    /// before the game's first move, the next number written `2.`.
    Misprinted {
        /// The number meant.
        number: u32,
    },
    /// The right number in the other side's form: `23...` (a Black move) before a White move.
    WrongSide {
        /// The number written.
        number: u32,
        /// The side whose move it is.
        mover: Color,
    },
}

/// Why a game ended on the board.
///
/// ```
/// use planilla::{check_text, BoardEnd, CheckOptions, Color, Edition, Finding, Outcome};
/// // Fool's mate recorded as a White win: on the board, White is mated.
/// let report = check_text("1.f3 e5 2.g4 Dh4 1-0", &CheckOptions::default()).next().unwrap();
/// let Finding::ResultMismatch { recorded, end } = report.diagnostics[0].finding else {
///     panic!("a result the board contradicts")
/// };
/// assert_eq!((recorded, end), (Outcome::WhiteWins, BoardEnd::Checkmate(Color::White)));
/// assert_eq!(end.rule(Edition::Fide2005).to_string(), "Art. 5.1 (2005)");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BoardEnd {
    /// The side to move is checkmated (Art. 5.1).
    Checkmate(Color),
    /// The side to move is stalemated (Art. 5.2).
    Stalemate,
    /// A draw without a claim: fivefold repetition, the 75-move rule, a dead position.
    Drawn(DrawEvent),
}

impl BoardEnd {
    /// The article that ends the game: checkmate `Art. 5.1` (2005) or `5.1.1` (2018, 2023),
    /// stalemate `5.2.a` or `5.2.1`, and the draw's own article (see [`DrawEvent::rule`]).
    pub const fn rule(self, edition: Edition) -> Rule {
        match self {
            BoardEnd::Checkmate(_) => Rule::new(edition, crate::laws::Article::Checkmate),
            BoardEnd::Stalemate => Rule::new(edition, crate::laws::Article::Stalemate),
            BoardEnd::Drawn(event) => event.rule(edition),
        }
    }
}

/// What a diagnostic reports. Each kind has a stable [`code`](Diagnostic::code).
///
/// ```
/// use planilla::{check_text, CheckOptions, Finding, IllegalReason, NumberProblem, Role, Square};
/// let report = check_text("1.e4 e5 2.Cxe5", &CheckOptions::default()).next().unwrap();
/// let unreachable = IllegalReason::Unreachable(Role::Knight, Square::E5);
/// assert_eq!(report.diagnostics[0].finding, Finding::Illegal(unreachable));
/// // A move number out of order is a finding too, and a warning.
/// let report = check_text("1.e4 e5 3.Cf3", &CheckOptions::default()).next().unwrap();
/// let out_of_order = NumberProblem::OutOfOrder { expected: 2, found: 3 };
/// assert_eq!(report.diagnostics[0].finding, Finding::MoveNumber(out_of_order));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// The text does not follow the grammar (comment, variation, tag, header…).
    Syntax(ParseError),
    /// A move that cannot be read: a syntax error inside a move, or a target so incomplete
    /// that nothing legal fits.
    Unreadable(Option<ParseError>),
    /// No legal move fits.
    Illegal(IllegalReason),
    /// Several legal moves fit.
    Ambiguous(AmbiguityCause),
    /// Irregular writing of a move whose meaning is certain.
    Irregular(IrregularityKind),
    /// A move number missing, repeated or out of order.
    MoveNumber(NumberProblem),
    /// The recorded result contradicts the board.
    ResultMismatch {
        /// The result written: never [`Outcome::Unknown`] nor
        /// [`Outcome::SideToMoveResigns`]; it displays in PGN form.
        recorded: Outcome,
        /// How the board ended the game.
        end: BoardEnd,
    },
    /// Moves written after the game ended on the board; they do not count.
    MoveAfterEnd(BoardEnd),
    /// A move number stands where a move belongs, and it is the next number: the move of the
    /// side to move was not written (the blank cell of the sheet). Art. 8.1.
    MissingMove {
        /// The number written in its place.
        found: u32,
    },
    /// The box of the side to move was left blank (`—`, `-`, `…` where the move belongs, or
    /// Black's number `3...` where White's third move is due): the move was not written.
    /// Its code is `missing-move`. Art. 8.1.
    BlankMove,
    /// A termination word the board contradicts: `mate` where the position is no checkmate,
    /// `ahogado` where it is no stalemate (Art. 5; 8.7).
    TerminationMismatch(crate::scoresheet::Termination),
    /// Text after the result that is no termination word: not read, and said.
    UnknownWord,
    /// The move numbers on a line jump, as on a sheet of two columns side by side, but no
    /// such layout explains them (Art. 8.1).
    ColumnsSideBySide,
    /// A draw became available to claim (threefold repetition, 50 moves) or ended the game
    /// (fivefold repetition, 75 moves, dead position).
    Draw(DrawEvent),
    /// A note: the game's notation was decided from its moves: the notation read
    /// ([`NotationKind::Descriptive`] or [`NotationKind::Algebraic`]).
    NotationChosen(NotationKind),
    /// A move in the other notation than the game's: the move's notation.
    MixedNotation(NotationKind),
    /// No move and no result were recorded: the game has headers only (Art. 8.1).
    NoMoves,
    /// A note, once a game: words between the moves were kept as prose (book and column
    /// commentary), none of them a move shape or one edit away from a legal move.
    Prose,
    /// In printed text, a move without its number outside commentary (see
    /// [`DiagnosticCode::UnnumberedMove`]).
    UnnumberedMove,
    /// In printed text, a move number skips plies after words that were set aside as
    /// commentary: the moves between were printed there, or not at all, and are missing from
    /// the game (see [`DiagnosticCode::MissingMoves`]). Art. 8.1.
    MissingMoves {
        /// The number the game needed.
        expected: u32,
        /// The number printed.
        found: u32,
    },
    /// A note, once a game: in printed text, numbered moves after the game's end (a
    /// resignation, a result) or numbered back to a move already played were read as a
    /// variation, never as the game's moves (see [`DiagnosticCode::Variation`]).
    Variation,
    /// In printed text, a numbered move inside a sentence that no later number outside a
    /// sentence confirms or replaces: narration of the game or a variation of the notes, the
    /// text cannot tell, and neither reading is guessed (see
    /// [`DiagnosticCode::MainLineUnclear`]).
    MainLineUnclear,
    /// A note: a move of a parenthesised variation does not read in the variation's position;
    /// the variation is kept up to the move before it (see [`DiagnosticCode::VariationCut`]).
    VariationCut,
}

/// One diagnostic: what was found ([`Finding`], whose [`code`](Diagnostic::code) sets the
/// [`severity`](Diagnostic::severity)), the place, the article, candidates and suggestions.
///
/// ```
/// use planilla::{check_text, CheckOptions, Color};
/// let sheet = "1.e4 e5 2.Cxe5";
/// let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
/// let error = &report.diagnostics[0];
/// assert_eq!((error.code().as_str(), error.ply), ("illegal-move", Some(3)));
/// assert_eq!(error.move_number, Some((2, Color::White)));
/// assert_eq!(&sheet[error.span.range()], "Cxe5");
/// assert_eq!(error.rule.unwrap().to_string(), "Art. 3 (2023)");
/// let closest: Vec<_> = error.suggestions.iter().map(|s| s.written.as_str()).collect();
/// assert_eq!(closest, ["Ce2", "Cc3", "Cf3"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// What.
    pub finding: Finding,
    /// Where, as byte offsets into the input text.
    pub span: Span,
    /// The ply (half-move, from 1) it concerns, if any.
    pub ply: Option<u32>,
    /// The move number and colour of that ply, for messages like "5. Dxd5".
    pub move_number: Option<(u32, Color)>,
    /// The text written for the move, if the diagnostic concerns one.
    pub written: Option<String>,
    /// The article it rests on.
    pub rule: Option<Rule>,
    /// For an ambiguous or incomplete move, every legal move that fits; for a guess of
    /// lenient reading, the move it read.
    pub candidates: Vec<NamedMove>,
    /// Up to three legal moves closest to the writing, closest first.
    pub suggestions: Vec<NamedMove>,
    /// The language it was made in ([`CheckOptions::messages`](super::CheckOptions)): its
    /// `Display` and its `Serialize` forms speak it. [`Diagnostic::message`] and
    /// [`Diagnostic::title`] take any language.
    pub messages: MessageLanguage,
}

impl Diagnostic {
    /// The stable code, from the finding (see [`DiagnosticCode`]).
    #[must_use]
    pub const fn code(&self) -> DiagnosticCode {
        use IrregularityKind as K;
        match &self.finding {
            Finding::Syntax(_) => DiagnosticCode::Syntax,
            Finding::Unreadable(_) => DiagnosticCode::UnreadableMove,
            Finding::Illegal(
                IllegalReason::PromotionMissing | IllegalReason::PromotionOnWrongRank,
            ) => DiagnosticCode::Promotion,
            Finding::Illegal(_) => DiagnosticCode::IllegalMove,
            Finding::Ambiguous(AmbiguityCause::IncompleteTarget) => DiagnosticCode::IncompleteMove,
            Finding::Ambiguous(_) => DiagnosticCode::AmbiguousMove,
            Finding::Irregular(kind) => match kind {
                K::CaptureMarkWithoutCapture | K::CaptureMarkMissing => DiagnosticCode::CaptureMark,
                K::FalseCheck | K::FalseMate => DiagnosticCode::CheckMark,
                K::SuperfluousDisambiguation
                | K::NonstandardDisambiguation
                | K::DisambiguatedByCheck => DiagnosticCode::Disambiguation,
                K::IncompleteButUnique | K::PawnCaptureWithoutFile => DiagnosticCode::Guess,
                K::ForeignLetter => DiagnosticCode::ForeignLetter,
                K::PawnLetter => DiagnosticCode::PawnLetter,
                K::EnPassantMarkWithoutEnPassant | K::EnPassantMarkMissing => {
                    DiagnosticCode::EnPassantMark
                }
                K::CaseReading => DiagnosticCode::CaseReading,
            },
            Finding::MoveNumber(_) => DiagnosticCode::MoveNumber,
            Finding::ResultMismatch { .. } | Finding::TerminationMismatch(_) => {
                DiagnosticCode::ResultMismatch
            }
            Finding::MoveAfterEnd(_) => DiagnosticCode::MoveAfterEnd,
            Finding::MissingMove { .. } | Finding::BlankMove => DiagnosticCode::MissingMove,
            Finding::UnknownWord => DiagnosticCode::UnknownWord,
            Finding::ColumnsSideBySide => DiagnosticCode::TwoColumns,
            Finding::Draw(event) => match event {
                DrawEvent::ThreefoldAvailable => DiagnosticCode::ThreefoldAvailable,
                DrawEvent::FiftyMovesAvailable => DiagnosticCode::FiftyMovesAvailable,
                DrawEvent::Fivefold => DiagnosticCode::Fivefold,
                DrawEvent::SeventyFiveMoves => DiagnosticCode::SeventyFiveMoves,
                DrawEvent::DeadPosition => DiagnosticCode::DeadPosition,
            },
            Finding::NotationChosen(_) => DiagnosticCode::Notation,
            Finding::MixedNotation(_) => DiagnosticCode::MixedNotation,
            Finding::NoMoves => DiagnosticCode::NoMoves,
            Finding::Prose => DiagnosticCode::Prose,
            Finding::UnnumberedMove => DiagnosticCode::UnnumberedMove,
            Finding::MissingMoves { .. } => DiagnosticCode::MissingMoves,
            Finding::Variation => DiagnosticCode::Variation,
            Finding::MainLineUnclear => DiagnosticCode::MainLineUnclear,
            Finding::VariationCut => DiagnosticCode::VariationCut,
        }
    }

    /// How serious: it follows from the [`code`](Diagnostic::code)
    /// (see [`DiagnosticCode::severity`]).
    #[must_use]
    pub const fn severity(&self) -> Severity {
        self.code().severity()
    }
}
