//! Diagnostics drawn as rustc draws them: the source line, a caret under the exact
//! characters, the message, then the article, candidates and suggestions as notes.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use planilla::check::{Diagnostic, MessageLanguage, NamedMove, Severity};
use planilla::i18n::{DiagnosticNote, texts};

/// Draws `diagnostic` against `source` (the text its span points into), naming `path`;
/// `first_line` is the line number of `source`'s first line in that file (1 for a whole file,
/// more for a [`Chunk`](planilla::scoresheet::Chunk) of a stream). `color` turns on ANSI colours.
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla_cli::render_diagnostic;
/// let text = "1.e4 e5 2.Re3";
/// let report = check_text(text, &CheckOptions::default()).next().unwrap();
/// let out = render_diagnostic(&report.diagnostics[0], text, "planilla.txt", 1,
///     MessageLanguage::Spanish, false);
/// assert!(out.contains("error[illegal-move]: 2. Re3: jugada ilegal"));
/// assert!(out.contains("planilla.txt:1:11"));
/// assert!(out.contains("^^^"));
/// ```
pub fn render_diagnostic(
    diagnostic: &Diagnostic,
    source: &str,
    path: &str,
    first_line: u64,
    lang: MessageLanguage,
    color: bool,
) -> String {
    let mut lines = LineCursor::new(first_line);
    render_diagnostic_with(diagnostic, source, path, &mut lines, lang, color)
}

/// The line numbers of places in one text, counted on from the last place asked about: the
/// diagnostics of a piece of a stream, drawn in order with [`render_diagnostic_with`], count
/// each line end of the piece once (drawing each with [`render_diagnostic`] counts the line
/// ends from the piece's start every time: a piece of 20,000 games with no moves took 3 s).
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla_cli::{render_diagnostic_with, LineCursor};
/// let text = "1.e4 e5 2.Re3\n\n1.d4 d5 2.Rd3\n";
/// let mut lines = LineCursor::new(1);
/// let drawn: Vec<String> = check_text(text, &CheckOptions::default())
///     .map(|r| render_diagnostic_with(&r.diagnostics[0], text, "a.txt", &mut lines,
///         MessageLanguage::Spanish, false))
///     .collect();
/// assert!(drawn[0].contains("a.txt:1:11"));
/// assert!(drawn[1].contains("a.txt:3:11"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LineCursor {
    /// The line number of the text's first line.
    first_line: u64,
    /// The last place asked about, and how many line ends come before it.
    at: usize,
    ends: u64,
    /// The start of the line of `at`, and its end once looked for.
    line_start: usize,
    line_end: Option<usize>,
    /// A place on that line whose column was counted, and that column (in characters, from 0).
    counted: usize,
    column: usize,
}

impl LineCursor {
    /// A cursor at the start of a text whose first line is line `first_line` of its file.
    #[must_use]
    pub fn new(first_line: u64) -> LineCursor {
        LineCursor {
            first_line,
            at: 0,
            ends: 0,
            line_start: 0,
            line_end: None,
            counted: 0,
            column: 0,
        }
    }

    /// The line number of the line that holds byte `offset` of `source`: counted on from the
    /// last offset asked about, or from the start when `offset` comes before it.
    fn line_at(&mut self, source: &str, offset: usize) -> u64 {
        if offset < self.at {
            *self = LineCursor::new(self.first_line);
        }
        let skipped = &source.as_bytes()[self.at..offset];
        self.ends += skipped.iter().filter(|&&b| b == b'\n').count() as u64;
        if let Some(k) = skipped.iter().rposition(|&b| b == b'\n') {
            self.line_start = self.at + k + 1;
            self.line_end = None;
            (self.counted, self.column) = (self.line_start, 0);
        }
        self.at = offset;
        self.first_line.saturating_add(self.ends)
    }

