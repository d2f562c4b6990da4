//! Chess text as books, columns and articles print it (`grammar/notacion.ebnf`, "printed
//! text"; `src/check/walker/print.rs`): one test for each form the reader learnt, and for each
//! verdict that was wrong, with its code and ply. The real fragments come from the corpus of
//! `tests/data/print/` (see its README); the rest are built to show one form at a time.

use crate::print_corpus;

use planilla::check::{CheckOptions, DiagnosticCode, GameReport, Severity, check_text};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::scoresheet::{StreamGames, TokenKind, games};

fn spanish(text: &str) -> Vec<GameReport> {
    check_text(text, &CheckOptions::default()).collect()
}

fn english_descriptive(text: &str) -> Vec<GameReport> {
    let options = CheckOptions::default()
        .with_language(Language::ENGLISH.with_notation(NotationKind::Descriptive));
    check_text(text, &options).collect()
}

fn sans(report: &GameReport) -> Vec<String> {
    report.moves.iter().map(|m| m.san.to_string()).collect()
}

fn codes(report: &GameReport) -> Vec<(DiagnosticCode, Option<u32>)> {
    report
        .diagnostics
        .iter()
        .map(|d| (d.code(), d.ply))
        .collect()
}

fn first_error(report: &GameReport) -> Option<(DiagnosticCode, Option<u32>)> {
    report
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .map(|d| (d.code(), d.ply))
}

/// The corpus fragment `id`, read with its own options.
fn fragment(id: &str) -> (print_corpus::Fragment, GameReport) {
    let f = print_corpus::load()
        .into_iter()
        .find(|f| f.id == id)
        .unwrap_or_else(|| panic!("no fragment {id}"));
    let report = check_text(&f.text, &print_corpus::options(&f))
        .next()
        .unwrap();
    (f, report)
}

/// The corpus fragment `id` with its first `from` replaced by `to` (an edit of the print
/// edit audit), read with the fragment's options.
fn edited(id: &str, from: &str, to: &str) -> GameReport {
    let (f, _) = fragment(id);
    assert!(f.text.contains(from), "{id}: no {from:?}");
    let text = f.text.replacen(from, to, 1);
    check_text(&text, &print_corpus::options(&f))
        .next()
        .unwrap()
}

#[test]
fn a_spaced_ellipsis_after_the_number_announces_blacks_move() {
    for text in [
        "1. e4 e5 2. Cf3 2. … Cc6",
        "1. e4 e5 2. Cf3 2. ... Cc6",
        "1. e4 e5 2. Cf3 2 ..Cc6",
        "1. e4 e5 2. Cf3 2. ........  Cc6",
    ] {
        let r = &spanish(text)[0];
        assert!(r.is_valid(), "{text}: {:?}", codes(r));
        assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"], "{text}");
    }
}

#[test]
fn print_punctuation_separates_moves_and_ends_sentences() {
    for text in [
        "1 e4, e5 2 Cf3, Cc6",
        "1 e4 e5 / 2 Cf3 Cc6",
        "1. e4 e5 2. Cf3 Cc6.",
        "1. e4 e5 2. Cf3; Cc6",
        "1.e4 e5\n- 2.Cf3 Cc6",
    ] {
        let r = &spanish(text)[0];
        assert!(r.is_valid(), "{text}: {:?}", codes(r));
        assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"], "{text}");
    }
    // A comma with a move glued after it is no punctuation: the word does not read.
    let r = &spanish("1. e4 e5 2. Cf3,Cc6")[0];
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(3)))
    );
}

#[test]
fn a_semicolon_after_a_space_still_starts_a_pgn_comment() {
    let r = &spanish("1. e4 e5 2. Cf3 ;un comentario\n2... Cc6")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn a_byte_order_mark_before_the_headers_starts_no_game() {
    let text = "\u{feff}[Event \"x\"]\n[White \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
    let mut stream = StreamGames::new(std::io::Cursor::new(text.as_bytes()), Default::default());
    let mut chunks = 0;
    let mut reports = Vec::new();
    while let Some(chunk) = stream.next_chunk() {
        chunks += 1;
        let options = CheckOptions::default().with_language(Language::ENGLISH);
        reports.extend(planilla::check::check_bytes(&chunk.text, &options));
    }
    assert_eq!(chunks, 1);
    assert_eq!(reports.len(), 1);
    assert!(reports[0].is_valid(), "{:?}", codes(&reports[0]));
    assert_eq!(reports[0].moves.len(), 4);
}

#[test]
fn a_game_with_no_moves_and_no_result_is_an_error() {
    let r = &spanish("[Event \"x\"]\n\n*\n")[0];
    assert_eq!(first_error(r), Some((DiagnosticCode::NoMoves, None)));
    // A result alone records a game decided before its first move (a forfeit), and so does
    // a forfeit in words.
    assert!(spanish("[Event \"x\"]\n\n1-0\n")[0].is_valid());
    assert!(spanish("Blancas: Ana\n\nW.O.\n")[0].is_valid());
}

#[test]
fn a_pawn_push_written_with_its_file_is_an_error() {
    // `cc3` is `Cc3` in the wrong case, or nothing: a pawn's file is written only in a
    // capture (E9; C.9). `hxh4` names no capture either.
    let r = &spanish("1. e4 e5 2. cc3")[0];
    assert_eq!(first_error(r), Some((DiagnosticCode::IllegalMove, Some(3))));
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .unwrap();
    assert_eq!(d.suggestions[0].san.to_string(), "Nc3");
    let r = &spanish("1. h4 g5 2. hxh5")[0];
    assert_eq!(first_error(r), Some((DiagnosticCode::IllegalMove, Some(3))));
    // The full origin square stays the long algebraic form, a warning.
    let r = &spanish("1. e2e4")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
}

#[test]
fn castles_with_its_side_is_one_move() {
    // Bird (1893) and Lasker (1915) write `Castles QR`: one move, never `Castles` and a word.
    let text = "1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. Castles QR Castles QR";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(&sans(r)[8..], ["O-O-O", "O-O-O"]);
}

#[test]
fn castles_with_its_side_in_parentheses_names_the_side_where_both_are_legal() {
    // Both castlings are legal after White's 8th and Black's 8th: the side in parentheses
    // decides. `Castles (K's side)` (the Britannica of 1911, eb-02), `Castles (Q. R.)` and
    // `Castles (with K. R.)` (Staunton, *The Blue Book of Chess*, blue-04, blue-11).
    let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-KB3 3. B-B4 B-B4 4. P-Q4 P-Q4 5. B-KKt5 B-KKt5 \
                6. Kt-B3 Kt-B3 7. Q-Q2 Q-Q2 8. Castles (K's side) Castles (Q. R.)";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(&sans(r)[14..], ["O-O", "O-O-O"]);
    let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-KB3 3. B-B4 B-B4 4. P-Q4 P-Q4 5. B-KKt5 B-KKt5 \
                6. Kt-B3 Kt-B3 7. Q-Q2 Q-Q2 8. Castles (with Q. R.) Castles (with K. R.)";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(&sans(r)[14..], ["O-O-O", "O-O"]);
}

#[test]
fn castles_alone_is_the_one_legal_castling_and_ambiguous_when_both_are() {
    // Only castling on the queen's side is legal: `Castles` names it.
    let text = "1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. Castles";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r)[8], "O-O-O");
    // Both are legal: ambiguous, with both candidates.
    let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-KB3 3. B-B4 B-B4 4. P-Q4 P-Q4 5. B-KKt5 B-KKt5 \
                6. Kt-B3 Kt-B3 7. Q-Q2 Q-Q2 8. Castles";
    let r = &english_descriptive(text)[0];
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::AmbiguousMove, Some(15)))
    );
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .unwrap();
    assert_eq!(d.candidates.len(), 2);
}

#[test]
fn a_piece_named_by_file_is_the_one_that_started_there() {
    // In a book, after 4. KtxP, `QKt-B3` is the knight that started on b1, wherever the
    // other stands.
    let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. P-Q4 PxP 4. KtxP Kt-B3 5. QKt-B3, the \
                usual development";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r)[8], "Nc3");
    // Lasker, Chess Strategy (1915), Marshall v Tarrasch: `12. KtxQB` takes the bishop that
    // started on c8, on e6, while the king's bishop stands on c5. It was read as Nxc5.
    let (f, r) = fragment("strategy-07");
    assert_eq!(r.moves[22].san.to_string(), "Nxe6", "{}", f.id);
}

