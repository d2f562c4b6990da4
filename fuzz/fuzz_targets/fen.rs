//! FEN: parse, write, parse again, strictly and relaxed.
//!
//! Whatever reads must write a FEN that reads back to the same position and writes the same
//! FEN again; its legal moves must all play. Error spans must lie inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use planilla::{FenError, Position};

fn check(text: &str, read: fn(&str) -> Result<Position, FenError>) {
    match read(text) {
        Ok(pos) => {
            let fen = pos.to_fen();
            let again = read(&fen).unwrap_or_else(|e| panic!("{text:?} wrote {fen:?}: {e}"));
            assert_eq!(again, pos, "{text:?} wrote {fen:?}");
            assert_eq!(again.to_fen(), fen);
            for m in pos.legal_moves() {
                let mut next = pos;
                assert!(next.play(m).is_ok(), "{m} in {fen}");
            }
            let _ = (
                pos.is_checkmate(),
                pos.is_stalemate(),
                pos.legal_ep_square(),
            );
        }
        Err(e) => {
            let span = match &e {
                FenError::Board { span, .. }
                | FenError::Turn { span }
                | FenError::Castling { span }
                | FenError::EnPassant { span }
                | FenError::HalfmoveClock { span }
                | FenError::FullmoveNumber { span } => Some(span.clone()),
                _ => None,
            };
            if let Some(span) = span {
                assert!(
                    text.get(span.clone()).is_some(),
                    "{text:?}: {e} at {span:?}"
                );
            }
            let _ = e.to_string();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check(text, Position::from_fen);
    check(text, Position::from_fen_relaxed);
});
