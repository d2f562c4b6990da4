//! Writing a [`Notation`] back as text: canonical Appendix C Spanish, or as written in any
//! [`Language`].

use core::fmt;

use super::ast::*;
use super::language::Language;
use crate::types::{CastlingSide, Role};

/// Writes `n`. `canonical` selects the Appendix C form (x for captures, no dash, `0-0`,
/// attached promotion, ` a.p.`, `#` for mate); otherwise the written styles are kept.
fn write(f: &mut fmt::Formatter<'_>, n: &Notation, lang: Language, canonical: bool) -> fmt::Result {
    match &n.body() {
        Body::Castle(c) => write_castle(f, c, canonical)?,
        Body::Normal(m) => write_normal(f, m, lang, canonical)?,
    }
    write_marks(f, n, canonical)
}

/// Castling: `0-0`, `O-O-O`, `00` as written, or canonical (`0-0`, `0-0-0`).
fn write_castle(f: &mut fmt::Formatter<'_>, c: &Castle, canonical: bool) -> fmt::Result {
    let style = if canonical {
        CastlingStyle::CANONICAL
    } else {
        c.style
    };
    let g = style.glyph.char();
    let count = match c.side {
        CastlingSide::KingSide => 2,
        CastlingSide::QueenSide => 3,
    };
    for k in 0..count {
        if k > 0 && style.dashes {
            f.write_str("-")?;
        }
        write!(f, "{g}")?;
    }
    Ok(())
}

/// A move that is not castling: the piece, the origin, the separator, the target and the
/// promotion.
fn write_normal(
    f: &mut fmt::Formatter<'_>,
    m: &Normal,
    lang: Language,
    canonical: bool,
) -> fmt::Result {
    // Canonical pawn moves have no letter (E4; C.4), when the move then still starts
    // with a file.
    let square = matches!(m.target, Target::Square(_));
    let separator_written = match m.separator.map(|s| s.kind) {
        Some(SeparatorKind::Capture(_)) => true,
        Some(SeparatorKind::Dash) => !canonical || !square,
        None => false,
    };
    let starts_with_file = m.from_file.is_some()
        || (m.from_rank.is_none() && !separator_written && !matches!(m.target, Target::Rank(_)));
    // A letter set with no letter for the piece (Dutch has none for the pawn) writes
    // its figurine, which every letter set reads: `♙2` stays a pawn's move.
    if let Some(p) = m.piece
        && !(canonical && p.role == Role::Pawn && starts_with_file)
        && let Some(c) = lang
            .symbol(p.role)
            .or_else(|| Language::FIGURINE.symbol(p.role))
    {
        write!(f, "{c}")?;
    }
    if let Some(file) = m.from_file {
        write!(f, "{file}")?;
    }
    if let Some(rank) = m.from_rank {
        write!(f, "{rank}")?;
    }
    match m.separator.map(|s| s.kind) {
        Some(SeparatorKind::Capture(mark)) => {
            let mark = if canonical { CaptureMark::X } else { mark };
            write!(f, "{}", mark.char())?;
        }
        // Canonical form drops the dash (E8), unless the target is incomplete and the
        // dash is what keeps origin and target apart (`Cd-3`).
        Some(SeparatorKind::Dash) if separator_written => f.write_str("-")?,
        _ => {}
    }
    match m.target {
        Target::Square(sq) => write!(f, "{sq}")?,
        Target::File(file) => write!(f, "{file}")?,
        Target::Rank(rank) => write!(f, "{rank}")?,
    }
    match m.promotion {
        Some(p) => write_promotion(f, &p, lang, canonical),
        None => Ok(()),
    }
}

/// A promotion: its letter attached, after `=` or `/`, or in parentheses; canonical: attached,
/// or `=` alone when the letter set has no letter for the piece.
fn write_promotion(
    f: &mut fmt::Formatter<'_>,
    p: &Promotion,
    lang: Language,
    canonical: bool,
) -> fmt::Result {
    let letter = p.role.and_then(|r| lang.symbol(r));
    let style = match (canonical, letter) {
        (true, Some(_)) => PromotionStyle::Attached,
        (true, None) => PromotionStyle::Equals,
        (false, _) => p.style,
    };
    match style {
        PromotionStyle::Attached => {}
        PromotionStyle::Equals => f.write_str("=")?,
        PromotionStyle::Slash => f.write_str("/")?,
        PromotionStyle::Parenthesized => f.write_str("(")?,
    }
    if let Some(c) = letter {
        write!(f, "{c}")?;
    }
    if style == PromotionStyle::Parenthesized {
        f.write_str(")")?;
    }
    Ok(())
}

/// What follows the move: en passant, the check or mate mark, the annotation, a draw offer.
fn write_marks(f: &mut fmt::Formatter<'_>, n: &Notation, canonical: bool) -> fmt::Result {
    if let Some(ep) = n.en_passant() {
        let style = if canonical {
            EnPassantMark::APDotted
        } else {
            ep.style
        };
        write!(f, " {}", style.as_str())?;
    }
    if let Some(s) = n.suffix() {
        let kind = match (canonical, s.kind) {
            (true, k) if k.is_mate() => SuffixKind::Hash,
            (_, k) => k,
        };
        f.write_str(kind.as_str())?;
    }
    if let Some(a) = n.annotation() {
        f.write_str(a.kind.as_str())?;
    }
    if n.draw_offer().is_some() {
        f.write_str(" (=)")?;
    }
    Ok(())
}

/// Canonical Appendix C (2023) Spanish: `R D T A C`, `x` for every capture, no dash, `0-0`,
/// promotion letter attached (`d8D`; `d8=` when the piece is missing), ` a.p.`, `+`, `#` for
/// mate, ` (=)` for a draw offer.
///
/// ```
/// use planilla::notation::Parser;
/// let p = Parser::spanish();
/// assert_eq!(p.parse_move("C1:f3++").unwrap().first().to_string(), "C1xf3#");
/// assert_eq!(p.parse_move("e7-e8=D").unwrap().first().to_string(), "e7e8D");
/// assert_eq!(p.parse_move("O-O").unwrap().first().to_string(), "0-0");
/// assert_eq!(p.parse_move("♘f3").unwrap().first().to_string(), "Cf3");
/// ```
impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, self, Language::SPANISH, true)
    }
}

/// A [`Notation`] written in a given [`Language`], keeping every written style (capture mark,
/// castling glyph, promotion style, en passant form, suffix). Made by [`Notation::written`].
#[derive(Copy, Clone, Debug)]
pub struct Written<'a> {
    notation: &'a Notation,
    language: Language,
}

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, self.notation, self.language, false)
    }
}

impl Notation {
    /// Writes the move in `language`, keeping its written styles, so that parsing the result
    /// with the same language gives back the same AST (spans aside).
    ///
    /// ```
    /// use planilla::notation::{Language, Parser};
    /// let n = *Parser::spanish().parse_move("Cg1:f3").unwrap().first();
    /// assert_eq!(n.written(Language::ENGLISH).to_string(), "Ng1:f3");
    /// assert_eq!(n.written(Language::GERMAN).to_string(), "Sg1:f3");
    /// assert_eq!(n.written(Language::FIGURINE).to_string(), "♘g1:f3");
    /// ```
    #[doc(hidden)]
    #[inline]
    pub fn written(&self, language: Language) -> Written<'_> {
        Written {
            notation: self,
            language,
        }
    }
}
