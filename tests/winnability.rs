//! Winnability against the labels of chasolver's test suite (`tests/data/chasolver-positions.txt`,
//! MIT, see `tests/data/README.md`): 3,414 positions submitted to chasolver.org, each labelled
//! `WB`, `W-`, `-B` or `--` by which sides can still checkmate.
//!
//! Every position our legality core accepts is asked about both sides. The full run takes
//! about a minute of CPU, spread over the cores: the README's test command asks one position
//! in eight, and CI asks them all (`-- --ignored`).

#[cfg(feature = "winnability")]
use rayon::prelude::*;

use planilla::laws::winnability::insufficient_material;
#[cfg(feature = "winnability")]
use planilla::laws::winnability::{Budget, Winnability, winnability};
use planilla::{Color, FenError, Position, PositionError};

const POSITIONS: &str = include_str!("data/chasolver-positions.txt");

/// A labelled position: can White, can Black mate; the FEN; the position.
type Vector = ([bool; 2], &'static str, Position);

/// Every line our core accepts; and the number of lines it rejects.
fn vectors() -> (Vec<Vector>, usize) {
    let mut legal = Vec::new();
    let mut rejected = 0;
    for line in POSITIONS.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (label, fen) = line.split_at(2);
        let fen = fen.trim();
        let label = [label.as_bytes()[0] == b'W', label.as_bytes()[1] == b'B'];
        match Position::from_fen(fen) {
            Ok(pos) => legal.push((label, fen, pos)),
            Err(_) => rejected += 1,
        }
    }
    (legal, rejected)
}

/// The colours with more material on the board of `fen` than a game can give: over 16 men, or
/// more pieces beyond the initial ones (one queen, two rooks, bishops, knights) than pawns
/// missing from eight, each such piece being a promoted pawn.
fn too_much_material(fen: &str) -> Vec<Color> {
    let board = fen.split(' ').next().unwrap();
    let count = |c: char| board.chars().filter(|&b| b == c).count();
    [(Color::White, "PNBRQK"), (Color::Black, "pnbrqk")]
        .into_iter()
        .filter(|(_, letters)| {
            let n: Vec<usize> = letters.chars().map(count).collect();
            let promoted = n[1].saturating_sub(2)
                + n[2].saturating_sub(2)
                + n[3].saturating_sub(2)
                + n[4].saturating_sub(1);
            n.iter().sum::<usize>() > 16 || n[0] + promoted > 8
        })
        .map(|(color, _)| color)
        .collect()
}

#[test]
fn the_suite_is_complete() {
    let (legal, rejected) = vectors();
    assert_eq!(legal.len() + rejected, 3414);
    println!(
        "{} legal positions, {rejected} rejected by the legality core",
        legal.len()
    );
    assert!(legal.len() > 3000);
    // Every line is a label and a four-field FEN. The core refuses a position only for more
    // material than a game can give, exactly when it has that; the relaxed reader, made for
    // such positions, reads them unless a move list might overflow. An accepted position
    // writes back as the line's FEN with the clocks of a four-field FEN, `0 1`.
    let mut refused = 0;
    for line in POSITIONS.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (label, fen) = line.split_at(2);
        assert!(matches!(label, "WB" | "W-" | "-B" | "--"), "{line}");
        let fen = fen.strip_prefix(' ').unwrap();
        assert_eq!(fen.split(' ').count(), 4, "{line}");
        let excess = too_much_material(fen);
        match Position::from_fen(fen) {
            Ok(pos) => {
                assert!(excess.is_empty(), "{fen}: {excess:?} has too much material");
                assert_eq!(pos.to_fen(), format!("{fen} 0 1"));
            }
            Err(FenError::Position(PositionError::TooMuchMaterial(color))) => {
                assert!(excess.contains(&color), "{fen}: {color:?}");
                // Unless the moves of some position after it might overflow a move list.
                match Position::from_fen_relaxed(fen) {
                    Ok(pos) => assert_eq!(pos.to_fen(), format!("{fen} 0 1")),
                    Err(e) => assert_eq!(
                        e,
                        FenError::Position(PositionError::TooMuchMaterial(color)),
                        "{fen}"
                    ),
                }
                refused += 1;
            }
            Err(e) => panic!("{fen}: {e}"),
        }
    }
    assert_eq!(refused, rejected);
}

#[test]
fn the_material_check_never_contradicts_the_labels() {
    let (legal, _) = vectors();
    let mut decided = 0;
    for (label, fen, pos) in &legal {
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            if insufficient_material(pos, color) {
                decided += 1;
                assert!(!label[i], "{fen}: {color:?} can mate, says the label");
            }
        }
    }
    println!("material check: {decided} unwinnable sides proved");
    assert!(decided > 0);
}

/// Asks winnability of both sides of each position of `legal` with no time limit, and fails
/// on any answer against the label, and on any question left undetermined.
#[cfg(feature = "winnability")]
fn agrees_with_the_labels(legal: &[&Vector]) {
    let budget = Budget::default().with_time_limit(None);
    let outcomes: Vec<(String, Winnability, bool)> = legal
        .par_iter()
        .flat_map_iter(|(label, fen, pos)| {
            [Color::White, Color::Black]
                .into_iter()
                .enumerate()
                .map(move |(i, color)| {
                    let answer = winnability(pos, color, &budget);
                    (format!("{fen} {color:?}"), answer.winnability, label[i])
                })
        })
        .collect();
    let disagreements: Vec<&String> = outcomes
        .iter()
        .filter(|(_, w, label)| match w {
            Winnability::Winnable => !label,
            Winnability::Unwinnable => *label,
            Winnability::Undetermined => false,
        })
        .map(|o| &o.0)
        .collect();
    let undetermined = outcomes
        .iter()
        .filter(|o| o.1 == Winnability::Undetermined)
        .count();
    println!(
        "{} questions, {} disagreements, {undetermined} undetermined",
        outcomes.len(),
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:?}");
    // Measured: chasolver decides every one of them within its own node budget.
    assert_eq!(undetermined, 0);
}

/// One position in eight, the first of each eight lines our core accepts, in the order of the
/// suite's file: a few seconds of CPU, in the README's test command.
#[cfg(feature = "winnability")]
#[test]
fn winnability_agrees_with_every_eighth_label() {
    let (legal, _) = vectors();
    let sample: Vec<&Vector> = legal.iter().step_by(8).collect();
    assert!(sample.len() > 400, "{} positions", sample.len());
    agrees_with_the_labels(&sample);
}

/// Every position: about a minute of CPU. CI runs it
/// (`cargo test --profile tests --all-features --test integration -- --ignored`).
#[cfg(feature = "winnability")]
#[test]
#[ignore = "every label of the suite: a minute of CPU; CI runs it with --ignored"]
fn winnability_agrees_with_every_label() {
    let (legal, _) = vectors();
    agrees_with_the_labels(&legal.iter().collect::<Vec<_>>());
}

#[cfg(feature = "winnability")]
#[test]
fn a_winnable_answer_comes_with_a_mating_line() {
    let pos = Position::from_fen("7k/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let answer = winnability(&pos, Color::White, &Budget::default());
    assert_eq!(answer.winnability, Winnability::Winnable);
    let mut p = pos;
    for m in &answer.helpmate {
        p.play(*m).unwrap();
    }
    assert!(p.is_checkmate());
    assert_eq!(p.turn(), Color::Black);
}
