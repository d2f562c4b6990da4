//! Fuzzing your own notation code with planilla's strategies (feature `proptest`).
//!
//! Suppose an app of yours turns OCR output into UCI moves with its own quick reader,
//! `my_to_uci` below: it knows Spanish letters and plain squares, and nothing else. The
//! strategies give it realistic sheets, each with the moves it must find, and sheets with a
//! spoiled move, each with the ply where it must stop. Run:
//!
//! ```sh
//! cargo run --release --example fuzz_my_parser --features proptest
//! PROPTEST_CASES=2000 cargo run --release --example fuzz_my_parser --features proptest
//! ```
//!
//! It prints a sheet your reader gets wrong, shrunk by proptest toward a shorter game in the
//! canonical style: here, the reader drops the disambiguation of `Cbd7` and does not know
//! castling written with the letter O, among other things.

use proptest::prelude::*;
use proptest::test_runner::{TestError, TestRunner};

use planilla::strategy::{config, game_length, scoresheet};
use planilla::{Position, Role, Square};

/// The code under test: a naive reader of Spanish movetext to UCI. It skips move numbers and
/// results, reads `R D T A C` and squares, and knows castling only as `0-0`/`0-0-0`.
fn my_to_uci(text: &str) -> Option<Vec<String>> {
    let mut pos = Position::startpos();
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let word = word.trim_end_matches(['+', '#']);
        if word.is_empty() || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
            continue;
        }
        let legal = pos.legal_moves();
        let mv = match word {
            "0-0" | "0-0-0" => {
                let side = if word == "0-0" {
                    planilla::CastlingSide::KingSide
                } else {
                    planilla::CastlingSide::QueenSide
                };
                pos.castling_move(side)?
            }
            _ => {
                let role = match word.chars().next()? {
                    'R' => Role::King,
                    'D' => Role::Queen,
                    'T' => Role::Rook,
                    'A' => Role::Bishop,
                    'C' => Role::Knight,
                    _ => Role::Pawn,
                };
                let square: Square = word.get(word.len().checked_sub(2)?..)?.parse().ok()?;
                let from_file = word.chars().next().filter(|c| ('a'..='h').contains(c));
                *legal.iter().find(|m| {
                    m.role() == role
                        && m.to() == square
                        && (role != Role::Pawn || from_file == Some(m.from().file().char()))
                })?
            }
        };
        out.push(mv.to_uci());
        pos.play_unchecked(mv);
    }
    Some(out)
}

fn main() {
    let mut runner = TestRunner::new(proptest::test_runner::Config {
        failure_persistence: None,
        ..config(256)
    });
    let result = runner.run(&scoresheet(game_length()), |sheet| {
        let expected: Vec<String> = sheet.playout.moves.iter().map(|m| m.to_uci()).collect();
        prop_assert_eq!(my_to_uci(&sheet.text), Some(expected), "{}", sheet.text);
        Ok(())
    });
    match result {
        Ok(()) => println!("my_to_uci read every sheet"),
        Err(TestError::Fail(why, sheet)) => {
            println!(
                "my_to_uci fails on this sheet (shrunk):\n{}\n{why}",
                sheet.text
            )
        }
        Err(e) => println!("{e}"),
    }
}
