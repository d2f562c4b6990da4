//! The corpus of printed chess text (`tests/data/print/`, one file a source; the format is in
//! its `README.md`) and the real-text audit: each fragment read by the library, its SAN held
//! against an independent reading of the same game.
//!
//! Shared by `tests/print_audit.rs` and `examples/print_audit.rs`.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use planilla::check::{CheckOptions, Severity, check_text};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::position::Position;

/// One fragment of printed text, exactly as printed, with its expected game.
#[derive(Clone, Debug)]
pub struct Fragment {
    /// The source's name (the file's `# source:` line).
    pub source: String,
    /// The fragment's id.
    pub id: String,
    /// `es-algebraic`, `en-descriptive`, `es-descriptive` or `en-algebraic`.
    pub notation: String,
    /// The game's SAN, from the independent reading.
    pub expected: Vec<String>,
    /// The position the text starts from, when not the initial one.
    pub fen: Option<String>,
    /// `None`: every printed move is right, and the fragment must read to the end. `Some(p)`:
    /// the print is wrong at ply `p` (a misprint, or a move ambiguous as printed), and reading
    /// must stop with an error there.
    pub stops_at: Option<u32>,
    /// The text as printed.
    pub text: String,
}

/// The directory of the corpus: `tests/data/print`, or the folder `PRINT_CORPUS_DIR` names (a
/// set kept outside the repository, such as text whose licence keeps it out, measured the
/// same way).
pub fn corpus_dir() -> PathBuf {
    std::env::var_os("PRINT_CORPUS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/print"),
        PathBuf::from,
    )
}

/// Every fragment of every source file, sorted by file name.
pub fn load() -> Vec<Fragment> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/data/print")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files.iter().flat_map(parse_file).collect()
}

fn parse_file(path: &PathBuf) -> Vec<Fragment> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let source = text
        .lines()
        .find_map(|l| l.strip_prefix("# source:"))
        .map_or(name.clone(), |s| s.trim().to_owned());
    let mut out = Vec::new();
    let mut lines = text.split_inclusive('\n');
    while let Some(line) = lines.next() {
        let Some(id) = line.strip_prefix("@@ fragment ") else {
            continue;
        };
        let mut f = Fragment {
            source: source.clone(),
            id: id.trim().to_owned(),
            notation: String::new(),
            expected: Vec::new(),
            fen: None,
            stops_at: None,
            text: String::new(),
        };
        for field in lines.by_ref() {
            if field.starts_with("@@ text") {
                break;
            }
            let Some((key, value)) = field.split_once(':') else {
                continue;
            };
            let value = value.trim();
            match key {
                "notation" => f.notation = value.to_owned(),
                "expected" => f.expected = value.split_whitespace().map(str::to_owned).collect(),
                "fen" => f.fen = Some(value.to_owned()),
                "verdict" if value.starts_with("stops") => {
                    let ply = value.split_whitespace().nth(1).and_then(|p| p.parse().ok());
                    f.stops_at = Some(ply.unwrap_or_else(|| panic!("{}: verdict {value}", f.id)));
                }
                _ => {}
            }
        }
        for body in lines.by_ref() {
            if body.starts_with("@@ end") {
                break;
            }
            f.text.push_str(body);
        }
        assert!(
            !f.notation.is_empty() && !f.expected.is_empty(),
            "{}: {}: notation and expected are required",
            name,
            f.id
        );
        out.push(f);
    }
    out
}

/// What the library made of a fragment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Read to the end, no error, SAN equal to the expected game.
    Read,
    /// Stopped by an error exactly where the print is wrong, every move before it right.
    Judged,
    /// Stopped by an error where the print is right (or at another ply than the misprint),
    /// every move before it right: a refusal, not a misreading.
    Stopped {
        /// The ply of the first error (0: before any move, such as a game split in two).
        ply: u32,
        /// Its code, and the text it quotes.
        what: String,
    },
    /// A move read differently from the expected game before any error: the bug users cannot
    /// see.
    Misread {
        /// The first ply that departs.
        ply: u32,
        /// What was read, and what was expected.
        what: String,
    },
}

/// The options a fragment is read with: the letters of its language, the notation found from
/// its moves (`auto`), and its starting position.
pub fn options(f: &Fragment) -> CheckOptions {
    let language = language_of(&f.notation);
    CheckOptions::default()
        .with_language(language.with_notation(NotationKind::Auto))
        .with_start(
            f.fen
                .as_deref()
                .map(|fen| Position::from_fen(fen).expect("the fragment's FEN")),
        )
}

