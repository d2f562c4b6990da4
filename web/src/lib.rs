//! The desk's WebAssembly: [`answer`] is `planilla serve`'s JSON API
//! ([`planilla_app::api`]) without a server, and [`Checker`] checks (or converts) a stream of
//! games given a piece at a time, holding one game at a time. The page of `planilla serve` and
//! of `planilla serve --export` calls [`answer`] in the browser; the npm package `planilla`
//! (the build's folder, with its `index.js`, `index.cjs` and `index.mjs`) wraps both for
//! JavaScript as `check`, `convert`, `checkStream`, `sealed`, `reconcile`, `compare` and
//! `decode`.
//!
//! `scripts/build_web.sh` builds it with `wasm-bindgen` into
//! `cli/src/serve/assets/planilla/`, where the server embeds it; CI rebuilds it and fails if
//! the checked-in build differs.
//!
//! ```
//! let a = planilla_web::answer("check", r#"{"text": "1.e4 e5 2.Re3"}"#);
//! assert_eq!(a.status(), 200);
//! assert!(a.body().contains("\"valid\":false"));
//!
//! let mut checker = planilla_web::Checker::new("es", 2023, false, "en", "auto", "", false, "", false);
//! checker.push_text("1.e4 e5 1-0\n\n1.d4 d5 2.Re");
//! checker.push_text("3 *\n");
//! checker.finish();
//! let first = checker.next().unwrap();
//! assert!(first.contains("\"valid\":true"));
//! let second = checker.next().unwrap();
//! assert!(second.contains("\"index\":1") && second.contains("\"valid\":false"));
//! assert!(checker.next().is_none() && checker.done());
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::cell::Cell;
use std::collections::VecDeque;
use std::io::BufRead;

use planilla::Position;
use planilla::check::{CheckOptions, MessageLanguage};
use planilla::reconstruct::Limits;
use planilla::scoresheet::{Chunk, StreamGames};
use planilla::write;
use planilla_app::api;
use planilla_app::jobs;
use planilla_app::settings::{Format, Letters, Messages, Notation, SheetSettings};
use wasm_bindgen::prelude::wasm_bindgen;

/// The largest request body [`answer`] takes: 5 MiB, as `planilla serve` (its
/// `MAX_BODY_BYTES`). A larger one gets 413; [`Checker`] takes any length.
pub const MAX_BODY_BYTES: usize = 5 * 1024 * 1024;

/// The longest answer [`answer`] gives, in bytes: JavaScript's longest string
/// (`0x1fffffe8` UTF-16 units; a UTF-8 text has no more units than bytes). A longer one is
/// a 413 instead.
pub const MAX_ANSWER_BYTES: usize = 0x1fff_ffe8;

/// An answer of the API: the HTTP status the server would give, the content type and the body.
#[wasm_bindgen]
pub struct Answer {
    status: u16,
    content_type: &'static str,
    body: String,
}

#[wasm_bindgen]
impl Answer {
    /// 200, or 400 (a body that is not the route's JSON), 404 (an unknown route) or 413 (a
    /// body over [`MAX_BODY_BYTES`], or an answer over [`MAX_ANSWER_BYTES`]), whose body is
    /// `{"error": "…"}`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// `application/json`, or `application/x-chess-pgn; charset=utf-8` for `convert`.
    #[wasm_bindgen(getter, js_name = contentType)]
    pub fn content_type(&self) -> String {
        self.content_type.to_owned()
    }

    /// The body: the JSON (or PGN) the server would answer.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> String {
        self.body.clone()
    }
}

