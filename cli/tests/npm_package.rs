//! The npm package `planilla` (`cli/src/serve/assets/planilla/`, the checked-in WebAssembly
//! build) under Node, installed by name into a scratch project (`node_modules/planilla`, a link
//! to the folder, so that Node resolves it through its package.json's exports): on every
//! shipped scoresheet `check` answers what `planilla check --json` writes and `convert` what
//! `planilla convert --to FORMAT` writes for every format, through `import` and `require`
//! alike; `checkStream` and `convertStream` give the same games from a Node stream, a web
//! ReadableStream and an iterable of bytes, in blocks of any size; `sealed` rules as
//! `planilla sealed --json` does; a bad option or input throws the `PlanillaError` subclass
//! its code says, in the language of `messages`, with no HTTP wording; `answer` never throws
//! (a body over the server's 5 MiB gets 413); the browser module loads with `init`; `npm
//! pack` would ship the files the package names; and the TypeScript types give every field of
//! the documents under `tsc --strict` (TypeScript's `tsc` from npm, as CI installs it into
//! `target/npm`), for `import` and for `require`.
//!
//! Needs Node 18 or later (`node` on `PATH`, or `NODE` naming it). Without it the test prints
//! `SKIPPED, NOT RUN` and passes, unless `CI=true`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use crate::common;

use common::{planilla, shipped_sheets, skip_unless_ci};

/// The package's folder.
const PACKAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/serve/assets/planilla");

/// The formats of `convert --to`, as the package names them.
const FORMATS: [&str; 6] = [
    "pgn",
    "es",
    "figurine",
    "json",
    "descriptiva",
    "descriptive",
];

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

/// A scratch project of its own (`name`) whose `node_modules/planilla` is the package.
fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("planilla-npm-{}-{name}", std::process::id()));
    let modules = dir.join("node_modules");
    std::fs::create_dir_all(&modules).unwrap();
    let link = modules.join("planilla");
    if !link.exists() {
        std::os::unix::fs::symlink(PACKAGE, &link).unwrap();
    }
    dir
}

