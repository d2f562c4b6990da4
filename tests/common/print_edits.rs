//! The edit audit of printed text: every single-character edit of one printed move of each
//! fragment of `tests/data/print/` that the library reads to the end (the outcome `Read` of
//! `print_corpus::audit`), spliced back into the whole fragment, checked again, and
//! classified as the sheet audit of `common/audit.rs` classifies its edits ([`Class`]).
//!
//! The edited text is the printed text of one move only: the bytes of its span in the
//! unedited report (`PlyRecord::span`), so `K. Kt. to K. B's 3d.` or `P - K 4` or `Dh5?!`.
//! Its edits are substitutions by the characters of the fragment's notation, deletions,
//! insertions and swaps of adjacent characters ([`audit::all_edits_in`]).
//!
//! # What writes a move in full: the oracle
//!
//! The oracle does not ask the library's reader. It depends on the fragment's notation:
//!
//! - Spanish algebraic: [`audit::writes_in_full`] (the complete Spanish writings of the move,
//!   enumerated there), after the marks that only warn (`!`, `?`, `+`, `#`, a trailing full
//!   stop or comma) are taken off.
//! - English algebraic: the same, after the English piece letters `K Q R B N` are turned into
//!   the Spanish `R D T A C` (one letter at a time, all at once: an English `R` is a rook, `T`).
//! - English descriptive: the text is brought to a normal form ([`en_normal`]): spaces, full
//!   stops, apostrophe-s (`K's`), `!`, `?`, `+`, check marks (`ch`, `(ch.)`, `dis.`) and
//!   en passant marks (`e.p.`, `en pas`, `in passing`) go; `takes`, `take`, `×`, `:` become
//!   `x`; the word `to` and every dash become `-` (after `to`, a file with no rank is on the
//!   first rank: Bird's `K to B` for `K to B square`); `Kt`, `KT` and `N` become `N`; the
//!   ordinals `1st`, `2d`, `2nd`, `3d`, `3rd`, `4th` … `8th` their digits; `sq` and `square`
//!   the rank `1`; `his` and `her` one token `H`; `Castles` (with `KR`, `QR`, `on K's side`,
//!   `on Q's side`) and `O-O`, `O-O-O` (or `0-0`, `o-o`, spaced or not) castling; a
//!   parenthesis at the end that holds more than files and ranks (`(ch1)`, a footnote mark)
//!   is print's commentary after the move and goes too. Any other character stays as it is
//!   and makes the text differ. The edited text writes the printed move `mv` in full when
//!   1. its normal form equals the normal form of the original printed text (which the corpus
//!      says is right), or
//!   2. it equals that normal form less one wing or file qualifier (`K`/`Q` before a file
//!      name, as in `K. B's 3d.` → `B's 3d.` or `K. Kt.` → `Kt.`; a pawn's whole file, as in
//!      `Q. P.` → `P.`), and no other legal move has a writing of that form: in descriptive
//!      notation a qualifier that the position makes superfluous may be left out, and the text
//!      still names exactly one move; or
//!   3. its normal form is among the writings of exactly one legal move, `mv`
//!      ([`en_designates`]: the writings are enumerated here from the tables of the notation,
//!      like the Spanish oracle of `common/descriptive_audit.rs`: files named after the pieces
//!      (`QR QN QB Q K KB KN KR`, or `R N B` for both files of a piece), ranks counted from the
//!      mover's side; a piece qualified by the wing or the file it started on (`K. Kt.`, `QB`,
//!      `BB`), as print names pieces, when the fragment starts from the initial position, else
//!      by where it stands; a pawn by the file it stands on (`KBP`, `BP`); a square in
//!      parentheses (`R(Q2)`, `KtxP(B3)`); the Blue Book's `his`/`her` files; a move form names
//!      the moves that take nothing, or the captures when none does). This is how another move
//!      is found written in full, and how an added qualifier is accepted: only when the
//!      position confirms it.
//! - Spanish descriptive: the oracle of `common/descriptive_audit.rs` (`designates`), or the
//!   original text itself less its marks.
//!
//! In every notation a leading move number before a full writing is a full writing when it is
//! the move's own number, or when a diagnostic notes it (as in `common/audit.rs`); and full
//! stops or a dash put before a move printed right after its number's digits or full stop
//! (`3.Axf6` to `3..Axf6`, `2.Cf3` to `2.-Cf3`, as Spanish print writes `2.- Cf3`) are the
//! number's, not the move's.
//!
//! Any changed text that the library reads as the printed move without writing it in full by
//! this rule is `same-move-unwritten`, a failure to be judged by a human (the example lists
//! them with `--show`).
//!
//! Included by path (after `common/audit.rs`, `common/print_corpus.rs` and
//! `common/descriptive_audit.rs`) by `tests/print_edit_audit.rs` and
//! `examples/print_edit_audit.rs`.

#![allow(dead_code)]

use std::collections::BTreeSet;

