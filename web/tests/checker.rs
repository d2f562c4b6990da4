//! The streaming checker ([`planilla_web::Checker`]) gives the games of `planilla check --json`
//! and the texts of `planilla convert --to FORMAT` on the whole input, whatever the blocks the
//! input comes in: each shipped sheet, all of them one after another, and a long run of sheets
//! with no headers between them (cut by the stream's soft limit), pushed in blocks of 1 byte,
//! 7 bytes, 4 KiB and whole.

use planilla_app::jobs;
use planilla_app::settings::{Format, SheetSettings};
use planilla_web::Checker;

/// The shipped sheets: `examples/planillas/*` and `examples/descriptive/*.txt`.
fn shipped() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut texts = Vec::new();
    for (dir, only_txt) in [
        ("examples/planillas", false),
        ("examples/descriptive", true),
    ] {
        let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/{dir}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| !only_txt || p.extension().is_some_and(|e| e == "txt"))
            .collect();
        paths.sort();
        texts.extend(paths.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    }
    texts
}

/// Every game `text` gives, pushed in blocks of `block` bytes, with `to` (`""`: JSON objects).
fn streamed(text: &str, block: usize, to: &str, messages: &str) -> Vec<String> {
    let mut checker = Checker::new("es", 2023, false, messages, "auto", "", false, to, false);
    assert_eq!(checker.error(), None);
    let mut games = Vec::new();
    for piece in text.as_bytes().chunks(block.max(1)) {
        checker.push(piece);
        games.extend(std::iter::from_fn(|| checker.next()));
    }
    checker.finish();
    games.extend(std::iter::from_fn(|| checker.next()));
    assert!(checker.done());
    games
}

/// The texts the checker is tried on.
fn texts() -> Vec<String> {
    let sheets = shipped();
    let mut texts = sheets.clone();
    texts.push(sheets.join("\n\n"));
    // Sheets with no headers, one after another: past 64 KiB the stream cuts them at a
    // result or at White's first move after a blank line.
    let bare = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.O-O Ae7 1-0\n\n1.d4 d5 2.Re3 *\n\n";
    texts.push(bare.repeat(2500));
    texts.push(String::new());
    texts.push("\n \n".to_owned());
    texts
}

#[test]
fn streamed_games_are_the_games_of_check_json_in_any_blocks() {
    let options = SheetSettings::default().check_options().unwrap();
    for text in texts() {
        let want: Vec<String> = jobs::check_json(&text, &options)
            .iter()
            .map(|g| serde_json::to_string(g).unwrap())
            .collect();
        for block in [1, 7, 4096, text.len()] {
            if block == 1 && text.len() > 50_000 {
                continue;
            }
            let got = streamed(&text, block, "", "es");
            assert_eq!(got.len(), want.len(), "blocks of {block}");
            assert!(got == want, "blocks of {block}: the games differ");
        }
    }
}

#[test]
fn streamed_texts_are_what_convert_writes() {
    let options = SheetSettings::default().check_options().unwrap();
    for text in texts() {
        for (name, format) in [
            ("pgn", Format::Pgn),
            ("es", Format::Es),
            ("figurine", Format::Figurine),
            ("descriptiva", Format::Descriptiva),
            ("descriptive", Format::Descriptive),
        ] {
            let want = jobs::convert(&text, format, false, &options).unwrap();
            assert_eq!(streamed(&text, 4096, name, "es").concat(), want, "{name}");
        }
    }
}

#[test]
fn a_refused_setting_is_said_in_the_language_of_messages() {
    let refused =
        |lang: &str, edition: u16, messages: &str, notation: &str, fen: &str, to: &str| {
            let c = Checker::new(
                lang, edition, false, messages, notation, fen, false, to, false,
            );
            let e: serde_json::Value = serde_json::from_str(&c.error().unwrap()).unwrap();
            (
                e["code"].as_str().unwrap().to_owned(),
                e["message"].as_str().unwrap().to_owned(),
            )
        };
    let (code, message) = refused("xx", 2023, "en", "auto", "", "");
    assert_eq!(code, "setting");
    assert!(
        message.starts_with("lang: unknown letters \"xx\""),
        "{message}"
    );
    let (_, message) = refused("es", 1999, "es", "auto", "", "");
    assert_eq!(
        message,
        "edition: edición desconocida 1999 (2005, 2018 o 2023)"
    );
    let (_, message) = refused("es", 2023, "en", "auto", "", "tex");
    assert!(message.starts_with("to: unknown format"), "{message}");
    let (code, message) = refused("es", 2023, "es", "auto", "8/8/8 w", "");
    assert_eq!(code, "fen");
    assert!(message.starts_with("fen: "), "{message}");
    let mut c = Checker::new("es", 2023, false, "es", "auto", "", false, "", false);
    assert_eq!(c.error(), None);
    c.finish();
    assert_eq!(c.next(), None);
    assert!(c.done());
}

#[test]
fn a_body_over_the_servers_limit_gets_413_in_its_language() {
    let text = "1.e4 e5 ".repeat(700_000);
    let body = serde_json::json!({ "text": text, "messages": "en" }).to_string();
    let a = planilla_web::answer("check", &body);
    assert_eq!(a.status(), 413);
    assert_eq!(a.body(), r#"{"error":"the body is larger than 5 MiB"}"#);
    let body = serde_json::json!({ "text": text }).to_string();
    assert_eq!(
        planilla_web::answer("check", &body).body(),
        r#"{"error":"el cuerpo pasa de 5 MiB"}"#
    );
}
