//! Past the first error: the reconstruction of damaged sheets (`planilla::reconstruct`), on
//! real games damaged as real sheets are (`tests/common/damage.rs`), and its trust: a sheet
//! whose written moves all play is never touched.

use crate::damage;
use crate::real_games;

use damage::{Kind, Lcg};
use planilla::check::{CheckOptions, check_text};
use planilla::reconstruct::{
    CompareError, Limits, RepairKind, compare, compare_text, reconcile_text, reconstruct_text,
};
use planilla::{Move, Position};

/// The first 80 real games from the initial position, each damaged with 1–3 damages of
/// `kind` (the generator's stream `salt`), with their index; those with no room are left out.
fn damaged_games(kind: Kind, salt: u64) -> Vec<(usize, damage::Damaged)> {
    let loaded = real_games::real_games();
    loaded
        .games
        .iter()
        .filter(|g| g.start == Position::startpos())
        .take(80)
        .enumerate()
        .filter_map(|(i, g)| {
            let mut rng = Lcg::new(1 ^ salt, i as u64 * 7 + kind as u64);
            let count = 1 + rng.below(3);
            damage::damage(&g.start, &g.moves, kind, count, &mut rng).map(|d| (i, d))
        })
        .collect()
}

fn one(text: &str) -> planilla::reconstruct::Reconstruction {
    let found = reconstruct_text(text, &CheckOptions::default(), &Limits::default());
    assert_eq!(found.len(), 1, "one game in {text:?}");
    found
        .into_iter()
        .next()
        .flatten()
        .unwrap_or_else(|| panic!("{text:?} is damaged"))
}

fn kinds(r: &planilla::reconstruct::Reconstruction) -> Vec<(u32, RepairKind)> {
    r.repairs.iter().map(|x| (x.ply, x.kind)).collect()
}

#[test]
fn every_real_game_and_opening_line_written_as_a_sheet_is_left_untouched() {
    let options = CheckOptions::default();
    let limits = Limits::default();
    let mut checked = 0;
    for game in real_games::real_sequences() {
        let text = game.strict_spanish();
        let found = reconstruct_text(&text, &options, &limits);
        assert!(
            found.iter().all(Option::is_none),
            "{}: a valid sheet got a reconstruction",
            game.origin
        );
        checked += 1;
    }
    assert!(checked >= 4_500, "{checked} sequences");
}

#[test]
fn the_shipped_sheets_keep_their_verdicts_and_valid_ones_get_no_reconstruction() {
    let options = CheckOptions::default();
    for (name, text) in real_games::shipped_sheets() {
        let reports: Vec<_> = check_text(&text, &options).collect();
        let found = reconstruct_text(&text, &options, &Limits::default());
        assert_eq!(reports.len(), found.len(), "{name}");
        for (report, r) in reports.iter().zip(&found) {
            if report.is_valid() {
                assert!(r.is_none(), "{name}: a valid sheet got a reconstruction");
            }
        }
        // The verdict is the checker's alone: checking again after reconstructing is the same.
        let again: Vec<_> = check_text(&text, &options).collect();
        assert_eq!(reports, again, "{name}");
    }
}

#[test]
fn a_move_left_out_is_put_back_where_the_columns_shift() {
    // White's 4th move (Ba4) is missing: Black's reply sits in White's column.
    let r = one("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6");
    assert!(r.complete);
    assert_eq!(kinds(&r), [(7, RepairKind::MissingMove)]);
    assert_eq!(r.repairs[0].then_played, 7);
    // 4.Bc4 b5 5.Bb3 reaches the same position as 4.Ba4 b5 5.Bb3: both are given.
    let sans = r.san();
    let mut put_back: Vec<&str> = std::iter::once(sans[6].as_str())
        .chain(r.alternatives.iter().map(|a| a.san[6].as_str()))
        .collect();
    put_back.sort_unstable();
    assert_eq!(put_back, ["Ba4", "Bc4"]);
}

#[test]
fn a_slip_of_the_pen_is_read_as_the_closest_legal_move() {
    // 3...Cf5 for Cf6: no knight reaches f5.
    let r = one("1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6");
    assert_eq!(kinds(&r), [(6, RepairKind::Slip)]);
    assert_eq!(r.repairs[0].written.as_deref(), Some("Cf5"));
    assert_eq!(r.repairs[0].read.as_deref(), Some("Cf6"));
    assert_eq!(r.san()[5], "Nf6");
}

