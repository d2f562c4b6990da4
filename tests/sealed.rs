//! Sealed moves (Appendix A8 (2005); Guidelines I.8 (2018, 2023)), on real positions, and the
//! 1970 rulings of seed 004 (Art. XVII) written algebraically.
//!
//! A loss needs proof that the opponent can still mate, which chasolver gives: without the
//! default feature `chasolver` these cases are referred to the arbiter, and the file is off.
#![cfg(feature = "winnability")]

use planilla::check::{CheckOptions, MessageLanguage, Severity, check_text};
use planilla::laws::winnability::Budget;
use planilla::notation::{ErrorKind, Language};
use planilla::resolve::{AmbiguityCause, Edition, IllegalReason};
use planilla::sealed::{
    Adjudication, Consequence, DrawException, EnvelopeError, EvidentBasis, SealedOptions, Verdict,
    adjudicate_sealed, adjudicate_sealed_with, position_before_ply,
};
use planilla::{CastlingSide, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sealed(fen: &str, text: &str, edition: Edition) -> Adjudication {
    adjudicate_sealed(&pos(fen), text, &Language::SPANISH, edition)
}

/// The article of a ruling's consequence, as printed.
fn article(a: &Adjudication) -> String {
    a.consequence_rule()
        .map(|r| r.to_string())
        .unwrap_or_default()
}

fn uci(moves: &[planilla::Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_uci()).collect();
    v.sort();
    v
}

/// After 1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 (the Ruy Lopez).
const RUY_LOPEZ: &str = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
/// Knights on b1 and f3, both able to go to d2.
const TWO_KNIGHTS: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 1 4";

#[test]
fn a_legal_sealed_move_is_played() {
    for edition in Edition::ALL {
        let a = sealed(RUY_LOPEZ, "Axc6", edition);
        let Verdict::Valid { mv, san } = a.verdict else {
            panic!("{a:?}")
        };
        assert_eq!(mv.to_uci(), "b5c6");
        assert_eq!(san.to_string(), "Bxc6");
        assert_eq!(a.consequence, Consequence::Continue);
        assert_eq!(a.consequence_rule(), None);
        assert_eq!(a.opponent_can_mate, Some(true));
        assert!(a.suggestions.is_empty());
    }
    // A move number and a draw offer around it are the scoresheet's forms (A4).
    let a = sealed(RUY_LOPEZ, "4.Axc6 (=)", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "valid");
    assert_eq!(a.written, "4.Axc6 (=)");
}

#[test]
fn a_missing_disambiguation_is_ambiguous_and_loses() {
    let a = sealed(TWO_KNIGHTS, "Cd2", Edition::Fide2005);
    let Verdict::Ambiguous { candidates, cause } = &a.verdict else {
        panic!("{a:?}")
    };
    assert_eq!(*cause, AmbiguityCause::Disambiguation);
    assert_eq!(uci(candidates), ["b1d2", "f3d2"]);
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.rule.to_string(), "A8.a (2005)");
    let a = sealed(TWO_KNIGHTS, "Cd2", Edition::Fide2023);
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.rule.to_string(), "Guidelines I.8 (2023)");
    // Written with its origin, the same move stands.
    assert_eq!(
        sealed(TWO_KNIGHTS, "Cbd2", Edition::Fide2023)
            .verdict
            .code(),
        "valid"
    );
}

#[test]
fn an_unreadable_move_loses() {
    for text in [
        "Cz9",
        "C?3",
        "",
        "   ",
        "Cd2 Cf3",
        "Cbd2 0-1 Cf3",
        "Cbd2 1-0",
        "[Event \"x\"]",
    ] {
        let a = sealed(TWO_KNIGHTS, text, Edition::Fide2005);
        assert!(
            matches!(a.verdict, Verdict::Unreadable { .. }),
            "{text:?}: {a:?}"
        );
        assert_eq!(a.consequence, Consequence::Loss, "{text:?}");
        assert_eq!(a.rule.to_string(), "A8.b (2005)");
    }
    // Nothing can be read from `Cz9`, but the arbiter sees the knight moves closest to it.
    let a = sealed(TWO_KNIGHTS, "Cz9", Edition::Fide2023);
    assert_eq!(a.suggestions.len(), 3);
    let legal = pos(TWO_KNIGHTS).legal_moves();
    for m in &a.suggestions {
        assert!(legal.contains(m) && m.role() == Role::Knight, "{m}");
    }
}

