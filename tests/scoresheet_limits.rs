//! Hostile input: deep nesting, huge lines, unterminated constructs, arbitrary bytes. Each must
//! end with tokens or typed errors, never a panic, a stack overflow or a hang.

use planilla::Color;
use planilla::check::{CheckOptions, check_text};
use planilla::notation::{ErrorKind, Parser};
use planilla::scoresheet::{Lexer, Outcome, Token, TokenKind, games, read_games};

#[test]
fn a_million_nested_parentheses() {
    const N: usize = 1_000_000;
    let mut text = String::with_capacity(2 * N + 8);
    text.push_str("1. e4 ");
    text.extend(std::iter::repeat_n('(', N));
    text.push_str("e5");
    text.extend(std::iter::repeat_n(')', N));
    let mut starts = 0;
    let mut ends = 0;
    let mut lexer = Lexer::new(&text, Parser::spanish());
    let mut max_depth = 0;
    let mut moves = Vec::new();
    while let Some(t) = lexer.next() {
        match t.unwrap() {
            // The k-th parenthesis opens at byte 6 + k, the k-th closing one after `e5`.
            Token {
                kind: TokenKind::VariationStart,
                span,
            } => {
                assert_eq!(span.range(), 6 + starts..7 + starts);
                starts += 1;
            }
            Token {
                kind: TokenKind::VariationEnd,
                span,
            } => {
                assert_eq!(span.range(), 8 + N + ends..9 + N + ends);
                ends += 1;
            }
            Token {
                kind: TokenKind::Move(r),
                ..
            } => moves.push((r.first().to_string(), r.first().span().range())),
            Token {
                kind: TokenKind::MoveNumber { number: 1, .. },
                span,
            } if span.range() == (0..2) => {}
            t => panic!("{t:?}"),
        }
        max_depth = max_depth.max(lexer.depth());
    }
    // Counted, not recursed into: every parenthesis is seen, the depth reaches N and goes back
    // to 0 at the end.
    assert_eq!((starts, ends, max_depth), (N, N, N as u32));
    assert_eq!(lexer.depth(), 0);
    assert_eq!(
        moves,
        [("e4".to_owned(), 3..5), ("e5".to_owned(), 6 + N..8 + N)]
    );

    // Unterminated: one error, at the outermost open parenthesis.
    let open: String = std::iter::repeat_n('(', N).collect();
    let errors: Vec<_> = Lexer::new(&open, Parser::spanish())
        .filter_map(Result::err)
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, ErrorKind::UnterminatedVariation);
    assert_eq!(errors[0].span.range(), 0..1);

    // Collected as games: the game is too long to hold, reported and skipped, and the next
    // game is read.
    let text = format!("{text} 1-0\n[White \"next\"]\n1. d4 *");
    let results: Vec<_> = read_games(text.as_bytes(), Parser::spanish()).collect();
    assert_eq!(results.len(), 2);
    assert_eq!(
        results[0].as_ref().unwrap_err().kind,
        ErrorKind::GameTooLong
    );
    assert_eq!(results[1].as_ref().unwrap().tag("White"), Some("next"));
}

#[test]
fn a_100_mb_line() {
    // One line of 100 MB (10 MB in unoptimized builds, to keep `cargo test` quick): a move
    // pair repeated, no newline.
    let size = if cfg!(debug_assertions) {
        10_000_000
    } else {
        100_000_000
    };
    let unit = "1. e4 e5 ";
    let n = size / unit.len();
    let text = unit.repeat(n);
    let mut moves = 0usize;
    for t in Lexer::new(&text, Parser::spanish()) {
        if let Token {
            kind: TokenKind::Move(_),
            ..
        } = t.unwrap()
        {
            moves += 1;
        }
    }
    assert_eq!(moves, 2 * n);
}

