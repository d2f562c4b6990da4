//! The language of the messages lives in the values: a report, a diagnostic, a move's error
//! and a sealed ruling made with English messages display and serialize in English, and in
//! Spanish by default; a Spanish comparison names the record's moves in the sheet's letters.

use planilla::Position;
use planilla::check::{CheckOptions, MessageLanguage, check_move, check_text};

/// The Appendix E sample game of the 2005 Laws in Spanish, whose `5.Dxd5` is a misprint.
const MISPRINT: &str = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd5 d5";

fn english() -> CheckOptions {
    CheckOptions::default().with_messages(MessageLanguage::English)
}

#[cfg(feature = "serde")]
#[test]
fn an_english_report_serializes_its_diagnostics_in_english() {
    let report = check_text(MISPRINT, &english()).next().unwrap();
    assert_eq!(report.messages, MessageLanguage::English);
    let json = serde_json::to_value(&report).unwrap();
    let message = json["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("no white queen can reach d5"), "{message}");

    let spanish = check_text(MISPRINT, &CheckOptions::default())
        .next()
        .unwrap();
    let json = serde_json::to_value(&spanish).unwrap();
    let message = json["diagnostics"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("ninguna dama blanca puede llegar a d5"),
        "{message}"
    );
}

#[test]
fn an_english_diagnostic_displays_and_serializes_in_english() {
    let report = check_text(MISPRINT, &english()).next().unwrap();
    let d = &report.diagnostics[0];
    assert_eq!(d.messages, MessageLanguage::English);
    let shown = d.to_string();
    assert!(
        shown.starts_with("error[illegal-move]: 5. Dxd5: "),
        "{shown}"
    );
    assert!(shown.contains("no white queen can reach d5"), "{shown}");
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_value(d).unwrap();
        assert!(json["message"].as_str().unwrap().contains("no white queen"));
    }

    let spanish = check_text(MISPRINT, &CheckOptions::default())
        .next()
        .unwrap();
    assert!(
        spanish.diagnostics[0]
            .to_string()
            .contains("ninguna dama blanca")
    );
}

#[test]
fn an_english_move_error_displays_in_english() {
    let pos = Position::startpos();
    let error = check_move(&pos, "Ce5", &english()).unwrap_err();
    let shown = error.to_string();
    assert!(shown.starts_with("error[illegal-move]"), "{shown}");
    assert!(!shown.contains("ningún"), "{shown}");
    assert_eq!(
        shown,
        format!(
            "error[illegal-move]: {}",
            error.diagnostic.title(MessageLanguage::English)
        )
    );
    let spanish = check_move(&pos, "Ce5", &CheckOptions::default()).unwrap_err();
    assert_eq!(
        spanish.to_string(),
        format!(
            "error[illegal-move]: {}",
            spanish.diagnostic.title(MessageLanguage::Spanish)
        )
    );
    assert_ne!(shown, spanish.to_string());
}

#[cfg(all(feature = "serde", feature = "sealed"))]
#[test]
fn an_english_sealed_ruling_serializes_in_english() {
    use planilla::sealed::{SealedOptions, adjudicate_sealed_with};
    // Knights on b1 and f3 both reach d2: an ambiguous sealed move.
    let envelope: Position = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41".parse().unwrap();
    let options = SealedOptions::default().with_check(english());
    let ruling = adjudicate_sealed_with(&envelope, "Cd2", &options);
    let json = serde_json::to_value(&ruling).unwrap();
    let spanish_options = SealedOptions::default().with_check(CheckOptions::default());
    let spanish = adjudicate_sealed_with(&envelope, "Cd2", &spanish_options);
    let spanish_json = serde_json::to_value(&spanish).unwrap();
    assert_eq!(json["verdict"], spanish_json["verdict"]);
    assert_eq!(
        json,
        serde_json::to_value(planilla::write::sealed_json(
            &ruling,
            &envelope,
            MessageLanguage::English
        ))
        .unwrap()
    );
    assert_ne!(json, spanish_json, "the messages differ");
}

#[cfg(feature = "reconstruct")]
#[test]
fn a_spanish_comparison_names_the_records_moves_in_the_sheets_letters() {
    // The sheet leaves out the record's 4. Ba4 (its `4.Cf6` is the record's 4...Nf6): the
    // missing move is the bishop move `Aa4` in Spanish letters.
    let record = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 1/2-1/2";
    use planilla::Language;
    use planilla::reconstruct::compare_text;
    let found = compare_text(
        "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6",
        record,
        &CheckOptions::default(),
    )
    .unwrap();
    let d = &found.discrepancies[0];
    assert_eq!(d.record.as_deref(), Some("Ba4"));
    assert_eq!(d.record_written.as_deref(), Some("Aa4"));
    // A German sheet gets German letters: `La4`.
    let german = CheckOptions::default().with_language(Language::GERMAN);
    let found = compare_text("1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.Sf6", record, &german).unwrap();
    assert_eq!(
        found.discrepancies[0].record_written.as_deref(),
        Some("La4")
    );
}
