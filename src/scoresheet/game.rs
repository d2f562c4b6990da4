//! Games: tokens grouped one game at a time, with their headers.

use std::borrow::Cow;

use super::lexer::{Lexer, Token, TokenKind};
use super::words::{HeaderField, Outcome, pgn_form};
use crate::notation::Readings;
use crate::notation::{ErrorKind, ParseError, Parser, Span};
use crate::text::SmallText;
use crate::types::Color;

/// A header of a game: a PGN tag pair, or a Spanish header line mapped to its PGN tag.
///
/// ```
/// use planilla::{HeaderField, Parser, games};
/// let text = "Blancas: Ana Pérez\nFecha: 05/03/2024\n\n1. e4 e5 *\n";
/// let game = games(text, Parser::spanish()).next().unwrap()?;
/// let date = &game.tags[1];
/// assert_eq!((date.name.as_ref(), date.value.as_ref()), ("Date", "2024.03.05"));
/// assert_eq!(date.spanish, Some(HeaderField::Date));
/// assert_eq!(&text[date.span.range()], "Fecha: 05/03/2024");
/// assert_eq!(game.tag("White"), Some("Ana Pérez"));
/// # Ok::<(), planilla::ParseError>(())
/// ```
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

/// The room a game's header list starts with: the Seven Tag Roster and one more.
const TAGS_ROOM: usize = 8;

/// The Seven Tag Roster (PGN §8.1.1), with the PGN placeholders for missing tags.
///
/// ```
/// use planilla::{Parser, games};
/// let text = "[White \"Ana\"]\n[Black \"Luis\"]\n\n1. e4 e5 2. Cf3 1-0\n";
/// let roster = games(text, Parser::spanish()).next().unwrap()?.roster();
/// assert_eq!((&*roster.white, &*roster.black, &*roster.result), ("Ana", "Luis", "1-0"));
/// assert_eq!((&*roster.event, &*roster.date), ("?", "????.??.??"));
/// # Ok::<(), planilla::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SevenTagRoster {
    /// `Event` (`?` if missing).
    pub event: SmallText,
    /// `Site` (`?`).
    pub site: SmallText,
    /// `Date` (`????.??.??`).
    pub date: SmallText,
    /// `Round` (`?`).
    pub round: SmallText,
    /// `White` (`?`).
    pub white: SmallText,
    /// `Black` (`?`).
    pub black: SmallText,
    /// `Result` (`*`).
    pub result: SmallText,
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
    /// The movetext tokens, in order (variations included, between their start and end). On
    /// a sheet of two columns side by side, the left column comes first.
    #[doc(hidden)]
    pub movetext: Vec<Token<'a>>,
    /// How the moves were laid out on the sheet.
    pub layout: Layout,
    /// When a syntax error stopped the reading: how many more words that read as moves, or
    /// failed to, were written after the error in this game (the unread rest).
    pub unread_after_error: usize,
}

