//! English: for readers of the command line and of JSON who do not read Spanish.

use super::{CheckSummary, DiagnosticNote, SealedLabel, SummaryWord, Texts, mover};
use crate::check::{BoardEnd, Diagnostic, Finding, NumberProblem};
use crate::laws::Rule;
use crate::laws::draws::DrawEvent;
use crate::notation::descriptive::NotationKind;
use crate::resolve::{AmbiguityCause, IllegalReason, IrregularityKind};
use crate::scoresheet::Termination;
#[cfg(feature = "sealed")]
use crate::sealed::{Consequence, DrawException, EnvelopeError, EvidentBasis};
use crate::types::{CastlingSide, Color};

/// The English texts.
#[derive(Copy, Clone, Debug, Default)]
pub struct English;

impl Texts for English {
    fn diagnostic(&self, d: &Diagnostic) -> String {
        let year = d.rule.map(|r| r.edition).unwrap_or_default().year();
        match &d.finding {
            Finding::Syntax(e) => format!("syntax error: {}", e.kind),
            Finding::Unreadable(Some(e)) => format!(
                "unreadable move ({}): its meaning cannot be established",
                e.kind
            ),
            Finding::Unreadable(None) => {
                "unreadable move: no legal move fits what was written".to_owned()
            }
            Finding::Illegal(reason) => illegal(*reason, mover(d)),
            Finding::Ambiguous(cause) => match cause {
                AmbiguityCause::Disambiguation => "ambiguous move: more than one piece can make it; the origin file or rank is missing",
                AmbiguityCause::IncompleteTarget => "incomplete move: the target square is not written in full (file and rank); what is written is not completed",
                AmbiguityCause::Mark => "doubtful move: the capture, check or mate mark does not fit the move read, and another legal move one character from what is written fits it",
                AmbiguityCause::CaseReadings => "ambiguous move: what is written is no legal move, and more than one guessed reading (letter case, other letters, completed square) is",
            }
            .to_owned(),
            Finding::Irregular(kind) => irregular(*kind, year),
            Finding::MoveNumber(p) => number_problem(*p),
            Finding::ResultMismatch { recorded, end } => format!(
                "the recorded result {recorded} contradicts the board: {}",
                board_end(*end)
            ),
            Finding::Draw(event) => draw(*event).to_owned(),
            Finding::MissingMove { found } => {
                let side = match mover(d) {
                    Color::White => "White's",
                    Color::Black => "Black's",
                };
                format!("{side} move is missing: the number {found} stands in its place")
            }
            Finding::BlankMove => {
                let side = match mover(d) {
                    Color::White => "White's",
                    Color::Black => "Black's",
                };
                format!("{side} move is missing: its box was left blank")
            }
            Finding::TerminationMismatch(t) => {
                let is = match t {
                    Termination::Stalemate => "stalemate",
                    _ => "checkmate",
                };
                format!(
                    "\"{}\" is written, but the position is no {is}: the board contradicts it",
                    t.spanish()
                )
            }
            Finding::UnknownWord => {
                "unknown text after the result or the last move: it is no termination word and is not read"
                    .to_owned()
            }
            Finding::NotationChosen(NotationKind::Descriptive) => {
                "game read in descriptive notation, from its moves".to_owned()
            }
            Finding::NotationChosen(_) => {
                "game read in algebraic notation, from its moves".to_owned()
            }
            Finding::MixedNotation(NotationKind::Descriptive) => {
                "a move in descriptive notation in an algebraic game".to_owned()
            }
            Finding::MixedNotation(_) => {
                "a move in algebraic notation in a descriptive game".to_owned()
            }
            Finding::ColumnsSideBySide => "the move numbers jump on one line: the sheet looks like two columns side by side, but its numbers do not read that way; write one column after the other".to_owned(),
            Finding::MoveAfterEnd(end) => format!(
                "move recorded after the game ended ({}); it does not count",
                board_end(*end)
            ),
            Finding::NoMoves => "a game with no moves: nothing is recorded to check".to_owned(),
            Finding::UnnumberedMove => "a move without its number in printed text, outside the commentary: it may belong to the commentary, and is not read as a move of the game".to_owned(),
            Finding::MissingMoves { expected, found } => format!(
                "missing moves: after text set aside as commentary, the number jumps to {found} where the game went on at {expected}; the moves between are not read into the game"
            ),
            Finding::Variation => "printed text: numbered moves after the end of the game (a resignation, a result) or numbered back to a move already played are read as a variation, not as moves of the game".to_owned(),
            Finding::VariationCut => "variation: this move does not read in the variation's position; the variation is kept up to the move before it".to_owned(),
            Finding::MainLineUnclear => "printed text: this numbered move stands inside a sentence, and nothing in the text tells whether the game goes on from it (no later number outside a sentence, or a move set aside before it that could be the game's): it may be the game's or a variation of the notes, and neither is guessed".to_owned(),
            Finding::Prose => "printed text: the words between the moves that are no moves, and not one character away from a legal move, are read as commentary".to_owned(),
        }
    }

