//! The edit audit's oracle for Spanish descriptive sheets (`P4R`, `C3AR`, `AxC`), included by
//! path after `common/audit.rs` by `tests/descriptive_edit_audit.rs` and `examples/edit_audit.rs`.
//!
//! A descriptive writing means a move only in a position, so "written in full" is: the text
//! (less its marks) is among the writings of exactly one legal move. The writings are
//! enumerated here from tables (files named after the pieces, ranks from the mover's side,
//! the qualifiers of the grammar), not asked of the library: a text the reader resolves
//! that this oracle does not find unique is a guess.

#![allow(dead_code)]

use std::collections::BTreeSet;

use planilla::check::{CheckOptions, GameReport, check_text};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::write::descriptive::write_descriptive;
use planilla::{CastlingSide, Color, Move, Position, Role, Square};

use crate::audit::{Algebraic, Oracle};

/// The characters an edit puts in: the Spanish letters, the digits, the marks of descriptive
/// moves, castling's O, the English letters.
pub const DESCRIPTIVE_ALPHABET: &[char] = &[
    'R', 'D', 'T', 'A', 'C', 'P', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', 'x', ':',
    '+', '=', '(', ')', ' ', 'O', '.', 'a', 'p', 'K', 'Q', 'B', 'N',
];

const LETTERS: [&str; 6] = ["P", "C", "A", "T", "D", "R"];
const FULL: [&str; 8] = ["TD", "CD", "AD", "D", "R", "AR", "CR", "TR"];
const SHORT: [&str; 8] = ["T", "C", "A", "D", "R", "A", "C", "T"];

/// Every game of `text`, read in Spanish letters and `notation`.
fn check_spanish(text: &str, notation: NotationKind) -> Vec<GameReport> {
    let options = CheckOptions::default().with_language(Language::SPANISH.with_notation(notation));
    check_text(text, &options).collect()
}

/// Spanish descriptive sheets, read with `--notation descriptive`.
pub struct Descriptive;

impl Oracle for Descriptive {
    fn write(&self, pos: &Position, mv: Move) -> String {
        write_descriptive(pos, mv, &Language::SPANISH)
    }
    fn check(&self, text: &str) -> Vec<GameReport> {
        check_spanish(text, NotationKind::Descriptive)
    }
    fn in_full(&self, pos: &Position, written: &str, mv: Move) -> bool {
        let fits = fitting(pos, without_marks(written));
        match fits.as_slice() {
            [m] => *m == mv,
            _ => by_check_mark(pos, &fits, written) == Some(mv),
        }
    }
    fn alphabet(&self) -> &'static [char] {
        DESCRIPTIVE_ALPHABET
    }
}

/// The check or mate written after a move: `Some(true)` for a mate (`++`, `#`, `mate`),
/// `Some(false)` for a check (`+`, `ch`, `(ch.)`, `check`), `None` without one.
pub fn check_mark(written: &str) -> Option<bool> {
    let t = written
        .trim()
        .trim_end_matches(['!', '?', ',', ';'])
        .trim_end_matches('.')
        .trim_end_matches(')')
        .trim_end_matches('.');
    if t.ends_with("++") || t.ends_with('#') || t.ends_with("mate") {
        Some(true)
    } else if t.ends_with('+') || t.ends_with("ch") || t.ends_with("check") {
        Some(false)
    } else {
        None
    }
}

/// Among several moves the text names, the one that gives the check or mate written after
/// it, when exactly one does (#41: every character read names that move alone).
pub fn by_check_mark(pos: &Position, fits: &[Move], written: &str) -> Option<Move> {
    let mate = check_mark(written)?;
    let gives: Vec<Move> = fits
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = *pos;
            after.play_unchecked(m);
            if mate {
                after.is_checkmate()
            } else {
                after.is_check()
            }
        })
        .collect();
    match gives.as_slice() {
        [m] if fits.len() > 1 => Some(*m),
        _ => None,
    }
}

/// Algebraic sheets read with `--notation auto`, the command line's default: a word the
/// descriptive grammar reads whole is read as descriptive, so an edit must not turn a move into
/// a descriptive guess.
pub struct AlgebraicAuto;

impl Oracle for AlgebraicAuto {
    fn write(&self, pos: &Position, mv: Move) -> String {
        Algebraic.write(pos, mv)
    }
    fn check(&self, text: &str) -> Vec<GameReport> {
        check_spanish(text, NotationKind::Auto)
    }
    fn in_full(&self, pos: &Position, written: &str, mv: Move) -> bool {
        Algebraic.in_full(pos, written, mv)
    }
    fn alphabet(&self) -> &'static [char] {
        Algebraic.alphabet()
    }
}

/// The text less its optional marks: a draw offer, an assessment, a check or mate mark, the
/// en passant mark (each a warning at most).
pub fn without_marks(written: &str) -> &str {
    let mut t = written.trim();
    // Print's punctuation after a move: a comma, or a full stop that is no en passant mark's.
    if let Some(rest) = t.strip_suffix(',') {
        t = rest;
    } else if !t.ends_with("a.p.") && !t.ends_with("e.p.") {
        t = t.strip_suffix('.').unwrap_or(t);
    }
    t = t.strip_suffix("(=)").unwrap_or(t).trim_end();
    t = t.trim_end_matches(['!', '?']);
    for mark in ["++", "+", "#", " ch", "ch", " mate"] {
        if let Some(rest) = t.strip_suffix(mark) {
            t = rest;
            break;
        }
    }
    for mark in [" a.p.", " e.p."] {
        if let Some(rest) = t.strip_suffix(mark) {
            t = rest;
        }
    }
    t
}

