//! Writing a sealed-move ruling ([`Adjudication`]) for the arbiter, as text or JSON.

use crate::check::{Diagnostic, Finding, MessageLanguage, NamedMove};
use crate::i18n::{SealedLabel, consequence, texts};
use crate::notation::Language;
use crate::position::{Move, Position};
use crate::resolve::Rule;
use crate::sealed::{Adjudication, Verdict};
use crate::types::Color;
#[cfg(feature = "serde")]
use crate::write::NamedMoveJson;

/// Each move of a line played from `pos`, named in the ruling's letters.
#[cfg(feature = "serde")]
fn line_named(pos: &Position, line: &[Move], language: &Language) -> Vec<NamedMoveJson> {
    let mut pos = *pos;
    line.iter()
        .map(|&m| {
            let named = NamedMoveJson::from(&NamedMove::new(&pos, m, language));
            pos.play_unchecked(m);
            named
        })
        .collect()
}

#[cfg(feature = "serde")]
fn each_named(pos: &Position, moves: &[Move], language: &Language) -> Vec<NamedMoveJson> {
    moves
        .iter()
        .map(|&m| NamedMoveJson::from(&NamedMove::new(pos, m, language)))
        .collect()
}

/// The moves, named as messages in `lang` name them, joined by `, `.
fn names(pos: &Position, moves: &[Move], language: &Language, lang: MessageLanguage) -> String {
    NamedMove::names(&NamedMove::each(pos, moves, language), lang)
}

/// The verdict's message, as `check` words it for a move in a game.
fn verdict_message(a: &Adjudication, pos: &Position, lang: MessageLanguage) -> String {
    let finding = match &a.verdict {
        Verdict::Valid { .. } => return texts(lang).valid_sealed_move().to_owned(),
        Verdict::Ambiguous { cause, .. } => Finding::Ambiguous(*cause),
        Verdict::Illegal { reason } => Finding::Illegal(*reason),
        Verdict::Unreadable { error } => Finding::Unreadable(*error),
    };
    Diagnostic {
        finding,
        span: a.span,
        ply: None,
        move_number: Some((pos.fullmove_number(), a.sealer)),
        written: None,
        rule: Some(a.rule),
        candidates: Vec::new(),
        suggestions: Vec::new(),
        messages: lang,
    }
    .message(lang)
}

/// The ruling as text for the arbiter: the move with its number, the verdict with its article,
/// the irregularities `check` reports for the move (Art. 8.1, E9-E13; C.9-C.13), a draw offer
/// written with it (E13; C.12), the candidates of an ambiguous move, the consequence with its
/// article, the winnability answers, the closest legal moves, and the evident reading of a
/// faulty move (A8 (2005); Guidelines I.8: the arbiter's call, never the verdict). Moves are
/// named in the ruling's letters ([`Adjudication::language`]) in Spanish, in SAN in English
/// ([`NamedMove::name`]).
///
/// ```
/// use planilla::notation::Language;
/// use planilla::resolve::Edition;
/// use planilla::check::MessageLanguage;
/// use planilla::sealed::adjudicate_sealed;
/// use planilla::write::sealed_text;
/// use planilla::Position;
/// let pos = Position::startpos();
/// let a = adjudicate_sealed(&pos, "Cf3", &Language::SPANISH, Edition::Fide2023);
/// let text = sealed_text(&a, &pos, MessageLanguage::Spanish);
/// assert!(text.contains("1. Cf3"), "{text}");
/// assert!(text.contains("la partida sigue"), "{text}");
/// let text = sealed_text(&a, &pos, MessageLanguage::English);
/// assert!(text.contains("valid: Nf3"), "{text}");
/// ```
#[must_use]
pub fn sealed_text(a: &Adjudication, pos: &Position, lang: MessageLanguage) -> String {
    let t = texts(lang);
    let language = &a.language;
    let dots = if a.sealer == Color::White { "." } else { "..." };
    let mut out = String::new();
    let mut line = |label: SealedLabel, value: &str| {
        out.push_str(t.sealed_label(label));
        out.push_str(": ");
        out.push_str(value);
        out.push('\n');
    };
    // The text as written; the envelope's number before it when none was written.
    // A number was read, or the text could not be read and may start with one.
    let numbered = a.number.is_some()
        || (matches!(a.verdict, Verdict::Unreadable { error: Some(_) })
            && a.written.starts_with(|c: char| c.is_ascii_digit()));
    let number = pos.fullmove_number();
    let sealed = match (numbered, a.written.is_empty()) {
        (_, true) => format!("{number}{dots} {}", t.nothing_written()),
        (true, false) => a.written.clone(),
        (false, false) => format!("{number}{dots} {}", a.written),
    };
    line(SealedLabel::SealedMove, &sealed);
    line(SealedLabel::Position, &pos.to_fen());
    let verdict = match &a.verdict {
        Verdict::Valid { mv, .. } => {
            let named = NamedMove::new(pos, *mv, language);
            format!("{}: {}", t.valid(), named.name(lang))
        }
        _ => verdict_message(a, pos, lang),
    };
    line(SealedLabel::Verdict, &format!("{verdict} ({})", a.rule));
    if let Some(rule) = a.reason_rule {
        line(SealedLabel::ArticleBroken, &rule.to_string());
    }
    for d in &a.irregularities {
        line(SealedLabel::Irregularity, &irregularity(d, lang));
    }
    if a.draw_offer.is_some() {
        let rule = Rule::new(a.rule.edition, crate::laws::Article::DrawOffer);
        line(SealedLabel::DrawOffer, &t.draw_offer_written(rule));
    }
    if let Verdict::Ambiguous { candidates, .. } = &a.verdict {
        line(
            SealedLabel::Candidates,
            &names(pos, candidates, language, lang),
        );
    }
    let consequence = consequence(a, lang);
    let consequence = match a.consequence_rule() {
        Some(rule) => format!("{consequence} ({rule})"),
        None => consequence,
    };
    line(SealedLabel::Consequence, &consequence);
    line(SealedLabel::OpponentCanMate, t.yes_no(a.opponent_can_mate));
    line(SealedLabel::DeadPosition, t.yes_no(a.dead_position));
    if !a.suggestions.is_empty() {
        line(
            SealedLabel::Suggestions,
            &names(pos, &a.suggestions, language, lang),
        );
    }
    if let Some(e) = &a.evident_reading {
        // Both names: the sheet's writing as the ruling wrote it (`A-5CR` for a descriptive
        // move), and SAN; the one messages in `lang` use first.
        let (first, second) = match lang {
            MessageLanguage::Spanish => (e.written.clone(), e.san.to_string()),
            MessageLanguage::English => (e.san.to_string(), e.written.clone()),
        };
        line(
            SealedLabel::EvidentReading,
            &format!("{first} ({second}), {}", t.evident_basis(e.basis)),
        );
    }
    out
}