/// Answers `body` (a JSON object, as posted to `/api/ROUTE`) for `route` (`check`, `convert`,
/// `reconcile`, `compare`, `decode` or `sealed`), as `planilla serve` does, its limit on a
/// body's size included. Never throws.
#[wasm_bindgen]
pub fn answer(route: &str, body: &str) -> Answer {
    if body.len() > MAX_BODY_BYTES {
        let en = english(body);
        let mib = MAX_BODY_BYTES >> 20;
        return too_large(if en {
            format!("the body is larger than {mib} MiB")
        } else {
            format!("el cuerpo pasa de {mib} MiB")
        });
    }
    let found = api::answer_named(route, body.as_bytes());
    if found.body.len() > MAX_ANSWER_BYTES {
        return too_large(if english(body) {
            "the answer is longer than a JavaScript string".to_owned()
        } else {
            "la respuesta es más larga que una cadena de JavaScript".to_owned()
        });
    }
    Answer {
        status: found.status,
        content_type: found.content_type,
        // The API writes UTF-8 (its strings come from Rust strings): no copy.
        body: String::from_utf8(found.body)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// A 413 answer saying `message`.
fn too_large(message: String) -> Answer {
    let a = api::Answer::error(413, &message);
    Answer {
        status: a.status,
        content_type: a.content_type,
        body: String::from_utf8_lossy(&a.body).into_owned(),
    }
}

/// Whether `body` is a JSON object whose `messages` is `"en"`: its errors are then in English
/// (as the API says them).
fn english(body: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Only {
        #[serde(default)]
        messages: Option<Messages>,
    }
    serde_json::from_str::<Only>(body).is_ok_and(|o| o.messages == Some(Messages::En))
}

/// The version of the crate that built this module: `0.1.0`.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// Unread input a cut waits for before it tries (unless the input has ended): 64 KiB, so that
/// a piece is seldom read twice.
const MIN_WANT: usize = 1 << 16;

/// Pieces' text cut from the input at once, at most (a longer piece alone): 1 MiB.
const PASS_BYTES: usize = 1 << 20;

/// The most input [`Checker`] holds with no piece cut from it: 256 MiB. Past it (a line of
/// hundreds of megabytes, or as much text with no header, result or blank line to end a
/// game), the checker stops with the error `too-large`, where the command line, reading a
/// file, would skip the text past 16 MiB.
pub const MAX_UNCUT_BYTES: usize = 256 << 20;

/// A checker of a stream of games given a piece at a time (a file read in blocks, a network
/// stream): [`Checker::push`] the input's bytes as they come, [`Checker::finish`] at its end,
/// and take each game from [`Checker::next`] as soon as it is whole. Memory holds the input
/// not yet cut into games (about one game, and the last block pushed) and one piece's games
/// (one game, or a run of games with no headers between them), whatever the stream's length.
///
/// The games are those of `planilla check --json` (or, with a format, `planilla convert
/// --to FORMAT`) on the whole input, with the same numbering and byte offsets: the input is
/// cut into pieces as the command line reads a file ([`StreamGames`]), a piece being read
/// again, with more input, when the input so far ended inside it.
#[wasm_bindgen]
pub struct Checker {
    options: CheckOptions,
    reconstruct: Option<Limits>,
    /// `None`: each game's JSON object; otherwise the text `convert --to` writes for it.
    to: Option<Format>,
    diagnostics: bool,
    /// Whether messages are in English.
    en: bool,
    /// `{"code": …, "message": …}` when the settings are refused, or the input past
    /// [`MAX_UNCUT_BYTES`].
    error: Option<String>,
    /// The input: the bytes from `read` on are not yet cut into pieces.
    input: Vec<u8>,
    read: usize,
    /// The stream's offset and line (from 1) of `input[read]`.
    offset: u64,
    line: u64,
    finished: bool,
    /// The unread bytes to wait for before the next cut.
    want: usize,
    pieces: VecDeque<Chunk>,
    games: VecDeque<String>,
    /// The next game's index in the stream.
    index: usize,
}

/// A reader of the input so far that notes when it ran out before the input's end: the piece
/// being read then is not known whole.
struct Input<'a> {
    rest: &'a [u8],
    finished: bool,
    dry: &'a Cell<bool>,
}

impl std::io::Read for Input<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Input<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.rest.is_empty() && !self.finished {
            self.dry.set(true);
        }
        Ok(self.rest)
    }

    fn consume(&mut self, amount: usize) {
        self.rest = &self.rest[amount.min(self.rest.len())..];
    }
}

/// A setting's value read as its JSON string (`"en"` as [`Messages::En`]).
fn setting<T: serde::de::DeserializeOwned>(value: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(value.to_owned())).ok()
}

/// `{"code": code, "message": message}`.
fn refusal(code: &str, message: &str) -> String {
    serde_json::json!({ "code": code, "message": message }).to_string()
}

