//! What `planilla convert --to es` and `--to figurine` write reads back as the same game: the
//! same moves (SAN) and the same result, one game for one game, with no error. Checked on the
//! shipped sheets of `examples/planillas` and on every real game and opening line of
//! `tests/data`, written as strict Spanish sheets. Run with `--nocapture` for the counts.

#[path = "common/real_games.rs"]
mod real_games;

use planilla::notation::Language;
use planilla::validate::{CheckOptions, GameReport, Severity, check_text};
use planilla::write::scoresheet;

fn check(text: &str) -> Vec<GameReport> {
    check_text(text, &CheckOptions::default()).collect()
}

fn sans(report: &GameReport) -> Vec<&str> {
    report.moves.iter().map(|m| m.san.as_str()).collect()
}

/// Writes `report` in `language` as the command line does, reads it back, and says what
/// differs, if anything: every problem found, each on its own line, then the sheet written.
fn round_trip(report: &GameReport, language: &Language) -> Result<(), String> {
    let written = scoresheet(report, language) + "\n";
    let back = check(&written);
    let mut problems = Vec::new();
    if back.len() != 1 {
        problems.push(format!(
            "read back as {} games (moves: {:?})",
            back.len(),
            back.iter().map(|r| r.moves.len()).collect::<Vec<_>>()
        ));
    }
    // The first game is compared whatever the count, so that a second defect does not hide
    // behind the first.
    let Some(again) = back.first() else {
        return Err(format!("{}\n{written}", problems.join("\n")));
    };
    for r in &back {
        if let Some(d) = r.diagnostics.iter().find(|d| d.severity == Severity::Error) {
            problems.push(format!(
                "game {} read back with an error: {} at ply {:?} on {:?}",
                r.index,
                d.code(),
                d.ply,
                d.written.as_deref().unwrap_or("")
            ));
        }
    }
    if sans(again) != sans(report) {
        problems.push(format!(
            "read back as other moves: {:?}, not {:?}",
            sans(again),
            sans(report)
        ));
    }
    if again.result() != report.result() {
        problems.push(format!(
            "read back with the result {}, not {}",
            again.result(),
            report.result()
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{written}", problems.join("\n")))
    }
}

const LANGUAGES: [(&str, Language); 2] =
    [("es", Language::SPANISH), ("figurine", Language::FIGURINE)];

/// Round-trips every game of `text` in both languages; pushes failures as `origin --to x: …`.
fn round_trip_all(origin: &str, text: &str, games: &mut usize, failures: &mut [Vec<String>; 2]) {
    for report in check(text) {
        *games += 1;
        for (k, (name, language)) in LANGUAGES.iter().enumerate() {
            if let Err(why) = round_trip(&report, language) {
                failures[k].push(format!("{origin} game {} --to {name}: {why}", report.index));
            }
        }
    }
}

fn summary(what: &str, games: usize, failures: &[Vec<String>; 2]) -> String {
    let mut s = format!(
        "{what}: {games} games; read back otherwise: {} --to es, {} --to figurine",
        failures[0].len(),
        failures[1].len()
    );
    for (k, (name, _)) in LANGUAGES.iter().enumerate() {
        for kind in [
            "games (moves",
            "read back with an error",
            "other moves",
            "with the result",
        ] {
            let n = failures[k].iter().filter(|f| f.contains(kind)).count();
            if n > 0 {
                s.push_str(&format!("\n  --to {name}: {n} with {kind:?}"));
            }
        }
    }
    s
}

fn assert_none(failures: &[Vec<String>; 2]) {
    let shown: Vec<&String> = failures.iter().flat_map(|f| f.iter().take(5)).collect();
    assert!(
        failures.iter().all(Vec::is_empty),
        "{} es, {} figurine; the first ones:\n{}",
        failures[0].len(),
        failures[1].len(),
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn every_shipped_sheet_round_trips() {
    let mut games = 0;
    let mut failures = [Vec::new(), Vec::new()];
    for (name, text) in real_games::shipped_sheets() {
        round_trip_all(&name, &text, &mut games, &mut failures);
    }
    eprintln!("{}", summary("shipped sheets", games, &failures));
    assert!(games >= real_games::SHIPPED_SHEETS, "{games} games");
    assert_none(&failures);
}

#[test]
fn every_real_game_round_trips() {
    let sequences = real_games::real_sequences();
    assert!(sequences.len() >= 1_000, "{} sequences", sequences.len());
    let mut games = 0;
    let mut failures = [Vec::new(), Vec::new()];
    for game in &sequences {
        round_trip_all(
            &game.origin,
            &game.strict_spanish(),
            &mut games,
            &mut failures,
        );
    }
    eprintln!("{}", summary("real sequences", games, &failures));
    assert_eq!(games, sequences.len(), "one game for each sequence");
    assert_none(&failures);
}
