//! Sealed-move adjudication over chasolver's test suite (`tests/data/chasolver-positions.txt`).
//!
//! Every legal position is adjudicated once with a sealed move that cannot be read, which
//! asks the whole question: can the opponent (and, if not, the sealer) still checkmate? The
//! sweep prints the median, the 99th percentile and the worst time, and the worst position.
//! Criterion then measures the median position and the worst one, and, side by side with
//! shakmaty, the material check alone over every position.
//!
//! `cargo bench --bench sealed`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};

use planilla::check::CheckOptions;
use planilla::laws::winnability::{Budget, insufficient_material};
use planilla::notation::Language;
use planilla::resolve::Edition;
use planilla::sealed::{Adjudication, SealedOptions, adjudicate_sealed_with};
use planilla::{Color, Position};

const POSITIONS: &str = include_str!("../tests/data/chasolver-positions.txt");

fn legal_positions() -> Vec<(&'static str, Position)> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .filter_map(|l| {
            let fen = l[2..].trim();
            Position::from_fen(fen).ok().map(|p| (fen, p))
        })
        .collect()
}

fn adjudicate(pos: &Position) -> Adjudication {
    let options = SealedOptions::default()
        .with_check(
            CheckOptions::default()
                .with_language(Language::SPANISH)
                .with_edition(Edition::Fide2023),
        )
        .with_budget(Budget::default().with_time_limit(None));
    adjudicate_sealed_with(pos, "Rz9", &options)
}

fn sealed(c: &mut Criterion) {
    let positions = legal_positions();
    let mut times: Vec<(Duration, usize)> = positions
        .iter()
        .enumerate()
        .map(|(i, (_, pos))| {
            let start = Instant::now();
            black_box(adjudicate(pos));
            (start.elapsed(), i)
        })
        .collect();
    times.sort();
    let n = times.len();
    let (median, median_at) = times[n / 2];
    let (worst, worst_at) = times[n - 1];
    let total: Duration = times.iter().map(|t| t.0).sum();
    println!(
        "sweep of {n} adjudications: median {median:?}, p99 {:?}, worst {worst:?} ({}), total {total:?}",
        times[n * 99 / 100].0,
        positions[worst_at].0
    );

    let mut group = c.benchmark_group("sealed");
    group.sample_size(10);
    group.bench_function("median_position", |b| {
        b.iter(|| adjudicate(black_box(&positions[median_at].1)))
    });
    group.bench_function("worst_position", |b| {
        b.iter(|| adjudicate(black_box(&positions[worst_at].1)))
    });
    group.finish();

    let theirs: Vec<Chess> = positions
        .iter()
        .filter_map(|(fen, _)| {
            fen.parse::<Fen>()
                .ok()?
                .into_position(CastlingMode::Standard)
                .ok()
        })
        .collect();
    let mut group = c.benchmark_group("material");
    group.throughput(Throughput::Elements(2 * positions.len() as u64));
    group.bench_function("planilla", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter(|(_, p)| {
                    insufficient_material(p, Color::White) || insufficient_material(p, Color::Black)
                })
                .count()
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            theirs
                .iter()
                .filter(|p| {
                    p.has_insufficient_material(shakmaty::Color::White)
                        || p.has_insufficient_material(shakmaty::Color::Black)
                })
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, sealed);
criterion_main!(benches);
