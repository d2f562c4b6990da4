//! `planilla serve` on a tournament hall's network, over loopback and bounded in time: a client
//! that sends its headers or its body slowly is cut off, idle connections by the thousand do
//! not keep a page from loading, a page on another site cannot post to the desk, a flood of
//! large texts neither takes the server past 1 GB nor gets anything but an answer or a 503,
//! and clients that leave mid-check give back the memory it was charged.

#![cfg(feature = "serve")]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

mod common;

use common::{shipped_sheets, start_server};

/// The longest any one exchange of these tests may take before the test fails.
const EXCHANGE_LIMIT: Duration = Duration::from_secs(60);

/// Sends `request` (a whole HTTP/1.1 request, `Connection: close`) and returns the status and
/// the body of the answer.
async fn http(address: SocketAddr, request: &[u8]) -> (u16, String) {
    let (status, _, body) = exchange(address, request).await;
    (status, body)
}

/// Sends `request` (a whole HTTP/1.1 request, `Connection: close`) and returns the status, the
/// head (its header names lowercase) and the body of the answer, within [`EXCHANGE_LIMIT`].
async fn exchange(address: SocketAddr, request: &[u8]) -> (u16, String, String) {
    let exchange = async {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream.write_all(request).await.unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.unwrap();
        answer
    };
    let answer = tokio::time::timeout(EXCHANGE_LIMIT, exchange)
        .await
        .unwrap_or_else(|_| panic!("no answer within {EXCHANGE_LIMIT:?}"));
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (status, head.to_ascii_lowercase(), body.to_owned())
}

