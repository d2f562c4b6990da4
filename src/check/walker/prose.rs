//! Words of prose shape: letters only, punctuation and citation marks around them aside, more
//! than a lone capital. Printed text is told from a sheet by them ([`super::print`]), and a
//! variation in printed notes ends at one ([`super::variation`]).

use crate::notation::Span;

/// Whether the word at `span` has the shape of prose (see [`prose_core`]).
pub(super) fn is_prose_shaped(source: &str, span: Span) -> bool {
    prose_core(text_of(source, span)).is_some()
}

pub(super) fn text_of(source: &str, span: Span) -> &str {
    source.get(span.range()).unwrap_or_default()
}

/// The letters of a word of prose shape, without the punctuation around it: `None` unless
/// every other character is a letter, and unless it is more than a lone capital (`A`, `C`: a
/// piece letter with its square lost).
pub(super) fn prose_core(word: &str) -> Option<&str> {
    let core = without_citation(word)
        .trim_start_matches(['¡', '¿', '"', '«', '“', '‘', '\'', '(', '['])
        .trim_end_matches([
            '.', ',', ';', ':', '!', '?', '"', '»', '”', '’', '\'', ')', ']',
        ]);
    let mut chars = core.chars();
    let first = chars.next()?;
    if !letters_only(core) || (chars.next().is_none() && first.is_uppercase()) {
        return None;
    }
    Some(core)
}

/// Whether `core` is letters, with an apostrophe only between two of them: the elision of
/// French, Italian and Catalan (`d'échecs`, `L'alfiere`, `l'obertura`) and names (`O'Sullivan`).
/// No move of either notation has an apostrophe between letters.
fn letters_only(core: &str) -> bool {
    let mut before = None::<char>;
    let mut chars = core.chars().peekable();
    while let Some(c) = chars.next() {
        let ok = c.is_alphabetic()
            || matches!(c, '\'' | '’')
                && before.is_some_and(char::is_alphabetic)
                && chars.peek().is_some_and(|n| n.is_alphabetic());
        if !ok {
            return false;
        }
        before = Some(c);
    }
    true
}

/// A word without the citation marks glued after it, as encyclopedias print them (`é:[2]`,
/// Portuguese Wikipedia; `2000."[1]`, Catalan Wikipedia; `apertura.[2]`, Spanish Wikipedia):
/// figures in square brackets, one group or more. No move ends in a bracket.
pub(super) fn without_citation(word: &str) -> &str {
    let mut rest = word;
    while let Some(open) = rest.strip_suffix(']').and_then(|r| r.rfind('['))
        && open + 2 < rest.len()
        && rest[open + 1..rest.len() - 1]
            .bytes()
            .all(|c| c.is_ascii_digit())
    {
        rest = &rest[..open];
    }
    rest
}