#[test]
fn unterminated_comment_over_a_large_input() {
    let mut text = String::from("1. e4 {");
    text.push_str(&"sin cerrar ".repeat(1_000_000));
    let errs: Vec<_> = read_games(text.as_bytes(), Parser::spanish())
        .filter_map(Result::err)
        .collect();
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].kind, ErrorKind::UnterminatedComment);
    assert_eq!(errs[0].span.start, 6);
    assert_eq!(errs[0].span.end as usize, text.len());
}

#[test]
fn many_skipped_lines_do_not_recurse() {
    // Escape lines and stray dots are skipped in a loop, not by recursion.
    let text = "%\n".repeat(500_000) + &". ".repeat(500_000) + "1. e4";
    let tokens: Vec<_> = Lexer::new(&text, Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(tokens.len(), 2);
    // The two tokens are the ones after the skipped text, at their place in it.
    let at = 2 * 500_000 + 2 * 500_000;
    assert!(
        matches!(
            tokens[0],
            Token { kind: TokenKind::MoveNumber { number: 1, side: Color::White }, span } if span.range() == (at..at + 2)
        ),
        "{:?}",
        tokens[0]
    );
    assert!(
        matches!(&tokens[1], Token { kind: TokenKind::Move(r), .. }
            if r.first().to_string() == "e4" && r.first().span().range() == (at + 3..at + 5)),
        "{:?}",
        tokens[1]
    );
}

/// Lexes `text`, copies of `Xf3 `, and checks every result: each word is one word that does
/// not read, an unknown piece letter at its `X`, and nothing else comes out. Returns the
/// number of such words.
fn lex_unknown_letters(text: &str) -> usize {
    let mut errors = 0;
    for (k, result) in Lexer::new(text, Parser::spanish()).enumerate() {
        let Ok(Token {
            kind: TokenKind::Word { error: e, .. },
            ..
        }) = result
        else {
            panic!("`Xf3` is no move: {result:?}");
        };
        assert_eq!(e.kind, ErrorKind::UnknownPieceLetter, "word {k}");
        assert_eq!(e.span.range(), 4 * k..4 * k + 1, "word {k}");
        assert_eq!(e.found, Some('X'), "word {k}");
        errors += 1;
    }
    errors
}

#[test]
fn many_errors_in_a_row_stay_linear() {
    let text = "Xf3 ".repeat(200_000);
    let errs = Lexer::new(&text, Parser::spanish())
        .filter(|r| {
            matches!(
                r,
                Ok(Token {
                    kind: TokenKind::Word { .. },
                    ..
                })
            )
        })
        .count();
    assert_eq!(errs, 200_000);
    // Each error is the word's own, at its place: the lexer goes on after an error at the next
    // whitespace, so that one bad word never swallows the next.
    assert_eq!(lex_unknown_letters(&text), 200_000);

    // Checked as a sheet: the first word is an unreadable move at ply 1, over the word, and
    // reading stops there, every word counted as unread (the unreadable one included).
    let reports: Vec<_> = check_text(&text, &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 1);
    let report = &reports[0];
    let found: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code().as_str(),
                d.ply,
                d.span.range(),
                d.written.as_deref(),
            )
        })
        .collect();
    assert_eq!(found, [("unreadable-move", Some(1), 0..3, Some("Xf3"))]);
    assert!(report.moves.is_empty());
    assert_eq!(report.unread_from, Some(0));
    assert_eq!(report.unread_moves, 200_000);

    // Linear time. No counter of the work done is observable from outside, so this is timed,
    // in a way that catches a quadratic cost without failing on a busy machine:
    // - sizes n and 8n: linear gives a ratio of 8 and quadratic up to 64. (A step of 2n against
    //   n cannot tell them apart: a quadratic cost gives (2 + 4r) / (1 + r), always under 4.)
    // - the fastest of nine runs of each size, interleaved: load on the machine only adds
    //   time, and both sizes see the same load;
    // - a bound of 24, three times the linear ratio: it fails when the quadratic part is over
    //   40% of the linear one at n, which a rescan of the text at each error far exceeds.
    let n = if cfg!(debug_assertions) {
        10_000
    } else {
        50_000
    };
    let (small_text, large_text) = ("Xf3 ".repeat(n), "Xf3 ".repeat(8 * n));
    let fastest = |text: &str, best: &mut std::time::Duration| {
        let start = std::time::Instant::now();
        assert_eq!(lex_unknown_letters(text), text.len() / 4);
        *best = (*best).min(start.elapsed());
    };
    let (mut small, mut large) = (std::time::Duration::MAX, std::time::Duration::MAX);
    for _ in 0..9 {
        fastest(&small_text, &mut small);
        fastest(&large_text, &mut large);
    }
    let ratio = large.as_secs_f64() / small.as_secs_f64();
    eprintln!(
        "{n} errors: {small:?}; {}: {large:?}; ratio {ratio:.1}",
        8 * n
    );
    assert!(
        ratio < 24.0,
        "{} errors took {large:?}, {n} took {small:?}: {ratio:.1} times as long",
        8 * n
    );
}

