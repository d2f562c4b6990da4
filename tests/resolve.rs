//! The resolver on the seeds' sample games and on the situations of Appendix E10/E11 and C.10.

use planilla::notation::{CaseMode, Language, Parser};
use planilla::resolve::{
    AmbiguityCause, Edition, IllegalReason, IrregularityKind, Options, Resolution, resolve,
};
use planilla::scoresheet::games;
use planilla::write::SanPlus;
use planilla::{Position, Square};

/// Resolves every main-line move of the first game of `text`, playing the resolved ones;
/// stops at the first move that does not resolve. Returns the SAN list and that resolution.
fn run(text: &str, options: Options) -> (Vec<String>, Option<(usize, Resolution)>) {
    run_from(Position::startpos(), text, options)
}

fn run_from(
    mut pos: Position,
    text: &str,
    options: Options,
) -> (Vec<String>, Option<(usize, Resolution)>) {
    let parser = if options.lenient {
        Parser::new(Language::SPANISH, CaseMode::Lenient)
    } else {
        Parser::spanish()
    };
    let game = games(text, parser).next().unwrap().unwrap();
    let mut sans = Vec::new();
    for (ply, readings) in game.mainline().enumerate() {
        match resolve(&pos, readings, &Language::SPANISH, options) {
            Resolution::Resolved(r) => {
                sans.push(SanPlus::from_move_and_play(&mut pos, r.mv).to_string())
            }
            other => return (sans, Some((ply + 1, other))),
        }
    }
    (sans, None)
}

fn notes_of(text: &str, options: Options) -> Vec<(usize, IrregularityKind)> {
    let mut pos = Position::startpos();
    let game = games(text, Parser::spanish()).next().unwrap().unwrap();
    let mut out = Vec::new();
    for (ply, readings) in game.mainline().enumerate() {
        let Resolution::Resolved(r) = resolve(&pos, readings, &Language::SPANISH, options) else {
            panic!("ply {} does not resolve", ply + 1)
        };
        out.extend(r.notes.iter().map(|n| (ply + 1, n.kind)));
        pos.play_unchecked(r.mv);
    }
    out
}

const SEED_000: &str = "1.d4 Cf6 2.c4 e6 3.Cc3 Ab4 4.Ad2 0-0 5.e4 d5 6.exd5 exd5 7.cxd5 Axc3 \
8.Axc3 Cxd5 9.Cf3 b6 10.Db3 Cxc3 11.bxc3 c5 12.Ae2 cxd4 13.Cxd4 Te8 14.0-0 Cd7 15.a4 Cc5 \
16.Db4 Ab7";

const SEED_003: &str = "1. e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 a.p. Cxd6 \
7. Ag5 Cc6 8. De3+ Ae79. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)";

const SEED_003_SHORT: &str = "1. e4 e5 2. Cf3 Cf6 3. d4 ed4 4. e5 Ce4 5. Dd4 d5 6. ed6 Cd6 \
7. Ag5 Cc6 8. De3 Ae7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Kb1 (=)";

#[test]
fn seed_000_sample_game_is_legal_throughout() {
    let (sans, stop) = run(SEED_000, Options::default());
    assert_eq!(stop, None);
    assert_eq!(sans.len(), 32);
    assert_eq!(sans[7], "O-O");
    assert_eq!(sans[26], "O-O");
    assert_eq!(sans.last().unwrap(), "Bb7");
}

#[test]
fn seed_003_sample_game_and_its_shorthand_give_the_same_moves() {
    let (full, stop) = run(SEED_003, Options::default());
    assert_eq!(stop, None);
    let (short, stop) = run(SEED_003_SHORT, Options::default());
    assert_eq!(stop, None);
    assert_eq!(full, short);
    assert_eq!(full.len(), 21);
    assert_eq!(full[10], "exd6"); // 6. exd6 a.p.
    assert_eq!(full[14], "Qe3+");
    assert_eq!(full[18], "O-O-O");
    assert_eq!(full[20], "Kb1");
}