use planilla::check::{CheckOptions, Diagnostic, GameReport, PlyRecord, Severity, check_text};
use planilla::{CastlingSide, Color, Move, Position, Role, Square};

use crate::audit::{self, Case, Class, Edit, Lcg, Tally};
use crate::descriptive_audit;
use crate::print_corpus::{self, Fragment, Outcome};

/// The notation of a fragment, as its `notation:` field names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Notation {
    /// `es-algebraic`.
    EsAlgebraic,
    /// `en-algebraic`.
    EnAlgebraic,
    /// `en-descriptive`.
    EnDescriptive,
    /// `es-descriptive`.
    EsDescriptive,
}

impl Notation {
    /// Every notation, in the order of the figures.
    pub const ALL: [Notation; 4] = [
        Notation::EsAlgebraic,
        Notation::EnAlgebraic,
        Notation::EnDescriptive,
        Notation::EsDescriptive,
    ];

    /// The notation a `notation:` field names.
    pub fn of(field: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == field)
    }

    /// Its name, as in the fragments.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::EsAlgebraic => "es-algebraic",
            Notation::EnAlgebraic => "en-algebraic",
            Notation::EnDescriptive => "en-descriptive",
            Notation::EsDescriptive => "es-descriptive",
        }
    }

    /// The characters an edit puts in.
    pub fn alphabet(self) -> &'static [char] {
        match self {
            Notation::EsAlgebraic | Notation::EnAlgebraic => audit::ALPHABET,
            Notation::EnDescriptive => EN_DESCRIPTIVE_ALPHABET,
            Notation::EsDescriptive => descriptive_audit::DESCRIPTIVE_ALPHABET,
        }
    }
}

/// The characters an edit of English descriptive text puts in: the piece and file letters in
/// both cases, `T` and `t` (of `Kt`), `s` (of `K's`, `sq`), the marks, the digits with a zero,
/// the space, the parentheses, and the letters of `to`, `takes`, `sq`, `ch` and of the
/// ordinals (`3d`).
pub const EN_DESCRIPTIVE_ALPHABET: &[char] = &[
    'P', 'K', 'Q', 'R', 'B', 'N', 'T', 't', 'k', 'q', 'r', 'b', 'n', 'p', 's', '-', 'x', '×', '.',
    '\'', '1', '2', '3', '4', '5', '6', '7', '8', '0', ' ', '(', ')', 'o', 'a', 'e', 'c', 'h', 'd',
];

/// A fragment read to the end, with its unedited report.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The fragment.
    pub fragment: Fragment,
    /// Its notation.
    pub notation: Notation,
    /// The options it is read with (`print_corpus::options`).
    pub options: CheckOptions,
    /// The moves of the unedited text's first game.
    pub moves: Vec<PlyRecord>,
    /// The position before each ply.
    pub before: Vec<Position>,
    /// Where each piece started, before each ply (see [`Origins`]).
    pub origins: Vec<Origins>,
}

/// Where the piece on each square (by index) started: print names a piece by the side and
/// file it started on (`K. Kt.`, `QB`: the Blue Book's note; `grammar/descriptiva.ebnf`). Known
/// when the fragment starts from the initial position, for the pieces that were there;
/// `None` otherwise (a promoted piece, a fragment from a FEN), and the piece is named by where
/// it stands.
pub type Origins = [Option<Square>; 64];

/// The origins of a game's first position: every piece started where it stands.
pub fn origins_at_start(pos: &Position) -> Origins {
    let mut origins = [None; 64];
    for sq in pos.occupied() {
        origins[sq.index()] = Some(sq);
    }
    origins
}

/// The origins after `mv`, played by `color`.
fn play_origins(origins: &mut Origins, mv: Move, color: Color) {
    match mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            origins[to.index()] = if promotion.is_some() {
                None
            } else {
                origins[from.index()]
            };
            origins[from.index()] = None;
        }
        Move::EnPassant { from, to } => {
            origins[Square::from_coords(to.file(), from.rank()).index()] = None;
            origins[to.index()] = origins[from.index()];
            origins[from.index()] = None;
        }
        Move::Castle { king, rook } => {
            let side = mv.castling_side().expect("castling");
            let (k, r) = (origins[king.index()], origins[rook.index()]);
            origins[king.index()] = None;
            origins[rook.index()] = None;
            origins[side.king_to(color).index()] = k;
            origins[side.rook_to(color).index()] = r;
        }
    }
}

impl Prepared {
    /// The unedited fragment's reading, when it reads to the end with the expected SAN
    /// (`print_corpus::audit` gives `Read`) and its notation is known.
    pub fn new(fragment: &Fragment) -> Option<Prepared> {
        if print_corpus::audit(fragment) != Outcome::Read {
            return None;
        }
        let notation = Notation::of(&fragment.notation)?;
        let options = print_corpus::options(fragment);
        let report = check_text(&fragment.text, &options).next()?;
        let mut before = Vec::with_capacity(report.moves.len());
        let mut origins = Vec::with_capacity(report.moves.len());
        let mut pos = report.start_position();
        let mut started: Origins = if fragment.fen.is_none() {
            origins_at_start(&pos)
        } else {
            [None; 64]
        };
        for m in &report.moves {
            before.push(pos);
            origins.push(started);
            play_origins(&mut started, m.mv, pos.turn());
            pos = m.after;
        }
        Some(Prepared {
            fragment: fragment.clone(),
            notation,
            options,
            moves: report.moves,
            before,
            origins,
        })
    }

