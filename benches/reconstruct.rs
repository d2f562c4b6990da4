//! Reconstruction of damaged sheets: the real games of `tests/data` written as Spanish sheets,
//! damaged as the audit damages them (`tests/common/damage.rs`, the same seeds as
//! `examples/reconstruct_audit.rs`), and reconstructed on one thread with the default node
//! budget ([`Limits::default`]: 60,000 positions, a window of 10 plies).
//!
//! The sweep reconstructs every damaged sheet once and prints, per damage kind and over all of
//! them, the median, the 99th percentile and the slowest time a sheet, the slowest sheet's
//! node count, and the time of checking the same sheets (`check_text`) for scale: no other
//! tool reconstructs a sheet, so the check of the same text is the reference the ratios use.
//! Criterion then measures the median sheet and the slowest one, each beside its check.
//!
//! `cargo bench --bench reconstruct`

#[path = "../tests/common/audit.rs"]
mod audit;
#[path = "../tests/common/damage.rs"]
mod damage;
#[path = "../tests/common/real_games.rs"]
mod real_games;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};

use damage::{Kind, Lcg};
use planilla::Position;
use planilla::check::{CheckOptions, check_text};
use planilla::reconstruct::{Limits, reconstruct_text};

/// The audit's seed.
const SEED: u64 = 1;

/// Every damaged sheet of the audit: its kind and text.
fn damaged_sheets() -> Vec<(Kind, String)> {
    let loaded = real_games::real_games();
    let real: Vec<_> = loaded
        .games
        .iter()
        .filter(|g| g.start == Position::startpos())
        .collect();
    let mut sheets = Vec::new();
    for kind in Kind::ALL {
        for (i, g) in real.iter().enumerate() {
            let mut rng = Lcg::new(SEED, i as u64 * 7 + kind as u64);
            let count = 1 + rng.below(3);
            if let Some(d) = damage::damage(&g.start, &g.moves, kind, count, &mut rng) {
                sheets.push((kind, d.text));
            }
        }
    }
    sheets
}

/// The median, 99th percentile and slowest of `times` (sorted here).
fn spread(times: &mut [Duration]) -> (Duration, Duration, Duration) {
    times.sort_unstable();
    let n = times.len();
    (times[n / 2], times[n * 99 / 100], times[n - 1])
}

fn reconstruct(c: &mut Criterion) {
    let options = CheckOptions::default();
    let limits = Limits::default();
    let sheets = damaged_sheets();
    println!(
        "{} damaged sheets; node budget {} positions, window {} plies; one thread",
        sheets.len(),
        limits.max_nodes,
        limits.window
    );
    // (time, sheet index, nodes) of every reconstruction, and the time of every check.
    let mut all: Vec<(Duration, usize, u32)> = Vec::new();
    let mut checks: Vec<Duration> = Vec::new();
    for (i, (_, text)) in sheets.iter().enumerate() {
        let began = Instant::now();
        let found = black_box(reconstruct_text(text, &options, &limits));
        let took = began.elapsed();
        let nodes = found
            .iter()
            .flatten()
            .map(|r| r.nodes)
            .max()
            .unwrap_or_default();
        all.push((took, i, nodes));
        let began = Instant::now();
        black_box(check_text(text, &options).count());
        checks.push(began.elapsed());
    }
    println!(
        "{:<15} {:>6} {:>10} {:>10} {:>10} {:>12} {:>13}",
        "kind", "sheets", "median", "p99", "slowest", "check median", "ratio median"
    );
    for kind in Kind::ALL {
        let of_kind = |k: &Kind| *k == kind;
        let mut times: Vec<Duration> = all
            .iter()
            .filter(|(_, i, _)| of_kind(&sheets[*i].0))
            .map(|t| t.0)
            .collect();
        let mut check: Vec<Duration> = checks
            .iter()
            .zip(&sheets)
            .filter(|(_, (k, _))| of_kind(k))
            .map(|(t, _)| *t)
            .collect();
        let (median, p99, slowest) = spread(&mut times);
        let (check_median, _, _) = spread(&mut check);
        println!(
            "{:<15} {:>6} {:>8.2}ms {:>8.2}ms {:>8.2}ms {:>10.3}ms {:>12.1}x",
            kind.code(),
            times.len(),
            median.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3,
            slowest.as_secs_f64() * 1e3,
            check_median.as_secs_f64() * 1e3,
            median.as_secs_f64() / check_median.as_secs_f64(),
        );
    }
    let mut times: Vec<Duration> = all.iter().map(|t| t.0).collect();
    let (median, p99, slowest) = spread(&mut times);
    let (check_median, _, _) = spread(&mut checks);
    all.sort_unstable();
    let (_, median_at, median_nodes) = all[all.len() / 2];
    let (_, slowest_at, slowest_nodes) = all[all.len() - 1];
    println!(
        "all: median {:.2}ms ({median_nodes} nodes), p99 {:.2}ms, slowest {:.2}ms \
         ({slowest_nodes} nodes, a {} sheet); check median {:.3}ms",
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3,
        sheets[slowest_at].0.code(),
        check_median.as_secs_f64() * 1e3,
    );

    let mut group = c.benchmark_group("reconstruct");
    group.sample_size(10);
    for (name, at) in [("median_sheet", median_at), ("slowest_sheet", slowest_at)] {
        let text = &sheets[at].1;
        group.bench_function(format!("{name}/reconstruct"), |b| {
            b.iter(|| reconstruct_text(black_box(text), &options, &limits))
        });
        group.bench_function(format!("{name}/check"), |b| {
            b.iter(|| check_text(black_box(text), &options).count())
        });
    }
    group.finish();
}

criterion_group!(benches, reconstruct);
criterion_main!(benches);
