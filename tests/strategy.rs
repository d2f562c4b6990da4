//! The strategies of `planilla::strategy` (feature `proptest`) give what they claim: legal
//! games, written moves that read and resolve to their move, sheets that check to their SAN,
//! and mutations reported with their code at their ply.
//!
//! Each property runs 48 cases by default (CI); `PROPTEST_CASES` (proptest's own variable)
//! overrides it: `PROPTEST_CASES=5000 cargo test --profile tests --all-features --test integration
//! strategy::`.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

use planilla::check::{CheckOptions, GameReport, Severity, check_bytes, check_text};
use planilla::notation::{CaptureMark, CastlingGlyph, EnPassantMark, Language, PromotionStyle};
use planilla::resolve::{Edition, Options, Resolution, resolve};
use planilla::strategy::{
    HeaderStyle, Letters, MoveStyle, Mutated, MutationKind, Numbering, Origin, Playout,
    ResultStyle, Rng, Sheet, SheetStyle, WrittenMove, any_mutated, config, game_length, move_style,
    mutated, playout, playout_from, position, scoresheet, sheet_style, written_move, written_moves,
};
use planilla::write::{CheckStyle, SanPlus};
use planilla::{Position, Role, Square};

/// Kiwipete with Black to move at move 17: castling both ways, pins, en passant to come.
const LATER: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17";

/// Reads `w` with the strict Spanish parser and resolves it in `pos` under every edition.
fn assert_reads_and_resolves(pos: &Position, w: &WrittenMove) -> Result<(), TestCaseError> {
    prop_assert!(
        pos.legal_moves().contains(&w.mv),
        "{} not legal in {pos}",
        w.mv
    );
    let readings = WrittenMove::PARSER
        .parse_move(&w.text)
        .map_err(|e| TestCaseError::fail(format!("{:?} in {pos}: {e}", w.text)))?;
    prop_assert_eq!(readings.len(), 1);
    prop_assert_eq!(readings.first().without_spans(), w.notation, "{:?}", w.text);
    prop_assert_eq!(readings.first().span().range(), 0..w.text.len());
    for edition in Edition::ALL {
        let options = Options::default().with_edition(edition).with_lenient(false);
        match resolve(pos, &readings, &Language::SPANISH, options) {
            Resolution::Resolved(r) => prop_assert_eq!(r.mv, w.mv, "{:?} in {}", w.text, pos),
            other => prop_assert!(false, "{:?} in {pos} ({edition:?}): {other:?}", w.text),
        }
    }
    prop_assert_eq!(SanPlus::from_move(pos, w.mv).to_string(), w.san.clone());
    Ok(())
}

/// The one report of a sheet's text.
fn only_report(text: &str) -> GameReport {
    let mut reports: Vec<GameReport> = check_text(text, &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 1, "{text}");
    reports.remove(0)
}

