//! Perft against the published counts in `tests/data/perft.txt`, and past them against
//! shakmaty where the published depths stop short of 10^5 nodes.
//!
//! The fast tests run always. `cargo test --release -- --ignored` runs every published depth
//! (billions of nodes; minutes).

use planilla::position::perft;
use planilla::{Color, FenError, Position, PositionError};
use shakmaty::{CastlingMode, Chess, fen::Fen};

struct Case {
    fen: &'static str,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

/// The published positions outside standard chess: their castling rights name a king or rook
/// off its home square, which only Chess960 castling allows (`Ff` is Shredder-FEN). Appendix E
/// and C describe standard chess, so `from_fen` refuses them and they are not counted.
const CHESS960_FENS: [&str; 8] = [
    "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
    "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
    "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1",
    "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
    "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
    "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
    "2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K - 0 1",
    "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1",
];

/// 28 white queens, 270 legal moves: more than any game can have (218) and than a `MoveList`
/// holds, so both readers refuse it rather than risk an overflow.
const TOO_MANY_MOVES: &str = "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";

fn read(fen: &str) -> Position {
    Position::from_fen_relaxed(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn standard_cases() -> Vec<Case> {
    cases()
        .into_iter()
        .filter(|c| !CHESS960_FENS.contains(&c.fen) && c.fen != TOO_MANY_MOVES)
        .collect()
}

#[test]
fn the_suite_holds_over_150_positions_and_each_one_reads() {
    let all = cases();
    assert!(all.len() >= 150, "only {} positions", all.len());
    let (mut unreachable, mut chess960) = (0, 0);
    for case in &all {
        match Position::from_fen(case.fen) {
            Ok(pos) => assert_eq!(pos.to_fen(), case.fen, "FEN write differs"),
            Err(FenError::Position(
                PositionError::TooMuchMaterial(_) | PositionError::ImpossibleCheck,
            )) if case.fen != TOO_MANY_MOVES => {
                unreachable += 1;
                let pos = Position::from_fen_relaxed(case.fen).unwrap();
                assert_eq!(pos.to_fen(), case.fen, "FEN write differs");
            }
            Err(e) if case.fen == TOO_MANY_MOVES => {
                let refused = FenError::Position(PositionError::TooMuchMaterial(Color::White));
                assert_eq!(e, refused);
                assert_eq!(Position::from_fen_relaxed(case.fen), Err(refused));
            }
            Err(FenError::Position(PositionError::BadCastlingRights))
                if CHESS960_FENS.contains(&case.fen) =>
            {
                chess960 += 1
            }
            Err(FenError::Castling { span }) if CHESS960_FENS.contains(&case.fen) => {
                assert_eq!(&case.fen[span], "Ff");
                chess960 += 1;
            }
            Err(e) => panic!("{}: {e}", case.fen),
        }
    }
    // Triple checks; checks no last move explains.
    assert_eq!(unreachable, 7);
    assert_eq!(chess960, CHESS960_FENS.len());
}

#[test]
fn perft_matches_the_published_counts_fast_subset() {
    let mut checked = 0;
    let mut reached = 0;
    for case in standard_cases() {
        let pos = read(case.fen);
        // The shallowest published depth reaching 10^5 nodes, else the deepest published.
        let &(depth, expected) = case
            .counts
            .iter()
            .find(|&&(_, n)| n >= 100_000)
            .or(case.counts.iter().max_by_key(|&&(d, _)| d))
            .unwrap();
        if depth > 12 {
            continue; // a forced line many plies deep: see the ignored test
        }
        assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.fen);
        checked += 1;
        reached += usize::from(expected >= 100_000);
    }
    eprintln!("published counts checked: {checked} positions, {reached} of them at >= 10^5 nodes");
    assert!(checked >= 150, "{checked}");
    assert!(reached >= 105, "{reached}");
}

/// Where the published depths stop below 10^5 nodes, go deeper and compare with shakmaty.
#[test]
fn perft_past_the_published_depths_matches_shakmaty() {
    let (mut deepened, mut reached) = (0, 0);
    for case in standard_cases() {
        if case.counts.iter().any(|&(_, n)| n >= 100_000) {
            continue;
        }
        let ours = read(case.fen);
        let theirs: Chess = match case
            .fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
        {
            Ok(p) => p,
            Err(e) => e.ignore_impossible_check().unwrap(),
        };
        let start = case.counts.iter().map(|&(d, _)| d).max().unwrap();
        let mut depth = start;
        let mut nodes = perft(&ours, depth);
        // Deeper until 10^5 nodes; a forced line (one move a ply) never gets there.
        while nodes < 100_000 && depth < 14 && nodes > 1 {
            depth += 1;
            nodes = perft(&ours, depth);
        }
        assert_eq!(
            nodes,
            shakmaty::perft(&theirs, depth),
            "{} depth {depth}",
            case.fen
        );
        deepened += 1;
        reached += usize::from(nodes >= 100_000);
    }
    eprintln!(
        "deepened against shakmaty: {deepened} positions, {reached} of them to >= 10^5 nodes"
    );
    assert!(deepened >= 50, "{deepened}");
    // All but the forced line `2b5/kpPp4/...`, one move a ply.
    assert_eq!(deepened - reached, 1, "{reached} of {deepened}");
}

#[test]
#[ignore = "every published depth: billions of nodes, minutes in release"]
fn perft_matches_every_published_count() {
    for case in standard_cases() {
        let pos = read(case.fen);
        for &(depth, expected) in &case.counts {
            assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.fen);
        }
    }
}

#[test]
fn classic_positions_at_depth() {
    // Start, Kiwipete and positions 3-6 of the chessprogramming.org perft page.
    let classic = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
            4_865_609,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            4_085_603,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422_333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
            2_103_487,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            4,
            3_894_594,
        ),
    ];
    for (fen, depth, expected) in classic {
        assert_eq!(perft(&read(fen), depth), expected, "{fen}");
    }
}