    /// The end of the line that holds byte `end` of `source` (a line end, or the text's end),
    /// `end` being on the line of the last place asked about or after it: looked for once a
    /// line.
    fn line_end(&mut self, source: &str, end: usize) -> usize {
        match self.line_end {
            Some(line_end) if end <= line_end => line_end,
            _ => {
                let line_end = source[end..].find('\n').map_or(source.len(), |i| end + i);
                self.line_end = Some(line_end);
                line_end
            }
        }
    }

    /// The column (in characters, from 0) of byte `offset` of `source`, on the line of the
    /// last place asked about ([`LineCursor::line_at`]): counted on from the last column
    /// counted on that line, so that the diagnostics of one long line count it once.
    fn column_at(&mut self, source: &str, offset: usize) -> usize {
        if offset < self.counted {
            (self.counted, self.column) = (self.line_start, 0);
        }
        self.column += source[self.counted..offset].chars().count();
        self.counted = offset;
        self.column
    }
}

/// Past this many bytes, 16 KiB, a line is drawn in a window of [`WINDOW`] bytes on each side
/// of the span, with `...` where it is cut, its place (line and column) given apart: drawing
/// the whole line for each of its diagnostics took time in the square of its length (60,000
/// variations on one line of 300 KB, each cut with a note, did not end within 30 s).
const LONG_LINE: usize = 16 << 10;

/// How much of a long line is drawn on each side of the span: 60 bytes.
const WINDOW: usize = 60;

