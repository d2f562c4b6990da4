//! Writing a sealed-move ruling ([`Adjudication`]) for the arbiter, as text or JSON.

use crate::check::{Diagnostic, Finding, MessageLanguage};
use crate::localize::in_language;
use crate::notation::Language;
use crate::position::{Move, Position};
use crate::resolve::Rule;
use crate::sealed::{Adjudication, Consequence, DrawException, EvidentBasis, Verdict};
use crate::types::Color;

/// The SAN of each move of a line played from `pos`.
#[cfg(feature = "serde")]
fn line_san(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = *pos;
    line.iter()
        .map(|&m| crate::san::SanPlus::from_move_and_play(&mut pos, m).to_string())
        .collect()
}

#[cfg(feature = "serde")]
fn each_san(pos: &Position, moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|&m| crate::san::SanPlus::from_move(pos, m).to_string())
        .collect()
}

fn each_local(pos: &Position, moves: &[Move], language: &Language) -> Vec<String> {
    moves
        .iter()
        .map(|&m| in_language(pos, m, language))
        .collect()
}

/// The verdict's message, as the validator words it for a move in a game.
fn verdict_message(a: &Adjudication, pos: &Position, lang: MessageLanguage) -> String {
    let finding = match &a.verdict {
        Verdict::Valid { .. } => {
            return match lang {
                MessageLanguage::Spanish => "jugada legal y única".to_owned(),
                MessageLanguage::English => "a legal move, and the only one written so".to_owned(),
            };
        }
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
    }
    .message(lang)
}

fn consequence_message(a: &Adjudication, lang: MessageLanguage) -> String {
    let es = lang == MessageLanguage::Spanish;
    let (sealer_es, sealer_en) = match a.sealer {
        Color::White => ("las blancas", "White"),
        Color::Black => ("las negras", "Black"),
    };
    match a.consequence {
        Consequence::Continue if es => "se juega la jugada y la partida sigue".to_owned(),
        Consequence::Continue => "the move is played and the game goes on".to_owned(),
        Consequence::Loss if es => format!("pierden {sealer_es}, que sellaron la jugada"),
        Consequence::Loss => format!("{sealer_en}, who sealed the move, loses"),
        Consequence::Refer if es => format!(
            "pierden {sealer_es} salvo que el adversario ya no pueda dar mate, y eso no se pudo \
             decidir: el árbitro debe examinar la posición"
        ),
        Consequence::Refer => format!(
            "{sealer_en} loses unless the opponent can no longer checkmate, which could not be \
             decided: the arbiter must examine the position"
        ),
        Consequence::Draw(exception) => {
            let (s, e) = match exception {
                DrawException::OpponentCannotMate => (
                    "tablas: el adversario no puede dar mate con ninguna serie de jugadas legales",
                    "a draw: the opponent cannot checkmate by any series of legal moves",
                ),
                DrawException::DeadPosition => (
                    "tablas: la posición es muerta, ningún jugador puede dar mate",
                    "a draw: the position is dead, neither player can checkmate",
                ),
                DrawException::Stalemate => (
                    "tablas: el rey del que selló estaba ahogado",
                    "a draw: the sealer was stalemated",
                ),
                DrawException::Fivefold => (
                    "tablas: la posición del sobre se había repetido cinco veces",
                    "a draw: the position on the envelope had appeared five times",
                ),
                DrawException::SeventyFiveMoves => (
                    "tablas: 75 jugadas de cada jugador sin mover peón ni capturar",
                    "a draw: 75 moves by each player without a pawn move or a capture",
                ),
            };
            (if es { s } else { e }).to_owned()
        }
    }
}

fn yes_no(answer: Option<bool>, es: bool) -> &'static str {
    match (answer, es) {
        (Some(true), true) => "sí",
        (Some(false), true) => "no",
        (None, true) => "sin decidir",
        (Some(true), false) => "yes",
        (Some(false), false) => "no",
        (None, false) => "undetermined",
    }
}