/// How a sheet lays out its moves.
///
/// ```
/// use planilla::notation::Parser;
/// use planilla::scoresheet::{games, Layout};
/// // The FIDE form: moves 1–30 on the left, 31–60 on the right of the same lines.
/// let text = "1. e4 e5      3. Ac4 Ac5\n2. Cf3 Cc6     4. c3 Cf6\n";
/// let game = games(text, Parser::spanish()).next().unwrap().unwrap();
/// assert_eq!(game.layout, Layout::SideBySide { offset: 2 });
/// let moves: Vec<String> = game.mainline().map(|r| r.first().to_string()).collect();
/// assert_eq!(moves, ["e4", "e5", "Cf3", "Cc6", "Ac4", "Ac5", "c3", "Cf6"]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One column, or one move pair per line.
    #[default]
    Single,
    /// Two columns side by side: each line holds move `n` of the left column and move
    /// `n + offset` of the right (1–30 | 31–60 on the FIDE form; 1–25 | 26–50 and 1–20 | 21–40
    /// also occur). The movetext is given left column first.
    SideBySide {
        /// How many moves the left column holds.
        offset: u32,
    },
    /// The move numbers on a line jump, and no layout of two columns side by side explains
    /// them: the span is the number where they jump.
    Unclear {
        /// The move number that jumps.
        at: Span,
    },
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
        let get = |n: &str, default: &str| SmallText::new(self.tag(n).unwrap_or(default));
        let result = SmallText::new(
            self.tag("Result")
                .or_else(|| self.outcome().and_then(Outcome::pgn))
                .unwrap_or("*"),
        );
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
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::Move(r) if depth == 0 => return Some(r),
                _ => {}
            }
            None
        })
    }

    /// The result written at the end of the movetext, if any: the last token but for the
    /// termination words, comments and other text that may follow a result on its line
    /// (`1-0 abandono`).
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// use planilla::scoresheet::{games, Outcome};
    /// let game = games("1.e4 e5 1-0 abandono", Parser::spanish()).next().unwrap().unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::WhiteWins));
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let last = self.movetext.iter().rev().find(|t| {
            !matches!(
                t.kind,
                TokenKind::Termination { .. }
                    | TokenKind::UnknownWord { .. }
                    | TokenKind::Comment { .. }
            )
        });
        match last {
            Some(Token {
                kind: TokenKind::Outcome { outcome, .. },
                ..
            }) => Some(*outcome),
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
/// nested parentheses, is reported as [`ErrorKind::GameTooLong`] and skipped.
///
/// ```
/// use planilla::{ErrorKind, Parser, games};
/// let text = "1. e4 e5 *\n\n1. d4 d5 2. c4 e6 3. Cc3 Cf6 *\n";
/// let mut games = games(text, Parser::spanish()).max_tokens(8);
/// assert!(games.next().unwrap().is_ok());
/// assert_eq!(games.next().unwrap().unwrap_err().kind, ErrorKind::GameTooLong);
/// assert!(games.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Games<'a> {
    lexer: Lexer<'a>,
    /// A token read ahead, with its line: the first of the next game.
    pending: Option<(Result<Token<'a>, ParseError>, u32)>,
    utf8_error: Option<ParseError>,
    max_tokens: usize,
    /// The line of each movetext token of the game being read, for its layout: one list for
    /// every game, cleared for each.
    lines: Vec<u32>,
    /// The lists of a game given back ([`Games::recycle`]), empty, for the next game.
    spare: Option<(Vec<Tag<'a>>, Vec<Token<'a>>)>,
    /// The names of the first tags of the game being read, once it has more than
    /// [`LINEAR_TAGS`]: whether it has a field is then asked of a set, so that a game of a
    /// million header lines is read in linear time.
    names: rustc_hash::FxHashSet<String>,
    /// How many of the game's tags are in `names`.
    named: usize,
    /// The game's first move number ([`restarts`]), with how many tags the game had when it
    /// was read from them: read again only when a tag is added, not at every blank line.
    first_number: Option<(usize, u32)>,
}

/// Up to this many tags, 32, whether a game has a field is asked of its list.
const LINEAR_TAGS: usize = 32;

/// The most tokens a game's list is made ready for before reading: 512, a long game's
/// (a token is 120 bytes, so 60 KiB); a longer game grows its list as it goes.
const GAME_TOKENS_HINT: usize = 512;

/// The default [`Games::max_tokens`]: 2¹⁷ tokens, about 15 MiB. Real games have a few hundred;
/// a game annotated at length, a few thousand.
pub const DEFAULT_MAX_TOKENS: usize = 1 << 17;

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
#[must_use]
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

/// Reads the games of a text, one [`Game`] at a time ([`Games`]), each with its headers, its
/// movetext and its [`Layout`](crate::Layout); an error of reading (such as a game over
/// [`Games::max_tokens`]) comes as `Err` and the next game follows.
///
/// ```
/// use planilla::{Parser, games};
/// let text = "[White \"Ana\"]\n\n1. e4 e5 1-0\n\n[White \"Luis\"]\n\n1. d4 Cf6 *\n";
/// let whites: Vec<_> = games(text, Parser::spanish())
///     .map(|game| game.map(|g| g.tag("White").unwrap().to_owned()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(whites, ["Ana", "Luis"]);
/// # Ok::<(), planilla::ParseError>(())
/// ```
#[must_use]
pub fn games(text: &str, parser: Parser) -> Games<'_> {
    Games {
        lexer: Lexer::new(text, parser),
        pending: None,
        utf8_error: None,
        max_tokens: DEFAULT_MAX_TOKENS,
        lines: Vec::new(),
        spare: None,
        names: rustc_hash::FxHashSet::default(),
        named: 0,
        first_number: None,
    }
}

