//! Decoding a recognizer's candidates: 40 real games of at least 80 plies from `tests/data`,
//! written as Spanish sheets of 80 boxes, each box read by the simulated recognizer of
//! `tests/common/recognizer.rs` with k = 25 candidates (the same sheets as
//! `examples/decode_audit.rs --speed`), decoded on one thread ([`decode`]).
//!
//! The sweep decodes every sheet once and prints the median and the slowest time a sheet
//! (the goals: 20 ms and 500 ms), beside the time of checking the sheet of each box's
//! first reading (`check_text`), for scale: no other library decodes candidates. Criterion
//! then measures the median sheet and the slowest one.
//!
//! `cargo bench --bench decode`

#[path = "../tests/common/hcs.rs"]
mod hcs;
#[path = "../tests/common/real_games.rs"]
mod real_games;
#[path = "../tests/common/recognizer.rs"]
mod recognizer;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};

use planilla::check::{CheckOptions, check_text};
use planilla::notation::Language;
use planilla::reconstruct::{Limits, decode};
use recognizer::{Confusions, Recognizer, Rng, SimulatedSheet};

fn sheets() -> Vec<(planilla::Position, SimulatedSheet)> {
    let counts = Confusions::from_hcs();
    let model = Recognizer::new(&counts, Language::SPANISH).with_k(25);
    real_games::real_games()
        .games
        .iter()
        .filter(|g| g.moves.len() >= 80)
        .take(40)
        .enumerate()
        .map(|(g, game)| {
            let mut rng = Rng::new(43 ^ 0xABCD ^ g as u64);
            (game.start, model.sheet(game.start, &game.moves, &mut rng))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let sheets = sheets();
    let options = CheckOptions::default();
    let limits = Limits::default();
    let mut timed: Vec<(Duration, usize)> = Vec::new();
    let mut checks: Vec<Duration> = Vec::new();
    for (i, (start, sheet)) in sheets.iter().enumerate() {
        let began = Instant::now();
        black_box(decode(&sheet.cells, *start, &options, &limits).expect("decodes"));
        timed.push((began.elapsed(), i));
        let text = sheet.top_text();
        let began = Instant::now();
        black_box(check_text(&text, &options).count());
        checks.push(began.elapsed());
    }
    timed.sort();
    checks.sort();
    let (median, slowest) = (timed[timed.len() / 2], timed[timed.len() - 1]);
    println!(
        "decode, {} sheets of 80 boxes, k = 25: median {:.2?}, slowest {:.2?}; checking the first readings: median {:.2?}",
        timed.len(),
        median.0,
        slowest.0,
        checks[checks.len() / 2]
    );
    let mut group = c.benchmark_group("decode");
    group.sample_size(10);
    for (name, (_, i)) in [("median", median), ("slowest", slowest)] {
        let (start, sheet) = &sheets[i];
        group.bench_function(format!("{name}/decode"), |b| {
            b.iter(|| decode(black_box(&sheet.cells), *start, &options, &limits))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
