//! One test for each way a sheet used to be misread: every character is read, and a reading
//! names exactly one legal move, or the sheet gets an error at that ply. Guesses are made only
//! under lenient reading, and named.

use planilla::check::{CheckOptions, GameReport, NamedMove, Severity, check_text};
use planilla::notation::CaseMode;
use planilla::scoresheet::{Termination, games};
use planilla::write::scoresheet;
use planilla::{Language, Parser};

fn check(text: &str) -> GameReport {
    check_with(text, &CheckOptions::default())
}

fn lenient(text: &str) -> GameReport {
    check_with(text, &CheckOptions::default().with_case(CaseMode::Lenient))
}

/// The moves' writings in the sheet's letters.
fn written(v: &[NamedMove]) -> Vec<&str> {
    v.iter().map(|m| m.written.as_str()).collect()
}

fn check_with(text: &str, options: &CheckOptions) -> GameReport {
    let mut reports: Vec<GameReport> = check_text(text, options).collect();
    assert_eq!(
        reports.len(),
        1,
        "{text:?} reads as {} games",
        reports.len()
    );
    reports.remove(0)
}

/// The first error: its code and ply.
fn first_error(report: &GameReport) -> Option<(&'static str, Option<u32>)> {
    report
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .map(|d| (d.code().as_str(), d.ply))
}

fn sans(report: &GameReport) -> Vec<String> {
    report.moves.iter().map(|m| m.san.to_string()).collect()
}

#[test]
fn incomplete_squares_are_not_filled_in() {
    // After 1.e4 e5 the bishop reaches one square of the fifth rank (b5) and the queen one of
    // the fourth (g4): still incomplete, with that one candidate.
    for (text, candidate) in [("1. e4 e5 2. A5", "Ab5"), ("1. e4 e5 2. D4", "Dg4")] {
        let r = check(text);
        assert_eq!(
            first_error(&r),
            Some(("incomplete-move", Some(3))),
            "{text}"
        );
        assert_eq!(written(&r.diagnostics[0].candidates), [candidate], "{text}");
        assert_eq!(r.moves.len(), 2);
    }
    let r = check("1. C3");
    assert_eq!(first_error(&r), Some(("incomplete-move", Some(1))));
    assert_eq!(r.diagnostics[0].candidates.len(), 4);
    // The knights' four squares on the third rank.
    let mut candidates = written(&r.diagnostics[0].candidates);
    candidates.sort();
    assert_eq!(candidates, ["Ca3", "Cc3", "Cf3", "Ch3"]);
    let r = check("[FEN \"4k3/8/8/8/8/8/8/3R2K1 w - - 0 1\"]\n\n1. Tde");
    assert_eq!(first_error(&r), Some(("incomplete-move", Some(1))));
    assert_eq!(written(&r.diagnostics[0].candidates), ["Te1+"]);
    assert_eq!(r.diagnostics[0].candidates[0].san.to_string(), "Re1+");
    assert_eq!(r.diagnostics[0].rule.unwrap().to_string(), "C.8 (2023)");
    // Only lenient reading completes the square, and names the guess.
    let r = lenient("1. e4 e5 2. A5");
    assert!(r.is_valid());
    assert_eq!(sans(&r)[2], "Bb5");
    let guess = &r.diagnostics[0];
    assert_eq!((guess.code().as_str(), guess.ply), ("guess", Some(3)));
    assert!(
        guess
            .message(Default::default())
            .contains("«A5» como «Ab5»")
    );
}

#[test]
fn glued_digits_are_not_move_numbers() {
    for (text, ply) in [
        ("1. e4 e5 2. Cf3 Cc6 3. d56", 5),
        ("1. e4 e5 2. Ta34", 3),
        ("1. e4 d5 2. exd5 Dxd5 3. Cc3 Dx67", 6),
    ] {
        assert_eq!(
            first_error(&check(text)),
            Some(("unreadable-move", Some(ply))),
            "{text}"
        );
    }
    // With its period, a glued number is the next move number (seed 003's `Ae79.`).
    let r = check("1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac54. c3 Cf6");
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(r.moves.len(), 8);
}

