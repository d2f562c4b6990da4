//! Diagnostics: what was found, where, under which article, in Spanish or English.

use core::fmt;

use super::code::DiagnosticCode;
use crate::laws::draws::DrawEvent;
use crate::notation::{ErrorKind, ParseError, Span};
use crate::resolve::{AmbiguityCause, Edition, IllegalReason, IrregularityKind, Rule};
use crate::types::{CastlingSide, Color, Role, Square};

/// How serious a diagnostic is; it follows from its [`DiagnosticCode`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
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

/// The language of messages: Spanish (the default) or English.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum MessageLanguage {
    /// Spanish.
    #[default]
    Spanish,
    /// English.
    English,
}

/// A problem with a move number (Art. 8.1: moves are recorded one after another).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
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
    /// The right number in the other side's form: `23...` (a Black move) before a White move.
    WrongSide {
        /// The number written.
        number: u32,
        /// The side whose move it is.
        mover: Color,
    },
}

/// Why a game ended on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
        /// The result written, in PGN form.
        recorded: &'static str,
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
    /// A note: the game's notation was decided from its moves (`true`: descriptive).
    NotationChosen(bool),
    /// A move in the other notation than the game's (`true`: the move is descriptive).
    MixedNotation(bool),
}

/// One diagnostic: what was found ([`Finding`], whose [`code`](Diagnostic::code) sets the
/// [`severity`](Diagnostic::severity)), the place, the article, candidates and suggestions.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// For an ambiguous move: every legal move that fits, in the sheet's letters.
    pub candidates: Vec<String>,
    /// Up to three legal moves closest to the writing, in the sheet's letters.
    pub suggestions: Vec<String>,
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
                K::SuperfluousDisambiguation | K::NonstandardDisambiguation => {
                    DiagnosticCode::Disambiguation
                }
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
            Finding::MissingMove { .. } => DiagnosticCode::MissingMove,
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
        }
    }

    /// How serious: it follows from the [`code`](Diagnostic::code)
    /// (see [`DiagnosticCode::severity`]).
    #[must_use]
    pub const fn severity(&self) -> Severity {
        self.code().severity()
    }

    /// The message, in Spanish or English, without the move number (see [`Diagnostic::title`]).
    pub fn message(&self, lang: MessageLanguage) -> String {
        let es = lang == MessageLanguage::Spanish;
        let t = |s: &str, e: &str| if es { s.to_owned() } else { e.to_owned() };
        match &self.finding {
            Finding::Syntax(e) => {
                if es {
                    format!("error de sintaxis: {}", syntax_es(e.kind))
                } else {
                    format!("syntax error: {}", e.kind)
                }
            }
            Finding::Unreadable(e) => match e {
                Some(e) if es => format!(
                    "jugada ilegible ({}): no se puede establecer su significado",
                    syntax_es(e.kind)
                ),
                Some(e) => format!(
                    "unreadable move ({}): its meaning cannot be established",
                    e.kind
                ),
                None => t(
                    "jugada ilegible: ninguna jugada legal corresponde a lo escrito",
                    "unreadable move: no legal move fits what was written",
                ),
            },
            Finding::Illegal(reason) => illegal_message(*reason, self.color(), es),
            Finding::Ambiguous(cause) => match cause {
                AmbiguityCause::Disambiguation => t(
                    "jugada ambigua: más de una pieza puede hacerla; falta indicar la columna o la fila de salida",
                    "ambiguous move: more than one piece can make it; the origin file or rank is missing",
                ),
                AmbiguityCause::IncompleteTarget => t(
                    "jugada incompleta: falta la casilla de llegada entera (columna y fila); no se completa lo escrito",
                    "incomplete move: the target square is not written in full (file and rank); what is written is not completed",
                ),
                AmbiguityCause::CaseReadings => t(
                    "jugada ambigua: lo escrito no es una jugada legal, y más de una lectura supuesta (mayúsculas, otras letras, casilla completada) lo es",
                    "ambiguous move: what is written is no legal move, and more than one guessed reading (letter case, other letters, completed square) is",
                ),
            },
            Finding::Irregular(kind) => {
                let m = irregular_message(*kind, self.rule.map(|r| r.edition), es);
                // A guess names the reading it made.
                match (kind.is_guess(), &self.written, self.candidates.first()) {
                    (true, Some(w), Some(c)) if es => format!("se leyó «{w}» como «{c}»: {m}"),
                    (true, Some(w), Some(c)) => format!("read \"{w}\" as \"{c}\": {m}"),
                    _ => m,
                }
            }
            Finding::MoveNumber(p) => match *p {
                NumberProblem::Missing { expected } => {
                    if es {
                        format!("falta el número de jugada {expected}")
                    } else {
                        format!("move number {expected} is missing")
                    }
                }
                NumberProblem::Duplicated { number } => {
                    if es {
                        format!("número de jugada repetido: {number}")
                    } else {
                        format!("move number {number} is repeated")
                    }
                }
                NumberProblem::OutOfOrder { expected, found } => {
                    if es {
                        format!(
                            "número de jugada fuera de orden: se esperaba {expected} y dice {found}"
                        )
                    } else {
                        format!("move number out of order: {expected} was due, {found} is written")
                    }
                }
                NumberProblem::WrongSide { number, mover } => match (mover, es) {
                    (Color::White, true) => {
                        format!(
                            "número de jugada {number}... de las negras, pero juegan las blancas"
                        )
                    }
                    (Color::Black, true) => {
                        format!("número de jugada {number}. de las blancas, pero juegan las negras")
                    }
                    (Color::White, false) => {
                        format!("move number {number}... is Black's, but White is to move")
                    }
                    (Color::Black, false) => {
                        format!("move number {number}. is White's, but Black is to move")
                    }
                },
            },
            Finding::ResultMismatch { recorded, end } => {
                if es {
                    format!(
                        "el resultado anotado {recorded} contradice el tablero: {}",
                        end_es(*end)
                    )
                } else {
                    format!(
                        "the recorded result {recorded} contradicts the board: {}",
                        end_en(*end)
                    )
                }
            }
            Finding::Draw(event) => draw_message(*event, es).to_owned(),
            Finding::MissingMove { found } => {
                let side = match (self.color(), es) {
                    (Color::White, true) => "de las blancas",
                    (Color::Black, true) => "de las negras",
                    (Color::White, false) => "White's",
                    (Color::Black, false) => "Black's",
                };
                if es {
                    format!("falta la jugada {side}: donde debía ir está escrito el número {found}")
                } else {
                    format!("{side} move is missing: the number {found} stands in its place")
                }
            }
            Finding::TerminationMismatch(t) => {
                let word = t.spanish();
                let is = match t {
                    crate::scoresheet::Termination::Stalemate => ("rey ahogado", "stalemate"),
                    _ => ("jaque mate", "checkmate"),
                };
                if es {
                    format!(
                        "se anotó «{word}», pero la posición no es {}: el tablero lo contradice",
                        is.0
                    )
                } else {
                    format!(
                        "\"{word}\" is written, but the position is no {}: the board contradicts it",
                        is.1
                    )
                }
            }
            Finding::UnknownWord => t(
                "texto desconocido tras el resultado: no es una palabra de final de partida y no se tiene en cuenta",
                "unknown text after the result: it is no termination word and is not read",
            ),
            Finding::NotationChosen(descriptive) => match (descriptive, es) {
                (true, true) => "partida leída en notación descriptiva, por sus jugadas".to_owned(),
                (true, false) => "game read in descriptive notation, from its moves".to_owned(),
                (false, true) => "partida leída en notación algebraica, por sus jugadas".to_owned(),
                (false, false) => "game read in algebraic notation, from its moves".to_owned(),
            },
            Finding::MixedNotation(descriptive) => match (descriptive, es) {
                (true, true) => {
                    "jugada en notación descriptiva en una partida algebraica".to_owned()
                }
                (true, false) => "a move in descriptive notation in an algebraic game".to_owned(),
                (false, true) => {
                    "jugada en notación algebraica en una partida descriptiva".to_owned()
                }
                (false, false) => "a move in algebraic notation in a descriptive game".to_owned(),
            },
            Finding::ColumnsSideBySide => t(
                "los números de jugada saltan en la misma línea: la planilla parece escrita en dos columnas una al lado de la otra, pero los números no dejan leerla así; escriba una columna tras otra",
                "the move numbers jump on one line: the sheet looks like two columns side by side, but its numbers do not read that way; write one column after the other",
            ),
            Finding::MoveAfterEnd(end) => {
                if es {
                    format!(
                        "jugada anotada después del final de la partida ({}); no cuenta",
                        end_es(*end)
                    )
                } else {
                    format!(
                        "move recorded after the game ended ({}); it does not count",
                        end_en(*end)
                    )
                }
            }
        }
    }

    /// The headline: the move number and the writing, then the message, e.g.
    /// `5. Dxd5: ninguna dama blanca puede llegar a d5`.
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

    fn color(&self) -> Color {
        self.move_number.map_or(Color::White, |(_, c)| c)
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

fn role_es(role: Role) -> (&'static str, bool) {
    // The name, and whether it is feminine (for the article and adjective).
    match role {
        Role::Pawn => ("peón", false),
        Role::Knight => ("caballo", false),
        Role::Bishop => ("alfil", false),
        Role::Rook => ("torre", true),
        Role::Queen => ("dama", true),
        Role::King => ("rey", false),
    }
}

fn color_adj_es(color: Color, feminine: bool) -> &'static str {
    match (color, feminine) {
        (Color::White, false) => "blanco",
        (Color::White, true) => "blanca",
        (Color::Black, false) => "negro",
        (Color::Black, true) => "negra",
    }
}

