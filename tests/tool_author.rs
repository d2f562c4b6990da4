//! The three jobs of a tool author who embeds the crate, each in a few lines, on real data:
//! stream a file in constant memory, read one written move in a position as a `Result`, and
//! serialize a report. Also what must fail clearly: a source that does not hold a game's
//! spans, and an I/O error in the middle of a stream.

use std::io::{BufReader, Read};

use planilla::check::{CheckOptions, check_game, check_move, check_reader, check_text};
use planilla::notation::{Language, Parser};
use planilla::scoresheet::games;

const SHEETS: &str = "examples/planillas";
const TWIC: &str = "tests/data/twic-01-232games.pgn";

fn english() -> CheckOptions {
    CheckOptions::default().with_language(Language::ENGLISH)
}

/// What a report says, with its spans made absolute: comparable between the two readers.
fn summary(
    report: &planilla::check::GameReport,
    offset: u64,
) -> (usize, Vec<String>, Vec<(String, u64, u64)>) {
    (
        report.index,
        report.moves.iter().map(|m| m.san.to_string()).collect(),
        report
            .diagnostics
            .iter()
            .map(|d| {
                (
                    d.code().as_str().to_owned(),
                    offset + u64::from(d.span.start),
                    offset + u64::from(d.span.end),
                )
            })
            .collect(),
    )
}

#[test]
fn streaming_a_file_gives_the_reports_of_checking_it_whole() {
    let mut files: Vec<_> = std::fs::read_dir(SHEETS)
        .unwrap()
        .map(|e| (e.unwrap().path(), CheckOptions::default()))
        .collect();
    files.push((TWIC.into(), english()));
    let mut total = 0;
    for (path, options) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let whole: Vec<_> = check_text(&text, &options)
            .map(|r| summary(&r, 0))
            .collect();
        let file = BufReader::new(std::fs::File::open(&path).unwrap());
        let streamed: Vec<_> = check_reader(file, &options)
            .map(|g| {
                let g = g.unwrap();
                summary(&g.report, g.offset)
            })
            .collect();
        assert_eq!(streamed, whole, "{}", path.display());
        total += streamed.len();
    }
    // 9 sheets and the 232 games of TWIC.
    assert_eq!(total, 9 + 232);
}

#[test]
fn a_streamed_error_is_placed_by_line_and_column_of_the_file() {
    // Appendix E's sample game as printed in 2005: `5.Dxd5` is a misprint, on line 4.
    let path = format!("{SHEETS}/fide2005_apendice_e.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let file = BufReader::new(std::fs::File::open(&path).unwrap());
    let games: Vec<_> = check_reader(file, &CheckOptions::default())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let error = &game.report.diagnostics[0];
    assert_eq!(
        (error.code().as_str(), error.ply),
        ("illegal-move", Some(9))
    );
    assert_eq!(game.slice(error.span), Some("Dxd5"));
    let range = game.absolute(error.span);
    assert_eq!(&text[range.start as usize..range.end as usize], "Dxd5");
    let line = text.lines().nth(3).unwrap();
    let column = line[..line.find("Dxd5").unwrap()].chars().count() as u64 + 1;
    let at = game.line_column(error.span);
    assert_eq!((at.line, at.column), (4, column));
}

#[test]
fn every_move_of_real_games_reads_alone_as_the_move_played() {
    let text = std::fs::read_to_string(TWIC).unwrap();
    let options = english();
    let mut plies = 0;
    for report in check_text(&text, &options).take(40) {
        assert!(report.is_valid(), "game {}", report.index);
        let mut before = report.start_position();
        for ply in &report.moves {
            let read = check_move(&before, &ply.text, &options)
                .unwrap_or_else(|e| panic!("game {} ply {}: {e}", report.index, ply.ply));
            assert_eq!(
                (read.mv, read.san, read.after),
                (ply.mv, ply.san, ply.after)
            );
            before = ply.after;
            plies += 1;
        }
    }
    assert!(plies > 3000, "{plies}");
}

#[test]
fn a_move_that_names_no_single_legal_move_is_an_error_with_its_reason() {
    let options = CheckOptions::default();
    // The position before Appendix E's misprint `5.Dxd5` (seed 001).
    let sheet = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4";
    let report = check_text(sheet, &options).next().unwrap();
    let pos = report.moves.last().unwrap().after;
    let error = check_move(&pos, "5.Dxd5", &options).unwrap_err();
    assert_eq!(error.diagnostic.code(), "illegal-move");
    assert_eq!(error.diagnostic.suggestions[0].written, "Dxd4");
    assert!(error.to_string().contains("Dxd5"), "{error}");
    // The same move is read when written right, with its number.
    let read = check_move(&pos, "5.Dxd4", &options).unwrap();
    assert_eq!(read.san.to_string(), "Qxd4");
    assert!(read.warnings.is_empty());
    // No move, or more than one, is no move.
    for written in ["", "1-0", "Dxd4 d5", "[White \"x\"] Dxd4", "5.Dxd4 6.Dxd5"] {
        let error = check_move(&pos, written, &options).unwrap_err();
        assert_eq!(error.diagnostic.code(), "unreadable-move", "{written:?}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn a_report_serializes_as_the_command_lines_json_and_values_read_back() {
    use planilla::check::MessageLanguage;
    use planilla::{Move, Position, Square};
    let text = std::fs::read_to_string(TWIC).unwrap();
    let options = english();
    let mut moves = 0;
    for report in check_text(&text, &options).take(20) {
        let value = serde_json::to_value(&report).unwrap();
        let view =
            serde_json::to_value(planilla::write::json(&report, MessageLanguage::Spanish)).unwrap();
        assert_eq!(value, view);
        assert_eq!(value["valid"], true);
        assert_eq!(value["moves"][0]["san"], report.moves[0].san.to_string());
        for ply in &report.moves {
            let json = serde_json::to_string(&ply.mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), ply.mv);
            let json = serde_json::to_string(&ply.after).unwrap();
            assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), ply.after);
            assert_eq!(
                serde_json::to_value(ply.san).unwrap(),
                ply.san.to_string().as_str()
            );
            moves += 1;
        }
    }
    assert!(moves > 1000, "{moves}");
    for square in Square::ALL {
        let json = serde_json::to_string(&square).unwrap();
        assert_eq!(json, format!("\"{square}\""));
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), square);
    }
    assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
}

