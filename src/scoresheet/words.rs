//! The words of a Spanish scoresheet: header fields and results.

use core::fmt;

/// A game result, as written in the movetext or in a header.
///
/// PGN §8.2.6 for `1-0`, `0-1`, `1/2-1/2` and `*`; `½-½` and the Spanish words are lenient
/// extensions. Art. 8.7 (2005 and 2023): both players sign the sheets, stating the result.
///
/// ```
/// use planilla::scoresheet::Outcome;
/// assert_eq!(Outcome::from_text("tablas"), Some(Outcome::Draw));
/// assert_eq!(Outcome::from_text("abandonan las negras"), Some(Outcome::WhiteWins));
/// assert_eq!(Outcome::Draw.pgn(), Some("1/2-1/2"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`, "ganan las blancas", "abandonan las negras".
    WhiteWins,
    /// `0-1`, "ganan las negras", "abandonan las blancas".
    BlackWins,
    /// `1/2-1/2`, `½-½`, "tablas", "empate".
    Draw,
    /// `*`: unknown, or game still in progress.
    Unknown,
    /// "abandonan" with no colour: the side to move resigned. Only the position knows who
    /// that is.
    SideToMoveResigns,
}

impl Outcome {
    /// The PGN result string; `None` for [`Outcome::SideToMoveResigns`].
    pub const fn pgn(self) -> Option<&'static str> {
        Some(match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
            Outcome::SideToMoveResigns => return None,
        })
    }

    /// Reads a whole text (already normalized) as a result; `None` if it is not one.
    pub fn from_text(text: &str) -> Option<Outcome> {
        let t = text.trim();
        match outcome_at(t, 0) {
            Some((o, end)) if end == t.len() => Some(o),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn().unwrap_or("abandonan"))
    }
}

/// The error of [`Outcome::from_str`](core::str::FromStr): the text is no result.
///
/// ```
/// use planilla::{Outcome, ParseOutcomeError};
/// assert_eq!("1-0".parse::<Outcome>(), Ok(Outcome::WhiteWins));
/// assert_eq!("tablas".parse::<Outcome>(), Ok(Outcome::Draw));
/// assert_eq!("2-0".parse::<Outcome>(), Err(ParseOutcomeError));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a result (expected 1-0, 0-1, 1/2-1/2, ½-½, * or a Spanish result word)")]
pub struct ParseOutcomeError;

/// Reads a whole text as a result, as a sheet writes it: the PGN forms, `½-½`, and the Spanish
/// words ([`Outcome::from_text`], after the text is normalized).
///
/// ```
/// use planilla::scoresheet::Outcome;
/// assert_eq!("1-0".parse(), Ok(Outcome::WhiteWins));
/// assert_eq!("½-½".parse(), Ok(Outcome::Draw));
/// assert_eq!("abandonan las negras".parse(), Ok(Outcome::WhiteWins));
/// assert!("2-0".parse::<Outcome>().is_err());
/// ```
impl core::str::FromStr for Outcome {
    type Err = ParseOutcomeError;
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        Outcome::from_text(crate::text::normalize(s).as_str()).ok_or(ParseOutcomeError)
    }
}

/// The Spanish words for results, lowercase, words separated by one space.
const RESULT_WORDS: &[(&str, Outcome)] = &[
    ("tablas por acuerdo", Outcome::Draw),
    ("tablas acordadas", Outcome::Draw),
    ("tablas", Outcome::Draw),
    ("empate", Outcome::Draw),
    ("abandonan las blancas", Outcome::BlackWins),
    ("abandonan blancas", Outcome::BlackWins),
    ("abandonan las negras", Outcome::WhiteWins),
    ("abandonan negras", Outcome::WhiteWins),
    ("abandonan", Outcome::SideToMoveResigns),
    ("abandona", Outcome::SideToMoveResigns),
    ("abandono", Outcome::SideToMoveResigns),
    ("se rinden", Outcome::SideToMoveResigns),
    ("las blancas abandonan", Outcome::BlackWins),
    ("blancas abandonan", Outcome::BlackWins),
    ("las negras abandonan", Outcome::WhiteWins),
    ("negras abandonan", Outcome::WhiteWins),
    ("ganan las blancas", Outcome::WhiteWins),
    ("ganan blancas", Outcome::WhiteWins),
    ("ganan las negras", Outcome::BlackWins),
    ("ganan negras", Outcome::BlackWins),
    ("blancas ganan", Outcome::WhiteWins),
    ("negras ganan", Outcome::BlackWins),
    // Print's closing words: the side named wins, or the side that moved last ("6. a8(D) y
    // ganan", a book line; "and wins", Bird, 1893): the side to move has lost.
    ("y ganan las blancas", Outcome::WhiteWins),
    ("y ganan las negras", Outcome::BlackWins),
    ("y las blancas ganan", Outcome::WhiteWins),
    ("y las negras ganan", Outcome::BlackWins),
    ("y ganan", Outcome::SideToMoveResigns),
    ("and wins", Outcome::SideToMoveResigns),
];

