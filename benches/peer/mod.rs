//! The peer converter of the benchmarks: pgn-reader's visitor, with shakmaty's `to_move`, play
//! and SAN, writing PGN. Used by `benches/convert.rs` and `examples/peer_convert.rs`.
//!
//! shakmaty (GPL-3.0) and pgn-reader are dev-dependencies: this code is never part of the
//! library.

use std::hint::black_box;
use std::ops::ControlFlow;

use shakmaty::Position as _;

/// pgn-reader's visitor: play every move with shakmaty and write the PGN movetext.
#[derive(Default)]
pub struct ToPgn {
    /// The PGN written so far; the caller may take it between games.
    pub out: String,
    /// A move of the last game did not play: the game was cut there.
    pub cut: bool,
}

impl pgn_reader::Visitor for ToPgn {
    type Tags = ();
    type Movetext = (shakmaty::Chess, u32);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: pgn_reader::RawTag<'_>) -> ControlFlow<()> {
        self.out.push('[');
        self.out.push_str(std::str::from_utf8(name).unwrap_or(""));
        self.out.push_str(" \"");
        self.out.push_str(&value.decode_utf8_lossy());
        self.out.push_str("\"]\n");
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), (shakmaty::Chess, u32)> {
        self.out.push('\n');
        ControlFlow::Continue((shakmaty::Chess::default(), 0))
    }

    fn san(
        &mut self,
        movetext: &mut (shakmaty::Chess, u32),
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<()> {
        use std::fmt::Write;
        let (pos, ply) = movetext;
        let Ok(m) = san.san.to_move(pos) else {
            self.cut = true;
            return ControlFlow::Break(());
        };
        if *ply % 2 == 0 {
            let _ = write!(self.out, "{}. ", *ply / 2 + 1);
        }
        let _ = write!(
            self.out,
            "{} ",
            shakmaty::san::SanPlus::from_move_and_play_unchecked(pos, m)
        );
        *ply += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: (shakmaty::Chess, u32)) {
        black_box(movetext.0.is_checkmate());
        self.out.push('\n');
    }
}
