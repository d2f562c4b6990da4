//! Printed text: books, columns and articles print commentary between the moves, in prose and
//! with moves of its own. The main line is carried by the move numbers; what stands between
//! them, when it holds prose, is commentary (`grammar/notacion.ebnf`, `prose` and
//! `commentary`).
//!
//! The rules, and why no edit of a move can hide in them:
//! - A **prose word** is a word the grammar does not read as a move, made of letters only
//!   (punctuation around it aside), no lone capital, and **no single edit away from a legal
//!   move** (substitution, deletion, insertion or swap of one character; also joined to the
//!   word beside it, for a space typed inside a move). An edited legal move is one edit away
//!   from that move, so it is never prose.
//! - A game is **printed text** when three words of prose shape stand in it (in parenthesised
//!   remarks too): one edit of a move makes one word, or two with a space typed inside it, so
//!   a slip never turns a sheet into print. A sheet is read as before, every unreadable word
//!   an error at its ply.
//! - In printed text a move stands **in the main line** when its number stands right before
//!   it, or, for Black, when it follows White's move on the same line. A move, a number of an
//!   earlier ply or a word that stands elsewhere starts a **stretch**, which runs to the next
//!   number of the current ply or a later one. A stretch that holds a prose word is commentary
//!   and is not read (one `prose` note a game). A stretch with none is read by the rules of a
//!   sheet, except that a move without its number there is an `unnumbered-move` error: it may
//!   be commentary, and a move is never guessed into the main line.
//! - An edit of a move leaves its number before it, so the edited word stands in the main line
//!   and is judged there. A main-line move that commentary swallows leaves the next number out
//!   of step: an error there, never a silent gap. After the last number, a stretch that holds
//!   a legal move is an `unnumbered-move` error; one that holds none is closing words, an
//!   `unknown-word` warning.

use super::Walker;
use super::prose::{prose_core, text_of, without_citation};
use crate::check::Finding;
use crate::notation::Span;
use crate::notation::descriptive::NotationKind;
use crate::notation::descriptive::parse_descriptive;
use crate::position::{Move, Position};
use crate::resolve::descriptive::resolve_descriptive;
use crate::resolve::{AmbiguityCause, Resolution, resolve};
use crate::scoresheet::{Game, Termination, Token, TokenKind};
use crate::types::Color;
use crate::types::Role;

/// The characters an edit may put in or take out of a move: every letter and sign of the
/// algebraic and descriptive grammars, in both cases, in the E3 letter sets read here.
const EDIT_ALPHABET: &[u8] = b"abcdefghKQRBNPDTACOLFSkqrnptolfs123456780x-+#=:./()";

/// How many move lines past a number the search for one that restates its ply looks: a whole
/// game's column, however long the commentary between them (strategy-19: some 700 words of
/// notes before the column's `7. ... BxKt`), and a bound, so that no text makes the search
/// quadratic.
const RESTATED_WITHIN: usize = 256;

/// The most tokens a move line holds: a number, two moves with their marks, a comment or two.
/// A longer line is prose, and the bound keeps the test linear.
const MOVE_LINE_TOKENS: usize = 16;

/// The longest word the edit test looks at: no move is written in more letters (`QKtxQKtP`
/// has eight), so a longer word is no edit of one.
const LONGEST_MOVE: usize = 12;

/// How many words of prose shape make a game printed text. A single edit of a move makes one
/// word, or two with a space typed inside it (`Cas tles`): a sheet with a slip stays a sheet,
/// and keeps the sheet's reading of every other move.
const PRINTED_WORDS: usize = 3;

/// Whether the game is printed text: [`PRINTED_WORDS`] words of prose shape in it,
/// parenthesised remarks (`(lo mejor)`, `(única)`) included.
pub(crate) fn is_printed(game: &Game<'_>, source: &str) -> bool {
    game.movetext
        .iter()
        .filter(|t| match t {
            Token {
                kind: TokenKind::Word { .. },
                span,
            } => prose_core(text_of(source, *span)).is_some(),
            _ => false,
        })
        .nth(PRINTED_WORDS - 1)
        .is_some()
}