#[test]
fn prose_between_numbered_moves_is_commentary_noted_once() {
    let text = "1.e4 e5 2.Cf3 Cc6, 3.Ab5 no solo desarrolla una pieza, sino que se ataca a la \
                única pieza desarrollada del negro. Además, si se entra en la línea principal, \
                con 3.... a6 4.Aa4";
    let r = &spanish(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    let notes: Vec<_> = codes(r)
        .into_iter()
        .filter(|(c, _)| *c == DiagnosticCode::Prose)
        .collect();
    assert_eq!(notes.len(), 1);
    // A parenthesised remark too, on a sheet as in a book.
    for text in [
        "1. e4 e5 2. Cf3 Cc6 (la defensa más natural) 3. Ab5",
        "1. e4 e5 2. Cf3 Cc6 (única) 3. Ab5",
        "1. e4 e5 2. Cf3 Cc6 (o d6) 3. Ab5",
    ] {
        let r = &spanish(text)[0];
        assert!(r.is_valid(), "{text}: {:?}", codes(r));
        assert_eq!(sans(r).len(), 5, "{text}");
    }
    // A word that is no prose in a variation is the error it was.
    let r = &spanish("1. e4 e5 2. Cf3 Cc6 (2... Cz6) 3. Ab5")[0];
    assert_eq!(
        first_error(r).map(|e| e.0),
        Some(DiagnosticCode::UnreadableMove)
    );
}

#[test]
fn a_word_one_edit_from_a_legal_move_is_never_prose() {
    // `el` is one character away from `e4`, a legal move of Black's pawn on e5: in the place
    // of Black's move it is an error, never a word of commentary.
    let r = &spanish("1. e4 d5 2. Cf3 el caballo ataca 2... Cc6")[0];
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(4)))
    );
    // `Castles` with a space typed inside it is no prose either: joined, it is a move.
    let r = &english_descriptive("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Cas tles")[0];
    assert!(
        first_error(r).is_some_and(|(_, ply)| ply == Some(7)),
        "{:?}",
        codes(r)
    );
}

#[test]
fn a_move_mentioned_in_commentary_is_not_played() {
    // Lasker (1915): after `5. P-Q3`, the note begins "P-Q4 would seem to be the logical
    // consequence"; Black's move is `5. ... P-Q3`. `P-Q4` was read as Black's fifth move.
    let (_, r) = fragment("strategy-05");
    assert_eq!(r.moves[9].san.to_string(), "d6");
    // Commentary that names the ply in play before the column restates it: `after 4. ...
    // B-B4; 5. P-Q4` before `4. ... P-Q4` (strategy-09), `5. KtxKt` after `5. KtxP`
    // (strategy-20), `Byrne podría haber jugado 5. e4` before `5. Af4 d5` (eswiki-07).
    for (id, ply, san) in [
        ("strategy-09", 8, "d5"),
        ("strategy-20", 9, "Nxe5"),
        ("eswiki-07", 9, "Bf4"),
    ] {
        let (_, r) = fragment(id);
        assert_eq!(r.moves[ply - 1].san.to_string(), san, "{id}");
    }
}

#[test]
fn a_move_without_its_number_outside_commentary_is_an_error() {
    // After the last number, "lo impide, al evitar Dh5 … si el blanco juega Df3": `Dh5` is
    // legal, and nothing says whether it was played (eswiki-05).
    let (_, r) = fragment("eswiki-05");
    assert_eq!(
        first_error(&r),
        Some((DiagnosticCode::UnnumberedMove, Some(5)))
    );
}

#[test]
fn closing_words_after_the_last_move_are_a_warning() {
    // Known closing words are a result: the side that moved last wins.
    let r = &spanish("1. e4 e5 2. Cf3 Cc6 3. Ab5 y ganan.")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(
        r.recorded_result,
        Some(planilla::scoresheet::Outcome::WhiteWins)
    );
    let r = &spanish("1. e4 e5 2. Cf3 Cc6 3. Ab5 y ganan las negras.")[0];
    assert_eq!(
        r.recorded_result,
        Some(planilla::scoresheet::Outcome::BlackWins)
    );
    // Unknown ones are a warning in printed text, never a new game and never an error (the
    // second is Capablanca's, Chess Fundamentals, 1921).
    for text in [
        "1. e4 e5 2. Cf3 Cc6 3. Ab5 y Jojua se rindió",
        "1. e4 e5 2. Cf3 Cc6 3. Ab5 and after a very few more moves Black resigned.",
    ] {
        let reports = spanish(text);
        assert_eq!(reports.len(), 1, "{text}");
        let r = &reports[0];
        assert!(r.is_valid(), "{text}: {:?}", codes(r));
        assert_eq!(r.moves.len(), 5);
        assert!(
            codes(r).contains(&(DiagnosticCode::UnknownWord, None)),
            "{text}"
        );
    }
}

#[test]
fn a_sheet_reports_an_unreadable_word_at_its_ply_as_before() {
    // No prose on a sheet: the word is an error at its place, and the rest unread.
    let r = &spanish("1. e4 e5 2. Cz9 Cc6 3. Ab5")[0];
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(3)))
    );
    assert_eq!(r.unread_moves, 3);
    // The lexer keeps the word, with its error, in the game.
    let game = games("1. e4 e5 2. Cz9", planilla::notation::Parser::spanish())
        .next()
        .unwrap()
        .unwrap();
    assert!(
        game.movetext
            .iter()
            .any(|t| matches!(t.kind, TokenKind::Word { .. }))
    );
}

#[test]
fn the_real_text_audit_misreads_nothing() {
    let fragments = print_corpus::load();
    assert!(fragments.len() >= 120, "{} fragments", fragments.len());
    let (outcomes, tally) = print_corpus::run(&fragments);
    println!("{}", print_corpus::table(&tally));
    let misread: Vec<_> = fragments
        .iter()
        .zip(&outcomes)
        .filter(|(_, o)| matches!(o, print_corpus::Outcome::Misread { .. }))
        .map(|(f, o)| format!("{}: {o:?}", f.id))
        .collect();
    assert!(misread.is_empty(), "{misread:#?}");
    // Read to the end or stopped at the misprint: no fewer than measured after the rules of
    // #41 (331 of 415, 79.8 %: 283 of the 337 its rules were written on, 160 of 165 before
    // its 172 new fragments, whose first contact was 75 of 172; and 48 of the 78 of the
    // three sources held back until the rules were done), then 343 of 426 with the Catalan
    // and Spanish Wikipedia sources added in its second part (first contact 10 of 11), then
    // 351 of 426 with the forms of its third part (restated numbers one space apart, a
    // name's dot and possessive, a parenthesised line that is the game, a spaced check sign),
    // then 363 of 426 with those of its fourth (a mark in parentheses, a `)` that closes none
    // after the last move, citation marks and elisions in prose, a sentence that begins with
    // another set's capital), then 364 with the castling side in parentheses (`Castles (K's
    // side)`), then 365 when a number first on its line came to restate its ply though its
    // line holds no clean move line (cawiki-10). The goal is 95 %, not met:
    // tests/data/print/README.md says what stops the rest.
    let good = outcomes
        .iter()
        .filter(|o| {
            matches!(
                o,
                print_corpus::Outcome::Read | print_corpus::Outcome::Judged
            )
        })
        .count();
    assert!(fragments.len() >= 426, "{} fragments", fragments.len());
    assert!(good >= 365, "{good} of {} read or judged", fragments.len());
}

#[test]
fn commentary_full_of_numbers_stays_linear() {
    // Every `2.` names the ply in play and stands in prose: the search for a move line that
    // restates it is bounded, so 100,000 of them take a moment, not an hour.
    let text = format!(
        "1. e4 e5 Un texto largo sin fin. {}",
        "2. x ".repeat(100_000)
    );
    let start = std::time::Instant::now();
    let r = &spanish(&text)[0];
    assert_eq!(r.moves.len(), 2);
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}

/// The SAN of `text` read as English descriptive, and its first error.
fn english_book(text: &str) -> (Vec<String>, Option<(DiagnosticCode, Option<u32>)>) {
    let r = &english_descriptive(text)[0];
    (sans(r), first_error(r))
}

#[test]
fn descriptive_in_words_reads_as_one_move_a_phrase() {
    // Bird (1893): `to`, `takes`, `square` for the first rank, `ch`, the columns of a table.
    let (san, error) = english_book(
        "1 P to K4          P to K4\n2 Kt to KB3        Kt to QB3\n3 B to B4          B to B4\n\
         4 Castles          Kt to B3\n5 R to K square    Castles\n6 P to Q4          P takes P\n\
         7 Kt takes P       Kt takes Kt\n8 Q takes Kt       P to Q3\n",
    );
    assert_eq!(error, None);
    assert_eq!(
        san,
        [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "Re1", "O-O", "d4", "exd4",
            "Nxd4", "Nxd4", "Qxd4", "d6"
        ]
    );
}

#[test]
fn descriptive_spaced_as_capablanca_prints_it_is_one_move() {
    // Capablanca (1921): `P - K 4`, `Kt - Q B 3`, `K Kt - B 3`, `P × P`, `Kt × Kt ch`,
    // `O - O`, the ellipsis of Black's move.
    let (san, error) = english_book(
        "        1. P - K 4                P - K 3\n        2. P - Q 4                P - Q 4\n\
         3. Kt - Q B 3             P × P\n        4. Kt × P                 Kt - Q 2\n\
         5. Kt - K B 3             K Kt - B 3\n        6. Kt × Kt ch             Kt × Kt\n\
         7. B - Q 3                B - K 2\n        8. O - O\n        8. ........               O - O\n",
    );
    assert_eq!(error, None);
    assert_eq!(
        san,
        [
            "e4", "e6", "d4", "d5", "Nc3", "dxe4", "Nxe4", "Nd7", "Nf3", "Ngf6", "Nxf6+", "Nxf6",
            "Bd3", "Be7", "O-O", "O-O"
        ]
    );
}

#[test]
fn abbreviation_dots_ordinals_and_glued_dashes_are_read() {
    // The Blue Book's `K. Kt. to B's 3d.`, Rogers' `Kt.–KB3` and `KB—QKt.5`, Lasker's `KT`.
    let (san, error) = english_book(
        "1. P. to K's 4th. P. to K's 4th.\n2. K. Kt. to B's 3d. Q. Kt. to B's 3d.\n3. KB—QKt.5 Kt.–KB3\n4. P-Q3 B-KT5ch\n",
    );
    assert_eq!(error, None);
    assert_eq!(san, ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "d3", "Bb4+"]);
}

