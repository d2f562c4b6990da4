//! Inputs that crashed a fuzz target (`fuzz/`), kept as regression tests with the input inline.

use planilla::{FenError, Position};

/// `fuzz/fuzz_targets/fen.rs`: a FEN error span must slice the text. The board's first
/// character, U+0339 (two bytes), was reported at bytes 0..1, inside the character.
#[test]
fn fen_error_span_covers_a_whole_multibyte_character() {
    for text in ["\u{339}", "rnbqkbnr/ppp\u{339}", "8/8/8/8/8/8/8/7\u{1F600}"] {
        let Err(FenError::Board { span, .. }) = Position::from_fen(text) else {
            panic!("{text:?} reads");
        };
        assert!(text.get(span.clone()).is_some(), "{text:?}: {span:?}");
    }
    let Err(FenError::Board { span, .. }) = Position::from_fen("\u{339}") else {
        panic!()
    };
    assert_eq!(span, 0..2);
}

/// `tests/strategy.rs` (an unreadable mutation): a second syntax error in the unread rest of a
/// game that an error stopped made the reader start a new, empty game with that error, so one
/// sheet gave two reports. Here `bxaG` stops the game and `a.p.` alone does not read either.
#[test]
fn a_second_error_after_a_stopping_error_is_no_new_game() {
    use planilla::check::{CheckOptions, check_text};
    let text = "1. e4 e5 2. Cf3 Cc6 3. bxaG a.p. Cf6 4. ;x\n a.p. *\n";
    let reports: Vec<_> = check_text(text, &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 1, "{reports:#?}");
    let error = &reports[0].diagnostics[0];
    assert_eq!(
        (error.code().as_str(), error.ply),
        ("unreadable-move", Some(5))
    );
    // A game after the next header is read again, errors and all.
    let two = format!("{text}\nBlancas: Ana\n\n1. e4 Cz9 *\n");
    let reports: Vec<_> = check_text(&two, &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[1].diagnostics[0].ply, Some(2));
}

/// `fuzz/fuzz_targets/scoresheet.rs` first asserted that a stream's chunks cover every byte;
/// blank text belongs to no chunk (the target's assertion was wrong, not the reader). The input
/// was a lone newline.
#[test]
fn blank_text_belongs_to_no_chunk() {
    use planilla::notation::Parser;
    use planilla::scoresheet::StreamGames;
    assert_eq!(
        StreamGames::new(&b"\n"[..], Parser::spanish()).next_chunk(),
        None
    );
    let text = b"\n\n[White \"Ana\"]\n1. e4 *\n";
    let chunk = StreamGames::new(&text[..], Parser::spanish())
        .next_chunk()
        .unwrap();
    assert_eq!((chunk.offset, chunk.line), (0, 1));
    assert_eq!(chunk.text, text);
}

/// `fuzz/fuzz_targets/scoresheet.rs` and `descriptive.rs`: a line whose numbers jump from a
/// number below its first one (`50. … 41. … 44.`) overflowed the column offset (`44 - 50`),
/// a panic in a debug build. Such a line is no sheet of two columns side by side.
#[test]
fn a_jump_below_the_first_number_of_its_line_is_no_second_column() {
    use planilla::notation::Parser;
    use planilla::scoresheet::{Layout, read_games};
    for text in ["50. e4 41. d4 44. c4", "4294967295. e4 1. d4 3. c4\n"] {
        let games: Vec<_> = read_games(text.as_bytes(), Parser::spanish()).collect();
        assert_eq!(games.len(), 1, "{text}");
        let game = games[0].as_ref().unwrap();
        assert!(
            matches!(game.layout, Layout::Unclear { .. }),
            "{text}: {:?}",
            game.layout
        );
    }
}

/// `fuzz/fuzz_targets/notation.rs`: a move must read back as written in its own letters. The
/// Dutch letters have none for the pawn, so `♙2` (the pawn's figurine and a rank) was written
/// `2`, which is no move. A piece the letter set cannot name is written with its figurine.
#[test]
fn a_piece_without_a_letter_in_the_set_is_written_with_its_figurine() {
    use planilla::notation::{CaseMode, Language, Parser};
    let dutch = Language::DUTCH;
    for text in ["♙2", "♙e4"] {
        let n = *Parser::new(dutch, CaseMode::Lenient)
            .parse_move(text)
            .unwrap()
            .first();
        let written = n.written(dutch).to_string();
        assert_eq!(written, text);
        let again = *Parser::new(dutch, CaseMode::Strict)
            .parse_move(&written)
            .unwrap()
            .first();
        assert_eq!(again.role(), n.role());
    }
}

#[test]
fn an_open_parenthesis_at_the_end_is_no_termination() {
    // `(` with nothing after it: the termination test reads no letter there (found by the
    // descriptive property test when the words were first rejected by their first letter).
    use planilla::scoresheet::Termination;
    assert_eq!(Termination::from_text("("), None);
    assert_eq!(Termination::from_text("(tiempo)"), Some(Termination::Time));
    let reports: Vec<_> = planilla::check::check_text("1. e4 e5 (", &Default::default()).collect();
    assert_eq!(reports.len(), 1);
}