/// The names of `sq`'s file: full and short.
fn names(sq: Square) -> Vec<&'static str> {
    let f = sq.file().index();
    let mut v = vec![FULL[f], SHORT[f]];
    v.dedup();
    v
}

fn rank(sq: Square, mover: Color) -> String {
    let r = match mover {
        Color::White => sq.rank().index() + 1,
        Color::Black => 8 - sq.rank().index(),
    };
    r.to_string()
}

/// The wing letter of a square: `D` (files a-d) or `R` (e-h).
fn wing(sq: Square) -> &'static str {
    if sq.file().index() < 4 { "D" } else { "R" }
}

/// What may follow a piece's letter to say where it stands (`mover`'s ranks): nothing, its
/// file (a pawn) or wing (a piece: also the other wing, when no piece of the role stands
/// there, which names the piece by where it started), a file name other than a wing letter
/// (a piece), and the places in parentheses.
fn qualifiers(pos: &Position, sq: Square, role: Role, mover: Color, own: bool) -> Vec<String> {
    let mut out = vec![String::new()];
    if role == Role::Pawn {
        out.extend(names(sq).into_iter().map(str::to_owned));
    } else {
        out.push(wing(sq).to_owned());
        let other = if wing(sq) == "D" { "R" } else { "D" };
        let on_other = pos
            .by_piece(role.of(mover))
            .into_iter()
            .any(|s| wing(s) == other);
        if own && !on_other {
            out.push(other.to_owned());
        }
        out.extend(
            names(sq)
                .into_iter()
                .filter(|n| *n != "D" && *n != "R")
                .map(str::to_owned),
        );
    }
    let r = rank(sq, mover);
    out.push(format!("({r})"));
    for n in names(sq) {
        out.push(format!("({n})"));
        out.push(format!("({r}{n})"));
    }
    out
}

/// Every writing of `mv` (legal in `pos`), marks aside: (capture forms, move forms).
fn writings(pos: &Position, mv: Move) -> (Vec<String>, Vec<String>) {
    let us = pos.turn();
    if let Some(side) = mv.castling_side() {
        let signs = match side {
            CastlingSide::KingSide => ["O-O", "0-0"],
            CastlingSide::QueenSide => ["O-O-O", "0-0-0"],
        };
        return (Vec::new(), signs.iter().map(|s| s.to_string()).collect());
    }
    let letter = LETTERS[mv.role() as usize];
    let promotions: Vec<String> = match mv.promotion() {
        Some(r) => {
            let l = LETTERS[r as usize];
            vec![format!("={l}"), format!("({l})")]
        }
        None => vec![String::new()],
    };
    let froms = qualifiers(pos, mv.from(), mv.role(), us, true);
    let dests: Vec<String> = names(mv.to())
        .into_iter()
        .map(|n| format!("{}{n}", rank(mv.to(), us)))
        .collect();
    let mut moves = Vec::new();
    for q in &froms {
        for d in &dests {
            for dash in ["", "-"] {
                for p in &promotions {
                    moves.push(format!("{letter}{q}{dash}{d}{p}"));
                }
            }
        }
    }
    let mut captures = Vec::new();
    if let Some(captured) = mv.capture() {
        let target = LETTERS[captured as usize];
        let theirs = qualifiers(pos, mv.to(), captured, us, false);
        for q in &froms {
            for t in &theirs {
                for mark in ["x", ":"] {
                    for p in &promotions {
                        captures.push(format!("{letter}{q}{mark}{target}{t}{p}"));
                    }
                }
            }
        }
    }
    (captures, moves)
}

/// The one legal move `text` designates, if exactly one: a capture form names a capture; a
/// move form names the moves that take nothing, or, when none fits, the captures.
pub fn designates(pos: &Position, text: &str) -> Option<Move> {
    match fitting(pos, text).as_slice() {
        [m] => Some(*m),
        _ => None,
    }
}

/// Every legal move `text` names (see [`designates`]).
pub fn fitting(pos: &Position, text: &str) -> Vec<Move> {
    let mut by_capture = BTreeSet::new();
    let mut quiet = BTreeSet::new();
    let mut taking = BTreeSet::new();
    for (i, mv) in pos.legal_moves().into_iter().enumerate() {
        let (captures, moves) = writings(pos, mv);
        if captures.iter().any(|w| w == text) {
            by_capture.insert(i);
        }
        if moves.iter().any(|w| w == text) {
            if mv.is_capture() {
                taking.insert(i);
            } else {
                quiet.insert(i);
            }
        }
    }
    let fits: BTreeSet<usize> = by_capture
        .union(if quiet.is_empty() { &taking } else { &quiet })
        .copied()
        .collect();
    let legal = pos.legal_moves();
    fits.into_iter().map(|i| legal[i]).collect()
}
