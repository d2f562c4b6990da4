//! Reading descriptive scoresheets by the reading rule: a move stands only when its reading
//! designates exactly one legal move; ambiguity is measured by the legal moves that fit;
//! candidates and suggestions come written in descriptive; a game in one notation stops at the
//! first move of the other.

use planilla::check::{CheckOptions, GameReport, NamedMove, Severity, check_text};
use planilla::notation::descriptive::NotationKind;
use planilla::notation::{CaseMode, Language};

fn check(text: &str, language: Language, notation: NotationKind, lenient: bool) -> GameReport {
    let options = CheckOptions::default()
        .with_language(language.with_notation(notation))
        .with_case(if lenient {
            CaseMode::Lenient
        } else {
            CaseMode::Strict
        });
    check_text(text, &options).next().expect("one game")
}

fn spanish(text: &str) -> GameReport {
    check(text, Language::SPANISH, NotationKind::Descriptive, false)
}

fn english(text: &str) -> GameReport {
    check(text, Language::ENGLISH, NotationKind::Descriptive, false)
}

fn sans(r: &GameReport) -> Vec<String> {
    r.moves.iter().map(|m| m.san.to_string()).collect()
}

/// (code, ply) of every diagnostic.
fn codes(r: &GameReport) -> Vec<(&'static str, Option<u32>)> {
    r.diagnostics
        .iter()
        .map(|d| (d.code().as_str(), d.ply))
        .collect()
}

/// The moves' writings in the sheet's letters, sorted.
fn sorted(v: &[NamedMove]) -> Vec<&str> {
    let mut v = written(v);
    v.sort();
    v
}

/// The moves' writings in the sheet's letters.
fn written(v: &[NamedMove]) -> Vec<&str> {
    v.iter().map(|m| m.written.as_str()).collect()
}

#[test]
fn a_spanish_game_reads_to_its_san() {
    let r = spanish("1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. AxC PDxA 5. O-O A5CR 1/2-1/2");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(
        sans(&r),
        [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Bg4"
        ]
    );
    assert!(r.diagnostics.is_empty());
    // The JSON and the sheet keep what was written.
    assert_eq!(r.moves[7].text, "PDxA");
}

#[test]
fn two_legal_moves_to_a_bishops_third_are_ambiguous_with_their_candidates() {
    let r = spanish("1. C-3A");
    assert_eq!(codes(&r), [("ambiguous-move", Some(1))]);
    assert_eq!(sorted(&r.diagnostics[0].candidates), ["C3AD", "C3AR"]);
    assert_eq!(r.diagnostics[0].rule.unwrap().to_string(), "C.10 (2023)");
}

#[test]
fn pxp_is_read_by_the_legal_captures_that_fit() {
    // One pawn capture of a pawn: PxP stands.
    let r = spanish("1. P4R P4D 2. PxP");
    assert!(r.is_valid());
    assert_eq!(sans(&r)[2], "exd5");
    // Two: ambiguous, and the candidates name the captured pawn's file.
    let r = spanish("1. P4R P4D 2. P4AD PxP");
    assert_eq!(codes(&r), [("ambiguous-move", Some(4))]);
    assert_eq!(sorted(&r.diagnostics[0].candidates), ["PxPA", "PxPR"]);
    let r = spanish("1. P4R P4D 2. P4AD PxPA");
    assert_eq!(sans(&r)[3], "dxc4");
}

#[test]
fn a_file_without_a_rank_is_incomplete_and_lenient_reading_names_its_guess() {
    let fen = "[FEN \"7k/pp2Bppp/8/8/8/8/PP3PPP/6K1 w - - 0 30\"]\n\n30. A-D";
    let r = spanish(fen);
    assert_eq!(codes(&r), [("incomplete-move", Some(1))]);
    assert_eq!(sorted(&r.diagnostics[0].candidates), ["A6D", "A8D"]);
    // One completion only (a knight on d8): still incomplete, unless lenient, which names it.
    let fen = "[FEN \"3N3k/pp2Bppp/8/8/8/8/PP3PPP/6K1 w - - 0 30\"]\n\n30. A-D";
    let r = spanish(fen);
    assert_eq!(codes(&r), [("incomplete-move", Some(1))]);
    let r = check(fen, Language::SPANISH, NotationKind::Descriptive, true);
    assert_eq!(sans(&r), ["Bd6"]);
    assert_eq!(codes(&r), [("guess", Some(1))]);
    assert_eq!(written(&r.diagnostics[0].candidates), ["A6D"]);
}

