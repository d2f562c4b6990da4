//! `planilla serve`: the scoresheet desk in a browser. A local web server (axum on hyper and
//! tokio) with three pages, "Planilla" (`/`: a sheet, its diagnostics and, when it is damaged,
//! its reconstruction), "Dos planillas" (`/dos`: the two players' sheets reconciled, or a sheet
//! against the board's record) and "Jugada sellada" (`/sellada`), and a JSON API for other
//! tools. Every asset is embedded in the binary; the pages make no request to any other host.
//! The pages check in the browser, in the WebAssembly worker (`assets/worker.js`), with
//! requests in the API's shape; they never call the API.
//!
//! The API is [`planilla_app::api`] at `POST /api/ROUTE` (`/api/check`, `/api/convert`,
//! `/api/reconcile`, `/api/compare`, `/api/sealed`, `/api/decode`), with the same bodies and
//! answers.
//!
//! Built for a tournament hall's network, where the server faces every phone in the room:
//! - **Time-outs.** A connection that has not sent a request's headers within
//!   [`HEADER_TIMEOUT`] is closed, an idle kept-alive one included; a request (its body and its
//!   job included) is answered 503 past [`REQUEST_TIMEOUT`].
//! - **Caps.** At most [`MAX_CONNECTIONS`] connections are served at once (more wait to be
//!   accepted), at most [`MAX_JOBS`] jobs run at once (more wait their turn within their time
//!   limit), and a body over [`MAX_BODY_BYTES`] gets 413.
//! - **A memory budget.** A request's job is charged [`MEMORY_PER_BODY_BYTE`] times its body
//!   (its answer is held until sent) against [`MEMORY_BUDGET`]; one that does not fit is
//!   answered at once with 503 and `Retry-After`, so that a flood of large texts cannot take the
//!   server's memory nor keep small checks waiting behind them.
//! - **Origins.** The `Host` must be an IP address, `localhost` or a name given with
//!   [`Desk::allow_host`] (a page on another site reaching the desk through its own name, by
//!   DNS rebinding, gets 403). A POST whose `Origin` is not the desk's own gets 403, and an API
//!   body must be sent as `Content-Type: application/json` (415 otherwise), which no other
//!   site's form can send.
//!
//! - **Transfers.** The desk's files go gzipped to a browser that accepts it; its assets are
//!   served from a folder named after the build (`assets/VERSION/`) and may be kept
//!   [`ASSET_MAX_AGE`]; the pages are revalidated (`ETag`), so a phone's second visit
//!   downloads no WebAssembly.
//!
//! Errors are `{"error": "…"}`, in Spanish unless the request prefers English
//! (`Accept-Language`, or the body's `messages` field for the API's own errors). The server keeps
//! no state between requests, and every answer carries a Content-Security-Policy that allows
//! scripts, styles, images and requests from this origin only.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! planilla_cli::serve::serve(listener).await
//! # }
//! ```

use std::convert::Infallible;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Extension, Path, Request};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::Semaphore;

use planilla_app::api::{self, Route};

/// The largest request body accepted: 5 MiB. A larger one gets 413.
pub const MAX_BODY_BYTES: usize = 5 * 1024 * 1024;

/// The time a request may take, body and answer included. Past it the answer is 503.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The time a connection has to send a request's headers, counted from when it opens or from
/// its last answer: a client that sends them slowly, or keeps an idle connection, is cut off.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How many connections are served at once. Past it, new connections wait in the system's
/// queue until one closes (an idle one closes within [`HEADER_TIMEOUT`]).
pub const MAX_CONNECTIONS: usize = 4096;

/// The memory the API's jobs may hold at once, in bytes: 384 MiB.
pub const MEMORY_BUDGET: usize = 384 << 20;

/// What a job is charged for each byte of its request body: the body, its parsed copy and the
/// answer (the JSON of `check` is about 12 times the text of a sheet).
pub const MEMORY_PER_BODY_BYTE: usize = 20;

/// The seconds a client is told to wait (`Retry-After`) when the memory budget is spent.
pub const RETRY_AFTER_SECONDS: u64 = 5;

/// The longest time a sealed ruling may spend on "can the opponent still checkmate?".
pub use planilla_app::api::MAX_SEALED_SECONDS;

