//! Games read from a [`BufRead`], one at a time, without loading the whole file.

use std::collections::VecDeque;
use std::io::BufRead;

use super::game::{DEFAULT_MAX_TOKENS, Game, read_games};
use super::lexer::Token;
use super::words::header_at;
use crate::notation::{ErrorKind, ParseError, Parser, Span};

/// Games streamed from a reader (a file, standard input): an `Iterator` of
/// `Result<Game<'static>, ParseError>`.
///
/// Lines are gathered until the headers of the next game begin (a line starting with `[` or
/// with a Spanish header word and `:`, outside a `{…}` comment, after some movetext); that text
/// is then read as with [`read_games`]. Memory holds one game's text and tokens. Spans are byte
/// offsets in the whole stream (up to 4 GiB). An I/O error ends the iteration after the games
/// read so far; [`StreamGames::io_error`] returns it.
///
/// ```
/// use planilla::notation::Parser;
/// use planilla::scoresheet::StreamGames;
/// let file = "[White \"Ana\"]\n\n1. e4 e5 1-0\n\n[White \"Luis\"]\n\n1. d4 d5 *\n";
/// let games: Vec<_> = StreamGames::new(file.as_bytes(), Parser::spanish())
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].tag("White"), Some("Luis"));
/// // Spans are offsets in the whole stream.
/// let first_move = games[1].mainline().next().unwrap().first();
/// assert_eq!(&file[first_move.span.range()], "d4");
/// ```
#[derive(Debug)]
pub struct StreamGames<R> {
    reader: R,
    parser: Parser,
    /// The text of the game being gathered, starting at stream offset `start`.
    buf: Vec<u8>,
    start: u64,
    /// The line number (from 1) at `start`.
    line: u64,
    /// Scratch space for reading one line.
    line_buf: Vec<u8>,
    /// A line read ahead: the first line of the next game.
    pending: Option<Vec<u8>>,
    ready: VecDeque<Result<Game<'static>, ParseError>>,
    io_error: Option<std::io::Error>,
    done: bool,
    max_tokens: usize,
}

impl<R: BufRead> StreamGames<R> {
    /// Streams the games of `reader`, reading moves with `parser`.
    pub fn new(reader: R, parser: Parser) -> StreamGames<R> {
        StreamGames {
            reader,
            parser,
            buf: Vec::new(),
            start: 0,
            line: 1,
            line_buf: Vec::new(),
            pending: None,
            ready: VecDeque::new(),
            io_error: None,
            done: false,
            max_tokens: DEFAULT_MAX_TOKENS,
        }
    }

    /// Sets how many movetext tokens one game may hold (see
    /// [`Games::max_tokens`](super::Games::max_tokens)).
    pub fn max_tokens(mut self, max: usize) -> Self {
        self.max_tokens = max;
        self
    }