    /// The byte span of ply `ply`'s printed text (from 1).
    pub fn span(&self, ply: usize) -> (usize, usize) {
        let m = &self.moves[ply - 1];
        (m.span.start as usize, m.span.end as usize)
    }

    /// Ply `ply`'s printed text (from 1).
    pub fn written(&self, ply: usize) -> &str {
        let (s, e) = self.span(ply);
        &self.fragment.text[s..e]
    }
}

/// Every fragment of the corpus that reads to the end, prepared.
pub fn fragments() -> Vec<Prepared> {
    print_corpus::load()
        .iter()
        .filter_map(Prepared::new)
        .collect()
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
fn describe(d: &Diagnostic) -> String {
    let ply = d.ply.map_or("no ply".to_owned(), |p| format!("ply {p}"));
    match &d.written {
        Some(w) => format!("{} at {ply} on {w:?}", d.code().as_str()),
        None => format!("{} at {ply}", d.code().as_str()),
    }
}

/// `true` when `written` (a move's text, no move number) writes `mv`, legal in `pos`, in full
/// in `notation`; `original` is the unedited printed text of the ply's move `played`, and
/// `origins` where the pieces started.
pub fn in_full(
    notation: Notation,
    pos: &Position,
    origins: &Origins,
    original: &str,
    played: Move,
    written: &str,
    mv: Move,
) -> bool {
    match notation {
        Notation::EsAlgebraic => audit::writes_in_full(print_core(written), mv),
        Notation::EnAlgebraic => audit::writes_in_full(&english_to_spanish(written), mv),
        Notation::EnDescriptive => en_in_full(pos, origins, original, played, written, mv),
        Notation::EsDescriptive => {
            let core = descriptive_audit::without_marks(written);
            let fits = descriptive_audit::fitting(pos, core);
            (mv == played && core == descriptive_audit::without_marks(original))
                || fits == [mv]
                || descriptive_audit::by_check_mark(pos, &fits, written) == Some(mv)
        }
    }
}

/// An algebraic text less print's punctuation after it and its annotation marks.
fn print_core(written: &str) -> &str {
    audit::strip_marks(written)
}

/// An English algebraic text in Spanish letters (`K Q R B N` to `R D T A C`, all at once).
pub fn english_to_spanish(written: &str) -> String {
    print_core(written)
        .chars()
        .map(|c| match c {
            'K' => 'R',
            'Q' => 'D',
            'R' => 'T',
            'B' => 'A',
            'N' => 'C',
            c => c,
        })
        .collect()
}

/// Checks `edited` in place of ply `ply`'s printed text and classifies the outcome.
pub fn classify(p: &Prepared, ply: usize, edit: Edit, edited: &str) -> Case {
    let (s, e0) = p.span(ply);
    let text = format!(
        "{}{edited}{}",
        &p.fragment.text[..s],
        &p.fragment.text[e0..]
    );
    let e = s + edited.len();
    let reports: Vec<GameReport> = check_text(&text, &p.options).collect();
    let record = &p.moves[ply - 1];
    let original = p.written(ply).to_owned();
    let number = match record.color {
        Color::White => format!("{}.", record.number),
        Color::Black => format!("{}...", record.number),
    };
    let mut case = Case {
        origin: p.fragment.id.clone(),
        ply,
        number,
        original: original.clone(),
        original_san: record.san.to_string(),
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
            // Compared by the move, not by its writing: the suggestions are written in the
            // library's canonical form, print in its own.
            case.suggested =
                on_token.then(|| d.suggestions.iter().take(3).any(|s| s.mv == record.mv));
            if case.suggested == Some(false) || case.misplaced {
                case.first_error = Some(describe(d));
            }
            return case;
        }
        if (span.1 as usize) <= s || (g == 0 && d.ply.is_some_and(|q| (q as usize) < ply)) {
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
    let pos = &p.before[ply - 1];
    let origins = &p.origins[ply - 1];
    let own_number = record.number;
    let noted = first_game
        .diagnostics
        .iter()
        .any(|d| overlaps((d.span.start, d.span.end), s, e));
    let full =
        |text: &str, mv: Move| in_full(p.notation, pos, origins, &original, record.mv, text, mv);
    // The edited text writes `mv` in full, or a move number then `mv` in full: its own
    // number, or another one that a diagnostic notes (a wrong number is only a warning).
    // Full stops and a dash put before a move printed right after its number (`3.Axf6` to
    // `3..Axf6`, `2.Cf3` to `2.-Cf3`, Spanish print's `2.- Cf3`) are the number's: the move's
    // text starts after them.
    let after_number = p.fragment.text[..s].ends_with(|c: char| c == '.' || c.is_ascii_digit());
    let unnumbered = edited.trim_start_matches(['.', '-']);
    let writes = |mv: Move| {
        full(edited, mv)
            || (after_number && unnumbered.len() < edited.len() && full(unnumbered, mv))
            || audit::split_number(edited)
                .is_some_and(|(n, rest)| full(rest, mv) && (n == own_number || noted))
    };
    case.class = match read.as_slice() {
        [] => Class::Vanished,
        [m] if m.ply as usize != ply => Class::Vanished,
        [m] if m.mv == record.mv => {
            if writes(m.mv) {
                Class::SameMove
            } else {
                Class::SameMoveUnwritten
            }
        }
        [m] if writes(m.mv) => Class::OtherFullMove,
        _ => Class::SilentGuess,
    };
    case
}

/// The plies chosen in a fragment of `n` plies: up to `plies` of them, by `rng`.
pub fn choose_plies(n: usize, plies: usize, rng: &mut Lcg) -> Vec<usize> {
    let mut chosen = Vec::new();
    for _ in 0..plies.min(n) {
        let ply = 1 + rng.below(n);
        if !chosen.contains(&ply) {
            chosen.push(ply);
        }
    }
    chosen
}

/// The edits of one prepared fragment: `plies` plies chosen by `seed` and `index`, and up to
/// `edits` edits of each (0: all of them), as (ply, edit, edited text).
pub fn fragment_edits(
    p: &Prepared,
    index: usize,
    plies: usize,
    edits: usize,
    seed: u64,
) -> Vec<(usize, Edit, String)> {
    let mut rng = Lcg::new(seed, index as u64);
    let mut out = Vec::new();
    for ply in choose_plies(p.moves.len(), plies, &mut rng) {
        let alphabet = p.notation.alphabet();
        for (edit, edited) in audit::sample_edits_in(p.written(ply), edits, &mut rng, alphabet) {
            out.push((ply, edit, edited));
        }
    }
    out
}

/// Audits one prepared fragment ([`fragment_edits`], each classified).
pub fn audit_fragment(
    p: &Prepared,
    index: usize,
    plies: usize,
    edits: usize,
    seed: u64,
) -> Vec<Case> {
    fragment_edits(p, index, plies, edits, seed)
        .into_iter()
        .map(|(ply, edit, edited)| classify(p, ply, edit, &edited))
        .collect()
}

/// The figures of the audit: one tally per notation (its `games` are fragments).
#[derive(Clone, Debug, Default)]
pub struct PrintTally {
    /// Per notation, in [`Notation::ALL`] order.
    pub by_notation: Vec<(Notation, Tally)>,
}

impl PrintTally {
    /// Every notation's cases together.
    pub fn total(&self) -> Tally {
        let mut t = Tally::default();
        for (_, n) in &self.by_notation {
            t.games += n.games;
            t.edits += n.edits;
            t.cases.extend(n.cases.iter().cloned());
        }
        t
    }

    /// The figures, per notation and in total.
    pub fn figures(&self) -> String {
        let mut s = String::new();
        let total = self.total();
        let parts = self
            .by_notation
            .iter()
            .map(|(n, t)| (n.name(), t))
            .chain(std::iter::once(("total", &total)));
        for (name, t) in parts {
            s.push_str(&format!(
                "{name}: {} fragments, {} single-character edits of one printed move each\n",
                t.games, t.edits
            ));
            if t.edits > 0 {
                // The class lines of the sheet audit's figures, less their heading.
                for line in t.figures().lines().skip(1) {
                    s.push_str(line);
                    s.push('\n');
                }
            }
        }
        s
    }

    /// The cases of every failing class, in fragment order.
    pub fn failures(&self) -> Vec<&Case> {
        self.by_notation
            .iter()
            .flat_map(|(_, t)| t.cases.iter())
            .filter(|c| c.class.is_failure())
            .collect()
    }
}

/// Audits `fragments`, the edits checked in parallel (the cases come in fragment order).
pub fn audit_all(fragments: &[Prepared], plies: usize, edits: usize, seed: u64) -> PrintTally {
    use rayon::prelude::*;
    let jobs: Vec<(usize, usize, Edit, String)> = fragments
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            fragment_edits(p, i, plies, edits, seed)
                .into_iter()
                .map(move |(ply, edit, edited)| (i, ply, edit, edited))
        })
        .collect();
    let cases: Vec<(usize, Case)> = jobs
        .par_iter()
        .map(|(i, ply, edit, edited)| (*i, classify(&fragments[*i], *ply, *edit, edited)))
        .collect();
    let mut by_notation: Vec<(Notation, Tally)> = Notation::ALL
        .into_iter()
        .map(|n| (n, Tally::default()))
        .collect();
    let tally = |by: &mut Vec<(Notation, Tally)>, n: Notation| -> usize {
        by.iter()
            .position(|(m, _)| *m == n)
            .expect("every notation has a tally")
    };
    for p in fragments {
        let k = tally(&mut by_notation, p.notation);
        by_notation[k].1.games += 1;
    }
    for (i, case) in cases {
        let k = tally(&mut by_notation, fragments[i].notation);
        by_notation[k].1.edits += 1;
        by_notation[k].1.cases.push(case);
    }
    PrintTally { by_notation }
}

