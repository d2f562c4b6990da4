//! A job as a value: what a front door asks of the application layer, with its input and its
//! options ([`Job`]), run by [`run`] into what it gives ([`Output`]), whose `Serialize` is the
//! one JSON view of that result that the desk's API answers with.
//!
//! A front door parses its arguments into a [`Job`] and prints the [`Output`]: the desk's API
//! ([`crate::api`], and so the WebAssembly and the npm package) answers every route so, and the
//! command line runs its one-document commands (`compare`, `reconcile`, `sealed`) so. A file of
//! many games is checked and converted by the stream's loop ([`crate::stream`]) instead, which
//! holds one piece at a time.
//!
//! ```
//! use planilla::check::CheckOptions;
//! use planilla_app::job::{Job, Output, run};
//! let job = Job::Check { text: "1.e4 e5 2.Re3", options: CheckOptions::default(), reconstruct: false };
//! let output = run(&job).unwrap();
//! let json = serde_json::to_value(&output).unwrap();
//! assert_eq!(json["games"][0]["valid"], false);
//! let job = Job::Convert {
//!     text: "1.e4 e5 2.Cf3",
//!     options: CheckOptions::default(),
//!     to: planilla_app::settings::Format::Pgn,
//!     diagnostics: false,
//!     reconstruct: false,
//! };
//! let Output::Text(pgn) = run(&job).unwrap() else { unreachable!() };
//! assert!(pgn.contains("2. Nf3"));
//! ```

use std::time::Duration;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use planilla::check::CheckOptions;
use planilla::laws::winnability::Effort;
use planilla::reconstruct::{
    CompareError, Comparison, Decoded, Limits, ReconcileError, Reconciliation,
};
use planilla::write::SealedJson;
use planilla::{Move, Position};

use crate::jobs::{self, EnvelopeSource, SealedRuling};
use crate::settings::Format;

/// A job with its input and options. Texts are borrowed: a job is built, run and dropped.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_app::job::{Job, Output, run};
/// let (white, black) = ("1.e4 e5 2.Cf3 Cc6", "1.e4 e5 2.Cf3 Cc6 3.Ab5");
/// let options = CheckOptions::default();
/// let limits = planilla::reconstruct::Limits::default();
/// let job = Job::Reconcile { white, black, options, limits };
/// let Output::Reconciled(game) = run(&job).unwrap() else { unreachable!() };
/// assert_eq!(game.moves.len(), 5);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Job<'a> {
    /// `check`: every game of `text`, as `planilla check --json` writes them; with
    /// `reconstruct`, each damaged game with its reconstruction (`check --reconstruct`).
    Check {
        /// The scoresheets or PGN.
        text: &'a str,
        /// The letters, the edition, the messages' language, the starting position.
        options: CheckOptions,
        /// Whether each damaged game comes with its reconstruction.
        reconstruct: bool,
    },
    /// `convert`: `text` written as `planilla convert --to FORMAT [--diagnostics]
    /// [--reconstruct]` writes it. `reconstruct` writes PGN only.
    Convert {
        /// The scoresheets or PGN.
        text: &'a str,
        /// As for [`Job::Check`].
        options: CheckOptions,
        /// The format written.
        to: Format,
        /// Whether PGN carries every diagnostic as a comment.
        diagnostics: bool,
        /// Whether each damaged game is written as its reconstruction.
        reconstruct: bool,
    },
    /// `sealed`: a ruling on a sealed move (Appendix A8 (2005); Guidelines I.8 (2023)), as
    /// [`jobs::sealed_ruling`] gives it.
    Sealed {
        /// The envelope's position: a FEN, or a scoresheet before a ply.
        source: EnvelopeSource<'a>,
        /// The sealed move as written; with a scoresheet, the move written at the ply when
        /// `None`.
        written: Option<&'a str>,
        /// As for [`Job::Check`].
        options: CheckOptions,
        /// How hard "can the opponent still checkmate?" is asked.
        effort: Effort,
        /// The time that question may take.
        time_limit: Duration,
    },
    /// `reconcile`: White's and Black's scoresheets read as one game.
    Reconcile {
        /// White's scoresheet.
        white: &'a str,
        /// Black's scoresheet.
        black: &'a str,
        /// As for [`Job::Check`].
        options: CheckOptions,
        /// The search's limits (how many games of the same cost are listed).
        limits: Limits,
    },
    /// `compare`: a scoresheet against the board's record (PGN).
    Compare {
        /// The scoresheet.
        sheet: &'a str,
        /// The board's record, as PGN in English letters.
        record: &'a str,
        /// As for [`Job::Check`].
        options: CheckOptions,
    },
    /// `decode`: a recognizer's candidates (a line of `planilla decode`, read as JSON) decoded
    /// into the most probable legal game.
    Decode {
        /// An array of cells, or an object with `cells` (and `fen`, `lang`, `answered`).
        sheet: &'a serde_json::Value,
        /// The position the sheet starts from when it names none.
        start: Position,
        /// As for [`Job::Check`]; the sheet's own `lang` overrides the letters.
        options: CheckOptions,
        /// The search's limits (how many other games are listed).
        limits: Limits,
    },
}

