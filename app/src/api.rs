//! The JSON API of the scoresheet desk, apart from any transport: a route's name and a request
//! body in, a status, a content type and a body out. `planilla serve` answers its HTTP routes
//! with it, and the WebAssembly build of the desk (`web/`) calls it in the browser, so that the
//! page gets the same answer with or without a server.
//!
//! | route | body | answer |
//! |---|---|---|
//! | `check` | `text`; optionally `fen`, `reconstruct` (a boolean) and the [`SheetSettings`] fields | the JSON of `planilla check --json`, with `--reconstruct` when `reconstruct` is true |
//! | `convert` | the same | the PGN of `planilla convert` (`application/x-chess-pgn`), with `--reconstruct` when `reconstruct` is true |
//! | `reconcile` | `white`, `black` (the two scoresheets); optionally the [`SheetSettings`] fields | the JSON of `planilla reconcile --json`, plus the board's fields |
//! | `compare` | `sheet`, `record` (the board's PGN); optionally the [`SheetSettings`] fields | the JSON of `planilla compare --json`, plus the board's fields |
//! | `decode` | `sheet` (a recognizer's candidates: an array of cells, or `{"cells", "fen", "lang"}`, as a line of `planilla decode`); optionally `fen`, `alternatives` (default 8), `prior` (default `true`: [`Limits::move_prior`](planilla::reconstruct::Limits::move_prior)) and the [`SheetSettings`] fields (the sheet's own `fen` and `lang` override them) | the JSON of `planilla decode --json` |
//! | `sealed` | `fen`, or `game` and `ply` (or `number` and `side`: `white` or `black`); `move` (required with `fen`); optionally `effort`, `time_limit` (s, at most [`MAX_SEALED_SECONDS`]) and the [`SheetSettings`] fields | the JSON of `planilla sealed --json` |
//!
//! The board's fields are the reconciled game's (or the record's) `start_fen` and, one for each
//! ply, `board_san`, `uci` and `fen` (the position after the ply).
//!
//! An error is `{"error": "…"}` with status 400 (a body that is not JSON of the route's shape,
//! an unknown field included, or a job that cannot run on it) or 404 (an unknown route), in the
//! language of the body's `messages` field (Spanish by default).
//!
//! ```
//! use planilla_app::api::{Route, answer};
//! let a = answer(Route::Check, br#"{"text": "1.e4 e5 2.Re3"}"#);
//! assert_eq!((a.status, a.content_type), (200, "application/json"));
//! assert!(String::from_utf8(a.body).unwrap().contains("\"valid\":false"));
//! let a = answer(Route::Check, br#"{"texto": "1.e4"}"#);
//! assert_eq!(a.status, 400);
//! assert!(String::from_utf8(a.body).unwrap().contains("campo desconocido `texto`"));
//! ```

use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use planilla::Position;
use planilla::check::CheckOptions;
use planilla::laws::winnability::Effort;
use planilla::position::FenError;
use planilla::reconstruct::{CompareError, ReconcileError};

use crate::job::{Job, JobError, Output, run};
use crate::jobs::EnvelopeSource;
use crate::settings::{Format, Messages, SheetSettings};

/// The longest time a sealed ruling may spend on "can the opponent still checkmate?"; a
/// request's `time_limit` is capped to it.
pub const MAX_SEALED_SECONDS: f64 = 10.0;

/// A route of the API: the last part of its path (`/api/check` is [`Route::Check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// `check`: the JSON of `planilla check --json`.
    Check,
    /// `convert`: the PGN of `planilla convert`.
    Convert,
    /// `sealed`: the JSON of `planilla sealed --json`.
    Sealed,
    /// `reconcile`: the JSON of `planilla reconcile --json`, with the board's fields.
    Reconcile,
    /// `compare`: the JSON of `planilla compare --json`, with the board's fields.
    Compare,
    /// `decode`: the JSON of `planilla decode --json`, for one sheet of candidates.
    Decode,
}

impl Route {
    /// Every route, in the order the table above gives them.
    pub const ALL: [Route; 6] = [
        Route::Check,
        Route::Convert,
        Route::Reconcile,
        Route::Compare,
        Route::Decode,
        Route::Sealed,
    ];

