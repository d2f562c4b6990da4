//! White's and Black's sheets of one game, reconciled into one game ([`reconcile`]).

use super::compare::{Alignment, align};
use super::{Discrepancy, Limits, reconstruct, start_position};
use crate::check::{CheckOptions, check_game_in};
use crate::position::Move;
use crate::san::SanPlus;
use crate::scoresheet::{Game, games};
use crate::types::Color;

/// A place where the two sheets disagree, and what the reconciled game reads there.
///
/// ```
/// use planilla::{reconcile_text, CheckOptions};
/// // White's sheet leaves out 4.Ba4; Black's writes 5...Ae6 for Ae7.
/// let white = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5";
/// let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae6 6.Te1 b5";
/// let r = reconcile_text(white, black, &CheckOptions::default())?;
/// let d = &r.disagreements[0];
/// assert_eq!((d.ply, d.white.as_deref(), d.black.as_deref()), (7, None, Some("Aa4")));
/// assert_eq!(d.read.as_deref(), Some("Ba4"));
/// let d = &r.disagreements[1];
/// assert_eq!((d.ply, d.white.as_deref(), d.black.as_deref()), (10, Some("Ae7"), Some("Ae6")));
/// assert_eq!(d.read.as_deref(), Some("Be7"));
/// # Ok::<(), planilla::ReconcileError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Disagreement {
    /// The ply of the reconciled game, from 1.
    pub ply: u32,
    /// What White's sheet has there (`None`: nothing).
    pub white: Option<String>,
    /// What Black's sheet has there (`None`: nothing).
    pub black: Option<String>,
    /// The move the reconciled game plays there, in SAN (`None` for a move written on one
    /// sheet only, which the game does not have).
    pub read: Option<String>,
}

/// A discrepancy of one sheet with the reconciled game.
///
/// ```
/// use planilla::{reconcile_text, CheckOptions, Color, RepairKind};
/// // White's sheet leaves out 4.Ba4; Black's writes 5...Ae6 for Ae7.
/// let white = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5";
/// let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae6 6.Te1 b5";
/// let r = reconcile_text(white, black, &CheckOptions::default())?;
/// let seen: Vec<_> = r.repairs.iter().map(|s| (s.player, s.discrepancy.kind)).collect();
/// assert_eq!(seen, [(Color::White, RepairKind::MissingMove), (Color::Black, RepairKind::Slip)]);
/// assert_eq!((r.repairs[0].discrepancy.ply, r.repairs[1].discrepancy.ply), (7, 10));
/// assert_eq!(r.repairs[1].discrepancy.sheet.as_deref(), Some("Ae6"));
/// # Ok::<(), planilla::ReconcileError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SheetRepair {
    /// Whose sheet: `white` or `black`.
    #[cfg_attr(feature = "serde", serde(serialize_with = "color_name"))]
    pub player: Color,
    /// The discrepancy, with the reconciled game as the record.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub discrepancy: Discrepancy,
}

#[cfg(feature = "serde")]
fn color_name<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match c {
        Color::White => "white",
        Color::Black => "black",
    })
}

/// Another reconciled game of the same cost.
///
/// ```
/// use planilla::{reconcile_text, CheckOptions};
/// // Both sheets leave out White's 4th move: they agree, and several bishop moves fit there.
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5";
/// let r = reconcile_text(sheet, sheet, &CheckOptions::default())?;
/// assert!(r.disagreements.is_empty());
/// let mut fourth: Vec<_> = r.alternatives.iter().map(|a| a.san[6].as_str()).collect();
/// fourth.push(&r.san[6]);
/// fourth.sort();
/// assert_eq!(fourth, ["Ba4", "Bc4", "Bd3", "Be2", "Bxa6", "Bxc6"]);
/// # Ok::<(), planilla::ReconcileError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct ReconciledAlternative {
    /// Every move of that game, in SAN.
    pub san: Vec<String>,
}

