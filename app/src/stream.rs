//! The one loop over a stream of games, under every front door: read the stream a piece at a
//! time ([`StreamGames::next_chunk`]), check each piece's games (and reconstruct them when
//! asked), number the games across the stream, render each piece, and hand the pieces'
//! renderings to a sink in input order.
//!
//! [`for_each_chunk`] runs it on the caller's thread (the WebAssembly, the Python package, the
//! server's answers); [`for_each_chunk_parallel`] (feature `parallel`) runs it as a pipeline
//! (`planilla check` and `planilla convert`): one thread reads the stream in blocks cut
//! before a game's headers, rayon's pool splits the blocks into pieces and checks and renders
//! a batch of pieces, and the caller's thread writes, so that only the reading of bytes, the
//! putting of pieces in order and the writing are serial. Both give the same renderings in the same
//! order; the pipeline's [`Finished::stats`] say how long the reading and the writing kept
//! their threads busy.
//!
//! ```
//! use planilla::check::CheckOptions;
//! use planilla_app::stream::for_each_chunk;
//! let text = "1.e4 e5 2.Cf3 1-0\n\n1.d4 d5 2.Re3 *\n";
//! let mut valid = Vec::new();
//! let finished = for_each_chunk(
//!     text.as_bytes(),
//!     &CheckOptions::default(),
//!     None,
//!     |piece| piece.reports.iter().map(|r| (r.index, r.is_valid())).collect::<Vec<_>>(),
//!     |games| {
//!         valid.extend(games);
//!         Ok::<(), std::convert::Infallible>(())
//!     },
//! )
//! .unwrap();
//! assert_eq!(valid, [(0, true), (1, false)]);
//! assert_eq!(finished.games, 2);
//! ```

use std::io::BufRead;
use std::time::Duration;

use planilla::check::{CheckOptions, GameReport};
use planilla::reconstruct::{Limits, Reconstruction, reconstruct_chunk};
use planilla::scoresheet::{Chunk, StreamGames};

#[cfg(feature = "parallel")]
mod blocks;

/// How many pieces [`for_each_chunk_parallel`] checks at once: enough to keep 16 threads busy
/// with games of very different lengths, few enough that memory holds a few batches only.
pub const BATCH: usize = 1024;

/// How much text [`for_each_chunk_parallel`] checks at once, at most (a piece longer than that
/// alone): 1 MiB. The reports of a batch are held until it is written, and a short game's
/// report takes some fifty times its text, so that a batch of 1,024 pieces of short games with
/// no headers held hundreds of megabytes.
pub const BATCH_BYTES: usize = 1 << 20;

/// One piece of the stream, checked: its games' reports, numbered across the stream, with
/// spans as byte offsets into the piece's text (see [`Checked::delta`] to make them offsets
/// into the stream).
#[derive(Debug)]
#[non_exhaustive]
pub struct Checked {
    /// The piece as the stream gave it.
    pub chunk: Chunk,
    /// Its games' reports, in order; `index` counts the stream's games from 0.
    pub reports: Vec<GameReport>,
    /// Each game's reconstruction (`None` for a game valid as written), one per report, when
    /// the loop was asked to reconstruct.
    pub reconstructions: Option<Vec<Option<Reconstruction>>>,
}

impl Checked {
    /// The piece's offset in the stream, as [`GameReport::shift_spans`] takes it (saturated at
    /// `u32::MAX` past 4 GiB).
    #[must_use]
    pub fn delta(&self) -> u32 {
        u32::try_from(self.chunk.offset).unwrap_or(u32::MAX)
    }

    /// The offset in the stream just past the piece: how far the stream has been read.
    #[must_use]
    pub fn end(&self) -> u64 {
        self.chunk.offset + self.chunk.text.len() as u64 + self.chunk.skipped
    }
}

/// How a loop ended.
#[derive(Debug)]
#[non_exhaustive]
pub struct Finished {
    /// How many games the stream held.
    pub games: usize,
    /// How many pieces it held: 0 for an input of nothing but white space.
    pub pieces: usize,
    /// The I/O error that ended the stream early, if any: the games read before it were
    /// checked and written.
    pub io_error: Option<std::io::Error>,
    /// How long each step kept its thread busy: measured by [`for_each_chunk_parallel`]; all
    /// zero from [`for_each_chunk`], which reads no clock (the WebAssembly has none).
    pub stats: Stats,
}