/// A POST of `body` to `path` with `headers` (each ending in `\r\n`).
fn post(address: SocketAddr, path: &str, headers: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n{headers}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// A GET of `/` from `address`.
fn get_page(address: SocketAddr) -> Vec<u8> {
    format!("GET / HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_sending_its_headers_a_byte_a_second_is_cut_off_within_30_seconds() {
    let address = start_server().await;
    let mut stream = TcpStream::connect(address).await.unwrap();
    let started = Instant::now();
    let request = get_page(address);
    let mut cut_off = None;
    for byte in request.iter().cycle().take(60) {
        if stream.write_all(&[*byte]).await.is_err() {
            cut_off = Some(started.elapsed());
            break;
        }
        // The server closes the connection: a read then ends at once.
        let mut buf = [0u8; 256];
        match tokio::time::timeout(Duration::from_secs(1), stream.read(&mut buf)).await {
            Ok(Ok(_)) | Ok(Err(_)) => {
                cut_off = Some(started.elapsed());
                break;
            }
            Err(_) => {}
        }
    }
    let cut_off = cut_off.expect("still connected after 60 bytes at one a second");
    eprintln!("a client sending its headers a byte a second was cut off after {cut_off:?}");
    assert!(
        cut_off <= Duration::from_secs(30),
        "cut off after {cut_off:?}"
    );
    assert!(
        cut_off >= Duration::from_secs(5),
        "cut off too soon: {cut_off:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_1500_idle_connections_open_for_15_seconds_a_page_loads_within_5_seconds() {
    let address = start_server().await;
    let mut idle = Vec::new();
    for _ in 0..1500 {
        idle.push(TcpStream::connect(address).await.unwrap());
    }
    let opened = Instant::now();
    let mut slowest = Duration::ZERO;
    while opened.elapsed() < Duration::from_secs(15) {
        let sent = Instant::now();
        let (status, body) =
            tokio::time::timeout(Duration::from_secs(5), http(address, &get_page(address)))
                .await
                .expect("a page load took more than 5 s");
        assert_eq!(status, 200);
        assert!(body.contains("Planilla"));
        slowest = slowest.max(sent.elapsed());
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    eprintln!("1,500 idle connections held 15 s: the slowest page load took {slowest:?}");
    // Every idle connection has been closed by the server (the header time-out).
    let mut closed = 0;
    for mut stream in idle {
        let mut buf = [0u8; 16];
        if let Ok(Ok(0)) =
            tokio::time::timeout(Duration::from_millis(50), stream.read(&mut buf)).await
        {
            closed += 1;
        }
    }
    assert_eq!(closed, 1500, "idle connections the server closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_desks_own_origin_may_post_and_only_json() {
    let address = start_server().await;
    let body = r#"{"text": "1.e4 e5 2.Cf3"}"#;
    let json = "Content-Type: application/json\r\n";
    let own = format!("{json}Origin: http://{address}\r\nSec-Fetch-Site: same-origin\r\n");
    let (status, answer) = http(address, &post(address, "/api/check", &own, body)).await;
    assert_eq!(status, 200, "{answer}");
    // A tool without an Origin (curl, a script) is the desk's user too.
    let (status, _) = http(address, &post(address, "/api/check", json, body)).await;
    assert_eq!(status, 200);
    for (headers, says) in [
        (
            format!("{json}Origin: http://evil.example\r\n"),
            "solo las páginas de este servidor",
        ),
        (format!("{json}Origin: null\r\n"), "solo las páginas"),
        (
            format!("{json}Sec-Fetch-Site: cross-site\r\n"),
            "solo las páginas",
        ),
        (
            format!("{json}Origin: http://{address}.evil.example\r\n"),
            "solo las páginas",
        ),
    ] {
        let (status, head, answer) =
            exchange(address, &post(address, "/api/check", &headers, body)).await;
        assert_eq!(status, 403, "{headers}");
        assert!(answer.contains(says), "{answer}");
        // Refused answers carry the security headers too.
        assert!(
            head.contains("content-security-policy: default-src 'none'"),
            "{head}"
        );
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    }
    // A form of another site can send only these types: 415.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let headers = format!("Content-Type: {kind}\r\n");
        let (status, head, answer) =
            exchange(address, &post(address, "/api/check", &headers, body)).await;
        assert_eq!(status, 415, "{kind}");
        assert!(answer.contains("application/json"), "{answer}");
        assert!(
            head.contains("content-security-policy: default-src 'none'"),
            "{head}"
        );
    }
    // DNS rebinding: the desk reached through another site's name.
    let rebound = format!(
        "POST /api/check HTTP/1.1\r\nHost: evil.example:{}\r\nConnection: close\r\n{json}\
         Content-Length: {}\r\n\r\n{body}",
        address.port(),
        body.len()
    );
    let (status, head, answer) = exchange(address, rebound.as_bytes()).await;
    assert_eq!(status, 403);
    assert!(answer.contains("evil.example"), "{answer}");
    assert!(
        head.contains("content-security-policy: default-src 'none'"),
        "{head}"
    );
    let page = b"GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n";
    assert_eq!(http(address, page).await.0, 403);
    // Its own names: an IP address, localhost, and a name it was told.
    for host in ["localhost", "127.0.0.1", "[::1]:8080", "planilla.localhost"] {
        let page = format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        assert_eq!(http(address, page.as_bytes()).await.0, 200, "{host}");
    }
    // In English for a client that prefers it.
    let headers = "Content-Type: text/plain\r\nAccept-Language: en-GB,en;q=0.9\r\n";
    let (_, answer) = http(address, &post(address, "/api/check", headers, body)).await;
    assert!(answer.contains("must be sent as"), "{answer}");
}

#[test]
fn a_desk_told_a_name_answers_to_it() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let desk = planilla_cli::serve::Desk::default().allow_host("Arbitro.local");
        tokio::spawn(async move { desk.serve(listener).await });
        for (host, status) in [
            ("arbitro.local", 200),
            ("arbitro.local:80", 200),
            ("otro.local", 403),
        ] {
            let page = format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
            assert_eq!(http(address, page.as_bytes()).await.0, status, "{host}");
        }
    });
}

/// `planilla serve --port 0` in a process of its own (killed when dropped), and its address
/// as it prints it, within [`EXCHANGE_LIMIT`].
async fn planilla_serve_process() -> (tokio::process::Child, SocketAddr) {
    let mut server = tokio::process::Command::new(env!("CARGO_BIN_EXE_planilla"))
        .args(["serve", "--port", "0"])
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stderr = server.stderr.take().unwrap();
    let read_address = async move {
        let mut printed = Vec::new();
        loop {
            let mut buf = [0u8; 512];
            let n = stderr.read(&mut buf).await.unwrap();
            assert!(n > 0, "the server printed no address");
            printed.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&printed);
            if let Some(rest) = text.split("http://").nth(1)
                && let Some((address, _)) = rest.split_once('/')
            {
                let address: SocketAddr = address.parse().unwrap();
                // The rest of its standard error is read too, for as long as it runs: a
                // server is not tested on a closed pipe.
                tokio::spawn(async move {
                    let mut rest = Vec::new();
                    let _ = stderr.read_to_end(&mut rest).await;
                });
                break address;
            }
        }
    };
    let address = tokio::time::timeout(EXCHANGE_LIMIT, read_address)
        .await
        .expect("the server printed its address");
    (server, address)
}

/// 5,000,000 characters of real scoresheets: the shipped ones, repeated.
fn five_mb_of_real_sheets() -> String {
    let sheets: String = shipped_sheets()
        .into_iter()
        .map(|(_, text)| text + "\n\n")
        .collect();
    let mut text = String::new();
    while text.len() < 5_000_000 {
        text.push_str(&sheets);
    }
    text.chars().take(5_000_000).collect()
}