#[test]
fn the_shorthand_is_regular_in_2023_but_not_in_2005() {
    let edition = |edition| Options::default().with_edition(edition);
    // 2023: x, a.p. and + are optional (C.13); only the English K stands out.
    assert_eq!(
        notes_of(SEED_003_SHORT, edition(Edition::Fide2023)),
        vec![(21, IrregularityKind::ForeignLetter)]
    );
    // 2005: E9 requires x on captures and a.p. on en passant.
    assert_eq!(
        notes_of(SEED_003_SHORT, edition(Edition::Fide2005)),
        vec![
            (6, IrregularityKind::CaptureMarkMissing),
            (9, IrregularityKind::CaptureMarkMissing),
            (11, IrregularityKind::CaptureMarkMissing),
            (11, IrregularityKind::EnPassantMarkMissing),
            (12, IrregularityKind::CaptureMarkMissing),
            (21, IrregularityKind::ForeignLetter),
        ]
    );
    assert_eq!(notes_of(SEED_003, edition(Edition::Fide2005)), vec![]);
}

#[test]
fn seed_001_sample_game_has_an_illegal_fifth_move() {
    // As printed in the 2005 Laws: "5.Dxd5" where the game of C has 5. Dxd4. The queen on
    // d1 cannot pass the black pawn on d4.
    let text = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd5 d5 6.exd6 a.p. Cxd6 7.Ag5 Cc6 \
                8.De3+ Ae7 9.Cbd2 0-0 10.0-0 Te8 11.Rb1(=)";
    let (sans, stop) = run(text, Options::default());
    assert_eq!(sans.len(), 8);
    let Some((9, Resolution::Illegal(illegal))) = stop else {
        panic!("{stop:?}")
    };
    assert_eq!(
        illegal.reason,
        IllegalReason::Unreachable(planilla::Role::Queen, Square::D5)
    );
}

fn resolve_in(fen: &str, text: &str) -> Resolution {
    let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let readings = Parser::spanish().parse_move(text).unwrap();
    resolve(&pos, &readings, &Language::SPANISH, Options::default())
}

#[test]
fn appendix_e10_examples() {
    // (1) Knights on g1 and e1, one goes to f3.
    let fen = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";
    let Resolution::Ambiguous(a) = resolve_in(fen, "Cf3") else {
        panic!()
    };
    assert_eq!(a.cause, AmbiguityCause::Disambiguation);
    assert_eq!(a.candidates.len(), 2);
    let mut from: Vec<Square> = a.candidates.iter().map(|m| m.from()).collect();
    from.sort();
    assert_eq!(from, [Square::E1, Square::G1]);
    assert!(a.candidates.iter().all(|m| m.to() == Square::F3));
    assert_eq!(resolve_in(fen, "Cgf3").mv().unwrap().from(), Square::G1);
    assert_eq!(resolve_in(fen, "Cef3").mv().unwrap().from(), Square::E1);
    // (2) Knights on g5 and g1.
    let fen = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1";
    assert_eq!(resolve_in(fen, "C5f3").mv().unwrap().from(), Square::G5);
    assert_eq!(resolve_in(fen, "C1f3").mv().unwrap().from(), Square::G1);
    assert!(matches!(resolve_in(fen, "Cgf3"), Resolution::Ambiguous(_)));
    // (3) Knights on h2 and d4, capturing on f3: the file is preferred.
    let fen = "4k3/8/8/8/3N4/5p2/7N/4K3 w - - 0 1";
    assert_eq!(resolve_in(fen, "Chxf3").mv().unwrap().from(), Square::H2);
    let Resolution::Resolved(r) = resolve_in(fen, "C4xf3") else {
        panic!()
    };
    assert_eq!(r.mv.from(), Square::D4);
    assert_eq!(r.notes[0].kind, IrregularityKind::NonstandardDisambiguation);
}

