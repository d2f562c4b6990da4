//! The jobs the command line and the server share: checking a chunk of a stream, a whole text
//! to the JSON document or to PGN, and finding a sealed move's position.

use std::time::Duration;

use planilla::Position;
use planilla::check::{CheckOptions, GameReport, MessageLanguage};
use planilla::laws::winnability::{Budget, Effort};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::scoresheet::{Chunk, StreamGames};
use planilla::sealed::{self, Adjudication, EnvelopeError};
use planilla::write::{self, GameJson, GamesJson, SealedJson};

use crate::settings::Format;

/// Checks every game of a chunk: [`planilla::check::check_chunk`]. Spans stay relative to
/// the chunk (see [`GameReport::shift_spans`]); every report's `index` is 0 until the caller
/// numbers them.
pub fn check_chunk(chunk: &Chunk, options: &CheckOptions) -> Vec<GameReport> {
    planilla::check::check_chunk(chunk, options)
}

/// Every game of `text`, checked as `planilla check` checks a file: the same chunks, the same
/// numbering, spans as byte offsets into `text`. `f` receives each report in input order.
pub fn for_each_report(text: &str, options: &CheckOptions, mut f: impl FnMut(&mut GameReport)) {
    let mut stream = StreamGames::new(text.as_bytes(), options.parser());
    let mut index = 0;
    while let Some(chunk) = stream.next_chunk() {
        let delta = u32::try_from(chunk.offset).unwrap_or(u32::MAX);
        for mut report in check_chunk(&chunk, options) {
            report.index = index;
            index += 1;
            report.shift_spans(delta);
            f(&mut report);
        }
    }
}

/// The games of `planilla check --json` for `text`.
///
/// ```
/// use planilla::check::CheckOptions;
/// let games = planilla_cli::jobs::check_json("1.e4 e5 2.Re3", &CheckOptions::default());
/// assert_eq!(games.len(), 1);
/// assert!(!games[0].valid);
/// ```
pub fn check_json(text: &str, options: &CheckOptions) -> Vec<GameJson> {
    let mut games = Vec::new();
    for_each_report(text, options, |r| {
        games.push(write::json(r, options.messages))
    });
    games
}

/// The games of `planilla check --reconstruct --json` for `text`: [`check_json`], each game
/// with its `reconstruction` (`null` for a game valid as written), found within the default
/// [`Limits`](planilla::reconstruct::Limits).
///
/// ```
/// use planilla::check::CheckOptions;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let games = planilla_cli::jobs::check_json_reconstructed(sheet, &CheckOptions::default());
/// let found = games[0].reconstruction.as_ref().unwrap().as_ref().unwrap();
/// assert_eq!(found.san[5], "Nf6");
/// ```
pub fn check_json_reconstructed(text: &str, options: &CheckOptions) -> Vec<GameJson> {
    let mut games = Vec::new();
    for_each_json_reconstructed(text, options, |game| games.push(game));
    games
}

/// Each game of [`check_json_reconstructed`], given to `f` in input order as soon as it is
/// written, so that a caller writing them out holds one game's view at a time.
pub fn for_each_json_reconstructed(
    text: &str,
    options: &CheckOptions,
    mut f: impl FnMut(GameJson),
) {
    for_each_reconstruction(text, options, |report, found| {
        let mut game = write::json(report, options.messages);
        game.reconstruction = Some(
            found
                .as_ref()
                .map(|r| write::reconstruction_json(r, options.messages)),
        );
        f(game);
    });
}

/// What `planilla convert --reconstruct` writes for `text`: each valid game as PGN, each
/// damaged one as its reconstruction (see [`write::reconstruction_pgn`]).
///
/// ```
/// use planilla::check::CheckOptions;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let pgn = planilla_cli::jobs::convert_reconstructed_pgn(sheet, &CheckOptions::default());
/// assert!(pgn.contains("3. Bb5 Nf6 {planilla: slip:"));
/// ```
pub fn convert_reconstructed_pgn(text: &str, options: &CheckOptions) -> String {
    let mut out = String::new();
    for_each_reconstruction(text, options, |report, found| {
        match found {
            Some(r) => out.push_str(&write::reconstruction_pgn(report, r, options.messages)),
            None => out.push_str(&write::pgn(
                report,
                write::PgnComments::ErrorOnly,
                options.messages,
            )),
        }
        out.push('\n');
    });
    out
}

