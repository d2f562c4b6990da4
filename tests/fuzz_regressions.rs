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
