//! A whole scoresheet: games read from bytes at once and streamed from a reader.
//!
//! The first byte picks the letter set and the case mode (`common::settings`). Every span must
//! lie inside the input; streamed chunks must be the input's own bytes, in order, with their
//! line numbers, and only blank text may lie between them.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use planilla::notation::Span;
use planilla::scoresheet::{StreamGames, read_games};

fuzz_target!(|data: &[u8]| {
    let Some((parser, _, input)) = common::settings(data) else {
        return;
    };
    let inside = |s: Span| s.start <= s.end && s.end as usize <= input.len();
    let mut games = read_games(input, parser);
    while let Some((game, error)) = games.next_game() {
        for tag in &game.tags {
            assert!(inside(tag.span), "tag {:?}", tag.span);
        }
        for token in &game.movetext {
            assert!(inside(token.span()), "token {token:?}");
        }
        if let Some(e) = error {
            assert!(inside(e.span), "error {e:?}");
        }
        let _ = game.roster();
        let _ = game.outcome();
        let _ = game.mainline().count();
    }
    let mut stream = StreamGames::new(input, parser);
    let blank = |bytes: &[u8]| bytes.iter().all(u8::is_ascii_whitespace);
    let mut next = 0;
    while let Some(chunk) = stream.next_chunk() {
        let start = chunk.offset as usize;
        assert!(
            start >= next && blank(&input[next..start]),
            "gap before {start}"
        );
        let lines = input[..start].iter().filter(|&&b| b == b'\n').count();
        assert_eq!(chunk.line as usize, lines + 1);
        next = start + chunk.text.len();
        assert_eq!(&input[start..next], &chunk.text[..]);
    }
    assert!(blank(&input[next..]), "text after the last chunk");
    for game in StreamGames::new(input, parser) {
        match game {
            Ok(game) => {
                for token in &game.movetext {
                    assert!(inside(token.span()), "streamed token {token:?}");
                }
            }
            Err(e) => assert!(inside(e.span), "streamed error {e:?}"),
        }
    }
});
