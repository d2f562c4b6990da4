//! Whole scoresheets: headers, move numbers, columns, draw offers and results.

use core::fmt::Write as _;
use core::ops::Range;

use proptest::prelude::*;

use super::moves::{MoveStyle, move_style};
use super::playout::{Playout, playout};
use crate::position::Position;
use crate::scoresheet::Outcome;
use crate::types::Color;

/// How move numbers are written before White's moves.
///
/// ```
/// use planilla::strategy::{Numbering, Playout, Rng, Sheet, SheetStyle};
/// use planilla::Position;
/// let game = Playout::random(Position::startpos(), &mut Rng::new(3), 3);
/// let write = |numbering| {
///     Sheet::write(game.clone(), &SheetStyle { numbering, ..SheetStyle::APPENDIX_C }).text
/// };
/// assert_eq!(write(Numbering::Dot), "1. c4 g6 2. g4 *\n");
/// assert_eq!(write(Numbering::Bare), "1 c4 g6 2 g4 *\n");
/// assert_eq!(write(Numbering::GluedToPrevious), "1. c4 g62. g4 *\n");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// `1. e4` (PGN).
    Dot,
    /// `1.e4`.
    Glued,
    /// `1 .e4`.
    SpacedDot,
    /// `1.-e4`.
    DotDash,
    /// `1 e4`, no period (the 2018 shorthand's `9 Cbd2`).
    Bare,
    /// Glued to the end of Black's previous move, as in the Appendix C sample `Ae79. Cbd2`,
    /// where that move ends with its square; `1. e4` elsewhere.
    GluedToPrevious,
}

impl Numbering {
    /// The six forms.
    pub const ALL: [Numbering; 6] = [
        Numbering::Dot,
        Numbering::Glued,
        Numbering::SpacedDot,
        Numbering::DotDash,
        Numbering::Bare,
        Numbering::GluedToPrevious,
    ];
}

/// The header values of a sheet.
///
/// ```
/// use planilla::strategy::{HeaderStyle, Headers, Playout, Rng, Sheet, SheetStyle};
/// use planilla::{check_text, CheckOptions, Position};
/// let h = Headers { event: "Liga Escolar".into(), site: "Bogotá".into(), date: (5, 3, 2024),
///     round: 2, white: "Ana Pérez".into(), black: "Luis Gómez".into(), synonyms: true };
/// let style = SheetStyle { headers: HeaderStyle::Spanish(h), ..SheetStyle::APPENDIX_C };
/// let sheet = Sheet::write(Playout::random(Position::startpos(), &mut Rng::new(3), 2), &style);
/// assert!(sheet.text.starts_with("Evento: Liga Escolar\nSede: Bogotá\nFecha: 5/3/2024\n"));
/// assert_eq!(sheet.tags[2], ("Date".into(), "2024.03.05".into()));
/// let report = check_text(&sheet.text, &CheckOptions::default()).next().unwrap();
/// assert_eq!(report.tags, sheet.tags);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Headers {
    /// The event (`Torneo:` / `Evento:`; PGN `Event`).
    pub event: String,
    /// The site (`Lugar:` / `Sede:`; `Site`).
    pub site: String,
    /// Day, month and year of the date, written `d/m/aaaa` on a Spanish sheet and `aaaa.mm.dd`
    /// in PGN.
    pub date: (u32, u32, u32),
    /// The round (`Ronda:`; `Round`).
    pub round: u32,
    /// White's name (`Blancas:` / `Blanco:`; `White`).
    pub white: String,
    /// Black's name (`Negras:` / `Negro:`; `Black`).
    pub black: String,
    /// `true` for the second Spanish word of each field: `Evento`, `Sede`, `Blanco`, `Negro`.
    pub synonyms: bool,
}

/// How the headers are written.
///
/// ```
/// use planilla::strategy::{HeaderStyle, Headers, Playout, Rng, Sheet, SheetStyle};
/// use planilla::Position;
/// let h = Headers { event: "Liga Escolar".into(), site: "Bogotá".into(), date: (5, 3, 2024),
///     round: 2, white: "Ana Pérez".into(), black: "Luis Gómez".into(), synonyms: false };
/// let game = Playout::random(Position::startpos(), &mut Rng::new(3), 2);
/// let write = |headers| {
///     Sheet::write(game.clone(), &SheetStyle { headers, ..SheetStyle::APPENDIX_C }).text
/// };
/// assert!(write(HeaderStyle::Spanish(h.clone())).starts_with("Torneo: Liga Escolar\n"));
/// assert!(write(HeaderStyle::Pgn(h)).starts_with("[Event \"Liga Escolar\"]\n"));
/// assert_eq!(write(HeaderStyle::None), "1. c4 g6 *\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeaderStyle {
    /// No headers: movetext only.
    None,
    /// Spanish header lines, `Blancas: Ana Pérez`.
    Spanish(Headers),
    /// PGN tag pairs, `[White "Ana Pérez"]`.
    Pgn(Headers),
}

