//! The real-sheet audit: the handwritten sheets of the HCS dataset (`tests/data/hcs`, CC BY
//! 3.0), checked and reconstructed by the library, against the true games that both players'
//! sheets settle (found without planilla; see `tests/data/hcs/README.md`).
//!
//! ```sh
//! cargo run --release --example hcs_audit -- [--half tuning|held-back] [--show N] \
//!     [--window N] [--nodes N] [--beam N] [--skip N,N,…] [--repairs]
//! ```
//!
//! The games are split by game number: odd numbers are the tuning half, even numbers the
//! held-back half, which an issue reports once, at its end. Prints, for the half:
//! - the verdicts that agree with python-chess's (every sheet: valid where python-chess plays
//!   every box);
//! - of the damaged sheets whose true game is known, how many reconstructions give it first,
//!   how many list it among their answers, how many reach the end of the sheet;
//! - the same for the games whose truth is `unsettled`, judged on the plies nobody doubts;
//! - of the games with two sheets and a settled truth, how many `reconcile` gives the true game in each order;
//! - the time per sheet (median and slowest, one thread) and the slowest `reconcile`;
//! - of the sheets whose true game is not first, how many the true game costs more than the
//!   answer (the costs' choice: the sheet alone prefers another game), as much (a tie), less
//!   (the search's miss), or cannot be reached by the search held to it
//!   (`reconstruct::cost_of`).
//!
//! `--show N` lists N missed sheets and games, `--repairs` prints each missed sheet's repairs
//! beside the true game's, `--skip N,N,…` leaves those games out of every figure.

#[path = "../tests/common/hcs.rs"]
mod hcs;

use std::time::{Duration, Instant};

use hcs::Half;
use planilla::check::check_text;
use planilla::reconstruct::{Limits, reconcile_text_with_limits, reconstruct_text};

