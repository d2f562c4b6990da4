//! Keeps `grammar/descriptiva.ebnf` and the descriptive parser in step.
//!
//! Every production must name its sources; every production must be reachable. Then strings
//! are derived from the grammar at random, in each language, and the parser must read each one
//! whole, as the productions used say: castling, a capture, an incomplete move (a file with no
//! rank), a promotion, a qualifier, an en passant mark, a check mark, a draw offer.

use crate::audit;
use std::collections::{BTreeMap, BTreeSet};

use planilla::notation::Language;
use planilla::notation::descriptive::{Action, DescriptiveBody, parse_descriptive};

#[derive(Clone, Debug)]
enum Expr {
    Term(String),
    Ref(String),
    Seq(Vec<Expr>),
    Alt(Vec<Expr>),
    Opt(Box<Expr>),
}

const GRAMMAR: &str = include_str!("../grammar/descriptiva.ebnf");

#[derive(Debug, PartialEq, Clone)]
enum Tok {
    Id(String),
    Term(String),
    Punct(char),
    Comment(String),
}

/// The comments first, then the terminals between quotes, then names and punctuation.
fn tokens(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("(*") {
        code_tokens(&rest[..open], &mut out);
        let close = rest[open..].find("*)").map_or(rest.len(), |c| open + c);
        out.push(Tok::Comment(rest[open + 2..close].to_owned()));
        rest = rest.get(close + 2..).unwrap_or("");
    }
    code_tokens(rest, &mut out);
    out
}

fn code_tokens(code: &str, out: &mut Vec<Tok>) {
    for (k, piece) in code.split('"').enumerate() {
        if k % 2 == 1 {
            out.push(Tok::Term(piece.to_owned()));
            continue;
        }
        let mut word = String::new();
        for c in piece.chars().chain([' ']) {
            if c.is_ascii_alphanumeric() || c == '_' {
                word.push(c);
                continue;
            }
            if !word.is_empty() {
                out.push(Tok::Id(std::mem::take(&mut word)));
            }
            if !c.is_whitespace() {
                out.push(Tok::Punct(c));
            }
        }
    }
}

struct Reader {
    toks: Vec<Tok>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }
    /// Items separated by `sep`: one alone, or several wrapped.
    fn list(
        &mut self,
        sep: char,
        item: fn(&mut Reader) -> Expr,
        wrap: fn(Vec<Expr>) -> Expr,
    ) -> Expr {
        let mut v = vec![item(self)];
        while self.peek() == Some(&Tok::Punct(sep)) {
            self.at += 1;
            v.push(item(self));
        }
        if v.len() == 1 { v.remove(0) } else { wrap(v) }
    }
    fn alt(&mut self) -> Expr {
        self.list('|', Reader::seq, Expr::Alt)
    }
    fn seq(&mut self) -> Expr {
        self.list(',', Reader::atom, Expr::Seq)
    }
    fn atom(&mut self) -> Expr {
        let t = self.toks[self.at].clone();
        self.at += 1;
        match t {
            Tok::Term(s) => Expr::Term(s),
            Tok::Id(s) => Expr::Ref(s),
            Tok::Punct('[') => {
                let e = self.alt();
                assert_eq!(self.toks[self.at], Tok::Punct(']'));
                self.at += 1;
                Expr::Opt(Box::new(e))
            }
            Tok::Punct('(') => {
                let e = self.alt();
                assert_eq!(self.toks[self.at], Tok::Punct(')'));
                self.at += 1;
                e
            }
            t => panic!("unexpected {t:?}"),
        }
    }
}

/// The productions, and the comment after each.
fn grammar() -> (BTreeMap<String, Expr>, BTreeMap<String, String>) {
    let toks: Vec<Tok> = tokens(GRAMMAR);
    let mut rules = BTreeMap::new();
    let mut notes = BTreeMap::new();
    let mut r = Reader { toks, at: 0 };
    while let Some(t) = r.peek().cloned() {
        match t {
            Tok::Comment(_) => r.at += 1,
            Tok::Id(name) => {
                r.at += 1;
                assert_eq!(r.toks[r.at], Tok::Punct('='), "{name}");
                r.at += 1;
                let e = r.alt();
                assert_eq!(r.toks[r.at], Tok::Punct(';'), "{name}");
                r.at += 1;
                if let Some(Tok::Comment(c)) = r.peek() {
                    notes.insert(name.clone(), c.clone());
                    r.at += 1;
                }
                assert!(rules.insert(name.clone(), e).is_none(), "{name} twice");
            }
            t => panic!("unexpected {t:?}"),
        }
    }
    (rules, notes)
}

