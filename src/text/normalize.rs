//! Unicode normalization with a map back to the original bytes (see the [`text`](crate::text)
//! module).

use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use super::Span;

/// Text after normalization, with the map back to the original offsets.
///
/// ```
/// use planilla::text::normalize;
/// use planilla::text::Span;
/// let n = normalize("1…Ｃf3");
/// assert_eq!(n.as_str(), "1...Cf3");
/// // "Cf3" is bytes 4..7 of the normalized text, 4..9 of the original ("…" and the
/// // full-width "Ｃ" are 3 bytes each).
/// assert_eq!(n.to_original(Span::new(4, 7)), Span::new(4, 9));
/// assert!(normalize("1.Cf3").is_identity());
/// ```
#[derive(Clone, Debug)]
pub struct Normalized<'a> {
    text: Cow<'a, str>,
    /// For each normalized byte, the original byte range `(start, end)` of the character (with
    /// its combining marks) it came from; one more entry at the end, `(len, len)`. `None` on
    /// the ASCII fast path.
    map: Option<Vec<(u32, u32)>>,
}

/// The character mapping applied before NFKC; `None` means "apply NFKC".
fn special(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2015}'
        | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => "-",
        '½' => "1/2",
        '\u{2044}' => "/",
        // A list's bullet (`• 1.e4 e5`, the move lists of Wikipedia's copies in French and
        // Spanish) reads as the dash that starts a line of a list: a separator, never a move.
        '\u{2022}' => "-",
        // Byte order mark and zero-width characters: dropped.
        '\u{FEFF}' | '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' => "",
        // Kept as they are: the grammar reads them and records which was written.
        '×' => "×",
        _ => return None,
    })
}

/// Normalizes `input` for the grammar (see the [`text`](crate::text) module).
///
/// Linear in the input; the ASCII fast path neither copies nor allocates.
#[inline]
pub fn normalize(input: &str) -> Normalized<'_> {
    if input.is_ascii() {
        return Normalized {
            text: Cow::Borrowed(input),
            map: None,
        };
    }
    normalize_slow(input)
}

/// The general path of [`normalize`], for text with non-ASCII characters.
#[inline(never)]
fn normalize_slow(input: &str) -> Normalized<'_> {
    let mut out = String::with_capacity(input.len() + 8);
    let mut map: Vec<(u32, u32)> = Vec::with_capacity(input.len() + 9);
    let bytes = input.as_bytes();
    let mut i = 0;
    while i < input.len() {
        // A cluster: one character and the combining marks after it.
        let c = input[i..].chars().next().unwrap_or('\0');
        let mut end = i + c.len_utf8();
        while let Some(m) = input[end..].chars().next() {
            if is_combining_mark(m) {
                end += m.len_utf8();
            } else {
                break;
            }
        }
        let before = out.len();
        if end == i + 1 && bytes[i].is_ascii() {
            out.push(bytes[i] as char);
        } else if let (Some(s), true) = (special(c), end == i + c.len_utf8()) {
            out.push_str(s);
        } else {
            for n in input[i..end].nfkc() {
                match special(n) {
                    Some(s) => out.push_str(s),
                    None => out.push(n),
                }
            }
        }
        map.extend(core::iter::repeat_n(
            (i as u32, end as u32),
            out.len() - before,
        ));
        i = end;
    }
    map.push((input.len() as u32, input.len() as u32));
    Normalized {
        text: Cow::Owned(out),
        map: Some(map),
    }
}

impl<'a> Normalized<'a> {
    /// The normalized text.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The original text itself when it was left as it was (the ASCII fast path), with its
    /// full lifetime; `None` when normalization made a copy.
    #[inline]
    pub fn borrowed(&self) -> Option<&'a str> {
        match self.text {
            Cow::Borrowed(s) => Some(s),
            Cow::Owned(_) => None,
        }
    }

    /// `true` when the text was left as it was (the ASCII fast path).
    #[inline]
    pub fn is_identity(&self) -> bool {
        self.map.is_none()
    }

    /// Maps a span of the normalized text to the span of the original text it came from.
    ///
    /// A span that starts or ends inside the expansion of one original character is widened to
    /// cover the whole character.
    pub fn to_original(&self, span: Span) -> Span {
        match &self.map {
            None => span,
            Some(map) => {
                let last = map.len() - 1;
                let s = (span.start as usize).min(last);
                let e = (span.end as usize).min(last);
                let start = map[s].0;
                if e <= s {
                    return Span::new(start, start);
                }
                // The end of the original character that produced byte e - 1.
                Span::new(start, map[e - 1].1)
            }
        }
    }

    /// Maps one normalized byte offset to the original offset of its character.
    #[inline]
    pub fn offset_to_original(&self, offset: u32) -> u32 {
        match &self.map {
            None => offset,
            Some(map) => map[(offset as usize).min(map.len() - 1)].0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        let n = normalize("½–½ 0—0 1\u{a0}. ＣＦ3 e×d5 ♘f3");
        assert_eq!(n.as_str(), "1/2-1/2 0-0 1 . CF3 e×d5 ♘f3");
        // The first "½" maps back to its 2 bytes.
        assert_eq!(n.to_original(Span::new(0, 3)), Span::new(0, 2));
        // A span inside the expansion widens to the character.
        assert_eq!(n.to_original(Span::new(1, 2)), Span::new(0, 2));
    }

    #[test]
    fn bom_and_zero_width_characters_vanish() {
        let n = normalize("\u{feff}1.\u{200b}e4");
        assert_eq!(n.as_str(), "1.e4");
        assert_eq!(n.to_original(Span::new(0, 2)), Span::new(3, 5));
        assert_eq!(n.to_original(Span::new(2, 4)), Span::new(8, 10));
    }

    #[test]
    fn combining_marks_compose() {
        let n = normalize("Lo\u{301}pez");
        assert_eq!(n.as_str(), "López");
        assert_eq!(n.to_original(Span::new(1, 3)), Span::new(1, 4));
    }
}
