//! The Python package `planilla`, built with pyo3 and maturin (`pip install ./python`).
//!
//! This crate is the extension module `planilla._planilla`; the Python package
//! (`python/planilla/`) re-exports it and carries its type stubs. It stays thin: every
//! decision is the library's, and every output is the command line's, through the jobs the
//! command line itself runs (`planilla_app::jobs`). So `check(text)[i].to_dict()` is game `i`
//! of `planilla check --json`, and `convert(text, to=…)` is `planilla convert --to …`.
//!
//! The GIL is released while games are checked.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::{PyIsADirectoryError, PyOSError, PyValueError};
use pyo3::prelude::*;

use planilla::Position;
use planilla::check::{CheckOptions, GameReport, MessageLanguage, StreamReports, check_reader};
use planilla::laws::winnability::Effort;
use planilla::write::{self, NamedMoveJson};
use planilla_app::job::{self, Job};
use planilla_app::jobs::{self, EnvelopeSource};
use planilla_app::settings::{Format, SheetSettings};

create_exception!(
    planilla,
    FenError,
    PyValueError,
    "A FEN that does not give a legal position (a subclass of ValueError)."
);

/// Reads one of a setting's names (`"es"`, `"auto"`, `"pgn"`) as the command line's flags
/// and the server's JSON name them.
fn setting<T: serde::de::DeserializeOwned>(name: &str, value: &str) -> PyResult<T> {
    serde_json::from_value(serde_json::Value::String(value.to_owned()))
        .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))
}

/// The library's options for the keyword arguments every call shares.
fn options(
    lang: &str,
    edition: u16,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
) -> PyResult<CheckOptions> {
    let settings = SheetSettings {
        letters: setting("lang", lang)?,
        edition,
        lenient,
        messages: setting("messages", messages)?,
        notation: setting("notation", notation)?,
    };
    let mut options = settings.check_options().map_err(PyValueError::new_err)?;
    if let Some(fen) = fen {
        options.start = Some(position(fen)?);
    }
    Ok(options)
}

fn position(fen: &str) -> PyResult<Position> {
    Position::from_fen(fen).map_err(|e| FenError::new_err(format!("fen: {e}")))
}

/// A legal move named three ways: standard SAN, the sheet's letters, and UCI.
#[pyclass(frozen, get_all, module = "planilla")]
#[derive(Clone)]
struct NamedMove {
    /// Standard SAN (PGN §8.2.3), with its check or mate suffix.
    san: String,
    /// The move in the sheet's letters, in the canonical form of Appendix C (`Dxd4`).
    written: String,
    /// UCI (`d1d4`).
    uci: String,
}

impl From<&NamedMoveJson> for NamedMove {
    fn from(m: &NamedMoveJson) -> NamedMove {
        NamedMove {
            san: m.san.clone(),
            written: m.written.clone(),
            uci: m.uci.clone(),
        }
    }
}

#[pymethods]
impl NamedMove {
    fn __repr__(&self) -> String {
        format!("<NamedMove {} ({})>", self.san, self.written)
    }
}

/// One ply read from the sheet.
#[pyclass(frozen, get_all, module = "planilla")]
#[derive(Clone)]
struct Move {
    /// The ply, from 1.
    ply: u32,
    /// The move number (Art. 8.1).
    number: u32,
    /// `"white"` or `"black"`.
    color: String,
    /// The text written, as in the input.
    text: String,
    /// Its byte offsets `(start, end)` in the input (UTF-8).
    span: (u64, u64),
    /// Standard SAN.
    san: String,
    /// The move in the game's letters, in the canonical form.
    written: String,
    /// UCI.
    uci: String,
    /// The FEN after the move.
    fen: String,
}

#[pymethods]
impl Move {
    fn __repr__(&self) -> String {
        format!("<Move {}: {} = {}>", self.ply, self.text, self.san)
    }
}