fn header(token: Token<'_>) -> Result<Tag<'_>, Box<Token<'_>>> {
    match token {
        Token {
            kind: TokenKind::Tag { name, value },
            span,
        } => Ok(Tag {
            name,
            value,
            spanish: None,
            span,
        }),
        Token {
            kind: TokenKind::Header { field, value },
            span,
        } => Ok(Tag {
            name: Cow::Borrowed(field.tag_name()),
            value: match pgn_form(field, &value) {
                None => value,
                Some(v) => Cow::Owned(v),
            },
            spanish: Some(field),
            span,
        }),
        other => Err(Box::new(other)),
    }
}

/// The lists of the games a reader gave back ([`Games::recycle`]), kept from one piece of a
/// stream to the next: a streaming check then allocates no token, header or line list a game.
#[derive(Debug, Default)]
pub(crate) struct SpareLists {
    tags: Vec<Tag<'static>>,
    movetext: Vec<Token<'static>>,
    lines: Vec<u32>,
}

/// The same empty list, for items of another lifetime, in the same allocation when the
/// standard library's in-place collection keeps it (it does for these types of equal
/// layout; where it would not, the list is new). No unsafe code.
fn relabel<T, U>(list: Vec<T>) -> Vec<U> {
    list.into_iter().filter_map(|_| None).collect()
}

impl<'a> Games<'a> {
    /// Reads into `spare`'s lists, taken from the piece before.
    pub(crate) fn with_spare(mut self, spare: SpareLists) -> Self {
        self.spare = Some((relabel(spare.tags), relabel(spare.movetext)));
        self.lines = spare.lines;
        self
    }

    /// The lists to read the next piece into.
    pub(crate) fn into_spare(self) -> SpareLists {
        let (tags, movetext) = self.spare.unwrap_or_default();
        SpareLists {
            tags: relabel(tags),
            movetext: relabel(movetext),
            lines: self.lines,
        }
    }

    /// Gives a game back once read, so that the next game is read into its lists, which keep
    /// their room: a reader that checks game after game allocates no list a game.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// use planilla::scoresheet::games;
    /// let mut it = games("1. e4 e5 1-0\n\n1. d4 d5 0-1", Parser::spanish());
    /// let (first, _) = it.next_game().unwrap();
    /// assert_eq!(first.mainline().count(), 2);
    /// it.recycle(first);
    /// let (second, _) = it.next_game().unwrap();
    /// assert_eq!(second.mainline().next().unwrap().first().to_string(), "d4");
    /// ```
    pub fn recycle(&mut self, game: Game<'a>) {
        let Game {
            mut tags,
            mut movetext,
            ..
        } = game;
        tags.clear();
        movetext.clear();
        self.spare = Some((tags, movetext));
    }

