//! One written move in one position: the step the walker, the sealed ruling and the
//! reconstruction search share.

use super::{CheckOptions, Diagnostic, Finding, NamedMove, move_span, suggestions};
use crate::laws::{Article, Rule};
use crate::notation::Notation;
use crate::position::Position;
use crate::resolve::descriptive::{
    Origins, notation_of, resolve_descriptive, resolve_descriptive_by_origin,
};
use crate::resolve::{Resolution, resolve};
use crate::scoresheet::{Token, TokenKind};

/// Resolves a move token in `pos`: its first reading and the resolver's outcome, or `None`
/// for a token that is no move.
///
/// Printed text names descriptive pieces by where they started, as the classical books do
/// (`QKt`, `KtxQB`): pass the game's `origins` for it; a sheet names them by where they stand,
/// as `convert --to descriptive` writes them (`origins: None`).
// Inlined into the walker's per-move path, so that the notation and the resolution are built
// in place: as a call, it cost 2 % of `convert`'s instructions, in copies.
#[inline(always)]
pub(crate) fn resolve_token(
    pos: &Position,
    token: &Token<'_>,
    options: &CheckOptions,
    origins: Option<&Origins>,
) -> Option<(Notation, Resolution)> {
    let language = &options.language;
    let resolve_options = options.resolve_options();
    match &token.kind {
        TokenKind::Move(readings) => Some((
            *readings.first(),
            resolve(pos, readings, language, resolve_options),
        )),
        TokenKind::Descriptive(d) => {
            let first = notation_of(d, language, pos.turn(), None);
            let r = match origins {
                Some(origins) => {
                    resolve_descriptive_by_origin(pos, d, language, resolve_options, origins)
                }
                None => resolve_descriptive(pos, d, language, resolve_options),
            };
            Some((first, r))
        }
        _ => None,
    }
}

/// The marks rule: a capture mark on a move that captures nothing, or a check or mate mark on
/// a move that gives none, is a warning only while the meaning is certain, that is while no
/// other legal move whose writing is one character from the written text (marks of check and
/// mate aside) fits the mark. `Bxe4` onto an empty e4 where Bxc4 captures, or `Qxc3+` where
/// Nxc3+ gives the check, is such a move: it becomes ambiguous ([`AmbiguityCause::Mark`], an
/// error), the move read first among its candidates. Algebraic moves only (a descriptive
/// capture names the piece taken). E9, E12 (2005); C.9, C.13 (2023).
///
/// [`AmbiguityCause::Mark`]: crate::resolve::AmbiguityCause::Mark
pub(crate) fn marks_rule(
    pos: &Position,
    token: &Token<'_>,
    resolution: &mut Resolution,
    written: &str,
    options: &CheckOptions,
) {
    // The common case, a move with no note, costs one test.
    let Resolution::Resolved(r) = &*resolution else {
        return;
    };
    if r.notes.is_empty() {
        return;
    }
    let others = mark_readings(pos, token, r, written, options, 0);
    if others.is_empty() {
        return;
    }
    let mut candidates = vec![r.mv];
    candidates.extend(others);
    *resolution = Resolution::Ambiguous(crate::resolve::Ambiguous {
        candidates,
        notation: r.notation,
        cause: crate::resolve::AmbiguityCause::Mark,
    });
}

/// The other legal moves that make move `r`, read from `written`, uncertain under the marks
/// rule ([`marks_rule`]): those that fit the mark `r` contradicts and whose writing is one
/// character from the written text (marks of check and mate and annotations aside), or, with
/// `max_distance` above 0, at most that far by the suggestions' weighted distance (the
/// reconstruction's wider test). Empty when `r` contradicts no mark, or none fits.
pub(crate) fn mark_readings(
    pos: &Position,
    token: &Token<'_>,
    r: &crate::resolve::Resolved,
    written: &str,
    options: &CheckOptions,
    max_distance: u32,
) -> Vec<crate::position::Move> {
    use crate::resolve::IrregularityKind as K;
    let has = |k: K| r.notes.iter().any(|n| n.kind == k);
    let (capture, check, mate) = (
        has(K::CaptureMarkWithoutCapture),
        has(K::FalseCheck),
        has(K::FalseMate),
    );
    // The one-character test reads algebraic writing only (a descriptive capture names the
    // piece taken); the weighted one any.
    let algebraic = matches!(token.kind, TokenKind::Move(_));
    if !(capture || check || mate) || !(algebraic || max_distance > 0) {
        return Vec::new();
    }
    let bare = |s: &str| -> Vec<char> {
        s.trim_end_matches(['!', '?'])
            .chars()
            .filter(|&c| !matches!(c, '+' | '#'))
            .collect()
    };
    let text = bare(written);
    let checks = pos.check_squares();
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            if m == r.mv || (capture && !m.is_capture()) {
                return false;
            }
            if check || mate {
                // Most moves give no check: only those that do are played.
                if !pos.gives_check_with(&checks, m) {
                    return false;
                }
                let mut after = *pos;
                after.play_unchecked(m);
                if mate && !after.is_checkmate() {
                    return false;
                }
            }
            let writing = crate::localize::in_language(pos, m, &options.language);
            let writing = writing.trim_end_matches(" a.p.");
            (algebraic && within_one(&text, &bare(writing)))
                || (max_distance > 0
                    && super::suggestion_distance(written, writing) <= max_distance)
        })
        .collect()
}