#[test]
fn a_move_written_twice_is_left_out() {
    let r = one("1.e4 e5 2.Cf3 Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7");
    assert_eq!(kinds(&r), [(4, RepairKind::ExtraMove)]);
    assert_eq!(r.repairs[0].written.as_deref(), Some("Cf3"));
    assert_eq!(r.san().len(), 10);
}

#[test]
fn two_moves_of_one_side_in_the_wrong_order_are_played_the_other_way_round() {
    // White wrote 4.Ab5 before 3.d4... no: 3.Ab5 and 4.d4 are swapped, and 3.d4 leaves the
    // bishop's later capture on c6 impossible? The sheet: Ab5 is played after d4 exd4.
    let truth = "1.e4 e5 2.Cf3 Cc6 3.d4 exd4 4.Cxd4 Cf6 5.Cxc6 bxc6 6.e5 De7 7.De2 Cd5";
    let swapped = "1.e4 e5 2.Cf3 Cc6 3.Cxd4 exd4 4.d4 Cf6 5.Cxc6 bxc6 6.e5 De7 7.De2 Cd5";
    assert!(
        check_text(truth, &CheckOptions::default())
            .next()
            .unwrap()
            .is_valid()
    );
    let r = one(swapped);
    assert_eq!(kinds(&r), [(5, RepairKind::MoveOrder)]);
    assert_eq!(r.repairs[0].san.as_deref(), Some("d4 exd4 Nxd4"));
    let truth_san: Vec<String> = one_game_san(truth);
    assert_eq!(r.san(), truth_san);
}

fn one_game_san(text: &str) -> Vec<String> {
    let report = check_text(text, &CheckOptions::default()).next().unwrap();
    report.moves.iter().map(|m| m.san.to_string()).collect()
}

#[test]
fn an_ambiguous_move_is_settled_by_the_moves_after_it_and_named() {
    // 3.Cd2: both knights reach d2; only the one from b1 lets 4.Cf3... no: the f3 knight must
    // stay for 4.Ce5.
    let r = one("1.d4 d5 2.Cf3 Cf6 3.Cd2 e6 4.Ce5 Ae7");
    assert_eq!(kinds(&r), [(5, RepairKind::AmbiguousMove)]);
    assert_eq!(r.repairs[0].san.as_deref(), Some("Nbd2"));
    assert_eq!(r.repairs[0].ruled_out, ["Cfd2"]);
    assert_eq!(r.cost, 1);
}

#[test]
fn reconstructions_of_equal_cost_are_all_given() {
    // 3.Cd2 and nothing after it tells which knight: both games are given.
    let r = one("1.d4 d5 2.Cf3 Cf6 3.Cd2 e6");
    assert_eq!(kinds(&r), [(5, RepairKind::AmbiguousMove)]);
    assert_eq!(r.alternatives.len(), 1);
    let mut both = [r.san()[4].clone(), r.alternatives[0].san[4].clone()];
    both.sort();
    assert_eq!(both, ["Nbd2", "Nfd2"]);
}

#[test]
fn the_search_stops_at_its_node_budget_and_says_how_far_it_got() {
    // Words that are no moves of the game after move 3: nothing explains them cheaply.
    let text =
        "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Rxh8 Rxa1 5.Dxh7 Dxa2 6.Txg8 Txb1 7.Cxf7 Cxf2 8.Axe7 Axe2";
    let limits = Limits::default().with_max_nodes(2_000);
    let found = reconstruct_text(text, &CheckOptions::default(), &limits);
    let r = found[0].as_ref().expect("damaged");
    assert!(r.nodes <= 2_000);
    // Out of budget: reconstructed only up to where the search got, past the valid start.
    assert!(!r.complete);
    assert!(r.moves.len() >= 6, "the valid start is kept: {:?}", r.san());
}

#[test]
fn a_hostile_sheet_is_reconstructed_within_the_budget() {
    let mut text = String::from("1.e4 e5 ");
    for k in 2..200 {
        text.push_str(&format!("{k}.Cx{} Dx{} ", k % 7, k % 5));
    }
    let began = std::time::Instant::now();
    let found = reconstruct_text(&text, &CheckOptions::default(), &Limits::default());
    assert!(found[0].is_some());
    assert!(began.elapsed().as_secs() < 20, "{:?}", began.elapsed());
}