/// The policy every answer carries: scripts, styles, images and requests from this origin
/// only (the board is SVG drawn by the script into the page), and images of `blob:` addresses,
/// which the page makes of the sheet's photos kept in the browser. `'wasm-unsafe-eval'` lets
/// the page compile its own WebAssembly, served from this origin.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; \
     script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' blob:; \
     connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// How many jobs run at once: a few per core. A request past them waits for a turn (within
/// [`REQUEST_TIMEOUT`]), so that a flood of requests cannot keep more threads busy than these.
pub const MAX_JOBS: usize = 8;

/// The turns of [`MAX_JOBS`].
static JOBS: Semaphore = Semaphore::const_new(MAX_JOBS);

/// The budget of [`MEMORY_BUDGET`], in KiB.
static MEMORY: Semaphore = Semaphore::const_new(MEMORY_BUDGET >> 10);

/// JavaScript's content type.
const JS: &str = "text/javascript; charset=utf-8";

/// The embedded files other than the pages and the service worker: path (in the sources; a
/// file of `assets/` is served and exported in its versioned folder, [`asset_path`]),
/// content type, bytes. The page's scripts come first, in the order `layout.html` loads them
/// (`app.js` says what each holds); `assets/planilla/` is the WebAssembly build
/// (`scripts/build_web.sh`): the glue and the module the page's worker loads (the folder's
/// other files are the npm package's).
const ASSETS: [(&str, &str, &[u8]); 15] = [
    ("assets/texts.js", JS, include_bytes!("assets/texts.js")),
    ("assets/common.js", JS, include_bytes!("assets/common.js")),
    ("assets/board.js", JS, include_bytes!("assets/board.js")),
    ("assets/engine.js", JS, include_bytes!("assets/engine.js")),
    ("assets/sheet.js", JS, include_bytes!("assets/sheet.js")),
    ("assets/two.js", JS, include_bytes!("assets/two.js")),
    ("assets/sealed.js", JS, include_bytes!("assets/sealed.js")),
    ("assets/app.js", JS, include_bytes!("assets/app.js")),
    ("assets/worker.js", JS, include_bytes!("assets/worker.js")),
    (
        "assets/style.css",
        "text/css; charset=utf-8",
        include_bytes!("assets/style.css"),
    ),
    (
        "assets/favicon.svg",
        "image/svg+xml",
        include_bytes!("assets/favicon.svg"),
    ),
    (
        "assets/pieces.svg",
        "image/svg+xml",
        include_bytes!("assets/pieces.svg"),
    ),
    (
        "assets/planilla/planilla_web.js",
        JS,
        include_bytes!("assets/planilla/planilla_web.js"),
    ),
    (
        "assets/planilla/planilla_web_bg.wasm",
        "application/wasm",
        include_bytes!("assets/planilla/planilla_web_bg.wasm"),
    ),
    (
        "manifest.webmanifest",
        "application/manifest+json",
        include_bytes!("assets/manifest.webmanifest"),
    ),
];

/// The pages: path, file name (in an export, and an alias of the path), name (`data-page`,
/// and the navigation's mark), title, content.
const PAGES: [(&str, &str, &str, &str, &str); 3] = [
    (
        "/",
        "index.html",
        "planilla",
        "Planilla",
        include_str!("assets/planilla.html"),
    ),
    (
        "/dos",
        "dos.html",
        "dos",
        "Dos planillas",
        include_str!("assets/dos.html"),
    ),
    (
        "/sellada",
        "sellada.html",
        "sellada",
        "Jugada sellada",
        include_str!("assets/sellada.html"),
    ),
];

/// The templates the pages are made of besides their own (`layout.html`, `board.html`,
/// `sheet-options.html`) and the service worker's (`sw.js`).
const TEMPLATES: [&str; 4] = [
    include_str!("assets/layout.html"),
    include_str!("assets/board.html"),
    include_str!("assets/sheet-options.html"),
    include_str!("assets/sw.js"),
];

