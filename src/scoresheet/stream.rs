//! Games read from a [`BufRead`], one at a time, without loading the whole file.

use std::collections::VecDeque;
use std::io::BufRead;

use super::game::{DEFAULT_MAX_TOKENS, Game, games, read_games};
use super::lexer::{Lexer, Token, TokenKind};
use super::words::header_word_at;
use crate::notation::{ErrorKind, ParseError, Parser, Span};

/// Games streamed from a reader (a file, standard input): an `Iterator` of
/// `Result<Game<'static>, ParseError>`.
///
/// Lines are gathered until the headers of the next game begin (a line starting with `[` or
/// with a Spanish header word and `:`, outside a `{…}` comment, after some movetext); that text
/// is then read as with [`read_games`], which also ends a game where its numbering starts
/// again at `1.` after a blank line (sheets copied one after another, with no headers). Memory holds one game's text and tokens. Spans are byte
/// offsets in the whole stream (up to 4 GiB). An I/O error ends the iteration after the games
/// read so far; [`StreamGames::io_error`] returns it.
///
/// A piece of text longer than [`StreamGames::max_game_bytes`] (a line of 100 MB, a file of
/// movetext with no header) is not held whole: the lines that fit are read as usual (a line
/// that does not fit, up to its last space), the rest is skipped up to the next game's
/// headers, and an [`ErrorKind::GameTooLong`] error spans what was skipped.
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
/// let first_move = *games[1].mainline().next().unwrap().first();
/// assert_eq!(&file[first_move.span().range()], "d4");
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
    /// The buffer a pending header line is kept in, reused from game to game.
    spare: Vec<u8>,
    /// The room a piece's text buffer starts with (from the last piece's length).
    room_hint: usize,
    /// A line read ahead: the first line of the next game.
    pending: Option<Vec<u8>>,
    ready: VecDeque<Result<Game<'static>, ParseError>>,
    io_error: Option<std::io::Error>,
    done: bool,
    max_tokens: usize,
    max_game_bytes: usize,
    /// How many bytes the text being gathered lost to `max_game_bytes`, and how many line
    /// ends they held.
    skipped: u64,
    skipped_lines: u64,
    /// How many line ends the text being gathered holds.
    kept_lines: u64,
}

/// The default [`StreamGames::max_game_bytes`]: 16 MiB of text. Real games, comments and all,
/// hold a few kilobytes.
pub const DEFAULT_MAX_GAME_BYTES: usize = 16 << 20;

/// Past this size, 64 KiB, a piece of text with no headers ends at the next line that ends
/// with a result, or that starts White's first move after a blank line; and a piece of headers
/// with no moves, before a header whose field the game being read already has ([`Fields`]): a
/// piece of short games with no headers (a few dozen bytes each), or of games with no moves,
/// holds a few thousand, whose reports are held at once, not tens of thousands.
const SOFT_CHUNK_BYTES: usize = 1 << 16;

/// How many bytes of a skipped line are kept to tell whether it starts a game's headers.
const HEAD_BYTES: usize = 256;