/// The ruling as text for the arbiter: the move with its number, the verdict with its article,
/// the irregularities `check` reports for the move (Art. 8.1, E9-E13; C.9-C.13), a draw offer
/// written with it (E13; C.12), the candidates of an ambiguous move, the consequence with its
/// article, the winnability answers, the closest legal moves, and the evident reading of a
/// faulty move (A8 (2005); Guidelines I.8: the arbiter's call, never the verdict). Moves are
/// written in `language`'s letters.
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
/// let text = sealed_text(&a, &pos, &Language::SPANISH, MessageLanguage::Spanish);
/// assert!(text.contains("1. Cf3"), "{text}");
/// assert!(text.contains("la partida sigue"), "{text}");
/// ```
#[must_use]
pub fn sealed_text(
    a: &Adjudication,
    pos: &Position,
    language: &Language,
    lang: MessageLanguage,
) -> String {
    let es = lang == MessageLanguage::Spanish;
    let dots = if a.sealer == Color::White { "." } else { "..." };
    let mut out = String::new();
    let mut line = |label_es: &str, label_en: &str, value: &str| {
        out.push_str(if es { label_es } else { label_en });
        out.push_str(": ");
        out.push_str(value);
        out.push('\n');
    };
    // The text as written; the envelope's number before it when none was written.
    // A number was read, or the text could not be read and may start with one.
    let numbered = a.number.is_some()
        || (matches!(a.verdict, Verdict::Unreadable { error: Some(_) })
            && a.written.starts_with(|c: char| c.is_ascii_digit()));
    let sealed = match (numbered, a.written.is_empty(), es) {
        (_, true, true) => format!("{}{dots} (nada escrito)", pos.fullmove_number()),
        (_, true, false) => format!("{}{dots} (nothing written)", pos.fullmove_number()),
        (true, false, _) => a.written.clone(),
        (false, false, _) => format!("{}{dots} {}", pos.fullmove_number(), a.written),
    };
    line("jugada sellada", "sealed move", &sealed);
    line("posición", "position", &pos.to_fen());
    let verdict = match &a.verdict {
        Verdict::Valid { mv, .. } => format!(
            "{}: {}",
            if es { "válida" } else { "valid" },
            in_language(pos, *mv, language)
        ),
        _ => verdict_message(a, pos, lang),
    };
    line("veredicto", "verdict", &format!("{verdict} ({})", a.rule));
    if let Some(rule) = a.reason_rule {
        line("artículo infringido", "article broken", &rule.to_string());
    }
    for d in &a.irregularities {
        line("irregularidad", "irregularity", &irregularity(d, lang));
    }
    if a.draw_offer.is_some() {
        let rule = Rule::new(a.rule.edition, crate::laws::Article::DrawOffer);
        line(
            "oferta de tablas",
            "draw offer",
            &if es {
                format!("(=) anotada con la jugada ({rule})")
            } else {
                format!("(=) written with the move ({rule})")
            },
        );
    }
    if let Verdict::Ambiguous { candidates, .. } = &a.verdict {
        line(
            "candidatas",
            "candidates",
            &each_local(pos, candidates, language).join(", "),
        );
    }
    let consequence = consequence_message(a, lang);
    let consequence = match a.consequence_rule() {
        Some(rule) => format!("{consequence} ({rule})"),
        None => consequence,
    };
    line("consecuencia", "consequence", &consequence);
    line(
        "el adversario puede dar mate",
        "the opponent can checkmate",
        yes_no(a.opponent_can_mate, es),
    );
    line(
        "posición muerta",
        "dead position",
        yes_no(a.dead_position, es),
    );
    if !a.suggestions.is_empty() {
        line(
            "jugadas legales más parecidas (solo información, no cambian el veredicto)",
            "closest legal moves (information only, they do not change the verdict)",
            &each_local(pos, &a.suggestions, language).join(", "),
        );
    }
    if let Some(e) = &a.evident_reading {
        // In the sheet's notation, as the ruling wrote it (`A-5CR` for a descriptive move).
        let local = if language.is_descriptive() {
            e.written.clone()
        } else {
            in_language(pos, e.mv, language)
        };
        let why = match (e.basis, es) {
            (EvidentBasis::OnlyCompletion, true) => "la única jugada legal que completa lo escrito",
            (EvidentBasis::OneEdit, true) => "la única jugada legal a un carácter de lo escrito",
            (EvidentBasis::OnlyCompletion, false) => "the only legal move completing the writing",
            (EvidentBasis::OneEdit, false) => "the only legal move one character from the writing",
        };
        line(
            "lectura evidente (decisión del árbitro, no cambia el veredicto)",
            "evident reading (the arbiter's decision, it does not change the verdict)",
            &format!("{local} ({}), {why}", e.san),
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

/// The ruling as the JSON document of the README, a [`SealedJson`] to give to a serde
/// serializer (feature `serde`). Moves are in SAN (the evident reading's `written` in the
/// sheet's letters); `rule` is the verdict's article, `exception` the code of a draw's
/// exception; `written` is the text as given, trimmed, and the spans point into it; `warnings`
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
/// assert_eq!(json.verdict, "valid");
/// assert_eq!(json.san.as_deref(), Some("Nf3"));
/// assert_eq!(json.consequence, "continue");
/// ```
#[cfg(feature = "serde")]
#[must_use]
pub fn sealed_json(a: &Adjudication, pos: &Position, lang: MessageLanguage) -> SealedJson {
    let (san, candidates) = match &a.verdict {
        Verdict::Valid { san, .. } => (Some(san.to_string()), Vec::new()),
        Verdict::Ambiguous { candidates, .. } => (None, each_san(pos, candidates)),
        _ => (None, Vec::new()),
    };
    let exception = match a.consequence {
        Consequence::Draw(e) => Some(e.code()),
        _ => None,
    };
    SealedJson {
        verdict: a.verdict.code(),
        consequence: a.consequence.code(),
        exception,
        rule: a.rule.to_string(),
        consequence_rule: a.consequence_rule().map(|r| r.to_string()),
        reason_rule: a.reason_rule.map(|r| r.to_string()),
        message: verdict_message(a, pos, lang),
        consequence_message: consequence_message(a, lang),
        san,
        candidates,
        suggestions: each_san(pos, &a.suggestions),
        opponent_can_mate: a.opponent_can_mate,
        dead_position: a.dead_position,
        opponent_helpmate: line_san(pos, &a.opponent_helpmate),
        sealer: if a.sealer == Color::White {
            "white"
        } else {
            "black"
        },
        written: a.written.clone(),
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
            basis: e.basis.code(),
        }),
        fen: pos.to_fen(),
    }
}

/// A sealed-move ruling as JSON (see [`sealed_json`]).
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SealedJson {
    /// `valid`, `ambiguous`, `unreadable` or `illegal`.
    pub verdict: &'static str,
    /// `continue`, `loss`, `draw` or `refer`.
    pub consequence: &'static str,
    /// The draw's exception: `opponent-cannot-mate`, `dead-position`, `stalemate`,
    /// `fivefold`, `seventy-five-moves`.
    pub exception: Option<&'static str>,
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
    /// The move played, in SAN, when valid.
    pub san: Option<String>,
    /// The candidates of an ambiguous move, in SAN.
    pub candidates: Vec<String>,
    /// The legal moves closest to the writing, in SAN (the arbiter's information only).
    pub suggestions: Vec<String>,
    /// Whether the opponent can still checkmate the sealer.
    pub opponent_can_mate: Option<bool>,
    /// Whether the position is dead.
    pub dead_position: Option<bool>,
    /// A mating line for the opponent, in SAN, when known.
    pub opponent_helpmate: Vec<String>,
    /// `white` or `black`.
    pub sealer: &'static str,
    /// The text as given, trimmed.
    pub written: String,
    /// The move's byte offsets `[start, end)` in `written`.
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
pub struct EvidentJson {
    /// Its SAN.
    pub san: String,
    /// Its writing in the sheet's letters.
    pub written: String,
    /// `one-edit` or `only-completion`.
    pub basis: &'static str,
}