/// One diagnostic: an error, a warning or a note, at its characters, with its article.
#[pyclass(frozen, get_all, module = "planilla")]
#[derive(Clone)]
struct Diagnostic {
    /// The stable code (`illegal-move`, `missing-capture-mark`, …).
    code: String,
    /// `"error"`, `"warning"` or `"note"`.
    severity: String,
    /// The ply it concerns, from 1.
    ply: Option<u32>,
    /// Its byte offsets `(start, end)` in the input (UTF-8).
    span: (u64, u64),
    /// The message, headed by the move number and the writing.
    message: String,
    /// The article of the Laws, as `C.10 (2023)`.
    rule: Option<String>,
    /// The candidates of an ambiguous or incomplete move; for a guess, the move it read.
    candidates: Vec<NamedMove>,
    /// The legal moves closest to the writing, closest first.
    suggestions: Vec<NamedMove>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {}[{}]: {}>",
            self.severity, self.code, self.message
        )
    }
}

/// A variation: a line printed instead of one of the game's moves (a PGN RAV, a sheet's or a
/// book's parenthesised line), read from the position before that move.
#[pyclass(frozen, get_all, module = "planilla")]
#[derive(Clone)]
struct Variation {
    /// The ply of the game's move it is an alternative to, from 1 (one more than the game's
    /// last ply: a line printed after the game's end).
    ply: u32,
    /// Its moves in SAN, with their check or mate suffix.
    moves: Vec<String>,
    /// Its byte offsets `(start, end)` in the input (UTF-8), from its first move to its last.
    span: (u64, u64),
    /// The variations inside it, their `ply` on the game's count.
    variations: Vec<Variation>,
}

impl Variation {
    fn new(v: &write::VariationJson, offset: u64) -> Variation {
        Variation {
            ply: v.ply,
            moves: v.moves.clone(),
            span: (
                offset.saturating_add(u64::from(v.span[0])),
                offset.saturating_add(u64::from(v.span[1])),
            ),
            variations: v
                .variations
                .iter()
                .map(|w| Variation::new(w, offset))
                .collect(),
        }
    }
}

#[pymethods]
impl Variation {
    fn __repr__(&self) -> String {
        format!("<Variation at ply {}: {}>", self.ply, self.moves.join(" "))
    }
}

/// One game's report: the moves read, the diagnostics, and the result.
#[pyclass(frozen, module = "planilla")]
struct Report {
    /// The game's place in the input, from 0.
    #[pyo3(get)]
    index: usize,
    /// No error diagnostic.
    #[pyo3(get)]
    valid: bool,
    /// The result to write (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[pyo3(get)]
    result: String,
    /// The result recorded on the sheet, in PGN form.
    #[pyo3(get)]
    recorded_result: Option<String>,
    /// The result the board imposes (checkmate, stalemate, a dead position).
    #[pyo3(get)]
    board_result: Option<String>,
    /// The starting FEN, when not the initial position.
    #[pyo3(get)]
    start_fen: Option<String>,
    /// The headers as PGN tags, by name.
    #[pyo3(get)]
    tags: BTreeMap<String, String>,
    /// The plies read.
    #[pyo3(get)]
    moves: Vec<Move>,
    /// The plies after which a draw was offered.
    #[pyo3(get)]
    draw_offers: Vec<u32>,
    /// The variations printed with the game, in the order of the text (written by
    /// `to_pgn()` as RAV).
    #[pyo3(get)]
    variations: Vec<Variation>,
    /// Every diagnostic, in the order of the text.
    #[pyo3(get)]
    diagnostics: Vec<Diagnostic>,
    /// The written moves left unread after the first error, that one included.
    #[pyo3(get)]
    unread_moves: usize,
    /// The termination written on the sheet, as the PGN `Termination` tag says it.
    #[pyo3(get)]
    termination: Option<String>,
    /// The byte offset in the input of the text that holds the game.
    #[pyo3(get)]
    offset: u64,
    /// The line (from 1) of the input where that text starts.
    #[pyo3(get)]
    line: u64,
    /// The report, its spans relative to `offset`.
    report: GameReport,
    /// The language of the messages.
    lang: MessageLanguage,
}

