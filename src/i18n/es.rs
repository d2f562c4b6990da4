//! Spanish: the language of the arbiter and of the sheets (the default).

use super::{CheckSummary, DiagnosticNote, SealedLabel, SummaryWord, Texts, mover};
use crate::check::{BoardEnd, Diagnostic, Finding, NumberProblem};
use crate::laws::Rule;
use crate::laws::draws::DrawEvent;
use crate::notation::ErrorKind;
use crate::notation::descriptive::NotationKind;
use crate::position::{FenError, PositionError};
use crate::resolve::{AmbiguityCause, IllegalReason, IrregularityKind};
use crate::scoresheet::Termination;
#[cfg(feature = "sealed")]
use crate::sealed::{Consequence, DrawException, EnvelopeError, EvidentBasis};
use crate::types::{CastlingSide, Color, Role};

/// The Spanish texts.
#[derive(Copy, Clone, Debug, Default)]
pub struct Spanish;

impl Texts for Spanish {
    fn diagnostic(&self, d: &Diagnostic) -> String {
        let year = d.rule.map(|r| r.edition).unwrap_or_default().year();
        match &d.finding {
            Finding::Syntax(e) => format!("error de sintaxis: {}", syntax(e.kind)),
            Finding::Unreadable(Some(e)) => format!(
                "jugada ilegible ({}): no se puede establecer su significado",
                syntax(e.kind)
            ),
            Finding::Unreadable(None) => {
                "jugada ilegible: ninguna jugada legal corresponde a lo escrito".to_owned()
            }
            Finding::Illegal(reason) => illegal(*reason, mover(d)),
            Finding::Ambiguous(cause) => match cause {
                AmbiguityCause::Disambiguation => "jugada ambigua: más de una pieza puede hacerla; falta indicar la columna o la fila de salida",
                AmbiguityCause::IncompleteTarget => "jugada incompleta: falta la casilla de llegada entera (columna y fila); no se completa lo escrito",
                AmbiguityCause::Mark => "jugada dudosa: la marca de captura, jaque o mate no corresponde a la jugada leída, y otra jugada legal a un carácter de lo escrito sí le corresponde",
                AmbiguityCause::CaseReadings => "jugada ambigua: lo escrito no es una jugada legal, y más de una lectura supuesta (mayúsculas, otras letras, casilla completada) lo es",
            }
            .to_owned(),
            Finding::Irregular(kind) => irregular(*kind, year),
            Finding::MoveNumber(p) => number_problem(*p),
            Finding::ResultMismatch { recorded, end } => format!(
                "el resultado anotado {recorded} contradice el tablero: {}",
                board_end(*end)
            ),
            Finding::Draw(event) => draw(*event).to_owned(),
            Finding::MissingMove { found } => {
                let side = match mover(d) {
                    Color::White => "de las blancas",
                    Color::Black => "de las negras",
                };
                format!("falta la jugada {side}: donde debía ir está escrito el número {found}")
            }
            Finding::BlankMove => {
                let side = match mover(d) {
                    Color::White => "de las blancas",
                    Color::Black => "de las negras",
                };
                format!("falta la jugada {side}: su casilla quedó en blanco")
            }
            Finding::TerminationMismatch(t) => {
                let is = match t {
                    Termination::Stalemate => "rey ahogado",
                    _ => "jaque mate",
                };
                format!(
                    "se anotó «{}», pero la posición no es {is}: el tablero lo contradice",
                    t.spanish()
                )
            }
            Finding::UnknownWord => "texto desconocido tras el resultado o la última jugada: no es una palabra de final de partida y no se tiene en cuenta".to_owned(),
            Finding::NotationChosen(NotationKind::Descriptive) => {
                "partida leída en notación descriptiva, por sus jugadas".to_owned()
            }
            Finding::NotationChosen(_) => {
                "partida leída en notación algebraica, por sus jugadas".to_owned()
            }
            Finding::MixedNotation(NotationKind::Descriptive) => {
                "jugada en notación descriptiva en una partida algebraica".to_owned()
            }
            Finding::MixedNotation(_) => {
                "jugada en notación algebraica en una partida descriptiva".to_owned()
            }
            Finding::ColumnsSideBySide => "los números de jugada saltan en la misma línea: la planilla parece escrita en dos columnas una al lado de la otra, pero los números no dejan leerla así; escriba una columna tras otra".to_owned(),
            Finding::MoveAfterEnd(end) => format!(
                "jugada anotada después del final de la partida ({}); no cuenta",
                board_end(*end)
            ),
            Finding::NoMoves => "partida sin jugadas: no hay nada anotado que comprobar".to_owned(),
            Finding::UnnumberedMove => "jugada sin su número en un texto impreso, fuera del comentario: puede ser del comentario, y no se lee como jugada de la partida".to_owned(),
            Finding::MissingMoves { expected, found } => format!(
                "faltan jugadas: tras un texto apartado como comentario, el número salta a {found} donde la partida seguía en {expected}; las jugadas de en medio no se leen en la partida"
            ),
            Finding::Variation => "texto impreso: las jugadas numeradas después del final de la partida (abandono, resultado) o que vuelven a una jugada ya hecha se leen como variante, no como jugadas de la partida".to_owned(),
            Finding::VariationCut => "variante: esta jugada no se lee en la posición de la variante; la variante se conserva hasta la jugada anterior".to_owned(),
            Finding::MainLineUnclear => "texto impreso: esta jugada numerada está dentro de una frase y nada en el texto dice si la partida sigue por ella (ningún número posterior fuera de una frase, o una jugada apartada antes de ella que podría ser la de la partida): puede ser de la partida o una variante de las notas, y no se adivina".to_owned(),
            Finding::Prose => "texto impreso: las palabras entre las jugadas que no son jugadas ni están a un carácter de una jugada legal se leen como comentario".to_owned(),
        }
    }

