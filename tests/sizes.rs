//! The sizes of the values the per-move path copies, held at or under their sizes now: a type
//! that grows fails here, and its ceiling is lowered as the compact types land (the speed
//! issue's goal: a `Notation` of a few bytes, a `Resolution` that refers to its reading).
//!
//! Sizes are those of a 64-bit target (`cargo test` on the machines CI and users run).

use std::mem::size_of;

use planilla::check::{Diagnostic, GameReport, PlyRecord, Tags};
use planilla::notation::descriptive::DescriptiveMove;
use planilla::notation::{ParseError, Readings};
use planilla::position::{Move, Position};
use planilla::resolve::Resolution;
use planilla::san::{San, SanPlus};
use planilla::scoresheet::{SevenTagRoster, Token};
use planilla::text::{SmallText, Span};
use planilla::{Notation, Square};

/// Each type's size in bytes, and the most it may take.
fn sizes() -> Vec<(&'static str, usize, usize)> {
    vec![
        ("Square", size_of::<Square>(), 1),
        ("Move", size_of::<Move>(), 5),
        ("Span", size_of::<Span>(), 8),
        ("San", size_of::<San>(), 6),
        ("SanPlus", size_of::<SanPlus>(), 7),
        ("Position", size_of::<Position>(), 80),
        ("SmallText", size_of::<SmallText>(), 24),
        ("Tags", size_of::<Tags>(), 48),
        ("SevenTagRoster", size_of::<SevenTagRoster>(), 7 * 24),
        ("Notation", size_of::<Notation>(), 40),
        ("Readings", size_of::<Readings>(), 56),
        ("ParseError", size_of::<ParseError>(), 32),
        ("DescriptiveMove", size_of::<DescriptiveMove>(), 120),
        ("Resolution", size_of::<Resolution>(), 80),
        // 120 bytes before #44 made it a kind and one span, and boxed the rare descriptive move.
        ("Token", size_of::<Token<'_>>(), 72),
        ("PlyRecord", size_of::<PlyRecord>(), 136),
        ("Diagnostic", size_of::<Diagnostic>(), 144),
        // 400 bytes before #41 added the clock times' list (24) and the variations' (24).
        ("GameReport", size_of::<GameReport>(), 448),
    ]
}

#[test]
#[cfg(target_pointer_width = "64")]
fn no_type_of_the_per_move_path_grows_past_its_size_now() {
    let mut grown = Vec::new();
    for (name, size, most) in sizes() {
        println!("{name}: {size} bytes (at most {most})");
        if size > most {
            grown.push(format!("{name} is {size} bytes, more than {most}"));
        }
    }
    assert!(grown.is_empty(), "{grown:#?}");
}

#[test]
fn moves_as_written_fit_inline_and_seven_tags_read_back_from_one_buffer() {
    // A move as written fits inline.
    for written in [
        "e4",
        "Cxf3+",
        "exd6 a.p.",
        "0-0-0(=)",
        "d8D+!!",
        "P4R",
        "PxP a.p.",
    ] {
        assert!(SmallText::new(written).is_inline(), "{written}");
    }
    // Seven tags in one buffer and one list.
    let tags: Tags = [
        ("Event", "Rated Blitz game"),
        ("Site", "https://lichess.org/ENPo6ReH"),
        ("Date", "2025.05.01"),
        ("Round", "?"),
        ("White", "alanbrito4"),
        ("Black", "Meridyan"),
        ("Result", "0-1"),
    ]
    .into_iter()
    .collect();
    assert_eq!(tags.len(), 7);
    assert_eq!(tags.get("Site"), Some("https://lichess.org/ENPo6ReH"));
    assert_eq!(tags.iter().next_back(), Some(("Result", "0-1")));
}