#[test]
fn a_pinned_piece_move_is_illegal_and_loses() {
    // 1.d4 e5 2.Cd2 Ab4: the knight on d2 is pinned to the king.
    let fen = "rnbqk1nr/pppp1ppp/8/4p3/1b1P4/8/PPPNPPPP/R1BQKBNR w KQkq - 2 3";
    let a = sealed(fen, "Ce4", Edition::Fide2005);
    assert_eq!(
        a.verdict,
        Verdict::Illegal {
            reason: IllegalReason::Pinned(Square::D2)
        }
    );
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.rule.to_string(), "A8.c (2005)");
    assert!(a.reason_rule.is_some());
    // No move may expose one's own king to check.
    assert_eq!(a.reason_rule.unwrap().to_string(), "Art. 3.9 (2005)");
}

#[test]
fn castling_through_check_is_illegal_and_loses() {
    // The black bishop on c4 attacks f1.
    let fen = "r1bqk1nr/pppp1ppp/2n5/4p3/2b1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5";
    for text in ["0-0", "O-O"] {
        let a = sealed(fen, text, Edition::Fide2023);
        assert_eq!(
            a.verdict,
            Verdict::Illegal {
                reason: IllegalReason::CastlingThroughCheck(CastlingSide::KingSide, Square::F1)
            }
        );
        assert_eq!(a.consequence, Consequence::Loss);
    }
}

#[test]
fn an_illegal_move_against_a_bare_king_draws() {
    // White has lost the right to castle; Black has a bare king and cannot mate.
    let fen = "k7/8/8/8/8/8/PPP5/4K2R w - - 0 50";
    let a = sealed(fen, "0-0", Edition::Fide2005);
    assert_eq!(
        a.verdict,
        Verdict::Illegal {
            reason: IllegalReason::NoCastlingRights(CastlingSide::KingSide)
        }
    );
    assert_eq!(
        a.consequence,
        Consequence::Draw(DrawException::OpponentCannotMate)
    );
    assert_eq!(article(&a), "Art. 6.10 (2005)");
    assert_eq!(a.opponent_can_mate, Some(false));
    assert_eq!(a.dead_position, Some(false));
    let a = sealed(fen, "0-0", Edition::Fide2023);
    assert_eq!(article(&a), "Art. 6.9 (2023)");
}

#[test]
fn castling_through_check_against_a_bare_king_draws() {
    // The black king on g2 attacks f1 and g1; it cannot mate alone.
    let fen = "8/8/8/8/8/8/6k1/4K2R w K - 0 50";
    let a = sealed(fen, "0-0", Edition::Fide2005);
    assert!(matches!(
        a.verdict,
        Verdict::Illegal {
            reason: IllegalReason::CastlingThroughCheck(CastlingSide::KingSide, _)
                | IllegalReason::CastlingIntoCheck(CastlingSide::KingSide)
        }
    ));
    assert_eq!(
        a.consequence,
        Consequence::Draw(DrawException::OpponentCannotMate)
    );
    assert_eq!(article(&a), "Art. 6.10 (2005)");
}

#[test]
fn an_illegal_move_against_king_and_knight_draws() {
    // The king would step into the knight's check; a king and knight cannot mate a king and
    // queen.
    let fen = "7k/8/8/8/8/4n3/8/3QK3 w - - 0 50";
    let a = sealed(fen, "Rf1", Edition::Fide2023);
    assert_eq!(
        a.verdict,
        Verdict::Illegal {
            reason: IllegalReason::KingIntoCheck
        }
    );
    assert_eq!(
        a.consequence,
        Consequence::Draw(DrawException::OpponentCannotMate)
    );
    assert_eq!(article(&a), "Art. 6.9 (2023)");
    // The same writing where the knight is a rook: Black can mate, and White loses.
    let a = sealed("7k/8/8/8/8/5r2/8/3QK3 w - - 0 50", "Rf1", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "illegal");
    assert_eq!(a.consequence, Consequence::Loss);
}

