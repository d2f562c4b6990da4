//! Table-driven: malformed input, each with the kind of error, its span in the original text
//! and what was found there.

use planilla::notation::{CaseMode, ErrorKind, Language, ParseError, Parser};
use planilla::scoresheet::{Lexer, Token, TokenKind, read_games};

use ErrorKind::*;

const ES: Parser = Parser::new(Language::SPANISH, CaseMode::Strict);
const ES_LENIENT: Parser = Parser::new(Language::SPANISH, CaseMode::Lenient);
const EN: Parser = Parser::new(Language::ENGLISH, CaseMode::Strict);

/// One move: (input, parser, kind, span, found).
type MoveRow = (&'static str, Parser, ErrorKind, (u32, u32), Option<char>);

const MOVES: &[MoveRow] = &[
    ("", ES, Empty, (0, 0), None),
    ("   ", ES, Empty, (3, 3), None),
    ("Ce9", ES, BadRank, (2, 3), Some('9')),
    ("e0", ES, BadRank, (1, 2), Some('0')),
    ("h9", ES, BadRank, (1, 2), Some('9')),
    ("Rf9", EN, BadRank, (2, 3), Some('9')),
    ("exd9", ES, BadRank, (3, 4), Some('9')),
    ("Xe4", ES, UnknownPieceLetter, (0, 1), Some('X')),
    ("Wf3", ES, UnknownPieceLetter, (0, 1), Some('W')),
    ("Zz4", ES_LENIENT, UnknownPieceLetter, (0, 1), Some('Z')),
    ("O-0", ES, UnknownPieceLetter, (0, 1), Some('O')),
    ("E4", ES, UppercaseFile, (0, 1), Some('E')),
    ("Bb5", ES, UppercaseFile, (0, 1), Some('B')),
    ("i4", ES, BadFile, (0, 1), Some('i')),
    ("x", ES, BadFile, (0, 1), Some('x')),
    ("pe5", ES, BadFile, (0, 1), Some('p')),
    ("5e4", ES, NotAMove, (0, 1), Some('5')),
    ("-e4", ES, NotAMove, (0, 1), Some('-')),
    ("#", ES, NotAMove, (0, 1), Some('#')),
    ("C", ES, MissingTarget, (1, 1), None),
    ("Cx", ES, MissingTarget, (2, 2), None),
    ("Cxx4", ES, MissingTarget, (2, 3), Some('x')),
    ("Txj1", ES, MissingTarget, (2, 3), Some('j')),
    ("♔", ES, MissingTarget, (3, 3), None),
    ("A-D", ES, MissingTarget, (2, 3), Some('D')),
    ("0", ES, BadCastling, (0, 1), Some('0')),
    ("0-", ES, BadCastling, (0, 2), Some('0')),
    ("0-O", ES, BadCastling, (0, 2), Some('0')),
    ("0-0-", ES, BadCastling, (3, 4), Some('-')),
    ("0-0-0-0", ES, BadCastling, (5, 6), Some('-')),
    ("OOO0", ES, BadCastling, (3, 4), Some('0')),
    ("e8=X", ES, BadPromotion, (3, 4), Some('X')),
    ("e8/W", ES, BadPromotion, (3, 4), Some('W')),
    ("e8(D", ES, BadPromotion, (4, 4), None),
    ("e8(D]", ES, BadPromotion, (4, 5), Some(']')),
    ("Ce8=D", ES, PromotionOnPieceMove, (3, 5), Some('=')),
    ("Cf3D", ES, PromotionOnPieceMove, (3, 4), Some('D')),
    ("e4e", ES, TrailingCharacters, (2, 3), Some('e')),
    ("Cf3 e5", ES, TrailingCharacters, (4, 6), Some('e')),
    ("e4+-", ES, TrailingCharacters, (3, 4), Some('-')),
    ("Cf3(=", ES, TrailingCharacters, (3, 5), Some('(')),
    ("Rb1(=)(=)", ES, TrailingCharacters, (6, 9), Some('(')),
    // Spans are in the original text: the full-width C is 3 bytes, the en dash too.
    ("Ｃe9", ES, BadRank, (4, 5), Some('9')),
    ("C–", ES, MissingTarget, (4, 4), None),
    ("Ｅ4", ES, UppercaseFile, (0, 3), Some('E')),
];

fn check(input: &str, err: ParseError, kind: ErrorKind, span: (u32, u32), found: Option<char>) {
    assert_eq!(err.kind, kind, "{input:?}: {err}");
    assert_eq!((err.span.start, err.span.end), span, "{input:?}: {err}");
    assert_eq!(err.found, found, "{input:?}: {err}");
    assert!(!err.expected.is_empty());
}

#[test]
fn malformed_moves() {
    for &(input, parser, kind, span, found) in MOVES {
        let err = parser
            .parse_move(input)
            .expect_err(&format!("{input:?} should fail"));
        check(input, err, kind, span, found);
    }
}

/// The first error of the lexer: its `Err`, or the error of a word that does not read as a
/// move (`TokenKind::Word`).
fn first_error(text: &str) -> ParseError {
    Lexer::new(text, ES)
        .find_map(|r| match r {
            Err(e)
            | Ok(Token {
                kind: TokenKind::Word { error: e, .. },
                ..
            }) => Some(e),
            Ok(_) => None,
        })
        .unwrap_or_else(|| panic!("{text:?} should fail"))
}

/// Movetext: (input, kind, span, found).
type TextRow = (&'static str, ErrorKind, (u32, u32), Option<char>);

const MOVETEXT: &[TextRow] = &[
    ("1. e4 {sin cerrar", UnterminatedComment, (6, 17), Some('{')),
    ("1. e4 (1. d4", UnterminatedVariation, (6, 7), Some('(')),
    ("((((1. e4)", UnterminatedVariation, (0, 1), Some('(')),
    ("1. e4 )", UnmatchedParenthesis, (6, 7), Some(')')),
    ("1. e4 $", BadNag, (6, 7), Some('$')),
    ("1. e4 $256", BadNag, (6, 10), Some('$')),
    ("[Event \"x]", BadTag, (0, 10), Some('[')),
    ("[Event x\"]", BadTag, (0, 10), Some('[')),
    ("[\"x\"]", BadTag, (0, 5), Some('[')),
    ("99999999999. e4", BadMoveNumber, (0, 11), Some('9')),
    ("1. e4@e5", TrailingCharacters, (5, 8), Some('@')),
    ("1. Cf3Cc6", PromotionOnPieceMove, (6, 7), Some('C')),
    // A comma with a move glued after it is no print punctuation (`1. Cf3, Cc6` is).
    ("1. Cf3,Cc6", TrailingCharacters, (6, 10), Some(',')),
    ("1. e4 }", NotAMove, (6, 7), Some('}')),
    ("1. Wf3", UnknownPieceLetter, (3, 4), Some('W')),
    ("1… Ce9", BadRank, (7, 8), Some('9')),
];

#[test]
fn malformed_movetext() {
    for &(input, kind, span, found) in MOVETEXT {
        check(input, first_error(input), kind, span, found);
    }
}

#[test]
fn invalid_utf8_reports_its_byte_offset() {
    for (bytes, at) in [
        (&b"1. e4 \xc3( e5"[..], 6),
        (&b"\xff"[..], 0),
        (&b"1. e4 e5 2. Cf3 \xe2\x99"[..], 16),
    ] {
        let err = read_games(bytes, ES).next().unwrap().unwrap_err();
        assert_eq!(err.kind, InvalidUtf8);
        assert_eq!(err.span.start, at);
        assert_eq!(err.found, None);
    }
}

#[test]
fn the_lexer_goes_on_after_an_error() {
    let text = "1. e4 Xf3 2. d4 Ce9 3. c4";
    let results: Vec<_> = Lexer::new(text, ES).collect();
    // The words that do not read are tokens with their errors; the lexer goes on.
    let errors: Vec<ErrorKind> = results
        .iter()
        .filter_map(|r| match r {
            Ok(Token {
                kind: TokenKind::Word { error, .. },
                ..
            }) => Some(error.kind),
            _ => None,
        })
        .collect();
    assert_eq!(errors, [UnknownPieceLetter, BadRank]);
    assert!(results.iter().all(Result::is_ok));
    assert_eq!(results.len(), 8);
}