#[test]
fn text_after_a_result_ending_in_a_vertical_tab_moves_on() {
    // Found by the `scoresheet` fuzz target: a vertical tab after a result is Unicode
    // whitespace but not ASCII whitespace, and the word after the result came out empty, again
    // and again, without the lexer moving on.
    let text = "6*&&\0\0\0\x0e*\n*#&\x0b";
    let tokens: Vec<_> = Lexer::new(text, Parser::spanish()).collect();
    let words: Vec<&str> = tokens
        .iter()
        .filter_map(|t| match t {
            Ok(Token {
                kind: TokenKind::UnknownWord { text, .. },
                ..
            }) => Some(text.as_ref()),
            _ => None,
        })
        .collect();
    assert_eq!(words, ["&&\0\0\0\x0e*", "#&\x0b"]);
    let games: Vec<_> = read_games(text.as_bytes(), Parser::spanish()).collect();
    assert_eq!(games.len(), 2);
    // Each game is a result `*` and the word after it: the result on the second line is the
    // next game's.
    for (game, word) in games.iter().zip(words) {
        let game = game.as_ref().unwrap();
        assert!(
            matches!(game.movetext.as_slice(), [
                ..,
                Token { kind: TokenKind::Outcome { outcome: Outcome::Unknown, .. }, .. },
                Token { kind: TokenKind::UnknownWord { text, .. }, .. },
            ] if text == word),
            "{:?}",
            game.movetext
        );
    }
}