/// Runs `script` (`file`: `.mjs` for an ES module, `.cjs` for CommonJS) under Node in the
/// scratch project `name`, with `input` as its one argument's JSON, and returns what it prints,
/// as JSON.
fn node(node: &Path, name: &str, file: &str, script: &str, input: &Value) -> Value {
    let dir = project(name);
    let path = dir.join(file);
    std::fs::write(&path, script).unwrap();
    let input_file = dir.join("input.json");
    std::fs::write(&input_file, input.to_string()).unwrap();
    let out = Command::new(node)
        .arg(&path)
        .arg(&input_file)
        .current_dir(&dir)
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

/// The calls every shipped sheet is put through, the same in both module systems: `check`,
/// and `convert` to every format.
const EVERY_SHEET: &str = r#"
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = { version: planilla.version, checks: [], converts: [] };
for (const text of input.texts) {
  out.checks.push(planilla.check(text));
  const converted = {};
  for (const to of input.formats) converted[to] = planilla.convert(text, { to });
  out.converts.push(converted);
}
out.sealed = planilla.sealed(input.sealed);
out.decoded = input.decode.map((sheet) => planilla.decode(sheet, { alternatives: 3 }));
// The prior over moves, on and off: Aa6 leaves the bishop to be taken for nothing.
const safe = [[['e4', 1]], [['e5', 1]], [['Aa6', 0.6], ['Ac4', 0.4]]];
out.prior = [planilla.decode(safe).san[2], planilla.decode(safe, { prior: false }).san[2]];
// The option `lang`, as Python's: English letters, and the descriptive `BxN` read.
out.decodedEn = planilla.decode(input.decodeEn, { lang: 'en', fen: 'k7/8/5n2/8/8/2B5/8/4K2R w K - 0 1' });
// `letters`, the old name of `lang`, still works.
out.letters = planilla.check('1.e4 e5 2.Nf3', { letters: 'en' }).games[0].moves[2].san;
out.lang = planilla.check('1.e4 e5 2.Nf3', { lang: 'en' }).games[0].moves[2].san;
console.log(JSON.stringify(out));
"#;

#[test]
fn the_npm_package_answers_what_the_command_line_writes_through_import_and_require() {
    let Some(node_program) = program("NODE", "node") else {
        return;
    };
    let sheets = shipped_sheets();
    let texts: Vec<&str> = sheets.iter().map(|(_, text)| text.as_str()).collect();
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
    let input = json!({
        "texts": texts, "formats": FORMATS, "sealed": sealed, "decode": decode,
        "decodeEn": decode_en,
    });
    let esm = format!(
        "import {{ readFileSync }} from 'node:fs';\nimport * as planilla from 'planilla';\n{EVERY_SHEET}"
    );
    let cjs = format!(
        "'use strict';\nconst {{ readFileSync }} = require('node:fs');\nconst planilla = require('planilla');\n{EVERY_SHEET}"
    );
    let out = node(&node_program, "every-sheet", "esm.mjs", &esm, &input);
    let required = node(&node_program, "every-sheet", "cjs.cjs", &cjs, &input);
    assert!(
        out == required,
        "require('planilla') answers otherwise than import"
    );
    assert_eq!(out["version"], env!("CARGO_PKG_VERSION"));
    for (k, (path, _)) in sheets.iter().enumerate() {
        let cli = planilla(&["check", "--json", path], None);
        let want: Value = serde_json::from_slice(&cli.stdout).unwrap();
        assert_eq!(out["checks"][k], want, "check of {path}");
        for to in FORMATS {
            let cli = planilla(&["convert", "--to", to, path], None);
            assert_eq!(
                out["converts"][k][to].as_str().unwrap(),
                String::from_utf8(cli.stdout).unwrap(),
                "convert --to {to} of {path}"
            );
        }
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
    assert_eq!(out["prior"], json!(["Bc4", "Ba6"]));
    assert_eq!(out["letters"], "Nf3");
    assert_eq!(out["lang"], "Nf3");
    eprintln!(
        "planilla under Node: {} shipped sheets checked and converted to {} formats as the \
         command line does, through import and require",
        sheets.len(),
        FORMATS.len()
    );
}

#[test]
fn streamed_games_are_the_games_of_check_from_any_source_in_blocks_of_any_size() {
    let Some(node_program) = program("NODE", "node") else {
        return;
    };
    let sheets = shipped_sheets();
    let dir = project("stream");
    // Every sheet, and all of them one after another, as files.
    let mut files: Vec<String> = Vec::new();
    let all: Vec<&str> = sheets.iter().map(|(_, t)| t.as_str()).collect();
    for (k, text) in all
        .iter()
        .copied()
        .chain([all.join("\n\n").as_str()])
        .enumerate()
    {
        let file = dir.join(format!("sheet{k}.txt"));
        std::fs::write(&file, text).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let script = r#"
import { readFileSync, createReadStream } from 'node:fs';
import { check, convert, checkStream, convertStream } from 'planilla';
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = [];
async function all(iterator) {
  const items = [];
  for await (const item of iterator) items.push(item);
  return items;
}
for (const file of input.files) {
  const text = readFileSync(file, 'utf8');
  const bytes = readFileSync(file);
  const want = JSON.stringify(check(text, { messages: 'en' }).games);
  const same = [];
  for (const highWaterMark of [7, 64, 65536]) {
    const games = await all(checkStream(createReadStream(file, { highWaterMark }), { messages: 'en' }));
    same.push(JSON.stringify(games) === want);
  }
  // A web ReadableStream of 5-byte blocks, and an iterable of bytes.
  const web = new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.subarray(i, i + 5));
      controller.close();
    },
  });
  same.push(JSON.stringify(await all(checkStream(web, { messages: 'en' }))) === want);
  const blocks = [];
  for (let i = 0; i < bytes.length; i += 3) blocks.push(new Uint8Array(bytes.subarray(i, i + 3)));
  same.push(JSON.stringify(await all(checkStream(blocks, { messages: 'en' }))) === want);
  same.push(JSON.stringify(await all(checkStream(text, { messages: 'en' }))) === want);
  for (const to of ['pgn', 'es', 'descriptive']) {
    const texts = await all(convertStream(createReadStream(file, { highWaterMark: 11 }), { to }));
    same.push(texts.join('') === convert(text, { to }));
  }
  const lines = await all(convertStream(createReadStream(file), { to: 'json' }));
  same.push(JSON.stringify(lines.map((l) => JSON.parse(l))) === JSON.stringify(check(text).games));
  // A consumer that stops early frees the checker; the next stream starts afresh.
  for await (const game of checkStream(createReadStream(file))) break;
  out.push({ file, same, games: JSON.parse(want).length });
}
console.log(JSON.stringify(out));
"#;
    let out = node(
        &node_program,
        "stream",
        "stream.mjs",
        script,
        &json!({ "files": files }),
    );
    for found in out.as_array().unwrap() {
        assert!(
            found["same"].as_array().unwrap().iter().all(|s| s == true),
            "a stream differs from check: {found}"
        );
    }
    let games: u64 = out
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["games"].as_u64().unwrap())
        .sum();
    // Each sheet holds a game at least, and so does their concatenation.
    assert!(games > sheets.len() as u64, "{games} games");
}

