//! Games: tokens grouped one game at a time, with their headers.

use std::borrow::Cow;

use super::lexer::{Lexer, Token};
use super::words::{HeaderField, Outcome, pgn_value};
use crate::notation::{ErrorKind, ParseError, Parser, Readings, Span};

/// A header of a game: a PGN tag pair, or a Spanish header line mapped to its PGN tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The PGN tag name (`White` for a `Blancas:` line).
    pub name: Cow<'a, str>,
    /// The value in PGN form (see [`pgn_value`](super::pgn_value) for Spanish lines).
    pub value: Cow<'a, str>,
    /// The Spanish field, when the header was a Spanish line.
    pub spanish: Option<HeaderField>,
    /// The span of the whole header.
    pub span: Span,
}

/// The Seven Tag Roster (PGN §8.1.1), with the PGN placeholders for missing tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SevenTagRoster {
    /// `Event` (`?` if missing).
    pub event: String,
    /// `Site` (`?`).
    pub site: String,
    /// `Date` (`????.??.??`).
    pub date: String,
    /// `Round` (`?`).
    pub round: String,
    /// `White` (`?`).
    pub white: String,
    /// `Black` (`?`).
    pub black: String,
    /// `Result` (`*`).
    pub result: String,
}

/// One game: its headers and its movetext tokens, in order.
///
/// ```
/// use planilla::notation::Parser;
/// use planilla::scoresheet::{games, Outcome};
/// let text = "Blancas: Ana\nNegras: Luis\nFecha: 7/3/2024\n\n1. e4 e5 2. Cf3 tablas\n";
/// let game = games(text, Parser::spanish()).next().unwrap().unwrap();
/// let roster = game.roster();
/// assert_eq!((roster.white.as_str(), roster.black.as_str()), ("Ana", "Luis"));
/// assert_eq!(roster.date, "2024.03.07");
/// assert_eq!(roster.result, "1/2-1/2");
/// assert_eq!(game.mainline().count(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Draw));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game<'a> {
    /// The headers, in order.
    pub tags: Vec<Tag<'a>>,
    /// The movetext tokens, in order (variations included, between their start and end).
    pub movetext: Vec<Token<'a>>,
}

impl<'a> Game<'a> {
    /// The value of the last header named `name` (PGN name, e.g. `"White"`).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|t| t.name == name)
            .map(|t| t.value.as_ref())
    }

    /// The Seven Tag Roster; the result comes from the `Result` header or, failing that, from
    /// the result at the end of the movetext.
    pub fn roster(&self) -> SevenTagRoster {
        let get = |n: &str, default: &str| self.tag(n).unwrap_or(default).to_owned();
        let result = self
            .tag("Result")
            .map(str::to_owned)
            .or_else(|| self.outcome().and_then(Outcome::pgn).map(str::to_owned))
            .unwrap_or_else(|| "*".to_owned());
        SevenTagRoster {
            event: get("Event", "?"),
            site: get("Site", "?"),
            date: get("Date", "????.??.??"),
            round: get("Round", "?"),
            white: get("White", "?"),
            black: get("Black", "?"),
            result,
        }
    }

    /// The moves of the main line (outside every variation), in order.
    pub fn mainline(&self) -> impl Iterator<Item = &Readings> + '_ {
        let mut depth = 0u32;
        self.movetext.iter().filter_map(move |t| {
            match t {
                Token::VariationStart(_) => depth += 1,
                Token::VariationEnd(_) => depth = depth.saturating_sub(1),
                Token::Move(r) if depth == 0 => return Some(r),
                _ => {}
            }
            None
        })
    }

    /// The result written at the end of the movetext, if any.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.movetext.last() {
            Some(Token::Outcome { outcome, .. }) => Some(*outcome),
            _ => None,
        }
    }
}

/// The games of a text, one at a time: an `Iterator` of `Result<Game, ParseError>`.
///
/// A game ends at a result outside variations, or where the headers of the next game begin, or
/// at the end of the text. After a syntax error the iterator yields the error and skips to the
/// next game. Only the current game is held in memory, and at most
/// [`max_tokens`](Games::max_tokens) tokens of it (128 bytes each): a longer game, such as 10⁶
/// nested parentheses, is reported as [`ErrorKind::GameTooLong`] and skipped. Use the
/// [`Lexer`] to stream a game of any length in constant memory.
#[derive(Clone, Debug)]
pub struct Games<'a> {
    lexer: Lexer<'a>,
    pending: Option<Token<'a>>,
    utf8_error: Option<ParseError>,
    skip_to_next_game: bool,
    max_tokens: usize,
}

/// The default [`Games::max_tokens`]: 2¹⁹ tokens, 64 MiB. Real games have a few hundred.
pub const DEFAULT_MAX_TOKENS: usize = 1 << 19;