#[cfg(feature = "winnability")]
#[test]
fn an_illegal_move_in_a_blocked_pawn_position_draws() {
    // chasolver's vector `--`: the pawns are locked and the bishops cannot get through.
    let fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 40";
    let a = sealed(fen, "Ad3", Edition::Fide2005);
    assert_eq!(
        a.verdict,
        Verdict::Illegal {
            reason: IllegalReason::Unreachable(Role::Bishop, Square::D3)
        }
    );
    assert_eq!(
        a.consequence,
        Consequence::Draw(DrawException::DeadPosition)
    );
    assert_eq!(article(&a), "Art. 9.6 (2005)");
    assert_eq!(
        (a.opponent_can_mate, a.dead_position),
        (Some(false), Some(true))
    );
    let a = sealed(fen, "Ad3", Edition::Fide2023);
    assert_eq!(article(&a), "Art. 5.2.2 (2023)");
    // In a dead position even a valid sealed move ends the game drawn.
    let a = sealed(fen, "Ad2", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "valid");
    assert_eq!(
        a.consequence,
        Consequence::Draw(DrawException::DeadPosition)
    );
}

/// Seed 004 (1970), Art. XVII: "A-D sin especificar el número de la casilla […] el alfil podía
/// ir a 6D y a 8D […] El jugador debió descalificarse y declarársele perdida esa partida."
#[test]
fn ruling_a_d_a_bishop_to_the_d_file_is_ambiguous_and_loses() {
    let fen = "7k/4B1pp/8/8/8/8/r7/4K3 w - - 0 40";
    for edition in Edition::ALL {
        let a = sealed(fen, "Ad", edition);
        let Verdict::Ambiguous { candidates, cause } = &a.verdict else {
            panic!("{a:?}")
        };
        assert_eq!(*cause, AmbiguityCause::IncompleteTarget);
        assert_eq!(uci(candidates), ["e7d6", "e7d8"]);
        assert_eq!(a.consequence, Consequence::Loss);
    }
}

/// Seed 004 (1970), Art. XVII: "si un jugador sella la movida R-1A, siendo ilegal, el director
/// puede decidir que el jugador quiso escribir R-1C, siempre y cuando esta sea la única movida
/// legal del rey". The 2005 text makes no exception for evident intent: still a loss, with the
/// one legal king move as the top suggestion.
#[test]
fn ruling_r_1a_an_unreachable_king_square_loses_with_the_one_king_move_suggested() {
    // The rook on a2 takes g2 and h2 from the king on h1: Rg1 is its only move.
    let fen = "k7/8/8/8/P7/1P6/r7/7K w - - 0 40";
    let p = pos(fen);
    let king_moves: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.role() == Role::King)
        .collect();
    assert_eq!(uci(&king_moves), ["h1g1"]);
    let a = sealed(fen, "Rf1", Edition::Fide2005);
    assert_eq!(
        a.verdict,
        Verdict::Illegal {
            reason: IllegalReason::Unreachable(Role::King, Square::F1)
        }
    );
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.suggestions[0].to_uci(), "h1g1");
}

#[test]
fn an_undecided_exception_is_referred_to_the_arbiter() {
    let options = SealedOptions::default().with_budget(Budget::MATERIAL);
    let a = adjudicate_sealed_with(&pos(TWO_KNIGHTS), "Cd2", &options);
    assert_eq!(a.opponent_can_mate, None);
    assert_eq!(a.consequence, Consequence::Refer);
    // The material check alone still decides a bare king.
    let a = adjudicate_sealed_with(&pos("k7/8/8/8/8/8/PPP5/4K2R w - - 0 50"), "0-0", &options);
    assert_eq!(
        a.consequence,
        Consequence::Draw(DrawException::OpponentCannotMate)
    );
}

#[test]
fn a_game_already_drawn_on_the_envelope_stays_drawn() {
    // 75 moves without a pawn move or capture: drawn from 2014, not in 2005.
    let fen = "r3k3/8/8/8/8/8/PPP5/4K2R w - - 150 120";
    assert_eq!(
        sealed(fen, "Tg1", Edition::Fide2023).consequence,
        Consequence::Draw(DrawException::SeventyFiveMoves)
    );
    assert_eq!(
        sealed(fen, "Tg1", Edition::Fide2005).consequence,
        Consequence::Continue
    );

    // The knights out and back four times: the envelope's position appears a fifth time.
    let text =
        "1.Cf3 Cf6 2.Cg1 Cg8 3.Cf3 Cf6 4.Cg1 Cg8 5.Cf3 Cf6 6.Cg1 Cg8 7.Cf3 Cf6 8.Cg1 Cg8 9.Tb1";
    let envelope = position_before_ply(text, 17, &CheckOptions::default()).unwrap();
    assert_eq!(
        envelope.position.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9"
    );
    assert_eq!(envelope.history.len(), 16);
    assert_eq!(envelope.written.as_deref(), Some("Tb1"));
    let options = SealedOptions::default().with_history(&envelope.history);
    let a = adjudicate_sealed_with(&envelope.position, "Tb1", &options);
    assert_eq!(a.verdict.code(), "illegal");
    assert_eq!(a.consequence, Consequence::Draw(DrawException::Fivefold));
    let options = options.with_check(CheckOptions::default().with_edition(Edition::Fide2005));
    let a = adjudicate_sealed_with(&envelope.position, "Tb1", &options);
    assert_eq!(a.consequence, Consequence::Loss);
}

