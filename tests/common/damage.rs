//! The damage generator of the reconstruction audit: a real game written as a Spanish sheet,
//! then damaged as real sheets are (issue "Past the first error"):
//! - a slip of the pen: one character of a move written as a confusable or neighbouring one
//!   (`Df7` for `Df8`), or the other piece letter;
//! - a half-move left out, so that every move after it shifts a column;
//! - a half-move written twice;
//! - two moves of one side written in the wrong order;
//! - a piece move written without the file or rank it needs (`Cd2` for `Cbd2`).
//!
//! Only damages that make the sheet no legal game are kept (the library's checker must find an
//! error in the damaged sheet), 1–3 a game, at least 6 plies apart. For each damage, an oracle
//! of its own (the library's `check_move`, one written move at a time) records whether exactly
//! one repair at that place lets the next written moves be played: no other repair of any
//! kind there that the search's cost table ranks as cheap or cheaper (a slip is ranked by the
//! suggestions' distance, `check::suggestion_distance`), nor the writing as it stands. Where
//! two such repairs fit, the sheet alone cannot tell which damage it carries.
//!
//! Included by path by `tests/reconstruct_audit.rs` and `examples/reconstruct_audit.rs`.

#![allow(dead_code)]

use planilla::check::{CheckOptions, check_move, check_text, suggestion_distance};
use planilla::localize::in_language;
use planilla::notation::Language;
use planilla::{Move, Position};

/// A damage kind, as the reconstruction names its repair.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Slip,
    MissingMove,
    ExtraMove,
    MoveOrder,
    AmbiguousMove,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Slip,
        Kind::MissingMove,
        Kind::ExtraMove,
        Kind::MoveOrder,
        Kind::AmbiguousMove,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Kind::Slip => "slip",
            Kind::MissingMove => "missing-move",
            Kind::ExtraMove => "extra-move",
            Kind::MoveOrder => "move-order",
            Kind::AmbiguousMove => "ambiguous-move",
        }
    }
}

/// The edit audit's deterministic generator.
pub use crate::audit::Lcg;

/// One damage done to a sheet.
#[derive(Clone, Debug)]
pub struct Damage {
    pub kind: Kind,
    /// The ply of the true game, from 1, where it is: the move damaged, left out, written
    /// twice, or the first of the two in the wrong order.
    pub ply: usize,
    /// Whether exactly one repair at that place lets the next written moves be played: no
    /// other repair there, of any kind, that costs the search no more than the true one (a
    /// slip as close, a move left out, written twice or swapped), and not the writing as it
    /// stands (see [`repairs_that_fit`]). The place runs from 2 plies before the damage to 2
    /// after the first written move that cannot be played: a slip that is itself a legal
    /// move shows only there, and a repair anywhere between explains it.
    pub unique: bool,
    /// The same, with the place 2 plies either side of the damage alone.
    pub unique_near: bool,
    /// Whether exactly one repair of the damage's own kind at that place lets the next written
    /// moves be played (the narrower oracle of the first audit, kept for comparison).
    pub unique_same_kind: bool,
    /// What its repair costs the search ([`true_cost`]).
    pub cost: u32,
}

/// A damaged sheet of a real game.
#[derive(Clone, Debug)]
pub struct Damaged {
    /// The true game's moves.
    pub moves: Vec<Move>,
    /// The sheet: `1.e4 e5 2.Cf3 …`, the written moves paired in order.
    pub text: String,
    /// Its written moves, in order.
    pub written: Vec<String>,
    pub damages: Vec<Damage>,
}

impl Damaged {
    /// Whether a comparison with the true game gives exactly one discrepancy per damage, each
    /// within 2 plies of it.
    pub fn one_discrepancy_each(&self, found: &planilla::reconstruct::Comparison) -> bool {
        found.discrepancies.len() == self.damages.len()
            && self.damages.iter().all(|dm| {
                found
                    .discrepancies
                    .iter()
                    .any(|x| (x.ply as usize).abs_diff(dm.ply) <= 2)
            })
    }

