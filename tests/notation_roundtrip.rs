//! Property tests: render then parse gives back the same AST, in every language; on arbitrary
//! input the parser and the lexer end, with spans that slice the text, in its order. Case counts follow `PROPTEST_CASES` (proptest's default: 256).

use proptest::prelude::*;
use unicode_normalization::char::is_combining_mark;

use planilla::notation::{
    Annotation, AnnotationKind, Body, CaptureMark, CaseMode, Castle, CastlingGlyph, CastlingStyle,
    EnPassant, EnPassantMark, ErrorKind, Language, Normal, Notation, NotationParts, Parser,
    PieceLetter, Promotion, PromotionStyle, Separator, SeparatorKind, Span, SuffixKind, SuffixMark,
    Target,
};
use planilla::scoresheet::{Lexer, Token, TokenKind, read_games};
use planilla::{CastlingSide, File, Rank, Role, Square};

const NO: Span = Span::new(0, 0);

fn file() -> impl Strategy<Value = File> {
    (0u32..8).prop_map(|i| File::new(i).unwrap())
}

fn rank() -> impl Strategy<Value = Rank> {
    (0u32..8).prop_map(|i| Rank::new(i).unwrap())
}

fn target() -> impl Strategy<Value = Target> {
    prop_oneof![
        6 => (file(), rank()).prop_map(|(f, r)| Target::Square(Square::from_coords(f, r))),
        1 => file().prop_map(Target::File),
        1 => rank().prop_map(Target::Rank),
    ]
}

fn separator() -> impl Strategy<Value = Option<SeparatorKind>> {
    prop_oneof![
        3 => Just(None),
        2 => Just(Some(SeparatorKind::Capture(CaptureMark::X))),
        1 => Just(Some(SeparatorKind::Capture(CaptureMark::Colon))),
        1 => Just(Some(SeparatorKind::Capture(CaptureMark::Cross))),
        1 => Just(Some(SeparatorKind::Dash)),
    ]
}

fn marks() -> impl Strategy<
    Value = (
        Option<EnPassantMark>,
        Option<SuffixKind>,
        Option<AnnotationKind>,
        bool,
    ),
> {
    (
        prop::option::weighted(0.2, prop::sample::select(EnPassantMark::ALL.to_vec())),
        prop::option::weighted(
            0.3,
            prop::sample::select(vec![
                SuffixKind::Check,
                SuffixKind::DoublePlus,
                SuffixKind::Hash,
            ]),
        ),
        prop::option::weighted(0.2, prop::sample::select(AnnotationKind::ALL.to_vec())),
        prop::bool::weighted(0.1),
    )
}

const PIECES: [Role; 6] = Role::ALL;

