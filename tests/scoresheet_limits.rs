//! Hostile input: deep nesting, huge lines, unterminated constructs, arbitrary bytes. Each must
//! end with tokens or typed errors, never a panic, a stack overflow or a hang.

use planilla::notation::{ErrorKind, Parser};
use planilla::scoresheet::{Lexer, Token, read_games};

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
    for t in lexer.by_ref() {
        match t.unwrap() {
            Token::VariationStart(_) => starts += 1,
            Token::VariationEnd(_) => ends += 1,
            _ => {}
        }
    }
    max_depth = max_depth.max(lexer.depth());
    assert_eq!((starts, ends, max_depth), (N, N, 0));

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
        if let Token::Move(_) = t.unwrap() {
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
}

#[test]
fn many_errors_in_a_row_stay_linear() {
    let text = "Xf3 ".repeat(200_000);
    let errs = Lexer::new(&text, Parser::spanish())
        .filter(|r| r.is_err())
        .count();
    assert_eq!(errs, 200_000);
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
            Ok(Token::UnknownWord { text, .. }) => Some(text.as_ref()),
            _ => None,
        })
        .collect();
    assert_eq!(words, ["&&\0\0\0\x0e*", "#&\x0b"]);
    let games: Vec<_> = read_games(text.as_bytes(), Parser::spanish()).collect();
    assert_eq!(games.len(), 2);
}
