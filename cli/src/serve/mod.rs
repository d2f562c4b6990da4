//! `planilla serve`: the scoresheet desk in a browser. A local web server (axum on tokio)
//! with three pages, "Planilla" (`/`: a sheet, its diagnostics and, when it is damaged, its
//! reconstruction), "Dos planillas" (`/dos`: the two players' sheets reconciled, or a sheet
//! against the board's record) and "Jugada sellada" (`/sellada`), and the JSON API they use. Every asset is embedded in the binary; the pages make no request to any other host.
//!
//! The API (bodies are JSON objects):
//!
//! | route | body | answer |
//! |---|---|---|
//! | `POST /api/check` | `text`; optionally `fen`, `reconstruct` (a boolean) and the [`SheetSettings`] fields | the JSON of `planilla check --json`, with `--reconstruct` when `reconstruct` is true |
//! | `POST /api/convert` | the same | the PGN of `planilla convert` (`application/x-chess-pgn`), with `--reconstruct` when `reconstruct` is true |
//! | `POST /api/reconcile` | `white`, `black` (the two scoresheets); optionally the [`SheetSettings`] fields | the JSON of `planilla reconcile --json`, plus the board's fields |
//! | `POST /api/compare` | `sheet`, `record` (the board's PGN); optionally the [`SheetSettings`] fields | the JSON of `planilla compare --json`, plus the board's fields |
//!
//! The board's fields are the reconciled game's (or the record's) `start_fen` and, one for each
//! ply, `board_san`, `uci` and `fen` (the position after the ply).
//! | `POST /api/sealed` | `fen`, or `game` and `ply`; `move` (required with `fen`); optionally `effort`, `time_limit` (s, at most 10) and the [`SheetSettings`] fields | the JSON of `planilla sealed --json` |
//!
//! Errors are `{"error": "…"}`: 400 for a body that is not JSON of that shape (an unknown
//! field included), 413 for a body over [`MAX_BODY_BYTES`], 503 past [`REQUEST_TIMEOUT`].
//! At most [`MAX_JOBS`] checks run at once; the others wait their turn within their time
//! limit. The server keeps no state between requests, and every answer carries a
//! Content-Security-Policy that allows scripts, styles, images and requests from this origin
//! only.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! planilla_cli::serve::serve(listener).await
//! # }
//! ```

use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use planilla::Position;
use planilla::check::CheckOptions;
use planilla::laws::winnability::Effort;

use crate::jobs::{self, EnvelopeSource};
use crate::settings::SheetSettings;

/// The largest request body accepted: 5 MiB. A larger one gets 413.
pub const MAX_BODY_BYTES: usize = 5 * 1024 * 1024;

/// The time a request may take, body and answer included. Past it the answer is 503.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest time a sealed ruling may spend on "can the opponent still checkmate?"; a
/// request's `time_limit` is capped to it.
pub const MAX_SEALED_SECONDS: f64 = 10.0;

/// The policy every answer carries: scripts, styles, images and requests from this origin
/// only (the board is SVG drawn by the script into the page).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// How many checks run at once: a few per core. A request past them waits for a turn (within
/// [`REQUEST_TIMEOUT`]), so that a flood of requests cannot hold more texts in memory, nor
/// keep more threads busy, than these.
pub const MAX_JOBS: usize = 8;

/// The turns of [`MAX_JOBS`].
static JOBS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(MAX_JOBS);

