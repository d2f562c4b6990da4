//! What `planilla convert --to es` and `--to figurine` write reads back as the same game: the
//! same moves (SAN) and the same result, one game for one game, with no error. Checked on the
//! shipped sheets of `examples/planillas` and on every real game and opening line of
//! `tests/data`, written as strict Spanish sheets. Run with `--nocapture` for the counts.

use crate::real_games;

use planilla::check::{CheckOptions, GameReport, Severity, check_text};
use planilla::notation::Language;
use planilla::write::scoresheet;

fn check(text: &str) -> Vec<GameReport> {
    check_text(text, &CheckOptions::default()).collect()
}

fn sans(report: &GameReport) -> Vec<String> {
    report.moves.iter().map(|m| m.san.to_string()).collect()
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
        if let Some(d) = r
            .diagnostics
            .iter()
            .find(|d| d.severity() == Severity::Error)
        {
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

/// The termination words of real sheets, written after the result.
const TERMINATIONS: [&str; 13] = [
    "abandono",
    "abandona",
    "se rinde",
    "(tiempo)",
    "por tiempo",
    "tiempo",
    "incomparecencia",
    "W.O.",
    "tablas por acuerdo",
    "resigns",
    "time",
    "draw agreed",
    "(abandono)",
];

/// The sequence on a sheet of two columns side by side: move `n` on the left and move `n + k`
/// on the right of line `n`, with `k` half the game (the FIDE form holds 1–30 | 31–60).
fn two_columns(game: &real_games::RealGame) -> Option<String> {
    if game.start != planilla::Position::startpos() {
        return None;
    }
    let mut pos = game.start;
    let mut cells: Vec<String> = Vec::new();
    for (i, mv) in game.moves.iter().enumerate() {
        let text = planilla::write::Style::APPENDIX_C.write_move(&pos, *mv);
        pos.play_unchecked(*mv);
        if i % 2 == 0 {
            cells.push(format!("{}. {text}", i / 2 + 1));
        } else if let Some(cell) = cells.last_mut() {
            cell.push(' ');
            cell.push_str(&text);
        }
    }
    let k = cells.len().div_ceil(2);
    let mut out = String::new();
    for n in 0..k {
        out.push_str(&format!("{:<28}", cells[n]));
        if let Some(right) = cells.get(n + k) {
            out.push_str("   ");
            out.push_str(right);
        }
        out.push('\n');
    }
    if game.result != "*" {
        out.push_str(&game.result);
        out.push('\n');
    }
    Some(out)
}

#[test]
fn real_games_read_back_with_termination_words_and_in_two_columns() {
    let sequences = real_games::real_sequences();
    let (mut terminated, mut columns) = (0, 0);
    let mut failures = Vec::new();
    for (i, game) in sequences.iter().enumerate() {
        let original = check(&game.strict_spanish());
        let report = &original[0];
        // A termination word after the result, each word in turn; mate where the board mates.
        if game.result != "*" && report.is_valid() {
            let word = match report.board_result {
                Some(_) if report.moves.last().is_some_and(|m| m.after.is_checkmate()) => {
                    "jaque mate"
                }
                Some(_) => "",
                None => TERMINATIONS[i % TERMINATIONS.len()],
            };
            if !word.is_empty() {
                terminated += 1;
                let text = format!("{} {word}\n", game.strict_spanish().trim_end());
                let back = check(&text);
                if back.len() != 1
                    || !back[0].is_valid()
                    || sans(&back[0]) != sans(report)
                    || back[0].termination.is_none()
                {
                    failures.push(format!("{}: {text:?}", game.origin));
                }
            }
        }
        if let Some(text) = two_columns(game) {
            columns += 1;
            let back = check(&text);
            if back.len() != 1
                || back[0].is_valid() != report.is_valid()
                || sans(&back[0]) != sans(report)
            {
                failures.push(format!("{}: {text}", game.origin));
            }
        }
    }
    println!("{terminated} sheets with a termination word, {columns} in two columns");
    assert!(
        terminated >= 700 && columns >= 4000,
        "{terminated} {columns}"
    );
    assert!(
        failures.is_empty(),
        "{} read back otherwise; the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}
