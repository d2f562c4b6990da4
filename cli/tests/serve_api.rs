//! `planilla serve`'s JSON API over real HTTP: its answers equal the command line's and the
//! library's on every shipped scoresheet (reconstructions, reconciliations and comparisons
//! included), its limits give their status codes, and 200
//! concurrent requests are all answered correctly.

#![cfg(feature = "serve")]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};

use planilla::check::{Severity, check_text};
use planilla_app::settings::SheetSettings;

use crate::common;

use common::{planilla, shipped_sheets, start_server};

type HttpClient = Client<HttpConnector, Full<Bytes>>;

fn client() -> HttpClient {
    Client::builder(TokioExecutor::new()).build_http()
}

/// An answer: status, headers, body.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

async fn request(
    client: &HttpClient,
    address: SocketAddr,
    method: Method,
    path: &str,
    body: Vec<u8>,
) -> Answer {
    let request = Request::builder()
        .method(method)
        .uri(format!("http://{address}{path}"))
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body)))
        .unwrap();
    let response = client.request(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = body.collect().await.unwrap().to_bytes().to_vec();
    Answer {
        status: parts.status,
        headers: parts.headers,
        body,
    }
}

async fn post(client: &HttpClient, address: SocketAddr, path: &str, body: &Value) -> Answer {
    request(
        client,
        address,
        Method::POST,
        path,
        body.to_string().into_bytes(),
    )
    .await
}

/// The JSON `/api/check` answers for `body`.
async fn check(client: &HttpClient, address: SocketAddr, body: Value) -> Value {
    post(client, address, "/api/check", &body).await.json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_shipped_sheet_gets_the_command_lines_and_the_librarys_verdict() {
    let address = start_server().await;
    let client = client();
    let sheets = shipped_sheets();
    assert!(sheets.len() >= 11, "{} sheets", sheets.len());
    for (path, text) in &sheets {
        let body = json!({ "text": text });
        let answer = post(&client, address, "/api/check", &body).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        let api = answer.json();

        // The JSON of `planilla check --json`, exactly.
        let cli = planilla(&["check", "--json", path], None);
        let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
        assert_eq!(api, cli, "{path}: /api/check differs from check --json");

        // The library's verdict: valid or not, plies read, error and warning counts.
        let options = SheetSettings::default().check_options().unwrap();
        let reports: Vec<_> = check_text(text, &options).collect();
        let games = api["games"].as_array().unwrap();
        assert_eq!(games.len(), reports.len(), "{path}");
        for (game, report) in games.iter().zip(&reports) {
            let count = |s: Severity| {
                report
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity() == s)
                    .count()
            };
            let api_count = |s: &str| {
                game["diagnostics"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|d| d["severity"] == s)
                    .count()
            };
            assert_eq!(game["valid"], count(Severity::Error) == 0, "{path}");
            assert_eq!(api_count("error"), count(Severity::Error), "{path}");
            assert_eq!(api_count("warning"), count(Severity::Warning), "{path}");
            assert_eq!(
                game["moves"].as_array().unwrap().len(),
                report.moves.len(),
                "{path}"
            );
        }

        // The PGN of `planilla convert`, exactly.
        let answer = post(&client, address, "/api/convert", &body).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert_eq!(
            answer.headers["content-type"],
            "application/x-chess-pgn; charset=utf-8"
        );
        let cli = planilla(&["convert", path], None);
        assert_eq!(
            String::from_utf8(answer.body).unwrap(),
            String::from_utf8(cli.stdout).unwrap(),
            "{path}: /api/convert differs from convert"
        );
    }
}

