//! The Python package `planilla`, built with pyo3 and maturin (`pip install planilla`).
//!
//! This crate is the extension module `planilla._planilla`; the Python package
//! (`python/planilla/`) re-exports it and carries its type stubs. It stays thin: every
//! decision is the library's, and every output is the command line's, through the jobs the
//! command line itself runs (`planilla_app::jobs`). So `check(text)[i].to_dict()` is game `i`
//! of `planilla check --json`, and `convert(text, to=…)` is `planilla convert --to …`.
//!
//! A report is cheap: it keeps the game's summary (its result, validity, tags) and a share of
//! the piece of input text that holds it; its moves, diagnostics and variations are read
//! again from that text the first time they are asked for, then kept. The GIL is released
//! while games are checked.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::{BTreeMap, VecDeque};
use std::ffi::CString;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::{
    PyIsADirectoryError, PyOSError, PyTypeError, PyUnicodeDecodeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBool, PyBytes, PyDict, PyInt, PyList, PyMappingProxy, PyString, PyTuple, PyType,
};

use planilla::Position;
use planilla::check::{CheckOptions, GameReport, check_chunk};
use planilla::laws::winnability::Effort;
use planilla::scoresheet::{Chunk, Outcome, StreamGames, Termination};
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

/// An integer argument as Python gave it: a `TypeError` when it is no `int` (or is a `bool`),
/// a `ValueError` (never an `OverflowError`) that names the argument when it is out of range.
#[derive(Clone)]
enum Whole {
    /// An integer that fits 128 bits.
    Int(i128),
    /// A larger one, as Python writes it.
    Huge(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
            let kind = obj.get_type().name()?;
            return Err(PyTypeError::new_err(format!("expected an int, got {kind}")));
        }
        Ok(match obj.extract::<i128>() {
            Ok(value) => Whole::Int(value),
            Err(_) => Whole::Huge(obj.str().map(|s| s.to_string()).unwrap_or_default()),
        })
    }
}

impl Whole {
    /// The value as `T`, or a `ValueError` that names the argument and what it may be.
    fn to<T: TryFrom<i128>>(&self, name: &str, allowed: &str) -> PyResult<T> {
        let refused = |shown: &dyn std::fmt::Display| {
            PyValueError::new_err(format!("{name}: {shown} is not {allowed}"))
        };
        match self {
            Whole::Int(value) => T::try_from(*value).map_err(|_| refused(value)),
            Whole::Huge(shown) => Err(refused(shown)),
        }
    }
}

/// The settings of a call, as given: kept with the reports, to read a game again and to
/// pickle it.
#[derive(Clone, PartialEq)]
struct Settings {
    lang: String,
    edition: u16,
    lenient: bool,
    messages: String,
    notation: String,
    fen: Option<String>,
    /// The library's options they make.
    options: CheckOptions,
}

/// The settings as a pickle holds them.
type SettingsState = (String, u16, bool, String, String, Option<String>);

impl Settings {
    fn new(
        lang: &str,
        edition: Whole,
        lenient: bool,
        messages: &str,
        notation: &str,
        fen: Option<&str>,
    ) -> PyResult<Settings> {
        let edition: u16 = edition.to("edition", "2005, 2018 or 2023")?;
        let settings = SheetSettings {
            letters: setting("lang", lang)?,
            edition,
            lenient,
            messages: setting("messages", messages)?,
            notation: setting("notation", notation)?,
        };
        if planilla::Edition::from_year(edition).is_none() {
            return Err(PyValueError::new_err(format!(
                "edition: {edition} is not 2005, 2018 or 2023"
            )));
        }
        let mut options = settings.check_options().map_err(PyValueError::new_err)?;
        if let Some(fen) = fen {
            options.start = Some(position(fen)?);
        }
        Ok(Settings {
            lang: lang.to_owned(),
            edition,
            lenient,
            messages: messages.to_owned(),
            notation: notation.to_owned(),
            fen: fen.map(str::to_owned),
            options,
        })
    }

    fn state(&self) -> SettingsState {
        (
            self.lang.clone(),
            self.edition,
            self.lenient,
            self.messages.clone(),
            self.notation.clone(),
            self.fen.clone(),
        )
    }

    fn from_state(s: SettingsState) -> PyResult<Settings> {
        Settings::new(
            &s.0,
            Whole::Int(i128::from(s.1)),
            s.2,
            &s.3,
            &s.4,
            s.5.as_deref(),
        )
    }
}

fn position(fen: &str) -> PyResult<Position> {
    Position::from_fen(fen).map_err(|e| FenError::new_err(format!("fen: {e}")))
}

// ---------------------------------------------------------------------------------------
// Encodings
// ---------------------------------------------------------------------------------------

/// The encodings bytes and files are read in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Encoding {
    Utf8,
    Latin1,
    Cp1252,
}

impl Encoding {
    /// The encoding a name gives, by Python's own names and aliases (`codecs.lookup`):
    /// `LookupError` for no codec, `ValueError` for a codec the package does not read.
    fn named(py: Python<'_>, name: &str) -> PyResult<Encoding> {
        let codec = py.import("codecs")?.call_method1("lookup", (name,))?;
        let canonical: String = codec.getattr("name")?.extract()?;
        match canonical.as_str() {
            "utf-8" => Ok(Encoding::Utf8),
            "iso8859-1" | "latin-1" => Ok(Encoding::Latin1),
            "cp1252" => Ok(Encoding::Cp1252),
            other => Err(PyValueError::new_err(format!(
                "encoding: {other} is not read; use utf-8, latin-1 or cp1252"
            ))),
        }
    }

    /// Python's name of the codec, as a `UnicodeDecodeError` gives it.
    fn codec(self) -> &'static std::ffi::CStr {
        match self {
            Encoding::Utf8 => c"utf-8",
            Encoding::Latin1 => c"latin-1",
            Encoding::Cp1252 => c"cp1252",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Latin1 => "latin-1",
            Encoding::Cp1252 => "cp1252",
        }
    }
}

/// Bytes that do not decode: where, which, and why, in the words of Python's codecs.
#[derive(Debug)]
struct DecodeFailure {
    encoding: Encoding,
    /// The offset of the first bad byte in the whole input.
    offset: u64,
    /// The bad bytes.
    bytes: Vec<u8>,
    reason: &'static str,
}

impl std::fmt::Display for DecodeFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' codec can't decode byte 0x{:02x} at offset {}: {}",
            self.encoding.name(),
            self.bytes.first().copied().unwrap_or(0),
            self.offset,
            self.reason
        )
    }
}

impl std::error::Error for DecodeFailure {}

impl DecodeFailure {
    /// The bytes of `input` that are not UTF-8, `input` starting at `offset` in the whole.
    fn utf8(input: &[u8], e: std::str::Utf8Error, offset: u64) -> DecodeFailure {
        let start = e.valid_up_to();
        let (end, reason) = match e.error_len() {
            Some(n) => {
                let lead = input[start];
                let reason = if (0xc2..=0xf4).contains(&lead) {
                    "invalid continuation byte"
                } else {
                    "invalid start byte"
                };
                (start + n, reason)
            }
            None => (input.len(), "unexpected end of data"),
        };
        DecodeFailure {
            encoding: Encoding::Utf8,
            offset: offset + start as u64,
            bytes: input[start..end].to_vec(),
            reason,
        }
    }

