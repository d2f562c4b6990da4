//! Validating whole scoresheets, game by game, into [`GameReport`]s.
//!
//! Every move is resolved against the position ([`crate::resolve`]); move numbers are checked
//! (Art. 8.1); the end of the game is checked against the recorded result (Art. 5, 8.7). After
//! the first error a game cannot be trusted: its report stops there and says how much of the
//! game was left unread, and the next game goes on.
//!
//! ```
//! use planilla::check::{check_text, CheckOptions};
//! let text = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Axc6 dxc6 5.0-0 f6 6.d4 exd4 7.Cxd4 c5 8.Cb3 Dxd1 \
//!             9.Txd1 Ag4 10.f3 Ae6 11.Cc3 Ad6 1/2-1/2";
//! let report = check_text(text, &CheckOptions::default()).next().unwrap();
//! assert!(report.is_valid());
//! assert_eq!(report.moves.len(), 22);
//! assert_eq!(report.moves[8].san.to_string(), "O-O");
//! assert_eq!(report.moves[8].text, "0-0");
//!
//! // Long castling there instead: the king would cross d8, which the rook on d1 attacks.
//! let text = text.replace("Ad6", "0-0-0");
//! let report = check_text(&text, &CheckOptions::default()).next().unwrap();
//! assert_eq!(report.diagnostics[0].code(), "illegal-move");
//! assert_eq!(report.diagnostics[0].ply, Some(22));
//! ```

mod code;
mod diagnostic;
mod suggest;

pub use code::{DiagnosticCode, UnknownCode};
pub use diagnostic::{
    BoardEnd, Diagnostic, Finding, MessageLanguage, NamedMove, NumberProblem, Severity,
};
pub use suggest::{CONFUSIONS, suggested_moves, suggestions};

use crate::laws::draws::{DrawEvent, DrawTracker};
use crate::laws::winnability::{self, Budget, Effort};
use crate::laws::{Article, Rule};
use crate::notation::{CaseMode, Language, ParseError, Parser, Span};
use crate::position::Position;
use crate::resolve::{Edition, Options, Resolution, resolve};
use crate::san::{SanPlus, Suffix};
use crate::scoresheet::{Game, Games, Outcome, SevenTagRoster, Token, read_games};
use crate::types::Color;

/// What to check a scoresheet with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The piece letters of the sheet (E3; C.3). Default Spanish.
    pub language: Language,
    /// How to read letter case, and whether to guess: [`CaseMode::Strict`] (the default)
    /// reads the text as written; [`CaseMode::Lenient`] also reads both letter cases and
    /// makes the named guesses of [`Options::lenient`], only when exactly one is legal.
    pub case: CaseMode,
    /// The rules edition. Default 2023.
    pub edition: Edition,
    /// The position the games start from, when not the initial one (a `FEN` tag overrides
    /// it for its game).
    pub start: Option<Position>,
    /// How hard to look for a dead position (Art. 9.6 (2005); 5.2.2 (2018, 2023)). Every
    /// position after a capture gets the material check. From [`Effort::Fast`] (the default)
    /// on, the last position of each game also goes to chasolver, and if it is dead, the
    /// first dead position of the game is found by walking back: deadness never goes away.
    pub dead_positions: Effort,
    /// The language of messages: Spanish (the default) or English, whose messages name moves
    /// in SAN.
    pub messages: MessageLanguage,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            language: Language::SPANISH,
            case: CaseMode::Strict,
            edition: Edition::default(),
            start: None,
            dead_positions: Effort::Fast,
            messages: MessageLanguage::Spanish,
        }
    }
}

impl CheckOptions {
    /// The move parser these options call for: the sheet's letters and case mode.
    ///
    /// ```
    /// use planilla::check::CheckOptions;
    /// use planilla::notation::CaseMode;
    /// let options = CheckOptions { case: CaseMode::Lenient, ..CheckOptions::default() };
    /// // Lenient: `cd4` is read both as a c-pawn capture and as a knight move.
    /// assert_eq!(options.parser().parse_move("cd4").unwrap().len(), 2);
    /// ```
    #[must_use]
    pub fn parser(&self) -> Parser {
        Parser::new(self.language, self.case)
    }

