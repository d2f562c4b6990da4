//! Perft from a FEN: `cargo run --release --example perft -- "<FEN>" <depth> [--divide]`.
//!
//! Prints the node count alone on its last line. With `--divide`, first lists each legal move
//! (UCI) with the count after it. Exit code 2 on a bad FEN or depth.

use std::process::ExitCode;

use planilla::Position;
use planilla::position::{divide, perft};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let show_divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--divide").collect();
    let [fen, depth] = rest[..] else {
        eprintln!("usage: perft \"<FEN>\" <depth> [--divide]");
        return ExitCode::from(2);
    };
    let pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::from(2);
        }
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("perft: the depth must be a whole number, not {depth:?}");
        return ExitCode::from(2);
    };
    if show_divide {
        let split = divide(&pos, depth);
        for (m, n) in &split {
            println!("{m}: {n}");
        }
        println!("{}", split.iter().map(|(_, n)| n).sum::<u64>());
    } else {
        println!("{}", perft(&pos, depth));
    }
    ExitCode::SUCCESS
}
