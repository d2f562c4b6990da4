//! The `planilla` command line. It stays thin: reading arguments and files, running games in
//! parallel, printing. Every decision lives in the library.
//!
//! Exit codes: 0 when no error diagnostic was found, 1 when there is at least one, 2 for a
//! usage or I/O error.

use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use planilla::Position;
use planilla::check::{CheckOptions, GameReport, MessageLanguage, Severity};
use planilla::laws::winnability::Effort;
use planilla::reconstruct::Limits;
use planilla::write;
use planilla_app::job::{self, Job};
use planilla_app::jobs::EnvelopeSource;
use planilla_app::settings::{Format, Letters, Messages, Notation, SheetSettings};
use planilla_app::stream::Checked;

/// Reads chess scoresheets in Spanish algebraic notation (FIDE Appendix E/C), checks every
/// move against the rules, and converts them to SAN/PGN.
#[derive(Parser)]
#[command(name = "planilla", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Checks every move and prints rustc-style diagnostics (Spanish by default).
    Check {
        #[command(flatten)]
        common: Common,
        /// Prints the reports as JSON instead of text (described in docs/cli.md; its JSON Schema
        /// is `planilla schema check`).
        #[arg(long)]
        json: bool,
        /// Past the first error: adds the legal game the sheet most plausibly records, with
        /// each repair named (a slip, a move left out or written twice, two moves in the wrong
        /// order, an ambiguous move settled by the next ones). The verdict does not change.
        #[arg(long)]
        reconstruct: bool,
        /// With `--reconstruct`: how many games of the same cost are listed besides the first
        /// (all are counted, and the plies where each differs are named).
        #[arg(long, value_name = "N", default_value_t = 8)]
        alternatives: u32,
    },
    /// Converts the games to PGN (default), a Spanish or figurine scoresheet, or JSON. A game
    /// is written up to its first error, which is a comment there (result `*`) and is reported
    /// on stderr as `check` prints it; the exit code is then 1.
    Convert {
        #[command(flatten)]
        common: Common,
        /// The output format.
        #[arg(long, value_enum, default_value_t = Format::Pgn)]
        to: Format,
        /// Adds the diagnostics to the PGN as comments.
        #[arg(long)]
        diagnostics: bool,
        /// With the PGN output: a damaged game is written as its reconstruction (see
        /// `check --reconstruct`), its errors as written in a first comment, each repair a
        /// comment, the result `*` unless the sheet's result fits.
        #[arg(long)]
        reconstruct: bool,
        /// With `--reconstruct`: how many games of the same cost are listed besides the first
        /// (all are counted, and the plies where each differs are named).
        #[arg(long, value_name = "N", default_value_t = 8)]
        alternatives: u32,
    },
    /// Compares a scoresheet with the board's record of the same game (a DGT board's or a
    /// broadcast's PGN) and lists each discrepancy once, aligned: a slip, a half-move left out
    /// or written twice, two moves in the wrong order, a move the sheet leaves ambiguous.
    /// Exit code 0 when the sheet as written has no error, 1 otherwise, 2 for a usage or I/O
    /// error.
    Compare(CompareArgs),
    /// Reconciles White's and Black's scoresheets of one game into one game, and lists every
    /// place where they disagree and which reading the board supports. Exit code 0 when both
    /// sheets as written have no error, 1 otherwise, 2 for a usage or I/O error.
    Reconcile(ReconcileArgs),
    /// Decodes a handwriting recognizer's candidates for each box of a sheet into the most
    /// probable legal game. Input: NDJSON, one sheet a line, a JSON array of cells or an
    /// object `{"cells": [...], "fen": "...", "lang": "es", "answered": [plies]}`; a cell is
    /// an array of `[text, probability]` pairs, best first, and an empty array is a blank box;
    /// `answered` lists the plies (from 1) whose one candidate is the user's answer, which the
    /// decoder repairs last. Exit code 0 when
    /// every cell gave a legal move from its own candidates, 1 otherwise, 2 for a usage or
    /// input error (malformed JSON, a probability that is not a finite number ≥ 0, a line
    /// over the size limit).
    Decode(DecodeArgs),
    /// Rules on a sealed move (Appendix A8 of 2005; Guidelines I.8 of 2023): valid, ambiguous,
    /// unreadable or illegal, and whether the game goes on, is lost, drawn, or referred to the
    /// arbiter. Exit code 0 for any ruling, 2 for a usage or I/O error.
    #[command(group(clap::ArgGroup::new("position").required(true).args(["fen", "game"])))]
    Sealed(SealedArgs),
    /// Starts the scoresheet desk in a browser: a local web server with the "Planilla", "Dos
    /// planillas" and "Jugada sellada" pages and their JSON API (described in docs/desk.md).
    /// Every asset is in the binary; it runs offline.
    #[cfg(feature = "serve")]
    Serve {
        /// The port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on. The default is this machine only; give `0.0.0.0` to
        /// serve a tournament hall's network.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Opens the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Also answers requests addressed to this name (say `arbitro.local`), besides IP
        /// addresses and `localhost`; repeatable. Requests to any other name get 403.
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_host: Vec<String>,
        /// Writes the desk as static files into DIR instead of serving it: the pages check in
        /// the browser (WebAssembly), so any static file server or host serves them, offline
        /// after the first load.
        #[arg(long, value_name = "DIR")]
        export: Option<std::path::PathBuf>,
    },
    /// Prints the JSON Schema (draft 2020-12) of a JSON output, generated from the types that
    /// write it; the same files are in the repository under `schema/`.
    Schema {
        /// The output it describes.
        #[arg(value_enum)]
        document: SchemaDocument,
    },
}

