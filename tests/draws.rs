//! The draws a scoresheet shows, each at its ply (Art. 9.2, 9.3, 9.6; 5.2.2), on constructed
//! games, and the two subtleties of position identity in 9.2: en passant counts only when the
//! capture is possible, and castling rights count.

use planilla::check::{CheckOptions, GameReport, Severity, check_text};
use planilla::resolve::Edition;

fn check(text: &str, edition: Edition) -> GameReport {
    let options = CheckOptions::default().with_edition(edition);
    check_text(text, &options).next().expect("one game")
}

/// The draw diagnostics of a game: (code, ply).
fn draws(report: &GameReport) -> Vec<(&'static str, u32)> {
    report
        .diagnostics
        .iter()
        .filter(|d| {
            matches!(
                d.code().as_str(),
                "threefold-available"
                    | "fifty-moves-available"
                    | "fivefold"
                    | "seventy-five-moves"
                    | "dead-position"
            )
        })
        .map(|d| (d.code().as_str(), d.ply.unwrap_or(0)))
        .collect()
}

fn codes(report: &GameReport) -> Vec<&'static str> {
    report
        .diagnostics
        .iter()
        .map(|d| d.code().as_str())
        .collect()
}

/// The knights out and back `n` times.
fn shuffle(n: usize) -> String {
    (0..n)
        .map(|i| format!("{}.Cf3 Cf6 {}.Cg1 Cg8", 2 * i + 1, 2 * i + 2))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn threefold_repetition_is_available_when_a_position_appears_the_third_time() {
    let report = check(&shuffle(2), Edition::Fide2023);
    // The starting position appears again after plies 4 and 8.
    assert_eq!(draws(&report), [("threefold-available", 8)]);
    let d = &report.diagnostics[0];
    assert_eq!(d.severity(), Severity::Note);
    assert_eq!(d.rule.unwrap().to_string(), "Art. 9.2 (2023)");
    assert!(report.is_valid());
    // One ply short: nothing.
    let report = check("1.Cf3 Cf6 2.Cg1 Cg8 3.Cf3 Cf6 4.Cg1", Edition::Fide2023);
    assert_eq!(draws(&report), []);
}

#[test]
fn fivefold_repetition_ends_the_game_from_2014() {
    let text = shuffle(4) + " 9.e4 e5 1/2-1/2";
    let report = check(&text, Edition::Fide2023);
    let events = draws(&report);
    assert_eq!(events.first(), Some(&("threefold-available", 8)));
    assert_eq!(events.last(), Some(&("fivefold", 16)));
    assert_eq!(report.moves.len(), 16);
    assert_eq!(
        report.board_result,
        Some(planilla::scoresheet::Outcome::Draw)
    );
    assert!(codes(&report).contains(&"move-after-end"));
    assert_eq!(report.unread_moves, 2);
    // A recorded win contradicts the board.
    let report = check(&(shuffle(4) + " 1-0"), Edition::Fide2023);
    assert!(codes(&report).contains(&"result-mismatch"));
    // In 2005 there is no fivefold rule: the game goes on.
    let report = check(&text, Edition::Fide2005);
    assert!(!codes(&report).contains(&"fivefold"));
    assert_eq!(report.moves.len(), 18);
    assert!(report.is_valid());
}

#[test]
fn en_passant_counts_only_when_the_capture_is_possible() {
    let moves = "1.e4 Cf6 2.Cf3 Cg8 3.Cg1 Cf6 4.Cf3 Cg8 5.Cg1 Cf6 6.Cf3 Cg8 7.Cg1";
    // No black pawn can take on e3: the position after 1.e4 is the one after 3.Cg1 and 5.Cg1.
    let report = check(moves, Edition::Fide2023);
    let plies: Vec<u32> = draws(&report).iter().map(|e| e.1).collect();
    assert_eq!(plies[0], 9);
    // A black pawn on d4 can take on e3 after 1.e4: that position is a different one, and
    // the one after 3.Cg1 comes a third time only after 7.Cg1.
    let fen = "[FEN \"rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n";
    let report = check(&format!("{fen}{moves}"), Edition::Fide2023);
    assert!(
        report
            .diagnostics
            .iter()
            .all(|d| d.severity() < Severity::Error)
    );
    let plies: Vec<u32> = draws(&report).iter().map(|e| e.1).collect();
    assert!(!plies.contains(&9), "{plies:?}");
    assert!(plies.contains(&13), "{plies:?}");
    // (The position after 1...Cf6, with White to move, repeats at 6 and 10 in both games.)
    assert_eq!(plies[0], 10);
}

#[test]
fn a_pinned_pawn_makes_no_en_passant_capture() {
    // After 1.e4 the pawn on d4 could take on e3, but the rook on a4 pins it along the rank
    // to the king on h4: the position is the same as after 3.Re1 and 5.Re1.
    let fen = "[FEN \"8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1\"]\n\n";
    let text = format!("{fen}1.e4 Rh3 2.Rf1 Rh4 3.Re1 Rh3 4.Rf1 Rh4 5.Re1");
    let report = check(&text, Edition::Fide2023);
    assert!(report.is_valid(), "{:?}", report.diagnostics);
    assert_eq!(draws(&report), [("threefold-available", 9)]);
}

#[test]
fn a_capture_that_stalemates_is_a_stalemate() {
    let fen = "[FEN \"7k/5Q2/6p1/8/8/8/8/K7 w - - 0 1\"]\n\n";
    let report = check(&format!("{fen}1.Dxg6 1/2-1/2"), Edition::Fide2023);
    assert_eq!(draws(&report), []);
    assert_eq!(
        report.board_result,
        Some(planilla::scoresheet::Outcome::Draw)
    );
    assert!(report.is_valid());
}

#[test]
fn a_start_past_fifty_moves_is_told_at_the_first_ply() {
    let fen = "[FEN \"4k3/8/8/8/8/8/r7/4K2R w - - 120 80\"]\n\n";
    let report = check(&format!("{fen}80.Rf1 Rd8"), Edition::Fide2023);
    assert_eq!(draws(&report), [("fifty-moves-available", 1)]);
}

#[test]
fn castling_rights_count() {
    // The kings walk out and back: the placement after 1...e5 comes again after 3...Re8, but
    // both sides have lost the right to castle. Counting the placement alone would find a
    // threefold repetition at ply 10.
    let text = "1.e4 e5 2.Re2 Re7 3.Re1 Re8 4.Re2 Re7 5.Re1 Re8 6.Re2 Re7 7.Re1 Re8";
    let report = check(text, Edition::Fide2023);
    assert!(report.is_valid());
    assert_eq!(
        draws(&report),
        [
            ("threefold-available", 12),
            ("threefold-available", 13),
            ("threefold-available", 14)
        ]
    );
}

#[test]
fn the_fifty_move_rule_is_available_at_the_hundredth_ply() {
    // Kings and rooks only, 96 plies since the last capture or pawn move.
    let fen = "[FEN \"4k3/8/8/8/8/8/r7/4K2R w - - 96 80\"]\n\n";
    let report = check(
        &format!("{fen}80.Rf1 Rd8 81.Re1 Re8 82.Th2"),
        Edition::Fide2023,
    );
    assert_eq!(draws(&report), [("fifty-moves-available", 4)]);
    assert_eq!(
        report.diagnostics[0].rule.unwrap().to_string(),
        "Art. 9.3 (2023)"
    );
    // A capture resets the count.
    let fen = "[FEN \"4k3/8/8/8/8/8/r7/R3K3 w - - 96 80\"]\n\n";
    let report = check(
        &format!("{fen}80.Txa2 Rd8 81.Rf1 Re8 82.Tb2"),
        Edition::Fide2023,
    );
    assert_eq!(draws(&report), []);
}

#[test]
fn the_seventy_five_move_rule_ends_the_game_from_2014() {
    let fen = "[FEN \"4k3/8/8/8/8/8/r7/4K2R w - - 146 100\"]\n\n";
    let text = format!("{fen}100.Rf1 Rd8 101.Re1 Re8 102.Th2");
    let report = check(&text, Edition::Fide2023);
    // The clock starts past 100: the 50-move claim is told at the first ply.
    assert_eq!(
        draws(&report),
        [("fifty-moves-available", 1), ("seventy-five-moves", 4)]
    );
    assert_eq!(report.moves.len(), 4);
    assert!(codes(&report).contains(&"move-after-end"));
    assert_eq!(
        report.board_result,
        Some(planilla::scoresheet::Outcome::Draw)
    );
    let report = check(&text, Edition::Fide2005);
    assert_eq!(draws(&report), [("fifty-moves-available", 1)]);
    assert_eq!(report.moves.len(), 5);
}

#[test]
fn a_mate_on_the_hundred_and_fiftieth_ply_takes_precedence() {
    // 9.6.2: "if the last move resulted in checkmate, that shall take precedence".
    let fen = "[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120\"]\n\n";
    let report = check(&format!("{fen}120.Ta8# 1-0"), Edition::Fide2023);
    assert_eq!(draws(&report), []);
    assert_eq!(
        report.board_result,
        Some(planilla::scoresheet::Outcome::WhiteWins)
    );
    assert!(report.is_valid());
}

#[test]
fn insufficient_material_is_a_dead_position() {
    // Black takes the last rook: a king and bishop against a king.
    let text = "[FEN \"4k3/8/8/8/8/8/1b6/R3K3 b - - 0 50\"]\n\n50...Axa1 51.Re2 1/2-1/2";
    let report = check(text, Edition::Fide2023);
    assert_eq!(draws(&report), [("dead-position", 1)]);
    let dead = report
        .diagnostics
        .iter()
        .find(|d| d.code().as_str() == "dead-position")
        .unwrap();
    assert_eq!(dead.rule.unwrap().to_string(), "Art. 5.2.2 (2023)");
    let void = report
        .diagnostics
        .iter()
        .find(|d| d.code().as_str() == "move-after-end")
        .unwrap();
    assert_eq!((void.ply, void.severity()), (Some(2), Severity::Warning));
    assert_eq!(void.rule.unwrap().to_string(), "Art. 5.2.2 (2023)");
    assert_eq!(
        report.board_result,
        Some(planilla::scoresheet::Outcome::Draw)
    );
    let report = check(text, Edition::Fide2005);
    let dead = report
        .diagnostics
        .iter()
        .find(|d| d.code().as_str() == "dead-position")
        .unwrap();
    assert_eq!(dead.rule.unwrap().to_string(), "Art. 9.6 (2005)");
}

#[cfg(feature = "winnability")]
#[test]
fn a_blocked_pawn_position_is_found_and_the_moves_after_it_are_void() {
    // 40.f4 locks the last pawns: bishops of opposite colours cannot break through.
    let fen = "[FEN \"2b1k3/8/8/1p1p1p1p/1P1P3P/8/5P2/2B1K3 w - - 0 40\"]\n\n";
    let text = format!("{fen}40.f4 Re7 41.Rd2 Rd6 42.Re3 1-0");
    let report = check(&text, Edition::Fide2023);
    assert_eq!(draws(&report), [("dead-position", 1)]);
    assert_eq!(report.moves.len(), 1);
    assert_eq!(report.unread_moves, 4);
    let codes = codes(&report);
    assert!(codes.contains(&"move-after-end"), "{codes:?}");
    assert!(codes.contains(&"result-mismatch"), "{codes:?}");
}

#[test]
fn repetition_is_counted_past_many_distinct_positions() {
    use planilla::Position;
    use planilla::laws::draws::{DrawEvent, DrawTracker};
    // The white king on 40 squares in turn, no pawn move or capture between: forty distinct
    // positions, more than the tracker scans before it hashes, then the first twice more.
    let squares: Vec<String> = (0..40)
        .map(|i| format!("{}{}", (b'a' + (i % 8) as u8) as char, 1 + i / 8))
        .collect();
    let at = |sq: &str, clock: usize| {
        let file = sq.as_bytes()[0] - b'a';
        let rank = (sq.as_bytes()[1] - b'0') as usize;
        let row = |r: usize| {
            if r == 8 {
                return "7k".to_owned();
            }
            if r != rank {
                return "8".to_owned();
            }
            let before = if file > 0 {
                file.to_string()
            } else {
                String::new()
            };
            let after = if file < 7 {
                (7 - file).to_string()
            } else {
                String::new()
            };
            format!("{before}K{after}")
        };
        let board: Vec<String> = (1..=8).rev().map(row).collect();
        Position::from_fen(&format!("{} w - - {clock} 60", board.join("/"))).unwrap()
    };
    let first = at(&squares[0], 0);
    let mut tracker = DrawTracker::new(&first, Edition::Fide2023);
    for (i, sq) in squares.iter().enumerate().skip(1) {
        let events: Vec<DrawEvent> = tracker.push(&at(sq, i)).collect();
        assert!(events.is_empty(), "{sq}: {events:?}");
    }
    assert_eq!(tracker.count(&first), 1);
    let again: Vec<DrawEvent> = tracker.push(&at(&squares[0], 40)).collect();
    assert!(again.is_empty());
    let third: Vec<DrawEvent> = tracker.push(&at(&squares[0], 41)).collect();
    assert_eq!(third, [DrawEvent::ThreefoldAvailable]);
    assert_eq!(tracker.count(&first), 3);
    assert_eq!(tracker.count(&at(&squares[39], 0)), 1);
    assert_eq!(tracker.count(&at("h6", 0)), 0);
}