    /// The route's name, as in its path: `check`, `convert`, `sealed`, `reconcile`, `compare`,
    /// `decode`.
    pub fn name(self) -> &'static str {
        match self {
            Route::Check => "check",
            Route::Convert => "convert",
            Route::Sealed => "sealed",
            Route::Reconcile => "reconcile",
            Route::Compare => "compare",
            Route::Decode => "decode",
        }
    }

    /// The route named `name` (see [`Route::name`]), if any.
    ///
    /// ```
    /// use planilla_app::api::Route;
    /// assert_eq!(Route::from_name("sealed"), Some(Route::Sealed));
    /// assert_eq!(Route::from_name("seal"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Route> {
        Route::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// An answer of the API: an HTTP status, a content type and the body's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status: 200, or 400 or 404 with `{"error": "…"}` in the body's language.
    pub status: u16,
    /// `application/json`, or `application/x-chess-pgn; charset=utf-8` for `convert`.
    pub content_type: &'static str,
    /// The body, UTF-8.
    pub body: Vec<u8>,
}

impl Answer {
    /// `{"error": message}` with `status`.
    ///
    /// ```
    /// let a = planilla_app::api::Answer::error(503, "ocupado");
    /// assert_eq!(a.body, br#"{"error":"ocupado"}"#);
    /// ```
    pub fn error(status: u16, message: &str) -> Answer {
        Answer {
            status,
            content_type: "application/json",
            body: serde_json::json!({ "error": message })
                .to_string()
                .into_bytes(),
        }
    }

    /// A value as a JSON answer with status 200.
    fn json(value: &impl serde::Serialize) -> Answer {
        match serde_json::to_vec(value) {
            Ok(body) => Answer {
                status: 200,
                content_type: "application/json",
                body,
            },
            Err(e) => Answer::error(500, &format!("writing JSON: {e}")),
        }
    }
}

/// Answers a request of the route named `name` (`check`, `convert`, `reconcile`, `compare`,
/// `sealed`) with `body`, as [`answer`] does; a 404 for an unknown name, in the language of
/// the body's `messages` field.
///
/// ```
/// let a = planilla_app::api::answer_named("jaque", br#"{"messages": "en"}"#);
/// assert_eq!((a.status, a.body.as_slice()), (404, br#"{"error":"no route /api/jaque"}"#.as_slice()));
/// ```
pub fn answer_named(name: &str, body: &[u8]) -> Answer {
    match Route::from_name(name) {
        Some(route) => answer(route, body),
        None if messages_of(body) == Messages::En => {
            Answer::error(404, &format!("no route /api/{name}"))
        }
        None => Answer::error(404, &format!("no hay ruta /api/{name}")),
    }
}

/// Answers a request of `route` with `body`: the job's answer, or a 400 with the reason there
/// is none. Runs the job on the caller's thread (checking is CPU work; the server calls it on
/// its blocking pool). Never panics on any body.
pub fn answer(route: Route, body: &[u8]) -> Answer {
    let messages = messages_of(body);
    let result = match route {
        Route::Check | Route::Convert => parse::<SheetRequest>(body, SHEET_REQUEST)
            .and_then(|r| r.options().map(|o| (r, o)))
            .and_then(|(r, options)| sheet(route, &r, options)),
        Route::Sealed => parse::<SealedRequest>(body, SEALED_REQUEST).and_then(|r| r.rule()),
        Route::Reconcile => parse::<ReconcileRequest>(body, &["white", "black"])
            .and_then(|r| options(&r.settings).map(|o| (r, o)))
            .and_then(|(r, options)| {
                answer_job(&Job::Reconcile {
                    white: &r.white,
                    black: &r.black,
                    options,
                    limits: planilla::reconstruct::Limits::default(),
                })
            }),
        Route::Compare => parse::<CompareRequest>(body, &["sheet", "record"])
            .and_then(|r| options(&r.settings).map(|o| (r, o)))
            .and_then(|(r, options)| {
                answer_job(&Job::Compare {
                    sheet: &r.sheet,
                    record: &r.record,
                    options,
                })
            }),
        Route::Decode => parse::<DecodeRequest>(body, DECODE_REQUEST)
            .and_then(|r| options(&r.settings).map(|o| (r, o)))
            .and_then(|(r, options)| decode(&r, options)),
    };
    result.unwrap_or_else(|e| Answer::error(400, &e.message(messages)))
}

