//! The `planilla` binary: verdicts on every shipped scoresheet, formats, exit codes, stdin, and
//! hostile input (binary, huge, truncated, deeply nested).

use std::process::Output;

use crate::common;

use common::planilla;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_verdict_on_every_shipped_scoresheet() {
    // (file, exit code, plies read, codes of the diagnostics)
    let expected: [(&str, i32, usize, &[&str]); 9] = [
        ("fide2005_blog_apendice_e.txt", 0, 32, &[]),
        ("fide2005_apendice_e.txt", 1, 8, &["illegal-move"]),
        ("fide2018_apendice_c.txt", 0, 21, &[]),
        (
            "fide2018_apendice_c_abreviada.txt",
            0,
            21,
            &["foreign-letter"],
        ),
        ("lichess_00_abreviada.txt", 0, 42, &[]),
        ("lichess_18_columnas.txt", 0, 33, &[]),
        ("lichess_23_apendice_e.txt", 0, 59, &[]),
        ("lichess_24_tipografica.txt", 0, 44, &[]),
        ("lichess_61_canonica.txt", 0, 75, &[]),
    ];
    let shipped = std::fs::read_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/planillas"
    ))
    .unwrap()
    .count();
    assert_eq!(
        shipped,
        expected.len(),
        "a shipped scoresheet has no verdict here"
    );
    for (file, code, plies, codes) in expected {
        let path = format!("examples/planillas/{file}");
        let o = planilla(&["check", "--json", &path], None);
        assert_eq!(
            o.status.code(),
            Some(code),
            "{file}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let game = &v["games"][0];
        assert_eq!(game["moves"].as_array().unwrap().len(), plies, "{file}");
        let got: Vec<&str> = game["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        assert_eq!(got, codes, "{file}");
        assert_eq!(game["valid"], code == 0, "{file}");
    }
}

#[test]
fn check_prints_rustc_style_diagnostics_in_spanish_or_english() {
    let o = planilla(
        &["check", "examples/planillas/fide2005_apendice_e.txt"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let s = stdout(&o);
    assert!(
        s.contains(
            "error[illegal-move]: 5. Dxd5: jugada ilegal: ninguna dama blanca puede llegar a d5"
        ),
        "{s}"
    );
    assert!(
        s.contains("--> examples/planillas/fide2005_apendice_e.txt:4:40"),
        "{s}"
    );
    assert!(s.contains("^^^^ media jugada 9"), "{s}");
    assert!(s.contains("note: artículo: Art. 3 (2023)"), "{s}");
    assert!(
        s.contains("note: jugadas legales más parecidas: Dxd4"),
        "{s}"
    );
    let o = planilla(
        &[
            "check",
            "--messages",
            "en",
            "examples/planillas/fide2005_apendice_e.txt",
        ],
        None,
    );
    assert!(stdout(&o).contains("5. Dxd5: illegal move: no white queen can reach d5"));
}

#[test]
fn convert_writes_pgn_spanish_figurines_and_json() {
    let sheet = "examples/planillas/fide2018_apendice_c_abreviada.txt";
    let o = planilla(&["convert", sheet], None);
    assert_eq!(o.status.code(), Some(0));
    let pgn = stdout(&o);
    assert!(pgn.starts_with("[Event \"?\"]\n"), "{pgn}");
    let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert!(
        movetext.contains("6. exd6 Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8"),
        "{pgn}"
    );
    assert!(pgn.lines().all(|l| l.chars().count() < 80), "{pgn}");
    assert!(pgn.contains("11. Kb1 {(=)} *"), "{pgn}");
    let o = planilla(&["convert", "--to", "es", sheet], None);
    let es = stdout(&o);
    assert!(es.contains("6. exd6 a.p. Cxd6\n"), "{es}");
    assert!(es.contains("8. De3+ Ae7\n"), "{es}");
    assert!(es.contains("11. Rb1 (=)\n"), "{es}");
    let o = planilla(&["convert", "--to", "figurine", sheet], None);
    assert!(stdout(&o).contains("8. ♕e3+ ♗e7\n"));
    let o = planilla(&["convert", "--to", "json", sheet], None);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let m = &v["games"][0]["moves"][10];
    assert_eq!(m["san"], "exd6");
    assert_eq!(m["uci"], "e5d6");
    assert_eq!(m["text"], "ed6");
    assert_eq!(m["color"], "white");
    assert_eq!(m["number"], 6);
    assert_eq!(m["ply"], 11);
    let span: Vec<u64> = serde_json::from_value(m["span"].clone()).unwrap();
    let bytes = std::fs::read(format!("{}/../{sheet}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert_eq!(&bytes[span[0] as usize..span[1] as usize], b"ed6");
    assert_eq!(v["games"][0]["draw_offers"], serde_json::json!([21]));
}

#[test]
fn standard_input_and_options() {
    let o = planilla(&["check", "-"], Some(b"1.e4 e5 2.Cf3 Cc6 1-0"));
    assert_eq!(o.status.code(), Some(0));
    // English letters with --lang en; the same text in Spanish is a king move to f3.
    let o = planilla(
        &["convert", "--lang", "en", "-"],
        Some(b"1.e4 e5 2.Nf3 Nc6 3.Bb5"),
    );
    assert!(stdout(&o).contains("3. Bb5"));
    let o = planilla(&["check", "-"], Some(b"1.e4 e5 2.Rf3"));
    assert_eq!(o.status.code(), Some(1));
    // A game from a position.
    let o = planilla(
        &["convert", "--fen", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "-"],
        Some(b"1.0-0+ Re7"),
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("[FEN \"5k2/8/8/8/8/8/8/4K2R w K - 0 1\"]"));
    assert!(stdout(&o).contains("1. O-O+ Ke7"));
    // The 2005 edition wants the x.
    let o = planilla(
        &["check", "--json", "--edition", "2005", "-"],
        Some(b"1.e4 d5 2.ed5"),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"][0]["diagnostics"][0]["code"], "capture-mark");
    assert_eq!(v["games"][0]["diagnostics"][0]["rule"], "E9 (2005)");
}

#[test]
fn usage_and_io_errors_exit_2() {
    // Each with what the message on standard error must name: the argument at fault (for the
    // FEN, the field and the byte: `n` is a knight, `o` no piece).
    for (args, named) in [
        (&["check", "no/such/file.txt"][..], "no/such/file.txt"),
        // In the language of the messages: Spanish by default.
        (
            &["check", "--fen", "not a fen", "-"],
            "--fen: colocación de las piezas no válida en los bytes 1..2",
        ),
        (
            &["check", "--messages", "en", "--fen", "not a fen", "-"],
            "--fen: bad piece placement at bytes 1..2",
        ),
        (
            &["decode", "--fen", "not a fen", "-"],
            "--fen: colocación de las piezas no válida en los bytes 1..2",
        ),
        (&["check", "--edition", "1999", "-"], "'1999'"),
        (&["check", "--lang", "xx", "-"], "'xx'"),
        (&["frobnicate"], "'frobnicate'"),
    ] {
        let o = planilla(args, Some(b""));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
        assert!(stderr(&o).contains(named), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{args:?}");
    }
    let o = planilla(&["--help"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("check") && stdout(&o).contains("convert"));
}

/// What a sheet gets: its one diagnostic as `check` prints it, and where; its code, ply and
/// byte span in the JSON; the plies read before it.
type Verdict = (
    &'static str,
    &'static str,
    &'static str,
    Option<u64>,
    [u64; 2],
    usize,
);

#[test]
fn bad_input_of_any_kind_is_reported_not_panicked_on() {
    let mut binary = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..100_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        binary.push((x >> 16) as u8);
    }
    let huge_line = "Cf3 ".repeat(2_000_000);
    let nested = "1.e4 ".to_owned() + &"(".repeat(1_000_000);
    let cases: [(&str, Vec<u8>); 5] = [
        ("binary", binary),
        ("huge line", huge_line.into_bytes()),
        // Cut inside a move. (Cut after `2.Cf` it would read as a knight move to the f file,
        // incomplete but with one legal meaning: a warning, not an error.)
        ("truncated", b"[Event \"x\"]\n\n1.e4 e5 2.C".to_vec()),
        ("nested", nested.into_bytes()),
        ("unterminated comment", b"1.e4 {e5 2.Cf3".to_vec()),
    ];
    let expected: [Verdict; 5] = [
        // The first byte, 0xDC, starts a two-byte sequence that the second does not continue.
        (
            "error[syntax]: error de sintaxis: el texto no es UTF-8",
            "<stdin>:1:1",
            "syntax",
            None,
            [0, 1],
            0,
        ),
        // 1. Cf3 is White's knight from g1; Black's knights, on b8 and g8, cannot reach f3.
        (
            "error[illegal-move]: 1... Cf3: jugada ilegal: ningún caballo negro puede llegar a f3",
            "<stdin>:1:5",
            "illegal-move",
            Some(2),
            [4, 7],
            1,
        ),
        // `C` at bytes 23..24, column 11 of line 3: no square of arrival.
        (
            "error[unreadable-move]: 2. C: jugada ilegible (falta la casilla de llegada): no se \
             puede establecer su significado",
            "<stdin>:3:11",
            "unreadable-move",
            Some(3),
            [23, 24],
            2,
        ),
        // A game holds 2^17 tokens: `1.`, `e4` and 131,070 parentheses; the next one, at byte
        // 5 + 131,070, is where the game is too long to hold.
        (
            "error[syntax]: error de sintaxis: partida demasiado larga",
            "<stdin>:1:131076",
            "syntax",
            None,
            [131_075, 131_076],
            1,
        ),
        // From the brace to the end.
        (
            "error[syntax]: error de sintaxis: comentario sin cerrar",
            "<stdin>:1:6",
            "syntax",
            None,
            [5, 14],
            1,
        ),
    ];
    for ((name, input), (message, at, what, ply, span, plies)) in cases.into_iter().zip(expected) {
        for cmd in ["check", "convert"] {
            let o = planilla(&[cmd, "-"], Some(&input));
            let code = o.status.code();
            assert!(matches!(code, Some(1 | 2)), "{name} {cmd}: {code:?}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(!err.contains("panicked"), "{name} {cmd}: {err}");
            if cmd == "check" && name != "binary" {
                assert!(stdout(&o).contains("error["), "{name}");
            }
            // An error in the sheet, not in the use of the command: exit 1, the diagnostic on
            // standard output for `check`, on standard error for `convert`.
            assert_eq!(code, Some(1), "{name} {cmd}");
            let report = match cmd {
                "check" => stdout(&o),
                _ => err.into_owned(),
            };
            assert!(
                report.starts_with(&format!("{message}\n --> {at}\n")),
                "{name} {cmd}: {report}"
            );
            assert_eq!(
                report.matches("error[").count(),
                1,
                "{name} {cmd}: {report}"
            );
        }
        let o = planilla(&["convert", "-"], Some(&input));
        let pgn = stdout(&o).replace('\n', " ");
        assert!(
            pgn.contains("[Result \"*\"]") && pgn.trim_end().ends_with("} *"),
            "{name}: {pgn}"
        );
        assert!(
            pgn.contains(&format!("{{planilla: error[{what}] ")),
            "{name}: {pgn}"
        );
        let o = planilla(&["check", "--json", "-"], Some(&input));
        assert_eq!(o.status.code(), Some(1), "{name}");
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let games = v["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{name}");
        let diagnostics = games[0]["diagnostics"].as_array().unwrap();
        assert_eq!(diagnostics.len(), 1, "{name}: {diagnostics:?}");
        let d = &diagnostics[0];
        assert_eq!(
            (&d["code"], d["ply"].as_u64(), &d["span"]),
            (&serde_json::json!(what), ply, &serde_json::json!(span)),
            "{name}"
        );
        assert_eq!(games[0]["moves"].as_array().unwrap().len(), plies, "{name}");
        assert_eq!(games[0]["valid"], false, "{name}");
        // The moves left unread, the one at the error included. (The huge line's and the
        // nested parentheses' counts are wrong: see the ignored tests of
        // `tests/scoresheet_limits.rs`.)
        let unread = match name {
            "binary" | "unterminated comment" => Some(0),
            "truncated" => Some(1),
            _ => None,
        };
        if let Some(n) = unread {
            assert_eq!(games[0]["unread_moves"], n, "{name}");
        }
    }
}

#[test]
fn streamed_games_keep_file_coordinates() {
    let text = "Blancas: Ana\nNegras: Luis\n\n1.e4 e5 2.Cf3 1-0\n\nBlancas: Eva\nNegras: Pau\n\n1.d4 d5\n2.Re3 0-1\n";
    let o = planilla(&["check", "-"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    let s = stdout(&o);
    // The second game's error is on line 10 of the whole text.
    assert!(s.contains("--> <stdin>:10:3"), "{s}");
    assert!(s.contains("partida 2 (Eva – Pau)"), "{s}");
    assert!(
        s.ends_with("2 partida(s), 1 válida(s); 1 error(es), 0 aviso(s)\n"),
        "{s}"
    );
    let o = planilla(&["check", "--json", "-"], Some(text.as_bytes()));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let d = &v["games"][1]["diagnostics"][0];
    let span: Vec<usize> = serde_json::from_value(d["span"].clone()).unwrap();
    assert_eq!(&text[span[0]..span[1]], "Re3");
    assert_eq!(v["games"][1]["index"], 1);
}

#[test]
fn the_lichess_file_in_english_is_valid_throughout() {
    let o = planilla(
        &["check", "--lang", "en", "tests/data/lichess_db_1000k.pgn"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).ends_with("438 partida(s), 438 válida(s); 0 error(es), 0 aviso(s)\n"));
}

/// The JSON a successful run printed.
fn json(o: &Output) -> serde_json::Value {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

#[test]
fn sealed_rules_on_a_move_given_with_its_position() {
    // Knights on b1 and f3 can both go to d2.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 1 4";
    let o = planilla(&["sealed", "--fen", fen, "--json", "Cd2"], None);
    let v = json(&o);
    assert_eq!(v["verdict"], "ambiguous");
    assert_eq!(v["consequence"], "loss");
    assert_eq!(v["rule"], "Guidelines I.8 (2023)");
    assert_eq!(
        v["candidates"],
        serde_json::json!([
            {"san": "Nbd2", "written": "Cbd2", "uci": "b1d2"},
            {"san": "Nfd2", "written": "Cfd2", "uci": "f3d2"}
        ])
    );
    assert_eq!(v["opponent_can_mate"], true);
    assert_eq!(v["dead_position"], false);
    assert_eq!(v["san"], serde_json::Value::Null);

    let o = planilla(&["sealed", "--fen", fen, "--edition", "2005", "Cbd2"], None);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains("veredicto: válida: Cbd2 (A8 (2005))"),
        "{text}"
    );
    assert!(text.contains("consecuencia: se juega la jugada"), "{text}");

    // A bare king cannot mate: a draw, in English on request.
    let o = planilla(
        &[
            "sealed",
            "--fen",
            "k7/8/8/8/8/8/PPP5/4K2R w - - 0 50",
            "--messages",
            "en",
            "0-0",
        ],
        None,
    );
    let text = stdout(&o);
    assert!(
        text.contains("consequence: a draw: the opponent cannot checkmate"),
        "{text}"
    );
    assert!(text.contains("(Art. 6.9 (2023))"), "{text}");
}

#[test]
fn sealed_takes_the_position_and_the_move_from_a_scoresheet() {
    // The 2005 Appendix E game as printed: its ply 9, 5.Dxd5, is illegal.
    let sheet = "examples/planillas/fide2005_apendice_e.txt";
    let o = planilla(&["sealed", "--game", sheet, "--ply", "9", "--json"], None);
    let v = json(&o);
    assert_eq!(v["text"], "Dxd5");
    assert_eq!(v["verdict"], "illegal");
    assert_eq!(v["consequence"], "loss");
    assert_eq!(
        v["suggestions"][0],
        serde_json::json!({"san": "Qxd4", "written": "Dxd4", "uci": "d1d4"})
    );
    // The move can be given instead of read.
    let o = planilla(
        &["sealed", "--game", sheet, "--ply", "9", "--json", "Dxd4"],
        None,
    );
    assert_eq!(json(&o)["consequence"], "continue");
    // Past the illegal move the sheet cannot be followed: a usage error.
    let o = planilla(&["sealed", "--game", sheet, "--ply", "12"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("media jugada 12"));
    // From standard input.
    let o = planilla(
        &["sealed", "--game", "-", "--ply", "3", "--json"],
        Some(b"1.e4 e5 2.Cf4"),
    );
    assert_eq!(json(&o)["verdict"], "illegal");
}

#[test]
fn sealed_usage_errors_exit_2() {
    // Each with what the message on standard error must name: what is missing or wrong.
    for (args, named) in [
        (&["sealed", "Cf3"][..], &["--fen", "--game"][..]),
        (
            &["sealed", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "Cf3"],
            &["--fen", "las blancas no tienen rey"],
        ),
        (
            &[
                "sealed",
                "--messages",
                "en",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "Cf3",
            ],
            &["--fen", "white has no king"],
        ),
        (
            &[
                "sealed",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ],
            &["MOVE"],
        ),
        (
            &["sealed", "--game", "no/such/file.txt", "--ply", "3"],
            &["no/such/file.txt"],
        ),
        (
            &[
                "sealed",
                "--game",
                "examples/planillas/fide2018_apendice_c.txt",
            ],
            &["--ply"],
        ),
    ] {
        let o = planilla(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        for name in named {
            assert!(stderr(&o).contains(name), "{args:?}: {}", stderr(&o));
        }
        assert_eq!(stdout(&o), "", "{args:?}");
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn sealed_json_shows_what_was_written_and_its_warnings() {
    // After 1.e4 e5 2.d4 exd4: the queen on d1 is the only piece that can reach d3.
    let fen = "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3";
    let o = planilla(&["sealed", "--fen", fen, "--json", " 2. Ddd3+ (=) "], None);
    let v = json(&o);
    assert_eq!(v["verdict"], "valid");
    assert_eq!(v["consequence"], "continue");
    assert_eq!(v["text"], "2. Ddd3+ (=)");
    // The move played, named three ways: its superfluous origin file and false check are
    // warnings, so the canonical writing drops them.
    assert_eq!(
        (&v["san"], &v["written"], &v["uci"]),
        (
            &serde_json::json!("Qd3"),
            &serde_json::json!("Dd3"),
            &serde_json::json!("d1d3")
        )
    );
    assert_eq!(v["span"], serde_json::json!([3, 8]));
    assert_eq!(v["number"], 2);
    assert_eq!(v["draw_offer"], true);
    assert_eq!(v["evident_reading"], serde_json::Value::Null);
    let warnings: Vec<(&str, &str, Vec<u64>)> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            assert_eq!(w["severity"], "warning");
            (
                w["code"].as_str().unwrap(),
                w["rule"].as_str().unwrap(),
                serde_json::from_value(w["span"].clone()).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        warnings,
        [
            ("move-number", "Art. 8.1.1 (2023)", vec![0, 2]),
            ("disambiguation", "C.10 (2023)", vec![4, 5]),
            ("check-mark", "C.13 (2023)", vec![7, 8]),
        ]
    );
    assert_eq!(
        v["warnings"][0]["message"],
        "número de jugada fuera de orden: se esperaba 3 y dice 2"
    );
    // Two moves: unreadable, and `text` keeps both.
    let o = planilla(&["sealed", "--fen", fen, "--json", "Dd3 Re6"], None);
    let v = json(&o);
    assert_eq!(v["text"], "Dd3 Re6");
    assert_eq!(v["verdict"], "unreadable");
    assert_eq!(v["consequence"], "loss");
    assert_eq!(v["warnings"], serde_json::json!([]));
}

#[test]
fn sealed_text_notes_the_evident_reading() {
    // The rook on a2 leaves the king on h1 one move: Rg1. `Rf1` is illegal, and loses.
    let fen = "k7/8/8/8/P7/1P6/r7/7K w - - 0 40";
    let o = planilla(&["sealed", "--fen", fen, "Rf1"], None);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("consecuencia: pierden las blancas"), "{text}");
    assert!(
        text.contains(
            "lectura evidente (decisión del árbitro, no cambia el veredicto): Rg1 (Kg1), la \
             única jugada legal a un carácter de lo escrito\n"
        ),
        "{text}"
    );
    assert!(text.starts_with("jugada sellada: 40. Rf1\n"), "{text}");
    // What was written is shown as written, in English on request, with its irregularities.
    let o = planilla(
        &["sealed", "--fen", fen, "--messages", "en", "39. Rg1 (=)"],
        None,
    );
    let text = stdout(&o);
    assert!(text.starts_with("sealed move: 39. Rg1 (=)\n"), "{text}");
    assert!(
        text.contains(
            "irregularity: warning[move-number]: move number out of order: 40 was due, 39 is \
             written (Art. 8.1.1 (2023))\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("draw offer: (=) written with the move (C.12 (2023))\n"),
        "{text}"
    );
    assert!(!text.contains("evident reading"), "{text}");
    let o = planilla(&["sealed", "--fen", fen, "--json", "Rf1"], None);
    let v = json(&o);
    assert_eq!(
        v["evident_reading"],
        serde_json::json!({"san": "Kg1", "written": "Rg1", "uci": "h1g1", "basis": "one-edit"})
    );
    assert_eq!(v["consequence"], "loss");
}

#[test]
fn convert_reports_errors_on_stderr_and_exits_1() {
    let sheet = "examples/planillas/fide2005_apendice_e.txt";
    let o = planilla(&["convert", sheet], None);
    assert_eq!(o.status.code(), Some(1));
    let pgn = stdout(&o);
    let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext,
        "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 {planilla: error[illegal-move] 5. Dxd5: \
         jugada ilegal: ninguna dama blanca puede llegar a d5} *"
    );
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.lines().all(|l| l.chars().count() < 80), "{pgn}");
    let err = stderr(&o);
    assert!(
        err.starts_with(
            "error[illegal-move]: 5. Dxd5: jugada ilegal: ninguna dama blanca puede llegar a d5\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("--> examples/planillas/fide2005_apendice_e.txt:4:40"),
        "{err}"
    );
    assert!(err.contains("^^^^ media jugada 9"), "{err}");
    // Every output format reports it and exits 1; the sheets carry it as a comment that reads
    // back as one.
    for (to, carried) in [
        (
            "es",
            "{planilla: error[illegal-move] 5. Dxd5: illegal move: no white queen can reach d5}\n",
        ),
        (
            "figurine",
            "{planilla: error[illegal-move] 5. Dxd5: illegal move: no white queen can reach d5}\n",
        ),
        ("json", "\"code\":\"illegal-move\""),
        (
            "pgn",
            "{planilla: error[illegal-move] 5. Dxd5: illegal move: no white queen can reach",
        ),
    ] {
        let o = planilla(&["convert", "--messages", "en", "--to", to, sheet], None);
        assert_eq!(o.status.code(), Some(1), "{to}");
        // PGN wraps the comment at 80 columns.
        let out = match to {
            "pgn" => stdout(&o).replace('\n', " "),
            _ => stdout(&o),
        };
        assert!(out.contains(carried), "{to}: {out}");
        assert!(
            stderr(&o).starts_with("error[illegal-move]: 5. Dxd5: illegal move"),
            "{to}: {}",
            stderr(&o)
        );
        if to == "es" || to == "figurine" {
            let back = planilla(&["check", "--json", "-"], Some(&o.stdout));
            assert_eq!(back.status.code(), Some(0), "{to}: {}", stdout(&back));
            let v: serde_json::Value = serde_json::from_slice(&back.stdout).unwrap();
            assert_eq!(v["games"][0]["moves"].as_array().unwrap().len(), 8, "{to}");
        }
    }
    // A valid sheet: nothing on stderr, exit 0.
    let o = planilla(
        &["convert", "examples/planillas/fide2018_apendice_c.txt"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
}

#[test]
fn convert_reports_an_unreadable_move_on_stderr_and_exits_1() {
    let o = planilla(&["convert", "-"], Some(b"1.e4 e5 2.Cz9 Cc6 3.Ab5 1-0"));
    assert_eq!(o.status.code(), Some(1));
    let pgn = stdout(&o);
    let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext,
        "1. e4 e5 {planilla: error[unreadable-move] 2. Cz9: jugada ilegible (falta la casilla de llegada): \
         no se puede establecer su significado} *"
    );
    let err = stderr(&o);
    assert!(
        err.starts_with("error[unreadable-move]: 2. Cz9: jugada ilegible"),
        "{err}"
    );
    assert!(err.contains("--> <stdin>:1:11"), "{err}");
    let o = planilla(
        &["convert", "--to", "es", "-"],
        Some(b"1.e4 e5 2.Cz9 Cc6 3.Ab5 1-0"),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "1. e4 e5\n{planilla: error[unreadable-move] 2. Cz9: jugada ilegible (falta la casilla de llegada): \
         no se puede establecer su significado}\n\nResultado: *\n\n"
    );
}

#[test]
fn the_summary_counts_the_move_that_stopped_the_reading() {
    let o = planilla(&["check", "-"], Some(b"1.e4 e5 2.Re3 Cc6 3.Ab5"));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(
            "partida 1 (? – ?): 2 medias jugadas leídas, con errores; lectura detenida, 3 \
             jugada(s) escrita(s) sin leer, contando la que la detuvo\n"
        ),
        "{}",
        stdout(&o)
    );
    let o = planilla(&["check", "--json", "-"], Some(b"1.e4 e5 2.Re3 Cc6 3.Ab5"));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"][0]["unread_moves"], 3);
}

#[test]
fn a_game_over_the_size_limit_is_read_in_part_and_the_rest_reported() {
    // 20 MB in one game, over the 16 MiB a game may hold: a comment with no space in it.
    let text = format!("1. e4 {{{}}} e5 1-0\n", "x".repeat(20_000_000));
    let o = planilla(&["check", "--json", "-"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &j["games"][0];
    // `1. e4 ` is read; the rest of the line, from the comment on, is skipped and reported.
    assert_eq!(game["moves"].as_array().unwrap().len(), 1);
    let d = &game["diagnostics"][0];
    assert_eq!(d["code"], "syntax");
    assert_eq!(d["span"], serde_json::json!([6, text.len()]));
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("partida demasiado larga"),
        "{d}"
    );
}

#[test]
fn decode_keeps_the_users_answer_and_changes_the_readings_before_it() {
    // Ply 3 answered `Ab5+`, a check that only 1...d5 allows: the recognizer's 99 % for e5
    // gives way. The same box as a reading like any other keeps e5 and takes the check sign
    // for a slip.
    let cells = r#"[[["e4", 1]], [["e5", 0.99], ["d5", 0.01]], [["Ab5+", 1]]]"#;
    let answered = format!(r#"{{"cells": {cells}, "answered": [3]}}"#);
    let san = |line: &str| {
        let out = planilla(&["decode", "--json", "-"], Some(line.as_bytes()));
        let found: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        (out.status.code(), found["san"].clone())
    };
    assert_eq!(
        san(&answered),
        (Some(0), serde_json::json!(["e4", "d5", "Bb5+"]))
    );
    assert_eq!(
        san(cells),
        (Some(0), serde_json::json!(["e4", "e5", "Bb5"]))
    );
}

#[test]
fn decode_weighs_readings_by_the_prior_over_moves_unless_told_not_to() {
    // After 1.e4 e5, `Aa6` (60 %) leaves the bishop to be taken for nothing; `Ac4` (40 %) is
    // safe. The prior takes Bc4; `--no-prior` the recognizer's first reading.
    let line = r#"[[["e4", 1]], [["e5", 1]], [["Aa6", 0.6], ["Ac4", 0.4]]]"#;
    let third = |args: &[&str]| {
        let out = planilla(args, Some(line.as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let found: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        found["san"][2].clone()
    };
    assert_eq!(third(&["decode", "--json", "-"]), "Bc4");
    assert_eq!(third(&["decode", "--json", "--no-prior", "-"]), "Ba6");
}

#[test]
fn decode_reads_ndjson_and_answers_with_json_pgn_and_exit_codes() {
    // Two sheets: the first from its own candidates; the second needs a repair (a blank box).
    let input = concat!(
        r#"[[["e4", 0.9], ["c4", 0.1]], [["e5", 0.6], ["c5", 0.4]], [["Cf6", 0.7], ["Cf3", 0.3]]]"#,
        "\n",
        r#"{"cells": [[["Nf3", 1.0]], [], [["g3", 1.0]]], "lang": "en"}"#,
        "\n"
    );
    let out = planilla(&["decode", "--json", "-"], Some(input.as_bytes()));
    assert_eq!(
        out.status.code(),
        Some(1),
        "a repair was needed on the second sheet"
    );
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["san"], serde_json::json!(["e4", "e5", "Nf3"]));
    assert_eq!(lines[0]["chosen"], serde_json::json!([0, 0, 1]));
    // e4 is 9 times as probable as c4, sure enough; e5 1.5 times as c5, doubtful.
    assert_eq!(lines[0]["doubtful"], serde_json::json!([2]));
    // Nf3, the one legal reading of its box, against the slip of `Cf6`: far apart.
    assert!(lines[0]["margins"][2].as_f64().unwrap() > 1.1);
    assert!(lines[0]["log_probability"].as_f64().unwrap() < 0.0);
    assert_eq!(lines[1]["chosen"][1], serde_json::Value::Null);
    assert_eq!(lines[1]["repairs"][0]["kind"], "missing-move");
    for key in ["ply", "kind", "written", "san", "reason"] {
        assert!(lines[1]["repairs"][0].get(key).is_some(), "{key}");
    }
    // Only the first sheet: exit 0, and PGN with the doubtful plies as comments.
    let first = input.lines().next().unwrap();
    let out = planilla(&["decode"], Some(first.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    let pgn = stdout(&out);
    assert!(
        pgn.starts_with(
            "1. e4 e5 {planilla: doubtful: 60 % of its box; another reading 1.5 times less probable} 2. Nf3 *"
        ),
        "{pgn}"
    );
    // Input errors: exit 2 with the line, never a panic.
    let huge_cells = format!("[{}]", vec![r#"[["e4", 1]]"#; 100_000].join(","));
    let wide_cell = format!("[[{}]]", vec![r#"["e4", 1]"#; 10_000].join(","));
    for bad in [
        "[[[\"e4\", -1]]]",
        "[[[\"e4\", NaN]]]",
        "[[[\"e4\", 0.5]],",
        "{\"fen\": \"8/8\"}",
        "[[[\"e4\"]]]",
        "\"e4\"",
        huge_cells.as_str(),
        wide_cell.as_str(),
        // An answered ply that is no cell, or no ply number at all.
        "{\"cells\": [[[\"e4\", 1]]], \"answered\": [2]}",
        "{\"cells\": [[[\"e4\", 1]]], \"answered\": [0]}",
        "{\"cells\": [[[\"e4\", 1]]], \"answered\": [\"1\"]}",
        "{\"cells\": [[[\"e4\", 1]]], \"answered\": 1}",
    ] {
        let out = planilla(&["decode", "-"], Some(bad.as_bytes()));
        assert_eq!(out.status.code(), Some(2), "{}", &bad[..bad.len().min(40)]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("planilla: <stdin>:1: "), "{err}");
    }
}

#[test]
fn a_diagnostic_on_a_long_line_shows_a_window_and_the_lines_own_column_in_linear_time() {
    // 20,000 variations on one line of 100 KB, each cut with a note: each note was drawn with
    // the whole line, in time in the square of its length. A line over 16 KiB is now drawn in a
    // window around the span, marked `...` where it is cut, with the line's own column.
    let one_line = format!("1. e4 {}e5\n", "(e5) ".repeat(20_000));
    let started = std::time::Instant::now();
    let o = planilla(&["check", "-"], Some(one_line.as_bytes()));
    let long = started.elapsed();
    let s = stdout(&o);
    assert_eq!(s.matches("note[variation-cut]").count(), 20_000);
    // The last variation's `e5` is at character 6 + 5 * 19,999 + 2 of the line.
    let last = 6 + 5 * 19_999 + 2;
    assert!(
        s.contains(&format!("--> <stdin>:1:{last}\n")),
        "{}",
        &s[s.len() - 2000..]
    );
    assert!(s.contains("1 | ...e5) (e5)"), "{}", &s[..2000]);
    assert!(!s.contains(&"(e5) ".repeat(100)));
    // The same notes on lines of their own: drawn as before, whole. The long line takes about
    // as long; in the square it took over a hundred times as long (`planilla check`: 7.8 s
    // against 0.07 s).
    let lines = one_line.replace(") (", ")\n(");
    let started = std::time::Instant::now();
    let o = planilla(&["check", "-"], Some(lines.as_bytes()));
    let short = started.elapsed();
    assert_eq!(stdout(&o).matches("note[variation-cut]").count(), 20_000);
    assert!(
        long < 5 * short,
        "{long:?} against {short:?} on lines of their own"
    );
}
