//! Variations (PGN §8.2.5): read once the game's moves are known, each from the position
//! before the move it is an alternative to.
//!
//! Two kinds of text hold them:
//! - a parenthesised line, PGN's RAV or a sheet's `(…)`: an alternative to the move played
//!   just before it, or to the move its own first number names;
//! - in printed text, the words the walker set aside as notes, and the moves printed after the
//!   game's end: each number there that names a move already played, or the next one, starts
//!   a line (`Lo habitual es 2 Cf3`, `abandonaron ante 6. dxc5`).
//!
//! A line runs while its moves read, one legal move each, and its numbers follow its own
//! count; it ends at the first word, a number out of its count, or a move that does not read
//! (a parenthesised line then gets the `variation-cut` note there). In printed text, a later
//! number of the same notes starts a new line only when it goes back (`2 Cf3 es mejor que
//! 2 d4`): one that goes forward after words continues a thought whose moves the text left
//! out (`2 Cf3 y luego 3 Ac4`), and no line is made of it.

use super::Walker;
use crate::check::ply::resolve_token;
use crate::check::{Finding, Variation};
use crate::notation::Span;
use crate::position::Position;
use crate::resolve::Resolution;
use crate::resolve::descriptive::Origins;
use crate::san::SanPlus;
use crate::scoresheet::{Token, TokenKind};

/// A stretch of tokens that may hold variations, kept during the walk and read at its end.
#[derive(Copy, Clone, Debug)]
pub(super) struct Pending {
    /// The first token of the stretch (after the opening parenthesis).
    pub(super) start: usize,
    /// The token after the stretch (the closing parenthesis, for a parenthesised one).
    pub(super) end: usize,
    /// For a parenthesised line: the ply of the move played just before it, from 1 (`None`
    /// before the first move). `None` for the notes of printed text.
    pub(super) after_ply: Option<u32>,
    /// A parenthesised line (PGN RAV), not notes.
    pub(super) parenthesised: bool,
}

/// How a line ended.
enum LineEnd {
    /// At the stretch's end, or at a token that is no move, in order.
    Done(usize),
    /// At a move that does not read in the line's position: its token.
    Unread(usize),
}

/// A line being read: its first ply on the game's count, its moves so far and where each
/// was written, the variations inside it, and the position after its last move.
struct Line {
    ply: u32,
    moves: Vec<SanPlus>,
    spans: Vec<Span>,
    children: Vec<Variation>,
    pos: Position,
    origins: Option<Origins>,
    /// The position and origins before the line's last move, for a variation nested in it.
    before_last: (Position, Option<Origins>),
    /// The count ([`Walker::numbered_ply`]) of the line's next move.
    count: u64,
    /// The first variation nested deeper than [`MAX_NESTING`] inside it, not read.
    too_deep: Option<Span>,
}

/// How deep variations are read inside variations: deeper ones are told (`variation-cut`),
/// not read, so that no input recurses without bound (the lexer allows 131,072 tokens).
const MAX_NESTING: u32 = 32;

impl Line {
    fn new(ply: u32, count: u64, pos: Position, origins: Option<Origins>) -> Line {
        Line {
            ply,
            moves: Vec::new(),
            spans: Vec::new(),
            children: Vec::new(),
            pos,
            origins,
            before_last: (pos, origins),
            count,
            too_deep: None,
        }
    }

    /// The variation, once read: `None` when no move of it read.
    fn into_variation(self) -> Option<Variation> {
        let first = self.spans.first()?;
        let last = self.spans.last()?;
        Some(Variation {
            ply: self.ply,
            moves: self.moves,
            span: Span::new(first.start, last.end),
            variations: self.children,
        })
    }
}

