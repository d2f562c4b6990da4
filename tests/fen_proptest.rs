//! Property tests of the FEN reader: whatever the input, a position it accepts is one the text
//! describes, that a game can reach (relaxed: that the move generator can work on), and that
//! writes and reads back to itself; an input it refuses gets an error whose span is a field of
//! the text or a character of its board. The relaxed reader accepts everything the strict one
//! does, with the same position. Writing then reading a position gives back the same position.
//!
//! The case count follows `PROPTEST_CASES` (proptest's own variable); CI keeps the default.
//! `PROPTEST_CASES=100000 cargo test --profile tests --test integration fen_proptest::` runs a long campaign.

use std::ops::Range;

use planilla::i18n::MessageLanguage;
use planilla::{CastlingSide, Color, FenError, File, Position, PositionError, Rank, Role, Square};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The fields of a FEN: runs of characters between ASCII whitespace, as the reader splits them.
fn fields(text: &str) -> Vec<&str> {
    text.split_ascii_whitespace().collect()
}

/// A board field with every digit spelled out as that many dots: `4k3` is `....k...`.
fn spelled_out(board: &str) -> String {
    board
        .chars()
        .flat_map(|c| match c.to_digit(10) {
            Some(d) => vec!['.'; d as usize],
            None => vec![c],
        })
        .collect()
}

/// A position `read` from `text` (by the strict reader when `strict`) is what the text says,
/// obeys the rules of chess the reader promises, and round-trips.
fn assert_sound(pos: &Position, text: &str, strict: bool) -> Result<(), TestCaseError> {
    let read = if strict {
        Position::from_fen
    } else {
        Position::from_fen_relaxed
    };
    // It reads back from what it writes, and writes the same again.
    let fen = pos.to_fen();
    prop_assert_eq!(read(&fen), Ok(*pos), "{:?} wrote {:?}", text, fen);
    prop_assert_eq!(read(&fen).unwrap().to_fen(), fen.clone());

    // It is what the text says, field by field: four to six fields, the clocks `0 1` when absent.
    let given = fields(text);
    let written = fields(&fen);
    prop_assert!((4..=6).contains(&given.len()), "{:?}", text);
    prop_assert_eq!(spelled_out(given[0]), spelled_out(written[0]), "{:?}", text);
    prop_assert_eq!(given[1], written[1], "{:?}", text);
    prop_assert_eq!(given[2], pos.castling_rights().to_string(), "{:?}", text);
    prop_assert_eq!(given[3], written[3], "{:?}", text);
    let clock = |k: usize, default: u32| given.get(k).map_or(Some(default), |f| f.parse().ok());
    prop_assert_eq!(clock(4, 0), Some(pos.halfmove_clock()), "{:?}", text);
    prop_assert_eq!(clock(5, 1), Some(pos.fullmove_number()), "{:?}", text);

    // One king a side, and no pawn on a back rank.
    for color in Color::ALL {
        prop_assert_eq!(pos.by_piece(Role::King.of(color)).count(), 1, "{:?}", text);
    }
    for sq in pos.by_role(Role::Pawn) {
        prop_assert!(
            !matches!(sq.rank(), Rank::First | Rank::Eighth),
            "{:?}: pawn on {}",
            text,
            sq
        );
    }
    // The side not to move is not in check: nothing attacks its king, and no move takes it.
    let us = pos.turn();
    let their_king = pos.king_of(!us).unwrap();
    prop_assert!(
        pos.attackers_to(their_king, us, pos.occupied()).is_empty(),
        "{:?}",
        text
    );
    let moves = pos.legal_moves();
    prop_assert!(moves.iter().all(|m| m.to() != their_king), "{:?}", text);
    // Each castling right has its king and rook on their home squares.
    for color in Color::ALL {
        let home = |file: File| Square::from_coords(file, Rank::First.relative_to(color));
        for (side, rook) in [
            (CastlingSide::KingSide, File::H),
            (CastlingSide::QueenSide, File::A),
        ] {
            if pos.castling_rights().has(color, side) {
                prop_assert_eq!(
                    pos.piece_at(home(File::E)),
                    Some(Role::King.of(color)),
                    "{:?}",
                    text
                );
                prop_assert_eq!(
                    pos.piece_at(home(rook)),
                    Some(Role::Rook.of(color)),
                    "{:?}",
                    text
                );
            }
        }
    }
    // An en passant square lies behind a pawn of the side that just moved two squares: on the
    // sixth rank of the side to move, empty, with the square the pawn came from empty too.
    if let Some(ep) = pos.ep_square() {
        let square = |rank: Rank| Square::from_coords(ep.file(), rank.relative_to(us));
        prop_assert_eq!(ep, square(Rank::Sixth), "{:?}", text);
        prop_assert!(!pos.occupied().contains(ep), "{:?}", text);
        prop_assert!(
            !pos.occupied().contains(square(Rank::Seventh)),
            "{:?}",
            text
        );
        prop_assert_eq!(
            pos.piece_at(square(Rank::Fifth)),
            Some(Role::Pawn.of(!us)),
            "{:?}",
            text
        );
    }
    if strict {
        // What a game can give: at most 16 men a side, and no more pieces than the pawns that
        // are missing could have promoted to; at most two checkers, never two on one line.
        for color in Color::ALL {
            let count = |role: Role| pos.by_piece(role.of(color)).count();
            let promoted = count(Role::Queen).saturating_sub(1)
                + count(Role::Rook).saturating_sub(2)
                + count(Role::Bishop).saturating_sub(2)
                + count(Role::Knight).saturating_sub(2);
            prop_assert!(pos.by_color(color).count() <= 16, "{:?}", text);
            prop_assert!(count(Role::Pawn) + promoted <= 8, "{:?}", text);
        }
        prop_assert!(pos.checkers().count() <= 2, "{:?}", text);
    }
    // Every legal move plays, and leaves the mover's king out of check.
    for &m in &moves {
        let mut next = *pos;
        prop_assert!(next.play(m).is_ok(), "{} in {:?}", m, text);
        let king = next.king_of(us).unwrap();
        prop_assert!(
            next.attackers_to(king, !us, next.occupied()).is_empty(),
            "{} in {:?} leaves the king in check",
            m,
            text
        );
    }
    Ok(())
}

