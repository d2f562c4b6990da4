//! Round trips in descriptive notation on every real game and opening line of `tests/data`
//! (770 games and 3,807 lines): each is written in Spanish and in English descriptive, once by
//! the library's writer (the short book form) and once by an independent table-driven
//! generator in this file (full squares, qualified by its own count of the legal moves), and
//! read back; the moves must give the same SAN, with no diagnostic at all. Run with
//! `--nocapture` for the counts.

use crate::real_games;

use planilla::check::{CheckOptions, check_text};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::position::{Move, Position};
use planilla::write::SanPlus;
use planilla::write::descriptive::write_descriptive;
use planilla::{CastlingSide, Color, Role, Square};

/// The generator's tables: piece letters (pawn..king) and file names (a..h), Spanish and
/// English, as the books of the grammar's header give them.
const SPANISH_LETTERS: [&str; 6] = ["P", "C", "A", "T", "D", "R"];
const ENGLISH_LETTERS: [&str; 6] = ["P", "N", "B", "R", "Q", "K"];
const SPANISH_FILES: [&str; 8] = ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"];
const ENGLISH_FILES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];

/// A square from `mover`'s side: Spanish rank then file (`4R`), English file then rank (`K4`).
fn square(sq: Square, mover: Color, english: bool) -> String {
    let rank = match mover {
        Color::White => sq.rank().index() + 1,
        Color::Black => 8 - sq.rank().index(),
    };
    let file = sq.file().index();
    if english {
        format!("{}{rank}", ENGLISH_FILES[file])
    } else {
        format!("{rank}{}", SPANISH_FILES[file])
    }
}

/// The generator: `C-3AR`, `CxP`, `P-4R`, `0-0`; a capture of a piece others of the role can
/// take too gets the square in parentheses (`PxP(4D)`), and a move that another piece of the
/// role makes too gets its origin square in parentheses (`T(1TD)-1D`). `+`/`ch` for check.
fn generate(pos: &Position, mv: Move, english: bool) -> String {
    let letters = if english {
        ENGLISH_LETTERS
    } else {
        SPANISH_LETTERS
    };
    let us = pos.turn();
    let legal = pos.legal_moves();
    let mut text = match mv.castling_side() {
        Some(CastlingSide::KingSide) => "0-0".to_owned(),
        Some(CastlingSide::QueenSide) => "0-0-0".to_owned(),
        None => {
            let same_role = |m: &&Move| m.role() == mv.role() && m.castling_side().is_none();
            let piece = letters[mv.role() as usize];
            let (rivals, action) = match mv.capture() {
                Some(captured) => {
                    let takers: Vec<&Move> = legal
                        .iter()
                        .filter(same_role)
                        .filter(|m| m.capture() == Some(captured))
                        .filter(|m| m.promotion() == mv.promotion())
                        .collect();
                    let at = if takers.iter().any(|m| m.to() != mv.to()) {
                        format!("({})", square(mv.to(), us, english))
                    } else {
                        String::new()
                    };
                    let rivals = takers.iter().filter(|m| m.to() == mv.to()).count();
                    (rivals, format!("x{}{at}", letters[captured as usize]))
                }
                None => {
                    let rivals = legal
                        .iter()
                        .filter(same_role)
                        .filter(|m| m.to() == mv.to() && m.promotion() == mv.promotion())
                        .count();
                    (rivals, format!("-{}", square(mv.to(), us, english)))
                }
            };
            let from = if rivals > 1 {
                format!("({})", square(mv.from(), us, english))
            } else {
                String::new()
            };
            let promotion = mv
                .promotion()
                .map_or(String::new(), |r| format!("={}", letters[r as usize]));
            let ep = match (mv.is_en_passant(), english) {
                (false, _) => "",
                (true, false) => " a.p.",
                (true, true) => " e.p.",
            };
            format!("{piece}{from}{action}{promotion}{ep}")
        }
    };
    let mut after = *pos;
    after.play_unchecked(mv);
    if after.is_checkmate() {
        text.push_str("++");
    } else if after.is_check() {
        text.push_str(if english { "ch" } else { "+" });
    }
    text
}