    /// The resolver's options these options call for: the edition, and lenient guesses when
    /// the case mode is [`CaseMode::Lenient`].
    #[must_use]
    pub fn resolve_options(&self) -> Options {
        Options {
            edition: self.edition,
            lenient: self.case == CaseMode::Lenient,
        }
    }
}

/// One ply as recorded and as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    /// The ply, from 1.
    pub ply: u32,
    /// The move number (Art. 8.1).
    pub number: u32,
    /// Who moved.
    pub color: Color,
    /// The text written, as in the input.
    pub text: String,
    /// Where, as byte offsets into the input.
    pub span: Span,
    /// Standard SAN (PGN §8.2.3), with its check or mate suffix: `to_string()` writes it
    /// (`exd8=Q#`). UCI: [`PlyRecord::uci`].
    pub san: SanPlus,
    /// The position after the move (its FEN: [`PlyRecord::fen`]).
    pub after: Position,
    /// The move.
    pub mv: crate::position::Move,
}

impl PlyRecord {
    /// The FEN after the move.
    pub fn fen(&self) -> String {
        self.after.to_fen()
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
    pub fn uci(&self) -> String {
        self.mv.to_uci()
    }
}

/// The check of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's index in the input, from 0.
    pub index: usize,
    /// The headers as PGN tags, in order (Spanish header lines mapped to their tags).
    pub tags: Vec<(String, String)>,
    /// The Seven Tag Roster.
    pub roster: SevenTagRoster,
    /// The FEN the game starts from, when not the initial position.
    pub start_fen: Option<String>,
    /// The plies resolved, in order.
    pub moves: Vec<PlyRecord>,
    /// The plies after which a draw offer `(=)` was recorded (E13; C.12).
    pub draw_offers: Vec<u32>,
    /// The result recorded (movetext, else the `Result` header), in PGN form.
    pub recorded_result: Option<String>,
    /// The result the board imposes, when the game ended by checkmate or stalemate.
    pub board_result: Option<String>,
    /// Every diagnostic, in the order of the text.
    pub diagnostics: Vec<Diagnostic>,
    /// When reading stopped at an error: the byte offset from which the game was left unread.
    pub unread_from: Option<u32>,
    /// When reading stopped at an error: how many moves were left unread, the move at the
    /// error included (a move that could not be read counts).
    pub unread_moves: usize,
    /// The termination written after the last move or the result (`abandono`, `(tiempo)`).
    pub termination: Option<crate::scoresheet::Termination>,
    /// The letters and notation the game was read in: the options' letters, in descriptive
    /// notation when
    /// [`NotationKind::Auto`](crate::notation::descriptive::NotationKind::Auto) found the game written so.
    pub language: Language,
}

impl GameReport {
    /// `true` when no diagnostic is an error.
    pub fn is_valid(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
    }

    /// The result to write in PGN: the board's, else the recorded one, else `*`; `*` too when
    /// reading stopped at an error, since the game as written is incomplete.
    pub fn result(&self) -> &str {
        if self.unread_from.is_some() && self.board_result.is_none() {
            return "*";
        }
        self.board_result
            .as_deref()
            .or(self.recorded_result.as_deref())
            .unwrap_or("*")
    }

    /// Moves every span (plies, diagnostics, the unread offset) `delta` bytes later: for a
    /// report made from a piece of a larger text, such as a
    /// [`Chunk`](crate::scoresheet::Chunk) of a stream.
    pub fn shift_spans(&mut self, delta: u32) {
        let shift = |s: Span| Span::new(s.start.saturating_add(delta), s.end.saturating_add(delta));
        for m in &mut self.moves {
            m.span = shift(m.span);
        }
        for d in &mut self.diagnostics {
            d.span = shift(d.span);
        }
        if let Some(u) = &mut self.unread_from {
            *u = u.saturating_add(delta);
        }
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Position {
        self.start_fen
            .as_deref()
            .and_then(|f| Position::from_fen(f).ok())
            .unwrap_or_default()
    }
}

/// Checks every game of a text, one at a time (streamed: only the current game is held).
#[must_use]
pub fn check_text<'a>(text: &'a str, options: &CheckOptions) -> Reports<'a> {
    Reports {
        games: crate::scoresheet::games(text, options.parser()),
        source: text,
        options: *options,
        index: 0,
    }
}

