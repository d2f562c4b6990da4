//! One written move: parse, then write and parse again. Also standard SAN and UCI, which must
//! write back exactly what they read.
//!
//! The first byte picks the letter set and the case mode (`common::settings`); the rest is the
//! move, read as UTF-8 (invalid bytes become U+FFFD). Whatever parses
//! must: have spans that slice the text; written in its own letters, read back strictly to the
//! same role and to a fixed point; and its canonical Spanish form must be a fixed point too.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use planilla::notation::{CaseMode, Parser};
use planilla::position::UciMove;
use planilla::san::SanPlus;

fuzz_target!(|data: &[u8]| {
    // Standard SAN and UCI, read from the whole input: what reads writes back as it was.
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(san) = text.parse::<SanPlus>() {
            assert_eq!(san.to_string(), text);
        }
        if let Ok(uci) = text.parse::<UciMove>() {
            assert_eq!(uci.to_string(), text);
        }
    }
    let Some((parser, _, rest)) = common::settings(data) else {
        return;
    };
    let language = parser.language;
    let text = String::from_utf8_lossy(rest);
    let Ok(readings) = parser.parse_move(&text) else {
        return;
    };
    let strict = Parser::new(language, CaseMode::Strict);
    for n in &readings {
        assert!(
            text.get(n.span().range()).is_some(),
            "{text:?}: span {:?}",
            n.span()
        );
        let written = n.written(language).to_string();
        let again = match strict.parse_move(&written) {
            Ok(r) => *r.first(),
            Err(e) => panic!("{text:?} written as {written:?} does not read back: {e}"),
        };
        assert_eq!(again.role(), n.role(), "{text:?} written as {written:?}");
        assert_eq!(again.written(language).to_string(), written, "{text:?}");
        let canonical = n.to_string();
        let back = match Parser::spanish().parse_move(&canonical) {
            Ok(r) => *r.first(),
            Err(e) => panic!("{text:?} canonical {canonical:?} does not read back: {e}"),
        };
        assert_eq!(back.to_string(), canonical, "{text:?}");
    }
});