    /// The `UnicodeDecodeError` of bytes held in memory (`input` is the whole): its object is
    /// the input and its position the offset, as `input.decode(encoding)` raises it.
    fn in_memory(&self, py: Python<'_>, input: &[u8]) -> PyErr {
        let start = usize::try_from(self.offset).unwrap_or(input.len());
        let end = (start + self.bytes.len()).min(input.len());
        let reason = CString::new(self.reason).unwrap_or_default();
        match PyUnicodeDecodeError::new(py, self.encoding.codec(), input, start..end, &reason) {
            Ok(e) => PyErr::from_value(e.into_any()),
            Err(e) => e,
        }
    }

    /// The `UnicodeDecodeError` of a file's bytes: its object is the bad bytes, and its
    /// reason names their offset in the file and the file.
    fn in_file(&self, py: Python<'_>, path: &Path) -> PyErr {
        let reason = format!(
            "{}, at byte offset {} of {}",
            self.reason,
            self.offset,
            path.display()
        );
        let reason = CString::new(reason.replace('\0', "")).unwrap_or_default();
        match PyUnicodeDecodeError::new(
            py,
            self.encoding.codec(),
            &self.bytes,
            0..self.bytes.len(),
            &reason,
        ) {
            Ok(e) => PyErr::from_value(e.into_any()),
            Err(e) => e,
        }
    }
}

/// The five bytes Python's `cp1252` codec leaves undefined (WHATWG's windows-1252, which
/// encoding_rs follows, maps them to C1 controls).
const CP1252_UNDEFINED: [u8; 5] = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

/// Appends `input` (at `offset` in the whole) decoded from a single-byte encoding to `out`,
/// as UTF-8.
fn decode_single_byte(
    encoding: Encoding,
    input: &[u8],
    offset: u64,
    out: &mut Vec<u8>,
) -> Result<(), DecodeFailure> {
    match encoding {
        Encoding::Utf8 => out.extend_from_slice(input),
        Encoding::Latin1 => {
            for &b in input {
                let mut buf = [0; 2];
                out.extend_from_slice(char::from(b).encode_utf8(&mut buf).as_bytes());
            }
        }
        Encoding::Cp1252 => {
            if let Some(at) = input.iter().position(|b| CP1252_UNDEFINED.contains(b)) {
                return Err(DecodeFailure {
                    encoding,
                    offset: offset + at as u64,
                    bytes: vec![input[at]],
                    reason: "character maps to <undefined>",
                });
            }
            let mut decoder = encoding_rs::WINDOWS_1252.new_decoder_without_bom_handling();
            let needed = decoder
                .max_utf8_buffer_length_without_replacement(input.len())
                .unwrap_or(input.len() * 3);
            let start = out.len();
            out.resize(start + needed, 0);
            let (_, _, written) =
                decoder.decode_to_utf8_without_replacement(input, &mut out[start..], true);
            out.truncate(start + written);
        }
    }
    Ok(())
}

/// Bytes held in memory as UTF-8 text: borrowed when they are UTF-8, decoded otherwise.
fn decode_bytes(
    encoding: Encoding,
    input: &[u8],
) -> Result<std::borrow::Cow<'_, str>, DecodeFailure> {
    if encoding == Encoding::Utf8 {
        return std::str::from_utf8(input)
            .map(std::borrow::Cow::Borrowed)
            .map_err(|e| DecodeFailure::utf8(input, e, 0));
    }
    let mut out = Vec::with_capacity(input.len() + input.len() / 8);
    decode_single_byte(encoding, input, 0, &mut out)?;
    String::from_utf8(out)
        .map(std::borrow::Cow::Owned)
        .map_err(|e| DecodeFailure::utf8(input, e.utf8_error(), 0))
}

/// A reader that decodes a single-byte encoding to UTF-8 as it reads (UTF-8 passes through,
/// and is checked a piece at a time).
struct Decoding<R> {
    inner: R,
    encoding: Encoding,
    out: Vec<u8>,
    at: usize,
    /// How many bytes of the inner reader were decoded.
    read: u64,
}

impl<R: BufRead> Read for Decoding<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Decoding<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.encoding == Encoding::Utf8 {
            return self.inner.fill_buf();
        }
        if self.at >= self.out.len() {
            self.out.clear();
            self.at = 0;
            let input = self.inner.fill_buf()?;
            let n = input.len();
            decode_single_byte(self.encoding, input, self.read, &mut self.out)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
            self.inner.consume(n);
            self.read += n as u64;
        }
        Ok(&self.out[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        if self.encoding == Encoding::Utf8 {
            self.inner.consume(amount);
        } else {
            self.at = (self.at + amount).min(self.out.len());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Offsets
// ---------------------------------------------------------------------------------------

/// How many characters UTF-8 bytes hold (a character cut short counts where it starts).
fn count_chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| (b & 0xc0) != 0x80).count() as u64
}

/// The units spans count in, and where each piece of the input starts in them.
struct Tracker {
    /// Characters (a `str`, or bytes in a single-byte encoding, whose bytes are characters);
    /// else bytes of UTF-8.
    chars: bool,
    /// The units up to `end`.
    units: u64,
    /// The byte (of the input as UTF-8) after the last piece.
    end: u64,
}

impl Tracker {
    fn new(chars: bool) -> Tracker {
        Tracker {
            chars,
            units: 0,
            end: 0,
        }
    }

    /// Where `chunk` starts, in units. `whole` is the whole input as UTF-8 when it is in
    /// memory; else the bytes between pieces (blank lines, and the rest of a game past the
    /// size limit) count one unit a byte.
    fn start(&mut self, chunk: &Chunk, whole: Option<&[u8]>) -> u64 {
        if !self.chars {
            return chunk.offset;
        }
        let gap = match whole.and_then(|w| w.get(self.end as usize..chunk.offset as usize)) {
            Some(between) => count_chars(between),
            None => chunk.offset.saturating_sub(self.end),
        };
        let start = self.units + gap;
        self.units = start + count_chars(&chunk.text);
        self.end = chunk.offset + chunk.text.len() as u64;
        start
    }
}

/// The spans of one game in the units of its input, read in order.
struct Units<'a> {
    text: &'a [u8],
    chars: bool,
    /// Where the piece starts, in units.
    start: u64,
    /// Where the piece starts, in bytes.
    offset: u64,
    at: usize,
    count: u64,
}

impl<'a> Units<'a> {
    fn new(piece: &'a Piece) -> Units<'a> {
        Units {
            text: &piece.text,
            chars: piece.chars,
            start: piece.units,
            offset: piece.offset,
            at: 0,
            count: 0,
        }
    }

    /// A byte offset of the piece in units of the input.
    fn unit(&mut self, byte: u32) -> u64 {
        if !self.chars {
            return self.offset.saturating_add(u64::from(byte));
        }
        let byte = byte as usize;
        if byte < self.at {
            self.at = 0;
            self.count = 0;
        }
        let upto = byte.min(self.text.len());
        self.count += count_chars(&self.text[self.at..upto]);
        self.at = upto;
        self.start
            .saturating_add(self.count)
            .saturating_add((byte - upto) as u64)
    }

    /// A span of the piece: in units of the input, and in bytes of the input as UTF-8.
    fn spans(&mut self, span: [u32; 2]) -> ((u64, u64), (u64, u64)) {
        let bytes = (
            self.offset.saturating_add(u64::from(span[0])),
            self.offset.saturating_add(u64::from(span[1])),
        );
        ((self.unit(span[0]), self.unit(span[1])), bytes)
    }
}

// ---------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------

/// A tuple of `items`, each made a Python object.
fn tuple_of<'py, T: Clone + IntoPyObject<'py>>(
    py: Python<'py>,
    items: &[T],
) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, items.iter().cloned())
}

/// `cls._from_json(json)`, which `__reduce__` gives pickle.
fn reduce_json<'py, T: serde::Serialize>(
    cls: Bound<'py, PyType>,
    value: &T,
) -> PyResult<(Bound<'py, PyAny>, (String,))> {
    let json = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((cls.getattr("_from_json")?, (json,)))
}

