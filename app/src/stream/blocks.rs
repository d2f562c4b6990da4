//! The reading of [`super::for_each_chunk_parallel`], split in parallel.
//!
//! One thread reads the input in blocks of about [`BLOCK`] bytes, each cut where a line that
//! may start a game's headers (`[Event "…`, `Evento: …`) follows a blank line. The pool splits
//! each block into pieces as [`StreamGames`] would ([`split`]), and the pipeline's worker
//! puts them in order, with their offsets and line numbers in the whole stream ([`Order`]).
//!
//! A cut is only a guess: the serial reading cuts there only when no `{…}` comment is open and
//! the piece before it has moves (a game with no moves is read with the next one). So each
//! block is split with the next block's first line after it, and the cut holds when that line
//! starts a piece of its own, as in the serial reading (by induction: each block then starts
//! where a piece starts). Where a cut does not hold, the block's last piece goes on in the next
//! block, and the worker splits the two again as one. Where no cut is found within
//! [`MAX_BLOCK`] bytes (a file with no header lines, a game of megabytes), the rest of the
//! stream is read serially by the worker, as before the split. The pieces are the same either
//! way, byte for byte; only the work is no longer shared.

use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::sync::mpsc::{Receiver, SyncSender};
use std::time::{Duration, Instant};

use planilla::notation::Parser;
use planilla::scoresheet::{Chunk, StreamGames, starts_game_headers};

/// The bytes a block is read to before it is cut: 64 KiB, a few hundred games.
pub(super) const BLOCK: usize = 64 << 10;

/// How many blocks make one batch of the pipeline: 1 MiB, a few thousand games.
pub(super) const BLOCKS: usize = 16;

/// Past this many bytes with no cut, the rest of the stream is read serially: 4 MiB, well under
/// a piece's size limit ([`planilla::scoresheet::DEFAULT_MAX_GAME_BYTES`]), so that a block's
/// pieces are never cut by it.
const MAX_BLOCK: usize = 4 << 20;

/// Past this many bytes of a piece that cuts did not end, the rest of the stream is read
/// serially: 1 MiB, so that a hostile input (a comment of megabytes full of header lines)
/// splits the same bytes again at most a few times.
const MAX_BROKEN: usize = 1 << 20;

/// What the reading thread hands out, in stream order.
pub(super) enum Input {
    /// A block, `text[..cut]`, followed by the first line of the next block (`text[cut..]`),
    /// by which its cut is checked; at the end of the stream, `cut` is `text.len()`. Blocks
    /// follow each other in the stream: each starts where the one before it is cut.
    Block { text: Vec<u8>, cut: usize },
    /// Bytes as they were read, past the last block: the rest of the stream is read serially.
    Raw(Vec<u8>),
}

impl Input {
    /// The stream's bytes it stands for (a block without the next block's first line).
    fn into_bytes(self) -> Vec<u8> {
        match self {
            Input::Block { mut text, cut, .. } => {
                text.truncate(cut);
                text
            }
            Input::Raw(bytes) => bytes,
        }
    }
}

/// The reading thread: reads `reader` into blocks and sends them in batches of [`BLOCKS`].
/// Returns the I/O error that ended the stream, if any, and the time it was busy.
pub(super) fn read_blocks<R: BufRead>(
    mut reader: R,
    tx: &SyncSender<Vec<Input>>,
) -> (Option<std::io::Error>, Duration) {
    let (mut busy, mut error) = (Duration::ZERO, None);
    let mut carry: Vec<u8> = Vec::new();
    // How much of `carry` has been searched for a cut already.
    let mut searched = 0;
    let mut raw = false;
    let mut batch = Vec::with_capacity(BLOCKS);
    loop {
        let began = Instant::now();
        let end = match fill(&mut reader, &mut carry, BLOCK) {
            Ok(end) => end,
            Err(e) => {
                error = Some(e);
                true
            }
        };
        if raw {
            if !carry.is_empty() {
                batch.push(Input::Raw(std::mem::take(&mut carry)));
            }
        } else if end {
            batch.push(Input::Block {
                cut: carry.len(),
                text: std::mem::take(&mut carry),
            });
        } else if let Some((cut, line_end)) = find_cut(&carry, searched) {
            let rest = carry[cut..].to_vec();
            carry.truncate(line_end);
            batch.push(Input::Block {
                text: std::mem::replace(&mut carry, rest),
                cut,
            });
            searched = 0;
        } else if carry.len() >= MAX_BLOCK {
            raw = true;
            batch.push(Input::Raw(std::mem::take(&mut carry)));
        } else {
            // No cut yet: read on, and search next from the last line end searched.
            searched =
                memchr::memrchr(b'\n', &carry[searched..]).map_or(searched, |p| searched + p);
            busy += began.elapsed();
            continue;
        }
        busy += began.elapsed();
        if (end || batch.len() >= BLOCKS || raw) && tx.send(std::mem::take(&mut batch)).is_err() {
            break;
        }
        if end {
            break;
        }
    }
    (error, busy)
}

