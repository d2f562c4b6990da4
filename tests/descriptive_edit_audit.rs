//! "Read without guessing" in descriptive notation, measured on real games: sampled
//! single-character edits of one move of each of 385 real games (every second game of the
//! 770), written as Spanish descriptive sheets by the library's writer, are each either an
//! error at that move or read as a move the edited text designates by itself, by the oracle of
//! `common/descriptive_audit.rs`. No silent guess, no vanished move.
//!
//! Run with `--nocapture` to see the figures.

use crate::audit;
use crate::descriptive_audit;
use crate::real_games;

use audit::Class;
use descriptive_audit::{Descriptive, designates, without_marks};
use planilla::{Position, Role, Square};

const STEP: usize = 2;
const EDITS: usize = 30;
const SEED: u64 = 15;

#[test]
fn no_edit_of_a_descriptive_sheet_is_read_by_guessing() {
    let games: Vec<_> = real_games::real_games()
        .games
        .into_iter()
        .step_by(STEP)
        .filter(|g| !g.moves.is_empty())
        .map(|g| (g.origin, g.start, g.moves))
        .collect();
    assert!(games.len() >= 300, "{} games", games.len());
    let tally = audit::audit_with(&Descriptive, &games, 1, EDITS, SEED);
    eprint!("descriptive (es): {}", tally.figures());
    assert!(
        tally.baseline_failures.is_empty(),
        "{:?}",
        tally.baseline_failures
    );
    assert!(tally.edits >= games.len() * 20, "{} edits", tally.edits);
    let report = tally.failure_report();
    assert_eq!(tally.count(Class::SilentGuess), 0, "{report}");
    assert_eq!(tally.count(Class::Vanished), 0, "{report}");
    assert!(report.is_empty(), "{report}");
    assert!(tally.count(Class::ErrorAtPly) > tally.edits / 2);
}

/// The oracle's own readings, checked by hand.
#[test]
fn the_oracle_designates_by_the_legal_moves() {
    let start = Position::startpos();
    let knight = start.legal_moves_to(Role::Knight, Square::F3)[0];
    for w in [
        "C3AR",
        "C-3AR",
        "CR3AR",
        "CR-3A",
        "C(1)3AR",
        "C(1CR)-3A",
        "CCR3A",
    ] {
        assert_eq!(designates(&start, w), Some(knight), "{w}");
    }
    // Both knights reach a bishop's third; no knight goes to the king's third.
    for w in ["C3A", "C-3A", "C3R", "C3", "CxP", "K3AR"] {
        assert_eq!(designates(&start, w), None, "{w}");
    }
    assert_eq!(without_marks("PxP a.p.+ (=)"), "PxP");
    assert_eq!(without_marks("A5Cch"), "A5C");
}
