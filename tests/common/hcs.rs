//! The real handwritten sheets of the HCS dataset (`tests/data/hcs`, CC BY 3.0; see its
//! README): each sheet as its player wrote it, box by box, and the true game of every game
//! whose two players' sheets settle it, found with python-chess and by hand, never with
//! planilla.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// Which half of the games: the split is by game number, made before anyone looked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Half {
    /// Odd game numbers: the costs are learned and the rules tuned here.
    Tuning,
    /// Even game numbers: reported once, at the end of an issue.
    HeldBack,
}

impl Half {
    /// The half of game number `game`.
    pub fn of(game: u32) -> Half {
        if game % 2 == 1 {
            Half::Tuning
        } else {
            Half::HeldBack
        }
    }
}

/// One player's sheet.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// `GGG_P`, as the dataset names it: game number and sheet.
    pub name: String,
    pub game: u32,
    /// Each box in ply order; `None` for a box left blank.
    pub boxes: Vec<Option<String>>,
    /// The sheet as text, one move number a line, a blank box as `—`.
    pub text: String,
}

/// The true game of a game with two sheets.
#[derive(Clone, Debug)]
pub struct Truth {
    /// `agree`, `merged`, `hand` or `unsettled` (see the README).
    pub how: String,
    /// The moves in SAN: the whole game, or for an `unsettled` game the plies nobody doubts.
    pub san: Vec<String>,
}

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/hcs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every sheet of the dataset, in name order.
pub fn sheets() -> Vec<Sheet> {
    let mut boxes: BTreeMap<String, BTreeMap<(u32, u8), String>> = BTreeMap::new();
    for line in data("labels.txt").lines() {
        let Some((key, label)) = line.split_once(' ') else {
            continue;
        };
        let key = key.trim_end_matches(".png");
        let parts: Vec<&str> = key.split('_').collect();
        let [game, page, number, colour] = parts[..] else {
            panic!("label {line:?}");
        };
        let number: u32 = number.parse().expect("a move number");
        let side = u8::from(colour == "black");
        boxes
            .entry(format!("{game}_{page}"))
            .or_default()
            .insert((number, side), label.trim().to_owned());
    }
    boxes
        .into_iter()
        .map(|(name, cells)| {
            let game: u32 = name[..3].parse().expect("a game number");
            let last = cells.keys().map(|k| k.0).max().unwrap_or(0);
            let mut text = String::new();
            let mut out = Vec::new();
            for number in 1..=last {
                let white = cells.get(&(number, 0)).cloned();
                let black = cells.get(&(number, 1)).cloned();
                text.push_str(&format!("{number}. {}", white.as_deref().unwrap_or("—")));
                out.push(white);
                // The last row may end after White's move.
                if black.is_some() || number < last {
                    text.push_str(&format!(" {}", black.as_deref().unwrap_or("—")));
                    out.push(black);
                }
                text.push('\n');
            }
            Sheet {
                name,
                game,
                boxes: out,
                text,
            }
        })
        .collect()
}

impl Truth {
    /// Whether the whole game is known (every kind but `unsettled`).
    pub fn settled(&self) -> bool {
        self.how != "unsettled"
    }
}

/// The rows of a tab-separated file of `tests/data/hcs`, its `#` comments and blank lines left
/// out.
fn rows(name: &str) -> Vec<Vec<String>> {
    data(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

/// The true games, by game number; an `unsettled` game only with the plies nobody doubts.
pub fn truths() -> BTreeMap<u32, Truth> {
    rows("truth.tsv")
        .into_iter()
        .filter_map(|f| {
            let game: u32 = f[0].parse().ok()?;
            Some((
                game,
                Truth {
                    how: f[1].clone(),
                    san: f.get(3).map_or(Vec::new(), |s| {
                        s.split_whitespace().map(str::to_owned).collect()
                    }),
                },
            ))
        })
        .collect()
}

/// python-chess's verdict on each sheet (`true`: every box plays), by sheet name.
pub fn python_chess_verdicts() -> BTreeMap<String, bool> {
    rows("verdicts.tsv")
        .into_iter()
        .map(|f| (f[0].clone(), f[1] == "valid"))
        .collect()
}

/// The options the command line reads these sheets with (`--lang en`): English letters, each
/// game in the notation of its moves (`BxQ`, written on some sheets, is descriptive).
pub fn options() -> planilla::check::CheckOptions {
    use planilla::notation::descriptive::NotationKind;
    planilla::check::CheckOptions::default()
        .with_language(planilla::notation::Language::ENGLISH.with_notation(NotationKind::Auto))
}
