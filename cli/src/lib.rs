//! What the `planilla` command line adds to the library: diagnostics drawn as rustc draws
//! them ([`render_diagnostic`]), the settings and jobs the command line and the server share
//! ([`settings`], [`jobs`]), and the web server of `planilla serve` ([`serve`], with the
//! default feature `serve`). The binary itself (`src/main.rs`) reads arguments and files,
//! checks games in parallel and prints; every decision lives in the library.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod api;
pub mod jobs;
mod render;
#[cfg(feature = "serve")]
pub mod serve;
pub mod settings;

pub use render::{
    render_comparison, render_diagnostic, render_reconciliation, render_reconstruction,
};