fn sans(report: &GameReport) -> Vec<String> {
    report.moves.iter().map(|m| m.san.to_string()).collect()
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn random_playouts_are_legal_and_stop_only_at_the_end(seed in any::<u64>(), plies in 0usize..200) {
        let game = Playout::random(Position::startpos(), &mut Rng::new(seed), plies);
        prop_assert!(game.moves.len() <= plies);
        let mut pos = game.start;
        for (m, after) in game.moves.iter().zip(game.positions().skip(1)) {
            prop_assert!(pos.play(*m).is_ok(), "{m} in {pos}");
            prop_assert_eq!(pos, after);
        }
        prop_assert_eq!(game.end(), pos);
        if game.moves.len() < plies {
            prop_assert!(!pos.has_legal_moves(), "stopped early at {pos}");
        }
        // The same seed plays the same game.
        prop_assert_eq!(Playout::random(Position::startpos(), &mut Rng::new(seed), plies), game);
    }

    #[test]
    fn playout_strategy_games_have_their_length(game in playout(game_length())) {
        prop_assert!(game.moves.len() < 200);
        prop_assert_eq!(game.start, Position::startpos());
        prop_assert_eq!(game.sans().len(), game.moves.len());
        // Each move is legal where it is played, and its SAN is the move's.
        let mut pos = game.start;
        for (m, san) in game.moves.iter().zip(game.sans()) {
            prop_assert!(pos.legal_moves().contains(m), "{m} in {pos}");
            prop_assert_eq!(SanPlus::from_move_and_play(&mut pos, *m).to_string(), san);
        }
        prop_assert_eq!(pos, game.end());
    }

    #[test]
    fn sheets_from_a_later_position_check_to_their_san(
        // From 1 ply: a sheet with no move is no valid game (`no-moves`).
        game in playout_from(LATER.parse().unwrap(), 1usize..80),
        style in sheet_style(),
    ) {
        prop_assert_eq!(game.start.to_fen(), LATER);
        let sheet = Sheet::write(game, &style);
        let fen_tag = format!("[FEN \"{}\"]", LATER);
        prop_assert!(sheet.text.contains(&fen_tag));
        let report = only_report(&sheet.text);
        prop_assert!(report.is_valid(), "{}\n{:?}", sheet.text, report.diagnostics);
        prop_assert_eq!(sans(&report), sheet.sans.clone(), "{}", sheet.text);
        prop_assert_eq!(&report.tags, &sheet.tags);
    }

    #[test]
    fn positions_are_reachable(pos in position(game_length())) {
        prop_assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
    }

    #[test]
    fn every_written_legal_move_reads_and_resolves_to_its_move(
        (pos, moves) in position(game_length()).prop_flat_map(|p| (Just(p), written_moves(p)))
    ) {
        prop_assert_eq!(moves.len(), pos.legal_moves().len());
        for w in &moves {
            assert_reads_and_resolves(&pos, w)?;
        }
    }

    #[test]
    fn written_move_reads_and_resolves_to_its_move((pos, w) in written_move(game_length())) {
        assert_reads_and_resolves(&pos, &w)?;
    }

    #[test]
    fn scoresheets_check_to_their_san(sheet in scoresheet(game_length())) {
        let report = only_report(&sheet.text);
        prop_assert!(report.is_valid(), "{}\n{:?}", sheet.text, report.diagnostics);
        prop_assert_eq!(sans(&report), sheet.sans.clone(), "{}", sheet.text);
        prop_assert_eq!(&report.tags, &sheet.tags);
        prop_assert_eq!(&report.draw_offers, &sheet.draw_offers);
        prop_assert_eq!(&report.recorded_result, &sheet.result, "{}", sheet.text);
        for (ply, span) in report.moves.iter().zip(&sheet.move_spans) {
            prop_assert_eq!(ply.span.start as usize, span.start);
        }
        let from_bytes: Vec<GameReport> =
            check_bytes(sheet.text.as_bytes(), &CheckOptions::default()).collect();
        prop_assert_eq!(from_bytes, vec![report]);
    }

    #[test]
    fn illegal_mutations_are_reported_at_their_ply(m in mutated(MutationKind::Illegal, game_length())) {
        assert_reported(&m)?;
    }

    #[test]
    fn ambiguous_mutations_are_reported_at_their_ply(m in mutated(MutationKind::Ambiguous, 10usize..200)) {
        assert_reported(&m)?;
    }

    #[test]
    fn unreadable_mutations_are_reported_at_their_ply(m in mutated(MutationKind::Unreadable, game_length())) {
        assert_reported(&m)?;
    }

    #[test]
    fn any_mutation_is_reported_at_its_ply(m in any_mutated(10usize..120)) {
        assert_reported(&m)?;
    }
}

/// The first error is the mutation's, at its ply and over its text; the plies before it are
/// the sheet's.
fn assert_reported(m: &Mutated) -> Result<(), TestCaseError> {
    prop_assert_ne!(&m.text, &m.sheet.text);
    prop_assert_eq!(&m.text[m.span.clone()], m.written.as_str());
    let report = only_report(&m.text);
    let error = report
        .diagnostics
        .iter()
        .find(|d| d.severity() == Severity::Error)
        .ok_or_else(|| TestCaseError::fail(format!("no error in {}", m.text)))?;
    prop_assert_eq!(
        (error.code().as_str(), error.ply),
        (m.kind.code(), Some(m.ply)),
        "{:?} for {:?}\n{}",
        m.written,
        m.kind,
        m.text
    );
    prop_assert!(
        error.span.start < m.span.end as u32 && m.span.start < error.span.end as usize,
        "{:?} at {:?}, error at {:?}",
        m.written,
        m.span,
        error.span
    );
    let before = m.ply as usize - 1;
    prop_assert_eq!(sans(&report), m.sheet.sans[..before].to_vec());
    Ok(())
}

/// Draws `n` values of a strategy with a fixed seed.
fn sample<S: Strategy>(strategy: S, n: usize) -> Vec<S::Value> {
    let mut runner = TestRunner::deterministic();
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}