// ---------------------------------------------------------------------------------------------
// English descriptive: the normal form and the writings of a move.
// ---------------------------------------------------------------------------------------------

/// One token of an English descriptive text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// A piece or file letter: `K Q R B N P` (`Kt` is `N`).
    Letter(char),
    /// A rank.
    Rank(u8),
    /// `-`, a dash.
    Dash,
    /// The word `to`.
    To,
    /// `x`, `×`, `:`, `takes`.
    Takes,
    /// `his`, `her`.
    His,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `Castles`.
    Castles,
    /// A castling letter: `O`, `0` or `o`.
    CastleO(char),
    /// A word that only marks (check, en passant, `on … side`).
    Noise,
    /// A lone `e` or `p` (of `e.p.`).
    Ep(char),
    /// A lone `on` or `side` (of `Castles on K's side`).
    Side,
    /// Anything else: it makes the text differ.
    Other(char),
}

fn ordinal_suffixes(d: u8) -> &'static [&'static str] {
    match d {
        1 => &["st"],
        2 => &["nd", "d"],
        3 => &["rd", "d"],
        _ => &["th"],
    }
}

/// The tokens of one word (a run of ASCII letters and digits).
fn word_tokens(word: &str, out: &mut Vec<Tok>) {
    let lower = word.to_ascii_lowercase();
    let whole = match lower.as_str() {
        "to" => Some(Tok::To),
        "takes" | "take" => Some(Tok::Takes),
        "sq" | "square" => Some(Tok::Rank(1)),
        "his" | "her" => Some(Tok::His),
        "castles" => Some(Tok::Castles),
        "ch" | "dis" | "mate" | "in" | "passing" | "en" | "pas" | "passant" => Some(Tok::Noise),
        "on" | "side" => Some(Tok::Side),
        _ => None,
    };
    if let Some(t) = whole {
        out.push(t);
        return;
    }
    if word == "e" || word == "p" {
        out.push(Tok::Ep(word.chars().next().unwrap()));
        return;
    }
    if !word.is_empty() && word.chars().all(|c| matches!(c, 'O' | '0' | 'o')) {
        out.extend(word.chars().map(Tok::CastleO));
        return;
    }
    let b = word.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        let rest = &word[i..];
        if rest == "ch" {
            out.push(Tok::Noise);
            return;
        }
        match c {
            'K' if matches!(b.get(i + 1), Some(b't' | b'T')) => {
                out.push(Tok::Letter('N'));
                i += 2;
            }
            'K' | 'Q' | 'R' | 'B' | 'N' | 'P' => {
                out.push(Tok::Letter(c));
                i += 1;
            }
            'x' => {
                out.push(Tok::Takes);
                i += 1;
            }
            '1'..='8' => {
                let d = b[i] - b'0';
                out.push(Tok::Rank(d));
                i += 1;
                let after = &word[i..];
                for suffix in ordinal_suffixes(d) {
                    if let Some(tail) = after.strip_prefix(suffix)
                        && (tail.is_empty()
                            || tail == "ch"
                            || !tail.starts_with(|c: char| c.is_ascii_lowercase()))
                    {
                        i += suffix.len();
                        break;
                    }
                }
            }
            _ => {
                out.push(Tok::Other(c));
                i += 1;
            }
        }
    }
}