#[test]
fn errors_are_planilla_errors_of_their_code_in_the_language_of_messages() {
    let Some(node_program) = program("NODE", "node") else {
        return;
    };
    let script = r#"
const planilla = require('planilla');
const { check, convert, reconcile, sealed, decode, answer } = planilla;
function error(f) {
  try {
    f();
    return null;
  } catch (e) {
    return {
      name: e.name, code: e.code, message: e.message,
      planilla: e instanceof planilla.PlanillaError, error: e instanceof Error,
      setting: e instanceof planilla.SettingError, fen: e instanceof planilla.FenError,
      input: e instanceof planilla.InputError,
    };
  }
}
const out = {};
for (const messages of ['es', 'en']) {
  out[messages] = {
    lang: error(() => check('1.e4', { lang: 'xx', messages })),
    edition: error(() => check('1.e4', { edition: 1999, messages })),
    fen: error(() => check('1.e4', { fen: '8/8/8 w', messages })),
    unknown: error(() => check('1.e4', { texto: 1, messages })),
    to: error(() => convert('1.e4', { to: 'tex', messages })),
    reconstruct: error(() => convert('1.e4', { to: 'es', reconstruct: true, messages })),
    lenient: error(() => check('1.e4', { lenient: 'yes', messages })),
    text: error(() => check(42, { messages })),
    reconcile: error(() => reconcile('1.e4 e5\n\n1.d4 d5', '1.e4 e5', { messages })),
    sealed: error(() => sealed({ game: '1.e4', messages })),
    side: error(() => sealed({ game: '1.e4', number: 1, side: 'blancas', messages })),
    sealedFen: error(() => sealed({ fen: 'x', move: 'e4', messages })),
    decode: error(() => decode([[['e4', -1]]], { messages })),
  };
}
// `answer` never throws: a body over the server's limit, a body that is no JSON, an unknown
// route, a request JSON cannot write, a request whose getters throw.
const big = 'x'.repeat(6 << 20);
out.answers = [
  answer('check', { text: big }),
  answer('check', { text: big, messages: 'en' }),
  answer('check', '{"text": '),
  answer('jaque', { messages: 'en' }),
  answer('check', { text: 1n }),
  answer('check', JSON.stringify({ text: '1.e4 e5' })),
  answer('check', { get messages() { throw new Error('no'); } }),
].map((a) => ({ status: a.status, error: a.status === 200 ? null : JSON.parse(a.body).error }));
// A large text is checked whole, past the server's limit, and as much streamed.
const long = '1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 1-0\n\n'.repeat(250000);
out.long = check(long).games.length;
console.log(JSON.stringify(out));
"#;
    let out = node(&node_program, "errors", "errors.cjs", script, &json!({}));
    for messages in ["es", "en"] {
        let e = &out[messages];
        for (name, found) in e.as_object().unwrap() {
            assert!(found.is_object(), "{messages} {name}: no error");
            assert_eq!(found["planilla"], true, "{messages} {name}: {found}");
            assert_eq!(found["error"], true, "{messages} {name}: {found}");
            let message = found["message"].as_str().unwrap();
            for framing in ["cuerpo", "body", "400", "status"] {
                assert!(
                    !message.contains(framing),
                    "{messages} {name}: HTTP wording in {message:?}"
                );
            }
        }
        for name in [
            "lang",
            "edition",
            "unknown",
            "to",
            "reconstruct",
            "lenient",
            "side",
        ] {
            assert_eq!(e[name]["name"], "SettingError", "{messages} {name}");
            assert_eq!(e[name]["code"], "setting", "{messages} {name}");
        }
        for name in ["fen", "sealedFen"] {
            assert_eq!(
                e[name]["name"], "FenError",
                "{messages} {name}: {}",
                e[name]
            );
            assert_eq!(e[name]["code"], "fen");
            assert_eq!(e[name]["setting"], true);
        }
        for name in ["text", "reconcile", "sealed", "decode"] {
            assert_eq!(
                e[name]["name"], "InputError",
                "{messages} {name}: {}",
                e[name]
            );
            assert_eq!(e[name]["code"], "input");
        }
    }
    let said =
        |messages: &str, name: &str| out[messages][name]["message"].as_str().unwrap().to_owned();
    assert_eq!(
        said("es", "edition"),
        "edition: se esperaba 2005, 2018 o 2023 (se dio 1999)"
    );
    assert_eq!(
        said("en", "edition"),
        "edition: expected 2005, 2018 or 2023 (given 1999)"
    );
    assert!(said("es", "unknown").starts_with("opción desconocida `texto`"));
    assert!(said("en", "unknown").starts_with("unknown option `texto`"));
    assert_eq!(
        said("es", "reconcile"),
        "cada planilla debe tener una partida; la de las blancas tiene 2"
    );
    assert_eq!(
        said("en", "reconcile"),
        "each sheet must hold one game; White's holds 2"
    );
    assert!(
        said("es", "fen").starts_with("fen: "),
        "{}",
        said("es", "fen")
    );
    assert_ne!(said("es", "fen"), said("en", "fen"));
    assert!(
        said("en", "decode").contains("probability"),
        "{}",
        said("en", "decode")
    );
    assert_eq!(
        out["answers"],
        json!([
            {"status": 413, "error": "el cuerpo pasa de 5 MiB"},
            {"status": 413, "error": "the body is larger than 5 MiB"},
            {"status": 400, "error": "el cuerpo no es JSON: el texto acaba antes de un valor en la línea 1, columna 9"},
            {"status": 404, "error": "no route /api/jaque"},
            {"status": 400, "error": "el cuerpo no es JSON: Do not know how to serialize a BigInt"},
            {"status": 200, "error": null},
            {"status": 400, "error": "el cuerpo no es JSON: no"},
        ])
    );
    assert_eq!(out["long"], 250_000);
}