    /// Whether every damage has one repair.
    pub fn unique(&self) -> bool {
        self.damages.iter().all(|d| d.unique)
    }

    /// What the true game costs the search: its damages' repairs.
    pub fn cost(&self) -> u32 {
        self.damages.iter().map(|d| d.cost).sum()
    }
}

/// Each ply's writing in strict Spanish, and the position before each ply (and after the
/// last).
pub fn writings(start: &Position, moves: &[Move]) -> (Vec<String>, Vec<Position>) {
    let mut pos = *start;
    let mut out = Vec::new();
    let mut positions = vec![pos];
    for &m in moves {
        out.push(in_language(&pos, m, &Language::SPANISH).replace(" a.p.", ""));
        pos.play(m).expect("a real game's move is legal");
        positions.push(pos);
    }
    (out, positions)
}

/// Written moves laid out as a sheet's lines, numbered in pairs from 1.
pub fn layout(written: &[String]) -> String {
    let mut text = String::new();
    for (k, pair) in written.chunks(2).enumerate() {
        text.push_str(&format!("{}.{}", k + 1, pair.join(" ")));
        text.push('\n');
    }
    text
}

/// Whether `written` plays from `pos`, each as one legal move, and how far.
fn plays(pos: &Position, written: &[String]) -> bool {
    let options = CheckOptions::default();
    let mut pos = *pos;
    for w in written {
        match check_move(&pos, w, &options) {
            Ok(m) => pos = m.after,
            Err(_) => return false,
        }
    }
    true
}

/// The single-character slips of a writing: confusable characters, a neighbouring file or rank,
/// another piece letter.
fn slips(w: &str) -> Vec<String> {
    let chars: Vec<char> = w.chars().collect();
    let mut out = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let mut subs: Vec<char> = Vec::new();
        if c.is_ascii_lowercase() && ('a'..='h').contains(&c) {
            subs.extend([(c as u8).wrapping_sub(1) as char, (c as u8 + 1) as char]);
        }
        if ('1'..='8').contains(&c) {
            subs.extend([(c as u8 - 1) as char, (c as u8 + 1) as char]);
        }
        for (a, b) in [
            ('b', '6'),
            ('g', '9'),
            ('h', '4'),
            ('C', 'A'),
            ('D', 'T'),
            ('R', 'D'),
        ] {
            if c == a {
                subs.push(b);
            }
            if c == b {
                subs.push(a);
            }
        }
        for s in subs {
            if s == c || !(s.is_ascii_alphanumeric()) || s == '0' || s == '9' && c != 'g' {
                continue;
            }
            let mut t = chars.clone();
            t[i] = s;
            out.push(t.into_iter().collect());
        }
    }
    out
}

/// How many plies of the next written moves the oracle looks at.
const LOOKAHEAD: usize = 10;

