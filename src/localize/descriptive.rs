//! Writing moves in descriptive notation, the short book form: `P4R`, `C3AR`, `AxC`, `PAxP`
//! (Spanish); `P-K4`, `N-KB3`, `BxN`, `BPxP` (English).
//!
//! The form is the least qualified that is unambiguous, and unambiguity is decided by the
//! reader itself: each writing, from the plainest (`C3A`, `PxP`) to the most qualified
//! (`C(1CD)x P(4D)`), is read back in the position, and the first that designates exactly the
//! move, with no irregularity, is written. So every move written reads back to itself.
//!
//! ```
//! use planilla::notation::{descriptive::NotationKind, Language};
//! use planilla::localize::descriptive::write_descriptive;
//! use planilla::{Position, Role, Square};
//! let pos = Position::startpos();
//! let m = pos.legal_moves_to(Role::Knight, Square::F3)[0];
//! assert_eq!(write_descriptive(&pos, m, &Language::SPANISH), "C3AR");
//! assert_eq!(write_descriptive(&pos, m, &Language::ENGLISH), "N-KB3");
//! let m = pos.legal_moves_to(Role::Pawn, Square::E4)[0];
//! assert_eq!(write_descriptive(&pos, m, &Language::SPANISH), "P4R");
//! assert_eq!(write_descriptive(&pos, m, &Language::ENGLISH), "P-K4");
//! ```

use crate::notation::Language;
use crate::notation::descriptive::{ENGLISH_FILES, SPANISH_FILES, Tradition, parse_descriptive};
use crate::position::{Move, Position};
use crate::resolve::descriptive::resolve_descriptive;
use crate::resolve::{Options, Resolution};
use crate::types::{CastlingSide, Color, Role, Square};

/// The letter of `role` in descriptive (English `N`, Spanish `C`; the pawn `P`).
fn letter(role: Role, tradition: Tradition) -> &'static str {
    let i = role as usize;
    match tradition {
        Tradition::English => ["P", "N", "B", "R", "Q", "K"][i],
        Tradition::Spanish => ["P", "C", "A", "T", "D", "R"][i],
    }
}

/// The full name of a file (`TD`, `QR`) and the short one (`T`, `R`; `D`, `Q` for the
/// queen's file).
fn file_names(file: usize, tradition: Tradition) -> (&'static str, &'static str) {
    let bit = 1u8 << file;
    let table: &[(&str, u8)] = match tradition {
        Tradition::English => &ENGLISH_FILES[..14],
        Tradition::Spanish => &SPANISH_FILES,
    };
    let full = table
        .iter()
        .find(|(n, f)| *f == bit && !n.contains("Kt"))
        .map_or("", |(n, _)| *n);
    let short = table
        .iter()
        .filter(|(n, f)| f & bit != 0 && !n.contains("Kt"))
        .min_by_key(|(n, _)| n.len())
        .map_or(full, |(n, _)| *n);
    (full, short)
}

/// The rank of `sq` counted from `mover`'s side, as a digit.
fn rank(sq: Square, mover: Color) -> char {
    (b'1' + sq.rank().relative_to(mover).index() as u8) as char
}

/// A square in descriptive: `4R`/`3AR` (Spanish), `K4`/`KB3` (English), full or short file.
fn square(sq: Square, mover: Color, tradition: Tradition, short: bool) -> String {
    let (full, s) = file_names(sq.file().index(), tradition);
    let name = if short { s } else { full };
    match tradition {
        Tradition::English => format!("{name}{}", rank(sq, mover)),
        Tradition::Spanish => format!("{}{name}", rank(sq, mover)),
    }
}

/// The qualifiers of a piece on `sq`, plainest first: none, its wing (a knight `CR`, `KN`) or
/// file (a pawn `PA`, `BP`), its full file, the rank, file and square in parentheses.
fn qualifiers(sq: Square, role: Role, mover: Color, tradition: Tradition) -> Vec<(String, String)> {
    let (full, short) = file_names(sq.file().index(), tradition);
    let queens = sq.file().index() < 4;
    let wing = match (queens, tradition) {
        (true, Tradition::Spanish) => "D",
        (false, Tradition::Spanish) => "R",
        (true, Tradition::English) => "Q",
        (false, Tradition::English) => "K",
    };
    let first = if role == Role::Pawn { short } else { wing };
    // (before the letter, after it): English qualifies before, Spanish after.
    let side = |q: &str| match tradition {
        Tradition::English => (q.to_owned(), String::new()),
        Tradition::Spanish => (String::new(), q.to_owned()),
    };
    // A piece's file is named in parentheses (`R(R1)`), a pawn's before or after its letter.
    let by_file = if role == Role::Pawn {
        side(full)
    } else {
        (String::new(), format!("({full})"))
    };
    let mut out = vec![(String::new(), String::new()), side(first), by_file];
    let r = rank(sq, mover);
    out.push((String::new(), format!("({r})")));
    out.push((String::new(), format!("({full})")));
    out.push((
        String::new(),
        format!("({})", square(sq, mover, tradition, false)),
    ));
    out
}

