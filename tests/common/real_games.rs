//! Real games and real opening lines, read from the PGN files and the opening table of
//! `tests/data` (see `tests/data/README.md` for their sources and licences), as moves from their
//! start position.
//!
//! Included by path (`#[path = "common/real_games.rs"] mod real_games;`) by the tests and the
//! `edit_audit` example, so it needs no optional feature.

#![allow(dead_code)]

use planilla::check::{CheckOptions, check_text};
use planilla::notation::Language;
use planilla::write::Style;
use planilla::{Move, Position};

/// The PGN files of real games: name and text.
pub const PGN_FILES: [(&str, &str); 3] = [
    (
        "lichess_db_1000k.pgn",
        include_str!("../data/lichess_db_1000k.pgn"),
    ),
    ("benchmark.pgn", include_str!("../data/benchmark.pgn")),
    (
        "twic-01-232games.pgn",
        include_str!("../data/twic-01-232games.pgn"),
    ),
];

/// The opening table: `eco<TAB>name<TAB>pgn`, one header line.
pub const OPENINGS: &str = include_str!("../data/chess-openings.tsv");

/// How many games the three PGN files hold (438 + 100 + 232).
pub const GAMES_IN_FILES: usize = 770;
/// How many of them are skipped because the library does not read them in full. A change of
/// this count is a regression (or a mend) of the reader: look at it.
pub const GAMES_SKIPPED: usize = 0;
/// How many opening lines the table holds.
pub const OPENING_LINES: usize = 3_807;
/// How many of them are skipped because the library does not read them in full.
pub const OPENINGS_SKIPPED: usize = 0;

/// One real sequence of moves.
#[derive(Clone, Debug)]
pub struct RealGame {
    /// Where it comes from: `file.pgn#index` (from 0) or `chess-openings.tsv:line` (from 1).
    pub origin: String,
    /// The position it starts from.
    pub start: Position,
    /// The moves, legal in turn from `start`.
    pub moves: Vec<Move>,
    /// The result recorded, in PGN form (`*` when none).
    pub result: String,
}

impl RealGame {
    /// The game as a strict Spanish scoresheet: the moves in the canonical form of Appendix C
    /// (`1. e4 e5 2. Cf3 …`, by the library's writer), then the result unless it is `*`.
    pub fn strict_spanish(&self) -> String {
        let mut text = Style::APPENDIX_C.write_moves(self.start, &self.moves);
        if self.result != "*" {
            text.push_str(&self.result);
            text.push('\n');
        }
        text
    }
}

/// What was read, and what was skipped (with the reason).
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The sequences read in full.
    pub games: Vec<RealGame>,
    /// The sequences not read in full: origin and the library's first error.
    pub skipped: Vec<(String, String)>,
}

fn english() -> CheckOptions {
    CheckOptions::default().with_language(Language::ENGLISH)
}

/// Reads one PGN text with the library in English letters; `origin(i)` names game `i`.
fn read_pgn(text: &str, origin: impl Fn(usize) -> String, out: &mut Loaded) {
    for report in check_text(text, &english()) {
        let name = origin(report.index);
        let error = report
            .diagnostics
            .iter()
            .find(|d| d.severity() == planilla::check::Severity::Error);
        if let Some(d) = error {
            out.skipped
                .push((name, format!("{}: {:?}", d.code(), d.written)));
        } else if report.unread_from.is_some() {
            out.skipped.push((name, "reading stopped".to_owned()));
        } else {
            out.games.push(RealGame {
                origin: name,
                start: report.start_position(),
                moves: report.moves.iter().map(|m| m.mv).collect(),
                result: report.result().to_string(),
            });
        }
    }
}

/// The 770 games of the three PGN files, in file order (those read in full).
pub fn real_games() -> Loaded {
    let mut out = Loaded::default();
    for (file, text) in PGN_FILES {
        read_pgn(text, |i| format!("{file}#{i}"), &mut out);
    }
    out
}

/// The 3,807 opening lines of the table, in table order (those read in full).
pub fn opening_lines() -> Loaded {
    let mut out = Loaded::default();
    for (i, line) in OPENINGS.lines().enumerate().skip(1) {
        let mut fields = line.split('\t');
        let (Some(_eco), Some(_name), Some(pgn), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            out.skipped.push((
                format!("chess-openings.tsv:{}", i + 1),
                "not 3 fields".into(),
            ));
            continue;
        };
        let before = out.games.len() + out.skipped.len();
        read_pgn(pgn, |_| format!("chess-openings.tsv:{}", i + 1), &mut out);
        assert_eq!(
            out.games.len() + out.skipped.len(),
            before + 1,
            "line {}: one game expected in {pgn:?}",
            i + 1
        );
    }
    out
}

/// Both, games first: every real sequence of moves, with the counts checked against the
/// constants above.
pub fn real_sequences() -> Vec<RealGame> {
    let games = real_games();
    let openings = opening_lines();
    check_counts(&games, GAMES_IN_FILES, GAMES_SKIPPED, "games");
    check_counts(&openings, OPENING_LINES, OPENINGS_SKIPPED, "opening lines");
    let mut all = games.games;
    all.extend(openings.games);
    all
}

/// Panics unless `loaded` holds `total` sequences of which `skipped` were skipped.
pub fn check_counts(loaded: &Loaded, total: usize, skipped: usize, what: &str) {
    assert_eq!(
        loaded.games.len() + loaded.skipped.len(),
        total,
        "{what}: how many were found"
    );
    assert_eq!(
        loaded.skipped.len(),
        skipped,
        "{what} skipped: {:#?}",
        loaded.skipped
    );
}

/// How many sheets `examples/planillas` holds.
pub const SHIPPED_SHEETS: usize = 9;

/// The sheets of `examples/planillas` (`*.txt`), by name, in name order.
pub fn shipped_sheets() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/planillas");
    let mut sheets: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("examples/planillas")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).expect("a UTF-8 sheet");
            (name, text)
        })
        .collect();
    sheets.sort();
    assert_eq!(sheets.len(), SHIPPED_SHEETS, "examples/planillas/*.txt");
    sheets
}
