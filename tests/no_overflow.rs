//! No panic and no silent wrong value from the public API on extreme arguments, or on moves
//! that the move generator never made. `.ci/run` also runs these tests with overflow checks on
//! (the `overflow` profile of `Cargo.toml`), where an unchecked overflow panics.

use planilla::check::{CheckOptions, check_text};
use planilla::notation::{Language, Span};
use planilla::san::SanPlus;
use planilla::text::{LineColumn, line_column};
use planilla::{Bitboard, File, Move, Position, Rank, Role, Square};

#[test]
fn extreme_shifts_offsets_and_spans_give_checked_values() {
    let board = Bitboard::from_square(Square::D4);
    for delta in [64, -64, 65, -65, 1000, i32::MAX, i32::MIN, i32::MIN + 1] {
        assert_eq!(board.shift(delta), Bitboard::EMPTY, "shift {delta}");
    }
    assert_eq!(board.shift(8), Bitboard::from_square(Square::D5));
    assert_eq!(board.shift(-8), Bitboard::from_square(Square::D3));
    for delta in [i32::MAX, i32::MIN, 8, -8, 5, -4] {
        assert_eq!(File::D.offset(delta), None, "file {delta}");
        assert_eq!(Rank::Fourth.offset(delta), None, "rank {delta}");
        assert_eq!(Square::D4.offset(delta, 0), None);
        assert_eq!(Square::D4.offset(0, delta), None);
    }
    assert_eq!(Square::D4.offset(4, 4), Some(Square::H8));
    assert_eq!(Square::D4.offset(-3, -3), Some(Square::A1));
    assert_eq!(Span::new(5, 2).len(), 0);
    assert!(Span::new(5, 2).is_empty());
    assert_eq!(Span::new(u32::MAX, u32::MAX).len(), 0);
    assert_eq!(Span::new(0, u32::MAX).len(), u32::MAX as usize);
    assert_eq!(
        line_column(b"1.e4\n", usize::MAX),
        LineColumn { line: 2, column: 1 }
    );
}

/// A small xorshift generator: the same moves on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn square(&mut self) -> Square {
        Square::ALL[(self.next() % 64) as usize]
    }

    fn role(&mut self) -> Role {
        Role::ALL[(self.next() % 6) as usize]
    }

    /// Any move at all: a role, squares and marks picked with no regard for the position.
    fn any_move(&mut self) -> Move {
        match self.next() % 3 {
            0 => Move::Normal {
                role: self.role(),
                from: self.square(),
                capture: self.next().is_multiple_of(2).then(|| self.role()),
                to: self.square(),
                promotion: self.next().is_multiple_of(4).then(|| self.role()),
            },
            1 => Move::EnPassant {
                from: self.square(),
                to: self.square(),
            },
            _ => Move::Castle {
                king: self.square(),
                rook: self.square(),
            },
        }
    }
}

#[test]
fn moves_the_generator_never_made_leave_a_position_that_every_query_answers() {
    // Start from the positions of real games (TWIC), every fifth ply.
    let text = std::fs::read_to_string("tests/data/twic-01-232games.pgn").unwrap();
    let options = CheckOptions::default().with_language(Language::ENGLISH);
    let starts: Vec<Position> = check_text(&text, &options)
        .take(30)
        .flat_map(|r| r.moves.into_iter().step_by(5).map(|m| m.after))
        .collect();
    assert!(starts.len() > 300, "{}", starts.len());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut legal = 0;
    for trial in 0..6_000 {
        let mut pos = starts[trial % starts.len()];
        // `play` refuses what `play_unchecked` would play blindly.
        let m = rng.any_move();
        if pos.play(m).is_ok() {
            legal += 1;
        }
        for _ in 0..rng.next() % 6 {
            pos.play_unchecked(rng.any_move());
        }
        let moves = pos.legal_moves();
        let _ = (
            pos.to_fen(),
            pos.is_check(),
            pos.is_checkmate(),
            pos.is_stalemate(),
        );
        let _ = pos.legal_move_count();
        for &m in moves.iter().take(8) {
            let _ = SanPlus::from_move(&pos, m).to_string();
            let mut after = pos;
            after.play_unchecked(m);
            let _ = after.legal_moves();
        }
        // Its FEN reads back, or is refused with a typed error.
        let _ = Position::from_fen(&pos.to_fen());
    }
    // Some of the blind moves happened to be legal, and `play` played them.
    assert!(legal > 0);
}

/// No note is dropped: past two they move to the heap (a fixed eight dropped the ninth in
/// silence before).
#[test]
fn the_notes_of_a_move_always_have_room() {
    use planilla::resolve::{Irregularity, IrregularityKind, Notes};
    let note = |i: u32| Irregularity {
        kind: IrregularityKind::FalseCheck,
        span: planilla::notation::Span::new(i, i + 1),
    };
    let mut notes = Notes::new();
    for i in 0..20 {
        notes.push(note(i));
    }
    let expected: Vec<Irregularity> = (0..20).map(note).collect();
    assert_eq!(&notes[..], &expected[..]);
    let (mut inline, mut heap) = (Notes::new(), Notes::new());
    (0..2).for_each(|i| inline.push(note(i)));
    (0..3).for_each(|i| heap.push(note(i)));
    assert_eq!(inline.len(), 2);
    assert_eq!(&heap[..2], &inline[..]);
    assert_ne!(heap, inline);
    // A pawn letter, a missing `a.p.` (2005) and a false check on one move: all three kept.
    let pos: planilla::Position = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    let options =
        planilla::check::CheckOptions::default().with_edition(planilla::resolve::Edition::Fide2005);
    let read = planilla::check::check_move(&pos, "Pexd6+", &options).unwrap();
    let codes: Vec<String> = read.warnings.iter().map(|d| d.code().to_string()).collect();
    assert_eq!(codes.len(), 3, "{codes:?}");
}