/// A notation the grammar can write and read back in `lang` (spans left at zero).
fn notation(lang: Language) -> impl Strategy<Value = Notation> {
    let castle = (any::<bool>(), 0usize..3, any::<bool>()).prop_map(|(long, g, dashes)| {
        Body::Castle(Castle {
            side: if long {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            },
            style: CastlingStyle {
                glyph: [
                    CastlingGlyph::Zero,
                    CastlingGlyph::UpperO,
                    CastlingGlyph::LowerO,
                ][g],
                dashes,
            },
            span: NO,
        })
    });
    let normal = (
        prop::option::of(prop::sample::select(PIECES.to_vec())),
        prop::option::of(file()),
        prop::option::of(rank()),
        separator(),
        target(),
        prop::option::weighted(0.3, (prop::option::of(1usize..6), 0usize..4)),
    )
        .prop_filter_map(
            "not writable",
            move |(piece, ff, fr, sep, target, promo)| {
                let piece = match piece {
                    Some(role) => Some(PieceLetter {
                        role,
                        letter: lang.symbol(role)?,
                        span: NO,
                    }),
                    None => None,
                };
                let has_from = ff.is_some() || fr.is_some();
                if piece.is_none() {
                    // A pawn move starts with a file: the origin file, or the target's file.
                    if ff.is_none()
                        && (has_from || sep.is_some() || matches!(target, Target::Rank(_)))
                    {
                        return None;
                    }
                }
                // Without a separator, a rank-only target needs no origin before it; after a full
                // origin square the target must be a full square.
                if sep.is_none() {
                    if has_from && matches!(target, Target::Rank(_)) {
                        return None;
                    }
                    if ff.is_some() && fr.is_some() && !matches!(target, Target::Square(_)) {
                        return None;
                    }
                    if !has_from
                        && piece.is_none()
                        && ff.is_none()
                        && !matches!(target, Target::Square(_) | Target::File(_))
                    {
                        return None;
                    }
                }
                let is_pawn = piece.is_none_or(|p| p.role == Role::Pawn);
                let promotion = match promo {
                    Some((role, style)) if is_pawn => {
                        let style = [
                            PromotionStyle::Attached,
                            PromotionStyle::Equals,
                            PromotionStyle::Slash,
                            PromotionStyle::Parenthesized,
                        ][style];
                        let role = role.map(|r| PIECES[r]);
                        let letter = match role {
                            Some(r) => Some(lang.symbol(r)?),
                            None => None,
                        };
                        if style == PromotionStyle::Attached && role.is_none() {
                            return None;
                        }
                        Some(Promotion {
                            role,
                            letter,
                            style,
                            span: NO,
                        })
                    }
                    _ => None,
                };
                // A pawn move "e" + ep "ep" would read "eep": keep it simple, the target is at
                // least a file, which is always the case here.
                Some(Body::Normal(Normal {
                    piece,
                    from_file: ff,
                    from_rank: fr,
                    from_span: NO,
                    separator: sep.map(|kind| Separator { kind, span: NO }),
                    target,
                    target_span: NO,
                    promotion,
                }))
            },
        );
    (prop_oneof![1 => castle, 5 => normal], marks()).prop_map(
        |(body, (ep, suffix, annotation, draw))| {
            Notation::try_from(NotationParts {
                en_passant: match body {
                    Body::Normal(_) => ep.map(|style| EnPassant { style, span: NO }),
                    Body::Castle(_) => None,
                },
                body,
                suffix: suffix.map(|kind| SuffixMark { kind, span: NO }),
                annotation: annotation.map(|kind| Annotation { kind, span: NO }),
                draw_offer: draw.then_some(NO),
                span: NO,
            })
            .unwrap()
        },
    )
}

fn any_language() -> impl Strategy<Value = Language> {
    prop::sample::select(Language::ALL.to_vec())
}

/// What the lexer must give on any text `s`: it ends, after at most one item a byte and one
/// more (an unterminated variation is reported at the end, without consuming text); every
/// span slices `s`; tokens come in the order of the text, each over at least one byte, and an
/// error at or after the end of the token before it, overlapping only inside one character
/// with its combining marks. The one
/// error reported at the end, an unterminated variation, has the span of the `(` that opened
/// the outermost variation left open, and comes only when more variations were opened than
/// closed.
fn assert_lexes_cleanly(s: &str, p: Parser) -> Result<(), TestCaseError> {
    let items: Vec<_> = Lexer::new(s, p).take(s.len() + 2).collect();
    prop_assert!(items.len() <= s.len() + 1, "{:?}: {} items", s, items.len());
    let (mut last_start, mut last_end) = (0, 0);
    let mut depth = 0i64;
    // The span of the `(` that opened the outermost variation still open.
    let mut outermost = None;
    for (k, item) in items.iter().enumerate() {
        let span = match item {
            Ok(t) => t.span(),
            Err(e) => e.span,
        };
        prop_assert!(span.start <= span.end, "{:?}: {:?}", s, item);
        prop_assert!(s.get(span.range()).is_some(), "{:?}: {:?}", s, item);
        match item {
            Err(e) if e.kind == ErrorKind::UnterminatedVariation => {
                prop_assert_eq!(k, items.len() - 1, "{:?}: {:?}", s, item);
                prop_assert_eq!(Some(span), outermost, "{:?}", s);
                prop_assert!(depth > 0, "{:?}: {:?}", s, item);
                continue;
            }
            Ok(Token {
                kind: TokenKind::VariationStart,
                span: open,
            }) => {
                if depth == 0 {
                    outermost = Some(*open);
                }
                depth += 1;
            }
            Ok(Token {
                kind: TokenKind::VariationEnd,
                ..
            }) => depth -= 1,
            _ => {}
        }
        prop_assert!(depth >= 0, "{:?}: {:?}", s, item);
        // Spans cover whole characters with their combining marks (`text::normalize`): two
        // items read from one such cluster both cover it, and overlap there only.
        let start = span.start as usize;
        prop_assert!(
            start >= last_end
                || (start >= last_start
                    && s[start..last_end].chars().skip(1).all(is_combining_mark)),
            "{:?}: {:?} before {}",
            s,
            item,
            last_end
        );
        last_start = start;
        if item.is_ok() {
            prop_assert!(span.start < span.end, "{:?}: {:?}", s, item);
        }
        last_end = span.end as usize;
    }
    if depth > 0 {
        prop_assert!(
            matches!(items.last(), Some(Err(e)) if e.kind == ErrorKind::UnterminatedVariation),
            "{:?}: {} variations left open",
            s,
            depth
        );
    }
    Ok(())
}