    fn guess(&self, written: &str, read: &str, message: &str) -> String {
        format!("se leyó «{written}» como «{read}»: {message}")
    }

    fn valid_sealed_move(&self) -> &'static str {
        "jugada legal y única"
    }

    fn valid(&self) -> &'static str {
        "válida"
    }

    #[cfg(feature = "sealed")]
    fn consequence(&self, consequence: Consequence, sealer: Color) -> String {
        let sealer = match sealer {
            Color::White => "las blancas",
            Color::Black => "las negras",
        };
        match consequence {
            Consequence::Continue => "se juega la jugada y la partida sigue".to_owned(),
            Consequence::Loss => format!("pierden {sealer}, que sellaron la jugada"),
            Consequence::Refer => format!(
                "pierden {sealer} salvo que el adversario ya no pueda dar mate, y eso no se pudo \
                 decidir: el árbitro debe examinar la posición"
            ),
            Consequence::Draw(exception) => match exception {
                DrawException::OpponentCannotMate => {
                    "tablas: el adversario no puede dar mate con ninguna serie de jugadas legales"
                }
                DrawException::DeadPosition => {
                    "tablas: la posición es muerta, ningún jugador puede dar mate"
                }
                DrawException::Stalemate => "tablas: el rey del que selló estaba ahogado",
                DrawException::Fivefold => {
                    "tablas: la posición del sobre se había repetido cinco veces"
                }
                DrawException::SeventyFiveMoves => {
                    "tablas: 75 jugadas de cada jugador sin mover peón ni capturar"
                }
            }
            .to_owned(),
        }
    }

    fn yes_no(&self, answer: Option<bool>) -> &'static str {
        match answer {
            Some(true) => "sí",
            Some(false) => "no",
            None => "sin decidir",
        }
    }

    fn sealed_label(&self, label: SealedLabel) -> &'static str {
        match label {
            SealedLabel::SealedMove => "jugada sellada",
            SealedLabel::Position => "posición",
            SealedLabel::Verdict => "veredicto",
            SealedLabel::ArticleBroken => "artículo infringido",
            SealedLabel::Irregularity => "irregularidad",
            SealedLabel::DrawOffer => "oferta de tablas",
            SealedLabel::Candidates => "candidatas",
            SealedLabel::Consequence => "consecuencia",
            SealedLabel::OpponentCanMate => "el adversario puede dar mate",
            SealedLabel::DeadPosition => "posición muerta",
            SealedLabel::Suggestions => {
                "jugadas legales más parecidas (solo información, no cambian el veredicto)"
            }
            SealedLabel::EvidentReading => {
                "lectura evidente (decisión del árbitro, no cambia el veredicto)"
            }
        }
    }

    fn nothing_written(&self) -> &'static str {
        "(nada escrito)"
    }

    fn draw_offer_written(&self, rule: Rule) -> String {
        format!("(=) anotada con la jugada ({rule})")
    }

    #[cfg(feature = "sealed")]
    fn evident_basis(&self, basis: EvidentBasis) -> &'static str {
        match basis {
            EvidentBasis::OnlyCompletion => "la única jugada legal que completa lo escrito",
            EvidentBasis::OneEdit => "la única jugada legal a un carácter de lo escrito",
        }
    }

    #[cfg(feature = "sealed")]
    fn envelope_error(&self, e: &EnvelopeError) -> String {
        match e {
            EnvelopeError::NoGame => "el texto no contiene ninguna partida".to_owned(),
            EnvelopeError::PlyZero => "las medias jugadas se cuentan desde 1".to_owned(),
            EnvelopeError::Unfollowable { ply, diagnostic } => format!(
                "la planilla no se puede seguir hasta la media jugada {ply}: {}",
                diagnostic.title(crate::check::MessageLanguage::Spanish)
            ),
            EnvelopeError::TooShort { ply, plies } => {
                format!("la planilla tiene {plies} medias jugadas; la {ply} no está entre ellas")
            }
        }
    }

    fn fen_error(&self, e: &FenError) -> String {
        let at =
            |span: &core::ops::Range<usize>| format!("en los bytes {}..{}", span.start, span.end);
        let side = |c: &Color| match c {
            Color::White => "las blancas",
            Color::Black => "las negras",
        };
        match e {
            FenError::Empty => "FEN vacío".to_owned(),
            FenError::Board { span, reason } => {
                let reason = match *reason {
                    "a rank does not add up to eight squares" => "una fila no suma ocho casillas",
                    "expected a piece letter, a digit 1-8 or `/`" => {
                        "se espera la letra de una pieza, una cifra del 1 al 8 o `/`"
                    }
                    "expected eight ranks of eight squares" => {
                        "se esperan ocho filas de ocho casillas"
                    }
                    "more than eight ranks" => "más de ocho filas",
                    "a rank holds more than eight squares" => "una fila pasa de ocho casillas",
                    other => other,
                };
                format!("colocación de las piezas no válida {}: {reason}", at(span))
            }
            FenError::Turn { span } => {
                format!(
                    "bando que juega no válido {}: se espera `w` o `b`",
                    at(span)
                )
            }
            FenError::Castling { span } => format!(
                "derechos de enroque no válidos {}: se espera `-` o letras de `KQkq`",
                at(span)
            ),
            FenError::EnPassant { span } => format!(
                "casilla de captura al paso no válida {}: se espera `-` o una casilla de la \
                 fila 3 o 6",
                at(span)
            ),
            FenError::HalfmoveClock { span } => format!(
                "contador de medias jugadas no válido {}: se espera un número",
                at(span)
            ),
            FenError::FullmoveNumber { span } => format!(
                "número de jugada no válido {}: se espera un número desde 1",
                at(span)
            ),
            FenError::TrailingText { span } => format!("texto sobrante tras el FEN {}", at(span)),
            FenError::Position(p) => match p {
                PositionError::MissingKing(c) => format!("{} no tienen rey", side(c)),
                PositionError::TooManyKings(c) => format!("{} tienen más de un rey", side(c)),
                PositionError::PawnsOnBackrank => {
                    "hay un peón en la primera u octava fila".to_owned()
                }
                PositionError::TooMuchMaterial(c) => {
                    format!(
                        "{} tienen más material del que una partida puede darles",
                        side(c)
                    )
                }
                PositionError::OppositeCheck => "el bando que no juega está en jaque".to_owned(),
                PositionError::ImpossibleCheck => {
                    "los jaques al rey no pueden venir de una sola jugada".to_owned()
                }
                PositionError::BadCastlingRights => {
                    "derechos de enroque sin el rey y la torre en sus casillas iniciales".to_owned()
                }
                PositionError::InvalidEpSquare => "casilla de captura al paso sin un peón que \
                                                   acabe de pasarla avanzando dos casillas"
                    .to_owned(),
            },
        }
    }

    fn diagnostic_note(&self, note: DiagnosticNote) -> &'static str {
        match note {
            DiagnosticNote::Article => "artículo",
            DiagnosticNote::Candidates => "jugadas posibles",
            DiagnosticNote::Suggestions => "jugadas legales más parecidas",
        }
    }

    fn ply_label(&self, ply: u32) -> String {
        format!("media jugada {ply}")
    }

    fn summary_word(&self, word: SummaryWord) -> &'static str {
        match word {
            SummaryWord::Game => "partida",
            SummaryWord::PliesRead => "medias jugadas leídas",
            SummaryWord::Valid => "válida",
            SummaryWord::WithErrors => "con errores",
        }
    }

    fn unread_moves(&self, n: usize) -> String {
        match n {
            0 => "lectura detenida, el resto de la partida sin leer".to_owned(),
            n => format!(
                "lectura detenida, {n} jugada(s) escrita(s) sin leer, contando la que la detuvo"
            ),
        }
    }

    fn check_summary(&self, s: CheckSummary) -> String {
        format!(
            "{} partida(s), {} válida(s); {} error(es), {} aviso(s)",
            s.games, s.valid_games, s.errors, s.warnings
        )
    }
}

