//! One per-move loop of the benchmarks, run alone, for counting instructions: planilla on the
//! moves of the 433 lichess games of `tests/data/lichess_db_1000k.pgn` (CC0) written in
//! Spanish, or shakmaty on the same moves in English.
//!
//! ```sh
//! cargo build --release --example per_move
//! valgrind --tool=callgrind --toggle-collect='per_move::run' \
//!     target/release/examples/per_move MODE [REPEATS]
//! ```
//!
//! MODE is one of:
//! - `parse`: planilla's `Parser::parse_move`;
//! - `resolve`: planilla's parse, `resolve` and `play_unchecked`;
//! - `shakmaty-parse`: shakmaty's `SanPlus::from_ascii`;
//! - `shakmaty-resolve`: shakmaty's `from_ascii`, `to_move` and `play_unchecked`.
//!
//! Only `run` is counted with the option above, so that reading the games is left out. Divide
//! the count by the number of moves the program prints, times REPEATS (default 1).

use std::hint::black_box;
use std::process::ExitCode;

use planilla::Position;
use planilla::check::{CheckOptions, check_text};
use planilla::notation::{Language, Parser};
use planilla::resolve::{Options, Resolution, resolve};
use planilla::write::Style;
use shakmaty::Position as _;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_default();
    let repeats: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    if !["parse", "resolve", "shakmaty-parse", "shakmaty-resolve"].contains(&mode.as_str()) {
        eprintln!("usage: per_move parse|resolve|shakmaty-parse|shakmaty-resolve [REPEATS]");
        return ExitCode::from(2);
    }
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess_db_1000k.pgn"
    ))
    .expect("tests/data/lichess_db_1000k.pgn");
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    // Each game's moves, as Appendix C writes them and as lichess wrote them.
    let mut spanish: Vec<Vec<String>> = Vec::new();
    let mut sans: Vec<Vec<String>> = Vec::new();
    for report in check_text(&text, &english).filter(|r| !r.moves.is_empty()) {
        let mut pos = Position::startpos();
        let mut game = Vec::new();
        for ply in &report.moves {
            game.push(Style::APPENDIX_C.write_move(&pos, ply.mv));
            pos.play_unchecked(ply.mv);
        }
        spanish.push(game);
        sans.push(report.moves.iter().map(|m| m.san.to_string()).collect());
    }
    let moves: usize = spanish.iter().map(Vec::len).sum();
    println!("{moves} moves, {repeats} times");
    run(&mode, repeats, &spanish, &sans);
    ExitCode::SUCCESS
}

#[inline(never)]
fn run(mode: &str, repeats: usize, spanish: &[Vec<String>], sans: &[Vec<String>]) {
    let parser = Parser::spanish();
    for _ in 0..repeats {
        match mode {
            "parse" => {
                for m in spanish.iter().flatten() {
                    black_box(&parser.parse_move(black_box(m)));
                }
            }
            "resolve" => {
                for game in spanish {
                    let mut pos = Position::startpos();
                    for m in game {
                        let readings = parser.parse_move(m).expect("a move planilla wrote");
                        let options = Options::default();
                        let Resolution::Resolved(r) =
                            resolve(&pos, &readings, &Language::SPANISH, options)
                        else {
                            panic!("{m} does not resolve");
                        };
                        pos.play_unchecked(r.mv);
                    }
                    black_box(&pos);
                }
            }
            "shakmaty-parse" => {
                for m in sans.iter().flatten() {
                    black_box(&shakmaty::san::SanPlus::from_ascii(black_box(m.as_bytes())));
                }
            }
            _ => {
                for game in sans {
                    let mut pos = shakmaty::Chess::default();
                    for m in game {
                        let san = shakmaty::san::SanPlus::from_ascii(m.as_bytes()).expect("SAN");
                        let mv = san.san.to_move(&pos).expect("a legal move");
                        pos.play_unchecked(mv);
                    }
                    black_box(&pos);
                }
            }
        }
    }
}