#[test]
fn appendix_e11_two_pawns_can_capture() {
    let fen = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
    assert_eq!(resolve_in(fen, "cxd5").mv().unwrap().from(), Square::C4);
    assert_eq!(resolve_in(fen, "exd5").mv().unwrap().from(), Square::E4);
    // `d5` names no capture (E9, E11): an illegal pawn move, however many pawns can capture.
    assert!(matches!(
        resolve_in(fen, "d5"),
        Resolution::Illegal(i) if i.reason == IllegalReason::PawnCaptureWithoutFile(Square::D5)
    ));
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert!(matches!(resolve_in(fen, "d5"), Resolution::Illegal(_)));
    // Only lenient reading guesses exd5, the one capture that fits, and names the guess.
    let lenient = Options::default().with_lenient(true);
    let pos = Position::from_fen(fen).unwrap();
    let readings = Parser::spanish().lenient().parse_move("d5").unwrap();
    let Resolution::Resolved(r) = resolve(&pos, &readings, &Language::SPANISH, lenient) else {
        panic!()
    };
    assert_eq!(r.mv.from(), Square::E4);
    assert_eq!(r.notes[0].kind, IrregularityKind::PawnCaptureWithoutFile);
}

#[test]
fn illegal_moves_carry_their_reason() {
    let cases = [
        // The bishop on d2 is pinned by the rook on d8.
        (
            "3rk3/8/8/8/8/8/3B4/3K4 w - - 0 1",
            "Ae3",
            IllegalReason::Pinned(Square::D2),
        ),
        // Castling through f1, attacked by the bishop on c4.
        (
            "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1",
            "0-0",
            IllegalReason::CastlingThroughCheck(planilla::CastlingSide::KingSide, Square::F1),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            "0-0",
            IllegalReason::NoCastlingRights(planilla::CastlingSide::KingSide),
        ),
        (
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b8",
            IllegalReason::PromotionMissing,
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
            "exd6",
            IllegalReason::NotEnPassant,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "Cf3",
            IllegalReason::NoPiece(planilla::Role::Knight),
        ),
        (
            "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
            "Cf4",
            IllegalReason::Unreachable(planilla::Role::Knight, Square::F4),
        ),
        (
            "4k3/8/8/8/8/8/6P1/4K1N1 w - - 0 1",
            "Cg2",
            IllegalReason::OwnPieceOnTarget(Square::G2),
        ),
        (
            "4k3/8/8/8/8/8/4r3/4K1N1 w - - 0 1",
            "Cf3",
            IllegalReason::DoesNotAnswerCheck(Square::G1),
        ),
        (
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            "Rd1",
            IllegalReason::KingIntoCheck,
        ),
    ];
    for (fen, text, reason) in cases {
        match resolve_in(fen, text) {
            Resolution::Illegal(i) => assert_eq!(i.reason, reason, "{text} in {fen}"),
            other => panic!("{text} in {fen}: {other:?}"),
        }
    }
}

#[test]
fn warnings_on_irregular_but_certain_writing() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let kinds = |fen: &str, text: &str| match resolve_in(fen, text) {
        Resolution::Resolved(r) => r.notes.iter().map(|n| n.kind).collect::<Vec<_>>(),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        kinds(start, "Cxf3"),
        vec![IrregularityKind::CaptureMarkWithoutCapture]
    );
    assert_eq!(kinds(start, "Cf3+"), vec![IrregularityKind::FalseCheck]);
    assert_eq!(
        kinds(start, "Cgf3"),
        vec![IrregularityKind::SuperfluousDisambiguation]
    );
    assert_eq!(
        kinds(start, "e4 a.p."),
        vec![IrregularityKind::EnPassantMarkWithoutEnPassant]
    );
    assert_eq!(
        kinds("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "Ta8+"),
        Vec::<IrregularityKind>::new(),
        "a check mark on a mate is not false"
    );
    assert_eq!(
        kinds("7k/8/5K2/8/8/8/8/R7 w - - 0 1", "Ta8#"),
        vec![IrregularityKind::FalseMate]
    );
}

