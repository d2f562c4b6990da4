//! `arbitrary::Arbitrary` (feature `arbitrary`) gives what its documentation says, from any
//! bytes: reachable positions, notations the Spanish parser produces, structurally arbitrary
//! moves that play exactly when legal, and AST parts that resolve only to legal moves and that
//! the writer writes part by part.

use crate::writing;

use arbitrary::{Arbitrary, Unstructured};

use planilla::notation::{Language, Normal, Notation, Parser, Readings};
use planilla::resolve::{Options, resolve};
use planilla::strategy::Rng;
use planilla::{Move, Position};
use writing::check_writing;

/// 2,000 byte buffers of 0 to 511 bytes from a fixed seed, and a few degenerate ones.
fn buffers() -> Vec<Vec<u8>> {
    let mut rng = Rng::new(0xA2B1);
    let mut out: Vec<Vec<u8>> = (0..2000)
        .map(|_| (0..rng.below(512)).map(|_| rng.next_u64() as u8).collect())
        .collect();
    out.extend([vec![], vec![0; 64], vec![0xff; 64]]);
    out
}

#[test]
fn arbitrary_positions_are_reachable_and_varied() {
    let mut fens = std::collections::HashSet::new();
    for bytes in buffers() {
        let pos = Position::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
        fens.insert(pos.to_fen());
    }
    assert!(fens.len() > 1000, "{} distinct positions", fens.len());
}

#[test]
fn arbitrary_notations_are_what_the_parser_reads() {
    let (mut made, mut refused) = (0, 0);
    for bytes in buffers() {
        match Notation::arbitrary(&mut Unstructured::new(&bytes)) {
            Ok(n) => {
                let text = n.to_string();
                let back = *Parser::spanish().parse_move(&text).unwrap().first();
                assert_eq!(back.to_string(), text);
                assert_eq!(back.role(), n.role());
                made += 1;
            }
            Err(_) => refused += 1,
        }
    }
    assert!(made > 1000, "{made} made, {refused} refused");
}

#[test]
fn structural_moves_and_parts_are_survived() {
    let pos = Position::startpos();
    let (mut legal, mut tried) = (0, 0);
    let (mut read_back, mut written) = (0, 0);
    for bytes in buffers() {
        let mut u = Unstructured::new(&bytes);
        let pos = Position::arbitrary(&mut u).unwrap_or(pos);
        if let Ok(m) = Move::arbitrary(&mut u) {
            let mut next = pos;
            assert_eq!(next.play(m).is_ok(), pos.legal_moves().contains(&m));
            legal += usize::from(pos.is_legal(m));
            tried += 1;
        }
        if let Ok(normal) = Normal::arbitrary(&mut u) {
            let n = writing::unplaced(planilla::notation::Body::Normal(normal));
            let r = resolve(
                &pos,
                &Readings::one(n),
                &Language::SPANISH,
                Options::default(),
            );
            if let Some(m) = r.mv() {
                assert!(pos.legal_moves().contains(&m));
            }
            // Written in figurines, it shows its parts in order, and reads back as written.
            read_back += usize::from(check_writing(&n, Language::FIGURINE));
            written += 1;
        }
    }
    assert!(tried > 1000 && legal < tried, "{legal} legal of {tried}");
    // Most writings read back, so the reading back is checked on many.
    assert!(
        read_back > written / 2,
        "{read_back} of {written} parts written read back"
    );
}
