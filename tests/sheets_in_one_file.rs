//! Sheets copied one after another into one file (`cat *.txt | planilla check -`), with no
//! headers and no result between them: the numbering that starts again at 1 after a blank line
//! starts the next game.
//!
//! The games are the first 200 of `tests/data/lichess_db_2013-01_500.pgn` (CC0, lichess.org),
//! read independently of planilla with pgn-reader and shakmaty (dev-dependencies), and written
//! here as Spanish sheets by a plain letter map (K Q R B N → R D T A C).

use std::ops::ControlFlow;

use planilla::check::{CheckOptions, check_reader, check_text};

const GAMES: &str = include_str!("data/lichess_db_2013-01_500.pgn");

/// pgn-reader's visitor: each game's main-line moves played by shakmaty, in its SAN.
#[derive(Default)]
struct Sans(Vec<Vec<String>>);

impl pgn_reader::Visitor for Sans {
    type Tags = ();
    type Movetext = (shakmaty::Chess, Vec<String>);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), Self::Movetext> {
        ControlFlow::Continue((shakmaty::Chess::default(), Vec::new()))
    }

    fn san(&mut self, game: &mut Self::Movetext, san: pgn_reader::SanPlus) -> ControlFlow<()> {
        use shakmaty::Position as _;
        let (pos, moves) = game;
        let m = san.san.to_move(pos).expect("a legal move of the file");
        moves.push(shakmaty::san::San::from_move(pos, m).to_string());
        pos.play_unchecked(m);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) {
        self.0.push(game.1);
    }
}

/// The first `n` games with moves, as SAN without check marks.
fn real_games(n: usize) -> Vec<Vec<String>> {
    let mut reader = pgn_reader::Reader::new(GAMES.as_bytes());
    let mut visitor = Sans::default();
    while visitor.0.iter().filter(|g| !g.is_empty()).count() < n {
        match reader.read_game(&mut visitor) {
            Ok(Some(())) => {}
            _ => break,
        }
    }
    let games: Vec<_> = visitor.0.into_iter().filter(|g| !g.is_empty()).collect();
    assert_eq!(games.len(), n, "the file holds {n} games with moves");
    games
}

/// A game as a Spanish sheet: one move pair a line, Spanish letters, no header, no result.
fn sheet(sans: &[String]) -> String {
    let spanish = |san: &str| {
        san.chars()
            .map(|c| match c {
                'K' => 'R',
                'Q' => 'D',
                'R' => 'T',
                'B' => 'A',
                'N' => 'C',
                c => c,
            })
            .collect::<String>()
    };
    let mut out = String::new();
    for (k, pair) in sans.chunks(2).enumerate() {
        out += &format!("{}. {}", k + 1, spanish(&pair[0]));
        if let Some(black) = pair.get(1) {
            out += &format!(" {}", spanish(black));
        }
        out.push('\n');
    }
    out
}

fn without_marks(san: &str) -> &str {
    san.trim_end_matches(['+', '#'])
}

#[test]
fn two_hundred_sheets_with_no_headers_are_two_hundred_games_each_read_exactly() {
    let games = real_games(200);
    let text = games
        .iter()
        .map(|g| sheet(g))
        .collect::<Vec<_>>()
        .join("\n");
    for reports in [
        check_text(&text, &CheckOptions::default()).collect::<Vec<_>>(),
        check_reader(text.as_bytes(), &CheckOptions::default())
            .map(|r| r.unwrap().report)
            .collect(),
    ] {
        assert_eq!(reports.len(), 200);
        for (k, (report, expected)) in reports.iter().zip(&games).enumerate() {
            let read: Vec<String> = report.moves.iter().map(|m| m.san.to_string()).collect();
            let read: Vec<&str> = read.iter().map(|s| without_marks(s)).collect();
            let expected: Vec<&str> = expected.iter().map(|s| without_marks(s)).collect();
            assert_eq!(read, expected, "game {}", k + 1);
            assert!(
                report.is_valid(),
                "game {}: {:?}",
                k + 1,
                report.diagnostics
            );
        }
    }
}

#[test]
fn a_stream_of_many_megabytes_of_such_sheets_is_cut_between_games() {
    // Past a megabyte the stream ends its piece where a sheet starts after a blank line: every
    // game is still read whole.
    let games = real_games(200);
    let one = games
        .iter()
        .map(|g| sheet(g))
        .collect::<Vec<_>>()
        .join("\n");
    let text = vec![one; 15].join("\n");
    assert!(text.len() > 1 << 20);
    let mut count = 0;
    for (k, r) in check_reader(text.as_bytes(), &CheckOptions::default()).enumerate() {
        let report = r.unwrap().report;
        assert!(report.is_valid(), "game {}", k + 1);
        assert_eq!(report.moves.len(), games[k % 200].len(), "game {}", k + 1);
        count += 1;
    }
    assert_eq!(count, 3000);
}

#[test]
fn a_restart_needs_the_blank_line_and_the_first_number() {
    // No blank line: the second `1.` is White's 3rd move numbered wrong on the same sheet (a
    // move-number warning, as any number out of order on a sheet), not a new game.
    let reports: Vec<_> =
        check_text("1. e4 e5\n2. Cf3 Cc6\n1. d4 d5\n", &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 1);
    assert!(
        reports[0]
            .diagnostics
            .iter()
            .any(|d| d.code() == planilla::check::DiagnosticCode::MoveNumber)
    );
    // A blank line and a number other than the first: the same game goes on.
    let reports: Vec<_> = check_text(
        "1. e4 e5\n2. Cf3 Cc6\n\n3. Ab5 a6\n",
        &CheckOptions::default(),
    )
    .collect();
    assert_eq!(reports.len(), 1);
    assert!(reports[0].is_valid());
    assert_eq!(reports[0].moves.len(), 6);
    // A game from a FEN starts again at the FEN's move number.
    let text = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 30\"]\n\n30. e4 Rd7\n\n30. e3 Re7\n";
    let reports: Vec<_> = check_text(text, &CheckOptions::default()).collect();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].moves.len(), 2);
    assert!(reports[0].is_valid());
}
