//! The notation grammar: one written move, in any letter set, to a [`Notation`] AST with spans.
//!
//! Implements Appendix E8–E13 of the Laws of Chess (2005) and C.8–C.13 (2018/2023), plus the
//! lenient forms found on handwritten Spanish scoresheets (each marked "lenient extension" in
//! `grammar/notacion.ebnf`). The parser reports *syntax* only; whether a move is legal in a
//! position is for the resolver.
//!
//! ```
//! use planilla::notation::{Body, Parser, Target};
//! use planilla::{File, Role, Square};
//! let p = Parser::spanish();
//! // E10: two knights can reach f3; the one on the g file moves, capturing.
//! let n = *p.parse_move("Cgxf3").unwrap().first();
//! let Body::Normal(m) = n.body() else { unreachable!() };
//! assert_eq!(m.role(), Role::Knight);
//! assert_eq!(m.from_file, Some(File::G));
//! assert_eq!(m.target, Target::Square(Square::F3));
//! assert_eq!(m.target_span.range(), 3..5);
//! // The 1970 ruling's "A-D": a bishop to some square of the d file (incomplete).
//! let n = *p.parse_move("Ad").unwrap().first();
//! let Body::Normal(m) = n.body() else { unreachable!() };
//! assert_eq!(m.target, Target::File(File::D));
//! assert!(m.is_incomplete());
//! ```

mod ast;
pub mod descriptive;
mod display;
mod error;
mod language;
mod parse;

pub use ast::{
    Annotation, AnnotationKind, Body, CaptureMark, Castle, CastlingGlyph, CastlingStyle, EnPassant,
    EnPassantMark, Normal, Notation, NotationParts, PieceLetter, Promotion, PromotionStyle,
    Separator, SeparatorKind, Span, SuffixKind, SuffixMark, Target,
};
pub use display::Written;
pub use error::{ErrorKind, ParseError};
pub use language::{
    BLACK_FIGURINES, CaseMode, Language, LanguageError, WHITE_FIGURINES, figurine_role,
};
pub(crate) use parse::error;
pub use parse::{Parser, Readings, ReadingsIter};