    fn guess(&self, written: &str, read: &str, message: &str) -> String {
        format!("read \"{written}\" as \"{read}\": {message}")
    }

    fn valid_sealed_move(&self) -> &'static str {
        "a legal move, and the only one written so"
    }

    fn valid(&self) -> &'static str {
        "valid"
    }

    #[cfg(feature = "sealed")]
    fn consequence(&self, consequence: Consequence, sealer: Color) -> String {
        let sealer = match sealer {
            Color::White => "White",
            Color::Black => "Black",
        };
        match consequence {
            Consequence::Continue => "the move is played and the game goes on".to_owned(),
            Consequence::Loss => format!("{sealer}, who sealed the move, loses"),
            Consequence::Refer => format!(
                "{sealer} loses unless the opponent can no longer checkmate, which could not be \
                 decided: the arbiter must examine the position"
            ),
            Consequence::Draw(exception) => match exception {
                DrawException::OpponentCannotMate => {
                    "a draw: the opponent cannot checkmate by any series of legal moves"
                }
                DrawException::DeadPosition => {
                    "a draw: the position is dead, neither player can checkmate"
                }
                DrawException::Stalemate => "a draw: the sealer was stalemated",
                DrawException::Fivefold => {
                    "a draw: the position on the envelope had appeared five times"
                }
                DrawException::SeventyFiveMoves => {
                    "a draw: 75 moves by each player without a pawn move or a capture"
                }
            }
            .to_owned(),
        }
    }

    fn yes_no(&self, answer: Option<bool>) -> &'static str {
        match answer {
            Some(true) => "yes",
            Some(false) => "no",
            None => "undetermined",
        }
    }

    fn sealed_label(&self, label: SealedLabel) -> &'static str {
        match label {
            SealedLabel::SealedMove => "sealed move",
            SealedLabel::Position => "position",
            SealedLabel::Verdict => "verdict",
            SealedLabel::ArticleBroken => "article broken",
            SealedLabel::Irregularity => "irregularity",
            SealedLabel::DrawOffer => "draw offer",
            SealedLabel::Candidates => "candidates",
            SealedLabel::Consequence => "consequence",
            SealedLabel::OpponentCanMate => "the opponent can checkmate",
            SealedLabel::DeadPosition => "dead position",
            SealedLabel::Suggestions => {
                "closest legal moves (information only, they do not change the verdict)"
            }
            SealedLabel::EvidentReading => {
                "evident reading (the arbiter's decision, it does not change the verdict)"
            }
        }
    }

    fn nothing_written(&self) -> &'static str {
        "(nothing written)"
    }

    fn draw_offer_written(&self, rule: Rule) -> String {
        format!("(=) written with the move ({rule})")
    }

    #[cfg(feature = "sealed")]
    fn evident_basis(&self, basis: EvidentBasis) -> &'static str {
        match basis {
            EvidentBasis::OnlyCompletion => "the only legal move completing the writing",
            EvidentBasis::OneEdit => "the only legal move one character from the writing",
        }
    }

    #[cfg(feature = "sealed")]
    fn envelope_error(&self, e: &EnvelopeError) -> String {
        e.to_string()
    }

    fn fen_error(&self, e: &crate::position::FenError) -> String {
        e.to_string()
    }

    fn diagnostic_note(&self, note: DiagnosticNote) -> &'static str {
        match note {
            DiagnosticNote::Article => "article",
            DiagnosticNote::Candidates => "candidates",
            DiagnosticNote::Suggestions => "closest legal moves",
        }
    }

    fn ply_label(&self, ply: u32) -> String {
        format!("ply {ply}")
    }

    fn summary_word(&self, word: SummaryWord) -> &'static str {
        match word {
            SummaryWord::Game => "game",
            SummaryWord::PliesRead => "plies read",
            SummaryWord::Valid => "valid",
            SummaryWord::WithErrors => "with errors",
        }
    }

    fn unread_moves(&self, n: usize) -> String {
        match n {
            0 => "reading stopped, the rest of the game left unread".to_owned(),
            n => format!(
                "reading stopped, {n} written move(s) left unread, counting the one that stopped it"
            ),
        }
    }

    fn check_summary(&self, s: CheckSummary) -> String {
        format!(
            "{} game(s), {} valid; {} error(s), {} warning(s)",
            s.games, s.valid_games, s.errors, s.warnings
        )
    }
}

