//! Real handwritten sheets (the HCS dataset, `tests/data/hcs`, CC BY 3.0): the verdicts agree
//! with python-chess's on every sheet, blank boxes are missing moves the reconstruction fills,
//! writing after the end is said, ties are counted and named, and two sheets reconcile to the
//! same game whichever comes first.

use crate::hcs;

use planilla::check::{CheckOptions, DiagnosticCode, check_text};
use planilla::reconstruct::{Limits, RepairKind, reconcile_text, reconstruct_text};

fn english() -> CheckOptions {
    hcs::options()
}

#[test]
fn every_real_sheet_gets_python_chess_verdict() {
    let verdicts = hcs::python_chess_verdicts();
    let sheets = hcs::sheets();
    assert_eq!(sheets.len(), 207);
    let options = english();
    let mut differ = Vec::new();
    for sheet in &sheets {
        let valid = check_text(&sheet.text, &options).all(|r| r.is_valid());
        if Some(&valid) != verdicts.get(&sheet.name) {
            differ.push(sheet.name.clone());
        }
    }
    assert!(
        differ.is_empty(),
        "verdicts differ from python-chess's: {differ:?}"
    );
}

/// Checks that `sheet`'s first diagnostic is `missing-move` at `ply` and that its
/// reconstruction's first repair fills that ply; returns the report and the reconstruction.
fn blank_at(
    sheet: &str,
    ply: u32,
) -> (
    planilla::check::GameReport,
    planilla::reconstruct::Reconstruction,
) {
    let report = check_text(sheet, &english()).next().unwrap();
    let d = &report.diagnostics[0];
    assert_eq!(
        (d.code(), d.ply),
        (DiagnosticCode::MissingMove, Some(ply)),
        "{sheet:?}"
    );
    let found = reconstruct_text(sheet, &english(), &Limits::default());
    let r = found[0].clone().expect("a reconstruction");
    assert_eq!(
        (r.repairs[0].kind, r.repairs[0].ply),
        (RepairKind::MissingMove, ply),
        "{sheet:?}"
    );
    (report, r)
}

#[test]
fn a_blank_box_is_the_missing_move_at_its_ply_and_the_reconstruction_fills_it() {
    // White's third box left blank, and Black's second.
    for (sheet, ply) in [
        ("1. e4 e5\n2. Nf3 Nc6\n3. — a6\n4. Ba4 Nf6\n", 5),
        ("1. e4 e5\n2. Nf3 -\n3. Bb5 a6\n", 4),
    ] {
        let (report, r) = blank_at(sheet, ply);
        assert!(!report.is_valid());
        assert!(r.complete);
        assert!(r.repairs[0].written.is_some(), "the blank as written");
    }
    // 4. Ba4 after the blank leaves one move: 3. Bb5.
    let found = reconstruct_text(
        "1. e4 e5\n2. Nf3 Nc6\n3. ... a6\n4. Ba4\n",
        &english(),
        &Limits::default(),
    );
    let r = found[0].as_ref().unwrap();
    assert_eq!(r.san()[4], "Bb5");
    assert_eq!(r.ties, 1);
}

#[test]
fn an_empty_cell_of_a_tabbed_sheet_is_a_blank_box_and_is_written_back_blank() {
    use planilla::notation::Language;
    use planilla::write::scoresheet;
    for (sheet, ply) in [
        ("1\te4\te5\n2\tNf3\t\n3\tBb5\ta6\n", 4),
        ("1\te4\te5\n2\t\tNc6\n3\tBb5\ta6\n", 3),
    ] {
        let (report, _) = blank_at(sheet, ply);
        assert_eq!(report.diagnostics[0].written.as_deref(), Some("—"));
        // The Spanish sheet writes the blank box where the reading stopped, and reads back
        // to the same error at the same ply.
        let written = scoresheet(&report, &Language::SPANISH);
        let again = check_text(&written, &CheckOptions::default())
            .next()
            .unwrap();
        let d = &again.diagnostics[0];
        assert_eq!(
            (d.code(), d.ply),
            (DiagnosticCode::MissingMove, Some(ply)),
            "{written}"
        );
    }
}

#[test]
fn blacks_number_where_whites_move_is_due_is_whites_box_left_blank() {
    let report = check_text("1. e4 e5 2. Nf3 Nc6 3... a6", &english())
        .next()
        .unwrap();
    let d = &report.diagnostics[0];
    assert_eq!((d.code(), d.ply), (DiagnosticCode::MissingMove, Some(5)));
}

#[test]
fn a_number_written_after_mate_is_said() {
    let report = check_text("1. f3 e5 2. g4 Qh4# 3", &english())
        .next()
        .unwrap();
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, [DiagnosticCode::MoveAfterEnd]);
}

