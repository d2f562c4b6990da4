//! Checking a stream of games in constant memory: [`check_reader`].

use std::collections::VecDeque;
use std::io::BufRead;
use std::ops::Range;
use std::sync::Arc;

use super::{CheckOptions, GameReport, check_game_in};
use crate::scoresheet::{Chunk, Game, SpareLists, StreamGames, read_games};
use crate::text::{LineColumn, Span, line_column};

/// Checks every game a reader holds (a file, standard input, a socket), one piece of text at a
/// time: an `Iterator` of `std::io::Result<`[`StreamReport`]`>`.
///
/// Memory holds one game's text (or one run of games with no headers between them, up to a
/// megabyte), whatever the input's size: the text is normalized per game, never as a whole
/// (see [`StreamGames`] for how games are told apart, and for the size limit of one game: a
/// game ends at its result, at the next game's headers, or where its numbering starts again
/// at `1.` after a blank line, as sheets copied one after another are). The
/// reports come in input order, numbered from 0 across the stream. An I/O error is the last
/// item; the game before it was read up to the last whole line the reader gave, so its report
/// may be of a game cut short.
///
/// Spans in a report are byte offsets into its [`StreamReport::source`]; the report gives the
/// absolute offsets in the stream as `u64` ([`StreamReport::absolute`]), with no size limit,
/// and the line and column ([`StreamReport::line_column`]).
///
/// ```
/// use planilla::check::{check_reader, CheckOptions};
/// let file = "[White \"Ana\"]\n\n1. e4 e5 2. Cf3 Cc6 3. C×e5 1-0\n\n[White \"Luis\"]\n\n1. d4 d5 2. Re3 *\n";
/// let mut valid = Vec::new();
/// for game in check_reader(file.as_bytes(), &CheckOptions::default()) {
///     let game = game?; // an I/O error
///     valid.push(game.report.is_valid());
///     if let Some(error) = game.report.diagnostics.first() {
///         // `Re3` is illegal: on line 7, column 13 of the file.
///         assert_eq!(game.report.index, 1);
///         assert_eq!(game.slice(error.span), Some("Re3"));
///         assert_eq!(&file[game.absolute(error.span).start as usize..][..3], "Re3");
///         let place = game.line_column(error.span);
///         assert_eq!((place.line, place.column), (7, 13));
///     }
/// }
/// assert_eq!(valid, [true, false]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[must_use]
pub fn check_reader<R: BufRead>(reader: R, options: &CheckOptions) -> StreamReports<R> {
    StreamReports {
        pieces: Pieces::new(reader, options),
        ready: VecDeque::new(),
        ended: false,
    }
}

/// The one loop under [`check_reader`] and [`check_text`](super::check_text): the stream's
/// pieces, each checked and its games numbered from 0 across the stream.
#[derive(Debug)]
pub(crate) struct Pieces<R> {
    stream: StreamGames<R>,
    options: CheckOptions,
    index: usize,
    /// The lists the games of one piece are read into, for the next piece.
    spare: SpareLists,
}

impl<R: BufRead> Pieces<R> {
    pub(crate) fn new(reader: R, options: &CheckOptions) -> Pieces<R> {
        Pieces {
            stream: StreamGames::new(reader, options.parser()),
            options: *options,
            index: 0,
            spare: SpareLists::default(),
        }
    }

    /// Checks the next piece and hands each of its reports, numbered (spans still offsets
    /// into the piece), to `each` with the piece; `false` at the end of the stream. The
    /// stream reads the next piece into this piece's buffer.
    pub(crate) fn next_piece(&mut self, mut each: impl FnMut(GameReport, &Chunk)) -> bool {
        let Some(chunk) = self.stream.next_chunk() else {
            return false;
        };
        let index = &mut self.index;
        check_chunk_each(&chunk, &self.options, &mut self.spare, |mut report| {
            report.index = *index;
            *index += 1;
            each(report, &chunk);
        });
        self.stream.recycle(chunk.text);
        true
    }

    /// The I/O error that ended the stream, taken once.
    pub(crate) fn take_io_error(&mut self) -> Option<std::io::Error> {
        self.stream.take_io_error()
    }

    /// Sets the stream's size limit of one game.
    pub(crate) fn max_game_bytes(mut self, max: usize) -> Self {
        self.stream = self.stream.max_game_bytes(max);
        self
    }
}

/// The reports of a stream's games, from [`check_reader`].
///
/// ```
/// use planilla::{check_reader, CheckOptions, StreamReports};
/// let file = "1.e4 e5 1-0\n\n1.d4 d5 2.Re3\n";
/// // Any `BufRead`: here bytes in memory; a `BufReader<File>` or `stdin().lock()` as well.
/// let reports: StreamReports<&[u8]> = check_reader(file.as_bytes(), &CheckOptions::default());
/// let mut valid = Vec::new();
/// for game in reports {
///     valid.push(game?.report.is_valid()); // `?`: an I/O error
/// }
/// assert_eq!(valid, [true, false]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct StreamReports<R> {
    pieces: Pieces<R>,
    ready: VecDeque<StreamReport>,
    ended: bool,
}

impl<R: BufRead> StreamReports<R> {
    /// Sets how many bytes of text one game may hold in memory (see
    /// [`StreamGames::max_game_bytes`]); the rest of such a game is skipped, and its report
    /// ends at an [`ErrorKind::GameTooLong`](crate::notation::ErrorKind::GameTooLong) error.
    #[must_use]
    pub fn max_game_bytes(mut self, max: usize) -> Self {
        self.pieces = self.pieces.max_game_bytes(max);
        self
    }
}