impl Report {
    /// The Python view of a report whose spans are relative to `offset`.
    fn new(report: GameReport, offset: u64, line: u64, lang: MessageLanguage) -> Report {
        let json = write::json(&report, lang);
        let at = |s: [u32; 2]| {
            (
                offset.saturating_add(u64::from(s[0])),
                offset.saturating_add(u64::from(s[1])),
            )
        };
        let named = |v: &[NamedMoveJson]| v.iter().map(NamedMove::from).collect();
        Report {
            index: json.index,
            valid: json.valid,
            result: json.result,
            recorded_result: json.recorded_result,
            board_result: json.board_result,
            start_fen: json.start_fen,
            tags: json.tags,
            moves: json
                .moves
                .into_iter()
                .map(|m| Move {
                    ply: m.ply,
                    number: m.number,
                    color: m.color.name().to_owned(),
                    span: at(m.span),
                    text: m.text,
                    san: m.san,
                    written: m.written,
                    uci: m.uci,
                    fen: m.fen,
                })
                .collect(),
            draw_offers: json.draw_offers,
            variations: json
                .variations
                .iter()
                .map(|v| Variation::new(v, offset))
                .collect(),
            diagnostics: json
                .diagnostics
                .iter()
                .map(|d| Diagnostic {
                    code: d.code.to_string(),
                    severity: d.severity.to_string(),
                    ply: d.ply,
                    span: at(d.span),
                    message: d.message.clone(),
                    rule: d.rule.clone(),
                    candidates: named(&d.candidates),
                    suggestions: named(&d.suggestions),
                })
                .collect(),
            unread_moves: json.unread_moves,
            termination: json.termination.map(|t| t.pgn().to_owned()),
            offset,
            line,
            report,
            lang,
        }
    }

    /// The game as `planilla check --json` writes it: spans shifted to the input, as the
    /// command line shifts them.
    fn json_text(&self) -> PyResult<String> {
        let mut report = self.report.clone();
        report.shift_spans(u32::try_from(self.offset).unwrap_or(u32::MAX));
        serde_json::to_string(&write::json(&report, self.lang))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn pgn(&self, diagnostics: bool) -> String {
        let comments = match diagnostics {
            true => write::PgnComments::Diagnostics,
            false => write::PgnComments::ErrorOnly,
        };
        write::pgn(&self.report, comments, self.lang)
    }
}

#[pymethods]
impl Report {
    /// The game as a dict, equal to the game's object in `planilla check --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.json_text()?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The game as JSON text, as `planilla check --json` writes its object.
    fn to_json(&self) -> PyResult<String> {
        self.json_text()
    }

    /// The game as PGN, as `planilla convert` writes it (up to its first error, which is a
    /// comment there); with `diagnostics`, every diagnostic is a comment.
    #[pyo3(signature = (diagnostics = false))]
    fn to_pgn(&self, diagnostics: bool) -> String {
        self.pgn(diagnostics)
    }

    /// The game as a `chess.pgn.Game` of python-chess (which must be installed), read from
    /// `to_pgn()`.
    fn to_chess_game<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pgn = self.pgn(false);
        let chess_pgn = py.import("chess.pgn")?;
        let buffer = py.import("io")?.call_method1("StringIO", (pgn,))?;
        chess_pgn.call_method1("read_game", (buffer,))
    }

    fn __repr__(&self) -> String {
        let errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == "error")
            .count();
        format!(
            "<Report game {}: {}, {} plies, {} errors>",
            self.index,
            if self.valid { "valid" } else { "invalid" },
            self.moves.len(),
            errors
        )
    }
}

/// The reports of a file's games, read one game at a time (`check_file`).
#[pyclass(module = "planilla")]
struct ReportIterator {
    reports: Mutex<StreamReports<BufReader<File>>>,
    lang: MessageLanguage,
    path: PathBuf,
}

#[pymethods]
impl ReportIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Report>> {
        let next = py.detach(|| match self.reports.lock() {
            Ok(mut reports) => Ok(reports.next()),
            Err(_) => Err(PyValueError::new_err("a previous read panicked")),
        })?;
        match next {
            None => Ok(None),
            Some(Err(e)) => Err(os_error(&e, &self.path)),
            Some(Ok(s)) => Ok(Some(Report::new(s.report, s.offset, s.line, self.lang))),
        }
    }
}