#[test]
fn an_illegal_king_move_gives_its_reason_and_the_closest_legal_moves() {
    let r = spanish("[FEN \"4k3/r7/8/8/8/8/6PP/7K w - - 0 40\"]\n\n40. R-1A");
    assert_eq!(codes(&r), [("illegal-move", Some(1))]);
    let d = &r.diagnostics[0];
    assert_eq!(d.rule.unwrap().to_string(), "Art. 3 (2023)");
    assert_eq!(d.suggestions[0].written, "R1C");
    assert_eq!(d.suggestions[0].san.to_string(), "Kg1");
    assert!(
        d.message(planilla::check::MessageLanguage::English)
            .contains("c1"),
        "{}",
        d.message(planilla::check::MessageLanguage::English)
    );
}

#[test]
fn marks_are_checked_as_warnings() {
    let r = spanish("1. P4R+ P4R");
    assert_eq!(codes(&r), [("check-mark", Some(1))]);
    assert_eq!(sans(&r), ["e4", "e5"]);
    // A capture written as a move to a square: the capture mark is missing.
    let r = spanish("1. P4R P4D 2. P-5D");
    assert_eq!(codes(&r), [("capture-mark", Some(3))]);
    assert_eq!(sans(&r)[2], "exd5");
}

#[test]
fn english_descriptive_with_checks_en_passant_and_promotions() {
    let r = english(
        "1. P-K4 P-QR3 2. P-K5 P-Q4 3. PxP e.p. BPxP 4. B-N5ch B-Q2 5. BxBch QxB 6. N-KB3 N-QB3 *",
    );
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(
        sans(&r),
        [
            "e4", "a6", "e5", "d5", "exd6", "cxd6", "Bb5+", "Bd7", "Bxd7+", "Qxd7", "Nf3", "Nc6"
        ]
    );
    let fen = "[FEN \"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. ";
    for (written, san) in [
        ("P-K8=Q", "e8=Q+"),
        ("P-K8(Q)", "e8=Q+"),
        ("PxR=N", "exd8=N"),
        ("PxR(Q)", "exd8=Q+"),
    ] {
        let r = english(&format!("{fen}{written}"));
        assert_eq!(sans(&r), [san], "{written}: {:?}", codes(&r));
    }
    let r = english(&format!("{fen}PxR"));
    assert_eq!(codes(&r), [("promotion", Some(1))]);
}

#[test]
fn a_qualified_capture_in_parentheses() {
    // The rook on e4 can take the pawn on d4 or the one on e7.
    let fen = "[FEN \"k7/4p3/8/8/3pR3/8/8/K7 w - - 0 1\"]\n\n1. ";
    let r = spanish(&format!("{fen}TxP"));
    assert_eq!(codes(&r), [("ambiguous-move", Some(1))]);
    assert_eq!(sorted(&r.diagnostics[0].candidates), ["TxPD", "TxPR"]);
    assert_eq!(sans(&spanish(&format!("{fen}TxP(D)"))), ["Rxd4"]);
    assert_eq!(sans(&spanish(&format!("{fen}TxP(7R)"))), ["Rxe7"]);
    assert_eq!(sans(&english(&format!("{fen}RxP(Q4)"))), ["Rxd4"]);
    assert_eq!(sans(&english(&format!("{fen}RxKP"))), ["Rxe7"]);
}

#[test]
fn auto_decides_each_game_and_a_mixed_game_stops_at_the_other_notation() {
    let auto = |text: &str| check(text, Language::SPANISH, NotationKind::Auto, false);
    let r = auto("1. P4R P4R 2. C3AR *\n\n1. e4 e5 2. Cf3 *");
    assert_eq!(codes(&r), [("notation", Some(1))]);
    assert_eq!(r.diagnostics[0].severity(), Severity::Note);
    assert_eq!(sans(&r), ["e4", "e5", "Nf3"]);
    let options =
        CheckOptions::default().with_language(Language::SPANISH.with_notation(NotationKind::Auto));
    let second = check_text("1. P4R P4R 2. C3AR *\n\n1. e4 e5 2. Cf3 *", &options)
        .nth(1)
        .expect("two games");
    assert!(second.diagnostics.is_empty());
    assert_eq!(sans(&second), ["e4", "e5", "Nf3"]);
    // Descriptive first, then algebraic.
    let r = auto("1. P4R e5 2. Cf3");
    assert_eq!(
        codes(&r),
        [("notation", Some(1)), ("mixed-notation", Some(2))]
    );
    assert_eq!(r.diagnostics[1].severity(), Severity::Error);
    assert_eq!(r.diagnostics[1].written.as_deref(), Some("e5"));
    assert_eq!(r.unread_moves, 2);
    // Algebraic first, then descriptive; castling belongs to neither.
    let r = auto("1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. O-O C3A");
    assert_eq!(codes(&r), [("mixed-notation", Some(8))]);
    assert_eq!(r.moves.len(), 7);
    // Only algebraic, by the library's default: a descriptive word is a syntax error there.
    let r = check("1. P4R", Language::SPANISH, NotationKind::Algebraic, false);
    assert_eq!(r.diagnostics[0].severity(), Severity::Error);
    assert!(r.moves.is_empty());
}