#[test]
fn move_styles_draw_every_choice() {
    let styles = sample(move_style(), 2000);
    let has = |f: &dyn Fn(&MoveStyle) -> bool| styles.iter().any(f);
    for letters in [
        Letters::Spanish,
        Letters::WhiteFigurines,
        Letters::BlackFigurines,
    ] {
        assert!(has(&|s| s.letters == letters), "{letters:?}");
    }
    for capture in [
        None,
        Some(CaptureMark::X),
        Some(CaptureMark::Colon),
        Some(CaptureMark::Cross),
    ] {
        assert!(has(&|s| s.capture == capture), "{capture:?}");
    }
    for origin in Origin::ALL {
        assert!(has(&|s| s.origin == origin), "{origin:?}");
    }
    for glyph in [
        CastlingGlyph::Zero,
        CastlingGlyph::UpperO,
        CastlingGlyph::LowerO,
    ] {
        for dashes in [true, false] {
            assert!(has(
                &|s| s.castling.glyph == glyph && s.castling.dashes == dashes
            ));
        }
    }
    for promotion in [
        PromotionStyle::Attached,
        PromotionStyle::Equals,
        PromotionStyle::Slash,
        PromotionStyle::Parenthesized,
    ] {
        assert!(has(&|s| s.promotion == promotion), "{promotion:?}");
    }
    for ep in EnPassantMark::ALL {
        for attached in [true, false] {
            assert!(has(
                &|s| s.en_passant == Some(ep) && s.en_passant_attached == attached
            ));
        }
    }
    assert!(has(&|s| s.en_passant.is_none()));
    for checks in [
        CheckStyle::Standard,
        CheckStyle::DoublePlus,
        CheckStyle::None,
    ] {
        assert!(has(&|s| s.checks == checks), "{checks:?}");
    }
    assert!(has(&|s| s.annotation.is_some()) && has(&|s| s.annotation.is_none()));
}

#[test]
fn sheet_styles_draw_every_choice() {
    let styles = sample(sheet_style(), 1000);
    let has = |f: &dyn Fn(&SheetStyle) -> bool| styles.iter().any(f);
    for numbering in Numbering::ALL {
        assert!(has(&|s| s.numbering == numbering), "{numbering:?}");
    }
    for result in ResultStyle::ALL {
        assert!(has(&|s| s.result == result), "{result:?}");
    }
    assert!(has(&|s| s.headers == HeaderStyle::None));
    assert!(has(&|s| matches!(s.headers, HeaderStyle::Spanish(_))));
    assert!(has(&|s| matches!(s.headers, HeaderStyle::Pgn(_))));
    assert!(has(&|s| s.columns) && has(&|s| !s.columns));
    assert!(has(&|s| !s.draw_offers.is_empty() && s.draw_offer_attached));
}

/// En passant, promotion, castling and a knight that needs its file, all legal for White.
const SPECIAL: &str = "r3k2r/1P6/8/3pP3/8/2N5/8/R3K1NR w KQkq d6 0 1";

#[test]
fn special_moves_in_chosen_styles() {
    let pos: Position = SPECIAL.parse().unwrap();
    let find =
        |f: &dyn Fn(&planilla::Move) -> bool| *pos.legal_moves().iter().find(|m| f(m)).unwrap();
    let ep = find(&|m| m.is_en_passant());
    let promote = find(&|m| m.promotion() == Some(Role::Knight) && m.to() == Square::B8);
    let long = find(&|m| m.castling_side() == Some(planilla::CastlingSide::QueenSide));
    let knight = find(&|m| m.from() == Square::G1 && m.to() == Square::E2);
    let typeset = MoveStyle {
        letters: Letters::BlackFigurines,
        capture: Some(CaptureMark::Cross),
        castling: planilla::notation::CastlingStyle {
            glyph: CastlingGlyph::LowerO,
            dashes: false,
        },
        promotion: PromotionStyle::Parenthesized,
        en_passant: Some(EnPassantMark::APDotted),
        en_passant_attached: true,
        ..MoveStyle::APPENDIX_C
    };
    assert_eq!(typeset.write(&pos, ep).text, "e×d6a.p.");
    assert_eq!(typeset.write(&pos, promote).text, "b8(♞)");
    assert_eq!(typeset.write(&pos, long).text, "ooo");
    assert_eq!(typeset.write(&pos, knight).text, "♞ge2");
    let long_algebraic = MoveStyle {
        origin: Origin::Long,
        capture: None,
        ..MoveStyle::APPENDIX_C
    };
    assert_eq!(long_algebraic.write(&pos, knight).text, "Cg1-e2");
    assert_eq!(long_algebraic.write(&pos, ep).text, "e5-d6 a.p.");
    assert_eq!(MoveStyle::APPENDIX_C.write(&pos, promote).text, "b8C");
    for style in [typeset, long_algebraic, MoveStyle::APPENDIX_C] {
        for mv in pos.legal_moves() {
            assert_reads_and_resolves(&pos, &style.write(&pos, mv)).unwrap();
        }
    }
}