/// The first words of [`RESULT_WORDS`].
const RESULT_FIRST_WORDS: &[&str] = &[
    "tablas",
    "empate",
    "abandonan",
    "abandona",
    "abandono",
    "se",
    "las",
    "blancas",
    "negras",
    "ganan",
    "y",
    "and",
];

/// For each letter `a`..`z`, a bit for the length of each of [`RESULT_FIRST_WORDS`] that
/// begins with it (see [`may_begin`]).
const RESULT_RUNS_BY_LETTER: [u32; 26] = {
    let mut table = [0u32; 26];
    let mut k = 0;
    while k < RESULT_FIRST_WORDS.len() {
        let w = RESULT_FIRST_WORDS[k].as_bytes();
        table[(w[0] - b'a') as usize] |= 1 << w.len();
        k += 1;
    }
    table
};

/// Whether a word of `len` letters that begins with the ASCII letter `first` may begin a
/// phrase of a table of bits by letter and length: two instructions reject nearly every word
/// the lexer reads (a player's name, a header's word).
fn may_begin(table: &[u32; 26], first: u8, len: usize) -> bool {
    let c = first.to_ascii_lowercase();
    c.is_ascii_lowercase() && len < 32 && table[usize::from(c - b'a')] >> len & 1 == 1
}

/// The symbolic results, after normalization (`½` reads as `1/2`).
const RESULT_SIGNS: &[(&str, Outcome)] = &[
    ("1/2-1/2", Outcome::Draw),
    ("1-0", Outcome::WhiteWins),
    ("0-1", Outcome::BlackWins),
    ("1/2", Outcome::Draw),
    ("*", Outcome::Unknown),
];

