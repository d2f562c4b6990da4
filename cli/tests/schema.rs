//! The JSON the `planilla` binary writes against the checked-in schemas (`schema/`): the schemas
//! are the ones the types generate, every shipped sheet's `check --json` and a set of
//! `sealed --json` rulings validate, and a broken document does not.
//!
//! After a change to the JSON views, `UPDATE_SCHEMA=1 cargo test -p planilla-cli --test integration
//! schema::`
//! rewrites the schema files; commit them with the change.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{Value, json};

use crate::common;

use common::ROOT;

/// The shipped sheets when this test was written: the count may grow, never shrink.
const SHIPPED_SHEETS: usize = 11;

fn planilla(args: &[&str], stdin: Option<&str>) -> Output {
    common::planilla(args, stdin.map(str::as_bytes))
}

/// The JSON of a run that exited with one of `codes`.
fn json_of(args: &[&str], stdin: Option<&str>, codes: &[i32]) -> Value {
    let o = planilla(args, stdin);
    let code = o.status.code().unwrap_or(-1);
    assert!(
        codes.contains(&code),
        "{args:?} exited {code}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        o.stdout.ends_with(b"}\n"),
        "{args:?}: one document, then a newline"
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&o.stdout));
    })
}

/// The schema files and the `planilla schema` argument that prints each.
const SCHEMAS: [(&str, &str); 2] = [
    ("check", "schema/check.schema.json"),
    ("sealed", "schema/sealed.schema.json"),
];

fn schema_path(name: &str) -> PathBuf {
    let (_, file) = SCHEMAS.iter().find(|(n, _)| *n == name).unwrap();
    Path::new(ROOT).join(file)
}

/// Whether this run rewrites the schema files (`UPDATE_SCHEMA=1`).
fn updating() -> bool {
    std::env::var_os("UPDATE_SCHEMA").is_some_and(|v| v != "0")
}

/// The schema the JSON types generate, as the schema files hold it.
fn generated(name: &str) -> String {
    let schema = match name {
        "check" => planilla::write::json_schema(),
        "sealed" => planilla::write::sealed_json_schema(),
        _ => unreachable!("{name}"),
    };
    serde_json::to_string_pretty(&schema).unwrap() + "\n"
}

/// A compiled schema: boon's store and the index of the schema in it.
struct Validator {
    schemas: boon::Schemas,
    index: boon::SchemaIndex,
}

/// The validator of a checked-in schema (which must itself be a valid draft 2020-12 schema:
/// boon checks it against the draft's metaschema as it compiles it). While the files are
/// rewritten, of the schema they get.
fn validator(name: &str) -> Validator {
    let path = schema_path(name);
    let text = if updating() {
        generated(name)
    } else {
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; see schema_files_are_up_to_date", path.display()))
    };
    let schema: Value = serde_json::from_str(&text).unwrap();
    let url = format!("file:///{name}.schema.json");
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.set_default_draft(boon::Draft::V2020_12);
    let invalid = |e: boon::CompileError| -> ! {
        panic!("{} is not a valid JSON Schema: {e:#}", path.display())
    };
    if let Err(e) = compiler.add_resource(&url, schema) {
        invalid(e)
    }
    let index = match compiler.compile(&url, &mut schemas) {
        Ok(index) => index,
        Err(e) => invalid(e),
    };
    Validator { schemas, index }
}

/// Every way `document` breaks the schema, one per line (the leaves of boon's tree of
/// errors, each at its JSON pointer); empty when it validates.
fn violations(validator: &Validator, document: &Value) -> String {
    fn leaves(e: &boon::ValidationError<'_, '_>, out: &mut String) {
        if e.causes.is_empty() {
            out.push_str(&format!(
                "at {:?}: {}\n",
                e.instance_location.to_string(),
                e.kind
            ));
        }
        for cause in &e.causes {
            leaves(cause, out);
        }
    }
    let mut out = String::new();
    if let Err(e) = validator.schemas.validate(document, validator.index) {
        leaves(&e, &mut out);
    }
    out
}

#[track_caller]
fn assert_valid(validator: &Validator, document: &Value, what: &str) {
    let errors = violations(validator, document);
    assert!(errors.is_empty(), "{what} breaks its schema:\n{errors}");
}

