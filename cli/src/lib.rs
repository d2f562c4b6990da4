//! What the `planilla` command line adds to the library and its application layer
//! (`planilla_app`: the jobs, the settings and the desk's JSON API): diagnostics drawn as
//! rustc draws them ([`render_diagnostic`]), and the web server of `planilla serve`
//! ([`serve`], with the default feature `serve`). The binary itself (`src/main.rs`) reads
//! arguments and files, checks games in parallel and prints; every decision lives in the
//! library.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod render;
#[cfg(feature = "serve")]
pub mod serve;

pub use render::{
    LineCursor, render_comparison, render_diagnostic, render_diagnostic_with,
    render_reconciliation, render_reconstruction,
};