/// Writes `mv`, legal in `pos`, in descriptive notation in `language`'s style (English when its
/// knight is `N`, else Spanish), with its check or mate mark (`+`, `++`; `ch`, `mate`) and
/// `a.p.` (`e.p.`) for an en passant capture.
///
/// ```
/// use planilla::{write_descriptive, Language, Position, Role, Square};
/// let pos = Position::startpos();
/// let e4 = pos.legal_moves_to(Role::Pawn, Square::E4)[0];
/// assert_eq!(write_descriptive(&pos, e4, &Language::SPANISH), "P4R");
/// assert_eq!(write_descriptive(&pos, e4, &Language::ENGLISH), "P-K4");
/// let nf3 = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// assert_eq!(write_descriptive(&pos, nf3, &Language::SPANISH), "C3AR");
/// assert_eq!(write_descriptive(&pos, nf3, &Language::ENGLISH), "N-KB3");
/// ```
pub fn write_descriptive(pos: &Position, mv: Move, language: &Language) -> String {
    write(pos, mv, language, true)
}

/// The same move with its destination named in full and after a dash (`A-5CR`, `R-1CR`,
/// `N-KB3`), as the 1970 booklet writes `A-5CR`: what an arbiter is shown as the evident
/// reading of a faulty one. The piece is still qualified only when needed.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::localize::descriptive::write_descriptive_full;
/// use planilla::{Position, Role, Square};
/// let pos = Position::from_fen("4k3/r7/8/8/8/8/6PP/7K w - - 0 40").unwrap();
/// let m = pos.legal_moves_to(Role::King, Square::G1)[0];
/// assert_eq!(write_descriptive_full(&pos, m, &Language::SPANISH), "R-1CR");
/// ```
pub fn write_descriptive_full(pos: &Position, mv: Move, language: &Language) -> String {
    write(pos, mv, language, false)
}

fn write(pos: &Position, mv: Move, language: &Language, book: bool) -> String {
    let tradition = Tradition::of(language);
    let mut out = bare(pos, mv, tradition, book).unwrap_or_else(|| mv.to_uci());
    let mut after = *pos;
    after.play_unchecked(mv);
    let (mate, check) = match tradition {
        Tradition::English => (" mate", " ch"),
        Tradition::Spanish => ("++", "+"),
    };
    if after.is_checkmate() {
        out.push_str(mate);
    } else if after.is_check() {
        out.push_str(check);
    }
    out
}

/// The move without its check mark: the plainest writing that reads back to it.
fn bare(pos: &Position, mv: Move, tradition: Tradition, book: bool) -> Option<String> {
    let language = tradition.language();
    if let Some(side) = mv.castling_side() {
        return Some(
            match side {
                CastlingSide::KingSide => "O-O",
                CastlingSide::QueenSide => "O-O-O",
            }
            .to_owned(),
        );
    }
    let us = pos.turn();
    let role = mv.role();
    let promotion = mv
        .promotion()
        .map_or(String::new(), |r| format!("={}", letter(r, tradition)));
    let ep = match (mv.is_en_passant(), tradition) {
        (false, _) => "",
        (true, Tradition::English) => " e.p.",
        (true, Tradition::Spanish) => " a.p.",
    };
    let reads_back = |text: &str| match parse_descriptive(text, &language) {
        Ok(m) => matches!(
            resolve_descriptive(pos, &m, &language, Options::default()),
            Resolution::Resolved(r) if r.mv == mv && r.notes.is_empty()
        ),
        Err(_) => false,
    };
    let movers = qualifiers(mv.from(), role, us, tradition);
    let piece = letter(role, tradition);
    let mut tries: Vec<String> = Vec::new();
    match mv.capture() {
        Some(captured) => {
            let captured_sq = if mv.is_en_passant() {
                Square::from_coords(mv.to().file(), mv.from().rank())
            } else {
                mv.to()
            };
            let theirs = qualifiers(captured_sq, captured, !us, tradition);
            let target = letter(captured, tradition);
            // The captured piece's qualifiers count from the mover's side too.
            let theirs: Vec<(String, String)> = theirs
                .into_iter()
                .enumerate()
                .map(|(i, q)| match i {
                    3 => (String::new(), format!("({})", rank(mv.to(), us))),
                    5 => (
                        String::new(),
                        format!("({})", square(mv.to(), us, tradition, false)),
                    ),
                    _ => q,
                })
                .collect();
            for (a, b) in [
                (0, 0),
                (1, 0),
                (0, 1),
                (2, 0),
                (0, 2),
                (1, 1),
                (0, 5),
                (5, 5),
            ] {
                let (mb, ma) = &movers[a];
                let (tb, ta) = &theirs[b];
                tries.push(format!("{mb}{piece}{ma}x{tb}{target}{ta}{promotion}{ep}"));
            }
        }
        None => {
            // The book form of Spanish writes no dash (`P4R`); English always does (`P-K4`).
            let sep = if tradition == Tradition::English || !book {
                "-"
            } else {
                ""
            };
            for (q, short) in [(0, true), (0, false), (1, true), (1, false), (2, false)]
                .into_iter()
                .chain((3..6).map(|q| (q, false)))
                .filter(|(_, short)| book || !short)
            {
                let (mb, ma) = &movers[q];
                let to = square(mv.to(), us, tradition, short);
                // Spanish `C(1)3AR` needs its dash: `C(1)-3AR`.
                let sep = if ma.ends_with(')') { "-" } else { sep };
                tries.push(format!("{mb}{piece}{ma}{sep}{to}{promotion}"));
            }
        }
    }
    tries.into_iter().find(|t| reads_back(t))
}