impl Games<'_> {
    /// Sets how many movetext tokens one game may hold (default [`DEFAULT_MAX_TOKENS`]).
    ///
    /// ```
    /// use planilla::notation::{ErrorKind, Parser};
    /// use planilla::scoresheet::games;
    /// let mut it = games("1. e4 e5 2. Cf3 Cc6 1-0", Parser::spanish()).max_tokens(4);
    /// assert_eq!(it.next().unwrap().unwrap_err().kind, ErrorKind::GameTooLong);
    /// ```
    pub fn max_tokens(mut self, max: usize) -> Self {
        self.max_tokens = max;
        self
    }
}

/// Reads the games of a text given as bytes, such as a file's contents.
///
/// # Errors
/// Invalid UTF-8 is reported once, as [`ErrorKind::InvalidUtf8`] with the offset of the first
/// bad byte, and nothing after it is read.
///
/// ```
/// use planilla::notation::{ErrorKind, Parser};
/// use planilla::scoresheet::read_games;
/// let mut it = read_games(b"1.e4 e5 \xff 2.Cf3", Parser::spanish());
/// let err = it.next().unwrap().unwrap_err();
/// assert_eq!(err.kind, ErrorKind::InvalidUtf8);
/// assert_eq!(err.span.range(), 8..9);
/// ```
pub fn read_games(input: &[u8], parser: Parser) -> Games<'_> {
    match std::str::from_utf8(input) {
        Ok(text) => games(text, parser),
        Err(e) => {
            let at = e.valid_up_to();
            let len = e.error_len().unwrap_or(input.len() - at);
            let mut g = games("", parser);
            g.utf8_error = Some(ParseError::new(
                ErrorKind::InvalidUtf8,
                Span::new(at as u32, (at + len) as u32),
                None,
                "UTF-8 text",
            ));
            g
        }
    }
}

/// Reads the games of a text.
pub fn games(text: &str, parser: Parser) -> Games<'_> {
    Games {
        lexer: Lexer::new(text, parser),
        pending: None,
        utf8_error: None,
        skip_to_next_game: false,
        max_tokens: DEFAULT_MAX_TOKENS,
    }
}

fn header(token: Token<'_>) -> Result<Tag<'_>, Box<Token<'_>>> {
    match token {
        Token::Tag { name, value, span } => Ok(Tag {
            name,
            value,
            spanish: None,
            span,
        }),
        Token::Header { field, value, span } => Ok(Tag {
            name: Cow::Borrowed(field.tag_name()),
            value: match pgn_value(field, &value) {
                v if v == value => value,
                v => Cow::Owned(v),
            },
            spanish: Some(field),
            span,
        }),
        other => Err(Box::new(other)),
    }
}

impl<'a> Games<'a> {
    /// The next game with the syntax error that ended its reading early, if any: the game
    /// holds the tokens read before the error, so a validator can say at which ply the
    /// sheet became unreadable. The iterator's `Err` drops those tokens.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// use planilla::scoresheet::games;
    /// let mut it = games("1.e4 e5 2.Cz9 Cc6", Parser::spanish());
    /// let (game, error) = it.next_game().unwrap();
    /// assert_eq!(game.mainline().count(), 2);
    /// assert_eq!(error.unwrap().span.start, 11); // the `z` that is no file
    /// ```
    pub fn next_game(&mut self) -> Option<(Game<'a>, Option<ParseError>)> {
        if let Some(e) = self.utf8_error.take() {
            return Some((Game::default(), Some(e)));
        }
        let mut game = Game::default();
        let mut started = false;
        loop {
            let token = match self.pending.take() {
                Some(t) => t,
                None => match self.lexer.next() {
                    None => break,
                    // The rest of a game that an error stopped is skipped, errors included:
                    // a second error there is no new game.
                    Some(Err(_)) if self.skip_to_next_game => continue,
                    Some(Err(e)) => {
                        self.skip_to_next_game = true;
                        return Some((game, Some(e)));
                    }
                    Some(Ok(t)) => t,
                },
            };
            let is_header = matches!(token, Token::Tag { .. } | Token::Header { .. });
            if self.skip_to_next_game {
                if !is_header && !matches!(token, Token::Outcome { .. }) {
                    continue;
                }
                self.skip_to_next_game = false;
                if !is_header {
                    continue;
                }
            }
            if is_header && !game.movetext.is_empty() {
                self.pending = Some(token);
                break;
            }
            started = true;
            let depth = self.lexer.depth();
            match header(token) {
                Ok(tag) => game.tags.push(tag),
                Err(token) => {
                    if game.movetext.len() >= self.max_tokens {
                        self.skip_to_next_game = true;
                        let e = ParseError::new(
                            ErrorKind::GameTooLong,
                            token.span(),
                            None,
                            "a game of at most max_tokens tokens",
                        );
                        return Some((game, Some(e)));
                    }
                    let ends = matches!(*token, Token::Outcome { .. }) && depth == 0;
                    game.movetext.push(*token);
                    if ends {
                        break;
                    }
                }
            }
        }
        started.then_some((game, None))
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = Result<Game<'a>, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game().map(|(game, error)| match error {
            Some(e) => Err(e),
            None => Ok(game),
        })
    }
}