/// The embedded assets other than the pages: path, content type, bytes.
const ASSETS: [(&str, &str, &str); 3] = [
    (
        "/assets/app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "/assets/style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    (
        "/assets/favicon.svg",
        "image/svg+xml",
        include_str!("assets/favicon.svg"),
    ),
];

/// The pages: path, name (`data-page`, and the navigation's mark), title, content.
const PAGES: [(&str, &str, &str, &str); 3] = [
    (
        "/",
        "planilla",
        "Planilla",
        include_str!("assets/planilla.html"),
    ),
    (
        "/dos",
        "dos",
        "Dos planillas",
        include_str!("assets/dos.html"),
    ),
    (
        "/sellada",
        "sellada",
        "Jugada sellada",
        include_str!("assets/sellada.html"),
    ),
];

/// A page in the frame every page shares (`layout.html`), with the sheet's settings
/// (`sheet-options.html`) and the board with its steps (`board.html`) where it asks for them.
fn page(name: &str, title: &str, main: &str) -> String {
    let layout = include_str!("assets/layout.html");
    // The layout's and the fragments' leading comments describe them; the page starts at its
    // doctype, a fragment after its comment.
    let layout = &layout[layout.find("<!doctype").unwrap_or(0)..];
    let fragment = |text: &'static str| text.split_once("-->\n").map_or(text, |(_, f)| f);
    let main = main
        .replace(
            "{{sheet-options}}",
            include_str!("assets/sheet-options.html"),
        )
        .replace("{{board}}\n", fragment(include_str!("assets/board.html")));
    let mut html = layout
        .replace("{{title}}", title)
        .replace("{{page}}", name)
        .replace("{{main}}", &main);
    for (_, other, _, _) in PAGES {
        let mark = if other == name {
            "aria-current=\"page\""
        } else {
            ""
        };
        html = html.replace(&format!("{{{{current:{other}}}}}"), mark);
    }
    html
}

/// The server's routes: the pages, their assets and the API, with the body limit, the time
/// limit and the security headers.
///
/// ```
/// let app: axum::Router = planilla_cli::serve::router();
/// ```
pub fn router() -> Router {
    let mut router = Router::new();
    for (path, name, title, main) in PAGES {
        let html = page(name, title, main);
        router = router.route(
            path,
            get(
                move || async move { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html) },
            ),
        );
    }
    for (path, content_type, body) in ASSETS {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], body) }),
        );
    }
    router
        .route("/api/check", post(check))
        .route("/api/convert", post(convert))
        .route("/api/sealed", post(sealed))
        .route("/api/reconcile", post(reconcile))
        .route("/api/compare", post(compare))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(limits))
}

/// Serves [`router`] on `listener` until Ctrl-C.
///
/// # Errors
/// The listener's I/O error.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, router())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

/// The time limit and the security headers, around every request.
async fn limits(request: Request, next: Next) -> Response {
    let mut response = match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took longer than {} s",
                REQUEST_TIMEOUT.as_secs()
            ),
        ),
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// An answer that is an error: `{"error": message}` with its status.
struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// 400 with `message`.
    fn bad(message: String) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        (
            self.status,
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response()
    }
}

/// `{"error": message}` with `status`.
fn error(status: StatusCode, message: String) -> Response {
    ApiError { status, message }.into_response()
}

/// Runs `job` on the blocking pool (checking is CPU work) when its turn comes. The turn is
/// held until the job ends, even when the request has timed out meanwhile.
async fn blocking(job: impl FnOnce() -> Response + Send + 'static) -> Response {
    let Ok(turn) = JOBS.acquire().await else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".to_owned(),
        );
    };
    tokio::task::spawn_blocking(move || {
        let _turn = turn;
        job()
    })
    .await
    .unwrap_or_else(|e| {
        error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the check failed: {e}"),
        )
    })
}

/// The names of [`SheetSettings`]' fields, which every request may carry.
const SETTINGS: &[&str] = &["letters", "edition", "lenient", "messages", "notation"];

/// A rejected body, or the body.
type Body = Result<Bytes, BytesRejection>;

/// A request body as `T`, whose own fields are `fields` besides the settings: 413 past the
/// size limit, 400 when it is not a JSON object of that shape (an unknown field included).
fn parse<T: DeserializeOwned>(body: Body, fields: &[&str]) -> Result<T, ApiError> {
    let bad = ApiError::bad;
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: format!("the body is larger than {} MiB", MAX_BODY_BYTES >> 20),
            }
        } else {
            bad(rejection.body_text())
        }
    })?;
    let value: serde_json::Value =
        serde_json::from_slice(&body).map_err(|e| bad(format!("the body is not JSON: {e}")))?;
    let object = value
        .as_object()
        .ok_or_else(|| bad("the body is not a JSON object".to_owned()))?;
    if let Some(unknown) = object
        .keys()
        .find(|k| !fields.contains(&k.as_str()) && !SETTINGS.contains(&k.as_str()))
    {
        let known = [fields, SETTINGS].concat().join(", ");
        return Err(bad(format!("unknown field `{unknown}` (known: {known})")));
    }
    serde_json::from_value(value).map_err(|e| bad(format!("the body is not valid: {e}")))
}