proptest! {
    /// The compact notation keeps every part and every span it is given, when each span lies
    /// within 255 bytes of the move's start; and refuses, with `MoveTooLong`, one that does
    /// not, instead of keeping a wrong place.
    #[test]
    fn packed_parts_read_back_as_given_and_a_part_out_of_reach_is_refused(
        n in notation(Language::SPANISH),
        base in 0u32..1_000_000,
        places in prop::collection::vec((0u32..=255, 0u32..=255), 10),
        far in prop::option::of((0usize..10, 256u32..100_000)),
    ) {
        let mut parts = n.parts();
        let mut k = 0;
        let mut out_of_reach = false;
        parts.map_spans(|_| {
            let (a, b) = places[k];
            let (a, b) = match far {
                Some((which, offset)) if which == k => {
                    out_of_reach = true;
                    (a, offset)
                }
                _ => (a, b),
            };
            k += 1;
            // The first span mapped is the move's own: it starts at the base.
            if k == 1 { Span::new(base, base + b) } else { Span::new(base + a, base + b) }
        });
        match Notation::try_from(parts) {
            Ok(packed) => {
                prop_assert!(!out_of_reach);
                prop_assert_eq!(packed.parts(), parts);
                prop_assert_eq!(packed.span(), parts.span);
            }
            Err(e) => {
                prop_assert!(out_of_reach, "{:?}", parts);
                prop_assert_eq!(e.kind, ErrorKind::MoveTooLong);
                prop_assert_eq!(e.span, parts.span);
            }
        }
    }

    #[test]
    fn render_then_parse_is_the_identity(
        (lang, n) in any_language().prop_flat_map(|l| (Just(l), notation(l)))
    ) {
        let text = n.written(lang).to_string();
        let parser = Parser::new(lang, CaseMode::Strict);
        let readings = parser.parse_move(&text)
            .map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(readings.len(), 1, "{:?}", text);
        let back = readings.first();
        prop_assert_eq!(back.without_spans(), n.without_spans(), "{:?}", text);
        // The spans of the parts point at their text.
        prop_assert_eq!(back.span().range(), 0..text.len());
        if let Body::Normal(m) = back.body() {
            if let Some(p) = m.piece {
                prop_assert_eq!(&text[p.span.range()], p.letter.to_string());
            }
            let t = match m.target {
                Target::Square(sq) => sq.to_string(),
                Target::File(f) => f.to_string(),
                Target::Rank(r) => r.to_string(),
            };
            prop_assert_eq!(&text[m.target_span.range()], t);
        }
        // The canonical Spanish form is a fixed point.
        let canonical = back.to_string();
        let again = *Parser::spanish().parse_move(&canonical)
            .map_err(|e| TestCaseError::fail(format!("{canonical:?}: {e}")))?
            .first();
        prop_assert_eq!(again.to_string(), canonical.clone());
        prop_assert_eq!(again.role(), back.role(), "{:?}", canonical);
    }

    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,24}", lang in any_language(), lenient in any::<bool>()) {
        let case = if lenient { CaseMode::Lenient } else { CaseMode::Strict };
        let p = Parser::new(lang, case);
        // Every span can slice the original text: in bounds, on character boundaries.
        let sliceable = |sp: Span| s.get(sp.range()).is_some();
        match p.parse_move(&s) {
            Ok(r) => {
                for n in &r {
                    prop_assert!(sliceable(n.span()), "{:?} {:?}", s, n.span());
                }
            }
            Err(e) => prop_assert!(sliceable(e.span), "{:?} {:?}", s, e.span),
        }
        for t in Lexer::new(&s, p) {
            let sp = match &t {
                Ok(t) => t.span(),
                Err(e) => e.span,
            };
            prop_assert!(sliceable(sp), "{:?} {:?}", s, sp);
        }
        assert_lexes_cleanly(&s, p)?;
    }

    #[test]
    fn chess_like_strings_never_panic(
        s in "[RDTACKQBNOo0-9a-hx:=/()+#!?. \\-]{0,16}",
        lenient in any::<bool>(),
    ) {
        let p = Parser::new(Language::SPANISH, if lenient { CaseMode::Lenient } else { CaseMode::Strict });
        if let Ok(r) = p.parse_move(&s) {
            // Whatever parses renders to something that parses again.
            for n in &r {
                let w = n.written(Language::SPANISH).to_string();
                prop_assert!(p.parse_move(&w).is_ok(), "{:?} -> {:?}", s, w);
                // Read strictly, it is a move of the same role that writes the same way (a
                // foreign letter, such as `K`, is written in Spanish letters).
                let again = *Parser::spanish()
                    .parse_move(&w)
                    .map_err(|e| TestCaseError::fail(format!("{s:?} -> {w:?}: {e}")))?
                    .first();
                prop_assert_eq!(again.role(), n.role(), "{:?} -> {:?}", s, w);
                prop_assert_eq!(again.written(Language::SPANISH).to_string(), w.clone(), "{:?}", s);
            }
        }
        assert_lexes_cleanly(&s, p)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        for game in read_games(&bytes, Parser::spanish().lenient()) {
            if let Err(e) = game {
                prop_assert!(e.span.end as usize <= bytes.len());
            }
        }
        match std::str::from_utf8(&bytes) {
            // Invalid UTF-8: one error at the first bad byte, and nothing read.
            Err(bad) => {
                let all: Vec<_> = read_games(&bytes, Parser::spanish().lenient()).collect();
                prop_assert_eq!(all.len(), 1, "{:?}", bytes);
                let e = all[0].as_ref().unwrap_err();
                prop_assert_eq!(e.kind, ErrorKind::InvalidUtf8);
                prop_assert_eq!(e.span.start as usize, bad.valid_up_to());
                prop_assert!(e.span.start < e.span.end, "{:?}", e);
            }
            // Text: every tag, token and error of every game slices it.
            Ok(text) => {
                let sliceable = |sp: Span| sp.start <= sp.end && text.get(sp.range()).is_some();
                for game in read_games(&bytes, Parser::spanish().lenient()) {
                    match game {
                        Ok(g) => {
                            for tag in &g.tags {
                                prop_assert!(sliceable(tag.span), "{:?}: {:?}", text, tag);
                            }
                            for t in &g.movetext {
                                prop_assert!(sliceable(t.span()), "{:?}: {:?}", text, t);
                            }
                        }
                        Err(e) => prop_assert!(sliceable(e.span), "{:?}: {:?}", text, e),
                    }
                }
                assert_lexes_cleanly(text, Parser::spanish().lenient())?;
            }
        }
    }
}