/// The name of a piece, and whether it is feminine (for the article and adjective).
fn role(role: Role) -> (&'static str, bool) {
    match role {
        Role::Pawn => ("peón", false),
        Role::Knight => ("caballo", false),
        Role::Bishop => ("alfil", false),
        Role::Rook => ("torre", true),
        Role::Queen => ("dama", true),
        Role::King => ("rey", false),
    }
}

fn castling(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "corto",
        CastlingSide::QueenSide => "largo",
    }
}

fn illegal(reason: IllegalReason, color: Color) -> String {
    use IllegalReason as R;
    // `ningún alfil blanco`, `ninguna torre negra`.
    let none = |r: Role| {
        let (name, feminine) = role(r);
        let adjective = match (color, feminine) {
            (Color::White, false) => "blanco",
            (Color::White, true) => "blanca",
            (Color::Black, false) => "negro",
            (Color::Black, true) => "negra",
        };
        let none = if feminine { "ninguna" } else { "ningún" };
        format!("{none} {name} {adjective}")
    };
    match reason {
        R::NoPiece(r) => format!("jugada ilegal: no queda {}", none(r)),
        R::NoPieceOnOrigin(r) => format!(
            "jugada ilegal: {} está en la columna o fila de salida indicada",
            none(r)
        ),
        R::Unreachable(r, to) => format!("jugada ilegal: {} puede llegar a {to}", none(r)),
        R::NoMoveDoes(r, verb) => {
            use crate::notation::descriptive::Verb as V;
            let does = match verb {
                V::Checks => "puede dar jaque",
                V::Mates => "puede dar jaque mate",
                V::Moves => "tiene una jugada legal",
                V::Interposes => "puede interponerse en el jaque",
                V::Queens => "puede coronar dama",
            };
            format!("jugada ilegal: {} {does}", none(r))
        }
        R::OwnPieceOnTarget(s) => {
            format!("jugada ilegal: {s} está ocupada por una pieza propia")
        }
        R::PawnCaptureWithoutFile(s) => format!(
            "jugada ilegal: ningún peón avanza a {s}; una captura de peón se escribe con la columna de salida (exd5)"
        ),
        R::PawnOriginOnOwnFile(s) => format!(
            "jugada ilegal: un peón que avanza a {s} se escribe sin columna; la columna de un peón solo se escribe en una captura, y es la que deja (exd5)"
        ),
        R::NotEnPassant => "jugada ilegal: el peón solo captura en diagonal si hay pieza que capturar o al paso, y no es el caso".into(),
        R::Pinned(s) => format!(
            "jugada ilegal: la pieza de {s} está clavada; moverla dejaría al rey en jaque"
        ),
        R::DoesNotAnswerCheck(_) => {
            "jugada ilegal: el rey está en jaque y la jugada no lo evita".into()
        }
        R::KingIntoCheck => "jugada ilegal: el rey quedaría en jaque".into(),
        R::PromotionMissing => "falta la pieza de la promoción: el peón que llega a la última fila se cambia por D, T, A o C".into(),
        R::PromotionOnWrongRank => "promoción ilegal: el peón no llega a la última fila".into(),
        R::NoCastlingRights(side) => format!(
            "enroque {} ilegal: el rey o esa torre ya se han movido",
            castling(side)
        ),
        R::CastlingBlocked(side) => format!(
            "enroque {} ilegal: hay piezas entre el rey y la torre",
            castling(side)
        ),
        R::CastlingOutOfCheck(side) => {
            format!("enroque {} ilegal: el rey está en jaque", castling(side))
        }
        R::CastlingThroughCheck(side, s) => format!(
            "enroque {} ilegal: el rey cruzaría {s}, atacada por el adversario",
            castling(side)
        ),
        R::CastlingIntoCheck(side) => {
            format!("enroque {} ilegal: el rey quedaría en jaque", castling(side))
        }
    }
}