/// The letters of a fragment's notation (`es-algebraic`, `fr-algebraic`, `en-descriptive`…): its
/// language code, as FIDE's letter sets of Appendix E3 (2005) give them. Galician is written
/// with the Portuguese letters (Rei, Dama, Torre, Bispo, Cabalo).
pub fn language_of(notation: &str) -> Language {
    match notation.split('-').next().unwrap_or_default() {
        "en" => Language::ENGLISH,
        "fr" => Language::FRENCH,
        "de" => Language::GERMAN,
        "it" => Language::ITALIAN,
        "pt" | "gl" => Language::PORTUGUESE,
        "nl" => Language::DUTCH,
        "ca" => Language::CATALAN,
        _ => Language::SPANISH,
    }
}

fn without_marks(san: &str) -> &str {
    san.trim_end_matches(['+', '#'])
}

/// Reads one fragment and classifies the result.
pub fn audit(f: &Fragment) -> Outcome {
    let reports: Vec<_> = check_text(&f.text, &options(f)).collect();
    let Some(first) = reports.first() else {
        return Outcome::Stopped {
            ply: 0,
            what: "no game read".to_owned(),
        };
    };
    // Moves read, in order, with the ply of the first error of the first game.
    let read: Vec<String> = first.moves.iter().map(|m| m.san.to_string()).collect();
    for (k, san) in read.iter().enumerate() {
        match f.expected.get(k) {
            Some(e) if without_marks(e) == without_marks(san) => {}
            e => {
                return Outcome::Misread {
                    ply: k as u32 + 1,
                    what: format!(
                        "read {san}, expected {}",
                        e.map_or("the end", String::as_str)
                    ),
                };
            }
        }
    }
    let error = first
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error);
    if let Some(d) = error {
        let ply = d.ply.unwrap_or(read.len() as u32 + 1);
        if f.stops_at == Some(ply) {
            return Outcome::Judged;
        }
        return Outcome::Stopped {
            ply,
            what: format!(
                "{} {:?}",
                d.code(),
                d.written.as_deref().unwrap_or_default()
            ),
        };
    }
    if reports.len() > 1 {
        return Outcome::Stopped {
            ply: read.len() as u32 + 1,
            what: format!("the text read as {} games", reports.len()),
        };
    }
    if read.len() < f.expected.len() {
        return Outcome::Stopped {
            ply: read.len() as u32 + 1,
            what: format!(
                "no error, but only {} of {} moves read",
                read.len(),
                f.expected.len()
            ),
        };
    }
    if f.stops_at.is_some() {
        return Outcome::Stopped {
            ply: read.len() as u32,
            what: "read to the end, past the misprint".to_owned(),
        };
    }
    Outcome::Read
}

/// Counts per source: fragments, read, judged, stopped, misread.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub fragments: usize,
    pub read: usize,
    pub judged: usize,
    pub stopped: usize,
    pub misread: usize,
}

/// The audit of every fragment, with the tally per source.
pub fn run(fragments: &[Fragment]) -> (Vec<Outcome>, BTreeMap<String, Tally>) {
    let outcomes: Vec<Outcome> = fragments.iter().map(audit).collect();
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    for (f, o) in fragments.iter().zip(&outcomes) {
        let t = tally.entry(f.source.clone()).or_default();
        t.fragments += 1;
        match o {
            Outcome::Read => t.read += 1,
            Outcome::Judged => t.judged += 1,
            Outcome::Stopped { .. } => t.stopped += 1,
            Outcome::Misread { .. } => t.misread += 1,
        }
    }
    (outcomes, tally)
}

/// The table of `run`'s tally, one line a source and a total.
pub fn table(tally: &BTreeMap<String, Tally>) -> String {
    let mut out = format!(
        "{:<44} {:>9} {:>5} {:>6} {:>7} {:>7}\n",
        "source", "fragments", "read", "judged", "stopped", "misread"
    );
    let mut total = Tally::default();
    for (source, t) in tally {
        out += &format!(
            "{:<44} {:>9} {:>5} {:>6} {:>7} {:>7}\n",
            source, t.fragments, t.read, t.judged, t.stopped, t.misread
        );
        total.fragments += t.fragments;
        total.read += t.read;
        total.judged += t.judged;
        total.stopped += t.stopped;
        total.misread += t.misread;
    }
    out += &format!(
        "{:<44} {:>9} {:>5} {:>6} {:>7} {:>7}\n",
        "all", total.fragments, total.read, total.judged, total.stopped, total.misread
    );
    let ok = total.read + total.judged;
    out += &format!(
        "read or correctly judged: {ok} of {} ({:.1} %)\n",
        total.fragments,
        100.0 * ok as f64 / total.fragments.max(1) as f64
    );
    out
}