#[derive(Copy, Clone, ValueEnum)]
enum SchemaDocument {
    /// The games of `check --json` and `convert --to json` (`schema/check.schema.json`).
    Check,
    /// The ruling of `sealed --json` (`schema/sealed.schema.json`).
    Sealed,
}

#[derive(Args)]
struct SealedArgs {
    /// The sealed move as written (`Cd2`, `41...Cd2`). With --game it defaults to the move
    /// written at --ply.
    #[arg(value_name = "MOVE")]
    written: Option<String>,
    /// The position on the envelope, immediately before the sealed move (A2b), as FEN.
    #[arg(long)]
    fen: Option<String>,
    /// Takes the position from the first game of this scoresheet (`-` for standard input).
    #[arg(long, requires = "ply")]
    game: Option<PathBuf>,
    /// With --game: the ply (half-move, from 1) of the sealed move.
    #[arg(long, requires = "game")]
    ply: Option<u32>,
    /// Prints the ruling as JSON (described in docs/reading.md; its JSON Schema is
    /// `planilla schema sealed`).
    #[arg(long)]
    json: bool,
    /// The effort spent on "can the opponent still checkmate?".
    #[arg(long, value_enum, default_value_t = EffortArg::Full)]
    effort: EffortArg,
    /// The time limit on that question, in seconds; past it, the answer is "undetermined" and
    /// a faulty move is referred to the arbiter.
    #[arg(long, default_value_t = 10.0)]
    time_limit: f64,
    #[command(flatten)]
    sheet: Sheet,
}

#[derive(Args)]
struct CompareArgs {
    /// The scoresheet, one game (`-` for standard input).
    #[arg(value_name = "SHEET")]
    sheet_file: PathBuf,
    /// The record: one game in standard PGN (English SAN), a valid game.
    #[arg(value_name = "RECORD")]
    record: PathBuf,
    /// Prints `{"discrepancies": [{"ply", "kind", "sheet", "record"}]}` instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    sheet: Sheet,
}

#[derive(Args)]
struct DecodeArgs {
    /// The NDJSON file, one sheet a line; `-` (the default) reads standard input.
    #[arg(default_value = "-")]
    input: PathBuf,
    /// The position the sheets start from, as FEN (a line's `"fen"` overrides it).
    #[arg(long)]
    fen: Option<String>,
    /// Prints one JSON object a line: `{"san", "chosen", "log_probability", "repairs":
    /// [{"ply", "kind", "written", "san", "reason"}], "sources", "margins", "doubtful",
    /// "alternatives": [{"san", "log_probability"}], "from_candidates", "proven"}`. Without it, each
    /// game as PGN movetext with its doubtful plies as comments.
    #[arg(long)]
    json: bool,
    /// How many other games are listed, most probable first.
    #[arg(long, value_name = "N", default_value_t = 8)]
    alternatives: u32,
    /// Weighs a box's legal readings by their candidates' probabilities alone, without the
    /// prior over moves (how often real players make a move of each kind).
    #[arg(long)]
    no_prior: bool,
    #[command(flatten)]
    sheet: Sheet,
}