fn tokens(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => i += 1,
            '.' | ',' | '!' | '?' | '+' | '#' | '_' => i += 1,
            '-' | '—' | '–' => {
                out.push(Tok::Dash);
                i += 1;
            }
            '×' | ':' => {
                out.push(Tok::Takes);
                i += 1;
            }
            '(' => {
                out.push(Tok::Open);
                i += 1;
            }
            ')' => {
                out.push(Tok::Close);
                i += 1;
            }
            '\'' | '’'
                if matches!(chars.get(i + 1), Some('s' | 'S'))
                    && !chars.get(i + 2).is_some_and(|c| c.is_ascii_alphanumeric()) =>
            {
                i += 2;
            }
            c if c.is_ascii_alphanumeric() => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                word_tokens(&word, &mut out);
            }
            c => {
                out.push(Tok::Other(c));
                i += 1;
            }
        }
    }
    out
}

/// The normal form of an English descriptive move's text (see the module's doc): `K. Kt. to
/// K. B's 3d.` and `KKt-KB3` are `KN-KB3`, `P × P ch` is `PxP`, `R (Q 2) - K 2` is
/// `R(Q2)-K2`, `Q. to her Kt's 3d.` is `Q-HN3`, `Castles on K's side` is `CASTLESK`, `O - O`
/// is `OO`. Characters it does not know are kept in braces (`{k}`).
pub fn en_normal(text: &str) -> String {
    let mut toks = tokens(text);
    // `e.p.`: a lone `e` then a lone `p`.
    let mut i = 0;
    while i < toks.len() {
        match (&toks[i], toks.get(i + 1)) {
            (Tok::Ep('e'), Some(Tok::Ep('p'))) => {
                toks[i] = Tok::Noise;
                toks[i + 1] = Tok::Noise;
                i += 2;
            }
            (Tok::Ep(c), _) => {
                toks[i] = Tok::Other(*c);
                i += 1;
            }
            _ => i += 1,
        }
    }
    // Parentheses around marks only (`(ch.)`, `(in passing)`, `(dis. ch.)`).
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == Tok::Open
            && let Some(len) = toks[i + 1..].iter().position(|t| *t == Tok::Close)
            && toks[i + 1..i + 1 + len].iter().all(|t| *t == Tok::Noise)
        {
            toks.drain(i..i + 2 + len);
            continue;
        }
        i += 1;
    }
    toks.retain(|t| *t != Tok::Noise);
    // A last parenthesis that holds more than files and ranks is print's commentary after a
    // complete move (a remark, a footnote mark), not part of the move.
    if toks.last() == Some(&Tok::Close)
        && let Some(open) = toks.iter().rposition(|t| *t == Tok::Open)
        && open > 0
        && toks[open + 1..]
            .iter()
            .any(|t| matches!(t, Tok::Other(_) | Tok::Ep(_)))
    {
        toks.truncate(open);
    }
    // Castling by word: `Castles`, `Castles KR`, `Castles QR`, `Castles on K's side`.
    if toks.first() == Some(&Tok::Castles) {
        let rest: Vec<&Tok> = toks[1..].iter().filter(|t| **t != Tok::Side).collect();
        let sides = toks[1..].iter().filter(|t| **t == Tok::Side).count();
        let wing = match rest.as_slice() {
            [] if sides == 0 => Some(""),
            [Tok::Letter('K')] | [Tok::Letter('K'), Tok::Letter('R')] => Some("K"),
            [Tok::Letter('Q')] | [Tok::Letter('Q'), Tok::Letter('R')] => Some("Q"),
            _ => None,
        };
        // `on … side` only around a wing letter: `Castles on K side`, or none of it.
        let sides_fit = sides == 0 || (sides == 2 && rest.len() == 1);
        if let Some(w) = wing
            && sides_fit
        {
            return format!("CASTLES{w}");
        }
    }
    // `to` then a file and nothing more: the rank left out is the first (Bird's `K to B` for
    // `K to B square`; `grammar/descriptiva.ebnf`, `book_to_square`).
    if let Some(to) = toks.iter().position(|t| *t == Tok::To) {
        let file = &toks[to + 1..];
        let is_file = match file {
            [Tok::Letter(a)] => "KQRNB".contains(*a),
            [Tok::Letter(a), Tok::Letter(b)] => "KQ".contains(*a) && "RNB".contains(*b),
            _ => false,
        };
        if is_file {
            toks.push(Tok::Rank(1));
        }
    }
    // Castling by sign: two or three of the same letter `O`, `0` or `o`, all dashed or none.
    let letters: Vec<char> = toks
        .iter()
        .filter_map(|t| match t {
            Tok::CastleO(c) => Some(*c),
            _ => None,
        })
        .collect();
    let dashes = toks.iter().filter(|t| **t == Tok::Dash).count();
    let only = toks
        .iter()
        .all(|t| matches!(t, Tok::CastleO(_) | Tok::Dash));
    let alternating = toks
        .iter()
        .enumerate()
        .all(|(i, t)| (i % 2 == 1) == (*t == Tok::Dash));
    if only
        && (letters.len() == 2 || letters.len() == 3)
        && letters.iter().all(|c| *c == letters[0])
        && (dashes == 0 || (dashes == letters.len() - 1 && alternating))
    {
        return "O".repeat(letters.len());
    }
    let mut s = String::new();
    for t in toks {
        match t {
            Tok::Letter(c) => s.push(c),
            Tok::Rank(d) => s.push((b'0' + d) as char),
            Tok::Dash | Tok::To => s.push('-'),
            Tok::Takes => s.push('x'),
            Tok::His => s.push('H'),
            Tok::Open => s.push('('),
            Tok::Close => s.push(')'),
            Tok::Castles => s.push_str("CASTLES"),
            Tok::Side => s.push_str("{side}"),
            Tok::CastleO(c) | Tok::Other(c) | Tok::Ep(c) => {
                s.push('{');
                s.push(c);
                s.push('}');
            }
            Tok::Noise => {}
        }
    }
    s
}