fn from_json<T: serde::de::DeserializeOwned>(json: &str) -> PyResult<T> {
    serde_json::from_str(json).map_err(|e| PyValueError::new_err(format!("state: {e}")))
}

/// A legal move named three ways: standard SAN, the sheet's letters, and UCI.
///
/// Compares and hashes by value; pickles.
#[pyclass(frozen, eq, hash, get_all, module = "planilla")]
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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

    /// Pickles the move as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(slf.get_type(), slf.get())
    }

    /// The move a pickle holds.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, json: &str) -> PyResult<NamedMove> {
        from_json(json)
    }
}

/// One ply read from the sheet.
///
/// Compares and hashes by value; pickles. Its FEN is written when asked for.
#[pyclass(frozen, eq, hash, module = "planilla")]
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct Move {
    /// The ply, from 1.
    #[pyo3(get)]
    ply: u32,
    /// The move number (Art. 8.1).
    #[pyo3(get)]
    number: u32,
    /// `"white"` or `"black"`.
    #[pyo3(get)]
    color: String,
    /// The text written, as in the input.
    #[pyo3(get)]
    text: String,
    /// Its offsets `(start, end)` in the input: characters of a `str`, bytes of `bytes` or
    /// of a file.
    #[pyo3(get)]
    span: (u64, u64),
    /// Its byte offsets `(start, end)` in the input as UTF-8 (`planilla check --json`'s).
    #[pyo3(get)]
    byte_span: (u64, u64),
    /// Standard SAN.
    #[pyo3(get)]
    san: String,
    /// The move in the game's letters, in the canonical form.
    #[pyo3(get)]
    written: String,
    /// UCI.
    #[pyo3(get)]
    uci: String,
    /// The position after the move.
    after: Position,
}

#[pymethods]
impl Move {
    /// The FEN after the move.
    #[getter]
    fn fen(&self) -> String {
        self.after.to_fen()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}: {} = {}>", self.ply, self.text, self.san)
    }

    /// Pickles the move as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(slf.get_type(), slf.get())
    }

    /// The move a pickle holds.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, json: &str) -> PyResult<Move> {
        from_json(json)
    }
}

/// One diagnostic: an error, a warning or a note, at its characters, with its article.
///
/// Compares and hashes by value; pickles.
#[pyclass(frozen, eq, hash, module = "planilla")]
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct Diagnostic {
    /// The stable code (`illegal-move`, `missing-capture-mark`, …).
    #[pyo3(get)]
    code: String,
    /// `"error"`, `"warning"` or `"note"`.
    #[pyo3(get)]
    severity: String,
    /// The ply it concerns, from 1.
    #[pyo3(get)]
    ply: Option<u32>,
    /// Its offsets `(start, end)` in the input: characters of a `str`, bytes of `bytes` or
    /// of a file.
    #[pyo3(get)]
    span: (u64, u64),
    /// Its byte offsets `(start, end)` in the input as UTF-8 (`planilla check --json`'s).
    #[pyo3(get)]
    byte_span: (u64, u64),
    /// The message, headed by the move number and the writing.
    #[pyo3(get)]
    message: String,
    /// The article of the Laws, as `C.10 (2023)`.
    #[pyo3(get)]
    rule: Option<String>,
    candidates: Vec<NamedMove>,
    suggestions: Vec<NamedMove>,
}

#[pymethods]
impl Diagnostic {
    /// The candidates of an ambiguous or incomplete move; for a guess, the move it read (a
    /// tuple).
    #[getter]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        tuple_of(py, &self.candidates)
    }

    /// The legal moves closest to the writing, closest first (a tuple).
    #[getter]
    fn suggestions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        tuple_of(py, &self.suggestions)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {}[{}]: {}>",
            self.severity, self.code, self.message
        )
    }

    /// Pickles the diagnostic as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(slf.get_type(), slf.get())
    }

    /// The diagnostic a pickle holds.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, json: &str) -> PyResult<Diagnostic> {
        from_json(json)
    }
}

/// A variation: a line printed instead of one of the game's moves (a PGN RAV, a sheet's or a
/// book's parenthesised line), read from the position before that move.
///
/// Compares and hashes by value; pickles.
#[pyclass(frozen, eq, hash, module = "planilla")]
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct Variation {
    /// The ply of the game's move it is an alternative to, from 1 (one more than the game's
    /// last ply: a line printed after the game's end).
    #[pyo3(get)]
    ply: u32,
    moves: Vec<String>,
    /// Its offsets `(start, end)` in the input, from its first move to its last: characters
    /// of a `str`, bytes of `bytes` or of a file.
    #[pyo3(get)]
    span: (u64, u64),
    /// Its byte offsets `(start, end)` in the input as UTF-8 (`planilla check --json`'s).
    #[pyo3(get)]
    byte_span: (u64, u64),
    variations: Vec<Variation>,
}

impl Variation {
    fn new(v: &write::VariationJson, units: &mut Units<'_>) -> Variation {
        let (span, byte_span) = units.spans(v.span);
        Variation {
            ply: v.ply,
            moves: v.moves.clone(),
            span,
            byte_span,
            variations: v
                .variations
                .iter()
                .map(|w| Variation::new(w, units))
                .collect(),
        }
    }
}

#[pymethods]
impl Variation {
    /// Its moves in SAN, with their check or mate suffix (a tuple).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        tuple_of(py, &self.moves)
    }

    /// The variations inside it, their `ply` on the game's count (a tuple).
    #[getter]
    fn variations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        tuple_of(py, &self.variations)
    }

    fn __repr__(&self) -> String {
        format!("<Variation at ply {}: {}>", self.ply, self.moves.join(" "))
    }

    /// Pickles the variation as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(slf.get_type(), slf.get())
    }

    /// The variation a pickle holds.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, json: &str) -> PyResult<Variation> {
        from_json(json)
    }
}

// ---------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------

/// A piece of the input that holds whole games (one game, or a run of games with no headers
/// between them): the reports of its games share it, and read their games again from it.
struct Piece {
    /// Its text, as UTF-8.
    text: Box<[u8]>,
    /// Its byte offset in the input as UTF-8.
    offset: u64,
    /// The line (from 1) of the input on which it starts.
    line: u64,
    /// The bytes past the size limit of one game that were skipped after it.
    skipped: u64,
    /// Where it starts in the units of spans.
    units: u64,
    /// Whether spans count characters (else bytes).
    chars: bool,
    settings: Arc<Settings>,
    /// The object its reports pickle it as, made once, so that the reports of one piece
    /// pickled together share one copy of it, and are read again together on load.
    pickled: PyOnceLock<Py<PickledPiece>>,
}

impl Piece {
    fn chunk(&self) -> Chunk {
        Chunk {
            text: self.text.to_vec(),
            offset: self.offset,
            line: self.line,
            skipped: self.skipped,
        }
    }
}

/// A piece of input as a pickle holds it: the reports of one piece pickled together refer to
/// one such object, so that loading reads the piece's games once for all of them.
#[pyclass(frozen, module = "planilla", name = "_Piece")]
struct PickledPiece {
    /// The piece, while it is being loaded (a loaded piece is kept by its reports after).
    loaded: Option<Arc<Piece>>,
    /// The piece being pickled (held by its reports, which hold this object in turn).
    pickled: Weak<Piece>,
}

impl PickledPiece {
    fn piece(&self) -> PyResult<Arc<Piece>> {
        self.loaded
            .clone()
            .or_else(|| self.pickled.upgrade())
            .ok_or_else(|| PyValueError::new_err("the piece of text has no report left"))
    }
}

