//! The properties of the `descriptive` fuzz target (`fuzz/fuzz_targets/descriptive_props.rs`)
//! on generated input, so that the suite runs them without cargo-fuzz: random words over the
//! characters of descriptive moves, and real moves written by the writer with one character
//! changed, alone and as sheets of several words.

#[path = "../fuzz/fuzz_targets/descriptive_props.rs"]
mod descriptive_props;

use planilla::Position;
use planilla::notation::Language;
use planilla::write::descriptive::write_descriptive;

const CHARS: &[u8] = b"RDTACPKQBNt12345678x-=()+# .ap:Oe0ch";

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn generated_descriptive_input_keeps_the_fuzz_properties() {
    let mut rng = Lcg(15);
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