#[test]
fn schema_files_are_up_to_date() {
    let mut stale = Vec::new();
    for (name, file) in SCHEMAS {
        let o = planilla(&["schema", name], None);
        assert_eq!(o.status.code(), Some(0), "planilla schema {name}");
        // What the binary prints is the library's schema.
        let generated = generated(name);
        assert_eq!(String::from_utf8(o.stdout).unwrap(), generated);
        let path = schema_path(name);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(generated.as_str()) {
            continue;
        }
        if updating() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &generated).unwrap();
            eprintln!("updated {file}");
        } else {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} differ from the schemas the JSON types generate (`planilla schema check|sealed`). \
         If the change to the JSON output is intended, rewrite them with\n\n    \
         UPDATE_SCHEMA=1 cargo test -p planilla-cli --test integration schema::\n\nand commit them."
    );
}

/// Every `.txt` under `examples/`, at any depth: the shipped scoresheets.
fn shipped_sheets() -> Vec<String> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "txt") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&Path::new(ROOT).join("examples"), &mut found);
    let mut sheets: Vec<String> = found
        .iter()
        .map(|p| {
            let relative = p.strip_prefix(ROOT).unwrap();
            relative.to_str().unwrap().replace('\\', "/")
        })
        .collect();
    sheets.sort();
    sheets
}

#[test]
fn check_json_of_every_shipped_sheet_matches_the_schema() {
    let validator = validator("check");
    let sheets = shipped_sheets();
    assert!(
        sheets.len() >= SHIPPED_SHEETS,
        "only {} sheets found under examples/: {sheets:?}",
        sheets.len()
    );
    assert!(
        sheets
            .iter()
            .any(|s| s.starts_with("examples/descriptive/"))
    );
    for sheet in &sheets {
        let o = planilla(&["check", "--json", sheet], None);
        let code = o.status.code();
        assert!(matches!(code, Some(0 | 1)), "{sheet}: exit {code:?}");
        let document: Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{sheet}: {e}: {}", String::from_utf8_lossy(&o.stdout)));
        assert_valid(&validator, &document, sheet);
        let games = document["games"].as_array().unwrap();
        assert!(!games.is_empty(), "{sheet}: no game");
        for (i, game) in games.iter().enumerate() {
            assert_eq!(game["index"], i, "{sheet}");
            // Moves read, or why none was.
            let said = |field: &str| !game[field].as_array().unwrap().is_empty();
            assert!(
                said("moves") || said("diagnostics"),
                "{sheet}: game {i} is empty"
            );
        }
        // Exit 0 exactly when every game is valid.
        let valid = games.iter().all(|g| g["valid"] == true);
        assert_eq!(code == Some(0), valid, "{sheet}");
        // `convert --to json` writes the same document.
        let converted = planilla(&["convert", "--to", "json", sheet], None);
        assert_eq!(converted.status.code(), code, "{sheet}");
        assert_eq!(
            converted.stdout, o.stdout,
            "{sheet}: convert --to json differs"
        );
    }
    // One concrete verdict: the 2005 example as printed stops at 5.Dxd5, illegal.
    let document = json_of(
        &[
            "check",
            "--json",
            "examples/planillas/fide2005_apendice_e.txt",
        ],
        None,
        &[1],
    );
    let game = &document["games"][0];
    assert_eq!(game["valid"], false);
    assert_eq!(game["diagnostics"][0]["severity"], "error");
    assert_eq!(game["diagnostics"][0]["code"], "illegal-move");
    assert_eq!(game["moves"].as_array().unwrap().len(), 8);
}

#[test]
fn check_json_of_many_games_and_of_nothing_matches_the_schema() {
    let validator = validator("check");
    // More games than one batch, some with errors and draw offers, in English: the document
    // is written while the games are checked, in input order.
    let games = 300;
    let input: String = (0..games)
        .map(|i| match i % 3 {
            0 => "1.e4 e5 2.Cf3 (=) Cc6 1/2-1/2\n\n",
            1 => "1.d4 d5 2.Re3 1-0\n\n",
            _ => "1.f3 e5 2.g4 Dh4++ 0-1\n\n",
        })
        .collect();
    let document = json_of(
        &["check", "--json", "--messages", "en", "-"],
        Some(&input),
        &[1],
    );
    assert_valid(&validator, &document, "300 games");
    let list = document["games"].as_array().unwrap();
    assert_eq!(list.len(), games);
    for (i, game) in list.iter().enumerate() {
        assert_eq!(game["index"], i);
        assert_eq!(game["valid"], i % 3 != 1, "game {i}");
    }
    assert_eq!(list[0]["draw_offers"], json!([3]));
    assert_eq!(list[2]["board_result"], "0-1");
    assert_eq!(list[1]["diagnostics"][0]["code"], "illegal-move");
    // Spans point into the whole input.
    let span = list[3]["moves"][0]["span"].as_array().unwrap();
    let start = usize::try_from(span[0].as_u64().unwrap()).unwrap();
    assert_eq!(&input[start..start + 2], "e4");
    // An empty input is an empty list.
    let document = json_of(&["check", "--json", "-"], Some(""), &[0]);
    assert_eq!(document, json!({"games": []}));
    assert_valid(&validator, &document, "no game");
}

