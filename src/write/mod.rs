//! Writing moves and games: SAN, moves in any language's letters or figurines, whole games as
//! PGN, Spanish scoresheets and JSON, and diagnostics drawn against the source.

pub mod descriptive;
mod game;
mod local;
mod render;
mod san;
mod sealed;
mod style;

pub use game::{json, pgn, scoresheet, scoresheet_with};
pub use local::{in_language, write_san_plus};
pub use render::render_diagnostic;
pub use san::{ENGLISH_LETTERS, Marks, San, SanPlus, Suffix};
pub use sealed::{sealed_json, sealed_text};
pub use style::{CheckStyle, EnPassantStyle, Layout, Style};
