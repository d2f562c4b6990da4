//! The `planilla` command line. It stays thin: every decision lives in the library.

fn main() {
    eprintln!(
        "planilla {}: the command line arrives with the main job",
        env!("CARGO_PKG_VERSION")
    );
    std::process::exit(2);
}