#[test]
fn sealed_json_matches_the_schema() {
    let validator = validator("sealed");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Knights on b1 and f3 can both go to d2.
    let knights = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 1 4";
    // After 1.e4 e5 2.d4 exd4: only the queen reaches d3.
    let queen = "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3";
    let rook = "k7/8/8/8/P7/1P6/r7/7K w - - 0 40";
    let bare = "k7/8/8/8/8/8/PPP5/4K2R w - - 0 50";
    let sheet = "examples/planillas/fide2005_apendice_e.txt";
    let opera = "examples/descriptive/opera_descriptiva.txt";
    // (arguments, verdict, consequence, a field and its value)
    let cases: [(&[&str], &str, &str, &str, Value); 8] = [
        (
            &["--fen", start, "Cf3"],
            "valid",
            "continue",
            "san",
            json!("Nf3"),
        ),
        (
            &["--fen", knights, "Cd2"],
            "ambiguous",
            "loss",
            "candidates",
            json!([
                {"san": "Nbd2", "written": "Cbd2", "uci": "b1d2"},
                {"san": "Nfd2", "written": "Cfd2", "uci": "f3d2"}
            ]),
        ),
        (
            &["--fen", queen, "Dd3 Re6"],
            "unreadable",
            "loss",
            "text",
            json!("Dd3 Re6"),
        ),
        (
            &["--fen", start, "Zz9"],
            "unreadable",
            "loss",
            "san",
            Value::Null,
        ),
        (
            &["--game", sheet, "--ply", "9"],
            "illegal",
            "loss",
            "text",
            json!("Dxd5"),
        ),
        (
            &["--fen", rook, "--messages", "en", "Rf1"],
            "illegal",
            "loss",
            "evident_reading",
            json!({"san": "Kg1", "written": "Rg1", "uci": "h1g1", "basis": "one-edit"}),
        ),
        (
            &["--fen", bare, "0-0"],
            "illegal",
            "draw",
            "exception",
            json!("opponent-cannot-mate"),
        ),
        (
            &["--game", opera, "--ply", "33"],
            "valid",
            "continue",
            "written",
            json!("T8D++"),
        ),
    ];
    for (args, verdict, consequence, field, value) in cases {
        let args = [&["sealed", "--json"][..], args].concat();
        let ruling = json_of(&args, None, &[0]);
        assert_valid(&validator, &ruling, &format!("{args:?}"));
        assert_eq!(ruling["verdict"], verdict, "{args:?}");
        assert_eq!(ruling["consequence"], consequence, "{args:?}");
        assert_eq!(ruling[field], value, "{args:?}");
    }
    // Warnings and a draw offer.
    let ruling = json_of(
        &["sealed", "--json", "--fen", queen, " 2. Ddd3+ (=) "],
        None,
        &[0],
    );
    assert_valid(&validator, &ruling, "warnings");
    assert_eq!(ruling["draw_offer"], true);
    assert_eq!(ruling["warnings"].as_array().unwrap().len(), 3);
}