    /// The next game with the syntax error that ended its reading early, if any: the game
    /// holds the tokens read before the error, so a validator can say at which ply the
    /// sheet became unreadable, and [`Game::unread_after_error`] counts the words after it.
    /// The iterator's `Err` drops those tokens. A word that does not read as a move ends
    /// nothing: it is a [`TokenKind::Word`] of the movetext, which the checker judges in its
    /// place (an error on a sheet; in printed text, perhaps prose).
    ///
    /// A game ends at its result (outside variations), with the termination words after it
    /// and a `Resultado:` line; or where the headers of the next game begin; or where White's
    /// number of the game's first move (`1.`, or the move number of its FEN) stands again
    /// after a blank line, as on sheets copied one after another with no headers and no result
    /// (`cat *.txt`); or at the end of the text. A Spanish header line after the moves whose field the game lacks belongs to
    /// it (`convert --to es` writes `Resultado:` after the moves). Before the moves, a header
    /// whose field the game already has begins the next game: a game of headers and a result
    /// only (a forfeit) is followed by the next one.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// use planilla::scoresheet::games;
    /// use planilla::scoresheet::TokenKind;
    /// let mut it = games("1.e4 e5 2.Cz9 Cc6 3.Ab5 {sin cerrar 3...a6", Parser::spanish());
    /// let (game, error) = it.next_game().unwrap();
    /// assert_eq!(game.mainline().count(), 4);
    /// let word = game.movetext.iter().find_map(|t| match &t.kind {
    ///     TokenKind::Word { error } => Some(error.span.start),
    ///     _ => None,
    /// });
    /// assert_eq!(word, Some(11)); // the `z` that is no file
    /// assert_eq!(error.unwrap().span.start, 24); // the comment left open
    /// assert_eq!(game.unread_after_error, 0);
    /// ```
    pub fn next_game(&mut self) -> Option<(Game<'a>, Option<ParseError>)> {
        if let Some(e) = self.utf8_error.take() {
            return Some((Game::default(), Some(e)));
        }
        let mut game = Game::default();
        // The set of a game of many tags is dropped, not cleared, so that its room (a table
        // as large as that game's tags) is not held for the rest of the text.
        if self.named > 0 {
            self.names = rustc_hash::FxHashSet::default();
            self.named = 0;
        }
        self.first_number = None;
        // The lists of a game given back, when there is one: they keep their room.
        let recycled = match self.spare.take() {
            Some((tags, movetext)) => {
                (game.tags, game.movetext) = (tags, movetext);
                true
            }
            None => false,
        };
        // Room for the tokens of the text left, bounded: a move and its space take 3 bytes
        // or more, and growing the list a token at a time copied it again and again. The
        // room left over is given back at the end.
        let room = (self.lexer.remaining() / 4).min(GAME_TOKENS_HINT);
        game.movetext.reserve(room);
        let mut lines = std::mem::take(&mut self.lines);
        lines.clear();
        lines.reserve(room);
        let mut started = false;
        let mut error = None;
        // A move number and a move outside variations were read: a numbering that starts
        // again ends the game (a word of prose read as a move, before any number, does not).
        let mut numbered = false;
        let mut moved = false;
        loop {
            let (token, line) = match self.next_token() {
                None => break,
                Some((Err(e), _)) => {
                    started = true;
                    game.unread_after_error = self.skip_rest();
                    error = Some(e);
                    break;
                }
                Some((Ok(t), line)) => (t, line),
            };
            if let TokenKind::Tag { .. } | TokenKind::Header { .. } = token.kind {
                if self.take_header(&mut game, token, line, &mut lines) {
                    break;
                }
                started = true;
                continue;
            }
            started = true;
            if game.movetext.len() >= self.max_tokens {
                error = Some(self.too_long(&mut game, &token));
                break;
            }
            let depth = self.lexer.depth();
            if moved
                && depth == 0
                && matches!(
                    token.kind,
                    TokenKind::MoveNumber {
                        side: Color::White,
                        ..
                    }
                )
                && restarts(&game, &token, line, &lines, &mut self.first_number)
            {
                // Sheets one after another with no headers and no result (`cat *.txt`): the
                // numbering starts again after a blank line, and so does the next game.
                self.pending = Some((Ok(token), line));
                break;
            }
            moved |= numbered
                && depth == 0
                && matches!(token.kind, TokenKind::Move(_) | TokenKind::Descriptive(_));
            numbered |= depth == 0 && matches!(token.kind, TokenKind::MoveNumber { .. });
            let ends = matches!(token.kind, TokenKind::Outcome { .. }) && depth == 0;
            game.movetext.push(token);
            lines.push(line);
            if ends {
                self.trailing(&mut game, &mut lines);
                let goes_on = self.goes_on_after_result(&game, &lines, line);
                if !goes_on {
                    break;
                }
            }
        }
        game.layout = layout(&mut game.movetext, &lines);
        self.lines = lines;
        // What was made ready and not used goes back when it is more than the tokens take (a
        // shrinking realloc, which common allocators do in place); room of up to twice the
        // tokens is kept, which saves a reallocation a game. Recycled lists keep theirs: they
        // are given back for the next game.
        if !recycled && game.movetext.capacity() > 2 * game.movetext.len() {
            game.movetext.shrink_to_fit();
        }
        started.then_some((game, error))
    }

    /// A game past [`max_tokens`](Self::max_tokens) tokens at `token`: the rest of the text is
    /// skipped, and counted unread with the move that did not fit.
    fn too_long(&mut self, game: &mut Game<'a>, token: &Token<'a>) -> ParseError {
        let this = token.kind.is_word();
        game.unread_after_error = self.skip_rest() + this as usize;
        ParseError::new(
            ErrorKind::GameTooLong,
            token.span(),
            None,
            "a game of at most max_tokens tokens",
        )
    }

