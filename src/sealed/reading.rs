//! Reading the envelope's text: exactly one move, with at most its number before it and a
//! draw offer after it (A4; E13, C.12), resolved in the envelope's position.

use crate::notation::{ErrorKind, Language, ParseError, Readings, Span};
use crate::position::Position;
use crate::resolve::{AmbiguityCause, IrregularityKind, Options, Resolution, Rule, resolve};
use crate::san::SanPlus;
use crate::scoresheet::{Game, TokenKind, games};
use crate::types::Color;

use super::SealedOptions;
use super::ruling::Verdict;
use crate::check::ply::check_ply;
use crate::check::{CheckOptions, Diagnostic, Finding, NumberProblem, Severity};
use crate::laws::Article;
use crate::laws::winnability::Effort;

/// The one move of a sealed text, with the number written before it and the draw offer after
/// it, if any.
pub(super) struct SoleMove<'g> {
    readings: SoleReading<'g>,
    number: Option<(u32, bool, Span)>,
    draw_offer: Option<Span>,
}

/// The sealed move, in algebraic or in descriptive notation.
#[derive(Clone, Copy)]
pub(super) enum SoleReading<'g> {
    Algebraic(&'g Readings),
    Descriptive(crate::notation::descriptive::DescriptiveMove),
}

impl SoleReading<'_> {
    /// The move resolved in `position`.
    pub(super) fn resolve(
        &self,
        position: &Position,
        language: &Language,
        options: Options,
    ) -> Resolution {
        match self {
            SoleReading::Algebraic(readings) => resolve(position, readings, language, options),
            SoleReading::Descriptive(d) => {
                crate::resolve::descriptive::resolve_descriptive(position, d, language, options)
            }
        }
    }

    /// The move as written, without a draw offer glued to it.
    pub(super) fn span(&self) -> Span {
        match self {
            SoleReading::Algebraic(readings) => crate::check::move_span(readings.first()),
            SoleReading::Descriptive(d) => match d.draw_offer {
                Some(offer) => Span::new(d.span.start, offer.start.max(d.span.start)),
                None => d.span,
            },
        }
    }
}

/// The error that makes a token out of place in a sealed move: `kind` at its span.
pub(super) fn misplaced(
    text: &str,
    span: Span,
    kind: ErrorKind,
    expected: &'static str,
) -> ParseError {
    let found = text.get(span.range()).and_then(|s| s.chars().next());
    ParseError::new(kind, span, found, expected)
}

/// The text read as a scoresheet must hold exactly one move, with at most a move number before
/// it and a draw offer after it (A4; E13, C.12): anything else, or nothing, makes it unreadable
/// (A8.b (2005); Guidelines I.8). No token is passed over.
pub(super) fn sole_move<'g>(
    text: &str,
    game: Option<&'g Game<'_>>,
    error: Option<ParseError>,
    more: bool,
) -> Result<SoleMove<'g>, ParseError> {
    let whole = Span::new(0, text.len().min(u32::MAX as usize) as u32);
    let Some(game) = game else {
        return Err(ParseError::new(ErrorKind::Empty, whole, None, "a move"));
    };
    if let Some(e) = error {
        return Err(e);
    }
    if let Some(tag) = game.tags.first() {
        return Err(misplaced(text, tag.span, ErrorKind::NotAMove, "one move"));
    }
    let mut sole: Option<SoleMove<'g>> = None;
    let mut number = None;
    for token in &game.movetext {
        let span = token.span();
        match (&token.kind, &mut sole) {
            // A word that does not read as a move: its own error, as the lexer gave it.
            (TokenKind::Word { error, .. }, _) => return Err(*error),
            (
                TokenKind::MoveNumber {
                    number: n, side, ..
                },
                None,
            ) if number.is_none() => {
                number = Some((*n, side.is_black(), span));
            }
            (TokenKind::MoveNumber { .. }, None) => {
                let kind = ErrorKind::BadMoveNumber;
                return Err(misplaced(text, span, kind, "one move number"));
            }
            (TokenKind::Move(readings), None) => {
                let draw_offer = readings.first().draw_offer();
                sole = Some(SoleMove {
                    readings: SoleReading::Algebraic(readings),
                    number: number.take(),
                    draw_offer,
                });
            }
            (TokenKind::Descriptive(d), None) => {
                sole = Some(SoleMove {
                    readings: SoleReading::Descriptive(**d),
                    number: number.take(),
                    draw_offer: d.draw_offer,
                });
            }
            (TokenKind::DrawOffer, Some(m)) if m.draw_offer.is_none() => {
                m.draw_offer = Some(span);
            }
            (_, None) => return Err(misplaced(text, span, ErrorKind::NotAMove, "a move")),
            (_, Some(_)) => {
                let kind = ErrorKind::TrailingCharacters;
                return Err(misplaced(text, span, kind, "one move only"));
            }
        }
    }
    if more {
        // A second game: a result or headers after the move.
        let end = Span::new(whole.end, whole.end);
        return Err(ParseError::new(
            ErrorKind::TrailingCharacters,
            end,
            None,
            "one move only",
        ));
    }
    sole.ok_or_else(|| match number {
        Some((_, _, span)) => misplaced(text, span, ErrorKind::Empty, "a move after the number"),
        None => ParseError::new(ErrorKind::Empty, whole, None, "a move"),
    })
}

/// What a resolution makes of the sealed move.
pub(super) fn verdict_of(position: &Position, resolution: Resolution) -> Verdict {
    match resolution {
        Resolution::Resolved(r) => {
            let mut after = *position;
            let san = SanPlus::from_san_and_play(&mut after, r.san, r.mv);
            Verdict::Valid { mv: r.mv, san }
        }
        Resolution::Ambiguous(a) => Verdict::Ambiguous {
            candidates: a.candidates,
            cause: a.cause,
        },
        Resolution::Illegal(i) => Verdict::Illegal { reason: i.reason },
        Resolution::Unreadable(_) => Verdict::Unreadable { error: None },
    }
}

