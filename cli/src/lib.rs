//! What the `planilla` command line adds to the library: diagnostics drawn as rustc draws
//! them ([`render_diagnostic`]). The binary itself (`src/main.rs`) reads arguments and files,
//! checks games in parallel and prints; every decision lives in the library.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod render;

pub use render::render_diagnostic;