#[test]
fn a_phrase_the_reader_cannot_finish_is_one_error_at_its_ply() {
    // `P to` with no square: one unreadable move at ply 1, no move read before it.
    let (san, error) = english_book("1 P to the King's fourth square\n");
    assert!(san.is_empty());
    assert_eq!(error.map(|e| e.1), Some(Some(1)));
    // Two phrases one space apart: `B takes Kt P takes B` is `B takes Kt`, then `P takes B`.
    let (san, error) = english_book(
        "1 P to K4 P to K4 2 Kt to KB3 Kt to QB3 3 B to Kt5 P to Q3 4 B takes Kt P takes B\n",
    );
    assert_eq!(error, None);
    assert_eq!(san[6..], ["Bxc6+", "bxc6"]);
}

#[test]
fn a_rank_left_out_after_to_is_the_first_rank_as_bird_prints_it() {
    // Bird writes `K to B` for `K to B square`.
    let (san, error) = english_book(
        "1 P to K4 P to K4 2 Kt to KB3 Kt to QB3 3 B to B4 B to B4 4 Castles Kt to B3 5 R to K Castles\n",
    );
    assert_eq!(error, None);
    assert_eq!(san[8..], ["Re1", "O-O"]);
}

#[test]
fn a_remark_in_square_brackets_is_a_comment_and_starts_no_game() {
    // Gutenberg's `[Illustration]` on its own line between the moves, and a footnote mark.
    let text = "1. e4 e5\n\n[Illustration]\n\n2. Cf3 [A] Cc6\n";
    let reports = spanish(text);
    assert_eq!(reports.len(), 1);
    assert_eq!(sans(&reports[0]), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(first_error(&reports[0]), None);
    // A tag pair written wrong stays an error.
    let reports = spanish("[Event Torneo]\n1. e4 e5\n");
    assert_eq!(
        first_error(&reports[0]).map(|e| e.0),
        Some(DiagnosticCode::Syntax)
    );
}

#[test]
fn a_termination_word_inside_commentary_ends_no_game() {
    // Capablanca's `threatening mate, wins a Pawn`: the word is the commentary's.
    let (f, r) = fragment("capablanca-16");
    assert!(
        !codes(&r)
            .iter()
            .any(|c| c.0 == DiagnosticCode::ResultMismatch),
        "{:?}",
        codes(&r)
    );
    let _ = f;
}

#[test]
fn a_heading_before_the_moves_and_a_label_after_them_are_not_moves() {
    // Wikibooks' `Moves: 1.e4 e5 …`: a heading, the `prose` note.
    let options =
        CheckOptions::default().with_language(Language::ENGLISH.with_notation(NotationKind::Auto));
    let r = check_text("Moves: 1.e4 e5 2.Nf3 Nc6 3.Bb5", &options)
        .next()
        .unwrap();
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert!(codes(&r).contains(&(DiagnosticCode::Prose, None)));
    // Spanish Wikipedia's `1.e4 Cf6 2.e5 Línea principal`: closing words, a warning.
    let r = &spanish("1.e4 Cf6 2.e5 Línea principal")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "Nf6", "e5"]);
    assert!(codes(r).contains(&(DiagnosticCode::UnknownWord, None)));
    // A slip of the last move is no label: `Cf6` written `Cg6x` stays an error at its ply.
    let r = &spanish("1.e4 Cf6 2.e5 Cgx6 línea")[0];
    assert_eq!(first_error(r).map(|e| e.1), Some(Some(4)));
}

#[test]
fn a_diagram_printed_as_text_is_a_comment() {
    // Lasker (1915) prints the board with bars and rules between the moves.
    let text = "1. P-K4 P-K4\n\n        -----------------------------------------\n     \
                8 | #R |    | #B | #Q | #K | #B |#Kt | #R |\n       \
                |---------------------------------------|\n     \
                1 | ^R | ^Kt| ^B | ^Q | ^K | ^B | ^Kt| ^R |\n        \
                -----------------------------------------\n         \
                A    B    C    D    E    F    G    H\n\n2. Kt-KB3 Kt-QB3\n";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn a_footnote_over_several_lines_is_one_comment() {
    // Lasker's `[Footnote: …]` spans lines and holds moves of its own.
    let text = "1. P-K4 P-K4\n[Footnote: The following games\nshow it: 2. P-Q4, PxP; 3. QxP.]\n2. Kt-KB3 Kt-QB3\n";
    let reports = english_descriptive(text);
    assert_eq!(reports.len(), 1);
    assert!(reports[0].is_valid(), "{:?}", codes(&reports[0]));
    assert_eq!(sans(&reports[0]), ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn blacks_column_restating_whites_number_is_blacks_number() {
    // The Blue Book (1910) prints a table: Black's column repeats White's number.
    let text = "         WHITE. (Mr. M.)                    BLACK. (M. B.)\n      \
                1. P. to K's 4th.                  1. P. to K's 4th.\n      \
                2. K. Kt. to K. B's 3d.            2. P. to Q's 3d.\n";
    let (san, error) = english_book(text);
    assert_eq!(error, None);
    assert_eq!(san, ["e4", "e5", "Nf3", "d6"]);
    // In a sentence, the same number is no column: `1. P-K4 1. P-K4` stays an error at ply 2.
    let (_, error) = english_book("1. P-K4 1. P-K4\n");
    assert_eq!(error.map(|e| e.1), Some(Some(2)));
    // The whole of blue-01 reads to the end.
    let (f, r) = fragment("blue-01");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), f.expected);
}

#[test]
fn one_space_columns_that_restate_every_number_are_blacks_numbers() {
    // OCR joins a table's columns with one space (the New Zealand papers' chess columns,
    // Papers Past; the Wikisource text of *The chess-player's text book*): a table still,
    // when the next pair restates its number too.
    let text = "Games from the collection. 1. P-K 4 1. P—K 4 2. B—B 4 2. Kt—K B 3 3. P—Q 3\n";
    let (san, error) = english_book(text);
    assert_eq!(error, None);
    assert_eq!(san, ["e4", "e5", "Bc4", "Nf6", "d3"]);
    // A lone restated number one space after White's move is no table: still an error at
    // ply 2, never Black's move guessed.
    let (_, error) = english_book("Games from the collection. 1. P-K4 1. P-K4\n");
    assert_eq!(error.map(|e| e.1), Some(Some(2)));
    // papers-past-04 (numbers without dots) reads to its misprint at ply 5 (`3 11 to Q H 4`).
    let (_, r) = fragment("papers-past-04");
    assert_eq!(
        first_error(&r).map(|e| e.1),
        Some(Some(5)),
        "{:?}",
        codes(&r)
    );
}

#[test]
fn a_name_with_its_dot_and_its_possessive_is_one_name() {
    // *The chess-player's text book* (`K.'s Kt. to B.'s 3rd.`), *Every Boy's Book* (`P. to
    // K. Kt.'s 4th.`), Bohn's handbook (`Kt. to Kt.'s 7th (ch.)`).
    let (san, error) = english_book(
        "1. P. to K.'s 4th.  P. to K.'s 4th.\n2. K.'s Kt. to B.'s 3rd.  Q.'s Kt. to B.'s 3rd.\n\
         3. P. to Q.'s 4th.  P. to K. Kt.'s 4th.\n4. K. B. to Q. Kt.'s 5th.\n",
    );
    assert_eq!(error, None);
    assert_eq!(san, ["e4", "e5", "Nf3", "Nc6", "d4", "g5", "Bb5"]);
    // The possessive ends the name: `B.'s3rd` glued is a name written wrong, an error.
    let (_, error) = english_book("1. P. to K.'s4th.\n");
    assert_eq!(error.map(|e| e.1), Some(Some(1)));
    // en-wikisource-06 reads to its end.
    let (f, r) = fragment("en-wikisource-06");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), f.expected);
}

#[test]
fn a_parenthesised_line_with_nothing_before_it_to_vary_is_the_game() {
    // Portuguese and Spanish Wikipedia name a line, then give it in parentheses.
    for id in ["ptwiki-09", "eswikiesp-02"] {
        let (f, r) = fragment(id);
        assert!(r.is_valid(), "{id}: {:?}", codes(&r));
        assert_eq!(sans(&r), f.expected, "{id}");
    }
    // Numbered moves after the line could go on from it or vary it: no game is read from the
    // parentheses (ptwiki-11: `(1.e4 e6 2.d4 d5 3.Cc3) em que as pretas tem ... 3..Bb4`).
    let (_, r) = fragment("ptwiki-11");
    assert!(r.moves.is_empty(), "{:?}", sans(&r));
    assert!(!r.is_valid());
    // After the game's own moves, a parenthesised line stays a variation.
    let r =
        &spanish("La apertura se juega con las jugadas 1. e4 e5 (1. d4 d5) 2. Cf3 Cc6 y nada más.")
            [0];
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(r.variations.len(), 1);
}