#[derive(Args)]
struct ReconcileArgs {
    /// White's scoresheet, one game (`-` for standard input).
    #[arg(value_name = "WHITE_SHEET")]
    white: PathBuf,
    /// Black's scoresheet, one game.
    #[arg(value_name = "BLACK_SHEET")]
    black: PathBuf,
    /// Prints `{"san", "disagreements": [{"ply", "white", "black", "read"}], "repairs",
    /// "alternatives"}` instead of text.
    #[arg(long)]
    json: bool,
    /// How many games of the same cost are listed besides the first.
    #[arg(long, value_name = "N", default_value_t = 8)]
    alternatives: u32,
    #[command(flatten)]
    sheet: Sheet,
}

#[derive(Copy, Clone, ValueEnum)]
enum EffortArg {
    /// The material check only.
    Material,
    /// Then chasolver's fast check.
    Fast,
    /// Then chasolver's full search.
    Full,
}

#[derive(Args)]
struct Common {
    /// The scoresheet or PGN file; `-` (the default) reads standard input. It may hold many
    /// games: each ends at its result, at the next game's headers, or where its numbering
    /// starts again at `1.` after a blank line (sheets copied one after another:
    /// `cat *.txt | planilla check -`).
    #[arg(default_value = "-")]
    input: PathBuf,
    /// The position the games start from, as FEN (a FEN tag in a game overrides it).
    #[arg(long)]
    fen: Option<String>,
    #[command(flatten)]
    sheet: Sheet,
    /// Prints on stderr how long reading and writing kept their threads busy (for the
    /// performance notes).
    #[arg(long, hide = true)]
    pipeline_stats: bool,
}

#[derive(Args)]
struct Sheet {
    /// The piece letters of the sheet (Appendix E3 / C.3).
    #[arg(long, value_enum, default_value_t = Letters::Es)]
    lang: Letters,
    /// The edition of the Laws: 2005 (Appendix E), 2018 or 2023 (Appendix C).
    #[arg(long, default_value = "2023",
          value_parser = clap::builder::PossibleValuesParser::new(["2005", "2018", "2023"])
              .map(|s| s.parse::<u16>().unwrap_or(2023)))]
    edition: u16,
    /// Reads both letter cases (handwriting): `cd4` as a c-pawn capture or a knight move.
    #[arg(long)]
    lenient: bool,
    /// The language of messages.
    #[arg(long, value_enum, default_value_t = Messages::Es)]
    messages: Messages,
    /// The notation of the moves: algebraic, descriptive (`P4R`, `P-K4`), or auto: each game
    /// in the notation of its moves (a note says when it is descriptive).
    #[arg(long, value_enum, default_value_t = Notation::Auto)]
    notation: Notation,
}

impl Sheet {
    fn settings(&self) -> SheetSettings {
        SheetSettings {
            letters: self.lang,
            edition: self.edition,
            lenient: self.lenient,
            messages: self.messages,
            notation: self.notation,
        }
    }
}

enum Output {
    Check {
        json: bool,
        reconstruct: bool,
    },
    Convert {
        to: Format,
        diagnostics: bool,
        reconstruct: bool,
    },
}

/// The search's limits of `--reconstruct`, with `--alternatives N`.
fn limits(alternatives: u32) -> Limits {
    Limits::default().with_max_alternatives(alternatives)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (common, output, limits) = match cli.command {
        Command::Check {
            common,
            json,
            reconstruct,
            alternatives,
        } => (
            common,
            Output::Check { json, reconstruct },
            limits(alternatives),
        ),
        Command::Convert {
            common,
            to,
            diagnostics,
            reconstruct,
            alternatives,
        } => {
            if reconstruct && to != Format::Pgn {
                eprintln!("planilla: --reconstruct writes PGN only (--to pgn)");
                return ExitCode::from(2);
            }
            (
                common,
                Output::Convert {
                    to,
                    diagnostics,
                    reconstruct,
                },
                limits(alternatives),
            )
        }
        Command::Sealed(args) => return exit(sealed(&args)),
        Command::Reconcile(args) => return verdict(reconcile(&args)),
        Command::Decode(args) => return verdict(decode(&args)),
        Command::Compare(args) => return verdict(compare(&args)),
        Command::Schema { document } => return exit(schema(document)),
        #[cfg(feature = "serve")]
        Command::Serve {
            port,
            host,
            open,
            allow_host,
            export,
        } => {
            return exit(match export {
                Some(dir) => export_desk(&dir),
                None => serve(&host, port, open, &allow_host),
            });
        }
    };
    verdict(run(&common, &output, &limits))
}