/// Counts over the damaged sheets of one kind of game.
#[derive(Clone, Copy, Default)]
struct Tally {
    damaged: usize,
    top: usize,
    among: usize,
    end: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let half = match arg("--half").as_deref() {
        Some("held-back") => Half::HeldBack,
        None | Some("tuning") => Half::Tuning,
        Some(other) => panic!("--half tuning|held-back, not {other}"),
    };
    let verbose = args.iter().any(|a| a == "--repairs");
    let show: usize = arg("--show").map_or(0, |s| s.parse().expect("--show N"));
    let options = hcs::options();
    let mut limits = Limits::default();
    if let Some(w) = arg("--window") {
        limits = limits.with_window(w.parse().expect("--window N"));
    }
    if let Some(b) = arg("--beam") {
        limits = limits.with_beam(b.parse().expect("--beam N"));
    }
    if let Some(n) = arg("--nodes") {
        limits = limits.with_max_nodes(n.parse().expect("--nodes N"));
    }
    let truths = hcs::truths();
    let verdicts = hcs::python_chess_verdicts();
    // Games left out of the figures (`--skip 2,34`): those whose truth notes were seen.
    let skip: Vec<u32> = arg("--skip").map_or_else(Vec::new, |s| {
        s.split(',')
            .map(|g| g.trim().parse().expect("--skip N,N,…"))
            .collect()
    });
    let sheets: Vec<_> = hcs::sheets()
        .into_iter()
        .filter(|s| Half::of(s.game) == half && !skip.contains(&s.game))
        .collect();
    let (mut agree, mut tally) = (0, [Tally::default(), Tally::default()]);
    let mut disagree = Vec::new();
    let mut missed = Vec::new();
    let mut times = Vec::new();
    let mut causes = [0usize; 4];
    for sheet in &sheets {
        let valid = check_text(&sheet.text, &options).all(|r| r.is_valid());
        if Some(&valid) == verdicts.get(&sheet.name) {
            agree += 1;
        } else {
            disagree.push(sheet.name.clone());
        }
        let t = Instant::now();
        let found = reconstruct_text(&sheet.text, &options, &limits);
        times.push(t.elapsed());
        let Some(truth) = truths.get(&sheet.game).filter(|t| !t.san.is_empty()) else {
            continue;
        };
        if valid {
            continue;
        }
        // A settled game is judged on the sheet's length; an unsettled one on the plies nobody
        // doubts.
        let settled = truth.settled();
        let tally = &mut tally[usize::from(!settled)];
        tally.damaged += 1;
        let want = &truth.san[..sheet.boxes.len().min(truth.san.len())];
        let fits = |s: &[String]| {
            if settled {
                s == want
            } else {
                s.len() >= want.len() && &s[..want.len()] == want
            }
        };
        let Some(Some(r)) = found.first() else {
            missed.push(format!("{}: no reconstruction", sheet.name));
            continue;
        };
        let first = r.san();
        let listed = std::iter::once(&first)
            .chain(r.alternatives.iter().map(|a| &a.san))
            .any(|s| fits(s));
        tally.top += usize::from(fits(&first));
        tally.among += usize::from(listed);
        tally.end += usize::from(r.complete);
        if !fits(&first) {
            let at = first.iter().zip(want).position(|(a, b)| a != b);
            // What the true game costs the search: more than the answer's cost is the costs'
            // fault, no more is the search's, none means the search cannot reach it.
            let truth = true_cost(&sheet.text, want, &options, &limits);
            let truth_cost = truth.as_ref().map(|t| t.0);
            if verbose {
                let show = |rs: &[planilla::reconstruct::Repair]| {
                    rs.iter()
                        .map(|r| {
                            format!(
                                "{}:{}:{}>{}",
                                r.ply,
                                r.kind.code(),
                                r.written.as_deref().unwrap_or("-"),
                                r.san.as_deref().unwrap_or("-")
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                println!("{} found {}: {}", sheet.name, r.cost, show(&r.repairs));
                if let Some((c, rs)) = &truth {
                    println!("{} truth {c}: {}", sheet.name, show(rs));
                }
            }
            causes[truth_cause(truth_cost, r.cost)] += 1;
            missed.push(format!(
                "{}{}: {} (first difference at ply {}, {} of {} plies, cost {}, true game {}, {} ties, complete {})",
                sheet.name,
                if settled { "" } else { " (unsettled)" },
                if listed { "listed" } else { "not listed" },
                at.map_or("-".to_owned(), |k| (k + 1).to_string()),
                first.len(),
                want.len(),
                r.cost,
                truth_cost.map_or("out of reach".to_owned(), |c| format!("costs {c}")),
                r.ties,
                r.complete
            ));
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "{half:?} half: {} sheets; verdicts agree with python-chess: {agree} ({:.1} %){}",
        sheets.len(),
        pct(agree, sheets.len()),
        if disagree.is_empty() {
            String::new()
        } else {
            format!("; not: {}", disagree.join(", "))
        }
    );
    for (tally, what) in tally.iter().zip([
        "damaged sheets with a true game",
        "damaged sheets of unsettled games (judged on the plies nobody doubts)",
    ]) {
        let Tally {
            damaged,
            top,
            among,
            end,
        } = *tally;
        println!(
            "{what}: {damaged}; top {top} ({:.1} %), among {among} ({:.1} %), reach the end {end} ({:.1} %)",
            pct(top, damaged),
            pct(among, damaged),
            pct(end, damaged)
        );
    }
    println!(
        "missed: the true game costs more than the answer {}, as much {}, less {}, out of the search's reach {}",
        causes[0], causes[1], causes[2], causes[3]
    );
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let slowest = times.last().copied().unwrap_or_default();
    println!("time per sheet: median {median:.2?}, slowest {slowest:.2?}");
    // Two sheets of one game, in both orders.
    let mut games = 0;
    let mut right = [0usize; 2];
    let mut slowest_pair = Duration::ZERO;
    let mut wrong = Vec::new();
    for (&game, truth) in &truths {
        if Half::of(game) != half || !truth.settled() || skip.contains(&game) {
            continue;
        }
        let pair: Vec<_> = sheets.iter().filter(|s| s.game == game).take(2).collect();
        let [a, b] = pair[..] else { continue };
        games += 1;
        for (k, (x, y)) in [(a, b), (b, a)].into_iter().enumerate() {
            let t = Instant::now();
            let r = reconcile_text_with_limits(&x.text, &y.text, &options, &limits);
            slowest_pair = slowest_pair.max(t.elapsed());
            match r {
                Ok(r) if r.san == truth.san => right[k] += 1,
                Ok(r) => {
                    let at = r.san.iter().zip(&truth.san).position(|(p, q)| p != q);
                    wrong.push(format!(
                        "{game:03} order {}: first difference at ply {}, {} of {} plies",
                        k + 1,
                        at.map_or("-".to_owned(), |k| (k + 1).to_string()),
                        r.san.len(),
                        truth.san.len()
                    ));
                }
                Err(e) => wrong.push(format!("{game:03} order {}: {e}", k + 1)),
            }
        }
    }
    println!(
        "reconcile, {games} games: the true game in the first order {} ({:.1} %), in the other {} ({:.1} %); slowest {slowest_pair:.2?}",
        right[0],
        pct(right[0], games),
        right[1],
        pct(right[1], games)
    );
    for m in missed.iter().take(show) {
        println!("  {m}");
    }
    for w in wrong.iter().take(show) {
        println!("  reconcile {w}");
    }
}

/// 0: the true game costs more than the answer; 1: as much (a tie); 2: less (the search's
/// miss); 3: out of reach.
fn truth_cause(truth: Option<u32>, found: u32) -> usize {
    match truth {
        Some(c) if c > found => 0,
        Some(c) if c == found => 1,
        Some(_) => 2,
        None => 3,
    }
}

/// The search's cost for the sheet explained by the game `san` (English SAN from the start).
fn true_cost(
    text: &str,
    san: &[String],
    options: &planilla::check::CheckOptions,
    limits: &Limits,
) -> Option<(u32, Vec<planilla::reconstruct::Repair>)> {
    let (game, _) = planilla::scoresheet::games(text, options.parser()).next_game()?;
    let mut pos = planilla::position::Position::default();
    let mut moves = Vec::new();
    for s in san {
        let bare = s.trim_end_matches(['+', '#']);
        let m = pos.legal_moves().into_iter().find(|&m| {
            planilla::san::SanPlus::from_move(&pos, m)
                .to_string()
                .trim_end_matches(['+', '#'])
                == bare
        })?;
        moves.push(m);
        pos.play_unchecked(m);
    }
    planilla::reconstruct::cost_of(&game, text, options, limits, &moves)
}