/// A pickled piece of input: its text, where it is, and the settings it is read with.
type PieceState<'py> = (
    Bound<'py, PyBytes>,
    (u64, u64, u64, u64, bool),
    SettingsState,
);

#[pymethods]
impl PickledPiece {
    /// Pickles the piece as its text, where it is, and its settings.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, PieceState<'py>)> {
        let py = slf.py();
        let piece = slf.get().piece()?;
        let place = (
            piece.offset,
            piece.line,
            piece.skipped,
            piece.units,
            piece.chars,
        );
        Ok((
            slf.get_type().getattr("_from_state")?,
            (PyBytes::new(py, &piece.text), place, piece.settings.state()),
        ))
    }

    /// The piece a pickle holds.
    #[classmethod]
    fn _from_state(
        _cls: &Bound<'_, PyType>,
        text: &[u8],
        place: (u64, u64, u64, u64, bool),
        settings: SettingsState,
    ) -> PyResult<PickledPiece> {
        let settings = Arc::new(Settings::from_state(settings)?);
        if std::str::from_utf8(text).is_err() {
            return Err(PyValueError::new_err("state: the text is not UTF-8"));
        }
        let (offset, line, skipped, units, chars) = place;
        Ok(PickledPiece {
            loaded: Some(Arc::new(Piece {
                text: text.into(),
                offset,
                line,
                skipped,
                units,
                chars,
                settings,
                pickled: PyOnceLock::new(),
            })),
            pickled: Weak::new(),
        })
    }
}

/// How many pieces' reports each thread keeps: enough for a loop that walks a few lists of
/// reports side by side (or a report and its pickled copy) to read each piece once.
const KEPT_PIECES: usize = 4;

/// The reports of the pieces read last on one thread, newest first: reports are mostly read
/// in order, a piece's games one after another.
type KeptPieces = VecDeque<(Weak<Piece>, Arc<Vec<GameReport>>)>;

thread_local! {
    /// The report `Report::into_object` is making, for `Report::from_pending` to take.
    static PENDING: std::cell::RefCell<Option<Report>> = const { std::cell::RefCell::new(None) };
    static KEPT: std::cell::RefCell<KeptPieces> =
        const { std::cell::RefCell::new(VecDeque::new()) };
}

/// The reports of a piece's games, read again (or kept from one of the last pieces this
/// thread read).
fn reports_of(piece: &Arc<Piece>) -> Arc<Vec<GameReport>> {
    let kept = KEPT.with_borrow_mut(|kept| {
        kept.retain(|(weak, _)| weak.strong_count() > 0);
        let at = kept
            .iter()
            .position(|(weak, _)| std::ptr::eq(weak.as_ptr(), Arc::as_ptr(piece)))?;
        let entry = kept.remove(at)?;
        let reports = Arc::clone(&entry.1);
        kept.push_front(entry);
        Some(reports)
    });
    if let Some(reports) = kept {
        return reports;
    }
    let reports = Arc::new(check_chunk(&piece.chunk(), &piece.settings.options));
    KEPT.with_borrow_mut(|kept| {
        kept.push_front((Arc::downgrade(piece), Arc::clone(&reports)));
        kept.truncate(KEPT_PIECES);
    });
    reports
}

/// What a report's moves, diagnostics and variations are, made when first asked for.
struct Details {
    moves: Py<PyTuple>,
    diagnostics: Py<PyTuple>,
    variations: Py<PyTuple>,
}

/// The part of a game's report kept in Rust: its summary and a share of the input's text.
///
/// Python sees it as the base of `planilla.Report` (see `REPORT_CLASSES`), which keeps the
/// moves, diagnostics and variations, once read, as plain attributes, which Python reads
/// faster than it calls a getter.
/// Reports compare and hash by value (the same game, read the same way, at the same place)
/// and pickle as their game's text and settings, read again on load.
#[pyclass(frozen, eq, hash, subclass, module = "planilla", name = "_ReportBase")]
struct Report {
    piece: Arc<Piece>,
    /// The game's place among the piece's games.
    at: usize,
    /// The game's place in the input, from 0.
    #[pyo3(get)]
    index: usize,
    /// No error diagnostic.
    #[pyo3(get)]
    valid: bool,
    result: Outcome,
    recorded_result: Option<Outcome>,
    board_result: Option<Outcome>,
    /// The starting FEN, when not the initial position.
    #[pyo3(get)]
    start_fen: Option<String>,
    /// The written moves left unread after the first error, that one included.
    #[pyo3(get)]
    unread_moves: usize,
    termination: Option<Termination>,
    errors: usize,
    plies: usize,
    tag_list: Box<[(String, String)]>,
    draw_offer_list: Box<[u32]>,
    tags: PyOnceLock<Py<PyMappingProxy>>,
    draw_offers: PyOnceLock<Py<PyTuple>>,
    details: PyOnceLock<Details>,
}

impl PartialEq for Report {
    fn eq(&self, other: &Report) -> bool {
        let (a, b) = (&*self.piece, &*other.piece);
        self.at == other.at
            && self.index == other.index
            && a.offset == b.offset
            && a.line == b.line
            && a.skipped == b.skipped
            && a.units == b.units
            && a.chars == b.chars
            && a.settings == b.settings
            && a.text == b.text
    }
}

impl Hash for Report {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.index, self.at, self.piece.offset, self.piece.line).hash(state);
        self.result.to_string().hash(state);
    }
}

/// `planilla.Report`, and its subclass for a report whose moves are not read yet.
struct ReportClasses {
    public: Py<PyType>,
    unread: Py<PyType>,
}

/// Made when the module is: see `REPORT_CLASSES_CODE`.
static REPORT_CLASSES: PyOnceLock<ReportClasses> = PyOnceLock::new();

fn report_classes(py: Python<'_>) -> PyResult<&ReportClasses> {
    REPORT_CLASSES
        .get(py)
        .ok_or_else(|| PyTypeError::new_err("planilla's module is not initialised"))
}

/// `planilla.Report` in Python, on the base `_ReportBase`. A report is made as an
/// `_UnreadReport`, whose properties read the moves, diagnostics and variations the first
/// time one is asked for, make the report a plain `Report` and keep the three tuples as
/// instance attributes. CPython reads an instance attribute that no class attribute shadows
/// by a cached index, and calls a getter every time (about 23 ns against 10 ns on 3.11): so
/// `r.moves[i]` in a loop costs 1.1 to 1.8 times a list's index on CPython 3.10 to 3.13 (most
/// runs 1.2 to 1.4) once the moves are read, against 2.2 to 3 times through a getter.
/// `_UnreadReport` adds no slot to `Report`, so that a report may change class.
const REPORT_CLASSES_CODE: &str = r#"
class Report(_ReportBase):
    """One game's report: the moves read, the diagnostics, and the result.

    A report holds its game's summary and a share of the input's text; its moves, diagnostics
    and variations are read again from that text the first time one of them is asked for, and
    kept: each is the same tuple at every access. Reports compare and hash by value (the same
    game, read the same way, at the same place) and pickle as their game's text and settings,
    read again on load. Setting or deleting an attribute raises AttributeError. A report whose
    moves are not read yet is of a private subclass: test reports with
    ``isinstance(r, planilla.Report)``.

    Reading ``moves``, ``diagnostics`` or ``variations`` first raises ValueError when the
    report's text no longer holds its game (a pickle whose state was altered).

    Attributes:
        moves: the plies read, a tuple of ``Move``.
        diagnostics: every diagnostic, in the order of the text, a tuple of ``Diagnostic``.
        variations: the variations printed with the game, in the order of the text (written
            by ``to_pgn()`` as RAV), a tuple of ``Variation``.
    """

    # Annotations only: a class attribute of these names would keep CPython 3.12 and later
    # from reading the instance's attribute by its cached index.
    moves: "tuple[Move, ...]"
    diagnostics: "tuple[Diagnostic, ...]"
    variations: "tuple[Variation, ...]"

    def __setattr__(self, name, value):
        raise AttributeError(f"a report's attributes are read-only: {name}")

    def __delattr__(self, name):
        raise AttributeError(f"a report's attributes are read-only: {name}")