#[test]
fn the_browser_module_checks_once_init_has_loaded_the_webassembly() {
    let Some(node_program) = program("NODE", "node") else {
        return;
    };
    // The browser's module (the `default` condition), imported by its file: no Node import and
    // no top-level await; every call before `init` is an EngineError, `answer` a 503.
    let script = format!(
        r#"
import {{ readFileSync }} from 'node:fs';
const planilla = await import('{PACKAGE}/index.js');
const out = {{}};
try {{ planilla.check('1.e4'); }} catch (e) {{ out.before = [e.name, e.code]; }}
out.answer = planilla.answer('check', {{ text: '1.e4' }}).status;
await planilla.init(readFileSync('{PACKAGE}/planilla_web_bg.wasm'));
out.san = planilla.check('1.e4 e5 2.Cf3').games[0].moves[2].san;
out.pgn = planilla.convert('1.e4 e5 2.Cf3', {{ to: 'es' }});
let n = 0;
for await (const game of planilla.checkStream(['1.e4 e5 1-0\n\n', '1.d4 d5 *\n'])) n += game.moves.length;
out.streamed = n;
out.version = planilla.version;
console.log(JSON.stringify(out));
"#
    );
    let source = std::fs::read_to_string(format!("{PACKAGE}/index.js")).unwrap();
    assert!(!source.contains("node:"), "the browser module imports Node");
    let out = node(&node_program, "browser", "browser.mjs", &script, &json!({}));
    assert_eq!(out["before"], json!(["EngineError", "not-initialized"]));
    assert_eq!(out["answer"], 503);
    assert_eq!(out["san"], "Nf3");
    assert_eq!(out["pgn"], "1. e4 e5\n2. Cf3\n\nResultado: *\n\n");
    assert_eq!(out["streamed"], 4);
    assert_eq!(out["version"], env!("CARGO_PKG_VERSION"));
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
            "LICENSE",
            "README.md",
            "index.cjs",
            "index.d.cts",
            "index.d.ts",
            "index.js",
            "index.mjs",
            "package.json",
            "planilla_web.cjs",
            "planilla_web.d.ts",
            "planilla_web.js",
            "planilla_web_bg.wasm",
            "planilla_web_bg.wasm.d.ts",
        ]
    );
    assert_eq!(packed[0]["name"], "planilla");
    assert_eq!(packed[0]["version"], env!("CARGO_PKG_VERSION"));
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{PACKAGE}/package.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["license"], "MIT");
    assert_eq!(
        std::fs::read_to_string(format!("{PACKAGE}/LICENSE")).unwrap(),
        std::fs::read_to_string(format!("{}/LICENSE", common::ROOT)).unwrap()
    );
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
    let dir = project("types");
    // Every call the README and index.d.ts document, with every option, and the documents'
    // fields read with no cast: a game's moves and diagnostics, a sealed ruling.
    let calls = r#"