/// 0 when the input as written has no error, 1 when it has, 2 with the message for a usage or
/// I/O error.
fn verdict(done: Result<bool, String>) -> ExitCode {
    match done {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("planilla: {message}");
            ExitCode::from(2)
        }
    }
}

/// Prints `value` as one line of JSON, or `text()`.
fn print_json_or_text<T: serde::Serialize>(
    json: bool,
    value: &T,
    text: impl FnOnce() -> String,
) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| format!("writing output: {e}");
    if json {
        serde_json::to_writer(&mut out, value).map_err(|e| format!("writing output: {e}"))?;
        writeln!(out).map_err(io)
    } else {
        out.write_all(text().as_bytes()).map_err(io)
    }
}

/// 0, or 2 with the message for a usage or I/O error.
fn exit(done: Result<(), String>) -> ExitCode {
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("planilla: {message}");
            ExitCode::from(2)
        }
    }
}

/// `planilla serve`: binds, prints the addresses (and a QR code of the first on a hall's
/// network), optionally opens the page, and serves until Ctrl-C.
#[cfg(feature = "serve")]
fn serve(host: &str, port: u16, open: bool, allow_host: &[String]) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("serve: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((host, port))
            .await
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let address = listener.local_addr().map_err(|e| format!("serve: {e}"))?;
        let urls = planilla_cli::serve::urls(address);
        let url = urls[0].clone();
        // The addresses in one write, and a standard error closed after them (a script that
        // read the address and went away) no reason to stop serving: `eprintln!` writes a
        // line in pieces and panics when the reader has gone.
        let mut banner = format!("planilla serve: {url} (Ctrl-C to stop)\n");
        for other in &urls[1..] {
            banner.push_str(&format!("               {other}\n"));
        }
        if !address.ip().is_loopback()
            && let Some(code) = planilla_cli::serve::qr_code(&url)
        {
            banner.push_str(&format!("{code}\n"));
        }
        let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), banner.as_bytes());
        if open {
            let opener = if cfg!(target_os = "macos") {
                "open"
            } else if cfg!(windows) {
                "explorer"
            } else {
                "xdg-open"
            };
            if let Err(e) = std::process::Command::new(opener).arg(&url).spawn() {
                let _ = std::io::Write::write_all(
                    &mut std::io::stderr().lock(),
                    format!(
                        "planilla serve: could not open a browser ({opener}: {e}); open {url}\n"
                    )
                    .as_bytes(),
                );
            }
        }
        let desk = allow_host
            .iter()
            .fold(planilla_cli::serve::Desk::default(), |desk, name| {
                desk.allow_host(name)
            });
        desk.serve(listener)
            .await
            .map_err(|e| format!("serve: {e}"))
    })
}

/// `planilla serve --export DIR`: writes the desk's static files and says where.
#[cfg(feature = "serve")]
fn export_desk(dir: &std::path::Path) -> Result<(), String> {
    let written = planilla_cli::serve::export(dir)
        .map_err(|e| format!("cannot write the desk into {}: {e}", dir.display()))?;
    eprintln!(
        "planilla serve --export: {} files written into {}; serve that folder with any static \
         file server (the page checks in the browser)",
        written.len(),
        dir.display()
    );
    Ok(())
}

/// `planilla schema`: the JSON Schema of a document, pretty, with a final newline.
fn schema(document: SchemaDocument) -> Result<(), String> {
    let schema = match document {
        SchemaDocument::Check => write::json_schema(),
        SchemaDocument::Sealed => write::sealed_json_schema(),
    };
    let text = serde_json::to_string_pretty(&schema).map_err(|e| format!("schema: {e}"))? + "\n";
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| format!("writing output: {e}"))
}

fn options(common: &Common) -> Result<CheckOptions, String> {
    let options = sheet_options(&common.sheet)?;
    let start = match &common.fen {
        Some(fen) => Some(fen_position(fen, options.messages)?),
        None => None,
    };
    Ok(options.with_start(start))
}

/// The position of `--fen`, or why it does not read, in the language of the messages.
fn fen_position(fen: &str, lang: MessageLanguage) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|e| format!("--fen: {}", e.message(lang)))
}

