//! What `move` yields: the readings of one written move, one in strict
//! [`CaseMode`](crate::notation::CaseMode) and one or two in lenient mode (E2, E5 (2005); C.2,
//! C.5 (2018/2023): pieces uppercase, files lowercase); and the accessors of one reading.

use crate::notation::ParseError;
use crate::notation::ast::*;

/// The readings of one written move: exactly one in strict mode; one or two in lenient mode.
///
/// The first reading is the one the strict case rules give when they give one (uppercase is a
/// piece, lowercase a file); a second reading reads the first letter the other way.
///
/// ```
/// use planilla::notation::{Parser, CaseMode, Language};
/// use planilla::Role;
/// let lenient = Parser::new(Language::SPANISH, CaseMode::Lenient);
/// let r = lenient.parse_move("cd4").unwrap();
/// assert_eq!(r.len(), 2);
/// assert_eq!(r.as_slice()[0].role(), Some(Role::Pawn)); // c-pawn takes on d4
/// assert_eq!(r.get(1).unwrap().role(), Some(Role::Knight)); // knight to d4
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Readings {
    /// The preferred reading, always inline (the hot path writes it in place).
    pub(super) first: Notation,
    /// Both readings, when there are two (rare: lenient letters); boxed, which keeps tokens
    /// small. `both[0] == first`.
    both: Option<Box<[Notation; 2]>>,
    /// `true` when the first reading is the text as written, the one strict case gives.
    pub(super) literal: bool,
}

/// The iterator over [`Readings`], preferred reading first.
///
/// ```
/// use planilla::{CaseMode, Language, Parser, ReadingsIter, Role};
/// let lenient = Parser::new(Language::SPANISH, CaseMode::Lenient);
/// let readings = lenient.parse_move("cd4")?;
/// let iter: ReadingsIter<'_> = readings.iter();
/// // A c-pawn capture on d4, or a knight move to d4.
/// let roles: Vec<_> = iter.map(|n| n.role()).collect();
/// assert_eq!(roles, [Some(Role::Pawn), Some(Role::Knight)]);
/// # Ok::<(), planilla::ParseError>(())
/// ```
pub type ReadingsIter<'a> = core::slice::Iter<'a, Notation>;

impl Readings {
    /// The first (preferred) reading. There is always at least one.
    #[inline]
    pub fn first(&self) -> &Notation {
        &self.first
    }

    /// How many readings: 1, or 2 when a lenient letter can be read both ways.
    #[inline]
    pub fn len(&self) -> usize {
        1 + self.both.is_some() as usize
    }

    /// Always `false`: a `Readings` value holds at least one reading.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// `true` when the first reading is the text as written: the reading of strict case
    /// (uppercase pieces, lowercase files). Always `true` in strict mode; in lenient mode,
    /// `false` when only a guess reads the text (`CD4`, `Bb5`), and then every reading is a
    /// guess.
    ///
    /// ```
    /// use planilla::notation::Parser;
    /// let lenient = Parser::spanish().lenient();
    /// assert!(lenient.parse_move("cd4").unwrap().is_literal());
    /// assert!(!lenient.parse_move("CD4").unwrap().is_literal());
    /// ```
    #[inline]
    pub fn is_literal(&self) -> bool {
        self.literal
    }

    /// `true` when there is more than one reading.
    #[inline]
    pub fn is_ambiguous(&self) -> bool {
        self.both.is_some()
    }

    /// All readings, preferred first.
    #[inline]
    pub fn as_slice(&self) -> &[Notation] {
        match &self.both {
            None => core::slice::from_ref(&self.first),
            Some(b) => &b[..],
        }
    }

    /// The reading at `index` (0 is the preferred one).
    #[inline]
    pub fn get(&self, index: usize) -> Option<&Notation> {
        self.as_slice().get(index)
    }

    /// Iterates over the readings, preferred first.
    #[inline]
    pub fn iter(&self) -> ReadingsIter<'_> {
        self.as_slice().iter()
    }

    /// Applies `f` to every span of every reading.
    ///
    /// # Errors
    /// [`Notation::map_spans`]'s, when a mapped reading is too long to keep; the readings
    /// are then left as they were.
    pub fn map_spans(&mut self, mut f: impl FnMut(Span) -> Span) -> Result<(), ParseError> {
        let mut first = self.first;
        first.map_spans(&mut f)?;
        if let Some(b) = &mut self.both {
            let mut second = b[1];
            second.map_spans(&mut f)?;
            **b = [first, second];
        }
        self.first = first;
        Ok(())
    }

    /// A single reading.
    #[inline]
    pub fn one(first: Notation) -> Readings {
        Readings {
            first,
            both: None,
            literal: true,
        }
    }

    /// Keeps only the first reading, and gives access to it (for parsing in place).
    #[inline]
    pub(super) fn first_only(&mut self) -> &mut Notation {
        self.both = None;
        &mut self.first
    }

    /// Adds a second reading.
    #[inline]
    pub(super) fn push_second(&mut self, second: Notation) {
        self.both = Some(Box::new([self.first, second]));
    }
}

impl<'a> IntoIterator for &'a Readings {
    type Item = &'a Notation;
    type IntoIter = ReadingsIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
