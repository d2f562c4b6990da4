//! Descriptive notation (`descriptive_move`; the 1970 booklet, Art. XVII), Spanish (`P4R`,
//! `C-3AR`, `AxC`, `R-1C`) and English (`P-K4`, `N-KB3`, `BxN`, `K-N1`): one written move to a
//! [`DescriptiveMove`] AST with spans.
//!
//! The grammar, with a source for each rule, is `grammar/descriptiva.ebnf`. In short:
//!
//! - pieces: Spanish `R D T A C P`, English `K Q R B N`/`Kt P`;
//! - files are named after the piece that stands on them at the start, from White's left:
//!   Spanish `TD CD AD D R AR CR TR`, English `QR QN QB Q K KB KN KR`; `T C A` (`R N B`)
//!   alone name both files of that piece;
//! - ranks count from the mover's own side: White's `4R` is e4, Black's `4R` is e5;
//! - a capture names the captured piece (`PxP`, `AxC`), qualified when needed (`PAxP`,
//!   `TxP(D)`, `PxQBP`, `BxP(Q5)`).
//!
//! What a descriptive move means depends on the side to move and on the position (which
//! pieces a capture names), so the parser only reads the text: the resolver
//! ([`crate::resolve::descriptive`]) filters the legal moves.
//!
//! A qualifier of the moving or captured piece names the squares it stands on: a file name
//! (`PA`, `PAR`, `QBP`: the pawn on a bishop's file, on the king's bishop's file), a wing for a
//! piece (`CR`, `TD`, `KN`, `QR`: the knight on the king's side, files e-h; the rook on the
//! queen's side, files a-d), or a square, file or rank in parentheses (`T(1)`, `C(CD)`,
//! `P(4D)`, `R(Q1)`). Wings are read on the board as it stands, not by where the piece started.
//!
//! ```
//! use planilla::notation::descriptive::{parse_descriptive, Action, DescriptiveBody};
//! use planilla::notation::Language;
//! use planilla::{Color, Role, Square};
//! let m = parse_descriptive("C-3AR", &Language::SPANISH).unwrap();
//! let DescriptiveBody::Piece(p) = m.body else { panic!() };
//! assert_eq!(p.role, Role::Knight);
//! let Action::Move { to } = p.action else { panic!() };
//! // 3AR is f3 for White and f6 for Black.
//! assert!(to.contains(Square::F3, Color::White));
//! assert!(to.contains(Square::F6, Color::Black));
//! assert_eq!(to.span.range(), 2..5);
//! // The 1970 ruling's `A-D`: a file with no rank, incomplete.
//! let m = parse_descriptive("A-D", &Language::SPANISH).unwrap();
//! assert!(m.is_incomplete());
//! let m = parse_descriptive("P-K4", &Language::ENGLISH).unwrap();
//! assert!(!m.is_incomplete());
//! ```

// The files follow `grammar/descriptiva.ebnf`: this one holds the entry points (a whole text, a
// word of a sheet) and the notation kind; `ast` the move as read; `moves` the productions of a
// move, Spanish and English; `words` the names and marks they are made of (files, ranks,
// castling, en passant and check marks).

mod ast;
mod book;
mod moves;
mod words;

pub use ast::{
    Action, DescriptiveBody, DescriptiveMove, DescriptivePromotion, PieceMove, Place, Verb,
};
pub(crate) use words::Tradition;
pub use words::{ENGLISH_FILES, SPANISH_FILES};

use super::{ErrorKind, Language, ParseError};
use moves::parse_at;

/// Which notation a sheet is written in: algebraic (Appendix E/C), descriptive, or decided per
/// game from its moves.
///
/// Carried by [`Language::with_notation`]; the library's languages are algebraic, the command
/// line's default is `Auto`.
///
/// ```
/// use planilla::notation::{descriptive::NotationKind, Language};
/// let l = Language::SPANISH.with_notation(NotationKind::Descriptive);
/// assert!(l.is_descriptive());
/// assert!(!Language::SPANISH.is_descriptive());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum NotationKind {
    /// Algebraic only (Appendix E (2005); C (2018, 2023)).
    #[default]
    Algebraic,
    /// Descriptive only (`P4R`, `P-K4`).
    Descriptive,
    /// Each game in the notation of its moves: a word the algebraic grammar rejects is read
    /// as descriptive; a game mixing the two is an error at the first move of the other one.
    Auto,
}

impl Language {
    /// The same letters, read and written in `notation` (algebraic, descriptive, or decided
    /// per game).
    ///
    /// ```
    /// use planilla::notation::{descriptive::NotationKind, Language};
    /// let l = Language::ENGLISH.with_notation(NotationKind::Auto);
    /// assert_eq!(l.notation_kind(), NotationKind::Auto);
    /// assert_eq!(l.name(), "English");
    /// ```
    pub const fn with_notation(mut self, notation: NotationKind) -> Language {
        self.notation = notation;
        self
    }

    /// The notation the sheet is read in.
    pub const fn notation_kind(&self) -> NotationKind {
        self.notation
    }

    /// `true` when moves are read and written in descriptive notation only.
    pub const fn is_descriptive(&self) -> bool {
        matches!(self.notation, NotationKind::Descriptive)
    }
}

