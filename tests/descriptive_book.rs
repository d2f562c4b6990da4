//! A real game in English descriptive notation from a public-domain book, checked against its
//! known algebraic score: The Blue Book of Chess (Project Gutenberg #16377), Game I, Stanley v
//! Rousseau, shipped in `examples/descriptive/` with the PGN of the ebook's transcriber.
//!
//! The book (1870) writes its moves in words (`K. Kt. to B's 3d.`, `P. takes K. P.`); the
//! test transcribes each word mechanically to the later short form of the same notation
//! (`KKt-B3`, `PxKP`): `to` is `-`, `takes` is `x`, the abbreviations lose their dots, `4th`
//! is `4`, `his` is the moving piece's own file, `Castles` is `O-O`. The short form is then
//! read by planilla, which decides every move from the position alone.

use planilla::check::{CheckOptions, Severity, check_text};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;

const BOOK: &str = include_str!("../examples/descriptive/blue_book_game_i.txt");
const PGN: &str = include_str!("../examples/descriptive/blue_book_game_i.pgn");

/// A name of the book (`K.`, `Kt.`, `B's`, `K. Kt.`) without its dots and genitive.
fn name(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| w.trim_end_matches('.').trim_end_matches("'s"))
        .collect()
}

/// One move of the book in the short form: `Q. Kt. to K. Kt's 3d.` is `QKt-KKt3`.
fn transcribe(book: &str) -> String {
    let text = book.trim().trim_end_matches('.');
    let (text, check) = match text.strip_suffix(" (ch.)") {
        Some(t) => (t.trim_end_matches('.'), " ch"),
        None => (text, ""),
    };
    let short = match text {
        "Castles" | "Castles on K's side" => "O-O".to_owned(),
        "Castles on Q's side" => "O-O-O".to_owned(),
        _ => {
            let words: Vec<&str> = text.split_whitespace().collect();
            let verb = words
                .iter()
                .position(|w| *w == "to" || *w == "takes")
                .unwrap_or_else(|| panic!("no verb in {book:?}"));
            let piece = name(&words[..verb]);
            let rest = &words[verb + 1..];
            if words[verb] == "takes" {
                format!("{piece}x{}", name(rest))
            } else {
                let (file, rank) = rest.split_at(rest.len() - 1);
                let rank: String = rank[0].chars().filter(char::is_ascii_digit).collect();
                let file = if file == ["his"] {
                    piece.clone()
                } else {
                    name(file)
                };
                format!("{piece}-{file}{rank}")
            }
        }
    };
    short + check
}

/// The game's moves as the book prints them, White's and Black's in turn.
fn book_moves() -> Vec<String> {
    let mut moves = Vec::new();
    for line in BOOK
        .lines()
        .skip_while(|l| !l.starts_with("WHITE."))
        .skip(1)
    {
        // `10.  Kt. takes Kt.                10.  B. takes Kt.`
        let mut halves = line.split("  ").map(str::trim).filter(|s| !s.is_empty());
        while let Some(h) = halves.next() {
            if h.ends_with('.')
                && h.trim_end_matches('.').parse::<u32>().is_ok()
                && let Some(m) = halves.next()
            {
                moves.push(m.to_owned());
            }
        }
    }
    moves
}

#[test]
fn the_transcription_is_mechanical() {
    assert_eq!(transcribe("Q. Kt. to K. Kt's 3d."), "QKt-KKt3");
    assert_eq!(transcribe("Kt. takes K. Kt. P"), "KtxKKtP");
    assert_eq!(transcribe("Q. B. to his 5th."), "QB-QB5");
    assert_eq!(transcribe("P. takes K. P."), "PxKP");
    assert_eq!(transcribe("Castles."), "O-O");
}

#[test]
fn blue_book_game_i_reads_as_its_known_algebraic_score() {
    let moves = book_moves();
    assert_eq!(moves.len(), 39);
    let mut sheet = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            sheet.push_str(&format!("{}. ", i / 2 + 1));
        }
        sheet.push_str(&transcribe(m));
        sheet.push(' ');
    }
    sheet.push_str("1-0");
    let descriptive = CheckOptions::default()
        .with_language(Language::ENGLISH.with_notation(NotationKind::Descriptive));
    let report = check_text(&sheet, &descriptive).next().expect("one game");
    let errors: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .map(|d| d.title(planilla::check::MessageLanguage::English))
        .collect();
    assert!(errors.is_empty(), "{sheet}\n{errors:?}");
    let english = CheckOptions::default().with_language(Language::ENGLISH);
    let known = check_text(PGN, &english).next().expect("the PGN");
    assert!(known.is_valid());
    let sans = |r: &planilla::check::GameReport| -> Vec<String> {
        r.moves.iter().map(|m| m.san.to_string()).collect()
    };
    assert_eq!(sans(&report), sans(&known));
    assert_eq!(report.moves.len(), 39);
    assert_eq!(report.result(), planilla::scoresheet::Outcome::WhiteWins);
    // The book names pieces by where they started, which the reader notes where no piece of
    // the role stands on the wing named: 7. KB-QKt3, the king's bishop from c4 (both bishops
    // on the queen's side), and 9. QKt-KKt3, the queen's knight from e2 (both knights on the
    // king's side).
    let notes: Vec<(u32, &str)> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Warning)
        .map(|d| (d.ply.unwrap_or(0), d.code().as_str()))
        .collect();
    assert_eq!(notes, [(13, "disambiguation"), (17, "disambiguation")]);
}
