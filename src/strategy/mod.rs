//! Proptest strategies for realistic Spanish chess notation, valid and invalid (feature
//! `proptest`).
//!
//! For the crate's users who test their own notation code (OCR pipelines, scoresheet apps, PGN
//! converters), and for the crate's own tests. Every value comes with what it must mean:
//!
//! | strategy | gives | with |
//! |---|---|---|
//! | [`game_length`], [`playout`](fn@playout), [`position`] | seeded random legal games and positions | the moves, SAN |
//! | [`move_style`], [`written_moves`], [`written_move`] | legal moves written in Spanish in any style the grammar reads | the AST, the move, SAN |
//! | [`scoresheet`] | whole sheets: headers, numbering, columns, draw offers, results | SAN per ply, tags, result |
//! | [`mutated`], [`any_mutated`] | sheets with one illegal, ambiguous or unreadable move | the error code and its ply |
//!
//! Values are built from a seed and a few independent choices, so a failing case shrinks toward
//! a shorter game written in the canonical Appendix C style. The deterministic builders behind
//! the strategies ([`Playout::random`], [`MoveStyle::write`], [`Sheet::write`],
//! [`Mutated::at`]) can be called directly.
//!
//! Case counts: [`config`] gives a small default for CI that the `PROPTEST_CASES` environment
//! variable (proptest's own) overrides for a long campaign.
//!
//! ```
//! use planilla::strategy::{game_length, scoresheet};
//! use planilla::check::{check_text, CheckOptions};
//! use proptest::prelude::*;
//! proptest!(|(sheet in scoresheet(game_length()))| {
//!     let report = check_text(&sheet.text, &CheckOptions::default()).next().unwrap();
//!     prop_assert!(report.is_valid(), "{}", sheet.text);
//!     let sans: Vec<String> = report.moves.iter().map(|m| m.san.to_string()).collect();
//!     prop_assert_eq!(sans, sheet.sans.iter().map(String::as_str).collect::<Vec<_>>());
//! });
//! ```

mod moves;
mod mutate;
mod playout;
mod sheet;

pub use moves::{Letters, MoveStyle, Origin, WrittenMove, move_style, written_move, written_moves};
pub use mutate::{Mutated, MutationKind, any_mutated, mutated};
pub use playout::{Playout, Rng, game_length, playout, playout_from, position};
pub use sheet::{
    HeaderStyle, Headers, Numbering, ResultStyle, Sheet, SheetStyle, scoresheet, sheet_style,
};

/// A proptest configuration that runs `cases` cases, unless the `PROPTEST_CASES` environment
/// variable says otherwise: a small default that keeps CI fast, and a long campaign on demand
/// (`PROPTEST_CASES=10000 cargo test --profile tests --all-features --test integration strategy::`).
///
/// ```
/// use planilla::strategy::config;
/// let c = config(32);
/// if std::env::var_os("PROPTEST_CASES").is_none() {
///     assert_eq!(c.cases, 32);
/// }
/// ```
pub fn config(cases: u32) -> proptest::test_runner::Config {
    let mut config = proptest::test_runner::Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}