/// Reads `want` more bytes into `buf`, fewer at the end of the input; `Ok(true)` at the end.
/// At an error, the bytes read before it are in `buf`.
fn fill<R: Read>(reader: &mut R, buf: &mut Vec<u8>, want: usize) -> std::io::Result<bool> {
    let read = reader.take(want as u64).read_to_end(buf)?;
    Ok(read < want)
}

/// The last place in `text[from..]` where a block may be cut: a line after a blank line that
/// may start a game's headers ([`starts_game_headers`]: `[Event "…`, `Evento: …`, not
/// `Resultado: …`), and that ends within `text`. Returns where the line starts and where it
/// ends (past its `\n`).
fn find_cut(text: &[u8], from: usize) -> Option<(usize, usize)> {
    let mut line_end = None;
    for at in memchr::memrchr_iter(b'\n', text.get(from..)?) {
        let at = from + at;
        let cut = at + 1;
        let before = &text[..at];
        if let Some(end) = line_end.filter(|_| before.ends_with(b"\n") || before.ends_with(b"\n\r"))
            && starts_game_headers(&text[cut..end])
        {
            return Some((cut, end));
        }
        line_end = Some(cut);
    }
    None
}

/// A block split into pieces on a pool thread.
pub(super) struct Split {
    /// The block's pieces, offsets and lines counted from the block's start.
    chunks: Vec<Chunk>,
    /// Where the piece holding the next block's first line starts, when that line does not
    /// start one (the cut does not hold); `None` when it holds.
    broken_at: Option<usize>,
    /// How many line ends come before that piece: the block's, where its cut holds.
    lines: u64,
}

/// Splits a block, `text[..cut]` followed by the next block's first line, into pieces as the
/// serial reading does, and checks its cut.
pub(super) fn split(text: &[u8], cut: usize, parser: Parser) -> Split {
    let mut stream = StreamGames::new(text, parser);
    let chunks: Vec<Chunk> = std::iter::from_fn(|| stream.next_chunk()).collect();
    finish(chunks, text, cut)
}

/// The split of a block from all its pieces, the next block's first line's included.
fn finish(mut chunks: Vec<Chunk>, text: &[u8], cut: usize) -> Split {
    if cut == text.len() {
        // The stream's last block: no cut to check, and no block after it to number.
        return Split {
            chunks,
            broken_at: None,
            lines: 0,
        };
    }
    // The last piece holds the next block's first line: it is the next block's. Its line
    // number says how many line ends come before it.
    let (last, line) = chunks.pop().map_or((0, 1), |c| (c.offset as usize, c.line));
    Split {
        chunks,
        broken_at: (last != cut).then_some(last),
        lines: line - 1,
    }
}

/// Splits again, as one, the start of a piece that the last cut broke (`broken`) and the
/// block after it (`text`, cut at `cut`, which the pool split as `fresh`). The serial reading
/// goes on from the piece's start only until one of its pieces starts where one of the pool's
/// pieces starts: from there on the two readings are the same, and the pool's pieces are
/// taken. Returns the two as one block: its text, its cut and its split.
fn mend(
    broken: Vec<u8>,
    text: &[u8],
    cut: usize,
    fresh: Split,
    parser: Parser,
) -> (Vec<u8>, usize, Split) {
    let shift = broken.len();
    let mut joined = broken;
    joined.extend_from_slice(text);
    let cut = shift + cut;
    let mut stream = StreamGames::new(joined.as_slice(), parser);
    let mut chunks = Vec::new();
    while let Some(chunk) = stream.next_chunk() {
        let start = (chunk.offset as usize).checked_sub(shift);
        if let Some(k) = start.and_then(|o| {
            fresh
                .chunks
                .binary_search_by_key(&(o as u64), |c| c.offset)
                .ok()
        }) {
            let lines = memchr::memchr_iter(b'\n', &joined[..shift]).count() as u64;
            chunks.extend(fresh.chunks.into_iter().skip(k).map(|mut c| {
                c.offset += shift as u64;
                c.line += lines;
                c
            }));
            let split = Split {
                chunks,
                broken_at: fresh.broken_at.map(|at| at + shift),
                lines: lines + fresh.lines,
            };
            return (joined, cut, split);
        }
        chunks.push(chunk);
    }
    let split = finish(chunks, &joined, cut);
    (joined, cut, split)
}

/// Splits what the pool splits: each block of a batch (not the raw bytes).
pub(super) fn split_input(input: &Input, parser: Parser) -> Option<Split> {
    match input {
        Input::Block { text, cut, .. } => Some(split(text, *cut, parser)),
        Input::Raw(_) => None,
    }
}