/// The desk's version: a hash (FNV-1a, 64 bits, as 16 hex digits) of every file the desk is
/// made of (assets, pages and templates) and of this file, which assembles them, as built. It
/// names the service worker's cache and the folder the assets are served from
/// (`assets/VERSION/`, [`asset_path`]), so that any change makes a new cache, filled whole,
/// and new addresses, which no browser holds: a browser never mixes files of two builds, and
/// may keep each file for as long as it likes.
fn version() -> &'static str {
    static VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let pages = PAGES.iter().map(|page| (page.1, page.4.as_bytes()));
        let templates = TEMPLATES.iter().map(|t| ("", t.as_bytes()));
        let assets = ASSETS.iter().map(|(path, _, bytes)| (*path, *bytes));
        // This file too: it puts the pages and the service worker together.
        let assembly = std::iter::once(("mod.rs", include_str!("mod.rs").as_bytes()));
        for (path, bytes) in assets.chain(pages).chain(templates).chain(assembly) {
            for &b in path.as_bytes().iter().chain(bytes) {
                hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        format!("{hash:016x}")
    });
    &VERSION
}

/// Where the asset `path` of [`ASSETS`] is served and exported: `assets/x.js` at
/// `assets/VERSION/x.js` ([`version`]); a file outside `assets/` (the manifest) where it is.
fn asset_path(path: &str) -> String {
    match path.strip_prefix("assets/") {
        Some(rest) => format!("assets/{}/{rest}", version()),
        None => path.to_owned(),
    }
}

/// `text` with every address of an asset (`"assets/…`, `'assets/…`) turned into its
/// versioned one ([`asset_path`]).
fn versioned(text: &str) -> String {
    let folder = format!("assets/{}/", version());
    text.replace("\"assets/", &format!("\"{folder}"))
        .replace("'assets/", &format!("'{folder}"))
}

/// The service worker (`sw.js`): it keeps every file of the desk in the browser's cache, so
/// that the page works offline after its first load. Its cache is named after the desk's
/// [`version`].
fn service_worker() -> String {
    let files: Vec<String> = std::iter::once("./".to_owned())
        .chain(PAGES.iter().map(|p| p.1.to_owned()))
        .chain(ASSETS.iter().map(|a| asset_path(a.0)))
        .map(|f| format!("'{f}'"))
        .collect();
    TEMPLATES[3]
        .replace("{{version}}", version())
        .replace("{{files}}", &files.join(", "))
}

/// Every file of the desk as a static site: path from its root, content type, bytes. The same
/// files `planilla serve` serves, without the API, which the page does not need.
pub fn static_files() -> Vec<(String, &'static str, Vec<u8>)> {
    let mut files = Vec::new();
    for (_, file, name, title, main) in PAGES {
        let html = page(name, title, main).into_bytes();
        files.push((file.to_owned(), "text/html; charset=utf-8", html));
    }
    files.push(("sw.js".to_owned(), JS, service_worker().into_bytes()));
    for (path, content_type, bytes) in ASSETS {
        // A file outside the versioned folder (the manifest) names the assets in it.
        let bytes = if path.starts_with("assets/") {
            bytes.to_vec()
        } else {
            versioned(&String::from_utf8_lossy(bytes)).into_bytes()
        };
        files.push((asset_path(path), content_type, bytes));
    }
    files
}

/// Writes the desk as static files into `dir` (created if missing): the pages, the service
/// worker, the manifest and the assets, WebAssembly included. Any static file server, or any
/// static host, then serves the whole desk with no planilla server behind it. Returns the
/// paths written.
///
/// # Errors
/// The first I/O error creating a folder or writing a file.
///
/// ```no_run
/// let written = planilla_cli::serve::export(std::path::Path::new("site")).unwrap();
/// assert!(written.iter().any(|p| p.ends_with("index.html")));
/// ```
pub fn export(dir: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut written = Vec::new();
    for (path, _, bytes) in static_files() {
        let target = dir.join(&path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&target, bytes)?;
        written.push(target);
    }
    Ok(written)
}

