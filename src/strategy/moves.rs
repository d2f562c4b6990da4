//! Legal moves written in Spanish, in every style the grammar reads.

use proptest::prelude::*;
use proptest::sample::Index;

use super::playout::Playout;
use crate::notation::{
    Annotation, AnnotationKind, BLACK_FIGURINES, Body, CaptureMark, CaseMode, Castle,
    CastlingGlyph, CastlingStyle, EnPassant, EnPassantMark, Language, Normal, Notation,
    NotationParts, Parser, PieceLetter, Promotion, PromotionStyle, Separator, SeparatorKind, Span,
    SuffixKind, SuffixMark, Target, WHITE_FIGURINES,
};
use crate::position::{Move, Position};
use crate::san::{San, SanPlus, Suffix as SanSuffix};
use crate::types::Role;
use crate::write::CheckStyle;

const NO: Span = Span::new(0, 0);

/// The piece symbols a move is written with.
///
/// ```
/// use planilla::strategy::Letters;
/// use planilla::Role;
/// assert_eq!(Letters::Spanish.symbol(Role::Knight), Some('C'));
/// assert_eq!(Letters::WhiteFigurines.symbol(Role::Queen), Some('♕'));
/// assert_eq!(Letters::BlackFigurines.symbol(Role::Rook), Some('♜'));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Letters {
    /// Spanish letters `R D T A C` (Appendix E2; C.2).
    Spanish,
    /// White figurines `♔ ♕ ♖ ♗ ♘` (E3, "in print").
    WhiteFigurines,
    /// Black figurines `♚ ♛ ♜ ♝ ♞`, which some typesetting uses for both sides.
    BlackFigurines,
}

impl Letters {
    /// The three letter sets.
    pub const ALL: [Letters; 3] = [
        Letters::Spanish,
        Letters::WhiteFigurines,
        Letters::BlackFigurines,
    ];

    /// The symbol of `role` (`P` for a pawn in Spanish letters; always `Some`).
    pub fn symbol(self, role: Role) -> Option<char> {
        match self {
            Letters::Spanish => Language::SPANISH.letter(role),
            Letters::WhiteFigurines => Some(WHITE_FIGURINES[role.index()]),
            Letters::BlackFigurines => Some(BLACK_FIGURINES[role.index()]),
        }
    }
}

/// How the origin of a move is written.
///
/// ```
/// use planilla::strategy::{MoveStyle, Origin};
/// use planilla::{Position, Role, Square};
/// let pos = Position::startpos();
/// let knight = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// let write = |origin| MoveStyle { origin, ..MoveStyle::APPENDIX_C }.write(&pos, knight).text;
/// assert_eq!(write(Origin::Minimal), "Cf3");
/// assert_eq!(write(Origin::Square), "Cg1f3");
/// assert_eq!(write(Origin::Long), "Cg1-f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// As SAN: the origin file or rank only where two pieces could go (E10, E11; C.10), and
    /// a pawn's file when it captures.
    Minimal,
    /// The whole origin square of every piece and pawn move (`Cg1f3`, `e2e4`): superfluous
    /// disambiguation, a warning, never an error.
    Square,
    /// Long algebraic: the origin square and a dash, or the capture mark (`Cg1-f3`, `e4xd5`).
    Long,
}

impl Origin {
    /// The three ways.
    pub const ALL: [Origin; 3] = [Origin::Minimal, Origin::Square, Origin::Long];
}