/// The normal forms of `normal` less one qualifier: a `K` or `Q` before a file letter (`R`,
/// `N`, `B`: the wing of a piece, a square or a pawn's file), or a pawn's whole file before
/// its `P` (`KBP`, `BP`, `KP` to `P`).
pub fn without_one_qualifier(normal: &str) -> Vec<String> {
    let b = normal.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len() {
        let next = b.get(i + 1).copied();
        if matches!(b[i], b'K' | b'Q') && matches!(next, Some(b'R' | b'N' | b'B')) {
            out.push(format!("{}{}", &normal[..i], &normal[i + 1..]));
        }
        // A pawn's file: starts after nothing, `x` or `(`, and runs to a `P`.
        let starts = i == 0 || matches!(b[i - 1], b'x' | b'(');
        if starts {
            for len in [1, 2] {
                let file = &b[i..(i + len).min(b.len())];
                let is_file = match file {
                    [b'K' | b'Q'] | [b'R' | b'N' | b'B'] => len == 1,
                    [b'K' | b'Q', b'R' | b'N' | b'B'] => len == 2,
                    _ => false,
                };
                if is_file && b.get(i + len) == Some(&b'P') {
                    out.push(format!("{}{}", &normal[..i], &normal[i + len..]));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

const FULL: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
const SHORT: [&str; 8] = ["R", "N", "B", "Q", "K", "B", "N", "R"];
const LETTERS: [&str; 6] = ["P", "N", "B", "R", "Q", "K"];

/// The names of `sq`'s file: full (`KB`) and short (`B`), once each.
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

/// The wing of a square: `Q` (files a-d) or `K` (e-h).
fn wing(sq: Square) -> &'static str {
    if sq.file().index() < 4 { "Q" } else { "K" }
}

/// The wings a piece of `role` on `sq` (`color`'s) is named by: the wing it started on when
/// known; else where it stands, and the other wing when no piece of the role stands there.
fn piece_wings(
    pos: &Position,
    origins: &Origins,
    sq: Square,
    role: Role,
    color: Color,
) -> Vec<&'static str> {
    if let Some(start) = origins[sq.index()] {
        return vec![wing(start)];
    }
    let here = wing(sq);
    let other = if here == "Q" { "K" } else { "Q" };
    let on_other = pos
        .by_piece(role.of(color))
        .into_iter()
        .any(|s| wing(s) == other);
    if on_other {
        vec![here]
    } else {
        vec![here, other]
    }
}

/// The qualifiers that name a piece of `role` on `sq` (`color`'s): none; for a pawn the names
/// of the file it stands on (`KB`, `B`); for a piece its wing ([`piece_wings`]) and the names
/// of the file it started on (`QB`, `B`: `QBxP`, `BB`), or stands on when that is unknown.
fn qualifiers(
    pos: &Position,
    origins: &Origins,
    sq: Square,
    role: Role,
    color: Color,
) -> Vec<&'static str> {
    let mut out = vec![""];
    if role == Role::Pawn {
        out.extend(names(sq));
    } else {
        out.extend(piece_wings(pos, origins, sq, role, color));
        out.extend(names(origins[sq.index()].unwrap_or(sq)));
    }
    out.sort();
    out.dedup();
    out
}

/// The designations of a piece of `role` on `sq` (`color`'s, ranks from `mover`'s side): a
/// qualifier then its letter (`P`, `KBP`, `BP`, `N`, `KN`, `QBB`), or its letter and its square
/// in parentheses (`N(K3)`, `R(QR2)`).
fn designations(
    pos: &Position,
    origins: &Origins,
    sq: Square,
    role: Role,
    color: Color,
    mover: Color,
) -> Vec<String> {
    let letter = LETTERS[role as usize];
    let mut out: Vec<String> = qualifiers(pos, origins, sq, role, color)
        .into_iter()
        .map(|q| format!("{q}{letter}"))
        .collect();
    if role != Role::Pawn {
        let r = rank(sq, mover);
        out.extend(names(sq).into_iter().map(|n| format!("{letter}({n}{r})")));
    }
    out
}

/// The writings of the square `to` for a move of `role` from `from`: `KB3`, `B3`, and the
/// Blue Book's forms with `his`/`her` (the piece's own file: `H3`; a file of its wing:
/// `HB3`), for the king, the queen and a piece named by its wing.
fn squares(
    pos: &Position,
    origins: &Origins,
    from: Square,
    role: Role,
    to: Square,
    mover: Color,
) -> Vec<String> {
    let r = rank(to, mover);
    let mut out: Vec<String> = names(to).into_iter().map(|n| format!("{n}{r}")).collect();
    let full = FULL[to.file().index()];
    let start = origins[from.index()].unwrap_or(from);
    let (wings, own): (Vec<&str>, Vec<&str>) = match role {
        Role::King => (vec!["K"], vec!["K"]),
        Role::Queen => (vec!["Q"], vec!["Q"]),
        Role::Pawn => (Vec::new(), Vec::new()),
        _ => (
            piece_wings(pos, origins, from, role, mover),
            vec![FULL[start.file().index()]],
        ),
    };
    if own.contains(&full) {
        out.push(format!("H{r}"));
    }
    for w in wings {
        if full.len() == 2 && full.starts_with(w) {
            out.push(format!("H{}{r}", &full[1..]));
        }
    }
    out
}

/// Every writing of `mv` (legal in `pos`) in normal form: (capture forms, move forms).
pub fn en_writings(pos: &Position, origins: &Origins, mv: Move) -> (Vec<String>, Vec<String>) {
    let us = pos.turn();
    if let Some(side) = mv.castling_side() {
        let forms: &[&str] = match side {
            CastlingSide::KingSide => &["OO", "CASTLES", "CASTLESK"],
            CastlingSide::QueenSide => &["OOO", "CASTLES", "CASTLESQ"],
        };
        return (Vec::new(), forms.iter().map(|s| s.to_string()).collect());
    }
    let promotions: Vec<String> = match mv.promotion() {
        Some(r) => {
            let l = LETTERS[r as usize];
            // `=` is kept in braces by the normal form (`P-R8=Q` is `P-R8{=}Q`).
            vec![format!("{{=}}{l}"), format!("({l})"), l.to_owned()]
        }
        None => vec![String::new()],
    };
    let mut froms = designations(pos, origins, mv.from(), mv.role(), us, us);
    // The piece named by the square it stands on, in parentheses (`P(Kt2)xP`, the
    // Britannica of 1911, eb-24; `R (Q sq) to Kt sq`, Bird).
    let letter = LETTERS[mv.role() as usize];
    let from_rank = rank(mv.from(), us);
    froms.extend(
        names(mv.from())
            .into_iter()
            .map(|n| format!("{letter}({n}{from_rank})")),
    );
    let dests = squares(pos, origins, mv.from(), mv.role(), mv.to(), us);
    let mut moves = Vec::new();
    for f in &froms {
        for d in &dests {
            for p in &promotions {
                moves.push(format!("{f}-{d}{p}"));
            }
        }
    }
    let mut captures = Vec::new();
    if let Some(captured) = mv.capture() {
        // Where the captured piece stands (en passant: beside the capturing pawn).
        let at = if mv.is_en_passant() {
            Square::from_coords(mv.to().file(), mv.from().rank())
        } else {
            mv.to()
        };
        let target = LETTERS[captured as usize];
        let theirs: Vec<String> = qualifiers(pos, origins, at, captured, us.other())
            .into_iter()
            .map(|q| format!("{q}{target}"))
            .collect();
        let r = rank(mv.to(), us);
        let places: Vec<String> = std::iter::once(String::new())
            .chain(names(mv.to()).into_iter().map(|n| format!("({n}{r})")))
            .collect();
        for f in &froms {
            for t in &theirs {
                for place in &places {
                    for p in &promotions {
                        captures.push(format!("{f}x{t}{place}{p}"));
                    }
                }
            }
        }
    }
    (captures, moves)
}

/// The legal moves whose writings include `normal` (a normal form): a capture form names a
/// capture; a move form names the moves that take nothing, or, when none fits, the captures.
pub fn en_fits(pos: &Position, origins: &Origins, normal: &str) -> Vec<Move> {
    let legal = pos.legal_moves();
    let mut by_capture = BTreeSet::new();
    let mut quiet = BTreeSet::new();
    let mut taking = BTreeSet::new();
    for (i, &mv) in legal.iter().enumerate() {
        let (captures, moves) = en_writings(pos, origins, mv);
        if captures.iter().any(|w| w == normal) {
            by_capture.insert(i);
        }
        if moves.iter().any(|w| w == normal) {
            if mv.is_capture() {
                taking.insert(i);
            } else {
                quiet.insert(i);
            }
        }
    }
    by_capture
        .union(if quiet.is_empty() { &taking } else { &quiet })
        .map(|&i| legal[i])
        .collect()
}

/// The one legal move the English descriptive `text` designates, if exactly one.
pub fn en_designates(pos: &Position, origins: &Origins, text: &str) -> Option<Move> {
    match en_fits(pos, origins, &en_normal(text)).as_slice() {
        [m] => Some(*m),
        _ => None,
    }
}

/// The English descriptive oracle (see the module's doc): `written` writes `mv` in full, where
/// `original` is the printed text of the move `played`.
pub fn en_in_full(
    pos: &Position,
    origins: &Origins,
    original: &str,
    played: Move,
    written: &str,
    mv: Move,
) -> bool {
    let edited = en_normal(written);
    let fits = en_fits(pos, origins, &edited);
    if mv == played {
        let printed = en_normal(original);
        if edited == printed {
            return true;
        }
        if without_one_qualifier(&printed).contains(&edited) && fits.iter().all(|&m| m == mv) {
            return true;
        }
    }
    fits == [mv] || descriptive_audit::by_check_mark(pos, &fits, written) == Some(mv)
}