fn sheet_options(sheet: &Sheet) -> Result<CheckOptions, String> {
    sheet.settings().check_options()
}

/// The text of a file, or of standard input for `-`.
fn read_text(path: &PathBuf) -> Result<String, String> {
    let Input {
        mut reader, name, ..
    } = open_input(path)?;
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| format!("{name}: not UTF-8: {e}"))
}

/// The message of a job that gave another kind of output than its own (which [`job::run`] never
/// does).
fn another_output(command: &str) -> String {
    format!("{command}: the job gave another kind of output")
}

/// `planilla compare`: the sheet against the record; `Ok(true)` when the sheet as written has
/// no error.
fn compare(args: &CompareArgs) -> Result<bool, String> {
    let options = sheet_options(&args.sheet)?;
    let lang = options.messages;
    let sheet = read_text(&args.sheet_file)?;
    let record = read_text(&args.record)?;
    let job = Job::Compare {
        sheet: &sheet,
        record: &record,
        options,
    };
    let job::Output::Compared {
        comparison: found, ..
    } = job::run(&job).map_err(|e| e.to_string())?
    else {
        return Err(another_output("compare"));
    };
    let valid = planilla::check::check_text(&sheet, &options).all(|r| r.is_valid());
    print_json_or_text(args.json, &found, || {
        planilla_cli::render_comparison(&found, lang)
    })?;
    Ok(valid)
}

/// `planilla reconcile`: the two sheets as one game; `Ok(true)` when both as written have no
/// error.
fn reconcile(args: &ReconcileArgs) -> Result<bool, String> {
    let options = sheet_options(&args.sheet)?;
    let lang = options.messages;
    let white = read_text(&args.white)?;
    let black = read_text(&args.black)?;
    let job = Job::Reconcile {
        white: &white,
        black: &black,
        options,
        limits: limits(args.alternatives),
    };
    let job::Output::Reconciled(found) = job::run(&job).map_err(|e| e.to_string())? else {
        return Err(another_output("reconcile"));
    };
    let valid = [&white, &black]
        .iter()
        .all(|t| planilla::check::check_text(t, &options).all(|r| r.is_valid()));
    print_json_or_text(args.json, &found, || {
        planilla_cli::render_reconciliation(&found, lang)
    })?;
    Ok(valid)
}

/// `planilla decode`: each NDJSON line decoded and printed at once; `Ok(true)` when every
/// cell of every sheet gave a legal move from its own candidates. A bad line stops the run
/// with its line number.
fn decode(args: &DecodeArgs) -> Result<bool, String> {
    let options = sheet_options(&args.sheet)?;
    let start = match &args.fen {
        Some(fen) => fen_position(fen, options.messages)?,
        None => Position::default(),
    };
    let limits = limits(args.alternatives).with_move_prior(!args.no_prior);
    let Input {
        mut reader, name, ..
    } = open_input(&args.input)?;
    let mut all = true;
    let mut line = String::new();
    // Read at most one byte past the limit, so that a huge line is refused, not held.
    let limit = (planilla_app::jobs::MAX_DECODE_LINE + 1) as u64;
    for number in 1.. {
        line.clear();
        let read = (&mut reader)
            .take(limit)
            .read_line(&mut line)
            .map_err(|e| format!("{name}: {e}"))?;
        if read == 0 {
            break;
        }
        if line.len() > planilla_app::jobs::MAX_DECODE_LINE {
            return Err(format!(
                "{name}:{number}: a line over {} bytes",
                planilla_app::jobs::MAX_DECODE_LINE
            ));
        }
        if line.trim().is_empty() {
            continue;
        }
        let sheet: serde_json::Value = serde_json::from_str(line.trim())
            .map_err(|e| format!("{name}:{number}: not JSON: {e}"))?;
        let job = Job::Decode {
            sheet: &sheet,
            start,
            options,
            limits,
        };
        let job::Output::Decoded(found, line_start) =
            job::run(&job).map_err(|e| format!("{name}:{number}: {e}"))?
        else {
            return Err(another_output("decode"));
        };
        all &= found.from_candidates;
        print_json_or_text(args.json, &found, || {
            planilla_app::jobs::decoded_pgn(&found, line_start)
        })?;
    }
    Ok(all)
}