/// The answer of `path` for `body` (which must be 200), split into the command line's JSON
/// and the board's fields (`start_fen`, `board_san`, `uci`, `fen`), which are the page's.
async fn with_board(
    client: &HttpClient,
    address: SocketAddr,
    path: &str,
    body: &Value,
) -> (Value, Value) {
    let answer = post(client, address, path, body).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}");
    let mut api = answer.json();
    let fields = api.as_object_mut().unwrap();
    let board: serde_json::Map<String, Value> = ["start_fen", "board_san", "uci", "fen"]
        .into_iter()
        .map(|k| (k.to_owned(), fields.remove(k).unwrap()))
        .collect();
    (api, Value::Object(board))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconstruct_reconcile_and_compare_answer_what_the_command_line_writes() {
    let address = start_server().await;
    let client = client();
    let danadas = |name: &str| format!("examples/danadas/{name}");
    let read = |path: &str| std::fs::read_to_string(format!("{}/{path}", common::ROOT)).unwrap();
    // Every damaged sheet and every shipped one: `reconstruct` gives `check --reconstruct
    // --json` and `convert --reconstruct`, exactly; a valid sheet's reconstruction is null.
    let mut sheets = shipped_sheets();
    for name in ["lichess_61_danada.txt", "lichess_61_negras.txt"] {
        sheets.push((danadas(name), read(&danadas(name))));
    }
    for (path, text) in &sheets {
        let body = json!({ "text": text, "reconstruct": true });
        let api = check(&client, address, body.clone()).await;
        let cli = planilla(&["check", "--reconstruct", "--json", path], None);
        let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
        assert_eq!(
            api, cli,
            "{path}: /api/check differs from check --reconstruct --json"
        );
        for game in api["games"].as_array().unwrap() {
            assert_eq!(game["valid"], game["reconstruction"].is_null(), "{path}");
        }
        let answer = post(&client, address, "/api/convert", &body).await;
        let cli = planilla(&["convert", "--reconstruct", path], None);
        assert_eq!(
            String::from_utf8(answer.body).unwrap(),
            String::from_utf8(cli.stdout).unwrap(),
            "{path}: /api/convert differs from convert --reconstruct"
        );
    }
    let reconstructed = check(
        &client,
        address,
        json!({ "text": read(&danadas("lichess_61_danada.txt")), "reconstruct": true }),
    )
    .await;
    let found = &reconstructed["games"][0]["reconstruction"];
    assert_eq!(found["repairs"].as_array().unwrap().len(), 3);
    assert_eq!(found["san"].as_array().unwrap().len(), 75);
    assert_eq!(found["uci"][13], "d6d5");
    assert_eq!(found["fen"].as_array().unwrap().len(), 75);

    // Two sheets: the JSON of `reconcile --json`, with the board's fields beside it.
    let (white, black) = (
        danadas("lichess_61_danada.txt"),
        danadas("lichess_61_negras.txt"),
    );
    let body = json!({ "white": read(&white), "black": read(&black) });
    let (api, board) = with_board(&client, address, "/api/reconcile", &body).await;
    let cli = planilla(&["reconcile", "--json", &white, &black], None);
    assert_eq!(api, serde_json::from_slice::<Value>(&cli.stdout).unwrap());
    assert_eq!(board["board_san"], api["san"]);
    assert_eq!(board["fen"].as_array().unwrap().len(), 75);
    assert_eq!(api["disagreements"].as_array().unwrap().len(), 4);

    // A sheet against the record: the JSON of `compare --json`, the record's moves beside it.
    let record = danadas("lichess_61_registro.pgn");
    let body = json!({ "sheet": read(&white), "record": read(&record) });
    let (api, board) = with_board(&client, address, "/api/compare", &body).await;
    let cli = planilla(&["compare", "--json", &white, &record], None);
    assert_eq!(api, serde_json::from_slice::<Value>(&cli.stdout).unwrap());
    assert_eq!(board["board_san"].as_array().unwrap().len(), 75);
    let kinds: Vec<&Value> = api["discrepancies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["kind"])
        .collect();
    assert_eq!(
        kinds,
        [
            &json!("slip"),
            &json!("ambiguous-move"),
            &json!("missing-move")
        ]
    );

    // What cannot be answered gets 400 with the reason: a record that is no legal game, a
    // sheet with no game, an unknown field.
    for (path, body, says) in [
        (
            "/api/compare",
            json!({ "sheet": "1.e4 e5", "record": "1. e4 e4" }),
            "el registro no es una partida válida",
        ),
        (
            "/api/compare",
            json!({ "sheet": "1.e4 e5", "record": "1. e4 e4", "messages": "en" }),
            "the record is not a valid game",
        ),
        (
            "/api/reconcile",
            json!({ "white": "", "black": "1.e4 e5" }),
            "cada planilla debe tener una partida; la de las blancas tiene 0",
        ),
        (
            "/api/reconcile",
            json!({ "white": "", "black": "1.e4 e5", "messages": "en" }),
            "each sheet must hold one game",
        ),
        (
            "/api/reconcile",
            json!({ "white": "1.e4", "black": "1.e4", "sheet": "" }),
            "campo desconocido `sheet`",
        ),
        (
            "/api/check",
            json!({ "text": "1.e4", "reconstruct": "yes" }),
            "no es válido",
        ),
    ] {
        let answer = post(&client, address, path, &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path} {body}");
        let message = answer.json()["error"].as_str().unwrap().to_owned();
        assert!(message.contains(says), "{path} {body}: {message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_settings_reach_the_check() {
    let address = start_server().await;
    let client = client();
    // English letters: `Nf3` is a knight move; on a Spanish sheet `N` is a foreign letter.
    let english = check(
        &client,
        address,
        json!({"text": "1.e4 e5 2.Nf3", "letters": "en"}),
    )
    .await;
    assert_eq!(english["games"][0]["valid"], true);
    assert_eq!(english["games"][0]["moves"][2]["written"], "Nf3");
    let spanish = check(&client, address, json!({"text": "1.e4 e5 2.Nf3"})).await;
    assert_eq!(
        spanish["games"][0]["diagnostics"][0]["code"],
        "foreign-letter"
    );
    assert_eq!(english["games"][0]["diagnostics"], json!([]));
    // The edition names the article; messages in English.
    let text = "1.e4 e5 2.Re3";
    let old = check(
        &client,
        address,
        json!({"text": text, "edition": 2005, "messages": "en"}),
    )
    .await;
    let d = &old["games"][0]["diagnostics"][0];
    assert_eq!(d["rule"], "Art. 3 (2005)");
    assert!(
        d["message"].as_str().unwrap().contains("illegal move"),
        "{d}"
    );
    // Lenient reading of `cf3` as the knight (a guess, named).
    let lenient = check(
        &client,
        address,
        json!({"text": "1.e4 e5 2.cf3", "lenient": true}),
    )
    .await;
    assert_eq!(lenient["games"][0]["moves"][2]["san"], "Nf3");
    // A starting position.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let from = check(&client, address, json!({"text": "1.e4 Rd7", "fen": fen})).await;
    assert_eq!(from["games"][0]["start_fen"], fen);
    assert_eq!(from["games"][0]["moves"][1]["san"], "Kd7");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sealed_rulings_equal_the_command_lines() {
    let address = start_server().await;
    let client = client();
    // A bishop on f3 reaches d1 and d5: `Ad` (the 1970 ruling's `A-D`) names no square, and
    // Black still has a rook to mate with: the sealer loses (Guidelines I.8 (2023)).
    let fen = "r3k3/8/8/8/8/5B2/8/4K3 w - - 0 40";
    let ruling = post(
        &client,
        address,
        "/api/sealed",
        &json!({"fen": fen, "move": "Ad"}),
    )
    .await;
    assert_eq!(ruling.status, StatusCode::OK);
    let ruling = ruling.json();
    assert_eq!(ruling["consequence"], "loss");
    assert_eq!(ruling["rule"], "Guidelines I.8 (2023)");
    assert_eq!(ruling["candidates"].as_array().unwrap().len(), 2);
    let cli = planilla(&["sealed", "--json", "--fen", fen, "Ad"], None);
    assert_eq!(
        ruling,
        serde_json::from_slice::<Value>(&cli.stdout).unwrap()
    );

    // From a scoresheet and a ply, in 2005: the move written there.
    let path = "examples/planillas/fide2018_apendice_c.txt";
    let text = std::fs::read_to_string(format!("{}/{path}", common::ROOT)).unwrap();
    let body = json!({"game": text, "ply": 9, "edition": 2005});
    let ruling = post(&client, address, "/api/sealed", &body).await.json();
    let cli = planilla(
        &[
            "sealed",
            "--json",
            "--game",
            path,
            "--ply",
            "9",
            "--edition",
            "2005",
        ],
        None,
    );
    assert_eq!(
        ruling,
        serde_json::from_slice::<Value>(&cli.stdout).unwrap()
    );
    assert_eq!(ruling["consequence"], "continue");
    assert_eq!(ruling["rule"], "A8 (2005)");
    assert_eq!(ruling["written"], "Dxd4");
    // The same move named as the arbiter reads it off the sheet: move 5, White.
    let body = json!({"game": text, "number": 5, "side": "white", "edition": 2005});
    let by_number = post(&client, address, "/api/sealed", &body).await.json();
    assert_eq!(by_number, ruling);
    let body = json!({"game": text, "number": 5, "side": "black", "edition": 2005});
    let black = post(&client, address, "/api/sealed", &body).await.json();
    assert_eq!(black["sealer"], "black");
    assert_eq!(black["written"], "d5");
    // A move the sheet does not reach is named as the arbiter asked for it, by number and side.
    for (number, side, written, es, en) in [
        (
            17,
            "white",
            Some("Cf3"),
            "la planilla acaba en la jugada 11 de las blancas; no llega a la jugada 17 de las \
             blancas",
            "the sheet ends at move 11, White; it does not reach move 17, White",
        ),
        (
            11,
            "black",
            None,
            "la planilla acaba en la jugada 11 de las blancas; no llega a la jugada 11 de las \
             negras",
            "the sheet ends at move 11, White; it does not reach move 11, Black",
        ),
    ] {
        for (messages, says) in [("es", es), ("en", en)] {
            let body = json!({"game": text, "number": number, "side": side, "move": written,
                "messages": messages});
            let a = post(&client, address, "/api/sealed", &body).await;
            assert_eq!(a.status, StatusCode::BAD_REQUEST);
            assert_eq!(a.json()["error"], says);
        }
    }
    // The move just after the sheet's last, written on the envelope apart: ruled.
    let body = json!({"game": text, "number": 11, "side": "black", "move": "Te8"});
    let a = post(&client, address, "/api/sealed", &body).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.json()["sealer"], "black");

    // An opponent with a bare king cannot mate (White still can: not a dead position): the
    // faulty move draws.
    let bare = "4k3/8/8/8/8/5B2/7P/4K3 w - - 0 40";
    let ruling = post(
        &client,
        address,
        "/api/sealed",
        &json!({"fen": bare, "move": "Ad", "time_limit": 1e9}),
    )
    .await
    .json();
    assert_eq!(ruling["consequence"], "draw");
    assert_eq!(ruling["exception"], "opponent-cannot-mate");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_bad_bodies_and_hostile_text_get_their_status() {
    let address = start_server().await;
    let client = client();
    let error = |a: &Answer| a.json()["error"].as_str().unwrap().to_owned();

    // Over 5 MiB: 413 with a message.
    let big = json!({ "text": "a".repeat(5 * 1024 * 1024) });
    let a = post(&client, address, "/api/check", &big).await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error(&a), "el cuerpo pasa de 5 MiB");

    // Not JSON, not an object, a wrong type, an unknown field, a bad FEN, a bad edition: 400.
    for (path, body, says) in [
        ("/api/check", "{\"text\": ", "no es JSON"),
        ("/api/check", "[1, 2]", "no es un objeto JSON"),
        ("/api/check", "{\"text\": 1}", "no es válido"),
        (
            "/api/check",
            "{}",
            "el cuerpo no es válido: falta el campo `text`",
        ),
        (
            "/api/check",
            "{\"text\": \"1.e4\", \"lenguaje\": \"es\"}",
            "campo desconocido `lenguaje`",
        ),
        (
            "/api/check",
            "{\"text\": \"1.e4\", \"fen\": \"8/8 w\"}",
            "fen: colocación de las piezas no válida en los bytes 0..3: se esperan ocho filas",
        ),
        (
            "/api/check",
            "{\"text\": \"1.e4\", \"edition\": \"2023\"}",
            "tipo no válido: string \"2023\"; se esperaba u16",
        ),
        (
            "/api/convert",
            "{\"text\": \"1.e4\", \"edition\": 1999}",
            "edición desconocida 1999",
        ),
        ("/api/sealed", "{\"move\": \"Cf3\"}", "fen, o game con ply"),
        (
            "/api/sealed",
            "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"}",
            "falta la jugada sellada",
        ),
        (
            "/api/sealed",
            "{\"fen\": \"4k3/8/8/8/8/8/8/4K4 w - - 0 1\", \"move\": \"Rd2\"}",
            "colocación de las piezas no válida en los bytes 18..19: una fila pasa de ocho casillas",
        ),
        (
            "/api/sealed",
            "{\"game\": \"1.e4 e5\", \"ply\": 0}",
            "se cuentan desde 1",
        ),
        (
            "/api/sealed",
            "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", \"move\": \"Rd2\", \"effort\": \"max\"}",
            "esfuerzo desconocido",
        ),
        (
            "/api/sealed",
            "{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", \"move\": \"Rd2\", \"time_limit\": -1}",
            "time_limit -1 es negativo",
        ),
    ] {
        let a = request(
            &client,
            address,
            Method::POST,
            path,
            body.as_bytes().to_vec(),
        )
        .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path} {body}");
        assert!(error(&a).contains(says), "{path} {body}: {}", error(&a));
    }

    // Hostile text within the limit: verdicts, not failures.
    let hostile = [
        "(".repeat(1_000_000),
        "{".repeat(1_000_000),
        "1.e4 ".repeat(200_000),
        String::from_utf8_lossy(&(0..=255u8).cycle().take(1 << 20).collect::<Vec<_>>())
            .into_owned(),
        "Cf3".repeat(300_000),
    ];
    for text in hostile {
        for path in ["/api/check", "/api/convert"] {
            let started = Instant::now();
            let a = post(&client, address, path, &json!({ "text": text })).await;
            assert_eq!(a.status, StatusCode::OK, "{path} on {}", &text[..20]);
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{path} took {:?}",
                started.elapsed()
            );
        }
        let a = post(&client, address, "/api/check", &json!({ "text": text })).await;
        assert!(
            a.json()["games"]
                .as_array()
                .unwrap()
                .iter()
                .any(|g| g["valid"] == false)
        );
    }
    let a = post(
        &client,
        address,
        "/api/sealed",
        &json!({"fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "move": "(".repeat(4_000_000)}),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.json()["verdict"], "unreadable");

    // Random bodies, and random texts inside a valid body: a verdict or a 400, never a 500.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"RDTACKQBNPabcdefgh12345678x+#=-0O.() {}[];\"\n\\";
    for k in 0..200 {
        let len = (next() % 300) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let path = ["/api/check", "/api/convert", "/api/sealed"][k % 3];
        let a = request(&client, address, Method::POST, path, bytes).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{path} {text:?}");
        let body = if path == "/api/sealed" {
            json!({"fen": "r3k3/8/8/8/8/5B2/8/4K3 w - - 0 40", "move": text})
        } else {
            json!({ "text": text })
        };
        let a = post(&client, address, path, &body).await;
        assert_eq!(a.status, StatusCode::OK, "{path} {text:?}");
    }

    // The wrong method, an unknown page.
    let a = request(&client, address, Method::GET, "/api/check", Vec::new()).await;
    assert_eq!(a.status, StatusCode::METHOD_NOT_ALLOWED);
    let a = request(&client, address, Method::GET, "/nada", Vec::new()).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);

    // Every answer carries the policy; the pages and assets are served from the binary.
    let folder = asset_folder(&client, address).await;
    for path in [
        "/".to_owned(),
        "/sellada".to_owned(),
        format!("/{folder}app.js"),
        format!("/{folder}style.css"),
        format!("/{folder}favicon.svg"),
        "/nada".to_owned(),
    ] {
        let path = path.as_str();
        let a = request(&client, address, Method::GET, path, Vec::new()).await;
        let csp = a.headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.starts_with("default-src 'none'; script-src 'self'"),
            "{path}: {csp}"
        );
        assert_eq!(a.headers["x-content-type-options"], "nosniff");
        if path != "/nada" {
            assert_eq!(a.status, StatusCode::OK, "{path}");
            // The only addresses in the assets are SVG's namespace, a name and not a request.
            let body = String::from_utf8(a.body)
                .unwrap()
                .replace("http://www.w3.org/2000/svg", "");
            assert!(
                !["http://", "https://", "\"//", "'//", "(//"]
                    .iter()
                    .any(|a| body.contains(a)),
                "{path} names another host"
            );
        }
    }
}

/// The folder the sheet page loads its assets from, `assets/VERSION/`.
async fn asset_folder(client: &HttpClient, address: SocketAddr) -> String {
    let page = request(client, address, Method::GET, "/", Vec::new()).await;
    let html = String::from_utf8(page.body).unwrap();
    let at = html.find("src=\"assets/").expect("the page loads assets") + 5;
    let end = at
        + html[at..]
            .find("/texts.js")
            .expect("texts.js in assets/VERSION/")
        + 1;
    html[at..end].to_owned()
}

/// A GET of `path` with the request headers `headers`.
async fn get_with(
    client: &HttpClient,
    address: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> Answer {
    let mut request = Request::builder()
        .method(Method::GET)
        .uri(format!("http://{address}{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = client
        .request(request.body(Full::new(Bytes::new())).unwrap())
        .await
        .unwrap();
    let (parts, body) = response.into_parts();
    Answer {
        status: parts.status,
        headers: parts.headers,
        body: body.collect().await.unwrap().to_bytes().to_vec(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_desk_sends_its_files_gzipped_and_lets_browsers_keep_its_versioned_assets() {
    use std::io::Read as _;
    let address = start_server().await;
    let client = client();
    let folder = asset_folder(&client, address).await;
    assert!(
        folder.len() == "assets/".len() + 17 && folder.ends_with('/'),
        "{folder}"
    );
    let gzip = [("accept-encoding", "gzip, deflate")];
    let mut sent = Vec::new();
    let page_files = [
        "texts.js",
        "common.js",
        "board.js",
        "engine.js",
        "sheet.js",
        "two.js",
        "sealed.js",
        "app.js",
        "worker.js",
        "style.css",
        "favicon.svg",
        "pieces.svg",
        "planilla/planilla_web.js",
        "planilla/planilla_web_bg.wasm",
    ];
    for name in page_files {
        let path = format!("/{folder}{name}");
        let plain = get_with(&client, address, &path, &[]).await;
        let packed = get_with(&client, address, &path, &gzip).await;
        assert_eq!(plain.status, StatusCode::OK, "{path}");
        assert_eq!(packed.status, StatusCode::OK, "{path}");
        assert!(plain.headers.get("content-encoding").is_none(), "{path}");
        assert_eq!(packed.headers["content-encoding"], "gzip", "{path}");
        assert_eq!(packed.headers["vary"], "accept-encoding", "{path}");
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&packed.body[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert_eq!(unpacked, plain.body, "{path}: gzipped, the same bytes");
        // An asset's address changes with its build: a browser may keep it a year.
        for a in [&plain, &packed] {
            assert_eq!(
                a.headers["cache-control"], "public, max-age=31536000, immutable",
                "{path}"
            );
        }
        sent.push((name, plain.body.len(), packed.body.len()));
    }
    let wasm = sent.iter().find(|s| s.0.ends_with(".wasm")).unwrap();
    assert!(
        wasm.2 * 4 < wasm.1,
        "the WebAssembly gzipped: {} of {} bytes",
        wasm.2,
        wasm.1
    );
    let total: (usize, usize) = sent.iter().fold((0, 0), |t, s| (t.0 + s.1, t.1 + s.2));
    eprintln!(
        "the sheet page's assets: {} bytes, {} gzipped; {sent:?}",
        total.0, total.1
    );

    // The pages, the service worker and the manifest are asked about at each use, and
    // answered 304 while the build is the same.
    for path in [
        "/",
        "/dos",
        "/sellada",
        "/index.html",
        "/sw.js",
        "/manifest.webmanifest",
    ] {
        let a = get_with(&client, address, path, &gzip).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert_eq!(a.headers["cache-control"], "no-cache", "{path}");
        let etag = a.headers["etag"].to_str().unwrap().to_owned();
        assert_eq!(etag, format!("W/\"{}\"", &folder[7..23]), "{path}");
        let again = get_with(&client, address, path, &[("if-none-match", &etag)]).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
        assert!(again.body.is_empty(), "{path}");
        let other = get_with(&client, address, path, &[("if-none-match", "\"0\"")]).await;
        assert_eq!(other.status, StatusCode::OK, "{path}");
        // The tag compared weakly, as a proxy may send it back.
        let strong = etag.trim_start_matches("W/");
        let again = get_with(&client, address, path, &[("if-none-match", strong)]).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path}");
    }
    // Every asset a page, the service worker's list or the manifest names is in this build's
    // folder.
    for path in ["/", "/sw.js", "/manifest.webmanifest"] {
        let text = String::from_utf8(get_with(&client, address, path, &[]).await.body).unwrap();
        let text = if path == "/sw.js" {
            text.lines()
                .find(|l| l.starts_with("const FILES = ["))
                .expect("sw.js lists its files")
                .to_owned()
        } else {
            text
        };
        let named = text.matches("assets/").count();
        let versioned = text.matches(folder.as_str()).count();
        assert!(
            named > 0 && named == versioned,
            "{path}: {named} assets, {versioned} in {folder}"
        );
    }
    // A refusal (gzip at q=0) is honoured; the API's answers are kept nowhere.
    let refused = get_with(&client, address, "/", &[("accept-encoding", "gzip;q=0")]).await;
    assert!(refused.headers.get("content-encoding").is_none());
    let a = post(&client, address, "/api/check", &json!({"text": "1.e4 e5"})).await;
    assert_eq!(a.headers["cache-control"], "no-store");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_concurrent_requests_are_all_answered_correctly() {
    let address = start_server().await;
    let client = client();
    let sheets = shipped_sheets();
    let mut expected = Vec::new();
    for (path, text) in &sheets {
        let cli = planilla(&["check", "--json", path], None);
        expected.push((
            json!({ "text": text }),
            serde_json::from_slice::<Value>(&cli.stdout).unwrap(),
        ));
    }
    let expected = std::sync::Arc::new(expected);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for k in 0..200 {
        let (client, expected) = (client.clone(), expected.clone());
        tasks.push(tokio::spawn(async move {
            let (body, want) = &expected[k % expected.len()];
            let sent = Instant::now();
            let a = post(&client, address, "/api/check", body).await;
            let latency = sent.elapsed();
            assert_eq!(a.status, StatusCode::OK);
            assert_eq!(&a.json(), want, "request {k}");
            latency
        }));
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.push(task.await.unwrap());
    }
    let wall = started.elapsed();
    latencies.sort();
    let p = |q: f64| latencies[((latencies.len() as f64 * q).ceil() as usize).saturating_sub(1)];
    eprintln!(
        "200 concurrent /api/check requests of the {} shipped sheets: all correct in {wall:?}; \
         latency p50 {:?}, p99 {:?}, max {:?}",
        sheets.len(),
        p(0.50),
        p(0.99),
        latencies[latencies.len() - 1]
    );
    assert!(p(0.99) < Duration::from_secs(10), "p99 {:?}", p(0.99));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decode_answers_what_the_command_line_writes() {
    let address = start_server().await;
    let client = client();
    // A bare array of cells, and an object whose own letters (English, with its descriptive
    // `BxN`) and FEN override the request's.
    let sheets = [
        json!([
            [["e4", 0.9], ["c4", 0.1]],
            [["e5", 0.6], ["c5", 0.4]],
            [["Cf6", 0.7], ["Cf3", 0.3]],
            []
        ]),
        json!({"cells": [[["BxN", 0.48], ["Rg8", 0.40], ["Rg1", 0.07]]],
               "fen": "k7/8/5n2/8/8/2B5/8/4K2R w K - 0 1", "lang": "en"}),
    ];
    for sheet in &sheets {
        let answer = post(
            &client,
            address,
            "/api/decode",
            &json!({ "sheet": sheet, "alternatives": 3 }),
        )
        .await;
        assert_eq!(answer.status, StatusCode::OK);
        let line = format!("{sheet}\n");
        let cli = planilla(
            &["decode", "--json", "--alternatives", "3", "-"],
            Some(line.as_bytes()),
        );
        assert_eq!(
            answer.json(),
            serde_json::from_slice::<Value>(&cli.stdout).unwrap()
        );
    }
    let answer = post(
        &client,
        address,
        "/api/decode",
        &json!({ "sheet": sheets[1] }),
    )
    .await;
    assert_eq!(answer.json()["san"], json!(["Bxf6"]));
    // A negative probability, a sheet that is no array of cells, an unknown field: 400.
    for (body, says) in [
        (json!({"sheet": [[["e4", -1.0]]]}), "probability"),
        (json!({"sheet": "e4"}), "array of cells"),
        (
            json!({"sheet": [], "cells": []}),
            "campo desconocido `cells`",
        ),
    ] {
        let answer = post(&client, address, "/api/decode", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        let error = answer.json()["error"].as_str().unwrap().to_owned();
        assert!(error.contains(says), "{body}: {error}");
    }
}