/// Two sheets of one game reconciled, from [`reconcile`].
///
/// ```
/// use planilla::{reconcile_text, CheckOptions, Position};
/// // White's sheet leaves out 4.Ba4; Black's writes 5...Ae6 for Ae7.
/// let white = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5";
/// let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae6 6.Te1 b5";
/// let r = reconcile_text(white, black, &CheckOptions::default())?;
/// assert_eq!(r.san.len(), 12);
/// assert_eq!(r.san[6..10], ["Ba4", "Nf6", "O-O", "Be7"]);
/// assert_eq!((r.disagreements.len(), r.repairs.len()), (2, 2));
/// assert!(r.alternatives.is_empty());
/// assert_eq!((r.moves.len(), r.start), (12, Position::startpos()));
/// # Ok::<(), planilla::ReconcileError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Reconciliation {
    /// Every move of the reconciled game, in SAN.
    pub san: Vec<String>,
    /// Every place where the two sheets disagree, in ply order.
    pub disagreements: Vec<Disagreement>,
    /// Every discrepancy of either sheet with the reconciled game, in ply order (White's
    /// first at the same ply).
    pub repairs: Vec<SheetRepair>,
    /// Other games that explain both sheets at the same cost.
    pub alternatives: Vec<ReconciledAlternative>,
    /// The moves of the reconciled game.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub moves: Vec<Move>,
    /// The position it starts from.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub start: crate::position::Position,
}

/// Why two sheets could not be reconciled.
///
/// ```
/// use planilla::{reconcile_text, CheckOptions, Color, ReconcileError};
/// let options = CheckOptions::default();
/// // White's sheet holds no game.
/// let error = reconcile_text("", "1.e4 e5", &options).unwrap_err();
/// assert_eq!(error, ReconcileError::Games(Color::White, 0));
/// assert_eq!(error.to_string(), "each sheet must hold one game; White's holds 0");
/// // White's sheet starts from a FEN, Black's from the initial position.
/// let white = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1.Rf1";
/// let error = reconcile_text(white, "1.e4 e5", &options).unwrap_err();
/// assert_eq!(error, ReconcileError::Start);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReconcileError {
    /// A sheet holds no game, or more than one.
    #[error("each sheet must hold one game; {0:?}'s holds {1}")]
    Games(Color, usize),
    /// The sheets start from different positions.
    #[error("the sheets start from different positions")]
    Start,
}

/// The games one sheet may record: the game as written when every written move plays, else
/// its reconstructions (the first and those of equal cost).
fn candidates(
    game: &Game<'_>,
    source: &str,
    options: &CheckOptions,
    limits: &Limits,
) -> Vec<Vec<Move>> {
    match reconstruct(game, source, options, limits) {
        Some(r) => std::iter::once(r.moves)
            .chain(r.alternatives.into_iter().map(|a| a.moves))
            .collect(),
        None => {
            let report = check_game_in(game, None, source, 0, options);
            vec![report.moves.iter().map(|m| m.mv).collect()]
        }
    }
}

/// Reconciles White's and Black's sheets of one game into one game: the legal game that both
/// sheets explain at the least cost, every place where they disagree with the move the game
/// reads there, and each sheet's discrepancies with it. Each sheet is read with `options`.
///
/// The games tried are each sheet's own reconstructions (see [`reconstruct`], the first and
/// those of equal cost); each is aligned with both sheets as [`compare_text`](crate::compare_text) does,
/// and the one of least total cost wins. Games of equal cost are all given.
///
/// # Errors
///
/// [`ReconcileError`] when a sheet does not hold exactly one game, or the two start from
/// different positions.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::reconstruct::reconcile_text;
/// // White's sheet leaves out 4.Ba4; Black's writes 5...Ae6 for Ae7.
/// let white = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5";
/// let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae6 6.Te1 b5";
/// let r = reconcile_text(white, black, &CheckOptions::default())?;
/// assert_eq!(r.san[6], "Ba4");
/// assert_eq!(r.san[9], "Be7");
/// let places: Vec<_> = r.disagreements.iter().map(|d| (d.ply, d.read.as_deref())).collect();
/// assert_eq!(places, [(7, Some("Ba4")), (10, Some("Be7"))]);
/// assert_eq!(r.disagreements[1].black.as_deref(), Some("Ae6"));
/// # Ok::<(), planilla::reconstruct::ReconcileError>(())
/// ```
pub fn reconcile_text(
    white: &str,
    black: &str,
    options: &CheckOptions,
) -> Result<Reconciliation, ReconcileError> {
    reconcile_text_with_limits(white, black, options, &Limits::default())
}

