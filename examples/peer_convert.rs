//! The peer of `planilla convert` in `scripts/bench_cli.sh`: English PGN in, PGN out, read
//! with pgn-reader and played with shakmaty (`to_move`, play, SAN with its suffix), one game
//! at a time, so that memory stays flat on any file.
//!
//! shakmaty (GPL-3.0) and pgn-reader are dev-dependencies: this program is a yardstick for
//! the benchmarks, not part of the library.
//!
//! ```sh
//! cargo run --release --example peer_convert -- games.pgn > out.pgn
//! ```
//!
//! Exit code 0 when every game was read and every move played; 1 when a move did not play (its
//! game is cut there); 2 when the file cannot be read.

use std::io::{Read, Write};
use std::process::ExitCode;

#[path = "../benches/peer/mod.rs"]
mod peer;

fn main() -> ExitCode {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".to_owned());
    let input: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        match std::fs::File::open(&path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("peer_convert: {path}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let mut reader = pgn_reader::Reader::new(input);
    let mut visitor = peer::ToPgn::default();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut complete = true;
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(())) => {}
            Ok(None) => break,
            Err(e) => {
                eprintln!("peer_convert: {path}: {e}");
                return ExitCode::from(2);
            }
        }
        complete &= !visitor.cut;
        visitor.cut = false;
        if out.write_all(visitor.out.as_bytes()).is_err() {
            return ExitCode::from(2);
        }
        visitor.out.clear();
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    if complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