#[wasm_bindgen]
impl Checker {
    /// A checker with the settings of `planilla check` (and of the npm package's options):
    /// `lang` the piece letters (`es`, `en`, `fr`, `de`, `it`, `pt`, `nl`, `ca`), `edition`
    /// (2005, 2018, 2023), `lenient`, `messages` (`es`, `en`), `notation` (`algebraic`,
    /// `descriptive`, `auto`), `fen` (the start, or `""`), `reconstruct` (each damaged game
    /// with its reconstruction), `to` (`""` for each game's JSON object, as `check --json`
    /// writes it; or a format of `convert --to`: `pgn`, `es`, `figurine`, `json`,
    /// `descriptiva`, `descriptive`) and `diagnostics` (PGN with every diagnostic as a
    /// comment). A setting it refuses is said by [`Checker::error`], and the checker then
    /// gives no game.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        lang: &str,
        edition: u16,
        lenient: bool,
        messages: &str,
        notation: &str,
        fen: &str,
        reconstruct: bool,
        to: &str,
        diagnostics: bool,
    ) -> Checker {
        let en = messages == "en";
        let say = |es: String, english: String| if en { english } else { es };
        let mut error = None;
        let mut settings = SheetSettings {
            edition,
            lenient,
            ..SheetSettings::default()
        };
        match setting::<Messages>(messages) {
            Some(m) => settings.messages = m,
            None => {
                error = Some(refusal(
                    "setting",
                    &say(
                        format!("messages: idioma desconocido {messages:?} (es o en)"),
                        format!("messages: unknown language {messages:?} (es or en)"),
                    ),
                ));
            }
        }
        match Letters::from_code(lang) {
            Some(l) if lang == lang.to_ascii_lowercase() => settings.letters = l,
            _ => {
                error = error.or(Some(refusal(
                    "setting",
                    &say(
                        format!(
                            "lang: letras desconocidas {lang:?} (es, en, fr, de, it, pt, nl o ca)"
                        ),
                        format!(
                            "lang: unknown letters {lang:?} (es, en, fr, de, it, pt, nl or ca)"
                        ),
                    ),
                )));
            }
        }
        match setting::<Notation>(notation) {
            Some(n) => settings.notation = n,
            None => {
                error = error.or(Some(refusal(
                    "setting",
                    &say(
                        format!("notation: notación desconocida {notation:?} (algebraic, descriptive o auto)"),
                        format!("notation: unknown notation {notation:?} (algebraic, descriptive or auto)"),
                    ),
                )));
            }
        }
        let format = match to {
            "" => None,
            to => {
                let format = setting::<Format>(to);
                if format.is_none() {
                    error = error.or(Some(refusal(
                        "setting",
                        &say(
                            format!("to: formato desconocido {to:?} (pgn, es, figurine, json, descriptiva o descriptive)"),
                            format!("to: unknown format {to:?} (pgn, es, figurine, json, descriptiva or descriptive)"),
                        ),
                    )));
                }
                format
            }
        };
        if reconstruct && format.is_some_and(|f| f != Format::Pgn) {
            error = error.or(Some(refusal(
                "setting",
                &say(
                    "reconstruct: la reconstrucción se escribe solo en PGN (to: 'pgn')".to_owned(),
                    "reconstruct: a reconstruction is written as PGN only (to: 'pgn')".to_owned(),
                ),
            )));
        }
        let mut options = match settings.check_options() {
            Ok(options) => options,
            Err(_) => {
                error = error.or(Some(refusal(
                    "setting",
                    &say(
                        format!("edition: edición desconocida {edition} (2005, 2018 o 2023)"),
                        format!("edition: unknown edition {edition} (2005, 2018 or 2023)"),
                    ),
                )));
                CheckOptions::default()
            }
        };
        let fen = fen.trim();
        if !fen.is_empty() {
            match Position::from_fen(fen) {
                Ok(start) => options = options.with_start(Some(start)),
                Err(e) => {
                    let lang = if en {
                        MessageLanguage::English
                    } else {
                        MessageLanguage::Spanish
                    };
                    error = error.or(Some(refusal("fen", &format!("fen: {}", e.message(lang)))));
                }
            }
        }
        Checker {
            options,
            reconstruct: reconstruct.then(Limits::default),
            to: format,
            diagnostics,
            en,
            error,
            input: Vec::new(),
            read: 0,
            offset: 0,
            line: 1,
            finished: false,
            want: MIN_WANT,
            pieces: VecDeque::new(),
            games: VecDeque::new(),
            index: 0,
        }
    }

    /// The refused setting, as `{"code": "setting" | "fen", "message": "…"}` in the
    /// settings' language of messages, or `{"code": "too-large", …}` once the input held more
    /// than [`MAX_UNCUT_BYTES`] with no piece cut from it (the checker then gives no more
    /// game); `None` otherwise.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// Adds the next bytes of the input (UTF-8; a block may end inside a character).
    pub fn push(&mut self, bytes: &[u8]) {
        if !self.finished && self.error.is_none() {
            self.input.extend_from_slice(bytes);
        }
    }

    /// Adds the next text of the input.
    #[wasm_bindgen(js_name = pushText)]
    pub fn push_text(&mut self, text: &str) {
        self.push(text.as_bytes());
    }

    /// Says that the input has ended: its last game is whole.
    pub fn finish(&mut self) {
        self.finished = true;
    }

    /// Whether the input has ended and every game was taken.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        (self.finished || self.error.is_some())
            && self.games.is_empty()
            && self.pieces.is_empty()
            && (self.read == self.input.len() || self.error.is_some())
    }

    /// How many games were checked so far.
    #[wasm_bindgen(getter)]
    pub fn checked(&self) -> usize {
        self.index
    }

    /// The next game, as soon as it is whole: its JSON object (as an element of `planilla
    /// check --json`'s `games`), or the text `planilla convert --to FORMAT` writes for it,
    /// newline included (for `json`, the game's JSON object). `None` when the input so far
    /// holds no whole game more (push more, or finish), or after the last game.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<String> {
        loop {
            if let Some(game) = self.games.pop_front() {
                return Some(game);
            }
            if let Some(piece) = self.pieces.pop_front() {
                self.check(&piece);
                continue;
            }
            if !self.cut() {
                return None;
            }
        }
    }
}

