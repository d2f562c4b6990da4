//! Checks a file game by game with `check::check_reader`, in constant memory, and prints how
//! many games it held, how many are valid, and the first error of each invalid game with its
//! line and column in the file.
//!
//! ```text
//! cargo run --release --example check_reader -- examples/planillas/fide2018_apendice_c.txt
//! ```

use std::fs::File;
use std::io::BufReader;

use planilla::{CheckOptions, Severity, check_reader};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: check_reader FILE [--quiet]")?;
    let quiet = std::env::args().any(|a| a == "--quiet");
    let reader = BufReader::new(File::open(&path)?);
    let (mut games, mut valid) = (0u64, 0u64);
    for game in check_reader(reader, &CheckOptions::default()) {
        let game = game?;
        games += 1;
        let error = game
            .report
            .diagnostics
            .iter()
            .find(|d| d.severity() == Severity::Error);
        match error {
            None => valid += 1,
            Some(error) if !quiet => {
                let at = game.line_column(error.span);
                println!("{path}:{}:{}: {error}", at.line, at.column);
            }
            Some(_) => {}
        }
    }
    println!("{games} games, {valid} valid");
    Ok(())
}