/// The body of `/api/check` and `/api/convert`.
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

/// The fields of [`SheetRequest`] besides the settings.
const SHEET_REQUEST: &[&str] = &["text", "fen", "reconstruct"];

impl SheetRequest {
    /// The library's options: the settings and the starting position.
    fn options(&self) -> Result<CheckOptions, ApiError> {
        let bad = ApiError::bad;
        let start = match self.fen.as_deref().map(str::trim) {
            Some(fen) if !fen.is_empty() => {
                Some(Position::from_fen(fen).map_err(|e| bad(format!("fen: {e}")))?)
            }
            _ => None,
        };
        Ok(self
            .settings
            .check_options()
            .map_err(bad)?
            .with_start(start))
    }

    /// Runs `job` on the request's text and options, off the async threads.
    async fn run(body: Body, job: fn(&str, &CheckOptions, bool) -> Response) -> Response {
        let request: SheetRequest = match parse(body, SHEET_REQUEST) {
            Ok(r) => r,
            Err(e) => return e.into_response(),
        };
        blocking(move || match request.options() {
            Ok(options) => job(&request.text, &options, request.reconstruct),
            Err(e) => e.into_response(),
        })
        .await
    }
}

/// `POST /api/check`: the JSON of `planilla check --json`.
async fn check(body: Body) -> Response {
    SheetRequest::run(body, |text, options, reconstruct| {
        json(&planilla::write::GamesJson {
            games: if reconstruct {
                jobs::check_json_reconstructed(text, options)
            } else {
                jobs::check_json(text, options)
            },
        })
    })
    .await
}

/// `POST /api/convert`: the PGN of `planilla convert`.
async fn convert(body: Body) -> Response {
    SheetRequest::run(body, |text, options, reconstruct| {
        (
            [(
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            )],
            if reconstruct {
                jobs::convert_reconstructed_pgn(text, options)
            } else {
                jobs::convert_pgn(text, options)
            },
        )
            .into_response()
    })
    .await
}

/// The body of `/api/sealed`.
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
const SEALED_REQUEST: &[&str] = &["fen", "game", "ply", "move", "effort", "time_limit"];

impl SealedRequest {
    /// The ruling, or 400 with the reason there is none.
    fn rule(&self) -> Result<Response, String> {
        let options = self.settings.check_options()?;
        let fen = self.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
        let source = match (fen, self.game.as_deref(), self.ply) {
            (Some(fen), _, _) => EnvelopeSource::Fen(fen),
            (None, Some(text), Some(ply)) => EnvelopeSource::Game { text, ply },
            _ => return Err("give fen, or game with ply".to_owned()),
        };
        let effort = match self.effort.as_deref() {
            None | Some("full") => Effort::Full,
            Some("fast") => Effort::Fast,
            Some("material") => Effort::Material,
            Some(other) => {
                return Err(format!("unknown effort {other:?} (material, fast or full)"));
            }
        };
        let seconds = match self.time_limit {
            None => MAX_SEALED_SECONDS,
            Some(s) if s >= 0.0 => s.min(MAX_SEALED_SECONDS),
            Some(s) => return Err(format!("time_limit {s} is negative")),
        };
        // An empty move is a move written empty (unreadable), not a missing one.
        let written = self.written.as_deref();
        let time_limit = Duration::from_secs_f64(seconds);
        let name = if fen.is_some() { "fen" } else { "game" };
        let ruled = jobs::sealed_ruling(source, written, &options, effort, time_limit)
            .map_err(|e| format!("{name}: {e}"))?;
        Ok(json(&ruled.json(&options)))
    }
}

/// `POST /api/sealed`: the JSON of `planilla sealed --json`.
async fn sealed(body: Body) -> Response {
    let request: SealedRequest = match parse(body, SEALED_REQUEST) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    blocking(move || {
        request
            .rule()
            .unwrap_or_else(|m| ApiError::bad(m).into_response())
    })
    .await
}