/// The most room a piece's text buffer starts with: 64 KiB, a few long games.
const ROOM_HINT_MAX: usize = 1 << 16;

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
            spare: Vec::new(),
            room_hint: 0,
            pending: None,
            ready: VecDeque::new(),
            io_error: None,
            done: false,
            max_tokens: DEFAULT_MAX_TOKENS,
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            skipped: 0,
            skipped_lines: 0,
            kept_lines: 0,
        }
    }

    /// Sets how many bytes of text one game (or a run of games with no header between them)
    /// may hold in memory (default [`DEFAULT_MAX_GAME_BYTES`]); the rest is skipped and
    /// reported as [`ErrorKind::GameTooLong`].
    ///
    /// ```
    /// use planilla::notation::{ErrorKind, Parser};
    /// use planilla::scoresheet::StreamGames;
    /// let file = format!("1. e4 e5 {{{}}} 2. Cf3 *\n\n[White \"next\"]\n1. d4 *\n", "x".repeat(200));
    /// let results: Vec<_> = StreamGames::new(file.as_bytes(), Parser::spanish())
    ///     .max_game_bytes(64)
    ///     .collect();
    /// // Of the long line, what fits up to its last space is read: `1. e4 e5 `.
    /// let first = results[0].as_ref().unwrap();
    /// assert_eq!(first.mainline().count(), 2);
    /// // The rest of the game is skipped, and the error spans it.
    /// let skipped = results[1].as_ref().unwrap_err();
    /// assert_eq!(skipped.kind, ErrorKind::GameTooLong);
    /// assert_eq!(skipped.span.start, 9);
    /// assert!(file[skipped.span.end as usize..].starts_with("[White"));
    /// // The next game is read as usual.
    /// assert_eq!(results[2].as_ref().unwrap().tag("White"), Some("next"));
    /// ```
    pub fn max_game_bytes(mut self, max: usize) -> Self {
        self.max_game_bytes = max;
        self
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

    /// Takes the I/O error that ended the iteration early, if any (see
    /// [`StreamGames::io_error`]).
    pub fn take_io_error(&mut self) -> Option<std::io::Error> {
        self.io_error.take()
    }

    /// Reads lines until the next game's headers (kept as `pending`) or the end. Past
    /// `max_game_bytes`, lines are skipped (counted in `skipped`) instead of kept.
    ///
    /// A kept line is read straight into the piece's buffer, and taken out again only where
    /// it starts the next piece: one copy of each byte. The line ends kept are counted as
    /// they are read (`kept_lines`), so that no pass counts them again.
    fn gather(&mut self) {
        let mut seen_movetext = false;
        let mut in_comment = false;
        // The line before was blank: a sheet with no headers may start after it.
        let mut after_blank = false;
        // Past 64 KiB with no moves yet: the fields of the game being read.
        let mut fields = Fields::Unknown;
        self.skipped = 0;
        self.skipped_lines = 0;
        // The buffer of a skipped line's head: no allocation per line.
        let mut line = std::mem::take(&mut self.line_buf);
        // The text's buffer starts with the room the last piece took, and a half more, so
        // that it is not grown line by line.
        if self.buf.capacity() == 0 {
            self.buf.reserve(self.room_hint);
        }
        loop {
            line.clear();
            let skipping = self.skipped > 0;
            // Where the line starts in the piece's buffer (where it is kept).
            let mark = self.buf.len();
            let Some(Line {
                read,
                whole,
                newline: ended,
                in_comment: comment_after,
            }) = self.read_line(&mut line, skipping, in_comment)
            else {
                break;
            };
            let text: &[u8] = if skipping { &line } else { &self.buf[mark..] };
            let starts_header = !in_comment && starts_header(text);
            let blank = text.iter().all(u8::is_ascii_whitespace);
            // Sheets with no headers and no result between them: past 64 KiB, a line that
            // starts White's first move after a blank line ends the piece (the games reader
            // splits the piece's sheets the same way), so that a long run of them streams.
            let soft_cut = mark >= SOFT_CHUNK_BYTES
                && seen_movetext
                && after_blank
                && !in_comment
                && whole
                && starts_first_move(text);
            after_blank = blank;
            // Games of headers and no moves (forfeits, a file of header lines): past 64 KiB,
            // a header line whose field the game being read already has ends the piece, as it
            // begins the next game in the games reader, so that a long run of them streams.
            let repeat_cut = !soft_cut
                && mark >= SOFT_CHUNK_BYTES
                && !seen_movetext
                && starts_header
                && whole
                && !skipping
                && fields.repeats(&self.buf[..mark], text, self.parser);
            // `Resultado:` after the moves closes the game (as `convert --to es` writes it).
            // A header line too long to keep is skipped with the game before it.
            if soft_cut
                || repeat_cut
                || (starts_header && seen_movetext && !closes_game(text) && whole)
            {
                // The line is kept in the spare buffer, which the next game's gathering
                // gives back: no allocation per game.
                let mut held = std::mem::take(&mut self.spare);
                held.clear();
                held.extend_from_slice(text);
                self.buf.truncate(mark);
                self.pending = Some(held);
                break;
            }
            if !starts_header && !blank {
                seen_movetext = true;
            }
            in_comment = comment_after;
            if skipping {
                self.skipped += read;
                self.skipped_lines += u64::from(ended);
                continue;
            }
            if whole {
                self.kept_lines += u64::from(ended);
                // Games with no headers between them: past 64 KiB, a line that ends with
                // a result ends the piece, so that a long run of them streams as well.
                if self.buf.len() >= SOFT_CHUNK_BYTES
                    && !in_comment
                    && ends_with_result(&self.buf[mark..])
                {
                    break;
                }
                continue;
            }
            self.keep_to_last_space(mark, read, ended);
        }
        // A huge line's buffer is not kept for the next game.
        if line.capacity() > 1 << 16 {
            line = Vec::new();
        }
        self.line_buf = line;
    }

    /// Reads the next line: the pending first line of a piece, or a line of the reader (into
    /// the piece's buffer, or only its head into `line` while `skipping`). `None` at the end
    /// of the input or at an I/O error, which is kept ([`StreamGames::io_error`]).
    fn read_line(&mut self, line: &mut Vec<u8>, skipping: bool, in_comment: bool) -> Option<Line> {
        if let Some(l) = self.pending.take() {
            // The first line of a piece: nothing is skipped yet, and it fits, as it was whole
            // where it was read.
            self.buf.extend_from_slice(&l);
            let read = Line {
                read: l.len() as u64,
                whole: true,
                newline: l.last() == Some(&b'\n'),
                in_comment: scan_braces(&l, in_comment),
            };
            if l.capacity() <= 1 << 16 {
                self.spare = l;
            }
            return Some(read);
        }
        let r = if skipping {
            read_line_capped(&mut self.reader, line, HEAD_BYTES, in_comment)
        } else {
            read_line_capped(
                &mut self.reader,
                &mut self.buf,
                self.max_game_bytes,
                in_comment,
            )
        };
        match r {
            Ok(Line { read: 0, .. }) => {
                self.done = true;
                None
            }
            Ok(l) => Some(l),
            Err(e) => {
                self.io_error = Some(e);
                self.done = true;
                None
            }
        }
    }

    /// Over the size limit: keeps the line that starts at `mark` of the piece's buffer up to
    /// its last space, so that no word is cut, and counts the rest of its `read` bytes as
    /// skipped, up to the next game's headers.
    fn keep_to_last_space(&mut self, mark: usize, read: u64, ended: bool) {
        let kept = self.buf[mark..]
            .iter()
            .rposition(u8::is_ascii_whitespace)
            .map_or(0, |k| k + 1);
        self.buf.truncate(mark + kept);
        self.skipped = read - kept as u64;
        self.skipped_lines = u64::from(ended);
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
            let skipped = self.skipped;
            self.advance(&text);
            if skipped > 0 || !text.iter().all(u8::is_ascii_whitespace) {
                return Some(Chunk {
                    text,
                    offset,
                    line,
                    skipped,
                });
            }
        }
    }

    /// Gives a piece's buffer back, for the next piece to be read into (the streaming check
    /// copies the piece to share it among its reports, and keeps no other use of it).
    pub(crate) fn recycle(&mut self, mut text: Vec<u8>) {
        if self.buf.is_empty() && text.capacity() > self.buf.capacity() {
            text.clear();
            self.buf = text;
        }
    }

    /// Moves the stream offset and line past `text` and the bytes skipped after it.
    fn advance(&mut self, text: &[u8]) {
        self.room_hint = (text.len() + text.len() / 2).min(ROOM_HINT_MAX);
        self.start += text.len() as u64 + self.skipped;
        self.line += self.kept_lines + self.skipped_lines;
        self.kept_lines = 0;
        self.skipped = 0;
        self.skipped_lines = 0;
    }

    /// Reads the gathered text as games, with spans shifted to stream offsets.
    fn flush(&mut self) {
        let text = std::mem::take(&mut self.buf);
        let start = self.start;
        let skipped = self.skipped;
        self.advance(&text);
        if skipped == 0 && text.iter().all(u8::is_ascii_whitespace) {
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
        if skipped > 0 {
            let mut e = too_long(text.len() as u64, skipped);
            e.span = shift(e.span);
            self.ready.push_back(Err(e));
        }
    }
}

