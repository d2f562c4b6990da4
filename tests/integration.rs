//! The library's tests, in one binary (`cargo test --profile tests --all-features`): one link
//! instead of one a file, and every test of every file run side by side. Each module is one
//! file of `tests/`, named for what it proves; `cargo test --profile tests --test integration
//! decode::` runs one of them. The helpers of `tests/common/` are shared with the examples
//! (the audits) and the benchmarks, which include them by path.
//!
//! `tests/allocations.rs` stays a binary of its own: it counts allocations with a global
//! allocator, which would count every other test's too.

#[cfg(all(feature = "arbitrary", feature = "proptest"))]
mod arbitrary;
mod arbitrary_invariants;
#[path = "common/audit.rs"]
mod audit;
mod clocks_and_boards;
#[cfg(feature = "proptest")]
mod common;
#[cfg(feature = "reconstruct")]
#[path = "common/damage.rs"]
mod damage;
#[cfg(feature = "reconstruct")]
mod decode;
#[path = "common/descriptive_audit.rs"]
mod descriptive_audit;
mod descriptive_book;
mod descriptive_edit_audit;
mod descriptive_fuzz;
mod descriptive_grammar;
mod descriptive_reading;
mod descriptive_roundtrip;
#[cfg(feature = "sealed")]
mod descriptive_sealed;
#[cfg(feature = "proptest")]
mod differential;
mod draws;
mod edit_audit;
mod fen_proptest;
mod fuzz_regressions;
mod grammar_sync;
#[cfg(feature = "reconstruct")]
#[path = "common/hcs.rs"]
mod hcs;
mod lenient;
mod message_language;
mod no_overflow;
mod notation_errors;
mod notation_examples;
mod notation_forms;
mod notation_roundtrip;
mod perft;
#[path = "common/print_corpus.rs"]
mod print_corpus;
mod print_edit_audit;
#[path = "common/print_edits.rs"]
mod print_edits;
mod printed_text;
mod reading;
#[path = "common/real_games.rs"]
mod real_games;
#[cfg(feature = "reconstruct")]
mod real_sheets;
#[cfg(feature = "reconstruct")]
#[path = "common/recognizer.rs"]
mod recognizer;
#[cfg(feature = "reconstruct")]
mod reconstruct;
mod resolve;
mod roundtrip_sheets;
#[cfg(feature = "proptest")]
mod san_differential;
#[cfg(feature = "proptest")]
mod san_uci_parse;
mod scoresheet_games;
mod scoresheet_limits;
#[cfg(feature = "sealed")]
mod sealed;
mod sheets_in_one_file;
mod sizes;
#[cfg(feature = "proptest")]
mod strategy;
mod tool_author;
#[cfg(feature = "proptest")]
mod transcription;
mod validate;
mod winnability;
mod write_pgn;
#[cfg(feature = "arbitrary")]
#[path = "common/writing.rs"]
mod writing;