/// `GameReport::unread_moves`: the moves left unread, the one at the error included.
fn unread(text: &str) -> (Vec<(&'static str, Option<u32>)>, usize, usize) {
    let report = check_text(text, &CheckOptions::default()).next().unwrap();
    let codes = report
        .diagnostics
        .iter()
        .map(|d| (d.code().as_str(), d.ply))
        .collect();
    (codes, report.moves.len(), report.unread_moves)
}

#[test]
fn the_move_at_the_game_length_limit_counts_as_unread() {
    // 600,000 knight moves, more tokens than a game holds (2^19): White's first reads, Black's
    // `Cf3` is illegal (no black knight reaches f3), and from it on all 599,999 are unread.
    let text = "Cf3 ".repeat(600_000);
    assert_eq!(unread(&text), (vec![("illegal-move", Some(2))], 1, 599_999));
}

#[test]
fn an_unterminated_variation_is_no_unread_move() {
    // `Xf3` stops the reading; two moves are unread, `Xf3` and `e5`, whether or not the
    // variation around `e5` is closed.
    for text in ["1. e4 Xf3 (e5)", "1. e4 Xf3 (e5"] {
        assert_eq!(
            unread(text),
            (vec![("unreadable-move", Some(2))], 1, 2),
            "{text}"
        );
        // The word that does not read stays in the game, and after it one word reads as a
        // move: `e5`.
        let (game, error) = games(text, Parser::spanish()).next_game().unwrap();
        let words: Vec<ErrorKind> = game
            .movetext
            .iter()
            .filter_map(|t| match &t.kind {
                TokenKind::Word { error, .. } => Some(error.kind),
                _ => None,
            })
            .collect();
        assert_eq!(words, [ErrorKind::UnknownPieceLetter], "{text}");
        let after = game
            .movetext
            .iter()
            .skip_while(|t| !matches!(t.kind, TokenKind::Word { .. }))
            .filter(|t| matches!(t.kind, TokenKind::Move(_)))
            .count();
        assert_eq!(after, 1, "{text}");
        let unclosed = (!text.ends_with(')')).then_some(ErrorKind::UnterminatedVariation);
        assert_eq!(error.map(|e| e.kind), unclosed, "{text}");
    }
    // The game too long to hold: `1. e4` and parentheses, no move after `e4`.
    let text = "1. e4 ".to_owned() + &"(".repeat(600_000);
    assert_eq!(unread(&text), (vec![("syntax", None)], 1, 0));
}

/// The first error diagnostic of the first game of `text`: its span and the text it quotes.
fn first_error(text: &str) -> (std::ops::Range<usize>, Option<String>) {
    let report = check_text(text, &CheckOptions::default()).next().unwrap();
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.severity() == planilla::check::Severity::Error)
        .expect("an error");
    (d.span.range(), d.written.clone())
}

#[test]
fn an_unreadable_word_ends_at_a_delimiter_and_is_quoted_short() {
    // A stray `}` glued to a comment is its own word: the comment is not part of it.
    let (span, written) = first_error("1. e4 {a}} e5 1-0");
    assert_eq!((span, written.as_deref()), (9..10, Some("}")));
    // A million stray braces after a comment: the first one, quoted alone.
    let text = format!("1. e4 {{x{} e5 1-0", "}".repeat(1_000_000));
    let (span, written) = first_error(&text);
    assert_eq!((span, written.as_deref()), (9..10, Some("}")));
    // A 300 KB word: the span covers all of it; the diagnostic quotes 40 characters and `…`.
    let word = "Xf3".repeat(100_000);
    let (span, written) = first_error(&format!("1. e4 {word} 1-0"));
    assert_eq!(span, 6..6 + word.len());
    assert_eq!(written.unwrap(), format!("{}…", &word[..40]));
}

#[test]
fn a_line_over_the_game_size_limit_is_read_in_part_and_the_rest_reported() {
    use planilla::scoresheet::StreamGames;
    // A line of 1 MB of moves, then a game with headers, read with a limit of 64 KiB.
    let unit = "1. e4 e5 2. Cf3 Cc6 ";
    let long = unit.repeat(1_000_000 / unit.len());
    let file = format!("{long}\n\n[White \"next\"]\n\n1. d4 d5 *\n");
    let next_at = file.find("[White").unwrap();
    let limit = 64 << 10;

    let mut stream = StreamGames::new(file.as_bytes(), Parser::spanish()).max_game_bytes(limit);
    let first = stream.next_chunk().unwrap();
    // What fits, to the last space: whole words only.
    assert!(first.text.len() <= limit && first.text.ends_with(b" "));
    assert!(first.text.len() > limit - unit.len());
    assert_eq!(
        first.offset + first.text.len() as u64 + first.skipped,
        next_at as u64
    );
    let e = first.skipped_error().unwrap();
    assert_eq!(e.kind, ErrorKind::GameTooLong);
    assert_eq!(e.span.range(), first.text.len()..next_at);
    // The next piece starts at the header, on line 3.
    let second = stream.next_chunk().unwrap();
    assert_eq!(
        (second.offset as usize, second.line, second.skipped),
        (next_at, 3, 0)
    );
    assert!(stream.next_chunk().is_none());

    // As games: the part read, the error, the next game.
    let results: Vec<_> = StreamGames::new(file.as_bytes(), Parser::spanish())
        .max_game_bytes(limit)
        .collect();
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok());
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(
        (e.kind, e.span.end as usize),
        (ErrorKind::GameTooLong, next_at)
    );
    assert_eq!(results[2].as_ref().unwrap().tag("White"), Some("next"));
}