/// Parses one descriptive move, the whole of `text`, in `language`'s letters (Spanish unless
/// the language's knight is `N`).
///
/// # Errors
/// A [`ParseError`] with its span when the text is not one descriptive move.
///
/// ```
/// use planilla::notation::descriptive::parse_descriptive;
/// use planilla::notation::Language;
/// assert!(parse_descriptive("PxP a.p.", &Language::SPANISH).is_ok());
/// assert!(parse_descriptive("B-N5ch", &Language::ENGLISH).is_ok());
/// assert!(parse_descriptive("P-8D(D)", &Language::SPANISH).is_ok());
/// assert_eq!(parse_descriptive("A-5CDx", &Language::SPANISH).unwrap_err().span.range(), 5..6);
/// ```
pub fn parse_descriptive(text: &str, language: &Language) -> Result<DescriptiveMove, ParseError> {
    let (m, end) = parse_phrase(text, 0, language)?;
    if end < text.len() {
        return Err(super::error(
            text,
            ErrorKind::TrailingCharacters,
            end,
            0,
            "the end of the move",
        ));
    }
    Ok(m)
}

/// How many bytes of print punctuation stand at `at`, after a word: a comma or a full stop
/// followed by the end, white space or a delimiter, or a semicolon glued to the word and
/// followed by white space. Print separates moves with commas and semicolons
/// (`1 e4, e5 2 Cf3, d6`; `9. BxKt, PxB; 10. KtxP`; `4.Ag3 f4; parece que`) and ends sentences
/// after a move (`3. f6 gxf6.`, `Castles.`); a sheet never writes any of them inside a move
/// (`grammar/notacion.ebnf`, `punctuation`). A semicolon after white space, or glued to a
/// comment (`e4;comment`), starts a PGN comment (PGN §8.2.5), as it always did.
#[inline]
pub(crate) fn print_punctuation(b: &[u8], at: usize) -> usize {
    let after = b.get(at + 1);
    match b.get(at) {
        Some(b',' | b'.')
            if after.is_none_or(|&c| {
                c.is_ascii_whitespace()
                    || matches!(c, b'(' | b')' | b'{' | b'}' | b';' | b'$' | b'[')
            }) =>
        {
            1
        }
        Some(b';') if after.is_some_and(|c| *c == b' ' || *c == b'\t') => 1,
        _ => 0,
    }
}

/// Whether `b` may follow a move in a text: a delimiter, the end, or an assessment `!` `?`.
pub(crate) fn ends_word(b: Option<u8>) -> bool {
    match b {
        None => true,
        Some(d) => {
            d.is_ascii_whitespace()
                || matches!(
                    d,
                    b'(' | b')' | b'{' | b'}' | b';' | b'$' | b'[' | b'!' | b'?'
                )
        }
    }
}

/// Parses a descriptive move at `at`: English as the books print it too (`P to K4`,
/// `Kt - Q B 3`; see `book.rs`), read in the word form with its spans on the printed text.
fn parse_phrase(
    s: &str,
    at: usize,
    language: &Language,
) -> Result<(DescriptiveMove, usize), ParseError> {
    if Tradition::of(language) != Tradition::English || s.len() > u32::MAX as usize {
        return parse_at(s, at, language);
    }
    if let Some(read) = book::verb_phrase(s, at, language) {
        return Ok(read);
    }
    let Some(form) = book::book_phrase(s, at) else {
        return parse_at(s, at, language);
    };
    let printed = |sp: super::Span| {
        let (a, b) = form.printed(sp.start, sp.end);
        super::Span::new(a, b)
    };
    match parse_at(&form.text, 0, language) {
        Ok((mut m, k)) => {
            m.map_spans(printed);
            Ok((m, form.printed_end(k)))
        }
        Err(mut e) => {
            e.span = printed(e.span);
            e.found = s
                .get(e.span.start as usize..)
                .and_then(|r| r.chars().next());
            Err(e)
        }
    }
}

/// Reads a descriptive move at byte `at` of a scoresheet's text: the move must end at a
/// delimiter (or a move number glued after it, as in algebraic sheets).
pub(crate) fn read_word(
    s: &str,
    at: usize,
    language: &Language,
) -> Result<(DescriptiveMove, usize), ParseError> {
    let (m, end) = parse_phrase(s, at, language)?;
    let b = s.as_bytes();
    let digits = b[end..].iter().take_while(|c| c.is_ascii_digit()).count();
    let glued_number = digits > 0 && b.get(end + digits) == Some(&b'.');
    // Parentheses belong to descriptive moves (`T(1)`, `TxP(D)`, `P-8D(D)`): one glued to a
    // move that does not read it is no variation. A mark in them is the move's annotation
    // (`Q-K2(?)`).
    let glued_paren = b.get(end) == Some(&b'(') && !matches!(b.get(end + 1), Some(b'!' | b'?'));
    let punctuation = print_punctuation(b, end) > 0;
    if (!ends_word(b.get(end).copied()) || glued_paren) && !glued_number && !punctuation {
        let k = b[end..]
            .iter()
            .position(|c| ends_word(Some(*c)))
            .unwrap_or(b.len() - end);
        return Err(super::error(
            s,
            ErrorKind::TrailingCharacters,
            end,
            k,
            "a space, a move number or the end after the move",
        ));
    }
    Ok((m, end))
}