/// Damages a real game: `count` damages of `kind`, at least 6 plies apart, each making the
/// sheet no legal game. `None` when the game has no room for them.
pub fn damage(
    start: &Position,
    moves: &[Move],
    kind: Kind,
    count: usize,
    rng: &mut Lcg,
) -> Option<Damaged> {
    let (truth, positions) = writings(start, moves);
    let n = truth.len();
    if n < 12 {
        return None;
    }
    // Choose the plies: spread over the game, at least 6 apart, each with a damage of its kind
    // that alone makes the sheet no legal game (two moves that commute, swapped, are none).
    let mut plies: Vec<usize> = Vec::new();
    let mut slip_texts: Vec<(usize, String)> = Vec::new();
    for _ in 0..count * 20 {
        if plies.len() == count {
            break;
        }
        let p = 2 + rng.below(n - 4);
        if plies.iter().any(|&q| q.abs_diff(p) < 6) {
            continue;
        }
        let w = &truth[p];
        let fits = match kind {
            Kind::AmbiguousMove => disambiguated(w).is_some(),
            Kind::MoveOrder => p + 2 < n,
            _ => true,
        };
        if !fits {
            continue;
        }
        let slip = if kind == Kind::Slip {
            let options = slips(w);
            if options.is_empty() {
                continue;
            }
            Some(options[rng.below(options.len())].clone())
        } else {
            None
        };
        let mut alone = truth.clone();
        apply(kind, &mut alone, p, slip.as_deref());
        let valid = check_text(&layout(&alone), &CheckOptions::default())
            .next()
            .is_some_and(|r| r.is_valid());
        if valid {
            continue;
        }
        plies.push(p);
        if let Some(slip) = slip {
            slip_texts.push((p, slip));
        }
    }
    if plies.len() < count {
        return None;
    }
    plies.sort_unstable();
    // Damage from the last to the first, so the earlier plies keep their indices.
    let mut written = truth.clone();
    let mut damages = Vec::new();
    for &p in plies.iter().rev() {
        let rest_end = plies
            .iter()
            .find(|&&q| q > p)
            .copied()
            .unwrap_or(n)
            .min(p + LOOKAHEAD);
        let unique = match kind {
            Kind::Slip => {
                let s = slip_texts.iter().find(|(q, _)| *q == p)?.1.clone();
                written[p] = s.clone();
                // Of the legal moves that let the next written moves be played, the true one
                // alone is the closest writing (one character away).
                let rest = &truth[p + 1..rest_end];
                let fitting = positions[p]
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        let w = in_language(&positions[p], m, &Language::SPANISH);
                        let mut after = positions[p];
                        after.play_unchecked(m);
                        levenshtein(&s, &w.replace(" a.p.", "")) <= 1 && plays(&after, rest)
                    })
                    .count();
                fitting == 1
            }
            Kind::MissingMove => {
                written.remove(p);
                let rest = &truth[p + 1..rest_end];
                let fitting = positions[p]
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        let mut after = positions[p];
                        after.play_unchecked(m);
                        plays(&after, rest)
                    })
                    .count();
                fitting == 1
            }
            Kind::ExtraMove => {
                let copy = written[p].clone();
                written.insert(p + 1, copy);
                true
            }
            Kind::MoveOrder => {
                written.swap(p, p + 2);
                // No other swap of two moves of one side nearby lets the next moves be played
                // (`e6 … gxf6` for `gxf6 … e6` around the same White moves is as good).
                let end = rest_end.max(p + 3).min(written.len());
                let others = (p.saturating_sub(2)..=p + 2).filter(|&q| q != p && q + 2 < end);
                let mut unique = !plays(&positions[p], &written[p..end]);
                for q in others {
                    let mut other = written.clone();
                    other.swap(q, q + 2);
                    if q < p {
                        // Undo nothing: positions before p are the true game's.
                    }
                    let from = q.min(p);
                    if plays(&positions[from], &other[from..end]) {
                        unique = false;
                    }
                }
                unique
            }
            Kind::AmbiguousMove => {
                let bare = disambiguated(&truth[p])?;
                written[p] = bare.clone();
                let rest = &truth[p + 1..rest_end];
                let candidates = check_move(&positions[p], &bare, &CheckOptions::default())
                    .err()
                    .map(|e| e.candidates().iter().map(|c| c.mv).collect::<Vec<_>>())
                    .unwrap_or_default();
                if candidates.len() < 2 {
                    return None;
                }
                let fitting = candidates
                    .iter()
                    .filter(|&&m| {
                        let mut after = positions[p];
                        after.play_unchecked(m);
                        plays(&after, rest)
                    })
                    .count();
                fitting == 1
            }
        };
        // The same question for a repair of any kind, up to the true repair's cost, on the
        // writings as damaged, up to the next damage.
        let shift = |k: Kind| match k {
            Kind::MissingMove => -1isize,
            Kind::ExtraMove => 1,
            _ => 0,
        };
        let next = plies.iter().find(|&&q| q > p).copied().unwrap_or(n);
        let end = (next as isize + shift(kind)).max(0) as usize;
        let end = end.min(p + 1 + LOOKAHEAD).min(written.len());
        let cost = true_cost(kind, &positions[p], &written, p, &truth[p]);
        // Where the writing stops playing: the first written move from p that is no legal move.
        let mut shows = p;
        let mut at = positions[p];
        while shows < end {
            match check_move(&at, &written[shows], &CheckOptions::default()) {
                Ok(m) => at = m.after,
                Err(_) => break,
            }
            shows += 1;
        }
        let near = repairs_that_fit(&positions, &written, p, p + 2, end, cost);
        let fitting = repairs_that_fit(&positions, &written, p, shows.max(p) + 2, end, cost);
        damages.push(Damage {
            kind,
            ply: p + 1,
            unique: fitting == 1,
            unique_near: near == 1,
            unique_same_kind: unique,
            cost,
        });
    }
    damages.reverse();
    let text = layout(&written);
    // Keep only sheets that are no legal game.
    let report = check_text(&text, &CheckOptions::default()).next()?;
    if report.is_valid() {
        return None;
    }
    Some(Damaged {
        moves: moves.to_vec(),
        text,
        written,
        damages,
    })
}