/// What a job gives. `Serialize` writes the one JSON view of each: the document of
/// `planilla check --json`, a string of the converted text, the JSON of `planilla sealed
/// --json` and of `planilla decode --json`, and those of `planilla reconcile --json` and
/// `planilla compare --json` with the board's fields (the start's FEN and, for each ply, its
/// SAN, UCI and the FEN after it).
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_app::job::{Job, run};
/// let job = Job::Compare {
///     sheet: "1.e4 e5 2.Cf3",
///     record: "1. e4 e5 2. Nf3 *",
///     options: CheckOptions::default(),
/// };
/// let json = serde_json::to_value(run(&job).unwrap()).unwrap();
/// assert_eq!(json["board_san"], serde_json::json!(["e4", "e5", "Nf3"]));
/// assert_eq!(json["uci"][2], "g1f3");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Output<'a> {
    /// The games of a [`Job::Check`], checked as they are written out: one game's view at a
    /// time is held.
    Games(Games<'a>),
    /// The text a [`Job::Convert`] writes.
    Text(String),
    /// The ruling of a [`Job::Sealed`], and its JSON view.
    Sealed(Box<SealedRuling>, Box<SealedJson>),
    /// The game of a [`Job::Reconcile`].
    Reconciled(Reconciliation),
    /// The comparison of a [`Job::Compare`], with the record's start and moves.
    Compared {
        /// The comparison.
        comparison: Comparison,
        /// The position the record starts from.
        start: Position,
        /// The record's moves.
        moves: Vec<Move>,
    },
    /// The game of a [`Job::Decode`], and the position it starts from.
    Decoded(Decoded, Position),
}

/// The games of a [`Job::Check`]: serialized as `{"games": […]}`, each game checked (and
/// reconstructed, when asked) as it is written, so that no game's view outlives its own.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_app::job::{Job, Output, run};
/// let job = Job::Check { text: "1.e4 e5 1-0\n\n1.d4 *\n", options: CheckOptions::default(), reconstruct: false };
/// let Output::Games(games) = run(&job).unwrap() else { unreachable!() };
/// let json = serde_json::to_value(games).unwrap();
/// assert_eq!(json["games"].as_array().unwrap().len(), 2);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Games<'a> {
    text: &'a str,
    options: CheckOptions,
    reconstruct: bool,
}

