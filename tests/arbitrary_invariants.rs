//! The `arbitrary::Arbitrary` impls (feature `arbitrary`), derived or written by hand, keep the
//! invariants their consumers rely on. 10,000 byte buffers from a fixed xorshift generator, and
//! a few degenerate ones, are each read with `Unstructured`:
//!
//! - every position is reachable: it reads back from its FEN, and its legal moves play;
//! - every notation is what the Spanish parser reads from its own writing, spans included, and
//!   passes what the notation fuzz target asserts (written, it reads back to a fixed point);
//! - what the resolve fuzz target draws resolves only to legal moves, and a structurally
//!   arbitrary move part is written part by part and reads back as written;
//! - every span of a derived AST part ends after it starts, every piece letter names its role,
//!   castling rights are among the four, and every derived enum reaches all its variants.
#![cfg(feature = "arbitrary")]

use crate::writing;

use std::collections::HashSet;

use arbitrary::{Arbitrary, Unstructured};

use planilla::notation::{
    Body, CaseMode, Language, Normal, Notation, Parser, PieceLetter, Promotion, Readings, Span,
    Target, figurine_role,
};
use planilla::resolve::{AmbiguityCause, Edition, Options, Resolution, resolve};
use planilla::write::San;
use planilla::{CastlingRights, CastlingSide, Color, Move, Position, Role, Square};
use writing::check_writing;

/// The number of buffers drawn from the generator.
const BUFFERS: usize = 10_000;

/// Marsaglia's xorshift64: a fixed, dependency-free stream of bytes.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `BUFFERS` buffers of 0 to 511 bytes from a fixed seed, then the empty buffer and two
/// constant ones.
fn buffers() -> Vec<Vec<u8>> {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut out: Vec<Vec<u8>> = (0..BUFFERS)
        .map(|_| {
            let len = rng.next() % 512;
            (0..len).map(|_| rng.next() as u8).collect()
        })
        .collect();
    out.extend([vec![], vec![0; 64], vec![0xff; 64]]);
    out
}

#[test]
fn positions_are_reachable() {
    let mut fens = HashSet::new();
    for bytes in buffers() {
        let pos = Position::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        let fen = pos.to_fen();
        assert_eq!(Position::from_fen(&fen), Ok(pos), "{fen}");
        for m in pos.legal_moves() {
            let mut next = pos;
            assert!(next.play(m).is_ok(), "{m} in {fen}");
        }
        fens.insert(fen);
    }
    assert!(
        fens.len() > BUFFERS / 2,
        "{} distinct positions",
        fens.len()
    );
}

/// The spans of a notation's parts, the whole included.
fn spans(n: &Notation) -> Vec<Span> {
    let mut out = vec![n.span()];
    match n.body() {
        Body::Castle(c) => out.push(c.span),
        Body::Normal(m) => {
            out.extend(m.piece.map(|p| p.span));
            out.push(m.from_span);
            out.extend(m.separator.map(|s| s.span));
            out.push(m.target_span);
            out.extend(m.promotion.map(|p| p.span));
        }
    }
    out.extend(n.en_passant().map(|e| e.span));
    out.extend(n.suffix().map(|s| s.span));
    out.extend(n.annotation().map(|a| a.span));
    out.extend(n.draw_offer());
    out
}

/// What the notation fuzz target asserts of a reading, written in `language`.
fn reads_back(n: &Notation, language: Language) {
    let strict = Parser::new(language, CaseMode::Strict);
    let written = n.written(language).to_string();
    let again = match strict.parse_move(&written) {
        Ok(r) => *r.first(),
        Err(e) => panic!("{n:?} written as {written:?} does not read back: {e}"),
    };
    assert_eq!(again.role(), n.role(), "written as {written:?}");
    assert_eq!(again.written(language).to_string(), written);
    let canonical = n.to_string();
    let back = match Parser::spanish().parse_move(&canonical) {
        Ok(r) => *r.first(),
        Err(e) => panic!("{n:?} canonical {canonical:?} does not read back: {e}"),
    };
    assert_eq!(back.to_string(), canonical);
}