#[test]
fn a_check_or_mate_sign_one_space_after_its_move_is_the_moves_sign() {
    // German and Dutch Wikipedia (`4: Df3xf7 #`, `2. Pc3-d5 #`), two Spanish columns
    // (`6. Tf1 Dxe4 + Ya todo`).
    let (f, r) = fragment("dewiki-02");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), f.expected);
    let last = r.moves.last().unwrap();
    assert_eq!(&f.text[last.span.range()], "Df3xf7 #");
    let r = &spanish("1. e4 e5 2. Ac4 Cc6 3. Dh5 Cf6 4. Dxf7 #")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r).last().map(String::as_str), Some("Qxf7#"));
    // A sign the move does not give is the warning a glued one gets.
    let r = &spanish("1. e4 e5 2. Cf3 + Cc6")[0];
    assert_eq!(codes(r), [(DiagnosticCode::CheckMark, Some(3))]);
    // An evaluation (`+-`) is no sign of the move: an error, as before.
    let r = &spanish("1. e4 e5 2. Cf3 +- Cc6")[0];
    assert_eq!(first_error(r).map(|e| e.1), Some(Some(4)));
}

#[test]
fn his_and_her_name_the_pieces_own_file_or_wing() {
    // Blue Book: `Q. to her 2d.` is Q2, `K. Kt. to his 5th.` KKt5, `Q. to her Kt's 4th.`
    // QKt4; an unqualified bishop's own file on its first rank is the one of its colour
    // (`B. to his sq.`, blue-15: from c4, KB1).
    let (san, error) = english_book(
        "WHITE. (Mr. M.)    BLACK. (M. B.)\n1. P. to K's 4th.  1. P. to K's 4th.\n\
         2. K. Kt. to K. B's 3d.  2. P. to Q's 3d.\n\
         3. K. Kt. to his 5th.  3. Q. to her 2d.\n\
         4. K. B. to Q. B's 4th.  4. Q. to her Kt's 4th.\n5. B. to his sq.\n",
    );
    assert_eq!(error, None);
    assert_eq!(
        san,
        ["e4", "e5", "Nf3", "d6", "Ng5", "Qd7", "Bc4", "Qb5", "Bf1"]
    );
    // On the 2d, 4th, 6th or 8th rank an unqualified bishop's own file is the other colour's:
    // `B. to his 4th.` names no square the file's name would say (f1's bishop on QB4).
    let (_, error) = english_book(
        "WHITE. (Mr. M.)    BLACK. (M. B.)\n1. P. to K's 4th.  1. P. to K's 4th.\n\
         2. B. to his 4th.\n",
    );
    assert_eq!(error.map(|e| e.1), Some(Some(3)));
    // `his` before a piece with no file of its own (an unqualified knight) names no square.
    let (_, error) = english_book(
        "WHITE. (Mr. M.)    BLACK. (M. B.)\n1. P. to K's 4th.  1. P. to K's 4th.\n\
         2. Kt. to his 3d.\n",
    );
    assert_eq!(error.map(|e| e.1), Some(Some(3)));
}

#[test]
fn castles_with_the_side_abbreviated_and_en_passant_in_words_are_one_move() {
    let (san, error) = english_book(
        "1 P-Q4 P-K4 2 Kt-QB3 Kt-QB3 3 B-B4 B-K2 4 Q-Q2 P-QR3 5 Castles Q. R. P-QKt4\n",
    );
    assert_eq!(error, None);
    assert_eq!(san[8], "O-O-O");
    let (san, error) = english_book("1 P-K4 P-Q4 2 P-K5 P-KB4 3 P. takes P. in passing.\n");
    assert_eq!(error, None);
    assert_eq!(san[4], "exf6");
}

#[test]
fn blacks_reply_alone_in_its_column_after_a_note_is_blacks_move() {
    // Lasker (1915): `15. P-Kt3`, a note, then Black's `Q-Kt4ch` alone in its column.
    let (f, r) = fragment("strategy-01");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), f.expected);
    // A move alone on a line of a paragraph is the paragraph's: unnumbered, an error.
    let (_, error) = english_book(
        "          1. P-K4\n\nA move worth a note, and now\nP-K4\nfollows.\n\n          2. Kt-KB3  Kt-QB3\n",
    );
    assert!(error.is_some());
}

#[test]
fn a_wrapped_line_of_a_note_is_no_move_line() {
    // strategy-08: `... e.g. 21. P-Kt5, Q-Kt3;` then `22. R-Kt3, P-B4.` at a line's start,
    // before the column's `20. ...  Q-Kt3`. (Ply 78, `RxPch`, is Rxh3+ alone by its printed
    // check; ply 89, `RxP` with no check printed, is Rxc7 or Rxg7+.)
    let (f, r) = fragment("strategy-08");
    let expected: Vec<_> = f.expected[..88].to_vec();
    assert_eq!(sans(&r)[..88], expected[..]);
    assert_eq!(
        first_error(&r),
        Some((DiagnosticCode::AmbiguousMove, Some(89)))
    );
}

#[test]
fn a_termination_word_the_score_goes_on_after_is_commentary() {
    // strategy-08: `mate is again threatened.` between two lines of the column.
    let text =
        "          1. P-K4    P-K4\n\nmate is not yet threatened.\n\n          2. Kt-KB3  Kt-QB3\n";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
    // As closing words it stays the game's: a mate that is none is still an error.
    let text =
        "          1. P-K4    P-K4\n\nAnd now a word of prose.\n\n          2. Q-R5\n\nmate\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(
        first_error(r).map(|e| e.0),
        Some(DiagnosticCode::ResultMismatch),
        "{:?}",
        codes(r)
    );
}

#[test]
fn a_diagrams_caption_and_gutenbergs_block_marks_are_comments() {
    // Lasker: `Diag. 128.` on its own line; Gutenberg's `/*` … `*/` round a kept block.
    let text = "1. P-K4 P-K4\n\n                Diag. 128.\n\n/*  2. Kt-KB3  Kt-QB3 */\n";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
    // `in Diagram 90, and` is prose with the diagram's number in it.
    let text = "1. P-K4 P-K4\n\nThe position is that of Diagram 90, and the same remarks apply.\n\n2. Kt-KB3 Kt-QB3\n";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn a_move_named_by_what_it_does_is_the_one_legal_move_that_does_it() {
    // The Blue Book: `K. B. interposes.`, `Q. mates.`, `P. becomes a Queen.` name no square.
    let table = |moves: &str| english_book(&format!("WHITE. (Mr. M.)    BLACK. (M. B.)\n{moves}"));
    let (san, error) = table(
        "1. P. to K's 4th.  1. P. to Q's 4th.\n2. P. takes P.  2. Q. takes P.\n\
         3. Q. Kt. to B's 3d.  3. Q. to K's 4th. (ch.)\n4. K. B. interposes.\n",
    );
    assert_eq!(error, None);
    assert_eq!(san[6], "Be2");
    let opening = "1. P. to K's 4th.  1. P. to K's 4th.\n2. Q. to K. R's 5th.  2. Q. Kt. to B's 3d.\n\
                   3. K. B. to Q. B's 4th.  3. K. Kt. to B's 3d.\n";
    let (san, error) = table(&format!("{opening}4. Q. mates.\n"));
    assert_eq!(error, None);
    assert_eq!(san[6], "Qxf7#");
    // Two of the queen's moves give check (Qxf7#, Qxe5+): ambiguous, at its ply.
    let (_, error) = table(&format!("{opening}4. Q. checks.\n"));
    assert_eq!(error, Some((DiagnosticCode::AmbiguousMove, Some(7))));
    // No knight's move gives check: illegal, at its ply.
    let (_, error) = table(&format!("{opening}4. Kt. checks.\n"));
    assert_eq!(error, Some((DiagnosticCode::IllegalMove, Some(7))));
    // blue-18 ends with `48. P. becomes a Queen.`
    let (f, r) = fragment("blue-18");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), f.expected);
}

#[test]
fn a_rank_written_wrong_is_never_the_first_rank() {
    // Bird's `K to B` is the first rank only where the phrase ends: a rank or `sq` written
    // wrong after the file (`K's 4ta.`, `K's Pth.`, `Kt Pquare`) leaves the square incomplete,
    // an error at its ply (the print edit audit read `Q. to K's 4ta.` as Qe8).
    let heading = "WHITE. (Mr. M.)    BLACK. (M. B.)\n1. P. to K's 4th.  1. P. to K's 4th.\n";
    for black in [
        "P. to Q's 3ta.",
        "P. to Q's Pth.",
        "P. to Q's 4d.",
        "P. to Q's. 3d.",
    ] {
        let (_, error) = english_book(&format!("{heading}2. K. Kt. to K. B's 3d.  2. {black}\n"));
        assert_eq!(error.map(|e| e.1), Some(Some(4)), "{black}");
    }
    // A square written twice has no reading: `K's2 sq.`, `Q3. Kt's 5th.`, `Kt to Kt5 square`.
    for white in [
        "K. Kt. to K. B's3 3d.",
        "K. Kt. to K3. B's 3d.",
        "K. Kt. to K. B3 square",
    ] {
        let (_, error) = english_book(&format!("{heading}2. {white}\n"));
        assert_eq!(error.map(|e| e.1), Some(Some(3)), "{white}");
    }
}

#[test]
fn a_wing_before_the_king_or_the_queen_names_no_piece() {
    // `KQ-KB3` (an edit of `Kt-KB3`) was the queen with a disambiguation warning.
    let (_, error) = english_book("1. P-K4 P-K4\n2. KQ-KB3\n");
    assert_eq!(error.map(|e| e.1), Some(Some(3)));
}

