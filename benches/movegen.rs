//! Perft throughput, planilla and shakmaty side by side in one criterion group.
//!
//! Both count the last ply's legal moves without playing them. `planilla::position::perft`
//! counts them without writing them out (bulk counting, [`Position::legal_move_count`]);
//! `shakmaty::perft` takes the length of its move list. The third line, "move lists", is
//! planilla counted the way shakmaty counts, `legal_moves().len()`, to compare the generators
//! when both write every move. Throughput is reported in nodes (leaf move sequences) per
//! second.
//!
//! `cargo bench --bench movegen`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, fen::Fen};
use std::hint::black_box;

use planilla::Position;

/// Perft that writes out the last ply's moves and takes the list's length, as shakmaty does.
fn perft_with_lists(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            perft_with_lists(&child, depth - 1)
        })
        .sum()
}

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let ours = Position::from_fen(fen).unwrap();
        let theirs: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert_eq!(planilla::position::perft(&ours, depth), nodes);
        assert_eq!(shakmaty::perft(&theirs, depth), nodes);
        assert_eq!(perft_with_lists(&ours, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("planilla/{name}/{depth}"), |b| {
            b.iter(|| planilla::position::perft(black_box(&ours), depth))
        });
        group.bench_function(format!("planilla/{name}/{depth} (move lists)"), |b| {
            b.iter(|| perft_with_lists(black_box(&ours), depth))
        });
        group.bench_function(format!("shakmaty/{name}/{depth}"), |b| {
            b.iter(|| shakmaty::perft(black_box(&theirs), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
