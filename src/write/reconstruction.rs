//! A reconstruction as JSON: the `reconstruction` field of `check --reconstruct --json`.

use crate::check::MessageLanguage;
use crate::reconstruct::{Reconstruction, Repair};

/// A reconstruction as JSON: the field `reconstruction` of each game of
/// `check --reconstruct --json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct ReconstructionJson {
    /// Every move of the reconstructed game, in SAN.
    pub san: Vec<String>,
    /// The same moves in UCI (`e2e4`), one for each of `san`.
    pub uci: Vec<String>,
    /// The FEN of the position after each move, one for each of `san`.
    pub fen: Vec<String>,
    /// The repairs, in ply order.
    pub repairs: Vec<RepairJson>,
    /// Other games of the same cost, which the sheet may record as well.
    pub alternatives: Vec<AlternativeJson>,
    /// Whether every written move is explained; when `false`, the sheet is too damaged to
    /// reconstruct past the last move of `san`.
    pub complete: bool,
    /// The search's cost of the repairs (see the cost table in docs/audits.md).
    pub cost: u32,
    /// How many different games of this cost the search found, the first included; more than
    /// the alternatives listed when `--alternatives N` cut the list.
    pub ties: u32,
    /// The cost of the cheapest dearer game, when the search found one near the first.
    pub runner_up_cost: Option<u32>,
}

/// One repair as JSON.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct RepairJson {
    /// The ply of the reconstructed game, from 1.
    pub ply: u32,
    /// `slip`, `missing-move`, `extra-move`, `move-order` or `ambiguous-move`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::repair_kind_schema")
    )]
    #[serde(serialize_with = "super::codes::repair_kind")]
    pub kind: crate::reconstruct::RepairKind,
    /// What the sheet shows there (`null` for a move left out).
    pub written: Option<String>,
    /// The move read, in SAN (`null` for a written move left out of the game; the moves in
    /// the order played, for a wrong order).
    pub san: Option<String>,
    /// Why, in the messages' language.
    pub reason: String,
}

/// Another reconstruction of the same cost, as JSON.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct AlternativeJson {
    /// Every move of that game, in SAN.
    pub san: Vec<String>,
    /// Its repairs.
    pub repairs: Vec<RepairJson>,
    /// The plies (from 1) where it differs from the first game.
    pub differs_at: Vec<u32>,
}

fn repair_json(r: &Repair, lang: MessageLanguage) -> RepairJson {
    RepairJson {
        ply: r.ply,
        kind: r.kind,
        written: r.written.clone(),
        san: r.san.clone(),
        reason: r.reason(lang),
    }
}

/// A [`Reconstruction`] as JSON, its reasons in `lang`.
///
/// ```
/// use planilla::check::{CheckOptions, MessageLanguage};
/// use planilla::reconstruct::{reconstruct_text, Limits};
/// use planilla::write::reconstruction_json;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let found = reconstruct_text(sheet, &CheckOptions::default(), &Limits::default());
/// let json = reconstruction_json(found[0].as_ref().unwrap(), MessageLanguage::English);
/// let json = serde_json::to_value(&json).unwrap();
/// assert_eq!(json["repairs"][0]["kind"], "slip");
/// assert_eq!(json["repairs"][0]["written"], "Cf5");
/// assert_eq!(json["repairs"][0]["san"], "Nf6");
/// assert_eq!(json["san"][5], "Nf6");
/// assert_eq!(json["uci"][5], "g8f6");
/// assert!(json["fen"][5].as_str().unwrap().starts_with("r1bqkb1r/pppp1ppp/2n2n2/"));
/// ```
#[must_use]
pub fn reconstruction_json(r: &Reconstruction, lang: MessageLanguage) -> ReconstructionJson {
    let mut pos = r.start;
    let fen = r
        .moves
        .iter()
        .map(|&m| {
            pos.play_unchecked(m);
            pos.to_fen()
        })
        .collect();
    ReconstructionJson {
        san: r.san(),
        uci: r.moves.iter().map(|m| m.to_uci()).collect(),
        fen,
        repairs: r.repairs.iter().map(|x| repair_json(x, lang)).collect(),
        alternatives: r
            .alternatives
            .iter()
            .map(|a| AlternativeJson {
                san: a.san.clone(),
                repairs: a.repairs.iter().map(|x| repair_json(x, lang)).collect(),
                differs_at: a.differs_at.clone(),
            })
            .collect(),
        complete: r.complete,
        cost: r.cost,
        ties: r.ties,
        runner_up_cost: r.runner_up_cost,
    }
}