#[test]
fn numbers_swallow_moves() {
    // A number where Black's move belongs: not skipped.
    let r = check("1. e4 e5 2. Cf3 43 1-0");
    assert_eq!(first_error(&r), Some(("unreadable-move", Some(4))));
    assert_eq!(r.moves.len(), 3);
    // The next number where Black's move belongs: the blank cell is named.
    let r = check("1. e4 e5 2. Cf3 3. Ac4 Cf6");
    assert_eq!(first_error(&r), Some(("missing-move", Some(4))));
    assert!(
        r.diagnostics[0]
            .message(Default::default())
            .contains("negras")
    );
    // A number where White's move belongs, after White's own number.
    let r = check("1. e4 e5 2. 64 Cc6");
    assert_eq!(first_error(&r), Some(("unreadable-move", Some(3))));
    // A result where a move belongs: the moves after it are the same game's.
    let r = check("1. e4 e5 2. Cf3 0-1 3. Ac4 Cf6");
    assert_eq!(first_error(&r), Some(("unreadable-move", Some(4))));
    assert_eq!(r.unread_moves, 2);
}

#[test]
fn right_marks_in_the_other_order() {
    // f2-f4, and the e4 pawn takes en passant with check on the king on g2.
    let fen = "[FEN \"4k3/8/8/8/4p3/8/5PK1/8 w - - 0 1\"]\n\n";
    for text in [
        "1. f4 exf3+ a.p. *",
        "1. f4 exf3 a.p.+ *",
        "1. f4 exf3a.p.+ *",
    ] {
        let r = check(&format!("{fen}{text}"));
        assert!(r.is_valid(), "{text}: {:?}", r.diagnostics);
        assert_eq!(sans(&r), ["f4", "exf3+"], "{text}");
    }
}

#[test]
fn lenient_turns_valid_sheets_invalid() {
    // Appendix C's sample game has `Cxd6`, a knight capture, which lenient reading used to
    // find ambiguous with the pawn capture `cxd6`: the text as written comes first.
    let text = include_str!("../examples/planillas/fide2018_apendice_c.txt");
    let strict = check(text);
    let lenient = lenient(text);
    assert!(
        strict.is_valid() && lenient.is_valid(),
        "{:?}",
        lenient.diagnostics
    );
    assert_eq!(sans(&strict), sans(&lenient));
    assert!(
        lenient
            .diagnostics
            .iter()
            .all(|d| d.code().as_str() != "case-reading")
    );
}

#[test]
fn lenient_reads_bb5_as_b5() {
    let text = "1. e4 e5 2. Cf3 Cc6 3. Bb5";
    // Strict: `B` is no Spanish letter, and its meaning differs between letter sets.
    assert_eq!(
        first_error(&check(text)),
        Some(("unreadable-move", Some(5)))
    );
    // Lenient: the guesses are the bishop (English, Portuguese) and a pawn on the b-file;
    // only the bishop move is legal, and the warning names it.
    let r = lenient(text);
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(sans(&r)[4], "Bb5");
    let d = &r.diagnostics[0];
    assert_eq!((d.code().as_str(), d.ply), ("case-reading", Some(5)));
    assert_eq!(written(&d.candidates), ["Ab5"]);
}

#[test]
fn lenient_warns_of_a_foreign_letter_on_a_lowercase_file_letter() {
    // `cf3`: no c-pawn reaches f3, so lenient reading takes the knight, a case reading, not a
    // foreign letter.
    let r = lenient("1. e4 e5 2. cf3");
    assert_eq!(sans(&r)[2], "Nf3");
    let codes: Vec<_> = r.diagnostics.iter().map(|d| d.code().as_str()).collect();
    assert_eq!(codes, ["case-reading"]);
}

#[test]
fn convert_es_output_does_not_read_back() {
    let text = include_str!("../examples/planillas/fide2005_blog_apendice_e.txt");
    let report = check(text);
    assert!(report.is_valid());
    for language in [Language::SPANISH, Language::FIGURINE] {
        let sheet = scoresheet(&report, &language);
        assert!(sheet.contains("\nResultado: "), "{sheet}");
        let again = check(&sheet);
        assert!(again.is_valid(), "{:?}", again.diagnostics);
        assert_eq!(sans(&again), sans(&report));
        assert_eq!(again.result(), report.result());
    }
}