/// [`reconcile_text`] within `limits`: each sheet's reconstruction searches at most
/// `limits.max_nodes` positions ([`Limits`]), so that the time a pair of sheets takes is
/// bounded by the caller (a server's request, a fuzzer's input). The default limits give
/// [`reconcile_text`]'s result.
///
/// # Errors
///
/// As [`reconcile_text`].
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::reconstruct::{Limits, reconcile_text_with_limits};
/// let limits = Limits::default().with_max_nodes(4_000);
/// let r = reconcile_text_with_limits("1.e4 e5 2.Cf3", "1.e4 e5 2.Cf3", &CheckOptions::default(), &limits)?;
/// assert_eq!(r.san, ["e4", "e5", "Nf3"]);
/// assert!(r.disagreements.is_empty());
/// # Ok::<(), planilla::reconstruct::ReconcileError>(())
/// ```
pub fn reconcile_text_with_limits(
    white: &str,
    black: &str,
    options: &CheckOptions,
    limits: &Limits,
) -> Result<Reconciliation, ReconcileError> {
    let (w, b) = (
        one_game(white, Color::White, options)?,
        one_game(black, Color::Black, options)?,
    );
    reconcile_within(&w, white, &b, black, options, limits)
}

/// The one game of a sheet's text.
fn one_game<'a>(
    text: &'a str,
    color: Color,
    options: &CheckOptions,
) -> Result<Game<'a>, ReconcileError> {
    let mut reader = games(text, options.parser());
    let mut all: Vec<_> = std::iter::from_fn(|| reader.next_game()).collect();
    if all.len() == 1 {
        Ok(all.remove(0).0)
    } else {
        Err(ReconcileError::Games(color, all.len()))
    }
}

/// [`reconcile_text`] for two games already read, each from its source.
///
/// # Errors
///
/// [`ReconcileError::Start`] when the two start from different positions.
pub fn reconcile(
    white: &Game<'_>,
    white_source: &str,
    black: &Game<'_>,
    black_source: &str,
    options: &CheckOptions,
) -> Result<Reconciliation, ReconcileError> {
    reconcile_within(
        white,
        white_source,
        black,
        black_source,
        options,
        &Limits::default(),
    )
}

/// [`reconcile`] with each sheet's reconstruction bounded by `limits`.
fn reconcile_within(
    white: &Game<'_>,
    white_source: &str,
    black: &Game<'_>,
    black_source: &str,
    options: &CheckOptions,
    limits: &Limits,
) -> Result<Reconciliation, ReconcileError> {
    let start = start_position(white, options);
    if start_position(black, options) != start {
        return Err(ReconcileError::Start);
    }
    let mut tried: Vec<Vec<Move>> = candidates(white, white_source, options, limits);
    for c in candidates(black, black_source, options, limits) {
        if !tried.contains(&c) {
            tried.push(c);
        }
    }
    let mut scored: Vec<(u32, Vec<Move>, Alignment, Alignment)> = tried
        .into_iter()
        .map(|moves| {
            let w = align(white, white_source, &moves, options, true);
            let b = align(black, black_source, &moves, options, true);
            (w.cost + b.cost, moves, w, b)
        })
        .collect();
    // Equal costs in the order of their moves, not of the sheets: the same answer whichever
    // sheet is given first.
    scored.sort_by_cached_key(|s| (s.0, uci_key(&s.1)));
    let sheets = [(white, white_source), (black, black_source)];
    improve(&mut scored, start, sheets, options);
    extend(&mut scored, start, sheets, options);
    let best = scored[0].0;
    let mut scored = scored.into_iter().take_while(|s| s.0 == best);
    let Some((_, moves, w, b)) = scored.next() else {
        return Err(ReconcileError::Start);
    };
    let sans = san_of(start, &moves);
    let disagreements = disagreements(&w, &b, &sans);
    let repairs = repairs(&w, &b);
    let alternatives = scored
        .map(|(_, m, _, _)| ReconciledAlternative {
            san: san_of(start, &m),
        })
        .collect();
    Ok(Reconciliation {
        san: sans,
        disagreements,
        repairs,
        alternatives,
        moves,
        start,
    })
}

