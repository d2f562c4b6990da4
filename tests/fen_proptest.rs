//! Property tests of the FEN reader: it never panics, whatever the input, and writing then
//! reading a position gives back the same position.
//!
//! The case count follows `PROPTEST_CASES` (proptest's own variable); CI keeps the default.
//! `PROPTEST_CASES=100000 cargo test --release --test fen_proptest` runs a long campaign.

use planilla::{FenError, Position};
use proptest::prelude::*;

/// A position reached by `plies` random legal moves chosen by `choices`.
fn playout(choices: &[u16]) -> Position {
    let mut pos = Position::startpos();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c as usize % moves.len()]);
    }
    pos
}

fn positions() -> impl Strategy<Value = Position> {
    prop::collection::vec(any::<u16>(), 0..160).prop_map(|c| playout(&c))
}

/// Characters that FEN uses, and a few that it does not, to mutate with.
const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789x\t9";

#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
    Swap(usize, usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let byte = prop::sample::select(ALPHABET);
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
    ];
    prop::collection::vec(edit, 1..4)
}

fn mutate(fen: &str, edits: &[Edit]) -> String {
    let mut b = fen.as_bytes().to_vec();
    for e in edits {
        let n = b.len().max(1);
        match *e {
            Edit::Replace(i, c) if !b.is_empty() => b[i % n] = c,
            Edit::Insert(i, c) => b.insert(i % (b.len() + 1), c),
            Edit::Delete(i) if !b.is_empty() => {
                b.remove(i % n);
            }
            Edit::Truncate(i) => b.truncate(i % n),
            Edit::Swap(i, j) if !b.is_empty() => b.swap(i % n, j % n),
            _ => {}
        }
    }
    String::from_utf8(b).expect("the alphabet is ASCII")
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,120}") {
        let _ = Position::from_fen(&s);
        let _ = Position::from_fen_relaxed(&s);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn write_then_read_gives_the_same_position(pos in positions()) {
        let fen = pos.to_fen();
        prop_assert_eq!(Position::from_fen(&fen), Ok(pos));
        prop_assert_eq!(fen.parse::<Position>(), Ok(pos));
    }

    /// A mutated FEN either reads into a position that itself round-trips, or gives an error
    /// whose span lies inside the text.
    #[test]
    fn mutated_fens_read_or_fail_cleanly(pos in positions(), edits in edits()) {
        let fen = mutate(&pos.to_fen(), &edits);
        for result in [Position::from_fen(&fen), Position::from_fen_relaxed(&fen)] {
            match result {
                Ok(read) => {
                    // Every position we accept supports the generator and round-trips.
                    let _ = read.legal_moves();
                    prop_assert_eq!(Position::from_fen_relaxed(&read.to_fen()), Ok(read));
                }
                Err(FenError::Board { span, .. }
                    | FenError::Turn { span }
                    | FenError::Castling { span }
                    | FenError::EnPassant { span }
                    | FenError::HalfmoveClock { span }
                    | FenError::FullmoveNumber { span }
                    | FenError::TrailingText { span }) => {
                    prop_assert!(span.start <= span.end && span.end <= fen.len(), "{fen}: {span:?}");
                }
                Err(FenError::Empty | FenError::Position(_)) => {}
            }
        }
    }
}