/// A page in the frame every page shares (`layout.html`), with the sheet's settings
/// (`sheet-options.html`) and the board with its steps (`board.html`) where it asks for them.
fn page(name: &str, title: &str, main: &str) -> String {
    let layout = TEMPLATES[0];
    // The layout's and the fragments' leading comments describe them; the page starts at its
    // doctype, a fragment after its comment.
    let layout = &layout[layout.find("<!doctype").unwrap_or(0)..];
    let fragment = |text: &'static str| text.split_once("-->\n").map_or(text, |(_, f)| f);
    let main = main
        .replace("{{sheet-options}}", TEMPLATES[2])
        .replace("{{board}}\n", fragment(TEMPLATES[1]));
    let layout = versioned(layout);
    let mut html = layout
        .replace("{{title}}", title)
        .replace("{{page}}", name)
        .replace("{{main}}", &main);
    for (_, _, other, _, _) in PAGES {
        let mark = if other == name {
            "aria-current=\"page\""
        } else {
            ""
        };
        html = html.replace(&format!("{{{{current:{other}}}}}"), mark);
    }
    html
}

/// How long a browser may keep a file of `assets/VERSION/` (the build's own folder), in
/// seconds: a year, the longest HTTP caches honour. Its address changes whenever its build
/// does.
pub const ASSET_MAX_AGE: u64 = 365 * 24 * 60 * 60;

/// A file of the desk as served: its content type, its `Cache-Control`, its `ETag` (none for
/// an asset of the versioned folder, kept [`ASSET_MAX_AGE`]; the weak tag of the [`version`]
/// for a page, the service worker or the manifest, asked about again at each use with
/// `no-cache`), its bytes, and its bytes gzipped, made at its first request that accepts
/// them.
struct StaticFile {
    content_type: &'static str,
    cache_control: HeaderValue,
    etag: Option<HeaderValue>,
    bytes: Bytes,
    gzip: std::sync::OnceLock<Option<Bytes>>,
}

impl StaticFile {
    /// The file at `path` (from the desk's root), with its caching as [`StaticFile`] says.
    fn new(path: &str, content_type: &'static str, bytes: Vec<u8>) -> StaticFile {
        let lasting = path.starts_with("assets/");
        let cache_control = if lasting {
            format!("public, max-age={ASSET_MAX_AGE}, immutable")
        } else {
            "no-cache".to_owned()
        };
        // Weak: the gzipped and the plain bytes are the same file, not the same bytes.
        let etag = format!("W/\"{}\"", version());
        StaticFile {
            content_type,
            cache_control: HeaderValue::from_str(&cache_control).expect("a header value"),
            etag: (!lasting).then(|| HeaderValue::from_str(&etag).expect("a header value")),
            bytes: Bytes::from(bytes),
            gzip: std::sync::OnceLock::new(),
        }
    }

    /// Whether `If-None-Match` names this file's tag (compared weakly) or is `*`.
    fn held(&self, headers: &HeaderMap) -> bool {
        let Some(etag) = self.etag.as_ref().and_then(|e| e.to_str().ok()) else {
            return false;
        };
        let weak = |tag: &str| tag.trim().trim_start_matches("W/").to_owned();
        headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() == "*" || v.split(',').any(|tag| weak(tag) == weak(etag)))
    }
}

/// Whether a request's `Accept-Encoding` accepts gzip: `gzip` (or `*`) listed without `q=0`.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// `bytes` gzipped (level 9), or `None` when that saves less than a tenth of them.
fn gzipped(bytes: &[u8]) -> Option<Bytes> {
    use std::io::Write as _;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).ok()?;
    let packed = encoder.finish().ok()?;
    (packed.len() < bytes.len() - bytes.len() / 10).then(|| Bytes::from(packed))
}

/// A GET of a file of the desk: gzipped when the request accepts it and that pays (browsers
/// ask for brotli only over https, and the desk serves http); a page, the service worker or
/// the manifest answered 304 when the browser holds this build's (`If-None-Match`).
async fn static_file(file: Arc<StaticFile>, headers: HeaderMap) -> Response {
    let mut response = if file.held(&headers) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let packed = match (accepts_gzip(&headers), file.gzip.get()) {
            (false, _) => None,
            (true, Some(packed)) => packed.clone(),
            // The first request packs it, off the server's threads (the WebAssembly takes a
            // few tenths of a second).
            (true, None) => {
                let pack = file.clone();
                tokio::task::spawn_blocking(move || {
                    pack.gzip.get_or_init(|| gzipped(&pack.bytes)).clone()
                })
                .await
                .unwrap_or(None)
            }
        };
        let gzip = packed.is_some();
        let mut response = packed.unwrap_or_else(|| file.bytes.clone()).into_response();
        let out = response.headers_mut();
        if gzip {
            out.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        out.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(file.content_type),
        );
        response
    };
    let out = response.headers_mut();
    out.insert(header::CACHE_CONTROL, file.cache_control.clone());
    out.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Some(etag) = &file.etag {
        out.insert(header::ETAG, etag.clone());
    }
    response
}