#[test]
fn words_after_the_result_start_phantom_games() {
    let game = "1. e4 e5 2. Cf3 Cc6 ";
    for (end, termination) in [
        ("1-0 abandono", Termination::Resignation),
        ("0-1 (tiempo)", Termination::Time),
        ("1-0 por tiempo", Termination::Time),
        ("1/2-1/2 tablas por acuerdo", Termination::DrawAgreed),
        ("1-0 W.O.", Termination::Forfeit),
        ("0-1 resigns", Termination::Resignation),
        ("1-0\n(tiempo)", Termination::Time),
    ] {
        let r = check(&format!("{game}{end}\n"));
        assert!(r.is_valid(), "{end}: {:?}", r.diagnostics);
        assert_eq!(r.termination, Some(termination), "{end}");
        assert_eq!(r.moves.len(), 4);
    }
    // An unknown word after the result: a warning at its place, never a new game.
    let r = check(&format!("{game}1-0 blah blah\n"));
    assert!(r.is_valid());
    assert_eq!(r.diagnostics[0].code(), "unknown-word");
    assert_eq!(r.diagnostics[0].written.as_deref(), Some("blah blah"));
}

#[test]
fn mate_written_after_the_last_move_is_unreadable() {
    // The fool's mate, with the termination written after the mating move.
    for end in ["jaque mate", "mate", "mate 0-1", "0-1 jaque mate"] {
        let r = check(&format!("1. f3 e5 2. g4 Dh4 {end}"));
        assert!(r.is_valid(), "{end}: {:?}", r.diagnostics);
        assert_eq!(r.termination, Some(Termination::Checkmate));
        assert_eq!(r.result(), planilla::scoresheet::Outcome::BlackWins);
    }
    // `mate` where the board shows none: the board contradicts it.
    let r = check("1. e4 e5 2. Cf3 mate");
    assert_eq!(first_error(&r), Some(("result-mismatch", Some(3))));
}

#[test]
fn two_columns_side_by_side_are_misread() {
    // Moves 1-3 on the left, 4-6 on the right of the same lines.
    let text = "1. e4 e5      4. c3 Cf6\n\
                2. Cf3 Cc6    5. d4 exd4\n\
                3. Ac4 Ac5    6. cxd4 Ab4+\n";
    let r = check(text);
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(
        sans(&r),
        [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+"
        ]
    );
    // The result on a line of the right column, more of the left column below it.
    let text = "1. e4 e5      3. Ac4 Ac5 1-0\n2. Cf3 Cc6\n";
    let r = check(text);
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(r.moves.len(), 6);
    assert_eq!(r.result(), planilla::scoresheet::Outcome::WhiteWins);
    // Numbers that jump with no layout to explain them: the error says what it looks like.
    let text = "1. e4 e5      7. c3 Cf6\n2. Cf3 Cc6    5. d4 exd4\n";
    let r = check(text);
    assert_eq!(first_error(&r), Some(("two-columns", Some(3))));
    assert!(
        r.diagnostics[0]
            .message(Default::default())
            .contains("dos columnas")
    );
}

#[test]
fn the_unread_count_includes_the_unreadable_move() {
    let r = check("1. e4 e5 2. Cz9 Cc6 3. Ac4");
    assert_eq!(first_error(&r), Some(("unreadable-move", Some(3))));
    assert_eq!(r.unread_moves, 3);
    let r = check("1. e4 e5 2. Ce4 Cc6 3. Ac4");
    assert_eq!(first_error(&r), Some(("illegal-move", Some(3))));
    assert_eq!(r.unread_moves, 3);
}

#[test]
fn a_sheet_reads_as_one_game_with_its_resultado_line() {
    let text = "Blancas: Ana\nNegras: Luis\n\n1. e4 e5\n2. Cf3\n\nResultado: 1-0\n";
    let games: Vec<_> = games(text, Parser::spanish()).collect();
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.tag("Result"), Some("1-0"));
    assert_eq!(game.mainline().count(), 3);
}