fn side_es(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "corto",
        CastlingSide::QueenSide => "largo",
    }
}

fn side_en(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "short",
        CastlingSide::QueenSide => "long",
    }
}

fn illegal_message(reason: IllegalReason, color: Color, es: bool) -> String {
    use IllegalReason as R;
    let sq = |s: Square| s.to_string();
    if es {
        let piece = |role: Role| {
            let (name, fem) = role_es(role);
            (
                name,
                if fem { "ninguna" } else { "ningún" },
                color_adj_es(color, fem),
            )
        };
        match reason {
            R::NoPiece(role) => {
                let (name, none, adj) = piece(role);
                format!("jugada ilegal: no queda {none} {name} {adj}")
            }
            R::NoPieceOnOrigin(role) => {
                let (name, none, adj) = piece(role);
                format!("jugada ilegal: {none} {name} {adj} está en la columna o fila de salida indicada")
            }
            R::Unreachable(role, to) => {
                let (name, none, adj) = piece(role);
                format!("jugada ilegal: {none} {name} {adj} puede llegar a {}", sq(to))
            }
            R::OwnPieceOnTarget(s) => format!("jugada ilegal: {} está ocupada por una pieza propia", sq(s)),
            R::PawnCaptureWithoutFile(sq) => format!("jugada ilegal: ningún peón avanza a {sq}; una captura de peón se escribe con la columna de salida (exd5)"),
            R::NotEnPassant => "jugada ilegal: el peón solo captura en diagonal si hay pieza que capturar o al paso, y no es el caso".into(),
            R::Pinned(s) => format!("jugada ilegal: la pieza de {} está clavada; moverla dejaría al rey en jaque", sq(s)),
            R::DoesNotAnswerCheck(_) => "jugada ilegal: el rey está en jaque y la jugada no lo evita".into(),
            R::KingIntoCheck => "jugada ilegal: el rey quedaría en jaque".into(),
            R::PromotionMissing => "falta la pieza de la promoción: el peón que llega a la última fila se cambia por D, T, A o C".into(),
            R::PromotionOnWrongRank => "promoción ilegal: el peón no llega a la última fila".into(),
            R::NoCastlingRights(side) => format!("enroque {} ilegal: el rey o esa torre ya se han movido", side_es(side)),
            R::CastlingBlocked(side) => format!("enroque {} ilegal: hay piezas entre el rey y la torre", side_es(side)),
            R::CastlingOutOfCheck(side) => format!("enroque {} ilegal: el rey está en jaque", side_es(side)),
            R::CastlingThroughCheck(side, s) => format!("enroque {} ilegal: el rey cruzaría {}, atacada por el adversario", side_es(side), sq(s)),
            R::CastlingIntoCheck(side) => format!("enroque {} ilegal: el rey quedaría en jaque", side_es(side)),
        }
    } else {
        let c = if color == Color::White {
            "white"
        } else {
            "black"
        };
        match reason {
            R::NoPiece(role) => format!("illegal move: there is no {c} {role}"),
            R::NoPieceOnOrigin(role) => format!("illegal move: no {c} {role} stands on the origin file or rank written"),
            R::Unreachable(role, to) => format!("illegal move: no {c} {role} can reach {}", sq(to)),
            R::OwnPieceOnTarget(s) => format!("illegal move: {} holds a piece of the same colour", sq(s)),
            R::PawnCaptureWithoutFile(sq) => format!("illegal move: no pawn advances to {sq}; a pawn capture is written with the file it leaves (exd5)"),
            R::NotEnPassant => "illegal move: a pawn captures diagonally only a piece, or en passant, and neither is possible".into(),
            R::Pinned(s) => format!("illegal move: the piece on {} is pinned; moving it would expose the king", sq(s)),
            R::DoesNotAnswerCheck(_) => "illegal move: the king is in check and the move does not answer it".into(),
            R::KingIntoCheck => "illegal move: the king would be in check".into(),
            R::PromotionMissing => "promotion piece missing: a pawn reaching the last rank becomes a Q, R, B or N".into(),
            R::PromotionOnWrongRank => "illegal promotion: the pawn does not reach the last rank".into(),
            R::NoCastlingRights(side) => format!("illegal {} castling: the king or that rook has moved", side_en(side)),
            R::CastlingBlocked(side) => format!("illegal {} castling: pieces stand between king and rook", side_en(side)),
            R::CastlingOutOfCheck(side) => format!("illegal {} castling: the king is in check", side_en(side)),
            R::CastlingThroughCheck(side, s) => format!("illegal {} castling: the king would cross {}, which is attacked", side_en(side), sq(s)),
            R::CastlingIntoCheck(side) => format!("illegal {} castling: the king would land in check", side_en(side)),
        }
    }
}