#[test]
fn a_descriptive_pawn_move_written_wrong_is_no_algebraic_guess() {
    // In text of either notation, `P—a4` (an edit of `P—K4`) is the descriptive move's error
    // at ply 1, not the algebraic a4 with a warning and an error one ply late.
    let options =
        CheckOptions::default().with_language(Language::ENGLISH.with_notation(NotationKind::Auto));
    let r = check_text("1. P—a4 P—K4 2. Kt—KB3 Kt—QB3\n", &options)
        .next()
        .unwrap();
    assert_eq!(
        first_error(&r).map(|e| e.1),
        Some(Some(1)),
        "{:?}",
        codes(&r)
    );
}

#[test]
fn a_number_where_a_move_belongs_is_that_moves_error() {
    // `2.1g5;` and `3. Dh5?! 1e7,` (edits of `2.Ag5` and `De7`) in an article: the number
    // stands where the move belongs, an error at its ply, never commentary.
    let r = &spanish("1.d4 Cf6 2.1g5; el propósito de las blancas es doblar los peones.")[0];
    assert_eq!(first_error(r).map(|e| e.1), Some(Some(3)), "{:?}", codes(r));
    let r = &spanish("1. e4 e5 2. Ac4 Ac5 3. Dh5?! 1e7, defendiendo a la vez los peones.")[0];
    assert_eq!(first_error(r).map(|e| e.1), Some(Some(6)), "{:?}", codes(r));
}

#[test]
fn a_number_glued_to_a_move_must_be_the_next_one() {
    // `Ae79.` (seed 003) is `Ae7` and the 9th move's number; `d65.` after the 2nd move (an
    // edit of `d5.`) is no number that may follow it, so `d65` is the move written wrong, an
    // error at ply 4, not d6.
    let r = &spanish("1.e4 e6 2.d4 d65.")[0];
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(4))),
        "{:?}",
        codes(r)
    );
    let r = &spanish("1.e4 e6 2.d4 d53.Cc3")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["e4", "e6", "d4", "d5", "Nc3"]);
    // In a phrase printed with spaces no number is glued: `P. takes Q. P5.` is an error.
    let (_, error) = english_book(
        "WHITE. (Mr. M.)    BLACK. (M. B.)\n1. P. to K's 4th.  1. P. to K's 4th.\n\
         2. P. to Q's 4th.  2. P. takes Q. P5.\n",
    );
    assert_eq!(error.map(|e| e.1), Some(Some(4)));
}

#[test]
fn a_word_left_after_a_move_that_no_prose_writes_is_an_error() {
    // `Kt ×P Kt` (an edit of Capablanca's `Kt × Kt`) read `Kt ×P` as Nxe3 and dropped `Kt`
    // as a note; `P ×P P` dropped the lone `P`. Both are now an error where the word stands.
    let r = edited("capablanca-20", "Kt × Kt", "Kt ×P Kt");
    assert_eq!(
        first_error(&r),
        Some((DiagnosticCode::UnreadableMove, Some(23))),
        "{:?}",
        codes(&r)
    );
    let r = edited(
        "capablanca-02",
        "22. P × P                  P × P",
        "22. P × P                  P ×P P",
    );
    assert_eq!(
        first_error(&r).map(|e| e.1),
        Some(Some(45)),
        "{:?}",
        codes(&r)
    );
    // A check word written wrong after Bird's move (`Kt to Kt6 th`) is no note either.
    let r = edited("bird-04", "Kt to Kt6 ch", "Kt to Kt6 th");
    assert!(first_error(&r).is_some(), "{:?}", codes(&r));
    // A word of prose right after a move stays prose (`Da4+ y las blancas`, eswiki-10): the
    // first error is the numbered move inside the sentence (`podría seguir 3. Da4+`), which
    // may be the game's or a variation, never the word after it.
    let (_, r) = fragment("eswiki-10");
    assert_eq!(
        first_error(&r),
        Some((DiagnosticCode::MainLineUnclear, Some(5))),
        "{:?}",
        codes(&r)
    );
}

#[test]
fn kts_and_an_abbreviations_dot_never_hide_a_letter() {
    // `Kts` only qualifies the pawn after it (`Kts P takes P`, Bird, read in bird-04):
    // `Kts. to K. B's 3d.` and `Kts's 3d.` are names written wrong, and `K.t` is no `Kt`.
    // Each was read as the move its letters without the extra one name.
    let heading = "WHITE. (Mr. M.)    BLACK. (M. B.)\n1. P. to K's 4th.  1. P. to K's 4th.\n";
    let (sans, error) = english_book(&format!("{heading}2. K. Kt. to K. B's 3d.\n"));
    assert_eq!(error, None);
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    for white in [
        "Kts. to K. B's 3d.",
        "K. Kt. to K. Kts's 3d.",
        "K.t. to K. B's 3d.",
    ] {
        let (_, error) = english_book(&format!("{heading}2. {white}\n"));
        assert_eq!(error.map(|e| e.1), Some(Some(3)), "{white}");
    }
    let (_, bird) = fragment("bird-04");
    assert!(bird.is_valid());
}

#[test]
fn a_year_in_a_note_takes_no_game_up() {
    // Capablanca's note `… with it against Marshall himself in\n1907. I thought …`: with the
    // next move line damaged (`T × B`, an edit of `Q × B`), `1907.` named a ply past the
    // move lines after it and took the game up, so `I` was an error at ply 11. A number past
    // the next move line's is the note's: the error is at ply 12, where the edit stands.
    let r = edited(
        "capablanca-07",
        "6. B × B                  Q × B",
        "6. B × B                  T × B",
    );
    assert_eq!(
        first_error(&r).map(|e| e.1),
        Some(Some(12)),
        "{:?}",
        codes(&r)
    );
}

// The misreads of text nobody here wrote (#41): each was a wrong "valid".

#[test]
fn moves_after_a_resignation_are_a_variation_never_the_game() {
    // A column closes with why the loser resigned: `6. dxc5 …, 6... Axc5` is the line the
    // loser feared, read as a variation (note `variation`), and the game ends at 5... Cc6.
    let r = &spanish(
        "1.d4 d5 2.c4 e6 3.Cc3 c5 4.cxd5 exd5 5.Cf3 Cc6 y las negras abandonaron ante \
         6. dxc5 d4, 6... Axc5",
    )[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r).len(), 10);
    assert_eq!(sans(r)[9], "Nc6");
    assert!(codes(r).contains(&(DiagnosticCode::Variation, None)));
    // After a result the same: `1-0 (6. dxc5 …)` is no move of the game.
    let r = &spanish("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 1-0 y si 4.Axc6 dxc6 5.O-O las negras")[0];
    assert_eq!(sans(r).len(), 6, "{:?}", codes(r));
}

#[test]
fn a_numbered_move_the_main_line_numbers_again_is_a_variation() {
    // `2 Cf3 y luego 3 Ac4` goes back to a move already played, and `3 Ac4` stands inside a
    // sentence that the main line's own `3 Cf3` takes up again: notes, not the game. The bare
    // `4` after `Ahora` is the ply to play now, with a legal move after it: the game's. As a
    // variation, `2 Cf3` is one line; `3 Ac4` goes forward past a gap (Black's second move
    // left out) and starts none.
    let r = &spanish(
        "1 e4 e5 2 f4 exf4 Lo habitual es 2 Cf3 y luego 3 Ac4. 3 Cf3 g5. Ahora 4 h4 g4 5 Ce5 \
         Cf6 6 Ac4 d5",
    )[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(variations(r), [(3, "Nf3".to_owned())]);
    assert_eq!(
        sans(r),
        [
            "e4", "e5", "f4", "exf4", "Nf3", "g5", "h4", "g4", "Ne5", "Nf6", "Bc4", "d5"
        ]
    );
}

#[test]
fn a_number_that_skips_plies_after_notes_is_missing_moves_never_a_warning() {
    // The pair `4 h4 g4` set aside with the notes (here it stands in a sentence of prose):
    // `5 Ce5` skips two plies, an error at ply 7, the first missing move.
    let r = &spanish(
        "1 e4 e5 2 f4 exf4 Lo habitual es 2 Cf3 y luego 3 Ac4. 3 Cf3 g5. Ahora sigue la \
         partida y 5 Ce5 Cf6 6 Ac4 d5",
    )[0];
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::MissingMoves, Some(7))),
        "{:?}",
        codes(r)
    );
    assert_eq!(sans(r).len(), 6);
    // A book's number misprinted after a note (strategy-09: Black's 21st move printed
    // `22. ... QxP`) is the same error: the reader cannot tell it from a move left out.
    let (_, r) = fragment("strategy-09");
    assert_eq!(
        first_error(&r),
        Some((DiagnosticCode::MissingMoves, Some(42)))
    );
}

#[test]
fn a_numbered_move_in_a_sentence_that_nothing_confirms_is_unclear_never_played() {
    // cawiki-11: after the game's last move, `Després de 12...Dxe6 les blanques guanyen una
    // peça amb 13.Axe4, o sinó si 12...fxe6 …`: narration or a note? The text cannot tell,
    // and no reading is guessed: an error at ply 24.
    let (_, r) = fragment("cawiki-11");
    assert_eq!(
        first_error(&r),
        Some((DiagnosticCode::MainLineUnclear, Some(24))),
        "{:?}",
        codes(&r)
    );
    assert_eq!(sans(&r).len(), 23);
    // dewiki-11: `Denn 4. … d6xe5? 5. Dxd8+` in a note is a variation, since the list numbers
    // the ply again (`- 4. … Lg4xf3`): the game goes on with Bxf3 (it stopped at Black's
    // 4th before).
    let (f, r) = fragment("dewiki-11");
    assert_eq!(sans(&r)[..8], f.expected[..8], "{:?}", codes(&r));
}

