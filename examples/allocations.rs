//! Counts the heap allocations of the streaming check (`check::check_reader`) on real games:
//! the lichess games of `tests/data/lichess_db_1000k.pgn` (CC0), written as Spanish
//! scoresheets (Appendix C, as `write::scoresheet` writes them), checked from a reader, as a
//! tool author's loop does. It prints the allocations and bytes a ply and a game; the goal of
//! the speed work is at most 0.05 allocations a ply, the report's own vectors aside.
//!
//! ```sh
//! cargo run --release --example allocations
//! ```
//!
//! The count is that of the system allocator, wrapped (`stats_alloc`): every allocation and
//! reallocation the loop makes, from the first read to the last report dropped. Writing the
//! sheets is done before and not counted.

use std::alloc::System;
use std::io::Cursor;

use planilla::check::{CheckOptions, check_reader, check_text};
use planilla::notation::Language;
use planilla::write::scoresheet;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() {
    let pgn = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess_db_1000k.pgn"
    ))
    .expect("tests/data/lichess_db_1000k.pgn");
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    let sheets: String = check_text(&pgn, &english)
        .filter(|r| !r.moves.is_empty())
        .map(|r| scoresheet(&r, &Language::SPANISH) + "\n")
        .collect();
    let options = CheckOptions::default();

    let region = Region::new(GLOBAL);
    let (mut games, mut plies, mut valid) = (0u64, 0u64, 0u64);
    for game in check_reader(Cursor::new(sheets.as_bytes()), &options) {
        let game = game.expect("reading from memory");
        games += 1;
        plies += game.report.moves.len() as u64;
        valid += u64::from(game.report.is_valid());
    }
    let stats = region.change();

    let allocations = (stats.allocations + stats.reallocations) as f64;
    println!(
        "{games} games ({valid} valid), {plies} plies, {} bytes of sheets",
        sheets.len()
    );
    println!(
        "allocations {} (reallocations {}), bytes allocated {}",
        stats.allocations + stats.reallocations,
        stats.reallocations,
        stats.bytes_allocated + stats.bytes_reallocated.max(0) as usize
    );
    println!(
        "a ply: {:.3} allocations, {:.0} bytes; a game: {:.1} allocations",
        allocations / plies as f64,
        (stats.bytes_allocated as f64 + stats.bytes_reallocated.max(0) as f64) / plies as f64,
        allocations / games as f64
    );
}