impl<R: BufRead> Iterator for StreamReports<R> {
    type Item = std::io::Result<StreamReport>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(report) = self.ready.pop_front() {
                return Some(Ok(report));
            }
            if self.ended {
                return None;
            }
            // The reports of a piece share one copy of it.
            let mut source: Option<Arc<[u8]>> = None;
            let ready = &mut self.ready;
            let more = self.pieces.next_piece(|report, chunk| {
                let source = source.get_or_insert_with(|| Arc::from(&chunk.text[..]));
                ready.push_back(StreamReport {
                    report,
                    source: Arc::clone(source),
                    offset: chunk.offset,
                    line: chunk.line,
                });
            });
            if !more {
                self.ended = true;
                return self.pieces.take_io_error().map(Err);
            }
        }
    }
}

/// One game's report from a stream, with the piece of text its spans point into.
///
/// The piece is shared by the reports of the games it holds, and freed with the last of them.
///
/// ```
/// use planilla::{check_reader, CheckOptions};
/// let file = "[White \"Ana\"]\n\n1.e4 e5 1/2-1/2\n\n[White \"Luis\"]\n\n1.d4 d5 2.Re3\n";
/// let second = check_reader(file.as_bytes(), &CheckOptions::default()).nth(1).unwrap()?;
/// assert_eq!((second.offset, second.line), (32, 5)); // where its piece starts in the stream
/// let error = &second.report.diagnostics[0];
/// assert_eq!(second.slice(error.span), Some("Re3"));
/// assert_eq!(second.absolute(error.span), 58..61);
/// let at = second.line_column(error.span);
/// assert_eq!((at.line, at.column), (7, 11));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct StreamReport {
    /// The report. Its spans are byte offsets into [`StreamReport::source`]; its `index` counts
    /// the stream's games from 0.
    pub report: GameReport,
    /// The piece of the stream that holds the game, as read (not checked as UTF-8: invalid
    /// UTF-8 is a syntax error in the report).
    pub source: Arc<[u8]>,
    /// The byte offset of the piece in the stream.
    pub offset: u64,
    /// The line (from 1) on which the piece starts in the stream.
    pub line: u64,
}

impl StreamReport {
    /// The text a span of the report points at, or `None` when the span cuts a character or
    /// the piece is not UTF-8.
    #[must_use]
    pub fn slice(&self, span: Span) -> Option<&str> {
        core::str::from_utf8(self.source.get(span.range())?).ok()
    }

    /// A span of the report as byte offsets in the whole stream (`u64`: no size limit).
    #[must_use]
    pub fn absolute(&self, span: Span) -> Range<u64> {
        self.offset + u64::from(span.start)..self.offset + u64::from(span.end)
    }

    /// The line and column, in the whole stream, where a span of the report starts (see
    /// [`LineColumn`]).
    #[must_use]
    pub fn line_column(&self, span: Span) -> LineColumn {
        let at = line_column(&self.source, span.start as usize);
        LineColumn {
            line: self.line + at.line - 1,
            column: at.column,
        }
    }
}

/// Checks every game of one piece of a stream ([`StreamGames::next_chunk`]), as
/// [`check_reader`] does: spans stay byte offsets into the piece's text, and every report's
/// `index` is 0, for the caller to number (the command line checks pieces in parallel).
///
/// Bytes the stream skipped past its game size limit end the last game (whose reading stops
/// there, unless it stopped before), or make a game of their own when the piece has none.
///
/// ```
/// use planilla::check::{check_chunk, CheckOptions};
/// use planilla::scoresheet::StreamGames;
/// let options = CheckOptions::default();
/// let mut stream = StreamGames::new(&b"1.e4 e5 1-0\n\n1.d4 d5 1/2-1/2\n"[..], options.parser());
/// let chunk = stream.next_chunk().unwrap();
/// let reports = check_chunk(&chunk, &options);
/// assert_eq!(reports.len(), 2);
/// assert!(reports.iter().all(|r| r.is_valid()));
/// ```
#[must_use]
pub fn check_chunk(chunk: &Chunk, options: &CheckOptions) -> Vec<GameReport> {
    let mut reports = Vec::new();
    check_chunk_each(chunk, options, &mut SpareLists::default(), |r| {
        reports.push(r)
    });
    reports
}

/// [`check_chunk`], handing each report to `each` as it is made: the stream's reader keeps
/// them in its own queue, with no list a piece.
pub(crate) fn check_chunk_each(
    chunk: &Chunk,
    options: &CheckOptions,
    spare: &mut SpareLists,
    mut each: impl FnMut(GameReport),
) {
    let source = core::str::from_utf8(&chunk.text).unwrap_or("");
    let mut games = read_games(&chunk.text, options.parser()).with_spare(core::mem::take(spare));
    let mut skipped = chunk.skipped_error();
    // One game ahead, to know the last one.
    let mut next = games.next_game();
    while let Some((game, error)) = next {
        next = games.next_game();
        let error = if next.is_none() {
            let s = skipped.take();
            error.or(s)
        } else {
            error
        };
        each(check_game_in(&game, error, source, 0, options));
        games.recycle(game);
    }
    if let Some(e) = skipped {
        each(check_game_in(&Game::default(), Some(e), source, 0, options));
    }
    *spare = games.into_spare();
}
