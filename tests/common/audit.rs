//! The edit audit: every single-character edit of one move of a real game, written as a strict
//! Spanish scoresheet, checked by the library, and classified by an oracle of its own.
//!
//! The first principle of the reader: a move is accepted only when every character is read
//! and the reading names exactly one legal move. Missing or wrong marks (`x`, `+`, `#`,
//! `a.p.`, superfluous disambiguation) are warnings; any other reading of an edited move is a
//! guess, and must be an error at that move. The oracle here does not look at the library's
//! codes or notes: it looks where the first error is, which move was read from the edited
//! text, and whether that text is a complete, standard writing of that move (the writings are
//! generated here, not asked of the library).
//!
//! Included by path by `tests/edit_audit.rs` and `examples/edit_audit.rs`.

#![allow(dead_code)]

use planilla::check::{CheckOptions, GameReport, Severity, check_text};
use planilla::write::Style;
use planilla::{CastlingSide, Color, Move, Position, Role};

/// How the audited sheets are written and read, and what writes a move in full: the
/// algebraic oracle of this file ([`Algebraic`]), or another notation's.
pub trait Oracle: Sync {
    /// Writes `mv`, legal in `pos`, as the sheet has it.
    fn write(&self, pos: &Position, mv: Move) -> String;
    /// Checks a whole text, as `planilla check` does.
    fn check(&self, text: &str) -> Vec<GameReport>;
    /// `true` when `written` writes `mv`, legal in `pos`, in full.
    fn in_full(&self, pos: &Position, written: &str, mv: Move) -> bool;
    /// The characters an edit puts in.
    fn alphabet(&self) -> &'static [char];
}

/// Strict Spanish algebraic sheets (Appendix C form), this file's oracle.
pub struct Algebraic;

impl Oracle for Algebraic {
    fn write(&self, pos: &Position, mv: Move) -> String {
        Style::APPENDIX_C.write_move(pos, mv)
    }
    fn check(&self, text: &str) -> Vec<GameReport> {
        check(text)
    }
    fn in_full(&self, _: &Position, written: &str, mv: Move) -> bool {
        writes_in_full(written, mv)
    }
    fn alphabet(&self) -> &'static [char] {
        ALPHABET
    }
}

/// The characters an edit puts in: the sheet's own alphabet, the separators, the lowercase
/// Spanish letters, the English letters and a digit off the board.
pub const ALPHABET: &[char] = &[
    'R', 'D', 'T', 'A', 'C', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '1', '2', '3', '4', '5', '6',
    '7', '8', 'x', '+', '#', '=', '0', '-', 'O', '.', ' ', ':', 'r', 'd', 't', 'a', 'c', 'K', 'Q',
    'B', 'N', 'P', '9',
];

/// A small seeded generator (a 64-bit LCG, the high bits), so that the choices of plies and
/// edits do not depend on any library.
#[derive(Clone, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    /// A generator for `seed` and `stream` (e.g. a game's index).
    pub fn new(seed: u64, stream: u64) -> Lcg {
        let mut g = Lcg(seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        g.next();
        g.next();
        g
    }

    /// The next 32 bits.
    pub fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 32) as u32
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next()) * n as u64) >> 32) as usize
    }
}

/// A game written as a strict Spanish scoresheet (Appendix C form), with where each move is.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// `1. e4 e5 2. Cf3 Cc6 …`, ending with a newline, no result.
    pub text: String,
    /// Each ply's text, as byte offsets into `text`.
    pub spans: Vec<(usize, usize)>,
    /// The moves.
    pub moves: Vec<Move>,
    /// The position before each ply.
    pub before: Vec<Position>,
}

impl Sheet {
    /// Writes `moves` from `start`, each move by the library's writer in the canonical style
    /// of Appendix C (`Style::APPENDIX_C`), the layout here.
    pub fn write(start: &Position, moves: &[Move]) -> Sheet {
        Sheet::write_with(start, moves, &Algebraic)
    }