/// How the result is written at the end of the movetext.
///
/// ```
/// use planilla::strategy::{Playout, ResultStyle, Rng, Sheet, SheetStyle};
/// use planilla::{Outcome, Position};
/// let game = Playout::random(Position::startpos(), &mut Rng::new(3), 2);
/// let write = |result| {
///     let style = SheetStyle { result, outcome: Outcome::Draw, ..SheetStyle::APPENDIX_C };
///     Sheet::write(game.clone(), &style).text
/// };
/// assert_eq!(write(ResultStyle::Symbol), "1. c4 g6 1/2-1/2\n");
/// assert_eq!(write(ResultStyle::Half), "1. c4 g6 ½-½\n");
/// assert_eq!(write(ResultStyle::Words), "1. c4 g6 empate\n");
/// assert_eq!(write(ResultStyle::None), "1. c4 g6\n");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ResultStyle {
    /// No result in the movetext.
    None,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Symbol,
    /// As `Symbol`, with `½-½` for a draw.
    Half,
    /// Spanish words: `tablas`, `ganan las blancas`, `abandonan las negras`, `abandonan`
    /// (the side to move resigns)…; `*` for an unknown result.
    Words,
}

impl ResultStyle {
    /// The four styles, the symbols first.
    pub const ALL: [ResultStyle; 4] = [
        ResultStyle::Symbol,
        ResultStyle::None,
        ResultStyle::Half,
        ResultStyle::Words,
    ];
}

/// A way of writing a game on a scoresheet, and what is written besides the moves.
///
/// ```
/// use planilla::strategy::{Playout, Rng, Sheet, SheetStyle};
/// use planilla::{check_text, CheckOptions, Position};
/// let style = SheetStyle { columns: true, draw_offers: vec![3], ..SheetStyle::APPENDIX_C };
/// let game = Playout::random(Position::startpos(), &mut Rng::new(3), 4);
/// let sheet = Sheet::write(game, &style);
/// assert_eq!(sheet.text, "1.\tc4\tg6\n2.\tg4 (=)\ta6\n*\n");
/// let report = check_text(&sheet.text, &CheckOptions::default()).next().unwrap();
/// assert!(report.is_valid());
/// assert_eq!(report.draw_offers, sheet.draw_offers);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SheetStyle {
    /// How each move is written.
    pub moves: MoveStyle,
    /// The headers.
    pub headers: HeaderStyle,
    /// Move numbers.
    pub numbering: Numbering,
    /// `true` for two columns, one move pair a line (`1\te4\te5`); `false` for running text.
    pub columns: bool,
    /// The result in the movetext.
    pub result: ResultStyle,
    /// `true` to write the result as a header too (`Resultado:` or `[Result …]`), when there
    /// are headers.
    pub result_header: bool,
    /// The result of a game that did not end on the board (a checkmate or stalemate decides
    /// the result whatever this says).
    pub outcome: Outcome,
    /// The plies (from 1) after which a draw offer `(=)` is written (E13; C.12); plies past
    /// the end of the game are left out.
    pub draw_offers: Vec<u32>,
    /// `true` to glue the draw offer to the move (`Rb1(=)`), `false` for `Rb1 (=)`.
    pub draw_offer_attached: bool,
}

impl SheetStyle {
    /// Running text in the Appendix C style, `1. e4 e5`, no headers, no draw offer, the
    /// result in symbols.
    pub const APPENDIX_C: SheetStyle = SheetStyle {
        moves: MoveStyle::APPENDIX_C,
        headers: HeaderStyle::None,
        numbering: Numbering::Dot,
        columns: false,
        result: ResultStyle::Symbol,
        result_header: false,
        outcome: Outcome::Unknown,
        draw_offers: Vec::new(),
        draw_offer_attached: false,
    };
}