#[test]
fn a_sheet_followed_past_a_fivefold_repetition_is_already_drawn() {
    // The repetition ended the game at ply 16; the sheet goes on, and ply 18 is sealed.
    let text = "1.Cf3 Cf6 2.Cg1 Cg8 3.Cf3 Cf6 4.Cg1 Cg8 5.Cf3 Cf6 6.Cg1 Cg8 7.Cf3 Cf6 8.Cg1 Cg8 \
                9.e4 Txb1";
    let envelope = position_before_ply(text, 18, &CheckOptions::default()).unwrap();
    assert_eq!(envelope.written.as_deref(), Some("Txb1"));
    let options = SealedOptions::default().with_history(&envelope.history);
    let a = adjudicate_sealed_with(&envelope.position, "Txb1", &options);
    assert_eq!(a.verdict.code(), "illegal");
    assert_eq!(a.consequence, Consequence::Draw(DrawException::Fivefold));
}

#[test]
fn a_checkmated_sealer_lost_under_article_5() {
    // Fool's mate: White is mated on the envelope.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let a = sealed(fen, "Cc3", Edition::Fide2023);
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(article(&a), "Art. 5.1.1 (2023)");
}

#[test]
fn the_envelope_position_comes_from_the_sheet() {
    let text = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Axc6";
    let envelope = position_before_ply(text, 7, &CheckOptions::default()).unwrap();
    assert_eq!(envelope.position, pos(RUY_LOPEZ));
    assert_eq!(envelope.written.as_deref(), Some("Axc6"));
    let envelope = position_before_ply(text, 8, &CheckOptions::default()).unwrap();
    assert_eq!(envelope.written, None);
    assert_eq!(
        position_before_ply(text, 9, &CheckOptions::default()),
        Err(EnvelopeError::TooShort { ply: 9, plies: 7 })
    );
    assert_eq!(
        position_before_ply(text, 0, &CheckOptions::default()),
        Err(EnvelopeError::PlyZero)
    );
    // An illegal move before the sealed one: the sheet cannot be followed.
    let err =
        position_before_ply("1.e4 e5 2.Cf4 Cc6 3.Ab5", 5, &CheckOptions::default()).unwrap_err();
    let EnvelopeError::Unfollowable { ply: 5, diagnostic } = err else {
        panic!("{err:?}")
    };
    assert_eq!(diagnostic.ply, Some(3));
}

/// After 1.e4 e5 2.d4 exd4: the white queen can go to d3 (or take on d4).
const CENTRE_GAME: &str = "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3";

/// The codes of a ruling's irregularities, each with the text its span covers.
fn irregularities(a: &Adjudication) -> Vec<(&'static str, String)> {
    a.irregularities
        .iter()
        .map(|d| (d.code().as_str(), a.written[d.span.range()].to_owned()))
        .collect()
}

/// The syntax error of an unreadable move, with the text its span covers.
fn unreadable(a: &Adjudication) -> (ErrorKind, String) {
    let Verdict::Unreadable { error: Some(e) } = &a.verdict else {
        panic!("{a:?}")
    };
    (e.kind, a.written[e.span.range()].to_owned())
}

#[test]
fn written_is_the_whole_text_dz9() {
    let a = sealed(CENTRE_GAME, " Dz9 ", Edition::Fide2023);
    assert_eq!(a.written, "Dz9");
    assert_eq!(unreadable(&a), (ErrorKind::MissingTarget, "z".to_owned()));
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(article(&a), "Guidelines I.8 (2023)");
    assert_eq!(a.evident_reading, None);
}