/// `planilla sealed`: the envelope's position (from --fen, or a scoresheet up to --ply), the
/// ruling, printed.
fn sealed(args: &SealedArgs) -> Result<(), String> {
    let options = sheet_options(&args.sheet)?;
    let lang = options.messages;
    let mut text = String::new();
    let (source, name) = match (&args.fen, &args.game, args.ply) {
        (Some(fen), _, _) => {
            if args.written.is_none() {
                return Err("the sealed MOVE is missing".to_owned());
            }
            (EnvelopeSource::Fen(fen), "--fen".to_owned())
        }
        (None, Some(path), Some(ply)) => {
            let Input {
                mut reader, name, ..
            } = open_input(path)?;
            reader
                .read_to_string(&mut text)
                .map_err(|e| format!("{name}: {e}"))?;
            (EnvelopeSource::Game { text: &text, ply }, name)
        }
        _ => return Err("give --fen, or --game with --ply".to_owned()),
    };
    let time_limit =
        Duration::try_from_secs_f64(args.time_limit).map_err(|e| format!("--time-limit: {e}"))?;
    let effort = match args.effort {
        EffortArg::Material => Effort::Material,
        EffortArg::Fast => Effort::Fast,
        EffortArg::Full => Effort::Full,
    };
    let job = Job::Sealed {
        source,
        written: args.written.as_deref(),
        options,
        effort,
        time_limit,
    };
    let job::Output::Sealed(ruled, view) = job::run(&job).map_err(|e| format!("{name}: {e}"))?
    else {
        return Err(another_output("sealed"));
    };
    let text = if args.json {
        serde_json::to_string(&view).map_err(|e| format!("writing output: {e}"))? + "\n"
    } else {
        write::sealed_text(&ruled.ruling, &ruled.position, lang)
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| format!("writing output: {e}"))
}

/// An opened input's reader: a file or standard input, each behind a buffer of 64 KiB. An
/// enum rather than a `Box<dyn BufRead>`: the thread that reads and splits the input (the
/// pipeline's serial part) asks for each line's bytes, and a call it can inline costs less
/// than one through a vtable.
enum Reader {
    Stdin(BufReader<std::io::Stdin>),
    File(BufReader<File>),
}

impl Read for Reader {
    #[inline]
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Reader::Stdin(r) => r.read(buf),
            Reader::File(r) => r.read(buf),
        }
    }
}

impl BufRead for Reader {
    #[inline]
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        match self {
            Reader::Stdin(r) => r.fill_buf(),
            Reader::File(r) => r.fill_buf(),
        }
    }

    #[inline]
    fn consume(&mut self, amount: usize) {
        match self {
            Reader::Stdin(r) => r.consume(amount),
            Reader::File(r) => r.consume(amount),
        }
    }
}

/// An opened input.
struct Input {
    reader: Reader,
    /// Its name in messages: the path, or `<stdin>`.
    name: String,
    /// Its size in bytes, when known (for the progress bar).
    size: Option<u64>,
}

fn open_input(path: &PathBuf) -> Result<Input, String> {
    if path.as_os_str() == "-" {
        Ok(Input {
            reader: Reader::Stdin(BufReader::with_capacity(1 << 16, std::io::stdin())),
            name: "<stdin>".to_owned(),
            size: None,
        })
    } else {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Input {
            size: file.metadata().ok().map(|m| m.len()),
            // Large reads: the thread that reads and splits the input is the pipeline's
            // serial part.
            reader: Reader::File(BufReader::with_capacity(1 << 16, file)),
            name: path.display().to_string(),
        })
    }
}

/// One chunk's output: its text, or its games for the JSON document, the errors `convert`
/// reports on stderr, and its games' counts for the summary.
struct Rendered {
    text: String,
    games: Vec<write::GameJson>,
    errors: String,
    counts: Counts,
    /// How far the input has been read after the chunk (for the progress bar).
    end: u64,
}

/// The summary's counts.
#[derive(Clone, Copy, Default)]
struct Counts {
    games: usize,
    valid_games: usize,
    errors: usize,
    warnings: usize,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.games += other.games;
        self.valid_games += other.valid_games;
        self.errors += other.errors;
        self.warnings += other.warnings;
    }

    fn of(report: &GameReport) -> Counts {
        let count = |s: Severity| {
            report
                .diagnostics
                .iter()
                .filter(|d| d.severity() == s)
                .count()
        };
        let errors = count(Severity::Error);
        Counts {
            games: 1,
            valid_games: usize::from(errors == 0),
            errors,
            warnings: count(Severity::Warning),
        }
    }
}

