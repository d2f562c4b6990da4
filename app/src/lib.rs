//! The application layer of planilla, between the library and its front doors: a job as a
//! value ([`job`]: check, convert, rule on a sealed move, reconcile, compare, decode, each run
//! into one serde view of its result), the jobs' steps ([`jobs`]), the one loop over a stream
//! of games they all run ([`stream`]), the settings of a sheet ([`settings`]) and the JSON API
//! of the desk ([`api`]).
//!
//! The command line (`planilla-cli`), the WebAssembly of the desk and the npm package
//! (`web/`) and the Python package (`python/`) depend on this crate and on none of each
//! other, so that the same request gets the same answer through each, and the WebAssembly
//! carries no argument parser, thread pool or progress bar.
//!
//! ```
//! use planilla_app::jobs;
//! use planilla::check::CheckOptions;
//! let pgn = jobs::convert_pgn("1.e4 e5 2.Cf3", &CheckOptions::default());
//! assert!(pgn.contains("2. Nf3"));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod api;
pub mod job;
pub mod jobs;
pub mod settings;
pub mod stream;
