//! The text stage: byte spans into the original input, and the Unicode normalization that
//! keeps them true.
//!
//! Every later stage reports places as a [`Span`] of the text the user gave, never of a
//! normalized copy: `normalize` maps each normalized byte back to its original characters.
//!
//!
//! ## Normalization
//!
//! Unicode normalization before parsing, with a map back to the original byte offsets.
//!
//! Scoresheets typed on phones, copied from PDFs or printed books use many look-alike
//! characters. Before the grammar sees the text, `normalize` applies NFKC (Unicode compatibility
//! composition: full-width letters, the no-break space, the ellipsis `…` become their plain
//! forms) plus a small mapping table:
//!
//! | written | read as | why |
//! |---|---|---|
//! | `‐ ‑ ‒ – — ― − ﹘ ﹣ －` | `-` | dashes and the minus sign in `1-0`, `0-0`, `e2-e4`, `1.-` |
//! | `½` | `1/2` | results `½-½` |
//! | `⁄` (fraction slash) | `/` | `1⁄2-1⁄2` |
//! | byte order mark, zero-width spaces and joiners | nothing | files saved by word processors |
//!
//! Figurines (`♔`…`♟`) and the capture sign `×` are kept: the grammar reads them itself so that
//! the AST can say which was written. Likewise `O`/`o` in castling and `:` as a capture mark are
//! ASCII already and handled by the grammar.
//!
//! Spans produced on the normalized text are mapped back with [`Normalized::to_original`], so
//! they always point into the **original** text. ASCII input takes a fast path: no copy, no map.
//!
//! ```
//! use planilla::text::{normalize, Span};
//! let n = normalize("1.Cf3 ½-½");
//! assert_eq!(n.as_str(), "1.Cf3 1/2-1/2");
//! // A span of the normalized text points at the original characters.
//! assert_eq!(n.to_original(Span::new(6, 13)), Span::new(6, 11));
//! ```

use core::ops::Range;

mod normalize;
mod small;

pub use normalize::{Normalized, normalize};
pub use small::SmallText;

/// A place in a text as people count it: the line and the column, both from 1. The column
/// counts characters (Unicode scalar values), not bytes, so that `×` or `♘` is one column.
///
/// ```
/// use planilla::text::{line_column, LineColumn};
/// let text = "1.e4 e5\n2.C×e5";
/// assert_eq!(line_column(text.as_bytes(), text.find("e5\n").unwrap()), LineColumn { line: 1, column: 6 });
/// assert_eq!(line_column(text.as_bytes(), text.len()), LineColumn { line: 2, column: 7 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineColumn {
    /// The line, from 1: one more than the line ends (`\n`) before the place.
    pub line: u64,
    /// The column, from 1: one more than the characters between the line's start and the
    /// place.
    pub column: u64,
}

/// The line and column of byte `offset` of `text` (see [`LineColumn`]). An offset past the
/// end is read as the end. Bytes that are not UTF-8 count a column each, but for the
/// continuation bytes of a sequence, so that the column never depends on the text being valid.
///
/// The cost is linear in `offset`: for many places of one text, count from the nearest known
/// one.
#[must_use]
pub fn line_column(text: &[u8], offset: usize) -> LineColumn {
    let before = &text[..offset.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    let lines = before.iter().filter(|&&b| b == b'\n').count() as u64;
    let columns = before[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count() as u64;
    LineColumn {
        line: lines + 1,
        column: columns + 1,
    }
}

/// A half-open range of byte offsets `start..end` into the original input text.
///
/// Offsets are `u32`: inputs are limited to 4 GiB (larger inputs are rejected with
/// [`ErrorKind::InputTooLarge`](crate::notation::ErrorKind::InputTooLarge)).
///
/// ```
/// use planilla::notation::Span;
/// let span = Span::new(2, 5);
/// assert_eq!(&"1.Cf3"[span.range()], "Cf3");
/// assert_eq!(span.len(), 3);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// First byte of the span.
    pub start: u32,
    /// One past the last byte of the span.
    pub end: u32,
}

impl Span {
    /// The span `start..end` (byte offsets).
    #[inline]
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The span as a `usize` range, for slicing the original text.
    #[inline]
    pub const fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Length in bytes: 0 for a span whose end is before its start (`Span::new(5, 2)`), which
    /// no reader builds.
    ///
    /// ```
    /// use planilla::notation::Span;
    /// assert_eq!(Span::new(5, 2).len(), 0);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start) as usize
    }

    /// `true` for an empty span (a position between two bytes).
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering both.
    #[inline]
    pub const fn join(self, other: Span) -> Span {
        Span {
            start: if self.start < other.start {
                self.start
            } else {
                other.start
            },
            end: if self.end > other.end {
                self.end
            } else {
                other.end
            },
        }
    }
}