const options: CheckOptions = { lang: 'en', edition: 2005, lenient: true, messages: 'en',
  notation: 'auto', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', reconstruct: true };
const old: CheckOptions = { letters: 'en' };
const games: Games = check('1.e4 e5', options);
const g: Game = games.games[0];
const valid: boolean = g.valid;
const san: string = g.moves[0].san;
const color: 'white' | 'black' = g.moves[0].color;
const span: [number, number] = g.moves[0].span;
const sans: string[] = g.moves.map((m) => m.san);
const d: Diagnostic | undefined = g.diagnostics[0];
const code: DiagnosticCode | undefined = d?.code;
const codes: string[] = g.diagnostics.map((x) => x.code + ' ' + x.message + ' ' + x.severity);
const rule: string | null | undefined = d?.rule;
const fixed: string | undefined = g.reconstruction?.san[0];
const event: string | undefined = g.tags['Event'];
const pgn: string = convert('1.e4 e5 2.Cf3');
const formats: ConvertOptions[] = [{ to: 'pgn', diagnostics: true }, { to: 'es' },
  { to: 'figurine' }, { to: 'json' }, { to: 'descriptiva' }, { to: 'descriptive' }];
const texts: string[] = formats.map((o) => convert('1.e4', o));
const byFen: SealedRequest = { fen: '4k3/8/8/8/8/5B2/8/4K3 w - - 0 40', move: 'Ad',
  effort: 'fast', time_limit: 2 };
const byPly: SealedRequest = { game: '1.e4 e5 2.Cf3', ply: 3 };
const byNumber: SealedRequest = { game: '1.e4 e5 2.Cf3', number: 2, side: 'white',
  move: 'Cf3', edition: 2023 };
const ruling: SealedRuling = sealed(byFen);
const verdict: 'valid' | 'ambiguous' | 'unreadable' | 'illegal' = ruling.verdict;
const consequence: string = ruling.consequence;
const candidate: string | undefined = ruling.candidates[0]?.san;
const canMate: boolean | null = ruling.opponent_can_mate;
const both: Reconciled = reconcile('1.e4 e5', '1.e4 e5', { messages: 'es' });
const read: string | null | undefined = both.disagreements[0]?.read;
const against: Compared = compare('1.e4 e5', '1. e4 e5 *');
const kind: string | undefined = against.discrepancies[0]?.kind;
const raw: Answer = answer('check', { text: '1.e4' });
const status: number = raw.status;
const v: string = version;
const cells: Cell[] = [[['e4', 0.9], ['c4', 0.1]], []];
const decodeOptions: DecodeOptions = { lang: 'en', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1',
  alternatives: 3, prior: false, messages: 'en' };
const decoded: Decoded = decode(cells, decodeOptions);
const firstSan: string = decoded.san[0];
const chosen: number | null = decoded.chosen[0];
const ask: number[] = decoded.doubtful;
const fromObject: Decoded = decode({ cells, lang: 'de' });
const fromLine: Decoded = decode('[[["e4", 1]]]');
async function streams(): Promise<number> {
  let n = 0;
  for await (const game of checkStream(['1.e4 e5'], { messages: 'en' })) n += game.moves.length;
  for await (const text of convertStream(new Uint8Array([49, 46, 101, 52]), { to: 'es' })) n += text.length;
  await init();
  initSync();
  return n;
}
try { check('1.e4'); } catch (e) {
  if (e instanceof PlanillaError) { const c: ErrorCode = e.code; const m: string = e.message; }
  if (e instanceof FenError && e instanceof SettingError) { const c: string = e.code; }
  if (e instanceof InputError || e instanceof EngineError) { const n: string = e.name; }
}
"#;
    let names = "answer, check, checkStream, convert, convertStream, sealed, reconcile, compare, \
                 decode, init, initSync, version, PlanillaError, SettingError, FenError, \
                 InputError, EngineError";
    let types = "Games, Game, Diagnostic, DiagnosticCode, SealedRuling, CheckOptions, \
                 ConvertOptions, SealedRequest, Cell, Decoded, DecodeOptions, Reconciled, \
                 Compared, Answer, ErrorCode";
    let used = "valid, san, color, span, sans, code, codes, rule, fixed, event, pgn, texts, byPly, \
                byNumber, verdict, consequence, candidate, canMate, read, kind, status, v, \
                firstSan, chosen, ask, fromObject, fromLine, streams, old";
    // As an ES module (`import`: index.d.ts) and as CommonJS (`require`: index.d.cts).
    let good_esm = format!(
        "import {{ {names} }} from 'planilla';\nimport type {{ {types} }} from 'planilla';\n{calls}\nexport {{ {used} }};\n"
    );
    let good_cjs = format!(
        "import planilla = require('planilla');\nconst {{ {names} }} = planilla;\nimport type {{ {types} }} from 'planilla';\n{calls}\nexport {{ {used} }};\n"
    );
    // A side that is neither `white` nor `black` is refused, and so is a SAN read as a number.
    let wrong = "import { sealed, check } from 'planilla';\n\
                 sealed({ game: '1.e4', number: 1, side: 'blancas' });\n\
                 const n: number = check('1.e4').games[0].moves[0].san;\n";
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
    for (name, good) in [("good.mts", &good_esm), ("good.cts", &good_cjs)] {
        let out = compile(name, good);
        assert!(
            out.status.success(),
            "tsc refused the documented calls ({name}): {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let out = compile("wrong.mts", wrong);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "tsc accepted side: 'blancas'");
    assert!(
        said.contains("Type '\"blancas\"' is not assignable"),
        "{said}"
    );
    assert!(
        said.contains("Type 'string' is not assignable to type 'number'"),
        "{said}"
    );
}