/// Where the two sheets, each aligned with the game read (`sans`), write a ply differently, and
/// the moves one sheet writes that the game does not have, by ply.
fn disagreements(w: &Alignment, b: &Alignment, sans: &[String]) -> Vec<Disagreement> {
    let mut disagreements = Vec::new();
    for (k, (wa, ba)) in w.at_ply.iter().zip(&b.at_ply).enumerate() {
        let differs = |d: &[Discrepancy]| d.iter().any(|x| x.ply as usize == k + 1);
        let text = |a: &Option<(usize, String)>| a.as_ref().map(|(_, t)| t.clone());
        let (wt, bt) = (text(wa), text(ba));
        if (differs(&w.comparison.discrepancies) || differs(&b.comparison.discrepancies))
            && wt != bt
            && k < sans.len()
        {
            disagreements.push(Disagreement {
                ply: k as u32 + 1,
                white: wt,
                black: bt,
                read: sans.get(k).cloned(),
            });
        }
    }
    // A move written on one sheet only, which the game does not have; not a disagreement when
    // the other sheet has the same writing left out at the same ply (both sheets agree), nor
    // past the end of the game the two sheets were read to.
    let extra = |a: &Alignment, d: &Discrepancy| {
        a.comparison
            .discrepancies
            .iter()
            .any(|x| x.kind == super::RepairKind::ExtraMove && x.ply == d.ply && x.sheet == d.sheet)
    };
    for (sheet, a, other) in [(Color::White, w, b), (Color::Black, b, w)] {
        for d in &a.comparison.discrepancies {
            if d.kind == super::RepairKind::ExtraMove
                && !extra(other, d)
                && (d.ply as usize) <= sans.len()
            {
                let written = d.sheet.clone();
                let (white, black) = match sheet {
                    Color::White => (written, None),
                    Color::Black => (None, written),
                };
                disagreements.push(Disagreement {
                    ply: d.ply,
                    white,
                    black,
                    read: None,
                });
            }
        }
    }
    disagreements.sort_by_key(|d| d.ply);
    disagreements
}

/// Each sheet's repairs, by ply, White's first.
fn repairs(w: &Alignment, b: &Alignment) -> Vec<SheetRepair> {
    let mut repairs: Vec<SheetRepair> = [(Color::White, w), (Color::Black, b)]
        .into_iter()
        .flat_map(|(sheet, a)| {
            a.comparison.discrepancies.iter().map(move |d| SheetRepair {
                player: sheet,
                discrepancy: d.clone(),
            })
        })
        .collect();
    repairs.sort_by_key(|r| (r.discrepancy.ply, r.player == Color::Black));
    repairs
}

/// A game's moves in UCI, as an order that does not depend on where the game came from.
fn uci_key(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_uci()).collect()
}

fn san_of(start: crate::position::Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start;
    moves
        .iter()
        .map(|&m| SanPlus::from_move_and_play(&mut pos, m).to_string())
        .collect()
}

/// Move `r` of position `was`, played in position `now`: itself when it is legal there, else
/// the one legal move of the same piece to the same square (with the same promotion).
fn same_move(
    was: &crate::position::Position,
    now: &crate::position::Position,
    r: Move,
) -> Option<Move> {
    if now.is_legal(r) {
        return Some(r);
    }
    let role = was.piece_at(r.from())?.role;
    let mut same = now.legal_moves().into_iter().filter(|m| {
        m.to() == r.to()
            && m.promotion() == r.promotion()
            && now.piece_at(m.from()).is_some_and(|p| p.role == role)
    });
    let first = same.next()?;
    same.next().is_none().then_some(first)
}

