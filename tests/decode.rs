//! Decoding a handwriting recognizer's candidates (`reconstruct::decode`): the model's sums,
//! the repairs where no candidate is legal, the doubtful plies, and hostile input.

use planilla::Position;
use planilla::check::CheckOptions;
use planilla::reconstruct::{
    DecodeError, Limits, MAX_CANDIDATES, MAX_CELLS, PlySource, RepairKind, decode,
};

fn cells(list: &[&[(&str, f64)]]) -> Vec<Vec<(String, f64)>> {
    list.iter()
        .map(|cell| cell.iter().map(|&(t, p)| (t.to_owned(), p)).collect())
        .collect()
}

fn spanish(list: &[&[(&str, f64)]]) -> planilla::reconstruct::Decoded {
    decode(
        &cells(list),
        Position::default(),
        &CheckOptions::default(),
        &Limits::default(),
    )
    .unwrap()
}

#[test]
fn writings_of_the_same_move_add_up_against_a_likelier_single_candidate() {
    // `Cf3` and `Cgf3` are one move (0.3 + 0.3) against d4's 0.4.
    let found = spanish(&[&[("Cf3", 0.3), ("d4", 0.4), ("Cgf3", 0.3)]]);
    assert_eq!(found.san, ["Nf3"]);
    assert_eq!(found.chosen, [Some(0)]);
    match found.sources[0] {
        PlySource::Top { share } => assert!((share - 0.6).abs() < 1e-9),
        other => panic!("{other:?}"),
    }
    assert_eq!(found.doubtful, [1], "0.6 of its box is under the 0.9 share");
}

#[test]
fn a_cell_with_no_legal_candidate_is_a_named_slip_and_the_sheet_is_not_from_candidates() {
    // `Cf6` and `Cg6` are no White moves; `Cf6` is one character from Nf3's `Cf3`.
    let found = spanish(&[&[("Cf6", 0.8), ("Cg6", 0.2)], &[("d5", 1.0)]]);
    assert_eq!(found.san, ["Nf3", "d5"]);
    assert_eq!(found.chosen, [None, Some(0)]);
    assert!(!found.from_candidates);
    let r = &found.repairs[0];
    assert_eq!((r.ply, r.kind), (1, RepairKind::Slip));
    assert_eq!(r.written.as_deref(), Some("Cf6"));
    assert_eq!(found.doubtful, [1]);
}

#[test]
fn a_blank_cell_is_filled_and_named_and_later_cells_decide_it() {
    // White's second box is blank; 3. Ab5 needs the e-pawn and the bishop's diagonal open:
    // the blank is any move that keeps them so, and the decoder names it as a repair.
    let found = spanish(&[
        &[("e4", 1.0)],
        &[("e5", 1.0)],
        &[],
        &[("Cc6", 1.0)],
        &[("Ab5", 1.0)],
    ]);
    assert_eq!(found.san.len(), 5);
    assert_eq!(found.san[4], "Bb5");
    assert_eq!(found.chosen[2], None);
    assert_eq!(found.repairs[0].kind, RepairKind::MissingMove);
    assert!(!found.alternatives.is_empty(), "the other fills are listed");
}

