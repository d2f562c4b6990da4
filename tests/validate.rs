//! The validator on whole sheets: first errors at the right ply with the right code, move
//! numbers, the end of the game, messages.

use planilla::check::{CheckOptions, GameReport, MessageLanguage, Severity, check_text};
use planilla::resolve::Edition;
use planilla::scoresheet::Outcome;

fn check(text: &str) -> GameReport {
    check_text(text, &CheckOptions::default()).next().unwrap()
}

fn codes(r: &GameReport) -> Vec<(Option<u32>, &'static str, Severity)> {
    r.diagnostics
        .iter()
        .map(|d| (d.ply, d.code().as_str(), d.severity()))
        .collect()
}

#[test]
fn seed_001_sample_game_stops_at_the_illegal_queen_move() {
    let text = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd5 d5 6.exd6 a.p. Cxd6 7.Ag5 Cc6 \
                8.De3+ Ae7 9.Cbd2 0-0 10.0-0 Te8 11.Rb1(=)";
    let r = check(text);
    assert!(!r.is_valid());
    assert_eq!(codes(&r), vec![(Some(9), "illegal-move", Severity::Error)]);
    let d = &r.diagnostics[0];
    assert_eq!(&text[d.span.range()], "Dxd5");
    assert_eq!(d.rule.unwrap().to_string(), "Art. 3 (2023)");
    assert_eq!(
        d.title(MessageLanguage::Spanish),
        "5. Dxd5: jugada ilegal: ninguna dama blanca puede llegar a d5"
    );
    assert_eq!(
        d.title(MessageLanguage::English),
        "5. Dxd5: illegal move: no white queen can reach d5"
    );
    // Dxd4 is the move of the Appendix C game: the closest legal capture.
    assert_eq!(d.suggestions[0].written, "Dxd4");
    assert_eq!(d.suggestions[0].san.to_string(), "Qxd4");
    assert_eq!(r.moves.len(), 8);
    assert_eq!(r.unread_moves, 13);
}

#[test]
fn seed_003_sample_game_is_valid_with_its_draw_offer() {
    let text = "1. e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 a.p. Cxd6 \
                7. Ag5 Cc6 8. De3+ Ae79. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)";
    let r = check(text);
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert!(r.diagnostics.is_empty());
    assert_eq!(r.moves.len(), 21);
    assert_eq!(r.draw_offers, vec![21]);
    assert_eq!(r.moves[14].san.to_string(), "Qe3+");
    assert_eq!(r.moves[14].text, "De3+");
    assert_eq!(r.moves[15].text, "Ae7");
}

#[test]
fn injected_errors_are_reported_at_their_ply() {
    let base = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7";
    // A piece sent where it cannot go.
    let r = check(&base.replace("4.Aa4", "4.Aa5"));
    assert_eq!(codes(&r), vec![(Some(7), "illegal-move", Severity::Error)]);
    // An unreadable token.
    let r = check(&base.replace("4.Aa4", "4.Az4"));
    assert_eq!(
        codes(&r),
        vec![(Some(7), "unreadable-move", Severity::Error)]
    );
    assert_eq!(r.diagnostics[0].written.as_deref(), Some("Az4"));
    assert_eq!(r.diagnostics[0].suggestions[0].written, "Aa4");
    // A needed disambiguation removed: knights on c3 and g1 both reach e2.
    let r = check("1.e4 e5 2.Cc3 Cc6 3.Cge2");
    assert!(r.is_valid());
    let r = check("1.e4 e5 2.Cc3 Cc6 3.Ce2");
    assert_eq!(
        codes(&r),
        vec![(Some(5), "ambiguous-move", Severity::Error)]
    );
    let mut c: Vec<&str> = r.diagnostics[0]
        .candidates
        .iter()
        .map(|m| m.written.as_str())
        .collect();
    c.sort();
    assert_eq!(c, vec!["Cce2", "Cge2"]);
}

#[test]
fn an_error_stops_only_its_game() {
    let text = "[Event \"A\"]\n\n1.e4 e5 2.Re3 1-0\n\n[Event \"B\"]\n\n1.d4 d5 1/2-1/2\n";
    let reports: Vec<GameReport> = check_text(text, &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 2);
    assert!(!reports[0].is_valid());
    assert!(reports[1].is_valid());
    assert_eq!(reports[1].moves.len(), 2);
}

