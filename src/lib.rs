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
//! use planilla::{check_reader, CheckOptions};
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
//! ([`check_move`], a `Result`):
//!
//! ```
//! use planilla::{check_text, CheckOptions};
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
//! use planilla::check_move;
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
//! Everything a user calls is at the crate root, in these groups:
//! - **the board:** [`Position`] (FEN, legal moves, [`perft`]), [`Move`], [`Square`], [`Role`],
//!   [`Color`], [`UciMove`], and [`San`]/[`SanPlus`], the standard notation of a move;
//! - **a written move:** [`Language`] (every letter set of Appendix E3, figurines),
//!   [`Parser`], [`Notation`], [`Span`], descriptive notation ([`NotationKind`]);
//! - **checking:** [`check_text`], [`check_reader`], [`check_move`], [`check_chunk`], with
//!   [`CheckOptions`], giving a [`GameReport`] of [`Diagnostic`]s, each with its
//!   [`DiagnosticCode`], [`Finding`] and [`Article`];
//! - **scoresheets:** [`games`], [`read_games`], [`StreamGames`], [`Game`], [`Layout`];
//! - **past the first error** (the feature `reconstruct`): [`reconstruct_text`],
//!   [`reconcile_text`], [`compare_text`], [`decode`];
//! - **sealed moves** (the feature `sealed`): [`adjudicate_sealed`], [`Adjudication`];
//! - **writing:** [`write_pgn`], [`write_scoresheet`], [`in_language`], [`write_descriptive`].
//!
//! The modules behind them (the stages above) are hidden: they serve this workspace's command
//! line, WebAssembly and Python crates and the tests, and are outside the semver promise.
//!
//! Features, all off by default: `reconstruct` (the whole-game search past the first error:
//! reconstruct, reconcile, compare, decode), `sealed` (sealed-move rulings), `serde` (JSON
//! views of reports and rulings), `schema` (their JSON Schemas, by schemars; it turns on
//! `reconstruct` and `sealed`), `winnability` (chasolver decides whether a side can still mate:
//! sealed moves, dead positions). A tool that only checks and converts compiles without the
//! first two in about four-fifths of the CPU time. Two more serve fuzzing:
//! `proptest` adds the `strategy` module (proptest strategies of positions, written moves,
//! scoresheets and mutated sheets, each with what it must mean), and `arbitrary` implements
//! `arbitrary::Arbitrary` for the position types and the notation AST.
//!
//! ```
//! use planilla::{Position, perft};
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(perft(&pos, 3), 8902);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// No panic reachable from the public API: no unwrap or expect outside the tests.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
#![cfg_attr(docsrs, feature(doc_cfg))]
// The crate's page links the items of every feature; without one, its links are plain text.
#![cfg_attr(
    not(all(feature = "reconstruct", feature = "sealed")),
    allow(rustdoc::broken_intra_doc_links)
)]

// The stages of the library, one module each. They are public for the workspace's front doors
// (`app/`, `cli/`, `web/`, `python/`), its tests and benchmarks, and hidden: outside the
// documentation and the semver promise. A user calls what the crate root re-exports.
#[cfg(feature = "arbitrary")]
#[doc(hidden)]
pub mod arbitrary_impls;
#[doc(hidden)]
pub mod check;
#[doc(hidden)]
pub mod i18n;
#[doc(hidden)]
pub mod laws;
#[doc(hidden)]
pub mod localize;
mod macros;
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod position;
#[cfg(feature = "reconstruct")]
#[doc(hidden)]
pub mod reconstruct;
#[doc(hidden)]
pub mod resolve;
#[doc(hidden)]
pub mod san;
#[doc(hidden)]
pub mod scoresheet;
#[cfg(feature = "sealed")]
#[doc(hidden)]
pub mod sealed;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_impls;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategy;
#[doc(hidden)]
pub mod text;
#[doc(hidden)]
pub mod types;
#[doc(hidden)]
pub mod write;