/// [`for_each_report`], each report with its reconstruction (`None` for a valid game),
/// found within the default [`Limits`](planilla::reconstruct::Limits).
fn for_each_reconstruction(
    text: &str,
    options: &CheckOptions,
    mut f: impl FnMut(&GameReport, &Option<planilla::reconstruct::Reconstruction>),
) {
    let limits = planilla::reconstruct::Limits::default();
    let mut stream = StreamGames::new(text.as_bytes(), options.parser());
    let mut index = 0;
    while let Some(chunk) = stream.next_chunk() {
        let delta = u32::try_from(chunk.offset).unwrap_or(u32::MAX);
        let found = planilla::reconstruct::reconstruct_chunk(&chunk, options, &limits);
        for (mut report, found) in check_chunk(&chunk, options).into_iter().zip(found) {
            report.index = index;
            index += 1;
            report.shift_spans(delta);
            f(&report, &found);
        }
    }
}

/// What `planilla convert` writes for `text` (PGN, each game followed by a blank line).
///
/// ```
/// use planilla::check::CheckOptions;
/// let pgn = planilla_cli::jobs::convert_pgn("1.e4 e5 2.Cf3", &CheckOptions::default());
/// assert!(pgn.contains("1. e4 e5 2. Nf3"));
/// ```
pub fn convert_pgn(text: &str, options: &CheckOptions) -> String {
    let mut out = String::new();
    for_each_report(text, options, |r| {
        out.push_str(&write::pgn(
            r,
            write::PgnComments::ErrorOnly,
            options.messages,
        ));
        out.push('\n');
    });
    out
}

/// One game as `planilla convert --to FORMAT` writes it, without the newline that follows it:
/// PGN (with every diagnostic as a comment when `diagnostics`), a scoresheet in Spanish
/// letters, in figurines or in descriptive notation, or the game's JSON object.
///
/// ```
/// use planilla::check::{CheckOptions, check_text};
/// use planilla_cli::jobs::write_game;
/// use planilla_cli::settings::Format;
/// let options = CheckOptions::default();
/// let report = check_text("1.e4 e5 2.Cf3", &options).next().unwrap();
/// let sheet = write_game(&report, Format::Descriptive, false, options.messages);
/// assert!(sheet.contains("N-KB3"));
/// ```
pub fn write_game(
    report: &GameReport,
    to: Format,
    diagnostics: bool,
    lang: MessageLanguage,
) -> String {
    match to {
        Format::Pgn => {
            let comments = match diagnostics {
                true => write::PgnComments::Diagnostics,
                false => write::PgnComments::ErrorOnly,
            };
            write::pgn(report, comments, lang)
        }
        Format::Es => write::scoresheet_with(report, &Language::SPANISH, lang),
        Format::Figurine => write::scoresheet_with(report, &Language::FIGURINE, lang),
        Format::Descriptiva => write::scoresheet_with(
            report,
            &Language::SPANISH.with_notation(NotationKind::Descriptive),
            lang,
        ),
        Format::Descriptive => write::scoresheet_with(
            report,
            &Language::ENGLISH.with_notation(NotationKind::Descriptive),
            lang,
        ),
        Format::Json => serde_json::to_string(&write::json(report, lang)).unwrap_or_default(),
    }
}