/// Why a request has no answer.
enum Error {
    /// The body is not JSON.
    NotJson(String),
    /// The body is JSON but not an object.
    NotObject,
    /// A field no route of this kind has, and the fields it has.
    UnknownField(String, String),
    /// The object does not have the route's shape (serde's message).
    NotValid(String),
    /// An edition of the Laws that is none of 2005, 2018 and 2023.
    Edition(u16),
    /// Two sheets that cannot be reconciled.
    Reconcile(ReconcileError),
    /// A sheet and a record that cannot be compared.
    Compare(CompareError),
    /// A FEN that does not read or gives no position of a game.
    Fen(FenError),
    /// The job's own message (already in the request's language where the library gives one).
    Job(String),
}

impl From<JobError> for Error {
    fn from(e: JobError) -> Error {
        match e {
            JobError::Reconcile(e) => Error::Reconcile(e),
            JobError::Compare(e) => Error::Compare(e),
            other => Error::Job(other.to_string()),
        }
    }
}

/// Runs `job` and answers with its output: PGN for a conversion, its JSON view otherwise.
fn answer_job(job: &Job<'_>) -> Result<Answer, Error> {
    Ok(match run(job)? {
        Output::Text(pgn) => Answer {
            status: 200,
            content_type: "application/x-chess-pgn; charset=utf-8",
            body: pgn.into_bytes(),
        },
        output => Answer::json(&output),
    })
}

/// The library's options for `settings`, or the edition that is unknown.
fn options(settings: &SheetSettings) -> Result<CheckOptions, Error> {
    settings
        .check_options()
        .map_err(|_| Error::Edition(settings.edition))
}

impl Error {
    /// The message in `messages`' language.
    fn message(&self, messages: Messages) -> String {
        let es = messages == Messages::Es;
        match self {
            Error::NotJson(e) if es => format!("el cuerpo no es JSON: {}", serde_in_spanish(e)),
            Error::NotJson(e) => format!("the body is not JSON: {e}"),
            Error::NotObject if es => "el cuerpo no es un objeto JSON".to_owned(),
            Error::NotObject => "the body is not a JSON object".to_owned(),
            Error::UnknownField(f, known) if es => {
                format!("campo desconocido `{f}` (se conocen: {known})")
            }
            Error::UnknownField(f, known) => format!("unknown field `{f}` (known: {known})"),
            Error::NotValid(e) if es => format!("el cuerpo no es válido: {}", serde_in_spanish(e)),
            Error::NotValid(e) => format!("the body is not valid: {e}"),
            Error::Edition(year) if es => {
                format!("edición desconocida {year} (2005, 2018 o 2023)")
            }
            Error::Edition(year) => format!("unknown edition {year} (2005, 2018 or 2023)"),
            Error::Reconcile(e) if es => match e {
                ReconcileError::Games(color, n) => format!(
                    "cada planilla debe tener una partida; la de las {} tiene {n}",
                    if *color == planilla::Color::White {
                        "blancas"
                    } else {
                        "negras"
                    }
                ),
                ReconcileError::Start => {
                    "las dos planillas empiezan en posiciones distintas".to_owned()
                }
                other => other.to_string(),
            },
            Error::Compare(e) if es => match e {
                CompareError::SheetGames(n) => {
                    format!("la planilla debe tener una partida; tiene {n}")
                }
                CompareError::RecordGames(n) => {
                    format!("el registro debe tener una partida; tiene {n}")
                }
                CompareError::Record(m) => format!("el registro no es una partida válida: {m}"),
                CompareError::RecordTooLong(n) => format!(
                    "el registro tiene {n} medias jugadas; ninguna partida tiene más de {}",
                    planilla::reconstruct::MAX_RECORD_PLIES
                ),
                other => other.to_string(),
            },
            Error::Reconcile(e) => e.to_string(),
            Error::Compare(e) => e.to_string(),
            Error::Fen(e) => format!("fen: {}", e.message(messages.into())),
            Error::Job(m) => m.clone(),
        }
    }
}

