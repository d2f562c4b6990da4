//! `planilla serve` in a real browser: headless Chromium driven through chromedriver
//! (WebDriver). The tests type the 2005 Appendix E sample, open its error, click a suggestion,
//! download the PGN, see a damaged sheet's reconstruction beside it, reconcile two sheets and
//! compare one with the board's record, rule on a sealed move, and look at every page on a
//! 360 px phone screen.
//!
//! They need Debian's `chromium` and `chromium-driver` (`/usr/bin/chromium`,
//! `/usr/bin/chromedriver`; other paths through `CHROMIUM` and `CHROMEDRIVER`). Without them,
//! under `CI=true` the tests fail; elsewhere each test is skipped with a loud message on
//! standard error that says how to install them, so that the README's test command passes on
//! a fresh machine. Screenshots are written to `target/tmp/screenshots/`.

#![cfg(feature = "serve")]

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

mod common;

use common::{ROOT, planilla, skip_unless_ci, start_server};

/// A sealed position: the bishop on f3 reaches d1 and d5; Black keeps a rook to mate with.
const SEALED_FEN: &str = "r3k3/8/8/8/8/5B2/8/4K3 w - - 0 40";

/// How long a test waits for what the page should show (or for chromedriver, a download, the
/// service worker's cache) before it fails. Generous: a loaded machine of two cores runs two
/// of these tests at once, each a Chromium and its WebAssembly, and a check of the damaged
/// sheet takes seconds there. A test that passes waits only as long as the page takes.
const PATIENCE: Duration = Duration::from_secs(90);

/// How often a test looks again at what it waits for.
const POLL: Duration = Duration::from_millis(50);

/// The 2005 Appendix E sample, with its misprint `5.Dxd5`.
fn sample() -> String {
    std::fs::read_to_string(format!("{ROOT}/examples/planillas/fide2005_apendice_e.txt")).unwrap()
}

/// A sheet of `examples/danadas/`: a real game with the damage its README lists.
fn damaged(name: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/examples/danadas/{name}")).unwrap()
}

/// Chromium and chromedriver, as `CHROMIUM` and `CHROMEDRIVER` name them or at Debian's paths.
///
/// `None` when one is missing and this is not CI: the caller skips its test, and a message on
/// standard error says so and how to install them. Under `CI=true` a missing program fails
/// the test, so that CI never passes without running the browser.
/// A game's SAN moves (from the initial position) in Spanish letters, as the library writes
/// them for a Spanish sheet (`NamedMove::written`): what a Spanish page shows.
fn in_spanish_letters(san: &Value) -> Value {
    use planilla::check::{CheckOptions, NamedMove, check_move};
    use planilla::{Language, Position};
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    let mut pos = Position::startpos();
    let mut out = Vec::new();
    for m in san.as_array().unwrap() {
        let played = check_move(&pos, m.as_str().unwrap(), &english).unwrap();
        out.push(NamedMove::new(&pos, played.mv, &Language::SPANISH).written);
        pos = played.after;
    }
    json!(out)
}

fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let program = |variable: &str, default: &str| {
        std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from)
    };
    let chromium = program("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = program("CHROMEDRIVER", "/usr/bin/chromedriver");
    let missing: Vec<String> = [&chromium, &chromedriver]
        .into_iter()
        .filter(|p| !p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if missing.is_empty() {
        return Some((chromium, chromedriver));
    }
    let message = format!(
        "{} missing: the browser tests need Debian's chromium and chromium-driver \
         (apt-get install chromium chromium-driver), or CHROMIUM and CHROMEDRIVER naming the \
         programs",
        missing.join(" and ")
    );
    skip_unless_ci("a browser test of planilla serve", &message);
    None
}

/// A headless Chromium session, with its chromedriver and its own profile and download
/// folder; dropping it ends both processes.
struct Browser {
    client: Client,
    driver: Child,
    downloads: PathBuf,
    base: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    /// A browser on the server at `address`; `phone` emulates a 360×740 screen.
    async fn start(
        programs: (PathBuf, PathBuf),
        address: SocketAddr,
        name: &str,
        phone: bool,
    ) -> Browser {
        Browser::start_at(programs, &format!("http://{address}"), name, phone, &[]).await
    }

    /// A browser on the server at `base` (`http://host:port`), with Chromium's further
    /// command-line arguments `extra`.
    async fn start_at(
        (chromium, chromedriver): (PathBuf, PathBuf),
        base: &str,
        name: &str,
        phone: bool,
        extra: &[&str],
    ) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < PATIENCE, "chromedriver did not listen");
            tokio::time::sleep(POLL).await;
        }
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        let downloads = dir.join("downloads");
        std::fs::create_dir_all(&downloads).unwrap();
        let mut options = json!({
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--window-size=1280,1300", "--hide-scrollbars",
                format!("--user-data-dir={}", dir.join("profile").display()),
            ],
            "prefs": {
                "download.default_directory": downloads,
                "download.prompt_for_download": false,
            },
        });
        for argument in extra {
            options["args"]
                .as_array_mut()
                .unwrap()
                .push(json!(argument));
        }
        if phone {
            options["mobileEmulation"] =
                json!({"deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 1.0}});
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".to_owned(), options);
        // chromedriver may accept a connection before it serves sessions, and a loaded
        // machine may reset the first request: a few tries, a moment apart, before failing.
        let mut tries = 0;
        let client = loop {
            match ClientBuilder::new(HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(client) => break client,
                Err(e) if tries < 5 => {
                    tries += 1;
                    let _ = writeln!(std::io::stderr(), "a Chromium session, try {tries}: {e}");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => panic!("a Chromium session: {e:?}"),
            }
        };
        // A script the page answers with a promise (a check, the cache) may take as long as
        // anything else the tests wait for.
        client
            .update_timeouts(TimeoutConfiguration::new(Some(PATIENCE), None, None))
            .await
            .unwrap();
        Browser {
            client,
            driver,
            downloads,
            base: base.to_owned(),
        }
    }

    /// A browser named `name` on a new desk server ([`Browser::start`]), or `None` when the
    /// browser programs are missing and the test is skipped ([`browser_programs`]).
    async fn on_a_desk(name: &str, phone: bool) -> Option<Browser> {
        let programs = browser_programs()?;
        let address = start_server().await;
        Some(Browser::start(programs, address, name, phone).await)
    }

    async fn open(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap();
    }

    /// The value of a JavaScript expression.
    async fn eval(&self, expression: &str) -> Value {
        self.client
            .execute(&format!("return ({expression});"), Vec::new())
            .await
            .unwrap()
    }

    /// Waits ([`PATIENCE`] at most) until `expression` is true.
    async fn wait_until(&self, expression: &str) {
        let started = Instant::now();
        while self.eval(expression).await != Value::Bool(true) {
            let status = self
                .eval("document.getElementById('status')?.textContent")
                .await;
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} in vain for {expression}; the status says {status}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Waits ([`PATIENCE`] at most) until the element `css` shows the text `expected`.
    async fn wait_for_text(&self, css: &str, expected: &str) {
        let started = Instant::now();
        loop {
            // The element may be drawn again between the two requests: then it is looked for
            // again.
            let shown = match self.client.find(Locator::Css(css)).await {
                Ok(element) => element.text().await.ok(),
                Err(_) => None,
            };
            if shown.as_deref() == Some(expected) {
                return;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} in vain for {css} to show {expected:?}; it shows {shown:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    async fn type_into(&self, css: &str, text: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap();
        field.send_keys(text).await.unwrap();
    }

    async fn press(&self, css: &str, key: Key) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .send_keys(&key.to_string())
            .await
            .unwrap();
    }

    async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .click()
            .await
            .unwrap();
    }

    async fn text(&self, css: &str) -> String {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .text()
            .await
            .unwrap()
    }

    /// Sets the text of the field `id` at once (as a paste does) and tells the page.
    async fn fill(&self, id: &str, text: &str) {
        self.client
            .execute(
                "const e = document.getElementById(arguments[0]); e.value = arguments[1]; \
                 e.dispatchEvent(new Event('input')); return true;",
                vec![json!(id), json!(text)],
            )
            .await
            .unwrap();
    }

    /// Pastes the damaged sheet into the sheet page and waits for its reconstruction.
    async fn paste_the_damaged_sheet(&self) {
        self.open("/").await;
        self.fill("sheet", &damaged("lichess_61_danada.txt")).await;
        self.wait_until("!document.getElementById('recon').hidden")
            .await;
    }

    /// Reconciles the two damaged sheets on the two-sheet page and waits for the answer.
    async fn reconcile_the_two_sheets(&self) {
        self.open("/dos").await;
        self.fill("first-text", &damaged("lichess_61_danada.txt"))
            .await;
        self.fill("second-text", &damaged("lichess_61_negras.txt"))
            .await;
        self.click("#run").await;
        self.wait_until("!document.getElementById('results').hidden")
            .await;
    }

    /// Saves a screenshot of the window as `name`.png and holds it against the manual's
    /// picture `docs/serve-{name}.png` ([`shows_the_same_page`]); `UPDATE_SCREENSHOTS=1`
    /// writes the screenshot there instead.
    async fn screenshot(&self, name: &str) -> PathBuf {
        // The caret blinks and the focus ring follows the last click: neither is the page.
        self.eval("document.activeElement.blur() || true").await;
        let png = self.client.screenshot().await.unwrap();
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).unwrap();
        eprintln!("screenshot: {}", path.display());
        let docs = Path::new(ROOT).join(format!("docs/serve-{name}.png"));
        if std::env::var_os("UPDATE_SCREENSHOTS").is_some_and(|v| v == "1") {
            std::fs::write(&docs, &png).unwrap();
            return path;
        }
        let pictured = std::fs::read(&docs).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; UPDATE_SCREENSHOTS=1 cargo test --profile tests -p planilla-cli \
                 --test serve_browser writes it",
                docs.display()
            )
        });
        if let Err(difference) = shows_the_same_page(&pictured, &png) {
            panic!(
                "docs/serve-{name}.png no longer shows the page ({difference}); the page as \
                 it is now: {}. If the change is meant, UPDATE_SCREENSHOTS=1 cargo test \
                 --profile tests -p planilla-cli --test serve_browser rewrites the pictures. \
                 (A page in another font differs too: the pictures are in DejaVu Sans, the \
                 font `fc-match system-ui` names on Debian.)",
                path.display()
            );
        }
        path
    }

    /// The page scrolls sideways.
    async fn scrolls_sideways(&self) -> bool {
        self.eval("document.documentElement.scrollWidth > document.documentElement.clientWidth")
            .await
            == Value::Bool(true)
    }

    /// Types the 2005 sample into the sheet page and waits until an error is marked.
    async fn type_the_sample(&self) {
        self.open("/").await;
        // A draft kept from an earlier visit is cleared first.
        self.fill("sheet", "").await;
        self.type_into("#sheet", &sample()).await;
        self.wait_for_the_samples_error().await;
    }

    /// Waits until the sheet page shows the 2005 sample's error, `Dxd5`, in results on
    /// screen: not the hidden results of an earlier text, nor those of a text half typed.
    async fn wait_for_the_samples_error(&self) {
        self.wait_until(
            "!document.getElementById('results').hidden \
             && document.querySelector('#moves button.mv.error')?.textContent === 'Dxd5' \
             && document.querySelector('#diags button') !== null",
        )
        .await;
    }

    /// Pastes the 2005 sample into the sheet page and waits until its error and its
    /// diagnostics are shown.
    async fn paste_the_sample(&self) {
        self.open("/").await;
        self.fill("sheet", &sample()).await;
        self.wait_for_the_samples_error().await;
    }

    /// Opens the marked error and waits for its detail.
    async fn open_the_error(&self) {
        self.click("#moves button.mv.error").await;
        self.wait_until("!document.getElementById('detail').hidden")
            .await;
    }

    /// Asks the sealed page for a ruling on `Ad` in [`SEALED_FEN`].
    async fn rule_on_ad(&self) {
        self.open("/sellada").await;
        self.type_into("#fen", SEALED_FEN).await;
        self.type_into("#move", "Ad").await;
        self.click("#rule").await;
        self.wait_until("!document.getElementById('ruling').hidden")
            .await;
    }

    /// The ids (or tags) of the controls that have no name for a screen reader: no label, no
    /// `aria-label`, no text.
    async fn unnamed_controls(&self) -> Value {
        self.eval(
            "[...document.querySelectorAll('input, select, textarea, button, a')]\
             .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')\
                 && !e.textContent.trim())\
             .map((e) => e.id || e.tagName)",
        )
        .await
    }

    /// The moves written in English piece letters that the page shows a person: in its text
    /// (outside the text boxes, where the sheet is as written) and in its titles and
    /// `aria-label`s. `K`, `Q`, `B` and `N` are no Spanish letter, so on a Spanish page of a
    /// Spanish sheet any move with one of them is SAN shown where the sheet's letters belong.
    /// (The board's own label, a FEN, is not a move.)
    async fn english_moves_shown(&self) -> Value {
        self.eval(
            r"(() => {
                const english = /(^|[^A-Za-z0-9])([KQBN][a-h]?[1-8]?x?[a-h][1-8])/g;
                const found = [];
                const scan = (text) => { for (const m of text.matchAll(english)) found.push(m[2]); };
                const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                    const p = n.parentElement;
                    if (!p || p.closest('textarea, script, style, [hidden]')) continue;
                    scan(n.data);
                }
                for (const e of document.querySelectorAll('[title], [aria-label]')) {
                    if (e.closest('[hidden]') || e.closest('#board')) continue;
                    scan(e.getAttribute('title') || '');
                    scan(e.getAttribute('aria-label') || '');
                }
                return found;
            })()",
        )
        .await
    }

    /// Presses `key` where the keyboard's focus is.
    async fn key(&self, key: Key) {
        self.client
            .active_element()
            .await
            .unwrap()
            .send_keys(&key.to_string())
            .await
            .unwrap();
    }

    /// The `data-key` of the focused element, or its tag when it has none.
    async fn focused(&self) -> Value {
        self.eval("document.activeElement.dataset.key || document.activeElement.tagName")
            .await
    }

    /// What axe-core (from npm, see [`axe_core`]) finds wrong with the page as it stands: one
    /// line per violation, with its rule, impact and elements.
    async fn accessibility_violations(&self, axe: &str) -> Vec<String> {
        self.client.execute(axe, Vec::new()).await.unwrap();
        let found = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 axe.run(document, { resultTypes: ['violations'] }).then((r) => done(\
                   r.violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${\
                     v.nodes.map((n) => n.target.join(' ')).join(', ')}`)));",
                Vec::new(),
            )
            .await
            .unwrap();
        serde_json::from_value(found).unwrap()
    }

    async fn close(mut self) {
        let client = self.client.clone();
        client.close().await.unwrap();
        let _ = self.driver.kill();
    }
}

/// Waits ([`PATIENCE`] at most) for a downloaded file, once Chromium has finished writing it.
async fn downloaded(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    let started = Instant::now();
    loop {
        let partial = std::fs::read_dir(dir).unwrap().any(|e| {
            e.unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "crdownload")
        });
        if path.exists() && !partial {
            return std::fs::read_to_string(&path).unwrap();
        }
        assert!(started.elapsed() < PATIENCE, "{name} was not downloaded");
        tokio::time::sleep(POLL).await;
    }
}

/// The side of the squares in which a screenshot and its picture are compared, in pixels.
const BLOCK: usize = 8;
/// How far the mean brightness (0–255) of one square may differ before the square differs:
/// more than a caret, a font's hinting or a smoothed edge moves it, less than a word.
const BLOCK_TOLERANCE: f64 = 12.0;
/// How far, in pixels, a square of one picture may be found from its place in the other and
/// still be the same: a line set a pixel or two lower by another build's fonts.
const SHIFT: usize = 3;
/// How much the page's width and height may each differ from the picture's, as a share of the
/// picture's: another build of Chromium gives the same window a viewport a few pixels taller
/// or shorter (1,157 px here, 1,161 there, of a 1,300 px window).
const SIZE_TOLERANCE: f64 = 0.04;
/// The share of the squares compared that may differ: the words that another build's font
/// rendering sets a little wider or narrower (up to 1.2 % of the squares, with FreeType's
/// autohinter and subpixel smoothing), a form control it draws its own way; not the board
/// (9 % of the sheet page's squares), a panel (5 %) or a column moved (10 %).
const DIFFERING_SHARE: f64 = 0.02;

/// Whether the PNG `pictured` (a picture of the manual) shows the page of the PNG `seen`,
/// allowing for another build of Chromium and its fonts:
///
/// - the sizes may differ by [`SIZE_TOLERANCE`] of the picture's each way, and the region both
///   show is compared, the page laid on the picture at its top or at its bottom (where the
///   page was scrolled to bring an element into view, a taller viewport shows more above it)
///   and at its left, centre or right, whichever differs least;
/// - a square of [`BLOCK`] pixels of either is the same when the other has, at its place or up
///   to [`SHIFT`] pixels away, a square whose mean brightness is within [`BLOCK_TOLERANCE`]:
///   the page shows what the picture shows, and nothing more;
/// - at most [`DIFFERING_SHARE`] of the squares may differ.
///
/// So one build's smoothing, a line a pixel lower or a viewport a few pixels taller pass, and
/// the board or a panel gone, a column moved or a page of another size fail. A changed word
/// may pass: what the page says is for the tests' assertions, which come first.
///
/// `Err` says how the two differ: the sizes, or how many squares differ and where the first
/// is (on the page).
fn shows_the_same_page(pictured: &[u8], seen: &[u8]) -> Result<(), String> {
    let picture = Brightness::of_png(pictured);
    let page = Brightness::of_png(seen);
    let near = |a: usize, b: usize| a.abs_diff(b) as f64 <= SIZE_TOLERANCE * b as f64;
    if !near(page.width, picture.width) || !near(page.height, picture.height) {
        return Err(format!(
            "the picture is {}×{} pixels, the page {}×{}: more than {} % apart",
            picture.width,
            picture.height,
            page.width,
            page.height,
            SIZE_TOLERANCE * 100.0
        ));
    }
    // Where the page's top left corner lies on the picture: at the top or the bottom, at the
    // left, the centre or the right.
    let (dw, dh) = (
        picture.width as isize - page.width as isize,
        picture.height as isize - page.height as isize,
    );
    let mut best: Option<Differences> = None;
    for dy in [0, dh] {
        for dx in [0, dw / 2, dw] {
            let found = differing_squares(&picture, &page, dx, dy);
            if best.as_ref().is_none_or(|b| found.count < b.count) {
                best = Some(found);
            }
        }
    }
    let best = best.expect("one alignment at least");
    let allowed = (DIFFERING_SHARE * best.compared as f64).floor() as usize;
    match best.first {
        Some((x, y)) if best.count > allowed => Err(format!(
            "{} of {} squares of {BLOCK} px differ, more than the {allowed} allowed; the first \
             at x {x} y {y}",
            best.count, best.compared
        )),
        _ => Ok(()),
    }
}

/// The squares of [`BLOCK`] pixels that differ between `picture` and `page`, the page's top
/// left corner on the picture's pixel (`dx`, `dy`): each square of the region both show,
/// looked for in the other picture ([`shows_the_same_page`]) both ways.
struct Differences {
    /// The squares compared.
    compared: usize,
    /// The squares that differ.
    count: usize,
    /// The first square that differs, on the page: its left and top.
    first: Option<(usize, usize)>,
}

fn differing_squares(picture: &Brightness, page: &Brightness, dx: isize, dy: isize) -> Differences {
    // The region both show, in the page's pixels.
    let clamp = |v: isize, most: usize| v.clamp(0, most as isize) as usize;
    let (left, right) = (
        clamp(-dx, page.width),
        clamp(picture.width as isize - dx, page.width),
    );
    let (top, bottom) = (
        clamp(-dy, page.height),
        clamp(picture.height as isize - dy, page.height),
    );
    let mut found = Differences {
        compared: 0,
        count: 0,
        first: None,
    };
    for y in (top..bottom).step_by(BLOCK) {
        for x in (left..right).step_by(BLOCK) {
            let (w, h) = (BLOCK.min(right - x), BLOCK.min(bottom - y));
            let (px, py) = ((x as isize + dx) as usize, (y as isize + dy) as usize);
            let same = picture.has_near(px, py, w, h, page.mean(x, y, w, h))
                && page.has_near(x, y, w, h, picture.mean(px, py, w, h));
            found.compared += 1;
            if !same {
                found.count += 1;
                found.first.get_or_insert((x, y));
            }
        }
    }
    found
}

/// A picture's brightness (0–255) as sums over its rectangles from the top left corner (a
/// summed-area table), so that the mean of any rectangle takes four lookups.
struct Brightness {
    width: usize,
    height: usize,
    /// `(width + 1) × (height + 1)` sums: at `(x, y)`, of the pixels left of `x` and above `y`.
    sums: Vec<f64>,
}

impl Brightness {
    fn of_png(png_bytes: &[u8]) -> Brightness {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a PNG of a sane size")];
        let frame = reader.next_frame(&mut pixels).expect("a PNG's pixels");
        let (width, height) = (frame.width as usize, frame.height as usize);
        let channels = frame.color_type.samples();
        let mut sums = vec![0.0; (width + 1) * (height + 1)];
        for y in 0..height {
            let row = &pixels[y * frame.line_size..];
            let mut across = 0.0;
            for x in 0..width {
                let px = &row[x * channels..];
                across += if channels >= 3 {
                    0.299 * f64::from(px[0]) + 0.587 * f64::from(px[1]) + 0.114 * f64::from(px[2])
                } else {
                    f64::from(px[0])
                };
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + across;
            }
        }
        Brightness {
            width,
            height,
            sums,
        }
    }

    /// The mean brightness of the `w`×`h` rectangle whose top left pixel is (`x`, `y`).
    fn mean(&self, x: usize, y: usize, w: usize, h: usize) -> f64 {
        let at = |x: usize, y: usize| self.sums[y * (self.width + 1) + x];
        (at(x + w, y + h) - at(x, y + h) - at(x + w, y) + at(x, y)) / (w * h) as f64
    }

    /// Whether a `w`×`h` rectangle at (`x`, `y`) or up to [`SHIFT`] pixels from it, inside the
    /// picture, has a mean brightness within [`BLOCK_TOLERANCE`] of `mean`.
    fn has_near(&self, x: usize, y: usize, w: usize, h: usize, mean: f64) -> bool {
        let xs = x.saturating_sub(SHIFT)..=(x + SHIFT).min(self.width - w);
        let ys = y.saturating_sub(SHIFT)..=(y + SHIFT).min(self.height - h);
        ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
            .any(|(x, y)| (self.mean(x, y, w, h) - mean).abs() <= BLOCK_TOLERANCE)
    }
}

#[test]
fn every_picture_of_the_desk_in_docs_is_taken_by_a_test_and_shown_in_the_manual() {
    let tests =
        std::fs::read_to_string(Path::new(ROOT).join("cli/tests/serve_browser.rs")).unwrap();
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    // The manual: the README, which names a picture `docs/…`, and the pages of docs/, which
    // name it by its file name alone.
    let mut pages: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    assert!(!pages.is_empty(), "docs/ holds no page of the manual");
    pages.push(readme.replace("(docs/", "("));
    let mut pictures: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("serve-") && name.ends_with(".png"))
        .collect();
    pictures.sort();
    assert!(pictures.len() >= 8, "{pictures:?}");
    for picture in &pictures {
        let name = &picture["serve-".len()..picture.len() - ".png".len()];
        assert!(
            tests.contains(&format!("b.screenshot(\"{name}\")")),
            "docs/{picture} is taken by no browser test, so nothing checks it"
        );
        assert!(
            pages
                .iter()
                .any(|page| page.contains(&format!("({picture})"))),
            "docs/{picture} is not shown in the README nor in any page of docs/"
        );
    }
    // And the other way: every screenshot a test takes is a picture in docs/.
    for (at, _) in tests.match_indices("b.screenshot(\"") {
        let rest = &tests[at + "b.screenshot(\"".len()..];
        let name = &rest[..rest.find('"').unwrap()];
        assert!(
            pictures.contains(&format!("serve-{name}.png")),
            "the screenshot {name} has no picture docs/serve-{name}.png"
        );
    }
}

#[test]
fn a_screenshot_matches_its_picture_through_another_builds_viewport_smoothing_and_fonts() {
    for name in ["planilla", "sellada-360"] {
        let picture = Rgb::of_png(&std::fs::read(docs_picture(name)).unwrap());
        let png = picture.png();
        let same = |page: &Rgb, what: &str| {
            let result = shows_the_same_page(&png, &page.png());
            assert_eq!(result, Ok(()), "{name}: {what}");
        };
        same(&picture, "the picture itself");
        let (width, height) = (picture.width, picture.height);
        // Another build's viewport, 4 px taller (1,157 px here, 1,161 there) or shorter: the
        // page goes on below, or is cut short.
        same(
            &picture.remap(width, height + 4, |x, y| (x, y.min(height - 1))),
            "a viewport 4 px taller",
        );
        same(
            &picture.remap(width, height - 4, |x, y| (x, y)),
            "a viewport 4 px shorter",
        );
        // The page scrolled to bring an element into view: a taller viewport shows more above
        // it.
        same(
            &picture.remap(width, height + 4, |x, y| (x, y.saturating_sub(4))),
            "a viewport 4 px taller, scrolled to the end",
        );
        // Another build's fonts: everything below the first third two pixels lower, and the
        // lines a pixel apart further down.
        same(
            &picture.remap(width, height, |x, y| {
                let y = if y > height / 3 { y - 2 } else { y };
                (x, if y > 2 * height / 3 { y - 1 } else { y })
            }),
            "the lines lower by another build's fonts",
        );
        // Another build's smoothing: one byte in seven 30 lighter, fainter than any word.
        let mut smoothed = picture.clone();
        for (i, v) in smoothed.pixels.iter_mut().enumerate() {
            if i % 7 == 0 {
                *v = v.saturating_add(30);
            }
        }
        same(&smoothed, "another build's smoothing");
        // A control another build draws its own way: a square of 24 px another colour.
        let mut control = picture.clone();
        control.invert(100..124, 60..84);
        same(&control, "a control drawn otherwise");
    }
}

#[test]
fn a_screenshot_differs_from_its_picture_when_the_board_or_a_panel_is_gone_or_the_layout_moved() {
    let planilla = std::fs::read(docs_picture("planilla")).unwrap();
    let picture = Rgb::of_png(&planilla);
    let (width, height) = (picture.width, picture.height);
    let differs = |page: &Rgb, what: &str| {
        let err =
            shows_the_same_page(&planilla, &page.png()).expect_err(&format!("{what} is not seen"));
        assert!(err.contains(" squares of 8 px differ"), "{what}: {err}");
    };
    // The board gone: its panel white where it was.
    let mut no_board = picture.clone();
    let white = no_board.at(800, 545);
    no_board.paint(810..1195, 550..945, white);
    differs(&no_board, "the board gone");
    // A panel gone: the reconstruction's, the page's background where it was.
    let mut no_panel = picture.clone();
    let background = no_panel.at(40, 700);
    no_panel.paint(80..765, 705..1157, background);
    differs(&no_panel, "a panel gone");
    // The layout changed: the board's column 48 px lower, as if a panel came above it.
    let lower = picture.remap(width, height, |x, y| {
        (
            x,
            if x >= 785 && y >= 513 {
                (y - 48).max(513)
            } else {
                y
            },
        )
    });
    differs(&lower, "the board's column lower");
    // Another page of the same size.
    let other = std::fs::read(docs_picture("reconstruida")).unwrap();
    assert!(
        shows_the_same_page(&planilla, &other)
            .unwrap_err()
            .contains(" squares of 8 px differ")
    );
    // A page of another size: 10 % shorter, or a phone's width.
    let short = picture.remap(width, height * 9 / 10, |x, y| (x, y));
    let err = shows_the_same_page(&planilla, &short.png()).unwrap_err();
    assert_eq!(
        err,
        "the picture is 1280×1157 pixels, the page 1280×1041: more than 4 % apart"
    );
    let phone = std::fs::read(docs_picture("planilla-360")).unwrap();
    assert!(
        shows_the_same_page(&planilla, &phone)
            .unwrap_err()
            .contains("more than 4 % apart")
    );
}

/// The manual's picture of the desk named `name`: `docs/serve-{name}.png`.
fn docs_picture(name: &str) -> PathBuf {
    Path::new(ROOT).join(format!("docs/serve-{name}.png"))
}

/// A picture's 8-bit RGB pixels, row by row, to make another of it.
#[derive(Clone)]
struct Rgb {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Rgb {
    fn of_png(png_bytes: &[u8]) -> Rgb {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!(
            frame.color_type,
            png::ColorType::Rgb,
            "the pictures are RGB"
        );
        pixels.truncate(frame.buffer_size());
        Rgb {
            width: frame.width as usize,
            height: frame.height as usize,
            pixels,
        }
    }

    fn png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&self.pixels).unwrap();
        writer.finish().unwrap();
        out
    }

    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    /// A `width`×`height` picture whose pixel (x, y) is this one's at `from(x, y)`.
    fn remap(
        &self,
        width: usize,
        height: usize,
        from: impl Fn(usize, usize) -> (usize, usize),
    ) -> Rgb {
        let mut pixels = Vec::with_capacity(width * height * 3);
        for y in 0..height {
            for x in 0..width {
                let (fx, fy) = from(x, y);
                pixels.extend(self.at(fx, fy));
            }
        }
        Rgb {
            width,
            height,
            pixels,
        }
    }

    fn paint(&mut self, xs: std::ops::Range<usize>, ys: std::ops::Range<usize>, colour: [u8; 3]) {
        for y in ys {
            for x in xs.clone() {
                let i = (y * self.width + x) * 3;
                self.pixels[i..i + 3].copy_from_slice(&colour);
            }
        }
    }

    /// Black on light and white on dark, in the rectangle.
    fn invert(&mut self, xs: std::ops::Range<usize>, ys: std::ops::Range<usize>) {
        for y in ys {
            for x in xs.clone() {
                let i = (y * self.width + x) * 3;
                let px = &mut self.pixels[i..i + 3];
                let light = px.iter().map(|&v| u32::from(v)).sum::<u32>() > 3 * 128;
                px.fill(if light { 0 } else { 255 });
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sheet_page_marks_the_error_shows_the_board_and_takes_a_suggestion() {
    let Some(b) = Browser::on_a_desk("sheet", false).await else {
        return;
    };
    b.type_the_sample().await;
    assert_eq!(b.eval("document.documentElement.lang").await, "es");

    // 5.Dxd5 is marked as an error, in the move list and in the diagnostics.
    assert_eq!(b.text("#moves button.mv.error").await, "Dxd5");
    let title = b
        .eval("document.querySelector('#moves button.mv.error').title")
        .await;
    assert!(
        title.as_str().unwrap().contains("5. Dxd5: jugada ilegal"),
        "{title}"
    );
    let diagnostics = b.text("#diags").await;
    assert!(
        diagnostics.contains("5. Dxd5: jugada ilegal"),
        "{diagnostics}"
    );
    assert!(diagnostics.contains("Art. 3 (2023)"), "{diagnostics}");
    assert_eq!(
        b.text("#status").await,
        "1 partida, no válida; 1 error, 0 avisos"
    );

    // Opened: the board before the move, with the suggestions as arrows; Dxd4 among them.
    b.open_the_error().await;
    assert_eq!(b.text("#board-caption").await, "Antes de Dxd5");
    assert_eq!(
        b.eval("document.querySelectorAll('#board svg .piece').length")
            .await,
        31
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#board svg line.arrow').length")
            .await,
        3
    );
    // Each arrow its own colour; the move as written apart from them: a dashed arrow from the
    // queen to d5 and a cross on d5.
    let colours = b
        .eval("[...document.querySelectorAll('#board svg line.arrow')].map((e) => e.getAttribute('stroke'))")
        .await;
    let colours: Vec<&str> = colours
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let distinct: std::collections::BTreeSet<&str> = colours.iter().copied().collect();
    assert_eq!(distinct.len(), 3, "{colours:?}");
    let written = b
        .eval(
            "[...document.querySelectorAll('#board svg line.written-move')].map((e) => \
             [e.getAttribute('stroke'), getComputedStyle(e).strokeDasharray])",
        )
        .await;
    assert_eq!(written.as_array().unwrap().len(), 1, "{written}");
    let written_colour = written[0][0].as_str().unwrap();
    assert!(!distinct.contains(written_colour), "{written}");
    assert_ne!(written[0][1], "none", "the written move is not dashed");
    assert_eq!(
        b.eval("document.querySelectorAll('#board svg path.cross').length")
            .await,
        1
    );
    let label = b
        .eval("document.querySelector('#board svg').getAttribute('aria-label')")
        .await;
    assert_eq!(
        label,
        "Tablero: rnbqkb1r/pppp1ppp/8/4P3/3pn3/5N2/PPP2PPP/RNBQKB1R w KQkq - 1 5"
    );
    assert_eq!(
        b.eval("document.querySelector('#detail button.suggestion').dataset.written")
            .await,
        "Dxd4"
    );
    assert_eq!(b.unnamed_controls().await, json!([]));
    b.screenshot("planilla").await;

    // The suggestion replaces the move's text, and the sheet is checked again: the reading
    // now stops at 10.0-0 (the sample's other misprint), and Dxd5 is gone.
    b.click("#detail button.suggestion[data-written='Dxd4']")
        .await;
    b.wait_until("document.querySelector('#moves button.mv.error') !== null && document.querySelector('#moves button.mv.error').textContent === '0-0'").await;
    let text = b.eval("document.getElementById('sheet').value").await;
    let text = text.as_str().unwrap().to_owned();
    // Only the move changed (the comment above it still names the misprint).
    assert_eq!(text, sample().replace("Ce4 5.Dxd5 d5", "Ce4 5.Dxd4 d5"));
    assert!(!b.text("#diags").await.contains("Dxd5"));
    assert!(
        b.text("#diags")
            .await
            .contains("10. 0-0: enroque corto ilegal")
    );

    // ← and → step through the game; the board follows.
    b.click("#first").await;
    b.wait_for_text("#board-caption", "Posición inicial").await;
    b.click("#next").await;
    b.wait_for_text("#board-caption", "Después de 1. e4").await;
    // The arrow keys, on the page; in the text area they move the cursor, not the board.
    b.eval("document.activeElement.blur() || true").await;
    b.press("body", Key::Right).await;
    b.wait_for_text("#board-caption", "Después de 1... e5")
        .await;
    b.press("body", Key::Left).await;
    b.wait_for_text("#board-caption", "Después de 1. e4").await;
    b.press("#sheet", Key::Right).await;
    b.wait_for_text("#board-caption", "Después de 1. e4").await;
    assert_eq!(
        b.eval("document.querySelector('#moves button.mv.current').getAttribute('aria-current')")
            .await,
        "step"
    );

    // The PGN downloaded is what `planilla convert` writes for the corrected text.
    b.click("#dl-pgn").await;
    let pgn = downloaded(&b.downloads, "planilla.pgn").await;
    let convert = planilla(&["convert", "-"], Some(text.as_bytes()));
    assert_eq!(pgn, String::from_utf8(convert.stdout).unwrap());
    assert!(pgn.contains("5. Qxd4 d5 6. exd6"), "{pgn}");

    // English, at the press of a button.
    b.click("#lang").await;
    b.wait_until("document.getElementById('status').textContent.startsWith('1 game,')")
        .await;
    assert_eq!(b.eval("document.documentElement.lang").await, "en");
    assert!(
        b.text("#diags").await.contains("illegal"),
        "{}",
        b.text("#diags").await
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sheet_page_shows_a_damaged_sheets_reconstruction_beside_it() {
    let Some(b) = Browser::on_a_desk("reconstruction", false).await else {
        return;
    };
    b.paste_the_damaged_sheet().await;
    let text = damaged("lichess_61_danada.txt");

    // The verdict does not change: the reading stops at the slip 7...d4, an error.
    assert_eq!(b.text("#moves button.mv.error").await, "d4");
    assert!(b.text("#status").await.contains("no válida"));

    // Beside it, the reconstruction: the three repaired moves marked, in the sheet's letters
    // (SAN's `Rde1` would read as a king move).
    let repaired = b
        .eval(
            "[...document.querySelectorAll('#recon-moves button.mv.repair')]\
             .map((e) => `${e.dataset.ply} ${e.textContent}`)",
        )
        .await;
    assert_eq!(repaired, json!(["14 d5", "27 Tde1", "37 e4"]));
    let cli = planilla(
        &["check", "--reconstruct", "--json", "-"],
        Some(text.as_bytes()),
    );
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let found = &cli["games"][0]["reconstruction"];
    let shown = b
        .eval("[...document.querySelectorAll('#recon-moves button.mv')].map((e) => e.textContent)")
        .await;
    assert_eq!(shown, in_spanish_letters(&found["san"]));
    // Each repair named, with its reason, as `check --reconstruct` gives it.
    let repairs = b.text("#repairs").await;
    for repair in found["repairs"].as_array().unwrap() {
        let reason = repair["reason"].as_str().unwrap();
        assert!(repairs.contains(reason), "{reason} not in {repairs}");
    }
    assert!(repairs.contains("desliz: «d4» se lee d5"), "{repairs}");

    // A repair opens the reconstructed game's board after it.
    b.click("#repairs button").await;
    b.wait_for_text("#board-caption", "Reconstruida: después de 7... d5")
        .await;
    let label = b
        .eval("document.querySelector('#board svg').getAttribute('aria-label')")
        .await;
    assert_eq!(
        label.as_str().unwrap(),
        format!("Tablero: {}", found["fen"][13].as_str().unwrap())
    );
    // → steps through the reconstructed game, past the first error of the written one.
    b.click("#next").await;
    b.wait_for_text("#board-caption", "Reconstruida: después de 8. Cc3")
        .await;
    assert_eq!(b.english_moves_shown().await, json!([]));
    assert_eq!(b.unnamed_controls().await, json!([]));
    b.screenshot("reconstruida").await;

    // The reconstructed PGN downloaded is what `convert --reconstruct` writes, in a file
    // named after the game.
    b.click("#dl-recon").await;
    let pgn = downloaded(
        &b.downloads,
        "betostoeterau-Jimmy22650-2025.05.01-reconstruida.pgn",
    )
    .await;
    let convert = planilla(&["convert", "--reconstruct", "-"], Some(text.as_bytes()));
    assert_eq!(pgn, String::from_utf8(convert.stdout).unwrap());

    // A valid sheet has no reconstruction.
    let canonical =
        std::fs::read_to_string(format!("{ROOT}/examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    b.fill("sheet", &canonical).await;
    b.wait_until("document.getElementById('recon').hidden")
        .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_two_sheet_page_reconciles_both_sheets_and_compares_one_with_the_record() {
    let Some(b) = Browser::on_a_desk("two-sheets", false).await else {
        return;
    };
    b.reconcile_the_two_sheets().await;

    // Every disagreement, with the reading the board supports and whose sheet is wrong.
    let cli = planilla(
        &[
            "reconcile",
            "--json",
            &format!("{ROOT}/examples/danadas/lichess_61_danada.txt"),
            &format!("{ROOT}/examples/danadas/lichess_61_negras.txt"),
        ],
        None,
    );
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let differences = b
        .eval("[...document.querySelectorAll('#differences button')].map((e) => e.textContent)")
        .await;
    let differences: Vec<&str> = differences
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        differences.len(),
        cli["disagreements"].as_array().unwrap().len()
    );
    assert_eq!(
        differences[0],
        "7... blancas: «d4»; negras: «d5»; se lee d5 (planilla de las blancas: desliz)"
    );
    assert!(
        differences[2].starts_with("19. blancas: —; negras: «e4»; se lee e4"),
        "{differences:?}"
    );
    let shown = b
        .eval("[...document.querySelectorAll('#moves button.mv')].map((e) => e.textContent)")
        .await;
    assert_eq!(shown, in_spanish_letters(&cli["san"]));
    assert_eq!(b.english_moves_shown().await, json!([]));
    assert_eq!(b.text("#status").await, "4 diferencias");

    // A difference opens the board before it, with the game's move as an arrow.
    b.click("#differences button").await;
    b.wait_for_text("#board-caption", "Antes de 7... d5").await;
    assert_eq!(
        b.eval("document.querySelectorAll('#board svg line.played-move').length")
            .await,
        1
    );
    assert_eq!(b.unnamed_controls().await, json!([]));
    b.screenshot("dos").await;

    // A sheet against the board's record: one discrepancy per damage, not a cascade.
    b.click("input[name='mode'][value='compare']").await;
    b.wait_for_text("#second-label", "Registro del tablero electrónico (PGN)")
        .await;
    b.fill("second-text", &damaged("lichess_61_registro.pgn"))
        .await;
    b.click("#run").await;
    b.wait_until("document.getElementById('status').textContent === '3 diferencias'")
        .await;
    let differences = b.text("#differences").await;
    assert!(
        differences.contains("19. jugada omitida: falta en la planilla; en el registro, e4"),
        "{differences}"
    );
    assert!(
        differences.contains("14. jugada ambigua: «Te1» es ambigua; el registro dice Tde1"),
        "{differences}"
    );
    assert_eq!(b.text("#two-game-title").await, "Partida del registro");

    // Two sheets of the same game, both right: no difference.
    let clean =
        std::fs::read_to_string(format!("{ROOT}/examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    b.click("input[name='mode'][value='reconcile']").await;
    b.fill("first-text", &clean).await;
    b.fill("second-text", &clean).await;
    b.click("#run").await;
    b.wait_until(
        "document.getElementById('status').textContent === \
         'Las dos planillas registran la misma partida, sin ninguna discrepancia.'",
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sealed_page_rules_that_a_file_alone_loses() {
    let Some(b) = Browser::on_a_desk("sealed", false).await else {
        return;
    };
    b.rule_on_ad().await;
    assert_eq!(b.text("#verdict").await, "PIERDEN LAS BLANCAS");
    let details = b.text("#ruling-details").await;
    assert!(details.contains("Directrices I.8 (2023)"), "{details}");
    assert!(details.contains("pierden las blancas"), "{details}");
    // The candidates, numbered as their arrows; the move's number and side; the draw offer.
    // The candidates in the sheet's letters only: no SAN beside them on a Spanish page.
    assert!(details.contains("1: Ad1, 2: Ad5"), "{details}");
    assert_eq!(b.english_moves_shown().await, json!([]));
    assert!(
        details.contains("Jugada sellada\njugada 40, blancas"),
        "{details}"
    );
    assert!(
        details.contains("Oferta de tablas con la sellada\nno"),
        "{details}"
    );
    // The ruling is announced (the status is a live region).
    assert!(
        b.text("#status")
            .await
            .starts_with("Dictamen: PIERDEN LAS BLANCAS."),
        "{}",
        b.text("#status").await
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#board svg line.arrow').length")
            .await,
        2
    );
    assert_eq!(b.unnamed_controls().await, json!([]));
    b.screenshot("sellada").await;

    // The 2005 edition names its own article.
    b.client
        .find(Locator::Css("#edition"))
        .await
        .unwrap()
        .select_by_value("2005")
        .await
        .unwrap();
    b.click("#rule").await;
    b.wait_until("document.getElementById('ruling-details').textContent.includes('(2005)')")
        .await;
    assert_eq!(b.text("#verdict").await, "PIERDEN LAS BLANCAS");

    // With the bishop's way to d5 closed by its own pawn, `Ad` has one completion, Ad1: still
    // a loss, and the evident reading is drawn in green for the arbiter, apart from the
    // candidates' colours.
    b.fill("fen", "r3k3/8/8/3P4/8/5B2/8/4K3 w - - 0 40").await;
    b.click("#rule").await;
    b.wait_until("document.getElementById('ruling-details').textContent.includes('Ad1: ')")
        .await;
    assert_eq!(b.text("#verdict").await, "PIERDEN LAS BLANCAS");
    let evident = b
        .eval(
            "[...document.querySelectorAll('#board svg line.evident-move')]\
             .map((e) => e.getAttribute('stroke'))",
        )
        .await;
    let evident = evident.as_array().unwrap();
    assert_eq!(evident.len(), 1, "{evident:?}");
    let options = b
        .eval("[...document.querySelectorAll('#board svg line.arrow')].map((e) => e.getAttribute('stroke'))")
        .await;
    assert!(
        !options.as_array().unwrap().contains(&evident[0]),
        "{options:?} {evident:?}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_360_pixel_phone_screen() {
    let Some(b) = Browser::on_a_desk("phone", true).await else {
        return;
    };
    b.open("/").await;
    assert_eq!(b.eval("window.innerWidth").await, 360);
    assert!(
        !b.scrolls_sideways().await,
        "the empty sheet page scrolls sideways"
    );
    b.type_the_sample().await;
    b.open_the_error().await;
    assert!(
        !b.scrolls_sideways().await,
        "the sheet page scrolls sideways"
    );
    b.screenshot("planilla-360").await;

    b.paste_the_damaged_sheet().await;
    assert!(
        !b.scrolls_sideways().await,
        "the reconstruction scrolls sideways"
    );
    b.reconcile_the_two_sheets().await;
    assert!(
        !b.scrolls_sideways().await,
        "the two-sheet page scrolls sideways"
    );
    b.screenshot("dos-360").await;

    b.rule_on_ad().await;
    assert!(
        !b.scrolls_sideways().await,
        "the sealed page scrolls sideways"
    );
    b.screenshot("sellada-360").await;
    b.close().await;
}

/// The files a service worker's script (`sw.js`) keeps: its `FILES` list.
fn service_worker_files(script: &str) -> Vec<String> {
    let list = script
        .split_once("const FILES = [")
        .and_then(|(_, rest)| rest.split_once("];"))
        .expect("sw.js names its FILES")
        .0;
    list.split(',')
        .map(|f| f.trim().trim_matches('\'').to_owned())
        .filter(|f| !f.is_empty())
        .collect()
}

/// A GET of `path` from the desk at `address`: the status, the content type and the body.
async fn get(address: SocketAddr, path: &str) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut answer))
        .await
        .expect("an answer")
        .unwrap();
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let status = head[9..12].parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("content-type:"))
        .unwrap_or("")
        .trim()
        .to_owned();
    (status, content_type, answer[split + 4..].to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_file_a_page_loads_is_served_kept_by_the_service_worker_and_exported() {
    let address = start_server().await;
    let (status, _, sw) = get(address, "/sw.js").await;
    assert_eq!(status, 200);
    let kept = service_worker_files(&String::from_utf8(sw).unwrap());
    let exported: Vec<String> = planilla_cli::serve::static_files()
        .into_iter()
        .map(|(path, ..)| path)
        .collect();
    // The export is what the service worker keeps, and the service worker itself.
    let mut expected: Vec<String> = kept.iter().filter(|f| *f != "./").cloned().collect();
    expected.push("sw.js".to_owned());
    expected.sort();
    let mut sorted = exported.clone();
    sorted.sort();
    assert_eq!(sorted, expected);
    for page in ["/", "/dos", "/sellada"] {
        let (status, _, html) = get(address, page).await;
        assert_eq!(status, 200, "{page}");
        let html = String::from_utf8(html).unwrap();
        // Every script, style sheet, icon and manifest the page's head names.
        let head = &html[..html.find("</head>").unwrap()];
        let named: Vec<&str> = [" src=\"", " href=\""]
            .iter()
            .flat_map(|attribute| head.split(attribute).skip(1))
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        let scripts = head.matches("<script ").count();
        assert!(scripts >= 8, "{page} loads {scripts} scripts: {named:?}");
        assert!(
            named
                .iter()
                .any(|n| n.starts_with("assets/") && n.ends_with("/app.js")),
            "{named:?}"
        );
        for file in named {
            let (status, content_type, body) = get(address, &format!("/{file}")).await;
            assert_eq!(status, 200, "{page} names {file}, which is not served");
            if file.ends_with(".js") {
                assert_eq!(content_type, "text/javascript; charset=utf-8", "{file}");
                // The only address in a script is SVG's namespace, a name and not a request.
                let text = String::from_utf8(body)
                    .unwrap()
                    .replace("http://www.w3.org/2000/svg", "");
                assert!(
                    !["http://", "https://", "\"//", "'//", "(//"]
                        .iter()
                        .any(|a| text.contains(a)),
                    "{file} names another host"
                );
            }
            assert!(
                kept.iter().any(|k| k == file),
                "{page} names {file}, which the service worker does not keep"
            );
            assert!(
                exported.iter().any(|e| e == file),
                "{page} names {file}, which the export does not write"
            );
        }
    }
}

/// The asset `name` (`style.css`, `planilla/planilla_web_bg.wasm`) of the desk exported into
/// `dir`: in its one versioned folder, `assets/VERSION/`.
fn exported_asset(dir: &Path, name: &str) -> PathBuf {
    let folders: Vec<PathBuf> = std::fs::read_dir(dir.join("assets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 1, "{folders:?}");
    folders[0].join(name)
}

/// Copies the folder `from` into `to`, with its subfolders.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// A plain static file server for `dir` on a free port of 127.0.0.1, as any folder server is:
/// files by path (`/` is `index.html`), a content type by extension, an hour's `max-age` (as
/// static hosts give, so that the browser's HTTP cache keeps the files), no API, no security
/// headers, every connection closed after its answer. Aborting the returned task stops it.
async fn static_file_server(dir: PathBuf) -> (SocketAddr, tokio::task::JoinHandle<()>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                continue;
            };
            let dir = dir.clone();
            tokio::spawn(async move {
                let mut request = Vec::new();
                let mut buf = [0u8; 4096];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => request.extend_from_slice(&buf[..n]),
                    }
                }
                let request = String::from_utf8_lossy(&request);
                let path = request.split(' ').nth(1).unwrap_or("/");
                let path = path
                    .split('?')
                    .next()
                    .unwrap_or("/")
                    .trim_start_matches('/');
                let path = if path.is_empty() { "index.html" } else { path };
                let file = dir.join(path);
                let (status, kind, body) = match std::fs::read(&file) {
                    Ok(body) if !path.contains("..") => {
                        let kind = match file.extension().and_then(|e| e.to_str()) {
                            Some("html") => "text/html; charset=utf-8",
                            Some("js") => "text/javascript",
                            Some("css") => "text/css",
                            Some("svg") => "image/svg+xml",
                            Some("wasm") => "application/wasm",
                            Some("webmanifest") => "application/manifest+json",
                            _ => "application/octet-stream",
                        };
                        ("200 OK", kind, body)
                    }
                    _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
                     Cache-Control: max-age=3600\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(&body).await;
            });
        }
    });
    (address, task)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_static_export_checks_with_no_server_behind_it_and_then_offline() {
    let Some(programs) = browser_programs() else {
        return;
    };
    // `planilla serve --export DIR`, served by a plain file server: no API behind the page.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export");
    let _ = std::fs::remove_dir_all(&dir);
    let out = planilla(&["serve", "--export", dir.to_str().unwrap()], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(exported_asset(&dir, "planilla/planilla_web_bg.wasm").exists());
    let (address, server) = static_file_server(dir.clone()).await;
    let b = Browser::start(programs, address, "export", false).await;

    // The page checks the 2005 sample in the browser: 5.Dxd5 is illegal, Dxd4 is offered.
    b.type_the_sample().await;
    assert_eq!(b.text("#moves button.mv.error").await, "Dxd5");
    b.open_the_error().await;
    assert_eq!(
        b.eval("[...document.querySelectorAll('#detail button.suggestion')].some((s) => s.dataset.written === 'Dxd4')")
            .await,
        true
    );
    // There is no API behind it.
    assert_eq!(
        b.eval("fetch('api/check', {method: 'POST', body: '{}'}).then((r) => r.status)")
            .await,
        404
    );

    // The service worker has kept the desk, every file of its list: with the server stopped,
    // the pages still load and check.
    b.wait_until("navigator.serviceWorker.controller !== null")
        .await;
    let files = service_worker_files(&std::fs::read_to_string(dir.join("sw.js")).unwrap());
    b.wait_until(&format!(
        "caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.keys()))))\
         .then((all) => all.flat().length === {})",
        files.len()
    ))
    .await;
    server.abort();
    let _ = server.await;
    assert!(
        std::net::TcpStream::connect(address).is_err(),
        "the file server still answers"
    );
    b.type_the_sample().await;
    assert_eq!(b.text("#moves button.mv.error").await, "Dxd5");
    b.open("/sellada.html").await;
    b.type_into("#fen", SEALED_FEN).await;
    b.type_into("#move", "Ad").await;
    b.click("#rule").await;
    b.wait_until("!document.getElementById('ruling').hidden")
        .await;
    let ruling = b.text("#ruling").await;
    assert!(ruling.contains("PIERDE"), "{ruling}");
    b.close().await;
}

/// axe-core's script, from npm: `AXE_CORE` names `axe.min.js`, or `.ci/run` installs it into
/// `target/npm/` (`npm install --prefix target/npm axe-core@4`). `None` (the caller skips,
/// loudly, unless `CI=true`) when it is not there.
fn axe_core() -> Option<String> {
    let path = std::env::var_os("AXE_CORE").map_or_else(
        || {
            PathBuf::from(format!(
                "{ROOT}/target/npm/node_modules/axe-core/axe.min.js"
            ))
        },
        PathBuf::from,
    );
    match std::fs::read_to_string(&path) {
        Ok(script) => Some(script),
        Err(e) => {
            skip_unless_ci(
                "the accessibility test of planilla serve",
                &format!(
                    "{} is missing ({e}): it needs axe-core from npm \
                     (npm install --no-save --prefix target/npm axe-core@4), or AXE_CORE naming \
                     axe.min.js",
                    path.display()
                ),
            );
            None
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_core_finds_no_accessibility_violation_on_any_page() {
    let Some(programs) = browser_programs() else {
        return;
    };
    let Some(axe) = axe_core() else {
        return;
    };
    let address = start_server().await;
    for phone in [false, true] {
        let name = if phone { "axe-phone" } else { "axe" };
        let b = Browser::start(programs.clone(), address, name, phone).await;
        let mut found = Vec::new();
        // Each page empty, then with its results: an error opened, the reconstruction, two
        // sheets reconciled, a sealed move ruled on.
        for path in ["/", "/dos", "/sellada"] {
            b.open(path).await;
            found.extend(b.accessibility_violations(&axe).await);
        }
        b.type_the_sample().await;
        b.open_the_error().await;
        found.extend(b.accessibility_violations(&axe).await);
        b.paste_the_damaged_sheet().await;
        found.extend(b.accessibility_violations(&axe).await);
        b.reconcile_the_two_sheets().await;
        found.extend(b.accessibility_violations(&axe).await);
        b.rule_on_ad().await;
        found.extend(b.accessibility_violations(&axe).await);
        assert_eq!(found, Vec::<String>::new(), "{name}");
        b.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyboard_reaches_the_first_diagnostic_in_two_presses_and_keeps_its_focus() {
    let Some(b) = Browser::on_a_desk("keyboard", false).await else {
        return;
    };
    b.paste_the_sample().await;
    // From the text box (focused at the load): Tab reaches the first error, Enter opens it.
    b.eval("(document.getElementById('sheet').focus(), true)")
        .await;
    // The board first moved away from the error, so that Enter is seen to bring it back.
    b.click("#last").await;
    assert_eq!(
        b.eval("document.querySelector('#diags button.current')")
            .await,
        Value::Null
    );
    b.eval("(document.getElementById('sheet').focus(), true)")
        .await;
    b.key(Key::Tab).await;
    assert_eq!(b.focused().await, "first-issue", "after Tab");
    b.key(Key::Enter).await;
    b.wait_until("document.querySelector('#diags button.current')?.dataset.key === 'diag:0'")
        .await;
    // The skip link (the first Tab stop of a page with no focus): Enter reaches the first
    // diagnostic, however long the game.
    b.eval("(document.getElementById('skip').focus(), true)")
        .await;
    b.key(Key::Enter).await;
    assert_eq!(b.focused().await, "diag:0", "after the skip link, Enter");
    // Enter on a diagnostic opens it and keeps the focus there.
    b.key(Key::Enter).await;
    b.wait_until("!document.getElementById('detail').hidden")
        .await;
    assert_eq!(b.focused().await, "diag:0");
    // The move list is one Tab stop, and Enter or Space on a move keeps the focus on it.
    assert_eq!(
        b.eval("[...document.querySelectorAll('#moves button.mv')].filter((e) => e.tabIndex === 0).length")
            .await,
        1
    );
    b.eval("(document.querySelector('#moves button.mv[tabindex=\"0\"]').focus(), true)")
        .await;
    let before = b.focused().await;
    b.key(Key::Enter).await;
    assert_eq!(b.focused().await, before);
    b.key(Key::Space).await;
    assert_eq!(b.focused().await, before);
    // The arrow keys step the board, and the focus follows the current move.
    b.eval("(document.querySelector('#moves button.mv').focus(), true)")
        .await;
    b.key(Key::Enter).await;
    b.key(Key::Right).await;
    assert_eq!(b.focused().await, "moves:2");
    assert_eq!(
        b.eval("document.activeElement.classList.contains('current')")
            .await,
        true
    );
    // The focus ring is not the current move's ring.
    let ring = b
        .eval("getComputedStyle(document.activeElement).outlineStyle")
        .await;
    assert_eq!(ring, "dashed");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_suggestion_tapped_on_a_phone_leaves_the_board_in_view() {
    let Some(b) = Browser::on_a_desk("phone-suggestion", true).await else {
        return;
    };
    b.type_the_sample().await;
    b.open_the_error().await;
    b.click("#detail button.suggestion[data-written='Dxd4']")
        .await;
    b.wait_until("document.querySelector('#moves button.mv.error') !== null && document.querySelector('#moves button.mv.error').textContent === '0-0'").await;
    // Most of the board is on the screen, and the text box did not take the focus.
    let visible = b
        .eval(
            "(() => { const r = document.getElementById('board').getBoundingClientRect(); \
             return (Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) / r.height; })()",
        )
        .await;
    assert!(
        visible.as_f64().unwrap() >= 0.75,
        "{visible} of the board is in view"
    );
    assert_ne!(b.eval("document.activeElement.id").await, "sheet");
    b.wait_for_text("#board-caption", "Antes de 0-0").await;
    b.screenshot("planilla-360-sugerencia").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_draft_survives_a_reload_and_a_visit_to_another_page() {
    let Some(b) = Browser::on_a_desk("draft", false).await else {
        return;
    };
    b.type_the_sample().await;
    b.client.refresh().await.unwrap();
    b.wait_for_the_samples_error().await;
    assert_eq!(
        b.eval("document.getElementById('sheet').value").await,
        sample()
    );
    b.open("/sellada").await;
    b.type_into("#move", "Ad").await;
    // Typing is kept when it pauses (200 ms): on a loaded machine, only once it is kept is the
    // page left.
    b.wait_until("localStorage.getItem('planilla-draft:sellada:move') === 'Ad'")
        .await;
    b.open("/").await;
    b.wait_for_the_samples_error().await;
    assert_eq!(
        b.eval("document.getElementById('sheet').value").await,
        sample()
    );
    b.open("/sellada").await;
    b.wait_until("document.getElementById('move').value === 'Ad'")
        .await;

    // A suggestion taken is kept at once, not when the page is left: a tab the phone ends
    // now, with no chance to save, keeps it too; and a reload shows it.
    b.open("/").await;
    b.wait_for_the_samples_error().await;
    b.open_the_error().await;
    b.click("#detail button.suggestion[data-written='Dxd4']")
        .await;
    let corrected = sample().replace("Ce4 5.Dxd5 d5", "Ce4 5.Dxd4 d5");
    assert_eq!(
        b.eval("localStorage.getItem('planilla-draft:planilla:sheet')")
            .await,
        corrected
    );
    b.client.refresh().await.unwrap();
    b.wait_until("document.querySelector('#moves button.mv.error') !== null")
        .await;
    assert_eq!(
        b.eval("document.getElementById('sheet').value").await,
        corrected
    );
    assert_eq!(b.text("#moves button.mv.error").await, "0-0");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_volunteer_sees_the_headers_the_guessed_letters_and_named_downloads() {
    let Some(b) = Browser::on_a_desk("volunteer", false).await else {
        return;
    };
    // Two headers on one line: two tags, shown beside the moves.
    b.open("/").await;
    b.fill(
        "sheet",
        "Torneo: Abierto de Sitges   Ronda: 3\nBlancas: Pérez, Ana    Negras: López, Luis\n\n\
         1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 1-0\n",
    )
    .await;
    b.wait_until("!document.getElementById('tags').hidden")
        .await;
    assert_eq!(
        b.text("#tags").await.replace('\n', " | "),
        "Torneo | Abierto de Sitges | Ronda | 3 | Blancas | Pérez, Ana | Negras | López, Luis"
    );
    assert_eq!(
        b.eval("document.getElementById('dl-pgn').download").await,
        "Perez_Ana-Lopez_Luis.pgn"
    );
    // Of a date, the parts known: the year alone, with no dots for the month and the day.
    b.fill(
        "sheet",
        "[White \"Pérez, Ana\"]\n[Black \"López, Luis\"]\n[Date \"2024.??.??\"]\n\n1.e4 e5 *\n",
    )
    .await;
    b.wait_until("document.getElementById('dl-pgn').download !== 'Perez_Ana-Lopez_Luis.pgn'")
        .await;
    assert_eq!(
        b.eval("document.getElementById('dl-pgn').download").await,
        "Perez_Ana-Lopez_Luis-2024.pgn"
    );
    // A game in English letters: the letters are guessed, and the page says so.
    let record =
        std::fs::read_to_string(format!("{ROOT}/examples/danadas/lichess_61_registro.pgn"))
            .unwrap();
    b.fill("sheet", &record).await;
    let guessed_en = "document.getElementById('letters').value === 'en' && \
                      document.getElementById('guessed').textContent.includes('inglesas') && \
                      document.getElementById('status').textContent.startsWith('1 partida, válida')";
    b.wait_until(guessed_en).await;
    assert_eq!(
        b.text("#guessed").await,
        "Letras inglesas (K Q R B N), deducidas del texto; puede cambiarlas arriba."
    );
    // Chosen by hand, the letters stay, for this sheet: after a reload too.
    let choose_fr = async || {
        b.client
            .find(Locator::Css("#letters option[value='fr']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        b.wait_until("document.getElementById('guessed').textContent === ''")
            .await;
    };
    choose_fr().await;
    b.fill("sheet", &record).await;
    b.wait_until("document.getElementById('status').textContent.includes('partida')")
        .await;
    assert_eq!(
        b.eval("document.getElementById('letters').value").await,
        "fr"
    );
    b.client.refresh().await.unwrap();
    b.wait_until("document.getElementById('status').textContent.includes('partida')")
        .await;
    assert_eq!(
        b.eval("document.getElementById('letters').value").await,
        "fr"
    );
    assert_eq!(b.text("#guessed").await, "");
    // The sheet emptied, the next one has its letters guessed again.
    b.fill("sheet", "").await;
    b.wait_until(
        "document.getElementById('status').textContent === 'Escriba o pegue una planilla.'",
    )
    .await;
    b.fill("sheet", &record).await;
    b.wait_until(guessed_en).await;
    // So has a file loaded over a sheet whose letters were chosen by hand; and the file's
    // text is kept at once.
    choose_fr().await;
    let canonical =
        std::fs::read_to_string(format!("{ROOT}/examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    b.fill("sheet", &canonical).await;
    b.wait_until("document.getElementById('status').textContent.includes('partida')")
        .await;
    b.eval("(window.confirm = () => true, true)").await;
    let file =
        std::fs::canonicalize(format!("{ROOT}/examples/danadas/lichess_61_registro.pgn")).unwrap();
    b.client
        .find(Locator::Css("#file"))
        .await
        .unwrap()
        .send_keys(file.to_str().unwrap())
        .await
        .unwrap();
    b.wait_until(guessed_en).await;
    assert_eq!(
        b.eval("document.getElementById('sheet').value").await,
        record
    );
    assert_eq!(
        b.eval("localStorage.getItem('planilla-draft:planilla:sheet')")
            .await,
        record
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_first_error_stays_in_view_and_the_summary_keeps_still_while_checking() {
    let Some(b) = Browser::on_a_desk("phone-summary", true).await else {
        return;
    };
    b.open("/").await;
    let height = "document.getElementById('status').getBoundingClientRect().height";
    let empty_height = b.eval(height).await;
    b.type_the_sample().await;

    // Where the sheet is typed, the first error is on the screen, at the bottom with the
    // summary; the move list's marks are behind it or below.
    b.eval("(window.scrollTo(0, 0), true)").await;
    assert_eq!(
        b.eval("document.querySelector('#first-issue button').textContent")
            .await,
        "Primer error 5. Dxd5: jugada ilegal: ninguna dama blanca puede llegar a d5"
    );
    let on_screen = "(() => { const r = document.querySelector('#first-issue button').getBoundingClientRect(); \
                     return r.top >= 0 && r.bottom <= innerHeight; })()";
    assert_eq!(b.eval(on_screen).await, true);
    assert_eq!(
        b.eval(
            "document.querySelector('#moves button.mv.error').getBoundingClientRect().top \
             >= document.getElementById('summary').getBoundingClientRect().top"
        )
        .await,
        true
    );
    // The summary holds the same height, one line or two.
    assert_eq!(b.eval(height).await, empty_height);

    // While the next check runs (its requests held here until the test lets them go), the
    // last summary stays, marked busy, and nothing moves.
    let layout = "[document.getElementById('status').textContent, \
                   document.getElementById('results').getBoundingClientRect().top, \
                   document.getElementById('summary').getBoundingClientRect().height]";
    let before = b.eval(layout).await;
    b.eval(
        "(() => { const real = post; \
         const held = new Promise((go) => { window.letGo = go; }); \
         window.post = (...a) => held.then(() => real(...a)); \
         return true; })()",
    )
    .await;
    b.fill("sheet", &format!("{}\n", sample())).await;
    b.wait_until("document.getElementById('summary').getAttribute('aria-busy') === 'true'")
        .await;
    assert_eq!(b.eval(layout).await, before);
    b.eval("(window.letGo(), true)").await;
    b.wait_until("document.getElementById('summary').getAttribute('aria-busy') === null")
        .await;
    assert_eq!(b.eval(layout).await, before);

    // The first error, tapped, opens its diagnostic with the board on the screen above the
    // summary.
    b.click("#first-issue button").await;
    b.wait_until("!document.getElementById('detail').hidden")
        .await;
    assert_eq!(b.text("#board-caption").await, "Antes de Dxd5");
    assert_eq!(
        b.eval("document.querySelector('#diags button.current').dataset.key")
            .await,
        "diag:0"
    );
    // On the screen, and clear of the summary (stuck at the bottom, or scrolled away above).
    let board_clear = "(() => { const r = document.getElementById('board').getBoundingClientRect(); \
                       const s = document.getElementById('summary').getBoundingClientRect(); \
                       return r.top >= 0 && r.bottom <= innerHeight && (s.bottom <= r.top || s.top >= r.bottom); })()";
    assert_eq!(b.eval(board_clear).await, true);
    // So does the error in the move list, from the top of the page.
    b.eval("(window.scrollTo(0, 0), true)").await;
    b.open_the_error().await;
    assert_eq!(b.eval(board_clear).await, true);

    // A valid sheet: "all valid", where the error was.
    let canonical =
        std::fs::read_to_string(format!("{ROOT}/examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    b.fill("sheet", &canonical).await;
    b.wait_until("document.getElementById('first-issue').textContent === 'Todo válido'")
        .await;
    b.eval("(window.scrollTo(0, 0), true)").await;
    assert_eq!(
        b.eval(
            on_screen
                .replace("#first-issue button", "#first-issue span")
                .as_str()
        )
        .await,
        true
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_fails_or_falls_silent_is_said_in_the_pages_language_and_replaced() {
    let Some(b) = Browser::on_a_desk("engine", false).await else {
        return;
    };
    b.paste_the_sample().await;

    // A worker that answers no more (ended here, as a stuck one is): past the page's bound
    // the check fails, said in Spanish, and the results of the text before are gone.
    b.eval("(engine.limit = 500, engine.worker.terminate(), true)")
        .await;
    b.fill("sheet", &format!("{}\n", sample())).await;
    b.wait_until("document.getElementById('results').hidden")
        .await;
    assert_eq!(
        b.text("#status").await,
        "No se pudo revisar: el módulo de revisión no respondió en 0.5 s; se ha reiniciado: \
         vuelva a intentarlo"
    );
    assert_eq!(
        b.eval("document.getElementById('summary').getAttribute('aria-busy')")
            .await,
        Value::Null
    );
    // The next check has a new worker, and is answered.
    b.eval("(engine.limit = 60000, true)").await;
    b.fill("sheet", &sample()).await;
    b.wait_until("!document.getElementById('results').hidden")
        .await;
    assert_eq!(b.text("#moves button.mv.error").await, "Dxd5");

    // A request the engine throws on, as a trapped WebAssembly does: the error is said in the
    // page's language (English now), and the worker is ended, for a new one to answer next.
    b.click("#lang").await;
    b.wait_until("document.getElementById('status').textContent.startsWith('1 game,')")
        .await;
    let failed = b
        .eval(
            "post('/api/check', { text: 1n }).then(() => 'answered', \
             (e) => [e.message, engine.worker === null])",
        )
        .await;
    assert_eq!(
        failed,
        json!([
            "the checking engine stopped on an internal error; it was restarted: try again",
            true
        ])
    );
    let canonical =
        std::fs::read_to_string(format!("{ROOT}/examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    b.fill("sheet", &canonical).await;
    b.wait_until(
        "document.getElementById('status').textContent === '1 game, valid; 0 errors, 0 warnings'",
    )
    .await;
    assert_eq!(b.eval("engine.worker !== null").await, true);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sealed_page_asks_for_what_is_missing_and_says_every_error_in_its_language() {
    let Some(b) = Browser::on_a_desk("sealed-errors", false).await else {
        return;
    };
    b.open("/sellada").await;
    b.click("input[name='source'][value='game']").await;
    b.fill("game-text", &sample()).await;

    // No move number: the page asks for it, and sends nothing (no "move 0").
    b.click("#rule").await;
    b.wait_for_text("#status", "Escriba el número de la jugada")
        .await;
    assert_eq!(b.eval("document.activeElement.id").await, "move-number");
    assert_eq!(
        b.eval("document.getElementById('move-number').getAttribute('aria-invalid')")
            .await,
        "true"
    );
    assert_eq!(
        b.eval("document.getElementById('ruling').hidden").await,
        true
    );
    b.type_into("#move-number", "0").await;
    b.click("#rule").await;
    b.wait_for_text("#status", "Escriba el número de la jugada")
        .await;
    b.click("#lang").await;
    b.wait_for_text("#status", "Type the move number").await;

    // With one, a ruling.
    b.fill("move-number", "5").await;
    b.click("#rule").await;
    b.wait_until("!document.getElementById('ruling').hidden")
        .await;
    assert!(b.text("#status").await.starts_with("Ruling: "));
    assert_eq!(
        b.eval("document.getElementById('move-number').hasAttribute('aria-invalid')")
            .await,
        false
    );

    // A FEN: none, then one the parser rejects, with its reason, in Spanish and in English.
    b.click("#lang").await;
    b.wait_until("document.getElementById('status').textContent.startsWith('Dictamen: ')")
        .await;
    b.click("input[name='source'][value='fen']").await;
    b.click("#rule").await;
    b.wait_for_text("#status", "Escriba el FEN del sobre").await;
    assert_eq!(b.eval("document.activeElement.id").await, "fen");
    b.type_into("#fen", "xx").await;
    b.type_into("#move", "Ad").await;
    b.click("#rule").await;
    b.wait_until(
        "document.getElementById('status').textContent.startsWith('No se pudo dictaminar')",
    )
    .await;
    let status = b.text("#status").await;
    assert!(
        status.starts_with(
            "No se pudo dictaminar: El FEN del sobre no es válido (colocación de las piezas \
             no válida en los bytes 0..1: "
        ),
        "{status}"
    );
    b.click("#lang").await;
    b.wait_until("document.getElementById('status').textContent.startsWith('Could not rule')")
        .await;
    let status = b.text("#status").await;
    assert!(
        status.starts_with(
            "Could not rule: The FEN on the envelope is not valid (bad piece placement"
        ),
        "{status}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_version_of_the_desk_fills_a_cache_of_its_own_and_the_page_says_so() {
    let Some(programs) = browser_programs() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export-update");
    let _ = std::fs::remove_dir_all(&dir);
    let out = planilla(&["serve", "--export", dir.to_str().unwrap()], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (address, server) = static_file_server(dir.clone()).await;
    let b = Browser::start(programs, address, "update", false).await;
    b.paste_the_sample().await;
    b.wait_until("navigator.serviceWorker.controller !== null")
        .await;
    let caches = "caches.keys()";
    let first = b.eval(caches).await;
    assert_eq!(first.as_array().unwrap().len(), 1, "{first}");
    assert_eq!(
        b.eval("document.getElementById('update').hidden").await,
        true
    );

    // The next build on the host: a file changed, and so the desk's version: its assets in a
    // folder of the new version's name, named by the pages, the manifest and the service
    // worker, whose cache name changed. The old folder stays on the host, as a deploy leaves it.
    let old_style = exported_asset(&dir, "style.css");
    let old_folder = old_style.parent().unwrap().to_path_buf();
    let old_name = format!(
        "assets/{}/",
        old_folder.file_name().unwrap().to_string_lossy()
    );
    let next_name = "assets/0123456789abcdef/";
    copy_folder(&old_folder, &dir.join(next_name));
    let style_path = format!("{next_name}style.css");
    let style = dir.join(&style_path);
    let mut css = std::fs::read_to_string(&style).unwrap();
    css.push_str("\n/* the next build */\n");
    std::fs::write(&style, &css).unwrap();
    for file in [
        "index.html",
        "dos.html",
        "sellada.html",
        "manifest.webmanifest",
        "sw.js",
    ] {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains(&old_name),
            "{file} names no asset of {old_name}"
        );
        let text = text
            .replace(&old_name, next_name)
            .replace("const CACHE = 'planilla-", "const CACHE = 'planilla-next-");
        std::fs::write(&path, text).unwrap();
    }
    assert!(
        std::fs::read_to_string(dir.join("sw.js"))
            .unwrap()
            .contains("const CACHE = 'planilla-next-")
    );
    b.eval("(window.stillHere = true, true)").await;
    b.eval("navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)")
        .await;

    // The new worker has filled its cache whole, from the network, taken over and deleted the
    // old cache; the page says so, and has not reloaded by itself.
    b.wait_until("!document.getElementById('update').hidden")
        .await;
    assert_eq!(
        b.text("#update span").await,
        "Hay una versión nueva de la aplicación: recargue"
    );
    assert_eq!(b.eval("window.stillHere === true").await, true);
    assert_eq!(
        b.eval("document.getElementById('sheet').value").await,
        sample()
    );
    b.wait_until("caches.keys().then((k) => k.length === 1)")
        .await;
    let now = b.eval(caches).await;
    let names: Vec<&str> = now
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].starts_with("planilla-next-"), "{names:?}");
    let cached_style = format!(
        "caches.open('{}').then((c) => c.match('{style_path}')).then((r) => r.text())",
        names[0]
    );
    assert!(
        b.eval(&cached_style)
            .await
            .as_str()
            .unwrap()
            .ends_with("/* the next build */\n")
    );
    assert_eq!(
        b.eval("document.querySelectorAll('#update button').length")
            .await,
        1
    );
    assert_eq!(b.unnamed_controls().await, json!([]));

    // Reloaded (by the user), the page is the new build's, and the draft is still there.
    b.click("#reload").await;
    b.wait_until("window.stillHere === undefined && document.querySelector('#moves button.mv.error') !== null")
        .await;
    assert_eq!(
        b.eval("document.getElementById('sheet').value").await,
        sample()
    );
    assert_eq!(
        b.eval("document.getElementById('update').hidden").await,
        true
    );
    let served_style = &format!("fetch('{style_path}').then((r) => r.text())");
    assert!(
        b.eval(served_style)
            .await
            .as_str()
            .unwrap()
            .ends_with("/* the next build */\n")
    );

    // A file changed on the host with no new build (no new service worker) is not fetched
    // behind the page's back: the cache answers, the same, every time.
    std::fs::write(&style, format!("{css}/* not a build */\n")).unwrap();
    for _ in 0..2 {
        let served = b.eval(served_style).await;
        assert!(
            served.as_str().unwrap().ends_with("/* the next build */\n"),
            "{served}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    server.abort();
    b.close().await;
}

/// chromedriver's network throttling (`POST /session/ID/chromium/network_conditions`): every
/// request of the page waits `latency_ms` more, and its bytes go at `bytes_per_second` each way.
#[derive(Debug)]
struct NetworkConditions {
    offline: bool,
    latency_ms: u32,
    bytes_per_second: u32,
}

impl fantoccini::wd::WebDriverCompatibleCommand for NetworkConditions {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/chromium/network_conditions",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let conditions = json!({"network_conditions": {
            "offline": self.offline,
            "latency": self.latency_ms,
            "download_throughput": self.bytes_per_second,
            "upload_throughput": self.bytes_per_second,
        }});
        (http::Method::POST, Some(conditions.to_string()))
    }
}

/// What a desk answered: each request's path, status, body bytes as sent, and method.
type AnswerLog = std::sync::Arc<std::sync::Mutex<Vec<(String, u16, u64, String)>>>;

/// The desk on a free port of 127.0.0.1, also answering the name `name`, with every answer
/// logged.
async fn logged_desk(name: &str) -> (SocketAddr, AnswerLog) {
    let (address, log, _) = stoppable_logged_desk(name).await;
    (address, log)
}

/// [`logged_desk`], and the task that serves it: aborted, it closes the port and every
/// connection (as a machine gone from the network).
async fn stoppable_logged_desk(name: &str) -> (SocketAddr, AnswerLog, tokio::task::JoinHandle<()>) {
    use http_body::Body as _;
    let log = AnswerLog::default();
    let kept = log.clone();
    let app = planilla_cli::serve::Desk::default()
        .allow_host(name)
        .router()
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| {
                let log = kept.clone();
                async move {
                    let path = request.uri().path().to_owned();
                    let method = request.method().to_string();
                    let response = next.run(request).await;
                    let bytes = response.body().size_hint().exact().unwrap_or(0);
                    let status = response.status().as_u16();
                    log.lock().unwrap().push((path, status, bytes, method));
                    response
                }
            },
        ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        // The connections belong to this task: aborted, it ends them all.
        let mut connections = tokio::task::JoinSet::new();
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let app = app.clone();
            connections.spawn(async move {
                let service = hyper::service::service_fn(move |request| {
                    let mut app = app.clone();
                    async move { tower_service::Service::call(&mut app, request).await }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                    .await;
            });
            while connections.try_join_next().is_some() {}
        }
    });
    (address, log, server)
}

/// The bytes and the requests of the log's entries from `from` on, and whether one of them
/// was the WebAssembly.
fn sent_since(log: &AnswerLog, from: usize) -> (u64, usize, bool) {
    let log = log.lock().unwrap();
    let entries = &log[from..];
    (
        entries.iter().map(|e| e.2).sum(),
        entries.len(),
        entries.iter().any(|e| e.0.ends_with(".wasm")),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_halls_network_a_phone_loads_the_desk_in_two_seconds_once_then_from_its_cache() {
    let Some(programs) = browser_programs() else {
        return;
    };
    // A phone on the hall's network: plain http to a name that is not this machine's
    // (`hall.example`, resolved to the desk by Chromium), so no secure context and no service
    // worker; 10 Mbit/s and 40 ms each way.
    let (address, log) = logged_desk("hall.example").await;
    let base = format!("http://hall.example:{}", address.port());
    let rule = "--host-resolver-rules=MAP hall.example 127.0.0.1";
    // The first visit: the page, its files and the WebAssembly, until it has checked a sheet,
    // in milliseconds from the start of the navigation. Twice, each a phone that never saw the
    // desk, and the faster counts: the other tests' browsers share this machine's cores.
    let ready = "post('/api/check', {text: '1.e4 e5'}).then(() => Math.round(performance.now()))";
    let mut firsts = Vec::new();
    let mut phones = Vec::new();
    let mut first_sent = (0, 0);
    for k in 0..2 {
        let from = log.lock().unwrap().len();
        let b =
            Browser::start_at(programs.clone(), &base, &format!("hall-{k}"), true, &[rule]).await;
        b.client
            .issue_cmd(NetworkConditions {
                offline: false,
                latency_ms: 40,
                bytes_per_second: 1_250_000,
            })
            .await
            .unwrap();
        b.open("/").await;
        firsts.push(b.eval(ready).await.as_f64().unwrap());
        let (bytes, requests, wasm) = sent_since(&log, from);
        assert!(wasm, "the first visit loads the WebAssembly");
        assert!(bytes < 800_000, "the first visit sent {bytes} bytes");
        first_sent = (bytes, requests);
        phones.push(b);
    }
    let (first_bytes, first_requests) = first_sent;
    let first = firsts.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(first <= 2000.0, "the first visits took {firsts:?} ms");
    let b = phones.pop().unwrap();
    phones.pop().unwrap().close().await;
    // The page says it keeps no copy for use offline, and how to get one.
    assert_eq!(b.eval("window.isSecureContext").await, false);
    assert_eq!(
        b.eval("document.getElementById('no-offline').hidden").await,
        false
    );
    let note = b.text("#no-offline").await;
    assert!(
        note.contains(&format!("http://localhost:{}/", address.port()))
            && note.contains("planilla serve --export"),
        "{note}"
    );

    // The second visit: the page asked again (unchanged: 304), every asset from the
    // browser's cache, the WebAssembly included.
    let before = log.lock().unwrap().len();
    b.open("/").await;
    let second = b.eval(ready).await.as_f64().unwrap();
    let (second_bytes, second_requests, wasm) = sent_since(&log, before);
    assert!(!wasm, "the second visit loaded the WebAssembly again");
    let pages: Vec<(String, u16, u64, String)> = log.lock().unwrap()[before..].to_vec();
    eprintln!(
        "first visits: {firsts:?} ms, {first_requests} requests, {first_bytes} bytes; \
         second visit: {second} ms, {second_requests} requests, {second_bytes} bytes"
    );
    // The page and the manifest, asked about again; the rest from the browser's cache.
    assert!(
        pages
            .iter()
            .any(|(path, status, ..)| path == "/" && *status == 304),
        "{pages:?}"
    );
    assert!(
        pages.iter().all(|(path, status, ..)| *status == 304
            && ["/", "/manifest.webmanifest"].contains(&path.as_str())),
        "{pages:?}"
    );
    // The throttle holds: the WebAssembly, fetched past every cache, takes its 0.58 MB's time.
    let wasm_path = log
        .lock()
        .unwrap()
        .iter()
        .find(|e| e.0.ends_with(".wasm"))
        .unwrap()
        .0
        .clone();
    let fetched = b
        .eval(&format!(
            "(async () => {{ const t0 = performance.now(); \
             const r = await fetch('{wasm_path}', {{cache: 'no-store'}}); await r.arrayBuffer(); \
             return performance.now() - t0; }})()"
        ))
        .await
        .as_f64()
        .unwrap();
    eprintln!("the WebAssembly fetched again past every cache: {fetched} ms");
    assert!(fetched >= 400.0, "the WebAssembly came in {fetched} ms");
    b.close().await;
}

/// The page as Chromium prints it to PDF on A4 (its margins, as the page's `@page` asks),
/// also written to `target/tmp/print/{name}.pdf`.
async fn print_pdf(b: &Browser, name: &str) -> Vec<u8> {
    use fantoccini::wd::{PrintConfiguration, PrintMargins, PrintSize};
    let configuration = PrintConfiguration::builder()
        .size(PrintSize::A4)
        .margins(PrintMargins {
            top: 1.5,
            bottom: 1.5,
            left: 1.5,
            right: 1.5,
        })
        .background(true)
        .build()
        .unwrap();
    let pdf = b.client.print(configuration).await.unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("print");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.pdf")), &pdf).unwrap();
    pdf
}

/// The page printed to PDF ([`print_pdf`]), as the text of each page, with every run of
/// white space one space.
async fn printed(b: &Browser, name: &str) -> Vec<String> {
    let pdf = print_pdf(b, name).await;
    pdf_extract::extract_text_from_mem_by_pages(&pdf)
        .unwrap()
        .iter()
        .map(|page| page.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// Whether `printed` holds `text`, whatever white space the PDF's text has or lacks between
/// two words, and whatever the case (a badge is printed in capitals).
fn holds(printed: &str, text: &str) -> bool {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>().to_lowercase();
    squeeze(printed).contains(&squeeze(text))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sealed_ruling_prints_on_one_page_with_its_record_and_a_report_with_the_whole_game() {
    let Some(b) = Browser::on_a_desk("print", false).await else {
        return;
    };
    b.open("/sellada").await;
    b.type_into("#fen", SEALED_FEN).await;
    b.type_into("#move", "Ad").await;
    for (id, value) in [
        ("event", "Open Internacional de Sitges"),
        ("round", "7"),
        ("board-number", "12"),
        ("white-player", "Ana Pérez"),
        ("black-player", "Luis López"),
        ("arbiter", "Marta Ruiz"),
    ] {
        b.type_into(&format!("#{id}"), value).await;
    }
    b.click("#rule").await;
    b.wait_until("!document.getElementById('ruling').hidden")
        .await;
    // The headline names who loses, on the screen as on the paper.
    assert_eq!(b.text("#verdict").await, "PIERDEN LAS BLANCAS (Ana Pérez)");
    let year = b.eval("String(new Date().getFullYear())").await;
    let pages = printed(&b, "sellada").await;
    assert_eq!(pages.len(), 1, "the ruling takes {} pages", pages.len());
    let page = &pages[0];
    for field in [
        "Acta de la jugada sellada",
        "Torneo Open Internacional de Sitges",
        "Ronda 7",
        "Mesa 12",
        "Jugador con blancas Ana Pérez",
        "Jugador con negras Luis López",
        "Fecha y hora del dictamen",
        year.as_str().unwrap(),
        "PIERDEN LAS BLANCAS (Ana Pérez)",
        "Directrices I.8 (2023)",
        "Jugada sellada, tal como está escrita Ad",
        "1: Ad1, 2: Ad5",
        "jugada 40, blancas",
        "Marta Ruiz",
        "Nombre del árbitro",
        "Firma",
    ] {
        assert!(holds(page, field), "the ruling lacks {field:?}: {page}");
    }
    // Not the page's menu, form or buttons.
    for control in [
        "Dos planillas",
        "Dictaminar",
        "Datos del acta",
        "Imprimir",
        "Girar el tablero",
    ] {
        assert!(
            !holds(page, control),
            "the ruling prints {control:?}: {page}"
        );
    }
    // A field left empty is a line to fill by hand: its name is printed, not shown.
    b.fill("round", "").await;
    b.eval("document.getElementById('round').dispatchEvent(new Event('input')) || true")
        .await;
    assert_eq!(
        b.eval("getComputedStyle(document.querySelector('#ruling-record dt.blank')).display")
            .await,
        "none"
    );
    let pages = printed(&b, "sellada-blank").await;
    assert_eq!(pages.len(), 1);
    assert!(holds(&pages[0], "Ronda"), "{}", pages[0]);

    // A game's report: its record from the headers, the sheet as written, the game as read,
    // the verdict with its articles, the reconstruction.
    b.paste_the_damaged_sheet().await;
    let pages = printed(&b, "informe").await;
    let report = pages.join(" ");
    let written = damaged("lichess_61_danada.txt");
    let first_lines: String = written.lines().take(8).collect::<Vec<_>>().join(" ");
    let diagnostic = b
        .eval("document.querySelector('#diags button.diag.error').textContent")
        .await;
    for field in [
        "Informe de la planilla",
        "Torneo Rated Blitz game",
        "Blancas betostoeterau",
        "Negras Jimmy22650",
        "Fecha 2025.05.01",
        "Ronda",
        "Mesa",
        "Impreso el",
        "Lectura letras es (R D T A C), Leyes de 2023, estricta",
        "NO VÁLIDA",
        "La planilla, tal como está escrita",
        first_lines.as_str(),
        "Jugadas",
        "1. d4 e5 2. dxe5 d6",
        "Diagnósticos",
        diagnostic.as_str().unwrap().trim(),
        "Partida reconstruida",
        "Correcciones",
        "Nombre del árbitro",
        "Firma",
    ] {
        assert!(
            holds(&report, field),
            "the report lacks {field:?}: {report}"
        );
    }
    for control in [
        "Descargar PGN",
        "Copiar JSON",
        "Imprimir informe",
        "Dos planillas",
    ] {
        assert!(!holds(&report, control), "the report prints {control:?}");
    }
    eprintln!("the report of the damaged sheet: {} pages", pages.len());
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_suggestion_taken_is_said_and_undone_and_redone_to_the_exact_text() {
    let Some(b) = Browser::on_a_desk("undo", false).await else {
        return;
    };
    b.paste_the_sample().await;
    b.open_the_error().await;
    b.click("#detail button.suggestion[data-written='Dxd4']")
        .await;
    let written = sample();
    assert_eq!(written.matches("Ce4 5.Dxd5 d5").count(), 1);
    let fixed = written.replacen("Ce4 5.Dxd5 d5", "Ce4 5.Dxd4 d5", 1);
    let sheet = "document.getElementById('sheet').value";
    let note = "document.getElementById('history-note').textContent";
    assert_eq!(b.eval(sheet).await, fixed.as_str());
    // The page says what it changed, and where.
    assert_eq!(
        b.eval(note).await,
        "5. «Dxd5» cambiada por «Dxd4» en la planilla."
    );
    b.wait_until("document.querySelector('#moves button.mv.error')?.textContent !== 'Dxd5'")
        .await;

    // Undone: the exact text, checked again; redone: the suggestion's text.
    b.click("#undo").await;
    assert_eq!(b.eval(sheet).await, written.as_str());
    assert_eq!(
        b.eval(note).await,
        "Deshecho: 5. «Dxd5» cambiada por «Dxd4» en la planilla."
    );
    b.wait_for_the_samples_error().await;
    assert_eq!(
        b.eval("document.getElementById('undo').disabled").await,
        true
    );
    b.click("#redo").await;
    assert_eq!(b.eval(sheet).await, fixed.as_str());

    // The keys: Ctrl+Z on the page (no field focused) undoes; Ctrl+Y in the sheet, which
    // holds what the page wrote, redoes.
    b.eval("document.activeElement.blur() || true").await;
    b.client
        .active_element()
        .await
        .unwrap()
        .send_keys(&format!("{}z{}", Key::Control, Key::Null))
        .await
        .unwrap();
    assert_eq!(b.eval(sheet).await, written.as_str());
    b.client
        .find(Locator::Css("#sheet"))
        .await
        .unwrap()
        .send_keys(&format!("{}y{}", Key::Control, Key::Null))
        .await
        .unwrap();
    assert_eq!(b.eval(sheet).await, fixed.as_str());

    // Typing in the sheet is the text box's own to undo: the page's history ends.
    b.type_into("#sheet", " ").await;
    assert_eq!(
        b.eval("document.getElementById('history').hidden").await,
        true
    );
    assert_eq!(b.eval(sheet).await, format!("{fixed} ").as_str());
    assert_eq!(b.unnamed_controls().await, json!([]));
    b.close().await;
}

/// The visible controls of the page smaller than a thumb (44 × 44 px) each way, as
/// `id: W×H`: links, buttons, fields and lists; a check box, a radio button or a file chooser
/// drawn as a button by its label.
/// The skip link (off the screen until focused) is left out.
const SMALLER_THAN_A_THUMB: &str = r"(() => [...document.querySelectorAll('a, button, input, select, textarea')]
    .filter((e) => e.id !== 'skip' && e.getClientRects().length && !e.closest('[hidden]'))
    .map((e) => (e.matches('input[type=checkbox], input[type=radio], label.button > input') ? e.closest('label') : e))
    .filter((e) => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
    .map((e) => { const r = e.getBoundingClientRect();
        return `${e.id || e.dataset.key || e.textContent.trim() || e.tagName}: ${Math.round(r.width)}x${Math.round(r.height)}`; }))()";

/// Whether the menu's links and the language button sit in one row: their vertical centres
/// within 4 px of each other.
const MENU_IN_ONE_ROW: &str = r"(() => { const c = [...document.querySelectorAll('.top nav a, #lang')]
    .map((e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; });
    return Math.max(...c) - Math.min(...c) <= 4; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_every_control_is_a_thumbs_size_and_the_menu_is_one_row() {
    let Some(b) = Browser::on_a_desk("thumbs", true).await else {
        return;
    };
    b.paste_the_sample().await;
    b.open_the_error().await;
    let controls = b
        .eval(
            "[...document.querySelectorAll('a, button, input, select, textarea')]             .filter((e) => e.getClientRects().length && !e.closest('[hidden]')).length",
        )
        .await;
    assert!(controls.as_u64().unwrap() > 40, "{controls} controls");
    assert_eq!(
        b.eval(SMALLER_THAN_A_THUMB).await,
        json!([]),
        "the sheet page"
    );
    assert_eq!(b.eval(MENU_IN_ONE_ROW).await, true, "the sheet page");
    assert_eq!(b.text("#lang").await, "EN");
    // The first error is said whole, never cut.
    assert_eq!(
        b.eval(
            "(() => { const e = document.querySelector('#first-issue button.diag'); \
             return e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis'; })()"
        )
        .await,
        true
    );
    b.paste_the_damaged_sheet().await;
    assert_eq!(
        b.eval(SMALLER_THAN_A_THUMB).await,
        json!([]),
        "the reconstruction"
    );

    // The two-sheet page: its result comes to the top of the screen.
    b.reconcile_the_two_sheets().await;
    assert_eq!(
        b.eval(SMALLER_THAN_A_THUMB).await,
        json!([]),
        "the two-sheet page"
    );
    assert_eq!(b.eval(MENU_IN_ONE_ROW).await, true, "the two-sheet page");
    assert_eq!(
        b.eval("document.getElementById('results').getBoundingClientRect().top < innerHeight / 4")
            .await,
        true
    );

    b.rule_on_ad().await;
    assert_eq!(
        b.eval(SMALLER_THAN_A_THUMB).await,
        json!([]),
        "the sealed page"
    );
    assert_eq!(b.eval(MENU_IN_ONE_ROW).await, true, "the sealed page");
    // In English too.
    b.click("#lang").await;
    assert_eq!(b.eval(MENU_IN_ONE_ROW).await, true, "in English");
    b.click("#lang").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_laptop_the_keyboard_takes_the_first_suggestion_in_three_presses_from_the_load() {
    let Some(b) = Browser::on_a_desk("keys", false).await else {
        return;
    };
    b.paste_the_sample().await;
    // The page loaded again with the sheet kept: the text box has the focus, the first error
    // is one Tab away and its first suggestion one more; Enter takes it.
    b.open("/").await;
    b.wait_until("document.querySelector('#first-issue button.suggestion') !== null")
        .await;
    assert_eq!(b.focused().await, "TEXTAREA");
    b.key(Key::Tab).await;
    assert_eq!(b.focused().await, "first-issue");
    b.key(Key::Tab).await;
    assert_eq!(b.focused().await, "first-suggestion:Dxd4");
    b.key(Key::Enter).await;
    b.wait_until("document.getElementById('sheet').value.includes('Ce4 5.Dxd4 d5')")
        .await;
    assert_eq!(
        b.eval("document.getElementById('history-note').textContent")
            .await,
        "5. «Dxd5» cambiada por «Dxd4» en la planilla."
    );
    b.close().await;
}

/// The board's marks that hide a piece, as `what over square`: an arrow drawn over the pieces
/// (the arrows go under them), or a mark drawn over them (a number, a cross) that enters a
/// piece's box (its square less a tenth on each side, where the figure is), measured on the
/// screen. Its second item counts the arrows drawn.
const MARKS_OVER_PIECES: &str = r"(() => {
    const svg = document.querySelector('#board svg');
    const kids = [...svg.children];
    const first = kids.findIndex((e) => e.classList.contains('piece'));
    const found = [];
    const pieces = [...svg.querySelectorAll('use.piece')].map((p) => {
        const r = p.getBoundingClientRect(); const i = r.width * 0.1;
        return { square: p.dataset.square, l: r.left + i, t: r.top + i, r: r.right - i, b: r.bottom - i };
    });
    kids.forEach((e, k) => {
        if (first < 0 || k < first || e.classList.contains('piece')) return;
        if (e.matches('line')) { found.push(`arrow ${e.getAttribute('class')} over the pieces`); return; }
        const r = e.getBoundingClientRect();
        for (const p of pieces) {
            if (r.left < p.r && r.right > p.l && r.top < p.b && r.bottom > p.t) {
                found.push(`${e.getAttribute('class')} over ${p.square}`);
            }
        }
    });
    return [found, svg.querySelectorAll('line').length];
})()";

/// Checks every error and warning of `text` on the sheet page: opened, its board hides no
/// piece ([`MARKS_OVER_PIECES`]); turned, neither. Returns the boards looked at and the arrows
/// they drew.
async fn no_mark_hides_a_piece(b: &Browser, name: &str, text: &str) -> (usize, u64) {
    b.fill("sheet", text).await;
    b.wait_until(&format!(
        "!document.getElementById('results').hidden \
         && document.getElementById('report-text').textContent === {}",
        json!(text)
    ))
    .await;
    let count = b
        .eval("document.querySelectorAll('#diags button.diag.error, #diags button.diag.warning').length")
        .await
        .as_u64()
        .unwrap();
    let mut arrows = 0;
    for k in 0..count {
        for flipped in [false, true] {
            b.eval(&format!(
                "(document.querySelectorAll('#diags button.diag.error, #diags button.diag.warning')[{k}].click(), \
                 (boardFlipped !== {flipped}) && document.getElementById('flip').click(), true)"
            ))
            .await;
            let seen = b.eval(MARKS_OVER_PIECES).await;
            assert_eq!(
                seen[0],
                json!([]),
                "{name}, diagnostic {k}, flipped {flipped}: a mark hides a piece"
            );
            arrows += seen[1].as_u64().unwrap();
        }
    }
    (count as usize * 2, arrows)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_every_error_of_the_shipped_sheets_no_arrow_or_mark_hides_a_piece() {
    let Some(programs) = browser_programs() else {
        return;
    };
    let address = start_server().await;
    let mut sheets = common::shipped_sheets();
    for name in ["lichess_61_danada.txt", "lichess_61_negras.txt"] {
        sheets.push((format!("examples/danadas/{name}"), damaged(name)));
    }
    // The cases of the issue: a knight written onto its own pawn ("f7 está ocupada"), and the
    // 2005 sample's queen with three moves along the d-file (shipped above).
    sheets.push(("Cf7".to_owned(), "1.e4 Ch6 2.d4 Cf7".to_owned()));
    for (phone, name) in [(true, "evidence-360"), (false, "evidence-1280")] {
        let b = Browser::start(programs.clone(), address, name, phone).await;
        b.open("/").await;
        let (mut boards, mut arrows) = (0, 0);
        for (path, text) in &sheets {
            let (k, a) = no_mark_hides_a_piece(&b, path, text).await;
            boards += k;
            arrows += a;
        }
        eprintln!("{name}: {boards} boards, {arrows} arrows, no piece hidden");
        assert!(
            boards >= 8 && arrows >= 12,
            "{boards} boards, {arrows} arrows"
        );
        // The sealed page's ruling: its numbers beside their arrows' heads, not under them.
        b.rule_on_ad().await;
        let seen = b.eval(MARKS_OVER_PIECES).await;
        assert_eq!(seen[0], json!([]), "the sealed ruling");
        let apart = b
            .eval(
                "[...document.querySelectorAll('#board .arrow-number circle')].every((c) => \
                 [...document.querySelectorAll('#board line.arrow')].every((l) => { \
                   const x = +l.getAttribute('x2'), y = +l.getAttribute('y2'); \
                   return Math.hypot(x - c.getAttribute('cx'), y - c.getAttribute('cy')) >= 20; }))",
            )
            .await;
        assert_eq!(apart, true, "a number under an arrow's head");
        b.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_times_a_sheet_records_are_shown_beside_their_moves() {
    let Some(b) = Browser::on_a_desk("clocks", false).await else {
        return;
    };
    b.open("/").await;
    // Times after moves, in two written forms (Art. 8.1): the mover's clock.
    let text = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4.Aa4 (1:20) Cf6 1.25";
    b.fill("sheet", text).await;
    b.wait_until("document.querySelectorAll('#moves .clock').length === 2")
        .await;
    let rows = b
        .eval("[...document.querySelectorAll('#moves .move-row')].map((r) => r.textContent)")
        .await;
    assert_eq!(rows[3], "4.Aa41:20:00Cf61:25:00", "{rows}");
    assert_eq!(
        b.eval(
            "document.querySelector('#moves button[data-ply=\"7\"]').getAttribute('aria-label')"
        )
        .await,
        "4. Aa4 (reloj: 1:20:00): ok"
    );
    b.close().await;
}

/// A picture of `width` × `height` pixels (a stand-in for a phone's photo of a sheet: ruled
/// lines on paper), written as PNG to `path`.
fn a_photo(path: &Path, width: u32, height: u32) {
    let mut pixels = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            let line = y % 40 < 2 || x % 150 < 2;
            let ink = if line { 90 } else { 235 - ((x + y) % 17) as u8 };
            pixels.extend_from_slice(&[ink, ink, ink.saturating_sub(10)]);
        }
    }
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&pixels)
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_photo_of_the_sheet_is_shown_beside_its_text_kept_offline_printed_and_sent_nowhere() {
    let Some(programs) = browser_programs() else {
        return;
    };
    let (address, log, server) = stoppable_logged_desk("localhost").await;
    let b = Browser::start(programs, address, "photo", false).await;
    b.paste_the_sample().await;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let photo = dir.join("foto-de-la-planilla.png");
    a_photo(&photo, 600, 800);
    b.client
        .find(Locator::Css("#photo"))
        .await
        .unwrap()
        .send_keys(photo.to_str().unwrap())
        .await
        .unwrap();
    let shown = "!document.getElementById('photo-view').hidden \
                 && document.getElementById('photo-image').complete \
                 && document.getElementById('photo-image').naturalWidth === 600";
    b.wait_until(shown).await;
    assert_eq!(b.text("#photo-name").await, "foto-de-la-planilla.png");
    // Beside the text, on a laptop.
    let beside = "(() => { const t = document.getElementById('sheet').getBoundingClientRect(); \
                  const p = document.getElementById('photo-view').getBoundingClientRect(); \
                  return p.left >= t.right && p.top < t.bottom; })()";
    assert_eq!(b.eval(beside).await, true);
    // Zoomed: the picture twice the frame's width, the frame scrolls.
    b.click("#zoom-in").await;
    b.click("#zoom-in").await;
    let ratio = b
        .eval(
            "document.getElementById('photo-image').getBoundingClientRect().width \
             / document.getElementById('photo-frame').clientWidth",
        )
        .await
        .as_f64()
        .unwrap();
    assert!((ratio - 2.0).abs() < 0.05, "zoomed {ratio} times");
    assert!(b.text("#photo-name").await.ends_with("(×2)"));

    // Offline (the desk gone, the service worker has kept it), the page loads again with its
    // draft and its photo.
    b.wait_until("navigator.serviceWorker.controller !== null")
        .await;
    b.wait_until(
        "caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.keys()))))\
         .then((all) => all.flat().some((r) => r.url.endsWith('.wasm')))",
    )
    .await;
    server.abort();
    let _ = server.await;
    assert!(
        std::net::TcpStream::connect(address).is_err(),
        "the desk still answers"
    );
    b.open("/").await;
    b.wait_until(shown).await;
    b.wait_for_the_samples_error().await;
    assert_eq!(
        b.eval("fetch('nada', {cache: 'no-store'}).then(() => 'online', () => 'offline')")
            .await,
        "offline"
    );

    // Printed with the report, after the sheet as written: an image in the PDF.
    let pdf = print_pdf(&b, "informe-con-foto").await;
    let image = b"/Subtype /Image";
    let images = pdf.windows(image.len()).filter(|w| w == image).count();
    assert!(images >= 1, "the report printed no photo");
    let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    assert!(holds(&text, "Fotos de la planilla"), "{text}");
    assert!(holds(&text, "foto-de-la-planilla.png"), "{text}");

    // Removed, it is gone from the page and the browser.
    b.click("#photo-remove").await;
    b.wait_until("document.getElementById('photo-view').hidden")
        .await;
    assert_eq!(
        b.eval("photoStore.all('planilla').then((l) => l.length)")
            .await,
        0
    );
    // The page fetched nothing from another origin (its policy allows none).
    assert_eq!(
        b.eval(
            "performance.getEntriesByType('resource')\
             .filter((e) => !e.name.startsWith(location.origin) && !e.name.startsWith('blob:'))\
             .map((e) => e.name)"
        )
        .await,
        json!([])
    );

    // Sent nowhere: the desk was asked for its files (GET) and nothing else.
    let asked = log.lock().unwrap().clone();
    assert!(
        asked
            .iter()
            .all(|(path, _, _, method)| method == "GET" && !path.starts_with("/api/")),
        "{asked:?}"
    );
    b.close().await;
}