/// The search's cost of undoing a damage of `kind` at index `p` of the damaged writings `w`
/// (`truth`: the true move's writing), as the module documentation of `planilla::reconstruct`
/// gives it: an ambiguous move 1; a slip 3 plus its distance, 5 plus it when the slip is itself
/// a legal move; a wrong order 6; a move written twice 6 (8 when it does not repeat the move
/// before); a move left out 8.
fn true_cost(kind: Kind, pos: &Position, w: &[String], p: usize, truth: &str) -> u32 {
    match kind {
        Kind::AmbiguousMove => 1,
        Kind::Slip => {
            let legal = check_move(pos, &w[p], &CheckOptions::default()).is_ok();
            let d = suggestion_distance(&w[p], truth);
            if legal { 5 + d } else { 3 + d }
        }
        Kind::MoveOrder => 6,
        Kind::ExtraMove => {
            if p > 0 && w[p] == w[p - 1] {
                6
            } else {
                8
            }
        }
        Kind::MissingMove => 8,
    }
}

/// The moves `written` plays from `pos`, each as one legal move, and the position after them;
/// `None` when one of them is not a legal move, or names several.
fn play_all(pos: &Position, written: &[String]) -> Option<(Vec<Move>, Position)> {
    let options = CheckOptions::default();
    let mut pos = *pos;
    let mut moves = Vec::with_capacity(written.len());
    for w in written {
        let m = check_move(&pos, w, &options).ok()?;
        moves.push(m.mv);
        pos = m.after;
    }
    Some((moves, pos))
}

