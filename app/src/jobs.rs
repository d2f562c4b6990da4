//! The jobs the command line and the server share: checking a chunk of a stream, a whole text
//! to the JSON document or to PGN, and finding a sealed move's position.

use std::time::Duration;

use planilla::Position;
use planilla::check::{CheckOptions, GameReport, MessageLanguage};
use planilla::laws::winnability::{Budget, Effort};
use planilla::notation::Language;
use planilla::notation::descriptive::NotationKind;
use planilla::reconstruct::{Limits, Reconstruction};
use planilla::sealed::{self, Adjudication, EnvelopeError};
use planilla::write::{self, GameJson, GamesJson, SealedJson};

use crate::settings::Format;
use crate::stream;

/// Every game of `text`, checked as `planilla check` checks a file: the same chunks, the same
/// numbering, spans as byte offsets into `text`. `f` receives each report in input order.
///
/// ```
/// use planilla::check::CheckOptions;
/// let mut moves = Vec::new();
/// planilla_app::jobs::for_each_report("1.e4 e5 1-0\n\n1.d4 *\n", &CheckOptions::default(), |r| {
///     moves.push((r.index, r.moves.len()))
/// });
/// assert_eq!(moves, [(0, 2), (1, 1)]);
/// ```
pub fn for_each_report(text: &str, options: &CheckOptions, mut f: impl FnMut(&mut GameReport)) {
    for_each_reconstruction(text, options, None, |report, _| f(report));
}

/// The games of `planilla check --json` for `text`.
///
/// ```
/// use planilla::check::CheckOptions;
/// let games = planilla_app::jobs::check_json("1.e4 e5 2.Re3", &CheckOptions::default());
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
/// [`Limits`].
///
/// ```
/// use planilla::check::CheckOptions;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let games = planilla_app::jobs::check_json_reconstructed(sheet, &CheckOptions::default());
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
    let limits = Limits::default();
    for_each_reconstruction(text, options, Some(&limits), |report, found| {
        let mut game = write::json(report, options.messages);
        game.reconstruction = Some(found.map(|r| write::reconstruction_json(r, options.messages)));
        f(game);
    });
}