fn castling(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "short",
        CastlingSide::QueenSide => "long",
    }
}

fn illegal(reason: IllegalReason, color: Color) -> String {
    use IllegalReason as R;
    let c = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    match reason {
        R::NoPiece(role) => format!("illegal move: there is no {c} {role}"),
        R::NoPieceOnOrigin(role) => {
            format!("illegal move: no {c} {role} stands on the origin file or rank written")
        }
        R::Unreachable(role, to) => format!("illegal move: no {c} {role} can reach {to}"),
        R::NoMoveDoes(role, verb) => {
            use crate::notation::descriptive::Verb as V;
            let does = match verb {
                V::Checks => "gives check",
                V::Mates => "mates",
                V::Moves => "is legal",
                V::Interposes => "interposes",
                V::Queens => "queens",
            };
            format!("illegal move: no move of a {c} {role} {does}")
        }
        R::OwnPieceOnTarget(s) => {
            format!("illegal move: {s} holds a piece of the same colour")
        }
        R::PawnCaptureWithoutFile(s) => format!(
            "illegal move: no pawn advances to {s}; a pawn capture is written with the file it leaves (exd5)"
        ),
        R::PawnOriginOnOwnFile(s) => format!(
            "illegal move: a pawn advancing to {s} is written without a file; a pawn's file is written only in a capture, and is the file it leaves (exd5)"
        ),
        R::NotEnPassant => "illegal move: a pawn captures diagonally only a piece, or en passant, and neither is possible".into(),
        R::Pinned(s) => format!(
            "illegal move: the piece on {s} is pinned; moving it would expose the king"
        ),
        R::DoesNotAnswerCheck(_) => {
            "illegal move: the king is in check and the move does not answer it".into()
        }
        R::KingIntoCheck => "illegal move: the king would be in check".into(),
        R::PromotionMissing => "promotion piece missing: a pawn reaching the last rank becomes a Q, R, B or N".into(),
        R::PromotionOnWrongRank => "illegal promotion: the pawn does not reach the last rank".into(),
        R::NoCastlingRights(side) => format!(
            "illegal {} castling: the king or that rook has moved",
            castling(side)
        ),
        R::CastlingBlocked(side) => format!(
            "illegal {} castling: pieces stand between king and rook",
            castling(side)
        ),
        R::CastlingOutOfCheck(side) => {
            format!("illegal {} castling: the king is in check", castling(side))
        }
        R::CastlingThroughCheck(side, s) => format!(
            "illegal {} castling: the king would cross {s}, which is attacked",
            castling(side)
        ),
        R::CastlingIntoCheck(side) => {
            format!("illegal {} castling: the king would land in check", castling(side))
        }
    }
}