// The board: squares, pieces, positions and moves (FEN, UCI, perft).
pub use position::{
    Bitboard, CastlingRights, FenError, IllegalUciError, Move, MoveList, ParseUciError, PlayError,
    Position, PositionError, UciMove, perft,
};
pub use types::{
    CastlingSide, Color, File, ParseColorError, ParseRoleError, ParseSquareError, Piece, Rank,
    Role, Square,
};

// Standard algebraic notation.
pub use san::{ParseSanError, San, SanError, SanPlus, Suffix};

// A written move: letter sets, the parser and its AST, descriptive notation.
pub use notation::ReadingsIter;
pub use notation::descriptive::NotationKind;
pub use notation::{
    CaseMode, ErrorKind, Language, LanguageError, Notation, ParseError, Parser, Readings, Span,
    Target,
};
pub use text::{LineColumn, SmallText};

// What a move's diagnostic names: why a written move is ambiguous, illegal or irregular.
pub use notation::descriptive::Verb;
pub use resolve::{AmbiguityCause, IllegalReason, IrregularityKind};

// The Laws: editions, articles, dead positions.
pub use laws::draws::DrawEvent;
pub use laws::winnability::{Budget, Effort, Winnability, insufficient_material, is_dead};
pub use laws::{Article, Edition, ParseEditionError, Rule};

// Scoresheets and printed games: the games of a text or a stream, their headers and layouts.
pub use scoresheet::{
    Chunk, Game, Games, HeaderField, Layout, Outcome, ParseOutcomeError, SevenTagRoster,
    StreamGames, Tag, Termination, games, read_games,
};

// Checking: every move legal and unique, ambiguous, illegal or unreadable.
pub use check::{
    BoardEnd, CheckOptions, CheckedMove, ClockKind, ClockTime, Diagnostic, DiagnosticCode, Finding,
    GameReport, MessageLanguage, MoveError, NamedMove, NumberProblem, PlyRecord, Reports, Severity,
    StreamReport, StreamReports, Tags, TagsIter, Variation, check_chunk, check_move, check_reader,
    check_text,
};

// Past the first error: reconstruct one sheet, reconcile two, compare with a record, decode a
// recognizer's candidates. The feature `reconstruct`.
#[cfg(feature = "reconstruct")]
#[cfg_attr(docsrs, doc(cfg(feature = "reconstruct")))]
pub use reconstruct::{
    Alternative, CompareError, Comparison, DOUBT_MARGIN, DecodeError, Decoded, DecodedAlternative,
    DecodedRepair, Disagreement, Discrepancy, Limits, PlySource, ReconcileError,
    ReconciledAlternative, Reconciliation, Reconstruction, Repair, RepairKind, SheetRepair,
    compare_text, decode, decode_answered, reconcile_text, reconstruct_text,
};

// Sealed moves (A8 of 2005; Guidelines I.8). The feature `sealed`.
#[cfg(feature = "sealed")]
#[cfg_attr(docsrs, doc(cfg(feature = "sealed")))]
pub use sealed::{
    Adjudication, Consequence, DrawException, EvidentBasis, EvidentReading, SealedOptions, Verdict,
    VerdictKind, adjudicate_sealed, adjudicate_sealed_with,
};

// Writing: a move in the sheet's letters or in descriptive notation, PGN, sheets in any letter
// set or figurines, rulings.
pub use localize::descriptive::write_descriptive;
pub use localize::in_language;
#[cfg(feature = "reconstruct")]
#[cfg_attr(docsrs, doc(cfg(feature = "reconstruct")))]
pub use write::reconstruction_pgn as write_reconstruction_pgn;
#[cfg(feature = "sealed")]
#[cfg_attr(docsrs, doc(cfg(feature = "sealed")))]
pub use write::sealed_text as write_sealed_text;
pub use write::{
    PgnComments, pgn as write_pgn, scoresheet as write_scoresheet,
    scoresheet_with as write_scoresheet_with,
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
