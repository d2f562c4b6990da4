//! The JSON documents of the command line as serde types ([`GamesJson`] wraps the games of
//! `check --json` and `convert --to json`; [`SealedJson`](super::SealedJson) is the ruling of
//! `sealed --json`), and, with the feature `schema`, their JSON Schemas, generated from the
//! types.

use super::GameJson;

/// The document `check --json` and `convert --to json` write: `{"games": [...]}`, one
/// [`GameJson`] per game, in input order (see [`json`](super::json)).
///
/// `games` is any serde sequence of [`GameJson`]: a `Vec` by default, or a sequence that
/// checks the games as the serializer asks for them, as the command line does to write a large
/// input in constant memory. Either serializes the same.
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::write::{GamesJson, json};
/// let games = check_text("1.e4 e5 1-0\n\n1.d4 d5", &CheckOptions::default())
///     .map(|report| json(&report, MessageLanguage::English))
///     .collect::<Vec<_>>();
/// let document = GamesJson { games };
/// assert_eq!(document.games.len(), 2);
/// assert_eq!(document.games[1].moves[0].san, "d4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// The schema's description leaves out what is for Rust readers.
#[cfg_attr(
    feature = "schema",
    schemars(
        rename = "GamesJson",
        description = "The document `check --json` and `convert --to json` write: every game of \
                       the input, in input order.",
        deny_unknown_fields
    )
)]
pub struct GamesJson<G = Vec<GameJson>> {
    /// Every game of the input, in order.
    pub games: G,
}

#[cfg(feature = "schema")]
pub use schema::{json_schema, sealed_json_schema};

#[cfg(feature = "schema")]
pub(crate) use schema::{
    basis_schema, color_schema, consequence_schema, exception_schema, repair_kind_schema,
    termination_schema, verdict_schema,
};

#[cfg(feature = "schema")]
mod schema {
    use schemars::generate::{SchemaGenerator, SchemaSettings};
    use schemars::{JsonSchema, Schema, json_schema as schema};

    use super::GamesJson;
    use crate::scoresheet::Termination;
    use crate::sealed::{Consequence, DrawException, EvidentBasis, Verdict};
    use crate::types::Color;
    use crate::write::SealedJson;

    /// What the command line writes: the schemas describe serialization (every field is
    /// written, `null` included, so every field is required), draft 2020-12.
    fn root<T: JsonSchema>() -> Schema {
        SchemaSettings::draft2020_12()
            .for_serialize()
            .into_generator()
            .into_root_schema_for::<T>()
    }

    /// The JSON Schema (draft 2020-12) of the document `check --json` and `convert --to json`
    /// write, a [`GamesJson`]: every field, its type and its description, the strings that
    /// take a fixed set of values (`color`, `severity`, `termination`) as enumerations, and no
    /// field beyond them. The command line prints it with `planilla schema check`; it is
    /// checked in as `schema/check.schema.json`.
    ///
    /// ```
    /// let schema = planilla::write::json_schema();
    /// let schema = schema.as_value();
    /// assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
    /// assert_eq!(schema["required"][0], "games");
    /// let game = &schema["$defs"]["GameJson"];
    /// assert_eq!(game["properties"]["valid"]["type"], "boolean");
    /// assert_eq!(schema["$defs"]["MoveJson"]["properties"]["color"]["enum"][1], "black");
    /// // The schema as JSON text, to save or to give to a validator.
    /// assert!(schema.to_string().starts_with('{'));
    /// ```
    #[must_use]
    pub fn json_schema() -> Schema {
        root::<GamesJson>()
    }

    /// The JSON Schema (draft 2020-12) of the ruling `sealed --json` writes, a
    /// [`SealedJson`](crate::write::SealedJson), as [`json_schema`] describes games. The
    /// command line prints it with `planilla schema sealed`; it is checked in as
    /// `schema/sealed.schema.json`.
    ///
    /// ```
    /// let schema = planilla::write::sealed_json_schema();
    /// let verdict = &schema.as_value()["properties"]["verdict"];
    /// assert_eq!(verdict["enum"][0], "valid");
    /// ```
    #[must_use]
    pub fn sealed_json_schema() -> Schema {
        root::<SealedJson>()
    }