#[test]
fn ties_are_counted_listed_up_to_the_limit_and_their_plies_named() {
    // Any legal move that lets 3... a6 be played fills White's blank third box: 26 games of the
    // same cost (python-chess: 27 legal moves, and after Bxf7+ a6 is not legal).
    let sheet = "1. e4 e5\n2. Nf3 Nc6\n3. — a6\n";
    for (limit, listed) in [(8, 8), (2, 2), (100, 25)] {
        let limits = Limits::default().with_max_alternatives(limit);
        let found = reconstruct_text(sheet, &english(), &limits);
        let r = found[0].as_ref().unwrap();
        assert_eq!(r.alternatives.len(), listed, "--alternatives {limit}");
        assert_eq!(r.ties, 26);
        for a in &r.alternatives {
            assert_eq!(a.differs_at, [5]);
        }
    }
}

#[test]
fn two_real_sheets_reconcile_to_the_same_game_whichever_comes_first() {
    let options = english();
    let sheets = hcs::sheets();
    let mut games = 0;
    for (game, _) in hcs::truths() {
        if hcs::Half::of(game) != hcs::Half::Tuning {
            continue;
        }
        let pair: Vec<_> = sheets.iter().filter(|s| s.game == game).take(2).collect();
        let [a, b] = pair[..] else { continue };
        let one = reconcile_text(&a.text, &b.text, &options).unwrap();
        let other = reconcile_text(&b.text, &a.text, &options).unwrap();
        assert_eq!(one.san, other.san, "game {game}");
        games += 1;
    }
    assert!(games >= 25, "{games} games");
}

#[test]
fn the_readme_sheet_names_its_tie_and_the_two_sheets_settle_it() {
    let options = english();
    let read = |name: &str| {
        let path = format!("{}/examples/hcs/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let (one, other) = (read("047_0.txt"), read("047_1.txt"));
    // The files are the dataset's sheets as the tests write them.
    let sheets = hcs::sheets();
    let text = |name: &str| sheets.iter().find(|s| s.name == name).unwrap().text.clone();
    assert_eq!(one, text("047_0"));
    assert_eq!(other, text("047_1"));
    let truth = &hcs::truths()[&47];
    assert!(truth.settled());
    // 6... Nd7 names two knights; the sheet alone cannot tell them apart, and says so.
    let found = reconstruct_text(&one, &options, &Limits::default());
    let r = found[0].as_ref().unwrap();
    assert!(r.complete);
    assert_eq!(r.ties, 2);
    assert_eq!(r.alternatives[0].differs_at, [12]);
    assert!(r.repairs[0].ruled_out.is_empty());
    let games: Vec<Vec<String>> = std::iter::once(r.san())
        .chain(r.alternatives.iter().map(|a| a.san.clone()))
        .collect();
    assert!(games.contains(&truth.san[..28].to_vec()));
    // Both sheets give the true game, in either order.
    assert_eq!(
        reconcile_text(&one, &other, &options).unwrap().san,
        truth.san
    );
    assert_eq!(
        reconcile_text(&other, &one, &options).unwrap().san,
        truth.san
    );
}

#[test]
fn a_contradicted_mark_is_an_error_when_a_reading_one_character_away_fits_it() {
    use planilla::check::Severity;
    let spanish = CheckOptions::default();
    // `Axe4` onto an empty e4, where Axc4 (one character away) captures: not certain.
    let report = check_text("1.d4 d5 2.c4 dxc4 3.e3 Cf6 4.Ad3 Cc6 5.Axe4", &spanish)
        .next()
        .unwrap();
    let d = &report.diagnostics[0];
    assert_eq!((d.code(), d.ply), (DiagnosticCode::AmbiguousMove, Some(9)));
    let named: Vec<String> = d.candidates.iter().map(|c| c.written.clone()).collect();
    assert_eq!(named, ["Ae4", "Axc4"]);
    assert!(!report.is_valid());
    // The reconstruction doubts it too: the sheet the reader rejects gets a reconstruction.
    let found = reconstruct_text(
        "1.d4 d5 2.c4 dxc4 3.e3 Cf6 4.Ad3 Cc6 5.Axe4",
        &spanish,
        &Limits::default(),
    );
    assert!(found[0].is_some());
    // `Axb5` onto an empty b5 with no capture one character away: the meaning is certain, a
    // warning.
    let report = check_text("1.e4 e5 2.Cf3 Cc6 3.Axb5", &spanish)
        .next()
        .unwrap();
    let codes: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| (d.code(), d.severity()))
        .collect();
    assert_eq!(codes, [(DiagnosticCode::CaptureMark, Severity::Warning)]);
    assert!(report.is_valid());
    // The real sheet the rule comes from: 001_1's `Bxe4`, where Bxc4 captures.
    let sheet = hcs::sheets()
        .into_iter()
        .find(|s| s.name == "001_1")
        .unwrap();
    let report = check_text(&sheet.text, &english()).next().unwrap();
    let d = &report.diagnostics[0];
    assert_eq!(
        (d.code(), d.ply, d.written.as_deref()),
        (DiagnosticCode::AmbiguousMove, Some(19), Some("Bxe4"))
    );
}
