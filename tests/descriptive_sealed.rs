//! The 1970 rulings of seed 004 (the FIDE rules booklet in Spanish, Art. XVII) on sealed moves
//! written in Spanish descriptive notation, each in a position built so that it means what the
//! booklet says:
//!
//! - `A-5CD` is impossible, and the arbiter may read `A-5CR`;
//! - `R-1A` is illegal, and the arbiter may read `R-1C` when that is the king's only legal move;
//! - `A-D` is ambiguous (the bishop could go to 6D or 8D) and the player loses.
//!
//! A loss needs proof that the opponent can still mate (chasolver, the default feature).
#![cfg(feature = "winnability")]

use planilla::check::CheckOptions;
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::resolve::{AmbiguityCause, Edition, IllegalReason};
use planilla::sealed::{
    Adjudication, Consequence, EvidentBasis, SealedOptions, Verdict, adjudicate_sealed_with,
};
use planilla::{Position, Role, Square};

fn sealed(fen: &str, text: &str, notation: NotationKind) -> Adjudication {
    let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let options = SealedOptions::default().with_check(
        CheckOptions::default()
            .with_language(Language::SPANISH.with_notation(notation))
            .with_edition(Edition::Fide2005),
    );
    adjudicate_sealed_with(&position, text, &options)
}

fn uci(moves: &[planilla::Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
    v.sort();
    v
}

/// After 1.d4 d5 2.c4 e6 3.Cf3 Cf6: White's dark-squared bishop reaches g5 (5CR), and no
/// bishop can reach b5 (5CD): the light-squared one is shut in by the pawn on e2.
const QGD: &str = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 2 4";

#[test]
fn a_5cd_is_impossible_and_the_evident_reading_is_a_5cr() {
    for notation in [NotationKind::Descriptive, NotationKind::Auto] {
        let a = sealed(QGD, "A-5CD", notation);
        let Verdict::Illegal { reason } = a.verdict else {
            panic!("{:?}", a.verdict)
        };
        assert_eq!(reason, IllegalReason::Unreachable(Role::Bishop, Square::B5));
        assert_eq!(a.rule.to_string(), "A8.c (2005)");
        assert_eq!(a.consequence, Consequence::Loss);
        let evident = a.evident_reading.expect("an evident reading");
        assert_eq!(evident.written, "A-5CR");
        assert_eq!(evident.mv.to_uci(), "c1g5");
        assert_eq!(evident.basis, EvidentBasis::OneEdit);
        // The closest legal move, written in descriptive, comes first among the suggestions.
        assert_eq!(a.suggestions[0].to_uci(), "c1g5");
    }
    // Sealed as the booklet writes it, the move stands.
    let a = sealed(QGD, "A-5CR", NotationKind::Descriptive);
    assert!(matches!(a.verdict, Verdict::Valid { mv, .. } if mv.to_uci() == "c1g5"));
    assert_eq!(a.consequence, Consequence::Continue);
}

/// White: king h1, pawns g2 and h2; the king's only legal move is to g1 (1CR).
const KING_IN_THE_CORNER: &str = "4k3/r7/8/8/8/8/6PP/7K w - - 0 40";

#[test]
fn r_1a_is_illegal_and_r_1c_the_evident_reading_as_the_kings_only_move() {
    let a = sealed(KING_IN_THE_CORNER, "R-1A", NotationKind::Descriptive);
    let Verdict::Illegal { reason } = a.verdict else {
        panic!("{:?}", a.verdict)
    };
    // 1A is c1 or f1: the king reaches neither.
    assert_eq!(reason, IllegalReason::Unreachable(Role::King, Square::C1));
    assert_eq!(a.consequence, Consequence::Loss);
    let evident = a.evident_reading.expect("an evident reading");
    assert_eq!(evident.mv.to_uci(), "h1g1");
    // Written in full; the booklet's `R-1C` reads as the same move (below).
    assert_eq!(evident.written, "R-1CR");
    assert_eq!(evident.basis, EvidentBasis::OneEdit);
    let a = sealed(KING_IN_THE_CORNER, "R-1C", NotationKind::Descriptive);
    assert!(matches!(a.verdict, Verdict::Valid { mv, .. } if mv.to_uci() == "h1g1"));
}

/// White's bishop on e7 can go to d6 and d8, the only squares of the queen's file it reaches.
const BISHOP_ON_E7: &str = "7k/pp2Bppp/8/8/8/8/PP3PPP/6K1 w - - 0 30";

#[test]
fn a_d_is_incomplete_and_the_sealer_loses() {
    let a = sealed(BISHOP_ON_E7, "A-D", NotationKind::Descriptive);
    let Verdict::Ambiguous { candidates, cause } = &a.verdict else {
        panic!("{:?}", a.verdict)
    };
    assert_eq!(*cause, AmbiguityCause::IncompleteTarget);
    assert_eq!(uci(candidates), ["e7d6", "e7d8"]);
    assert_eq!(a.rule.to_string(), "A8.a (2005)");
    assert_eq!(a.consequence, Consequence::Loss);
    // Two completions: no evident reading, and the arbiter may not pick one.
    assert_eq!(a.evident_reading, None);
    // Each completion stands when written in full.
    for (text, to) in [("A-6D", "e7d6"), ("A-8D", "e7d8"), ("A6D", "e7d6")] {
        let a = sealed(BISHOP_ON_E7, text, NotationKind::Descriptive);
        assert!(
            matches!(a.verdict, Verdict::Valid { mv, .. } if mv.to_uci() == to),
            "{text}: {:?}",
            a.verdict
        );
    }
}

#[test]
fn a_sealed_descriptive_move_keeps_its_warnings_and_number() {
    // A false check mark is a warning, never a fault.
    let a = sealed(QGD, "4. A-5CR+", NotationKind::Descriptive);
    assert!(matches!(a.verdict, Verdict::Valid { .. }));
    assert_eq!(a.number, Some(4));
    let codes: Vec<&str> = a.irregularities.iter().map(|d| d.code().as_str()).collect();
    assert_eq!(codes, ["check-mark"]);
    // Two moves are no sealed move.
    let a = sealed(QGD, "A-5CR P3TR", NotationKind::Descriptive);
    assert!(matches!(a.verdict, Verdict::Unreadable { error: Some(_) }));
}