#[test]
fn the_check_written_names_the_one_piece_that_gives_it() {
    // Two rooks can go to f8, only one gives the check written: one reading, a warning for
    // the missing origin (disambiguation), never an ambiguous move.
    // Here the rook from d3 uncovers the bishop's check on h7; the one from f3 does not.
    let options = CheckOptions::default().with_start(Some(
        planilla::Position::from_fen("8/7k/8/8/8/3R1R2/8/KB6 w - - 0 1").unwrap(),
    ));
    let r = &check_text("1. Te3+", &options).next().unwrap();
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r), ["Rde3+"]);
    assert!(codes(r).contains(&(DiagnosticCode::Disambiguation, Some(1))));
    // Without the mark, the same move is ambiguous, as before.
    let r = &check_text("1. Te3", &options).next().unwrap();
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::AmbiguousMove, Some(1)))
    );
    // capablanca-11: `R - R 8 ch` (Ra8+, not the other rook's move) reads to the end.
    let (f, r) = fragment("capablanca-11");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r).len(), f.expected.len());
}

#[test]
fn a_discovered_check_in_words_is_a_check() {
    // `dis.(ch)` (the *Encyclopaedia Britannica*, 1911) and `(dis. ch.)` (Staunton): the
    // check of a move that uncovers it, no word of prose.
    let (f, r) = fragment("eb-22");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r).len(), f.expected.len());
}

#[test]
fn a_bar_between_cells_and_a_list_bullet_are_separators() {
    // Dutch Wikipedia's table rows (`Krejcik | 1.e4 Pf6 2.Lc4 |`) and French Wikipedia's
    // bullets (`• 1.e4`).
    let (f, r) = fragment("nlwiki-07");
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), f.expected);
    let r = &spanish("• 1.e4 e5 2.Cf3 Cc6")[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r).len(), 4);
}

// Variations (PGN §8.2.5): read from the position before the move they replace, kept in the
// report, written by `convert` as PGN RAV.

fn variations(report: &GameReport) -> Vec<(u32, String)> {
    report
        .variations
        .iter()
        .map(|v| {
            let moves: Vec<String> = v.moves.iter().map(ToString::to_string).collect();
            (v.ply, moves.join(" "))
        })
        .collect()
}

#[test]
fn numbered_lines_of_the_notes_are_variations_written_as_rav() {
    // Spanish Wikipedia, "La partida del siglo" (eswiki-07): the notes name 4…d5, then
    // 4…0-0 (the game's own move, restated), 5. e4 and, after words, `5 …d6 6. Ae2 e5`,
    // then the Grünfeld's usual order `1. d4 Cf6 2. c4 g6 3. Cc3 d5`.
    let (f, report) = fragment("eswiki-07");
    assert_eq!(sans(&report), f.expected, "the game is read as before");
    assert_eq!(
        variations(&report),
        [
            (1, "d4 Nf6 c4 g6 Nc3 d5".to_owned()),
            (8, "d5".to_owned()),
            (9, "e4 d6 Be2 e5".to_owned()),
        ]
    );
    let pgn = planilla::write::pgn(
        &report,
        planilla::write::PgnComments::ErrorOnly,
        planilla::check::MessageLanguage::English,
    );
    let movetext: String = pgn
        .lines()
        .skip_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        movetext.contains("1. Nf3 (1. d4 Nf6 2. c4 g6 3. Nc3 d5) 1... Nf6 2. c4"),
        "{movetext}"
    );
    assert!(
        movetext.contains("4. d4 O-O (4... d5) 5. Bf4 (5. e4 d6 6. Be2 e5) 5... d5"),
        "each variation after the move it replaces: {movetext}"
    );
    // The PGN reads back with the same game and the same variations.
    let again = check_text(
        &pgn,
        &CheckOptions::default().with_language(Language::ENGLISH),
    )
    .next()
    .unwrap();
    assert!(again.is_valid(), "{:?}", again.diagnostics);
    assert_eq!(sans(&again), sans(&report));
    assert_eq!(variations(&again), variations(&report));
}

#[test]
fn a_line_after_an_unnumbered_move_of_the_notes_is_no_variation() {
    // Lasker, *Chess Strategy* (strategy-09): "White can play either P-Q3, ... or Castles
    // which might bring about the Max Lange attack after 4. ... B-B4; 5. P-Q4, PxP": the line
    // starts with a move the note leaves unnumbered, and 4. ... B-B4 is no alternative to the
    // game's 4. ... P-Q4 after 4. Kt-Kt5. The next note's `5. ... KtxQP` and, after its words,
    // `6. KtxBP, KxKt; 7. Q-B3ch` are one line.
    let (_, report) = fragment("strategy-09");
    let lines = variations(&report);
    assert!(!lines.iter().any(|(ply, _)| *ply == 8), "{lines:?}");
    assert!(
        lines.contains(&(10, "Nxd5 Nxf7 Kxf7 Qf3+".to_owned())),
        "{lines:?}"
    );
}

#[test]
fn moves_printed_after_a_resignation_are_a_line_written_as_a_comment() {
    // A puzzle's solution closed by the loser's resignation (the column of #41): the line
    // goes on from the game's last position, which a RAV cannot say.
    let r = &spanish(
        "1. e4 c5 2. Cf3 d6 3. d4 cxd4 4. Cxd4 Cf6 5. Cc3 a6 y las negras abandonaron ante \
         6. Ag5 e6 7. f4.",
    )[0];
    assert_eq!(sans(r).len(), 10);
    assert_eq!(variations(r), [(11, "Bg5 e6 f4".to_owned())]);
    let pgn = planilla::write::pgn(
        r,
        planilla::write::PgnComments::ErrorOnly,
        planilla::check::MessageLanguage::English,
    );
    assert!(pgn.contains("5. Nc3 a6 {6. Bg5 e6 7. f4}"), "{pgn}");
}

#[test]
fn a_pgn_rav_is_kept_and_a_move_it_cannot_play_is_a_note_where_it_stands() {
    // A RAV nested in a RAV, and one whose second move is illegal in its position.
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 (2. Bc4 Bc5 3. Qxf7) Nc6 *";
    let options = CheckOptions::default().with_language(Language::ENGLISH);
    let r = check_text(text, &options).next().unwrap();
    assert!(r.is_valid(), "{:?}", r.diagnostics);
    assert_eq!(sans(&r), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(
        variations(&r),
        [(2, "c5 Nf3 d6".to_owned()), (3, "Bc4 Bc5".to_owned())]
    );
    let nested: Vec<String> = r.variations[0].variations[0]
        .moves
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        (r.variations[0].variations[0].ply, nested),
        (3, vec!["Nc3".to_owned(), "Nc6".to_owned()])
    );
    let cut = r
        .diagnostics
        .iter()
        .find(|d| d.code() == DiagnosticCode::VariationCut)
        .expect("a variation-cut note");
    assert_eq!(&text[cut.span.range()], "Qxf7");
    let pgn = planilla::write::pgn(
        &r,
        planilla::write::PgnComments::ErrorOnly,
        planilla::check::MessageLanguage::English,
    );
    assert!(
        pgn.contains(
            "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 (2. Bc4 Bc5) 2... Nc6 *"
        ),
        "{pgn}"
    );
}

#[test]
fn variations_nested_past_32_deep_are_told_not_read() {
    // Bounded recursion whatever the input (see the hostile input in docs/performance.md).
    let text = format!(
        "1. e4 e5 {}{} 2. Nf3 *",
        "(1... e5 ".repeat(40),
        ")".repeat(40)
    );
    let options = CheckOptions::default().with_language(Language::ENGLISH);
    let r = check_text(&text, &options).next().unwrap();
    assert_eq!(sans(&r), ["e4", "e5", "Nf3"]);
    let mut depth = 0;
    let mut v = &r.variations[..];
    while let Some(first) = v.first() {
        depth += 1;
        v = &first.variations[..];
    }
    assert_eq!(depth, 33, "the line and 32 nested in it");
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code() == DiagnosticCode::VariationCut)
    );
}

#[test]
fn an_ocr_letter_for_the_first_number_is_read_with_a_warning() {
    // The OCR'd book of the issue, `l. P4R, P4R; 2. C3AR, C3AD.` (a letter l for the figure
    // 1), as Sopena's *Ajedrez* prints it too (`l. P4D, C3AR; 2. P4AD`): the first number is
    // certain, since the next one is `2.`, and the warning says what was misprinted.
    let options =
        CheckOptions::default().with_language(Language::SPANISH.with_notation(NotationKind::Auto));
    for first in ["l.", "I.", "J."] {
        let text = format!("{first} P4R, P4R; 2. C3AR, C3AD.");
        let r = check_text(&text, &options).next().unwrap();
        assert_eq!(sans(&r), ["e4", "e5", "Nf3", "Nc6"], "{first}");
        assert!(r.is_valid(), "{first}: {:?}", r.diagnostics);
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code() == DiagnosticCode::MoveNumber)
            .expect("a move-number warning");
        assert_eq!((&text[d.span.range()], d.ply), (first, Some(1)));
    }
    // Not a number: a name's initial, or a letter before moves whose next number is not 2.
    let r =
        &spanish("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6\nI. A. Horowitz escribió que es fuerte.\n4.Aa4")[0];
    assert_eq!(sans(r)[..4], ["e4", "e5", "Nf3", "Nc6"]);
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code() == DiagnosticCode::MoveNumber),
        "{:?}",
        r.diagnostics
    );
    let text = "l. e4 e5 5. Cf3";
    let r = &spanish(text)[0];
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code() == DiagnosticCode::MoveNumber && &text[d.span.range()] == "l."),
        "{:?}",
        r.diagnostics
    );
}