/// Matches `phrase` (lowercase words separated by single spaces) at `i`, case-insensitively,
/// with any run of spaces or tabs between words, ending at a word boundary. Returns the end.
fn phrase_at(b: &[u8], i: usize, phrase: &str) -> Option<usize> {
    let mut j = i;
    for &p in phrase.as_bytes() {
        if p == b' ' {
            // One or more spaces or tabs between the words.
            let s = j;
            while matches!(b.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            if j == s {
                return None;
            }
        } else {
            if !b.get(j)?.eq_ignore_ascii_case(&p) {
                return None;
            }
            j += 1;
        }
    }
    // `1-0-0` is no result (a castling sign with a slip): a result ends at a word boundary.
    match b.get(j) {
        Some(c) if c.is_ascii_alphanumeric() || *c >= 0x80 || matches!(c, b'-' | b'/') => None,
        _ => Some(j),
    }
}

/// How many ASCII letters stand at byte `at`; `None` when a digit follows them, which makes
/// the word a move (`e4`, `Cf3`, `exd5`: E5, E6; C.5, C.6), never a result, termination or
/// header word.
pub(crate) fn word_letters(b: &[u8], at: usize) -> Option<usize> {
    let len = b
        .get(at..)?
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    (!b.get(at + len).is_some_and(u8::is_ascii_digit)).then_some(len)
}

/// A result at byte `i` of normalized text: the outcome and the byte after it.
pub(crate) fn outcome_at(s: &str, i: usize) -> Option<(Outcome, usize)> {
    let b = s.as_bytes();
    let c = *b.get(i)?;
    let table = if c.is_ascii_alphabetic() {
        // Fast rejection: the first word must be the first word of some phrase (moves are
        // short words like `e`, `Cf`, `exd`, so this costs one comparison or two).
        let word = &b[i..];
        let len = word_letters(b, i)?;
        if !may_begin(&RESULT_RUNS_BY_LETTER, c, len)
            || !RESULT_FIRST_WORDS
                .iter()
                .any(|w| w.len() == len && w.as_bytes().eq_ignore_ascii_case(&word[..len]))
        {
            return None;
        }
        RESULT_WORDS
    } else if c == b'*' || ((c == b'0' || c == b'1') && matches!(b.get(i + 1), Some(b'-' | b'/'))) {
        RESULT_SIGNS
    } else {
        return None;
    };
    // Print's closing words ("y ganan", "and wins") close the text they end: only the end of
    // the line, or a full stop, may follow them; in a sentence ("y ganan la dama") they are
    // prose.
    let closes_line = |e: usize| {
        b[e..]
            .iter()
            .take_while(|&&c| c != b'\n')
            .all(|&c| c.is_ascii_whitespace() || c == b'.')
    };
    table
        .iter()
        .filter_map(|&(p, o)| phrase_at(b, i, p).map(|e| (p, o, e)))
        .filter(|&(p, _, e)| !(p.starts_with("y ") || p.starts_with("and ")) || closes_line(e))
        .map(|(_, o, e)| (o, e))
        .max_by_key(|&(_, e)| e)
}

/// How a game ended, as written after the last move or after the result: a termination word
/// of a real scoresheet. Becomes the PGN `Termination` tag (PGN §9.8.1) or a comment; a
/// termination that the board contradicts (`mate` on a position that is not checkmate) is a
/// `result-mismatch`.
///
/// ```
/// use planilla::scoresheet::Termination;
/// assert_eq!(Termination::from_text("jaque mate"), Some(Termination::Checkmate));
/// assert_eq!(Termination::from_text("(tiempo)"), Some(Termination::Time));
/// assert_eq!(Termination::from_text("W.O."), Some(Termination::Forfeit));
/// assert_eq!(Termination::from_text("e4"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// `abandono`, `abandona`, `se rinde`, `resigns` (Art. 5.1.2 (2018, 2023); 5.1.b (2005)).
    Resignation,
    /// `tiempo`, `(tiempo)`, `por tiempo`, `time`: a flag fell (Art. 6.9 (2018, 2023); 6.10
    /// (2005)).
    Time,
    /// `incomparecencia`, `W.O.`, `forfeit`: a player did not appear (Art. 6.7).
    Forfeit,
    /// `tablas`, `tablas por acuerdo`, `draw agreed`: a draw by agreement (Art. 9.1).
    DrawAgreed,
    /// `mate`, `jaque mate`, `checkmate` (Art. 5.1.1 (2018, 2023); 5.1.a (2005)).
    Checkmate,
    /// `ahogado`, `rey ahogado`, `stalemate` (Art. 5.2.1 (2018, 2023); 5.2.a (2005)).
    Stalemate,
    /// The result written again in words after the result (`1-0 ganan las blancas`).
    Restated,
}

impl Termination {
    /// The PGN `Termination` tag value (PGN §9.8.1): `normal`, `time forfeit`, `abandoned`.
    pub const fn pgn(self) -> &'static str {
        match self {
            Termination::Time => "time forfeit",
            Termination::Forfeit => "abandoned",
            _ => "normal",
        }
    }

    /// The termination's word as planilla writes it in Spanish.
    pub const fn spanish(self) -> &'static str {
        match self {
            Termination::Resignation => "abandono",
            Termination::Time => "por tiempo",
            Termination::Forfeit => "incomparecencia",
            Termination::DrawAgreed => "tablas por acuerdo",
            Termination::Checkmate => "jaque mate",
            Termination::Stalemate => "ahogado",
            Termination::Restated => "",
        }
    }

    /// Reads a whole text (already normalized) as a termination, with or without
    /// parentheses; `None` if it is not one.
    pub fn from_text(text: &str) -> Option<Termination> {
        let t = text.trim();
        match termination_at(t, 0) {
            Some((kind, end)) if end == t.len() => Some(kind),
            _ => None,
        }
    }
}