/// Checks every game of a file's bytes; invalid UTF-8 is reported as a syntax error at its
/// byte offset.
#[must_use]
pub fn check_bytes<'a>(input: &'a [u8], options: &CheckOptions) -> Reports<'a> {
    Reports {
        games: read_games(input, options.parser()),
        source: core::str::from_utf8(input).unwrap_or(""),
        options: *options,
        index: 0,
    }
}

/// The reports of a text's games: an `Iterator` of [`GameReport`].
#[derive(Clone, Debug)]
pub struct Reports<'a> {
    games: Games<'a>,
    source: &'a str,
    options: CheckOptions,
    index: usize,
}

impl Iterator for Reports<'_> {
    type Item = GameReport;
    fn next(&mut self) -> Option<GameReport> {
        let (game, error) = self.games.next_game()?;
        let report = check_game(&game, error, self.source, self.index, &self.options);
        self.index += 1;
        Some(report)
    }
}

/// Checks one game read by the scoresheet reader. `error` is the syntax error that stopped its
/// reading, if any (see [`Games::next_game`]); `source` is the text its spans point into.
#[must_use]
pub fn check_game(
    game: &Game<'_>,
    error: Option<ParseError>,
    source: &str,
    index: usize,
    options: &CheckOptions,
) -> GameReport {
    let mut w = Walker::new(game, source, index, options);
    w.walk(game);
    if let Some(e) = error
        && !w.stopped
    {
        w.syntax_error(e, game.unread_after_error);
    }
    w.finish(game)
}

struct Walker<'s> {
    source: &'s str,
    options: CheckOptions,
    pos: Position,
    report: GameReport,
    /// The number written before the current move, if any.
    pending_number: Option<(u32, Span)>,
    last_number: Option<u32>,
    ended: Option<BoardEnd>,
    stopped: bool,
    draws: DrawTracker,
    /// The game's notation once its first move is read (`true`: descriptive).
    notation: Option<bool>,
}

