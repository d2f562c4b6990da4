//! The end of the game: draws by repetition, the 50- and 75-move rules, dead positions
//! (9.2, 9.3, 9.6, 5.2.2), and the result on the board against the one recorded (8.7).

use super::Walker;
use crate::check::{BoardEnd, Diagnostic, Finding, GameReport};
use crate::laws::draws::DrawEvent;
use crate::laws::winnability::{self, Budget, Effort};
use crate::notation::Span;
use crate::position::Position;
use crate::scoresheet::{Game, Outcome, Token, TokenKind};
use crate::types::Color;

impl Walker<'_> {
    /// The draws the position after `ply` brings (9.2, 9.3, 9.6, 5.2.2), as notes; an
    /// automatic draw ends the game. Not called after a mate, which takes precedence (9.6.2).
    pub(super) fn draws_after(&mut self, ply: u32, span: Span) {
        let mut events: arrayvec::ArrayVec<DrawEvent, 4> = self.draws.push(&self.pos).collect();
        // Material can only become insufficient through a capture. A capture that stalemates
        // is a stalemate (5.2.1), told at the next move or the end.
        // Material first: it rarely fails, and it costs less than finding a legal move.
        if self.pos.halfmove_clock() == 0
            && winnability::insufficient_material(&self.pos, Color::White)
            && winnability::insufficient_material(&self.pos, Color::Black)
            && self.pos.has_legal_moves()
        {
            events.push(DrawEvent::DeadPosition);
        }
        for event in events {
            self.draw_note(event, ply, span);
        }
    }

    pub(super) fn draw_note(&mut self, event: DrawEvent, ply: u32, span: Span) {
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
            messages: self.options.messages,
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
    pub(super) fn find_dead_position(&mut self) {
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
        self.report.clocks.retain(|c| c.ply <= ply);
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
            messages: self.options.messages,
        });
        self.stop(first_void.span.start, void.len());
    }

    pub(super) fn start_position(&self) -> Position {
        self.report.start_position()
    }

    /// `true` if the side to move is stalemated (Art. 5.2): not in check, no legal move.
    pub(super) fn stalemated(&self) -> bool {
        !self.pos.is_check() && !self.pos.has_legal_moves()
    }

    pub(in crate::check) fn finish(mut self, game: &Game<'_>) -> GameReport {
        if self.ended.is_none() && !self.stopped && self.stalemated() {
            self.ended = Some(BoardEnd::Stalemate);
        }
        self.no_moves(game);
        self.find_dead_position();
        self.read_variations(&game.movetext);
        if let Some(end) = self.ended {
            let board = match end {
                BoardEnd::Checkmate(Color::White) => Outcome::BlackWins,
                BoardEnd::Checkmate(Color::Black) => Outcome::WhiteWins,
                BoardEnd::Stalemate | BoardEnd::Drawn(_) => Outcome::Draw,
            };
            self.report.board_result = Some(board);
            if let Some(recorded) = self.report.recorded_result
                && recorded != board
            {
                let span = game
                    .movetext
                    .iter()
                    .rev()
                    .find(|t| matches!(t.kind, TokenKind::Outcome { .. }))
                    .map_or(Span::default(), Token::span);
                self.end_mismatch(Finding::ResultMismatch { recorded, end }, span);
            }
        }
        self.report
    }

    /// A game that records no move is no valid game (Art. 8.1: the moves are recorded): a
    /// header line alone, or a byte-order mark before the headers that once split a file's
    /// first game in two. A game decided before its first move records its result instead
    /// (`1-0` with no moves: a forfeit, Art. 6.7; the lichess database records abandoned games
    /// so), or a forfeit or a fallen flag in words (`W.O.`). A game already stopped at an
    /// error, or ended on the board at its start, says more.
    fn no_moves(&mut self, game: &Game<'_>) {
        use crate::scoresheet::Termination;
        let decided = self.report.recorded_result.is_some()
            || matches!(
                self.report.termination,
                Some(Termination::Forfeit | Termination::Time)
            );
        if !self.report.moves.is_empty() || self.stopped || self.ended.is_some() || decided {
            return;
        }
        let span = game
            .tags
            .first()
            .map(|t| t.span)
            .or_else(|| game.movetext.first().map(Token::span))
            .unwrap_or_default();
        let mut d = self.diagnostic(Finding::NoMoves, span);
        d.ply = None;
        d.move_number = None;
        d.rule = Some(self.recording_rule());
        self.report.diagnostics.push(d);
    }
}