    /// [`Sheet::write`] by `oracle`'s writer.
    pub fn write_with(start: &Position, moves: &[Move], oracle: &dyn Oracle) -> Sheet {
        let mut pos = *start;
        let mut text = String::new();
        let mut spans = Vec::with_capacity(moves.len());
        let mut before = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            let written = oracle.write(&pos, mv);
            let n = pos.fullmove_number();
            match (pos.turn(), i) {
                (Color::White, 0) => text.push_str(&format!("{n}. ")),
                (Color::White, _) => text.push_str(&format!(" {n}. ")),
                (Color::Black, 0) => text.push_str(&format!("{n}... ")),
                (Color::Black, _) => text.push(' '),
            }
            spans.push((text.len(), text.len() + written.len()));
            text.push_str(&written);
            before.push(pos);
            pos.play(mv).expect("the moves are legal in turn");
        }
        text.push('\n');
        Sheet {
            text,
            spans,
            moves: moves.to_vec(),
            before,
        }
    }

    /// The sheet with ply `ply`'s text (from 1) replaced by `edited`, and the edited span.
    pub fn with(&self, ply: usize, edited: &str) -> (String, (usize, usize)) {
        let (s, e) = self.spans[ply - 1];
        let text = format!("{}{edited}{}", &self.text[..s], &self.text[e..]);
        (text, (s, s + edited.len()))
    }

    /// The move's text at `ply` (from 1).
    pub fn written(&self, ply: usize) -> &str {
        let (s, e) = self.spans[ply - 1];
        &self.text[s..e]
    }
}

/// One single-character edit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The character at byte `at` replaced by `by`.
    Substitute { at: usize, by: char },
    /// The character at `at` deleted.
    Delete { at: usize },
    /// `c` inserted before byte `at`.
    Insert { at: usize, c: char },
    /// The characters at `at` and `at + 1` swapped.
    Swap { at: usize },
}

impl Edit {
    /// Applies the edit to `text` (ASCII).
    pub fn apply(self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        match self {
            Edit::Substitute { at, by } => chars[at] = by,
            Edit::Delete { at } => {
                chars.remove(at);
            }
            Edit::Insert { at, c } => chars.insert(at, c),
            Edit::Swap { at } => chars.swap(at, at + 1),
        }
        chars.into_iter().collect()
    }

    /// A short description: `sub 2 'x'`, `del 0`, `ins 3 ' '`, `swap 1`.
    pub fn describe(self) -> String {
        match self {
            Edit::Substitute { at, by } => format!("sub {at} {by:?}"),
            Edit::Delete { at } => format!("del {at}"),
            Edit::Insert { at, c } => format!("ins {at} {c:?}"),
            Edit::Swap { at } => format!("swap {at}"),
        }
    }
}

/// Every single-character edit of `text` (ASCII) that gives a text different from it and
/// from every earlier edit, in a fixed order: substitutions, deletions, insertions, swaps.
pub fn all_edits(text: &str) -> Vec<(Edit, String)> {
    all_edits_in(text, ALPHABET)
}

/// [`all_edits`] with the characters of `alphabet`.
pub fn all_edits_in(text: &str, alphabet: &[char]) -> Vec<(Edit, String)> {
    let n = text.chars().count();
    let mut candidates = Vec::new();
    for at in 0..n {
        for &by in alphabet {
            candidates.push(Edit::Substitute { at, by });
        }
    }
    for at in 0..n {
        candidates.push(Edit::Delete { at });
    }
    for at in 0..=n {
        for &c in alphabet {
            candidates.push(Edit::Insert { at, c });
        }
    }
    for at in 0..n.saturating_sub(1) {
        candidates.push(Edit::Swap { at });
    }
    let mut seen = std::collections::HashSet::new();
    seen.insert(text.to_owned());
    let mut out = Vec::new();
    for e in candidates {
        let edited = e.apply(text);
        if !edited.trim().is_empty() && seen.insert(edited.clone()) {
            out.push((e, edited));
        }
    }
    out
}

/// Up to `n` of [`all_edits`], chosen by `rng` (all of them when `n` is 0 or there are fewer).
pub fn sample_edits(text: &str, n: usize, rng: &mut Lcg) -> Vec<(Edit, String)> {
    sample_edits_in(text, n, rng, ALPHABET)
}