/// The span of a field error.
fn span_of(e: &FenError) -> Option<Range<usize>> {
    match e {
        FenError::Board { span, .. }
        | FenError::Turn { span }
        | FenError::Castling { span }
        | FenError::EnPassant { span }
        | FenError::HalfmoveClock { span }
        | FenError::FullmoveNumber { span }
        | FenError::TrailingText { span } => Some(span.clone()),
        FenError::Empty | FenError::Position(_) => None,
    }
}

/// An error of `text` names what its documentation says, where it says.
fn assert_clean(e: &FenError, text: &str) -> Result<(), TestCaseError> {
    let given = fields(text);
    if let Some(span) = span_of(e) {
        // Inside the text and on character boundaries: it slices the text.
        prop_assert!(
            span.start <= span.end && span.end <= text.len(),
            "{:?}: {:?}",
            text,
            e
        );
        prop_assert!(text.get(span.clone()).is_some(), "{:?}: {:?}", text, e);
    }
    // The arbiter's message is Spanish through and through: no English reason is left over.
    let spanish = e.message(MessageLanguage::Spanish);
    for english in [
        "expected",
        " at bytes",
        "bad ",
        " has ",
        " the ",
        "square",
        "rank",
        "more than",
        "does not",
    ] {
        prop_assert!(!spanish.contains(english), "{:?}: {}", text, spanish);
    }
    prop_assert_eq!(e.message(MessageLanguage::English), e.to_string());
    match e {
        // No field at all.
        FenError::Empty => prop_assert!(given.is_empty(), "{:?}", text),
        // One character of the board, or the whole board: inside the first field.
        FenError::Board { span, .. } => {
            let start = text.len()
                - text
                    .trim_start_matches(|c: char| c.is_ascii_whitespace())
                    .len();
            let end = start + given[0].len();
            prop_assert!(
                start <= span.start && span.end <= end && span.start < span.end,
                "{:?}: {:?}",
                text,
                e
            );
        }
        // The field itself, or an empty span at the end where it is missing.
        FenError::Turn { span }
        | FenError::Castling { span }
        | FenError::EnPassant { span }
        | FenError::HalfmoveClock { span }
        | FenError::FullmoveNumber { span } => {
            let k = match e {
                FenError::Turn { .. } => 1,
                FenError::Castling { .. } => 2,
                FenError::EnPassant { .. } => 3,
                FenError::HalfmoveClock { .. } => 4,
                _ => 5,
            };
            match given.get(k) {
                Some(field) => {
                    prop_assert_eq!(&text[span.clone()], *field, "{:?}: {:?}", text, e);
                    prop_assert_eq!(fields(&text[..span.start]).len(), k, "{:?}: {:?}", text, e);
                }
                None => {
                    prop_assert_eq!(span.clone(), text.len()..text.len(), "{:?}: {:?}", text, e)
                }
            }
        }
        // From the seventh field to the end.
        FenError::TrailingText { span } => {
            prop_assert!(given.len() > 6, "{:?}", text);
            prop_assert_eq!(span.end, text.len());
            prop_assert_eq!(fields(&text[..span.start]).len(), 6, "{:?}: {:?}", text, e);
            prop_assert!(
                !text[span.start..].starts_with(|c: char| c.is_ascii_whitespace()),
                "{:?}: {:?}",
                text,
                e
            );
        }
        // The text reads: four to six fields.
        FenError::Position(_) => {
            prop_assert!((4..=6).contains(&given.len()), "{:?}: {:?}", text, e)
        }
    }
    Ok(())
}

