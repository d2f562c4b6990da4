//! The edit audit of "read without guessing": every single-character edit of one move of each
//! real game (the 770 games of `tests/data`), written as a strict Spanish scoresheet, checked
//! by the library, and classified by an oracle of its own (see `tests/common/audit.rs`).
//!
//! ```sh
//! cargo run --release --example edit_audit -- [--games N] [--edits N] [--plies N] [--seed S] [--show N]
//! ```
//!
//! `--games`: how many games, from the first (default all 770); `--edits`: edits per chosen
//! move, sampled (default 40; 0 for all of them); `--plies`: moves chosen per game (default 1);
//! `--seed`: the choice of moves and edits (default 1); `--show`: print up to N examples of
//! each failing class; `--descriptive 1`: the sheets in Spanish descriptive notation, by the
//! oracle of `tests/common/descriptive_audit.rs`; `--descriptive 2`: the algebraic sheets read
//! with `--notation auto`. Prints the figures per class; exits with 1 when any edit was read
//! without an error where one was due.

#[path = "../tests/common/audit.rs"]
mod audit;
#[path = "../tests/common/descriptive_audit.rs"]
mod descriptive_audit;
#[path = "../tests/common/real_games.rs"]
mod real_games;

use std::process::ExitCode;

use audit::Class;

fn main() -> ExitCode {
    let mut games = usize::MAX;
    let mut edits = 40;
    let mut plies = 1;
    let mut seed = 1u64;
    let mut show = 0;
    let mut descriptive = 0;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok());
        let Some(value) = value else {
            eprintln!(
                "usage: edit_audit [--games N] [--edits N] [--plies N] [--seed S] [--show N]"
            );
            return ExitCode::from(2);
        };
        match flag.as_str() {
            "--games" => games = value as usize,
            "--edits" => edits = value as usize,
            "--plies" => plies = value as usize,
            "--seed" => seed = value,
            "--show" => show = value as usize,
            "--descriptive" => descriptive = value,
            _ => {
                eprintln!("edit_audit: unknown option {flag}");
                return ExitCode::from(2);
            }
        }
    }
    let loaded = real_games::real_games();
    for (origin, why) in &loaded.skipped {
        eprintln!("skipped {origin}: {why}");
    }
    let list: Vec<_> = loaded
        .games
        .into_iter()
        .take(games)
        .map(|g| (g.origin, g.start, g.moves))
        .collect();
    let started = std::time::Instant::now();
    let tally = match descriptive {
        0 => audit::audit(&list, plies, edits, seed),
        1 => audit::audit_with(&descriptive_audit::Descriptive, &list, plies, edits, seed),
        _ => audit::audit_with(&descriptive_audit::AlgebraicAuto, &list, plies, edits, seed),
    };
    print!("{}", tally.figures());
    println!("  ({:.1} s)", started.elapsed().as_secs_f64());
    for name in &tally.baseline_failures {
        println!("  {name}");
    }
    if show > 0 {
        let misplaced: Vec<_> = tally.cases.iter().filter(|c| c.misplaced).collect();
        if !misplaced.is_empty() {
            println!(
                "\nerror-at-ply, but on the next token's text ({}):",
                misplaced.len()
            );
            for case in misplaced.iter().take(show) {
                println!("  {}", case.line());
            }
        }
        let unsuggested: Vec<_> = tally
            .cases
            .iter()
            .filter(|c| c.suggested == Some(false))
            .collect();
        if !unsuggested.is_empty() {
            println!(
                "\nerrors whose first three suggestions miss the intended move ({}):",
                unsuggested.len()
            );
            for case in unsuggested.iter().take(show) {
                println!("  {}", case.line());
            }
        }
        for class in Class::ALL.into_iter().filter(|c| c.is_failure()) {
            let examples: Vec<_> = tally.cases.iter().filter(|c| c.class == class).collect();
            if examples.is_empty() {
                continue;
            }
            println!("\n{} ({}):", class.name(), examples.len());
            for case in examples.iter().take(show) {
                println!("  {}", case.line());
            }
        }
    }
    let failures = tally.cases.iter().filter(|c| c.class.is_failure()).count();
    if failures == 0 && tally.baseline_failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
