//! Parse-only throughput (moves per second) on the moves of the real lichess games
//! (`tests/data/lichess_db_1000k.pgn`, CC0), translated to Spanish letters, against shakmaty's
//! `SanPlus::from_ascii` on the same moves in English, in one criterion group.
//!
//! Run with `cargo bench --bench parse`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use planilla::notation::{CaseMode, Language, Parser};
use planilla::scoresheet::{Lexer, Token, TokenKind, read_games};

/// English SAN to Spanish letters: K→R, Q→D, R→T, B→A, N→C, O-O→0-0, `=Q`→`D`.
fn to_spanish(san: &str) -> String {
    let mut out = String::with_capacity(san.len());
    for c in san.chars() {
        match c {
            'K' => out.push('R'),
            'Q' => out.push('D'),
            'R' => out.push('T'),
            'B' => out.push('A'),
            'N' => out.push('C'),
            'O' => out.push('0'),
            '=' => {}
            c => out.push(c),
        }
    }
    out
}

/// The lichess SAN tokens of every main line, exactly as written in the file.
fn english_moves(pgn: &str) -> Vec<String> {
    let english = Parser::new(Language::ENGLISH, CaseMode::Strict);
    let mut moves = Vec::new();
    for game in read_games(pgn.as_bytes(), english) {
        for r in game.expect("the lichess file parses").mainline() {
            moves.push(pgn[r.first().span().range()].to_owned());
        }
    }
    moves
}

fn parse(c: &mut Criterion) {
    let pgn = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lichess_db_1000k.pgn"
    ))
    .expect("test data");
    let english = english_moves(&pgn);
    let spanish: Vec<String> = english.iter().map(|m| to_spanish(m)).collect();
    // A large Spanish movetext: the moves numbered in pairs, one long text.
    let mut movetext = String::new();
    for (i, pair) in spanish.chunks(2).enumerate() {
        movetext.push_str(&format!("{}. {} ", i + 1, pair.join(" ")));
    }
    let n = english.len() as u64;
    let parser = Parser::spanish();

    let mut group = c.benchmark_group("parse");
    group
        .throughput(Throughput::Elements(n))
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    group.bench_function("shakmaty SanPlus::from_ascii (English)", |b| {
        b.iter(|| {
            for m in &english {
                black_box(&shakmaty::san::SanPlus::from_ascii(black_box(m.as_bytes())));
            }
        })
    });
    group.bench_function("planilla Parser::parse_move (Spanish)", |b| {
        b.iter(|| {
            for m in &spanish {
                black_box(&parser.parse_move(black_box(m)));
            }
        })
    });
    group.bench_function("planilla Lexer, whole movetext (Spanish)", |b| {
        b.iter(|| {
            let mut moves = 0u64;
            for t in Lexer::new(black_box(&movetext), parser) {
                if let Ok(Token {
                    kind: TokenKind::Move(_),
                    ..
                }) = t
                {
                    moves += 1;
                }
            }
            assert_eq!(moves, n);
        })
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
