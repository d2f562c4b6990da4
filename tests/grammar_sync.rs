//! Keeps `grammar/notacion.ebnf` and the parser in step.
//!
//! The test reads the EBNF file, checks that every production cites its article, and that every
//! production is mapped to the parser function that implements it (and vice versa). Then it
//! derives random strings from the grammar with a small generator and checks that the parser
//! reads each one as the productions used in the derivation say.

use std::collections::{BTreeMap, BTreeSet};

use planilla::notation::{Body, CaseMode, Language, Parser, Target};
use planilla::scoresheet::{Lexer, Token, TokenKind};
use planilla::{CastlingSide, Role};

#[derive(Clone, Debug)]
enum Expr {
    Term(String),
    Ref(String),
    Seq(Vec<Expr>),
    Alt(Vec<Expr>),
    Opt(Box<Expr>),
    Rep(Box<Expr>),
}

struct Grammar {
    rules: BTreeMap<String, Expr>,
    /// The comment after each production's final `;`.
    notes: BTreeMap<String, String>,
}

fn read_grammar() -> Grammar {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/grammar/notacion.ebnf"
    ))
    .expect("grammar/notacion.ebnf");
    // Tokens: identifiers, terminals, punctuation; comments are kept to attach notes.
    #[derive(Debug, PartialEq)]
    enum Tok {
        Id(String),
        Term(String),
        Punct(char),
        Comment(String),
    }
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '(' && chars.get(i + 1) == Some(&'*') {
            let start = i + 2;
            i = start;
            while !(chars[i] == '*' && chars[i + 1] == ')') {
                i += 1;
            }
            toks.push(Tok::Comment(chars[start..i].iter().collect()));
            i += 2;
        } else if c == '"' || c == '\'' {
            let start = i + 1;
            i = start;
            while chars[i] != c {
                i += 1;
            }
            let raw: String = chars[start..i].iter().collect();
            toks.push(Tok::Term(raw.replace("\\n", "\n").replace("\\t", "\t")));
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            toks.push(Tok::Id(chars[start..i].iter().collect()));
        } else {
            assert!("=;|,[]{}()".contains(c), "unexpected {c:?} in the grammar");
            toks.push(Tok::Punct(c));
            i += 1;
        }
    }
    // Recursive descent over the tokens (comments skipped inside productions).
    let mut rules = BTreeMap::new();
    let mut notes = BTreeMap::new();
    let mut pos = 0;
    let code: Vec<&Tok> = toks.iter().collect();
    fn skip_comments(code: &[&Tok], pos: &mut usize) {
        while matches!(code.get(*pos), Some(Tok::Comment(_))) {
            *pos += 1;
        }
    }
    fn alt(code: &[&Tok], pos: &mut usize) -> Expr {
        let mut alts = vec![seq(code, pos)];
        skip_comments(code, pos);
        while code.get(*pos) == Some(&&Tok::Punct('|')) {
            *pos += 1;
            alts.push(seq(code, pos));
            skip_comments(code, pos);
        }
        if alts.len() == 1 {
            alts.pop().unwrap()
        } else {
            Expr::Alt(alts)
        }
    }
    fn seq(code: &[&Tok], pos: &mut usize) -> Expr {
        let mut items = vec![atom(code, pos)];
        skip_comments(code, pos);
        while code.get(*pos) == Some(&&Tok::Punct(',')) {
            *pos += 1;
            items.push(atom(code, pos));
            skip_comments(code, pos);
        }
        if items.len() == 1 {
            items.pop().unwrap()
        } else {
            Expr::Seq(items)
        }
    }
    fn atom(code: &[&Tok], pos: &mut usize) -> Expr {
        skip_comments(code, pos);
        let t = code[*pos];
        *pos += 1;
        let close = |code: &[&Tok], pos: &mut usize, c: char| {
            skip_comments(code, pos);
            assert_eq!(code[*pos], &Tok::Punct(c));
            *pos += 1;
        };
        match t {
            Tok::Id(name) => Expr::Ref(name.clone()),
            Tok::Term(s) => Expr::Term(s.clone()),
            Tok::Punct('[') => {
                let e = alt(code, pos);
                close(code, pos, ']');
                Expr::Opt(Box::new(e))
            }
            Tok::Punct('{') => {
                let e = alt(code, pos);
                close(code, pos, '}');
                Expr::Rep(Box::new(e))
            }
            Tok::Punct('(') => {
                let e = alt(code, pos);
                close(code, pos, ')');
                e
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    skip_comments(&code, &mut pos);
    while pos < code.len() {
        let Tok::Id(name) = code[pos] else {
            panic!("expected a production name, found {:?}", code[pos])
        };
        pos += 1;
        assert_eq!(code[pos], &Tok::Punct('='), "{name}");
        pos += 1;
        let e = alt(&code, &mut pos);
        assert_eq!(code[pos], &Tok::Punct(';'), "{name}: missing ';'");
        pos += 1;
        let note = match code.get(pos) {
            Some(Tok::Comment(c)) => c.clone(),
            _ => String::new(),
        };
        skip_comments(&code, &mut pos);
        assert!(
            rules.insert(name.clone(), e).is_none(),
            "{name} defined twice"
        );
        notes.insert(name.clone(), note);
    }
    Grammar { rules, notes }
}

fn refs(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Term(_) => {}
        Expr::Ref(n) => {
            out.insert(n.clone());
        }
        Expr::Seq(v) | Expr::Alt(v) => v.iter().for_each(|e| refs(e, out)),
        Expr::Opt(e) | Expr::Rep(e) => refs(e, out),
    }
}

/// The folder of the move grammar: one nom function per production, named as in the EBNF.
const PARSE: &str = "src/notation/parse";

/// Production → (source file or folder, the item that implements it).
const IMPLEMENTED_BY: &[(&str, &str, &str)] = &[
    ("move", PARSE, "fn r#move("),
    ("tail", PARSE, "fn tail("),
    ("castling", PARSE, "fn castling("),
    ("short_castling", PARSE, "fn short_castling("),
    ("long_castling", PARSE, "fn long_castling("),
    ("piece_move", PARSE, "fn piece_move("),
    ("piece_path", PARSE, "fn piece_path("),
    ("pawn_move", PARSE, "fn pawn_move("),
    ("pawn_path", PARSE, "fn pawn_path("),
    ("pawn_letter_move", PARSE, "fn pawn_letter_move("),
    // The marker of `exd6a.p.` is read by `tail`; the body's promotion gives way to it.
    ("en_passant_capture", PARSE, "fn promotion_here("),
    ("origin", PARSE, "fn origin("),
    ("target", PARSE, "fn target("),
    ("incomplete_target", PARSE, "fn incomplete_target("),
    ("target_file", PARSE, "fn target_file("),
    ("target_rank", PARSE, "fn target_rank("),
    ("promotion", PARSE, "fn promotion("),
    ("promotion_piece", PARSE, "fn promotion_piece("),
    ("ep_marker", PARSE, "fn ep_marker("),
    ("suffix", PARSE, "fn suffix("),
    ("annotation", PARSE, "fn annotation("),
    ("draw_offer", PARSE, "fn draw_offer("),
    ("separator", PARSE, "fn separator("),
    ("capture", PARSE, "fn capture("),
    ("piece", PARSE, "fn piece("),
    // The letter sets are data of `Language`; the dispatch on the first byte reads them.
    ("letter", "src/notation/language.rs", "fn role_of_upper"),
    (
        "foreign_letter",
        "src/notation/language.rs",
        "fn foreign_role",
    ),
    ("figurine", PARSE, "fn figurine("),
    (
        "pawn_letter",
        "src/notation/language.rs",
        "fn role_of_upper",
    ),
    ("square", PARSE, "fn square("),
    ("file", PARSE, "fn file("),
    ("rank", PARSE, "fn rank("),
    (
        "database",
        "src/scoresheet/game.rs",
        "impl<'a> Iterator for Games<'a>",
    ),
    ("game", "src/scoresheet/game.rs", "pub struct Game"),
    ("header", "src/scoresheet/game.rs", "fn header"),
    ("tag_pair", "src/scoresheet/lexer.rs", "fn tag_pair"),
    ("tag_name", "src/scoresheet/lexer.rs", "fn tag_pair"),
    ("header_line", "src/scoresheet/words.rs", "fn header_at"),
    (
        "header_field",
        "src/scoresheet/words.rs",
        "fn header_word_at",
    ),
    ("header_gap", "src/scoresheet/words.rs", "fn header_at"),
    ("header_word", "src/scoresheet/words.rs", "HEADER_WORDS"),
    ("value_char", "src/scoresheet/lexer.rs", "fn tag_pair"),
    ("movetext", "src/scoresheet/lexer.rs", "fn next_token"),
    ("element", "src/scoresheet/lexer.rs", "fn next_token"),
    ("move_number", "src/scoresheet/lexer.rs", "fn move_number"),
    ("dots", "src/scoresheet/lexer.rs", "fn move_number"),
    ("ellipsis", "src/scoresheet/lexer.rs", "fn move_number"),
    ("blank_box", "src/scoresheet/lexer.rs", "fn blank_box"),
    ("glued_move", "src/scoresheet/lexer.rs", "glued move number"),
    ("number", "src/scoresheet/lexer.rs", "fn move_number"),
    ("nonzero_digit", "src/scoresheet/lexer.rs", "fn move_number"),
    ("digit", "src/scoresheet/lexer.rs", "fn move_number"),
    ("comment", "src/scoresheet/lexer.rs", "TokenKind::Comment"),
    (
        "comment_char",
        "src/scoresheet/lexer.rs",
        "TokenKind::Comment",
    ),
    ("nag", "src/scoresheet/lexer.rs", "TokenKind::Nag"),
    (
        "variation",
        "src/scoresheet/lexer.rs",
        "TokenKind::VariationStart",
    ),
    (
        "two_column_line",
        "src/scoresheet/lexer.rs",
        "fn move_number",
    ),
    ("column_gap", "src/scoresheet/lexer.rs", "fn next_token"),
    ("ws", "src/scoresheet/lexer.rs", "fn next_token"),
    ("result", "src/scoresheet/words.rs", "RESULT_SIGNS"),
    ("spanish_result", "src/scoresheet/words.rs", "RESULT_WORDS"),
    (
        "termination",
        "src/scoresheet/words.rs",
        "fn termination_at",
    ),
    (
        "termination_word",
        "src/scoresheet/words.rs",
        "TERMINATION_WORDS",
    ),
    ("printed_text", "src/check/walker/print.rs", "fn is_printed"),
    (
        "print_element",
        "src/scoresheet/lexer.rs",
        "TokenKind::Word",
    ),
    (
        "punctuation",
        "src/notation/descriptive/mod.rs",
        "fn print_punctuation",
    ),
    ("prose", "src/check/walker/prose.rs", "fn prose_core"),
    ("remark", "src/scoresheet/lexer.rs", "fn bracket_remark"),
    ("remark_char", "src/scoresheet/lexer.rs", "REMARK_MAX"),
    ("diagram_line", "src/scoresheet/lexer.rs", "fn diagram_line"),
    (
        "rank_digit_line",
        "src/scoresheet/lexer.rs",
        "fn diagram_line",
    ),
    ("rule_line", "src/scoresheet/lexer.rs", "fn diagram_line"),
    ("files_line", "src/scoresheet/lexer.rs", "fn diagram_line"),
    (
        "caption_line",
        "src/scoresheet/lexer.rs",
        "fn diagram_caption",
    ),
    ("block_marker", "src/scoresheet/lexer.rs", "fn block_marker"),
    ("prose_letter", "src/check/walker/prose.rs", "fn prose_core"),
];

/// The productions nothing refers to: the start symbols.
const ROOTS: [&str; 5] = [
    "move",
    "database",
    "two_column_line",
    "printed_text",
    "blank_box",
];

#[test]
fn every_production_cites_its_article_and_is_used() {
    let g = read_grammar();
    assert!(g.rules.len() >= 50, "{} productions", g.rules.len());
    let cites = |n: &str| {
        n.contains("lenient extension")
            || n.contains("PGN")
            || n.split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
                .any(|w| {
                    let w = w.trim_end_matches('.');
                    (w.starts_with('E') || w.starts_with("C."))
                        && w.trim_start_matches("C.")
                            .trim_start_matches('E')
                            .parse::<u32>()
                            .is_ok()
                })
            || n.contains("Art.")
    };
    for (name, note) in &g.notes {
        assert!(cites(note), "{name}: no article in {note:?}");
    }
    let mut used = BTreeSet::new();
    for e in g.rules.values() {
        refs(e, &mut used);
    }
    for u in &used {
        assert!(g.rules.contains_key(u), "{u} is used but not defined");
    }
    for name in g.rules.keys() {
        assert!(
            used.contains(name) || ROOTS.contains(&name.as_str()),
            "{name} is defined but never used"
        );
    }
}

/// The text of a source file, or of every file in a folder.
fn source(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    if std::path::Path::new(&full).is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(&full)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    } else {
        std::fs::read_to_string(full).unwrap()
    }
}

