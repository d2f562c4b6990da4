//! Differential tests of the move generator against shakmaty 0.30.1 (a dev-dependency only).
//!
//! At every position of the 438 lichess games in `tests/data/lichess_db_1000k.pgn`, and at
//! 10,000 positions of seeded random playouts, the legal move sets must be identical, the FEN
//! identical, and check, checkmate and stalemate must agree.

use crate::common;

use common::{our_moves, play_both, their_moves};
use planilla::{Move, Position, Role, Square};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// Compares everything the two libraries can both say about a position.
fn assert_same(ours: &Position, theirs: &Chess, context: &str) {
    let fen = Fen::from_position(theirs, EnPassantMode::PseudoLegal).to_string();
    assert_eq!(ours.to_fen(), fen, "{context}");
    assert_eq!(our_moves(ours), their_moves(theirs), "{context}: {fen}");
    assert_eq!(
        ours.legal_move_count(),
        theirs.legal_moves().len(),
        "{context}: the count without the list, {fen}"
    );
    assert_eq!(ours.is_check(), theirs.is_check(), "{context}: {fen}");
    assert_eq!(
        ours.is_checkmate(),
        theirs.is_checkmate(),
        "{context}: {fen}"
    );
    assert_eq!(
        ours.is_stalemate(),
        theirs.is_stalemate(),
        "{context}: {fen}"
    );
    let their_ep = theirs
        .ep_square(EnPassantMode::Legal)
        .map(|s| s.to_string());
    assert_eq!(
        ours.legal_ep_square().map(|s| s.to_string()),
        their_ep,
        "{context}: {fen}"
    );
}

/// The targeted generator must give exactly the matching part of the full list.
fn assert_targeted_agrees(pos: &Position) {
    let all = pos.legal_moves();
    for role in Role::ALL {
        for to in Square::ALL {
            let mut expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| m.role() == role && m.to() == to)
                .collect();
            let mut got: Vec<Move> = pos.legal_moves_to(role, to).to_vec();
            expected.sort_by_key(|m| m.to_uci());
            got.sort_by_key(|m| m.to_uci());
            assert_eq!(got, expected, "{role} to {to} in {pos}");
        }
    }
    for m in &all {
        assert!(pos.is_legal(*m), "{m} in {pos}");
    }
}

/// The SAN tokens of each game's movetext: no tags, comments, numbers or results.
fn games(pgn: &str) -> Vec<Vec<&str>> {
    let mut games = Vec::new();
    let mut current = Vec::new();
    for line in pgn.lines() {
        if line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        let mut depth = 0;
        for token in line.split_whitespace() {
            if token.starts_with('{') {
                depth += 1;
            }
            let closes = token.ends_with('}');
            if depth == 0
                && !token.ends_with('.')
                && !matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
            {
                current.push(token);
            }
            if closes {
                depth -= 1;
            }
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

#[test]
fn every_position_of_the_lichess_games_agrees() {
    let pgn = include_str!("data/lichess_db_1000k.pgn");
    let games = games(pgn);
    // 438 games, five of them without a move (abandoned or lost on time at move one).
    assert_eq!(pgn.matches("[Event ").count(), 438);
    assert_eq!(games.len(), 433);
    let mut positions = 0;
    for (g, sans) in games.iter().enumerate() {
        let mut ours = Position::startpos();
        let mut theirs = Chess::default();
        for (ply, san) in sans.iter().enumerate() {
            let context = format!("game {} ply {}", g + 1, ply + 1);
            assert_same(&ours, &theirs, &context);
            if ply % 8 == 0 {
                assert_targeted_agrees(&ours);
            }
            positions += 1;
            let m = San::from_ascii(san.trim_end_matches(['!', '?', '+', '#']).as_bytes())
                .unwrap_or_else(|e| panic!("{context}: {san}: {e}"))
                .to_move(&theirs)
                .unwrap_or_else(|e| panic!("{context}: {san}: {e}"));
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            play_both(&mut ours, &mut theirs, &uci);
        }
        assert_same(&ours, &theirs, &format!("game {} end", g + 1));
        positions += 1;
    }
    eprintln!("lichess positions compared: {positions}");
    // Every ply of every game, plus each final position.
    assert_eq!(positions, 28_971);
}

#[test]
fn ten_thousand_random_playout_positions_agree() {
    let (mut positions, mut mates, mut en_passant, mut promotions, mut castles) = (0, 0, 0, 0, 0);
    common::random_playouts(0x5EED_CAFE_F00D_0001, 10_000, |ours, theirs| {
        positions += 1;
        assert_same(ours, theirs, &format!("random position {positions}"));
        if positions % 10 == 0 {
            assert_targeted_agrees(ours);
        }
        let moves = ours.legal_moves();
        mates += usize::from(ours.is_checkmate());
        en_passant += usize::from(moves.iter().any(|m| m.is_en_passant()));
        promotions += usize::from(moves.iter().any(|m| m.promotion().is_some()));
        castles += usize::from(moves.iter().any(|m| m.castling_side().is_some()));
    });
    eprintln!(
        "random playouts: {positions} positions; {mates} mates; positions offering en passant \
         {en_passant}, promotion {promotions}, castling {castles}"
    );
    assert_eq!(positions, 10_000);
    assert!(en_passant >= 30 && promotions >= 50 && castles >= 50 && mates >= 5);
}

#[test]
fn fen_written_by_us_reads_in_shakmaty_and_back() {
    let mut rng = common::Rng::new(42);
    for _ in 0..200 {
        let mut ours = Position::startpos();
        for _ in 0..rng.below(120) {
            let moves = ours.legal_moves();
            if moves.is_empty() {
                break;
            }
            ours.play_unchecked(moves[rng.below(moves.len())]);
        }
        let fen = ours.to_fen();
        let theirs: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert_eq!(our_moves(&ours), their_moves(&theirs), "{fen}");
        assert_eq!(Position::from_fen(&fen).unwrap(), ours);
    }
}