/// [`sample_edits`] with the characters of `alphabet`.
pub fn sample_edits_in(
    text: &str,
    n: usize,
    rng: &mut Lcg,
    alphabet: &[char],
) -> Vec<(Edit, String)> {
    let mut all = all_edits_in(text, alphabet);
    if n == 0 || all.len() <= n {
        return all;
    }
    for i in 0..n {
        let j = i + rng.below(all.len() - i);
        all.swap(i, j);
    }
    all.truncate(n);
    all
}

/// The Spanish letter of a piece (Appendix C: R D T A C), none for a pawn.
pub fn spanish_letter(role: Role) -> &'static str {
    match role {
        Role::Pawn => "",
        Role::Knight => "C",
        Role::Bishop => "A",
        Role::Rook => "T",
        Role::Queen => "D",
        Role::King => "R",
    }
}

/// Every complete Spanish writing of `mv` whose meaning is certain, with no check mark and no
/// en passant mark: castling `0-0`/`O-O` (`0-0-0`/`O-O-O`); otherwise the piece letter (none
/// for a pawn, or `P`; or a foreign letter with one meaning),
/// an origin (none, file, rank or both; a pawn's capture needs at least its file), a capture
/// mark (none, `x` or `:`, whether or not the move captures: a wrong mark is only a warning),
/// the full target square, and the promotion letter if any (attached, after `=` or `/`).
pub fn full_writings(mv: Move) -> Vec<String> {
    if let Some(side) = mv.castling_side() {
        return match side {
            // With or without dashes, with zeros or letters O: the meaning is certain.
            CastlingSide::KingSide => ["0-0", "O-O", "o-o", "00", "OO", "oo"],
            CastlingSide::QueenSide => ["0-0-0", "O-O-O", "o-o-o", "000", "OOO", "ooo"],
        }
        .map(String::from)
        .to_vec();
    }
    // The Spanish letter; a letter of another E3 set that names this piece in every set that
    // uses it (`K`, `Q`, `N`/`S`, `L`/`F`: a `foreign-letter` warning, the meaning certain);
    // `P` for a pawn (a `pawn-letter` warning: C.4 writes pawns without a letter).
    let letters: &[&str] = match mv.role() {
        Role::Pawn => &["", "P"],
        Role::Knight => &["C", "N", "S"],
        Role::Bishop => &["A", "L", "F"],
        Role::Rook => &["T"],
        Role::Queen => &["D", "Q"],
        Role::King => &["R", "K"],
    };
    let (from, to) = (mv.from(), mv.to());
    let file = from.file().char().to_string();
    let rank = from.rank().char().to_string();
    let both = format!("{file}{rank}");
    // A pawn's file alone is written only for a capture, the file it leaves (E9; C.9): a
    // push written with its file (`cc3`) is no writing of it.
    let origins: Vec<&str> = match mv.role() {
        Role::Pawn if from.file() != to.file() => vec![&file, &both],
        Role::Pawn => vec!["", &rank, &both],
        _ => vec!["", &file, &rank, &both],
    };
    let target = format!("{}{}", to.file().char(), to.rank().char());
    let promotions: Vec<String> = match mv.promotion() {
        None => vec![String::new()],
        Some(p) => {
            // The Spanish letter, or a foreign one with one meaning (a warning).
            let foreign: &[&str] = match p {
                Role::Queen => &["Q"],
                Role::Knight => &["N", "S"],
                Role::Bishop => &["L", "F"],
                _ => &[],
            };
            std::iter::once(spanish_letter(p))
                .chain(foreign.iter().copied())
                .flat_map(|l| [l.to_owned(), format!("={l}"), format!("/{l}")])
                .collect()
        }
    };
    let mut out = Vec::new();
    for letter in letters {
        for origin in &origins {
            // A dash is the long-algebraic separator, a mark like `x`.
            for capture in ["", "x", ":", "×", "-"] {
                for promotion in &promotions {
                    out.push(format!("{letter}{origin}{capture}{target}{promotion}"));
                }
            }
        }
    }
    out
}

