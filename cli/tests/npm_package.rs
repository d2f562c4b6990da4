//! The npm package `planilla-wasm` (`cli/src/serve/assets/planilla/`, the checked-in
//! WebAssembly build) under Node: on every shipped scoresheet `check` answers what
//! `planilla check --json` writes and `convert` what `planilla convert` writes, `sealed` rules
//! as `planilla sealed --json` does, a bad request throws a `PlanillaError` with status 400,
//! `npm pack` would ship the files the package names, and the TypeScript types accept every
//! documented call (TypeScript's `tsc` from npm, as CI installs it into `target/npm`).
//!
//! Needs Node 18 or later (`node` on `PATH`, or `NODE` naming it). Without it the test prints
//! `SKIPPED, NOT RUN` and passes, unless `CI=true`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};

use crate::common;

use common::{planilla, shipped_sheets, skip_unless_ci};

/// The package's folder.
const PACKAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/serve/assets/planilla");

/// The program named `variable`, or `default` on `PATH`; `None` (with a loud message) when it
/// is missing and this is not CI.
fn program(variable: &str, default: &str) -> Option<PathBuf> {
    let path = std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from);
    if Command::new(&path).arg("--version").output().is_ok() {
        return Some(path);
    }
    let message = format!(
        "{} is missing: the npm package's test needs Node 18 or later (apt-get install nodejs \
         npm), or {variable} naming it",
        path.display()
    );
    skip_unless_ci("the npm package's test", &message);
    None
}

/// Runs `script` (an ES module) under Node with `input` as its one argument's JSON, and
/// returns what it prints, as JSON.
fn node(node: &PathBuf, script: &str, input: &Value) -> Value {
    let dir = std::env::temp_dir().join(format!("planilla-npm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("test.mjs");
    let script = script.replace("PACKAGE", &format!("{PACKAGE}/index.js"));
    std::fs::write(&file, script).unwrap();
    let input_file = dir.join("input.json");
    std::fs::write(&input_file, input.to_string()).unwrap();
    let out = Command::new(node)
        .arg(&file)
        .arg(&input_file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "node printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn the_npm_package_answers_what_the_command_line_writes_under_node() {
    let Some(node_program) = program("NODE", "node") else {
        return;
    };
    let sheets = shipped_sheets();
    let texts: Vec<&str> = sheets.iter().map(|(_, text)| text.as_str()).collect();
    let script = r#"
import { readFileSync } from 'node:fs';
import { check, convert, sealed, decode, PlanillaError, version } from 'PACKAGE';
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = { version, checks: [], pgns: [] };
for (const text of input.texts) {
  out.checks.push(check(text));
  out.pgns.push(convert(text));
}
out.sealed = sealed(input.sealed);
out.decoded = input.decode.map((sheet) => decode(sheet, { alternatives: 3 }));
// The option `lang`, as Python's: English letters, and the descriptive `BxN` read.
out.decodedEn = decode(input.decodeEn, { lang: 'en', fen: 'k7/8/5n2/8/8/2B5/8/4K2R w K - 0 1' });
try {
  decode([[['e4', -1]]]);
} catch (e) {
  out.decodeError = { isPlanillaError: e instanceof PlanillaError, message: e.message };
}
try {
  check('1.e4', { edition: 1999 });
} catch (e) {
  out.error = { isPlanillaError: e instanceof PlanillaError, status: e.status, message: e.message };
}
console.log(JSON.stringify(out));
"#;
    let sealed = json!({"fen": "4k3/8/8/8/8/5B2/8/4K3 w - - 0 40", "move": "Ad"});
    let decode = [
        json!([
            [["e4", 0.9], ["c4", 0.1]],
            [["e5", 0.6], ["c5", 0.4]],
            [["Cf6", 0.7], ["Cf3", 0.3]],
            []
        ]),
        json!({"cells": [[["Cf3", 0.5], ["Cc3", 0.5]], [["d5", 1.0]]], "lang": "es"}),
    ];
    let decode_en = json!([[["BxN", 0.48], ["Rg8", 0.40], ["Rg1", 0.07]]]);
    let out = node(
        &node_program,
        script,
        &json!({ "texts": texts, "sealed": sealed, "decode": decode, "decodeEn": decode_en }),
    );
    assert_eq!(out["version"], env!("CARGO_PKG_VERSION"));
    for (k, (path, _)) in sheets.iter().enumerate() {
        let cli = planilla(&["check", "--json", path], None);
        let want: Value = serde_json::from_slice(&cli.stdout).unwrap();
        assert_eq!(out["checks"][k], want, "check of {path}");
        let cli = planilla(&["convert", path], None);
        assert_eq!(
            out["pgns"][k].as_str().unwrap(),
            String::from_utf8(cli.stdout).unwrap(),
            "convert of {path}"
        );
    }
    let cli = planilla(
        &[
            "sealed",
            "--json",
            "--fen",
            "4k3/8/8/8/8/5B2/8/4K3 w - - 0 40",
            "Ad",
        ],
        None,
    );
    let want: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(out["sealed"], want);
    assert_eq!(out["sealed"]["verdict"], "ambiguous");
    for (k, sheet) in decode.iter().enumerate() {
        let cli = planilla(
            &["decode", "--json", "--alternatives", "3", "-"],
            Some(format!("{sheet}\n").as_bytes()),
        );
        let want: Value = serde_json::from_slice(&cli.stdout).unwrap();
        // JavaScript writes a float that is whole (`0.0`) as an integer (`0`).
        assert_eq!(
            as_floats(&out["decoded"][k]),
            as_floats(&want),
            "decode of {sheet}"
        );
    }
    assert_eq!(out["decodedEn"]["san"], json!(["Bxf6"]));
    assert_eq!(out["decodeError"]["isPlanillaError"], true);
    assert!(
        out["decodeError"]["message"]
            .as_str()
            .unwrap()
            .contains("probability"),
        "{}",
        out["decodeError"]
    );
    assert_eq!(out["error"]["isPlanillaError"], true);
    assert_eq!(out["error"]["status"], 400);
    assert!(
        out["error"]["message"]
            .as_str()
            .unwrap()
            .contains("edición desconocida 1999"),
        "{}",
        out["error"]
    );
    eprintln!(
        "planilla-wasm under Node: {} shipped sheets checked and converted as the command line \
         does",
        sheets.len()
    );
}

/// `value` with every number as a float, so that JavaScript's `0` equals Rust's `0.0`.
fn as_floats(value: &Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64().unwrap()),
        Value::Array(a) => Value::Array(a.iter().map(as_floats).collect()),
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, v)| (k.clone(), as_floats(v))).collect())
        }
        other => other.clone(),
    }
}

