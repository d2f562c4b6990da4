//! The command line's pipeline reads its input in blocks split on the pool
//! (`planilla_app::stream::for_each_chunk_parallel`): its pieces must be the serial reading's
//! (`StreamGames::next_chunk`), byte for byte, with the same offsets and line numbers, on
//! inputs whose cuts all hold, on inputs where the serial reading would not cut where the
//! blocks are cut, and on inputs with no place to cut at all.

use std::convert::Infallible;

use planilla::check::CheckOptions;
use planilla::notation::Language;
use planilla::scoresheet::StreamGames;
use planilla_app::stream::for_each_chunk_parallel;

/// A piece as the reading gave it: offset, line, bytes skipped, text.
type Piece = (u64, u64, u64, Vec<u8>);

/// Asserts that the pipeline reads `text` into the pieces the serial reading gives.
fn same_pieces_both_ways(name: &str, text: &[u8], options: &CheckOptions) {
    let mut serial = StreamGames::new(text, options.parser());
    let expected: Vec<Piece> = std::iter::from_fn(|| serial.next_chunk())
        .map(|c| (c.offset, c.line, c.skipped, c.text))
        .collect();
    let mut got: Vec<Piece> = Vec::new();
    let finished = for_each_chunk_parallel(
        text,
        options,
        None,
        |p| {
            let c = &p.chunk;
            (c.offset, c.line, c.skipped, c.text.clone())
        },
        |piece| {
            got.push(piece);
            Ok::<(), Infallible>(())
        },
    )
    .unwrap();
    assert_eq!(got.len(), expected.len(), "{name}: how many pieces");
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert!(
            g == e,
            "{name}: piece {i} differs: offset {} line {} ({} bytes), expected offset {} line {} ({} bytes)",
            g.0,
            g.1,
            g.3.len(),
            e.0,
            e.1,
            e.3.len()
        );
    }
    assert_eq!(finished.pieces, expected.len(), "{name}");
    assert!(
        expected.len() > 1,
        "{name}: the input is read as several pieces"
    );
}

#[test]
fn the_pipeline_reads_the_pieces_of_the_serial_reading() {
    let lichess = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/lichess_db_1000k.pgn"
    ))
    .unwrap();
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    let spanish = CheckOptions::default();

    // 2 MB of PGN: every block is cut before an `[Event "…"]` line, and every cut holds.
    same_pieces_both_ways("lichess, four times", &lichess.repeat(4), &english);
    // The same with CRLF line ends.
    let crlf: Vec<u8> = lichess
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect();
    same_pieces_both_ways("lichess, CRLF, twice", &crlf.repeat(2), &english);

    // Spanish sheets, every seventh with no moves: the serial reading reads a game with no
    // moves with the next one, so a block cut after one does not hold, and is mended.
    let mut sheets = String::new();
    for i in 0..15_000 {
        sheets.push_str(&format!(
            "Evento: Abierto {i}\nBlancas: Ana\nNegras: Luis\n\n"
        ));
        if i % 7 == 3 {
            sheets.push_str("\nResultado: 1/2-1/2\n\n");
        } else {
            sheets.push_str("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6\n\nResultado: 1-0\n\n");
        }
    }
    same_pieces_both_ways(
        "Spanish sheets, some with no moves",
        sheets.as_bytes(),
        &spanish,
    );

    // Header lines inside an open comment after a blank line: no cut there holds.
    let comments = "[Event \"a\"]\n\n1. e4 { open\n\n[Event \"inside\"]\n\nstill open } e5 *\n\n"
        .repeat(25_000);
    same_pieces_both_ways("header lines in comments", comments.as_bytes(), &english);

    // A comment of 5 MB: no place to cut within 4 MiB, so the rest is read serially, the
    // games after it included.
    let mut long = format!(
        "[Event \"long\"]\n\n1. e4 {{ {} }} e5 *\n\n",
        "word ".repeat(1_000_000)
    );
    long.push_str(std::str::from_utf8(&lichess).unwrap());
    same_pieces_both_ways("a comment of 5 MB, then games", long.as_bytes(), &english);
}
