//! Writing a game the way players write scoresheets: a [`Style`] chooses the letter set, the
//! capture mark, castling, promotion, en passant and check marks, move numbers and columns.
//!
//! Every style here is read back by the grammar to the same moves: the test suite transcribes
//! every lichess game in every [`Style::PRESETS`] style and converts it back to SAN.

use core::fmt::Write as _;

use crate::notation::{CaptureMark, CastlingGlyph, Language, PromotionStyle};
use crate::position::{Move, Position};
use crate::san::{Marks, San, SanPlus, Suffix};
use crate::types::Color;

/// How an en passant capture is marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EnPassantStyle {
    /// No mark (optional since 2018).
    None,
    /// `exd6 a.p.` (E9; C.9).
    Spaced,
    /// `exd6a.p.`, attached, as in the 2005 text's example.
    Attached,
    /// `exd6 e.p.`.
    English,
}

/// How check and mate are marked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckStyle {
    /// `+` and `#`.
    Standard,
    /// `+` and `++` (Appendix E).
    DoublePlus,
    /// No marks (optional since 2018).
    None,
}

/// How moves are laid out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveLayout {
    /// `1. e4 e5 2. Cf3 Cc6`, on one paragraph.
    Inline,
    /// `1.e4 e5 2.Cf3 Cc6`, numbers glued to the move.
    Compact,
    /// Two columns, one move pair per line: `1  e4  e5`.
    Columns,
}

/// A way of writing a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// The piece letters.
    pub language: Language,
    /// The capture mark (E9; C.9), or `None`: optional since 2018 (C.13).
    pub capture: Option<CaptureMark>,
    /// The castling glyph: `0-0` (the Laws), `O-O` (PGN) or `o-o`.
    pub castling: CastlingGlyph,
    /// How a promotion is written: `d8D` (E12; C.11), `d8=D`, `d8/D` or `d8(D)`.
    pub promotion: PromotionStyle,
    /// En passant.
    pub en_passant: EnPassantStyle,
    /// Check and mate.
    pub check: CheckStyle,
    /// How the moves are laid out.
    pub layout: MoveLayout,
}

impl Style {
    /// The canonical form of Appendix C: `x`, `0-0`, `d8D`, `a.p.`, `+`/`#`, inline.
    pub const APPENDIX_C: Style = Style {
        language: Language::SPANISH,
        capture: Some(CaptureMark::X),
        castling: CastlingGlyph::Zero,
        promotion: PromotionStyle::Attached,
        en_passant: EnPassantStyle::Spaced,
        check: CheckStyle::Standard,
        layout: MoveLayout::Inline,
    };

    /// Five styles seen on real sheets: the canonical one; a two-column sheet with `O-O`,
    /// `e8=D` and no `x`; the compact shorthand of C.13 with no marks at all; the 2005 form
    /// with `++` and attached `a.p.`; a typeset one with `×`, `d8(D)` and `e.p.`.
    pub const PRESETS: [Style; 5] = [
        Style::APPENDIX_C,
        Style {
            capture: None,
            castling: CastlingGlyph::UpperO,
            promotion: PromotionStyle::Equals,
            en_passant: EnPassantStyle::None,
            layout: MoveLayout::Columns,
            ..Style::APPENDIX_C
        },
        Style {
            capture: None,
            en_passant: EnPassantStyle::None,
            check: CheckStyle::None,
            layout: MoveLayout::Compact,
            ..Style::APPENDIX_C
        },
        Style {
            promotion: PromotionStyle::Slash,
            en_passant: EnPassantStyle::Attached,
            check: CheckStyle::DoublePlus,
            layout: MoveLayout::Compact,
            ..Style::APPENDIX_C
        },
        Style {
            capture: Some(CaptureMark::Cross),
            promotion: PromotionStyle::Parenthesized,
            en_passant: EnPassantStyle::English,
            ..Style::APPENDIX_C
        },
    ];