/// Termination words, lowercase, words separated by one space; longest first where one is
/// the start of another.
const TERMINATION_WORDS: &[(&str, Termination)] = &[
    ("abandono", Termination::Resignation),
    ("abandona", Termination::Resignation),
    ("abandonan", Termination::Resignation),
    // Print tells the resignation in the past (`y las negras abandonaron`, a column's closing
    // words; `se rindieron`): the same verbs; a player's, in the singular (`y Leko se rindió
    // en vista de 53 ..Rg7`, `y Van Wely se rindió porque tras 38... T - b6`: two columns of
    // El País, 2010).
    ("abandonaron", Termination::Resignation),
    ("abandonó", Termination::Resignation),
    ("se rinde", Termination::Resignation),
    ("se rinden", Termination::Resignation),
    ("se rindieron", Termination::Resignation),
    ("se rindió", Termination::Resignation),
    ("resigns", Termination::Resignation),
    ("resigned", Termination::Resignation),
    ("por tiempo", Termination::Time),
    ("tiempo", Termination::Time),
    ("on time", Termination::Time),
    ("time", Termination::Time),
    ("incomparecencia", Termination::Forfeit),
    ("w.o.", Termination::Forfeit),
    ("w.o", Termination::Forfeit),
    ("forfeit", Termination::Forfeit),
    ("tablas por acuerdo", Termination::DrawAgreed),
    ("tablas", Termination::DrawAgreed),
    ("draw agreed", Termination::DrawAgreed),
    ("jaque mate", Termination::Checkmate),
    ("mate", Termination::Checkmate),
    ("checkmate", Termination::Checkmate),
    ("rey ahogado", Termination::Stalemate),
    ("ahogado", Termination::Stalemate),
    ("stalemate", Termination::Stalemate),
];

/// How many letters begin each phrase of [`TERMINATION_WORDS`] (`se rinde`: 2), computed once
/// rather than for every word the lexer reads.
const TERMINATION_FIRST_RUNS: [u8; TERMINATION_WORDS.len()] = {
    let mut runs = [0; TERMINATION_WORDS.len()];
    let mut k = 0;
    while k < runs.len() {
        let p = TERMINATION_WORDS[k].0.as_bytes();
        let mut n = 0;
        while n < p.len() && p[n].is_ascii_alphabetic() {
            n += 1;
        }
        runs[k] = n as u8;
        k += 1;
    }
    runs
};

/// [`TERMINATION_FIRST_RUNS`] by first letter, as [`RESULT_RUNS_BY_LETTER`].
const TERMINATION_RUNS_BY_LETTER: [u32; 26] = {
    let mut table = [0u32; 26];
    let mut k = 0;
    while k < TERMINATION_WORDS.len() {
        let first = TERMINATION_WORDS[k].0.as_bytes()[0];
        table[(first - b'a') as usize] |= 1 << TERMINATION_FIRST_RUNS[k];
        k += 1;
    }
    table
};

/// A termination word at byte `i` of normalized text, alone or in parentheses (`(tiempo)`):
/// the termination and the byte after it.
pub(crate) fn termination_at(s: &str, i: usize) -> Option<(Termination, usize)> {
    let b = s.as_bytes();
    let (open, from) = match b.get(i)? {
        b'(' => (true, i + 1),
        c if c.is_ascii_alphabetic() => (false, i),
        _ => return None,
    };
    // Fast rejection, as in `outcome_at`: the letters at `from` must be the first letters of
    // some phrase (a move such as `Cf3` or `exd5` is rejected by one length comparison).
    let letters = &b[from..from + word_letters(b, from)?];
    let &first = letters.first()?;
    if !may_begin(&TERMINATION_RUNS_BY_LETTER, first, letters.len())
        || !TERMINATION_WORDS
            .iter()
            .zip(TERMINATION_FIRST_RUNS)
            .any(|((p, _), run)| {
                run as usize == letters.len()
                    && p.as_bytes()[..run as usize].eq_ignore_ascii_case(letters)
            })
    {
        return None;
    }
    let (kind, end) = TERMINATION_WORDS
        .iter()
        .filter_map(|&(p, t)| phrase_at(b, from, p).map(|e| (t, e)))
        .max_by_key(|&(_, e)| e)?;
    if !open {
        return Some((kind, end));
    }
    (b.get(end) == Some(&b')')).then_some((kind, end + 1))
}