/// An irregularity as `check` heads it: `warning[check-mark]: 23. Dd3+: …`, with its article.
fn irregularity(d: &Diagnostic, lang: MessageLanguage) -> String {
    let head = format!("{}[{}]: {}", d.severity().as_str(), d.code(), d.title(lang));
    match d.rule {
        Some(rule) => format!("{head} ({rule})"),
        None => head,
    }
}

/// The ruling as the JSON document of docs/reading.md, a [`SealedJson`] to give to a serde
/// serializer (feature `serde`). Every move is named three ways, `san`, `written` (the sheet's
/// letters, [`Adjudication::language`]) and `uci`; `rule` is the verdict's article,
/// `exception` the code of a draw's exception; `text` is the text as given, trimmed, and the
/// spans point into it; `warnings`
/// are the irregularities `check` reports for the move (Art. 8.1, E9-E13; C.9-C.13), which
/// never make it faulty.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::resolve::Edition;
/// use planilla::check::MessageLanguage;
/// use planilla::sealed::adjudicate_sealed;
/// use planilla::write::sealed_json;
/// use planilla::Position;
/// let pos = Position::startpos();
/// let a = adjudicate_sealed(&pos, "Cf3", &Language::SPANISH, Edition::Fide2023);
/// let json = sealed_json(&a, &pos, MessageLanguage::English);
/// assert_eq!(json.verdict.code(), "valid");
/// assert_eq!(json.san.as_deref(), Some("Nf3"));
/// assert_eq!(json.written.as_deref(), Some("Cf3"));
/// assert_eq!(json.uci.as_deref(), Some("g1f3"));
/// assert_eq!(json.consequence.code(), "continue");
/// ```
#[cfg(feature = "serde")]
#[must_use]
pub fn sealed_json(a: &Adjudication, pos: &Position, lang: MessageLanguage) -> SealedJson {
    let language = &a.language;
    let (valid, candidates) = match &a.verdict {
        Verdict::Valid { mv, .. } => (Some(NamedMove::new(pos, *mv, language)), Vec::new()),
        Verdict::Ambiguous { candidates, .. } => (None, each_named(pos, candidates, language)),
        _ => (None, Vec::new()),
    };
    let exception = match a.consequence {
        crate::sealed::Consequence::Draw(e) => Some(e),
        _ => None,
    };
    SealedJson {
        verdict: a.verdict.kind(),
        consequence: a.consequence,
        exception,
        rule: a.rule.to_string(),
        consequence_rule: a.consequence_rule().map(|r| r.to_string()),
        reason_rule: a.reason_rule.map(|r| r.to_string()),
        message: verdict_message(a, pos, lang),
        consequence_message: consequence(a, lang),
        san: valid.as_ref().map(|n| n.san.to_string()),
        written: valid.as_ref().map(|n| n.written.clone()),
        uci: valid.as_ref().map(|n| n.mv.to_uci()),
        candidates,
        suggestions: each_named(pos, &a.suggestions, language),
        opponent_can_mate: a.opponent_can_mate,
        dead_position: a.dead_position,
        opponent_helpmate: line_named(pos, &a.opponent_helpmate, language),
        sealer: a.sealer,
        text: a.written.clone(),
        span: [a.span.start, a.span.end],
        number: a.number,
        draw_offer: a.draw_offer.is_some(),
        warnings: a
            .irregularities
            .iter()
            .map(|d| WarningJson {
                severity: d.severity(),
                code: d.code(),
                message: d.title(lang),
                rule: d.rule.map(|r| r.to_string()),
                span: [d.span.start, d.span.end],
            })
            .collect(),
        evident_reading: a.evident_reading.as_ref().map(|e| EvidentJson {
            san: e.san.to_string(),
            written: e.written.clone(),
            uci: e.mv.to_uci(),
            basis: e.basis,
        }),
        fen: pos.to_fen(),
    }
}

