//! Property tests: render then parse gives back the same AST, in every language; nothing
//! panics on arbitrary input. Case counts follow `PROPTEST_CASES` (proptest's default: 256).

use proptest::prelude::*;

use planilla::notation::{
    Annotation, AnnotationKind, Body, CaptureMark, CaseMode, Castle, CastlingGlyph, CastlingStyle,
    EnPassant, EnPassantStyle, Language, Normal, Notation, Parser, PieceLetter, Promotion,
    PromotionStyle, Separator, SeparatorKind, Span, Suffix, SuffixKind, Target,
};
use planilla::scoresheet::{Lexer, read_games};
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
        Option<EnPassantStyle>,
        Option<SuffixKind>,
        Option<AnnotationKind>,
        bool,
    ),
> {
    (
        prop::option::weighted(0.2, prop::sample::select(EnPassantStyle::ALL.to_vec())),
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
        |(body, (ep, suffix, annotation, draw))| Notation {
            en_passant: match body {
                Body::Normal(_) => ep.map(|style| EnPassant { style, span: NO }),
                Body::Castle(_) => None,
            },
            body,
            suffix: suffix.map(|kind| Suffix { kind, span: NO }),
            annotation: annotation.map(|kind| Annotation { kind, span: NO }),
            draw_offer: draw.then_some(NO),
            span: NO,
        },
    )
}

fn any_language() -> impl Strategy<Value = Language> {
    prop::sample::select(Language::ALL.to_vec())
}

proptest! {
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
        prop_assert_eq!(back.span.range(), 0..text.len());
        if let Body::Normal(m) = back.body {
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
        let again = Parser::spanish().parse_move(&canonical)
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
                    prop_assert!(sliceable(n.span), "{:?} {:?}", s, n.span);
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
            }
        }
        let _ = Lexer::new(&s, p).count();
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        for game in read_games(&bytes, Parser::spanish().lenient()) {
            if let Err(e) = game {
                prop_assert!(e.span.end as usize <= bytes.len());
            }
        }
    }
}