/// Extends the best game with the moves one sheet writes after it: a sheet often records a
/// move or two more than the other (the last move, written by one player only), which no
/// reconstruction of the shorter sheet has. The written moves after the last one aligned
/// are played as written, while they play, and the longer game taken when both sheets then
/// cost less (the shorter sheet's end is open: see [`align`]).
fn extend(
    scored: &mut Vec<Scored>,
    start: crate::position::Position,
    sheets: [(&Game<'_>, &str); 2],
    options: &CheckOptions,
) {
    let (cost, moves, w, b) = &scored[0];
    let mut end = start;
    for &m in moves {
        end.play_unchecked(m);
    }
    let mut best: Option<Scored> = None;
    for (x, a) in [w, b].into_iter().enumerate() {
        let written = super::written_moves(sheets[x].0, sheets[x].1, options);
        let Some(last) = a.at_ply.iter().flatten().map(|(i, _)| *i).max() else {
            continue;
        };
        let mut pos = end;
        let mut longer = moves.clone();
        for w in written.iter().skip(last + 1) {
            if w.blank {
                break;
            }
            match crate::check::ply::resolve_token(&pos, w.token, options, None) {
                Some((_, crate::resolve::Resolution::Resolved(r))) => {
                    pos.play_unchecked(r.mv);
                    longer.push(r.mv);
                }
                _ => break,
            }
        }
        if longer.len() == moves.len() {
            continue;
        }
        let nw = align(sheets[0].0, sheets[0].1, &longer, options, true);
        let nb = align(sheets[1].0, sheets[1].1, &longer, options, true);
        let c = nw.cost + nb.cost;
        if c < *cost
            && best
                .as_ref()
                .is_none_or(|bt| (c, uci_key(&longer)) < (bt.0, uci_key(&bt.1)))
        {
            best = Some((c, longer, nw, nb));
        }
    }
    if let Some(b) = best {
        scored.insert(0, b);
    }
}

/// One game and its alignments with White's and Black's sheets, scored by their total cost.
type Scored = (u32, Vec<Move>, Alignment, Alignment);

/// Improves the best game where the two sheets disagree: each sheet's own reading of its move
/// there is tried in the game's place, the rest of the game kept, and taken when both sheets
/// then cost less. Each sheet's reconstruction guesses the damage of that sheet alone, so a
/// game that is right at one sheet's damage may be wrong at the other's; this splices them.
fn improve(
    scored: &mut Vec<Scored>,
    start: crate::position::Position,
    sheets: [(&Game<'_>, &str); 2],
    options: &CheckOptions,
) {
    let written: Vec<_> = sheets
        .iter()
        .map(|(g, src)| super::written_moves(g, src, options))
        .collect();
    for _ in 0..16 {
        let (cost, moves, w, b) = &scored[0];
        let mut better: Option<Scored> = None;
        for k in 0..moves.len() {
            let disputed = [w, b].iter().any(|a| {
                a.comparison
                    .discrepancies
                    .iter()
                    .any(|d| d.ply as usize == k + 1)
            });
            if !disputed {
                continue;
            }
            let mut pos = start;
            for &m in &moves[..k] {
                pos.play_unchecked(m);
            }
            for (x, a) in [w, b].into_iter().enumerate() {
                let Some((i, _)) = a.at_ply[k] else { continue };
                let readings = match crate::check::ply::resolve_token(
                    &pos,
                    written[x][i].token,
                    options,
                    None,
                ) {
                    Some((_, crate::resolve::Resolution::Resolved(r))) => vec![r.mv],
                    Some((_, crate::resolve::Resolution::Ambiguous(amb))) => amb.candidates,
                    _ => Vec::new(),
                };
                for m in readings {
                    if m == moves[k] {
                        continue;
                    }
                    // The rest of the game kept as its moves are written: the same piece
                    // to the same square (from another square when the new move moved it).
                    let mut after = pos;
                    after.play_unchecked(m);
                    let mut before = pos;
                    before.play_unchecked(moves[k]);
                    let mut spliced = moves[..k].to_vec();
                    spliced.push(m);
                    for &r in &moves[k + 1..] {
                        let Some(kept) = same_move(&before, &after, r) else {
                            break;
                        };
                        before.play_unchecked(r);
                        after.play_unchecked(kept);
                        spliced.push(kept);
                    }
                    if spliced.len() != moves.len() {
                        continue;
                    }
                    let nw = align(sheets[0].0, sheets[0].1, &spliced, options, true);
                    let nb = align(sheets[1].0, sheets[1].1, &spliced, options, true);
                    let c = nw.cost + nb.cost;
                    // The best splice of all, equal costs in the order of their moves: not the
                    // first found, which would depend on which sheet is given first.
                    let wins = better
                        .as_ref()
                        .is_none_or(|bt| (c, uci_key(&spliced)) < (bt.0, uci_key(&bt.1)));
                    if c < *cost && wins {
                        better = Some((c, spliced, nw, nb));
                    }
                }
            }
        }
        match better {
            Some(b) => scored.insert(0, b),
            None => return,
        }
    }
}