/// A sealed-move ruling as JSON (see [`sealed_json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct SealedJson {
    /// `valid`, `ambiguous`, `unreadable` or `illegal`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::verdict_schema")
    )]
    #[serde(serialize_with = "super::codes::verdict")]
    pub verdict: crate::sealed::VerdictKind,
    /// `continue`, `loss`, `draw` or `refer`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::consequence_schema")
    )]
    #[serde(serialize_with = "super::codes::consequence")]
    pub consequence: crate::sealed::Consequence,
    /// The draw's exception: `opponent-cannot-mate`, `dead-position`, `stalemate`,
    /// `fivefold`, `seventy-five-moves`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::exception_schema")
    )]
    #[serde(serialize_with = "super::codes::exception")]
    pub exception: Option<crate::sealed::DrawException>,
    /// The verdict's article: `A8.a (2005)`, `Guidelines I.8 (2023)`.
    pub rule: String,
    /// The consequence's article.
    pub consequence_rule: Option<String>,
    /// The article behind an illegal move's reason.
    pub reason_rule: Option<String>,
    /// The verdict, in words.
    pub message: String,
    /// The consequence, in words.
    pub consequence_message: String,
    /// The move played, when valid: its SAN.
    pub san: Option<String>,
    /// The move played, when valid: in the sheet's letters, in the canonical form.
    pub written: Option<String>,
    /// The move played, when valid: in UCI.
    pub uci: Option<String>,
    /// The candidates of an ambiguous move.
    pub candidates: Vec<NamedMoveJson>,
    /// The legal moves closest to the writing (the arbiter's information only).
    pub suggestions: Vec<NamedMoveJson>,
    /// Whether the opponent can still checkmate the sealer.
    pub opponent_can_mate: Option<bool>,
    /// Whether the position is dead.
    pub dead_position: Option<bool>,
    /// A mating line for the opponent, when known.
    pub opponent_helpmate: Vec<NamedMoveJson>,
    /// `white` or `black`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::color_schema")
    )]
    #[serde(serialize_with = "super::codes::color")]
    pub sealer: Color,
    /// The text as given, trimmed.
    pub text: String,
    /// The move's byte offsets `[start, end)` in `text`.
    pub span: [u32; 2],
    /// The move number written with the move.
    pub number: Option<u32>,
    /// A draw offer `(=)` was written with the move.
    pub draw_offer: bool,
    /// The irregularities `check` would report.
    pub warnings: Vec<WarningJson>,
    /// The one legal move the writing evidently means, for the arbiter.
    pub evident_reading: Option<EvidentJson>,
    /// The position before the sealed move.
    pub fen: String,
}

/// An irregularity of a sealed move as JSON (see [`sealed_json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct WarningJson {
    /// `warning`.
    pub severity: crate::check::Severity,
    /// The stable code.
    pub code: crate::check::DiagnosticCode,
    /// The message, headed by the move number and the writing.
    pub message: String,
    /// The article.
    pub rule: Option<String>,
    /// Its byte offsets in the written text.
    pub span: [u32; 2],
}

/// The evident reading of a faulty sealed move as JSON (see [`sealed_json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub struct EvidentJson {
    /// Its SAN.
    pub san: String,
    /// Its writing in the sheet's letters.
    pub written: String,
    /// Its UCI.
    pub uci: String,
    /// `one-edit` or `only-completion`.
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "crate::write::document::basis_schema")
    )]
    #[serde(serialize_with = "super::codes::basis")]
    pub basis: crate::sealed::EvidentBasis,
}