/// A sheet of the game, its moves written by `write`, and the SAN of each move.
fn sheet(
    game: &real_games::RealGame,
    mut write: impl FnMut(&Position, Move) -> String,
) -> (String, Vec<String>) {
    let mut pos = game.start;
    let mut text = String::new();
    let mut sans = Vec::new();
    if pos != Position::startpos() {
        text.push_str(&format!("[FEN \"{}\"]\n\n", pos.to_fen()));
    }
    for (i, &mv) in game.moves.iter().enumerate() {
        if pos.turn() == Color::White {
            text.push_str(&format!("{}. ", pos.fullmove_number()));
        } else if i == 0 {
            text.push_str(&format!("{}... ", pos.fullmove_number()));
        }
        text.push_str(&write(&pos, mv));
        text.push(' ');
        sans.push(SanPlus::from_move_and_play(&mut pos, mv).to_string());
    }
    text.push_str(&game.result);
    (text, sans)
}

/// Reads `text` back and returns the SAN read, or the first diagnostic.
fn read_back(text: &str, language: Language) -> Result<Vec<String>, String> {
    let options = CheckOptions::default().with_language(language);
    let reports: Vec<_> = check_text(text, &options).collect();
    let [report] = reports.as_slice() else {
        return Err(format!("{} games", reports.len()));
    };
    // Draw notes (repetitions, 50 moves, dead positions) come from the game, not the writing.
    if let Some(d) = report
        .diagnostics
        .iter()
        .find(|d| d.severity() != planilla::check::Severity::Note)
    {
        return Err(d.title(planilla::check::MessageLanguage::English));
    }
    Ok(report.moves.iter().map(|m| m.san.to_string()).collect())
}

#[test]
fn real_games_written_in_descriptive_read_back_to_the_same_san() {
    let games = real_games::real_sequences();
    assert!(games.len() >= 4_577, "{}", games.len());
    let mut checked = [0usize; 4];
    let mut failures = Vec::new();
    for game in &games {
        for (k, (english, by_writer)) in
            [(false, true), (true, true), (false, false), (true, false)]
                .into_iter()
                .enumerate()
        {
            let letters = if english {
                Language::ENGLISH
            } else {
                Language::SPANISH
            };
            let (text, sans) = if by_writer {
                sheet(game, |pos, mv| write_descriptive(pos, mv, &letters))
            } else {
                sheet(game, |pos, mv| generate(pos, mv, english))
            };
            // Descriptive only, and `auto` (the command line's default), which must say so.
            for notation in [NotationKind::Descriptive, NotationKind::Auto] {
                match read_back(&text, letters.with_notation(notation)) {
                    Ok(read) if read == sans => {}
                    Ok(read) => failures.push(format!("{}: {text}\n{read:?}", game.origin)),
                    Err(e) => failures.push(format!("{}: {e}\n{text}", game.origin)),
                }
            }
            checked[k] += 1;
        }
    }
    println!(
        "checked: writer es {}, writer en {}, generator es {}, generator en {}",
        checked[0], checked[1], checked[2], checked[3]
    );
    assert!(
        failures.is_empty(),
        "{} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n")
    );
    assert!(checked.iter().all(|&n| n == games.len()));
}

/// The writing with every file named by its piece alone (`KB3` as `B3`).
fn without_wings(text: &str) -> String {
    ["KB", "QB", "KN", "QN", "KR", "QR"]
        .iter()
        .fold(text.to_owned(), |t, name| t.replace(name, &name[1..]))
}

#[test]
fn the_writer_and_the_generator_agree_on_plain_moves() {
    // From the initial position, both name the same squares, the writer more briefly.
    let pos = Position::startpos();
    for mv in pos.legal_moves() {
        let g = generate(&pos, mv, true);
        let w = write_descriptive(&pos, mv, &Language::ENGLISH);
        assert_eq!(without_wings(&g), without_wings(&w), "{}", mv.to_uci());
    }
    assert_eq!(
        generate(&pos, pos.legal_moves_to(Role::Knight, Square::F3)[0], false),
        "C-3AR"
    );
}
