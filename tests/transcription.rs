//! Every lichess game, transcribed to Spanish in each preset style, converts back to SAN
//! identical move for move; and errors injected into real games are found at the right ply.

use planilla::check::{CheckOptions, GameReport, check_text};
use planilla::notation::Language;
use planilla::strategy::{Mutated, MutationKind, Playout, Sheet, SheetStyle};
use planilla::write::Style;
use planilla::{Move, Position};

fn lichess() -> Vec<GameReport> {
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    check_text(include_str!("data/lichess_db_1000k.pgn"), &english).collect()
}

fn spanish(text: &str) -> GameReport {
    check_text(text, &CheckOptions::default()).next().unwrap()
}

#[test]
fn every_lichess_game_round_trips_through_every_style() {
    let games = lichess();
    assert_eq!(games.len(), 438);
    let mut plies = 0;
    for game in &games {
        assert!(
            game.is_valid(),
            "lichess game {}: {:?}",
            game.index,
            game.diagnostics
        );
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        let sans: Vec<String> = game.moves.iter().map(|m| m.san.to_string()).collect();
        if moves.is_empty() {
            continue;
        }
        for (s, style) in Style::PRESETS.iter().enumerate() {
            let text = style.write_moves(Position::startpos(), &moves);
            let back = spanish(&text);
            // Notes (a draw available to claim) are the game's, not the writing's.
            assert!(
                back.diagnostics
                    .iter()
                    .all(|d| d.severity() == planilla::check::Severity::Note),
                "game {} style {s}: {:?}\n{text}",
                game.index,
                back.diagnostics
            );
            let got: Vec<String> = back.moves.iter().map(|m| m.san.to_string()).collect();
            assert_eq!(got, sans, "game {} style {s}", game.index);
        }
        plies += moves.len();
    }
    assert_eq!(plies, 28_971 - 433);
}

/// The first error of the one game of `text`: its ply and code.
fn first_error(text: &str) -> (u32, &'static str) {
    let report = spanish(text);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.severity() == planilla::check::Severity::Error)
        .unwrap_or_else(|| panic!("no error in {text}"));
    (d.ply.unwrap(), d.code().as_str())
}

/// Each real game, written in the canonical style, spoiled by each of `planilla::strategy`'s
/// mutations: a piece sent where it cannot go and a needed disambiguation removed (at the first
/// ply that admits them; the played move itself when it needs its disambiguation), an
/// unreadable character from the confusion table (from the middle of the game on).
#[test]
fn injected_errors_in_real_games_are_found_at_their_ply() {
    let games = lichess();
    let mut found = [0usize; 3];
    for game in games.iter().filter(|g| g.moves.len() > 10) {
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        let n = moves.len();
        let playout = Playout {
            start: Position::startpos(),
            moves,
        };
        let sheet = Sheet::write(playout, &SheetStyle::APPENDIX_C);
        for (k, kind) in MutationKind::ALL.into_iter().enumerate() {
            let from = if kind == MutationKind::Unreadable {
                n / 2
            } else {
                0
            };
            if let Some(m) = Mutated::find(&sheet, kind, from, game.index) {
                assert_eq!(
                    first_error(&m.text),
                    (m.ply, kind.code()),
                    "game {}: {:?}",
                    game.index,
                    m.written
                );
                found[k] += 1;
            }
        }
    }
    let [illegal, ambiguous, unreadable] = found;
    eprintln!("injected: {illegal} illegal, {ambiguous} ambiguous, {unreadable} unreadable");
    assert!(
        illegal > 400 && ambiguous > 300 && unreadable > 400,
        "{illegal} {ambiguous} {unreadable}"
    );
}