/// `written` without its marks that only warn: spaces around it, a trailing en passant mark
/// (`a.p.`, `e.p.`, attached or spaced) and trailing check, mate and annotation marks
/// (`+`, `#`, `!`, `?`, in any number).
pub fn strip_marks(written: &str) -> &str {
    let mut s = written.trim();
    // Print's punctuation after a move: a comma, or a full stop that is no en passant mark's
    // (`grammar/notacion.ebnf`, `punctuation`).
    if let Some(rest) = s.strip_suffix(',') {
        s = rest;
    } else if !s.ends_with("a.p.") && !s.ends_with("e.p.") {
        s = s.strip_suffix('.').unwrap_or(s);
    }
    loop {
        let before = s;
        s = s.trim_end_matches(['+', '#', '!', '?']).trim_end();
        for mark in ["a.p.", "e.p."] {
            if let Some(rest) = s.strip_suffix(mark) {
                s = rest.trim_end();
            }
        }
        if s == before {
            return s;
        }
    }
}

/// `true` when `written` is a complete, standard Spanish writing of `mv`, marks aside.
pub fn writes_in_full(written: &str, mv: Move) -> bool {
    let core = strip_marks(written);
    full_writings(mv).iter().any(|w| w == core)
}

/// `written` split into a leading move number (digits, then any dots and spaces) and the rest,
/// when it has one and something follows it: `8Dc8` is `(8, "Dc8")`, `12... Cf3` is
/// `(12, "Cf3")`.
pub fn split_number(written: &str) -> Option<(u32, &str)> {
    let digits = written.len()
        - written
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    if digits == 0 {
        return None;
    }
    let number = written[..digits].parse().ok()?;
    let rest = written[digits..].trim_start_matches('.').trim_start();
    (!rest.is_empty()).then_some((number, rest))
}

/// What became of one edit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// The first error is at the edited move: found.
    ErrorAtPly,
    /// No error at or before it, and the played move was read from a complete writing of it.
    SameMove,
    /// No error at or before it, and the played move was read from a text that does not
    /// write it in full (a completed square, a dropped character, another case…): a guess
    /// that happened to be right.
    SameMoveUnwritten,
    /// No error at or before it, and another legal move was read, which the edited text
    /// writes in full: a different, well-written move.
    OtherFullMove,
    /// No error at or before it, and a move was read that the edited text does not write in
    /// full (or the text was read as several moves): a guess.
    SilentGuess,
    /// No error at or before it, and no move was read from the edited text: it was dropped
    /// without trace (the next move shifted into its place, or the game ended).
    Vanished,
    /// The first error is before the edited move, which the edit cannot have caused.
    ErrorBefore,
}

impl Class {
    /// Every class, in the order of the figures.
    pub const ALL: [Class; 7] = [
        Class::ErrorAtPly,
        Class::SameMove,
        Class::SameMoveUnwritten,
        Class::OtherFullMove,
        Class::SilentGuess,
        Class::Vanished,
        Class::ErrorBefore,
    ];

    /// Its name in the figures.
    pub const fn name(self) -> &'static str {
        match self {
            Class::ErrorAtPly => "error-at-ply",
            Class::SameMove => "same-move",
            Class::SameMoveUnwritten => "same-move-unwritten",
            Class::OtherFullMove => "other-full-move",
            Class::SilentGuess => "silent-guess",
            Class::Vanished => "vanished",
            Class::ErrorBefore => "error-before",
        }
    }

    /// `true` for the classes the first principle forbids.
    pub const fn is_failure(self) -> bool {
        matches!(
            self,
            Class::SameMoveUnwritten | Class::SilentGuess | Class::Vanished | Class::ErrorBefore
        )
    }
}