impl<'s> Walker<'s> {
    fn new(game: &Game<'_>, source: &'s str, index: usize, options: &CheckOptions) -> Walker<'s> {
        let mut diagnostics = Vec::new();
        let fen_tag = game.tag("FEN").map(str::to_owned);
        let pos = match fen_tag.as_deref().map(Position::from_fen) {
            Some(Ok(pos)) => pos,
            Some(Err(_)) => {
                let span = game
                    .tags
                    .iter()
                    .rfind(|t| t.name == "FEN")
                    .map_or(Span::default(), |t| t.span);
                diagnostics.push(Diagnostic {
                    finding: Finding::Syntax(ParseError::new(
                        crate::notation::ErrorKind::BadTag,
                        span,
                        None,
                        "a FEN of a reachable position",
                    )),
                    span,
                    ply: None,
                    move_number: None,
                    written: None,
                    rule: None,
                    candidates: Vec::new(),
                    suggestions: Vec::new(),
                });
                options.start.unwrap_or_default()
            }
            None => options.start.unwrap_or_default(),
        };
        let start_fen = (pos != Position::startpos()).then(|| pos.to_fen());
        let stopped = !diagnostics.is_empty();
        Walker {
            source,
            options: *options,
            pos,
            report: GameReport {
                index,
                tags: game
                    .tags
                    .iter()
                    .map(|t| (t.name.to_string(), t.value.to_string()))
                    .collect(),
                roster: game.roster(),
                start_fen,
                moves: Vec::new(),
                draw_offers: Vec::new(),
                recorded_result: game.tag("Result").filter(|r| *r != "*").map(str::to_owned),
                board_result: None,
                diagnostics,
                unread_from: None,
                unread_moves: 0,
                termination: None,
                language: options.language,
            },
            pending_number: None,
            last_number: None,
            ended: None,
            stopped,
            draws: DrawTracker::new(&pos, options.edition),
            notation: None,
        }
    }

    fn ply(&self) -> u32 {
        self.report.moves.len() as u32 + 1
    }

    fn text(&self, span: Span) -> String {
        self.source.get(span.range()).unwrap_or_default().to_owned()
    }

    fn diagnostic(&self, finding: Finding, span: Span) -> Diagnostic {
        Diagnostic {
            finding,
            span,
            ply: Some(self.ply()),
            move_number: Some((self.pos.fullmove_number(), self.pos.turn())),
            written: None,
            rule: None,
            candidates: Vec::new(),
            suggestions: Vec::new(),
        }
    }

    fn walk(&mut self, game: &Game<'_>) {
        let mut depth = 0u32;
        // The moves still to read, and those a syntax error left unread after the movetext.
        let mut remaining_moves = game
            .movetext
            .iter()
            .filter(|t| matches!(t, Token::Move(_) | Token::Descriptive(_)))
            .count()
            + game.unread_after_error;
        let unclear_at = match game.layout {
            crate::scoresheet::Layout::Unclear { at } => Some(at),
            _ => None,
        };
        self.report.moves.reserve(remaining_moves);
        for token in &game.movetext {
            match token {
                Token::VariationStart(_) => depth += 1,
                Token::VariationEnd(_) => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                Token::MoveNumber { span, .. } if !self.stopped && unclear_at == Some(*span) => {
                    let d = self.diagnostic(Finding::ColumnsSideBySide, *span);
                    let word = self.text(word_at(self.source, span.start as usize, false));
                    self.report.diagnostics.push(Diagnostic {
                        suggestions: suggestions(&self.pos, &word, &self.options.language, 3),
                        rule: Some(self.recording_rule()),
                        ..d
                    });
                    self.stop(span.start, remaining_moves);
                }
                Token::MoveNumber {
                    number,
                    black,
                    span,
                } if !self.stopped => {
                    self.move_number(*number, *black, *span, remaining_moves);
                }
                Token::Termination { termination, span } if !self.stopped => {
                    self.termination(*termination, *span);
                }
                Token::UnknownWord { span, .. } => {
                    let mut d = self.diagnostic(Finding::UnknownWord, *span);
                    d.ply = None;
                    d.move_number = None;
                    d.written = Some(self.text(*span));
                    self.report.diagnostics.push(d);
                }
                Token::DrawOffer(_) if !self.stopped => {
                    if let Some(last) = self.report.moves.last() {
                        self.report.draw_offers.push(last.ply);
                    }
                }
                Token::Outcome { span, .. }
                    if remaining_moves > game.unread_after_error
                        && !self.stopped
                        && self.ended.is_none() =>
                {
                    // A result where a move belongs: the moves written after it are this
                    // game's (see `Games::next_game`).
                    let e = ParseError::new(
                        crate::notation::ErrorKind::NotAMove,
                        *span,
                        None,
                        "a move, not a result",
                    );
                    let d = self.diagnostic(Finding::Unreadable(Some(e)), *span);
                    self.report.diagnostics.push(Diagnostic {
                        rule: Some(Rule::new(self.options.edition, Article::SquareOfArrival)),
                        written: Some(self.text(*span)),
                        ..d
                    });
                    self.stop(span.start, remaining_moves);
                }
                Token::Outcome { outcome, .. } => {
                    let recorded = match outcome {
                        Outcome::SideToMoveResigns => Some(
                            self.pos
                                .turn()
                                .fold_wb(Outcome::BlackWins, Outcome::WhiteWins),
                        ),
                        o => Some(*o),
                    };
                    if let Some(r) = recorded.and_then(|o| o.pgn()).filter(|r| *r != "*") {
                        self.report.recorded_result = Some(r.to_owned());
                    }
                }
                Token::Move(_) | Token::Descriptive(_) => {
                    remaining_moves -= 1;
                    if self.stopped {
                        continue;
                    }
                    let span = token.span();
                    if let Some(end) = self.ended {
                        let d = self.diagnostic(Finding::MoveAfterEnd(end), span);
                        self.report.diagnostics.push(Diagnostic {
                            written: Some(self.text(span)),
                            rule: Some(end.rule(self.options.edition)),
                            ..d
                        });
                        self.stop(span.start, remaining_moves + 1);
                        continue;
                    }
                    if self.mixed_notation(token, remaining_moves) {
                        continue;
                    }
                    self.check_number(span);
                    self.play(token, remaining_moves);
                }
                _ => {}
            }
        }
    }

    /// A move number. Where a number may stand (before White's move, or Black's own number) it
    /// is kept for [`Walker::check_number`]; where a move belongs, it is an error at that
    /// ply, never a skip: the next number is a `missing-move` (the blank cell), any other an
    /// unreadable move.
    fn move_number(&mut self, number: u32, black: bool, span: Span, remaining: usize) {
        if self.ended.is_some() {
            return;
        }
        let current = self.pos.fullmove_number();
        let white = self.pos.turn() == Color::White;
        let expected = match self.pending_number {
            // A number already stands before this move: this one stands in the move's place.
            Some((pending, _)) => Some(pending.saturating_add(1)),
            None if white => None,
            // Black's own number, written as such (`12...`, PGN 8.2.2.2); a wrong one is a
            // warning of `check_number`.
            None if black => None,
            None => Some(current.saturating_add(1)),
        };
        let Some(next) = expected else {
            self.pending_number = Some((number, span));
            return;
        };
        let finding = if number == next {
            Finding::MissingMove { found: number }
        } else {
            Finding::Unreadable(Some(ParseError::new(
                crate::notation::ErrorKind::NotAMove,
                span,
                None,
                "a move, not a number",
            )))
        };
        let rule = match finding {
            Finding::MissingMove { .. } => self.recording_rule(),
            _ => Rule::new(self.options.edition, Article::SquareOfArrival),
        };
        let d = self.diagnostic(finding, span);
        let written = self.text(span);
        // The legal moves closest to the whole word: `8Dc8` is a number glued to `Dc8`.
        let word = self.text(word_at(self.source, span.start as usize, false));
        let suggestions = suggestions(&self.pos, &word, &self.options.language, 3);
        self.report.diagnostics.push(Diagnostic {
            rule: Some(rule),
            written: Some(written.trim().to_owned()),
            suggestions,
            ..d
        });
        self.stop(span.start, remaining);
    }

    /// A termination word: recorded, and checked against the board where the board can tell
    /// (`mate`, `ahogado`).
    fn termination(&mut self, termination: crate::scoresheet::Termination, span: Span) {
        use crate::scoresheet::Termination as T;
        if termination != T::Restated {
            self.report.termination = Some(termination);
        }
        let contradicted = match termination {
            T::Checkmate => !self.pos.is_checkmate(),
            T::Stalemate => !self.stalemated(),
            _ => false,
        };
        if contradicted {
            self.end_mismatch(Finding::TerminationMismatch(termination), span);
        }
    }

    /// What is written about the end of the game (result, termination word) contradicts the
    /// board (Art. 5; 8.7): an error at the last ply.
    fn end_mismatch(&mut self, finding: Finding, span: Span) {
        let mut d = self.diagnostic(finding, span);
        d.ply = Some(self.report.moves.len() as u32);
        d.move_number = None;
        d.rule = Some(Rule::new(self.options.edition, Article::GameResult));
        self.report.diagnostics.push(d);
    }

    /// Art. 8.1 (2005), 8.1.1 (2018, 2023): moves are recorded one after another.
    fn recording_rule(&self) -> Rule {
        Rule::new(self.options.edition, Article::Recording)
    }

    fn stop(&mut self, from: u32, moves: usize) {
        self.stopped = true;
        self.report.unread_from = Some(from);
        self.report.unread_moves = moves;
    }

    /// Art. 8.1: moves are recorded one after another, each White move under its number.
    fn check_number(&mut self, move_span: Span) {
        let expected = self.pos.fullmove_number();
        let white = self.pos.turn() == Color::White;
        let problem = match self.pending_number.take() {
            Some((found, span)) => {
                let problem = if found == expected {
                    None
                } else if Some(found) == self.last_number && white {
                    Some((NumberProblem::Duplicated { number: found }, span))
                } else {
                    Some((NumberProblem::OutOfOrder { expected, found }, span))
                };
                self.last_number = Some(found);
                problem
            }
            None if white && (!self.report.moves.is_empty() || expected > 1) => Some((
                NumberProblem::Missing { expected },
                Span::new(move_span.start, move_span.start),
            )),
            None => None,
        };
        if let Some((problem, span)) = problem {
            let d = self.diagnostic(Finding::MoveNumber(problem), span);
            self.report.diagnostics.push(Diagnostic {
                rule: Some(self.recording_rule()),
                ..d
            });
        }
    }

    /// The game's notation, from its first move that is no castling; a move in the other
    /// notation stops the game with an error. `true` when it did.
    fn mixed_notation(&mut self, token: &Token<'_>, remaining: usize) -> bool {
        use crate::notation::descriptive::{DescriptiveBody, NotationKind};
        let descriptive = match token {
            Token::Descriptive(d) if !matches!(d.body, DescriptiveBody::Castle { .. }) => true,
            Token::Move(r) if !matches!(r.first().body, crate::notation::Body::Castle(_)) => false,
            _ => return false,
        };
        match self.notation {
            None => {
                self.notation = Some(descriptive);
                if descriptive && self.options.language.notation_kind() == NotationKind::Auto {
                    let mut d = self.diagnostic(Finding::NotationChosen(true), token.span());
                    d.written = Some(self.text(token.span()));
                    self.report.diagnostics.push(d);
                    self.options.language = self
                        .options
                        .language
                        .with_notation(NotationKind::Descriptive);
                    self.report.language = self.options.language;
                }
                false
            }
            Some(n) if n == descriptive => false,
            Some(_) => {
                let span = token.span();
                let mut d = self.diagnostic(Finding::MixedNotation(descriptive), span);
                d.written = Some(self.text(span));
                d.rule = Some(Rule::new(self.options.edition, Article::PieceLetters));
                d.suggestions = suggestions(&self.pos, &self.text(span), &self.options.language, 3);
                self.report.diagnostics.push(d);
                self.stop(span.start, remaining + 1);
                true
            }
        }
    }

    fn play(&mut self, token: &Token<'_>, remaining: usize) {
        let options = self.options.resolve_options();
        let (first, resolution) = match token {
            Token::Move(readings) => (
                readings.first(),
                resolve(&self.pos, readings, &self.options.language, options),
            ),
            Token::Descriptive(d) => {
                let language = &self.options.language;
                let first =
                    crate::resolve::descriptive::notation_of(d, language, self.pos.turn(), None);
                let r = crate::resolve::descriptive::resolve_descriptive(
                    &self.pos, d, language, options,
                );
                (first, r)
            }
            _ => return,
        };
        let move_span = move_span(&first);
        let written = self
            .source
            .get(move_span.range())
            .unwrap_or_default()
            .trim_end()
            .to_owned();
        let edition = self.options.edition;
        match resolution {
            Resolution::Resolved(r) => {
                for note in &r.notes {
                    let d = self.diagnostic(Finding::Irregular(note.kind), note.span);
                    // A guess names the move it read.
                    let candidates = if note.kind.is_guess() {
                        vec![NamedMove::new(&self.pos, r.mv, &self.options.language)]
                    } else {
                        Vec::new()
                    };
                    self.report.diagnostics.push(Diagnostic {
                        written: Some(written.to_string()),
                        rule: Some(note.kind.rule(edition)),
                        candidates,
                        ..d
                    });
                }
                let number = self.pos.fullmove_number();
                let color = self.pos.turn();
                let san_plus = SanPlus::from_san_and_play(&mut self.pos, r.san, r.mv);
                let ply = self.ply();
                self.report.moves.push(PlyRecord {
                    ply,
                    number,
                    color,
                    text: written.clone(),
                    span: first.span,
                    san: san_plus,
                    after: self.pos,
                    mv: r.mv,
                });
                if r.notation.draw_offer.is_some() {
                    self.report.draw_offers.push(ply);
                }
                // The suffix already tells mate. Stalemate is tested only where it matters:
                // when the next move does not resolve, and at the end of the game.
                if san_plus.suffix == Some(Suffix::Checkmate) {
                    self.ended = Some(BoardEnd::Checkmate(self.pos.turn()));
                } else {
                    self.draws_after(ply, move_span);
                }
            }
            _ if self.stalemated() => {
                // A move written after a stalemate: void, not illegal.
                self.ended = Some(BoardEnd::Stalemate);
                let d = self.diagnostic(Finding::MoveAfterEnd(BoardEnd::Stalemate), move_span);
                self.report.diagnostics.push(Diagnostic {
                    written: Some(written.to_string()),
                    rule: Some(BoardEnd::Stalemate.rule(edition)),
                    ..d
                });
                self.stop(first.span.start, remaining + 1);
            }
            other => {
                let language = self.options.language;
                let (finding, rule, candidates) = match other {
                    Resolution::Ambiguous(a) => (
                        Finding::Ambiguous(a.cause),
                        a.cause.rule(edition),
                        NamedMove::each(&self.pos, &a.candidates, &language),
                    ),
                    Resolution::Illegal(i) => (
                        Finding::Illegal(i.reason),
                        i.reason.rule(edition),
                        Vec::new(),
                    ),
                    _ => (
                        Finding::Unreadable(None),
                        Rule::new(edition, Article::SquareOfArrival),
                        Vec::new(),
                    ),
                };
                let d = self.diagnostic(finding, first.span);
                let suggestions = suggestions(&self.pos, &written, &language, 3);
                self.report.diagnostics.push(Diagnostic {
                    written: Some(written.to_string()),
                    rule: Some(rule),
                    candidates,
                    suggestions,
                    ..d
                });
                self.stop(first.span.start, remaining + 1);
            }
        }
    }

    fn syntax_error(&mut self, e: ParseError, unread: usize) {
        let move_error = e.kind.is_move_error();
        let (finding, rule) = if move_error {
            (
                Finding::Unreadable(Some(e)),
                Rule::new(self.options.edition, Article::SquareOfArrival),
            )
        } else {
            (Finding::Syntax(e), self.recording_rule())
        };
        let mut d = self.diagnostic(finding, e.span);
        d.rule = Some(rule);
        if move_error {
            let word = word_at(self.source, e.span.start as usize, true);
            d.suggestions = suggestions(&self.pos, &self.text(word), &self.options.language, 3);
            d.written = Some(self.text(word));
            d.span = word;
        } else {
            d.ply = None;
            d.move_number = None;
        }
        self.report.diagnostics.push(d);
        // The words the reader skipped after the error, and the unreadable move itself.
        self.stop(e.span.start, unread + move_error as usize);
    }

    /// The draws the position after `ply` brings (9.2, 9.3, 9.6, 5.2.2), as notes; an
    /// automatic draw ends the game. Not called after a mate, which takes precedence (9.6.2).
    fn draws_after(&mut self, ply: u32, span: Span) {
        let mut events: arrayvec::ArrayVec<DrawEvent, 4> = self.draws.push(&self.pos).collect();
        // Material can only become insufficient through a capture. A capture that stalemates
        // is a stalemate (5.2.1), told at the next move or the end.
        if self.pos.halfmove_clock() == 0
            && self.pos.has_legal_moves()
            && winnability::is_dead(&self.pos, &Budget::MATERIAL) == Some(true)
        {
            events.push(DrawEvent::DeadPosition);
        }
        for event in events {
            self.draw_note(event, ply, span);
        }
    }

    fn draw_note(&mut self, event: DrawEvent, ply: u32, span: Span) {
        let record = ply
            .checked_sub(1)
            .and_then(|i| self.report.moves.get(i as usize));
        self.report.diagnostics.push(Diagnostic {
            finding: Finding::Draw(event),
            span,
            // Ply 0: the starting position itself.
            ply: (ply > 0).then_some(ply),
            move_number: record.map(|r| (r.number, r.color)),
            written: record.map(|r| r.text.to_string()),
            rule: Some(event.rule(self.options.edition)),
            candidates: Vec::new(),
            suggestions: Vec::new(),
        });
        if event.is_automatic() && self.ended.is_none() {
            self.ended = Some(BoardEnd::Drawn(event));
        }
    }

    /// A dead position the per-move material check missed (blocked pawns, bishops against
    /// pawns…): if the last position is dead, walk back to the first dead one, end the game
    /// there, and void the moves after it.
    fn find_dead_position(&mut self) {
        let effort = self.options.dead_positions;
        if effort == Effort::Material || self.stopped || self.ended.is_some() {
            return;
        }
        let budget = Budget {
            effort,
            time_limit: Budget::default().time_limit,
        };
        let dead = |pos: &Position| winnability::is_dead(pos, &budget) == Some(true);
        let Some(last) = self.report.moves.last() else {
            return;
        };
        if !dead(&last.after) {
            return;
        }
        // Deadness never goes away, so the dead plies are a suffix of the game: a binary
        // search finds the first, in a logarithmic number of solver calls.
        let start = self.start_position();
        let position_at = |ply: usize| match ply {
            0 => start,
            _ => self.report.moves[ply - 1].after,
        };
        let (mut lo, mut hi) = (0, self.report.moves.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if dead(&position_at(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let ply = lo as u32;
        let span = match ply {
            0 => Span::new(
                self.report.moves[0].span.start,
                self.report.moves[0].span.start,
            ),
            _ => self.report.moves[ply as usize - 1].span,
        };
        let void = self.report.moves.split_off(ply as usize);
        self.report
            .diagnostics
            .retain(|d| d.ply.is_none_or(|p| p <= ply));
        self.report.draw_offers.retain(|&p| p <= ply);
        self.pos = self
            .report
            .moves
            .last()
            .map_or_else(|| self.start_position(), |m| m.after);
        self.draw_note(DrawEvent::DeadPosition, ply, span);
        let end = BoardEnd::Drawn(DrawEvent::DeadPosition);
        let Some(first_void) = void.first() else {
            return;
        };
        self.report.diagnostics.push(Diagnostic {
            finding: Finding::MoveAfterEnd(end),
            span: first_void.span,
            ply: Some(first_void.ply),
            move_number: Some((first_void.number, first_void.color)),
            written: Some(first_void.text.to_string()),
            rule: Some(end.rule(self.options.edition)),
            candidates: Vec::new(),
            suggestions: Vec::new(),
        });
        self.stop(first_void.span.start, void.len());
    }

    fn start_position(&self) -> Position {
        self.report.start_position()
    }

    /// `true` if the side to move is stalemated (Art. 5.2): not in check, no legal move.
    fn stalemated(&self) -> bool {
        !self.pos.is_check() && !self.pos.has_legal_moves()
    }

    fn finish(mut self, game: &Game<'_>) -> GameReport {
        if self.ended.is_none() && !self.stopped && self.stalemated() {
            self.ended = Some(BoardEnd::Stalemate);
        }
        self.find_dead_position();
        if let Some(end) = self.ended {
            let board = match end {
                BoardEnd::Checkmate(Color::White) => "0-1",
                BoardEnd::Checkmate(Color::Black) => "1-0",
                BoardEnd::Stalemate | BoardEnd::Drawn(_) => "1/2-1/2",
            };
            self.report.board_result = Some(board.to_owned());
            if let Some(recorded) = self.report.recorded_result.as_deref()
                && recorded != board
            {
                let recorded: &'static str = match recorded {
                    "1-0" => "1-0",
                    "0-1" => "0-1",
                    _ => "1/2-1/2",
                };
                let span = game
                    .movetext
                    .iter()
                    .rev()
                    .find(|t| matches!(t, Token::Outcome { .. }))
                    .map_or(Span::default(), Token::span);
                self.end_mismatch(Finding::ResultMismatch { recorded, end }, span);
            }
        }
        self.report
    }
}

/// The move as written, without a draw offer glued after it.
pub(crate) fn move_span(notation: &crate::notation::Notation) -> Span {
    match notation.draw_offer {
        Some(offer) => Span::new(notation.span.start, offer.start.max(notation.span.start)),
        None => notation.span,
    }
}

/// The whitespace-delimited word around byte `at`, less a move number glued before it
/// (`4.Az4` gives `Az4`) when `strip_number`.
fn word_at(source: &str, at: usize, strip_number: bool) -> Span {
    let bytes = source.as_bytes();
    let at = at.min(bytes.len());
    let start = bytes[..at]
        .iter()
        .rposition(|b| b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let end = bytes[at..]
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .map_or(bytes.len(), |i| at + i);
    let digits = bytes[start..end]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let dots = bytes[start + digits..end]
        .iter()
        .take_while(|&&b| b == b'.')
        .count();
    let start = if strip_number && digits > 0 && dots > 0 && start + digits + dots <= at {
        start + digits + dots
    } else {
        start
    };
    Span::new(start as u32, end as u32)
}