/// [`render_diagnostic`] with the line numbers counted by `lines`, a cursor over `source` that
/// the diagnostics of one text share.
pub fn render_diagnostic_with(
    diagnostic: &Diagnostic,
    source: &str,
    path: &str,
    lines: &mut LineCursor,
    lang: MessageLanguage,
    color: bool,
) -> String {
    let level = match diagnostic.severity() {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let title = diagnostic.title(lang);
    let t = texts(lang);
    // Clamp to the text and to character boundaries: a span never splits a character, but a
    // renderer must not panic if one ever did.
    let boundary = |mut i: usize| {
        i = i.min(source.len());
        while !source.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let span = diagnostic.span.range();
    let span = boundary(span.start)..boundary(span.end.max(span.start));
    // A whole-line window keeps big files cheap: only the lines around the span are shown.
    let line_no = usize::try_from(lines.line_at(source, span.start)).unwrap_or(usize::MAX);
    let line_start = lines.line_start;
    let line_end = lines.line_end(source, span.end);
    // A long line: its window around the span, marked where it is cut.
    let long = (line_end - line_start > LONG_LINE).then(|| {
        let column = lines.column_at(source, span.start);
        let from = boundary(span.start.saturating_sub(WINDOW).max(line_start));
        let mut to = span.end.saturating_add(WINDOW).min(line_end);
        while !source.is_char_boundary(to) {
            to += 1;
        }
        let mut shown = String::new();
        if from > line_start {
            shown.push_str("...");
        }
        let shift = shown.len();
        shown.push_str(&source[from..to]);
        if to < line_end {
            shown.push_str("...");
        }
        // The column the renderer counts in the window, to be made the line's.
        let counted = shown[..span.start - from + shift].chars().count() + 1;
        (
            (counted, column + 1),
            shown,
            span.start - from + shift..span.end - from + shift,
        )
    });
    let (window, local) = match &long {
        Some((_, shown, local)) => (shown.as_str(), local.clone()),
        None => (
            &source[line_start..line_end],
            span.start - line_start..span.end - line_start,
        ),
    };
    let label = diagnostic
        .ply
        .map_or_else(String::new, |ply| t.ply_label(ply));
    let mut notes: Vec<String> = Vec::new();
    if let Some(rule) = diagnostic.rule {
        notes.push(format!(
            "{}: {rule}",
            t.diagnostic_note(DiagnosticNote::Article)
        ));
    }
    for (note, moves) in [
        (DiagnosticNote::Candidates, &diagnostic.candidates),
        (DiagnosticNote::Suggestions, &diagnostic.suggestions),
    ] {
        if !moves.is_empty() {
            let names = NamedMove::names(moves, lang);
            notes.push(format!("{}: {names}", t.diagnostic_note(note)));
        }
    }
    let snippet = Snippet::source(window)
        .line_start(line_no)
        .path(path)
        .annotation(AnnotationKind::Primary.span(local).label(label));
    let mut groups = vec![
        level
            .primary_title(title)
            .id(diagnostic.code().as_str())
            .element(snippet),
    ];
    for note in &notes {
        groups.push(Group::with_title(
            Level::NOTE.secondary_title(note.as_str()),
        ));
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let drawn = renderer.render(&groups).to_string();
    match long {
        // The place the renderer counted in the window, made the line's.
        Some(((counted, column), ..)) => drawn.replacen(
            &format!("{path}:{line_no}:{counted}"),
            &format!("{path}:{line_no}:{column}"),
            1,
        ),
        None => drawn,
    }
}

/// A reconstruction as `check --reconstruct` prints it after the game's report: each repair
/// with its move number and reason, the reconstructed game (in the sheet's letters for Spanish
/// messages, in SAN for English ones), and the games of equal cost.
///
/// ```
/// use planilla::check::{check_text, CheckOptions, MessageLanguage};
/// use planilla::reconstruct::{reconstruct_text, Limits};
/// use planilla_cli::render_reconstruction;
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf5 4.0-0 Cxe4 5.d4 Cd6";
/// let options = CheckOptions::default();
/// let report = check_text(sheet, &options).next().unwrap();
/// let found = reconstruct_text(sheet, &options, &Limits::default());
/// let out = render_reconstruction(&report, found[0].as_ref().unwrap(), MessageLanguage::Spanish);
/// assert!(out.contains("3... Cf6: desliz: «Cf5» se lee Cf6"));
/// assert!(out.contains("= 1. e4 e5 2. Cf3 Cc6 3. Ab5 Cf6 4. 0-0"));
/// ```
#[must_use]
pub fn render_reconstruction(
    report: &planilla::check::GameReport,
    r: &planilla::reconstruct::Reconstruction,
    lang: MessageLanguage,
) -> String {
    use planilla::Color;
    let spanish = lang == MessageLanguage::Spanish;
    let start = report.start_position();
    let label = |ply: u32| ply_label(&start, ply);
    let game = |sans: &[String]| -> String {
        let mut out = String::new();
        for (k, san) in sans.iter().enumerate() {
            let ply = k as u32 + 1;
            let index = k as u32 + u32::from(start.turn() == Color::Black);
            if index.is_multiple_of(2) || k == 0 {
                out.push_str(&label(ply));
                out.push(' ');
            }
            out.push_str(san);
            out.push(' ');
        }
        out.trim_end().to_owned()
    };
    let mut s = String::new();
    let heading = if spanish {
        "reconstrucción"
    } else {
        "reconstruction"
    };
    s.push_str(&format!("{heading}:\n"));
    for repair in &r.repairs {
        let shown = if spanish {
            repair.read.as_deref().or(repair.written.as_deref())
        } else {
            repair.san.as_deref().or(repair.written.as_deref())
        };
        let shown = shown.unwrap_or_default();
        s.push_str(&format!(
            "  {} {shown}: {}\n",
            label(repair.ply),
            repair.reason(lang)
        ));
    }
    // The sheet's letters for Spanish messages, SAN for English ones.
    let written = |moves: &[planilla::Move], sans: &[String]| {
        if spanish {
            planilla::write::Style::APPENDIX_C
                .write_moves(start, moves)
                .trim_end()
                .to_owned()
        } else {
            game(sans)
        }
    };
    s.push_str(&format!("  = {}\n", written(&r.moves, &r.san())));
    if !r.complete {
        let ply = r.moves.len();
        s.push_str(&if spanish {
            format!("  la planilla está demasiado dañada para reconstruirla más allá de la media jugada {ply}\n")
        } else {
            format!("  the sheet is too damaged to reconstruct past ply {ply}\n")
        });
    }
    if r.ties > 1 {
        s.push_str(&ties_line(r.ties, r.alternatives.len() + 1, spanish));
    }
    for a in &r.alternatives {
        let plies: Vec<String> = a.differs_at.iter().map(|&p| ply_label(&start, p)).collect();
        let what = if spanish {
            format!(
                "otra reconstrucción del mismo coste (difiere en {})",
                plies.join(", ")
            )
        } else {
            format!(
                "another reconstruction of the same cost (differs at {})",
                plies.join(", ")
            )
        };
        s.push_str(&format!("  {what}: {}\n", written(&a.moves, &a.san)));
    }
    s.push('\n');
    s
}

/// The line that says `ties` reconstructions have the same cost, of which `listed` are shown.
fn ties_line(ties: u32, listed: usize, spanish: bool) -> String {
    let shown = ties as usize - listed;
    match (spanish, shown) {
        (true, 0) => format!("  {ties} partidas del mismo coste; ninguna se elige en silencio:\n"),
        (true, _) => format!(
            "  {ties} partidas del mismo coste; se listan {listed} (--alternatives N para más):\n"
        ),
        (false, 0) => format!("  {ties} games of the same cost; none is picked in silence:\n"),
        (false, _) => format!(
            "  {ties} games of the same cost; {listed} listed (--alternatives N for more):\n"
        ),
    }
}

/// A comparison of a sheet with a record as `planilla compare` prints it: one line per
/// discrepancy, with the record's ply, then a count. The record's moves are written in the
/// sheet's letters for Spanish messages (`Tde1`, never SAN's `Rde1`, which a Spanish reader
/// takes for a king move), in SAN for English ones.
///
/// ```
/// use planilla::check::{CheckOptions, MessageLanguage};
/// use planilla::reconstruct::compare_text;
/// use planilla_cli::render_comparison;
/// let record = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 1/2-1/2";
/// let found = compare_text("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6", record, &CheckOptions::default())?;
/// let out = render_comparison(&found, MessageLanguage::Spanish);
/// assert!(out.contains("media jugada 7: falta en la planilla; el registro tiene Aa4"));
/// assert!(out.ends_with("1 discrepancia\n"));
/// let out = render_comparison(&found, MessageLanguage::English);
/// assert!(out.contains("ply 7: not on the sheet; the record has Ba4"));
/// # Ok::<(), planilla::reconstruct::CompareError>(())
/// ```
#[must_use]
pub fn render_comparison(
    found: &planilla::reconstruct::Comparison,
    lang: MessageLanguage,
) -> String {
    use planilla::reconstruct::RepairKind;
    let spanish = lang == MessageLanguage::Spanish;
    let mut s = String::new();
    for d in &found.discrepancies {
        let sheet = d.sheet.as_deref().unwrap_or_default();
        let record = match spanish {
            true => d.record_written.as_deref(),
            false => d.record.as_deref(),
        }
        .unwrap_or_default();
        let what = match (d.kind, spanish) {
            (RepairKind::Slip, true) => {
                format!("la planilla dice «{sheet}»; el registro tiene {record}")
            }
            (RepairKind::Slip, false) => {
                format!("the sheet has \"{sheet}\"; the record has {record}")
            }
            (RepairKind::MissingMove, true) => {
                format!("falta en la planilla; el registro tiene {record}")
            }
            (RepairKind::MissingMove, false) => {
                format!("not on the sheet; the record has {record}")
            }
            (RepairKind::ExtraMove, true) => {
                format!("la planilla tiene «{sheet}» de más")
            }
            (RepairKind::ExtraMove, false) => {
                format!("the sheet has \"{sheet}\" too many")
            }
            (RepairKind::MoveOrder, true) => {
                format!("orden cambiado: la planilla dice «{sheet}»; el registro, {record}")
            }
            (RepairKind::MoveOrder, false) => {
                format!("wrong order: the sheet has \"{sheet}\"; the record, {record}")
            }
            (RepairKind::AmbiguousMove, true) => format!(
                "«{sheet}» es ambigua; el registro tiene {record}, pero la planilla sola no lo dice"
            ),
            (RepairKind::AmbiguousMove, false) => format!(
                "\"{sheet}\" is ambiguous; the record has {record}, but the sheet alone does not say"
            ),
        };
        let ply = if spanish { "media jugada" } else { "ply" };
        s.push_str(&format!("{ply} {}: {what}\n", d.ply));
    }
    let n = found.discrepancies.len();
    s.push_str(&match (spanish, n) {
        (true, 0) => "la planilla coincide con el registro\n".to_owned(),
        (true, 1) => "1 discrepancia\n".to_owned(),
        (true, n) => format!("{n} discrepancias\n"),
        (false, 0) => "the sheet agrees with the record\n".to_owned(),
        (false, 1) => "1 discrepancy\n".to_owned(),
        (false, n) => format!("{n} discrepancies\n"),
    });
    s
}

/// Two sheets reconciled as `planilla reconcile` prints them: each disagreement with the move
/// the game reads there, then the reconciled game (in the sheet's letters for Spanish
/// messages, SAN for English ones) and the games of equal cost.
///
/// ```
/// use planilla::check::{CheckOptions, MessageLanguage};
/// use planilla::reconstruct::reconcile_text;
/// use planilla_cli::render_reconciliation;
/// let white = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Cf6 5.0-0 Ae7 6.Te1 b5";
/// let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae6 6.Te1 b5";
/// let r = reconcile_text(white, black, &CheckOptions::default())?;
/// let out = render_reconciliation(&r, MessageLanguage::Spanish);
/// assert!(out.contains("4. blancas: —; negras: «Aa4»; se lee Aa4"));
/// assert!(out.contains("= 1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6"));
/// # Ok::<(), planilla::reconstruct::ReconcileError>(())
/// ```
#[must_use]
pub fn render_reconciliation(
    r: &planilla::reconstruct::Reconciliation,
    lang: MessageLanguage,
) -> String {
    let spanish = lang == MessageLanguage::Spanish;
    let label = |ply: u32| ply_label(&r.start, ply);
    let quoted = |t: &Option<String>| match t {
        Some(t) if spanish => format!("«{t}»"),
        Some(t) => format!("\"{t}\""),
        None => "—".to_owned(),
    };
    let mut s = String::new();
    for d in &r.disagreements {
        let k = d.ply as usize - 1;
        let read = match (&d.read, spanish) {
            (Some(_), true) => {
                let mut pos = r.start;
                for &m in &r.moves[..k] {
                    pos.play_unchecked(m);
                }
                planilla::write::in_language(&pos, r.moves[k], &planilla::Language::SPANISH)
            }
            (Some(san), false) => san.clone(),
            (None, true) => "nada (jugada de más)".to_owned(),
            (None, false) => "nothing (a move too many)".to_owned(),
        };
        let (w, b, reads) = if spanish {
            ("blancas", "negras", "se lee")
        } else {
            ("white", "black", "read")
        };
        s.push_str(&format!(
            "{} {w}: {}; {b}: {}; {reads} {read}\n",
            label(d.ply),
            quoted(&d.white),
            quoted(&d.black)
        ));
    }
    let game = if spanish {
        planilla::write::Style::APPENDIX_C
            .write_moves(r.start, &r.moves)
            .trim_end()
            .to_owned()
    } else {
        r.san.join(" ")
    };
    s.push_str(&format!("= {game}\n"));
    for a in &r.alternatives {
        let what = if spanish {
            "otra partida del mismo coste"
        } else {
            "another game of the same cost"
        };
        s.push_str(&format!("{what}: {}\n", a.san.join(" ")));
    }
    s
}

/// The move number of a ply (from 1) of a game from `start`: `7.` for White's move, `7...`
/// for Black's.
fn ply_label(start: &planilla::Position, ply: u32) -> String {
    let index = ply.saturating_sub(1) + u32::from(start.turn() == planilla::Color::Black);
    let number = start.fullmove_number() + index / 2;
    if index.is_multiple_of(2) {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}
