//! The edit audit of printed text: every single-character edit of one printed move of each
//! fragment of `tests/data/print/` that the library reads to the end, spliced back into the
//! fragment, checked again, and classified by an oracle of its own (see
//! `tests/common/print_edits.rs`; the classes are those of `tests/common/audit.rs`).
//!
//! ```sh
//! cargo run --release --example print_edit_audit -- [--edits N] [--plies N] [--seed S] [--show N]
//! ```
//!
//! `--edits`: edits per chosen move, sampled (default 0: all of them); `--plies`: moves chosen
//! per fragment (default 2); `--seed`: the choice of moves and edits (default 1); `--show`:
//! print up to N examples of each failing class. Prints the figures per notation and in total;
//! exits with 1 when any edit falls in a failing class (`same-move-unwritten`, `silent-guess`,
//! `vanished`, `error-before`).

#[path = "../tests/common/audit.rs"]
mod audit;
#[path = "../tests/common/descriptive_audit.rs"]
mod descriptive_audit;
#[path = "../tests/common/print_corpus.rs"]
mod print_corpus;
#[path = "../tests/common/print_edits.rs"]
mod print_edits;

use std::process::ExitCode;

use audit::Class;

fn main() -> ExitCode {
    let mut edits = 0;
    let mut plies = 2;
    let mut seed = 1u64;
    let mut show = 0;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok());
        let Some(value) = value else {
            eprintln!("usage: print_edit_audit [--edits N] [--plies N] [--seed S] [--show N]");
            return ExitCode::from(2);
        };
        match flag.as_str() {
            "--edits" => edits = value as usize,
            "--plies" => plies = value as usize,
            "--seed" => seed = value,
            "--show" => show = value as usize,
            _ => {
                eprintln!("print_edit_audit: unknown option {flag}");
                return ExitCode::from(2);
            }
        }
    }
    let started = std::time::Instant::now();
    let fragments = print_edits::fragments();
    println!(
        "{} fragments read to the end with the expected SAN; \
         {plies} plies each, {} edits each (seed {seed})",
        fragments.len(),
        if edits == 0 {
            "all".to_owned()
        } else {
            format!("up to {edits}")
        }
    );
    let tally = print_edits::audit_all(&fragments, plies, edits, seed);
    print!("{}", tally.figures());
    println!("  ({:.1} s)", started.elapsed().as_secs_f64());
    if show > 0 {
        let total = tally.total();
        let misplaced: Vec<_> = total.cases.iter().filter(|c| c.misplaced).collect();
        if !misplaced.is_empty() {
            println!(
                "\nerror-at-ply, but on the next token's text ({}):",
                misplaced.len()
            );
            for case in misplaced.iter().take(show) {
                println!("  {}", case.line());
            }
        }
        for class in Class::ALL.into_iter().filter(|c| c.is_failure()) {
            let examples: Vec<_> = total.cases.iter().filter(|c| c.class == class).collect();
            if examples.is_empty() {
                continue;
            }
            println!("\n{} ({}):", class.name(), examples.len());
            for case in examples.iter().take(show) {
                println!("  {}", case.line());
            }
        }
    }
    if tally.failures().is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