/// What `planilla convert --reconstruct` writes for `text`: each valid game as PGN, each
/// damaged one as its reconstruction (see [`write::reconstruction_pgn`]).
///
/// ```
/// use planilla::check::CheckOptions;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let pgn = planilla_app::jobs::convert_reconstructed_pgn(sheet, &CheckOptions::default());
/// assert!(pgn.contains("3. Bb5 Nf6 {planilla: slip:"));
/// ```
pub fn convert_reconstructed_pgn(text: &str, options: &CheckOptions) -> String {
    let mut out = String::new();
    let limits = Limits::default();
    for_each_reconstruction(text, options, Some(&limits), |report, found| {
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

/// [`for_each_report`], each report with its reconstruction when `reconstruct` gives the
/// search's limits (`None` for a valid game, and for every game when not asked).
fn for_each_reconstruction(
    text: &str,
    options: &CheckOptions,
    reconstruct: Option<&Limits>,
    mut f: impl FnMut(&mut GameReport, Option<&Reconstruction>),
) {
    let done = stream::for_each_chunk(
        text.as_bytes(),
        options,
        reconstruct,
        |piece| {
            let delta = piece.delta();
            let found = piece.reconstructions.take().unwrap_or_default();
            let mut found = found.into_iter();
            std::mem::take(&mut piece.reports)
                .into_iter()
                .map(|mut report| {
                    report.shift_spans(delta);
                    (report, found.next().flatten())
                })
                .collect::<Vec<_>>()
        },
        |games| {
            for (mut report, found) in games {
                f(&mut report, found.as_ref());
            }
            Ok::<(), std::convert::Infallible>(())
        },
    );
    // A text is no reader that fails, and the sink never does.
    debug_assert!(done.is_ok_and(|d| d.io_error.is_none()));
}

/// What `planilla convert` writes for `text` (PGN, each game followed by a blank line).
///
/// ```
/// use planilla::check::CheckOptions;
/// let pgn = planilla_app::jobs::convert_pgn("1.e4 e5 2.Cf3", &CheckOptions::default());
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
/// use planilla_app::jobs::write_game;
/// use planilla_app::settings::Format;
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
/// use planilla_app::jobs::convert;
/// use planilla_app::settings::Format;
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
/// use planilla_app::jobs::{EnvelopeSource, sealed_ruling};
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

/// The most bytes one NDJSON line of `planilla decode` may have: 4 MiB (a sheet of 1,000
/// cells of 100 candidates).
pub const MAX_DECODE_LINE: usize = 4 << 20;

/// One sheet of `planilla decode`, from one NDJSON line: a JSON array of cells, or an object
/// `{"cells": [...], "fen": "...", "lang": "es", "answered": [3]}`; a cell is an array of
/// `[text, probability]` pairs, best first (an empty array is a blank box). `fen` and `lang`
/// in the line override `start` and `options`' letters; `answered` lists the plies (from 1)
/// whose box holds the user's answer as its one candidate. Decoded with
/// [`planilla::decode_answered`]; returns the game and the position it starts from.
///
/// # Errors
///
/// A message for malformed JSON, a line over [`MAX_DECODE_LINE`], a bad FEN or letter code,
/// and the library's [`DecodeError`](planilla::reconstruct::DecodeError)s (a probability that
/// is not a finite number ≥ 0, too many cells or candidates).
///
/// ```
/// use planilla::Position;
/// use planilla::check::CheckOptions;
/// use planilla::reconstruct::Limits;
/// let line = r#"[[["e4", 0.9], ["e5", 0.1]], [["e5", 0.8]], []]"#;
/// let (found, _) = planilla_app::jobs::decode_line(line, Position::default(),
///     &CheckOptions::default(), &Limits::default()).unwrap();
/// assert_eq!(&found.san[..2], ["e4", "e5"]);
/// assert_eq!(found.chosen[2], None); // the blank box, filled
/// // The user's answer to ply 3: it stands, and the box before it gives way.
/// let line = r#"{"cells": [[["e4", 1]], [["e5", 0.99], ["d5", 0.01]], [["Ab5+", 1]]],
///     "answered": [3]}"#;
/// let (found, _) = planilla_app::jobs::decode_line(line, Position::default(),
///     &CheckOptions::default(), &Limits::default()).unwrap();
/// assert_eq!(found.san, ["e4", "d5", "Bb5+"]);
/// ```
pub fn decode_line(
    line: &str,
    start: Position,
    options: &CheckOptions,
    limits: &planilla::reconstruct::Limits,
) -> Result<(planilla::reconstruct::Decoded, Position), String> {
    if line.len() > MAX_DECODE_LINE {
        return Err(format!(
            "a line of {} bytes: at most {MAX_DECODE_LINE}",
            line.len()
        ));
    }
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    decode_value(&value, start, options, limits)
}

/// [`decode_line`] of a line already read as JSON: `planilla serve`'s `decode` route, and so
/// the npm package.
///
/// # Errors
///
/// As [`decode_line`], but for the JSON and the line's size.
///
/// ```
/// use planilla::Position;
/// use planilla::check::CheckOptions;
/// use planilla::reconstruct::Limits;
/// // The sheet's own letters: English, and the descriptive `BxN` read as the notation allows.
/// let sheet = serde_json::json!({"cells": [[["BxN", 0.6], ["Rg1", 0.4]]],
///     "fen": "k7/8/5n2/8/8/2B5/8/4K2R w K - 0 1", "lang": "en"});
/// let options = CheckOptions::default().with_language(
///     planilla::notation::Language::SPANISH
///         .with_notation(planilla::notation::descriptive::NotationKind::Auto),
/// );
/// let (found, _) = planilla_app::jobs::decode_value(&sheet, Position::default(), &options,
///     &Limits::default()).unwrap();
/// assert_eq!(found.san, ["Bxf6"]);
/// ```
pub fn decode_value(
    value: &serde_json::Value,
    start: Position,
    options: &CheckOptions,
    limits: &planilla::reconstruct::Limits,
) -> Result<(planilla::reconstruct::Decoded, Position), String> {
    use serde_json::Value;
    let (cells, fen, lang, answered) = match value {
        Value::Array(_) => (value, None, None, None),
        Value::Object(o) => (
            o.get("cells").ok_or("an object without \"cells\"")?,
            o.get("fen"),
            o.get("lang"),
            o.get("answered"),
        ),
        _ => return Err("a line is an array of cells or an object with \"cells\"".to_owned()),
    };
    let start = match fen {
        None | Some(Value::Null) => start,
        Some(Value::String(f)) => Position::from_fen(f).map_err(|e| format!("\"fen\": {e}"))?,
        Some(_) => return Err("\"fen\" is not a string".to_owned()),
    };
    let mut options = *options;
    match lang {
        None | Some(Value::Null) => {}
        Some(Value::String(code)) => {
            let letters = crate::settings::Letters::from_code(code)
                .ok_or_else(|| format!("\"lang\": unknown letters {code:?}"))?;
            // The letters change; the notation (`auto` by default) stays.
            let notation = options.language.notation_kind();
            options = options.with_language(letters.language().with_notation(notation));
        }
        Some(_) => return Err("\"lang\" is not a string".to_owned()),
    }
    let Value::Array(cells) = cells else {
        return Err("\"cells\" is not an array".to_owned());
    };
    let mut read = Vec::with_capacity(cells.len());
    for (c, cell) in cells.iter().enumerate() {
        let Value::Array(pairs) = cell else {
            return Err(format!("cell {c} is not an array"));
        };
        let mut candidates =
            Vec::with_capacity(pairs.len().min(planilla::reconstruct::MAX_CANDIDATES));
        for (k, pair) in pairs.iter().enumerate() {
            let pair = match pair {
                Value::Array(p) if p.len() == 2 => p,
                _ => {
                    return Err(format!(
                        "cell {c}, candidate {k}: not a [text, probability] pair"
                    ));
                }
            };
            let (Value::String(text), Value::Number(p)) = (&pair[0], &pair[1]) else {
                return Err(format!(
                    "cell {c}, candidate {k}: not a [text, probability] pair"
                ));
            };
            let p = p
                .as_f64()
                .ok_or_else(|| format!("cell {c}, candidate {k}: not a number"))?;
            candidates.push((text.clone(), p));
        }
        read.push(candidates);
    }
    // The plies the user has answered, from 1 (`decode_answered`).
    let answered: Vec<u32> = match answered {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(plies)) => plies
            .iter()
            .map(|p| {
                p.as_u64()
                    .and_then(|p| u32::try_from(p).ok())
                    .ok_or_else(|| format!("\"answered\": {p} is not a ply number"))
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("\"answered\" is not an array of plies".to_owned()),
    };
    let found = planilla::decode_answered(&read, &answered, start, &options, limits)
        .map_err(|e| e.to_string())?;
    Ok((found, start))
}

/// A decoded game as PGN movetext: each doubtful ply and each repair a comment after its move
/// (`{planilla: doubtful: 60 % of its box; another reading 1.5 times less probable}`), the
/// result `*`.
pub fn decoded_pgn(found: &planilla::reconstruct::Decoded, start: Position) -> String {
    use planilla::reconstruct::PlySource;
    let mut out = String::new();
    let mut pos = start;
    for (k, san) in found.san.iter().enumerate() {
        let ply = k as u32 + 1;
        let white = pos.turn() == planilla::Color::White;
        if white {
            out.push_str(&format!("{}. ", pos.fullmove_number()));
        } else if k == 0 {
            out.push_str(&format!("{}... ", pos.fullmove_number()));
        }
        out.push_str(san);
        out.push(' ');
        if let Some(r) = found
            .repairs
            .iter()
            .find(|r| r.ply == ply && r.san.is_some())
        {
            out.push_str(&format!("{{planilla: {}: {}}} ", r.kind.code(), r.reason));
        } else if found.doubtful.contains(&ply) {
            let mut why = match found.sources.get(k) {
                Some(PlySource::Lower { rank, share, .. }) => {
                    format!(
                        "candidate {} of its box, {:.0} % of it",
                        rank + 1,
                        share * 100.0
                    )
                }
                Some(PlySource::Top { share }) => format!("{:.0} % of its box", share * 100.0),
                _ => "repaired".to_owned(),
            };
            if let Some(Some(margin)) = found.margins.get(k) {
                why.push_str(&format!(
                    "; another reading {:.1} times less probable",
                    margin.exp()
                ));
            }
            out.push_str(&format!("{{planilla: doubtful: {why}}} "));
        }
        if let Some(&m) = found.moves.get(k) {
            pos.play_unchecked(m);
        }
    }
    out.push_str("*\n");
    out
}
