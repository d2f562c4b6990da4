//! Read the PGN of standard input with pgn-reader, play every move with shakmaty, write each
//! game as PGN, then its moves, positions and first error as JSON: the jobs of
//! `planilla-user`. Built, not run, by `scripts/build_cost.sh`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::ops::ControlFlow;

use shakmaty::Position as _;

/// One game's JSON.
#[derive(serde::Serialize, Default)]
struct GameJson {
    tags: Vec<(String, String)>,
    san: Vec<String>,
    fens: Vec<String>,
    error: Option<String>,
}

/// pgn-reader's visitor: plays the moves and writes the PGN and the JSON.
#[derive(Default)]
struct ToPgn {
    out: String,
    game: GameJson,
}

impl pgn_reader::Visitor for ToPgn {
    type Tags = ();
    type Movetext = (shakmaty::Chess, u32);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: pgn_reader::RawTag<'_>) -> ControlFlow<()> {
        let name = String::from_utf8_lossy(name).into_owned();
        let value = value.decode_utf8_lossy().into_owned();
        let _ = writeln!(self.out, "[{name} \"{value}\"]");
        self.game.tags.push((name, value));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), (shakmaty::Chess, u32)> {
        self.out.push('\n');
        ControlFlow::Continue((shakmaty::Chess::default(), 0))
    }

    fn san(
        &mut self,
        (pos, ply): &mut (shakmaty::Chess, u32),
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<()> {
        let m = match san.san.to_move(pos) {
            Ok(m) => m,
            Err(e) => {
                self.game.error = Some(e.to_string());
                return ControlFlow::Break(());
            }
        };
        if *ply % 2 == 0 {
            let _ = write!(self.out, "{}. ", *ply / 2 + 1);
        }
        let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(pos, m);
        let _ = write!(self.out, "{san} ");
        self.game.san.push(san.to_string());
        let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
        self.game.fens.push(fen.to_string());
        *ply += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, (pos, _): (shakmaty::Chess, u32)) {
        if pos.is_checkmate() {
            self.out.push('#');
        }
        self.out.push('\n');
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut reader = pgn_reader::Reader::new(std::io::stdin().lock());
    let mut visitor = ToPgn::default();
    let mut out = std::io::stdout().lock();
    while reader.read_game(&mut visitor)?.is_some() {
        out.write_all(visitor.out.as_bytes())?;
        visitor.out.clear();
        let game = std::mem::take(&mut visitor.game);
        writeln!(out, "{}", serde_json::to_string(&game)?)?;
    }
    Ok(())
}