/// Streams `file`, made of `game` again and again, and asserts that its pieces follow each
/// other with nothing skipped, each under 64 KiB and one `game`: so at least as many pieces as
/// that size goes into the file.
fn stream_in_small_pieces(file: &str, game: &str) {
    use planilla::scoresheet::StreamGames;
    let mut stream = StreamGames::new(file.as_bytes(), Parser::spanish());
    let mut pieces = 0;
    let mut offset = 0;
    while let Some(chunk) = stream.next_chunk() {
        assert_eq!((chunk.offset, chunk.skipped), (offset, 0), "{game:?}");
        assert!(chunk.text.len() < (1 << 16) + game.len(), "{game:?}");
        offset += chunk.text.len() as u64;
        pieces += 1;
    }
    assert_eq!(offset as usize, file.len());
    assert!(
        pieces >= file.len() / ((1 << 16) + game.len()),
        "{game:?}: {pieces}"
    );
}

#[test]
fn games_without_headers_stream_in_pieces_and_none_is_skipped() {
    use planilla::scoresheet::StreamGames;
    // 4 MB of short games with no headers: read in pieces of about 64 KiB, each ending at a
    // result (so that the reports of one piece are those of a few thousand games, not of the
    // whole file), and every game is read.
    let game = "1. e4 e5 2. Cf3 Cc6 1-0\n\n";
    let n = 4_000_000 / game.len();
    let file = game.repeat(n);
    stream_in_small_pieces(&file, game);
    let games = StreamGames::new(file.as_bytes(), Parser::spanish())
        .filter(|g| g.is_ok())
        .count();
    assert_eq!(games, n);
}

#[test]
fn games_of_headers_alone_stream_in_pieces_and_read_as_the_whole_text() {
    use planilla::scoresheet::StreamGames;
    // Games of headers and no moves: a file of PGN header lines, forfeits as `convert --to es`
    // writes them, and lines of two headers each (a game begins at the second). The stream ends
    // a piece past 64 KiB where the games reader begins a game (a field the game being read
    // already has), so that the reports of one piece are not those of the whole file; and the
    // games are those of the whole text read at once, spans and all.
    let runs = [
        ("[Event \"x\"]\n", 1),
        ("Blancas: Ana\nNegras: Luis\nResultado: 1-0\n\n", 1),
        ("[White \"Ana\"] [White \"Luis\"]\n", 2),
        ("Blancas: Ana Negras: Luis\n", 1),
    ];
    for (game, games_a_line) in runs {
        let n = 400_000 / game.len();
        let file = game.repeat(n);
        stream_in_small_pieces(&file, game);
        let streamed: Vec<String> = StreamGames::new(file.as_bytes(), Parser::spanish())
            .map(|g| format!("{:?}", g.unwrap()))
            .collect();
        let whole: Vec<String> = games(&file, Parser::spanish())
            .map(|g| format!("{:?}", g.unwrap()))
            .collect();
        assert_eq!(streamed.len(), n * games_a_line, "{game:?}");
        assert!(
            streamed == whole,
            "{game:?}: the streamed games differ from the whole text's"
        );
    }
}

#[test]
fn headers_of_one_game_on_lines_apart_are_not_cut() {
    use planilla::scoresheet::StreamGames;
    // 70 KiB of headers with no field twice (a game's headers, however many), then the moves:
    // one game, whatever the piece's size.
    let mut file = String::new();
    let mut k = 0;
    while file.len() < 70 << 10 {
        file.push_str(&format!("[Field{k} \"v\"]\n\n"));
        k += 1;
    }
    file.push_str("1. e4 e5 1-0\n");
    let games: Vec<_> = StreamGames::new(file.as_bytes(), Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tags.len(), k);
    assert_eq!(games[0].mainline().count(), 2);
}