#[test]
fn move_numbers_are_checked() {
    let r = check("1.e4 e5 3.Cf3 Cc6");
    assert_eq!(codes(&r), vec![(Some(3), "move-number", Severity::Warning)]);
    let r = check("1.e4 e5 1.Cf3 Cc6");
    assert_eq!(codes(&r), vec![(Some(3), "move-number", Severity::Warning)]);
    let r = check("1.e4 e5 Cf3 Cc6");
    assert_eq!(codes(&r), vec![(Some(3), "move-number", Severity::Warning)]);
    // Two-column sheets and glued numbers are regular.
    assert!(check("1 e4 e5\n2 Cf3 Cc6\n").diagnostics.is_empty());
    assert!(check("1.e4 e5 2.Cf3 Cc63.Ab5").diagnostics.is_empty());
}

#[test]
fn the_result_is_checked_against_the_board() {
    let mate = "1.f3 e5 2.g4 Dh4#";
    assert!(check(&format!("{mate} 0-1")).diagnostics.is_empty());
    let r = check(&format!("{mate} 1-0"));
    assert_eq!(
        codes(&r),
        vec![(Some(4), "result-mismatch", Severity::Error)]
    );
    assert_eq!(r.board_result, Some(Outcome::BlackWins));
    // The `Result` header, read as a result: a draw recorded against a mate is a mismatch, and
    // the message names the draw; a header that is no result records none (it once read as a
    // draw).
    let r = check(&format!("[Result \"1/2-1/2\"]\n\n{mate}"));
    assert_eq!(r.recorded_result, Some(Outcome::Draw));
    assert_eq!(
        codes(&r),
        vec![(Some(4), "result-mismatch", Severity::Error)]
    );
    assert!(
        r.diagnostics[0]
            .title(MessageLanguage::English)
            .contains("the recorded result 1/2-1/2 contradicts the board"),
        "{}",
        r.diagnostics[0].title(MessageLanguage::English)
    );
    let r = check(&format!("[Result \"unknown\"]\n\n{mate}"));
    assert_eq!(r.recorded_result, None);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.result(), Outcome::BlackWins);
    // A resignation is no mismatch: the board does not end the game.
    assert!(check("1.e4 e5 2.Dh5 Cc6 3.Ac4 Cf6 1-0").is_valid());
    // Moves after the mate are void, and the writing is not wrong.
    let r = check("1.f3 e5 2.g4 Dh4# 3.Rf2 0-1");
    assert_eq!(
        codes(&r),
        vec![(Some(5), "move-after-end", Severity::Warning)]
    );
    assert!(r.is_valid());
}

#[test]
fn the_edition_decides_the_warnings() {
    let text = "1.e4 d5 2.ed5 Dd5";
    assert!(check(text).diagnostics.is_empty());
    let options = CheckOptions::default().with_edition(Edition::Fide2005);
    let r = check_text(text, &options).next().unwrap();
    assert_eq!(
        codes(&r),
        vec![
            (Some(3), "capture-mark", Severity::Warning),
            (Some(4), "capture-mark", Severity::Warning)
        ]
    );
    assert_eq!(r.diagnostics[0].rule.unwrap().to_string(), "E9 (2005)");
}

#[test]
fn a_syntax_error_outside_moves() {
    let r = check("1.e4 e5 {sin cerrar 2.Cf3");
    assert_eq!(codes(&r), vec![(None, "syntax", Severity::Error)]);
    assert_eq!(r.moves.len(), 2);
}

#[test]
fn stalemate_ends_the_game() {
    // White is stalemated after 1...Dg3: a recorded 0-1 contradicts the board.
    let fen = "7k/8/8/8/8/8/5q2/7K b - - 0 1";
    let options = CheckOptions::default().with_start(Some(fen.parse().unwrap()));
    let r = check_text("1... Dg3 0-1", &options).next().unwrap();
    assert_eq!(r.board_result, Some(Outcome::Draw));
    assert_eq!(
        codes(&r),
        vec![(Some(1), "result-mismatch", Severity::Error)]
    );
    // A move written after the stalemate is void, not illegal.
    let r = check_text("1... Dg3 2. Rg1 1/2-1/2", &options)
        .next()
        .unwrap();
    assert_eq!(
        codes(&r),
        vec![(Some(2), "move-after-end", Severity::Warning)]
    );
    assert_eq!(r.board_result, Some(Outcome::Draw));
}

#[test]
fn a_bad_fen_tag_is_reported_at_the_tag() {
    let text = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1.e4 *";
    let r = check(text);
    assert_eq!(codes(&r), vec![(None, "syntax", Severity::Error)]);
    assert_eq!(
        &text[r.diagnostics[0].span.range()],
        "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]"
    );
    assert!(r.moves.is_empty());
}