    /// Takes a tag or header line `token`, read on `line`, into `game`; `true` where it ends
    /// the game instead (it is then read again as the next game's, or it closes this one).
    fn take_header(
        &mut self,
        game: &mut Game<'a>,
        token: Token<'a>,
        line: u32,
        lines: &mut Vec<u32>,
    ) -> bool {
        if !game.movetext.is_empty() {
            // After the moves: a Spanish header line the game lacks is its own;
            // `Resultado:` closes the game.
            let own = match &token.kind {
                TokenKind::Header { field, .. } => !self.has_field(game, field.tag_name()),
                _ => false,
            };
            if !own {
                self.pending = Some((Ok(token), line));
                return true;
            }
            let closes = matches!(
                token.kind,
                TokenKind::Header {
                    field: HeaderField::Result,
                    ..
                }
            );
            game.tags.extend(header(token).ok());
            if closes {
                self.trailing(game, lines);
            }
            return closes;
        }
        // Before the moves: a field the game already has starts the next game. A
        // game records each field once; two forfeits in a row (headers and a result,
        // no moves, as `convert --to es` writes them) are two games, not one.
        let name = match &token.kind {
            TokenKind::Tag { name, .. } => Some(name.as_ref()),
            TokenKind::Header { field, .. } => Some(field.tag_name()),
            _ => None,
        };
        if name.is_some_and(|n| self.has_field(game, n)) {
            self.pending = Some((Ok(token), line));
            return true;
        }
        if game.tags.is_empty() {
            // Room for a sheet's headers or the Seven Tag Roster, grown once.
            game.tags.reserve(TAGS_ROOM);
        }
        game.tags.extend(header(token).ok());
        false
    }

    /// Whether `game` has a tag named `name`: asked of its list up to [`LINEAR_TAGS`] tags,
    /// then of [`Games::names`], brought up to date with the tags added since.
    fn has_field(&mut self, game: &Game<'a>, name: &str) -> bool {
        if game.tags.len() <= LINEAR_TAGS {
            return game.tags.iter().any(|t| t.name == name);
        }
        let added = &game.tags[self.named.min(game.tags.len())..];
        self.names.extend(added.iter().map(|t| t.name.to_string()));
        self.named = game.tags.len();
        self.names.contains(name)
    }

    /// Whether `game`, whose result was just read on `line`, goes on past it: where the
    /// result stands where a move belongs (a move, or a number other than 1, on the result's
    /// line), and on a sheet of two columns side by side, where the result may stand on a line
    /// of the right column with more lines of the left column below it.
    fn goes_on_after_result(&self, game: &Game<'a>, lines: &[u32], line: u32) -> bool {
        let next_left = left_column_continues(&game.movetext, lines);
        match &self.pending {
            Some((
                Ok(Token {
                    kind: TokenKind::MoveNumber { number, .. },
                    ..
                }),
                l,
            )) => Some(*number) == next_left || (*l == line && *number != 1),
            Some((
                Ok(Token {
                    kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                    ..
                }),
                l,
            )) => *l == line,
            _ => false,
        }
    }

    /// The next token, read ahead or from the lexer, with its line.
    fn next_token(&mut self) -> Option<(Result<Token<'a>, ParseError>, u32)> {
        if let Some(p) = self.pending.take() {
            return Some(p);
        }
        let t = self.lexer.next()?;
        Some((t, self.lexer.line()))
    }

    /// After a syntax error: skips the rest of the game (to its result or the next game's
    /// headers), counting the words that read as moves or failed to (a structural error, such
    /// as an unclosed variation, is no word).
    fn skip_rest(&mut self) -> usize {
        let mut unread = 0;
        loop {
            match self.next_token() {
                None => return unread,
                Some((
                    Ok(Token {
                        kind:
                            TokenKind::Move(_) | TokenKind::Descriptive(_) | TokenKind::Word { .. },
                        ..
                    }),
                    _,
                )) => {
                    unread += 1;
                }
                Some((Err(e), _)) if e.kind.is_move_error() => unread += 1,
                Some((
                    Ok(
                        t @ Token {
                            kind: TokenKind::Tag { .. } | TokenKind::Header { .. },
                            ..
                        },
                    ),
                    line,
                )) => {
                    self.pending = Some((Ok(t), line));
                    return unread;
                }
                Some((
                    Ok(Token {
                        kind: TokenKind::Outcome { .. },
                        ..
                    }),
                    _,
                )) if self.lexer.depth() == 0 => {
                    let mut rest = Game::default();
                    self.trailing(&mut rest, &mut Vec::new());
                    return unread;
                }
                Some(_) => {}
            }
        }
    }

