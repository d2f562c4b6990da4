//! The reconstruction of a damaged sheet on raw text, with a small node budget, and the
//! comparison and reconciliation of two sheets.
//!
//! The first byte picks the letter set, the case mode and the rules edition
//! (`common::settings`). Every game of the text is reconstructed; the reconstructed game
//! (and each alternative) must be legal from the game's start, its SAN must name its moves,
//! its repairs must be in ply order inside the game, the search must keep to its budget, and
//! a valid game must get no reconstruction. The text split at its first `|` is two sheets:
//! they are reconciled with the same budget (the game must be legal, its disagreements in ply order), and the first
//! is compared with the second as its record (the discrepancies in the record's order).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use planilla::check::{CheckOptions, MessageLanguage, check_text};
use planilla::reconstruct::{Limits, compare_text, reconcile_text_with_limits, reconstruct_text};
use planilla::san::SanPlus;

fuzz_target!(|data: &[u8]| {
    let Some((parser, edition, rest)) = common::settings(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let options = CheckOptions::default()
        .with_language(parser.language)
        .with_case(parser.case)
        .with_edition(edition)
        .with_start(None);
    let limits = Limits::default().with_max_nodes(4_000);
    let found = reconstruct_text(text, &options, &limits);
    let reports: Vec<_> = check_text(text, &options).collect();
    for (k, r) in found.iter().enumerate() {
        let Some(r) = r else { continue };
        if let Some(report) = reports.get(k) {
            assert!(!report.is_valid(), "a valid game got a reconstruction");
        }
        assert!(r.nodes <= limits.max_nodes, "{} nodes", r.nodes);
        let start = reports.get(k).map(|report| report.start_position()).unwrap_or_default();
        let games = std::iter::once((&r.moves, r.san()))
            .chain(r.alternatives.iter().map(|a| (&a.moves, a.san.clone())));
        for (moves, sans) in games {
            assert_eq!(moves.len(), sans.len());
            let mut pos = start;
            for (m, san) in moves.iter().zip(&sans) {
                assert_eq!(&SanPlus::from_move(&pos, *m).to_string(), san);
                assert!(pos.play(*m).is_ok(), "{m} in {pos}");
            }
        }
        let mut last = 0;
        for repair in &r.repairs {
            assert!(repair.ply >= last, "repairs out of order");
            assert!(repair.ply as usize <= r.moves.len() + 1, "repair past the game");
            last = repair.ply;
            let _ = repair.reason(MessageLanguage::Spanish);
        }
    }
    let Some((white, black)) = text.split_once('|') else {
        return;
    };
    if let Ok(r) = reconcile_text_with_limits(white, black, &options, &limits) {
        let mut pos = r.start;
        for m in &r.moves {
            assert!(pos.play(*m).is_ok(), "{m} in {pos}");
        }
        assert!(r.disagreements.windows(2).all(|w| w[0].ply <= w[1].ply));
        assert_eq!(r.san.len(), r.moves.len());
    }
    if let Ok(c) = compare_text(white, black, &options) {
        assert!(c.discrepancies.windows(2).all(|w| w[0].ply <= w[1].ply));
    }
});