    /// A string that is one of `values`.
    fn one_of(values: &[&str]) -> Schema {
        schema!({ "type": "string", "enum": values })
    }

    // Each list is the codes of every variant; the `match`es fail to compile when a variant is
    // added, so that the list gets its code.

    pub(crate) fn repair_kind_schema(_: &mut SchemaGenerator) -> Schema {
        use crate::reconstruct::RepairKind;
        let _ = |k: RepairKind| match k {
            RepairKind::Slip
            | RepairKind::MissingMove
            | RepairKind::ExtraMove
            | RepairKind::MoveOrder
            | RepairKind::AmbiguousMove => (),
        };
        one_of(&[
            "slip",
            "missing-move",
            "extra-move",
            "move-order",
            "ambiguous-move",
        ])
    }

    pub(crate) fn color_schema(_: &mut SchemaGenerator) -> Schema {
        let _ = |c: Color| match c {
            Color::White | Color::Black => (),
        };
        one_of(&["white", "black"])
    }

    /// `Option<&str>` of a [`Termination`]: its PGN value, or `null`.
    pub(crate) fn termination_schema(_: &mut SchemaGenerator) -> Schema {
        let all = [
            Termination::Resignation,
            Termination::Time,
            Termination::Forfeit,
            Termination::DrawAgreed,
            Termination::Checkmate,
            Termination::Stalemate,
            Termination::Restated,
        ];
        let _ = |t: Termination| match t {
            Termination::Resignation
            | Termination::Time
            | Termination::Forfeit
            | Termination::DrawAgreed
            | Termination::Checkmate
            | Termination::Stalemate
            | Termination::Restated => (),
        };
        let mut values: Vec<&str> = Vec::new();
        for v in all.map(Termination::pgn) {
            if !values.contains(&v) {
                values.push(v);
            }
        }
        one_of_or_null(&values)
    }

    pub(crate) fn verdict_schema(_: &mut SchemaGenerator) -> Schema {
        let _ = |v: &Verdict| match v {
            Verdict::Valid { .. }
            | Verdict::Ambiguous { .. }
            | Verdict::Unreadable { .. }
            | Verdict::Illegal { .. } => (),
        };
        one_of(&["valid", "ambiguous", "unreadable", "illegal"])
    }

    pub(crate) fn consequence_schema(_: &mut SchemaGenerator) -> Schema {
        let _ = |c: Consequence| match c {
            Consequence::Continue
            | Consequence::Loss
            | Consequence::Draw(_)
            | Consequence::Refer => {}
        };
        let draw = Consequence::Draw(DrawException::Stalemate);
        one_of(
            &[
                Consequence::Continue,
                Consequence::Loss,
                draw,
                Consequence::Refer,
            ]
            .map(Consequence::code),
        )
    }

    /// `Option<&str>` of a [`DrawException`]: its code, or `null`.
    pub(crate) fn exception_schema(_: &mut SchemaGenerator) -> Schema {
        let _ = |e: DrawException| match e {
            DrawException::OpponentCannotMate
            | DrawException::DeadPosition
            | DrawException::Stalemate
            | DrawException::Fivefold
            | DrawException::SeventyFiveMoves => (),
        };
        let all = [
            DrawException::OpponentCannotMate,
            DrawException::DeadPosition,
            DrawException::Stalemate,
            DrawException::Fivefold,
            DrawException::SeventyFiveMoves,
        ];
        one_of_or_null(&all.map(DrawException::code))
    }

    pub(crate) fn basis_schema(_: &mut SchemaGenerator) -> Schema {
        let _ = |b: EvidentBasis| match b {
            EvidentBasis::OneEdit | EvidentBasis::OnlyCompletion => (),
        };
        one_of(&[EvidentBasis::OneEdit, EvidentBasis::OnlyCompletion].map(EvidentBasis::code))
    }

    /// A string that is one of `values`, or `null`.
    fn one_of_or_null(values: &[&str]) -> Schema {
        let values: Vec<Option<&str>> = values.iter().copied().map(Some).chain([None]).collect();
        schema!({ "type": ["string", "null"], "enum": values })
    }
}