/// One edit, checked and classified.
#[derive(Clone, Debug)]
pub struct Case {
    /// The game's origin.
    pub origin: String,
    /// The edited ply (from 1).
    pub ply: usize,
    /// The move number and colour of that ply, as `12.` or `12...`.
    pub number: String,
    /// The move as written.
    pub original: String,
    /// Its SAN (from the unedited sheet's report).
    pub original_san: String,
    /// The edit.
    pub edit: Edit,
    /// The edited text.
    pub edited: String,
    /// The class.
    pub class: Class,
    /// The first error came after the edited move.
    pub later_error: bool,
    /// The first error is on the edited ply's number but on another token's text (the edited
    /// text vanished and the next move took its ply).
    pub misplaced: bool,
    /// The SAN of every move read from the edited text.
    pub read_as: Vec<String>,
    /// The first error: code, ply and the text it names.
    pub first_error: Option<String>,
    /// The codes of the warnings on the edited text.
    pub warnings: Vec<&'static str>,
    /// For an error on the edited text: whether the move intended (the original) is among the
    /// error's first three suggestions.
    pub suggested: Option<bool>,
}

impl Case {
    /// One line: `lichess_db_1000k.pgn#3 ply 17 (9. Cxe5): "Cxe5" -> "C5" [del 2] read as Cxe5; warnings: …`.
    pub fn line(&self) -> String {
        let read = if self.read_as.is_empty() {
            "nothing read".to_owned()
        } else {
            format!("read as {}", self.read_as.join(" + "))
        };
        let mut s = format!(
            "{} ply {} ({} {} = {}): {:?} -> {:?} [{}] {read}",
            self.origin,
            self.ply,
            self.number,
            self.original,
            self.original_san,
            self.original,
            self.edited,
            self.edit.describe(),
        );
        if !self.warnings.is_empty() {
            s.push_str(&format!("; warnings: {}", self.warnings.join(", ")));
        }
        if let Some(e) = &self.first_error {
            s.push_str(&format!("; first error: {e}"));
        }
        s
    }
}

fn overlaps(a: (u32, u32), s: usize, e: usize) -> bool {
    let (a0, a1) = (a.0 as usize, a.1 as usize);
    if a0 == a1 {
        a0 >= s && a0 <= e
    } else {
        a0 < e && a1 > s
    }
}

/// `code at ply N on "text"`.
fn describe(d: &planilla::check::Diagnostic) -> String {
    let ply = d.ply.map_or("no ply".to_owned(), |p| format!("ply {p}"));
    match &d.written {
        Some(w) => format!("{} at {ply} on {w:?}", d.code().as_str()),
        None => format!("{} at {ply}", d.code().as_str()),
    }
}

/// The strict check of the library, as `planilla check` does it: every game of the text.
pub fn check(text: &str) -> Vec<GameReport> {
    check_text(text, &CheckOptions::default()).collect()
}

