//! Every notation example of Appendix E (2005, seeds 000 and 001) and Appendix C (2018/2023,
//! seed 003), plus the 1970 ruling's `A-D` (seed 004), parsed to the expected AST.

use planilla::notation::{
    Body, CaptureMark, CaseMode, CastlingGlyph, EnPassantMark, ErrorKind, Language, Normal, Parser,
    PromotionStyle, SeparatorKind, SuffixKind, Target,
};
use planilla::scoresheet::{Lexer, Token, TokenKind};
use planilla::{CastlingSide, File, Rank, Role, Square};

fn normal(text: &str) -> Normal {
    let n = *Parser::spanish().parse_move(text).unwrap().first();
    match n.body() {
        Body::Normal(m) => m,
        Body::Castle(_) => panic!("{text}: castling"),
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// (text, role, from file, from rank, capture, target)
type Row = (&'static str, Role, Option<File>, Option<Rank>, bool, Target);

fn check(rows: &[Row]) {
    for &(text, role, from_file, from_rank, capture, target) in rows {
        let m = normal(text);
        assert_eq!(m.role(), role, "{text}");
        assert_eq!(m.from_file, from_file, "{text}");
        assert_eq!(m.from_rank, from_rank, "{text}");
        assert_eq!(m.is_capture(), capture, "{text}");
        assert_eq!(m.target, target, "{text}");
        assert_eq!(m.promotion, None, "{text}");
        // The canonical form of every Appendix example is the example itself.
        let n = *Parser::spanish().parse_move(text).unwrap().first();
        assert_eq!(n.to_string(), text);
    }
}

#[test]
fn e8_c8_piece_and_pawn_moves() {
    use Role::*;
    let t = |s| Target::Square(sq(s));
    check(&[
        ("Ae5", Bishop, None, None, false, t("e5")),
        ("Cf3", Knight, None, None, false, t("f3")),
        ("Td1", Rook, None, None, false, t("d1")),
        ("e5", Pawn, None, None, false, t("e5")),
        ("d4", Pawn, None, None, false, t("d4")),
        ("a5", Pawn, None, None, false, t("a5")),
    ]);
}

#[test]
fn e9_c9_captures() {
    use Role::*;
    let t = |s| Target::Square(sq(s));
    check(&[
        ("Axe5", Bishop, None, None, true, t("e5")),
        ("Cxf3", Knight, None, None, true, t("f3")),
        ("Txd1", Rook, None, None, true, t("d1")),
        ("dxe5", Pawn, Some(File::D), None, true, t("e5")),
        ("gxf3", Pawn, Some(File::G), None, true, t("f3")),
        ("axb5", Pawn, Some(File::A), None, true, t("b5")),
    ]);
    let m = normal("dxe5");
    assert_eq!(m.from_span.range(), 0..1);
    assert_eq!(m.separator.unwrap().span.range(), 1..2);
    assert_eq!(m.target_span.range(), 2..4);
}

#[test]
fn e9_c9_en_passant_attached_and_spaced() {
    for (text, span) in [("exd6a.p.", 4..8), ("exd6 a.p.", 5..9)] {
        let n = *Parser::spanish().parse_move(text).unwrap().first();
        let ep = n.en_passant().unwrap();
        assert_eq!(ep.style, EnPassantMark::APDotted, "{text}");
        assert_eq!(ep.span.range(), span, "{text}");
        assert_eq!(n.span().range(), 0..text.len());
        let Body::Normal(m) = n.body() else { panic!() };
        assert_eq!(m.target, Target::Square(Square::D6));
        assert_eq!(m.from_file, Some(File::E));
        assert_eq!(n.to_string(), "exd6 a.p.");
    }
}

#[test]
fn e10_c10_disambiguation() {
    use Role::Knight;
    let f3 = Target::Square(Square::F3);
    check(&[
        ("Cgf3", Knight, Some(File::G), None, false, f3),
        ("Cef3", Knight, Some(File::E), None, false, f3),
        ("C5f3", Knight, None, Some(Rank::Fifth), false, f3),
        ("C1f3", Knight, None, Some(Rank::First), false, f3),
        ("Chf3", Knight, Some(File::H), None, false, f3),
        ("Cdf3", Knight, Some(File::D), None, false, f3),
        ("Cgxf3", Knight, Some(File::G), None, true, f3),
        ("Cexf3", Knight, Some(File::E), None, true, f3),
        ("C5xf3", Knight, None, Some(Rank::Fifth), true, f3),
        ("C1xf3", Knight, None, Some(Rank::First), true, f3),
        ("Chxf3", Knight, Some(File::H), None, true, f3),
        ("Cdxf3", Knight, Some(File::D), None, true, f3),
    ]);
}

#[test]
fn e10_typo_cdx3_is_an_incomplete_form() {
    // Seed 001 prints "Cdx3" for "Cdxf3": a knight from the d file takes on the 3rd rank.
    let m = normal("Cdx3");
    assert_eq!(m.role(), Role::Knight);
    assert_eq!(m.from_file, Some(File::D));
    assert!(m.is_capture());
    assert_eq!(m.target, Target::Rank(Rank::Third));
    assert!(m.is_incomplete());
    assert_eq!(m.target_span.range(), 3..4);
}

#[test]
fn e11_pawn_captures() {
    let d5 = Target::Square(Square::D5);
    check(&[
        ("cxd5", Role::Pawn, Some(File::C), None, true, d5),
        ("exd5", Role::Pawn, Some(File::E), None, true, d5),
    ]);
}

#[test]
fn e12_c11_promotions() {
    for (text, target, role, from) in [
        ("d8D", "d8", Role::Queen, None),
        ("f8C", "f8", Role::Knight, None),
        ("b1A", "b1", Role::Bishop, None),
        ("g1T", "g1", Role::Rook, None),
        ("exf8C", "f8", Role::Knight, Some(File::E)),
    ] {
        let m = normal(text);
        assert_eq!(m.target, Target::Square(sq(target)), "{text}");
        assert_eq!(m.from_file, from, "{text}");
        let p = m.promotion.unwrap();
        assert_eq!(p.role, Some(role), "{text}");
        assert_eq!(p.style, PromotionStyle::Attached, "{text}");
        assert_eq!(p.span.range(), text.len() - 1..text.len(), "{text}");
    }
}

#[test]
fn e13_c12_draw_offer() {
    for (text, span) in [("Rb1(=)", 3..6), ("Rb1 (=)", 4..7)] {
        let n = *Parser::spanish().parse_move(text).unwrap().first();
        assert_eq!(n.draw_offer().unwrap().range(), span);
        assert_eq!(n.role(), Some(Role::King));
    }
}

#[test]
fn abbreviations_castling_check_mate() {
    let p = Parser::spanish();
    for (text, side) in [
        ("0-0", CastlingSide::KingSide),
        ("0-0-0", CastlingSide::QueenSide),
    ] {
        let Body::Castle(c) = p.parse_move(text).unwrap().first().body() else {
            panic!("{text}")
        };
        assert_eq!(c.side, side);
        assert_eq!(c.style.glyph, CastlingGlyph::Zero);
        assert_eq!(c.span.range(), 0..text.len());
    }
    for (text, kind) in [
        ("De3+", SuffixKind::Check),
        ("Dh7++", SuffixKind::DoublePlus),
        ("Dh7#", SuffixKind::Hash),
    ] {
        let n = *p.parse_move(text).unwrap().first();
        assert_eq!(n.suffix().unwrap().kind, kind, "{text}");
        assert_eq!(n.suffix().unwrap().span.start, 3);
    }
    let n = *p.parse_move("Cxf3").unwrap().first();
    let Body::Normal(m) = n.body() else { panic!() };
    assert_eq!(
        m.separator.unwrap().kind,
        SeparatorKind::Capture(CaptureMark::X)
    );
}

#[test]
fn c4_pawn_letters_are_not_the_laws_form() {
    // C.4: "se escriben e5, d4, a5, no pe5, Pd4, pa5". Strict mode refuses lowercase `p`;
    // `Pd4` reads as a pawn with its letter (the resolver may flag the form).
    let strict = Parser::spanish();
    assert_eq!(
        strict.parse_move("pe5").unwrap_err().kind,
        ErrorKind::BadFile
    );
    let m = normal("Pd4");
    assert_eq!(m.role(), Role::Pawn);
    assert_eq!(m.piece.unwrap().letter, 'P');
    let lenient = strict.lenient();
    let n = *lenient.parse_move("pa5").unwrap().first();
    assert_eq!(n.role(), Some(Role::Pawn));
}

#[test]
fn e3_c3_letters_of_other_countries() {
    // E3: "F = fou (francés por alfil), L = loper (alemán por alfil)".
    let french = Parser::new(Language::FRENCH, CaseMode::Strict);
    assert_eq!(
        french.parse_move("Fe5").unwrap().first().role(),
        Some(Role::Bishop)
    );
    let german = Parser::new(Language::GERMAN, CaseMode::Strict);
    assert_eq!(
        german.parse_move("Le5").unwrap().first().role(),
        Some(Role::Bishop)
    );
    // E3: figurines in print.
    assert_eq!(
        Parser::spanish().parse_move("♗e5").unwrap().first().role(),
        Some(Role::Bishop)
    );
}

#[test]
fn ruling_1970_a_d_is_a_bishop_to_the_d_file() {
    // Seed 004: a sealed move "A-D", the bishop to some square of the queen's (d) file.
    let m = normal("Ad");
    assert_eq!(m.role(), Role::Bishop);
    assert_eq!(m.target, Target::File(File::D));
    assert!(m.is_incomplete());
    let lenient = Parser::spanish().lenient();
    let n = lenient.parse_move("A-D").unwrap();
    assert!(n.iter().any(|n| matches!(n.body(),
        Body::Normal(m) if m.role() == Role::Bishop && m.target == Target::File(File::D))));
    // In strict mode the uppercase D is not a file.
    let err = Parser::spanish().parse_move("A-D").unwrap_err();
    assert_eq!(err.kind, ErrorKind::MissingTarget);
    assert_eq!(err.span.range(), 2..3);
}

#[test]
fn a_move_holds_at_most_255_bytes_and_a_longer_one_is_refused_not_cut() {
    let p = Parser::spanish();
    // Spaces before `a.p.` are allowed, but a move, marks included, holds at most 255 bytes.
    let near = format!("exd6{}a.p.", " ".repeat(247));
    assert_eq!(near.len(), 255);
    let n = *p.parse_move(&near).unwrap().first();
    assert_eq!(n.en_passant().unwrap().span.range(), 251..255);
    // A mark that would end past them is not read as the move's: the move ends before it.
    let far = format!("exd6{}a.p.", " ".repeat(248));
    let err = p.parse_move(&far).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TrailingCharacters);
    assert_eq!(err.span.range(), 252..256);
    let offer = format!("1.e4{}(=) e5", " ".repeat(300));
    let tokens: Vec<Token> = Lexer::new(&offer, p).map(Result::unwrap).collect();
    assert!(
        matches!(&tokens[1], Token { kind: TokenKind::Move(r), .. } if r.first().to_string() == "e4"
            && r.first().draw_offer().is_none()),
        "{tokens:?}"
    );
    assert!(
        matches!(tokens[2], Token { kind: TokenKind::DrawOffer, span: s } if s.range() == (304..307)),
        "{tokens:?}"
    );
    // Normalization shortens wide characters; the move is measured in the text as written:
    // 98 bytes once normalized, 286 as written.
    let marked = format!("ｅｘｄ６{}a.p.", "\u{3000}".repeat(90));
    let err = p.parse_move(&marked).unwrap_err();
    assert_eq!(err.kind, ErrorKind::MoveTooLong);
    assert_eq!(err.span.range(), 0..marked.len());
    // On a sheet, such a word is an unreadable one, and the reading goes on.
    let sheet = format!("1.e4 e5 2.{marked} Cc6");
    let tokens: Vec<Token> = Lexer::new(&sheet, p).map(Result::unwrap).collect();
    let Token {
        kind: TokenKind::Word { error },
        span,
    } = &tokens[4]
    else {
        panic!("{tokens:?}")
    };
    assert_eq!(error.kind, ErrorKind::MoveTooLong);
    assert_eq!(&sheet[span.range()], marked);
    assert!(
        matches!(&tokens[5], Token { kind: TokenKind::Move(r), .. } if r.first().to_string() == "Cc6")
    );
}
