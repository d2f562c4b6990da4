//! The text stage: byte spans into the original input, and the Unicode normalization that
//! keeps them true.
//!
//! Every later stage reports places as a [`Span`] of the text the user gave, never of a
//! normalized copy: [`normalize`] maps each normalized byte back to its original characters.
//!
//!
//! ## Normalization
//!
//! Unicode normalization before parsing, with a map back to the original byte offsets.
//!
//! Scoresheets typed on phones, copied from PDFs or printed books use many look-alike
//! characters. Before the grammar sees the text, [`normalize`] applies NFKC (Unicode compatibility
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

pub use normalize::{Normalized, normalize};

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