impl Walker<'_> {
    /// The count of [`Walker::numbered_ply`] for the game's ply `ply` (from 1).
    fn count_of(&self, ply: u32) -> u64 {
        Self::numbered_ply(self.start.fullmove_number(), self.start.turn()) + u64::from(ply) - 1
    }

    /// The game's ply (from 1) that the count `count` names, if it is one of the game's
    /// plies or the one after its last.
    fn ply_of(&self, count: u64) -> Option<u32> {
        let first = self.count_of(1);
        let ply = u32::try_from(count.checked_sub(first)? + 1).ok()?;
        (ply <= self.report.moves.len() as u32 + 1).then_some(ply)
    }

    /// A line that starts at the game's ply `ply`, in the position before it, with where the
    /// pieces started (printed text from the initial position only).
    fn line_at(&self, ply: u32) -> Line {
        let played = &self.report.moves[..ply as usize - 1];
        let pos = played.last().map_or(self.start, |m| m.after);
        let origins = self.origins.map(|_| {
            let mut o = Origins::initial();
            for m in played {
                o.play(m.mv);
            }
            o
        });
        Line::new(ply, self.count_of(ply), pos, origins)
    }

    /// Reads the variations of the stretches kept during the walk into the report, in the
    /// order of their plies (the text's order within a ply).
    pub(super) fn read_variations(&mut self, tokens: &[Token<'_>]) {
        let pending = std::mem::take(&mut self.pending_variations);
        for p in pending {
            if p.parenthesised {
                self.parenthesised(tokens, p);
            } else {
                self.printed_lines(tokens, p);
            }
        }
        self.report.variations.sort_by_key(|v| v.ply);
    }

    /// A parenthesised line: an alternative to the move its first number names, else to the
    /// move played just before it.
    fn parenthesised(&mut self, tokens: &[Token<'_>], p: Pending) {
        // Words before its first number or move are a remark's (`(ou 3.Cd2)`, `(of 3.Pd2)`,
        // Portuguese and Dutch Wikipedia): the line starts after them.
        let Some(first) = (p.start..p.end).find(|&j| {
            matches!(
                tokens[j].kind,
                TokenKind::MoveNumber { .. } | TokenKind::Move(_) | TokenKind::Descriptive(_)
            )
        }) else {
            return;
        };
        let named = match &tokens[first].kind {
            TokenKind::MoveNumber { number, side, .. } => Some(Self::numbered_ply(*number, *side)),
            _ => None,
        };
        let ply = match named {
            Some(count) => self.ply_of(count),
            None => p.after_ply,
        };
        let Some(ply) = ply.filter(|&ply| ply >= 1 && ply <= self.report.moves.len() as u32) else {
            return;
        };
        let mut line = self.line_at(ply);
        let cut = match self.extend(tokens, first, p.end, &mut line, Some(0)) {
            LineEnd::Unread(j) => Some(tokens[j].span()),
            LineEnd::Done(_) => None,
        };
        for span in [cut, line.too_deep].into_iter().flatten() {
            let mut d = self.diagnostic(Finding::VariationCut, span);
            d.ply = None;
            d.move_number = None;
            d.written = Some(self.word_text(span));
            self.report.diagnostics.push(d);
        }
        self.report.variations.extend(line.into_variation());
    }

    /// The lines of printed text's notes. A line starts at a number that names a move already
    /// played or the next one; after words, a number that names the line's next move takes
    /// it up again (`5 …d6 6. Ae2 e5` after `5. e4, después de lo cual con`), and a later
    /// number starts a new line only where the notes go back (`2 Cf3 es mejor que 2 d4`). A
    /// number that goes forward past a gap (`2 Cf3 y luego 3 Ac4`), and any number after a
    /// move the notes name without one (`or Castles which might bring about the Max Lange
    /// attack after 4. ... B-B4`: the line's first move is unnumbered, its position unknown),
    /// starts none. A line that only restates the game's moves is none; one that begins by
    /// restating them starts where it leaves them.
    fn printed_lines(&mut self, tokens: &[Token<'_>], p: Pending) {
        let mut lines: Vec<Line> = Vec::new();
        let mut unnumbered_move = false;
        let mut k = p.start;
        while k < p.end {
            match tokens[k] {
                // A move word, not a word of prose that reads as one (`de`, `a`, `La`).
                Token {
                    kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                    ..
                } if !super::prose::is_prose_shaped(self.source, tokens[k].span()) => {
                    unnumbered_move = true
                }
                Token {
                    kind: TokenKind::MoveNumber { number, side, .. },
                    ..
                } if !unnumbered_move => {
                    let count = Self::numbered_ply(number, side);
                    let end = if let Some(line) = lines.last_mut().filter(|l| l.count == count) {
                        self.extend(tokens, k + 1, p.end, line, None)
                    } else {
                        let goes_back = lines.last().is_none_or(|l| count <= self.count_of(l.ply));
                        match self.ply_of(count) {
                            Some(ply)
                                if goes_back
                                    && (ply as usize <= self.report.moves.len()
                                        || !self.stopped && self.ended.is_none()) =>
                            {
                                let mut line = self.line_at(ply);
                                let end = self.extend(tokens, k + 1, p.end, &mut line, None);
                                lines.push(line);
                                end
                            }
                            _ => LineEnd::Done(k + 1),
                        }
                    };
                    let next = match end {
                        LineEnd::Done(j) | LineEnd::Unread(j) => j,
                    };
                    k = next.max(k + 1);
                    continue;
                }
                _ => {}
            }
            k += 1;
        }
        for mut line in lines {
            // The moves it restates of the game are the game's.
            let same = (line.moves.iter())
                .zip(&self.report.moves[line.ply as usize - 1..])
                .take_while(|(v, m)| **v == m.san)
                .count();
            line.moves.drain(..same);
            line.spans.drain(..same);
            line.ply += same as u32;
            self.report.variations.extend(line.into_variation());
        }
    }

    /// Reads the moves of `line` from token `from` on, up to `end`, and says where it ended.
    /// `nesting`: for a parenthesised line, how deep it stands inside others (its nested
    /// variations are read); `None` for printed notes.
    fn extend(
        &self,
        tokens: &[Token<'_>],
        from: usize,
        end: usize,
        line: &mut Line,
        nesting: Option<u32>,
    ) -> LineEnd {
        let mut j = from;
        while j < end {
            match &tokens[j] {
                Token {
                    kind: TokenKind::MoveNumber { number, side, .. },
                    ..
                } => {
                    if Self::numbered_ply(*number, *side) != line.count {
                        return LineEnd::Done(j);
                    }
                }
                token @ Token {
                    kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                    ..
                } => {
                    let Some((_, Resolution::Resolved(r))) =
                        resolve_token(&line.pos, token, &self.options, line.origins.as_ref())
                    else {
                        return LineEnd::Unread(j);
                    };
                    line.before_last = (line.pos, line.origins);
                    line.moves
                        .push(SanPlus::from_san_and_play(&mut line.pos, r.san, r.mv));
                    if let Some(o) = &mut line.origins {
                        o.play(r.mv);
                    }
                    line.spans.push(token.span());
                    line.count += 1;
                }
                Token {
                    kind: TokenKind::VariationStart,
                    span,
                } if nesting.is_some() => {
                    let close = matching_close(tokens, j, end);
                    let depth = nesting.unwrap_or_default() + 1;
                    if depth > MAX_NESTING {
                        line.too_deep.get_or_insert(*span);
                    } else if !line.moves.is_empty() {
                        let ply = line.ply + line.moves.len() as u32 - 1;
                        let (pos, origins) = line.before_last;
                        let mut child = Line::new(ply, line.count - 1, pos, origins);
                        self.extend(tokens, j + 1, close, &mut child, Some(depth));
                        if let Some(deep) = child.too_deep {
                            line.too_deep.get_or_insert(deep);
                        }
                        line.children.extend(child.into_variation());
                    }
                    j = close;
                }
                Token {
                    kind:
                        TokenKind::Nag { .. }
                        | TokenKind::Comment { .. }
                        | TokenKind::Clock { .. }
                        | TokenKind::DrawOffer,
                    ..
                } => {}
                _ => return LineEnd::Done(j),
            }
            j += 1;
        }
        LineEnd::Done(end)
    }
}

/// The index of the parenthesis that closes the one at `open`, or `end`.
pub(super) fn matching_close(tokens: &[Token<'_>], open: usize, end: usize) -> usize {
    let mut depth = 0u32;
    for (j, t) in tokens.iter().enumerate().take(end).skip(open) {
        match &t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    end
}