/// The time each step of a loop kept its thread busy, for the serial part of the pipeline:
/// with `read + write` small beside what one thread needs for the whole job, more cores give
/// a proportional speed-up (Amdahl's law).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Reading the stream and splitting it into pieces: in the pipeline, the reading thread's
    /// time and the worker's time putting the pieces in order (and splitting them, where a cut
    /// is mended or the stream is read serially); the pool's splitting is not counted.
    pub read: Duration,
    /// The sink: writing the renderings out.
    pub write: Duration,
    /// From the first read to the last write.
    pub total: Duration,
}

/// Checks one piece, and reconstructs its games when asked; the reports are not yet numbered.
fn check(chunk: Chunk, options: &CheckOptions, reconstruct: Option<&Limits>) -> Checked {
    let reports = planilla::check::check_chunk(&chunk, options);
    let reconstructions = reconstruct.map(|limits| reconstruct_chunk(&chunk, options, limits));
    Checked {
        chunk,
        reports,
        reconstructions,
    }
}

/// Numbers the games of the pieces in order, from `*next`.
fn number<'a>(pieces: impl IntoIterator<Item = &'a mut Checked>, next: &mut usize) {
    for report in pieces.into_iter().flat_map(|c| &mut c.reports) {
        report.index = *next;
        *next += 1;
    }
}

/// Runs the loop on the caller's thread: each piece of `reader` is checked (and its games
/// reconstructed within `reconstruct`, when given), numbered, given to `render`, and the
/// rendering to `sink`, in input order. The first error of `sink` stops the loop and is
/// returned.
///
/// Memory holds one piece and its rendering (a piece is one game, or a run of games with no
/// headers between them, up to [`StreamGames`]' size limit).
///
/// # Errors
/// The first error `sink` returns.
pub fn for_each_chunk<R: BufRead, T, E>(
    reader: R,
    options: &CheckOptions,
    reconstruct: Option<&Limits>,
    mut render: impl FnMut(&mut Checked) -> T,
    mut sink: impl FnMut(T) -> Result<(), E>,
) -> Result<Finished, E> {
    let mut stream = StreamGames::new(reader, options.parser());
    let (mut games, mut pieces) = (0, 0);
    while let Some(chunk) = stream.next_chunk() {
        pieces += 1;
        let mut checked = check(chunk, options, reconstruct);
        number([&mut checked], &mut games);
        sink(render(&mut checked))?;
    }
    Ok(Finished {
        games,
        pieces,
        io_error: stream.take_io_error(),
        stats: Stats::default(),
    })
}

/// Checks `chunks` on the pool, at most [`BATCH`] pieces and [`BATCH_BYTES`] of text at once
/// (memory holds a batch's reports until they are written), numbers their games from `games`,
/// renders them and sends each batch to the writer: `false` when the writer has stopped.
#[cfg(feature = "parallel")]
fn check_batches<T: Send>(
    chunks: Vec<Chunk>,
    options: &CheckOptions,
    reconstruct: Option<&Limits>,
    render: &(impl Fn(&mut Checked) -> T + Sync),
    games: &mut usize,
    done: &std::sync::mpsc::SyncSender<Vec<T>>,
) -> bool {
    use rayon::prelude::*;
    let mut chunks = chunks.into_iter().peekable();
    while chunks.peek().is_some() {
        let mut batch = Vec::new();
        let mut bytes = 0;
        // At least one piece, however long.
        let fits = |bytes: usize, c: &Chunk| bytes == 0 || bytes + c.text.len() <= BATCH_BYTES;
        while batch.len() < BATCH
            && let Some(chunk) = chunks.next_if(|c| fits(bytes, c))
        {
            bytes += chunk.text.len();
            batch.push(chunk);
        }
        let mut checked: Vec<Checked> = batch
            .into_par_iter()
            .map(|chunk| check(chunk, options, reconstruct))
            .collect();
        number(&mut checked, games);
        // Each piece is dropped where it was rendered: freeing its reports is no work for this
        // thread.
        let rendered: Vec<T> = checked
            .into_par_iter()
            .map(|mut piece| render(&mut piece))
            .collect();
        if done.send(rendered).is_err() {
            return false;
        }
    }
    true
}

