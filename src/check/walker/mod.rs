//! The walk through one game's movetext: move numbers, moves, variations, results, and the
//! first error, after which the game is left unread.

mod end;
mod play;
mod print;
mod prose;
mod variation;

#[cfg(feature = "reconstruct")]
pub(crate) use print::is_printed;

use super::{
    BoardEnd, CheckOptions, ClockKind, ClockTime, Diagnostic, Finding, GameReport, NumberProblem,
    Tags, suggestions,
};
use crate::laws::draws::DrawTracker;
use crate::laws::{Article, Rule};
use crate::notation::descriptive::{DescriptiveBody, NotationKind};
use crate::notation::{ParseError, Span};
use crate::position::Position;
use crate::scoresheet::{Game, Outcome, Token, TokenKind};
use crate::types::Color;

pub(super) struct Walker<'s> {
    source: &'s str,
    options: CheckOptions,
    pos: Position,
    /// The position the game starts from.
    start: Position,
    report: GameReport,
    /// The number written before the current move, if any.
    pending_number: Option<(u32, Span)>,
    last_number: Option<u32>,
    ended: Option<BoardEnd>,
    pub(super) stopped: bool,
    draws: DrawTracker,
    /// The game's notation once its first move is read: algebraic or descriptive.
    notation: Option<NotationKind>,
    /// How the game is read: a sheet, or printed text with the state of its rules.
    mode: Mode,
    /// The `prose` note was given (printed text, or a sheet's heading or remark).
    prose_noted: bool,
    /// The end of the last main-line move played.
    last_move_end: Option<u32>,
    /// Where each piece started, for descriptive qualifiers (`QKt`); `None` for a game from
    /// another position, where the start is unknown.
    origins: Option<crate::resolve::descriptive::Origins>,
    /// Printed text: the game's move lines outside variations (token index, ply named),
    /// found at the first number that asks (see `print::resumes`).
    move_lines: std::cell::OnceCell<Vec<(usize, u64)>>,
    /// Printed text: how many diagnostics were looked at for a foreign letter, and whether
    /// one was found (see `print::foreign_initial`), so that each is looked at once.
    foreign_letter_seen: std::cell::Cell<(usize, bool)>,
    /// A syntax error cut the game's movetext short: what follows it is unknown.
    cut: bool,
    /// The ply of the move just played, while a clock time written after it may follow.
    clock_ply: Option<u32>,
    /// The stretches that may hold variations, read once the game's moves are known (see
    /// [`variation`]).
    pending_variations: Vec<variation::Pending>,
}

/// How the walker reads a game.
enum Mode {
    /// A scoresheet: every word stands where a move belongs, and is read as one or reported.
    Sheet,
    /// Printed text (see [`print`]): the main line is carried by the move numbers, and what
    /// stands off it is commentary or a variation.
    Printed(Printed),
}

/// The state of printed text's rules while its game is walked (see [`print`]).
#[derive(Default)]
struct Printed {
    /// The end of White's main-line move just played, while Black's reply may follow it on
    /// the same line.
    white_move_end: Option<u32>,
    /// A main-line number was just read: the next token is its move.
    numbered: bool,
    /// The game ended (a resignation, a result) with moves printed after it, which are a
    /// variation.
    closed: bool,
    /// Where the words set aside as commentary since the last move played start and end, for
    /// a number that skips plies after them (`missing-moves`).
    set_aside: Option<Span>,
    /// The `variation` note was given.
    variation_noted: bool,
    /// A game that is one parenthesised line: the indices of its parentheses, which are
    /// passed over (see [`print::line_as_game`]).
    line_as_game: Option<(usize, usize)>,
    /// The number of the last Black column read, restated after White's move one space
    /// apart (see [`Walker::black_column`]).
    last_column: Option<u32>,
}

/// Where a walk stands in its game's tokens.
struct Walk {
    /// How many parentheses are open.
    depth: u32,
    /// The words still to read (moves, and words that read as none), with those a syntax
    /// error left unread after the movetext.
    remaining: usize,
    /// The words a syntax error left unread after the movetext.
    unread_after_error: usize,
    /// The number where a sheet's columns stand side by side (see `Layout::Unclear`).
    unclear_at: Option<Span>,
    /// The first and last tokens a move may stand in (numbers, moves, words): a sheet's
    /// heading stands before the first, its closing words after the last. Found at the first
    /// word that might be either, not for every game.
    bounds: Option<(Option<usize>, Option<usize>)>,
}