/// serde_json's message about a body in Spanish: its usual openings and its place (`at line 1
/// column 9`) translated, the names and the JSON as they are.
///
/// ```text
/// missing field `text` at line 1 column 2  →  falta el campo `text` en la línea 1, columna 2
/// ```
fn serde_in_spanish(message: &str) -> String {
    let mut out = message.to_owned();
    if let Some(at) = out.rfind(" at line ")
        && let Some((line, column)) = out[at + " at line ".len()..].split_once(" column ")
        && line.bytes().all(|b| b.is_ascii_digit())
        && column.bytes().all(|b| b.is_ascii_digit())
    {
        out = format!("{} en la línea {line}, columna {column}", &out[..at]);
    }
    for (english, spanish) in [
        ("missing field ", "falta el campo "),
        ("unknown field ", "campo desconocido "),
        ("duplicate field ", "campo repetido "),
        ("unknown variant ", "valor desconocido "),
        ("invalid type: ", "tipo no válido: "),
        ("invalid value: ", "valor no válido: "),
        ("invalid length ", "longitud no válida "),
        (
            "EOF while parsing a value",
            "el texto acaba antes de un valor",
        ),
        (
            "EOF while parsing an object",
            "el texto acaba dentro de un objeto",
        ),
        (
            "EOF while parsing a string",
            "el texto acaba dentro de una cadena",
        ),
        (
            "EOF while parsing a list",
            "el texto acaba dentro de una lista",
        ),
        ("expected value", "se esperaba un valor"),
        ("trailing characters", "caracteres sobrantes"),
        ("key must be a string", "la clave debe ser una cadena"),
    ] {
        if let Some(rest) = out.strip_prefix(english) {
            out = format!("{spanish}{rest}");
            break;
        }
    }
    out.replace(", expected ", "; se esperaba ")
        .replace("expected one of ", "uno de ")
}

/// The `messages` field of a body, when it is a JSON object with a valid one; Spanish
/// otherwise. Error messages are written in it.
fn messages_of(body: &[u8]) -> Messages {
    #[derive(Deserialize)]
    struct Only {
        #[serde(default)]
        messages: Option<Messages>,
    }
    serde_json::from_slice::<Only>(body)
        .ok()
        .and_then(|o| o.messages)
        .unwrap_or_default()
}

/// The names of [`SheetSettings`]' fields, which every request may carry.
const SETTINGS: &[&str] = &["letters", "edition", "lenient", "messages", "notation"];

/// A request body as `T`, whose own fields are `fields` besides the settings: an error when it
/// is not a JSON object of that shape (an unknown field included).
fn parse<T: DeserializeOwned>(body: &[u8], fields: &[&str]) -> Result<T, Error> {
    let value: serde_json::Value =
        serde_json::from_slice(body).map_err(|e| Error::NotJson(e.to_string()))?;
    let object = value.as_object().ok_or(Error::NotObject)?;
    if let Some(unknown) = object
        .keys()
        .find(|k| !fields.contains(&k.as_str()) && !SETTINGS.contains(&k.as_str()))
    {
        let known = [fields, SETTINGS].concat().join(", ");
        return Err(Error::UnknownField(unknown.clone(), known));
    }
    serde_json::from_value(value).map_err(|e| Error::NotValid(e.to_string()))
}

/// The body of `check` and `convert`.
#[derive(Deserialize)]
struct SheetRequest {
    /// The scoresheet or PGN text.
    text: String,
    /// The position the games start from (a FEN tag in a game overrides it).
    #[serde(default)]
    fen: Option<String>,
    /// Whether each damaged game comes with its reconstruction (`check --reconstruct`).
    #[serde(default)]
    reconstruct: bool,
    #[serde(flatten)]
    settings: SheetSettings,
}

/// The position a request's `fen` field gives (none where it is missing or blank), or the
/// reason it gives none.
fn start_of(fen: Option<&str>) -> Result<Option<Position>, Error> {
    match fen.map(str::trim) {
        Some(fen) if !fen.is_empty() => Position::from_fen(fen).map(Some).map_err(Error::Fen),
        _ => Ok(None),
    }
}

/// The fields of [`SheetRequest`] besides the settings.
const SHEET_REQUEST: &[&str] = &["text", "fen", "reconstruct"];

impl SheetRequest {
    /// The library's options: the settings and the starting position.
    fn options(&self) -> Result<CheckOptions, Error> {
        Ok(options(&self.settings)?.with_start(start_of(self.fen.as_deref())?))
    }
}

