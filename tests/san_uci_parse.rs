//! Standard SAN and UCI read back: every move of the real games as printed, and every legal
//! move of 2,000 random positions, against shakmaty's reading of the same text.

use crate::common;

use planilla::Language;
use planilla::check::{CheckOptions, check_text};
use planilla::position::{ParseUciError, UciMove};
use planilla::san::{San, SanError, SanPlus};
use shakmaty::san::SanPlus as TheirSanPlus;
use shakmaty::{CastlingMode, Position as _};

const REAL_GAMES: [&str; 4] = [
    include_str!("data/lichess_db_1000k.pgn"),
    include_str!("data/lichess_db_2013-01_500.pgn"),
    include_str!("data/twic-01-232games.pgn"),
    include_str!("data/benchmark.pgn"),
];

#[test]
fn every_move_of_the_real_games_as_printed_reads_back_to_its_move() {
    let options = CheckOptions::default().with_language(Language::ENGLISH);
    let mut moves = 0;
    for pgn in REAL_GAMES {
        for report in check_text(pgn, &options) {
            let mut pos = report.start_position();
            for ply in &report.moves {
                // The PGN's own token, as printed (`Nbd2`, `exd6`, `e8=Q+`, `O-O-O`), less
                // the annotation that import format lets follow it (`dxc4?!`, PGN 8.2.3.8).
                let token = ply.text.trim_end_matches(['!', '?']);
                let printed: SanPlus = token.parse().unwrap_or_else(|e| {
                    panic!(
                        "{:?} at ply {} of game {}: {e}",
                        ply.text, ply.ply, report.index
                    )
                });
                assert_eq!(printed.to_move(&pos), Ok(ply.mv), "{}", ply.text);
                // What we write reads back to itself.
                let ours: SanPlus = ply.san.to_string().parse().unwrap();
                assert_eq!(ours, ply.san);
                let uci: UciMove = ply.uci().parse().unwrap();
                assert_eq!(uci.to_move(&pos), Ok(ply.mv));
                assert_eq!(uci.to_string(), ply.uci());
                pos = ply.after;
                moves += 1;
            }
        }
    }
    assert!(moves > 50_000, "{moves} moves");
}

#[test]
fn every_legal_move_of_2_000_random_positions_reads_as_shakmaty_reads_it() {
    let (mut moves, mut ambiguous) = (0, 0);
    common::random_playouts(0x5A4_0CE1, 2_000, |ours, theirs| {
        for m in ours.legal_moves() {
            let text = SanPlus::from_move(ours, m).to_string();
            let san: SanPlus = text.parse().unwrap();
            assert_eq!(san.to_move(ours), Ok(m), "{text} in {ours}");
            let their = TheirSanPlus::from_ascii(text.as_bytes()).unwrap();
            let their_move = their.san.to_move(theirs).unwrap();
            assert_eq!(
                their_move.to_uci(CastlingMode::Standard).to_string(),
                m.to_uci()
            );
            // The same move without its origin: ambiguous for both, or the same move.
            if let San::Normal {
                role,
                capture,
                to,
                promotion,
                file: Some(_) | None,
                rank: Some(_) | None,
            } = san.san
                && role != planilla::Role::Pawn
            {
                let bare = San::Normal {
                    role,
                    file: None,
                    rank: None,
                    capture,
                    to,
                    promotion,
                };
                let their_bare = shakmaty::san::San::from_ascii(bare.to_string().as_bytes())
                    .unwrap()
                    .to_move(theirs);
                match bare.to_move(ours) {
                    Ok(mv) => assert_eq!(mv, m),
                    Err(SanError::Ambiguous) => {
                        ambiguous += 1;
                        assert!(matches!(
                            their_bare,
                            Err(shakmaty::san::SanError::AmbiguousSan)
                        ));
                    }
                    Err(e) => panic!("{bare} in {ours}: {e}"),
                }
            }
            let uci: UciMove = m.to_uci().parse().unwrap();
            assert_eq!(uci.to_move(ours), Ok(m));
            moves += 1;
        }
        let _ = theirs.legal_moves();
    });
    assert!(
        moves > 40_000 && ambiguous > 50,
        "{moves} moves, {ambiguous} ambiguous"
    );
}

#[test]
fn text_that_is_not_standard_san_is_refused_where_it_goes_wrong() {
    for (text, at) in [
        ("", 0),
        ("Cf3", 0),    // a Spanish letter
        ("nf3", 0),    // a lowercase piece letter
        ("0-0", 0),    // zeros: Appendix C's castling, not SAN's
        ("Nf", 2),     // no rank
        ("Nf9", 2),    // no such square
        ("Nbd", 3),    // no destination
        ("Nb1bd2", 3), // two files
        ("e4+", 2),    // a suffix (SanPlus reads it)
        ("e8Q", 2),    // a promotion without `=`
        ("e8=K", 3),   // no promotion to a king
        ("exd5 ", 4),  // a trailing space
        ("Bxf7!", 4),  // an annotation mark
    ] {
        let e = text.parse::<San>().unwrap_err();
        assert_eq!(e.at(), at, "{text:?}");
    }
    // A pawn names a file only when it captures, and never a rank.
    for text in ["ee4", "e2e4", "dxd5x", "xe4", "d3e4"] {
        assert!(text.parse::<San>().is_err(), "{text:?}");
    }
    assert_eq!(
        "Qxf7#".parse::<SanPlus>().map(|s| s.to_string()),
        Ok("Qxf7#".into())
    );
    assert!("Qxf7#+".parse::<SanPlus>().is_err());
    for text in ["e2e", "e2e4k", "e2e4Q", "e9e4", "e2e4q "] {
        assert_eq!(text.parse::<UciMove>(), Err(ParseUciError), "{text:?}");
    }
}

#[test]
fn a_wrong_capture_mark_names_no_move_here() {
    let pos = planilla::Position::startpos();
    let quiet: San = "Nxf3".parse().unwrap();
    assert_eq!(quiet.to_move(&pos), Err(SanError::Illegal));
    let pawn: San = "e5".parse().unwrap();
    assert_eq!(pawn.to_move(&pos), Err(SanError::Illegal));
    // The scoresheet reader reads the same wrong mark, with a warning.
    let read = planilla::check::check_move(
        &pos,
        "Nxf3",
        &CheckOptions::default().with_language(Language::ENGLISH),
    )
    .unwrap();
    assert_eq!(read.san.to_string(), "Nf3");
    assert!(!read.warnings.is_empty());
}