/// Whether `a` becomes `b` by at most one character changed, added or left out.
fn within_one(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let head = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    if short.len() == long.len() {
        short[head..].iter().skip(1).eq(long[head..].iter().skip(1))
    } else {
        short[head..] == long[head + 1..]
    }
}

/// One ply checked in a position ([`check_ply`]).
#[cfg(feature = "sealed")]
pub(crate) struct CheckedPly {
    /// The resolver's outcome.
    pub(crate) resolution: Resolution,
    /// The ply's own diagnostics: each irregularity of a move read (a warning; a guess names
    /// the move it read), or why it is no legal move (an error, with its candidates and the
    /// three closest legal moves).
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// Checks one written move, `token` of `source`, as ply `ply` (from 1) in `pos`: the outcome
/// ([`resolve_token`]) and the diagnostics of the move itself ([`ply_diagnostics`]), as the
/// walker reports them for a ply of a game and the sealed ruling for a sealed move (what only
/// a game has, its move numbers and its end, is the caller's). `None` for a token that is no
/// move.
#[cfg(feature = "sealed")]
pub(crate) fn check_ply(
    pos: &Position,
    token: &Token<'_>,
    source: &str,
    options: &CheckOptions,
    origins: Option<&Origins>,
    ply: u32,
) -> Option<CheckedPly> {
    let (first, mut resolution) = resolve_token(pos, token, options, origins)?;
    let written = written_text(source, &first);
    marks_rule(pos, token, &mut resolution, written, options);
    let diagnostics = ply_diagnostics(pos, &first, &resolution, written, options, ply);
    Some(CheckedPly {
        resolution,
        diagnostics,
    })
}

/// The text of a move as written: its span's text, without the blanks after it. A slice of
/// the source, so that reading it costs nothing; a ply's record keeps it as a `SmallText`.
#[inline(always)]
pub(crate) fn written_text<'s>(source: &'s str, first: &Notation) -> &'s str {
    source
        .get(move_span(first).range())
        .unwrap_or_default()
        .trim_end()
}

/// The diagnostics of one move resolved in `pos` as ply `ply`: each irregularity of a move
/// read (a warning; a guess names the move it read), or why it is no legal move (an error,
/// with its candidates and the three closest legal moves). Empty for a move read as written.
#[inline(always)]
pub(crate) fn ply_diagnostics(
    pos: &Position,
    first: &Notation,
    resolution: &Resolution,
    written: &str,
    options: &CheckOptions,
    ply: u32,
) -> Vec<Diagnostic> {
    if let Resolution::Resolved(r) = resolution
        && r.notes.is_empty()
    {
        return Vec::new();
    }
    ply_diagnostics_slow(pos, first, resolution, written, options, ply)
}

/// [`ply_diagnostics`] past its common case, out of the walker's per-move path.
#[inline(never)]
fn ply_diagnostics_slow(
    pos: &Position,
    first: &Notation,
    resolution: &Resolution,
    written: &str,
    options: &CheckOptions,
    ply: u32,
) -> Vec<Diagnostic> {
    let edition = options.edition;
    let language = &options.language;
    let at = |finding: Finding, span| Diagnostic {
        finding,
        span,
        ply: Some(ply),
        move_number: Some((pos.fullmove_number(), pos.turn())),
        written: Some(written.to_owned()),
        rule: None,
        candidates: Vec::new(),
        suggestions: Vec::new(),
        messages: options.messages,
    };
    match resolution {
        Resolution::Resolved(r) => r
            .notes
            .iter()
            .map(|note| Diagnostic {
                rule: Some(note.kind.rule(edition)),
                candidates: if note.kind.is_guess() {
                    vec![NamedMove::new(pos, r.mv, language)]
                } else {
                    Vec::new()
                },
                ..at(Finding::Irregular(note.kind), note.span)
            })
            .collect(),
        other => {
            let (finding, rule, candidates) = match other {
                Resolution::Ambiguous(a) => (
                    Finding::Ambiguous(a.cause),
                    a.cause.rule(edition),
                    NamedMove::each(pos, &a.candidates, language),
                ),
                Resolution::Illegal(i) => (
                    Finding::Illegal(i.reason),
                    i.reason.rule(edition),
                    Vec::new(),
                ),
                _ => (
                    Finding::Unreadable(None),
                    Rule::new(edition, Article::SquareOfArrival),
                    Vec::new(),
                ),
            };
            vec![Diagnostic {
                rule: Some(rule),
                candidates,
                suggestions: suggestions(pos, written, language, 3),
                ..at(finding, first.span())
            }]
        }
    }
}