/// The desk's server settings: the names besides IP addresses and `localhost` that its
/// `Host` may carry, and the time a request may take.
///
/// The job turns ([`MAX_JOBS`]) and the memory budget ([`MEMORY_BUDGET`]) are the process's,
/// shared by every desk it serves, as the memory and the cores are.
///
/// ```
/// use std::time::Duration;
/// let desk = planilla_cli::serve::Desk::default()
///     .allow_host("arbitro.local")
///     .request_timeout(Duration::from_secs(20));
/// let app: axum::Router = desk.router();
/// ```
#[derive(Clone, Debug)]
pub struct Desk {
    hosts: Vec<String>,
    request_timeout: Duration,
}

impl Default for Desk {
    /// No name but IP addresses and `localhost`; [`REQUEST_TIMEOUT`].
    fn default() -> Desk {
        Desk {
            hosts: Vec::new(),
            request_timeout: REQUEST_TIMEOUT,
        }
    }
}

impl Desk {
    /// This desk, answering 503 to a request that takes longer than `limit` to send its body
    /// and be answered (default [`REQUEST_TIMEOUT`]): a client that sends its body slowly is
    /// cut off then.
    pub fn request_timeout(mut self, limit: Duration) -> Desk {
        self.request_timeout = limit;
        self
    }

    /// This desk, also answering requests whose `Host` is `name` (a name the hall's network
    /// gives the machine, such as `arbitro.local`), with or without a port.
    pub fn allow_host(mut self, name: &str) -> Desk {
        self.hosts.push(name.to_ascii_lowercase());
        self
    }

    /// The routes: the pages, their assets and the API, with the body limit, the time limit,
    /// the memory budget, the origin checks and the security headers.
    pub fn router(&self) -> Router {
        let mut router = Router::new();
        for (path, content_type, bytes) in static_files() {
            let file = Arc::new(StaticFile::new(&path, content_type, bytes));
            let get_file = get(move |headers: HeaderMap| static_file(file, headers));
            // A page also at its short path: `/` for `index.html`, `/dos` for `dos.html`.
            if let Some((short, ..)) = PAGES.iter().find(|p| p.1 == path) {
                router = router.route(short, get_file.clone());
            }
            router = router.route(&format!("/{path}"), get_file);
        }
        let hosts = Arc::new(self.hosts.clone());
        let timeout = self.request_timeout;
        router
            .route("/api/{route}", post(api_route))
            .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
            .layer(middleware::from_fn(move |request: Request, next: Next| {
                limits(timeout, request, next)
            }))
            .layer(middleware::from_fn(move |request: Request, next: Next| {
                let hosts = hosts.clone();
                async move { origins(&hosts, request, next).await }
            }))
    }

