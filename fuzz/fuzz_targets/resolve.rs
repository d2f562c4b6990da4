//! Resolve and play against our own legal move list.
//!
//! An arbitrary reachable position, written text (or an arbitrary parsed notation), a letter
//! set and resolve options. Every move the resolver accepts, and every candidate of an
//! ambiguous move, must be one of the position's legal moves, and must play; its SAN must
//! name it.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use planilla::Position;
use planilla::notation::{CaseMode, Language, Notation, Parser};
use planilla::resolve::{AmbiguityCause, Options, Resolution, resolve};
use planilla::write::SanPlus;

#[derive(Debug, Arbitrary)]
enum Written {
    Text(String),
    Parsed(Notation),
}

#[derive(Debug, Arbitrary)]
struct Input {
    position: Position,
    language: Language,
    options: Options,
    written: Written,
}

fuzz_target!(|input: Input| {
    let Input {
        position: pos,
        language,
        options,
        written,
    } = input;
    let case = if options.lenient {
        CaseMode::Lenient
    } else {
        CaseMode::Strict
    };
    let readings = match written {
        Written::Text(text) => match Parser::new(language, case).parse_move(&text) {
            Ok(r) => r,
            Err(_) => return,
        },
        Written::Parsed(n) => planilla::notation::Readings::one(n),
    };
    let legal = pos.legal_moves();
    match resolve(&pos, &readings, &language, options) {
        Resolution::Resolved(r) => {
            assert!(
                legal.contains(&r.mv),
                "{} resolved to {} in {pos}",
                readings.first(),
                r.mv
            );
            assert_eq!(
                r.san,
                planilla::write::San::from_move(&pos, r.mv),
                "{} in {pos}",
                r.mv
            );
            let mut next = pos;
            next.play(r.mv).expect("a resolved move plays");
            let _ = SanPlus::from_move(&pos, r.mv).to_string();
        }
        Resolution::Ambiguous(a) => {
            // An incomplete target is never completed, whatever the number of completions
            // (none, one or more: E8; C.8); any other ambiguity has two candidates or more.
            assert!(
                a.candidates.len() >= 2 || a.cause == AmbiguityCause::IncompleteTarget,
                "{a:?} in {pos}"
            );
            for m in &a.candidates {
                assert!(legal.contains(m), "candidate {m} in {pos}");
            }
        }
        Resolution::Illegal(_) | Resolution::Unreadable(_) => {}
    }
});