/// How many of `tokens` are words: moves, and words that read as none.
fn words(tokens: &[Token<'_>]) -> usize {
    tokens.iter().filter(|t| t.kind.is_word()).count()
}

impl Printed {
    /// A token off the line of the move just played: no number waits for its move, and no
    /// White move for Black's reply.
    fn leave_line(&mut self) {
        self.white_move_end = None;
        self.numbered = false;
    }
}

impl<'s> Walker<'s> {
    pub(super) fn new(
        game: &Game<'_>,
        source: &'s str,
        index: usize,
        options: &CheckOptions,
    ) -> Walker<'s> {
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
                    messages: options.messages,
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
            start: pos,
            report: GameReport {
                index,
                tags: {
                    let bytes = game.tags.iter().map(|t| t.name.len() + t.value.len());
                    let mut tags = Tags::with_capacity(game.tags.len(), bytes.sum());
                    for t in &game.tags {
                        tags.push(&t.name, &t.value);
                    }
                    tags
                },
                roster: game.roster(),
                start_fen,
                moves: Vec::new(),
                draw_offers: Vec::new(),
                clocks: Vec::new(),
                variations: Vec::new(),
                recorded_result: game
                    .tag("Result")
                    .and_then(Outcome::from_text)
                    .filter(|o| !matches!(o, Outcome::Unknown | Outcome::SideToMoveResigns)),
                board_result: None,
                diagnostics,
                unread_from: None,
                unread_moves: 0,
                termination: None,
                language: options.language,
                messages: options.messages,
            },
            pending_number: None,
            last_number: None,
            ended: None,
            stopped,
            draws: DrawTracker::new(&pos, options.edition),
            notation: None,
            mode: Mode::Sheet,
            prose_noted: false,
            last_move_end: None,
            move_lines: std::cell::OnceCell::new(),
            foreign_letter_seen: std::cell::Cell::new((0, false)),
            cut: false,
            clock_ply: None,
            pending_variations: Vec::new(),
            origins: (pos == Position::startpos())
                .then(crate::resolve::descriptive::Origins::initial),
        }
    }

    fn ply(&self) -> u32 {
        self.report.moves.len() as u32 + 1
    }

    fn text(&self, span: Span) -> String {
        self.source.get(span.range()).unwrap_or_default().to_owned()
    }

    /// The text of a word for a message or a suggestion: at most [`WORD_CHARS`] characters, and
    /// `…` after them, so that a diagnostic on a huge word (a line of bytes with no space)
    /// stays small. The diagnostic's span still covers the whole word.
    fn word_text(&self, span: Span) -> String {
        let text = self.source.get(span.range()).unwrap_or_default();
        match text.char_indices().nth(WORD_CHARS) {
            Some((cut, _)) => format!("{}…", &text[..cut]),
            None => text.to_owned(),
        }
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
            messages: self.options.messages,
        }
    }

    /// Whether the game is printed text.
    fn is_printed(&self) -> bool {
        matches!(self.mode, Mode::Printed(_))
    }

    /// The state of printed text's rules; `None` for a sheet.
    fn printed(&self) -> Option<&Printed> {
        match &self.mode {
            Mode::Printed(p) => Some(p),
            Mode::Sheet => None,
        }
    }

    /// The state of printed text's rules, to change; `None` for a sheet.
    fn printed_mut(&mut self) -> Option<&mut Printed> {
        match &mut self.mode {
            Mode::Printed(p) => Some(p),
            Mode::Sheet => None,
        }
    }

    /// A main-line number of printed text was just read: the next token is its move.
    fn numbered(&self) -> bool {
        self.printed().is_some_and(|p| p.numbered)
    }

    /// Printed text: a token off the line of the move just played (see [`Printed::leave_line`]).
    fn leave_line(&mut self) {
        if let Some(p) = self.printed_mut() {
            p.leave_line();
        }
    }

    /// Printed text: the game ended with moves printed after it, which are a variation.
    fn close_printed(&mut self) {
        if let Some(p) = self.printed_mut() {
            p.closed = true;
        }
    }

    /// The end of White's main-line move of printed text just played.
    fn white_move_end(&self) -> Option<u32> {
        self.printed().and_then(|p| p.white_move_end)
    }

    pub(super) fn walk(&mut self, game: &Game<'_>) {
        if print::is_printed(game, self.source) {
            self.mode = Mode::Printed(Printed::default());
        }
        // Print has no blank boxes: its `...` in Black's column stands for a move printed
        // further on (`4. P to Q Kt 4   ...`, Hoyle), so print's text is read without them.
        let without_blanks: Vec<Token<'_>>;
        let tokens = if self.is_printed()
            && game
                .movetext
                .iter()
                .any(|t| matches!(t.kind, TokenKind::Blank))
        {
            without_blanks = game
                .movetext
                .iter()
                .filter(|t| !matches!(t.kind, TokenKind::Blank))
                .cloned()
                .collect();
            &without_blanks
        } else {
            &game.movetext
        };
        self.cut = game.unread_after_error > 0;
        // Only printed text names pieces by origin: a sheet follows no origins.
        if !self.is_printed() {
            self.origins = None;
        }
        let mut walk = Walk {
            depth: 0,
            remaining: words(tokens) + game.unread_after_error,
            unread_after_error: game.unread_after_error,
            unclear_at: match game.layout {
                crate::scoresheet::Layout::Unclear { at } => Some(at),
                _ => None,
            },
            bounds: None,
        };
        self.report.moves.reserve(walk.remaining);
        // Printed text whose game is one parenthesised line: its parentheses are passed over.
        let first = self.pos.fullmove_number();
        if self.pos.turn() == Color::White
            && let Some(p) = self.printed_mut()
        {
            p.line_as_game = print::line_as_game(tokens, first);
        }
        let line_as_game = self.printed().and_then(|p| p.line_as_game);
        let mut k = 0;
        while k < tokens.len() {
            if line_as_game.is_some_and(|(open, close)| k == open || k == close) {
                k += 1;
                continue;
            }
            if walk.depth == 0
                && !self.stopped
                && let Some(end) = self.passed_over(tokens, k, &mut walk)
            {
                k = end;
                continue;
            }
            let token = &tokens[k];
            // Black's column of a printed table restates White's number: Black's own number.
            let column = match token {
                Token {
                    kind: TokenKind::MoveNumber { number, side },
                    span,
                } if self.is_printed() && walk.depth == 0 => {
                    let column = self.black_column(*number, *side, *span, tokens, k);
                    if column && let Some(p) = self.printed_mut() {
                        p.last_column = Some(*number);
                    }
                    column
                }
                _ => false,
            };
            if walk.depth == 0
                && matches!(
                    token.kind,
                    TokenKind::MoveNumber { .. }
                        | TokenKind::Move(_)
                        | TokenKind::Descriptive(_)
                        | TokenKind::Word { .. }
                        | TokenKind::Blank
                )
            {
                self.leave_line();
                self.clock_ply = None;
            }
            if walk.depth > 0 || matches!(token.kind, TokenKind::VariationStart) {
                self.in_variation(tokens, k, &mut walk);
            } else {
                self.main_line_token(tokens, k, column, &mut walk);
            }
            k += 1;
        }
    }

    /// What the walk passes over at token `k`, outside variations: a sheet's heading or
    /// closing words, printed text's variation after the game's end, and commentary. The
    /// index of the token after them, or `None` where token `k` is to be read.
    fn passed_over(&mut self, tokens: &[Token<'_>], k: usize, walk: &mut Walk) -> Option<usize> {
        let token = &tokens[k];
        // A sheet's heading (`Moves:`) or closing words (`Línea principal`): words of prose
        // only, before any number or after the last move (see `print::label`).
        if !self.is_printed() {
            let Token {
                kind: TokenKind::Word { .. },
                ..
            } = token
            else {
                return None;
            };
            let (first, last) = *walk.bounds.get_or_insert_with(|| move_like_bounds(tokens));
            let end = self.label(tokens, k, first, last)?;
            walk.remaining -= end - k;
            return Some(end);
        }
        // Printed text: after the game's end, what is printed is a variation.
        if self.printed().is_some_and(|p| p.closed)
            && let Some(end) = self.after_close(tokens, k)
        {
            walk.remaining -= words(&tokens[k..end]);
            return Some(end);
        }
        // Printed text: a termination word the score goes on after is commentary's when
        // prose stands with it.
        if matches!(token.kind, TokenKind::Termination { .. })
            && print::moves_follow(&tokens[k + 1..])
            && let Some((end, words)) = self.commentary(tokens, k)
        {
            walk.remaining -= words;
            self.leave_line();
            return Some(end);
        }
        // Printed text: a token off the main line starts a stretch, commentary when it
        // holds prose (see `print`).
        if self.off_main_line(tokens, k) {
            if let Some((end, words)) = self.commentary(tokens, k) {
                walk.remaining -= words;
                self.leave_line();
                return Some(end);
            }
            if let Token {
                kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                ..
            } = token
            {
                self.unnumbered(token.span(), walk.remaining);
            }
        }
        None
    }

    /// Token `k` inside a variation, or the parenthesis that opens one: the variation is
    /// kept to be read at the end (see [`variation`]), and its words are counted as read.
    fn in_variation(&mut self, tokens: &[Token<'_>], k: usize, walk: &mut Walk) {
        match &tokens[k] {
            // Printed text: right after a main-line number its move is due, and no
            // variation opens there (`19. ( - Q 5`, an edit of `P - Q 5`, would set the
            // game's moves aside up to a `)` pages later): the move written wrong.
            Token {
                kind: TokenKind::VariationStart,
                span,
            } if walk.depth == 0 && !self.stopped && self.numbered() => {
                self.move_number_without_move(*span, walk.remaining);
                walk.depth += 1;
            }
            Token {
                kind: TokenKind::VariationStart,
                ..
            } => {
                if walk.depth == 0 && !self.stopped {
                    let end = variation::matching_close(tokens, k, tokens.len());
                    self.pending_variations.push(variation::Pending {
                        start: k + 1,
                        end,
                        after_ply: self.report.moves.last().map(|m| m.ply),
                        parenthesised: true,
                    });
                }
                walk.depth += 1;
            }
            Token {
                kind: TokenKind::VariationEnd,
                ..
            } => walk.depth = walk.depth.saturating_sub(1),
            Token {
                kind: TokenKind::Word { error },
                span,
            } => {
                // A word in a variation of printed text is commentary's, and so is a word
                // of prose shape in a parenthesised remark of a sheet (`10 f4 (novedad)`):
                // no move of the main line stands in either. Any other is the error it is.
                walk.remaining -= 1;
                if !self.is_printed() && !self.stopped {
                    if prose::is_prose_shaped(self.source, *span) {
                        self.note_prose(*span);
                    } else {
                        self.syntax_error(*error, walk.remaining);
                    }
                }
            }
            // A move of a variation is counted with the words still to read, as the
            // words of a variation are: a result after the main line's last move stands
            // where no move is left (blue-23: `(V. H. d. L.)` in the heading).
            Token {
                kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                ..
            } => walk.remaining -= 1,
            _ => {}
        }
    }

    /// Token `k` of the main line, outside variations; `column`: a number that is Black's
    /// column of a printed table.
    fn main_line_token(&mut self, tokens: &[Token<'_>], k: usize, column: bool, walk: &mut Walk) {
        let token = &tokens[k];
        let span = token.span;
        match &token.kind {
            TokenKind::MoveNumber { .. } if !self.stopped && walk.unclear_at == Some(span) => {
                self.columns_side_by_side(span, walk.remaining);
            }
            TokenKind::MoveNumber { .. }
                if !self.stopped && self.is_printed() && self.unclear_main_line(tokens, k) =>
            {
                let word = word_at(self.source, span.end as usize, false);
                let written = Span::new(span.start, word.end.max(span.end));
                let mut d = self.diagnostic(Finding::MainLineUnclear, written);
                d.written = Some(self.word_text(written));
                d.rule = Some(self.recording_rule());
                self.report.diagnostics.push(d);
                self.stop(span.start, walk.remaining);
            }
            TokenKind::MoveNumber { number, side } if !self.stopped => {
                // Black's number in its own column stands for Black's move, however written.
                let side = if column { Color::Black } else { *side };
                self.move_number(*number, side, span, walk.remaining);
                if let Some(p) = self.printed_mut() {
                    p.numbered = true;
                }
            }
            TokenKind::Blank if !self.stopped && self.ended.is_none() => {
                self.blank(span, walk.remaining);
            }
            TokenKind::Termination { termination } if !self.stopped => {
                self.termination(*termination, span);
                if self.is_printed() && self.closes(*termination) {
                    self.close_printed();
                }
            }
            TokenKind::UnknownWord { .. } => {
                let mut d = self.diagnostic(Finding::UnknownWord, span);
                d.ply = None;
                d.move_number = None;
                d.written = Some(self.text(span));
                self.report.diagnostics.push(d);
            }
            TokenKind::Clock { seconds } if !self.stopped => {
                self.clock(*seconds, span, ClockKind::Remaining, walk.remaining);
            }
            TokenKind::Comment { text } if !self.stopped && self.clock_ply.is_some() => {
                self.clock_comment(text, span);
            }
            TokenKind::DrawOffer if !self.stopped => {
                if let Some(last) = self.report.moves.last() {
                    self.report.draw_offers.push(last.ply);
                }
            }
            TokenKind::Outcome { outcome } => self.outcome(*outcome, span, walk),
            TokenKind::Word { error, .. } => {
                walk.remaining -= 1;
                if !self.stopped {
                    self.syntax_error(*error, walk.remaining);
                }
            }
            TokenKind::Move(_) | TokenKind::Descriptive(_) => {
                walk.remaining -= 1;
                if !self.stopped {
                    self.main_line_move(token, walk.remaining);
                }
            }
            _ => {}
        }
    }

    /// The number where a sheet's columns stand side by side (`Layout::Unclear`): which move
    /// follows which cannot be told, and the reading stops there (Art. 8.1, recording).
    fn columns_side_by_side(&mut self, span: Span, remaining: usize) {
        let d = self.diagnostic(Finding::ColumnsSideBySide, span);
        let word = self.word_text(word_at(self.source, span.start as usize, false));
        self.report.diagnostics.push(Diagnostic {
            suggestions: suggestions(&self.pos, &word, &self.options.language, 3),
            rule: Some(self.recording_rule()),
            ..d
        });
        self.stop(span.start, remaining);
    }

    /// A result in the main line: the game's, or one written where a move belongs.
    fn outcome(&mut self, outcome: Outcome, span: Span, walk: &Walk) {
        let moves_follow = walk.remaining > walk.unread_after_error;
        if self.is_printed() && !self.stopped && !self.report.moves.is_empty() && moves_follow {
            // Printed text: moves after the result are a variation (see `print`).
            self.record_outcome(outcome);
            self.close_printed();
        } else if moves_follow && !self.stopped && self.ended.is_none() {
            // A result where a move belongs: the moves written after it are this game's
            // (see `Games::next_game`).
            let e = ParseError::new(
                crate::notation::ErrorKind::NotAMove,
                span,
                None,
                "a move, not a result",
            );
            let d = self.diagnostic(Finding::Unreadable(Some(e)), span);
            self.report.diagnostics.push(Diagnostic {
                rule: Some(Rule::new(self.options.edition, Article::SquareOfArrival)),
                written: Some(self.text(span)),
                ..d
            });
            self.stop(span.start, walk.remaining);
        } else {
            self.record_outcome(outcome);
        }
    }

    /// A move of the main line, while the walk goes on; `remaining`: the words still to read
    /// after it.
    fn main_line_move(&mut self, token: &Token<'_>, remaining: usize) {
        let span = token.span();
        if let Some(end) = self.ended {
            let d = self.diagnostic(Finding::MoveAfterEnd(end), span);
            self.report.diagnostics.push(Diagnostic {
                written: Some(self.text(span)),
                rule: Some(end.rule(self.options.edition)),
                ..d
            });
            self.stop(span.start, remaining + 1);
            return;
        }
        if self.mixed_notation(token, remaining) {
            return;
        }
        let white = self.pos.turn() == Color::White;
        self.check_number(span, remaining + 1);
        if self.stopped {
            return;
        }
        self.play(token, remaining);
        if !self.stopped {
            self.clock_ply = Some(self.report.moves.len() as u32);
            self.last_move_end = Some(span.end);
            if let Some(p) = self.printed_mut() {
                p.set_aside = None;
                if white {
                    p.white_move_end = Some(span.end);
                }
            }
        }
    }

    /// Whether the token at `k` of printed text stands off the main line: a number of an
    /// earlier ply; a move or a word that is neither right after its number nor, for Black,
    /// after White's move in the same sentence; or a word of prose in the place of Black's
    /// reply.
    fn off_main_line(&self, tokens: &[Token<'_>], k: usize) -> bool {
        let token = &tokens[k];
        match token {
            Token {
                kind: TokenKind::MoveNumber { number, side },
                span,
            } => {
                // Right after a main-line number its move belongs, and Black's reply right
                // after White's move: a number there (`2.1g5`, `3. Dh5?! 1e7`, edits of
                // `2.Ag5` and `De7`) is that move's error, never commentary.
                !self.numbered()
                    && !self.after_white(*span)
                    && !self.black_column(*number, *side, *span, tokens, k)
                    && !self.resumes(tokens, k)
            }
            Token {
                kind: TokenKind::Move(_) | TokenKind::Descriptive(_) | TokenKind::Word { .. },
                ..
            } => {
                if self.ended.is_some() {
                    return true;
                }
                if self.column_reply(tokens, k) {
                    return false;
                }
                // A parenthesis that closes none after the game's last move, with a space, a
                // stop or the end after it, closes a remark begun before the text: closing
                // words (`unknown-word`). One glued to the word after it (`)t. to K.'s 2nd.`,
                // an edit of `Kt.`) stands in that word's place, and so does one right after
                // a number, where the move is due (`4. ) to Q 4`, an edit of `P to Q 4`). One
                // with move numbers after it stays the syntax error it is on a sheet.
                if let Token {
                    kind: TokenKind::Word { error },
                    span,
                } = token
                    && error.kind == crate::notation::ErrorKind::UnmatchedParenthesis
                    && !self.numbered()
                    && self
                        .source
                        .as_bytes()
                        .get(span.end as usize)
                        .is_none_or(|&c| {
                            c.is_ascii_whitespace() || matches!(c, b'.' | b',' | b';' | b':')
                        })
                    && !tokens[k + 1..]
                        .iter()
                        .any(|t| matches!(t.kind, TokenKind::MoveNumber { .. }))
                {
                    return true;
                }
                let after_white = self.after_white(token.span());
                // Right after its number a move must stand; prose may follow White's move
                // instead of Black's reply (`3.Ab5 no solo desarrolla una pieza`).
                if self.numbered() {
                    return false;
                }
                // A word one space after the move just played that no prose writes (`P ×P P`,
                // `Kt ×P Kt`: edits of `P × P` and `Kt × Kt`) is no note: it is read, and its
                // error is shown where it stands.
                if !after_white
                    && matches!(token.kind, TokenKind::Word { .. })
                    && self.right_after_move(token.span())
                {
                    return self.is_prose(tokens, k);
                }
                !after_white || self.is_prose(tokens, k)
            }
            _ => false,
        }
    }

    /// Whether a token at `span` stands one space after the last move played.
    fn right_after_move(&self, span: Span) -> bool {
        self.last_move_end
            .is_some_and(|end| self.source.get(end as usize..span.start as usize) == Some(" "))
    }

    /// Whether a token at `span` stands where Black's reply to White's move just played
    /// belongs: in the same sentence and paragraph. A parenthesised remark between them does
    /// not part them, as in PGN's import format (§8.2.5: `3. Nc3 (3. Nd2) dxe4`), and as
    /// Portuguese and Dutch Wikipedia print the Caro-Kann (`3.Cc3 (ou 3.Cd2) dxe4`, `3.Pc3 (of
    /// 3.Pd2) dxe4`). A comma or a line's end may stand between
    /// them (`1 e4, e5`; a paragraph's lines wrap anywhere), a full stop, a semicolon or a
    /// blank line may not (`2.Ag5; el propósito`; Lasker's `5. P-Q3`, a blank line, then a
    /// note that begins `P-Q4 would seem`).
    fn after_white(&self, span: Span) -> bool {
        self.white_move_end().is_some_and(|end| {
            self.pos.turn() == Color::Black
                && !self
                    .source
                    .get(end as usize..span.start as usize)
                    .map(outside_parentheses)
                    .is_some_and(|gap| {
                        let lines: Vec<&str> = gap.split('\n').collect();
                        gap.contains([';', '.'])
                            || lines.len() > 2
                                && lines[1..lines.len() - 1]
                                    .iter()
                                    .any(|l| l.chars().all(char::is_whitespace))
                    })
        })
    }

    /// A move number, written for `side` (Black: `12...`, or a number in Black's column).
    /// Where a number may stand (before White's move, or Black's own number) it is kept for
    /// [`Walker::check_number`]; where a move belongs, it is an error at that ply, never a
    /// skip: the next number is a `missing-move` (the blank cell), any other an unreadable
    /// move.
    fn move_number(&mut self, number: u32, side: Color, span: Span, remaining: usize) {
        if let Some(end) = self.ended {
            // On a sheet, a number written after the mate or stalemate (`Dh8# 3`) is writing
            // after the end, said as a move written there is.
            if !self.is_printed() {
                let d = self.diagnostic(Finding::MoveAfterEnd(end), span);
                self.report.diagnostics.push(Diagnostic {
                    written: Some(self.text(span)),
                    rule: Some(end.rule(self.options.edition)),
                    ..d
                });
                self.stop(span.start, remaining);
            }
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
            None if side.is_black() => None,
            None => Some(current.saturating_add(1)),
        };
        // Black's own number where White's move of that number is due: White's box was left
        // blank (`2. Cf3 Cc6 3... a6`).
        if white
            && side.is_black()
            && !self.is_printed()
            && self.pending_number.is_none()
            && number == current
        {
            let text = self.text(span);
            let dots = text.find("..").or_else(|| text.find('…'));
            let dots = dots.map_or(span.start, |k| span.start + k as u32);
            self.blank(Span::new(dots, span.end), remaining);
            return;
        }
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
        let written = self.word_text(span);
        // The legal moves closest to the whole word: `8Dc8` is a number glued to `Dc8`.
        let word = self.word_text(word_at(self.source, span.start as usize, false));
        let suggestions = suggestions(&self.pos, &word, &self.options.language, 3);
        self.report.diagnostics.push(Diagnostic {
            rule: Some(rule),
            written: Some(written.trim().to_owned()),
            suggestions,
            ..d
        });
        self.stop(span.start, remaining);
    }

    /// A box left blank where the move of the side to move belongs (`3. — Cf6`, Black's
    /// number where White's move is due, `3... Cf6`, or an empty cell of a tabbed sheet):
    /// `missing-move` at that ply, an error that stops the reading (Art. 8.1).
    fn blank(&mut self, span: Span, remaining: usize) {
        self.pending_number = None;
        let mut d = self.diagnostic(Finding::BlankMove, span);
        d.rule = Some(self.recording_rule());
        d.written = Some(crate::scoresheet::blank_as_written(&self.text(span)).to_owned());
        self.report.diagnostics.push(d);
        self.stop(span.start, remaining);
    }

    /// A token that is no move where a move is due, right after its number: an unreadable
    /// move at that ply, and the reading stops there.
    fn move_number_without_move(&mut self, span: Span, remaining: usize) {
        let finding = Finding::Unreadable(Some(ParseError::new(
            crate::notation::ErrorKind::NotAMove,
            span,
            None,
            "a move after its number",
        )));
        let d = self.diagnostic(finding, span);
        let written = self.word_text(word_at(self.source, span.start as usize, false));
        let suggestions = suggestions(&self.pos, &written, &self.options.language, 3);
        self.report.diagnostics.push(Diagnostic {
            rule: Some(Rule::new(self.options.edition, Article::SquareOfArrival)),
            written: Some(written.trim().to_owned()),
            suggestions,
            ..d
        });
        self.stop(span.start, remaining);
    }

    /// A clock time written after a move (Art. 8.1 (2018, 2023)): the mover's clock, kept with
    /// the move's ply. Anywhere else the time belongs to no move, and the text cannot tell
    /// whose it is: an error, never a guess.
    fn clock(&mut self, seconds: u32, span: Span, kind: ClockKind, remaining: usize) {
        if let Some(ply) = self.clock_ply {
            self.push_clock(ply, kind, seconds, span);
            return;
        }
        let e = ParseError::new(
            crate::notation::ErrorKind::NotAMove,
            span,
            None,
            "a clock time right after its move",
        );
        let mut d = self.diagnostic(Finding::Unreadable(Some(e)), span);
        d.written = Some(self.word_text(span));
        d.rule = Some(self.recording_rule());
        self.report.diagnostics.push(d);
        self.stop(span.start, remaining);
    }

    /// PGN's clock comments after a move (`{[%clk 0:01:20]}`, `{[%emt 0:00:05]}`, as lichess
    /// and broadcasts write them): kept with the move, so that `convert` writes them again.
    fn clock_comment(&mut self, text: &str, span: Span) {
        // Nearly every comment holds no command: one byte search tells so.
        if !text.as_bytes().contains(&b'%') {
            return;
        }
        for (command, kind) in [
            ("[%clk", ClockKind::Remaining),
            ("[%emt", ClockKind::Elapsed),
        ] {
            let Some(at) = text.find(command) else {
                continue;
            };
            if let Some(seconds) = pgn_clock(&text[at + command.len()..])
                && let Some(ply) = self.clock_ply
            {
                self.push_clock(ply, kind, seconds, span);
            }
        }
    }

    /// Keeps a clock time of ply `ply`. The list gets room for a time a move to the end of the
    /// game at the first one: a game that records its clocks records them all, and its list is
    /// then allocated once (the moves' list was made with room for every move still to read).
    fn push_clock(&mut self, ply: u32, kind: ClockKind, seconds: u32, span: Span) {
        if self.report.clocks.capacity() == 0 {
            let moves = &self.report.moves;
            self.report
                .clocks
                .reserve(moves.capacity().saturating_sub(moves.len()) + 1);
        }
        self.report.clocks.push(ClockTime {
            ply,
            kind,
            seconds,
            span,
        });
    }

    /// A result: recorded (the side to move loses where the words name no side).
    fn record_outcome(&mut self, outcome: Outcome) {
        let recorded = match outcome {
            Outcome::SideToMoveResigns => self
                .pos
                .turn()
                .fold_wb(Outcome::BlackWins, Outcome::WhiteWins),
            o => o,
        };
        if recorded != Outcome::Unknown {
            self.report.recorded_result = Some(recorded);
        }
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

    /// Art. 8.1: moves are recorded one after another, each White move under its number. In
    /// printed text, a number that skips plies after words set aside as commentary is
    /// `missing-moves`, an error that stops the game: the moves between were set aside or
    /// never printed, and a game is never read on without them.
    fn check_number(&mut self, move_span: Span, remaining: usize) {
        let expected = self.pos.fullmove_number();
        let turn = self.pos.turn();
        let white = turn == Color::White;
        let problem = match self.pending_number.take() {
            Some((found, span)) => {
                if let Some(aside) = self.printed().and_then(|p| p.set_aside)
                    && Walker::numbered_ply(found, turn) > Walker::numbered_ply(expected, turn)
                {
                    let mut d = self.diagnostic(Finding::MissingMoves { expected, found }, aside);
                    d.written = Some(self.word_text(aside));
                    d.rule = Some(self.recording_rule());
                    self.report.diagnostics.push(d);
                    self.stop(aside.start.min(span.start), remaining);
                    return;
                }
                let misprinted = self
                    .source
                    .get(span.range())
                    .is_some_and(|t| t.starts_with(|c: char| c.is_alphabetic()));
                let problem = if found == expected && misprinted {
                    // OCR's `l.` for `1.` (see the lexer): the number is certain, its figure
                    // misprinted.
                    Some((NumberProblem::Misprinted { number: found }, span))
                } else if found == expected {
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
        let descriptive = match &token.kind {
            TokenKind::Descriptive(d) if !matches!(d.body, DescriptiveBody::Castle { .. }) => true,
            TokenKind::Move(r) if !r.first().is_castle() => false,
            _ => return false,
        };
        let kind = if descriptive {
            NotationKind::Descriptive
        } else {
            NotationKind::Algebraic
        };
        match self.notation {
            None => {
                self.notation = Some(kind);
                if descriptive && self.options.language.notation_kind() == NotationKind::Auto {
                    let mut d = self.diagnostic(
                        Finding::NotationChosen(NotationKind::Descriptive),
                        token.span(),
                    );
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
            Some(n) if n == kind => false,
            Some(_) => {
                let span = token.span();
                let mut d = self.diagnostic(Finding::MixedNotation(kind), span);
                d.written = Some(self.text(span));
                d.rule = Some(Rule::new(self.options.edition, Article::PieceLetters));
                d.suggestions = suggestions(&self.pos, &self.text(span), &self.options.language, 3);
                self.report.diagnostics.push(d);
                self.stop(span.start, remaining + 1);
                true
            }
        }
    }

    pub(super) fn syntax_error(&mut self, e: ParseError, unread: usize) {
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
            let text = self.word_text(word);
            d.suggestions = suggestions(&self.pos, &text, &self.options.language, 3);
            d.written = Some(text);
            d.span = word;
        } else {
            d.ply = None;
            d.move_number = None;
        }
        self.report.diagnostics.push(d);
        // The words the reader skipped after the error, and the unreadable move itself.
        self.stop(e.span.start, unread + move_error as usize);
    }
}

/// The move as written, without a draw offer glued after it.
pub(crate) fn move_span(notation: &crate::notation::Notation) -> Span {
    match notation.draw_offer() {
        Some(offer) => Span::new(
            notation.span().start,
            offer.start.max(notation.span().start),
        ),
        None => notation.span(),
    }
}

/// The time of a PGN clock command after its name: ` h:mm:ss]`, hours of any figures, seconds
/// perhaps with a fraction (dropped), then `]`. In whole seconds.
fn pgn_clock(text: &str) -> Option<u32> {
    let body = text.trim_start().split(']').next()?.trim();
    let mut parts = body.split(':');
    let hours: u32 = parts.next()?.parse().ok()?;
    let minutes: u32 = parts.next()?.parse().ok().filter(|&m| m < 60)?;
    let seconds = parts.next()?;
    let seconds: u32 = seconds
        .split('.')
        .next()?
        .parse()
        .ok()
        .filter(|&s| s < 60)?;
    if parts.next().is_some() {
        return None;
    }
    hours.checked_mul(3600)?.checked_add(minutes * 60 + seconds)
}

/// How many characters of a word a diagnostic quotes.
const WORD_CHARS: usize = 40;

/// Whether `b` ends a word: whitespace, or a PGN delimiter (a comment, a variation, a tag).
fn ends_word(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';')
}

/// The word around byte `at` (the byte at `at` and the bytes around it up to whitespace or a
/// PGN delimiter), less a move number glued before it (`4.Az4` gives `Az4`) when
/// `strip_number`.
pub(super) fn word_at(source: &str, at: usize, strip_number: bool) -> Span {
    let bytes = source.as_bytes();
    let at = at.min(bytes.len());
    let start = bytes[..at]
        .iter()
        .rposition(|&b| ends_word(b))
        .map_or(0, |i| i + 1);
    let end = match bytes.get(at) {
        Some(b) if b.is_ascii_whitespace() => at,
        _ => bytes[(at + 1).min(bytes.len())..]
            .iter()
            .position(|&b| ends_word(b))
            .map_or(bytes.len(), |i| at + 1 + i),
    };
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

/// The first and last tokens a move may stand in: numbers, moves and words.
fn move_like_bounds(tokens: &[Token<'_>]) -> (Option<usize>, Option<usize>) {
    let move_like = |t: &Token<'_>| {
        matches!(
            t.kind,
            TokenKind::MoveNumber { .. }
                | TokenKind::Move(_)
                | TokenKind::Descriptive(_)
                | TokenKind::Word { .. }
        )
    };
    (
        tokens.iter().position(move_like),
        tokens.iter().rposition(move_like),
    )
}

/// `gap` without its parenthesised remarks (balanced, outermost): what parts two moves.
fn outside_parentheses(gap: &str) -> std::borrow::Cow<'_, str> {
    if !gap.contains('(') {
        return gap.into();
    }
    let mut depth = 0u32;
    let mut out = String::with_capacity(gap.len());
    for c in gap.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        // An unclosed parenthesis parts them.
        return gap.into();
    }
    out.into()
}