    /// Writes the legal move `mv` of `pos` in this style.
    ///
    /// ```
    /// use planilla::notation::CastlingGlyph;
    /// use planilla::write::Style;
    /// use planilla::{CastlingSide, Position};
    /// let pos: Position = "5k2/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// let castle = pos.castling_move(CastlingSide::KingSide).unwrap();
    /// assert_eq!(Style::APPENDIX_C.write_move(&pos, castle), "0-0+");
    /// let pgn_like = Style { castling: CastlingGlyph::UpperO, ..Style::APPENDIX_C };
    /// assert_eq!(pgn_like.write_move(&pos, castle), "O-O+");
    /// ```
    pub fn write_move(&self, pos: &Position, mv: Move) -> String {
        let san = SanPlus::from_move(pos, mv);
        let mut out = String::with_capacity(12);
        let (short, long) = match self.castling {
            CastlingGlyph::Zero => ("0-0", "0-0-0"),
            CastlingGlyph::UpperO => ("O-O", "O-O-O"),
            CastlingGlyph::LowerO => ("o-o", "o-o-o"),
        };
        let marks = Marks {
            letters: Marks::letters_of(&self.language),
            capture: self.capture.map(CaptureMark::char),
            castles: (short, long),
            promotion: match self.promotion {
                PromotionStyle::Attached => ("", ""),
                PromotionStyle::Equals => ("=", ""),
                PromotionStyle::Slash => ("/", ""),
                PromotionStyle::Parenthesized => ("(", ")"),
            },
        };
        let _ = san.san.render(&mut out, &marks);
        if mv.is_en_passant() && matches!(san.san, San::Normal { .. }) {
            out.push_str(match self.en_passant {
                EnPassantStyle::None => "",
                EnPassantStyle::Spaced => " a.p.",
                EnPassantStyle::Attached => "a.p.",
                EnPassantStyle::English => " e.p.",
            });
        }
        out.push_str(match (san.suffix, self.check) {
            (None, _) | (_, CheckStyle::None) => "",
            (Some(Suffix::Check), _) => "+",
            (Some(Suffix::Checkmate), CheckStyle::Standard) => "#",
            (Some(Suffix::Checkmate), CheckStyle::DoublePlus) => "++",
        });
        out
    }

    /// Writes the moves `moves`, played from `start`, as a scoresheet's movetext in this style,
    /// ending with a newline. Moves must be legal in turn.
    ///
    /// ```
    /// use planilla::write::{MoveLayout, Style};
    /// use planilla::Position;
    /// let mut pos = Position::startpos();
    /// let mut moves = Vec::new();
    /// for _ in 0..3 {
    ///     let m = pos.legal_moves()[0];
    ///     pos.play_unchecked(m);
    ///     moves.push(m);
    /// }
    /// let columns = Style { layout: MoveLayout::Columns, ..Style::APPENDIX_C };
    /// assert_eq!(columns.write_moves(Position::startpos(), &moves).lines().count(), 2);
    /// ```
    pub fn write_moves(&self, start: Position, moves: &[Move]) -> String {
        let mut pos = start;
        let mut out = String::new();
        for (i, &mv) in moves.iter().enumerate() {
            let text = self.write_move(&pos, mv);
            let number = pos.fullmove_number();
            let white = pos.turn() == Color::White;
            match (self.layout, white) {
                (MoveLayout::Inline, true) => {
                    let _ = write!(out, "{}{number}. {text}", if i > 0 { " " } else { "" });
                }
                (MoveLayout::Compact, true) => {
                    let _ = write!(out, "{}{number}.{text}", if i > 0 { " " } else { "" });
                }
                (MoveLayout::Columns, true) => {
                    let _ = write!(out, "{number}\t{text}");
                }
                (MoveLayout::Inline | MoveLayout::Compact, false) if i == 0 => {
                    let _ = write!(out, "{number}... {text}");
                }
                (MoveLayout::Inline | MoveLayout::Compact, false) => {
                    let _ = write!(out, " {text}");
                }
                (MoveLayout::Columns, false) if i == 0 => {
                    let _ = writeln!(out, "{number}...\t{text}");
                }
                (MoveLayout::Columns, false) => {
                    let _ = writeln!(out, "\t{text}");
                }
            }
            pos.play_unchecked(mv);
        }
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }
}