/// An `OSError` of the subclass its errno calls for (`FileNotFoundError`, …), naming the file.
fn os_error(e: &std::io::Error, path: &std::path::Path) -> PyErr {
    let shown = path.display().to_string();
    match e.raw_os_error() {
        Some(errno) => {
            let message = e.to_string();
            let message = message
                .strip_suffix(&format!(" (os error {errno})"))
                .unwrap_or(&message)
                .to_owned();
            PyOSError::new_err((errno, message, shown))
        }
        None => PyOSError::new_err(format!("{shown}: {e}")),
    }
}

/// Checks every game of `text`, as `planilla check` does.
///
/// `lang` gives the sheet's piece letters (`es`, `en`, `fr`, `de`, `it`, `pt`, `nl`, `ca`);
/// `edition` the Laws' edition (2005, 2018 or 2023); `lenient` reads both letter cases;
/// `messages` is the messages' language (`es`, `en`); `notation` is `algebraic`,
/// `descriptive` or `auto`; `fen` a starting position. `text` is a `str`, or `bytes` as read
/// from a file. Spans are byte offsets into the UTF-8 text (`text.encode()[start:end]`).
/// Raises ValueError for a bad setting and FenError (a ValueError) for a bad FEN.
#[pyfunction]
#[pyo3(signature = (text, *, lang = "es", edition = 2023, lenient = false, messages = "es",
                    notation = "auto", fen = None))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    lang: &str,
    edition: u16,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
) -> PyResult<Vec<Report>> {
    let options = options(lang, edition, lenient, messages, notation, fen)?;
    // A `str`, or `bytes` as read from a file (not checked as UTF-8 first: invalid UTF-8 is a
    // syntax error in the game that holds it, as in `planilla check`).
    let bytes: &[u8] = match text.extract::<&str>() {
        Ok(s) => s.as_bytes(),
        Err(_) => text
            .extract::<&[u8]>()
            .map_err(|_| pyo3::exceptions::PyTypeError::new_err("text: expected str or bytes"))?,
    };
    py.detach(|| {
        check_reader(bytes, &options)
            .map(|item| {
                let s = item.map_err(PyErr::from)?;
                Ok(Report::new(s.report, s.offset, s.line, options.messages))
            })
            .collect()
    })
}

/// The reports of every game of the file at `path`, as an iterator that reads one game at a
/// time: memory stays constant whatever the file's size. Keyword arguments as for `check`.
/// Raises OSError (FileNotFoundError, …) when the file cannot be opened or read.
#[pyfunction]
#[pyo3(signature = (path, *, lang = "es", edition = 2023, lenient = false, messages = "es",
                    notation = "auto", fen = None))]
#[allow(clippy::too_many_arguments)]
fn check_file(
    path: PathBuf,
    lang: &str,
    edition: u16,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
) -> PyResult<ReportIterator> {
    let options = options(lang, edition, lenient, messages, notation, fen)?;
    if path.is_dir() {
        let shown = path.display().to_string();
        return Err(PyIsADirectoryError::new_err((21, "Is a directory", shown)));
    }
    let file = File::open(&path).map_err(|e| os_error(&e, &path))?;
    Ok(ReportIterator {
        reports: Mutex::new(check_reader(BufReader::new(file), &options)),
        lang: options.messages,
        path,
    })
}

