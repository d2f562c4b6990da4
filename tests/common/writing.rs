//! What `Notation::written` must give for a notation of any structure, such as the
//! `arbitrary` impls build: shared by `tests/arbitrary.rs` and `tests/arbitrary_invariants.rs`.

use planilla::CastlingSide;
use planilla::notation::{
    Body, CaseMode, Language, Notation, NotationParts, Parser, SeparatorKind, Span, Target,
};

/// The notation of `body` alone. Its spans are kept when the compact notation can hold them
/// (within 255 bytes of the move's start, at 0), and all emptied otherwise: the `arbitrary`
/// parts draw any span, and what is checked here is the writing, not the places.
pub fn unplaced(body: Body) -> Notation {
    let mut parts = NotationParts {
        body,
        ..Notation::PLACEHOLDER.parts()
    };
    Notation::try_from(parts).unwrap_or_else(|_| {
        parts.map_spans(|_| Span::default());
        Notation::try_from(parts).unwrap()
    })
}

/// Writes `n` in `language` and checks the writing: it holds the parts of the move in the
/// order of the grammar (`grammar/notacion.ebnf`): the piece in the language's symbol (its
/// figurine where the language has none), the origin, the separator as written, the target;
/// castling as its glyph and dashes; then en passant, the suffix, the annotation and the draw
/// offer. Whatever the strict parser of the language reads from it is a move of the same role
/// that it writes back the same way. Returns whether the parser read it.
pub fn check_writing(n: &Notation, language: Language) -> bool {
    let text = n.written(language).to_string();
    assert!(!text.is_empty(), "{n:?}");
    let head = match n.body() {
        Body::Castle(c) => {
            let glyphs = match c.side {
                CastlingSide::KingSide => 2,
                CastlingSide::QueenSide => 3,
            };
            let glyph = c.style.glyph.char().to_string();
            vec![glyph; glyphs].join(if c.style.dashes { "-" } else { "" })
        }
        Body::Normal(m) => {
            let mut head = String::new();
            // A piece the language has no letter for is written with its figurine.
            head.extend(m.piece.and_then(|p| {
                language
                    .symbol(p.role)
                    .or_else(|| Language::FIGURINE.symbol(p.role))
            }));
            head.extend(m.from_file.map(|f| f.char()));
            head.extend(m.from_rank.map(|r| r.char()));
            head.extend(m.separator.map(|s| match s.kind {
                SeparatorKind::Capture(mark) => mark.char(),
                SeparatorKind::Dash => '-',
            }));
            match m.target {
                Target::Square(sq) => head.push_str(&sq.to_string()),
                Target::File(f) => head.push(f.char()),
                Target::Rank(r) => head.push(r.char()),
            }
            head
        }
    };
    assert!(
        text.starts_with(&head),
        "{n:?} written {text:?}, not from {head:?}"
    );
    let mut tail = String::new();
    if let Some(ep) = n.en_passant() {
        tail.push(' ');
        tail.push_str(ep.style.as_str());
    }
    tail.extend(n.suffix().map(|s| s.kind.as_str()));
    tail.extend(n.annotation().map(|a| a.kind.as_str()));
    if n.draw_offer().is_some() {
        tail.push_str(" (=)");
    }
    assert!(
        text.ends_with(&tail),
        "{n:?} written {text:?}, not to {tail:?}"
    );
    assert!(
        head.len() + tail.len() <= text.len(),
        "{n:?} written {text:?}"
    );
    let Ok(readings) = Parser::new(language, CaseMode::Strict).parse_move(&text) else {
        return false;
    };
    let again = readings.first();
    assert_eq!(again.role(), n.role(), "{n:?} written {text:?}");
    assert_eq!(again.written(language).to_string(), text, "{n:?}");
    true
}