/// The error for `skipped` bytes left unread at offset `at` of a chunk's text.
fn too_long(at: u64, skipped: u64) -> ParseError {
    let start = u32::try_from(at).unwrap_or(u32::MAX);
    let end = u32::try_from(at + skipped).unwrap_or(u32::MAX);
    ParseError::new(
        ErrorKind::GameTooLong,
        Span::new(start, end),
        None,
        "a game shorter than the size limit",
    )
}

/// One line as [`read_line_capped`] (or [`StreamGames::read_line`]) read it.
struct Line {
    /// Bytes read, the line end included; 0 at the end of the input.
    read: u64,
    /// Whether every byte of the line was kept.
    whole: bool,
    /// Whether the line ended with `\n` (not with the end of the input).
    newline: bool,
    /// Whether a `{…}` comment is open after the line (as [`scan_braces`] says, over every
    /// byte read, kept or not).
    in_comment: bool,
}

/// Reads one line (up to and including `\n`) from `reader`, appending at most `keep` of its
/// bytes to `line` and reading past the others: a line of any length costs `keep` bytes of
/// memory.
fn read_line_capped<R: BufRead>(
    reader: &mut R,
    line: &mut Vec<u8>,
    keep: usize,
    in_comment: bool,
) -> std::io::Result<Line> {
    let mut out = Line {
        read: 0,
        whole: true,
        newline: false,
        in_comment,
    };
    // After a `;` outside a comment, the rest of the line is a comment.
    let mut rest_of_line = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(out);
        }
        // One pass over the bytes for the line's end and the comment marks that matter in
        // the state it is in: outside a comment `{` and `;`, inside one `}`; after a `;`
        // outside a comment, only the line's end.
        let (mut k, mut newline) = (0, false);
        let take = loop {
            let found = if rest_of_line {
                memchr::memchr(b'\n', &available[k..])
            } else if out.in_comment {
                memchr::memchr2(b'\n', b'}', &available[k..])
            } else {
                memchr::memchr3(b'\n', b'{', b';', &available[k..])
            };
            let Some(j) = found else {
                break available.len();
            };
            let at = k + j;
            match available[at] {
                b'\n' => {
                    newline = true;
                    break at + 1;
                }
                b'{' => out.in_comment = true,
                b'}' => out.in_comment = false,
                _ => rest_of_line = true,
            }
            k = at + 1;
        };
        let room = keep.saturating_sub(line.len()).min(take);
        line.extend_from_slice(&available[..room]);
        out.whole &= room == take;
        out.read += take as u64;
        reader.consume(take);
        if newline {
            out.newline = true;
            return Ok(out);
        }
    }
}