/// A way of writing one move: every choice the grammar leaves to the writer.
///
/// ```
/// use planilla::notation::{CaptureMark, CastlingGlyph};
/// use planilla::strategy::{Letters, MoveStyle};
/// use planilla::{Position, Role, Square};
/// let pos = Position::startpos();
/// let knight = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// assert_eq!(MoveStyle::APPENDIX_C.write(&pos, knight).text, "Cf3");
/// let typeset = MoveStyle { letters: Letters::BlackFigurines, ..MoveStyle::APPENDIX_C };
/// assert_eq!(typeset.write(&pos, knight).text, "♞f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveStyle {
    /// The piece symbols.
    pub letters: Letters,
    /// The capture mark (`x`, `:`, `×`), or `None` to write none (C.13's shorthand).
    pub capture: Option<CaptureMark>,
    /// How much of the origin is written.
    pub origin: Origin,
    /// The castling sign: glyph (`0`, `O`, `o`) and dashes (`0-0` or `00`).
    pub castling: CastlingStyle,
    /// How a promotion is written: `d8D`, `d8=D`, `d8/D` or `d8(D)`.
    pub promotion: PromotionStyle,
    /// The en passant mark (`a.p.`, `a.p`, `ap`, `e.p.`, `e.p`, `ep`), or `None` for none.
    pub en_passant: Option<EnPassantMark>,
    /// `true` to glue the en passant mark to the move (`exd6a.p.`), `false` for a space.
    pub en_passant_attached: bool,
    /// The check and mate marks: `+`/`#`, `+`/`++`, or none.
    pub checks: CheckStyle,
    /// A move assessment glyph written after the move (`!`, `?!`…), if any.
    pub annotation: Option<AnnotationKind>,
}

impl MoveStyle {
    /// The canonical form of Appendix C: Spanish letters, `x`, minimal disambiguation, `0-0`,
    /// `d8D`, ` a.p.`, `+` and `#`, no glyphs.
    pub const APPENDIX_C: MoveStyle = MoveStyle {
        letters: Letters::Spanish,
        capture: Some(CaptureMark::X),
        origin: Origin::Minimal,
        castling: CastlingStyle::CANONICAL,
        promotion: PromotionStyle::Attached,
        en_passant: Some(EnPassantMark::APDotted),
        en_passant_attached: false,
        checks: CheckStyle::Standard,
        annotation: None,
    };

    /// The AST of the legal move `mv` of `pos` written in this style, spans all empty: what
    /// the parser reads from [`MoveStyle::write`]'s text, spans aside.
    pub fn notation(&self, pos: &Position, mv: Move) -> Notation {
        let body = match San::from_move(pos, mv) {
            San::Castle(side) => Body::Castle(Castle {
                side,
                style: self.castling,
                span: NO,
            }),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let (from_file, from_rank) = match self.origin {
                    Origin::Minimal => (file, rank),
                    Origin::Square | Origin::Long => {
                        (Some(mv.from().file()), Some(mv.from().rank()))
                    }
                };
                let separator = match (capture.then_some(self.capture).flatten(), self.origin) {
                    (Some(mark), _) => Some(SeparatorKind::Capture(mark)),
                    (None, Origin::Long) => Some(SeparatorKind::Dash),
                    (None, _) => None,
                };
                Body::Normal(Normal {
                    piece: (role != Role::Pawn).then(|| self.piece_letter(role)),
                    from_file,
                    from_rank,
                    from_span: NO,
                    separator: separator.map(|kind| Separator { kind, span: NO }),
                    target: Target::Square(to),
                    target_span: NO,
                    promotion: promotion.map(|role| Promotion {
                        role: Some(role),
                        letter: self.letters.symbol(role),
                        style: self.promotion,
                        span: NO,
                    }),
                })
            }
        };
        let suffix = match (SanPlus::from_move(pos, mv).suffix, self.checks) {
            (None, _) | (_, CheckStyle::None) => None,
            (Some(SanSuffix::Check), _) => Some(SuffixKind::Check),
            (Some(SanSuffix::Checkmate), CheckStyle::Standard) => Some(SuffixKind::Hash),
            (Some(SanSuffix::Checkmate), CheckStyle::DoublePlus) => Some(SuffixKind::DoublePlus),
        };
        Notation::pack_clamped(NotationParts {
            body,
            en_passant: self
                .en_passant
                .filter(|_| mv.is_en_passant())
                .map(|style| EnPassant { style, span: NO }),
            suffix: suffix.map(|kind| SuffixMark { kind, span: NO }),
            annotation: self.annotation.map(|kind| Annotation { kind, span: NO }),
            draw_offer: None,
            span: NO,
        })
    }

    /// The piece letter of `role` in this style.
    pub(crate) fn piece_letter(&self, role: Role) -> PieceLetter {
        PieceLetter {
            role,
            letter: self.letters.symbol(role).unwrap_or('P'),
            span: NO,
        }
    }

    /// Writes a notation in this style's symbols; the capture mark, castling, promotion and
    /// en passant forms are the notation's own.
    pub fn render(&self, notation: &Notation) -> String {
        let language = match self.letters {
            Letters::Spanish => Language::SPANISH,
            Letters::WhiteFigurines | Letters::BlackFigurines => Language::FIGURINE,
        };
        let mut text = notation.written(language).to_string();
        if self.letters == Letters::BlackFigurines {
            text = text
                .chars()
                .map(|c| match WHITE_FIGURINES.iter().position(|&w| w == c) {
                    Some(i) => BLACK_FIGURINES[i],
                    None => c,
                })
                .collect();
        }
        if let Some(ep) = notation.en_passant().filter(|_| self.en_passant_attached) {
            text = text.replacen(&format!(" {}", ep.style.as_str()), ep.style.as_str(), 1);
        }
        text
    }

    /// Writes the legal move `mv` of `pos` in this style.
    pub fn write(&self, pos: &Position, mv: Move) -> WrittenMove {
        let notation = self.notation(pos, mv);
        WrittenMove {
            text: self.render(&notation),
            notation,
            mv,
            san: SanPlus::from_move(pos, mv).to_string(),
        }
    }
}