/// A scoresheet and what it must check to: one game, valid.
///
/// ```
/// use planilla::strategy::{Playout, Rng, Sheet, SheetStyle};
/// use planilla::check::{check_text, CheckOptions};
/// use planilla::Position;
/// let game = Playout::random(Position::startpos(), &mut Rng::new(3), 30);
/// let sheet = Sheet::write(game, &SheetStyle::APPENDIX_C);
/// assert!(sheet.text.starts_with("1. "));
/// let report = check_text(&sheet.text, &CheckOptions::default()).next().unwrap();
/// assert!(report.is_valid());
/// assert_eq!(report.moves.len(), sheet.sans.len());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The sheet's text.
    pub text: String,
    /// The game written.
    pub playout: Playout,
    /// The SAN of each ply, check and mate suffixes included
    /// ([`PlyRecord::san`](crate::check::PlyRecord::san)).
    pub sans: Vec<String>,
    /// Where each ply's move is written in `text` (byte offsets; a draw offer glued to it
    /// left out).
    pub move_spans: Vec<Range<usize>>,
    /// The headers as PGN tags, in order ([`GameReport::tags`](crate::check::GameReport)):
    /// `SetUp` and `FEN` first when the game does not start from the initial position.
    pub tags: Vec<(String, String)>,
    /// The plies after which a draw offer is written, in order.
    pub draw_offers: Vec<u32>,
    /// The result recorded (`1-0`, `0-1`, `1/2-1/2`); `None` when none is written or it is `*`
    /// ([`GameReport::recorded_result`](crate::check::GameReport)).
    pub result: Option<Outcome>,
    /// The style it is written in.
    pub style: SheetStyle,
}

impl Sheet {
    /// Writes `game` on a sheet in `style`. A game that does not start from the initial
    /// position gets `SetUp` and `FEN` tags, and its numbering starts at the position's move
    /// number (`12... Cf6` when Black moves first).
    pub fn write(game: Playout, style: &SheetStyle) -> Sheet {
        let mut w = Writer::default();
        if game.start != Position::startpos() {
            w.tag(None, "SetUp", "1");
            w.tag(None, "FEN", &game.start.to_fen());
        }
        let headers = w.headers(&style.headers);
        let end = game.end();
        let outcome = if end.is_checkmate() {
            end.turn().fold_wb(Outcome::BlackWins, Outcome::WhiteWins)
        } else if end.is_stalemate() || game.drawn_by_itself() {
            // The game ended drawn by itself (5.2): no other result can stand.
            Outcome::Draw
        } else {
            style.outcome
        };
        let pgn = outcome.pgn().unwrap_or("*");
        if let (Some((_, spanish)), true) = (headers, style.result_header) {
            w.tag(spanish.then_some("Resultado"), "Result", pgn);
        }
        if !w.text.is_empty() {
            w.text.push('\n');
        }
        let draw_offers: Vec<u32> = (1..=game.moves.len() as u32)
            .filter(|p| style.draw_offers.contains(p))
            .collect();
        let mut move_spans = Vec::with_capacity(game.moves.len());
        let mut previous_glueable = false;
        for (i, (pos, &mv)) in game.positions().zip(&game.moves).enumerate() {
            let ply = i as u32 + 1;
            let text = style.moves.write(&pos, mv).text;
            let number = pos.fullmove_number();
            let white = pos.turn() == Color::White;
            let out = &mut w.text;
            write_number(out, style, number, white, i, previous_glueable);
            move_spans.push(out.len()..out.len() + text.len());
            out.push_str(&text);
            let offer = draw_offers.contains(&ply);
            if offer {
                out.push_str(if style.draw_offer_attached {
                    "(=)"
                } else {
                    " (=)"
                });
            }
            previous_glueable = !offer
                && text.ends_with(|c: char| ('1'..='8').contains(&c))
                && !text.starts_with(['0', 'O', 'o']);
            if style.columns && !white {
                out.push('\n');
            } else if !style.columns && !white && number % 6 == 0 {
                // Running text breaks its lines every six move pairs.
                out.push('\n');
                previous_glueable = false;
            }
        }
        let result_text = result_words(style.result, outcome, game.moves.len(), end.turn());
        let text = &mut w.text;
        if let Some(r) = result_text {
            if !(text.is_empty() || text.ends_with('\n')) {
                text.push(if style.columns { '\n' } else { ' ' });
            }
            text.push_str(r);
        } else if game.moves.is_empty() && text.is_empty() {
            // A sheet with nothing written is no game: write the unknown result.
            text.push('*');
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let recorded = (style.result != ResultStyle::None
            || (headers.is_some() && style.result_header))
            .then_some(outcome)
            .filter(|o| *o != Outcome::Unknown);
        Sheet {
            sans: game.sans(),
            playout: game,
            text: w.text,
            move_spans,
            tags: w.tags,
            draw_offers,
            result: recorded,
            style: style.clone(),
        }
    }
}

/// Writes the move number (or the column's tab) that comes before a move: `12. `, `12...\t`.
fn write_number(
    out: &mut String,
    style: &SheetStyle,
    number: u32,
    white: bool,
    i: usize,
    previous_glueable: bool,
) {
    match (style.columns, white, i) {
        (true, true, _) => {
            let dot = if style.numbering == Numbering::Bare {
                ""
            } else {
                "."
            };
            let _ = write!(out, "{number}{dot}\t");
        }
        (true, false, 0) => {
            let _ = write!(out, "{number}...\t");
        }
        (true, false, _) => out.push('\t'),
        (false, true, _) => {
            if i > 0
                && !out.ends_with('\n')
                && !(style.numbering == Numbering::GluedToPrevious && previous_glueable)
            {
                out.push(' ');
            }
            let _ = match style.numbering {
                Numbering::Dot => write!(out, "{number}. "),
                Numbering::Glued => write!(out, "{number}."),
                Numbering::SpacedDot => write!(out, "{number} ."),
                Numbering::DotDash => write!(out, "{number}.-"),
                Numbering::Bare => write!(out, "{number} "),
                Numbering::GluedToPrevious => write!(out, "{number}. "),
            };
        }
        (false, false, 0) => {
            let _ = write!(out, "{number}... ");
        }
        (false, false, _) => out.push(' '),
    }
}

/// The result written after the moves, in `style`: `1-0`, `½-½`, Spanish words (`abandonan las
/// negras`, chosen by the game's length `plies` and the side to move at its end), or none.
fn result_words(
    style: ResultStyle,
    outcome: Outcome,
    plies: usize,
    to_move: Color,
) -> Option<&'static str> {
    match (style, outcome) {
        (ResultStyle::None, _) => None,
        (ResultStyle::Half, Outcome::Draw) => Some("½-½"),
        (ResultStyle::Words, Outcome::Draw) => {
            Some(["tablas", "tablas por acuerdo", "empate"][plies % 3])
        }
        (ResultStyle::Words, Outcome::WhiteWins | Outcome::BlackWins) => {
            let white_wins = outcome == Outcome::WhiteWins;
            let loser_to_move =
                to_move == Color::White && !white_wins || to_move == Color::Black && white_wins;
            Some(match (plies % 3, white_wins) {
                (0, _) if loser_to_move => "abandonan",
                (0 | 1, true) => "ganan las blancas",
                (0 | 1, false) => "ganan las negras",
                (_, true) => "abandonan las negras",
                (_, false) => "abandonan las blancas",
            })
        }
        (_, o) => Some(o.pgn().unwrap_or("*")),
    }
}