def _read(report):
    """Keeps the report's moves, diagnostics and variations as its attributes, and makes it a
    plain Report. A function, not a method: another thread may have made the report a plain
    Report since the property was looked up."""
    moves, diagnostics, variations = report._details()
    # A new dict, not the instance's own: CPython 3.11 makes that one share its keys with the
    # class's other instances, and its cached reads of such a dict always miss. The dict is in
    # place before the class changes, so that another thread never finds a plain Report
    # without its moves.
    object.__setattr__(
        report,
        "__dict__",
        {"moves": moves, "diagnostics": diagnostics, "variations": variations},
    )
    object.__setattr__(report, "__class__", Report)


class _UnreadReport(Report):
    __doc__ = Report.__doc__
    __slots__ = ()

    @property
    def moves(self):
        """The plies read, a tuple of ``Move`` (the same tuple at every access)."""
        _read(self)
        return self.moves

    @property
    def diagnostics(self):
        """Every diagnostic, in the order of the text: a tuple of ``Diagnostic``."""
        _read(self)
        return self.diagnostics

    @property
    def variations(self):
        """The variations printed with the game: a tuple of ``Variation``."""
        _read(self)
        return self.variations
"#;

/// The name tracebacks and `inspect` give `REPORT_CLASSES_CODE`, whose lines `linecache`
/// holds.
const REPORT_CLASSES_FILE: &str = "<planilla: the Report classes>";

/// Runs `REPORT_CLASSES_CODE` in a scope of its own, named `planilla`, with `_ReportBase`.
/// Compiled under `REPORT_CLASSES_FILE`, whose lines `linecache` is given, so that a
/// traceback through a report's properties shows their lines.
fn make_report_classes(py: Python<'_>) -> PyResult<ReportClasses> {
    let builtins = py.import("builtins")?;
    let scope = PyDict::new(py);
    scope.set_item("__name__", "planilla")?;
    scope.set_item("__builtins__", &builtins)?;
    scope.set_item("_ReportBase", py.get_type::<Report>())?;
    let lines: Vec<&str> = REPORT_CLASSES_CODE.split_inclusive('\n').collect();
    let entry = (
        REPORT_CLASSES_CODE.len(),
        py.None(),
        lines,
        REPORT_CLASSES_FILE,
    );
    py.import("linecache")?
        .getattr("cache")?
        .set_item(REPORT_CLASSES_FILE, entry)?;
    let code =
        builtins
            .getattr("compile")?
            .call1((REPORT_CLASSES_CODE, REPORT_CLASSES_FILE, "exec"))?;
    builtins.getattr("exec")?.call1((code, &scope))?;
    let class = |name: &str| -> PyResult<Py<PyType>> {
        let class = scope
            .get_item(name)?
            .ok_or_else(|| PyTypeError::new_err(format!("no class {name}")))?;
        Ok(class.cast_into::<PyType>()?.unbind())
    };
    Ok(ReportClasses {
        public: class("Report")?,
        unread: class("_UnreadReport")?,
    })
}

impl Report {
    /// The report as a Python `planilla.Report` (of its private subclass for a report whose
    /// moves are not read yet).
    fn into_object(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        let unread = report_classes(py)?.unread.bind(py);
        PENDING.with(|pending| *pending.borrow_mut() = Some(self));
        let made = unread.call0();
        // Left there only when the call failed before `from_pending` ran.
        PENDING.with(|pending| pending.borrow_mut().take());
        made
    }
}

/// A pickled report: its piece, and the game's places.
type ReportState<'py> = (Bound<'py, PickledPiece>, usize, usize);

impl Report {
    /// The summary of the game `at` of `piece`, numbered `index`.
    fn new(piece: &Arc<Piece>, at: usize, index: usize, report: &GameReport) -> Report {
        let tags: BTreeMap<String, String> = report
            .tags
            .iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect();
        Report {
            piece: Arc::clone(piece),
            at,
            index,
            valid: report.is_valid(),
            result: report.result(),
            recorded_result: report.recorded_result,
            board_result: report.board_result,
            start_fen: report.start_fen.clone(),
            unread_moves: report.unread_moves,
            termination: report.termination,
            errors: report
                .diagnostics
                .iter()
                .filter(|d| d.severity() == planilla::check::Severity::Error)
                .count(),
            plies: report.moves.len(),
            tag_list: tags.into_iter().collect(),
            draw_offer_list: report.draw_offers.clone().into_boxed_slice(),
            tags: PyOnceLock::new(),
            draw_offers: PyOnceLock::new(),
            details: PyOnceLock::new(),
        }
    }

    /// The reports of a piece of the input, numbered from `index`.
    fn of_chunk(
        chunk: Chunk,
        units: u64,
        chars: bool,
        settings: &Arc<Settings>,
        index: &mut usize,
    ) -> Vec<Report> {
        let reports = check_chunk(&chunk, &settings.options);
        let piece = Arc::new(Piece {
            text: chunk.text.into_boxed_slice(),
            offset: chunk.offset,
            line: chunk.line,
            skipped: chunk.skipped,
            units,
            chars,
            settings: Arc::clone(settings),
            pickled: PyOnceLock::new(),
        });
        reports
            .iter()
            .enumerate()
            .map(|(at, report)| {
                let r = Report::new(&piece, at, *index, report);
                *index += 1;
                r
            })
            .collect()
    }

    /// The game's report, read again from its piece, numbered.
    fn report(&self) -> PyResult<GameReport> {
        let reports = reports_of(&self.piece);
        let mut report = reports
            .get(self.at)
            .cloned()
            .ok_or_else(|| PyValueError::new_err("the report's text holds no such game"))?;
        report.index = self.index;
        Ok(report)
    }

    fn details(&self, py: Python<'_>) -> PyResult<&Details> {
        self.details.get_or_try_init(py, || {
            let piece = Arc::clone(&self.piece);
            let at = self.at;
            let lang = piece.settings.options.messages;
            let (json, afters) = py
                .detach(|| {
                    let reports = reports_of(&piece);
                    let report = reports.get(at)?;
                    let afters: Vec<Position> = report.moves.iter().map(|m| m.after).collect();
                    Some((write::json(report, lang), afters))
                })
                .ok_or_else(|| PyValueError::new_err("the report's text holds no such game"))?;
            let named = |v: &[NamedMoveJson]| v.iter().map(NamedMove::from).collect();
            let mut units = Units::new(&piece);
            let moves: Vec<Move> = json
                .moves
                .into_iter()
                .zip(afters)
                .map(|(m, after)| {
                    let (span, byte_span) = units.spans(m.span);
                    Move {
                        ply: m.ply,
                        number: m.number,
                        color: m.color.name().to_owned(),
                        text: m.text,
                        span,
                        byte_span,
                        san: m.san,
                        written: m.written,
                        uci: m.uci,
                        after,
                    }
                })
                .collect();
            let diagnostics: Vec<Diagnostic> = json
                .diagnostics
                .iter()
                .map(|d| {
                    let (span, byte_span) = units.spans(d.span);
                    Diagnostic {
                        code: d.code.to_string(),
                        severity: d.severity.to_string(),
                        ply: d.ply,
                        span,
                        byte_span,
                        message: d.message.clone(),
                        rule: d.rule.clone(),
                        candidates: named(&d.candidates),
                        suggestions: named(&d.suggestions),
                    }
                })
                .collect();
            let variations: Vec<Variation> = json
                .variations
                .iter()
                .map(|v| Variation::new(v, &mut units))
                .collect();
            Ok::<_, PyErr>(Details {
                moves: PyTuple::new(py, moves)?.unbind(),
                diagnostics: PyTuple::new(py, diagnostics)?.unbind(),
                variations: PyTuple::new(py, variations)?.unbind(),
            })
        })
    }