    /// After the result: termination words and other text on its line, and a `Resultado:`
    /// line the game lacks, belong to the game.
    fn trailing(&mut self, game: &mut Game<'a>, lines: &mut Vec<u32>) {
        loop {
            match self.next_token() {
                None => return,
                Some((
                    Ok(
                        t @ Token {
                            kind: TokenKind::Termination { .. } | TokenKind::UnknownWord { .. },
                            ..
                        },
                    ),
                    line,
                )) => {
                    game.movetext.push(t);
                    lines.push(line);
                }
                Some((
                    Ok(
                        t @ Token {
                            kind:
                                TokenKind::Header {
                                    field: HeaderField::Result,
                                    ..
                                },
                            ..
                        },
                    ),
                    _,
                )) if game.tag("Result").is_none() => game.tags.extend(header(t).ok()),
                Some(other) => {
                    self.pending = Some(other);
                    return;
                }
            }
        }
    }
}

/// Whether `token`, read on `line` after the game's moves (their lines in `lines`), starts the
/// next game: White's number of the game's first move (1, or the move number of the game's
/// FEN), first on its line, after a blank line. Sheets copied one after another
/// (`cat *.txt | planilla check -`) have no header or result between them; the number that
/// starts again is where one ends. A blank line and then `1.` inside one game (a note that
/// goes back to the first move) is printed text's variation only when no blank line stands
/// before it. `first` keeps the game's first move number with its count of tags, so that the
/// tags are looked through once, not at every blank line.
fn restarts(
    game: &Game<'_>,
    token: &Token<'_>,
    line: u32,
    lines: &[u32],
    first: &mut Option<(usize, u32)>,
) -> bool {
    let Token {
        kind:
            TokenKind::MoveNumber {
                number,
                side: Color::White,
                ..
            },
        ..
    } = token
    else {
        return false;
    };
    // The blank line first: nearly every number has none before it.
    if lines
        .last()
        .is_none_or(|&last| line < last.saturating_add(2))
    {
        return false;
    }
    let first = match *first {
        Some((tags, n)) if tags == game.tags.len() => n,
        _ => {
            let n = game
                .tag("FEN")
                .and_then(|fen| fen.split_ascii_whitespace().nth(5))
                .and_then(|n| n.parse::<u32>().ok())
                .unwrap_or(1);
            *first = Some((game.tags.len(), n));
            n
        }
    };
    *number == first
}

/// The white move numbers outside variations, line by line: `(line, number, token index)`.
fn white_numbers<'t>(
    movetext: &'t [Token<'_>],
    lines: &'t [u32],
) -> impl Iterator<Item = (u32, u32, usize)> + 't {
    let mut depth = 0u32;
    movetext
        .iter()
        .zip(lines)
        .enumerate()
        .filter_map(move |(k, (t, &line))| {
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::MoveNumber {
                    number,
                    side: Color::White,
                    ..
                } if depth == 0 => return Some((line, *number, k)),
                _ => {}
            }
            None
        })
}

/// [`white_numbers`] in a list.
fn numbers_by_line(movetext: &[Token<'_>], lines: &[u32]) -> Vec<(u32, u32, usize)> {
    // Room for a number every three tokens (a number and two moves), without growing.
    let mut out = Vec::with_capacity(movetext.len() / 3 + 1);
    out.extend(white_numbers(movetext, lines));
    out
}

/// Whether a line's white move numbers outside variations jump (`1. e4 e5 31. Tf1 Rg8`): what
/// [`jumps`] finds, told without a list, so that a sheet of one column (nearly every sheet)
/// costs no allocation.
fn any_jump(movetext: &[Token<'_>], lines: &[u32]) -> bool {
    // The line of the last number, and that number.
    let mut last: Option<(u32, u32)> = None;
    for (line, number, _) in white_numbers(movetext, lines) {
        if let Some((l, prev)) = last
            && l == line
            && number > prev.saturating_add(1)
        {
            return true;
        }
        last = Some((line, number));
    }
    false
}

/// The lines whose move numbers jump (`1. e4 e5 31. Tf1 Rg8`): `(line, left number, right
/// number, index of the right number's token)`.
fn jumps(numbers: &[(u32, u32, usize)]) -> Vec<(u32, u32, u32, usize)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let (line, first, _) = numbers[k];
        let mut prev = first;
        let mut j = k + 1;
        let mut jumped = false;
        while j < numbers.len() && numbers[j].0 == line {
            if !jumped && numbers[j].1 > prev.saturating_add(1) {
                out.push((line, first, numbers[j].1, numbers[j].2));
                jumped = true;
            }
            prev = numbers[j].1;
            j += 1;
        }
        k = j;
    }
    out
}