#[test]
fn npm_pack_ships_the_files_the_package_names() {
    let Some(npm) = program("NPM", "npm") else {
        return;
    };
    let out = Command::new(npm)
        .args(["pack", "--dry-run", "--json", "--ignore-scripts"])
        .current_dir(PACKAGE)
        .env("npm_config_update_notifier", "false")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "npm pack: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let packed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut files: Vec<&str> = packed[0]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "README.md",
            "index.d.ts",
            "index.js",
            "package.json",
            "planilla_web.d.ts",
            "planilla_web.js",
            "planilla_web_bg.wasm",
            "planilla_web_bg.wasm.d.ts",
        ]
    );
    assert_eq!(packed[0]["name"], "planilla-wasm");
}

#[test]
fn the_typescript_types_accept_every_documented_call_and_refuse_a_wrong_one() {
    let Some(node) = program("NODE", "node") else {
        return;
    };
    let tsc = std::env::var_os("TSC").map_or_else(
        || {
            PathBuf::from(format!(
                "{}/target/npm/node_modules/typescript/bin/tsc",
                common::ROOT
            ))
        },
        PathBuf::from,
    );
    if !tsc.exists() {
        skip_unless_ci(
            "the TypeScript types' test",
            &format!(
                "{} is missing: it needs typescript from npm (npm install --no-save --prefix \
                 target/npm typescript@5), or TSC naming tsc",
                tsc.display()
            ),
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("planilla-ts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Every call the README and index.d.ts document, with every option.
    let good = format!(
        r#"import {{ answer, check, convert, sealed, reconcile, compare, decode, version,
  PlanillaError }} from '{PACKAGE}/index.js';
import type {{ Games, SealedRuling, SheetOptions, SealedRequest, Cell, Decoded, DecodeOptions }}
  from '{PACKAGE}/index.js';
const options: SheetOptions = {{ letters: 'en', edition: 2005, lenient: true, messages: 'en',
  notation: 'auto', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', reconstruct: true }};
const games: Games = check('1.e4 e5', options);
const valid: boolean = games.games[0].valid;
const pgn: string = convert('1.e4 e5 2.Cf3');
const byFen: SealedRequest = {{ fen: '4k3/8/8/8/8/5B2/8/4K3 w - - 0 40', move: 'Ad',
  effort: 'fast', time_limit: 2 }};
const byPly: SealedRequest = {{ game: '1.e4 e5 2.Cf3', ply: 3 }};
const byNumber: SealedRequest = {{ game: '1.e4 e5 2.Cf3', number: 2, side: 'white',
  move: 'Cf3', edition: 2023 }};
const ruling: SealedRuling = sealed(byFen);
const verdict: string = ruling.verdict;
const both: Record<string, unknown> = reconcile('1.e4 e5', '1.e4 e5', {{ messages: 'es' }});
const against: Record<string, unknown> = compare('1.e4 e5', '1. e4 e5 *');
const raw: {{ status: number; contentType: string; body: string }} = answer('check', {{ text: '1.e4' }});
const v: string = version;
const cells: Cell[] = [[['e4', 0.9], ['c4', 0.1]], []];
const decodeOptions: DecodeOptions = {{ lang: 'en', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1',
  alternatives: 3, messages: 'en' }};
const decoded: Decoded = decode(cells, decodeOptions);
const firstSan: string = decoded.san[0];
const chosen: number | null = decoded.chosen[0];
const ask: number[] = decoded.doubtful;
const fromObject: Decoded = decode({{ cells, lang: 'de' }});
const fromLine: Decoded = decode('[[["e4", 1]]]');
try {{ check('1.e4'); }} catch (e) {{ if (e instanceof PlanillaError) {{ const s: number = e.status; }} }}
export {{ valid, pgn, byPly, byNumber, verdict, both, against, raw, v, firstSan, chosen, ask,
  fromObject, fromLine }};
"#
    );
    // A side that is neither `white` nor `black` is refused.
    let wrong = format!(
        r#"import {{ sealed }} from '{PACKAGE}/index.js';
sealed({{ game: '1.e4', number: 1, side: 'blancas' }});
"#
    );
    let compile = |name: &str, source: &str| {
        let file = dir.join(name);
        std::fs::write(&file, source).unwrap();
        Command::new(&node)
            .arg(&tsc)
            .args([
                "--noEmit",
                "--strict",
                "--target",
                "es2022",
                "--module",
                "nodenext",
                "--moduleResolution",
                "nodenext",
            ])
            .arg(&file)
            .output()
            .unwrap()
    };
    let out = compile("good.mts", &good);
    assert!(
        out.status.success(),
        "tsc refused the documented calls: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = compile("wrong.mts", &wrong);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "tsc accepted side: 'blancas'");
    assert!(
        said.contains("Type '\"blancas\"' is not assignable"),
        "{said}"
    );
}