    /// The game as `planilla check --json` writes it: spans shifted to the input, as the
    /// command line shifts them.
    fn json_text(&self) -> PyResult<String> {
        let mut report = self.report()?;
        report.shift_spans(u32::try_from(self.piece.offset).unwrap_or(u32::MAX));
        serde_json::to_string(&write::json(&report, self.piece.settings.options.messages))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn pgn(&self, diagnostics: bool) -> PyResult<String> {
        let comments = match diagnostics {
            true => write::PgnComments::Diagnostics,
            false => write::PgnComments::ErrorOnly,
        };
        let report = self.report()?;
        Ok(write::pgn(
            &report,
            comments,
            self.piece.settings.options.messages,
        ))
    }
}

#[pymethods]
impl Report {
    /// The result to write (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[getter]
    fn result(&self) -> String {
        self.result.to_string()
    }

    /// The result recorded on the sheet, in PGN form.
    #[getter]
    fn recorded_result(&self) -> Option<String> {
        self.recorded_result.map(|o| o.to_string())
    }

    /// The result the board imposes (checkmate, stalemate, a dead position).
    #[getter]
    fn board_result(&self) -> Option<String> {
        self.board_result.map(|o| o.to_string())
    }

    /// The termination written on the sheet, as the PGN `Termination` tag says it.
    #[getter]
    fn termination(&self) -> Option<&'static str> {
        self.termination.map(|t| t.pgn())
    }

    /// The headers as PGN tags, by name: a read-only mapping (`dict(report.tags)` for a
    /// dict), the same object at every access.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMappingProxy>> {
        let tags = self.tags.get_or_try_init(py, || {
            let dict = PyDict::new(py);
            for (name, value) in &self.tag_list {
                dict.set_item(name, value)?;
            }
            Ok::<_, PyErr>(PyMappingProxy::new(py, dict.as_mapping()).unbind())
        })?;
        Ok(tags.bind(py).clone())
    }

    /// Made only by `Report::into_object`, which leaves the report to make in `PENDING`:
    /// Python code calling the class gets a TypeError.
    #[new]
    fn from_pending() -> PyResult<Report> {
        PENDING.with(|pending| pending.borrow_mut().take()).ok_or_else(|| {
            PyTypeError::new_err(
                "reports come from check(), check_file() and pickles; they are not made directly",
            )
        })
    }

    /// The plies read, the diagnostics and the variations, as three tuples (`Move`,
    /// `Diagnostic`, `Variation`), read from the game's text the first time and kept.
    fn _details<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyTuple>,
        Bound<'py, PyTuple>,
        Bound<'py, PyTuple>,
    )> {
        let details = self.details(py)?;
        Ok((
            details.moves.bind(py).clone(),
            details.diagnostics.bind(py).clone(),
            details.variations.bind(py).clone(),
        ))
    }

    /// The plies after which a draw was offered, a tuple of ints.
    #[getter]
    fn draw_offers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let offers = self.draw_offers.get_or_try_init(py, || {
            Ok::<_, PyErr>(tuple_of(py, &self.draw_offer_list)?.unbind())
        })?;
        Ok(offers.bind(py).clone())
    }

    /// The byte offset, in the input as UTF-8, of the text that holds the game.
    #[getter]
    fn offset(&self) -> u64 {
        self.piece.offset
    }

    /// The line (from 1) of the input where the text that holds the game starts.
    #[getter]
    fn line(&self) -> u64 {
        self.piece.line
    }

    /// The game as a dict, equal to the game's object in `planilla check --json` (its
    /// spans are byte offsets in the input as UTF-8).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = py.detach(|| self.json_text())?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The game as JSON text, as `planilla check --json` writes its object.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| self.json_text())
    }

    /// The game as PGN, as `planilla convert` writes it (up to its first error, which is a
    /// comment there); with `diagnostics`, every diagnostic is a comment.
    #[pyo3(signature = (diagnostics = false))]
    fn to_pgn(&self, py: Python<'_>, diagnostics: bool) -> PyResult<String> {
        py.detach(|| self.pgn(diagnostics))
    }

    /// The game as a `chess.pgn.Game` of python-chess (which must be installed), read from
    /// `to_pgn()`.
    fn to_chess_game<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pgn = py.detach(|| self.pgn(false))?;
        let chess_pgn = py.import("chess.pgn")?;
        let buffer = py.import("io")?.call_method1("StringIO", (pgn,))?;
        chess_pgn.call_method1("read_game", (buffer,))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Report game {}: {}, {} plies, {} errors>",
            self.index,
            if self.valid { "valid" } else { "invalid" },
            self.plies,
            self.errors
        )
    }

    /// Pickles the report as the piece of input that holds its game (one object for all the
    /// reports of one piece) and the game's places; loading reads the piece's games again,
    /// once for all the reports of the piece loaded together.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, ReportState<'py>)> {
        let py = slf.py();
        let this = slf.get();
        let piece = this
            .piece
            .pickled
            .get_or_try_init(py, || {
                Py::new(
                    py,
                    PickledPiece {
                        loaded: None,
                        pickled: Arc::downgrade(&this.piece),
                    },
                )
            })?
            .bind(py)
            .clone();
        Ok((
            report_classes(py)?.public.bind(py).getattr("_from_state")?,
            (piece, this.at, this.index),
        ))
    }

    /// The report a pickle holds, its game read again (its piece's games are read once for
    /// all the reports of the piece).
    #[classmethod]
    fn _from_state<'py>(
        _cls: &Bound<'py, PyType>,
        py: Python<'py>,
        piece: &Bound<'py, PickledPiece>,
        at: usize,
        index: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let piece = piece.get().piece()?;
        let reports = py.detach(|| reports_of(&piece));
        let report = reports
            .get(at)
            .ok_or_else(|| PyValueError::new_err("state: the text holds no such game"))?;
        Report::new(&piece, at, index, report).into_object(py)
    }
}

/// The settings every call that reads sheets takes, parsed.
#[allow(clippy::too_many_arguments)]
fn settings(
    lang: &str,
    edition: Whole,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
) -> PyResult<Arc<Settings>> {
    Settings::new(lang, edition, lenient, messages, notation, fen).map(Arc::new)
}

/// The reports of every game of UTF-8 text held in memory, as a list: each piece of the
/// text is checked with the GIL released, and its reports made Python objects at once.
fn check_text_in<'py>(
    py: Python<'py>,
    text: &[u8],
    chars: bool,
    settings: &Arc<Settings>,
) -> PyResult<Bound<'py, PyList>> {
    let mut stream = StreamGames::new(text, settings.options.parser());
    let mut tracker = Tracker::new(chars);
    let mut index = 0;
    let list = PyList::empty(py);
    loop {
        let batch = py.detach(|| {
            let chunk = stream.next_chunk()?;
            let units = tracker.start(&chunk, Some(text));
            Some(Report::of_chunk(chunk, units, chars, settings, &mut index))
        });
        let Some(batch) = batch else {
            return Ok(list);
        };
        for report in batch {
            list.append(report.into_object(py)?)?;
        }
    }
}

