//! Decoding a recognizer's candidates from raw bytes, as `planilla decode` reads one NDJSON
//! line, and from cells built straight from the bytes (texts and probabilities of any kind:
//! NaN, negative, huge, zero).
//!
//! The first byte picks the letter set (`common::settings`). The rest is read as one line
//! (`planilla_cli`'s parser is not a dependency here, so the line is split by hand: cells by
//! `|`, candidates by `,`, a candidate's probability after its last `:`); a probability that
//! does not parse is the byte's value. The decoded game must be legal from the start, name its
//! moves in SAN, have one `chosen` a cell, and its repairs and doubtful plies must be in ply
//! order inside the game; a hostile value must get a typed error, never a panic.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use planilla::Position;
use planilla::check::CheckOptions;
use planilla::reconstruct::{DecodeError, Limits, decode};
use planilla::san::SanPlus;

fuzz_target!(|data: &[u8]| {
    let Some((parser, _, rest)) = common::settings(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let cells: Vec<Vec<(String, f64)>> = text
        .split('|')
        .map(|cell| {
            if cell.is_empty() {
                return Vec::new();
            }
            cell.split(',')
                .map(|c| match c.rsplit_once(':') {
                    Some((t, p)) => (t.to_owned(), p.parse().unwrap_or(p.len() as f64)),
                    None => (c.to_owned(), 1.0),
                })
                .collect()
        })
        .collect();
    let options = CheckOptions::default().with_language(parser.language);
    let start = Position::default();
    match decode(&cells, start, &options, &Limits::default()) {
        Ok(found) => {
            assert_eq!(found.chosen.len(), cells.len());
            let mut pos = start;
            for (m, san) in found.moves.iter().zip(&found.san) {
                assert!(pos.legal_moves().contains(m), "an illegal move decoded");
                assert_eq!(&SanPlus::from_move_and_play(&mut pos, *m).to_string(), san);
            }
            assert_eq!(found.moves.len(), found.san.len());
            assert_eq!(found.margins.len(), found.moves.len());
            let plies = found.moves.len() as u32;
            assert!(found.doubtful.windows(2).all(|w| w[0] < w[1]));
            assert!(found.doubtful.iter().all(|&p| (1..=plies).contains(&p)));
            assert!(found.repairs.windows(2).all(|w| w[0].ply <= w[1].ply));
            assert!(found.log_probability <= 1e-9, "{}", found.log_probability);
        }
        Err(DecodeError::BadProbability { value, .. }) => {
            assert!(!value.is_finite() || value < 0.0)
        }
        Err(_) => {}
    }
});