/// Checks `edited` in place of ply `ply`'s text and classifies the outcome by `oracle`. `baseline_sans`
/// are the SANs the library reads from the unedited sheet (for display only).
pub fn classify(
    oracle: &dyn Oracle,
    sheet: &Sheet,
    origin: &str,
    ply: usize,
    edit: Edit,
    edited: &str,
    baseline_sans: &[String],
) -> Case {
    let (text, (s, e)) = sheet.with(ply, edited);
    let reports = oracle.check(&text);
    let original = sheet.written(ply).to_owned();
    let pos = &sheet.before[ply - 1];
    let number = match pos.turn() {
        Color::White => format!("{}.", pos.fullmove_number()),
        Color::Black => format!("{}...", pos.fullmove_number()),
    };
    let mut case = Case {
        origin: origin.to_owned(),
        ply,
        number,
        original,
        original_san: baseline_sans[ply - 1].clone(),
        edit,
        edited: edited.to_owned(),
        class: Class::ErrorAtPly,
        later_error: false,
        misplaced: false,
        read_as: Vec::new(),
        first_error: None,
        warnings: Vec::new(),
        suggested: None,
    };
    // The first error, over every game the text was read as (an edit may start a new game).
    let first = reports.iter().enumerate().find_map(|(g, r)| {
        r.diagnostics
            .iter()
            .find(|d| d.severity() == Severity::Error)
            .map(|d| (g, d))
    });
    if let Some((g, d)) = first {
        let span = (d.span.start, d.span.end);
        let on_token = overlaps(span, s, e);
        let on_ply = g == 0 && d.ply == Some(ply as u32);
        if on_token || on_ply {
            case.class = Class::ErrorAtPly;
            case.misplaced = !on_token;
            let intended = strip_marks(&case.original);
            case.suggested = on_token.then(|| {
                d.suggestions
                    .iter()
                    .take(3)
                    .any(|s| strip_marks(&s.written) == intended)
            });
            if case.suggested == Some(false) {
                case.first_error = Some(format!(
                    "{}; suggested {:?}",
                    describe(d),
                    d.suggestions
                        .iter()
                        .take(3)
                        .map(|s| s.written.as_str())
                        .collect::<Vec<_>>()
                ));
            }
            if case.misplaced {
                case.first_error = Some(describe(d));
            }
            return case;
        }
        if (span.1 as usize) <= s || (g == 0 && d.ply.is_some_and(|p| (p as usize) < ply)) {
            case.class = Class::ErrorBefore;
            case.first_error = Some(describe(d));
            return case;
        }
        case.later_error = true;
        case.first_error = Some(describe(d));
    }
    let Some(first_game) = reports.first() else {
        case.class = Class::Vanished;
        return case;
    };
    case.warnings = first_game
        .diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Warning && overlaps((d.span.start, d.span.end), s, e))
        .map(|d| d.code().as_str())
        .collect();
    let read: Vec<_> = first_game
        .moves
        .iter()
        .filter(|m| overlaps((m.span.start, m.span.end), s, e))
        .collect();
    case.read_as = read.iter().map(|m| m.san.to_string()).collect();
    // The edited text writes `mv` in full, or a move number then `mv` in full: its own
    // number, or another one that a diagnostic notes (a wrong number is only a warning).
    let own_number = pos.fullmove_number();
    let noted = first_game
        .diagnostics
        .iter()
        .any(|d| overlaps((d.span.start, d.span.end), s, e));
    let in_full = |mv: Move| {
        oracle.in_full(pos, edited, mv)
            || split_number(edited).is_some_and(|(n, rest)| {
                oracle.in_full(pos, rest, mv) && (n == own_number || noted)
            })
    };
    case.class = match read.as_slice() {
        [] => Class::Vanished,
        [m] if m.ply as usize != ply => Class::Vanished,
        [m] if m.mv == sheet.moves[ply - 1] => {
            if in_full(m.mv) {
                Class::SameMove
            } else {
                Class::SameMoveUnwritten
            }
        }
        [m] if in_full(m.mv) => Class::OtherFullMove,
        _ => Class::SilentGuess,
    };
    case
}

/// The figures of an audit.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games audited.
    pub games: usize,
    /// Edits checked.
    pub edits: usize,
    /// Games whose unedited sheet the library did not read back move for move (should be 0).
    pub baseline_failures: Vec<String>,
    /// Every case, in game order.
    pub cases: Vec<Case>,
}

