//! The command line on descriptive notation: `check` (auto and `--notation descriptive`),
//! `convert` to PGN and `--to descriptiva` / `--to descriptive`, and `sealed` with the seed's
//! three rulings.

use std::process::Command;

const OPERA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/descriptive/opera_descriptiva.txt"
);

fn planilla(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_planilla"))
        .args(args)
        .output()
        .expect("planilla runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn check_reads_a_descriptive_sheet_and_says_so() {
    let (out, _, code) = planilla(&["check", OPERA]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("note[notation]: 1. P4R: partida leída en notación descriptiva"),
        "{out}"
    );
    assert!(out.contains("33 medias jugadas leídas, válida"), "{out}");
    let (out, _, code) = planilla(&["check", "--notation", "descriptive", OPERA]);
    assert_eq!(code, 0);
    assert!(!out.contains("note[notation]"), "{out}");
    // Read as algebraic, the first move is no move.
    let (out, _, code) = planilla(&["check", "--notation", "algebraic", OPERA]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error[incomplete-move]: 1. P4R"), "{out}");
}

#[test]
fn convert_writes_pgn_and_both_descriptive_book_forms() {
    let (out, _, code) = planilla(&["convert", OPERA]);
    assert_eq!(code, 0);
    assert!(
        out.contains("11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"),
        "{out}"
    );
    let (out, _, _) = planilla(&["convert", "--to", "descriptive", OPERA]);
    assert!(out.contains("11. BxNP ch QN-Q2\n12. O-O-O R-Q1\n"), "{out}");
    assert!(out.contains("17. R-Q8 mate\n"), "{out}");
    let (out, _, _) = planilla(&["convert", "--to", "descriptiva", OPERA]);
    assert!(out.contains("2. C3AR P3D\n"), "{out}");
    assert!(out.contains("11. AxPC+ CD2D\n"), "{out}");
    // JSON keeps the text as written.
    let (out, _, _) = planilla(&["check", "--json", OPERA]);
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let third = &json["games"][0]["moves"][2];
    assert_eq!(
        (&third["san"], &third["text"], &third["span"]),
        (
            &serde_json::json!("Nf3"),
            &serde_json::json!("C-3AR"),
            &serde_json::json!([127, 132])
        ),
        "{out}"
    );
}

const QGD: &str = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 2 4";

#[test]
fn sealed_gives_the_seeds_three_rulings() {
    let (out, _, code) = planilla(&["sealed", "--fen", QGD, "--edition", "2005", "A-5CD"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "veredicto: jugada ilegal: ningún alfil blanco puede llegar a b5 (A8.c (2005))"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "lectura evidente (decisión del árbitro, no cambia el veredicto): A-5CR (Bg5)"
        ),
        "{out}"
    );
    let king = "4k3/r7/8/8/8/8/6PP/7K w - - 0 40";
    let (out, _, _) = planilla(&["sealed", "--fen", king, "--edition", "2005", "R-1A"]);
    assert!(out.contains("consecuencia: pierden las blancas"), "{out}");
    assert!(
        out.contains("R-1CR (Kg1), la única jugada legal a un carácter de lo escrito"),
        "{out}"
    );
    let bishop = "7k/pp2Bppp/8/8/8/8/PP3PPP/6K1 w - - 0 30";
    let (out, _, _) = planilla(&[
        "sealed",
        "--fen",
        bishop,
        "--edition",
        "2005",
        "--messages",
        "en",
        "A-D",
    ]);
    // English messages name moves in SAN; Spanish ones as the sheet writes them.
    assert!(out.contains("candidates: Bd6, Bd8\n"), "{out}");
    assert!(
        out.contains("consequence: White, who sealed the move, loses (A8.a (2005))"),
        "{out}"
    );
    let (out, _, _) = planilla(&["sealed", "--fen", bishop, "--edition", "2005", "A-D"]);
    assert!(out.contains("candidatas: A6D, A8D\n"), "{out}");
    // The position from a descriptive sheet.
    let (out, _, _) = planilla(&["sealed", "--game", OPERA, "--ply", "33"]);
    assert!(out.contains("veredicto: válida: T8D++"), "{out}");
}
