//! `--lenient` reads more writings; it must never change the reading of a sheet that is valid
//! without it: the shipped sheets of `examples/planillas` and every real game and opening line
//! of `tests/data`, written as strict Spanish sheets. Run with `--nocapture` for the counts.

use crate::real_games;

use planilla::check::{CheckOptions, GameReport, check_text};
use planilla::notation::CaseMode;

fn reports(text: &str, lenient: bool) -> Vec<GameReport> {
    let options = CheckOptions::default().with_case(if lenient {
        CaseMode::Lenient
    } else {
        CaseMode::Strict
    });
    check_text(text, &options).collect()
}

fn sans(report: &GameReport) -> Vec<String> {
    report.moves.iter().map(|m| m.san.to_string()).collect()
}

/// `None` when the lenient check of `text` reads what the strict one reads; else why not.
/// `Some` too when the strict check finds it invalid (the caller counts those apart).
fn compare(text: &str) -> Result<(), String> {
    let strict = reports(text, false);
    let lenient = reports(text, true);
    if strict.len() != lenient.len() {
        return Err(format!(
            "{} games strict, {} lenient",
            strict.len(),
            lenient.len()
        ));
    }
    for (s, l) in strict.iter().zip(&lenient) {
        if !l.is_valid() {
            let d = l
                .diagnostics
                .iter()
                .find(|d| d.severity() == planilla::check::Severity::Error)
                .unwrap();
            return Err(format!(
                "game {}: lenient error {} at ply {:?} on {:?} (candidates {:?})",
                s.index,
                d.code(),
                d.ply,
                d.written.as_deref().unwrap_or(""),
                d.candidates
                    .iter()
                    .map(|c| c.written.as_str())
                    .collect::<Vec<_>>()
            ));
        }
        if sans(s) != sans(l) {
            let i = sans(s)
                .iter()
                .zip(sans(l))
                .take_while(|(a, b)| **a == *b)
                .count();
            return Err(format!(
                "game {}: ply {} read as {:?} strict, {:?} lenient",
                s.index,
                i + 1,
                sans(s).get(i),
                sans(l).get(i)
            ));
        }
    }
    Ok(())
}

fn strictly_valid(text: &str) -> bool {
    reports(text, false).iter().all(GameReport::is_valid)
}

#[test]
fn lenient_reads_every_valid_shipped_sheet_as_strict_does() {
    let mut valid = 0;
    let mut failures = Vec::new();
    for (name, text) in real_games::shipped_sheets() {
        if !strictly_valid(&text) {
            continue;
        }
        valid += 1;
        if let Err(why) = compare(&text) {
            failures.push(format!("{name}: {why}"));
        }
    }
    eprintln!(
        "shipped sheets: {valid} valid strict, {} read otherwise with --lenient",
        failures.len()
    );
    assert!(valid >= 5, "{valid} valid sheets");
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn lenient_reads_every_real_game_as_strict_does() {
    let games = real_games::real_sequences();
    assert!(games.len() >= 1_000, "{} sequences", games.len());
    let mut invalid = Vec::new();
    let mut failures = Vec::new();
    for game in &games {
        let text = game.strict_spanish();
        if !strictly_valid(&text) {
            invalid.push(game.origin.clone());
            continue;
        }
        if let Err(why) = compare(&text) {
            failures.push(format!("{}: {why}", game.origin));
        }
    }
    eprintln!(
        "real sequences: {} written, {} valid strict, {} read otherwise with --lenient",
        games.len(),
        games.len() - invalid.len(),
        failures.len()
    );
    // The writer and the strict reader agree on every real game (tests/transcription.rs).
    assert!(invalid.is_empty(), "not valid strict: {invalid:?}");
    assert!(
        failures.is_empty(),
        "{} read otherwise: {:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}