#[test]
fn any_mix_of_header_lines_streams_as_the_whole_text_reads() {
    use planilla::scoresheet::StreamGames;
    // Files of long runs of header lines of both kinds (one or two a line) and blank lines,
    // between lines of moves, results, comments across lines and remarks in brackets:
    // where the stream cuts a piece with no moves before a repeated field, the games must be
    // those of the whole text read at once, spans and all.
    const HEADERS: [&str; 11] = [
        "[Event \"x\"]",
        "[White \"Ana\"]",
        "[Black \"Luis\"]",
        "[Result \"1-0\"]",
        "[White \"a\"] [Black \"b\"]",
        "[Event \"x\"] [Event \"y\"]",
        "Blancas: Ana",
        "Negras: Luis",
        "Resultado: 1-0",
        "Blancas: Ana Negras: Luis",
        "Evento: Open",
    ];
    const OTHERS: [&str; 6] = [
        "1. e4 e5 2. Cf3 Cc6 1-0",
        "1. d4 d5",
        "{un comentario}",
        "{abre\n[Event \"y\"] cierra}",
        "[Illustration]",
        "*",
    ];
    // A linear congruential generator: the same files on every run.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    for _ in 0..8 {
        // Three times: a run of 66 to 80 KiB of header lines and blank lines, then 40 lines
        // of anything.
        let mut file = String::new();
        for _ in 0..3 {
            let run = file.len() + (66 << 10) + next(14 << 10);
            while file.len() < run {
                if next(8) > 0 {
                    file.push_str(HEADERS[next(HEADERS.len())]);
                }
                file.push('\n');
            }
            for _ in 0..40 {
                match next(3) {
                    0 => file.push_str(HEADERS[next(HEADERS.len())]),
                    1 => {}
                    // After moves, a PGN header: the stream ends a piece before a Spanish
                    // header line after moves that the games reader keeps in the game when it
                    // lacks the field (a difference of their own, not of this cut).
                    _ => {
                        file.push_str(OTHERS[next(OTHERS.len())]);
                        file.push_str("\n[Site \"s\"]");
                    }
                }
                file.push('\n');
            }
        }
        // Every run of headers is cut past 64 KiB, at the first field repeated.
        let mut stream = StreamGames::new(file.as_bytes(), Parser::spanish());
        while let Some(chunk) = stream.next_chunk() {
            assert!(chunk.text.len() < (64 << 10) + 200, "{}", chunk.text.len());
        }
        let streamed: Vec<String> = StreamGames::new(file.as_bytes(), Parser::spanish())
            .map(|g| format!("{g:?}"))
            .collect();
        let whole: Vec<String> = games(&file, Parser::spanish())
            .map(|g| format!("{g:?}"))
            .collect();
        assert_eq!(streamed.len(), whole.len());
        let differ = streamed.iter().zip(&whole).position(|(a, b)| a != b);
        assert_eq!(
            differ, None,
            "the streamed games differ from the whole text's"
        );
    }
}

/// Runs `f`, and gives its value with the time it took: for the tests that compare a text's
/// time with the same text's laid out so that it is read in linear time by any account (a
/// complexity's witness, not a speed).
fn timed<T>(f: impl FnOnce() -> T) -> (T, std::time::Duration) {
    let started = std::time::Instant::now();
    let value = f();
    (value, started.elapsed())
}