impl Tally {
    /// How many cases of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.cases.iter().filter(|c| c.class == class).count()
    }

    /// How many cases of `class` also had their first error later.
    pub fn count_later(&self, class: Class) -> usize {
        self.cases
            .iter()
            .filter(|c| c.class == class && c.later_error)
            .count()
    }

    /// Up to ten cases of each failing class, one line each; empty when there is none.
    pub fn failure_report(&self) -> String {
        let mut report = String::new();
        for class in Class::ALL.into_iter().filter(|c| c.is_failure()) {
            let cases: Vec<_> = self.cases.iter().filter(|c| c.class == class).collect();
            if cases.is_empty() {
                continue;
            }
            report.push_str(&format!("\n{} ({}):\n", class.name(), cases.len()));
            for case in cases.iter().take(10) {
                report.push_str(&format!("  {}\n", case.line()));
            }
        }
        report
    }

    /// The figures, one line per class.
    pub fn figures(&self) -> String {
        let mut s = format!(
            "{} games, {} single-character edits of one move each (strict check, 2023)\n",
            self.games, self.edits
        );
        let total = self.edits.max(1) as f64;
        for class in Class::ALL {
            let n = self.count(class);
            let later = self.count_later(class);
            s.push_str(&format!(
                "  {:<20} {:>7}  {:>6.2} %",
                class.name(),
                n,
                100.0 * n as f64 / total
            ));
            if later > 0 {
                s.push_str(&format!("  ({later} with the first error at a later move)"));
            }
            if class == Class::ErrorAtPly {
                let misplaced = self
                    .cases
                    .iter()
                    .filter(|c| c.class == class && c.misplaced)
                    .count();
                s.push_str(&format!(
                    "  ({misplaced} on the ply's number but another token's text)"
                ));
            }
            s.push('\n');
        }
        let slips: Vec<bool> = self.cases.iter().filter_map(|c| c.suggested).collect();
        let found = slips.iter().filter(|&&b| b).count();
        s.push_str(&format!(
            "  the intended move among the top-3 suggestions: {found} of {} errors on the edited text ({:.2} %)\n",
            slips.len(),
            100.0 * found as f64 / slips.len().max(1) as f64
        ));
        if !self.baseline_failures.is_empty() {
            s.push_str(&format!(
                "  unedited sheets not read back: {}\n",
                self.baseline_failures.len()
            ));
        }
        s
    }
}

/// Audits one game by `oracle`: writes it, checks that the unedited sheet reads back move for move, picks
/// `plies` plies by `seed` and `index`, and checks up to `edits` edits of each (0: all).
/// `Err` names the game when the unedited sheet does not read back.
#[allow(clippy::too_many_arguments)]
pub fn audit_game(
    oracle: &dyn Oracle,
    origin: &str,
    index: usize,
    start: &Position,
    moves: &[Move],
    plies: usize,
    edits: usize,
    seed: u64,
) -> Result<Vec<Case>, String> {
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    let sheet = Sheet::write_with(start, moves, oracle);
    let reports = oracle.check(&sheet.text);
    let Some(baseline) = reports.first() else {
        return Err(format!("{origin}: the unedited sheet reads as no game"));
    };
    let read: Vec<Move> = baseline.moves.iter().map(|m| m.mv).collect();
    if reports.len() != 1 || !baseline.is_valid() || read != moves {
        return Err(format!("{origin}: the unedited sheet does not read back"));
    }
    let sans: Vec<String> = baseline.moves.iter().map(|m| m.san.to_string()).collect();
    let mut rng = Lcg::new(seed, index as u64);
    let mut chosen = Vec::new();
    for _ in 0..plies.min(moves.len()) {
        let ply = 1 + rng.below(moves.len());
        if !chosen.contains(&ply) {
            chosen.push(ply);
        }
    }
    let mut cases = Vec::new();
    for ply in chosen {
        let alphabet = oracle.alphabet();
        for (edit, edited) in sample_edits_in(sheet.written(ply), edits, &mut rng, alphabet) {
            cases.push(classify(oracle, &sheet, origin, ply, edit, &edited, &sans));
        }
    }
    Ok(cases)
}

/// Audits `games` (origin, start, moves) in parallel; the cases come in game order.
pub fn audit(
    games: &[(String, Position, Vec<Move>)],
    plies: usize,
    edits: usize,
    seed: u64,
) -> Tally {
    audit_with(&Algebraic, games, plies, edits, seed)
}

/// [`audit`] by `oracle`.
pub fn audit_with(
    oracle: &dyn Oracle,
    games: &[(String, Position, Vec<Move>)],
    plies: usize,
    edits: usize,
    seed: u64,
) -> Tally {
    use rayon::prelude::*;
    let results: Vec<_> = games
        .par_iter()
        .enumerate()
        .map(|(i, (origin, start, moves))| {
            audit_game(oracle, origin, i, start, moves, plies, edits, seed)
        })
        .collect();
    let mut tally = Tally {
        games: games.len(),
        ..Tally::default()
    };
    for r in results {
        match r {
            Ok(cases) => tally.cases.extend(cases),
            Err(name) => tally.baseline_failures.push(name),
        }
    }
    tally.edits = tally.cases.len();
    tally
}