/// `check` or `convert` on a request: the document `{"games":[…]}` written one game at a time
/// (no game's view outlives its own), or the PGN.
fn sheet(route: Route, r: &SheetRequest, options: CheckOptions) -> Result<Answer, Error> {
    answer_job(&if route == Route::Convert {
        Job::Convert {
            text: &r.text,
            options,
            to: Format::Pgn,
            diagnostics: false,
            reconstruct: r.reconstruct,
        }
    } else {
        Job::Check {
            text: &r.text,
            options,
            reconstruct: r.reconstruct,
        }
    })
}

/// The body of `decode`.
#[derive(Deserialize)]
struct DecodeRequest {
    /// The candidates: an array of cells, or an object with `cells` (and `fen`, `lang`).
    sheet: serde_json::Value,
    /// The position the sheet starts from, as FEN (the sheet's own `fen` overrides it).
    #[serde(default)]
    fen: Option<String>,
    /// How many other games are listed: [`Limits::max_alternatives`]'s default (8) when
    /// missing.
    ///
    /// [`Limits::max_alternatives`]: planilla::reconstruct::Limits::max_alternatives
    #[serde(default = "default_alternatives")]
    alternatives: u32,
    /// Whether a box's legal readings are weighed by the prior over moves
    /// ([`Limits::move_prior`], `true` when missing).
    ///
    /// [`Limits::move_prior`]: planilla::reconstruct::Limits::move_prior
    #[serde(default = "default_prior")]
    prior: bool,
    #[serde(flatten)]
    settings: SheetSettings,
}

fn default_prior() -> bool {
    planilla::reconstruct::Limits::default().move_prior
}

fn default_alternatives() -> u32 {
    planilla::reconstruct::Limits::default().max_alternatives
}

/// The fields of [`DecodeRequest`] besides the settings.
const DECODE_REQUEST: &[&str] = &["sheet", "fen", "alternatives", "prior"];

/// The decoded game of `request`, as `planilla decode --json` writes it.
fn decode(request: &DecodeRequest, options: CheckOptions) -> Result<Answer, Error> {
    let start = start_of(request.fen.as_deref())?.unwrap_or_default();
    let limits = planilla::reconstruct::Limits::default()
        .with_max_alternatives(request.alternatives)
        .with_move_prior(request.prior);
    answer_job(&Job::Decode {
        sheet: &request.sheet,
        start,
        options,
        limits,
    })
}

/// The body of `sealed`.
#[derive(Deserialize)]
struct SealedRequest {
    /// The position on the envelope, as FEN.
    #[serde(default)]
    fen: Option<String>,
    /// Or a scoresheet, with the sealed move's ply.
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    ply: Option<u32>,
    /// Or, instead of `ply`, the sealed move's number and side (`white` or `black`), as an
    /// arbiter reads them off the sheet.
    #[serde(default)]
    number: Option<u32>,
    #[serde(default)]
    side: Option<Side>,
    /// The sealed move as written; with `game`, the move written at `ply` by default.
    #[serde(default, rename = "move")]
    written: Option<String>,
    /// `material`, `fast` or `full` (the default).
    #[serde(default)]
    effort: Option<String>,
    /// Seconds, at most [`MAX_SEALED_SECONDS`] (the default).
    #[serde(default)]
    time_limit: Option<f64>,
    #[serde(flatten)]
    settings: SheetSettings,
}

/// The fields of [`SealedRequest`] besides the settings.
const SEALED_REQUEST: &[&str] = &[
    "fen",
    "game",
    "ply",
    "number",
    "side",
    "move",
    "effort",
    "time_limit",
];

/// A side, in a request: `"white"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Side {
    White,
    Black,
}

/// Where move `number` of `side` stands in the first game of `text`: its ply (from 1), counted
/// from the position the game starts from (its FEN tag, or the initial position), and, when
/// the whole game reads and the sheet ends before that ply (the ply just after its last
/// move counts as reached when the sealed move is `written` apart), the last move the sheet
/// writes (its number and side).
fn ply_of(
    text: &str,
    number: u32,
    side: Side,
    written: bool,
    options: &CheckOptions,
) -> (u32, Option<(u64, Side)>) {
    let report = planilla::check::check_text(text, options).next();
    let start = report
        .as_ref()
        .map_or_else(Position::default, |r| r.start_position());
    let start_ply =
        u64::from(start.fullmove_number()) * 2 + u64::from(start.turn() == planilla::Color::Black);
    let wanted = u64::from(number) * 2 + u64::from(side == Side::Black);
    let ply = u32::try_from((wanted + 1).saturating_sub(start_ply)).unwrap_or(u32::MAX);
    let last = report
        .filter(|r| r.unread_from.is_none() && !r.moves.is_empty())
        .map(|r| start_ply + r.moves.len() as u64 - 1)
        .filter(|&last| wanted > last + 1 || (wanted == last + 1 && !written))
        .map(|last| {
            let side = if last % 2 == 0 {
                Side::White
            } else {
                Side::Black
            };
            (last / 2, side)
        });
    (ply, last)
}

