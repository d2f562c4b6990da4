//! Writing moves and games: SAN (and, with the notation module's letter sets, Spanish and
//! figurine renderings).

mod san;

pub use san::{ENGLISH_LETTERS, San, SanPlus, Suffix};