#[test]
fn a_remark_in_parentheses_between_whites_move_and_blacks_reply_keeps_them_one_move_pair() {
    // Portuguese and Dutch Wikipedia's Caro-Kann: `3.Cc3 (ou 3.Cd2) dxe4`, `3.Pc3 (of 3.Pd2)
    // dxe4`, as PGN's import format allows (`3. Nc3 (3. Nd2) dxe4`); the remark is a
    // variation of White's third move.
    for id in ["ptwiki-13", "nlwiki-02"] {
        let (f, report) = fragment(id);
        assert_eq!(
            sans(&report),
            f.expected,
            "{id}: {:?}",
            first_error(&report)
        );
        assert_eq!(variations(&report)[0], (5, "Nd2".to_owned()), "{id}");
    }
}

#[test]
fn a_capture_printed_with_a_spaced_dash_is_one_move() {
    // A weekly column's house style (El País, 2001-2014; the issue's `4 d - e5, A - f3 5 D -
    // f3`), here on Morphy's game at the opera (Paris, 1858): each capture is one move, its
    // span on the printed characters.
    let text = "1 e4, e5 2 Cf3, d6 3 d4, Ag4 4 d - e5, A - f3 5 D - f3, d - e5 6 Ac4, Cf6 \
                7 Db3, De7 8 Cc3";
    let r = &spanish(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(
        sans(r),
        [
            "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6",
            "Qb3", "Qe7", "Nc3"
        ]
    );
    let written: Vec<&str> = r.moves[6..10]
        .iter()
        .map(|m| &text[m.span.range()])
        .collect();
    assert_eq!(written, ["d - e5", "A - f3", "D - f3", "d - e5"]);
}

#[test]
fn a_players_resignation_in_the_singular_closes_the_game() {
    // `y Leko se rindió en vista de 53 ..Rg7 54 Tb7+` (El País, 2010) was read as the game
    // going on: a player's resignation ends it like the plural's, and the moves after it are
    // a line after the end.
    for words in ["y Leko se rindió en vista de", "y Ana abandonó ante"] {
        let r = &spanish(&format!(
            "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.Axc6+, {words} 5 ..dxc6 6 Cxe5"
        ))[0];
        assert_eq!(sans(r).len(), 9, "{words}: {:?}", sans(r));
        assert_eq!(variations(r), [(10, "dxc6 Nxe5".to_owned())], "{words}");
    }
}

#[test]
fn an_annotation_mark_in_parentheses_is_the_moves_annotation() {
    // `1. e4(?) e5;` (Italian Wikipedia, "Gambetto Evans"; `e5(?)`, "Matto di Légal") and `Q-K2(?)`,
    // `Kt R 4(!)` (the Evening Star and the Otago Witness, Dunedin): a mark alone in
    // parentheses names no move and opens no variation. It was read as a parenthesised
    // promotion (`e4(?`) and stopped the game at ply 1 and 2.
    for id in ["itwiki-19", "itwiki-37"] {
        let (f, report) = fragment(id);
        assert_eq!(
            sans(&report),
            f.expected,
            "{id}: {:?}",
            first_error(&report)
        );
        assert!(
            variations(&report).iter().all(|(_, line)| !line.is_empty()),
            "{id}"
        );
    }
    let r = &english_descriptive("1. P-K4 P-K4 2. Kt-KB3 Q-K2(?) 3. B-B4 (!) Kt-QB3");
    assert!(r[0].is_valid(), "{:?}", codes(&r[0]));
    assert_eq!(sans(&r[0]), ["e4", "e5", "Nf3", "Qe7", "Bc4", "Nc6"]);
    // A promotion in parentheses is still one (E12 `d8D`; `e8(D)`, lenient).
    let r = &spanish("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8(D)+");
    assert_eq!(sans(&r[0]), ["a8=Q+"], "{:?}", codes(&r[0]));
}

#[test]
fn a_parenthesis_that_closes_none_ends_a_remark_begun_before_the_text() {
    // A copy that starts inside a parenthesised remark: `1.d4 d5 2.e4 dxe4 3.f3) y fue el
    // primer jugador` (Spanish Wikipedia, "Gambito Blackmar-Diemer"), `1.e4 e5) tendendo a
    // preferire` and `5.b4\n) il gambetto` (Italian Wikipedia). Each stopped with a syntax
    // error at the `)`; the moves before it are the text's, and the `)` with the words after
    // it is an `unknown-word` warning, never silent.
    for id in ["eswiki-38", "itwiki-12", "itwiki-21"] {
        let (f, report) = fragment(id);
        assert_eq!(
            sans(&report),
            f.expected,
            "{id}: {:?}",
            first_error(&report)
        );
        assert!(first_error(&report).is_none(), "{id}: {:?}", codes(&report));
        let warned = report.diagnostics.iter().any(|d| {
            d.code() == DiagnosticCode::UnknownWord && f.text[d.span.range()].starts_with(')')
        });
        assert!(warned, "{id}: {:?}", codes(&report));
    }
    // On a sheet, and before more moves, it stays a syntax error where it stands.
    for text in ["1.e4 e5) 2.Cf3 Cc6", "1.e4 e5 2.Cf3)"] {
        let r = &spanish(text)[0];
        assert_eq!(
            first_error(r),
            Some((DiagnosticCode::Syntax, None)),
            "{text}"
        );
    }
    // In printed text, where Black's reply stands: the reply after it is no main-line move
    // without its number, and the game stops there.
    let r = &spanish("1.e4 e5 2.Cf3 ) Cc6 3.Ab5 a6, la apertura española en su forma más usual.");
    assert!(!r[0].is_valid(), "{:?}", codes(&r[0]));
    assert_eq!(sans(&r[0]), ["e4", "e5", "Nf3"]);
}

#[test]
fn a_citation_mark_glued_to_a_word_is_no_part_of_it() {
    // Encyclopedias glue their footnote marks to the word before: `A sequência principal
    // é:[2]` (Portuguese Wikipedia, "Gambito do Rei"), `7. Cd5 mat.[6]` (Catalan Wikipedia,
    // "Mat de Légal"). `é:[2]` was no word of prose, so the paragraph had too few to be
    // printed text, and `A` stopped the game at ply 6; `mat.[6]` was no mate word.
    for id in ["ptwiki-17", "ptwiki-18", "cawiki-09"] {
        let (f, report) = fragment(id);
        assert_eq!(
            sans(&report),
            f.expected,
            "{id}: {:?}",
            first_error(&report)
        );
        assert!(first_error(&report).is_none(), "{id}: {:?}", codes(&report));
    }
}

#[test]
fn an_elided_word_with_its_apostrophe_is_prose() {
    // French, Italian and Catalan elide (`technique d'échecs : 1. e4 c5`, French Wikipedia;
    // `O'Sullivan | 1.e4 Pf6`, a name in a table of Dutch Wikipedia). Those words stopped the
    // game at ply 1 as unreadable moves.
    for id in ["frwiki-03", "nlwiki-13"] {
        let (f, report) = fragment(id);
        assert_eq!(
            sans(&report),
            f.expected,
            "{id}: {:?}",
            first_error(&report)
        );
        assert!(first_error(&report).is_none(), "{id}: {:?}", codes(&report));
    }
    // An apostrophe between a move's letters is still the move's error, never prose.
    let r = &spanish("1. e4 e5 2. C'f3, el caballo del rey sale a su mejor casilla, Cc6");
    assert_eq!(
        first_error(&r[0]).map(|e| e.1),
        Some(Some(3)),
        "{:?}",
        codes(&r[0])
    );
}

#[test]
fn a_sentence_that_begins_with_another_sets_letter_is_prose() {
    // `3.Dh5\nLe camp blanc attaque donc le pion f7` (French Wikipedia, "Coup du berger") and
    // `4. d3\n- Les blanques juguen` (Catalan Wikipedia): an article whose capital is the
    // German bishop's letter, where Black's reply would stand. `Le` read as a bishop with its
    // rank missing and stopped the game at ply 6; `Les` at ply 8.
    for id in ["frwiki-07", "cawiki-15"] {
        let (f, report) = fragment(id);
        assert_eq!(
            sans(&report),
            f.expected,
            "{id}: {:?}",
            first_error(&report)
        );
    }
    let french = CheckOptions::default().with_language(Language::FRENCH);
    let read = |text: &str| check_text(text, &french).next().unwrap();
    let text = "1.e4 e5 2.Fc4 Fc5 3.Dh5\nLe camp blanc attaque le pion f7 deux fois.\n3...Cc6??\n\
                La dame capture le pion f7 :\n4.Dxf7 mat";
    let r = read(text);
    assert!(r.is_valid(), "{:?}", codes(&r));
    assert_eq!(sans(&r), ["e4", "e5", "Bc4", "Bc5", "Qh5", "Nc6", "Qxf7#"]);
    // A word one edit from a move in the text's own letters stays a move's error (`Fe`, an
    // edit of `Fe7`), and so does `Le` where the moves use the other set's letters.
    for text in [
        "1.e4 e5 2.Fc4 Fc5 3.Dh5\nFe camp blanc attaque le pion f7 deux fois.\n3...Cc6?? 4.Dxf7 mat",
        "1.e4 e5 2.Lc4 Lc5 3.Dh5\nLe camp blanc attaque le pion f7 deux fois.\n3...Cc6?? 4.Dxf7 mat",
    ] {
        let r = read(text);
        assert_eq!(
            first_error(&r).map(|e| e.1),
            Some(Some(6)),
            "{text}: {:?}",
            codes(&r)
        );
    }
}

// Edits of a printed move found by the print edit audit when its sample was drawn again
// (eb-02 came to be read): each was read as another move, or set aside, with no error at its
// place. Each is now an error where the move stands.

#[test]
fn a_stray_parenthesis_where_a_move_is_due_is_that_move_written_wrong() {
    // hoyle-12: `4. P to Q 4` with its `P` struck into a `)`, the game's last move. A `)` that
    // closes no parenthesis after the last move closes a remark (closing words), but not
    // right after a number, where the move belongs.
    let text = "The Steinitz Gambit, as the books give it.\n\n\
                \x20  1. P to K 4                    1. P to K 4\n\
                \x20  2. Kt to Q B 3                 2. Kt to Q B 3\n\
                \x20  3. P to B 4                    3. P takes P\n\
                \x20  4. ) to Q 4                       ...\n\n\
                This constitutes the Steinitz Gambit.\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r).len(), 6, "{:?}", codes(r));
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .unwrap();
    assert_eq!(d.code(), DiagnosticCode::Syntax);
    assert_eq!(d.span.start as usize, text.find(')').unwrap());
}

#[test]
fn a_reply_with_a_figure_on_whites_line_is_no_closing_words() {
    // capablanca-17: Black's last reply `K - Kt 1` with its `K` struck (`t - Kt 1`), on the
    // line of White's last move: a rank in the words says a move stood there.
    let text = "A short game, with the last moves given below.\n\n\
                \x20      1. P - K 4                 P - K 4\n\
                \x20      2. Kt - K B 3              Kt - Q B 3\n\
                \x20      3. B - B 4                 t - B 4\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r).len(), 5);
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(6)))
    );
    // Closing words of prose there stay closing words.
    let text = "A short game, with the last moves given below.\n\n\
                \x20      1. P - K 4                 P - K 4\n\
                \x20      2. Kt - K B 3              Kt - Q B 3\n\
                \x20      3. B - B 4                 and wins.\n";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r).len(), 5);
}

