//! A whole scoresheet: games read from bytes at once and streamed from a reader.
//!
//! The first byte picks the letter set and the case mode as in the `notation` target. Every
//! span must lie inside the input; streamed chunks must be the input's own bytes, in order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use planilla::notation::{CaseMode, Language, Parser, Span};
use planilla::scoresheet::{StreamGames, read_games};

fuzz_target!(|data: &[u8]| {
    let Some((&head, input)) = data.split_first() else {
        return;
    };
    let language = Language::ALL[usize::from(head & 0x7f) % Language::ALL.len()];
    let case = if head & 0x80 != 0 {
        CaseMode::Lenient
    } else {
        CaseMode::Strict
    };
    let parser = Parser::new(language, case);
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
    let mut next = 0;
    while let Some(chunk) = stream.next_chunk() {
        assert_eq!(chunk.offset as usize, next);
        next += chunk.text.len();
        assert_eq!(&input[chunk.offset as usize..next], &chunk.text[..]);
    }
    assert_eq!(next, input.len());
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
