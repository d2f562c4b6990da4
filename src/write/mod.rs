//! Writing moves and games: SAN (and, with the notation module's letter sets, Spanish and
//! figurine renderings).

mod local;
mod san;

pub use local::{in_language, write_san_plus};
pub use san::{ENGLISH_LETTERS, San, SanPlus, Suffix};