#[test]
fn check_game_refuses_a_source_that_does_not_hold_its_spans() {
    let text = std::fs::read_to_string(format!("{SHEETS}/fide2018_apendice_c.txt")).unwrap();
    let options = CheckOptions::default();
    let game = games(&text, Parser::spanish()).next().unwrap().unwrap();
    assert!(check_game(&game, None, &text, 0, &options).is_ok());
    let short = &text[..text.len() / 2];
    let error = check_game(&game, None, short, 0, &options).unwrap_err();
    assert_eq!(error.source_len, short.len());
    assert!(error.span.end as usize > short.len());
    // The same length, but `é` (two bytes) where ` e` stood before `e4`: a span starts
    // inside a character.
    let e4 = text.find("1. e4").unwrap() + 3;
    let cut = format!("{}é{}", &text[..e4 - 1], &text[e4 + 1..]);
    assert_eq!(cut.len(), text.len());
    let error = check_game(&game, None, &cut, 0, &options).unwrap_err();
    assert_eq!(error.span.start as usize, e4);
}

/// A reader that gives `good` bytes, then fails.
struct Failing<'a> {
    good: &'a [u8],
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.good.is_empty() {
            return Err(std::io::Error::other("disk gone"));
        }
        let n = buf.len().min(self.good.len());
        buf[..n].copy_from_slice(&self.good[..n]);
        self.good = &self.good[n..];
        Ok(n)
    }
}

#[test]
fn an_io_error_in_the_middle_of_a_stream_is_the_last_item() {
    let text = std::fs::read_to_string(TWIC).unwrap();
    // The second game starts after the first's last line: the reader fails 10 bytes into it.
    let second = text.find("\n\n[Event ").unwrap() + 2;
    let failing = Failing {
        good: &text.as_bytes()[..second + 10],
    };
    let items: Vec<_> = check_reader(BufReader::new(failing), &english()).collect();
    let (last, reports) = items.split_last().unwrap();
    assert_eq!(last.as_ref().unwrap_err().to_string(), "disk gone");
    let first = reports[0].as_ref().unwrap();
    assert!(first.report.is_valid());
    assert_eq!(first.report.moves.len(), 91);
}

#[test]
fn a_text_of_many_spanish_sheets_reads_as_its_games_whole_or_streamed() {
    // The 1,000 lichess games of pgn-reader's benchmark, written as Spanish sheets one after
    // another, as `planilla convert --to es` writes a file of them.
    let pgn = std::fs::read_to_string("tests/data/lichess_db_1000k.pgn").unwrap();
    let games: Vec<_> = check_text(&pgn, &english()).collect();
    let sheets: String = games
        .iter()
        .map(|g| planilla::write::scoresheet(g, &Language::SPANISH) + "\n")
        .collect();
    let options = CheckOptions::default();
    let whole: Vec<_> = check_text(&sheets, &options).collect();
    assert_eq!(whole.len(), games.len());
    for (read, written) in whole.iter().zip(&games) {
        assert!(
            read.is_valid(),
            "game {}: {:?}",
            read.index,
            read.diagnostics
        );
        let sans =
            |r: &planilla::check::GameReport| r.moves.iter().map(|m| m.san).collect::<Vec<_>>();
        assert_eq!(sans(read), sans(written), "game {}", read.index);
    }
    let streamed = check_reader(sheets.as_bytes(), &options).count();
    assert_eq!(streamed, games.len());
}