/// On a sheet whose lines jump like two columns side by side: the next number of the left
/// column, after the last line read.
fn left_column_continues(movetext: &[Token<'_>], lines: &[u32]) -> Option<u32> {
    if !any_jump(movetext, lines) {
        return None;
    }
    let numbers = numbers_by_line(movetext, lines);
    if jumps(&numbers).is_empty() {
        return None;
    }
    let last_line = numbers.last()?.0;
    let left = numbers.iter().find(|n| n.0 == last_line)?.1;
    left.checked_add(1)
}

/// Tells the layout from the move numbers, and puts the left column first when the sheet has
/// two columns side by side: every line that jumps holds one number on the left and the
/// numbers `offset` later on the right, the left numbers go one per line, and so do the right
/// ones, and the left column is full (its last number is `offset`; a lone jump of an
/// otherwise single column is a number where a move belongs).
fn layout(movetext: &mut Vec<Token<'_>>, lines: &[u32]) -> Layout {
    if !any_jump(movetext, lines) {
        return Layout::Single;
    }
    let numbers = numbers_by_line(movetext, lines);
    let jumps = jumps(&numbers);
    let Some(&(_, left0, right0, at)) = jumps.first() else {
        return Layout::Single;
    };
    let unclear = Layout::Unclear {
        at: movetext[at].span(),
    };
    // A jump is measured from the line's first number; a line like `44. … 41. … 44.` jumps
    // from 41 to 44 but not past its first number: no column to its right.
    let Some(offset) = right0.checked_sub(left0).filter(|&o| o > 0) else {
        return unclear;
    };
    // The first number of each line, in order: the left column, one number a line.
    let mut firsts: Vec<(u32, u32)> = Vec::new();
    for &(line, n, _) in &numbers {
        if firsts.last().is_none_or(|l| l.0 != line) {
            firsts.push((line, n));
        } else if !jumps.iter().any(|j| j.0 == line) {
            // A line of several numbers that does not jump: not this layout.
            return unclear;
        }
    }
    let left_ok = firsts
        .windows(2)
        .all(|w| Some(w[1].1) == w[0].1.checked_add(1));
    let right_ok = jumps.iter().all(|&(line, l, r, _)| {
        Some(r) == l.checked_add(offset)
            && numbers.iter().filter(|n| n.0 == line && n.1 >= r).count() == 1
    }) && jumps.windows(2).all(|w| w[1].2 == w[0].2 + 1);
    let left_max = firsts.last().map_or(0, |f| f.1);
    if !left_ok || !right_ok || left_max > offset {
        return unclear;
    }
    // The right column starts where the left one is full: its last number is the offset.
    // Otherwise the jump is a number where a move belongs (`3. 93 Cf6`, `93` a slip for `g3`,
    // on a sheet of one pair a line: no column of 90 moves), which the checker reports there.
    if left_max != offset {
        return Layout::Single;
    }
    // Reorder: each line's left part, then each line's right part; the end of the game
    // (result, termination words) last.
    let mut left = Vec::with_capacity(movetext.len());
    let mut right = Vec::new();
    let mut end = Vec::new();
    for (k, t) in movetext.drain(..).enumerate() {
        let line = lines[k];
        let split = jumps.iter().find(|j| j.0 == line).map(|j| j.3);
        match t {
            Token {
                kind:
                    TokenKind::Outcome { .. }
                    | TokenKind::Termination { .. }
                    | TokenKind::UnknownWord { .. },
                ..
            } => end.push(t),
            t if split.is_some_and(|s| k >= s) => right.push(t),
            t => left.push(t),
        }
    }
    left.append(&mut right);
    left.append(&mut end);
    *movetext = left;
    Layout::SideBySide { offset }
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
