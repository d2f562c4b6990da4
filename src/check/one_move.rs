//! One written move in one position, as a `Result`: [`check_move`].

use super::{CheckOptions, Diagnostic, Finding, NamedMove, NumberProblem, Severity, check_game_in};
use crate::laws::winnability::Effort;
use crate::notation::{ErrorKind, ParseError, Span};
use crate::position::{Move, Position};
use crate::resolve::{AmbiguityCause, IllegalReason, Rule};
use crate::san::SanPlus;
use crate::scoresheet::{TokenKind, games};

/// Reads one written move in a position, as a scoresheet's ply is read: the one legal move it
/// names, or the error that a check of the sheet would report there, with its candidates and
/// suggestions.
///
/// `written` holds one move, optionally with its number before it (`23.`, `23...`) and a draw
/// offer after it (`(=)`), in the letters, case mode and edition of `options`; descriptive
/// notation is read as [`check_text`](super::check_text) reads it. `options.start` is ignored:
/// the position is `pos`.
///
/// # Errors
///
/// A [`MoveError`] whose [`diagnostic`](MoveError::diagnostic) is the error: an ambiguous move
/// (E10, E11 (2005); C.10 (2023)) with its candidates, an illegal move with its reason, an
/// unreadable one, or a text that holds no move, or more than one.
///
/// ```
/// use planilla::check::{check_move, CheckOptions};
/// use planilla::resolve::IllegalReason;
/// use planilla::{Position, Role, Square};
/// let options = CheckOptions::default();
/// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")?;
/// let played = check_move(&pos, "Ab5", &options)?;
/// assert_eq!((played.san.to_string().as_str(), played.mv.to_uci().as_str()), ("Bb5", "f1b5"));
///
/// // No white bishop reaches b6: the reason, and the closest legal moves.
/// let error = check_move(&pos, "Ab6", &options).unwrap_err();
/// assert_eq!(error.diagnostic.code(), "illegal-move");
/// assert_eq!(error.reason(), Some(IllegalReason::Unreachable(Role::Bishop, Square::B6)));
/// let closest: Vec<_> = error.suggestions().iter().map(|s| s.written.as_str()).collect();
/// assert!(closest.contains(&"Ab5"));
/// // The error implements `std::error::Error`; its `Display` form is the message in the
/// // options' language (Spanish by default).
/// let boxed: Box<dyn std::error::Error> = Box::new(error);
/// assert!(boxed.to_string().starts_with("error[illegal-move]"));
///
/// // After 1.d4 d5 2.Cf3 Cf6, both knights reach d2: ambiguous, with its candidates.
/// let pos = Position::from_fen("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3")?;
/// let error = check_move(&pos, "3.Cd2", &options).unwrap_err();
/// assert_eq!(error.diagnostic.code(), "ambiguous-move");
/// let candidates: Vec<_> = error.candidates().iter().map(|c| c.written.as_str()).collect();
/// assert_eq!(candidates, ["Cbd2", "Cfd2"]);
/// // A wrong capture mark is a warning: the move is certain.
/// let played = check_move(&pos, "Cbxd2", &options)?;
/// assert_eq!(played.san.to_string(), "Nbd2");
/// assert_eq!(played.warnings[0].code(), "capture-mark");
/// // Two moves are no move.
/// assert_eq!(check_move(&pos, "Cbd2 e6", &options).unwrap_err().diagnostic.code(), "unreadable-move");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_move(
    pos: &Position,
    written: &str,
    options: &CheckOptions,
) -> Result<CheckedMove, MoveError> {
    let options = CheckOptions {
        start: Some(*pos),
        dead_positions: Effort::Material,
        ..*options
    };
    let whole = Span::new(0, u32::try_from(written.len()).unwrap_or(u32::MAX));
    let unreadable = |error: ParseError| MoveError {
        diagnostic: Box::new(Diagnostic {
            finding: Finding::Unreadable(Some(error)),
            span: error.span,
            ply: Some(1),
            move_number: Some((pos.fullmove_number(), pos.turn())),
            written: Some(written.trim().to_owned()),
            rule: None,
            candidates: Vec::new(),
            suggestions: Vec::new(),
            messages: options.messages,
        }),
    };
    let mut reader = games(written, options.parser());
    let Some((game, error)) = reader.next_game() else {
        return Err(unreadable(ParseError::new(
            ErrorKind::Empty,
            whole,
            None,
            "a move",
        )));
    };
    let at = |span: Span| written.get(span.range()).and_then(|s| s.chars().next());
    // One move, with at most its number and a draw offer: anything else is no move. A word
    // that does not read is the check's own error, at its place.
    let mut moves = 0;
    let misplaced = game.tags.first().map(|t| (t.span, ErrorKind::NotAMove));
    let misplaced = misplaced.or_else(|| {
        game.movetext.iter().find_map(|t| match &t.kind {
            TokenKind::MoveNumber { .. } | TokenKind::DrawOffer | TokenKind::Word { .. } => None,
            TokenKind::Move(_) | TokenKind::Descriptive(_) => {
                moves += 1;
                (moves > 1).then(|| (t.span(), ErrorKind::TrailingCharacters))
            }
            _ => Some((t.span(), ErrorKind::NotAMove)),
        })
    });
    if let Some((span, kind)) = misplaced {
        return Err(unreadable(ParseError::new(
            kind,
            span,
            at(span),
            "one move",
        )));
    }
    if reader.next_game().is_some() {
        let end = Span::new(whole.end, whole.end);
        return Err(unreadable(ParseError::new(
            ErrorKind::TrailingCharacters,
            end,
            None,
            "one move only",
        )));
    }
    let report = check_game_in(&game, error, written, 0, &options);
    let mut diagnostics = report.diagnostics.into_iter();
    let mut warnings = Vec::new();
    for d in diagnostics.by_ref() {
        match d.severity() {
            Severity::Error => {
                return Err(MoveError {
                    diagnostic: Box::new(d),
                });
            }
            // A move stands alone: it needs no number.
            _ if matches!(
                d.finding,
                Finding::MoveNumber(NumberProblem::Missing { .. })
            ) => {}
            Severity::Warning => warnings.push(d),
            _ => {}
        }
    }
    match report.moves.into_iter().next() {
        Some(ply) if moves == 1 => Ok(CheckedMove {
            mv: ply.mv,
            san: ply.san,
            after: ply.after,
            warnings,
        }),
        _ => Err(unreadable(ParseError::new(
            ErrorKind::NotAMove,
            whole,
            at(whole),
            "a move",
        ))),
    }
}

