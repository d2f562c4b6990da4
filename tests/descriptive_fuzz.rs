//! The properties of the `descriptive` fuzz target (`fuzz/fuzz_targets/descriptive_props.rs`)
//! on generated input, so that the suite runs them without cargo-fuzz: random words over the
//! characters of descriptive moves, and real moves written by the writer with one character
//! changed, alone and as sheets of several words.

use crate::audit;
#[path = "../fuzz/fuzz_targets/descriptive_props.rs"]
mod descriptive_props;

use planilla::Position;
use planilla::notation::Language;
use planilla::write::descriptive::write_descriptive;

const CHARS: &[u8] = b"RDTACPKQBNt12345678x-=()+# .ap:Oe0ch";

#[test]
fn generated_descriptive_input_keeps_the_fuzz_properties() {
    let mut rng = audit::Lcg::new(15, 0);
    let mut inputs = 0;
    for _ in 0..20_000 {
        let mut data = vec![rng.below(256) as u8];
        for _ in 0..rng.below(14) {
            data.push(CHARS[rng.below(CHARS.len())]);
        }
        descriptive_props::run(&data);
        inputs += 1;
    }
    // Real moves of random games, in both letter sets, with one character changed.
    for game in 0..200 {
        let mut pos = Position::startpos();
        for _ in 0..rng.below(60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let english = (game + inputs) % 2 == 1;
            let letters = if english {
                Language::ENGLISH
            } else {
                Language::SPANISH
            };
            let mut word = write_descriptive(&pos, mv, &letters).into_bytes();
            let at = rng.below(word.len());
            match rng.below(3) {
                0 => word[at] = CHARS[rng.below(CHARS.len())],
                1 => word.insert(at, CHARS[rng.below(CHARS.len())]),
                _ => {
                    word.remove(at);
                }
            }
            // Bits 1-2 of the first byte pick the start position: the initial one here.
            let mut data = vec![u8::from(english)];
            data.extend_from_slice(&word);
            descriptive_props::run(&data);
            inputs += 1;
            pos.play(mv).expect("legal");
        }
    }
    assert!(inputs > 22_000, "{inputs}");
}
