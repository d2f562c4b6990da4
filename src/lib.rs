//! # planilla
//!
//! Reads chess scoresheets written in Spanish algebraic notation (FIDE Laws of Chess, Appendix E
//! of 2005 and Appendix C of 2018/2023), checks every move against the rules and converts them to
//! standard SAN and PGN.
//!
//! Checking scoresheets takes one call; every move is resolved to one legal move, or the
//! report says why not, at which ply, and under which article. A file of any size is read game
//! by game, in constant memory, from any [`BufRead`](std::io::BufRead):
//!
//! ```
//! use planilla::check::{check_reader, CheckOptions};
//! let file = "[White \"Ana\"]\n\n1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 1/2-1/2\n\n[White \"Luis\"]\n\n1.d4 d5 2.Re3\n";
//! // A `std::io::BufReader<std::fs::File>` or `std::io::stdin().lock()` reads as well.
//! for game in check_reader(file.as_bytes(), &CheckOptions::default()) {
//!     let game = game?; // an I/O error
//!     for error in &game.report.diagnostics {
//!         let at = game.line_column(error.span); // in the whole file
//!         assert_eq!((error.code().as_str(), at.line, at.column), ("illegal-move", 7, 11));
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A text already in memory, and one move in one position
//! ([`check_move`](check::check_move), a `Result`):
//!
//! ```
//! use planilla::check::{check_text, CheckOptions};
//! // Appendix E (2005), as printed in its Spanish translation: `5.Dxd5` is a misprint.
//! let sheet = "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd5 d5 6.exd6 a.p. Cxd6";
//! let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
//! assert!(!report.is_valid());
//! let error = &report.diagnostics[0];
//! assert_eq!((error.code().as_str(), error.ply), ("illegal-move", Some(9)));
//! // The closest legal move, as the sheet writes it and in SAN.
//! assert_eq!(error.suggestions[0].written, "Dxd4");
//! assert_eq!(error.suggestions[0].san.to_string(), "Qxd4");
//! assert_eq!(report.moves[7].san.to_string(), "Ne4");
//!
//! // The same move alone, in the position before it: an error, or the move.
//! use planilla::check::check_move;
//! let before = report.moves[7].after;
//! let error = check_move(&before, "Dxd5", &CheckOptions::default()).unwrap_err();
//! assert_eq!(error.diagnostic.code(), "illegal-move");
//! let played = check_move(&before, "Dxd4", &CheckOptions::default()).unwrap();
//! assert_eq!(played.san.to_string(), "Qxd4");
//! ```
//!
//! Data flows one way, one module a stage; no module imports a later one:
//!
//! ```text
//! text (spans, normalization) ─► notation (one written move) ─► scoresheet (tokens, headers, layouts)
//! position (bitboards, movegen, FEN) ─► san ─► laws (editions, articles, draws, winnability)
//!                                    ─► resolve (Notation × Position → Resolution)
//!                                    ─► localize (a move in the sheet's letters, figurines, descriptive)
//!                                    ─► check (walker, diagnostics, suggestions) ─► sealed
//!                                    ─► i18n (the words of diagnostics and rulings: es, en)
//!                                    ─► write (PGN, Spanish sheets, figurines, JSON views)
//! ```
//!
//! The [`position`] module is the legality core: bitboards, attack tables, a legal move
//! generator, FEN reading and writing, and perft. [`san`] is the standard notation of a move,
//! which the resolver names its moves in.
//!
//! Features: `serde` (JSON views of reports and rulings), `schema` (their JSON Schemas, by
//! schemars), `winnability` (chasolver decides whether a side can still mate: sealed moves,
//! dead positions). Two more serve fuzzing:
//! `proptest` adds the `strategy` module (proptest strategies of positions, written moves,
//! scoresheets and mutated sheets, each with what it must mean), and `arbitrary` implements
//! `arbitrary::Arbitrary` for the position types and the notation AST.
//!
//! ```
//! use planilla::Position;
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(planilla::position::perft(&pos, 3), 8902);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// No panic reachable from the public API: no unwrap or expect outside the tests.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod arbitrary_impls;
pub mod check;
pub mod i18n;
pub mod laws;
pub mod localize;
mod macros;
pub mod notation;
pub mod position;
pub mod reconstruct;
pub mod resolve;
pub mod san;
pub mod scoresheet;
pub mod sealed;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_impls;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategy;
pub mod text;
pub mod types;
pub mod write;

pub use notation::{CaseMode, Language, Notation, ParseError, Parser};
pub use position::{
    Bitboard, CastlingRights, FenError, Move, MoveList, PlayError, Position, PositionError,
    SquareMoveList,
};
pub use types::{
    CastlingSide, Color, File, ParseColorError, ParseRoleError, ParseSquareError, Piece, Rank,
    Role, Square,
};

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The library page's Rust examples (`docs/library.md`), compiled and run as doctests.
#[doc = include_str!("../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryDoctests;

/// The reading rules' Rust example (`docs/reading.md`), compiled and run as a doctest.
#[doc = include_str!("../docs/reading.md")]
#[cfg(doctest)]
pub struct ReadingDoctests;