/// Text given as a `str`, or `bytes` decoded from `encoding`; `true` when its spans count
/// characters.
fn text_of<'a>(
    py: Python<'_>,
    text: &'a Bound<'_, PyAny>,
    encoding: &str,
) -> PyResult<(std::borrow::Cow<'a, str>, bool)> {
    let encoding = Encoding::named(py, encoding)?;
    if let Ok(s) = text.cast::<PyString>() {
        let s: &'a str = s.to_str()?;
        return Ok((std::borrow::Cow::Borrowed(s), true));
    }
    let bytes: &'a [u8] = text
        .cast::<PyBytes>()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "text: expected str or bytes, got {}",
                text.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?
        .as_bytes();
    let decoded = py
        .detach(|| decode_bytes(encoding, bytes))
        .map_err(|e| e.in_memory(py, bytes))?;
    Ok((decoded, encoding != Encoding::Utf8))
}

/// Checks every game of `text`, as `planilla check` does, and returns their reports as a
/// list.
///
/// `text` is a `str`, or `bytes` decoded from `encoding` (`"utf-8"`, the default;
/// `"latin-1"` or `"cp1252"`, by any of Python's names for them); bytes that do not decode
/// raise `UnicodeDecodeError`, at their offset. `lang` gives the sheet's piece letters (`es`,
/// `en`, `fr`, `de`, `it`, `pt`, `nl`, `ca`); `edition` the Laws' edition (2005, 2018 or
/// 2023); `lenient` reads both letter cases; `messages` is the messages' language (`es`,
/// `en`); `notation` is `algebraic`, `descriptive` or `auto`; `fen` a starting position.
///
/// A report is cheap: it holds its game's summary and a share of the text, and reads its
/// moves, diagnostics and variations again the first time they are asked for. Spans count
/// characters of a `str` (`text[start:end]` is the move) and bytes of `bytes`; `byte_span`
/// is always in bytes of the text as UTF-8. For a file of any size, `check_file` reads one
/// game at a time.
///
/// Raises ValueError for a bad setting, FenError (a ValueError) for a bad FEN, LookupError
/// for an unknown encoding, UnicodeDecodeError (a ValueError) for bytes that do not decode,
/// and TypeError for text that is neither `str` nor `bytes`.
#[pyfunction]
#[pyo3(
    text_signature = "(text, *, lang='es', edition=2023, lenient=False, messages='es', notation='auto', fen=None, encoding='utf-8')"
)]
#[pyo3(signature = (text, *, lang = "es", edition = Whole::Int(2023), lenient = false, messages = "es",
                    notation = "auto", fen = None, encoding = "utf-8"))]
#[allow(clippy::too_many_arguments)]
fn check<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    lang: &str,
    edition: Whole,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
    encoding: &str,
) -> PyResult<Bound<'py, PyList>> {
    let settings = settings(lang, edition, lenient, messages, notation, fen)?;
    let (text, chars) = text_of(py, text, encoding)?;
    check_text_in(py, text.as_bytes(), chars, &settings)
}

/// What a file reader keeps between games.
struct FileReports {
    stream: StreamGames<Decoding<BufReader<File>>>,
    ready: VecDeque<Report>,
    tracker: Tracker,
    index: usize,
    encoding: Encoding,
    ended: bool,
}

/// Why a file's reports stopped.
enum FileError {
    Io(std::io::Error),
    Decode(DecodeFailure),
    Poisoned,
}

impl FileReports {
    fn next(&mut self, settings: &Arc<Settings>) -> Result<Option<Report>, FileError> {
        loop {
            if let Some(report) = self.ready.pop_front() {
                return Ok(Some(report));
            }
            if self.ended {
                return Ok(None);
            }
            let Some(chunk) = self.stream.next_chunk() else {
                self.ended = true;
                return match self.stream.take_io_error() {
                    None => Ok(None),
                    Some(e) => match e.downcast::<DecodeFailure>() {
                        Ok(failure) => Err(FileError::Decode(failure)),
                        Err(e) => Err(FileError::Io(e)),
                    },
                };
            };
            if self.encoding == Encoding::Utf8
                && let Err(e) = std::str::from_utf8(&chunk.text)
            {
                self.ended = true;
                return Err(FileError::Decode(DecodeFailure::utf8(
                    &chunk.text,
                    e,
                    chunk.offset,
                )));
            }
            let units = self.tracker.start(&chunk, None);
            let chars = self.tracker.chars;
            self.ready.extend(Report::of_chunk(
                chunk,
                units,
                chars,
                settings,
                &mut self.index,
            ));
        }
    }
}

/// The reports of a file's games, read one game at a time (`check_file`).
#[pyclass(module = "planilla")]
struct ReportIterator {
    reports: Mutex<FileReports>,
    settings: Arc<Settings>,
    path: PathBuf,
}

#[pymethods]
impl ReportIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let next = py.detach(|| match self.reports.lock() {
            Ok(mut reports) => reports.next(&self.settings),
            Err(_) => Err(FileError::Poisoned),
        });
        match next {
            Ok(report) => report.map(|r| r.into_object(py)).transpose(),
            Err(FileError::Io(e)) => Err(os_error(&e, &self.path)),
            Err(FileError::Decode(failure)) => Err(failure.in_file(py, &self.path)),
            Err(FileError::Poisoned) => Err(PyValueError::new_err("a previous read panicked")),
        }
    }
}

/// An `OSError` of the subclass its errno calls for (`FileNotFoundError`, …), naming the file.
fn os_error(e: &std::io::Error, path: &Path) -> PyErr {
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

/// The reports of every game of the file at `path`, as an iterator that reads one game at a
/// time: memory stays constant whatever the file's size. Keyword arguments as for `check`;
/// `encoding` is the file's. Spans count bytes of the file (a byte is a character in
/// `latin-1` and `cp1252`); `byte_span` counts bytes of the text as UTF-8. A known limit: in
/// `latin-1` and `cp1252`, after a game longer than 16 MiB (whose rest is skipped), spans
/// count each accented character of the skipped part as two.
///
/// Raises OSError (FileNotFoundError, …) when the file cannot be opened or read, and
/// UnicodeDecodeError, when the reading reaches bytes that do not decode, naming their offset
/// in the file (the games before them have been given).
#[pyfunction]
#[pyo3(
    text_signature = "(path, *, lang='es', edition=2023, lenient=False, messages='es', notation='auto', fen=None, encoding='utf-8')"
)]
#[pyo3(signature = (path, *, lang = "es", edition = Whole::Int(2023), lenient = false, messages = "es",
                    notation = "auto", fen = None, encoding = "utf-8"))]
#[allow(clippy::too_many_arguments)]
fn check_file(
    py: Python<'_>,
    path: PathBuf,
    lang: &str,
    edition: Whole,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
    encoding: &str,
) -> PyResult<ReportIterator> {
    let settings = settings(lang, edition, lenient, messages, notation, fen)?;
    let encoding = Encoding::named(py, encoding)?;
    if path.is_dir() {
        let shown = path.display().to_string();
        return Err(PyIsADirectoryError::new_err((21, "Is a directory", shown)));
    }
    let file = File::open(&path).map_err(|e| os_error(&e, &path))?;
    let reader = Decoding {
        inner: BufReader::new(file),
        encoding,
        out: Vec::new(),
        at: 0,
        read: 0,
    };
    Ok(ReportIterator {
        reports: Mutex::new(FileReports {
            stream: StreamGames::new(reader, settings.options.parser()),
            ready: VecDeque::new(),
            tracker: Tracker::new(encoding != Encoding::Utf8),
            index: 0,
            encoding,
            ended: false,
        }),
        settings,
        path,
    })
}

