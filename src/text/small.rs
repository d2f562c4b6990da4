//! [`SmallText`]: a short text kept inline, so that a move's written text costs no allocation.

use core::fmt;
use core::ops::Deref;

/// The bytes a [`SmallText`] keeps inline; a longer text goes to the heap.
const INLINE: usize = 22;

/// A short, immutable text kept inline: up to 22 bytes with no heap allocation, a longer one
/// boxed. It dereferences to `&str`, compares with `str` and `String`, and prints as its text.
///
/// A move as written (`Cxf3+`, `exd6 a.p.`, `P4R`, `0-0-0(=)`) fits inline; 24 bytes on the
/// stack, the size of a `String`. [`PlyRecord::text`](crate::check::PlyRecord::text) holds one,
/// so that recording a ply allocates nothing.
///
/// ```
/// use planilla::text::SmallText;
/// let t = SmallText::new("Cxf3+");
/// assert_eq!(t, "Cxf3+");
/// assert_eq!(t.len(), 5);
/// assert!(t.is_inline());
/// assert_eq!(t.to_string(), "Cxf3+");
/// let long = SmallText::new("a move written at some length");
/// assert!(!long.is_inline());
/// assert_eq!(&*long, "a move written at some length");
/// ```
#[derive(Clone)]
pub struct SmallText(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl SmallText {
    /// The text `s`, inline when it has at most 22 bytes.
    #[must_use]
    pub fn new(s: &str) -> SmallText {
        if s.len() <= INLINE {
            let mut bytes = [0u8; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            SmallText(Repr::Inline {
                // At most 22: the test above.
                len: s.len() as u8,
                bytes,
            })
        } else {
            SmallText(Repr::Heap(s.into()))
        }
    }

    /// The text.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // The bytes are those of a `&str`, cut at its length: valid UTF-8.
            Repr::Inline { len, bytes } => {
                core::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Repr::Heap(s) => s,
        }
    }

    /// Whether the text is kept inline (at most 22 bytes), with no heap allocation.
    #[inline]
    #[must_use]
    pub fn is_inline(&self) -> bool {
        matches!(self.0, Repr::Inline { .. })
    }
}

impl Default for SmallText {
    fn default() -> SmallText {
        SmallText::new("")
    }
}

impl Deref for SmallText {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for SmallText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl core::borrow::Borrow<str> for SmallText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for SmallText {
    fn from(s: &str) -> SmallText {
        SmallText::new(s)
    }
}

impl From<String> for SmallText {
    fn from(s: String) -> SmallText {
        SmallText::new(&s)
    }
}

impl From<SmallText> for String {
    fn from(s: SmallText) -> String {
        s.as_str().to_owned()
    }
}

impl fmt::Debug for SmallText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for SmallText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl PartialEq for SmallText {
    fn eq(&self, other: &SmallText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for SmallText {}

impl core::hash::Hash for SmallText {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for SmallText {
    fn partial_cmp(&self, other: &SmallText) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SmallText {
    fn cmp(&self, other: &SmallText) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl PartialEq<str> for SmallText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SmallText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for SmallText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<SmallText> for str {
    fn eq(&self, other: &SmallText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<SmallText> for &str {
    fn eq(&self, other: &SmallText) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<SmallText> for String {
    fn eq(&self, other: &SmallText) -> bool {
        self == other.as_str()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for SmallText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for SmallText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SmallText, D::Error> {
        let s = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Ok(SmallText::new(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_text_is_the_size_of_a_string_and_keeps_every_text_whole() {
        assert_eq!(size_of::<SmallText>(), size_of::<String>());
        for s in [
            "",
            "e4",
            "Cxf3+",
            "exd6 a.p.",
            "♘xf3",
            "0-0-0(=)",
            "1234567890123456789012",
            "12345678901234567890123",
            "ñññññññññññ",
            "ñññññññññññx",
        ] {
            let t = SmallText::new(s);
            assert_eq!(t, s);
            assert_eq!(t.is_inline(), s.len() <= 22, "{s}");
            assert_eq!(format!("{t}"), s);
            assert_eq!(format!("{t:?}"), format!("{s:?}"));
        }
    }
}
