//! Writing moves and games: SAN, moves in any language's letters or figurines, whole games as
//! PGN, Spanish scoresheets and JSON, and diagnostics drawn against the source.

#[cfg(feature = "serde")]
mod codes;
#[cfg(feature = "serde")]
mod document;
mod game;
#[cfg(all(feature = "serde", feature = "reconstruct"))]
mod reconstruction;
#[cfg(feature = "sealed")]
mod sealed;
mod style;

#[cfg(feature = "serde")]
pub use document::GamesJson;
#[cfg(feature = "schema")]
#[cfg_attr(docsrs, doc(cfg(feature = "schema")))]
pub use document::{json_schema, sealed_json_schema};
#[cfg(feature = "reconstruct")]
pub use game::reconstruction_pgn;
#[cfg(feature = "serde")]
pub use game::{DiagnosticJson, GameJson, MoveJson, NamedMoveJson, VariationJson, json};
pub use game::{PgnComments, pgn, scoresheet, scoresheet_with};
#[cfg(all(feature = "serde", feature = "reconstruct"))]
pub use reconstruction::{AlternativeJson, ReconstructionJson, RepairJson, reconstruction_json};
// SAN is its own stage (`crate::san`), before the resolver; here for writers' convenience.
pub use crate::localize::{descriptive, in_language, write_san_plus};
pub use crate::san::{ENGLISH_LETTERS, Marks, San, SanPlus, Suffix};
#[cfg(feature = "sealed")]
pub use sealed::sealed_text;
#[cfg(all(feature = "serde", feature = "sealed"))]
pub use sealed::{EvidentJson, SealedJson, WarningJson, sealed_json};
pub use style::{CheckStyle, EnPassantStyle, MoveLayout, Style};