/// An answer of `/api/reconcile` or `/api/compare` with what the page's board needs: the
/// game's (or the record's) start and, for each ply, its SAN, UCI and the FEN after it.
#[derive(serde::Serialize)]
struct WithBoard<'a, T: serde::Serialize> {
    #[serde(flatten)]
    found: &'a T,
    start_fen: String,
    board_san: Vec<String>,
    uci: Vec<String>,
    fen: Vec<String>,
}

impl<'a, T: serde::Serialize> WithBoard<'a, T> {
    fn new(found: &'a T, start: Position, moves: &[planilla::Move]) -> Self {
        let mut pos = start;
        let (mut board_san, mut uci, mut fen) = (Vec::new(), Vec::new(), Vec::new());
        for &m in moves {
            uci.push(m.to_uci());
            board_san.push(planilla::san::SanPlus::from_move_and_play(&mut pos, m).to_string());
            fen.push(pos.to_fen());
        }
        WithBoard {
            found,
            start_fen: start.to_fen(),
            board_san,
            uci,
            fen,
        }
    }
}

/// The body of `/api/reconcile`.
#[derive(Deserialize)]
struct ReconcileRequest {
    /// White's scoresheet.
    white: String,
    /// Black's scoresheet.
    black: String,
    #[serde(flatten)]
    settings: SheetSettings,
}

/// `POST /api/reconcile`: the JSON of `planilla reconcile --json`, or 400 when the two sheets
/// cannot be reconciled (no game in one of them, or different starting positions).
async fn reconcile(body: Body) -> Response {
    with_options(body, &["white", "black"], |r: ReconcileRequest| {
        (r.settings, move |options: &CheckOptions| {
            planilla::reconstruct::reconcile_text(&r.white, &r.black, options)
                .map(|found| json(&WithBoard::new(&found, found.start, &found.moves)))
                .map_err(|e| e.to_string())
        })
    })
    .await
}

/// The body of `/api/compare`.
#[derive(Deserialize)]
struct CompareRequest {
    /// The scoresheet.
    sheet: String,
    /// The board's record, as PGN.
    record: String,
    #[serde(flatten)]
    settings: SheetSettings,
}

/// `POST /api/compare`: the JSON of `planilla compare --json`, or 400 when the sheet or the
/// record holds no game, or the record is not a legal game.
async fn compare(body: Body) -> Response {
    with_options(body, &["sheet", "record"], |r: CompareRequest| {
        (r.settings, move |options: &CheckOptions| {
            let found = planilla::reconstruct::compare_text(&r.sheet, &r.record, options)
                .map_err(|e| e.to_string())?;
            // The record is a valid game (or the comparison would have failed): its moves,
            // read as `compare_text` reads them, for the board.
            let english = CheckOptions::default()
                .with_language(planilla::notation::Language::ENGLISH)
                .with_edition(options.edition);
            let report = planilla::check::check_text(&r.record, &english).next();
            let (start, moves) = report.map_or_else(
                || (Position::default(), Vec::new()),
                |r| (r.start_position(), r.moves.iter().map(|m| m.mv).collect()),
            );
            Ok(json(&WithBoard::new(&found, start, &moves)))
        })
    })
    .await
}

/// Parses a body of type `T` (its own `fields` besides the settings), splits it into its
/// settings and a job, and runs the job with the settings' options when its turn comes; a
/// job's error is a 400 with its message.
async fn with_options<T, J>(
    body: Body,
    fields: &[&str],
    split: impl FnOnce(T) -> (SheetSettings, J),
) -> Response
where
    T: DeserializeOwned,
    J: FnOnce(&CheckOptions) -> Result<Response, String> + Send + 'static,
{
    let (settings, job) = match parse(body, fields) {
        Ok(request) => split(request),
        Err(e) => return e.into_response(),
    };
    blocking(move || {
        settings
            .check_options()
            .and_then(|options| job(&options))
            .unwrap_or_else(|m| ApiError::bad(m).into_response())
    })
    .await
}

/// A value as a JSON answer.
fn json(value: &impl serde::Serialize) -> Response {
    match serde_json::to_string(value) {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("writing JSON: {e}"),
        ),
    }
}