fn irregular(kind: IrregularityKind, year: u16) -> String {
    use IrregularityKind as K;
    match kind {
        K::CaptureMarkWithoutCapture => "se anotó captura (x) pero la jugada no captura".into(),
        K::CaptureMarkMissing => {
            format!("falta la x de la captura, que el reglamento de {year} exige")
        }
        K::FalseCheck => "se anotó jaque (+) pero la jugada no da jaque".into(),
        K::FalseMate => "se anotó mate pero la jugada no da mate".into(),
        K::SuperfluousDisambiguation => "la indicación de la casilla de salida sobra".into(),
        K::NonstandardDisambiguation => {
            "la indicación de salida distingue la pieza, pero se prefiere la columna".into()
        }
        K::DisambiguatedByCheck => "falta la indicación de salida: dos piezas pueden hacer la jugada, pero solo una da el jaque anotado".into(),
        K::IncompleteButUnique => "lectura supuesta (--lenient): la casilla de llegada está incompleta y una sola jugada legal la completa".into(),
        K::ForeignLetter => {
            "letra de pieza de otro idioma; se entiende por su significado común".into()
        }
        K::PawnLetter => {
            "los peones no se indican con letra: se reconocen por su ausencia".into()
        }
        K::EnPassantMarkWithoutEnPassant => {
            "se anotó a.p. pero la jugada no es una captura al paso".into()
        }
        K::EnPassantMarkMissing => {
            format!("falta a.p. en la captura al paso, que el reglamento de {year} exige")
        }
        K::CaseReading => "lectura supuesta (--lenient): con otra mayúscula o minúscula, o con las letras de otro idioma, es la única lectura legal".into(),
        K::PawnCaptureWithoutFile => "lectura supuesta (--lenient): captura de peón sin la columna de salida; solo un peón puede hacerla".into(),
    }
}