    /// Serves [`Desk::router`] on `listener` until Ctrl-C, with the connection cap and the
    /// header time-out. It first raises the process's soft limit of open files as far as the
    /// hard limit allows, towards [`MAX_CONNECTIONS`] and their answers (a system's usual
    /// 1,024 would cap the connections below it).
    ///
    /// # Errors
    /// None so far: a failed accept (too many open files, say) is waited out and retried.
    pub async fn serve(&self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        use hyper_util::rt::{TokioIo, TokioTimer};
        // Each connection is a descriptor, and the jobs open none; a margin for the rest.
        let _ = rlimit::increase_nofile_limit(MAX_CONNECTIONS as u64 + 256);
        let app = self.router();
        let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
        let stop = tokio::signal::ctrl_c();
        tokio::pin!(stop);
        loop {
            let turn = tokio::select! {
                turn = connections.clone().acquire_owned() => turn,
                _ = &mut stop => return Ok(()),
            };
            let Ok(turn) = turn else { return Ok(()) };
            let stream = tokio::select! {
                accepted = listener.accept() => accepted,
                _ = &mut stop => return Ok(()),
            };
            let stream = match stream {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before it was accepted.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let app = app.clone();
            tokio::spawn(async move {
                let _turn = turn;
                let service = hyper::service::service_fn(move |request| {
                    let mut app = app.clone();
                    async move {
                        use tower_service::Service;
                        app.call(request).await.map_err(|e: Infallible| match e {})
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT)
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    }
}

/// The default desk's routes ([`Desk::router`]).
///
/// ```
/// let app: axum::Router = planilla_cli::serve::router();
/// ```
pub fn router() -> Router {
    Desk::default().router()
}

/// Serves the default desk on `listener` until Ctrl-C ([`Desk::serve`]).
///
/// # Errors
/// The listener's I/O error.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    Desk::default().serve(listener).await
}

/// Whether a request prefers English (`Accept-Language` starting with `en`); Spanish otherwise.
fn english(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("en"))
}

/// `{"error": message}` with `status`, the message in Spanish or English.
fn error(status: StatusCode, english: bool, es: &str, en: &str) -> Response {
    let message = if english { en } else { es };
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::json!({ "error": message }).to_string(),
    )
        .into_response()
}

/// The host of a `Host` header's value, without its port and brackets, lowercase.
fn host_name(value: &str) -> String {
    let value = value.trim();
    let name = if let Some(rest) = value.strip_prefix('[') {
        rest.split(']').next().unwrap_or(rest)
    } else {
        value.rsplit_once(':').map_or(value, |(name, _)| name)
    };
    name.to_ascii_lowercase()
}

/// The origin checks (see the module's documentation): 403 for a foreign `Host`, or a POST
/// from a foreign `Origin` or a cross-site fetch; 415 for an API body that is not JSON.
async fn origins(hosts: &[String], request: Request, next: Next) -> Response {
    let headers = request.headers();
    let en = english(headers);
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    if let Some(host) = host {
        let name = host_name(host);
        let known = name.parse::<IpAddr>().is_ok()
            || name == "localhost"
            || name.ends_with(".localhost")
            || hosts.contains(&name);
        if !known {
            return secure(error(
                StatusCode::FORBIDDEN,
                en,
                &format!("este servidor no responde al nombre {name:?}; use su dirección IP"),
                &format!("this server does not answer to the name {name:?}; use its IP address"),
            ));
        }
    }
    if request.method() == Method::POST {
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        let own = |origin: &str| host.is_some_and(|h| origin == format!("http://{h}"));
        let cross_site = headers
            .get("sec-fetch-site")
            .is_some_and(|v| v.as_bytes() == b"cross-site");
        if origin.is_some_and(|o| !own(o)) || cross_site {
            return secure(error(
                StatusCode::FORBIDDEN,
                en,
                "solo las páginas de este servidor pueden enviarle planillas",
                "only this server's own pages may post to it",
            ));
        }
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if request.uri().path().starts_with("/api/") && !json {
            return secure(error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                en,
                "el cuerpo debe enviarse como Content-Type: application/json",
                "the body must be sent as Content-Type: application/json",
            ));
        }
    }
    next.run(request).await
}

/// The time limit, the memory budget and the security headers, around every request.
///
/// An API request's charge is held by the request's job and by its answer's body, and given
/// back when both are done: when the answer has been sent or dropped (the client gone) and
/// the job has ended (it runs on after a time-out, holding its memory).
async fn limits(timeout: Duration, mut request: Request, next: Next) -> Response {
    let en = english(request.headers());
    // An API request is charged for its body before the body is read; one without a length
    // is charged the largest body.
    let charge = (request.uri().path().starts_with("/api/")).then(|| {
        let length = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok()?.parse::<usize>().ok())
            .unwrap_or(MAX_BODY_BYTES)
            .min(MAX_BODY_BYTES);
        let kib = (length.saturating_mul(MEMORY_PER_BODY_BYTE) >> 10).clamp(1, MEMORY_BUDGET >> 10);
        u32::try_from(kib).unwrap_or(u32::MAX)
    });
    let charge = match charge {
        Some(kib) => match MEMORY.try_acquire_many(kib) {
            Ok(permit) => {
                // From here the charge is given back when its last holder drops it, whatever
                // happens to the request: the client may leave at any await below.
                permit.forget();
                let charge = Arc::new(Charge(kib));
                request.extensions_mut().insert(charge.clone());
                Some(charge)
            }
            Err(_) => {
                let mut busy = error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    en,
                    &format!(
                        "el servidor está revisando otros textos grandes; \
                         vuelva a enviarlo en {RETRY_AFTER_SECONDS} s"
                    ),
                    &format!(
                        "the server is busy with other large texts; \
                         send it again in {RETRY_AFTER_SECONDS} s"
                    ),
                );
                busy.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
                // The body is read and dropped a piece at a time, so that the client, still
                // sending it, gets the answer rather than a reset connection.
                let _ = tokio::time::timeout(timeout, discard(request.into_body())).await;
                return secure(busy);
            }
        },
        None => None,
    };
    let response = match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            let seconds = timeout.as_secs_f64();
            let mut late = error(
                StatusCode::SERVICE_UNAVAILABLE,
                en,
                &format!("la petición tardó más de {seconds} s"),
                &format!("the request took longer than {seconds} s"),
            );
            // The client sending slowly gets its answer and the connection is closed.
            late.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            late
        }
    };
    let response = match charge {
        Some(charge) => {
            let (parts, body) = response.into_parts();
            let body = Body::new(Charged {
                body,
                charge: Some(charge),
            });
            Response::from_parts(parts, body)
        }
        None => response,
    };
    secure(response)
}