fn irregular_message(kind: IrregularityKind, edition: Option<Edition>, es: bool) -> String {
    use IrregularityKind as K;
    let year = edition.unwrap_or_default().year();
    let (s, e): (String, String) = match kind {
        K::CaptureMarkWithoutCapture => (
            "se anotó captura (x) pero la jugada no captura".into(),
            "a capture mark (x) on a move that captures nothing".into(),
        ),
        K::CaptureMarkMissing => (
            format!("falta la x de la captura, que el reglamento de {year} exige"),
            format!("the capture has no x, which the {year} Laws require"),
        ),
        K::FalseCheck => (
            "se anotó jaque (+) pero la jugada no da jaque".into(),
            "a check mark (+) on a move that gives no check".into(),
        ),
        K::FalseMate => (
            "se anotó mate pero la jugada no da mate".into(),
            "a mate mark on a move that does not mate".into(),
        ),
        K::SuperfluousDisambiguation => (
            "la indicación de la casilla de salida sobra".into(),
            "the origin hint is not needed".into(),
        ),
        K::NonstandardDisambiguation => (
            "la indicación de salida distingue la pieza, pero se prefiere la columna".into(),
            "the origin hint tells the pieces apart, but the file is preferred".into(),
        ),
        K::IncompleteButUnique => (
            "lectura supuesta (--lenient): la casilla de llegada está incompleta y una sola jugada legal la completa".into(),
            "guessed reading (--lenient): the target square is incomplete and one legal move completes it".into(),
        ),
        K::ForeignLetter => (
            "letra de pieza de otro idioma; se entiende por su significado común".into(),
            "a piece letter from another language, read by its common meaning".into(),
        ),
        K::PawnLetter => (
            "los peones no se indican con letra: se reconocen por su ausencia".into(),
            "pawns are not written with a letter: they are known by its absence".into(),
        ),
        K::EnPassantMarkWithoutEnPassant => (
            "se anotó a.p. pero la jugada no es una captura al paso".into(),
            "a.p. on a move that is not an en passant capture".into(),
        ),
        K::EnPassantMarkMissing => (
            format!("falta a.p. en la captura al paso, que el reglamento de {year} exige"),
            format!("the en passant capture has no a.p., which the {year} Laws require"),
        ),
        K::CaseReading => (
            "lectura supuesta (--lenient): con otra mayúscula o minúscula, o con las letras de otro idioma, es la única lectura legal".into(),
            "guessed reading (--lenient): with the other letter case, or another language's letters, it is the only legal reading".into(),
        ),
        K::PawnCaptureWithoutFile => (
            "lectura supuesta (--lenient): captura de peón sin la columna de salida; solo un peón puede hacerla".into(),
            "guessed reading (--lenient): a pawn capture without its origin file; only one pawn can make it".into(),
        ),
    };
    if es { s } else { e }
}