#[test]
fn names_of_pieces_and_files_alone_are_no_prose_in_descriptive() {
    // capablanca-21: `P - Q Kt 3` with a `4` slipped in (`P - Q4 Kt 3`): the `Kt 3` left over
    // is part of a move, never a note set aside in silence.
    let text = "A short game, with the last moves given below.\n\n\
                \x20      1. P - K 4                 P - K 4\n\
                \x20      2. Kt - K B 3              Kt - Q B 3\n\
                \x20      3. B - B 4                 B - B 4 Kt 3\n\
                \x20      4. P - Q 3                 P - Q 3\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(7)))
    );
}

#[test]
fn a_king_named_with_a_file_or_wing_is_no_king() {
    // eb-17: a `K` strayed from the word before onto `K-K sq` (`(ch)K K-K sq`). There is one
    // king: a wing before it names none.
    let text = "1. P-K4 P-K4 2. K K-K2 P-Q3";
    let r = &english_descriptive(text)[0];
    assert_eq!(first_error(r), Some((DiagnosticCode::IllegalMove, Some(3))));
}

#[test]
fn a_possessive_square_with_its_rank_written_wrong_is_incomplete_never_the_first_rank() {
    // blue-04, blue-13, blue-01: `K. to B's 2d.` with its rank struck (`2..`), and `B. to K.
    // Kt's 3d.` with a mark before the rank (`-3d.`). Bird's `K to B` (the first rank, the
    // rank left out) never stands before a possessive, which promises a square.
    let text = "The game, as it was played in the match.\n\n\
                1. P. to K's 4th.          1. P. to K's 4th.\n\
                2. K. to K's 2..           2. P. to Q's 3d.\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r), ["e4", "e5"]);
    assert_eq!(first_error(r).map(|(_, ply)| ply), Some(Some(3)));
    let text = "The game, as it was played in the match.\n\n\
                1. P. to K's 4th.          1. P. to K's 4th.\n\
                2. K. Kt. to B's 3d.       2. Q. Kt. to B's 3d.\n\
                3. P. to K. Kt's -3d.      3. P. to Q's 3d.\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(first_error(r).map(|(_, ply)| ply), Some(Some(5)));
}

/// Two moves of a Capablanca-style column, a note, then White's third move `third` (an edit of
/// `B - B 4`) and the rest of the column, then `after`: the first four moves are read and the
/// reading stops at the fifth ply, where the move is written wrong.
fn assert_stops_at_the_edited_third_move(note: &str, third: &str, after: &str) {
    let text = format!(
        "A short game, with notes.\n\n\
         \x20      1. P - K 4                 P - K 4\n\
         \x20      2. Kt - K B 3              Kt - Q B 3\n\n\
         {note}\n\n\
         \x20      3. {third}                 B - B 4\n\
         \x20      4. P - Q 3                 P - Q 3\n{after}"
    );
    let r = &english_descriptive(&text)[0];
    assert_eq!(sans(r), ["e4", "e5", "Nf3", "Nc6"], "{text}");
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(5)))
    );
}

#[test]
fn a_number_first_on_its_line_keeps_a_notes_numbers_out_of_the_game_when_its_move_is_garbled() {
    // capablanca-01: the note's `19 Kt × B, Q × Kt; 20 B × P, ...` before the column's `19.
    // P - Q 5 !`, edited to `19. t - Q 5 !`. The column's number, first on its line, still
    // names the ply again: the note's moves are a variation, and the error stands at the
    // column's move.
    assert_stops_at_the_edited_third_move(
        "A good move; the following variation shows why: 3 Kt × P, Kt × Kt; 4 P - Q 4, Kt - B 3.",
        "t - B 4",
        "",
    );
}

#[test]
fn a_parenthesis_right_after_a_number_is_the_move_written_wrong() {
    // capablanca-01: `19. P - Q 5` edited to `19. ( - Q 5`, which would open a variation up
    // to a `)` of a later note and set the game's moves aside.
    assert_stops_at_the_edited_third_move(
        "A good move, and the best.",
        "( - B 4",
        "\n(The bishop is well placed.)\n",
    );
}

#[test]
fn a_figure_after_the_piece_taken_or_a_rank_written_twice_has_no_reading() {
    // capablanca-14: `B - Kt 5` edited to `B x Kt 5` was read as the bishop taking a knight,
    // the `5` dropped; hoyle-11: `Kt to Q B 3` edited to `Kt to Q 2 3` was read as `Kt to Q
    // 2`, the `3` dropped.
    let text = "A short game, with notes.\n\n\
                \x20      1. P - K 4                 P - K 4\n\
                \x20      2. Kt - K B 3              Kt - Q B 3\n\
                \x20      3. B - B 4                 B x Kt 5\n\n\
                A good move, and the best.\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r).len(), 5);
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(6)))
    );
    let text = "A short game, as Hoyle gives it.\n\n\
                \x20  1. P to K 4                    1. P to K 4\n\
                \x20  2. Kt to K B 3                 2. Kt to Q 2 3\n\
                \x20  3. B to B 4                    3. B to B 4\n";
    let r = &english_descriptive(text)[0];
    assert_eq!(sans(r).len(), 3);
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::UnreadableMove, Some(4)))
    );
    // The next move's number after a rank stays a number (the Otago Witness's columns).
    let text = "1 P-K 4 P-K 4 2 Kt-KB 3 Kt-QB 3 3 B-B 4 B-B 4";
    let r = &english_descriptive(text)[0];
    assert!(r.is_valid(), "{:?}", codes(r));
    assert_eq!(sans(r).len(), 6);
}

#[test]
fn a_numbered_note_after_a_set_aside_reply_that_could_be_the_games_is_unclear() {
    // The form of a commented-game site measured outside the repository (farsalia-01):
    // Black's reply written under dots on its own line after a note (`... Da5`), then a
    // note that names another reply with its number (`También es correcta 3. ... Dd8.`).
    // The reply under the dots was set aside with the note; the numbered one would have
    // been played as the game (Qd8, a misread). Either may be the game's: an error that
    // guesses neither.
    let text = "1. e4 d5\n2. exd5 Dxd5\n\n\
                La defensa escandinava es frecuente entre aficionados. Si las negras juegan 2. \
                ... Cf6 en vez de 2. ... Dxd5, la mejor continuación es 3. d4 Cxd5 4. c4, \
                ocupando el centro.\n\n\
                3. Cc3 ... Desarrolla una pieza atacando la dama enemiga.\n\
                ... Da5 También es correcta 3. ... Dd8.\n\
                4. Cf3 ... Se trata de desarrollarse.\n\
                ... Cf6\n";
    let r = &spanish(text)[0];
    assert_eq!(sans(r), ["e4", "d5", "exd5", "Qxd5", "Nc3"]);
    assert_eq!(
        first_error(r),
        Some((DiagnosticCode::MainLineUnclear, Some(6)))
    );
}