/// Converts the games of `text` as `planilla convert --to TO` does: `pgn` (the default), `es`
/// or `figurine` (a scoresheet), `json`, `descriptiva` or `descriptive`. A game is written up
/// to its first error. With `diagnostics`, PGN carries every diagnostic as a comment.
/// Keyword arguments as for `check`.
#[pyfunction]
#[pyo3(signature = (text, to = "pgn", *, diagnostics = false, lang = "es", edition = 2023,
                    lenient = false, messages = "es", notation = "auto", fen = None))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    text: &str,
    to: &str,
    diagnostics: bool,
    lang: &str,
    edition: u16,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
) -> PyResult<String> {
    let format: Format = setting("to", to)?;
    let options = options(lang, edition, lenient, messages, notation, fen)?;
    let job = Job::Convert {
        text,
        options,
        to: format,
        diagnostics,
        reconstruct: false,
    };
    match py.detach(|| job::run(&job)) {
        Ok(job::Output::Text(text)) => Ok(text),
        Ok(_) => Err(PyValueError::new_err(
            "convert: the job gave another kind of output",
        )),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

/// Decodes a handwriting recognizer's candidates for each box of one sheet into the most
/// probable legal game, as one line of `planilla decode --json` does, and returns the same
/// object as a dict: `san`, `chosen`, `log_probability`, `repairs`, `sources`, `margins`,
/// `doubtful`, `alternatives`, `from_candidates`, `proven`.
///
/// `sheet` is the line's JSON text, or the same as Python objects: a list of cells (a cell a
/// list of `[text, probability]` pairs, best first; an empty list a blank box), or a dict
/// `{"cells": [...], "fen": ..., "lang": ..., "answered": [...]}` (`answered`: the plies, from
/// 1, whose one candidate is the user's answer, which the decoder repairs last). `lang` and
/// `fen` are the defaults a dict may override. Raises `ValueError` where the command line exits with 2 (malformed input, a
/// probability that is not a finite number ≥ 0, too many cells or candidates).
#[pyfunction]
#[pyo3(signature = (sheet, *, lang = "es", fen = None, alternatives = 8))]
fn decode<'py>(
    py: Python<'py>,
    sheet: &Bound<'py, PyAny>,
    lang: &str,
    fen: Option<&str>,
    alternatives: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let line: String = match sheet.extract::<String>() {
        Ok(text) => text,
        Err(_) => py
            .import("json")?
            .call_method1("dumps", (sheet,))?
            .extract()?,
    };
    let options = options(lang, 2023, false, "es", "auto", None)?;
    let start = match fen {
        Some(fen) => position(fen)?,
        None => Position::default(),
    };
    let limits = planilla::reconstruct::Limits::default().with_max_alternatives(alternatives);
    let text = py
        .detach(|| {
            let (found, _) = jobs::decode_line(line.trim(), start, &options, &limits)?;
            serde_json::to_string(&found).map_err(|e| e.to_string())
        })
        .map_err(PyValueError::new_err)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A ruling on a sealed move (Appendix A8 (2005); Guidelines I.8 (2023)).
#[pyclass(frozen, get_all, module = "planilla")]
struct Ruling {
    /// `"valid"`, `"ambiguous"`, `"unreadable"` or `"illegal"`.
    verdict: String,
    /// `"continue"`, `"loss"`, `"draw"` or `"refer"` (to the arbiter).
    consequence: String,
    /// The draw's exception (`opponent-cannot-mate`, `dead-position`, …), if any.
    exception: Option<String>,
    /// The verdict's article.
    rule: String,
    /// The consequence's article.
    consequence_rule: Option<String>,
    /// The verdict, in words.
    message: String,
    /// The consequence, in words.
    consequence_message: String,
    /// The move played, when valid: its SAN.
    san: Option<String>,
    /// The move played, when valid: in the sheet's letters.
    written: Option<String>,
    /// The move played, when valid: in UCI.
    uci: Option<String>,
    /// The candidates of an ambiguous move.
    candidates: Vec<NamedMove>,
    /// The legal moves closest to the writing (for the arbiter only).
    suggestions: Vec<NamedMove>,
    /// Whether the opponent can still checkmate the sealer (None: not determined).
    opponent_can_mate: Option<bool>,
    /// Whether the position is dead (None: not determined).
    dead_position: Option<bool>,
    /// `"white"` or `"black"`.
    sealer: String,
    /// The position before the sealed move, as FEN.
    fen: String,
    /// The ruling as `planilla sealed` prints it.
    text: String,
    /// The ruling as `planilla sealed --json` writes it.
    json: String,
}

#[pymethods]
impl Ruling {
    /// The ruling as a dict, equal to `planilla sealed --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.json.as_str(),))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Ruling {} → {}>", self.verdict, self.consequence)
    }
}

/// Rules on a sealed move as `planilla sealed` does: the move as written (`Cd2`, `41...Cd2`),
/// and the position from `fen`, or from the scoresheet text `game` before its ply `ply` (from
/// 1; the move then defaults to the one written there). `effort` is `material`, `fast` or
/// `full`; `time_limit` bounds, in seconds, the question "can the opponent still checkmate?".
/// Raises FenError for a bad FEN and ValueError for a sheet that gives no position.
#[pyfunction]
#[pyo3(signature = (r#move = None, *, fen = None, game = None, ply = None, lang = "es",
                    edition = 2023, lenient = false, messages = "es", notation = "auto",
                    effort = "full", time_limit = 10.0))]