/// The peak resident memory of process `pid` (Linux: `VmHWM` of `/proc/PID/status`), in KiB.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_four_concurrent_5_mb_checks_keep_the_server_under_1_gb_each_answered_or_503() {
    // The server as the command line starts it, in its own process, so that its memory is
    // its own.
    let (mut server, address) = planilla_serve_process().await;
    let text = five_mb_of_real_sheets();
    let body = serde_json::json!({ "text": text }).to_string();
    assert!(body.len() >= 5_000_000 && body.len() < 5 * 1024 * 1024);
    let json = "Content-Type: application/json\r\n";
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..24 {
        let request = post(address, "/api/check", json, &body);
        tasks.push(tokio::spawn(
            async move { exchange(address, &request).await },
        ));
    }
    // A small check in the middle of the flood is not kept waiting behind it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let sent = Instant::now();
    let (status, small) = http(
        address,
        &post(address, "/api/check", json, r#"{"text": "1.e4 e5"}"#),
    )
    .await;
    let small_latency = sent.elapsed();
    assert_eq!(status, 200, "{small}");
    let (mut answered, mut busy) = (0, 0);
    for task in tasks {
        let (status, head, answer) = task.await.unwrap();
        match status {
            200 => {
                assert!(answer.starts_with("{\"games\":["));
                answered += 1;
            }
            503 => {
                assert!(answer.contains("vuelva a enviarlo"), "{answer}");
                assert!(head.contains("\r\nretry-after: 5"), "{head}");
                busy += 1;
            }
            other => panic!("status {other}: {}", &answer[..answer.len().min(200)]),
        }
    }
    let peak = peak_rss_kib(server.id().unwrap());
    eprintln!(
        "24 concurrent 5 MB checks: {answered} answered, {busy} told to retry (503), in {:?}; \
         a small check meanwhile took {small_latency:?}; the server's peak RSS {} MiB",
        started.elapsed(),
        peak.map_or("unknown".to_owned(), |k| (k / 1024).to_string())
    );
    assert!(answered >= 1, "no large check was answered");
    assert!(
        small_latency < Duration::from_secs(5),
        "the small check took {small_latency:?}"
    );
    if let Some(kib) = peak {
        assert!(kib < 1024 * 1024, "peak RSS {kib} KiB");
    }
    server.kill().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_sending_its_body_slowly_is_answered_503_at_the_request_time_out() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let limit = Duration::from_secs(3);
    let desk = planilla_cli::serve::Desk::default().request_timeout(limit);
    tokio::spawn(async move { desk.serve(listener).await });
    // The headers at once, then a body of 100 bytes at a byte a second.
    let body = format!(r#"{{"text": "{}e"}}"#, "e4 ".repeat(29));
    assert_eq!(body.len(), 100);
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n"
    );
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    for byte in body.bytes() {
        if stream.write_all(&[byte]).await.is_err() {
            break;
        }
        let mut buf = [0u8; 1024];
        match tokio::time::timeout(Duration::from_secs(1), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => answer.extend_from_slice(&buf[..n]),
            Err(_) => {}
        }
        if answer.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    let answered = started.elapsed();
    let answer = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    eprintln!("a body sent a byte a second was answered after {answered:?}");
    assert!(answer.starts_with("http/1.1 503"), "{answer}");
    assert!(answer.contains("connection: close"), "{answer}");
    assert!(
        answered >= limit - Duration::from_millis(100),
        "{answered:?}"
    );
    assert!(answered <= limit + Duration::from_secs(2), "{answered:?}");
    // And the connection is closed: nothing more is read from this client.
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the connection was left open");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_leave_during_their_check_give_back_its_memory() {
    // The server in its own process, so that its memory budget is its own.
    let (mut server, address) = planilla_serve_process().await;
    let text = five_mb_of_real_sheets();
    let body = serde_json::json!({ "text": text }).to_string();
    let json = "Content-Type: application/json\r\n";
    // Each 5 MB check is charged 100 MiB of the 384 MiB budget. Six clients send one and
    // leave before the answer: were their charges lost, no 5 MB check would fit again.
    for _ in 0..6 {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream
            .write_all(&post(address, "/api/check", json, &body))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        drop(stream);
    }
    // Their jobs end, the budget comes back, and a 5 MB check is answered.
    let started = Instant::now();
    loop {
        let (status, answer) = http(address, &post(address, "/api/check", json, &body)).await;
        if status == 200 {
            assert!(answer.starts_with("{\"games\":["));
            break;
        }
        assert_eq!(status, 503, "{}", &answer[..answer.len().min(200)]);
        // Generous: on a loaded machine the three jobs that fit take their time.
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no 5 MB check fits 120 s after the clients left: their memory was not given back"
        );
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    eprintln!(
        "after six clients left during their 5 MB checks, one was answered {:?} later",
        started.elapsed()
    );
    server.kill().await.unwrap();
}