#[test]
fn sheet_layouts() {
    let pos = Position::startpos();
    let mut moves = Vec::new();
    let mut p = pos;
    for (role, to) in [
        (Role::Pawn, Square::E4),
        (Role::Pawn, Square::E5),
        (Role::Knight, Square::F3),
        (Role::Knight, Square::C6),
    ] {
        let m = p.legal_moves_to(role, to)[0];
        p.play_unchecked(m);
        moves.push(m);
    }
    let game = Playout { start: pos, moves };
    let write = |style: SheetStyle| Sheet::write(game.clone(), &style).text;
    assert_eq!(write(SheetStyle::APPENDIX_C), "1. e4 e5 2. Cf3 Cc6 *\n");
    let glued = SheetStyle {
        numbering: Numbering::GluedToPrevious,
        result: ResultStyle::Words,
        outcome: planilla::scoresheet::Outcome::Draw,
        draw_offers: vec![3],
        draw_offer_attached: true,
        ..SheetStyle::APPENDIX_C
    };
    assert_eq!(write(glued), "1. e4 e52. Cf3(=) Cc6 tablas por acuerdo\n");
    let columns = SheetStyle {
        columns: true,
        numbering: Numbering::Bare,
        ..SheetStyle::APPENDIX_C
    };
    assert_eq!(write(columns), "1\te4\te5\n2\tCf3\tCc6\n*\n");
    // From a later position, Black to move: the sheet carries its FEN.
    let later = Playout {
        start: game.positions().nth(1).unwrap(),
        moves: game.moves[1..].to_vec(),
    };
    let sheet = Sheet::write(later, &SheetStyle::APPENDIX_C);
    assert!(
        sheet.text.ends_with("\n1... e5 2. Cf3 Cc6 *\n"),
        "{}",
        sheet.text
    );
    let report = only_report(&sheet.text);
    assert!(report.is_valid(), "{:?}", report.diagnostics);
    assert_eq!(sans(&report), sheet.sans);
    assert_eq!(report.tags, sheet.tags);
}

#[test]
fn unreadable_swaps_use_the_confusion_table() {
    let start = Position::startpos();
    let e4 = start.legal_moves_to(Role::Pawn, Square::E4)[0];
    let mut p = start;
    p.play_unchecked(e4);
    let nc6 = p.legal_moves_to(Role::Knight, Square::C6)[0];
    let sheet = Sheet::write(
        Playout {
            start,
            moves: vec![e4, nc6],
        },
        &SheetStyle::APPENDIX_C,
    );
    // `e4`: 4 is confused with h, a file: nothing unreadable to swap in.
    assert_eq!(Mutated::at(&sheet, MutationKind::Unreadable, 0, 0), None);
    // `Cc6`: 6 is confused with b (a file) and with G (nothing in a move).
    let m = Mutated::at(&sheet, MutationKind::Unreadable, 1, 0).unwrap();
    assert_eq!((m.written.as_str(), m.ply), ("CcG", 2));
    assert_eq!(m.text, "1. e4 CcG *\n");
    assert_eq!(Mutated::at(&sheet, MutationKind::Illegal, 2, 0), None);
}

#[test]
fn random_games_stop_where_the_game_ends_by_itself() {
    use planilla::Position;
    use planilla::laws::winnability::insufficient_material;
    use planilla::scoresheet::Outcome;
    use planilla::strategy::{Playout, Rng, Sheet, SheetStyle};
    use planilla::types::Color;
    // Long random games reach bare kings or a lone minor piece often; no move may follow
    // (5.2.2), or a checker voids it and the game's SAN no longer matches its report.
    let mut dead_ends = 0;
    for seed in 0..300 {
        let game = Playout::random(Position::startpos(), &mut Rng::new(seed), 400);
        let positions: Vec<Position> = game.positions().collect();
        let dead = |p: &Position| {
            insufficient_material(p, Color::White) && insufficient_material(p, Color::Black)
        };
        assert!(
            positions[..positions.len() - 1].iter().all(|p| !dead(p)),
            "seed {seed}: moves after a dead position"
        );
        dead_ends += dead(positions.last().unwrap()) as usize;
        // And every such game reads back whole.
        let plies = game.moves.len();
        let drawn = game.drawn_by_itself();
        assert!(drawn || !dead(positions.last().unwrap()), "seed {seed}");
        let sheet = Sheet::write(game.clone(), &SheetStyle::APPENDIX_C);
        let report = check_text(&sheet.text, &CheckOptions::default())
            .next()
            .unwrap();
        assert_eq!(
            report.moves.len(),
            plies,
            "seed {seed}: {:?}",
            report.diagnostics
        );
        // A sheet asked to record a win records the draw the game ended in (a dead position
        // with 1-0 was a sheet the checker rejects), and reads back valid.
        let win = SheetStyle {
            outcome: Outcome::WhiteWins,
            ..SheetStyle::APPENDIX_C
        };
        let sheet = Sheet::write(game, &win);
        if drawn {
            assert_eq!(sheet.result, Some(Outcome::Draw), "seed {seed}");
        }
        let report = check_text(&sheet.text, &CheckOptions::default())
            .next()
            .unwrap();
        assert!(report.is_valid(), "seed {seed}: {:?}", report.diagnostics);
    }
    assert!(dead_ends > 0, "no game of 400 plies ended dead by material");
}