/// A header field of a Spanish scoresheet, mapped to the Seven Tag Roster (PGN §8.1.1).
///
/// ```
/// use planilla::{HeaderField, Parser, games};
/// let text = "Blancas: Ana\nNegras: Luis\nRonda: 3\n\n1. e4 e5 *\n";
/// let game = games(text, Parser::spanish()).next().unwrap()?;
/// let fields: Vec<_> = game.tags.iter().map(|t| (t.spanish, t.name.as_ref())).collect();
/// assert_eq!(fields[2], (Some(HeaderField::Round), "Round"));
/// assert_eq!(fields[0], (Some(HeaderField::White), "White"));
/// # Ok::<(), planilla::ParseError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HeaderField {
    /// `Torneo:` or `Evento:` → `Event`.
    Event,
    /// `Lugar:` or `Sede:` → `Site`.
    Site,
    /// `Fecha:` → `Date` (`dd/mm/aaaa` becomes `aaaa.mm.dd`).
    Date,
    /// `Ronda:` → `Round`.
    Round,
    /// `Blancas:` or `Blanco:` → `White`.
    White,
    /// `Negras:` or `Negro:` → `Black`.
    Black,
    /// `Resultado:` → `Result` (Spanish words become `1-0`, `0-1`, `1/2-1/2`). Read before or
    /// after the moves: after them, it closes the game.
    Result,
    /// `FEN:` → `FEN` (PGN §9.7.2): the position the game starts from, as `convert --to es`
    /// writes it.
    Fen,
    /// `Mesa:`, `Tablero:` or `Board:` → `Board`: the board number an arbiter writes on most
    /// Spanish sheets (the tag broadcasts and pairing programs use). A header, never a move.
    Board,
}

impl HeaderField {
    /// The PGN tag name: `Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`, `FEN`,
    /// `Board`.
    pub const fn tag_name(self) -> &'static str {
        match self {
            HeaderField::Event => "Event",
            HeaderField::Site => "Site",
            HeaderField::Date => "Date",
            HeaderField::Round => "Round",
            HeaderField::White => "White",
            HeaderField::Black => "Black",
            HeaderField::Result => "Result",
            HeaderField::Fen => "FEN",
            HeaderField::Board => "Board",
        }
    }
}

const HEADER_WORDS: &[(&str, HeaderField)] = &[
    ("torneo", HeaderField::Event),
    ("evento", HeaderField::Event),
    ("lugar", HeaderField::Site),
    ("sede", HeaderField::Site),
    ("fecha", HeaderField::Date),
    ("ronda", HeaderField::Round),
    ("blancas", HeaderField::White),
    ("blanco", HeaderField::White),
    ("negras", HeaderField::Black),
    ("negro", HeaderField::Black),
    ("resultado", HeaderField::Result),
    ("fen", HeaderField::Fen),
    ("mesa", HeaderField::Board),
    ("tablero", HeaderField::Board),
    ("board", HeaderField::Board),
];

/// A header field's word and its colon at byte `i` (`Blancas:`, `Fecha :`): the field and the
/// byte after the colon.
pub(crate) fn header_word_at(b: &[u8], i: usize) -> Option<(HeaderField, usize)> {
    // Fastest rejection: the initials of the header words (a value's words, scanned for a
    // second header on the line, mostly fail here).
    if !matches!(
        b.get(i)?.to_ascii_lowercase(),
        b't' | b'e' | b'l' | b's' | b'f' | b'r' | b'b' | b'n' | b'm'
    ) {
        return None;
    }
    // Fast rejection, as in `outcome_at`: header fields are single words, so the alphabetic
    // run at `i` must be one of them (a move such as `Cbxd4` is rejected by its length).
    // Then the colon after it, before the words are compared: a value's words have none.
    let run = word_letters(b, i)?;
    let mut j = i + run;
    while matches!(b.get(j), Some(b' ' | b'\t')) {
        j += 1;
    }
    if b.get(j) != Some(&b':') {
        return None;
    }
    let &(_, field) = HEADER_WORDS
        .iter()
        .find(|(w, _)| w.len() == run && w.as_bytes().eq_ignore_ascii_case(&b[i..i + run]))?;
    Some((field, j + 1))
}