/// Runs the command; `Ok(true)` when no error diagnostic was found.
///
/// The input is streamed through the application layer's pipeline
/// ([`planilla_app::stream::for_each_chunk_parallel`]): one thread reads it a batch of games
/// at a time, the pool checks and renders each batch, and this thread writes the output in
/// input order. Memory holds a few batches, whatever the number of games. The JSON document
/// ([`write::GamesJson`]) is written the same way, a game at a time.
fn run(common: &Common, output: &Output, limits: &Limits) -> Result<bool, String> {
    let options = options(common)?;
    let lang = options.messages;
    let Input { reader, name, size } = open_input(&common.input)?;
    let reconstruct = matches!(
        output,
        Output::Check {
            reconstruct: true,
            ..
        } | Output::Convert {
            reconstruct: true,
            ..
        }
    );
    let json = matches!(output, Output::Check { json: true, .. })
        || matches!(
            output,
            Output::Convert {
                to: Format::Json,
                ..
            }
        );
    let renderer = Renderer {
        output,
        json,
        name: &name,
        lang,
        color: std::io::stdout().is_terminal(),
        color_err: std::io::stderr().is_terminal(),
    };
    let mut writer = Writer {
        out: std::io::BufWriter::new(std::io::stdout().lock()),
        json,
        first_game: true,
        counts: Counts::default(),
        progress: progress_bar(size),
    };
    if json {
        writer.out.write_all(b"{\"games\":[").map_err(write_error)?;
    }
    let finished = planilla_app::stream::for_each_chunk_parallel(
        reader,
        &options,
        reconstruct.then_some(limits),
        |c| renderer.render(c),
        |r| writer.write(r),
    )?;
    if let Some(bar) = writer.progress.take() {
        bar.finish_and_clear();
    }
    if common.pipeline_stats {
        let stats = finished.stats;
        eprintln!(
            "pipeline: read {:.3} s, write {:.3} s, total {:.3} s, serial {:.1} %",
            stats.read.as_secs_f64(),
            stats.write.as_secs_f64(),
            stats.total.as_secs_f64(),
            100.0 * (stats.read + stats.write).as_secs_f64() / stats.total.as_secs_f64().max(1e-9),
        );
    }
    if let Some(e) = finished.io_error {
        return Err(format!("{name}: {e}"));
    }
    let counts = writer.finish(output, lang)?;
    if counts.games == 0 && finished.pieces > 0 {
        return Err(format!("{name}: no game found"));
    }
    Ok(counts.errors == 0)
}

/// A progress bar on stderr for an input of `size` bytes over 1 MiB read by a person at a
/// terminal; `None` otherwise.
fn progress_bar(size: Option<u64>) -> Option<ProgressBar> {
    (std::io::stderr().is_terminal() && size.is_some_and(|s| s > 1 << 20)).then(|| {
        let bar = ProgressBar::new(size.unwrap_or(0));
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {per_sec} {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    })
}

/// The error of writing the output.
fn write_error(e: std::io::Error) -> String {
    format!("writing output: {e}")
}

/// How `check` and `convert` render a checked piece of the input, on the pool's threads.
struct Renderer<'a> {
    output: &'a Output,
    /// One JSON document (`check --json`, `convert --to json`).
    json: bool,
    /// The input's name, for the diagnostics.
    name: &'a str,
    lang: MessageLanguage,
    /// Colours on stdout and stderr: each is a terminal.
    color: bool,
    color_err: bool,
}