#[test]
fn incomplete_targets_list_their_candidates() {
    // Seed 004's ruling: "A-D" with the bishop able to reach d6 and d8.
    let fen = "k7/4B3/8/8/8/8/8/4K3 w - - 0 1";
    let Resolution::Ambiguous(a) = resolve_in(fen, "Ad") else {
        panic!()
    };
    assert_eq!(a.cause, AmbiguityCause::IncompleteTarget);
    let mut targets: Vec<Square> = a.candidates.iter().map(|m| m.to()).collect();
    targets.sort();
    assert_eq!(targets, vec![Square::D6, Square::D8]);
    // Only one legal square on the file: still incomplete (E8; C.8), with its one candidate.
    let fen = "4k3/8/8/8/8/8/8/4KB2 w - - 0 1";
    let Resolution::Ambiguous(a) = resolve_in(fen, "Ad") else {
        panic!()
    };
    assert_eq!(a.cause, AmbiguityCause::IncompleteTarget);
    assert_eq!(a.candidates.len(), 1);
    assert_eq!(a.candidates[0].to(), Square::D3);
    // Lenient reading completes it, and names the guess.
    let lenient = Options::default().with_lenient(true);
    let pos = Position::from_fen(fen).unwrap();
    let readings = Parser::spanish().parse_move("Ad").unwrap();
    let Resolution::Resolved(r) = resolve(&pos, &readings, &Language::SPANISH, lenient) else {
        panic!()
    };
    assert_eq!(r.mv.to(), Square::D3);
    assert_eq!(r.notes[0].kind, IrregularityKind::IncompleteButUnique);
    // No legal bishop move to the file at all: incomplete, with no candidate.
    let fen = "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1";
    assert!(matches!(
        resolve_in(fen, "Aa"),
        Resolution::Ambiguous(a) if a.candidates.is_empty()
    ));
}

#[test]
fn lenient_case_readings() {
    let lenient = Options::default().with_lenient(true);
    // After 1.e4 d5 2.Cc3 e5: `cd5` can only be Cxd5 (no c-pawn can capture on d5).
    let (sans, stop) = run("1.e4 d5 2.Cc3 e5 3.cd5", lenient);
    assert_eq!(stop, None);
    assert_eq!(sans[4], "Nxd5");
    // In strict mode `cd5` is a c-pawn capture, which is illegal here.
    let (_, stop) = run("1.e4 d5 2.Cc3 e5 3.cd5", Options::default());
    assert!(
        matches!(stop, Some((5, Resolution::Illegal(_)))),
        "{stop:?}"
    );
    // Both readings legal: after 1.c4 e5 2.Cc3 d5, `cd5` as written is cxd5, and the text
    // as written comes first: a lenient reading never makes it ambiguous.
    let (sans, stop) = run("1.c4 e5 2.Cc3 d5 3.cd5", lenient);
    assert_eq!(stop, None);
    assert_eq!(sans[4], "cxd5");
    // Neither reading is the text as written (`CD5`): two legal guesses are ambiguous.
    let (_, stop) = run("1.c4 e5 2.Cc3 d5 3.CD5", lenient);
    let Some((5, Resolution::Ambiguous(a))) = stop else {
        panic!("{stop:?}")
    };
    assert_eq!(a.cause, AmbiguityCause::CaseReadings);
    assert_eq!(a.candidates.len(), 2);
    // The knight from c3 and the pawn from c4, both taking on d5.
    let mut from: Vec<Square> = a.candidates.iter().map(|m| m.from()).collect();
    from.sort();
    assert_eq!(from, [Square::C3, Square::C4]);
    assert!(a.candidates.iter().all(|m| m.to() == Square::D5));
    // `Cc3` stays a knight move: reading it as the pawn push "cc3" would need a file that
    // E10 never writes, so that reading does not count.
    let (sans, stop) = run("1.c4 e5 2.Cc3", lenient);
    assert_eq!(stop, None);
    assert_eq!(sans[2], "Nc3");
}