/// Reads `body` to its end (at most [`MAX_BODY_BYTES`]), keeping none of it.
async fn discard(mut body: Body) {
    let mut read = 0usize;
    while read <= MAX_BODY_BYTES {
        let frame = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await;
        match frame {
            Some(Ok(frame)) => read += frame.data_ref().map_or(0, Bytes::len),
            _ => break,
        }
    }
}

/// The security headers on an answer.
fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    // Kept nowhere unless it says otherwise: the API's answers, errors; a file of the desk
    // says how long it may be kept.
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

/// KiB of [`MEMORY`], given back when dropped (shared by a request's job and its answer).
#[derive(Debug)]
struct Charge(u32);

impl Drop for Charge {
    fn drop(&mut self) {
        MEMORY.add_permits(self.0 as usize);
    }
}

/// An answer's body that holds its request's charge until it has been sent (or dropped).
struct Charged {
    body: Body,
    charge: Option<Arc<Charge>>,
}

impl HttpBody for Charged {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        let polled = Pin::new(&mut self.body).poll_frame(cx);
        if let Poll::Ready(None) = polled {
            self.charge = None;
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// `POST /api/ROUTE`: [`api::answer`] on the body, on the blocking pool when its turn comes;
/// 404 for an unknown route, 413 past [`MAX_BODY_BYTES`].
async fn api_route(
    Path(route): Path<String>,
    headers: HeaderMap,
    charge: Option<Extension<Arc<Charge>>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let en = english(&headers);
    let Some(route) = Route::from_name(&route) else {
        return error(
            StatusCode::NOT_FOUND,
            en,
            &format!("no hay ruta /api/{route}"),
            &format!("no route /api/{route}"),
        );
    };
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let mib = MAX_BODY_BYTES >> 20;
            return error(
                StatusCode::PAYLOAD_TOO_LARGE,
                en,
                &format!("el cuerpo pasa de {mib} MiB"),
                &format!("the body is larger than {mib} MiB"),
            );
        }
        Err(rejection) => {
            return error(
                rejection.status(),
                en,
                &rejection.body_text(),
                &rejection.body_text(),
            );
        }
    };
    let Ok(turn) = JOBS.acquire().await else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            en,
            "el servidor se está deteniendo",
            "the server is stopping",
        );
    };
    // The turn and the charge are held until the job ends, even when the request has timed
    // out or its client has left meanwhile.
    let answer = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        let _charge = charge;
        api::answer(route, &body)
    })
    .await;
    match answer {
        Ok(answer) => {
            let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
            (
                status,
                [(header::CONTENT_TYPE, answer.content_type)],
                answer.body,
            )
                .into_response()
        }
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            en,
            &format!("la revisión falló: {e}"),
            &format!("the check failed: {e}"),
        ),
    }
}