/// A piece of a stream holding whole games: see [`StreamGames::next_chunk`]. Chunks can be
/// checked on other threads ([`check_chunk`](crate::check_chunk)), their spans shifted by
/// `offset` and their lines by `line`.
///
/// ```
/// use planilla::{CheckOptions, Parser, StreamGames, check_chunk};
/// let file = "[White \"Ana\"]\n\n1. e4 e5 1-0\n\n[White \"Luis\"]\n\n1. d4 d5 2. Re3 *\n";
/// let mut stream = StreamGames::new(file.as_bytes(), Parser::spanish());
/// let mut found = Vec::new();
/// while let Some(chunk) = stream.next_chunk() {
///     for report in check_chunk(&chunk, &CheckOptions::default()) {
///         found.push((chunk.line, report.is_valid()));
///     }
/// }
/// assert_eq!(found, [(1, true), (5, false)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The raw bytes (not checked as UTF-8).
    pub text: Vec<u8>,
    /// The byte offset of its first byte in the stream.
    pub offset: u64,
    /// The line number (from 1) of its first line in the stream.
    pub line: u64,
    /// How many bytes after `text` belong to this piece but were skipped, because it passed
    /// [`StreamGames::max_game_bytes`]; 0 almost always. [`Chunk::skipped_error`] reports them.
    pub skipped: u64,
}

impl Chunk {
    /// The [`ErrorKind::GameTooLong`] error for the skipped bytes, spanning them (offsets in
    /// the chunk, as for its text), or `None` when nothing was skipped.
    pub fn skipped_error(&self) -> Option<ParseError> {
        (self.skipped > 0).then(|| too_long(self.text.len() as u64, self.skipped))
    }
}

/// A line without its leading white space and byte-order marks: a UTF-8 BOM (`EF BB BF`,
/// which editors put at the start of a file) stands before the first header of many files, and
/// the lexer reads it as nothing (see [`crate::text`]).
fn line_start(line: &[u8]) -> &[u8] {
    let mut line = line.trim_ascii_start();
    while let Some(rest) = line.strip_prefix(b"\xEF\xBB\xBF") {
        line = rest.trim_ascii_start();
    }
    line
}

/// The fields (tag names) of the game being read at the end of a piece that has no moves yet,
/// as the games reader counts them ([`Games::next_game`](super::Games::next_game): before the
/// moves, a field the game already has begins the next game).
enum Fields {
    /// Not yet read from the piece.
    Unknown,
    /// The game's fields.
    Known(rustc_hash::FxHashSet<String>),
    /// Not told by the lines alone (a syntax error, text that is not UTF-8, a line that holds
    /// more than headers): no cut is made by fields in this piece.
    Unsure,
}