/// The worker's side: puts the pieces of split blocks in stream order, with their offsets and
/// lines in the stream. Where a cut does not hold, the last piece of the block goes on in the
/// next block: the two are split again as one, on this thread. Past [`MAX_BROKEN`] bytes of
/// such a piece, or at raw bytes, the rest of the stream is read serially ([`Tail`]).
pub(super) struct Order {
    /// The line number (from 1) where the next block starts.
    line: u64,
    /// The stream offset where the next block starts.
    offset: u64,
    /// The start of a piece that goes on in the next block, where the last cut did not hold.
    broken: Option<Vec<u8>>,
    /// The serial reading, once blocks are no longer cut.
    serial: Option<StreamGames<Tail>>,
    /// The time spent putting pieces in order, splitting blocks again and reading serially.
    pub(super) busy: Duration,
}

impl Order {
    pub(super) fn new() -> Order {
        Order {
            line: 1,
            offset: 0,
            broken: None,
            serial: None,
            busy: Duration::ZERO,
        }
    }

    /// Whether the rest of the stream is read serially.
    pub(super) fn serial(&self) -> bool {
        self.serial.is_some()
    }

    /// The pieces of a batch of inputs in order, each block split ([`split_input`]) beside
    /// it. At raw bytes, or past a piece of [`MAX_BROKEN`] bytes that no cut ends, the serial
    /// reading starts, taking the rest of the batch and then what `rx` sends.
    pub(super) fn take(
        &mut self,
        batch: Vec<Input>,
        splits: Vec<Option<Split>>,
        rx: &mut Option<Receiver<Vec<Input>>>,
        parser: Parser,
    ) -> Vec<Chunk> {
        let began = Instant::now();
        let mut out = Vec::new();
        let mut inputs = batch.into_iter().zip(splits);
        let mut first = None;
        for (input, split_here) in inputs.by_ref() {
            let (text, cut, done) = match (input, self.broken.take(), split_here) {
                (Input::Block { text, cut, .. }, None, Some(done)) => (text, cut, done),
                (Input::Block { text, cut, .. }, Some(broken), Some(fresh)) => {
                    mend(broken, &text, cut, fresh, parser)
                }
                (input, broken, _) => {
                    let mut bytes = broken.unwrap_or_default();
                    bytes.extend_from_slice(&input.into_bytes());
                    first = Some(bytes);
                    break;
                }
            };
            for mut chunk in done.chunks {
                chunk.offset += self.offset;
                chunk.line += self.line - 1;
                out.push(chunk);
            }
            let Some(at) = done.broken_at else {
                self.line += done.lines;
                self.offset += cut as u64;
                continue;
            };
            self.line += done.lines;
            self.offset += at as u64;
            let rest = text[at..cut].to_vec();
            if rest.len() > MAX_BROKEN {
                first = Some(rest);
                break;
            }
            self.broken = Some(rest);
        }
        if let Some(first) = first {
            let mut segments: VecDeque<Vec<u8>> = VecDeque::from([first]);
            segments.extend(inputs.map(|(input, _)| input.into_bytes()));
            let tail = Tail {
                segments,
                at: 0,
                rx: rx.take(),
            };
            self.serial = Some(StreamGames::new(tail, parser));
        }
        self.busy += began.elapsed();
        if self.serial() {
            out.extend(self.next_serial(super::BATCH));
        }
        out
    }

    /// The next `n` pieces of the serial reading, with their offsets and lines in the stream.
    pub(super) fn next_serial(&mut self, n: usize) -> Vec<Chunk> {
        let began = Instant::now();
        let (line, offset) = (self.line, self.offset);
        let Some(stream) = self.serial.as_mut() else {
            return Vec::new();
        };
        let chunks = std::iter::from_fn(|| stream.next_chunk())
            .take(n)
            .map(|mut chunk| {
                chunk.offset += offset;
                chunk.line += line - 1;
                chunk
            })
            .collect();
        self.busy += began.elapsed();
        chunks
    }
}

/// The rest of the stream for the serial reading: the bytes already at hand, then the bytes
/// of what the reading thread sends next.
pub(super) struct Tail {
    segments: VecDeque<Vec<u8>>,
    /// How much of the first segment has been read.
    at: usize,
    rx: Option<Receiver<Vec<Input>>>,
}

impl Read for Tail {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Tail {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.segments.front().is_none_or(|s| self.at >= s.len()) {
            if self.segments.pop_front().is_none() {
                // Nothing at hand: wait for the reading thread (none: the end).
                let Some(batch) = self.rx.as_ref().and_then(|rx| rx.recv().ok()) else {
                    return Ok(&[]);
                };
                self.segments
                    .extend(batch.into_iter().map(Input::into_bytes));
            }
            self.at = 0;
        }
        Ok(&self.segments[0][self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}
