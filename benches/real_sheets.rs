//! Reconstruction of real handwritten sheets: every sheet of the tuning half of the HCS
//! dataset's labels (`tests/data/hcs`, CC BY 3.0: the odd games, 110 sheets), reconstructed
//! on one thread with the default limits ([`Limits::default`]), and every game of it with two
//! sheets reconciled. The held-back half is not read here.
//!
//! The sweep prints the median and the slowest time a sheet (the goal of #42: a median of at
//! most 20 ms, the slowest at most 1 s, `reconcile` at most 1 s), with the check of the same
//! sheet for scale: no other tool reconstructs a sheet, so the check of the same text is the
//! reference the ratio uses. Criterion then measures the median sheet, the slowest sheet and
//! the slowest pair, each beside its check.
//!
//! `cargo bench --bench real_sheets`

#[path = "../tests/common/hcs.rs"]
mod hcs;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};

use planilla::check::check_text;
use planilla::reconstruct::{Limits, reconcile_text_with_limits, reconstruct_text};

fn real_sheets(c: &mut Criterion) {
    let options = hcs::options();
    let limits = Limits::default();
    let sheets: Vec<_> = hcs::sheets()
        .into_iter()
        .filter(|s| hcs::Half::of(s.game) == hcs::Half::Tuning)
        .collect();
    // (time, sheet index) of every reconstruction, and the time of every check.
    let mut times: Vec<(Duration, usize)> = Vec::new();
    let mut damaged: Vec<Duration> = Vec::new();
    let mut checks: Vec<Duration> = Vec::new();
    for (i, sheet) in sheets.iter().enumerate() {
        let began = Instant::now();
        let found = black_box(reconstruct_text(&sheet.text, &options, &limits));
        times.push((began.elapsed(), i));
        if found.iter().any(Option::is_some) {
            damaged.push(began.elapsed());
        }
        let began = Instant::now();
        black_box(check_text(&sheet.text, &options).count());
        checks.push(began.elapsed());
    }
    // Each game with two sheets, reconciled.
    let mut pairs: Vec<(Duration, usize, usize)> = Vec::new();
    for (i, a) in sheets.iter().enumerate() {
        if let Some(j) = sheets
            .iter()
            .position(|b| b.game == a.game && b.name > a.name)
        {
            let began = Instant::now();
            let _ = black_box(reconcile_text_with_limits(
                &a.text,
                &sheets[j].text,
                &options,
                &limits,
            ));
            pairs.push((began.elapsed(), i, j));
        }
    }
    times.sort_unstable();
    damaged.sort_unstable();
    checks.sort_unstable();
    pairs.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (median, median_at) = times[times.len() / 2];
    let (slowest, slowest_at) = times[times.len() - 1];
    let check_median = checks[checks.len() / 2];
    println!(
        "{} real sheets (HCS, tuning half), one thread, limits: {} nodes, beam {}: \
         reconstruct median {:.2}ms, slowest {:.2}ms ({}); check median {:.3}ms \
         (median ratio {:.0}x); the {} damaged sheets alone: median {:.2}ms",
        sheets.len(),
        limits.max_nodes,
        limits.beam,
        ms(median),
        ms(slowest),
        sheets[slowest_at].name,
        ms(check_median),
        median.as_secs_f64() / check_median.as_secs_f64(),
        damaged.len(),
        ms(damaged[damaged.len() / 2]),
    );
    let (pair_slowest, pa, pb) = pairs[pairs.len() - 1];
    println!(
        "{} games with two sheets: reconcile median {:.2}ms, slowest {:.2}ms ({} and {})",
        pairs.len(),
        ms(pairs[pairs.len() / 2].0),
        ms(pair_slowest),
        sheets[pa].name,
        sheets[pb].name,
    );

    let mut group = c.benchmark_group("real_sheets");
    group.sample_size(10);
    for (name, at) in [("median_sheet", median_at), ("slowest_sheet", slowest_at)] {
        let text = &sheets[at].text;
        group.bench_function(format!("{name}/reconstruct"), |b| {
            b.iter(|| reconstruct_text(black_box(text), &options, &limits))
        });
        group.bench_function(format!("{name}/check"), |b| {
            b.iter(|| check_text(black_box(text), &options).count())
        });
    }
    let (a, b) = (&sheets[pa].text, &sheets[pb].text);
    group.bench_function("slowest_pair/reconcile", |bench| {
        bench.iter(|| reconcile_text_with_limits(black_box(a), black_box(b), &options, &limits))
    });
    group.finish();
}

criterion_group!(benches, real_sheets);
criterion_main!(benches);
