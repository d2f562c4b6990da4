//! Running the built `planilla` binary in the workspace root, with `stdin` piped in.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The workspace root, where `examples/` is.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `planilla args…` in [`ROOT`], writing `stdin` (none: empty) to its standard input.
pub fn planilla(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_planilla"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.unwrap_or_default().to_vec();
    // Written from another thread: a large input would otherwise fill the pipe while the
    // child's output fills the other one.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}