/// [`for_each_chunk`] as a pipeline over rayon's pool: a thread of its own reads the stream
/// in blocks of about 64 KiB, each cut before a line that may start a game's headers
/// ([`planilla::scoresheet::starts_game_headers`]) after a blank line; the pool splits
/// sixteen blocks at a time into pieces, as [`StreamGames`] does; a worker thread puts the
/// pieces in order (a cut that the serial reading would not make is mended there: the piece
/// it broke is split again with the next block); the pool checks and renders [`BATCH`] pieces
/// at a time, while the caller's thread hands the last batch's renderings to `sink`. The
/// pieces are the ones [`StreamGames::next_chunk`] gives, with the same offsets and lines, so
/// the renderings reach `sink` as from [`for_each_chunk`], in input order. Where no cut is
/// found within 4 MiB (a file with no header lines), the rest of the stream is read serially
/// by the worker. Memory holds a few batches.
///
/// `render` runs on the pool's threads; `sink` on the caller's. A panic in either is
/// propagated.
///
/// # Errors
/// The first error `sink` returns; the pipeline then stops reading.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_app::stream::for_each_chunk_parallel;
/// let text = "1.e4 e5 1-0\n\n".repeat(1000);
/// let mut indices = Vec::new();
/// let finished = for_each_chunk_parallel(
///     text.as_bytes(),
///     &CheckOptions::default(),
///     None,
///     |piece| piece.reports.iter().map(|r| r.index).collect::<Vec<_>>(),
///     |games| {
///         indices.extend(games);
///         Ok::<(), std::convert::Infallible>(())
///     },
/// )
/// .unwrap();
/// assert_eq!(indices, (0..1000).collect::<Vec<_>>());
/// assert_eq!(finished.games, 1000);
/// ```
#[cfg(feature = "parallel")]
#[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
pub fn for_each_chunk_parallel<R: BufRead + Send, T: Send, E>(
    reader: R,
    options: &CheckOptions,
    reconstruct: Option<&Limits>,
    render: impl Fn(&mut Checked) -> T + Sync,
    mut sink: impl FnMut(T) -> Result<(), E>,
) -> Result<Finished, E> {
    use rayon::prelude::*;
    use std::sync::mpsc::sync_channel;
    use std::time::Instant;

    let start = Instant::now();
    let parser = options.parser();
    std::thread::scope(|scope| {
        // Two batches read ahead, two rendered ahead: enough for the steps to overlap.
        let (read_tx, read_rx) = sync_channel::<Vec<blocks::Input>>(2);
        let (done_tx, done_rx) = sync_channel::<Vec<T>>(2);
        let reader = scope.spawn(move || blocks::read_blocks(reader, &read_tx));
        let render = &render;
        let worker = scope.spawn(move || {
            let (mut games, mut pieces) = (0, 0);
            let mut order = blocks::Order::new();
            let mut rx = Some(read_rx);
            loop {
                // Blocks, split on the pool and put in order; or, once they are no longer
                // cut, the serial reading's next pieces.
                let chunks = if order.serial() {
                    order.next_serial(BATCH)
                } else {
                    let Some(batch) = rx.as_ref().and_then(|rx| rx.recv().ok()) else {
                        break;
                    };
                    let splits: Vec<_> = batch
                        .par_iter()
                        .map(|input| blocks::split_input(input, parser))
                        .collect();
                    order.take(batch, splits, &mut rx, parser)
                };
                if chunks.is_empty() && order.serial() {
                    break;
                }
                pieces += chunks.len();
                if !check_batches(chunks, options, reconstruct, render, &mut games, &done_tx) {
                    return (games, pieces, order.busy);
                }
            }
            (games, pieces, order.busy)
        });
        let mut write = Duration::ZERO;
        let mut failed = None;
        'batches: for batch in done_rx {
            let began = Instant::now();
            for rendered in batch {
                if let Err(e) = sink(rendered) {
                    failed = Some(e);
                    break 'batches;
                }
            }
            write += began.elapsed();
        }
        // The receiver is dropped here: a worker still sending stops, and so does the reader.
        let (games, pieces, ordering) = worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let (io_error, reading) = reader
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(Finished {
            games,
            pieces,
            io_error,
            stats: Stats {
                read: reading + ordering,
                write,
                total: start.elapsed(),
            },
        })
    })
}