/// Whether a number among `tokens` names ply `ply` (see [`Walker::numbered_ply`]) with a
/// dot, first on its line.
fn ply_restated_at_line_start(source: &str, tokens: &[Token<'_>], ply: u64) -> bool {
    tokens.iter().take(RESTATED_WITHIN * 8).any(|t| match *t {
        Token {
            kind: TokenKind::MoveNumber { number, side },
            span,
        } => {
            Walker::numbered_ply(number, side) == ply
                && text_of(source, span).contains('.')
                && first_on_line(source, span.start as usize)
        }
        _ => false,
    })
}

/// Whether only indentation, a bullet or an empty cell's dots stand before byte `at` on its
/// line. Looks back 32 bytes at most, so that a long line costs no more.
fn first_on_line(source: &str, at: usize) -> bool {
    let b = source.as_bytes();
    let from = at.saturating_sub(32);
    let start = match b[from..at].iter().rposition(|&c| c == b'\n') {
        Some(n) => from + n + 1,
        None if from == 0 => 0,
        None => return false,
    };
    source
        .get(start..at)
        .is_some_and(|line| without_bullet(line).is_empty())
}

/// Whether `t` is a move, algebraic or descriptive.
fn is_move(t: Option<&Token<'_>>) -> bool {
    matches!(
        t,
        Some(Token {
            kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
            ..
        })
    )
}

/// Printed text whose whole game is one parenthesised line after the words that name it
/// (`Variante das Trocas (1.e4 e6 2.d4 d5 3.exd5 exd5)`, Portuguese Wikipedia; `una variante
/// extravagante de los cuatro caballos, (1. e4 e5 2. Cf3 Cc6 3. Cc3 Cf6 4. Cxe5), sacrificando`,
/// Spanish Wikipedia): the parentheses' indices, when no numbered move or parenthesis stands
/// before them (a number in the words, `Variante dos 2 cavalos`, is no move's), the
/// line starts with White's number of the game's first move, and no numbered move or
/// parenthesis stands after them. A line with nothing before it to vary is the game's;
/// numbered moves after it (`3..Bb4 (var. Winawer)`) could go on from it or vary it, and keep
/// the parentheses a variation's.
pub(super) fn line_as_game(tokens: &[Token<'_>], first: u32) -> Option<(usize, usize)> {
    // A numbered move or a parenthesis at `j`. Words before the line that read as moves
    // (`Se da`, `de`: a knight's move and pawns' files) are judged as the walker judges any
    // unnumbered word of printed text: commentary, or an error that stops the game before
    // the line.
    let numbered_at = |j: usize| match &tokens[j].kind {
        TokenKind::VariationStart | TokenKind::VariationEnd => true,
        TokenKind::MoveNumber { .. } => is_move(tokens.get(j + 1)),
        _ => false,
    };
    let open = (0..tokens.len()).find(|&j| numbered_at(j))?;
    if !matches!(tokens[open].kind, TokenKind::VariationStart)
        || !matches!(
            tokens.get(open + 1),
            Some(Token { kind: TokenKind::MoveNumber { number, side: Color::White, .. }, .. }) if *number == first
        )
    {
        return None;
    }
    let close = super::variation::matching_close(tokens, open, tokens.len());
    if close >= tokens.len() {
        return None;
    }
    let numbered_after = (close + 1..tokens.len()).any(|j| {
        matches!(
            tokens[j].kind,
            TokenKind::VariationStart | TokenKind::VariationEnd
        ) || matches!(tokens[j].kind, TokenKind::MoveNumber { .. }) && is_move(tokens.get(j + 1))
    });
    (!numbered_after).then_some((open, close))
}

/// Whether `text` reads as a legal move in `pos`: one move, or several with the origin
/// unwritten (an ambiguity of disambiguation names legal moves). An incomplete target does
/// not count: it names no move.
fn reads_legal(pos: &Position, walker: &Walker<'_>, text: &str, except: Option<Move>) -> bool {
    let options = walker.options.resolve_options();
    let language = &walker.options.language;
    let other = |r: &Resolution| {
        names_legal(r)
            && match r {
                Resolution::Resolved(r) => Some(r.mv) != except,
                Resolution::Ambiguous(a) => a.candidates.iter().any(|m| Some(*m) != except),
                _ => false,
            }
    };
    if let Ok(readings) = walker.options.parser().parse_move(text)
        && other(&resolve(pos, &readings, language, options))
    {
        return true;
    }
    parse_descriptive(text, language)
        .is_ok_and(|d| other(&resolve_descriptive(pos, &d, language, options)))
}

/// Whether a resolution names legal moves: one, or several with the origin unwritten. An
/// incomplete target names none.
fn names_legal(r: &Resolution) -> bool {
    match r {
        Resolution::Resolved(_) => true,
        Resolution::Ambiguous(a) => {
            a.cause != AmbiguityCause::IncompleteTarget && !a.candidates.is_empty()
        }
        _ => false,
    }
}

/// Whether a single edit of `word` reads as a legal move in `pos` (the word itself too), other
/// than `except`.
///
/// With `own_letters`, a variant that starts with a foreign letter (`La6` on a Spanish page,
/// the German bishop) counts for nothing: only the text's own letters make a move.
fn near_legal(
    pos: &Position,
    walker: &Walker<'_>,
    word: &str,
    except: Option<Move>,
    own_letters: bool,
) -> bool {
    let chars: Vec<char> = word.chars().collect();
    if chars.is_empty() || chars.len() > LONGEST_MOVE {
        return false;
    }
    let language = &walker.options.language;
    let mut variant = String::with_capacity(word.len() + 4);
    let mut try_chars = |cs: &mut dyn Iterator<Item = char>| {
        variant.clear();
        variant.extend(cs);
        if own_letters
            && variant
                .chars()
                .next()
                .is_some_and(|c| language.foreign_role(c).is_some())
        {
            return false;
        }
        reads_legal(pos, walker, &variant, except)
    };
    if try_chars(&mut chars.iter().copied()) {
        return true;
    }
    let n = chars.len();
    for k in 0..n {
        // Deletion.
        if try_chars(&mut chars[..k].iter().chain(&chars[k + 1..]).copied()) {
            return true;
        }
        // Swap with the next.
        if k + 1 < n {
            let mut swapped = chars.clone();
            swapped.swap(k, k + 1);
            if try_chars(&mut swapped.into_iter()) {
                return true;
            }
        }
    }
    for &c in EDIT_ALPHABET {
        let c = c as char;
        for k in 0..=n {
            // Insertion before `k`.
            let inserted = chars[..k]
                .iter()
                .copied()
                .chain(std::iter::once(c))
                .chain(chars[k..].iter().copied());
            if try_chars(&mut inserted.into_iter()) {
                return true;
            }
            // Substitution at `k`.
            if k < n && chars[k] != c {
                let substituted = chars[..k]
                    .iter()
                    .copied()
                    .chain(std::iter::once(c))
                    .chain(chars[k + 1..].iter().copied());
                if try_chars(&mut substituted.into_iter()) {
                    return true;
                }
            }
        }
    }
    false
}

/// A line's start without its indentation and a list item's bullet (`- 5. c2–c3`, `• 1.e4`,
/// `* 1. e4`: the lists of Wikipedia's articles in German, French and Dutch, as their copies
/// print them).
fn without_bullet(line: &str) -> &str {
    let line = line.trim_start();
    // White's empty cell of a table: dots alone (Hoyle, 1909: `      ...      4. Kt to K B 3`).
    let dots = line.bytes().take_while(|&c| c == b'.').count();
    if dots >= 3 && line[dots..].starts_with([' ', '\t']) {
        return line[dots..].trim_start();
    }
    match line.strip_prefix(['-', '–', '•', '*']) {
        Some(rest) if rest.starts_with([' ', '\t']) => rest.trim_start(),
        _ => line,
    }
}

/// Whether nothing after a termination word is read as a move or a word: no number, move or
/// word of any kind follows it.
fn closing(after: &[Token<'_>]) -> bool {
    !after.iter().any(|t| {
        matches!(
            t.kind,
            TokenKind::MoveNumber { .. }
                | TokenKind::Move(_)
                | TokenKind::Descriptive(_)
                | TokenKind::Word { .. }
        )
    })
}

/// Whether a number or a move stands in `after`: the game goes on past a termination word
/// (strategy-08: `mate is again threatened.` between two lines of the score).
pub(super) fn moves_follow(after: &[Token<'_>]) -> bool {
    after.iter().any(|t| {
        matches!(
            t.kind,
            TokenKind::MoveNumber { .. } | TokenKind::Move(_) | TokenKind::Descriptive(_)
        )
    })
}

impl Walker<'_> {
    /// Whether the word token at `k` is prose in the current position (see the module
    /// documentation): of prose shape, and neither it nor it joined to a word beside it (one
    /// space between) is one edit away from a legal move.
    pub(super) fn is_prose(&self, tokens: &[Token<'_>], k: usize) -> bool {
        // A word, or a move of letters only that starts with a foreign letter (`Le`, `La`: a
        // bishop of the German set with its rank missing), which only `foreign_initial` may
        // make prose.
        let (span, word) = match tokens[k] {
            Token {
                kind: TokenKind::Word { .. },
                span,
            } => (span, true),
            Token {
                kind: TokenKind::Move(_),
                ..
            } => (tokens[k].span(), false),
            _ => return false,
        };
        let Some(core) = prose_core(text_of(self.source, span)) else {
            return false;
        };
        // In a game of descriptive notation, a word of names only (`Kt`, `QKt`, `KB`: a piece
        // or a file) is part of a move, never prose (`P - Q4 Kt 3`, an edit of `P - Q Kt
        // 3`).
        if self.notation == Some(NotationKind::Descriptive) && self.descriptive_names(core) {
            return false;
        }
        let foreign = self.foreign_initial(tokens, k, core);
        if !word && !foreign {
            return false;
        }
        let pos = self.pos;
        if near_legal(&pos, self, core, None, foreign) {
            return false;
        }
        // Two tokens one space apart, or either side of a spaced connector (`t - Kt 1`, an
        // edit of `K - Kt 1`; `P x P`): joined as printed, they may be one move written
        // wrong.
        let joined = |a: Span, b: Span| {
            let gap = self.source.get(a.end as usize..b.start as usize)?;
            if gap.len() == 1 && gap.chars().all(char::is_whitespace) {
                return Some(format!(
                    "{}{}",
                    text_of(self.source, a),
                    text_of(self.source, b)
                ));
            }
            let inner = gap.strip_prefix(' ')?.strip_suffix(' ')?;
            matches!(inner, "-" | "x" | "×" | "—" | "–")
                .then(|| text_of(self.source, Span::new(a.start, b.end)).to_owned())
        };
        let beside = [
            k.checked_sub(1).and_then(|j| tokens.get(j)),
            tokens.get(k + 1),
        ];
        for (side, other) in beside.into_iter().enumerate() {
            let Some(
                other @ Token {
                    kind: TokenKind::Word { .. } | TokenKind::Move(_) | TokenKind::Descriptive(_),
                    ..
                },
            ) = other
            else {
                continue;
            };
            let (a, b) = if side == 0 {
                (other.span(), span)
            } else {
                (span, other.span())
            };
            let Some(word) = joined(a, b) else {
                continue;
            };
            let word = word.trim_end_matches(['.', ',', ';', ':']);
            if near_legal(&pos, self, word, None, false) {
                return false;
            }
            // The move just before the word was read without it: joined, they may be that ply
            // written wrong (`Kt ×P Kt`, an edit of `Kt × Kt`; `Kt to Kt6 th`, of `ch`), tried
            // where it was played. Deleting a one-letter word (`Da4+ y`) gives back the move
            // already read: only another move counts then.
            if side == 0
                && !matches!(other.kind, TokenKind::Word { .. })
                && let Some((before, played)) = self.before_last_move()
                && near_legal(
                    &before,
                    self,
                    word,
                    (core.chars().count() == 1).then_some(played),
                    false,
                )
            {
                return false;
            }
        }
        true
    }

    /// Whether `core` is descriptive names only: the text's piece letters, and `Kt`, `Kts`
    /// or `KT` for the knight in English (`Kt`, `QKt`, `KB`, `QR`, `CR`, `AD`).
    fn descriptive_names(&self, core: &str) -> bool {
        let language = &self.options.language;
        let mut rest = core;
        while !rest.is_empty() {
            if let Some(after) = ["Kts", "Kt", "KT"]
                .iter()
                .find_map(|n| rest.strip_prefix(n))
                .filter(|_| language.role('N') == Some(Role::Knight))
            {
                rest = after;
                continue;
            }
            let mut chars = rest.chars();
            match chars.next() {
                Some(c) if c.is_ascii_uppercase() && language.role(c).is_some() => {
                    rest = chars.as_str();
                }
                _ => return false,
            }
        }
        true
    }

    /// Whether the word at `k`, of prose shape with letters `core`, begins a sentence with a
    /// letter of another language's set (`La clave.`, `La defensa escandinava` in Spanish
    /// columns; `Le camp blanc attaque`, French Wikipedia; `Les blanques juguen`, Catalan
    /// Wikipedia): a capital that is no letter of the text's own set, a word of prose shape
    /// after it on the same line, and no foreign letter in the moves read so far. Such a word
    /// is prose when no single edit makes it a legal move in the text's own letters: an edit
    /// of a move in those letters stays one edit from it, so no slip hides here; `La6`, one
    /// edit away, is a move of another set's letters, which this text does not use.
    fn foreign_initial(&self, tokens: &[Token<'_>], k: usize, core: &str) -> bool {
        let language = &self.options.language;
        if core
            .chars()
            .next()
            .is_none_or(|c| language.foreign_role(c).is_none())
        {
            return false;
        }
        let Some(Token {
            kind: TokenKind::Word { .. },
            span: next,
        }) = tokens.get(k + 1)
        else {
            return false;
        };
        let span = tokens[k].span();
        let gap = self.source.get(span.end as usize..next.start as usize);
        gap.is_some_and(|g| !g.is_empty() && g.chars().all(|c| c == ' '))
            && prose_core(text_of(self.source, *next)).is_some()
            && !self.foreign_letter_read()
    }

    /// Whether a move read so far has a foreign letter (a `foreign-letter` diagnostic). Each
    /// diagnostic is looked at once in a game, however many words ask.
    fn foreign_letter_read(&self) -> bool {
        let diagnostics = &self.report.diagnostics;
        let (mut seen, mut found) = self.foreign_letter_seen.get();
        if seen > diagnostics.len() {
            (seen, found) = (0, false);
        }
        found = found
            || diagnostics[seen..]
                .iter()
                .any(|d| d.code() == crate::check::DiagnosticCode::ForeignLetter);
        self.foreign_letter_seen.set((diagnostics.len(), found));
        found
    }

    /// The position before the last move played, and that move, if any.
    fn before_last_move(&self) -> Option<(Position, Move)> {
        let last = self.report.moves.last()?.mv;
        match self.report.moves.len() {
            1 => Some((self.start, last)),
            n => Some((self.report.moves[n - 2].after, last)),
        }
    }

    /// The ply a move number names: White's move `n` is ply `2n - 1`, Black's `2n` (counted
    /// from the game's first move number, as [`Position::fullmove_number`] counts).
    pub(super) fn numbered_ply(number: u32, side: Color) -> u64 {
        2 * u64::from(number) - u64::from(side.is_white())
    }

    /// The ply to play now, on the same count as [`Walker::numbered_ply`].
    fn current_numbered_ply(&self) -> u64 {
        Self::numbered_ply(self.pos.fullmove_number(), self.pos.turn())
    }

    /// Whether the move number at `k` takes the main line up again: it names the ply to play
    /// now or a later one, and it begins a move line, or no move line further on names the ply
    /// to play now before a later one. Books print the game in lines of moves and restate the
    /// number of the move in play; commentary names it, or the moves after it, first
    /// (`after 4. ... B-B4; 5. P-Q4` before the column's `4. ... P-Q4`; `Byrne podría haber
    /// jugado 5. e4, después de lo cual con 5 …d6` before `5. Af4 d5`). A number no move
    /// line decides takes the main line up, unless a syntax error cut the game short.
    pub(super) fn resumes(&self, tokens: &[Token<'_>], k: usize) -> bool {
        let Token {
            kind: TokenKind::MoveNumber { number, side, .. },
            ..
        } = tokens[k]
        else {
            return false;
        };
        let now = self.current_numbered_ply();
        let ply = Self::numbered_ply(number, side);
        if ply < now {
            return false;
        }
        // A number inside a sentence of the notes (`Lo habitual es 2 Cf3 y luego 3 Ac4. 3 Cf3
        // g5`) is a variation when the main line numbers the same ply again outside a
        // sentence. (When nothing numbers it again, [`Walker::unclear_main_line`] decides.)
        if ply == now && self.in_sentence(tokens, k) && self.restated_later(tokens, k, now) {
            return false;
        }
        // A bare figure right after a word of prose is the word's (`in Diagram 90, and`,
        // strategy-19; `página 12`), unless it is the figure of the ply to play now with a
        // legal move after it: a column that prints bare figures puts one after a word too
        // (`Ahora 4 h4 g4 5 Ce5`).
        let span = tokens[k].span();
        if !text_of(self.source, span).contains(['.', '…'])
            && let Some(Token {
                kind: TokenKind::Word { .. },
                span: word,
            }) = k.checked_sub(1).map(|j| &tokens[j])
            && prose_core(text_of(self.source, *word)).is_some()
            && self.source.get(word.end as usize..span.start as usize) == Some(" ")
            && !(ply == now && tokens.get(k + 1).is_some_and(|t| self.reads_legal_token(t)))
        {
            return false;
        }
        if self.move_line(tokens, k) {
            return true;
        }
        let lines = self.move_lines.get_or_init(|| self.find_move_lines(tokens));
        let after = lines.partition_point(|&(j, _)| j <= k);
        for &(j, ply) in lines[after..].iter().take(RESTATED_WITHIN) {
            match ply.cmp(&now) {
                std::cmp::Ordering::Equal => return false,
                // A later ply comes next; a number past it is no move of this game (`in
                // 1907. I thought`, when the next move line is the 7th move). A number at a
                // line's start before it that names the ply to play now restates it, though
                // its line holds a word that is no move (`19. t - Q 5 !`, an edit of `P - Q
                // 5`, after a note's `19 Kt × B, Q × Kt`): the main line numbers the ply
                // again, and this number is the notes'.
                std::cmp::Ordering::Greater => {
                    if ply_restated_at_line_start(self.source, &tokens[k + 1..j], now) {
                        return false;
                    }
                    return Self::numbered_ply(number, side) <= ply;
                }
                std::cmp::Ordering::Less => {}
            }
        }
        // When a syntax error cut the game short, the move lines past it are unknown: one of
        // them may restate the ply (strategy-19: `P-KR3(BxKt;` in a note, then the column's
        // `7. ... BxKt` after it). The number stays commentary's, and the error stops the
        // reading where it stands. Before the first move, a number starts the game. A number
        // first on its line that names the ply again is the main line's, as above.
        if ply_restated_at_line_start(self.source, &tokens[k + 1..], now) {
            return false;
        }
        !self.cut || self.report.moves.is_empty()
    }

    /// Whether the number at `k` stands inside a sentence: right after a word of prose that
    /// ends no sentence (`jugado 5. e4`, `y luego 3 Ac4`).
    fn in_sentence(&self, tokens: &[Token<'_>], k: usize) -> bool {
        let Some(before) = k.checked_sub(1).map(|j| &tokens[j]) else {
            return false;
        };
        // A word of letters that the grammar reads as a move (`de`, a pawn capture by files
        // alone) is prose too when prose stands before it (`Després de 12...Dxe6`).
        let prose_before = |t: &Token<'_>| match t {
            Token {
                kind: TokenKind::Word { .. },
                span,
            } => prose_core(text_of(self.source, *span)).is_some(),
            _ => false,
        };
        let in_prose = match &before.kind {
            TokenKind::Word { .. } => prose_before(before),
            TokenKind::Move(_) | TokenKind::Descriptive(_) => {
                prose_core(text_of(self.source, before.span())).is_some()
                    && k.checked_sub(2).is_some_and(|j| prose_before(&tokens[j]))
            }
            _ => false,
        };
        let span = before.span();
        let word = text_of(self.source, span);
        in_prose
            && !word.ends_with(['.', ';', ':', '!', '?'])
            && self
                .source
                .get(span.end as usize..tokens[k].span().start as usize)
                .is_some_and(|gap| gap.chars().all(|c| c == ' ' || c == '\t'))
    }

    /// Whether the main-line number at `k` stands inside a sentence with no number outside a
    /// sentence after it to tell whether the main line needs it (`Després de 12...Dxe6 les
    /// blanques guanyen una peça`, `poursuivent donc normalement par 2. e5`): narration of the
    /// game or a variation of the notes, the text cannot tell. Before the game's first move
    /// the text gives no other main line, and the number begins it.
    pub(super) fn unclear_main_line(&self, tokens: &[Token<'_>], k: usize) -> bool {
        let Token {
            kind: TokenKind::MoveNumber { number, side, .. },
            ..
        } = tokens[k]
        else {
            return false;
        };
        !self.report.moves.is_empty()
            && Self::numbered_ply(number, side) == self.current_numbered_ply()
            && self.in_sentence(tokens, k)
            && (self.next_outside_sentence(tokens, k).is_none()
                || self.legal_move_set_aside(tokens, k))
    }

    /// Whether a move that reads legal now stands among the words set aside since the last
    /// move played, up to 64 tokens before `k`: the main line's move may be that one (`3. Cc3
    /// ... Desarrolla una pieza ... ... Da5 También es correcta 3. ... Dd8.`, a column that
    /// writes Black's reply under dots), or the note's numbered one; the text cannot tell.
    fn legal_move_set_aside(&self, tokens: &[Token<'_>], k: usize) -> bool {
        let Some(last) = self.last_move_end else {
            return false;
        };
        tokens[k.saturating_sub(64)..k]
            .iter()
            .filter(|t| t.span().start >= last)
            .any(|t| is_move(Some(t)) && self.reads_legal_token(t))
    }

    /// Whether a number after `k`, outside variations and outside a sentence, names the move
    /// of ply `ply` again ([`RESTATED_WITHIN`] numbers on at most, and not past a result): the
    /// main line's own number of that move, after a note's. White's number counts for Black's
    /// ply too: a table prints Black's reply under it (Hoyle, 1909: `...   4. Kt to K B 3` in
    /// Black's column, after the note `If 4. Q takes P, Black replies 4.... Kt to Q B 3`).
    fn restated_later(&self, tokens: &[Token<'_>], k: usize, ply: u64) -> bool {
        self.numbers_after(tokens, k).any(|(j, named)| {
            let same_move = named == ply || named + 1 == ply && ply.is_multiple_of(2);
            same_move && !self.in_sentence(tokens, j)
        })
    }

    /// The ply the next number after `k` names, outside variations and outside a sentence
    /// ([`RESTATED_WITHIN`] numbers on at most, and not past a result): where the main line's
    /// own numbering goes on.
    fn next_outside_sentence(&self, tokens: &[Token<'_>], k: usize) -> Option<u64> {
        self.numbers_after(tokens, k)
            .find(|&(j, _)| !self.in_sentence(tokens, j))
            .map(|(_, named)| named)
    }

    /// The numbers after `k` outside variations, up to a result and [`RESTATED_WITHIN`] of
    /// them: each one's token index and the ply it names (even for Black's).
    fn numbers_after<'t>(
        &self,
        tokens: &'t [Token<'_>],
        k: usize,
    ) -> impl Iterator<Item = (usize, u64)> + 't {
        let mut depth = 0u32;
        tokens
            .iter()
            .enumerate()
            .skip(k + 1)
            .map_while(move |(j, t)| {
                match &t.kind {
                    TokenKind::VariationStart => depth += 1,
                    TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                    TokenKind::Outcome { .. } if depth == 0 => return None,
                    TokenKind::MoveNumber { number, side, .. } if depth == 0 => {
                        return Some(Some((j, Self::numbered_ply(*number, *side))));
                    }
                    _ => {}
                }
                Some(None)
            })
            .flatten()
            .take(RESTATED_WITHIN)
    }

    /// The move lines of the game outside variations: each one's number's token index and
    /// the ply it names, in text order. Found once per game, in one pass.
    fn find_move_lines(&self, tokens: &[Token<'_>]) -> Vec<(usize, u64)> {
        let mut depth = 0u32;
        let mut lines = Vec::new();
        for (j, t) in tokens.iter().enumerate() {
            match t {
                Token {
                    kind: TokenKind::VariationStart,
                    ..
                } => depth += 1,
                Token {
                    kind: TokenKind::VariationEnd,
                    ..
                } => depth = depth.saturating_sub(1),
                Token {
                    kind: TokenKind::MoveNumber { number, side },
                    span,
                } if depth == 0 && self.move_line(tokens, j) => {
                    // After White's empty cell, the line is Black's move.
                    let side = if self.empty_white_cell(*span) {
                        Color::Black
                    } else {
                        *side
                    };
                    lines.push((j, Self::numbered_ply(*number, side)));
                }
                _ => {}
            }
        }
        lines
    }

    /// Whether dots stand alone before the number at `span` on its line: White's empty cell of
    /// a table, the number's move Black's (see [`Walker::black_column`]).
    fn empty_white_cell(&self, span: Span) -> bool {
        let before = self.source.get(..span.start as usize).unwrap_or_default();
        let line = before.rsplit('\n').next().unwrap_or_default().trim();
        line.chars().filter(|&c| c == '.').count() >= 3 && line.chars().all(|c| c == '.')
            || line == "…"
    }

    /// Whether the number `number` at `span`, written for `side` (one written for Black,
    /// `12...`, is Black's own and never a column), is Black's column of a printed table
    /// restating the number of White's move (Staunton's *Blue Book* (1910): `1. P. to K's
    /// 4th.   1. P. to K's 4th.`): Black is to move under that number, White's move stands on
    /// the same line, and a column's gap (two spaces or a tab) stands right before the number. A
    /// number in commentary (`better was 5. Kt-B3`) stands in a sentence, not in a column.
    /// So is a number after dots that stand for White's empty cell at the start of its line
    /// (Hoyle's *Games Modernized* (1909): `      ...        4. Kt to K B 3`, after a note;
    /// the dots after the number, `25. ......  K-Kt sq`, are the *Encyclopaedia
    /// Britannica*'s (1911) and Capablanca's (1921) way of the same empty cell).
    ///
    /// A table whose columns lost their gap to one space (the OCR of the New Zealand
    /// newspapers' chess columns, Papers Past: `1. P-K 4 1. P—K 4 2. B—B 4 2. Kt—K B 3`; the
    /// Wikisource transcription of *The chess-player's text book*: `1. P. to K's 4th. 1. P. to
    /// K's 4th.`) is told by its form kept: the number after one space is Black's column only
    /// when the table restates its numbers so before it (the last pair was a column) or
    /// right after it (the next pair, `N+1. move N+1.`, restates its number one space apart).
    /// A lone restated number one space after White's move is no column (see
    /// [`Walker::unclear_main_line`]).
    pub(super) fn black_column(
        &self,
        number: u32,
        side: Color,
        span: Span,
        tokens: &[Token<'_>],
        k: usize,
    ) -> bool {
        if side.is_black()
            || self.pos.turn() != Color::Black
            || self.pos.fullmove_number() != number
        {
            return false;
        }
        if self.empty_white_cell(span) {
            return true;
        }
        let Some(end) = self.white_move_end() else {
            return false;
        };
        let Some(gap) = self.source.get(end as usize..span.start as usize) else {
            return false;
        };
        if gap.contains('\n') {
            return false;
        }
        if gap.ends_with("  ") || gap.ends_with('\t') {
            return true;
        }
        gap == " "
            && (self
                .printed()
                .and_then(|p| p.last_column)
                .is_some_and(|c| c.checked_add(1) == Some(number))
                || self.next_pair_restated(number, tokens, k))
    }

    /// Whether the tokens after Black's number `number` at `k` are its move, White's next
    /// number and move, and that number restated one space after it.
    fn next_pair_restated(&self, number: u32, tokens: &[Token<'_>], k: usize) -> bool {
        let Some(next) = number.checked_add(1) else {
            return false;
        };
        let is_number = |t: Option<&Token<'_>>| matches!(t, Some(Token { kind: TokenKind::MoveNumber { number: n, side: Color::White, .. }, .. }) if *n == next);
        if !(is_move(tokens.get(k + 1))
            && is_number(tokens.get(k + 2))
            && is_move(tokens.get(k + 3))
            && is_number(tokens.get(k + 4)))
        {
            return false;
        }
        let (white_end, restated) = (tokens[k + 3].span().end, tokens[k + 4].span().start);
        self.source.get(white_end as usize..restated as usize) == Some(" ")
    }

    /// Whether the move at `k` is Black's reply alone in its column after a note on White's
    /// move (Lasker, *Chess Strategy* (1915), strategy-01: `15. P-Kt3`, a note, then
    /// `Q-Kt4ch` alone and indented): Black is to move, the move stands alone on an indented
    /// line, and a blank line stands before it. A note's move stands inside its sentence.
    pub(super) fn column_reply(&self, tokens: &[Token<'_>], k: usize) -> bool {
        if self.pos.turn() != Color::Black {
            return false;
        }
        let span = tokens[k].span();
        let before = self.source.get(..span.start as usize).unwrap_or_default();
        let mut lines = before.rsplit('\n');
        let indent = lines.next().unwrap_or_default();
        let blank_before = lines.next().is_some_and(|l| l.trim().is_empty());
        let after = self.source.get(span.end as usize..).unwrap_or_default();
        let rest = after.split('\n').next().unwrap_or_default();
        !indent.is_empty()
            && indent.chars().all(char::is_whitespace)
            && blank_before
            && rest
                .chars()
                .all(|c| c.is_whitespace() || matches!(c, '!' | '?'))
    }

    /// Whether the number at `k` begins a move line: a line that starts with a move number
    /// written with its dot or ellipsis and holds nothing but numbers, moves and their marks (the column
    /// of a book, the move list of an article). A bare figure at the start of a line is as
    /// often a diagram's rank or a page number. A line that goes on with a sentence is the
    /// sentence's: the line before it ends with a comma, a semicolon or a hyphen, or starts
    /// with no number and ends with a lowercase letter (a column's line may end with
    /// `Castles`). A note's example wraps so (strategy-08: `... e.g. 21. P-Kt5, Q-Kt3;` then
    /// `22. R-Kt3, P-B4.`; strategy-09: `27. PxKt, PxP; ... QxPch;` then `30. PxQ, RxP mate.`).
    fn move_line(&self, tokens: &[Token<'_>], k: usize) -> bool {
        let span = tokens[k].span();
        let before = self.source.get(..span.start as usize).unwrap_or_default();
        let mut lines = before.rsplit('\n');
        let line_start = lines.next().unwrap_or_default();
        let previous = lines.next().unwrap_or_default().trim();
        if previous.ends_with([',', ';', '-'])
            || !without_bullet(previous).starts_with(|c: char| c.is_ascii_digit())
                && previous.ends_with(char::is_lowercase)
        {
            return false;
        }
        if !without_bullet(line_start).is_empty()
            || !text_of(self.source, span).contains(['.', '…'])
        {
            return false;
        }
        let mut end = span.end;
        for (n, t) in tokens[k + 1..].iter().enumerate() {
            if n == MOVE_LINE_TOKENS {
                return false;
            }
            let next = t.span();
            if self
                .source
                .get(end as usize..next.start as usize)
                .is_none_or(|gap| gap.contains('\n'))
            {
                return true;
            }
            if !matches!(
                t.kind,
                TokenKind::MoveNumber { .. }
                    | TokenKind::Move(_)
                    | TokenKind::Descriptive(_)
                    | TokenKind::Nag { .. }
                    | TokenKind::DrawOffer
                    | TokenKind::Outcome { .. }
                    | TokenKind::Termination { .. }
            ) {
                return false;
            }
            end = next.end;
        }
        true
    }

    /// Where the stretch that starts at `k` ends: before the next top-level number of the
    /// current ply or a later one, or before the result and termination words, or at the end.
    fn stretch_end(&self, tokens: &[Token<'_>], k: usize) -> usize {
        let mut depth = 0u32;
        for (j, t) in tokens.iter().enumerate().skip(k) {
            match t {
                // The parenthesised line that is the game ends the words before it.
                Token {
                    kind: TokenKind::VariationStart,
                    ..
                } if depth == 0
                    && self
                        .printed()
                        .and_then(|p| p.line_as_game)
                        .is_some_and(|(open, _)| open == j) =>
                {
                    return j;
                }
                Token {
                    kind: TokenKind::VariationStart,
                    ..
                } => depth += 1,
                Token {
                    kind: TokenKind::VariationEnd,
                    ..
                } => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                Token {
                    kind: TokenKind::MoveNumber { number, side },
                    span,
                } if j > k
                    && (self.resumes(tokens, j)
                        || self.black_column(*number, *side, *span, tokens, j)) =>
                {
                    return j;
                }
                Token {
                    kind: TokenKind::Move(_) | TokenKind::Descriptive(_),
                    ..
                } if j > k && self.column_reply(tokens, j) => {
                    return j;
                }
                Token {
                    kind: TokenKind::Outcome { .. },
                    ..
                } => return j,
                // A termination word ends the game only as its closing words: one that moves
                // or words follow is commentary's (`threatening mate, wins a Pawn`, Capablanca;
                // `Mate was threatened by: 45. Kt-Kt4ch`, Lasker).
                Token {
                    kind: TokenKind::Termination { .. },
                    ..
                } if closing(&tokens[j + 1..]) => return j,
                _ => {}
            }
        }
        tokens.len()
    }

    /// At a token outside the main line of printed text (see the module documentation): when
    /// the stretch it starts holds prose, the stretch is commentary, read as such, and the
    /// index after it is returned with the moves it held (for the count of moves unread).
    /// `None`: no prose, and the token is read by the rules of a sheet.
    pub(super) fn commentary(&mut self, tokens: &[Token<'_>], k: usize) -> Option<(usize, usize)> {
        let end = self.stretch_end(tokens, k);
        let prose = (k..end).find(|&j| self.is_prose(tokens, j))?;
        let words = super::words(&tokens[k..end]);
        let trailing = tokens[end..].iter().all(|t| {
            !matches!(
                t.kind,
                TokenKind::MoveNumber { .. }
                    | TokenKind::Move(_)
                    | TokenKind::Descriptive(_)
                    | TokenKind::Word { .. }
            )
        });
        // Where Black's reply to the last move belongs, on White's line, words with a figure
        // in them (a rank, a number) are the reply written wrong (`27. P - B 6 ch   t - Kt
        // 1`, an edit of `K - Kt 1`), never closing words: read by the rules of a sheet.
        let same_line = |a: u32, b: u32| {
            let (a, b) = (a.min(b) as usize, a.max(b) as usize);
            self.source.get(a..b).is_some_and(|gap| !gap.contains('\n'))
        };
        if trailing
            && self.ended.is_none()
            && self.pos.turn() == Color::Black
            && self
                .white_move_end()
                .is_some_and(|w| same_line(w, tokens[k].span().start))
            && (k..end)
                .take_while(|&j| same_line(tokens[k].span().start, tokens[j].span().start))
                .any(|j| {
                    matches!(
                        tokens[j].kind,
                        TokenKind::MoveNumber { .. }
                            | TokenKind::Move(_)
                            | TokenKind::Descriptive(_)
                            | TokenKind::Word { .. }
                    ) && without_citation(text_of(self.source, tokens[j].span()))
                        .bytes()
                        .any(|c| c.is_ascii_digit())
                })
        {
            return None;
        }
        if trailing && self.ended.is_none() {
            // After the last number: closing words, unless a legal move stands among them.
            if let Some(j) = (k..end).find(|&j| self.reads_legal_token(&tokens[j])) {
                let remaining = super::words(&tokens[j..]);
                self.unnumbered(tokens[j].span(), remaining);
                return Some((end, words));
            }
            let span = Span::new(tokens[k].span().start, tokens[end - 1].span().end);
            let mut d = self.diagnostic(Finding::UnknownWord, span);
            d.ply = None;
            d.move_number = None;
            d.written = Some(self.word_text(span));
            self.report.diagnostics.push(d);
            return Some((end, words));
        }
        self.note_prose(tokens[prose].span());
        self.pending_variations.push(super::variation::Pending {
            start: k,
            end,
            after_ply: None,
            parenthesised: false,
        });
        let stretch = Span::new(tokens[k].span().start, tokens[end - 1].span().end);
        if let Some(p) = self.printed_mut() {
            p.set_aside = Some(match p.set_aside {
                Some(before) => Span::new(before.start, stretch.end),
                None => stretch,
            });
        }
        // A resignation in the notes' words ends the game: what follows is a variation
        // (`y las negras abandonaron ante 6. dxc5`).
        if !self.report.moves.is_empty()
            && tokens[k..end].iter().any(|t| match &t.kind {
                TokenKind::Termination { termination, .. } => self.closes(*termination),
                _ => false,
            })
        {
            self.close_printed();
        }
        Some((end, words))
    }

    /// Whether a termination word ends the game for good: a resignation, or a forfeit. After
    /// it, printed moves are a variation (a line the loser feared, a puzzle's refutation),
    /// never the game's.
    pub(super) fn closes(&self, termination: Termination) -> bool {
        !self.report.moves.is_empty()
            && matches!(termination, Termination::Resignation | Termination::Forfeit)
    }

    /// After the game's end in printed text (`closed`): the tokens from `k` to the next result
    /// or the end are a variation, read as none of the game's moves, with the `variation` note
    /// once. Returns the index after them; `None` when nothing of a move stands at `k`.
    pub(super) fn after_close(&mut self, tokens: &[Token<'_>], k: usize) -> Option<usize> {
        if !matches!(
            tokens[k].kind,
            TokenKind::MoveNumber { .. }
                | TokenKind::Move(_)
                | TokenKind::Descriptive(_)
                | TokenKind::Word { .. }
                | TokenKind::VariationStart
        ) {
            return None;
        }
        let mut depth = 0u32;
        let mut end = tokens.len();
        for (j, t) in tokens.iter().enumerate().skip(k) {
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::Outcome { .. } if depth == 0 => {
                    end = j;
                    break;
                }
                _ => {}
            }
        }
        self.pending_variations.push(super::variation::Pending {
            start: k,
            end,
            after_ply: None,
            parenthesised: false,
        });
        if let Some(p) = self.printed_mut()
            && !p.variation_noted
        {
            p.variation_noted = true;
            let span = Span::new(tokens[k].span().start, tokens[end - 1].span().end);
            let mut d = self.diagnostic(Finding::Variation, span);
            d.ply = None;
            d.move_number = None;
            d.written = Some(self.word_text(span));
            self.report.diagnostics.push(d);
        }
        Some(end)
    }

    /// On a sheet, a run of words at `k` that stands before the first number or move
    /// (`first`), as a heading (`Moves: 1.e4 e5`, Wikibooks), or after the last (`last`), as
    /// closing words (`2.e5 Línea principal`, Spanish Wikipedia), and whose every word is
    /// prose: the heading gets the `prose` note, the closing words an `unknown-word` warning.
    /// Returns the index after the run. A word one edit from a legal move is no prose, so no
    /// slip of the first or last move hides here.
    pub(super) fn label(
        &mut self,
        tokens: &[Token<'_>],
        k: usize,
        first: Option<usize>,
        last: Option<usize>,
    ) -> Option<usize> {
        let end = k + tokens[k..]
            .iter()
            .take_while(|t| matches!(t.kind, TokenKind::Word { .. }))
            .count();
        let leading = first == Some(k);
        let trailing = last.is_some_and(|l| l < end);
        if !(leading || trailing) || !(k..end).all(|j| self.is_prose(tokens, j)) {
            return None;
        }
        let span = Span::new(tokens[k].span().start, tokens[end - 1].span().end);
        if leading {
            self.note_prose(span);
        } else {
            let mut d = self.diagnostic(Finding::UnknownWord, span);
            d.ply = None;
            d.move_number = None;
            d.written = Some(self.word_text(span));
            self.report.diagnostics.push(d);
        }
        Some(end)
    }

    /// The `prose` note, once a game, at the first word of prose.
    pub(super) fn note_prose(&mut self, span: Span) {
        if !self.prose_noted {
            self.prose_noted = true;
            let mut d = self.diagnostic(Finding::Prose, span);
            d.ply = None;
            d.move_number = None;
            self.report.diagnostics.push(d);
        }
    }

    /// Whether a move token reads as a legal move in the current position.
    fn reads_legal_token(&self, token: &Token<'_>) -> bool {
        let options = self.options.resolve_options();
        let language = &self.options.language;
        let r = match &token.kind {
            TokenKind::Move(readings) => resolve(&self.pos, readings, language, options),
            TokenKind::Descriptive(d) => resolve_descriptive(&self.pos, d, language, options),
            _ => return false,
        };
        names_legal(&r)
    }

    /// A move of printed text that stands without its number, outside commentary: an error,
    /// never a move of the main line by guess.
    pub(super) fn unnumbered(&mut self, span: Span, remaining: usize) {
        let mut d = self.diagnostic(Finding::UnnumberedMove, span);
        d.written = Some(self.word_text(span));
        d.rule = Some(self.recording_rule());
        self.report.diagnostics.push(d);
        self.stop(span.start, remaining);
    }
}
