//! The real-text audit: every fragment of printed chess text in `tests/data/print/` (books,
//! encyclopedia articles; each file names its source and licence) read by the library, and its
//! SAN held against an independent reading of the same game (see
//! `tests/common/print_corpus.rs`).
//!
//! ```sh
//! cargo run --release --example print_audit -- [--show N] [--source NAME]
//! ```
//!
//! Prints, per source, the fragments read to the end with the expected SAN, those stopped by
//! a correct verdict (an error exactly at a misprint named in the data), those stopped where
//! the print is right, and the misreads (a move read differently before any error). `--show`
//! prints up to N fragments that were stopped or misread, with what stopped them. Exits with 1
//! when any fragment is misread.

#[path = "../tests/common/print_corpus.rs"]
mod print_corpus;

use std::process::ExitCode;

use print_corpus::Outcome;

fn main() -> ExitCode {
    let mut show = 0usize;
    let mut only: Option<String> = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        match (flag.as_str(), it.next()) {
            ("--show", Some(n)) if n.parse::<usize>().is_ok() => show = n.parse().unwrap(),
            ("--source", Some(s)) => only = Some(s.clone()),
            _ => {
                eprintln!("usage: print_audit [--show N] [--source NAME]");
                return ExitCode::from(2);
            }
        }
    }
    let fragments: Vec<_> = print_corpus::load()
        .into_iter()
        .filter(|f| only.as_ref().is_none_or(|s| &f.source == s))
        .collect();
    let (outcomes, tally) = print_corpus::run(&fragments);
    print!("{}", print_corpus::table(&tally));
    let mut shown = 0;
    for (f, o) in fragments.iter().zip(&outcomes) {
        if shown >= show {
            break;
        }
        match o {
            Outcome::Stopped { ply, what } => {
                println!("stopped  {:<28} ply {ply:>3}: {what}", f.id)
            }
            Outcome::Misread { ply, what } => {
                println!("MISREAD  {:<28} ply {ply:>3}: {what}", f.id)
            }
            _ => continue,
        }
        shown += 1;
    }
    if outcomes
        .iter()
        .any(|o| matches!(o, Outcome::Misread { .. }))
    {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