#[test]
fn spanish_english_and_german_candidates_are_read_in_their_own_letters() {
    // The knight's letter of each set, beside the bishop's, which cannot reach f3.
    for (language, knight, bishop) in [
        (planilla::Language::SPANISH, "Cf3", "Af3"),
        (planilla::Language::ENGLISH, "Nf3", "Bf3"),
        (planilla::Language::GERMAN, "Sf3", "Lf3"),
    ] {
        let found = decode(
            &cells(&[
                &[("e4", 1.0)],
                &[("e5", 1.0)],
                &[(bishop, 0.6), (knight, 0.4)],
            ]),
            Position::default(),
            &CheckOptions::default().with_language(language),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(found.san, ["e4", "e5", "Nf3"], "{knight}");
        assert_eq!(found.chosen[2], Some(1), "{knight}");
    }
}

#[test]
fn hostile_input_gets_a_typed_error() {
    let options = CheckOptions::default();
    let limits = Limits::default();
    let start = Position::default();
    let many = vec![vec![("e4".to_owned(), 1.0)]; MAX_CELLS + 1];
    assert_eq!(
        decode(&many, start, &options, &limits),
        Err(DecodeError::TooManyCells(MAX_CELLS + 1))
    );
    let wide = vec![vec![("e4".to_owned(), 1.0); MAX_CANDIDATES + 1]];
    assert_eq!(
        decode(&wide, start, &options, &limits),
        Err(DecodeError::TooManyCandidates {
            cell: 0,
            count: MAX_CANDIDATES + 1
        })
    );
    for bad in [f64::NAN, -0.5, f64::INFINITY] {
        let cells = vec![vec![("e4".to_owned(), 0.5), ("d4".to_owned(), bad)]];
        assert!(matches!(
            decode(&cells, start, &options, &limits),
            Err(DecodeError::BadProbability {
                cell: 0,
                candidate: 1,
                ..
            })
        ));
    }
    // A long text and garbage are read as no move, and a probability of 0 rules a move out:
    // the cell is no move of the game, not a refusal.
    let odd = cells(&[&[(&"x".repeat(10_000), 0.5), ("}{", 0.0), ("e4", 0.0)]]);
    let found = decode(&odd, start, &options, &limits).unwrap();
    assert!(found.san.is_empty());
    assert_eq!(found.repairs[0].kind, RepairKind::ExtraMove);
}

#[test]
fn cells_after_mate_are_no_moves_of_the_game() {
    let found = spanish(&[
        &[("f3", 1.0)],
        &[("e5", 1.0)],
        &[("g4", 1.0)],
        &[("Dh4#", 1.0)],
        &[],
        &[("Rf2", 1.0)],
    ]);
    assert_eq!(found.san, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(found.chosen.len(), 6);
    let kinds: Vec<_> = found.repairs.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, [RepairKind::ExtraMove, RepairKind::ExtraMove]);
}

#[test]
fn decoding_the_same_sheet_twice_gives_the_same_answer() {
    let sheet: &[&[(&str, f64)]] = &[
        &[("e4", 0.5), ("c4", 0.5)],
        &[],
        &[("Cf3", 0.4), ("Cc3", 0.4), ("Cf6", 0.2)],
        &[],
    ];
    let first = spanish(sheet);
    for _ in 0..3 {
        assert_eq!(spanish(sheet), first);
    }
}

#[test]
fn a_box_holds_no_move_number_so_a_digit_before_a_move_is_no_reading_of_it() {
    // `6a5` is no move (a box holds none), so its second reading, `e4`, is taken.
    let found = spanish(&[&[("6a4", 0.8), ("e4", 0.2)]]);
    assert_eq!(found.san, ["e4"]);
    assert_eq!(found.chosen, [Some(1)]);
}

#[test]
fn a_reading_whose_capture_mark_its_move_contradicts_counts_as_a_slip_of_one_mark() {
    // `Cxf3` reads as Nf3 onto an empty square: 0.6 × e^-(4 units) is under `Cc3`'s 0.4.
    let found = spanish(&[
        &[("e4", 1.0)],
        &[("e5", 1.0)],
        &[("Cxf3", 0.6), ("Cc3", 0.4)],
    ]);
    assert_eq!(found.san, ["e4", "e5", "Nc3"]);
    assert_eq!(found.chosen[2], Some(1));
}

#[path = "common/hcs.rs"]
mod hcs;
#[path = "common/real_games.rs"]
mod real_games;
#[path = "common/recognizer.rs"]
mod recognizer;

#[test]
fn the_bounded_search_finds_the_most_probable_game_of_simulated_sheets() {
    use planilla::notation::Language;
    use planilla::reconstruct::decode_exhaustive;
    let counts = recognizer::Confusions::from_hcs();
    let games = real_games::real_games().games;
    let mut searched = 0;
    for (l, language) in [Language::SPANISH, Language::ENGLISH, Language::GERMAN]
        .into_iter()
        .enumerate()
    {
        let model = recognizer::Recognizer::new(&counts, language);
        let options = CheckOptions::default().with_language(language);
        for (g, game) in games.iter().step_by(50).enumerate() {
            let moves = &game.moves[..game.moves.len().min(24)];
            let mut rng = recognizer::Rng::new(7 ^ ((l as u64) << 32) ^ g as u64);
            let sheet = model.sheet(game.start, moves, &mut rng);
            let limits = Limits::default();
            let found = decode(&sheet.cells, game.start, &options, &limits).unwrap();
            let Some(best) =
                decode_exhaustive(&sheet.cells, game.start, &options, &limits, 50_000).unwrap()
            else {
                continue;
            };
            searched += 1;
            assert!(
                found.log_probability >= best.log_probability - 1e-9,
                "{}: decoded {} against {}",
                game.origin,
                found.log_probability,
                best.log_probability
            );
        }
    }
    assert!(
        searched >= 30,
        "only {searched} sheets searched exhaustively"
    );
}