/// Why a job gives nothing.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_app::job::{Job, JobError, run};
/// use planilla_app::settings::Format;
/// let job = Job::Convert {
///     text: "1.e4 e5",
///     options: CheckOptions::default(),
///     to: Format::Es,
///     diagnostics: false,
///     reconstruct: true,
/// };
/// let error = run(&job).unwrap_err();
/// assert_eq!(error, JobError::ReconstructNotPgn);
/// assert_eq!(error.to_string(), "--reconstruct writes PGN only (--to pgn)");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum JobError {
    /// `reconstruct` asked of a format other than PGN.
    ReconstructNotPgn,
    /// Two sheets that cannot be reconciled.
    Reconcile(ReconcileError),
    /// A sheet and a record that cannot be compared.
    Compare(CompareError),
    /// The sealed move's or the decoded sheet's own message, in the options' language where
    /// the library gives one.
    Message(String),
}

impl std::fmt::Display for JobError {
    /// The command line's message: English for the first three; the job's own for the rest.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::ReconstructNotPgn => f.write_str("--reconstruct writes PGN only (--to pgn)"),
            JobError::Reconcile(e) => e.fmt(f),
            JobError::Compare(e) => e.fmt(f),
            JobError::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for JobError {}

/// Runs `job` on the caller's thread.
///
/// # Errors
/// [`JobError`]: a reconstruction in a format other than PGN, sheets that cannot be reconciled
/// or compared, a sealed move with no position or no move, a sheet of candidates that cannot
/// be decoded.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_app::job::{Job, JobError, run};
/// let job = Job::Compare { sheet: "1.e4 e5", record: "", options: CheckOptions::default() };
/// let error = run(&job).unwrap_err();
/// assert!(matches!(error, JobError::Compare(_)));
/// ```
pub fn run<'a>(job: &Job<'a>) -> Result<Output<'a>, JobError> {
    match *job {
        Job::Check {
            text,
            options,
            reconstruct,
        } => Ok(Output::Games(Games {
            text,
            options,
            reconstruct,
        })),
        Job::Convert {
            text,
            options,
            to,
            diagnostics,
            reconstruct,
        } => match (reconstruct, to) {
            (true, Format::Pgn) => Ok(Output::Text(jobs::convert_reconstructed_pgn(
                text, &options,
            ))),
            (true, _) => Err(JobError::ReconstructNotPgn),
            (false, _) => jobs::convert(text, to, diagnostics, &options)
                .map(Output::Text)
                .map_err(JobError::Message),
        },
        Job::Sealed {
            source,
            written,
            options,
            effort,
            time_limit,
        } => {
            let ruled = jobs::sealed_ruling(source, written, &options, effort, time_limit)
                .map_err(JobError::Message)?;
            let view = Box::new(ruled.json(&options));
            Ok(Output::Sealed(Box::new(ruled), view))
        }
        Job::Reconcile {
            white,
            black,
            options,
            limits,
        } => planilla::reconstruct::reconcile_text_with_limits(white, black, &options, &limits)
            .map(Output::Reconciled)
            .map_err(JobError::Reconcile),
        Job::Compare {
            sheet,
            record,
            options,
        } => compare(sheet, record, &options),
        Job::Decode {
            sheet,
            start,
            options,
            limits,
        } => jobs::decode_value(sheet, start, &options, &limits)
            .map(|(found, start)| Output::Decoded(found, start))
            .map_err(JobError::Message),
    }
}

/// [`Job::Compare`]: the comparison, with the record's moves read as `compare_text` reads them
/// (a valid game in English letters, or the comparison would have failed).
fn compare(sheet: &str, record: &str, options: &CheckOptions) -> Result<Output<'static>, JobError> {
    let comparison =
        planilla::reconstruct::compare_text(sheet, record, options).map_err(JobError::Compare)?;
    let english = CheckOptions::default()
        .with_language(planilla::notation::Language::ENGLISH)
        .with_edition(options.edition);
    let report = planilla::check::check_text(record, &english).next();
    let (start, moves) = report.map_or_else(
        || (Position::default(), Vec::new()),
        |r| (r.start_position(), r.moves.iter().map(|m| m.mv).collect()),
    );
    Ok(Output::Compared {
        comparison,
        start,
        moves,
    })
}