#[test]
fn notations_are_what_the_parser_reads() {
    let (mut made, mut figurines) = (0, 0);
    for bytes in buffers() {
        let Ok(n) = Notation::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        made += 1;
        // Its writing in Spanish letters or in figurines reads back to it, spans included.
        let source = [Language::SPANISH, Language::FIGURINE]
            .into_iter()
            .map(|language| n.written(language).to_string())
            .find(|text| {
                Parser::spanish()
                    .parse_move(text)
                    .is_ok_and(|r| r.len() == 1 && *r.first() == n)
            });
        let Some(text) = source else {
            panic!("{n:?} is not what the parser reads from its writing");
        };
        figurines += usize::from(text != n.written(Language::SPANISH).to_string());
        for span in spans(&n) {
            assert!(span.start <= span.end, "{span:?} of {text:?}");
            assert!(text.get(span.range()).is_some(), "{span:?} of {text:?}");
        }
        for language in [Language::SPANISH, Language::FIGURINE] {
            reads_back(&n, language);
            assert!(check_writing(&n, language), "{n:?}");
        }
        let readings = Readings::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(readings.as_slice(), [n]);
    }
    assert!(made > BUFFERS / 2, "{made} notations of {BUFFERS}");
    assert!(figurines > BUFFERS / 10, "{figurines} written in figurines");
}

/// What the resolve fuzz target draws.
#[derive(Debug, Arbitrary)]
enum Written {
    Text(String),
    Parsed(Notation),
    Part(Body),
}

/// The resolve fuzz target's input, with a structurally arbitrary body as a third choice.
#[derive(Debug, Arbitrary)]
struct Input {
    position: Position,
    language: Language,
    options: Options,
    written: Written,
}

#[test]
fn resolved_moves_are_legal() {
    let (mut resolved, mut parsed) = (0, 0);
    let (mut read_back, mut parts) = (0, 0);
    for bytes in buffers() {
        let Ok(input) = Input::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        let Input {
            position: pos,
            language,
            options,
            written,
        } = input;
        assert!(Language::ALL.contains(&language));
        assert!(Edition::ALL.contains(&options.edition));
        let case = if options.lenient {
            CaseMode::Lenient
        } else {
            CaseMode::Strict
        };
        let readings = match written {
            Written::Text(text) => match Parser::new(language, case).parse_move(&text) {
                Ok(r) => r,
                Err(_) => continue,
            },
            Written::Parsed(n) => {
                parsed += 1;
                Readings::one(n)
            }
            Written::Part(body) => {
                let n = writing::unplaced(body);
                // Written in the language drawn, it shows its parts in order, and reads back
                // as written.
                read_back += usize::from(check_writing(&n, language));
                parts += 1;
                Readings::one(n)
            }
        };
        let legal = pos.legal_moves();
        match resolve(&pos, &readings, &language, options) {
            Resolution::Resolved(r) => {
                assert!(legal.contains(&r.mv), "{} in {pos}", r.mv);
                assert_eq!(r.san, San::from_move(&pos, r.mv));
                let mut next = pos;
                assert!(next.play(r.mv).is_ok());
                resolved += 1;
            }
            Resolution::Ambiguous(a) => {
                assert!(
                    a.candidates.len() >= 2 || a.cause == AmbiguityCause::IncompleteTarget,
                    "{a:?} in {pos}"
                );
                for m in &a.candidates {
                    assert!(legal.contains(m), "candidate {m} in {pos}");
                }
            }
            Resolution::Illegal(_) | Resolution::Unreadable(_) => {}
        }
    }
    assert!(
        parsed > BUFFERS / 10 && resolved > 0,
        "{resolved} resolved, {parsed} parsed"
    );
    // Most writings read back, so the reading back is checked on many.
    assert!(
        read_back > parts / 2,
        "{read_back} of {parts} parts written read back"
    );
}