impl Side {
    /// `blancas`, `negras`; `White`, `Black`.
    fn name(self, es: bool) -> &'static str {
        match (self, es) {
            (Side::White, true) => "blancas",
            (Side::Black, true) => "negras",
            (Side::White, false) => "White",
            (Side::Black, false) => "Black",
        }
    }
}

impl SealedRequest {
    /// The ruling, or the reason there is none.
    fn rule(&self) -> Result<Answer, Error> {
        let es = self.settings.messages == Messages::Es;
        let job = |es_text: String, en_text: String| Error::Job(if es { es_text } else { en_text });
        let options = options(&self.settings)?;
        let fen = self.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
        let ply = match (self.ply, self.number, self.side, self.game.as_deref()) {
            (Some(ply), ..) => Some(ply),
            (None, Some(number), Some(side), Some(text)) if fen.is_none() => {
                match ply_of(text, number, side, self.written.is_some(), &options) {
                    (_, Some((last, last_side))) => {
                        return Err(job(
                            format!(
                                "la planilla acaba en la jugada {last} de las {}; no llega a \
                                 la jugada {number} de las {}",
                                last_side.name(true),
                                side.name(true)
                            ),
                            format!(
                                "the sheet ends at move {last}, {}; it does not reach move \
                                 {number}, {}",
                                last_side.name(false),
                                side.name(false)
                            ),
                        ));
                    }
                    (ply, None) => Some(ply),
                }
            }
            _ => None,
        };
        let source = match (fen, self.game.as_deref(), ply) {
            (Some(fen), _, _) => EnvelopeSource::Fen(fen),
            (None, Some(text), Some(ply)) => EnvelopeSource::Game { text, ply },
            _ => {
                return Err(job(
                    "falta la posición: fen, o game con ply (o con number y side)".to_owned(),
                    "give fen, or game with ply (or with number and side)".to_owned(),
                ));
            }
        };
        let effort = match self.effort.as_deref() {
            None | Some("full") => Effort::Full,
            Some("fast") => Effort::Fast,
            Some("material") => Effort::Material,
            Some(other) => {
                return Err(job(
                    format!("esfuerzo desconocido {other:?} (material, fast o full)"),
                    format!("unknown effort {other:?} (material, fast or full)"),
                ));
            }
        };
        let seconds = match self.time_limit {
            None => MAX_SEALED_SECONDS,
            Some(s) if s >= 0.0 => s.min(MAX_SEALED_SECONDS),
            Some(s) => {
                return Err(job(
                    format!("time_limit {s} es negativo"),
                    format!("time_limit {s} is negative"),
                ));
            }
        };
        // An empty move is a move written empty (unreadable), not a missing one.
        let written = self.written.as_deref();
        let time_limit = Duration::from_secs_f64(seconds);
        let name = if fen.is_some() { "fen" } else { "game" };
        let job = Job::Sealed {
            source,
            written,
            options,
            effort,
            time_limit,
        };
        answer_job(&job).map_err(|e| match e {
            Error::Job(m) => Error::Job(format!("{name}: {m}")),
            other => other,
        })
    }
}

/// The body of `reconcile`.
#[derive(Deserialize)]
struct ReconcileRequest {
    /// White's scoresheet.
    white: String,
    /// Black's scoresheet.
    black: String,
    #[serde(flatten)]
    settings: SheetSettings,
}

/// The body of `compare`.
#[derive(Deserialize)]
struct CompareRequest {
    /// The scoresheet.
    sheet: String,
    /// The board's record, as PGN.
    record: String,
    #[serde(flatten)]
    settings: SheetSettings,
}