/// A legal move as written, with what it must read as.
///
/// ```
/// use planilla::strategy::{MoveStyle, WrittenMove};
/// use planilla::{Position, Role, Square};
/// let pos = Position::startpos();
/// let knight = pos.legal_moves_to(Role::Knight, Square::F3)[0];
/// let w: WrittenMove = MoveStyle::APPENDIX_C.write(&pos, knight);
/// assert_eq!((w.text.as_str(), w.san.as_str(), w.mv), ("Cf3", "Nf3", knight));
/// let read = WrittenMove::PARSER.parse_move(&w.text).unwrap();
/// assert_eq!(read.first().without_spans(), w.notation);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The text, e.g. `Cxf3+`, `exd6a.p.`, `♞g1-f3`, `e7e8(D)`, `o-o-o`.
    pub text: String,
    /// What the Spanish parser reads from `text` (strict case), spans aside.
    pub notation: Notation,
    /// The move it resolves to.
    pub mv: Move,
    /// Its standard SAN with check or mate suffix, e.g. `Nxf3+`.
    pub san: String,
}

impl WrittenMove {
    /// The parser that reads it: Spanish letters (figurines are read in every language),
    /// strict case.
    pub const PARSER: Parser = Parser::new(Language::SPANISH, CaseMode::Strict);
}

/// Move styles: each choice of [`MoveStyle`] drawn independently, the Appendix C choice
/// first, so that failures shrink toward the canonical form.
///
/// ```
/// use planilla::strategy::move_style;
/// use planilla::Position;
/// use proptest::prelude::*;
/// let pos = Position::startpos();
/// proptest!(|(style in move_style())| {
///     for mv in pos.legal_moves() {
///         let w = style.write(&pos, mv);
///         let read = planilla::strategy::WrittenMove::PARSER.parse_move(&w.text).unwrap();
///         prop_assert_eq!(read.first().without_spans(), w.notation);
///     }
/// });
/// ```
pub fn move_style() -> impl Strategy<Value = MoveStyle> {
    let letters = prop_oneof![
        6 => Just(Letters::Spanish),
        1 => Just(Letters::WhiteFigurines),
        1 => Just(Letters::BlackFigurines),
    ];
    let capture = prop_oneof![
        4 => Just(Some(CaptureMark::X)),
        2 => Just(None),
        1 => Just(Some(CaptureMark::Colon)),
        1 => Just(Some(CaptureMark::Cross)),
    ];
    let origin = prop_oneof![
        6 => Just(Origin::Minimal),
        1 => Just(Origin::Square),
        1 => Just(Origin::Long),
    ];
    let castling = (
        prop::sample::select(
            &[
                CastlingGlyph::Zero,
                CastlingGlyph::UpperO,
                CastlingGlyph::LowerO,
            ][..],
        ),
        prop::bool::weighted(0.8),
    )
        .prop_map(|(glyph, dashes)| CastlingStyle { glyph, dashes });
    let promotion = prop::sample::select(
        &[
            PromotionStyle::Attached,
            PromotionStyle::Equals,
            PromotionStyle::Slash,
            PromotionStyle::Parenthesized,
        ][..],
    );
    let en_passant = prop::option::weighted(0.7, prop::sample::select(&EnPassantMark::ALL[..]));
    let checks = prop::sample::select(
        &[
            CheckStyle::Standard,
            CheckStyle::DoublePlus,
            CheckStyle::None,
        ][..],
    );
    let annotation = prop::option::weighted(0.1, prop::sample::select(&AnnotationKind::ALL[..]));
    (
        letters,
        capture,
        origin,
        castling,
        promotion,
        en_passant,
        any::<bool>(),
        checks,
        annotation,
    )
        .prop_map(
            |(
                letters,
                capture,
                origin,
                castling,
                promotion,
                en_passant,
                attached,
                checks,
                annotation,
            )| {
                MoveStyle {
                    letters,
                    capture,
                    origin,
                    castling,
                    promotion,
                    en_passant,
                    en_passant_attached: attached,
                    checks,
                    annotation,
                }
            },
        )
}