#[test]
fn the_validator_rejects_broken_documents() {
    let check = validator("check");
    let sheet = "examples/planillas/fide2005_apendice_e.txt";
    let good = json_of(&["check", "--json", sheet], None, &[1]);
    assert_valid(&check, &good, sheet);
    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut document = good.clone();
        edit(&mut document);
        violations(&check, &document)
    };
    let move0 = "/games/0/moves/0";
    for (what, edit, at) in [
        (
            "a move without its SAN",
            &(|d: &mut Value| {
                d["games"][0]["moves"][0]
                    .as_object_mut()
                    .unwrap()
                    .remove("san");
            }) as &dyn Fn(&mut Value),
            move0,
        ),
        (
            "a colour that is none",
            &|d: &mut Value| d["games"][0]["moves"][0]["color"] = json!("red"),
            "/games/0/moves/0/color",
        ),
        (
            "a span of one offset",
            &|d: &mut Value| d["games"][0]["moves"][0]["span"] = json!([3]),
            "/games/0/moves/0/span",
        ),
        (
            "a field the schema does not know",
            &|d: &mut Value| d["games"][0]["moves"][0]["comment"] = json!("!"),
            move0,
        ),
        (
            "a diagnostic of an unknown severity",
            &|d: &mut Value| d["games"][0]["diagnostics"][0]["severity"] = json!("fatal"),
            "/games/0/diagnostics/0/severity",
        ),
        (
            "a game without its verdict",
            &|d: &mut Value| {
                d["games"][0].as_object_mut().unwrap().remove("valid");
            },
            "/games/0",
        ),
        (
            "a ply count as text",
            &|d: &mut Value| d["games"][0]["moves"][0]["ply"] = json!("1"),
            "/games/0/moves/0/ply",
        ),
        (
            "no list of games",
            &|d: &mut Value| *d = json!({"games": {}}),
            "/games",
        ),
    ] {
        let errors = broken(edit);
        assert!(!errors.is_empty(), "{what} passes the schema");
        assert!(
            errors.contains(&format!("at {at:?}")),
            "{what}: not reported at {at}:\n{errors}"
        );
    }

    let sealed = validator("sealed");
    let good = json_of(
        &["sealed", "--json", "--game", sheet, "--ply", "9"],
        None,
        &[0],
    );
    assert_valid(&sealed, &good, "the ruling");
    for (what, field, value) in [
        ("a verdict that is none", "verdict", Some(json!("maybe"))),
        ("a ruling without its verdict", "verdict", None),
        (
            "an exception that is none",
            "exception",
            Some(json!("luck")),
        ),
        ("a span as text", "span", Some(json!("0..4"))),
    ] {
        let mut document = good.clone();
        match value {
            Some(v) => document[field] = v,
            None => {
                document.as_object_mut().unwrap().remove(field);
            }
        }
        assert!(
            !violations(&sealed, &document).is_empty(),
            "{what} passes the schema"
        );
    }
    // A check document is no ruling.
    assert!(!violations(&sealed, &json!({"games": []})).is_empty());
}