fn draw(event: DrawEvent) -> &'static str {
    match event {
        DrawEvent::ThreefoldAvailable => {
            "la misma posición aparece por tercera vez: el jugador que está en juego puede reclamar tablas"
        }
        DrawEvent::FiftyMovesAvailable => {
            "50 jugadas de cada jugador sin mover un peón ni capturar: el jugador que está en juego puede reclamar tablas"
        }
        DrawEvent::Fivefold => "la misma posición aparece por quinta vez: la partida es tablas",
        DrawEvent::SeventyFiveMoves => {
            "75 jugadas de cada jugador sin mover un peón ni capturar: la partida es tablas"
        }
        DrawEvent::DeadPosition => {
            "posición muerta: ningún jugador puede dar mate; la partida es tablas"
        }
    }
}

fn board_end(end: BoardEnd) -> &'static str {
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

fn syntax(kind: ErrorKind) -> &'static str {
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
        ErrorKind::MoveTooLong => "la jugada ocupa más de 255 bytes",
        ErrorKind::GameTooLong => "partida demasiado larga",
    }
}

/// What is wrong with a move number (Art. 8.1, recording).
fn number_problem(p: NumberProblem) -> String {
    match p {
        NumberProblem::Missing { expected } => {
            format!("falta el número de jugada {expected}")
        }
        NumberProblem::Duplicated { number } => {
            format!("número de jugada repetido: {number}")
        }
        NumberProblem::OutOfOrder { expected, found } => {
            format!("número de jugada fuera de orden: se esperaba {expected} y dice {found}")
        }
        NumberProblem::Misprinted { number } => format!(
            "número de jugada mal impreso: una letra por la cifra; se lee {number}. (la jugada siguiente lleva el {})",
            number + 1
        ),
        NumberProblem::WrongSide {
            number,
            mover: Color::White,
        } => format!("número de jugada {number}... de las negras, pero juegan las blancas"),
        NumberProblem::WrongSide {
            number,
            mover: Color::Black,
        } => format!("número de jugada {number}. de las blancas, pero juegan las negras"),
    }
}