impl Serialize for Output<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Output::Games(games) => games.serialize(serializer),
            Output::Text(text) => serializer.serialize_str(text),
            Output::Sealed(_, view) => view.serialize(serializer),
            Output::Reconciled(found) => {
                WithBoard::new(found, found.start, &found.moves).serialize(serializer)
            }
            Output::Compared {
                comparison,
                start,
                moves,
            } => WithBoard::new(comparison, *start, moves).serialize(serializer),
            Output::Decoded(found, _) => found.serialize(serializer),
        }
    }
}

impl Serialize for Games<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut document = serializer.serialize_struct("Games", 1)?;
        document.serialize_field("games", &GameList(*self))?;
        document.end()
    }
}

/// The list of [`Games`], checked as it is serialized.
struct GameList<'a>(Games<'a>);

impl Serialize for GameList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Games {
            text,
            options,
            reconstruct,
        } = self.0;
        let mut list = serializer.serialize_seq(None)?;
        let mut failed = None;
        let mut push = |game: &planilla::write::GameJson| {
            if failed.is_none() {
                failed = list.serialize_element(game).err();
            }
        };
        if reconstruct {
            jobs::for_each_json_reconstructed(text, &options, |g| push(&g));
        } else {
            jobs::for_each_report(text, &options, |report| {
                push(&planilla::write::json(report, options.messages));
            });
        }
        match failed {
            Some(e) => Err(e),
            None => list.end(),
        }
    }
}

/// A result of `reconcile` or `compare` with what the page's board needs: the game's (or the
/// record's) start and, for each ply, its SAN, UCI and the FEN after it.
#[derive(Serialize)]
struct WithBoard<'a, T: Serialize> {
    #[serde(flatten)]
    found: &'a T,
    start_fen: String,
    board_san: Vec<String>,
    uci: Vec<String>,
    fen: Vec<String>,
}

impl<'a, T: Serialize> WithBoard<'a, T> {
    fn new(found: &'a T, start: Position, moves: &[Move]) -> Self {
        let mut pos = start;
        let (mut board_san, mut uci, mut fen) = (Vec::new(), Vec::new(), Vec::new());
        for &m in moves {
            uci.push(m.to_uci());
            board_san.push(planilla::san::SanPlus::from_move_and_play(&mut pos, m).to_string());
            fen.push(pos.to_fen());
        }
        WithBoard {
            found,
            start_fen: start.to_fen(),
            board_san,
            uci,
            fen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shipped sheets: one of columns, one with errors, one of printed text in Spanish.
    const SHEETS: [&str; 3] = [
        include_str!("../../examples/planillas/lichess_18_columnas.txt"),
        include_str!("../../examples/planillas/fide2005_apendice_e.txt"),
        include_str!("../../examples/planillas/lichess_24_tipografica.txt"),
    ];

    #[test]
    fn checked_games_serialize_as_the_document_of_every_view_held_at_once() {
        for (text, reconstruct) in SHEETS.iter().flat_map(|t| [(*t, false), (*t, true)]) {
            let options = CheckOptions::default();
            let job = Job::Check {
                text,
                options,
                reconstruct,
            };
            let streamed = serde_json::to_string(&run(&job).unwrap()).unwrap();
            let games = if reconstruct {
                jobs::check_json_reconstructed(text, &options)
            } else {
                jobs::check_json(text, &options)
            };
            let held = serde_json::to_string(&planilla::write::GamesJson { games }).unwrap();
            assert_eq!(streamed, held);
        }
    }

    #[test]
    fn a_reconstruction_in_a_format_other_than_pgn_is_refused() {
        let job = Job::Convert {
            text: SHEETS[0],
            options: CheckOptions::default(),
            to: Format::Es,
            diagnostics: false,
            reconstruct: true,
        };
        assert_eq!(run(&job).unwrap_err(), JobError::ReconstructNotPgn);
    }
}
