//! The whole `check` path on raw bytes, as the command line runs it.
//!
//! The first byte picks the letter set, the case mode and the rules edition
//! (`common::settings`). The bytes are
//! checked whole (`check_bytes`) and streamed chunk by chunk (as `planilla check` does); every
//! report is written as PGN, JSON and a Spanish sheet, and every diagnostic is drawn against
//! the source; the first line is also adjudicated as a sealed move in each game's last
//! position (chasolver's fast check only). Every ply must be legal in turn from the game's start, and every span must lie
//! inside the input.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use planilla::notation::{Language, Span};
use planilla::scoresheet::{StreamGames, read_games};
use planilla::check::{
    CheckOptions, GameReport, MessageLanguage, check_bytes, check_game, check_reader,
};
use planilla::sealed::{SealedOptions, adjudicate_sealed_with};
use planilla::laws::winnability::{Budget, Effort};
use planilla::write;

/// How many distinct positions the first line is sealed in.
const SEALED_POSITIONS: usize = 4;

fn exercise(report: &GameReport, source: &str, len: usize) {
    let inside = |s: Span| s.start <= s.end && s.end as usize <= len;
    let mut pos = report.start_position();
    for ply in &report.moves {
        assert!(inside(ply.span), "ply {} {:?}", ply.ply, ply.span);
        assert!(
            pos.play(ply.mv).is_ok(),
            "ply {} {} in {pos}",
            ply.ply,
            ply.mv
        );
        assert_eq!(pos, ply.after);
    }
    for d in &report.diagnostics {
        assert!(inside(d.span), "{d:?}");
        for lang in [MessageLanguage::Spanish, MessageLanguage::English] {
            let _ = planilla_cli::render_diagnostic(d, source, "fuzz.txt", 1, lang, false);
        }
    }
    let _ = write::pgn(report, write::PgnComments::Diagnostics, MessageLanguage::Spanish);
    let _ = serde_json::to_string(&write::json(report, MessageLanguage::English));
    let _ = write::scoresheet(report, &Language::SPANISH);
    let _ = write::scoresheet(report, &Language::FIGURINE);
}

fuzz_target!(|data: &[u8]| {
    let Some((parser, edition, input)) = common::settings(data) else {
        return;
    };
    let options = CheckOptions::default().with_language(parser.language).with_case(parser.case).with_edition(edition).with_start(None);
    let source = std::str::from_utf8(input).unwrap_or("");
    // The sealed-move path: the text's first line sealed in a game's last position, once per
    // distinct position among the first games. One ruling reads up to some 3,700 one-edit
    // variants of the line (about 1.5 ms in a release build); a few hundred bytes of results
    // make hundreds of games, and ruling in each of them would test nothing new.
    let mut sealed_in: Vec<planilla::position::Position> = Vec::new();
    for report in check_bytes(input, &options) {
        exercise(&report, source, input.len());
        let pos = report.moves.last().map_or(report.start_position(), |m| m.after);
        if sealed_in.len() >= SEALED_POSITIONS || sealed_in.contains(&pos) {
            continue;
        }
        sealed_in.push(pos);
        let sealed_options = SealedOptions::default().with_check(options).with_budget(Budget::default().with_effort(Effort::Fast).with_time_limit(None));
        let line = source.lines().next().unwrap_or("");
        let ruling = adjudicate_sealed_with(&pos, line, &sealed_options);
        let _ = serde_json::to_string(&write::sealed_json(&ruling, &pos, MessageLanguage::Spanish));
    }
    let mut stream = StreamGames::new(input, options.parser());
    while let Some(chunk) = stream.next_chunk() {
        let source = std::str::from_utf8(&chunk.text).unwrap_or("");
        let mut games = read_games(&chunk.text, options.parser());
        let mut index = 0;
        while let Some((game, error)) = games.next_game() {
            // A chunk that is not UTF-8 has no source to hold its spans.
            let Ok(mut report) = check_game(&game, error, source, index, &options) else {
                assert!(std::str::from_utf8(&chunk.text).is_err() || chunk.text.is_empty());
                index += 1;
                continue;
            };
            exercise(&report, source, chunk.text.len());
            report.shift_spans(chunk.offset as u32);
            for ply in &report.moves {
                assert!(
                    ply.span.end as usize <= input.len(),
                    "shifted ply {}",
                    ply.ply
                );
            }
            index += 1;
        }
    }
    // The streaming reader: every span inside its piece, every piece inside the input.
    for game in check_reader(input, &options) {
        let Ok(game) = game else { break };
        for ply in &game.report.moves {
            let range = game.absolute(ply.span);
            assert!(range.end <= input.len() as u64, "streamed ply {}", ply.ply);
            assert!(ply.span.end as usize <= game.source.len());
        }
    }
});