#[test]
fn written_is_the_whole_text_dx() {
    let a = sealed(CENTRE_GAME, "Dx", Edition::Fide2005);
    assert_eq!(a.written, "Dx");
    assert_eq!(unreadable(&a), (ErrorKind::MissingTarget, String::new()));
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(article(&a), "A8.b (2005)");
    // `Dxd4`, the only capture the queen has, is two characters away: no evident reading.
    assert_eq!(a.evident_reading, None);
}

#[test]
fn two_moves_are_unreadable() {
    let a = sealed(CENTRE_GAME, "Dd3 Re6", Edition::Fide2023);
    assert_eq!(a.written, "Dd3 Re6");
    assert_eq!(
        unreadable(&a),
        (ErrorKind::TrailingCharacters, "Re6".to_owned())
    );
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.evident_reading, None);
}

#[test]
fn a_move_number_and_draw_offer_are_read() {
    let a = sealed(CENTRE_GAME, "3. Dd3 (=)", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "valid");
    assert_eq!(a.consequence, Consequence::Continue);
    assert_eq!(a.written, "3. Dd3 (=)");
    assert_eq!(&a.written[a.span.range()], "Dd3");
    assert_eq!(a.number, Some(3));
    assert_eq!(a.draw_offer.map(|s| &a.written[s.range()]), Some("(=)"));
    assert!(a.irregularities.is_empty(), "{:?}", a.irregularities);
    // Glued, or as `3 Dd3`, the same.
    let a = sealed(CENTRE_GAME, "3 Dd3(=)", Edition::Fide2023);
    assert_eq!((a.verdict.code(), a.number), ("valid", Some(3)));
    assert!(a.draw_offer.is_some() && a.irregularities.is_empty());
    // A number that is not the envelope's is an irregularity, not a fault.
    let a = sealed(CENTRE_GAME, "22. Dd3", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "valid");
    assert_eq!(a.consequence, Consequence::Continue);
    assert_eq!(irregularities(&a), [("move-number", "22.".to_owned())]);
    assert_eq!(
        a.irregularities[0].title(MessageLanguage::Spanish),
        "número de jugada fuera de orden: se esperaba 3 y dice 22"
    );
    assert_eq!(a.irregularities[0].severity(), Severity::Warning);
    // `3...` is Black's move 3; White is to move.
    let a = sealed(CENTRE_GAME, "3...Dd3", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "valid");
    assert_eq!(irregularities(&a), [("move-number", "3...".to_owned())]);
    assert_eq!(
        a.irregularities[0].title(MessageLanguage::English),
        "move number 3... is Black's, but White is to move"
    );
    // Black's sealed move under its number.
    let black = "rnbqkbnr/pppp1ppp/8/8/3pP3/3Q4/PPP2PPP/RNB1KBNR b KQkq - 1 3";
    let a = sealed(black, "3...Cc6", Edition::Fide2023);
    assert_eq!((a.verdict.code(), a.number), ("valid", Some(3)));
    assert!(a.irregularities.is_empty(), "{:?}", a.irregularities);
    let a = sealed(black, "4...Cc6", Edition::Fide2023);
    assert_eq!(irregularities(&a), [("move-number", "4...".to_owned())]);
}

#[test]
fn no_move_is_unreadable() {
    for (text, kind, at) in [
        ("", ErrorKind::Empty, ""),
        ("3.", ErrorKind::Empty, "3."),
        ("(=)", ErrorKind::NotAMove, "(=)"),
        ("1-0", ErrorKind::NotAMove, "1-0"),
        ("{Dd3}", ErrorKind::NotAMove, "{Dd3}"),
    ] {
        let a = sealed(CENTRE_GAME, text, Edition::Fide2023);
        assert_eq!(a.written, text);
        assert_eq!(unreadable(&a), (kind, at.to_owned()), "{text:?}");
        assert_eq!(a.consequence, Consequence::Loss, "{text:?}");
        assert_eq!(a.rule.to_string(), "Guidelines I.8 (2023)");
    }
    // Nor is anything after the move passed over.
    for (text, at) in [
        ("Dd3 1-0", "1-0"),
        ("Dd3 {fuerte}", "{fuerte}"),
        ("Dd3 (=) (=)", "(=)"),
    ] {
        let a = sealed(CENTRE_GAME, text, Edition::Fide2023);
        assert_eq!(
            unreadable(&a),
            (ErrorKind::TrailingCharacters, at.to_owned()),
            "{text:?}"
        );
    }
}

