//! The properties of the `descriptive` fuzz target, shared with `tests/descriptive_fuzz.rs`,
//! which runs them on generated input in the test suite.
//!
//! The first byte: bit 0 picks English (else Spanish), bits 1-2 the position the move is
//! resolved in (`POSITIONS`). The rest is the text, read as UTF-8 (invalid bytes become
//! U+FFFD). Nothing may panic; whatever parses has spans that slice the text; a move that
//! resolves, written back by the writer (the short book form and the full form), reads back
//! to the same move with no note; the text read as a sheet (descriptive only, and auto)
//! has spans that slice it.

use planilla::Position;
use planilla::check::{CheckOptions, check_text};
use planilla::notation::Language;
use planilla::notation::descriptive::{NotationKind, parse_descriptive};
use planilla::resolve::descriptive::resolve_descriptive;
use planilla::resolve::{Options, Resolution};
use planilla::write::descriptive::{write_descriptive, write_descriptive_full};

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

/// Checks the properties above on one input.
pub fn run(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let letters = if head & 1 == 1 {
        Language::ENGLISH
    } else {
        Language::SPANISH
    };
    let pos = Position::from_fen(POSITIONS[usize::from(head >> 1) % POSITIONS.len()])
        .expect("a valid FEN");
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = parse_descriptive(&text, &letters) {
        assert!(text.get(m.span.range()).is_some(), "{text:?}");
        if let Resolution::Resolved(r) = resolve_descriptive(&pos, &m, &letters, Options::default())
        {
            for written in [
                write_descriptive(&pos, r.mv, &letters),
                write_descriptive_full(&pos, r.mv, &letters),
            ] {
                let again = parse_descriptive(&written, &letters)
                    .unwrap_or_else(|e| panic!("{text:?} written {written:?}: {e}"));
                let back = resolve_descriptive(&pos, &again, &letters, Options::default());
                assert!(
                    matches!(&back, Resolution::Resolved(b) if b.mv == r.mv && b.notes.is_empty()),
                    "{text:?} written {written:?}: {back:?}"
                );
            }
        }
    }
    for notation in [NotationKind::Descriptive, NotationKind::Auto] {
        let options = CheckOptions::default()
            .with_language(letters.with_notation(notation))
            .with_start(Some(pos));
        for report in check_text(&text, &options) {
            for d in &report.diagnostics {
                assert!(text.get(d.span.range()).is_some(), "{text:?}: {d:?}");
            }
        }
    }
}
