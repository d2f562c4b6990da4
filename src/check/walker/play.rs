//! One move of the main line: resolved in the position, recorded as a ply or told as a
//! diagnostic.

use super::Walker;
use super::move_span;
use crate::check::ply::resolve_token;
use crate::check::{BoardEnd, Diagnostic, Finding, NamedMove, PlyRecord, suggestions};
use crate::laws::{Article, Rule};
use crate::resolve::Resolution;
use crate::san::{SanPlus, Suffix};
use crate::scoresheet::Token;

impl Walker<'_> {
    pub(super) fn play(&mut self, token: &Token<'_>, remaining: usize) {
        let origins = self.origins.as_ref().filter(|_| self.printed);
        let Some((first, resolution)) = resolve_token(&self.pos, token, &self.options, origins)
        else {
            return;
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
                if let Some(origins) = &mut self.origins {
                    origins.play(r.mv);
                }
                let ply = self.ply();
                self.report.moves.push(PlyRecord {
                    ply,
                    number,
                    color,
                    text: written,
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
}