/// The move grammar is written rule for rule: each production of the "one move" part of the
/// EBNF is a function of the parser with its name, whose doc comment gives the production.
#[test]
fn move_productions_are_functions_of_the_same_name() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/grammar/notacion.ebnf"
    ))
    .unwrap();
    let one_move = &text[..text.find("scoresheets and PGN files").unwrap()];
    let parser = source(PARSE);
    // Data, not functions: the letter sets of `Language`.
    let data = ["letter", "foreign_letter", "pawn_letter"];
    let mut seen = 0;
    for line in one_move.lines() {
        let Some((name, _)) = line.split_once(" = ") else {
            continue;
        };
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            continue;
        }
        seen += 1;
        if data.contains(&name) || name == "en_passant_capture" {
            continue;
        }
        let f = if name == "move" {
            "r#move".to_string()
        } else {
            name.to_string()
        };
        assert!(
            parser.contains(&format!("fn {f}(")) || parser.contains(&format!("fn {f}<")),
            "production {name} has no function `{f}` in {PARSE}"
        );
        let doc = format!("/// {name} = ");
        assert!(
            parser.contains(&doc),
            "the function {f} does not give its production ({doc:?})"
        );
    }
    assert!(seen >= 30, "read {seen} productions of one move");
}

#[test]
fn every_production_maps_to_the_parser_and_back() {
    let g = read_grammar();
    let table: BTreeMap<&str, (&str, &str)> = IMPLEMENTED_BY
        .iter()
        .map(|&(p, f, i)| (p, (f, i)))
        .collect();
    for name in g.rules.keys() {
        assert!(
            table.contains_key(name.as_str()),
            "{name} has no parser entry"
        );
    }
    for (name, (file, item)) in &table {
        assert!(g.rules.contains_key(*name), "{name} is not in the grammar");
        let src = source(file);
        assert!(src.contains(item), "{name}: {item:?} not found in {file}");
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Derives a string from `e`, recording every production used. Past `depth` 8 the generator
/// takes the first alternative and no repetition, so derivations end.
/// The move numbers a derivation wrote, as the lexer follows them: the last one, and the
/// last one outside variations (the last one again once they close).
#[derive(Default)]
struct Numbers {
    last: Option<u32>,
    main: Option<u32>,
    depth: u32,
}

impl Numbers {
    fn read(&mut self, n: u32) {
        self.last = Some(n);
        if self.depth == 0 {
            self.main = Some(n);
        }
    }
}

thread_local! {
    static NUMBERS: std::cell::RefCell<Numbers> = std::cell::RefCell::new(Numbers::default());
}

fn derive(
    g: &Grammar,
    e: &Expr,
    rng: &mut Rng,
    depth: u32,
    out: &mut String,
    used: &mut Vec<String>,
) {
    match e {
        Expr::Term(s) => out.push_str(s),
        Expr::Ref(n) => {
            used.push(n.clone());
            let from = out.len();
            if n == "variation" {
                NUMBERS.with_borrow_mut(|s| s.depth += 1);
            }
            derive(g, &g.rules[n], rng, depth + 1, out, used);
            match n.as_str() {
                "variation" => NUMBERS.with_borrow_mut(|s| {
                    s.depth -= 1;
                    if s.depth == 0 {
                        s.last = s.main;
                    }
                }),
                "move_number" => {
                    let digits: String = out[from..]
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    if let Ok(n) = digits.parse() {
                        NUMBERS.with_borrow_mut(|s| s.read(n));
                    }
                }
                // The comment of `glued_move`: the number is the next one after the last
                // number read.
                "glued_move" => NUMBERS.with_borrow_mut(|s| {
                    let Some(last) = s.last else {
                        return;
                    };
                    // The digits before the period: the square's rank, then the number.
                    let digits = out[from..]
                        .trim_end_matches('.')
                        .chars()
                        .rev()
                        .take_while(char::is_ascii_digit)
                        .count();
                    out.truncate(out.len() - digits);
                    out.push_str(&format!("{}.", last + 1));
                    s.read(last + 1);
                }),
                _ => {}
            }
        }
        Expr::Seq(v) => v.iter().for_each(|e| derive(g, e, rng, depth, out, used)),
        Expr::Alt(v) => {
            let i = if depth > 8 { 0 } else { rng.below(v.len()) };
            derive(g, &v[i], rng, depth, out, used);
        }
        Expr::Opt(e) => {
            if depth <= 8 && rng.below(2) == 0 {
                derive(g, e, rng, depth, out, used);
            }
        }
        Expr::Rep(e) => {
            let n = if depth > 8 { 0 } else { rng.below(4) };
            for _ in 0..n {
                derive(g, e, rng, depth, out, used);
            }
        }
    }
}

#[test]
fn derived_moves_parse_as_their_productions_say() {
    let g = read_grammar();
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let parser = Parser::spanish();
    let mut seen = BTreeSet::new();
    for _ in 0..5000 {
        let mut text = String::new();
        let mut used = Vec::new();
        derive(
            &g,
            &Expr::Ref("move".into()),
            &mut rng,
            0,
            &mut text,
            &mut used,
        );
        let has = |n: &str| used.iter().any(|u| u == n);
        seen.extend(used.iter().cloned());
        let r = parser
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{text:?} (from {used:?}): {e}"));
        assert_eq!(r.len(), 1, "{text:?}");
        let n = r.first();
        assert_eq!(n.span().range(), 0..text.len(), "{text:?}");
        match n.body() {
            Body::Castle(c) => {
                assert!(has("castling"), "{text:?}");
                assert_eq!(
                    c.side == CastlingSide::QueenSide,
                    has("long_castling"),
                    "{text:?}"
                );
            }
            Body::Normal(m) => {
                assert!(!has("castling"), "{text:?}");
                let pawn = has("pawn_move") || has("en_passant_capture");
                assert_eq!(m.piece.is_none(), pawn, "{text:?}");
                if has("pawn_letter_move") {
                    assert_eq!(m.role(), Role::Pawn, "{text:?}");
                }
                if has("piece_move") {
                    assert_ne!(m.role(), Role::Pawn, "{text:?}");
                }
                let incomplete = has("target_file")
                    || has("target_rank")
                    || (has("promotion") && !has("promotion_piece"));
                assert_eq!(m.is_incomplete(), incomplete, "{text:?}");
                assert_eq!(m.promotion.is_some(), has("promotion"), "{text:?}");
                assert_eq!(m.is_capture(), has("capture"), "{text:?}");
                if has("target_rank") {
                    assert!(matches!(m.target, Target::Rank(_)), "{text:?}");
                }
            }
        }
        assert_eq!(n.en_passant().is_some(), has("ep_marker"), "{text:?}");
        assert_eq!(n.suffix().is_some(), has("suffix"), "{text:?}");
        assert_eq!(n.annotation().is_some(), has("annotation"), "{text:?}");
        assert_eq!(n.draw_offer().is_some(), has("draw_offer"), "{text:?}");
    }
    // The derivations reached every production of a move.
    let mut reachable = BTreeSet::new();
    let mut stack = vec!["move".to_string()];
    while let Some(n) = stack.pop() {
        if reachable.insert(n.clone()) {
            let mut r = BTreeSet::new();
            refs(&g.rules[&n], &mut r);
            stack.extend(r);
        }
    }
    let missed: Vec<_> = reachable.difference(&seen).collect();
    assert!(
        missed.iter().all(|m| *m == "move"),
        "never derived: {missed:?}"
    );
}

#[test]
fn derived_scoresheets_tokenize_as_their_productions_say() {
    let g = read_grammar();
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let parser = Parser::spanish();
    for root in ["database", "two_column_line"] {
        for _ in 0..1500 {
            let mut text = String::new();
            let mut used = Vec::new();
            derive(
                &g,
                &Expr::Ref(root.into()),
                &mut rng,
                0,
                &mut text,
                &mut used,
            );
            let count = |n: &str| used.iter().filter(|u| *u == n).count();
            let mut got: BTreeMap<&str, usize> = BTreeMap::new();
            for t in Lexer::new(&text, parser) {
                let t = t.unwrap_or_else(|e| panic!("{text:?}: {e}"));
                let kind = match t {
                    Token {
                        kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                        ..
                    } => "move",
                    Token {
                        kind: TokenKind::MoveNumber { .. },
                        ..
                    } => "move_number",
                    Token {
                        kind: TokenKind::Comment { .. },
                        ..
                    } => "comment",
                    Token {
                        kind: TokenKind::Nag { .. },
                        ..
                    } => "nag",
                    Token {
                        kind: TokenKind::VariationStart,
                        ..
                    } => "variation",
                    Token {
                        kind: TokenKind::VariationEnd,
                        ..
                    } => "variation_end",
                    Token {
                        kind: TokenKind::Outcome { .. },
                        ..
                    } => "result",
                    Token {
                        kind: TokenKind::Tag { .. } | TokenKind::Header { .. },
                        ..
                    } => "header",
                    Token {
                        kind: TokenKind::DrawOffer,
                        ..
                    } => "draw_offer",
                    Token {
                        kind: TokenKind::Termination { .. },
                        ..
                    } => "termination",
                    Token {
                        kind: TokenKind::UnknownWord { .. },
                        ..
                    } => "unknown_word",
                    // Every derived word reads: none is left unread.
                    Token {
                        kind: TokenKind::Word { error, .. },
                        ..
                    } => panic!("{text:?}: {error}"),
                    // A kind of token added later needs its production here.
                    other => panic!("{text:?}: no production for {other:?}"),
                };
                *got.entry(kind).or_default() += 1;
            }
            let get = |k: &str| got.get(k).copied().unwrap_or(0);
            let glued = count("glued_move");
            assert_eq!(get("move"), count("move") + glued, "{text:?}");
            assert_eq!(get("move_number"), count("move_number") + glued, "{text:?}");
            assert_eq!(get("comment"), count("comment"), "{text:?}");
            assert_eq!(get("nag"), count("nag"), "{text:?}");
            assert_eq!(get("variation"), count("variation"), "{text:?}");
            assert_eq!(get("variation_end"), count("variation"), "{text:?}");
            assert_eq!(get("result"), count("result"), "{text:?}");
            // Each header of a line is a token of its own.
            assert_eq!(
                get("header"),
                count("tag_pair") + count("header_field"),
                "{text:?}"
            );
            assert_eq!(get("draw_offer"), 0, "{text:?}");
            assert_eq!(get("termination"), count("termination"), "{text:?}");
            assert_eq!(get("unknown_word"), 0, "{text:?}");
        }
    }
}

/// `blank_box` depends on where it stands, so no derivation writes it: its forms, by example.
#[test]
fn blank_boxes_tokenize_where_a_move_belongs_and_nowhere_else() {
    let blanks = |text: &str| {
        Lexer::new(text, Parser::new(Language::ENGLISH, CaseMode::Strict))
            .filter(|t| {
                matches!(
                    t,
                    Ok(Token {
                        kind: TokenKind::Blank,
                        ..
                    })
                )
            })
            .count()
    };
    for text in [
        "1. e4 e5 2. Nf3 \u{2014}\n3. Bb5 a6",
        "1. e4 e5 2. Nf3 -\n3. Bb5 a6",
        "1. e4 e5 2. Nf3 ... 3. Bb5 a6",
        "1. e4 e5 2. Nf3 Nc6 3. \u{2014} a6",
        "1. e4 e5 2. Nf3 Nc6 3. - a6",
        "1. e4 e5 2. Nf3 Nc6 3. -- a6",
        "1. e4 e5 2. Nf3 \u{2026}\n",
        // The empty cells of a tabbed sheet: White's, then Black's.
        "1\te4\te5\n2\t\tNc6\n3\tBb5\ta6\n",
        "1\te4\te5\n2\tNf3\t\n3\tBb5\ta6\n",
    ] {
        assert_eq!(blanks(text), 1, "{text:?}");
    }
    // Print's separators and Black's ellipsis stay what they were.
    for text in [
        "1: e2-e4 -- e7-e5 2: Ng1-f3",
        "- 1.e4 e5\n- 2.Nf3 Nc6",
        "1. e4 - e5 2. Nf3",
        "3. ... a6 4. Ba4",
        "3... \u{2026}",
        // A trailing tab after Black's move, after White's last move, or before a new game.
        "1\te4\te5\t\n2\tNf3\tNc6\n",
        "1\te4\te5\n2\tQh5\t\n",
        "1\te4\te5\n2\tNf3\t\n1\td4\td5\n",
        // Tab-aligned cells (two tabs between every cell), and a result after two tabs.
        "1.\t\te4\t\te5\n2.\t\tNf3\t\tNc6\n",
        "1\te4\te5\n2\t\t1-0\n",
    ] {
        assert_eq!(blanks(text), 0, "{text:?}");
    }
}