/// Both readers on `text`: each accepts soundly or refuses cleanly, and the relaxed one accepts
/// everything the strict one accepts, as the same position, and refuses with the same error all
/// the strict one refuses but for too much material or an impossible check.
fn assert_read_or_fail_cleanly(text: &str) -> Result<(), TestCaseError> {
    let strict = Position::from_fen(text);
    let relaxed = Position::from_fen_relaxed(text);
    for (result, is_strict) in [(&strict, true), (&relaxed, false)] {
        match result {
            Ok(pos) => assert_sound(pos, text, is_strict)?,
            Err(e) => assert_clean(e, text)?,
        }
    }
    match &strict {
        Ok(pos) => prop_assert_eq!(&relaxed, &Ok(*pos), "{:?}", text),
        Err(FenError::Position(
            PositionError::TooMuchMaterial(_) | PositionError::ImpossibleCheck,
        )) => prop_assert!(
            matches!(relaxed, Ok(_) | Err(FenError::Position(_))),
            "{:?}: {:?}",
            text,
            relaxed
        ),
        Err(e) => prop_assert_eq!(&relaxed, &Err(e.clone()), "{:?}", text),
    }
    Ok(())
}

/// A position reached by `plies` random legal moves chosen by `choices`.
fn playout(choices: &[u16]) -> Position {
    let mut pos = Position::startpos();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c as usize % moves.len()]);
    }
    pos
}

fn positions() -> impl Strategy<Value = Position> {
    prop::collection::vec(any::<u16>(), 0..160).prop_map(|c| playout(&c))
}

/// Characters that FEN uses, and a few that it does not, to mutate with.
const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789x\t9";

#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
    Swap(usize, usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let byte = prop::sample::select(ALPHABET);
    let edit = prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
    ];
    prop::collection::vec(edit, 1..4)
}

fn mutate(fen: &str, edits: &[Edit]) -> String {
    let mut b = fen.as_bytes().to_vec();
    for e in edits {
        let n = b.len().max(1);
        match *e {
            Edit::Replace(i, c) if !b.is_empty() => b[i % n] = c,
            Edit::Insert(i, c) => b.insert(i % (b.len() + 1), c),
            Edit::Delete(i) if !b.is_empty() => {
                b.remove(i % n);
            }
            Edit::Truncate(i) => b.truncate(i % n),
            Edit::Swap(i, j) if !b.is_empty() => b.swap(i % n, j % n),
            _ => {}
        }
    }
    String::from_utf8(b).expect("the alphabet is ASCII")
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,120}") {
        assert_read_or_fail_cleanly(&s)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        let s = String::from_utf8_lossy(&bytes);
        assert_read_or_fail_cleanly(&s)?;
    }

    #[test]
    fn write_then_read_gives_the_same_position(pos in positions()) {
        let fen = pos.to_fen();
        prop_assert_eq!(Position::from_fen(&fen), Ok(pos));
        prop_assert_eq!(fen.parse::<Position>(), Ok(pos));
    }

    /// A mutated FEN either reads into a position that itself round-trips, or gives an error
    /// whose span lies inside the text.
    #[test]
    fn mutated_fens_read_or_fail_cleanly(pos in positions(), edits in edits()) {
        let fen = mutate(&pos.to_fen(), &edits);
        for result in [Position::from_fen(&fen), Position::from_fen_relaxed(&fen)] {
            match result {
                Ok(read) => {
                    // Every position we accept supports the generator and round-trips.
                    prop_assert_eq!(Position::from_fen_relaxed(&read.to_fen()), Ok(read));
                }
                Err(FenError::Board { span, .. }
                    | FenError::Turn { span }
                    | FenError::Castling { span }
                    | FenError::EnPassant { span }
                    | FenError::HalfmoveClock { span }
                    | FenError::FullmoveNumber { span }
                    | FenError::TrailingText { span }) => {
                    prop_assert!(span.start <= span.end && span.end <= fen.len(), "{fen}: {span:?}");
                }
                Err(FenError::Empty | FenError::Position(_)) => {}
            }
        }
        // What each reader gives, accepted or refused, and the two readers against each other.
        assert_read_or_fail_cleanly(&fen)?;
    }
}