fn draw_message(event: DrawEvent, es: bool) -> &'static str {
    let (s, e) = match event {
        DrawEvent::ThreefoldAvailable => (
            "la misma posición aparece por tercera vez: el jugador que está en juego puede reclamar tablas",
            "the same position appears for the third time: the player to move may claim a draw",
        ),
        DrawEvent::FiftyMovesAvailable => (
            "50 jugadas de cada jugador sin mover un peón ni capturar: el jugador que está en juego puede reclamar tablas",
            "50 moves by each player without a pawn move or a capture: the player to move may claim a draw",
        ),
        DrawEvent::Fivefold => (
            "la misma posición aparece por quinta vez: la partida es tablas",
            "the same position appears for the fifth time: the game is drawn",
        ),
        DrawEvent::SeventyFiveMoves => (
            "75 jugadas de cada jugador sin mover un peón ni capturar: la partida es tablas",
            "75 moves by each player without a pawn move or a capture: the game is drawn",
        ),
        DrawEvent::DeadPosition => (
            "posición muerta: ningún jugador puede dar mate; la partida es tablas",
            "dead position: neither player can checkmate; the game is drawn",
        ),
    };
    if es { s } else { e }
}

fn end_es(end: BoardEnd) -> &'static str {
    match end {
        BoardEnd::Drawn(DrawEvent::Fivefold) => "quíntuple repetición, la partida es tablas",
        BoardEnd::Drawn(DrawEvent::SeventyFiveMoves) => {
            "75 jugadas sin mover peón ni capturar, la partida es tablas"
        }
        BoardEnd::Drawn(_) => "posición muerta, la partida es tablas",
        BoardEnd::Checkmate(Color::White) => "las blancas recibieron mate",
        BoardEnd::Checkmate(Color::Black) => "las negras recibieron mate",
        BoardEnd::Stalemate => "rey ahogado, la partida es tablas",
    }
}