/// Converts the games of `text` as `planilla convert --to TO` does: `pgn` (the default), `es`
/// or `figurine` (a scoresheet), `json`, `descriptiva` or `descriptive`. A game is written up
/// to its first error. With `diagnostics`, PGN carries every diagnostic as a comment.
/// `text` is a `str`, or `bytes` decoded from `encoding`; keyword arguments and errors as
/// for `check`.
#[pyfunction]
#[pyo3(
    text_signature = "(text, to='pgn', *, diagnostics=False, lang='es', edition=2023, lenient=False, messages='es', notation='auto', fen=None, encoding='utf-8')"
)]
#[pyo3(signature = (text, to = "pgn", *, diagnostics = false, lang = "es", edition = Whole::Int(2023),
                    lenient = false, messages = "es", notation = "auto", fen = None,
                    encoding = "utf-8"))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    to: &str,
    diagnostics: bool,
    lang: &str,
    edition: Whole,
    lenient: bool,
    messages: &str,
    notation: &str,
    fen: Option<&str>,
    encoding: &str,
) -> PyResult<String> {
    let format: Format = setting("to", to)?;
    let options = settings(lang, edition, lenient, messages, notation, fen)?.options;
    let (text, _) = text_of(py, text, encoding)?;
    let job = Job::Convert {
        text: &text,
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
/// `fen` are the defaults a dict may override; `alternatives` (0 or more) bounds the other
/// games given; `prior=False` weighs a box's legal readings by their candidates'
/// probabilities alone, as `planilla decode --no-prior` does. Raises `ValueError` where the
/// command line exits with 2 (malformed input, a probability that is not a finite number ≥ 0,
/// too many cells or candidates), and for a negative `alternatives`.
#[pyfunction]
#[pyo3(text_signature = "(sheet, *, lang='es', fen=None, alternatives=8, prior=True)")]
#[pyo3(signature = (sheet, *, lang = "es", fen = None, alternatives = Whole::Int(8), prior = true))]
fn decode<'py>(
    py: Python<'py>,
    sheet: &Bound<'py, PyAny>,
    lang: &str,
    fen: Option<&str>,
    alternatives: Whole,
    prior: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let alternatives: u32 = alternatives.to("alternatives", "from 0 to 4294967295")?;
    let line: String = match sheet.extract::<String>() {
        Ok(text) => text,
        Err(_) => py
            .import("json")?
            .call_method1("dumps", (sheet,))?
            .extract()?,
    };
    let options = Settings::new(lang, Whole::Int(2023), false, "es", "auto", None)?.options;
    let start = match fen {
        Some(fen) => position(fen)?,
        None => Position::default(),
    };
    let limits = planilla::reconstruct::Limits::default()
        .with_max_alternatives(alternatives)
        .with_move_prior(prior);
    let text = py
        .detach(|| {
            let (found, _) = jobs::decode_line(line.trim(), start, &options, &limits)?;
            serde_json::to_string(&found).map_err(|e| e.to_string())
        })
        .map_err(PyValueError::new_err)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// A ruling on a sealed move (Appendix A8 (2005); Guidelines I.8 (2023)).
///
/// Compares and hashes by value; pickles.
#[pyclass(frozen, eq, hash, module = "planilla")]
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct Ruling {
    /// `"valid"`, `"ambiguous"`, `"unreadable"` or `"illegal"`.
    #[pyo3(get)]
    verdict: String,
    /// `"continue"`, `"loss"`, `"draw"` or `"refer"` (to the arbiter).
    #[pyo3(get)]
    consequence: String,
    /// The draw's exception (`opponent-cannot-mate`, `dead-position`, …), if any.
    #[pyo3(get)]
    exception: Option<String>,
    /// The verdict's article.
    #[pyo3(get)]
    rule: String,
    /// The consequence's article.
    #[pyo3(get)]
    consequence_rule: Option<String>,
    /// The verdict, in words.
    #[pyo3(get)]
    message: String,
    /// The consequence, in words.
    #[pyo3(get)]
    consequence_message: String,
    /// The move played, when valid: its SAN.
    #[pyo3(get)]
    san: Option<String>,
    /// The move played, when valid: in the sheet's letters.
    #[pyo3(get)]
    written: Option<String>,
    /// The move played, when valid: in UCI.
    #[pyo3(get)]
    uci: Option<String>,
    candidates: Vec<NamedMove>,
    suggestions: Vec<NamedMove>,
    /// Whether the opponent can still checkmate the sealer (None: not determined).
    #[pyo3(get)]
    opponent_can_mate: Option<bool>,
    /// Whether the position is dead (None: not determined).
    #[pyo3(get)]
    dead_position: Option<bool>,
    /// `"white"` or `"black"`.
    #[pyo3(get)]
    sealer: String,
    /// The position before the sealed move, as FEN.
    #[pyo3(get)]
    fen: String,
    /// The ruling as `planilla sealed` prints it.
    #[pyo3(get)]
    text: String,
    /// The ruling as `planilla sealed --json` writes it.
    #[pyo3(get)]
    json: String,
}

#[pymethods]
impl Ruling {
    /// The candidates of an ambiguous move (a tuple).
    #[getter]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        tuple_of(py, &self.candidates)
    }

    /// The legal moves closest to the writing, for the arbiter only (a tuple).
    #[getter]
    fn suggestions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        tuple_of(py, &self.suggestions)
    }

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

    /// Pickles the ruling as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(slf.get_type(), slf.get())
    }

    /// The ruling a pickle holds.
    #[classmethod]
    fn _from_json(_cls: &Bound<'_, PyType>, json: &str) -> PyResult<Ruling> {
        from_json(json)
    }
}

/// Rules on a sealed move as `planilla sealed` does: the move as written (`Cd2`, `41...Cd2`),
/// and the position from `fen`, or from the scoresheet text `game` before its ply `ply` (from
/// 1; the move then defaults to the one written there). `effort` is `material`, `fast` or
/// `full`; `time_limit` bounds, in seconds, the question "can the opponent still checkmate?".
/// Raises FenError for a bad FEN, ValueError for a bad setting, a `ply` below 1, a negative
/// or infinite `time_limit`, and a sheet that gives no position.
#[pyfunction]
#[pyo3(
    text_signature = "(move=None, *, fen=None, game=None, ply=None, lang='es', edition=2023, lenient=False, messages='es', notation='auto', effort='full', time_limit=10.0)"
)]
#[pyo3(signature = (r#move = None, *, fen = None, game = None, ply = None, lang = "es",
                    edition = Whole::Int(2023), lenient = false, messages = "es", notation = "auto",
                    effort = "full", time_limit = 10.0))]
#[allow(clippy::too_many_arguments)]
fn sealed(
    py: Python<'_>,
    r#move: Option<&str>,
    fen: Option<&str>,
    game: Option<&str>,
    ply: Option<Whole>,
    lang: &str,
    edition: Whole,
    lenient: bool,
    messages: &str,
    notation: &str,
    effort: &str,
    time_limit: f64,
) -> PyResult<Ruling> {
    let options = settings(lang, edition, lenient, messages, notation, None)?.options;
    let ply: Option<u32> = ply
        .map(|p| match p.to::<u32>("ply", "from 1 to 4294967295")? {
            0 => Err(PyValueError::new_err("ply: 0 is not from 1 to 4294967295")),
            ply => Ok(ply),
        })
        .transpose()?;
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
    let py = m.py();
    let classes = REPORT_CLASSES.get_or_try_init(py, || make_report_classes(py))?;
    m.add("Report", classes.public.clone_ref(py))?;
    m.add_class::<PickledPiece>()?;
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
