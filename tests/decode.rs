//! Decoding a handwriting recognizer's candidates (`reconstruct::decode`): the model's sums,
//! the repairs where no candidate is legal, the doubtful plies, and hostile input.

use planilla::Position;
use planilla::check::CheckOptions;
use planilla::reconstruct::{
    DecodeError, Limits, MAX_CANDIDATES, MAX_CELLS, PlySource, RepairKind, decode, decode_answered,
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
fn a_far_lower_legal_reading_loses_to_a_slip_of_the_first_reading_where_the_slip_is_likelier() {
    // `e5` (90 %) is no White first move; `h3` (0.1 %) is, but `e5` one mark from `e4`
    // is likelier under the model (0.9 × e^-(3 + 1) units against 0.001): the decoder reads
    // the box as the slip, names it, and does not call the sheet read from its candidates.
    let found = spanish(&[&[("e5", 0.9), ("h3", 0.001)], &[("e5", 1.0)]]);
    assert_eq!(found.san, ["e4", "e5"]);
    assert_eq!(found.chosen, [None, Some(0)]);
    assert!(!found.from_candidates);
    let r = &found.repairs[0];
    assert_eq!((r.ply, r.kind), (1, RepairKind::Slip));
    assert_eq!(r.written.as_deref(), Some("e5"));
    // Where the lower reading is likely enough, it stands.
    let found = spanish(&[&[("e5", 0.6), ("h3", 0.4)], &[("e5", 1.0)]]);
    assert_eq!(found.san, ["h3", "e5"]);
    assert_eq!(found.chosen, [Some(1), Some(0)]);
    assert!(found.from_candidates);
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
    // Answered plies count from 1 and name a cell; a list of a million, each the same ply, is
    // read in one pass over it and counts once.
    let one = cells(&[&[("e4", 1.0)]]);
    for ply in [0, 2] {
        assert_eq!(
            decode_answered(&one, &[ply], start, &options, &limits),
            Err(DecodeError::AnsweredPly { ply, cells: 1 })
        );
    }
    let found = decode_answered(&one, &vec![1; 1_000_000], start, &options, &limits).unwrap();
    assert_eq!(found.san, ["e4"]);
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

use crate::real_games;
use crate::recognizer;

#[test]
fn the_bounded_search_finds_the_most_probable_game_of_simulated_sheets() {
    use planilla::notation::Language;
    use planilla::reconstruct::{DecodeSearch, decode_with};
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
            let exhaustive = DecodeSearch::Exhaustive {
                max_expanded: 50_000,
            };
            let Some(best) =
                decode_with(&sheet.cells, game.start, &options, &limits, exhaustive).unwrap()
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

#[test]
fn the_audit_searches_score_and_find_the_beams_game_on_a_short_sheet() {
    use planilla::reconstruct::{DecodeSearch, decode_with};
    let sheet = cells(&[
        &[("e4", 0.6), ("c4", 0.4)],
        &[("e5", 0.5), ("c5", 0.5)],
        &[("Cf6", 0.7), ("Cf3", 0.3)],
        &[],
        &[("Ab5", 0.8), ("Ac4", 0.2)],
    ]);
    let (start, options, limits) = (
        Position::default(),
        CheckOptions::default(),
        Limits::default(),
    );
    let found = decode(&sheet, start, &options, &limits).unwrap();
    let beam = decode_with(&sheet, start, &options, &limits, DecodeSearch::Beam).unwrap();
    assert_eq!(beam.as_ref().map(|b| &b.san), Some(&found.san));
    let exhaustive = DecodeSearch::Exhaustive {
        max_expanded: 10_000,
    };
    let best = decode_with(&sheet, start, &options, &limits, exhaustive)
        .unwrap()
        .expect("a short sheet is searched to the end");
    assert!((best.log_probability - found.log_probability).abs() < 1e-9);
    // Scoring the decoded game gives its probability; a game of other length is no reading.
    let score = DecodeSearch::Score(&found.moves);
    let scored = decode_with(&sheet, start, &options, &limits, score).unwrap();
    assert!((scored.unwrap().log_probability - found.log_probability).abs() < 1e-9);
    let short = DecodeSearch::Score(&found.moves[..2]);
    assert!(
        decode_with(&sheet, start, &options, &limits, short)
            .unwrap()
            .is_none()
    );
    // Too few partial games for the exhaustive search: no answer, not a wrong one.
    let starved = DecodeSearch::Exhaustive { max_expanded: 2 };
    assert!(
        decode_with(&sheet, start, &options, &limits, starved)
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_lower_candidate_taken_says_how_much_less_probable_than_the_first_it_was() {
    // `Cf6` (0.7) is no legal move at ply 3; `Cf3` (0.3) is: a lower candidate, 0.7 / 0.3
    // times less probable than the first as the recognizer read them.
    let found = spanish(&[
        &[("e4", 0.9), ("c4", 0.1)],
        &[("e5", 0.6), ("c5", 0.4)],
        &[("Cf6", 0.7), ("Cf3", 0.3)],
    ]);
    match found.sources[2] {
        PlySource::Lower {
            rank,
            share,
            margin,
        } => {
            assert_eq!(rank, 1);
            assert!((share - 0.3).abs() < 1e-12);
            assert!((margin - (0.7f64 / 0.3).ln()).abs() < 1e-12, "{margin}");
        }
        ref other => panic!("{other:?}"),
    }
    // Where the first is legal too, the margin is against its move: `Af4` is legal only
    // after d4, so the later box takes the lower candidate.
    let found = spanish(&[&[("e4", 0.6), ("d4", 0.4)], &[("d5", 1.0)], &[("Af4", 1.0)]]);
    assert_eq!(found.san, ["d4", "d5", "Bf4"]);
    match found.sources[0] {
        PlySource::Lower {
            rank: 1, margin, ..
        } => {
            assert!((margin - (0.6f64 / 0.4).ln()).abs() < 1e-12, "{margin}")
        }
        ref other => panic!("{other:?}"),
    }
}

/// The posteriors the moveread project's `ocrmap` README publishes as examples of its mapping
/// from a recognizer's reading to moves ("Empirical Analysis", and `model.denoise`:
/// github.com/moveread/ocrmap, README.md), each a cell decoded from a position where its
/// stated reading is legal, in the letters its moves are written in (`Chxf5`, `Ad3`, `Dxa1`
/// and `a1=D` Spanish; `BxN` English descriptive), and from a position where the first
/// reading is not legal but the next is.
#[test]
fn the_posteriors_published_by_moveread_decode_to_their_stated_readings() {
    use planilla::notation::Language;
    use planilla::notation::descriptive::NotationKind;
    /// Letters, position, the posterior, the move it must decode to.
    type Case = (
        &'static str,
        &'static str,
        &'static [(&'static str, f64)],
        &'static str,
    );
    let cases: &[Case] = &[
        (
            "en",
            "k7/8/4N3/8/8/8/8/4K3 w - - 0 1",
            &[("Ng7", 1.0)],
            "Ng7",
        ),
        (
            "en",
            "k7/3r4/8/8/8/8/8/3QK3 w - - 0 1",
            &[("Qxd7", 1.0)],
            "Qxd7",
        ),
        (
            "es",
            "k7/8/8/5p2/7N/8/8/4K3 w - - 0 1",
            &[("Chxf5", 0.75), ("Chf3", 0.25)],
            "Nxf5",
        ),
        // f5 empty: `Chxf5` contradicts its capture mark, `Chf3` is read.
        (
            "es",
            "k7/8/8/8/7N/8/8/4K3 w - - 0 1",
            &[("Chxf5", 0.75), ("Chf3", 0.25)],
            "Nf3",
        ),
        (
            "en",
            "k7/8/8/8/8/8/1N6/4K3 w - - 0 1",
            &[("Nc4", 0.79), ("Nc1", 0.21)],
            "Nc4",
        ),
        // A knight on a2 reaches c1, not c4.
        (
            "en",
            "k7/8/8/8/8/8/N7/4K3 w - - 0 1",
            &[("Nc4", 0.79), ("Nc1", 0.21)],
            "Nc1",
        ),
        (
            "en",
            "k7/8/8/8/8/2B5/8/4K3 w - - 0 1",
            &[
                ("Be5", 0.55),
                ("Bxa6", 0.19),
                ("Bxa5", 0.18),
                ("Bxe5", 0.08),
            ],
            "Be5",
        ),
        (
            "en",
            "1R3R2/8/8/8/8/k7/8/4K3 w - - 0 1",
            &[("Rbc8", 0.62), ("b3", 0.27), ("Tac8", 0.11)],
            "Rbc8",
        ),
        (
            "en",
            "k7/8/5n2/8/8/2B5/8/4K2R w K - 0 1",
            &[
                ("BxN", 0.48),
                ("Rg8", 0.40),
                ("Rg1", 0.07),
                ("Rg3", 0.03),
                ("Rg4", 0.01),
            ],
            "Bxf6",
        ),
        (
            "es",
            "k7/8/8/8/8/8/8/4KB2 w - - 0 1",
            &[("Ad3", 0.50), ("Ag3", 0.35), ("Axd3", 0.15)],
            "Bd3",
        ),
        (
            "es",
            "4k3/8/8/8/8/Q7/8/n3K3 w - - 0 1",
            &[
                ("Dxa1", 0.52),
                ("Axa1", 0.12),
                ("Dxc1", 0.09),
                ("Dxb1", 0.03),
                ("Dxe6", 0.03),
            ],
            "Qxa1",
        ),
        (
            "es",
            "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
            &[("a1=D", 0.90), ("fxg5", 0.08), ("h7", 0.03)],
            "a1=Q+",
        ),
        (
            "es",
            "4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1",
            &[("ed4", 0.65), ("e4", 0.15)],
            "exd4",
        ),
    ];
    for &(lang, fen, cell, want) in cases {
        let language = match lang {
            "en" => Language::ENGLISH,
            _ => Language::SPANISH,
        }
        .with_notation(NotationKind::Auto);
        let options = CheckOptions::default().with_language(language);
        let start = Position::from_fen(fen).unwrap();
        let found = decode(&cells(&[cell]), start, &options, &Limits::default()).unwrap();
        assert_eq!(found.san, [want], "{cell:?} from {fen}");
        assert!(found.from_candidates, "{cell:?}");
    }
}

#[test]
fn two_blank_boxes_in_a_row_are_filled_by_the_moves_the_later_boxes_need() {
    // 1.d4 Cf6 2.c4 — 3.— Ag7 4.e4 0-0: the first blank box's every move ties (the next box is
    // blank too), so the second box's fills must say which first fill lets Ag7 and 0-0 play.
    let found = spanish(&[
        &[("d4", 1.0)],
        &[("Cf6", 1.0)],
        &[("c4", 1.0)],
        &[],
        &[],
        &[("Ag7", 0.9), ("Ac7", 0.1)],
        &[("e4", 1.0)],
        &[("0-0", 1.0)],
    ]);
    assert_eq!(found.san[3], "g6", "{:?}", found.san);
    assert_eq!(&found.san[5..], ["Bg7", "e4", "O-O"]);
    assert_eq!(found.chosen[5..], [Some(0), Some(0), Some(0)]);
}

/// The decoding audit's sheet of the game `origin` in `language` with `seed`
/// (examples/decode_audit.rs: 150 games a language, a game's sheet drawn with the seed ^
/// language << 32 ^ its index), and the game.
fn audit_sheet<'g>(
    games: &'g [real_games::RealGame],
    counts: &recognizer::Confusions,
    seed: u64,
    language: planilla::notation::Language,
    origin: &str,
) -> (&'g real_games::RealGame, recognizer::SimulatedSheet) {
    use planilla::notation::Language;
    let l = [Language::SPANISH, Language::ENGLISH, Language::GERMAN]
        .iter()
        .position(|&x| x == language)
        .unwrap();
    let at = games.iter().position(|g| g.origin == origin).unwrap();
    let (g, game) = (at / (games.len() / 150), &games[at]);
    let model = recognizer::Recognizer::new(counts, language);
    let mut rng = recognizer::Rng::new(seed ^ ((l as u64) << 32) ^ g as u64);
    (game, model.sheet(game.start, &game.moves, &mut rng))
}

#[test]
fn a_repair_whose_cost_shows_many_moves_later_is_found_by_the_proof_where_the_beam_loses_it() {
    use planilla::notation::Language;
    use planilla::reconstruct::{DecodeSearch, decode_with};
    // Sheets of the decoding audit (examples/decode_audit.rs: 150 games a language, a game's
    // sheet drawn with the seed ^ language << 32 ^ its index) where the beam alone keeps a
    // less probable game: an early repair (a slip read as Nd7 rather than Bd7) whose cost shows
    // 36 moves later, when the pieces it left behind cannot make the move the box reads.
    // They were found without the prior over moves, which changes what is most probable.
    let counts = recognizer::Confusions::from_hcs();
    let games = real_games::real_games().games;
    let sheets = [
        (2043, Language::SPANISH, "lichess_db_1000k.pgn#280"),
        (2043, Language::ENGLISH, "lichess_db_1000k.pgn#105"),
        (2043, Language::GERMAN, "benchmark.pgn#67"),
        (3043, Language::SPANISH, "lichess_db_1000k.pgn#200"),
        (3043, Language::ENGLISH, "twic-01-232games.pgn#97"),
    ];
    for (seed, language, origin) in sheets {
        let (game, sheet) = audit_sheet(&games, &counts, seed, language, origin);
        let options = CheckOptions::default().with_language(language);
        let limits = Limits::default().with_move_prior(false);
        let best = decode_with(
            &sheet.cells,
            game.start,
            &options,
            &limits,
            DecodeSearch::Exhaustive {
                max_expanded: 100_000,
            },
        )
        .unwrap()
        .expect("searched to the end");
        let beam = decode_with(
            &sheet.cells,
            game.start,
            &options,
            &limits,
            DecodeSearch::Beam,
        )
        .unwrap()
        .unwrap();
        assert!(
            beam.log_probability < best.log_probability - 0.1,
            "{origin}: the beam alone finds {} of {}",
            beam.log_probability,
            best.log_probability
        );
        let found = decode(&sheet.cells, game.start, &options, &limits).unwrap();
        assert!(
            (found.log_probability - best.log_probability).abs() < 1e-9,
            "{origin}: decoded {} against {}",
            found.log_probability,
            best.log_probability
        );
        assert!(found.proven, "{origin}");
    }
}

#[test]
fn an_answer_is_kept_where_the_earlier_readings_can_give_way_to_it() {
    use planilla::notation::Language;
    // Sheets of the decoding audit (development seed 43) after its prompts one at a time:
    // the plies asked about hold the user's answer, the true move in the sheet's letters.
    // The beam had dropped every partial game whose earlier readings leave the answers
    // playable, and repaired the answers: on the Spanish sheet, six of them, at a game
    // probability of e^-144.06, where keeping them all costs e^-33.93 (a slip at ply 37
    // instead, `Db5` read as Qa5); on the English one, ply 21, at e^-38.84 against e^-31.99
    // (slips at plies 5, 7 and 15 instead). The proof now looks for such a game with four
    // times its partial games, whatever the beam's game costs. The figures are those of the
    // model without the prior over moves, under which the sheets were found.
    let counts = recognizer::Confusions::from_hcs();
    let games = real_games::real_games().games;
    let sheets: [(Language, &str, &[u32], f64); 2] = [
        (
            Language::SPANISH,
            "lichess_db_1000k.pgn#425",
            &[6, 19, 32, 34, 35, 36, 38, 39, 41],
            -33.93,
        ),
        (
            Language::ENGLISH,
            "lichess_db_1000k.pgn#315",
            &[9, 21],
            -31.99,
        ),
    ];
    for (language, origin, answered, log_probability) in sheets {
        let (game, sheet) = audit_sheet(&games, &counts, 43, language, origin);
        let mut cells = sheet.cells;
        let mut pos = game.start;
        for (i, &mv) in game.moves.iter().enumerate() {
            if answered.contains(&(i as u32 + 1)) {
                let answer = planilla::in_language(&pos, mv, &language).replace(" a.p.", "");
                cells[i] = vec![(answer, 1.0)];
            }
            pos.play_unchecked(mv);
        }
        let options = CheckOptions::default().with_language(language);
        let limits = Limits::default().with_move_prior(false);
        let found = decode_answered(&cells, answered, game.start, &options, &limits).unwrap();
        for &ply in answered {
            let i = ply as usize - 1;
            assert_eq!(
                found.moves.get(i),
                Some(&game.moves[i]),
                "{origin}: ply {ply}"
            );
            assert!(
                found.repairs.iter().all(|r| r.ply != ply),
                "{origin}: the answer of ply {ply} repaired: {:?}",
                found.repairs
            );
        }
        assert!(
            (found.log_probability - log_probability).abs() < 0.01,
            "{origin}: {}",
            found.log_probability
        );
    }
}

#[test]
fn a_game_of_every_first_reading_is_proven_the_most_probable_and_a_far_one_is_not_claimed() {
    // Every box's first reading legal: the game of first readings is the bound itself.
    let found = spanish(&[&[("e4", 0.9), ("c4", 0.1)], &[("e5", 0.6), ("c5", 0.4)]]);
    assert_eq!(found.san, ["e4", "e5"]);
    assert!(found.proven);
    // 40 boxes whose first reading is never legal: far below the bound, so the proof is not
    // tried, and the answer does not claim to be the most probable.
    let mut sheet: Vec<&[(&str, f64)]> = vec![&[("e4", 0.9), ("c4", 0.1)]];
    let far: &[(&str, f64)] = &[("Rh8", 0.9), ("h6", 0.05), ("a6", 0.05)];
    sheet.extend(std::iter::repeat_n(far, 40));
    let found = spanish(&sheet);
    assert!(!found.proven);
}

#[test]
fn a_descriptive_sheet_is_decoded_in_its_own_writing_and_a_slip_of_it_is_named() {
    use planilla::notation::Language;
    use planilla::notation::descriptive::NotationKind;
    let options = CheckOptions::default()
        .with_language(Language::ENGLISH.with_notation(NotationKind::Descriptive));
    // `N-KB6` is no White move after 1 P-K4 P-K4: a slip of one character of N-KB3.
    let sheet = cells(&[
        &[("P-K4", 0.9), ("P-Q4", 0.1)],
        &[("P-K4", 1.0)],
        &[("N-KB6", 0.9), ("N-QB6", 0.1)],
        &[("N-QB3", 1.0)],
    ]);
    let found = decode(&sheet, Position::default(), &options, &Limits::default()).unwrap();
    assert_eq!(found.san, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(found.chosen, [Some(0), Some(0), None, Some(0)]);
    let r = &found.repairs[0];
    assert_eq!((r.ply, r.kind), (3, RepairKind::Slip));
    assert_eq!(r.written.as_deref(), Some("N-KB6"));
}

#[test]
fn the_prior_over_moves_prefers_a_safe_reading_to_a_piece_left_for_nothing_and_can_be_turned_off() {
    // After 1.e4 e5, the box reads `Aa6` (60 %) or `Ac4` (40 %): Ba6 leaves the bishop where
    // b7xa6 or Nxa6 takes it for nothing, a kind of move played about 16 times less often
    // than a safe bishop move such as Bc4.
    let cells: Vec<Vec<(String, f64)>> = vec![
        vec![("e4".into(), 1.0)],
        vec![("e5".into(), 1.0)],
        vec![("Aa6".into(), 0.6), ("Ac4".into(), 0.4)],
    ];
    let options = CheckOptions::default();
    let with = decode(&cells, Position::default(), &options, &Limits::default()).unwrap();
    assert_eq!(with.san, ["e4", "e5", "Bc4"]);
    assert_eq!(with.chosen[2], Some(1));
    // The margin weighs the prior too: Bc4 is 0.4 / 0.6 × e^(0.105 + 2.698), about 11 times
    // as probable as Ba6, past the doubt margin of 3, so the ply is not asked about; its
    // rank (the second reading) still tells an app that the recognizer's first was overruled.
    let margin = with.margins[2].unwrap();
    assert!(
        (margin - (0.4f64 / 0.6).ln() - 2.803).abs() < 1e-3,
        "{margin}"
    );
    assert!(with.doubtful.is_empty());
    let without = Limits::default().with_move_prior(false);
    let without = decode(&cells, Position::default(), &options, &without).unwrap();
    assert_eq!(without.san, ["e4", "e5", "Ba6"]);
    // Where the readings are of one kind (two quiet pawn moves), the prior changes nothing.
    let cells: Vec<Vec<(String, f64)>> = vec![vec![("e4".into(), 0.6), ("c4".into(), 0.4)]];
    let with = decode(&cells, Position::default(), &options, &Limits::default()).unwrap();
    let without = Limits::default().with_move_prior(false);
    let without = decode(&cells, Position::default(), &options, &without).unwrap();
    assert_eq!(with.log_probability, without.log_probability);
    assert_eq!(with.margins, without.margins);
}