/// The audit slice that runs in CI: 80 real games per damage kind (the full audit is
/// `cargo run --release --example reconstruct_audit`).
#[test]
fn damaged_real_games_are_reconstructed_to_the_true_game() {
    let loaded = real_games::real_games();
    let games: Vec<_> = loaded
        .games
        .iter()
        .filter(|g| g.start == Position::startpos())
        .take(80)
        .collect();
    let options = CheckOptions::default();
    let limits = Limits::default();
    for kind in Kind::ALL {
        let (mut unique, mut top, mut located, mut sheets) = (0, 0, 0, 0);
        for (i, g) in games.iter().enumerate() {
            let mut rng = Lcg::new(1, i as u64 * 7 + kind as u64);
            let count = 1 + rng.below(3);
            let Some(d) = damage::damage(&g.start, &g.moves, kind, count, &mut rng) else {
                continue;
            };
            sheets += 1;
            let r = reconstruct_text(&d.text, &options, &limits)
                .into_iter()
                .next()
                .flatten()
                .expect("a damaged sheet gets a reconstruction");
            let is_true = r.moves.as_slice() == d.moves.as_slice()
                || r.alternatives
                    .iter()
                    .any(|a| a.moves.as_slice() == d.moves.as_slice());
            if d.unique() {
                unique += 1;
                top += usize::from(r.moves.as_slice() == d.moves.as_slice());
            }
            let _: &[Move] = &r.moves;
            located += usize::from(
                d.damages.iter().all(|dm| {
                    r.repairs
                        .iter()
                        .any(|rp| (rp.ply as usize).abs_diff(dm.ply) <= 2)
                }) || is_true,
            );
        }
        assert!(sheets >= 8, "{kind:?}: {sheets} sheets");
        // The floors are this slice's figures when the audit was written, less a margin.
        let top_rate = top as f64 / unique.max(1) as f64;
        let located_rate = located as f64 / sheets as f64;
        assert!(top_rate >= 0.85, "{kind:?}: {top} of {unique} unique");
        assert!(
            located_rate >= 0.5,
            "{kind:?}: {located} of {sheets} located"
        );
    }
}

#[test]
fn the_damaged_example_sheet_is_reconstructed_to_the_game_played() {
    let root = env!("CARGO_MANIFEST_DIR");
    let damaged = std::fs::read_to_string(format!("{root}/examples/danadas/lichess_61_danada.txt"))
        .expect("the damaged example");
    let played =
        std::fs::read_to_string(format!("{root}/examples/planillas/lichess_61_canonica.txt"))
            .expect("the game as played");
    let options = CheckOptions::default();
    // The verdict: illegal at 7...d4, the rest unread.
    let report = check_text(&damaged, &options).next().unwrap();
    assert_eq!(report.diagnostics[0].code(), "illegal-move");
    assert_eq!(report.diagnostics[0].ply, Some(14));
    let r = one(&damaged);
    assert_eq!(
        kinds(&r),
        [
            (14, RepairKind::Slip),
            (27, RepairKind::AmbiguousMove),
            (37, RepairKind::MissingMove)
        ]
    );
    assert!(r.alternatives.is_empty());
    assert_eq!(r.san(), one_game_san(&played));
}

#[test]
fn the_damaged_example_against_the_board_record_gives_one_discrepancy_per_damage() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |name: &str| std::fs::read_to_string(format!("{root}/examples/{name}")).unwrap();
    let record = read("danadas/lichess_61_registro.pgn");
    let options = CheckOptions::default();
    let found = compare_text(&read("danadas/lichess_61_danada.txt"), &record, &options).unwrap();
    let seen: Vec<_> = found
        .discrepancies
        .iter()
        .map(|d| (d.ply, d.kind, d.sheet.as_deref(), d.record.as_deref()))
        .collect();
    assert_eq!(
        seen,
        [
            (14, RepairKind::Slip, Some("d4"), Some("d5")),
            (27, RepairKind::AmbiguousMove, Some("Te1"), Some("Rde1")),
            (37, RepairKind::MissingMove, None, Some("e4")),
        ]
    );
    // In the sheet's letters too: SAN's `Rde1` is the rook move `Tde1` on a Spanish sheet.
    let written: Vec<_> = found
        .discrepancies
        .iter()
        .map(|d| d.record_written.as_deref())
        .collect();
    assert_eq!(written, [Some("d5"), Some("Tde1"), Some("e4")]);
    // The sheet as played agrees with its record.
    let same = compare_text(
        &read("planillas/lichess_61_canonica.txt"),
        &record,
        &options,
    )
    .unwrap();
    assert!(same.discrepancies.is_empty());
    // Two games on one side is no comparison.
    let two = format!("{record}\n\n{record}");
    assert_eq!(
        compare_text(&read("planillas/lichess_61_canonica.txt"), &two, &options),
        Err(CompareError::RecordGames(2))
    );
}