/// The URLs at which the desk bound to `bound` can be reached: for an unspecified address
/// (`0.0.0.0`, `::`), one for each of the machine's addresses on its networks, the hall's
/// first ([`address_rank`]), loopback last; otherwise the bound address's own.
///
/// ```
/// let urls = planilla_cli::serve::urls("127.0.0.1:8080".parse().unwrap());
/// assert_eq!(urls, ["http://127.0.0.1:8080/"]);
/// ```
pub fn urls(bound: std::net::SocketAddr) -> Vec<String> {
    let url = |ip: IpAddr| format!("http://{}/", std::net::SocketAddr::new(ip, bound.port()));
    if !bound.ip().is_unspecified() {
        return vec![url(bound.ip())];
    }
    let mut ips: Vec<(u8, IpAddr)> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| {
            (
                address_rank(&interface.name, interface.ip()),
                interface.ip(),
            )
        })
        // On `0.0.0.0` only IPv4 is served; on `::`, both (where the system maps IPv4).
        .filter(|(_, ip)| bound.is_ipv6() || ip.is_ipv4())
        // Link-local IPv6 addresses need a zone that no one types on a phone.
        .filter(|(_, ip)| !matches!(ip, IpAddr::V6(v6) if v6.segments()[0] & 0xffc0 == 0xfe80))
        .collect();
    ips.sort();
    let mut ips: Vec<IpAddr> = ips.into_iter().map(|(_, ip)| ip).collect();
    ips.dedup();
    if ips.is_empty() {
        ips.push(IpAddr::from([127, 0, 0, 1]));
    }
    ips.into_iter().map(url).collect()
}

/// How likely the address `ip` of the network interface `interface` is the one the hall's
/// phones reach, lowest first: the QR code shows the first.
///
/// 0. a private IPv4 address (192.168/16, 10/8, 172.16/12) of a physical-looking interface,
///    such as a Wi-Fi router gives;
/// 1. any other IPv4 address of such an interface;
/// 2. an IPv6 address of such an interface;
/// 3. an address of a container, virtual-machine or VPN interface (`docker0`, `br-…`,
///    `veth…`, `virbr…`, `vmnet…`, `vboxnet…`, `tun…`, `tap…`, `wg…`, `tailscale…`, `zt…`,
///    `utun…`), which phones in the room cannot reach;
/// 4. loopback.
///
/// ```
/// use planilla_cli::serve::address_rank;
/// let wifi = address_rank("wlan0", "192.168.1.20".parse().unwrap());
/// let docker = address_rank("docker0", "172.17.0.1".parse().unwrap());
/// let loopback = address_rank("lo", "127.0.0.1".parse().unwrap());
/// assert!(wifi < docker && docker < loopback);
/// ```
pub fn address_rank(interface: &str, ip: IpAddr) -> u8 {
    const VIRTUAL: [&str; 12] = [
        "docker",
        "br-",
        "veth",
        "virbr",
        "vmnet",
        "vboxnet",
        "tun",
        "tap",
        "wg",
        "tailscale",
        "zt",
        "utun",
    ];
    if ip.is_loopback() {
        4
    } else if VIRTUAL.iter().any(|prefix| interface.starts_with(prefix)) {
        3
    } else {
        match ip {
            IpAddr::V4(v4) if v4.is_private() => 0,
            IpAddr::V4(_) => 1,
            IpAddr::V6(_) => 2,
        }
    }
}

/// A QR code of `url` drawn with Unicode half blocks, two modules a character, its light
/// modules as blocks (for a terminal with a dark background), with its quiet zone: a phone's
/// camera opens the desk from it. `None` for a text too long
/// for a QR code.
///
/// ```
/// let code = planilla_cli::serve::qr_code("http://192.168.1.20:8080/").unwrap();
/// assert!(code.lines().count() >= 12);
/// ```
pub fn qr_code(url: &str) -> Option<String> {
    let code = qrcode::QrCode::new(url.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}