#[test]
fn irregularities_are_listed() {
    // The queen on d1 is the only piece that can go to d3, and gives no check there.
    let a = sealed(CENTRE_GAME, "Ddd3+", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "valid");
    assert_eq!(a.consequence, Consequence::Continue);
    assert_eq!(
        irregularities(&a),
        [
            ("disambiguation", "d".to_owned()),
            ("check-mark", "+".to_owned())
        ]
    );
    let rules: Vec<String> = a
        .irregularities
        .iter()
        .map(|d| d.rule.unwrap().to_string())
        .collect();
    assert_eq!(rules, ["C.10 (2023)", "C.13 (2023)"]);
    // The same as `check` reports for that ply of a sheet.
    let options = CheckOptions::default().with_start(Some(pos(CENTRE_GAME)));
    let report = check_text("3.Ddd3+", &options).next().unwrap();
    let codes: Vec<&str> = report
        .diagnostics
        .iter()
        .map(|d| d.code().as_str())
        .collect();
    assert_eq!(codes, ["disambiguation", "check-mark"]);
    // The 2005 edition wants the capture's x; a foreign letter is read with a warning.
    let a = sealed(CENTRE_GAME, "Qd4", Edition::Fide2005);
    assert_eq!(a.verdict.code(), "valid");
    // The missing x is marked where it belongs, between the letter and the square.
    assert_eq!(
        irregularities(&a),
        [
            ("foreign-letter", "Q".to_owned()),
            ("capture-mark", String::new())
        ]
    );
    assert_eq!(a.irregularities[1].span.start, 1);
    // A faulty move has its verdict, not irregularities.
    let a = sealed(CENTRE_GAME, "Dd5", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "illegal");
    assert!(a.irregularities.is_empty());
}

/// Seed 004 (1970), Art. XVII: `R-1A` read as `R-1C`, the king's only legal move, because the
/// intent was evident. Today the verdict stands (illegal, a loss), and the ruling notes the
/// evident reading for the arbiter.
#[test]
fn evident_reading_is_noted_for_the_arbiter() {
    let fen = "k7/8/8/8/P7/1P6/r7/7K w - - 0 40";
    for edition in Edition::ALL {
        let a = sealed(fen, "Rf1", edition);
        assert_eq!(
            a.verdict,
            Verdict::Illegal {
                reason: IllegalReason::Unreachable(Role::King, Square::F1)
            }
        );
        assert_eq!(a.consequence, Consequence::Loss);
        assert_eq!(a.written, "Rf1");
        let e = a.evident_reading.as_ref().unwrap();
        assert_eq!(e.mv.to_uci(), "h1g1");
        assert_eq!(e.san.to_string(), "Kg1");
        assert_eq!(e.written, "Rg1");
        assert_eq!(e.basis, EvidentBasis::OneEdit);
    }
    // With its number and a draw offer, the same; the closest moves are measured from the move.
    let a = sealed(fen, "40. Rf1 (=)", Edition::Fide2023);
    assert_eq!((a.verdict.code(), a.number), ("illegal", Some(40)));
    assert_eq!(a.suggestions[0].to_uci(), "h1g1");
    assert_eq!(a.evident_reading.map(|e| e.written), Some("Rg1".to_owned()));
    // A swap of two characters is one edit too: `gR1`.
    let a = sealed(fen, "gR1", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "unreadable");
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.evident_reading.map(|e| e.written), Some("Rg1".to_owned()));
}

#[test]
fn two_legal_moves_one_edit_away_give_no_evident_reading() {
    // `Cbd2` and `Cfd2` are both one insertion from `Cd2`.
    let a = sealed(TWO_KNIGHTS, "Cd2", Edition::Fide2023);
    assert_eq!(a.verdict.code(), "ambiguous");
    assert_eq!(a.consequence, Consequence::Loss);
    assert_eq!(a.evident_reading, None);
    // `Cf3` and `Ch3` are both one substitution from `Cf4`.
    let a = sealed(
        Position::startpos().to_fen().as_str(),
        "Cf4",
        Edition::Fide2023,
    );
    assert_eq!(a.verdict.code(), "illegal");
    assert_eq!(a.evident_reading, None);
    // The 1970 `A-D` ruling: two bishop moves complete `Ad`, one edit each.
    let a = sealed(
        "7k/4B1pp/8/8/8/8/r7/4K3 w - - 0 40",
        "Ad",
        Edition::Fide2023,
    );
    assert_eq!(a.verdict.code(), "ambiguous");
    assert_eq!(a.evident_reading, None);
}
