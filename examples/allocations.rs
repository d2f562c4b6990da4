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
//!
//! It also counts the heap blocks the reports themselves hold (their tags, moves, draw offers
//! and diagnostics, and the roster's fields too long to keep inline), and prints what the
//! check allocates besides them: the issue's "the report's own vectors aside".

use std::alloc::System;
use std::io::Cursor;

use planilla::check::{CheckOptions, GameReport, NamedMove, check_reader, check_text};
use planilla::notation::Language;
use planilla::write::scoresheet;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// What one run counts.
pub struct Figures {
    /// Games checked, and how many valid.
    pub games: u64,
    /// Of which valid.
    pub valid: u64,
    /// Plies read.
    pub plies: u64,
    /// Bytes of sheets read.
    pub bytes: usize,
    /// Allocations and reallocations of the whole loop.
    pub allocations: u64,
    /// Of which reallocations.
    pub reallocations: u64,
    /// Bytes allocated.
    pub bytes_allocated: u64,
    /// Heap blocks the reports hold when the loop ends.
    pub held: u64,
}

/// Writes the sheets, then counts the allocations of checking them from a reader.
pub fn measure() -> Figures {
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
    let (mut games, mut plies, mut valid, mut held_blocks) = (0u64, 0u64, 0u64, 0u64);
    for game in check_reader(Cursor::new(sheets.as_bytes()), &options) {
        let game = game.expect("reading from memory");
        games += 1;
        plies += game.report.moves.len() as u64;
        valid += u64::from(game.report.is_valid());
        held_blocks += held(&game.report);
    }
    let stats = region.change();
    Figures {
        games,
        valid,
        plies,
        bytes: sheets.len(),
        allocations: (stats.allocations + stats.reallocations) as u64,
        reallocations: stats.reallocations as u64,
        bytes_allocated: (stats.bytes_allocated + stats.bytes_reallocated.max(0) as usize) as u64,
        held: held_blocks,
    }
}

#[allow(dead_code)]
fn main() {
    let f = measure();
    let (plies, games) = (f.plies as f64, f.games as f64);
    println!(
        "{} games ({} valid), {} plies, {} bytes of sheets",
        f.games, f.valid, f.plies, f.bytes
    );
    println!(
        "allocations {} (reallocations {}), bytes allocated {}",
        f.allocations, f.reallocations, f.bytes_allocated
    );
    println!(
        "a ply: {:.3} allocations, {:.0} bytes; a game: {:.1} allocations",
        f.allocations as f64 / plies,
        f.bytes_allocated as f64 / plies,
        f.allocations as f64 / games
    );
    let besides = (f.allocations - f.held) as f64;
    println!(
        "held by the reports: {} blocks; besides them: {besides} allocations, {:.3} a ply, {:.1} a game",
        f.held,
        besides / plies,
        besides / games
    );
}

/// The heap blocks `report` holds: one for each list with room (its moves, draw offers, clock
/// times and diagnostics), two for its tags (their text
/// and their ends), one for each roster field too long to keep inline, and a diagnostic's
/// own texts and lists.
fn held(report: &GameReport) -> u64 {
    let list = |capacity: usize| u64::from(capacity > 0);
    let r = &report.roster;
    let roster = [
        &r.event, &r.site, &r.date, &r.round, &r.white, &r.black, &r.result,
    ]
    .iter()
    .filter(|f| !f.is_inline())
    .count() as u64;
    let diagnostics: u64 = report
        .diagnostics
        .iter()
        .map(|d| {
            let named = |moves: &[NamedMove]| {
                moves
                    .iter()
                    .map(|m| list(m.written.capacity()))
                    .sum::<u64>()
            };
            d.written.as_ref().map_or(0, |w| list(w.capacity()))
                + list(d.candidates.capacity())
                + list(d.suggestions.capacity())
                + named(&d.candidates)
                + named(&d.suggestions)
        })
        .sum();
    2 * u64::from(!report.tags.is_empty())
        + roster
        + report.start_fen.as_ref().map_or(0, |f| list(f.capacity()))
        + list(report.moves.capacity())
        + list(report.draw_offers.capacity())
        + list(report.clocks.capacity())
        + list(report.diagnostics.capacity())
        + diagnostics
}