#[test]
fn check_reconstruct_json_of_every_shipped_sheet_matches_the_schema() {
    let validator = validator("check");
    for sheet in &shipped_sheets() {
        let document = json_of(&["check", "--reconstruct", "--json", sheet], None, &[0, 1]);
        assert_valid(&validator, &document, sheet);
        for game in document["games"].as_array().unwrap() {
            // Present with --reconstruct, null for a valid game.
            let r = game.get("reconstruction").expect("the field is there");
            if game["valid"] == true {
                assert!(r.is_null(), "{sheet}: a valid game got a reconstruction");
            }
        }
        // Without the flag the field is absent, and the rest is the same.
        let plain = json_of(&["check", "--json", sheet], None, &[0, 1]);
        let mut stripped = document.clone();
        for game in stripped["games"].as_array_mut().unwrap() {
            game.as_object_mut().unwrap().remove("reconstruction");
        }
        assert_eq!(stripped, plain, "{sheet}");
    }
    // The damaged example: three repairs, each named.
    let document = json_of(
        &[
            "check",
            "--reconstruct",
            "--json",
            "--messages",
            "en",
            "examples/danadas/lichess_61_danada.txt",
        ],
        None,
        &[1],
    );
    let r = &document["games"][0]["reconstruction"];
    let repairs: Vec<(u64, &str, &str)> = r["repairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["ply"].as_u64().unwrap(),
                x["kind"].as_str().unwrap(),
                x["san"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        repairs,
        [
            (14, "slip", "d5"),
            (27, "ambiguous-move", "Rde1"),
            (37, "missing-move", "e4")
        ]
    );
    assert_eq!(r["complete"], true);
    assert_eq!(r["alternatives"], json!([]));
    assert_eq!(r["san"].as_array().unwrap().len(), 75);
    assert!(
        r["repairs"][2]["reason"]
            .as_str()
            .unwrap()
            .starts_with("a move left out")
    );
}

#[test]
fn compare_lists_each_discrepancy_once_with_the_exit_code_of_the_sheet() {
    let record = "examples/danadas/lichess_61_registro.pgn";
    let document = json_of(
        &[
            "compare",
            "--json",
            "examples/danadas/lichess_61_danada.txt",
            record,
        ],
        None,
        &[1],
    );
    assert_eq!(
        document,
        json!({"discrepancies": [
            {"ply": 14, "kind": "slip", "sheet": "d4", "record": "d5", "record_written": "d5"},
            {"ply": 27, "kind": "ambiguous-move", "sheet": "Te1", "record": "Rde1",
             "record_written": "Tde1"},
            {"ply": 37, "kind": "missing-move", "sheet": null, "record": "e4",
             "record_written": "e4"}
        ]})
    );
    // The sheet as played, from standard input: no discrepancy, exit 0.
    let played =
        std::fs::read_to_string(Path::new(ROOT).join("examples/planillas/lichess_61_canonica.txt"))
            .unwrap();
    let document = json_of(&["compare", "--json", "-", record], Some(&played), &[0]);
    assert_eq!(document, json!({"discrepancies": []}));
    let o = planilla(&["compare", "-", record], Some(&played));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "la planilla coincide con el registro\n"
    );
    // A record that is no valid game, or a missing file: a usage error.
    let o = planilla(
        &["compare", "-", "examples/danadas/lichess_61_danada.txt"],
        Some(&played),
    );
    assert_eq!(o.status.code(), Some(2));
    let o = planilla(&["compare", "-", "no/such/file.pgn"], Some(&played));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn reconcile_gives_one_game_and_every_disagreement_of_the_two_sheets() {
    let document = json_of(
        &[
            "reconcile",
            "--json",
            "examples/danadas/lichess_61_danada.txt",
            "examples/danadas/lichess_61_negras.txt",
        ],
        None,
        &[1],
    );
    assert_eq!(
        document["disagreements"],
        json!([
            {"ply": 14, "white": "d4", "black": "d5", "read": "d5"},
            {"ply": 27, "white": "Te1", "black": "Tde1", "read": "Rde1"},
            {"ply": 37, "white": null, "black": "e4", "read": "e4"},
            {"ply": 42, "white": "Te2", "black": "Te3", "read": "Re2"}
        ])
    );
    assert_eq!(document["san"].as_array().unwrap().len(), 75);
    assert_eq!(document["alternatives"], json!([]));
    assert_eq!(document["repairs"][0]["player"], "white");
    assert_eq!(document["repairs"][0]["kind"], "slip");
    // The same valid sheet twice: exit 0, nothing to say.
    let played = "examples/planillas/lichess_61_canonica.txt";
    let document = json_of(&["reconcile", "--json", played, played], None, &[0]);
    assert_eq!(document["disagreements"], json!([]));
    assert_eq!(document["repairs"], json!([]));
}

#[test]
fn convert_reconstruct_writes_the_reconstructed_game_with_each_repair_a_comment() {
    let o = planilla(
        &[
            "convert",
            "--reconstruct",
            "examples/danadas/lichess_61_danada.txt",
        ],
        None,
    );
    // The verdict as written: an error, exit 1, reported on stderr.
    assert_eq!(o.status.code(), Some(1));
    let pgn = String::from_utf8(o.stdout).unwrap();
    assert!(
        pgn.contains("{planilla: error[illegal-move] 7... d4:"),
        "{pgn}"
    );
    for kind in ["slip", "ambiguous-move", "missing-move"] {
        assert!(
            pgn.contains(&format!("{{planilla: {kind}: ")),
            "{kind}: {pgn}"
        );
    }
    assert!(pgn.contains("[Result \"1-0\"]"));
    // It reads back as the game played.
    let back = json_of(&["check", "--json", "--lang", "en", "-"], Some(&pgn), &[0]);
    let played = json_of(
        &[
            "check",
            "--json",
            "examples/planillas/lichess_61_canonica.txt",
        ],
        None,
        &[0],
    );
    let sans = |d: &Value| -> Vec<Value> {
        d["games"][0]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["san"].clone())
            .collect()
    };
    assert_eq!(sans(&back), sans(&played));
    // Only PGN.
    let o = planilla(
        &[
            "convert",
            "--reconstruct",
            "--to",
            "es",
            "examples/danadas/lichess_61_danada.txt",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}