#[test]
fn moves_play_exactly_when_legal() {
    let mut kinds = HashSet::new();
    for bytes in buffers() {
        let mut u = Unstructured::new(&bytes);
        let pos = Position::arbitrary(&mut u).unwrap();
        let m = Move::arbitrary(&mut u).unwrap();
        let mut next = pos;
        assert_eq!(
            next.play(m).is_ok(),
            pos.legal_moves().contains(&m),
            "{m} in {pos}"
        );
        kinds.insert(std::mem::discriminant(&m));
    }
    assert_eq!(kinds.len(), 3);
}

/// `true` when `letter` is a Spanish letter or a figurine of `role`.
fn names(letter: char, role: Role) -> bool {
    figurine_role(letter) == Some(role) || Language::SPANISH.role(letter) == Some(role)
}

fn check_piece_letter(p: PieceLetter) {
    assert!(names(p.letter, p.role), "{p:?}");
    assert!(p.span.start <= p.span.end, "{p:?}");
}

fn check_promotion(p: Promotion) {
    assert_eq!(p.letter.is_some(), p.role.is_some(), "{p:?}");
    if let (Some(letter), Some(role)) = (p.letter, p.role) {
        assert!(names(letter, role), "{p:?}");
    }
    assert!(p.span.start <= p.span.end, "{p:?}");
}

fn check_normal(m: Normal) {
    if let Some(p) = m.piece {
        check_piece_letter(p);
    }
    if let Some(p) = m.promotion {
        check_promotion(p);
    }
    for span in [m.from_span, m.target_span]
        .into_iter()
        .chain(m.separator.map(|s| s.span))
    {
        assert!(span.start <= span.end, "{m:?}");
    }
}

#[test]
fn derived_parts_keep_their_invariants() {
    let mut squares = HashSet::new();
    let mut targets = HashSet::new();
    let mut bodies = HashSet::new();
    let mut rights = HashSet::new();
    let mut languages = HashSet::new();
    for bytes in buffers() {
        let mut u = Unstructured::new(&bytes);
        let span = Span::arbitrary(&mut u).unwrap();
        assert!(span.start <= span.end, "{span:?}");
        check_piece_letter(PieceLetter::arbitrary(&mut u).unwrap());
        check_promotion(Promotion::arbitrary(&mut u).unwrap());
        let body = Body::arbitrary(&mut u).unwrap();
        match body {
            Body::Castle(c) => assert!(c.span.start <= c.span.end, "{c:?}"),
            Body::Normal(m) => {
                check_normal(m);
                targets.insert(std::mem::discriminant(&m.target));
            }
        }
        bodies.insert(std::mem::discriminant(&body));
        let target = Target::arbitrary(&mut u).unwrap();
        targets.insert(std::mem::discriminant(&target));
        // Castling rights are made of the four rights, and nothing else.
        let r = CastlingRights::arbitrary(&mut u).unwrap();
        let rebuilt = Color::ALL
            .into_iter()
            .flat_map(|c| CastlingSide::ALL.map(|s| (c, s)))
            .filter(|&(c, s)| r.has(c, s))
            .fold(CastlingRights::NONE, |acc, (c, s)| acc.with(c, s));
        assert_eq!(r, rebuilt);
        rights.insert(r);
        let parser = Parser::arbitrary(&mut u).unwrap();
        assert!(Language::ALL.contains(&parser.language));
        languages.insert(parser.language);
        squares.insert(Square::arbitrary(&mut u).unwrap());
    }
    assert_eq!(squares.len(), 64);
    assert_eq!(targets.len(), 3);
    assert_eq!(bodies.len(), 2);
    assert_eq!(rights.len(), 16);
    assert_eq!(languages.len(), Language::ALL.len());
}