/// What `planilla convert --to FORMAT [--diagnostics]` writes on standard output for `text`:
/// each game followed by a newline, or for JSON the document `{"games": [...]}` and a newline.
/// (The command line also prints each game's errors on standard error.)
///
/// # Errors
/// The JSON serializer's message, which a document of strings and numbers never gives.
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla_cli::jobs::convert;
/// use planilla_cli::settings::Format;
/// let es = convert("1.e4 e5 2.Cf3", Format::Es, false, &CheckOptions::default());
/// assert!(es.unwrap().contains("Cf3"));
/// ```
pub fn convert(
    text: &str,
    to: Format,
    diagnostics: bool,
    options: &CheckOptions,
) -> Result<String, String> {
    if to == Format::Json {
        let games = check_json(text, options);
        return serde_json::to_string(&GamesJson { games })
            .map(|s| s + "\n")
            .map_err(|e| e.to_string());
    }
    let mut out = String::new();
    for_each_report(text, options, |r| {
        out.push_str(&write_game(r, to, diagnostics, options.messages));
        out.push('\n');
    });
    Ok(out)
}

/// Where a sealed move's position comes from.
#[derive(Clone, Copy, Debug)]
pub enum EnvelopeSource<'a> {
    /// The position on the envelope, as FEN.
    Fen(&'a str),
    /// The first game of a scoresheet, before the sealed ply (from 1).
    Game {
        /// The scoresheet's text.
        text: &'a str,
        /// The ply of the sealed move.
        ply: u32,
    },
}

/// A sealed move ruled on: the ruling and the position it was ruled in.
#[derive(Clone, Debug)]
pub struct SealedRuling {
    /// The ruling.
    pub ruling: Adjudication,
    /// The position before the sealed move.
    pub position: Position,
}

impl SealedRuling {
    /// The ruling as `planilla sealed --json` writes it.
    pub fn json(&self, options: &CheckOptions) -> SealedJson {
        write::sealed_json(&self.ruling, &self.position, options.messages)
    }
}

/// Rules on a sealed move (Appendix A8 (2005); Guidelines I.8 (2023)) as `planilla sealed`
/// does. `written` defaults, with a scoresheet, to the move written at the ply; `effort` and
/// `time_limit` bound the question "can the opponent still checkmate?".
///
/// # Errors
/// A message when the FEN is invalid, the sheet gives no position (in `options.messages`'
/// language), or no move is written; the caller names the source (`--fen: `, a file name).
///
/// ```
/// use planilla::check::CheckOptions;
/// use planilla::laws::winnability::Effort;
/// use planilla_cli::jobs::{EnvelopeSource, sealed_ruling};
/// use std::time::Duration;
/// let fen = "4k3/8/8/8/8/5B2/8/4K3 w - - 0 40";
/// let r = sealed_ruling(EnvelopeSource::Fen(fen), Some("Ad"), &CheckOptions::default(),
///     Effort::Full, Duration::from_secs(5)).unwrap();
/// assert_eq!(r.json(&CheckOptions::default()).verdict.code(), "ambiguous");
/// ```
pub fn sealed_ruling(
    source: EnvelopeSource<'_>,
    written: Option<&str>,
    options: &CheckOptions,
    effort: Effort,
    time_limit: Duration,
) -> Result<SealedRuling, String> {
    let lang = options.messages;
    let (position, history, written) = match source {
        EnvelopeSource::Fen(fen) => {
            let position = Position::from_fen(fen).map_err(|e| e.message(lang))?;
            let written = written
                .ok_or_else(|| match lang {
                    MessageLanguage::Spanish => "falta la jugada sellada".to_owned(),
                    _ => "the sealed move is missing".to_owned(),
                })?
                .to_owned();
            (position, Vec::new(), written)
        }
        EnvelopeSource::Game { text, ply } => {
            let before =
                sealed::position_before_ply(text, ply, options).map_err(|e| e.message(lang))?;
            let written = written
                .map(str::to_owned)
                .or(before.written)
                .ok_or_else(|| {
                    let plies = ply.saturating_sub(1);
                    EnvelopeError::TooShort { ply, plies }.message(lang)
                })?;
            (before.position, before.history, written)
        }
    };
    let sealed_options = sealed::SealedOptions::default()
        .with_check(*options)
        .with_budget(
            Budget::default()
                .with_effort(effort)
                .with_time_limit(Some(time_limit)),
        )
        .with_history(&history);
    let ruling = sealed::adjudicate_sealed_with(&position, &written, &sealed_options);
    Ok(SealedRuling { ruling, position })
}