impl Checker {
    /// Cuts the unread input into pieces, up to [`PASS_BYTES`] of them: `false` when there is
    /// none yet (the input so far ends inside the first), or none left.
    fn cut(&mut self) -> bool {
        let unread = self.input.len() - self.read;
        if self.error.is_some() || unread == 0 || (!self.finished && unread < self.want) {
            return false;
        }
        let dry = Cell::new(false);
        let reader = Input {
            rest: &self.input[self.read..],
            finished: self.finished,
            dry: &dry,
        };
        let mut stream = StreamGames::new(reader, self.options.parser());
        let (mut taken, mut bytes, mut found, mut ended) = (0, 0, false, false);
        while bytes < PASS_BYTES {
            let Some(mut piece) = stream.next_chunk() else {
                ended = true;
                break;
            };
            if dry.get() {
                // The piece ran to the end of the input so far: it is read again with more.
                break;
            }
            let end = piece.offset + piece.text.len() as u64 + piece.skipped;
            bytes += piece.text.len();
            piece.offset += self.offset;
            piece.line += self.line - 1;
            self.pieces.push_back(piece);
            taken = usize::try_from(end).unwrap_or(usize::MAX).min(unread);
            found = true;
        }
        if ended && !dry.get() && self.finished {
            // Nothing but white space is left.
            taken = unread;
        }
        drop(stream);
        let cut = &self.input[self.read..self.read + taken];
        self.line += cut.iter().filter(|&&b| b == b'\n').count() as u64;
        self.offset += taken as u64;
        self.read += taken;
        if self.read > self.input.len() / 2 {
            self.input.drain(..self.read);
            self.read = 0;
        }
        let unread = self.input.len() - self.read;
        if !found && unread > MAX_UNCUT_BYTES {
            let mib = MAX_UNCUT_BYTES >> 20;
            self.error = Some(refusal(
                "too-large",
                &if self.en {
                    format!("the input holds more than {mib} MiB with no end of a game in it")
                } else {
                    format!("la entrada tiene más de {mib} MiB sin el final de una partida")
                },
            ));
            self.input = Vec::new();
            self.read = 0;
        }
        self.want = if found {
            MIN_WANT
        } else {
            // The first piece is longer than the unread input: wait for twice as much.
            unread.saturating_mul(2).max(MIN_WANT)
        };
        found
    }

    /// Checks `piece` and writes its games into the queue.
    fn check(&mut self, piece: &Chunk) {
        let options = &self.options;
        let lang = options.messages;
        let reports = planilla::check::check_chunk(piece, options);
        let mut found = self
            .reconstruct
            .as_ref()
            .map(|limits| planilla::reconstruct::reconstruct_chunk(piece, options, limits))
            .unwrap_or_default()
            .into_iter();
        let delta = u32::try_from(piece.offset).unwrap_or(u32::MAX);
        for mut report in reports {
            report.index = self.index;
            self.index += 1;
            report.shift_spans(delta);
            let found = found.next().flatten();
            let game = match self.to {
                None | Some(Format::Json) => {
                    let mut game = write::json(&report, lang);
                    if self.reconstruct.is_some() {
                        game.reconstruction =
                            Some(found.map(|r| write::reconstruction_json(&r, lang)));
                    }
                    serde_json::to_string(&game).unwrap_or_default()
                }
                Some(Format::Pgn) if self.reconstruct.is_some() => {
                    let mut pgn = match found {
                        Some(r) => write::reconstruction_pgn(&report, &r, lang),
                        None => write::pgn(&report, write::PgnComments::ErrorOnly, lang),
                    };
                    pgn.push('\n');
                    pgn
                }
                Some(format) => {
                    let mut text = jobs::write_game(&report, format, self.diagnostics, lang);
                    text.push('\n');
                    text
                }
            };
            self.games.push_back(game);
        }
    }
}
