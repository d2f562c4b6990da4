//! Every lichess game, transcribed to Spanish in each preset style, converts back to SAN
//! identical move for move; and errors injected into real games are found at the right ply.

use planilla::notation::Language;
use planilla::validate::{CheckOptions, GameReport, check_text};
use planilla::write::Style;
use planilla::{Move, Position};

fn lichess() -> Vec<GameReport> {
    let english = CheckOptions {
        language: Language::ENGLISH,
        ..CheckOptions::default()
    };
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
        let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
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
                    .all(|d| d.severity == planilla::validate::Severity::Note),
                "game {} style {s}: {:?}\n{text}",
                game.index,
                back.diagnostics
            );
            let got: Vec<&str> = back.moves.iter().map(|m| m.san.as_str()).collect();
            assert_eq!(got, sans, "game {} style {s}", game.index);
        }
        plies += moves.len();
    }
    assert_eq!(plies, 28_971 - 433);
}

/// Writes `moves` in the canonical style, with the move at index `at` replaced by `text`.
fn sheet_with(moves: &[Move], at: usize, text: &str) -> String {
    let mut pos = Position::startpos();
    let mut out = String::new();
    for (i, &mv) in moves.iter().enumerate().take(at + 1) {
        if pos.turn() == planilla::Color::White {
            out.push_str(&format!("{}. ", pos.fullmove_number()));
        }
        if i == at {
            out.push_str(text);
        } else {
            out.push_str(&Style::APPENDIX_C.write_move(&pos, mv));
        }
        out.push(' ');
        pos.play_unchecked(mv);
    }
    out
}

fn first_error(text: &str) -> (u32, &'static str) {
    let report = spanish(text);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.severity == planilla::validate::Severity::Error)
        .unwrap_or_else(|| panic!("no error in {text}"));
    (d.ply.unwrap(), d.code())
}

#[test]
fn injected_errors_in_real_games_are_found_at_their_ply() {
    let games = lichess();
    let (mut illegal, mut ambiguous, mut unreadable) = (0, 0, 0);
    for game in games.iter().filter(|g| g.moves.len() > 10) {
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        let mut pos = Position::startpos();
        let mut done = (false, false);
        for (i, &mv) in moves.iter().enumerate() {
            let ply = i as u32 + 1;
            let role = mv.role();
            // A piece sent where it cannot go: the first square no piece of its role reaches.
            if !done.0 && !matches!(role, planilla::Role::Pawn | planilla::Role::King) {
                let letter = Language::SPANISH.letter(role).unwrap();
                if let Some(to) = planilla::Square::ALL.into_iter().find(|&sq| {
                    pos.legal_moves_to(role, sq).is_empty()
                        && !pos.by_color(pos.turn()).contains(sq)
                }) {
                    let text = format!("{letter}{to}");
                    assert_eq!(
                        first_error(&sheet_with(&moves, i, &text)),
                        (ply, "illegal-move")
                    );
                    illegal += 1;
                    done.0 = true;
                }
            }
            // A needed disambiguation removed: `Cbd2` written `Cd2`.
            if let planilla::write::San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                ..
            } = planilla::write::San::from_move(&pos, mv)
                && !done.1
                && role != planilla::Role::Pawn
                && (file.is_some() || rank.is_some())
            {
                let letter = Language::SPANISH.letter(role).unwrap();
                let x = if capture { "x" } else { "" };
                let text = format!("{letter}{x}{to}");
                assert_eq!(
                    first_error(&sheet_with(&moves, i, &text)),
                    (ply, "ambiguous-move"),
                    "{text}"
                );
                ambiguous += 1;
                done.1 = true;
            }
            pos.play_unchecked(mv);
        }
        // An unreadable token in the middle of the game.
        let at = moves.len() / 2;
        assert_eq!(
            first_error(&sheet_with(&moves, at, "Cz9")),
            (at as u32 + 1, "unreadable-move")
        );
        unreadable += 1;
    }
    eprintln!("injected: {illegal} illegal, {ambiguous} ambiguous, {unreadable} unreadable");
    assert!(
        illegal > 300 && ambiguous > 50 && unreadable > 300,
        "{illegal} {ambiguous} {unreadable}"
    );
}