fn irregular(kind: IrregularityKind, year: u16) -> String {
    use IrregularityKind as K;
    match kind {
        K::CaptureMarkWithoutCapture => "a capture mark (x) on a move that captures nothing".into(),
        K::CaptureMarkMissing => format!("the capture has no x, which the {year} Laws require"),
        K::FalseCheck => "a check mark (+) on a move that gives no check".into(),
        K::FalseMate => "a mate mark on a move that does not mate".into(),
        K::SuperfluousDisambiguation => "the origin hint is not needed".into(),
        K::NonstandardDisambiguation => {
            "the origin hint tells the pieces apart, but the file is preferred".into()
        }
        K::DisambiguatedByCheck => "the origin is missing: two pieces can make the move, but only one gives the check written".into(),
        K::IncompleteButUnique => "guessed reading (--lenient): the target square is incomplete and one legal move completes it".into(),
        K::ForeignLetter => "a piece letter from another language, read by its common meaning".into(),
        K::PawnLetter => {
            "pawns are not written with a letter: they are known by its absence".into()
        }
        K::EnPassantMarkWithoutEnPassant => {
            "a.p. on a move that is not an en passant capture".into()
        }
        K::EnPassantMarkMissing => {
            format!("the en passant capture has no a.p., which the {year} Laws require")
        }
        K::CaseReading => "guessed reading (--lenient): with the other letter case, or another language's letters, it is the only legal reading".into(),
        K::PawnCaptureWithoutFile => "guessed reading (--lenient): a pawn capture without its origin file; only one pawn can make it".into(),
    }
}

fn draw(event: DrawEvent) -> &'static str {
    match event {
        DrawEvent::ThreefoldAvailable => {
            "the same position appears for the third time: the player to move may claim a draw"
        }
        DrawEvent::FiftyMovesAvailable => {
            "50 moves by each player without a pawn move or a capture: the player to move may claim a draw"
        }
        DrawEvent::Fivefold => "the same position appears for the fifth time: the game is drawn",
        DrawEvent::SeventyFiveMoves => {
            "75 moves by each player without a pawn move or a capture: the game is drawn"
        }
        DrawEvent::DeadPosition => "dead position: neither player can checkmate; the game is drawn",
    }
}

fn board_end(end: BoardEnd) -> &'static str {
    match end {
        BoardEnd::Drawn(DrawEvent::Fivefold) => "fivefold repetition, the game is drawn",
        BoardEnd::Drawn(DrawEvent::SeventyFiveMoves) => {
            "75 moves without a pawn move or a capture, the game is drawn"
        }
        BoardEnd::Drawn(_) => "dead position, the game is drawn",
        BoardEnd::Checkmate(Color::White) => "White is checkmated",
        BoardEnd::Checkmate(Color::Black) => "Black is checkmated",
        BoardEnd::Stalemate => "stalemate, the game is drawn",
    }
}

/// What is wrong with a move number (Art. 8.1, recording).
fn number_problem(p: NumberProblem) -> String {
    match p {
        NumberProblem::Missing { expected } => format!("move number {expected} is missing"),
        NumberProblem::Duplicated { number } => format!("move number {number} is repeated"),
        NumberProblem::OutOfOrder { expected, found } => {
            format!("move number out of order: {expected} was due, {found} is written")
        }
        NumberProblem::Misprinted { number } => format!(
            "move number misprinted, a letter for its figure: read as {number}. (the next number is {})",
            number + 1
        ),
        NumberProblem::WrongSide {
            number,
            mover: Color::White,
        } => format!("move number {number}... is Black's, but White is to move"),
        NumberProblem::WrongSide {
            number,
            mover: Color::Black,
        } => format!("move number {number}. is White's, but Black is to move"),
    }
}
