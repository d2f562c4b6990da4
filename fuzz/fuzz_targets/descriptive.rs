//! One move in descriptive notation, then a whole sheet of them.
//!
//! The first byte: bit 0 picks English (else Spanish), bits 1-2 the position the move is
//! resolved in (`POSITIONS`). The rest is the text, read as UTF-8 (invalid bytes become
//! U+FFFD). Nothing may panic; whatever parses has spans that slice the text; a move that
//! resolves, written back by the writer (the short book form and the full form), reads back
//! to the same move with no note; the text read as a sheet (descriptive only, and auto)
//! has spans that slice it.
#![no_main]

mod descriptive_props;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| descriptive_props::run(data));