/// Builds a sheet's header block and its expected tags.
#[derive(Default)]
struct Writer {
    text: String,
    tags: Vec<(String, String)>,
}

impl Writer {
    /// Writes the header block of `style` (without the result, which comes after the game is
    /// known); returns the headers and whether they are Spanish lines, or `None` for none.
    fn headers<'h>(&mut self, style: &'h HeaderStyle) -> Option<(&'h Headers, bool)> {
        let (h, spanish) = match style {
            HeaderStyle::None => return None,
            HeaderStyle::Spanish(h) => (h, true),
            HeaderStyle::Pgn(h) => (h, false),
        };
        let (d, m, y) = h.date;
        let words =
            |a: &'static str, b: &'static str| spanish.then_some(if h.synonyms { b } else { a });
        self.tag(words("Torneo", "Evento"), "Event", &h.event);
        self.tag(words("Lugar", "Sede"), "Site", &h.site);
        if spanish {
            self.header_line("Fecha", &format!("{d}/{m}/{y}"));
            self.tags
                .push(("Date".into(), format!("{y}.{m:02}.{d:02}")));
        } else {
            self.tag(None, "Date", &format!("{y}.{m:02}.{d:02}"));
        }
        self.tag(words("Ronda", "Ronda"), "Round", &h.round.to_string());
        self.tag(words("Blancas", "Blanco"), "White", &h.white);
        self.tag(words("Negras", "Negro"), "Black", &h.black);
        Some((h, spanish))
    }

    /// A Spanish line `word: value` (when `word` is given) or a PGN tag pair, for tag `name`.
    fn tag(&mut self, word: Option<&str>, name: &str, value: &str) {
        match word {
            Some(word) => self.header_line(word, value),
            None => {
                let _ = writeln!(self.text, "[{name} \"{value}\"]");
            }
        }
        self.tags.push((name.to_owned(), value.to_owned()));
    }

    fn header_line(&mut self, word: &str, value: &str) {
        let _ = writeln!(self.text, "{word}: {value}");
    }
}