/// A header `Campo: valor` at byte `i`: the field, the value's byte range (trimmed) and where
/// the header ends. The value runs to the end of the line, or to the next header on the same
/// line: a sheet's heading often puts two on one line (`Blancas: Pérez, Ana   Negras: López`),
/// and the value then ends before the second (and a separator `,` `;` `|` before it).
pub(crate) fn header_at(s: &str, i: usize) -> Option<(HeaderField, usize, usize, usize)> {
    let b = s.as_bytes();
    let (field, j) = header_word_at(b, i)?;
    // The value ends at the next header on the line, or at the line's end: looked for in one
    // pass up to whichever comes first, so that a line of many headers is read in linear time
    // (each header looked for its line's end first: 300,000 on one line did not end in 60 s).
    let mut end = j;
    while end < b.len() && b[end] != b'\n' {
        if end > j
            && matches!(b[end - 1], b' ' | b'\t' | b',' | b';' | b'|')
            && header_word_at(b, end).is_some()
        {
            break;
        }
        end += 1;
    }
    let value = s[j..end]
        .trim()
        .trim_end_matches([',', ';', '|'])
        .trim_end();
    let vstart = if value.is_empty() {
        end
    } else {
        value.as_ptr() as usize - s.as_ptr() as usize
    };
    Some((field, vstart, vstart + value.len(), end))
}

/// The PGN form of a Spanish header value: dates `dd/mm/aaaa` and `aaaa/mm/dd` (or with `-` or
/// `.`) become `aaaa.mm.dd`, result words become PGN results; anything else is kept.
///
/// ```
/// use planilla::scoresheet::{pgn_value, HeaderField};
/// assert_eq!(pgn_value(HeaderField::Date, "7/3/2024"), "2024.03.07");
/// assert_eq!(pgn_value(HeaderField::Date, "2025/05/01"), "2025.05.01");
/// assert_eq!(pgn_value(HeaderField::Result, "Tablas"), "1/2-1/2");
/// assert_eq!(pgn_value(HeaderField::White, "Pérez, Ana"), "Pérez, Ana");
/// ```
pub fn pgn_value(field: HeaderField, value: &str) -> String {
    pgn_form(field, value).unwrap_or_else(|| value.to_owned())
}

/// [`pgn_value`], `None` when the value is kept as written (no allocation then).
pub(crate) fn pgn_form(field: HeaderField, value: &str) -> Option<String> {
    match field {
        HeaderField::Date => {
            // Three parts of digits: day, month and a four-digit year, or year first.
            let mut parts = ["", "", ""];
            let mut n = 0;
            for part in value.split(['/', '-', '.']) {
                if n == 3 {
                    return None;
                }
                parts[n] = part.trim();
                n += 1;
            }
            let digits = n == 3
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()));
            let ok = digits && parts[2].len() == 4 && parts[0].len() <= 2 && parts[1].len() <= 2;
            let year_first =
                digits && parts[0].len() == 4 && parts[1].len() <= 2 && parts[2].len() <= 2;
            let [year, month, day] = if ok {
                [parts[2], parts[1], parts[0]]
            } else if year_first {
                parts
            } else {
                return None;
            };
            // `aaaa.mm.dd`, written in one string of its size.
            let mut date = String::with_capacity(10);
            date.push_str(year);
            for part in [month, day] {
                date.push('.');
                if part.len() < 2 {
                    date.push('0');
                }
                date.push_str(part);
            }
            (date != value).then_some(date)
        }
        HeaderField::Result => Outcome::from_text(value)
            .and_then(Outcome::pgn)
            .filter(|&r| r != value)
            .map(str::to_owned),
        _ => None,
    }
}
