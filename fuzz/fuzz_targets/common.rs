//! The first byte of the byte-driven targets' input: how to read the rest.

use planilla::notation::{CaseMode, Language, Parser};
use planilla::resolve::Edition;

/// Splits off the first byte of `data`: its low four bits pick the letter set
/// (`Language::ALL`, modulo its length: 0 is Spanish), bit 4 the lenient case, the top three
/// bits the rules edition (`Edition::ALL`, modulo 3: 0 is 2005, 2 is 2023). `None` for no input.
pub fn settings(data: &[u8]) -> Option<(Parser, Edition, &[u8])> {
    let (&head, rest) = data.split_first()?;
    let language = Language::ALL[usize::from(head & 0x0f) % Language::ALL.len()];
    let case = if head & 0x10 != 0 {
        CaseMode::Lenient
    } else {
        CaseMode::Strict
    };
    let edition = Edition::ALL[usize::from(head >> 5) % Edition::ALL.len()];
    Some((Parser::new(language, case), edition, rest))
}