impl Renderer<'_> {
    /// The output of one checked piece: its games' text or JSON views, the errors `convert`
    /// prints on stderr, and its counts.
    fn render(&self, c: &mut Checked) -> Rendered {
        let (delta, end) = (c.delta(), c.end());
        let Checked {
            chunk,
            reports,
            reconstructions,
            ..
        } = c;
        let (output, lang) = (self.output, self.lang);
        let source = std::str::from_utf8(&chunk.text).unwrap_or("");
        let mut r = Rendered {
            text: String::new(),
            games: Vec::new(),
            errors: String::new(),
            counts: Counts::default(),
            end,
        };
        // One cursor over the piece's lines for all its diagnostics, drawn in order.
        let mut lines = planilla_cli::LineCursor::new(chunk.line);
        for (k, report) in reports.iter_mut().enumerate() {
            r.counts.add(Counts::of(report));
            let reconstruction = reconstructions
                .as_ref()
                .map(|found| found.get(k).and_then(Option::as_ref));
            // `convert` reports its errors on stderr as `check` prints them.
            if matches!(output, Output::Convert { .. }) {
                for d in report
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity() == Severity::Error)
                {
                    r.errors.push_str(&planilla_cli::render_diagnostic_with(
                        d,
                        source,
                        self.name,
                        &mut lines,
                        lang,
                        self.color_err,
                    ));
                    r.errors.push_str("\n\n");
                }
            }
            if self.json {
                report.shift_spans(delta);
                let mut game = write::json(report, lang);
                game.reconstruction =
                    reconstruction.map(|r| r.map(|r| write::reconstruction_json(r, lang)));
                r.games.push(game);
            } else if let (Output::Convert { .. }, Some(Some(found))) = (output, reconstruction) {
                r.text
                    .push_str(&write::reconstruction_pgn(report, found, lang));
                r.text.push('\n');
            } else {
                r.text.push_str(&render(
                    report, output, source, self.name, &mut lines, lang, self.color,
                ));
                if let Some(Some(found)) = reconstruction {
                    r.text
                        .push_str(&planilla_cli::render_reconstruction(report, found, lang));
                }
            }
        }
        r
    }
}

/// Writes the rendered pieces in the input's order, on the caller's thread.
struct Writer<W: Write> {
    out: W,
    /// One JSON document: the games are its array's items.
    json: bool,
    /// No game written yet (no comma before the next).
    first_game: bool,
    counts: Counts,
    progress: Option<ProgressBar>,
}

impl<W: Write> Writer<W> {
    /// Writes one piece: its text or games on stdout, its errors on stderr.
    fn write(&mut self, r: Rendered) -> Result<(), String> {
        self.counts.add(r.counts);
        if self.json {
            for game in &r.games {
                if !std::mem::take(&mut self.first_game) {
                    self.out.write_all(b",").map_err(write_error)?;
                }
                serde_json::to_writer(&mut self.out, game)
                    .map_err(|e| format!("writing output: {e}"))?;
            }
        } else {
            self.out.write_all(r.text.as_bytes()).map_err(write_error)?;
        }
        // Flushed first, so that a terminal shows each error after its game's output.
        if !r.errors.is_empty() {
            self.out.flush().map_err(write_error)?;
            std::io::stderr()
                .write_all(r.errors.as_bytes())
                .map_err(|e| format!("writing errors: {e}"))?;
        }
        if let Some(bar) = &self.progress {
            bar.set_position(r.end);
        }
        Ok(())
    }

    /// Ends the output (the JSON document, or `check`'s summary line) and gives the counts.
    fn finish(mut self, output: &Output, lang: MessageLanguage) -> Result<Counts, String> {
        if self.json {
            self.out.write_all(b"]}\n").map_err(write_error)?;
        } else if matches!(output, Output::Check { .. }) {
            let counts = &self.counts;
            let summary = planilla::i18n::texts(lang).check_summary(planilla::i18n::CheckSummary {
                games: counts.games,
                valid_games: counts.valid_games,
                errors: counts.errors,
                warnings: counts.warnings,
            });
            writeln!(self.out, "{summary}").map_err(write_error)?;
        }
        self.out.flush().map_err(write_error)?;
        Ok(self.counts)
    }
}

/// One game's output as text (JSON games go into the document `run` writes).
fn render(
    report: &GameReport,
    output: &Output,
    source: &str,
    name: &str,
    lines: &mut planilla_cli::LineCursor,
    lang: MessageLanguage,
    color: bool,
) -> String {
    match output {
        Output::Check { json: true, .. }
        | Output::Convert {
            to: Format::Json, ..
        } => unreachable!("the games of the JSON document are serialized by `run`"),
        Output::Check { json: false, .. } => {
            let mut s = String::new();
            for d in &report.diagnostics {
                s.push_str(&planilla_cli::render_diagnostic_with(
                    d, source, name, lines, lang, color,
                ));
                s.push_str("\n\n");
            }
            s.push_str(&planilla::i18n::texts(lang).game_summary(report));
            s.push('\n');
            s
        }
        Output::Convert {
            to, diagnostics, ..
        } => planilla_app::jobs::write_game(report, *to, *diagnostics, lang) + "\n",
    }
}
