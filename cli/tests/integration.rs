//! The command line's tests, in one binary: the commands, their JSON and its schemas, the npm
//! package against the command line, and the server's API. `cargo test --profile tests -p
//! planilla-cli --test integration schema::` runs one file of them.
//!
//! The browser tests (`serve_browser.rs`) and the hall's load tests (`serve_hall.rs`) stay
//! binaries of their own: each drives a server and times it, and should not share the two
//! cores of a small machine with the rest.

mod common;

mod cli;
mod descriptive_cli;
mod npm_package;
mod pipeline;
mod schema;
mod serve_api;