fn end_en(end: BoardEnd) -> &'static str {
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

fn syntax_es(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Empty => "jugada vacía",
        ErrorKind::UnknownPieceLetter => "letra de pieza desconocida",
        ErrorKind::UppercaseFile => "columna en mayúscula",
        ErrorKind::NotAMove => "no es una jugada",
        ErrorKind::BadRank => "fila inexistente",
        ErrorKind::BadFile => "columna inexistente",
        ErrorKind::MissingTarget => "falta la casilla de llegada",
        ErrorKind::BadCastling => "enroque mal escrito",
        ErrorKind::BadPromotion => "promoción mal escrita",
        ErrorKind::PromotionOnPieceMove => "promoción tras una jugada de pieza",
        ErrorKind::TrailingCharacters => "caracteres sobrantes tras la jugada",
        ErrorKind::BadMoveNumber => "número de jugada mal escrito",
        ErrorKind::UnterminatedComment => "comentario sin cerrar",
        ErrorKind::UnterminatedVariation => "variante sin cerrar",
        ErrorKind::UnmatchedParenthesis => "paréntesis de cierre sin abrir",
        ErrorKind::BadNag => "NAG mal escrito",
        ErrorKind::BadTag => "etiqueta PGN mal escrita",
        ErrorKind::BadHeader => "cabecera mal escrita",
        ErrorKind::InvalidUtf8 => "el texto no es UTF-8",
        ErrorKind::InputTooLarge => "el texto supera 4 GiB",
        ErrorKind::GameTooLong => "partida demasiado larga",
    }
}

/// `true` for syntax errors that concern one move's writing (an unreadable move) rather than
/// the sheet's structure.
pub(crate) fn is_move_error(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::Empty
            | ErrorKind::UnknownPieceLetter
            | ErrorKind::UppercaseFile
            | ErrorKind::NotAMove
            | ErrorKind::BadRank
            | ErrorKind::BadFile
            | ErrorKind::MissingTarget
            | ErrorKind::BadCastling
            | ErrorKind::BadPromotion
            | ErrorKind::PromotionOnPieceMove
            | ErrorKind::TrailingCharacters
            | ErrorKind::BadMoveNumber
    )
}