/// The sealed move read: the verdict, and what the text says besides.
pub(super) struct Reading {
    pub(super) verdict: Verdict,
    /// The move's span in the text (the whole text when there is no move).
    pub(super) span: Span,
    pub(super) number: Option<u32>,
    pub(super) draw_offer: Option<Span>,
    /// A move resolved only as the unique completion of an incomplete target.
    pub(super) incomplete: bool,
    /// The move was read in descriptive notation.
    pub(super) descriptive: bool,
    pub(super) irregularities: Vec<Diagnostic>,
}

/// Reads the sealed move `text` (already trimmed), by the per-ply step the checker's walker
/// uses. With `irregularities`, its warnings are kept, and a move number that is not the
/// envelope's: the ruling lists what `check` would report for that ply of a sheet.
pub(super) fn read(
    position: &Position,
    text: &str,
    options: &SealedOptions<'_>,
    irregularities: bool,
) -> Reading {
    let whole = Span::new(0, text.len().min(u32::MAX as usize) as u32);
    let check_options = CheckOptions {
        start: Some(*position),
        dead_positions: Effort::Material,
        ..options.check
    };
    let mut reader = games(text, check_options.parser());
    let first = reader.next_game();
    let more = first.is_some() && reader.next_game().is_some();
    let (game, error) = first.map_or((None, None), |(g, e)| (Some(g), e));
    let sole = match sole_move(text, game.as_ref(), error, more) {
        Ok(sole) => sole,
        Err(e) => {
            return Reading {
                verdict: Verdict::Unreadable { error: Some(e) },
                span: if e.span.is_empty() { whole } else { e.span },
                number: None,
                draw_offer: None,
                incomplete: false,
                descriptive: false,
                irregularities: Vec::new(),
            };
        }
    };
    // The shared per-ply step: the move's outcome and its own diagnostics, as `check` gives
    // them for a ply of a sheet.
    let token = game.as_ref().and_then(|g| {
        g.movetext
            .iter()
            .find(|t| matches!(t.kind, TokenKind::Move(_) | TokenKind::Descriptive(_)))
    });
    let checked = token.and_then(|t| check_ply(position, t, text, &check_options, None, 1));
    let (resolution, diagnostics) = match checked {
        Some(c) => (c.resolution, c.diagnostics),
        None => (
            sole.readings.resolve(
                position,
                &options.check.language,
                check_options.resolve_options(),
            ),
            Vec::new(),
        ),
    };
    let incomplete = match &resolution {
        Resolution::Resolved(r) => r
            .notes
            .iter()
            .any(|n| n.kind == IrregularityKind::IncompleteButUnique),
        Resolution::Ambiguous(a) => a.cause == AmbiguityCause::IncompleteTarget,
        _ => false,
    };
    let found = if irregularities {
        irregularities_of(position, diagnostics, sole.number, options)
    } else {
        Vec::new()
    };
    // The move without the blanks before a draw offer glued to it.
    let span = sole.readings.span();
    let blanks = text
        .get(span.range())
        .map_or(0, |s| s.len() - s.trim_end().len());
    Reading {
        verdict: verdict_of(position, resolution),
        span: Span::new(span.start, span.end - blanks as u32),
        number: sole.number.map(|(n, _, _)| n),
        draw_offer: sole.draw_offer,
        incomplete,
        descriptive: matches!(sole.readings, SoleReading::Descriptive(_)),
        irregularities: found,
    }
}

/// The irregularities of a sealed move's reading: the warnings of the per-ply step, and a move
/// number that is not the envelope's (`number`: the number written, whether it announces a
/// Black move, its span), sorted by where they are in the text.
fn irregularities_of(
    position: &Position,
    diagnostics: Vec<Diagnostic>,
    number: Option<(u32, bool, Span)>,
    options: &SealedOptions<'_>,
) -> Vec<Diagnostic> {
    let mut found: Vec<Diagnostic> = diagnostics
        .into_iter()
        .filter(|d| d.severity() == Severity::Warning && matches!(d.finding, Finding::Irregular(_)))
        .map(|d| Diagnostic { ply: None, ..d })
        .collect();
    // A number that is not the envelope's (a sealed move stands alone: none is needed).
    let expected = position.fullmove_number();
    if let Some((number, black, span)) = number
        && number != expected
        && (black || position.turn() == Color::White)
    {
        let problem = NumberProblem::OutOfOrder {
            expected,
            found: number,
        };
        let mover = position.turn();
        found.push(number_diagnostic(problem, span, (expected, mover), options));
    }
    // `23...` announces a Black move: not the move number of a White envelope.
    if let Some((number, true, span)) = number
        && position.turn() == Color::White
    {
        let problem = NumberProblem::WrongSide {
            number,
            mover: Color::White,
        };
        let at = (position.fullmove_number(), Color::White);
        found.push(number_diagnostic(problem, span, at, options));
    }
    found.sort_by_key(|d| d.span.start);
    found
}

/// A move number's diagnostic in a sealed move (Art. 8.1, recording): `at` is the envelope's
/// move number and side.
fn number_diagnostic(
    problem: NumberProblem,
    span: Span,
    at: (u32, Color),
    options: &SealedOptions<'_>,
) -> Diagnostic {
    Diagnostic {
        finding: Finding::MoveNumber(problem),
        span,
        ply: None,
        move_number: Some(at),
        written: None,
        rule: Some(Rule::new(options.check.edition, Article::Recording)),
        candidates: Vec::new(),
        suggestions: Vec::new(),
        messages: options.check.messages,
    }
}
