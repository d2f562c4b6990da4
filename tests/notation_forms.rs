//! Table-driven: every lenient form of issue 3 (normalization, promotion, castling, en passant,
//! marks, incomplete forms, case readings) and every letter set (E3; C.3).

use planilla::notation::{Body, CaseMode, Language, Parser, Target};
use planilla::{File, Rank, Role};

const ES: Parser = Parser::new(Language::SPANISH, CaseMode::Strict);
const ES_LENIENT: Parser = Parser::new(Language::SPANISH, CaseMode::Lenient);
const EN_LENIENT: Parser = Parser::new(Language::ENGLISH, CaseMode::Lenient);

/// (input, parser, every reading written back in Spanish keeping its styles, whole-move span)
type Row = (&'static str, Parser, &'static [&'static str], (u32, u32));

const FORMS: &[Row] = &[
    // Normalization: figurines, white and black, as pieces and as promotions.
    ("♔e2", ES, &["Re2"], (0, 5)),
    ("♕xd4", ES, &["Dxd4"], (0, 6)),
    ("♖d1", ES, &["Td1"], (0, 5)),
    ("♗b5", ES, &["Ab5"], (0, 5)),
    ("♘f3", ES, &["Cf3"], (0, 5)),
    ("♚g8", ES, &["Rg8"], (0, 5)),
    ("♛h4#", ES, &["Dh4#"], (0, 6)),
    ("♜e8", ES, &["Te8"], (0, 5)),
    ("♝c5", ES, &["Ac5"], (0, 5)),
    ("♞f6", ES, &["Cf6"], (0, 5)),
    ("exd8=♕", ES, &["exd8=D"], (0, 8)),
    // Capture marks x, : and ×.
    ("Cxf3", ES, &["Cxf3"], (0, 4)),
    ("C:f3", ES, &["C:f3"], (0, 4)),
    ("C×f3", ES, &["C×f3"], (0, 5)),
    ("e:d5", ES, &["e:d5"], (0, 4)),
    // Dashes: en dash, em dash, minus sign, non-breaking hyphen, read as "-".
    ("e2–e4", ES, &["e2-e4"], (0, 7)),
    ("e2—e4", ES, &["e2-e4"], (0, 7)),
    ("e2−e4", ES, &["e2-e4"], (0, 7)),
    ("e2\u{2011}e4", ES, &["e2-e4"], (0, 7)),
    ("Cg1-f3", ES, &["Cg1-f3"], (0, 6)),
    // Castling: 0 and the letters O and o, with or without dashes, any dash.
    ("0-0", ES, &["0-0"], (0, 3)),
    ("0-0-0", ES, &["0-0-0"], (0, 5)),
    ("O-O", ES, &["O-O"], (0, 3)),
    ("O-O-O", ES, &["O-O-O"], (0, 5)),
    ("o-o", ES, &["o-o"], (0, 3)),
    ("o-o-o", ES, &["o-o-o"], (0, 5)),
    ("00", ES, &["00"], (0, 2)),
    ("OO", ES, &["OO"], (0, 2)),
    ("000", ES, &["000"], (0, 3)),
    ("0–0", ES, &["0-0"], (0, 5)),
    ("O—O—O", ES, &["O-O-O"], (0, 9)),
    ("0-0+", ES, &["0-0+"], (0, 4)),
    // Full-width forms and the no-break space.
    ("Ｃｆ３", ES, &["Cf3"], (0, 9)),
    ("ｅｘｄ５", ES, &["exd5"], (0, 12)),
    ("exd6\u{a0}a.p.", ES, &["exd6 a.p."], (0, 10)),
    // Promotion styles, and a promotion without its piece (incomplete).
    ("d8D", ES, &["d8D"], (0, 3)),
    ("d8=D", ES, &["d8=D"], (0, 4)),
    ("d8/D", ES, &["d8/D"], (0, 4)),
    ("d8(D)", ES, &["d8(D)"], (0, 5)),
    ("exf8C", ES, &["exf8C"], (0, 5)),
    ("d8=", ES, &["d8="], (0, 3)),
    ("d8/", ES, &["d8/"], (0, 3)),
    ("d8()", ES, &["d8()"], (0, 4)),
    ("d8=Q", ES, &["d8=D"], (0, 4)),
    // En passant: a.p., a.p, ap, e.p., e.p, ep; attached or after a space.
    ("exd6a.p.", ES, &["exd6 a.p."], (0, 8)),
    ("exd6 a.p.", ES, &["exd6 a.p."], (0, 9)),
    ("exd6a.p", ES, &["exd6 a.p"], (0, 7)),
    ("exd6 a.p", ES, &["exd6 a.p"], (0, 8)),
    ("exd6ap", ES, &["exd6 ap"], (0, 6)),
    ("exd6 ap", ES, &["exd6 ap"], (0, 7)),
    ("exd6e.p.", ES, &["exd6 e.p."], (0, 8)),
    ("exd6 e.p.", ES, &["exd6 e.p."], (0, 9)),
    ("exd6 e.p", ES, &["exd6 e.p"], (0, 8)),
    ("exd6 ep", ES, &["exd6 ep"], (0, 7)),
    ("exd6 a.p.+", ES, &["exd6 a.p.+"], (0, 10)),
    // Suffixes, annotations, draw offer.
    ("De3+", ES, &["De3+"], (0, 4)),
    ("Dh7++", ES, &["Dh7++"], (0, 5)),
    ("Dh7#", ES, &["Dh7#"], (0, 4)),
    ("Cf3!", ES, &["Cf3!"], (0, 4)),
    ("Cf3?", ES, &["Cf3?"], (0, 4)),
    ("Cf3!!", ES, &["Cf3!!"], (0, 5)),
    ("Cf3??", ES, &["Cf3??"], (0, 5)),
    ("Cf3!?", ES, &["Cf3!?"], (0, 5)),
    ("Cf3?!", ES, &["Cf3?!"], (0, 5)),
    ("Dxf7#!!", ES, &["Dxf7#!!"], (0, 7)),
    ("Rb1(=)", ES, &["Rb1 (=)"], (0, 6)),
    ("Rb1 (=)", ES, &["Rb1 (=)"], (0, 7)),
    ("Rb1+ (=)", ES, &["Rb1+ (=)"], (0, 8)),
    // Incomplete forms: only a file, only a rank.
    ("Ad", ES, &["Ad"], (0, 2)),
    ("Cdx3", ES, &["Cdx3"], (0, 4)),
    ("A5", ES, &["A5"], (0, 2)),
    ("exd", ES, &["exd"], (0, 3)),
    ("ed", ES, &["ed"], (0, 2)),
    // Pawn letters (C.4 says not to; read anyway) and foreign letters (seed 003's Kb1).
    ("Pe4", ES, &["Pe4"], (0, 3)),
    ("Kb1", ES, &["Rb1"], (0, 3)),
    ("Nf3", ES, &["Cf3"], (0, 3)),
    ("Qd1", ES, &["Dd1"], (0, 3)),
    ("Sf3", ES, &["Cf3"], (0, 3)),
    ("Le5", ES, &["Ae5"], (0, 3)),
    // Case: strict keeps uppercase pieces and lowercase files...
    ("cd4", ES, &["cd4"], (0, 3)),
    ("Cd4", ES, &["Cd4"], (0, 3)),
    // ...lenient yields every reading, the strict one first.
    ("cd4", ES_LENIENT, &["cd4", "Cd4"], (0, 3)),
    ("Cd4", ES_LENIENT, &["Cd4", "cd4"], (0, 3)),
    ("dxe5", ES_LENIENT, &["dxe5", "Dxe5"], (0, 4)),
    ("ae5", ES_LENIENT, &["ae5", "Ae5"], (0, 3)),
    ("CXD4", ES_LENIENT, &["Cxd4", "cxd4"], (0, 4)),
    ("tf1", ES_LENIENT, &["Tf1"], (0, 3)),
    ("E4", ES_LENIENT, &["e4"], (0, 2)),
    ("bxc4", ES_LENIENT, &["bxc4"], (0, 4)),
    ("A-D", ES_LENIENT, &["A-d", "a-d"], (0, 3)),
    ("exd6ap", ES_LENIENT, &["exd6 ap"], (0, 6)),
    ("d8d", ES_LENIENT, &["d8D", "D8d"], (0, 3)),
    ("Bxc4", EN_LENIENT, &["Axc4", "bxc4"], (0, 4)),
    ("bxc4", EN_LENIENT, &["bxc4", "Axc4"], (0, 4)),
];

#[test]
fn every_lenient_form() {
    for &(input, parser, expected, (start, end)) in FORMS {
        let readings = parser
            .parse_move(input)
            .unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let written: Vec<String> = readings
            .iter()
            .map(|n| n.written(Language::SPANISH).to_string())
            .collect();
        assert_eq!(written, expected, "{input:?}");
        for n in &readings {
            assert_eq!((n.span().start, n.span().end), (start, end), "{input:?}");
        }
    }
}

#[test]
fn spans_point_into_the_original_text() {
    // Full-width "Ｃ" (3 bytes) and an en dash (3 bytes): parts keep their original bytes.
    let text = "Ｃg1–f3";
    let n = *ES.parse_move(text).unwrap().first();
    let Body::Normal(m) = n.body() else { panic!() };
    assert_eq!(&text[m.piece.unwrap().span.range()], "Ｃ");
    assert_eq!(&text[m.from_span.range()], "g1");
    assert_eq!(&text[m.separator.unwrap().span.range()], "–");
    assert_eq!(&text[m.target_span.range()], "f3");
    let text = "exd6\u{a0}e.p.";
    let n = *ES.parse_move(text).unwrap().first();
    assert_eq!(&text[n.en_passant().unwrap().span.range()], "e.p.");
}

#[test]
fn incomplete_targets() {
    for (input, target) in [
        ("Ad", Target::File(File::D)),
        ("exd", Target::File(File::D)),
        ("Cdx3", Target::Rank(Rank::Third)),
        ("T8", Target::Rank(Rank::Eighth)),
    ] {
        let n = *ES.parse_move(input).unwrap().first();
        let Body::Normal(m) = n.body() else { panic!() };
        assert_eq!(m.target, target, "{input}");
        assert!(m.is_incomplete(), "{input}");
    }
    let Body::Normal(m) = ES.parse_move("a1=").unwrap().first().body() else {
        panic!()
    };
    assert!(m.is_incomplete());
    assert_eq!(m.promotion.unwrap().role, None);
}

/// The K Q R B N letters of each built-in language (notation-notes.md, PGN §17).
const SETS: &[(Language, &str)] = &[
    (Language::SPANISH, "RDTAC"),
    (Language::ENGLISH, "KQRBN"),
    (Language::FRENCH, "RDTFC"),
    (Language::GERMAN, "KDTLS"),
    (Language::ITALIAN, "RDTAC"),
    (Language::PORTUGUESE, "RDTBC"),
    (Language::DUTCH, "KDTLP"),
    (Language::CATALAN, "RDTAC"),
];

const KQRBN: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

#[test]
fn every_letter_set() {
    for &(language, letters) in SETS {
        let p = Parser::new(language, CaseMode::Strict);
        for (letter, role) in letters.chars().zip(KQRBN) {
            for text in [
                format!("{letter}e4"),
                format!("{letter}xh8+"),
                format!("{letter}1a2"),
            ] {
                let n = *p.parse_move(&text).unwrap().first();
                assert_eq!(n.role(), Some(role), "{} {text}", language.name());
                assert_eq!(n.written(language).to_string(), text);
            }
            assert_eq!(language.letter(role), Some(letter));
        }
    }
    // Figurines in every language, and the figurine language itself.
    let fig = Parser::new(Language::FIGURINE, CaseMode::Strict);
    for (c, role) in "♔♕♖♗♘".chars().zip(KQRBN) {
        let text = format!("{c}e4");
        assert_eq!(fig.parse_move(&text).unwrap().first().role(), Some(role));
        assert_eq!(
            fig.parse_move(&text)
                .unwrap()
                .first()
                .written(Language::FIGURINE)
                .to_string(),
            text
        );
    }
    // A custom letter set: Polish K H W G S.
    let polish = Language::custom("Polish", ['K', 'H', 'W', 'G', 'S'], Some('P')).unwrap();
    let p = Parser::new(polish, CaseMode::Strict);
    assert_eq!(
        p.parse_move("Hd1").unwrap().first().role(),
        Some(Role::Queen)
    );
    assert_eq!(
        p.parse_move("Gc4").unwrap().first().role(),
        Some(Role::Bishop)
    );
    assert_eq!(
        p.parse_move("gc4").unwrap().first().role(),
        Some(Role::Pawn)
    );
    assert!(Language::custom("Bad", ['K', 'K', 'R', 'B', 'N'], None).is_err());
    assert!(Language::custom("Bad", ['K', 'Q', 'X', 'B', 'N'], None).is_err());
    assert!(Language::custom("Bad", ['k', 'Q', 'R', 'B', 'N'], None).is_err());
}

#[test]
fn the_language_is_given_never_guessed() {
    // R is the king in Spanish and the rook in English; P is the knight in Dutch.
    let rf1 = |l| {
        Parser::new(l, CaseMode::Strict)
            .parse_move("Rf1")
            .unwrap()
            .first()
            .role()
    };
    assert_eq!(rf1(Language::SPANISH), Some(Role::King));
    assert_eq!(rf1(Language::FRENCH), Some(Role::King));
    assert_eq!(rf1(Language::ENGLISH), Some(Role::Rook));
    let dutch = Parser::new(Language::DUTCH, CaseMode::Strict);
    assert_eq!(
        dutch.parse_move("Pf3").unwrap().first().role(),
        Some(Role::Knight)
    );
    assert_eq!(
        ES.parse_move("Pf3").unwrap().first().role(),
        Some(Role::Pawn)
    );
    // German B is the pawn (Bauer); Portuguese B the bishop.
    let german = Parser::new(Language::GERMAN, CaseMode::Strict);
    assert_eq!(
        german.parse_move("Be4").unwrap().first().role(),
        Some(Role::Pawn)
    );
    let pt = Parser::new(Language::PORTUGUESE, CaseMode::Strict);
    assert_eq!(
        pt.parse_move("Be4").unwrap().first().role(),
        Some(Role::Bishop)
    );
}