/// How many games the damaged writings `w` can record from index `p - 2` to index `end`, given
/// the positions of the true game before each index (`positions`), with no repair at all or
/// with one repair from 2 plies before `p` to index `last` that costs the search at most
/// `budget`
/// ([`true_cost`]'s table): each move an ambiguous writing names (1), a slip as close (another
/// legal move, 3 or 5 plus its distance), two moves of one side swapped (6), a written move
/// left out of the game (6 when it repeats the move before, else 8), a move put in (8). A
/// damage is unique when this is 1: its own repair alone explains the sheet there.
pub fn repairs_that_fit(
    positions: &[Position],
    w: &[String],
    p: usize,
    last: usize,
    end: usize,
    budget: u32,
) -> usize {
    let options = CheckOptions::default();
    let lo = p.saturating_sub(2);
    let mut games: Vec<Vec<Move>> = Vec::new();
    let mut found = |mut game: Vec<Move>, more: Option<(Vec<Move>, Position)>| {
        if let Some((more, _)) = more {
            game.extend(more);
            if !games.contains(&game) {
                games.push(game);
            }
        }
    };
    // No repair at all.
    found(Vec::new(), play_all(&positions[lo], &w[lo..end]));
    for q in lo..=last.min(end.saturating_sub(1)) {
        // The position before index q: the true game's before the damage, else the writings'.
        let Some((before, pos)) = play_all(&positions[lo], &w[lo..q.min(p)]).and_then(|(m, at)| {
            let (more, at) = play_all(&at, &w[q.min(p)..q])?;
            Some(([m, more].concat(), at))
        }) else {
            continue;
        };
        let after = |m: Move| {
            let mut next = pos;
            next.play_unchecked(m);
            next
        };
        let rest = |from: usize| &w[from.min(end)..end];
        let with = |m: &[Move]| [before.as_slice(), m].concat();
        let direct = check_move(&pos, &w[q], &options);
        let named: Vec<Move> = match &direct {
            Ok(m) => vec![m.mv],
            Err(e) => e.candidates().iter().map(|c| c.mv).collect(),
        };
        // Each move an ambiguous writing names.
        if named.len() > 1 {
            for &m in &named {
                found(with(&[m]), play_all(&after(m), rest(q + 1)));
            }
        }
        // A slip: another legal move, as close as the budget allows.
        let base = if direct.is_ok() { 5 } else { 3 };
        for m in pos.legal_moves() {
            let writing = in_language(&pos, m, &Language::SPANISH).replace(" a.p.", "");
            if !named.contains(&m) && base + suggestion_distance(&w[q], &writing) <= budget {
                found(with(&[m]), play_all(&after(m), rest(q + 1)));
            }
        }
        // Two moves of one side swapped.
        if budget >= 6 && q + 2 < end {
            let swapped = [w[q + 2].clone(), w[q + 1].clone(), w[q].clone()];
            if let Some((moves, at)) = play_all(&pos, &swapped) {
                found(with(&moves), play_all(&at, rest(q + 3)));
            }
        }
        // The written move left out of the game.
        let repeated = q > 0 && w[q] == w[q - 1];
        if budget >= if repeated { 6 } else { 8 } {
            found(with(&[]), play_all(&pos, rest(q + 1)));
        }
        // A move put in before it.
        if budget >= 8 {
            for m in pos.legal_moves() {
                found(with(&[m]), play_all(&after(m), rest(q)));
            }
        }
    }
    games.len()
}

/// Does one damage of `kind` at index `p` of `written` (`slip`: a slip's text).
fn apply(kind: Kind, written: &mut Vec<String>, p: usize, slip: Option<&str>) {
    match kind {
        Kind::Slip => {
            if let Some(s) = slip {
                written[p] = s.to_owned();
            }
        }
        Kind::MissingMove => {
            written.remove(p);
        }
        Kind::ExtraMove => {
            let copy = written[p].clone();
            written.insert(p + 1, copy);
        }
        Kind::MoveOrder => written.swap(p, p + 2),
        Kind::AmbiguousMove => {
            if let Some(bare) = disambiguated(&written[p]) {
                written[p] = bare;
            }
        }
    }
}

/// A piece move's writing without its disambiguation (`Cbd2` → `Cd2`, `T1e2` → `Te2`), or
/// `None` when it has none.
fn disambiguated(w: &str) -> Option<String> {
    let chars: Vec<char> = w.chars().collect();
    if !matches!(chars.first(), Some('R' | 'D' | 'T' | 'A' | 'C')) {
        return None;
    }
    let squares = chars
        .iter()
        .filter(|c| c.is_ascii_lowercase() && ('a'..='h').contains(*c))
        .count();
    let ranks = chars.iter().filter(|c| c.is_ascii_digit()).count();
    // `Cbd2`, `Cbxd2`: two files; `T1e2`: two ranks.
    let second = chars.get(1)?;
    if (squares == 2 && second.is_ascii_lowercase()) || (ranks == 2 && second.is_ascii_digit()) {
        let mut out = chars.clone();
        out.remove(1);
        return Some(out.into_iter().collect());
    }
    None
}

/// The plain edit distance of two writings, in characters.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
