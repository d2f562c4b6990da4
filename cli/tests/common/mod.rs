//! Running the built `planilla` binary in the workspace root, with `stdin` piped in.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The workspace root, where `examples/` is.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `planilla args…` in [`ROOT`], writing `stdin` (none: empty) to its standard input.
#[allow(dead_code)]
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

/// Starts `planilla serve`'s router on a free port of 127.0.0.1, on the current tokio
/// runtime, and returns its address.
#[cfg(feature = "serve")]
#[allow(dead_code)]
pub async fn start_server() -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(planilla_cli::serve::serve(listener));
    address
}

/// The shipped scoresheets: every file of `examples/planillas/` and the `.txt` files of
/// `examples/descriptive/`, as (path from [`ROOT`], text).
#[allow(dead_code)]
pub fn shipped_sheets() -> Vec<(String, String)> {
    let mut sheets = Vec::new();
    for (dir, only_txt) in [
        ("examples/planillas", false),
        ("examples/descriptive", true),
    ] {
        let mut entries: Vec<_> = std::fs::read_dir(format!("{ROOT}/{dir}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| !only_txt || p.extension().is_some_and(|e| e == "txt"))
            .collect();
        entries.sort();
        for path in entries {
            let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            sheets.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    sheets
}

/// Skips a test that needs a program this machine lacks: outside CI it prints a loud
/// `SKIPPED, NOT RUN` line on standard error with `message` (what is missing and how to
/// install it), so that the README's test command passes on a fresh machine; under `CI=true`
/// it fails, so that CI never passes without running the test.
#[allow(dead_code)]
pub fn skip_unless_ci(test: &str, message: &str) {
    use std::io::Write as _;
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "{message} (CI=true: not skipped)");
    // Straight to the process's standard error: the test harness captures `eprintln!` of a
    // test that passes, and this message must be seen.
    let _ = writeln!(
        std::io::stderr(),
        "\n*** SKIPPED, NOT RUN: {test}. {message}. ***\n"
    );
}
