//! One move of the main line: resolved in the position, recorded as a ply or told as a
//! diagnostic.

use super::Walker;
use super::move_span;
use crate::check::ply::{marks_rule, ply_diagnostics, resolve_token, written_text};
use crate::check::{BoardEnd, Diagnostic, Finding, PlyRecord};
use crate::resolve::Resolution;
use crate::san::{SanPlus, Suffix};
use crate::scoresheet::Token;
use crate::text::SmallText;

impl Walker<'_> {
    pub(super) fn play(&mut self, token: &Token<'_>, remaining: usize) {
        let origins = self.origins.as_ref().filter(|_| self.is_printed());
        let ply = self.ply();
        let Some((first, mut resolution)) = resolve_token(&self.pos, token, &self.options, origins)
        else {
            return;
        };
        // The step the sealed ruling and the reconstruction share (`check::ply`), in place.
        let written = written_text(self.source, &first);
        marks_rule(&self.pos, token, &mut resolution, written, &self.options);
        let diagnostics =
            ply_diagnostics(&self.pos, &first, &resolution, written, &self.options, ply);
        let move_span = move_span(&first);
        let edition = self.options.edition;
        match resolution {
            Resolution::Resolved(r) => {
                self.report.diagnostics.extend(diagnostics);
                let number = self.pos.fullmove_number();
                let color = self.pos.turn();
                let san_plus = SanPlus::from_san_and_play(&mut self.pos, r.san, r.mv);
                if let Some(origins) = &mut self.origins {
                    origins.play(r.mv);
                }
                self.report.moves.push(PlyRecord {
                    ply,
                    number,
                    color,
                    text: SmallText::new(written),
                    span: first.span(),
                    san: san_plus,
                    after: self.pos,
                    mv: r.mv,
                });
                if r.notation.draw_offer().is_some() {
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
                    written: Some(written.into()),
                    rule: Some(BoardEnd::Stalemate.rule(edition)),
                    ..d
                });
                self.stop(first.span().start, remaining + 1);
            }
            _ => {
                self.report.diagnostics.extend(diagnostics);
                self.stop(first.span().start, remaining + 1);
            }
        }
    }
}
