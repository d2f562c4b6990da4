//! Our SAN, suffix included, equals shakmaty's for every legal move of 10,000 positions from
//! seeded random playouts and of every position of the lichess games.

use crate::common;

use planilla::write::SanPlus;
use shakmaty::san::SanPlus as TheirSanPlus;

#[test]
fn san_of_every_legal_move_in_10_000_random_positions() {
    let mut moves = 0;
    let (mut disambiguated, mut mates) = (0, 0);
    common::random_playouts(0xD1FF_5A11, 10_000, |ours, theirs| {
        for m in ours.legal_moves() {
            let san = SanPlus::from_move(ours, m).to_string();
            // The resolver's shortcut: SAN from the origins of the targeted candidates.
            let origins = ours
                .legal_moves_to(m.role(), m.to())
                .iter()
                .map(|c| c.from())
                .collect::<planilla::Bitboard>();
            assert_eq!(
                planilla::write::San::from_move_with_origins(m, origins),
                planilla::write::San::from_move(ours, m),
                "{m} in {ours}"
            );
            let tm = common::their_move(theirs, &m.to_uci()).unwrap();
            let expected = TheirSanPlus::from_move(theirs.clone(), tm).to_string();
            assert_eq!(san, expected, "{m} in {ours}");
            moves += 1;
            let piece = san.starts_with(['N', 'B', 'R', 'Q']);
            disambiguated += usize::from(
                piece
                    && san.trim_end_matches(['+', '#']).len() > 3 + usize::from(san.contains('x')),
            );
            mates += usize::from(san.ends_with('#'));
        }
    });
    eprintln!("SAN compared: {moves} moves; {disambiguated} disambiguated, {mates} mates");
    assert!(moves > 200_000 && disambiguated > 500 && mates > 10);
}
