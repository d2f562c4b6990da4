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
    let line_start = source[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[span.end..]
        .find('\n')
        .map_or(source.len(), |i| span.end + i);
    let line_no = source[..line_start].bytes().filter(|&b| b == b'\n').count()
        + usize::try_from(first_line).unwrap_or(usize::MAX);
    let window = &source[line_start..line_end];
    let local = span.start - line_start..span.end - line_start;
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
    renderer.render(&groups).to_string()
}
