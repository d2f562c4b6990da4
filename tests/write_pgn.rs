//! The PGN writer's comments: draw offers after their move and, with `diagnostics`, every
//! warning after its ply, in the order of the text; and a game full of both written in time
//! linear in its length.

use planilla::check::{CheckOptions, GameReport, MessageLanguage, check_text};
use planilla::write::{PgnComments, pgn};

fn report(text: &str) -> GameReport {
    check_text(text, &CheckOptions::default()).next().unwrap()
}

/// The movetext of the game's PGN: what follows the tags.
fn movetext(report: &GameReport, diagnostics: bool) -> String {
    let comments = match diagnostics {
        true => PgnComments::Diagnostics,
        false => PgnComments::ErrorOnly,
    };
    let out = pgn(report, comments, MessageLanguage::English);
    out.split_once("\n\n").unwrap().1.to_owned()
}

const GAME: &str = "1.e4 e5 2.Cgf3 Cc6 (=) 3.Ac4+ (=) Cf6 4.Cc3 1/2-1/2";

#[test]
fn draw_offers_and_warnings_follow_their_plies() {
    let game = report(GAME);
    assert_eq!(
        movetext(&game, false),
        "1. e4 e5 2. Nf3 Nc6 {(=)} 3. Bc4 {(=)} Nf6 4. Nc3 1/2-1/2\n"
    );
    assert_eq!(
        movetext(&game, true),
        "1. e4 e5 2. Nf3\n\
         {warning[disambiguation]: 2. Cgf3: the origin hint is not needed} Nc6 {(=)}\n\
         3. Bc4 {(=)}\n\
         {warning[check-mark]: 3. Ac4+: a check mark (+) on a move that gives no check}\n\
         Nf6 4. Nc3 1/2-1/2\n"
    );
}

#[test]
fn a_game_of_many_offers_and_warnings_is_written_in_linear_time() {
    // The game above, its seven plies repeated to 210,000, each with its warnings and offers:
    // no legal game is that long, but the writer takes any report.
    let game = report(GAME);
    let mut long = game.clone();
    long.moves.clear();
    long.diagnostics.clear();
    long.draw_offers.clear();
    let plies = game.moves.len() as u32;
    for round in 0..30_000 {
        let shift = round * plies;
        for m in &game.moves {
            let mut m = m.clone();
            m.ply += shift;
            m.number += round * plies / 2;
            long.moves.push(m);
        }
        for d in &game.diagnostics {
            let mut d = d.clone();
            d.ply = d.ply.map(|p| p + shift);
            long.diagnostics.push(d);
        }
        long.draw_offers
            .extend(game.draw_offers.iter().map(|p| p + shift));
    }
    assert_eq!(long.moves.len(), 210_000);
    let started = std::time::Instant::now();
    let out = pgn(&long, PgnComments::Diagnostics, MessageLanguage::English);
    let took = started.elapsed();
    assert_eq!(out.matches("{(=)}").count(), 60_000);
    assert_eq!(out.matches("{warning[").count(), 60_000);
    // A scan of every offer and warning at each ply was 2 · 210,000 · 60,000 steps: this test
    // failed on that writer (commit 2fa4f82), which took 26 s in a release build. With the
    // cursors the test file runs in 0.1 s (release) and 0.3 s (debug).
    assert!(took.as_secs_f64() < 10.0, "{took:?}");
}