impl Fields {
    /// Whether header `line`, after the piece's text `before`, begins the next game by its
    /// first field, which the game being read already has. The fields are read once from
    /// `before` with the games reader, then from each header line, lexed alone: a header line
    /// is read the same alone as in its piece, since no comment or variation is open before it
    /// (the piece has no moves).
    fn repeats(&mut self, before: &[u8], line: &[u8], parser: Parser) -> bool {
        if let Fields::Unknown = self {
            *self = Fields::of_last_game(before, parser);
        }
        let Fields::Known(names) = self else {
            return false;
        };
        let Ok(line) = std::str::from_utf8(line) else {
            *self = Fields::Unsure;
            return false;
        };
        let mut first = true;
        for token in Lexer::new(line, parser) {
            let name = match token.map(|t| t.kind) {
                Ok(TokenKind::Tag { name, .. }) => name.into_owned(),
                Ok(TokenKind::Header { field, .. }) => field.tag_name().to_owned(),
                _ => {
                    *self = Fields::Unsure;
                    return false;
                }
            };
            if names.contains(&name) {
                if first {
                    return true;
                }
                // A field repeated further on the line begins a game there: no cut there.
                names.clear();
            }
            names.insert(name);
            first = false;
        }
        false
    }

    /// The fields of the last game of `text`, as the games reader reads it.
    fn of_last_game(text: &[u8], parser: Parser) -> Fields {
        let Ok(text) = std::str::from_utf8(text) else {
            return Fields::Unsure;
        };
        let mut last = Fields::Known(rustc_hash::FxHashSet::default());
        for game in games(text, parser) {
            last = match game {
                Ok(g) => Fields::Known(g.tags.iter().map(|t| t.name.to_string()).collect()),
                Err(_) => Fields::Unsure,
            };
        }
        last
    }
}

/// Whether a line starts the headers of a game: `[Tag "…"]` or `Blancas: …`; a remark in
/// square brackets (`[Illustration]`, `[Footnote: …`, see the lexer's `remark_opens`) does
/// not.
fn starts_header(line: &[u8]) -> bool {
    let trimmed = line_start(line);
    match trimmed.first() {
        Some(b'[') => return !super::lexer::remark_opens(trimmed),
        // A field name is a word of ASCII letters: a movetext line (`12. Cf3`) is no header,
        // and its bytes need no UTF-8 check.
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    // The field's word and colon make the header, in a line of UTF-8; its value is not looked
    // at. The word first: it rejects a line at its first bytes.
    header_word_at(trimmed, 0).is_some() && std::str::from_utf8(trimmed).is_ok()
}

/// Whether a line may start the headers of the next game: a header line (`[Tag "…"]`,
/// `Blancas: …`) that is not the `Resultado:` line closing the game before it. [`StreamGames`]
/// ends a piece before such a line when no `{…}` comment is open and the piece holds moves;
/// the application layer's parallel reading guesses where to cut its blocks with it, and
/// checks each guess by reading.
///
/// ```
/// use planilla::scoresheet::starts_game_headers;
/// assert!(starts_game_headers(b"[Event \"Open\"]\n"));
/// assert!(starts_game_headers(b"Blancas: Ana\n"));
/// assert!(!starts_game_headers(b"Resultado: 1-0\n"));
/// assert!(!starts_game_headers(b"1. e4 e5\n"));
/// assert!(!starts_game_headers(b"[Illustration]\n"));
/// ```
#[must_use]
pub fn starts_game_headers(line: &[u8]) -> bool {
    starts_header(line) && !closes_game(line)
}

/// Whether a line starts with White's first move number, `1.` or `1 ` (a sheet's first line).
fn starts_first_move(line: &[u8]) -> bool {
    let line = line_start(line);
    line.first() == Some(&b'1') && matches!(line.get(1), Some(b'.' | b' ' | b'\t'))
}

/// Whether a line's last word is a result sign (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`).
fn ends_with_result(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    let word = match line.iter().rposition(u8::is_ascii_whitespace) {
        Some(k) => &line[k + 1..],
        None => line,
    };
    matches!(word, b"1-0" | b"0-1" | b"1/2-1/2" | b"*") || word == "½-½".as_bytes()
}

/// Whether a header line is `Resultado: …`, which after the moves belongs to their game.
fn closes_game(line: &[u8]) -> bool {
    let line = line_start(line);
    std::str::from_utf8(line).is_ok()
        && header_word_at(line, 0).is_some_and(|h| h.0 == super::HeaderField::Result)
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
