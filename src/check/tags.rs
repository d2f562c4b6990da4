//! [`Tags`]: a game's PGN tags in one buffer.

use core::fmt;

/// A game's headers as PGN tags (PGN §8.1), in order: name and value pairs kept in one text
/// buffer, so that a report's tags cost two allocations however many there are.
///
/// A name may appear more than once, as in the input; [`Tags::get`] gives the last.
///
/// ```
/// use planilla::check::Tags;
/// let mut tags = Tags::new();
/// tags.push("White", "Pérez, Ana");
/// tags.push("Date", "2024.03.07");
/// assert_eq!(tags.get("White"), Some("Pérez, Ana"));
/// assert_eq!(tags.get("Black"), None);
/// assert_eq!(tags.len(), 2);
/// let names: Vec<&str> = tags.iter().map(|(name, _)| name).collect();
/// assert_eq!(names, ["White", "Date"]);
/// assert_eq!(tags, vec![("White".to_owned(), "Pérez, Ana".to_owned()), ("Date".into(), "2024.03.07".into())]);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    /// Every name and value, one after the other.
    text: String,
    /// For each tag, the byte offsets in `text` where its name ends and its value ends; the
    /// name starts where the previous value ends.
    ends: Vec<(usize, usize)>,
}

impl Tags {
    /// No tags.
    #[must_use]
    pub const fn new() -> Tags {
        Tags {
            text: String::new(),
            ends: Vec::new(),
        }
    }

    /// No tags, with room for `tags` tags of `bytes` bytes of names and values in all.
    #[must_use]
    pub fn with_capacity(tags: usize, bytes: usize) -> Tags {
        Tags {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(tags),
        }
    }

    /// Adds a tag at the end.
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push((name_end, self.text.len()));
    }

    /// The value of the last tag named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().rev().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// How many tags.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no tags.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The tag at `index` (from 0), as its name and value.
    #[must_use]
    pub fn pair(&self, index: usize) -> Option<(&str, &str)> {
        let &(name_end, value_end) = self.ends.get(index)?;
        let start = match index {
            0 => 0,
            _ => self.ends.get(index - 1)?.1,
        };
        Some((
            self.text.get(start..name_end)?,
            self.text.get(name_end..value_end)?,
        ))
    }

    /// The tags in order, as name and value.
    pub fn iter(&self) -> TagsIter<'_> {
        TagsIter {
            tags: self,
            front: 0,
            back: self.len(),
        }
    }
}

/// The iterator over [`Tags`]: each name and value, in order.
///
/// ```
/// use planilla::{check_text, CheckOptions, TagsIter};
/// let text = "[Event \"Open\"]\n[White \"Ana\"]\n\n1.e4 *";
/// let report = check_text(text, &CheckOptions::default()).next().unwrap();
/// let mut tags: TagsIter<'_> = report.tags.iter();
/// assert_eq!(tags.len(), 2);
/// assert_eq!(tags.next(), Some(("Event", "Open")));
/// assert_eq!(tags.next_back(), Some(("White", "Ana")));
/// assert_eq!(tags.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct TagsIter<'a> {
    tags: &'a Tags,
    front: usize,
    back: usize,
}

impl<'a> Iterator for TagsIter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        if self.front == self.back {
            return None;
        }
        self.front += 1;
        self.tags.pair(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.back - self.front, Some(self.back - self.front))
    }
}

impl DoubleEndedIterator for TagsIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        self.tags.pair(self.back)
    }
}

impl ExactSizeIterator for TagsIter<'_> {}

impl<'a> IntoIterator for &'a Tags {
    type Item = (&'a str, &'a str);
    type IntoIter = TagsIter<'a>;
    fn into_iter(self) -> TagsIter<'a> {
        self.iter()
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        tags.extend(iter);
        tags
    }
}

impl<N: AsRef<str>, V: AsRef<str>> Extend<(N, V)> for Tags {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        for (name, value) in iter {
            self.push(name.as_ref(), value.as_ref());
        }
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq<Vec<(String, String)>> for Tags {
    fn eq(&self, other: &Vec<(String, String)>) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other)
                .all(|((n, v), (on, ov))| n == on && v == ov)
    }
}

impl PartialEq<Tags> for Vec<(String, String)> {
    fn eq(&self, other: &Tags) -> bool {
        other == self
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Tags {
    /// A list of `[name, value]` pairs, as a `Vec<(String, String)>` serializes.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Tags {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Tags, D::Error> {
        let pairs = <Vec<(String, String)> as serde::Deserialize>::deserialize(deserializer)?;
        Ok(pairs.into_iter().collect())
    }
}
