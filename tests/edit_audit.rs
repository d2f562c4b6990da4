//! "Read without guessing", measured on real games: every sampled single-character edit of one
//! move of 40 real games, written as strict Spanish scoresheets, is either found as an error
//! at that move or read as a move the edited text writes in full (see `common/audit.rs` and
//! `examples/edit_audit.rs`, which runs the same audit on all 770 games).
//!
//! Run with `--nocapture` to see the figures.

use crate::audit;
use crate::real_games;

use audit::{full_writings, split_number, strip_marks, writes_in_full};
use planilla::{Move, Position, Role, Square};

/// The slice: every 19th game of the 770 (lichess, chess.js and TWIC games alike).
const STEP: usize = 19;
const EDITS: usize = 40;
const SEED: u64 = 1;

#[test]
fn no_edit_of_a_real_game_is_read_by_guessing() {
    let loaded = real_games::real_games();
    real_games::check_counts(
        &loaded,
        real_games::GAMES_IN_FILES,
        real_games::GAMES_SKIPPED,
        "games",
    );
    let games: Vec<_> = loaded
        .games
        .into_iter()
        .step_by(STEP)
        .filter(|g| !g.moves.is_empty())
        .map(|g| (g.origin, g.start, g.moves))
        .collect();
    assert!(games.len() >= 30, "{} games", games.len());
    let tally = audit::audit(&games, 1, EDITS, SEED);
    eprint!("{}", tally.figures());
    assert!(
        tally.baseline_failures.is_empty(),
        "{:?}",
        tally.baseline_failures
    );
    assert_eq!(tally.edits, games.len() * EDITS, "edits checked");
    let report = tally.failure_report();
    // The arbiter's help: the intended move among the first three suggestions of the error.
    let slips: Vec<bool> = tally.cases.iter().filter_map(|c| c.suggested).collect();
    let found = slips.iter().filter(|&&b| b).count();
    assert!(
        found * 100 >= slips.len() * 95,
        "the intended move is among the top-3 suggestions for {found} of {} errors",
        slips.len()
    );
    assert!(
        report.is_empty(),
        "edits read without an error at their move:{report}"
    );
}

fn normal(role: Role, from: Square, to: Square, promotion: Option<Role>) -> Move {
    Move::Normal {
        role,
        from,
        capture: None,
        to,
        promotion,
    }
}

/// The oracle's own writings, checked by hand: it must not take a guess for a full writing.
#[test]
fn the_oracle_knows_full_writings_from_guesses() {
    let knight = normal(Role::Knight, Square::G1, Square::F3, None);
    // A foreign letter with one meaning (`N`) and a dash are warnings: the meaning is certain.
    for w in [
        "Cf3", "Cgf3", "C1f3", "Cg1f3", "Cxf3", "Cg:f3", "Cf3+", "Cf3#", "Cf3!?", "Nf3", "C-f3",
        // Print's punctuation after the move (`grammar/notacion.ebnf`, `punctuation`).
        "Cf3.", "Cf3,",
    ] {
        assert!(writes_in_full(w, knight), "{w}");
    }
    for w in [
        "Bf3", "cf3", "Cf", "C3", "f3", "Cf33", ".Cf3", "Cf3..", "Cf,3", "Cfx3", "Ch3",
    ] {
        assert!(!writes_in_full(w, knight), "{w}");
    }
    let capture = normal(Role::Pawn, Square::E4, Square::D5, None);
    for w in ["exd5", "ed5", "e4xd5", "e:d5", "Pexd5"] {
        assert!(writes_in_full(w, capture), "{w}");
    }
    for w in ["xd5", "d5", "Pd5", "exd"] {
        assert!(!writes_in_full(w, capture), "{w}");
    }
    let en_passant = Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    };
    for w in ["exd6 a.p.", "exd6a.p.", "exd6 e.p.", "exd6"] {
        assert!(writes_in_full(w, en_passant), "{w}");
    }
    let promotion = normal(Role::Pawn, Square::B7, Square::B8, Some(Role::Queen));
    for w in ["b8D", "b8=D", "b8/D", "b7b8D+", "b8Q"] {
        assert!(writes_in_full(w, promotion), "{w}");
    }
    for w in ["b8", "b8T", "b8d", "bD"] {
        assert!(!writes_in_full(w, promotion), "{w}");
    }
    let pos = Position::startpos();
    assert!(
        pos.legal_moves()
            .iter()
            .all(|&m| !full_writings(m).is_empty())
    );
    assert_eq!(strip_marks(" Dh5+# "), "Dh5");
    assert_eq!(split_number("8Dc8"), Some((8, "Dc8")));
    assert_eq!(split_number("12... Cf3"), Some((12, "Cf3")));
    assert_eq!(split_number("44"), None);
    assert_eq!(split_number("4 e4"), Some((4, "e4")));
    assert_eq!(split_number("Cf3"), None);
}
