//! What arbiters and players write on a sheet besides the moves: the board number (a header)
//! and the clocks' times after the moves (Art. 8.1 (2018, 2023)), carried to PGN as
//! `[%clk h:mm:ss]`, and PGN's own `[%clk]` and `[%emt]` comments kept through a conversion.

use planilla::check::{
    CheckOptions, ClockKind, DiagnosticCode, GameReport, MessageLanguage, check_text,
};
use planilla::notation::Language;
use planilla::write::{PgnComments, pgn, scoresheet};

fn read(text: &str) -> Vec<GameReport> {
    check_text(text, &CheckOptions::default()).collect()
}

fn clocks(r: &GameReport) -> Vec<(u32, u32)> {
    r.clocks.iter().map(|c| (c.ply, c.seconds)).collect()
}

#[test]
fn a_board_number_is_a_header_never_a_move() {
    for label in ["Mesa", "Tablero", "Board", "MESA"] {
        let text = format!(
            "Torneo: Abierto de Primavera\nRonda: 3\n{label}: 12\nBlancas: Pérez, Ana\n\
             Negras: Gómez, Luis\n\n1. e4 e5 2. Cf3 Cc6\n"
        );
        let reports = read(&text);
        assert_eq!(reports.len(), 1, "{label}: one game, not two");
        let r = &reports[0];
        assert!(r.is_valid(), "{label}: {:?}", r.diagnostics);
        assert_eq!(r.tags.get("Board"), Some("12"), "{label}");
        assert_eq!(r.roster.event, "Abierto de Primavera");
        assert_eq!(r.roster.white, "Pérez, Ana");
        assert_eq!(r.moves.len(), 4);
        // The Spanish sheet writes it back after the round.
        assert!(
            scoresheet(r, &Language::SPANISH).contains("Ronda: 3\nMesa: 12\n"),
            "{label}"
        );
    }
}

#[test]
fn a_time_after_a_move_is_that_players_clock_in_each_written_form() {
    // `(1:20)`, `1.20` (hours and minutes after a dot, right after a move) and `0:04`.
    let r = &read("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4.Aa4 (1:20) Cf6 (1:25)")[0];
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(clocks(r), [(7, 4800), (8, 5100)]);
    let r = &read("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 1.20 Cf6 1.25")[0];
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(clocks(r), [(7, 4800), (8, 5100)]);
    let r = &read("1. e4 0:59 e5 0:58:30")[0];
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(clocks(r), [(1, 3540), (2, 3510)]);
    assert!(r.clocks.iter().all(|c| c.kind == ClockKind::Remaining));
    assert_eq!(r.clocks[1].to_string(), "0:58:30");
}

#[test]
fn a_clock_time_that_follows_no_move_is_an_error_never_a_guess() {
    // After a number, the time belongs to no move: whose clock it is, the text cannot tell.
    let r = &read("1. e4 e5 2. (1:20) Cf3")[0];
    let error = r
        .diagnostics
        .iter()
        .find(|d| d.code() == DiagnosticCode::UnreadableMove)
        .expect("an error");
    assert_eq!(error.ply, Some(3));
    assert!(r.clocks.is_empty());
    // Minutes past 59 make no time: `1.75` is no clock, and no move either.
    let r = &read("1. e4 1.75 e5")[0];
    assert!(!r.is_valid());
    assert!(r.clocks.is_empty());
}

#[test]
fn times_written_on_a_sheet_become_clk_comments_in_pgn() {
    let r = &read("1. e4 (1:29) e5 (1:30) 2. Cf3 1.28 Cc6 1:29:30")[0];
    let out = pgn(r, PgnComments::ErrorOnly, MessageLanguage::English);
    assert!(
        out.contains(
            "1. e4 {[%clk 1:29:00]} e5 {[%clk 1:30:00]} 2. Nf3 {[%clk 1:28:00]} Nc6\n{[%clk 1:29:30]} *"
        ),
        "{out}"
    );
    // The Spanish sheet writes them after each move, and reads them back.
    let sheet = scoresheet(r, &Language::SPANISH);
    assert!(sheet.contains("1. e4 (1:29:00) e5 (1:30:00)\n"), "{sheet}");
    assert_eq!(clocks(&read(&sheet)[0]), clocks(r));
}

#[test]
fn pgn_clk_and_emt_comments_are_kept_through_a_conversion() {
    let input = "[Event \"Rated Blitz game\"]\n\n1. e4 { [%clk 0:03:00] } 1... c5 { [%clk 0:02:59] \
                 [%emt 0:00:01] } 2. Nf3 { [%clk 0:02:58.5] } 2... d6 { [%clk 0:02:55] } 1-0\n";
    let options = CheckOptions::default().with_language(Language::ENGLISH);
    let r = &check_text(input, &options).next().unwrap();
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    let kinds: Vec<_> = r
        .clocks
        .iter()
        .map(|c| (c.ply, c.kind, c.seconds))
        .collect();
    assert_eq!(
        kinds,
        [
            (1, ClockKind::Remaining, 180),
            (2, ClockKind::Remaining, 179),
            (2, ClockKind::Elapsed, 1),
            (3, ClockKind::Remaining, 178),
            (4, ClockKind::Remaining, 175),
        ]
    );
    let once = pgn(r, PgnComments::ErrorOnly, MessageLanguage::English);
    assert!(
        once.contains("1. e4 {[%clk 0:03:00]} c5 {[%clk 0:02:59] [%emt 0:00:01]} 2. Nf3"),
        "{once}"
    );
    // Converted again, the same PGN: the comments make the round trip.
    let again = &check_text(&once, &options).next().unwrap();
    assert_eq!(
        pgn(again, PgnComments::ErrorOnly, MessageLanguage::English),
        once
    );
}