#[allow(clippy::too_many_arguments)]
fn sealed(
    py: Python<'_>,
    r#move: Option<&str>,
    fen: Option<&str>,
    game: Option<&str>,
    ply: Option<u32>,
    lang: &str,
    edition: u16,
    lenient: bool,
    messages: &str,
    notation: &str,
    effort: &str,
    time_limit: f64,
) -> PyResult<Ruling> {
    let options = options(lang, edition, lenient, messages, notation, None)?;
    let source = match (fen, game, ply) {
        (Some(fen), None, None) => {
            position(fen)?;
            EnvelopeSource::Fen(fen)
        }
        (None, Some(text), Some(ply)) => EnvelopeSource::Game { text, ply },
        _ => {
            return Err(PyValueError::new_err(
                "give fen=, or game= with ply= (and not both)",
            ));
        }
    };
    let effort = match effort {
        "material" => Effort::Material,
        "fast" => Effort::Fast,
        "full" => Effort::Full,
        other => {
            return Err(PyValueError::new_err(format!(
                "effort: {other:?} is none of material, fast and full"
            )));
        }
    };
    let time_limit = Duration::try_from_secs_f64(time_limit)
        .map_err(|e| PyValueError::new_err(format!("time_limit: {e}")))?;
    let job = Job::Sealed {
        source,
        written: r#move,
        options,
        effort,
        time_limit,
    };
    let (ruled, view) = match py.detach(|| job::run(&job)) {
        Ok(job::Output::Sealed(ruled, view)) => (ruled, view),
        Ok(_) => {
            return Err(PyValueError::new_err(
                "sealed: the job gave another kind of output",
            ));
        }
        Err(e) => return Err(PyValueError::new_err(e.to_string())),
    };
    let json = serde_json::to_string(&view).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let named = |v: &[NamedMoveJson]| v.iter().map(NamedMove::from).collect();
    Ok(Ruling {
        verdict: view.verdict.code().to_owned(),
        consequence: view.consequence.code().to_owned(),
        exception: view.exception.map(|e| e.code().to_owned()),
        rule: view.rule.clone(),
        consequence_rule: view.consequence_rule.clone(),
        message: view.message.clone(),
        consequence_message: view.consequence_message.clone(),
        san: view.san.clone(),
        written: view.written.clone(),
        uci: view.uci.clone(),
        candidates: named(&view.candidates),
        suggestions: named(&view.suggestions),
        opponent_can_mate: view.opponent_can_mate,
        dead_position: view.dead_position,
        sealer: view.sealer.name().to_owned(),
        fen: view.fen.clone(),
        text: write::sealed_text(&ruled.ruling, &ruled.position, options.messages),
        json,
    })
}

/// Reads chess scoresheets in Spanish algebraic notation (FIDE Appendix E/C), checks every
/// move against the rules, rules on sealed moves and converts them to SAN/PGN.
#[pymodule]
fn _planilla(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_file, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(sealed, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_class::<Report>()?;
    m.add_class::<Variation>()?;
    m.add_class::<ReportIterator>()?;
    m.add_class::<Move>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<NamedMove>()?;
    m.add_class::<Ruling>()?;
    m.add("FenError", m.py().get_type::<FenError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