#[test]
fn a_game_of_many_different_header_lines_is_read_in_linear_time() {
    use planilla::scoresheet::StreamGames;
    // Whether a game already has a field was asked of its whole list of tags, once a tag: a
    // game of n header lines took time in n², minutes for half a million. Read whole and
    // streamed (where the stream also asks it, past 64 KiB of a piece with no moves), it is
    // one game of every tag and its moves.
    let n = 100_000;
    let mut text: String = (0..n).map(|k| format!("[F{k} \"v\"]\n")).collect();
    text.push_str("\n1. e4 e5 1-0\n");
    let (read, one_game) = timed(|| {
        games(&text, Parser::spanish())
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
    });
    assert_eq!(read.len(), 1);
    assert_eq!((read[0].tags.len(), read[0].mainline().count()), (n, 2));
    // The same lines with ten names in turn: 10,000 games of ten tags, each asked of a list of
    // ten, linear by any account. The game of every tag takes about three times as long (its
    // set of names: 27.7 ms against 8.1 ms); in the square, over a thousand times (12.0 s
    // against 7.8 ms).
    let mut turns: String = (0..n).map(|k| format!("[F{} \"v\"]\n", k % 10)).collect();
    turns.push_str("\n1. e4 e5 1-0\n");
    let (count, in_turns) = timed(|| games(&turns, Parser::spanish()).count());
    assert_eq!(count, n / 10);
    assert!(
        one_game < 30 * in_turns,
        "{one_game:?} against {in_turns:?} for ten names in turn"
    );
    let streamed: Vec<_> = StreamGames::new(text.as_bytes(), Parser::spanish())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed.len(), 1);
    assert_eq!(
        (streamed[0].tags.len(), streamed[0].mainline().count()),
        (n, 2)
    );
}

#[test]
fn many_move_numbers_after_blank_lines_in_a_game_of_many_tags_are_read_in_linear_time() {
    // At a White move number after a blank line, whether the numbering starts again (the next
    // sheet) depends on the game's first move number, read from its FEN tag: it was looked for
    // through every tag at every such number, so that 500,000 tags and 40,000 numbers took
    // 25 s (checked by the command line). It is now read again only when a tag is added.
    let tags: String = (0..500_000).map(|k| format!("[F{k} \"v\"]\n")).collect();
    let moves: String = (2..20_000)
        .map(|n| format!("\n\n{n}. Cf3 Cf6\n\n{n}... Cg1 Cg8"))
        .collect();
    let text = format!("{tags}\n1. Cf3 Cf6{moves}\n");
    let (read, with_blank_lines) = timed(|| {
        games(&text, Parser::spanish())
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
    });
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].tags.len(), 500_000);
    assert_eq!(read[0].mainline().count(), 2 + 4 * 19_998);
    // The same game with spaces for its blank lines (no number asks): linear by any account.
    // The time is a complexity's witness, not a speed: in the square, the game with blank
    // lines took 80 times as long (23.1 s against 0.29 s); read linearly, about as long.
    let spaced = text.replace("\n\n", "  ");
    let (count, without) = timed(|| games(&spaced, Parser::spanish()).count());
    assert_eq!(count, 1);
    assert!(
        with_blank_lines < 10 * without,
        "{with_blank_lines:?} against {without:?} without blank lines"
    );
}

#[test]
fn a_line_of_many_spanish_headers_is_read_in_linear_time() {
    // `Blancas: a` 100,000 times on one line: each header's value ends at the next header,
    // which was looked for after the line's end, itself looked for through the whole line, so
    // that the line took time in the square of its length (19.8 s against 0.02 s). Read as the
    // same headers on lines of their own: 100,000 games of one field each, in about the same
    // time.
    let one_line = "Blancas: a ".repeat(100_000) + "\n";
    let (read, long) = timed(|| games(&one_line, Parser::spanish()).count());
    assert_eq!(read, 100_000);
    let lines = one_line.replace(" B", "\nB");
    let (read, short) = timed(|| games(&lines, Parser::spanish()).count());
    assert_eq!(read, 100_000);
    let first = games(&one_line, Parser::spanish()).next().unwrap().unwrap();
    assert_eq!((first.tags.len(), first.tag("White")), (1, Some("a")));
    assert!(
        long < 10 * short,
        "{long:?} against {short:?} on lines of their own"
    );
}