/// The one legal move a written move names, from [`check_move`].
///
/// ```
/// use planilla::{check_move, CheckOptions, Position};
/// let options = CheckOptions::default();
/// let played = check_move(&Position::startpos(), "Cf3", &options)?;
/// assert_eq!((played.san.to_string(), played.mv.to_uci()), ("Nf3".into(), "g1f3".into()));
/// let fen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
/// assert_eq!(played.after.to_fen(), fen);
/// assert!(played.warnings.is_empty());
/// // The knight's file where only one knight reaches f3: the same move, with a warning.
/// let played = check_move(&Position::startpos(), "Cgf3", &options)?;
/// assert_eq!(played.san.to_string(), "Nf3");
/// assert_eq!(played.warnings[0].code(), "disambiguation");
/// # Ok::<(), planilla::MoveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckedMove {
    /// The move.
    pub mv: Move,
    /// Its standard SAN, with the check or mate suffix (PGN §8.2.3).
    pub san: SanPlus,
    /// The position after it.
    pub after: Position,
    /// What was irregular in the writing though its meaning is certain (a wrong `x` or `+`,
    /// a superfluous disambiguation, a guess of lenient reading, a move number that is not
    /// the position's): the warnings a check of the sheet would give.
    pub warnings: Vec<Diagnostic>,
}

/// A written move that names no single legal move, from [`check_move`]: the error a check of
/// the sheet reports at that ply. It implements [`std::error::Error`]; its `Display` form is
/// the diagnostic's (`error[illegal-move]: …`, in the language of the options it was made
/// with), and [`Diagnostic::message`] gives the message in any language.
///
/// ```
/// use planilla::{check_move, CheckOptions, IllegalReason, Position, Role, Square};
/// // No white knight reaches f4 from the initial position.
/// let error = check_move(&Position::startpos(), "Cf4", &CheckOptions::default()).unwrap_err();
/// assert_eq!(error.diagnostic.code(), "illegal-move");
/// assert_eq!(error.reason(), Some(IllegalReason::Unreachable(Role::Knight, Square::F4)));
/// assert_eq!(error.rule().unwrap().to_string(), "Art. 3 (2023)");
/// let closest: Vec<_> = error.suggestions().iter().map(|s| s.written.as_str()).collect();
/// assert_eq!(closest, ["Cf3", "f4", "c4"]);
/// assert!(error.to_string().starts_with("error[illegal-move]: 1. Cf4: jugada ilegal"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveError {
    /// The error: its code, its span in the written text, its article, the candidates of an
    /// ambiguous move and the closest legal moves.
    /// (Boxed, so that a `Result` of a move stays small.)
    pub diagnostic: Box<Diagnostic>,
}

impl MoveError {
    /// Why no legal move fits, for an illegal move.
    #[must_use]
    pub fn reason(&self) -> Option<IllegalReason> {
        match self.diagnostic.finding {
            Finding::Illegal(reason) => Some(reason),
            _ => None,
        }
    }

    /// Why several legal moves fit, for an ambiguous or incomplete move.
    #[must_use]
    pub fn ambiguity(&self) -> Option<AmbiguityCause> {
        match self.diagnostic.finding {
            Finding::Ambiguous(cause) => Some(cause),
            _ => None,
        }
    }

    /// Every legal move that fits an ambiguous move.
    #[must_use]
    pub fn candidates(&self) -> &[NamedMove] {
        &self.diagnostic.candidates
    }

    /// Up to three legal moves closest to the writing, closest first.
    #[must_use]
    pub fn suggestions(&self) -> &[NamedMove] {
        &self.diagnostic.suggestions
    }

    /// The article the error rests on.
    #[must_use]
    pub fn rule(&self) -> Option<Rule> {
        self.diagnostic.rule
    }
}