#[test]
fn damaged_real_games_against_their_records_give_one_discrepancy_per_damage() {
    let options = CheckOptions::default();
    for kind in Kind::ALL {
        let damaged = damaged_games(kind, 0);
        let exact = damaged
            .iter()
            .filter(|(_, d)| {
                let mut game = reading::games_of(&d.text);
                d.one_discrepancy_each(&compare(&game.remove(0), &d.text, &d.moves, &options))
            })
            .count();
        let rate = exact as f64 / damaged.len().max(1) as f64;
        assert!(rate >= 0.95, "{kind:?}: {exact} of {}", damaged.len());
    }
}

mod reading {
    use planilla::notation::Parser;
    use planilla::scoresheet::{Game, games};

    /// The games of a Spanish sheet, as read.
    pub fn games_of(text: &str) -> Vec<Game<'_>> {
        let mut reader = games(text, Parser::spanish());
        std::iter::from_fn(|| reader.next_game().map(|(g, _)| g)).collect()
    }
}

#[test]
fn two_sheets_of_a_game_are_reconciled_with_each_disagreement_named() {
    // White's sheet leaves out 4.Ba4; Black's writes 5...Ae6 for Ae7.
    let white = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6";
    let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae6 6.Te1 b5 7.Ab3 d6";
    let r = reconcile_text(white, black, &CheckOptions::default()).unwrap();
    assert_eq!(
        r.san,
        one_game_san("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6")
    );
    let places: Vec<_> = r
        .disagreements
        .iter()
        .map(|d| {
            (
                d.ply,
                d.white.as_deref(),
                d.black.as_deref(),
                d.read.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            (7, None, Some("Aa4"), Some("Ba4")),
            (10, Some("Ae7"), Some("Ae6"), Some("Be7"))
        ]
    );
    assert!(r.alternatives.is_empty());
    // Two valid, equal sheets: nothing to say.
    let played = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6";
    let same = reconcile_text(played, played, &CheckOptions::default()).unwrap();
    assert!(same.disagreements.is_empty() && same.repairs.is_empty());
    assert_eq!(same.san, r.san);
}

#[test]
fn pairs_of_damaged_sheets_are_reconciled_to_the_true_game() {
    let options = CheckOptions::default();
    for kind in Kind::ALL {
        let others = damaged_games(kind, 0xB1AC);
        let (mut pairs, mut right) = (0, 0);
        for (i, d) in damaged_games(kind, 0) {
            let Some((_, o)) = others.iter().find(|(j, _)| *j == i) else {
                continue;
            };
            // Where both sheets are damaged at one place, neither has the move.
            if d.damages
                .iter()
                .any(|a| o.damages.iter().any(|b| a.ply.abs_diff(b.ply) <= 2))
            {
                continue;
            }
            pairs += 1;
            let r = reconcile_text(&d.text, &o.text, &options).unwrap();
            right += usize::from(r.moves == d.moves);
        }
        assert!(pairs >= 1, "{kind:?}: {pairs} pairs");
        // The floor is this slice's figure when the test was written, less a margin.
        let rate = right as f64 / pairs as f64;
        assert!(rate >= 0.8, "{kind:?}: {right} of {pairs}");
    }
}

/// A game of `tests/data/lichess_db_1000k.pgn` (its 79th, CC0) as the audit damages it: White's
/// sheet leaves out 16...Bb4+, Black's leaves out 6...d6 and 9...a4. The bishop that gave the
/// check moves again at 17...Ba3, so the game read from White's sheet alone (16...Bc1, then
/// Bc1-a3) keeps Black's `Ab4+` only when its later move is kept as written: the bishop to a3.
const WHITE_79: &str = "1.e4 e5 2.Ac4 Ac5 3.Df3 Df6 4.Cc3 Cc6 5.Cge2 Cge7 6.d3 d6 7.h4 a5 \
    8.Ag5 Dg6 9.Cb5 a4 10.Cxc7+ Rf8 11.Cxa8 Rg8 12.Cc7 b6 13.Ce8 a3 14.bxa3 Axa3 15.Cf6+ Rf8 \
    16.Cd5 c3 17.Aa3 Cxe7 18.Ab7 Cxg6+ 19.hxg6 Dxf7#";
const BLACK_79: &str = "1.e4 e5 2.Ac4 Ac5 3.Df3 Df6 4.Cc3 Cc6 5.Cge2 Cge7 6.d3 h4 7.a5 Ag5 \
    8.Dg6 Cb5 9.Cxc7+ Rf8 10.Cxa8 Rg8 11.Cc7 b6 12.Ce8 a3 13.bxa3 Axa3 14.Cf6+ Rf8 15.Cd5 Ab4+ \
    16.c3 Aa3 17.Cxe7 Ab7 18.Cxg6+ hxg6 19.Dxf7#";

#[test]
fn reconciling_takes_the_other_sheets_move_even_when_its_piece_moves_again_later() {
    let r = reconcile_text(WHITE_79, BLACK_79, &CheckOptions::default()).unwrap();
    assert_eq!(r.san[31], "Bb4+");
    assert_eq!(r.san[33], "Ba3");
    let read: Vec<_> = r
        .disagreements
        .iter()
        .map(|d| (d.ply, d.read.as_deref()))
        .collect();
    assert_eq!(
        read,
        [(12, Some("d6")), (18, Some("a4")), (32, Some("Bb4+"))]
    );
    assert!(r.alternatives.is_empty(), "{:?}", r.alternatives);
}

#[test]
fn a_number_written_in_a_moves_place_is_read_as_the_move_it_resembles() {
    // `93` for `g3` (g and 9 confused), one pair a line: the verdict's error is at `93`, not
    // a line later, and the reconstruction reads it as the slip it is.
    let sheet = "1.c4 f5\n2.Cc3 e6\n3.93 Cf6\n4.Ag2 Ab4\n5.e3 Axc3\n";
    let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
    let first = &report.diagnostics[0];
    assert_eq!(first.ply, Some(5));
    assert_eq!(&sheet[first.span.range()], "93");
    let r = one(sheet);
    assert_eq!(kinds(&r), [(5, RepairKind::Slip)]);
    assert_eq!(r.repairs[0].written.as_deref(), Some("93"));
    assert_eq!(r.san()[4], "g3");
    assert_eq!(r.san().len(), 10);
}

#[test]
fn a_sheet_far_shorter_or_longer_than_the_record_is_compared_without_a_panic() {
    let options = CheckOptions::default();
    let root = env!("CARGO_MANIFEST_DIR");
    let record =
        std::fs::read_to_string(format!("{root}/examples/danadas/lichess_61_registro.pgn"))
            .unwrap();
    // Two moves against 75 plies: the 73 the sheet lacks, each once.
    let short = compare_text("1.d4 e5", &record, &options).unwrap();
    assert_eq!(short.discrepancies.len(), 73);
    assert!(
        short
            .discrepancies
            .iter()
            .all(|d| d.kind == RepairKind::MissingMove)
    );
    // The whole game and then 200 moves more: each extra move once.
    let mut long =
        std::fs::read_to_string(format!("{root}/examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    let end = long.rfind("38.").unwrap();
    long.truncate(end);
    long.push_str("38.f8D#");
    for _ in 0..200 {
        long.push_str(" Rb8");
    }
    let found = compare_text(&long, &record, &options).unwrap();
    assert_eq!(found.discrepancies.len(), 200);
    assert!(
        found
            .discrepancies
            .iter()
            .all(|d| d.kind == RepairKind::ExtraMove && d.ply == 76)
    );
}

#[test]
fn a_hostile_sheet_against_a_record_is_compared_in_time_and_memory_of_the_record() {
    // Half a million written moves against a record of 75 plies (the sheet's game holds the
    // 130,997 its reader takes): the moves past the record's end are extra moves, each once,
    // and the alignment does not grow with the sheet.
    let root = env!("CARGO_MANIFEST_DIR");
    let record =
        std::fs::read_to_string(format!("{root}/examples/danadas/lichess_61_registro.pgn"))
            .unwrap();
    let sheet = "Cf3 ".repeat(500_000);
    let began = std::time::Instant::now();
    let found = compare_text(&sheet, &record, &CheckOptions::default()).unwrap();
    assert!(began.elapsed().as_secs() < 20, "{:?}", began.elapsed());
    let extra = found
        .discrepancies
        .iter()
        .filter(|d| d.kind == RepairKind::ExtraMove)
        .count();
    assert!(extra >= 130_000, "{extra}");
}