const NAMES: [&str; 6] = [
    "Ana Pérez",
    "Luis Gómez",
    "María José Núñez",
    "Iñaki Ibáñez",
    "Sofía Rodríguez",
    "Martín Fernández",
];
const EVENTS: [&str; 4] = [
    "Torneo Abierto de Verano",
    "Campeonato Juvenil",
    "Liga Escolar",
    "Memorial Capablanca",
];
const SITES: [&str; 4] = ["Madrid", "Bogotá", "San José", "Mar del Plata"];

/// Header values: names, events and places with Spanish accents, dates from 1990 to 2029.
fn headers() -> impl Strategy<Value = Headers> {
    let pick = |table: &'static [&'static str]| prop::sample::select(table).prop_map(str::to_owned);
    (
        pick(&EVENTS),
        pick(&SITES),
        (1u32..=28, 1u32..=12, 1990u32..2030),
        1u32..12,
        pick(&NAMES),
        pick(&NAMES),
        any::<bool>(),
    )
        .prop_map(
            |(event, site, date, round, white, black, synonyms)| Headers {
                event,
                site,
                date,
                round,
                white,
                black,
                synonyms,
            },
        )
}

/// Sheet styles: each choice of [`SheetStyle`] drawn independently, the Appendix C choice
/// first, with a few draw offers among the first 120 plies.
///
/// ```
/// use planilla::strategy::{sheet_style, Playout, Rng, Sheet};
/// use planilla::check::{check_text, CheckOptions};
/// use planilla::Position;
/// use proptest::prelude::*;
/// let game = Playout::random(Position::startpos(), &mut Rng::new(11), 60);
/// proptest!(|(style in sheet_style())| {
///     let sheet = Sheet::write(game.clone(), &style);
///     let report = check_text(&sheet.text, &CheckOptions::default()).next().unwrap();
///     prop_assert_eq!(report.draw_offers, sheet.draw_offers);
///     prop_assert_eq!(report.recorded_result, sheet.result);
/// });
/// ```
pub fn sheet_style() -> impl Strategy<Value = SheetStyle> {
    let header_style = prop_oneof![
        2 => Just(HeaderStyle::None),
        2 => headers().prop_map(HeaderStyle::Spanish),
        1 => headers().prop_map(HeaderStyle::Pgn),
    ];
    let numbering = prop::sample::select(&Numbering::ALL[..]);
    let result = prop::sample::select(&ResultStyle::ALL[..]);
    let outcome = prop::sample::select(
        &[
            Outcome::Unknown,
            Outcome::WhiteWins,
            Outcome::BlackWins,
            Outcome::Draw,
        ][..],
    );
    (
        move_style(),
        header_style,
        numbering,
        prop::bool::weighted(0.25),
        result,
        any::<bool>(),
        outcome,
        prop::collection::vec(1u32..120, 0..3),
        any::<bool>(),
    )
        .prop_map(
            |(
                moves,
                headers,
                numbering,
                columns,
                result,
                result_header,
                outcome,
                draw_offers,
                attached,
            )| SheetStyle {
                moves,
                headers,
                numbering,
                columns,
                result,
                result_header,
                outcome,
                draw_offers,
                draw_offer_attached: attached,
            },
        )
}

/// Whole scoresheets of one valid game of `length` plies: a [`playout`] written in a
/// [`sheet_style`]; give lengths from 1, since a sheet with no move is no valid game (Art. 8.1,
/// `no-moves`). Checked, each gives one valid report whose plies have the SAN of
/// [`Sheet::sans`], with the sheet's tags, draw offers and result.
///
/// ```
/// use planilla::strategy::scoresheet;
/// use planilla::check::{check_text, CheckOptions};
/// use proptest::prelude::*;
/// proptest!(|(sheet in scoresheet(1usize..40))| {
///     let reports: Vec<_> = check_text(&sheet.text, &CheckOptions::default()).collect();
///     prop_assert_eq!(reports.len(), 1);
///     prop_assert!(reports[0].is_valid(), "{}", sheet.text);
///     prop_assert_eq!(&reports[0].tags, &sheet.tags);
/// });
/// ```
pub fn scoresheet(length: impl Strategy<Value = usize>) -> impl Strategy<Value = Sheet> {
    (playout(length), sheet_style()).prop_map(|(game, style)| Sheet::write(game, &style))
}
