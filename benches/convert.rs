//! Conversion throughput, planilla beside shakmaty and pgn-reader on the same 433 lichess games.
//!
//! - `moves`: per move, parse + resolve + play + write SAN (planilla, on the games in Spanish)
//!   against `SanPlus::from_ascii` + `to_move` + play + SAN (shakmaty, in English). Moves/s.
//! - `file`: a whole file converted to PGN, one thread: planilla's scoresheet reader,
//!   validator and PGN writer on the Spanish sheets, against pgn-reader's visitor with
//!   shakmaty `to_move` + play + SAN on the same games as English PGN. Bytes/s of each input.
//!
//! `cargo bench --bench convert`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use planilla::check::{CheckOptions, check_text};
use planilla::notation::{Language, Parser};
use planilla::resolve::{Options, Resolution, resolve};
use planilla::scoresheet::{Chunk, StreamGames};
use planilla::write::{PgnComments, SanPlus, Style, pgn};
use planilla::{Move, Position};
use shakmaty::Position as _;

mod peer;

struct Corpus {
    /// Each game's moves in Spanish (Appendix C canonical form).
    spanish_moves: Vec<Vec<String>>,
    /// Each game's moves in English SAN.
    english_moves: Vec<Vec<String>>,
    /// The games as Spanish scoresheets, one file.
    spanish_file: String,
    /// The same games as English PGN, one file.
    english_file: String,
    moves: u64,
}

fn corpus() -> Corpus {
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    let reports: Vec<_> = check_text(include_str!("../tests/data/lichess_db_1000k.pgn"), &english)
        .filter(|r| !r.moves.is_empty())
        .collect();
    let mut c = Corpus {
        spanish_moves: Vec::new(),
        english_moves: Vec::new(),
        spanish_file: String::new(),
        english_file: String::new(),
        moves: 0,
    };
    for r in &reports {
        let moves: Vec<Move> = r.moves.iter().map(|m| m.mv).collect();
        let mut pos = Position::startpos();
        let mut spanish = Vec::new();
        for &m in &moves {
            spanish.push(Style::APPENDIX_C.write_move(&pos, m));
            pos.play_unchecked(m);
        }
        c.moves += moves.len() as u64;
        c.spanish_moves.push(spanish);
        c.english_moves
            .push(r.moves.iter().map(|m| m.san.to_string()).collect());
        c.spanish_file.push_str(&format!(
            "Blancas: {}\nNegras: {}\n\n{}{}\n\n",
            r.roster.white,
            r.roster.black,
            Style::APPENDIX_C.write_moves(Position::startpos(), &moves),
            r.result()
        ));
        c.english_file.push_str(&pgn(
            r,
            PgnComments::ErrorOnly,
            planilla::check::MessageLanguage::English,
        ));
        c.english_file.push('\n');
    }
    c
}

/// planilla on every move of the Spanish games: parse, resolve, play, and with `write_san` the
/// SAN with its suffix, as the validator writes it (from the resolver's own candidates).
fn planilla_moves(corpus: &Corpus, parser: Parser, write_san: bool, out: &mut String) {
    use std::fmt::Write;
    for game in &corpus.spanish_moves {
        let mut pos = Position::startpos();
        for text in game {
            let readings = parser.parse_move(text).unwrap();
            let Resolution::Resolved(r) =
                resolve(&pos, &readings, &Language::SPANISH, Options::default())
            else {
                panic!("{text}")
            };
            if write_san {
                out.clear();
                let _ = write!(out, "{}", SanPlus::from_san_and_play(&mut pos, r.san, r.mv));
                black_box(&out);
            } else {
                pos.play_unchecked(r.mv);
            }
        }
        black_box(&pos);
    }
}

/// shakmaty on every move of the English games: `SanPlus::from_ascii`, `to_move`, play, and
/// with `write_san` the SAN with its suffix.
fn shakmaty_moves(corpus: &Corpus, write_san: bool, out: &mut String) {
    use std::fmt::Write;
    for game in &corpus.english_moves {
        let mut pos = shakmaty::Chess::default();
        for text in game {
            let san = shakmaty::san::SanPlus::from_ascii(text.as_bytes()).unwrap();
            let m = san.san.to_move(&pos).unwrap();
            if write_san {
                out.clear();
                let _ = write!(
                    out,
                    "{}",
                    shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, m)
                );
                black_box(&out);
            } else {
                pos.play_unchecked(m);
            }
        }
        black_box(&pos);
    }
}

fn moves(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("convert/moves");
    group.throughput(Throughput::Elements(corpus.moves));
    let parser = Parser::spanish();
    let mut out = String::with_capacity(16);
    group.bench_function("planilla parse+resolve+play+san (Spanish)", |b| {
        b.iter(|| planilla_moves(corpus, parser, true, &mut out))
    });
    group.bench_function("shakmaty parse+to_move+play+san (English)", |b| {
        b.iter(|| shakmaty_moves(corpus, true, &mut out))
    });
    // The reference measurement: no SAN writing, shakmaty with play_unchecked.
    group.bench_function("planilla parse+resolve+play (Spanish)", |b| {
        b.iter(|| planilla_moves(corpus, parser, false, &mut out))
    });
    group.bench_function("shakmaty parse+to_move+play (English)", |b| {
        b.iter(|| shakmaty_moves(corpus, false, &mut out))
    });
    group.finish();
}

fn file(c: &mut Criterion, corpus: &Corpus) {
    let mut group = c.benchmark_group("convert/file");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(corpus.spanish_file.len() as u64));
    group.bench_function("planilla sheets -> PGN (Spanish)", |b| {
        b.iter(|| {
            let mut out = String::new();
            for report in check_text(&corpus.spanish_file, &CheckOptions::default()) {
                assert!(report.is_valid());
                out.push_str(&pgn(
                    &report,
                    PgnComments::ErrorOnly,
                    planilla::check::MessageLanguage::Spanish,
                ));
            }
            black_box(out.len())
        })
    });
    // The command line's pipeline: chunks streamed from a reader, checked on every core.
    group.bench_function(
        "planilla sheets -> PGN, all cores, as `planilla convert`",
        |b| {
            use rayon::prelude::*;
            b.iter(|| {
                let mut stream =
                    StreamGames::new(corpus.spanish_file.as_bytes(), Parser::spanish());
                let chunks: Vec<Chunk> = std::iter::from_fn(|| stream.next_chunk()).collect();
                let out: Vec<String> = chunks
                    .par_iter()
                    .map(|c| {
                        let text = std::str::from_utf8(&c.text).unwrap();
                        check_text(text, &CheckOptions::default())
                            .map(|r| {
                                pgn(
                                    &r,
                                    PgnComments::ErrorOnly,
                                    planilla::check::MessageLanguage::Spanish,
                                )
                            })
                            .collect()
                    })
                    .collect();
                black_box(out.len())
            })
        },
    );
    group.throughput(Throughput::Bytes(corpus.english_file.len() as u64));
    group.bench_function("pgn-reader+shakmaty PGN -> PGN (English)", |b| {
        b.iter(|| {
            let mut reader = pgn_reader::Reader::new(corpus.english_file.as_bytes());
            let mut visitor = peer::ToPgn::default();
            while reader.read_game(&mut visitor).unwrap().is_some() {}
            black_box(visitor.out.len())
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let corpus = corpus();
    moves(c, &corpus);
    file(c, &corpus);
}

criterion_group!(convert, benches);
criterion_main!(convert);