fn refs(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Term(_) => {}
        Expr::Ref(r) => {
            out.insert(r.clone());
        }
        Expr::Seq(v) | Expr::Alt(v) => v.iter().for_each(|e| refs(e, out)),
        Expr::Opt(e) => refs(e, out),
    }
}

#[test]
fn every_production_names_its_sources_and_is_reachable() {
    let (rules, notes) = grammar();
    assert!(rules.len() >= 35, "{}", rules.len());
    for name in rules.keys() {
        let note = notes
            .get(name)
            .unwrap_or_else(|| panic!("{name}: no comment"));
        assert!(note.contains('['), "{name}: no source in {note:?}");
    }
    let mut reached = BTreeSet::from(["descriptive_move".to_owned()]);
    let mut todo = vec!["descriptive_move".to_owned()];
    while let Some(n) = todo.pop() {
        let mut out = BTreeSet::new();
        refs(&rules[&n], &mut out);
        for r in out {
            assert!(rules.contains_key(&r), "{n} uses undefined {r}");
            if reached.insert(r.clone()) {
                todo.push(r);
            }
        }
    }
    let unreached: Vec<&String> = rules.keys().filter(|k| !reached.contains(*k)).collect();
    assert!(unreached.is_empty(), "{unreached:?}");
}

fn derive(
    rules: &BTreeMap<String, Expr>,
    e: &Expr,
    rng: &mut audit::Lcg,
    out: &mut String,
    used: &mut Vec<String>,
) {
    match e {
        Expr::Term(t) => out.push_str(t),
        Expr::Ref(r) => {
            used.push(r.clone());
            derive(rules, &rules[r], rng, out, used);
        }
        Expr::Seq(v) => v.iter().for_each(|e| derive(rules, e, rng, out, used)),
        Expr::Alt(v) => {
            let pick = rng.below(v.len());
            derive(rules, &v[pick], rng, out, used);
        }
        Expr::Opt(e) => {
            if rng.below(2) == 0 {
                derive(rules, e, rng, out, used);
            }
        }
    }
}

#[test]
fn derived_moves_read_as_their_productions_say() {
    let (rules, _) = grammar();
    let mut rng = audit::Lcg::new(15, 0);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (start, language) in [
        ("spanish_move", Language::SPANISH),
        ("english_move", Language::ENGLISH),
    ] {
        for _ in 0..4_000 {
            let mut text = String::new();
            let mut used = Vec::new();
            derive(
                &rules,
                &Expr::Ref(start.into()),
                &mut rng,
                &mut text,
                &mut used,
            );
            let uses = |rule: &str| used.iter().any(|u| u.ends_with(rule));
            let m = parse_descriptive(&text, &language)
                .unwrap_or_else(|e| panic!("{start}: {text:?}: {e}"));
            assert_eq!(m.span.range(), 0..text.len(), "{text:?}");
            assert_eq!(m.is_castle(), uses("castling"), "{text:?}");
            assert_eq!(m.is_incomplete(), uses("_incomplete"), "{text:?}");
            assert_eq!(m.en_passant.is_some(), uses("ep_mark"), "{text:?}");
            assert_eq!(m.suffix.is_some(), uses("check"), "{text:?}");
            assert_eq!(m.draw_offer.is_some(), text.ends_with("(=)"), "{text:?}");
            if let DescriptiveBody::Piece(p) = m.body {
                let capture = matches!(p.action, Action::Capture { .. });
                assert_eq!(capture, uses("capture"), "{text:?}");
                assert_eq!(p.promotion.is_some(), uses("_promotion"), "{text:?}");
                for (rule, counted) in [
                    ("capture", capture),
                    ("_promotion", p.promotion.is_some()),
                    ("_incomplete", m.is_incomplete()),
                    ("_qualifier", !p.from.is_any()),
                ] {
                    if counted {
                        *seen.entry(rule).or_default() += 1;
                    }
                }
            }
        }
    }
    // Every kind of move was derived, many times.
    assert!(seen.values().all(|&n| n > 100), "{seen:?}");
    assert_eq!(seen.len(), 4, "{seen:?}");
}