    /// The I/O error that ended the iteration early, if any.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.io_error.as_ref()
    }

    /// Reads lines until the next game's headers (kept as `pending`) or the end.
    fn gather(&mut self) {
        let mut seen_movetext = false;
        let mut in_comment = false;
        // One line buffer for the whole stream: no allocation per line.
        let mut line = std::mem::take(&mut self.line_buf);
        loop {
            line.clear();
            match self.pending.take() {
                Some(l) => line.extend_from_slice(&l),
                None => match self.reader.read_until(b'\n', &mut line) {
                    Ok(0) => {
                        self.done = true;
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        self.io_error = Some(e);
                        self.done = true;
                        break;
                    }
                },
            }
            let starts_header = !in_comment && starts_header(&line);
            // `Resultado:` after the moves closes the game (as `convert --to es` writes it).
            if starts_header && seen_movetext && !closes_game(&line) {
                self.pending = Some(line.clone());
                break;
            }
            if !starts_header && line.iter().any(|c| !c.is_ascii_whitespace()) {
                seen_movetext = true;
            }
            in_comment = scan_braces(&line, in_comment);
            self.buf.extend_from_slice(&line);
        }
        self.line_buf = line;
    }

    /// The next piece of the stream that holds whole games (one game, or several when they
    /// are not told apart by header lines), with where it starts: the raw text for a caller
    /// that checks and prints games itself, such as the command line. `None` at the end; an
    /// I/O error ends the chunks early ([`StreamGames::io_error`]).
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// use planilla::scoresheet::StreamGames;
    /// let file = "[White \"Ana\"]\n\n1. e4 e5 1-0\n\n[White \"Luis\"]\n\n1. d4 d5 *\n";
    /// let mut chunks = StreamGames::new(file.as_bytes(), Parser::spanish());
    /// let first = chunks.next_chunk().unwrap();
    /// let second = chunks.next_chunk().unwrap();
    /// assert!(chunks.next_chunk().is_none());
    /// assert_eq!((first.offset, first.line), (0, 1));
    /// assert_eq!(second.offset as usize, file.find("[White \"Luis").unwrap());
    /// assert_eq!(second.line, 5);
    /// assert_eq!(second.text, b"[White \"Luis\"]\n\n1. d4 d5 *\n");
    /// ```
    pub fn next_chunk(&mut self) -> Option<Chunk> {
        loop {
            if self.done && self.pending.is_none() && self.buf.is_empty() {
                return None;
            }
            if !self.done || self.pending.is_some() {
                self.gather();
            }
            let text = std::mem::take(&mut self.buf);
            let offset = self.start;
            let line = self.line;
            self.start += text.len() as u64;
            self.line += text.iter().filter(|&&b| b == b'\n').count() as u64;
            if !text.iter().all(u8::is_ascii_whitespace) {
                return Some(Chunk { text, offset, line });
            }
        }
    }

    /// Reads the gathered text as games, with spans shifted to stream offsets.
    fn flush(&mut self) {
        let text = std::mem::take(&mut self.buf);
        let start = self.start;
        self.start += text.len() as u64;
        self.line += text.iter().filter(|&&b| b == b'\n').count() as u64;
        if text.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let Ok(delta) = u32::try_from(start) else {
            self.ready.push_back(Err(ParseError::new(
                ErrorKind::InputTooLarge,
                Span::new(u32::MAX, u32::MAX),
                None,
                "a stream under 4 GiB",
            )));
            self.done = true;
            return;
        };
        let shift = |s: Span| Span::new(s.start.saturating_add(delta), s.end.saturating_add(delta));
        for game in read_games(&text, self.parser).max_tokens(self.max_tokens) {
            self.ready.push_back(match game {
                Ok(g) => {
                    let mut g = g.into_owned();
                    g.map_spans(shift);
                    Ok(g)
                }
                Err(mut e) => {
                    e.span = shift(e.span);
                    Err(e)
                }
            });
        }
    }
}

/// A piece of a stream holding whole games: see [`StreamGames::next_chunk`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The raw bytes (not checked as UTF-8).
    pub text: Vec<u8>,
    /// The byte offset of its first byte in the stream.
    pub offset: u64,
    /// The line number (from 1) of its first line in the stream.
    pub line: u64,
}

/// Whether a line starts the headers of a game: `[Tag "…"]` or `Blancas: …`.
fn starts_header(line: &[u8]) -> bool {
    let trimmed = line.trim_ascii_start();
    if trimmed.first() == Some(&b'[') {
        return true;
    }
    match std::str::from_utf8(trimmed) {
        Ok(s) => header_at(s, 0).is_some(),
        Err(_) => false,
    }
}

/// Whether a header line is `Resultado: …`, which after the moves belongs to their game.
fn closes_game(line: &[u8]) -> bool {
    std::str::from_utf8(line.trim_ascii_start())
        .ok()
        .and_then(|s| header_at(s, 0))
        .is_some_and(|h| h.0 == super::HeaderField::Result)
}

/// Tracks `{…}` comments across lines (`;` comments end with their line).
fn scan_braces(line: &[u8], mut in_comment: bool) -> bool {
    for &c in line {
        match c {
            b'{' if !in_comment => in_comment = true,
            b'}' if in_comment => in_comment = false,
            b';' if !in_comment => return false,
            _ => {}
        }
    }
    in_comment
}

impl<R: BufRead> Iterator for StreamGames<R> {
    type Item = Result<Game<'static>, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(g) = self.ready.pop_front() {
                return Some(g);
            }
            if self.done && self.pending.is_none() {
                // The last game, if any text is left.
                if self.buf.is_empty() {
                    return None;
                }
                self.flush();
                continue;
            }
            self.gather();
            self.flush();
        }
    }
}

impl<'a> Game<'a> {
    /// The same game, owning its text.
    pub fn into_owned(self) -> Game<'static> {
        Game {
            tags: self
                .tags
                .into_iter()
                .map(|t| super::Tag {
                    name: t.name.into_owned().into(),
                    value: t.value.into_owned().into(),
                    spanish: t.spanish,
                    span: t.span,
                })
                .collect(),
            movetext: self.movetext.into_iter().map(Token::into_owned).collect(),
            layout: self.layout,
            unread_after_error: self.unread_after_error,
        }
    }

    /// Applies `f` to every span of the game.
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) {
        for t in &mut self.tags {
            t.span = f(t.span);
        }
        for t in &mut self.movetext {
            t.map_spans(&mut f);
        }
        if let super::Layout::Unclear { at } = &mut self.layout {
            *at = f(*at);
        }
    }
}
