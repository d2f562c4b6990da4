//! # planilla
//!
//! Reads chess scoresheets written in Spanish algebraic notation (FIDE Laws of Chess, Appendix E
//! of 2005 and Appendix C of 2018/2023), checks every move against the rules and converts them to
//! standard SAN and PGN.
//!
//! Data flows one way, one module a stage:
//!
//! ```text
//! text ─► normalize ─► notation ─► scoresheet
//!                                      │
//! position ◄──────────────────── resolve
//!                                      │
//!                   validate ─► write (SAN, PGN, Spanish, JSON)
//! ```
//!
//! The [`position`] module is the legality core: bitboards, attack tables, a legal move
//! generator, FEN reading and writing, and perft.
//!
//! Two optional features serve fuzzing: `proptest` adds the `strategy` module (proptest
//! strategies of positions, written moves, scoresheets and mutated sheets, each with what it
//! must mean), and `arbitrary` implements `arbitrary::Arbitrary` for the position types and the
//! notation AST.
//!
//! ```
//! use planilla::Position;
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(planilla::position::perft(&pos, 3), 8902);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod arbitrary_impls;
pub mod normalize;
pub mod notation;
pub mod position;
pub mod resolve;
pub mod scoresheet;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategy;
pub mod types;
pub mod validate;
pub mod write;

pub use notation::{CaseMode, Language, Notation, ParseError, Parser};
pub use position::{
    Bitboard, CastlingRights, FenError, Move, MoveList, PlayError, Position, PositionError,
};
pub use types::{CastlingSide, Color, File, ParseSquareError, Piece, Rank, Role, Square};

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