/// Every legal move of `pos`, each written in its own [`move_style`], in the generator's order;
/// empty at checkmate and stalemate.
///
/// ```
/// use planilla::resolve::{resolve, Options};
/// use planilla::notation::Language;
/// use planilla::strategy::{written_moves, WrittenMove};
/// use planilla::Position;
/// use proptest::prelude::*;
/// let pos = Position::startpos();
/// proptest!(|(moves in written_moves(pos))| {
///     prop_assert_eq!(moves.len(), 20);
///     for w in &moves {
///         let readings = WrittenMove::PARSER.parse_move(&w.text).unwrap();
///         let r = resolve(&pos, &readings, &Language::SPANISH, Options::default());
///         prop_assert_eq!(r.mv(), Some(w.mv));
///     }
/// });
/// ```
pub fn written_moves(pos: Position) -> impl Strategy<Value = Vec<WrittenMove>> {
    let legal = pos.legal_moves();
    prop::collection::vec(move_style(), legal.len()).prop_map(move |styles| {
        legal
            .iter()
            .zip(styles)
            .map(|(&mv, style)| style.write(&pos, mv))
            .collect()
    })
}

/// A position reached by a [`playout`](fn@super::playout) of `length` plies (the position before
/// the last move when the game ended in checkmate or stalemate, so that it always has a legal
/// move), with one of its legal moves written in a [`move_style`].
///
/// ```
/// use planilla::notation::Language;
/// use planilla::resolve::{resolve, Options, Resolution};
/// use planilla::strategy::{game_length, written_move, WrittenMove};
/// use proptest::prelude::*;
/// proptest!(|((pos, w) in written_move(game_length()))| {
///     let readings = WrittenMove::PARSER.parse_move(&w.text).unwrap();
///     let Resolution::Resolved(r) = resolve(&pos, &readings, &Language::SPANISH, Options::default())
///     else { panic!("{} in {pos}", w.text) };
///     prop_assert_eq!(r.mv, w.mv);
/// });
/// ```
pub fn written_move(
    length: impl Strategy<Value = usize>,
) -> impl Strategy<Value = (Position, WrittenMove)> {
    (super::playout(length), any::<Index>(), move_style()).prop_map(|(game, index, style)| {
        let pos = last_with_moves(&game);
        let legal = pos.legal_moves();
        let mv = legal[index.index(legal.len())];
        (pos, style.write(&pos, mv))
    })
}

/// The last position of `game` that has a legal move.
fn last_with_moves(game: &Playout) -> Position {
    let positions: Vec<Position> = game.positions().collect();
    positions
        .iter()
        .rev()
        .find(|p| p.has_legal_moves())
        .copied()
        .unwrap_or(game.start)
}
