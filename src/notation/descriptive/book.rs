//! `book_move`: English descriptive as the books printed it, in words and with spaces
//! (`grammar/descriptiva.ebnf`, `book_move` and the productions under it), read into the
//! word form the move grammar reads (`P to K4` → `P-K4`, `Kt - Q B 3` → `Kt-QB3`,
//! `K. Kt. to B's 3d.` → `KKt-B3`, `Kt P takes P` → `KtPxP`, `K to R square` → `K-R1`),
//! with a map from each byte of the word form back to the printed bytes it stands for.
//!
//! Sources (the keys of `grammar/descriptiva.ebnf`): \[Bird\] (1893) `P to K4`, `Kt takes P`,
//! `K to R square`, `R (Q sq) to Kt sq ch`, `Kts P takes P`, `P takes P en pas`, `K to B` for
//! `K to B square`; \[Capablanca\] (1921) `P - K 4`, `Kt - Q B 3`, `K Kt - B 3`, `Kt × Kt ch`,
//! `Kt (B 5) × Kt P`, `O - O`; \[Rogers\] `Kt.–KB3`, `KB—QKt.5`; \[Lasker\] (1915) `B-KT5`;
//! \[BlueBook\] `K. Kt. to B's 3d.`, `(ch.)`.
//!
//! The parts of a phrase are separated by one space at most: two spaces, a tab or a line
//! break end it (the columns of a printed table are set apart by several). A phrase never
//! ends just before a connector word (`to`, `takes`, a dash, `x`): when it would, its last
//! name belongs to the next phrase (`B takes Kt P takes B` is `B takes Kt`, then
//! `P takes B`).

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::value;
use nom::{IResult, Parser as _};

/// A phrase in the word form, with the printed bytes behind each of its bytes.
#[derive(Debug)]
pub(super) struct WordForm {
    /// The move in the word form the move grammar reads.
    pub text: String,
    /// For each byte of `text`, the printed range it stands for; one more, at the end.
    map: Vec<(u32, u32)>,
    /// The byte of the printed text after the phrase.
    pub end: usize,
}

impl WordForm {
    /// The printed span of the word form's bytes `a..b`.
    pub fn printed(&self, a: u32, b: u32) -> (u32, u32) {
        let (a, b) = (a as usize, b as usize);
        if b > a {
            (self.map[a].0, self.map[b - 1].1)
        } else {
            let at = self.map.get(a).map_or(self.end as u32, |m| m.0);
            (at, at)
        }
    }

    /// The printed byte after the word form's first `k` bytes.
    pub fn printed_end(&self, k: usize) -> usize {
        if k == 0 {
            self.map.first().map_or(self.end, |m| m.0 as usize)
        } else if k >= self.text.len() {
            self.end
        } else {
            self.map[k - 1].1 as usize
        }
    }
}

type In<'a> = &'a [u8];

/// How the piece goes: to a square, or taking a piece.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Link {
    /// A dash, glued or spaced (`P-K4`, `P - K 4`).
    Dash,
    /// The word `to` (`P to K4`).
    To,
    /// `x`, `×`, `:` or the word `takes`.
    Takes,
}

struct Scan<'a> {
    b: In<'a>,
    i: usize,
    text: String,
    map: Vec<(u32, u32)>,
    /// Whether anything was written in a book form (a space, a word, an ordinal...).
    book: bool,
}

/// A name of a piece or a file, as one token: `Kt`, `KT`, `Kts`, `K`, `Q`, `R`, `B`, `N`,
/// `P`; the word form's spelling.
fn name(i: In<'_>) -> IResult<In<'_>, &'static str> {
    alt((
        value("Kt", tag(&b"Kts"[..])),
        value("Kt", tag(&b"Kt"[..])),
        value("Kt", tag(&b"KT"[..])),
        value("K", tag(&b"K"[..])),
        value("Q", tag(&b"Q"[..])),
        value("R", tag(&b"R"[..])),
        value("B", tag(&b"B"[..])),
        value("N", tag(&b"N"[..])),
        value("P", tag(&b"P"[..])),
    ))
    .parse(i)
}

/// An ordinal rank: `1st`, `2d`, `2nd`, `3d`, `3rd`, `4th` … `8th` (\[BlueBook\]).
fn ordinal(i: In<'_>) -> IResult<In<'_>, u8> {
    let (rest, d) = match i.first() {
        Some(&d @ b'1'..=b'8') => (&i[1..], d),
        _ => {
            return Err(nom::Err::Error(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Digit,
            )));
        }
    };
    // The suffix that goes with the figure: `1st`, `2d`/`2nd`, `3d`/`3rd`, `4th`…`8th`. A
    // wrong one (`3th`, `4d`) is a figure or a suffix written wrong: no ordinal.
    let suffixes: &[&[u8]] = match d {
        b'1' => &[b"st"],
        b'2' => &[b"nd", b"d"],
        b'3' => &[b"rd", b"d"],
        _ => &[b"th"],
    };
    let Some(rest) = suffixes.iter().find_map(|s| rest.strip_prefix(*s)) else {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Tag,
        )));
    };
    Ok((rest, d))
}

/// The first rank in words: `square`, `sq.`, `sq` (\[Bird\] `K to R square`, `Kt sq`).
fn square_word(i: In<'_>) -> IResult<In<'_>, ()> {
    value(
        (),
        alt((tag(&b"square"[..]), tag(&b"sq."[..]), tag(&b"sq"[..]))),
    )
    .parse(i)
}

/// A check or mate in words after the move: `ch.`, `ch`, `(ch.)`, `(ch)`, `check`, `mate`
/// (\[Bird\], \[BlueBook\]); a discovered check, which is a check: `(dis. ch.)` (\[BlueBook\]),
/// `dis.(ch)`, `dis. ch` (the *Encyclopaedia Britannica*, 1911; the *Otago Witness*'s column);
/// the word form's spelling.
fn check_word(i: In<'_>) -> IResult<In<'_>, &'static str> {
    alt((
        value(
            "ch",
            alt((
                tag(&b"(dis. ch.)"[..]),
                tag(&b"(dis. ch)"[..]),
                tag(&b"dis.(ch.)"[..]),
                tag(&b"dis.(ch)"[..]),
                tag(&b"dis. (ch.)"[..]),
                tag(&b"dis. (ch)"[..]),
                tag(&b"dis. ch."[..]),
                tag(&b"dis. ch"[..]),
                tag(&b"dis ch"[..]),
            )),
        ),
        value("ch", tag(&b"(ch.)"[..])),
        value("ch", tag(&b"(ch)"[..])),
        value("ch", tag(&b"check"[..])),
        value("ch", tag(&b"ch."[..])),
        value("ch", tag(&b"ch"[..])),
        value(" mate", tag(&b"mate"[..])),
    ))
    .parse(i)
}

/// The en passant mark in words: `en passant`, `en pas.`, `en pas` (\[Bird\]); `in passing`,
/// `(in passing)`, `_en passant_` (italics in the e-text) (\[BlueBook\] blue-32, blue-05,
/// blue-22).
fn en_passant_words(i: In<'_>) -> IResult<In<'_>, ()> {
    value(
        (),
        alt((
            tag(&b"en passant"[..]),
            tag(&b"_en passant_"[..]),
            tag(&b"en pas."[..]),
            tag(&b"en pas"[..]),
            tag(&b"(in passing)"[..]),
            tag(&b"in passing"[..]),
        )),
    )
    .parse(i)
}

/// The rank figure `d` (`b'1'..=b'8'`) as text.
fn digit(d: u8) -> &'static str {
    let k = usize::from(d - b'1');
    &"12345678"[k..=k]
}

/// Whether a word ends at `k`: the end, white space or a mark that cannot go on a word.
fn word_end(b: In<'_>, k: usize) -> bool {
    match b.get(k) {
        None => true,
        Some(c) => {
            c.is_ascii_whitespace()
                || matches!(
                    c,
                    b',' | b';' | b'!' | b'?' | b')' | b'(' | b'{' | b'}' | b'['
                )
                || (*c == b'.' && word_end(b, k + 1))
        }
    }
}

impl<'a> Scan<'a> {
    /// A scan of `b` from byte `i`, with nothing written yet.
    fn at(b: In<'a>, i: usize) -> Scan<'a> {
        Scan {
            b,
            i,
            text: String::new(),
            map: Vec::new(),
            book: false,
        }
    }

    /// Writes `s` for the printed bytes `from..to`.
    fn put(&mut self, s: &str, from: usize, to: usize) {
        self.text.push_str(s);
        self.map
            .extend(core::iter::repeat_n((from as u32, to as u32), s.len()));
    }

    /// One space that separates two parts of a phrase (never two, never before a space).
    fn space_at(&self, k: usize) -> bool {
        self.b.get(k) == Some(&b' ') && self.b.get(k + 1).is_some_and(|c| !c.is_ascii_whitespace())
    }

    /// Runs `p` at `k`, or after one space there: what it read, where it started (`k` or
    /// `k + 1`) and the byte after it.
    fn at_or_spaced<T>(
        &self,
        k: usize,
        p: impl Fn(In<'a>) -> IResult<In<'a>, T>,
    ) -> Option<(T, usize, usize)> {
        let b = self.b.get(k..).unwrap_or_default();
        if let Ok((rest, t)) = p(b) {
            return Some((t, k, self.b.len() - rest.len()));
        }
        if self.space_at(k)
            && let Ok((rest, t)) = p(&self.b[k + 1..])
        {
            return Some((t, k + 1, self.b.len() - rest.len()));
        }
        None
    }

    /// A connector at `k`: a dash or `x`/`×`/`:`, glued or spaced, or the words `to` and
    /// `takes` (`take`, as \[Bird\] prints it twice) between single spaces.
    fn link_at(&self, k: usize) -> Option<(Link, usize, usize)> {
        let sign = |i: In<'a>| -> IResult<In<'a>, Link> {
            alt((
                value(Link::Dash, tag(&b"-"[..])),
                value(Link::Takes, tag(&b"x"[..])),
                value(Link::Takes, tag("×".as_bytes())),
                value(Link::Takes, tag(&b":"[..])),
            ))
            .parse(i)
        };
        if let Some((link, from, to)) = self.at_or_spaced(k, sign) {
            // A spaced sign is followed by one space or by the next part glued.
            let to = if from > k && self.space_at(to) {
                to + 1
            } else {
                to
            };
            return Some((link, from, to));
        }
        if !self.space_at(k) {
            return None;
        }
        let w = &self.b[k + 1..];
        let word = |t: &[u8], link| {
            (w.starts_with(t) && self.space_at(k + 1 + t.len())).then_some((
                link,
                k + 1,
                k + 2 + t.len(),
            ))
        };
        word(b"to", Link::To)
            .or_else(|| word(b"takes", Link::Takes))
            .or_else(|| word(b"take", Link::Takes))
    }

    /// A name at `k`, with its abbreviation dot or possessive (`Kt.`, `K's`): the word form's
    /// spelling and the printed range, dot included.
    fn name_at(&self, k: usize) -> Option<(&'static str, usize, usize)> {
        let (rest, n) = name(self.b.get(k..)?).ok()?;
        let mut end = self.b.len() - rest.len();
        // `Kts` qualifies the pawn that follows it, one space apart (`Kts P`): never with a
        // dot or a possessive of its own (`Kts.`, `Kts's`: a name written wrong).
        if end - k == 3 && self.b.get(end) != Some(&b' ') {
            return None;
        }
        // A name runs into no other lowercase letter (`King`, `Black` are words) but the
        // capture mark (`RxP`).
        if self
            .b
            .get(end)
            .is_some_and(|&c| c.is_ascii_lowercase() && c != b'x')
        {
            return None;
        }
        // `Q'S 3d.` with a capital S (blue-26) is the same possessive.
        if self.b[end..].starts_with(b"'s") || self.b[end..].starts_with(b"'S") {
            end += 2;
            // The possessive ends the name: `Q'sN`, `B's3` are a name written wrong.
            if self.b.get(end).is_some_and(u8::is_ascii_alphanumeric) {
                return None;
            }
        } else if self.b.get(end) == Some(&b'.')
            && !self.b.get(end + 1).is_some_and(|c| c.is_ascii_digit())
        {
            end += 1;
            // The abbreviation's dot and then the possessive (`K.'s Kt. to B.'s 3rd.`, `P.
            // to Q.'s 4th.`: *The chess-player's text book*; `P. to K. Kt.'s 4th.`: *Every
            // Boy's Book*; `Kt. to Kt.'s 7th (ch.)`, `Q. to her Kt.'s 3rd.`: Bohn's
            // handbook, about 1850): the same name.
            if self.b[end..].starts_with(b"'s") || self.b[end..].starts_with(b"'S") {
                end += 2;
                if self.b.get(end).is_some_and(u8::is_ascii_alphanumeric) {
                    return None;
                }
            }
        }
        Some((n, k, end))
    }

    /// Up to `max` names, glued or one space apart (`K Kt`, `Q B P`, `K. Kt.`, `QKt`). The
    /// moving `piece`'s names stand before a connector; any other part gives its last spaced
    /// name back when a connector follows it. Returns their end, or `None`.
    fn names(&mut self, max: usize, piece: bool) -> Option<usize> {
        let mut found: Vec<(&'static str, usize, usize)> = Vec::new();
        let mut k = self.i;
        while found.len() < max {
            // Names one space apart only at the phrase's start, or after a connector already
            // printed as books print it: on a sheet, `PxB R(KB1)-QR1` is two moves.
            let at = if found.is_empty() {
                k
            } else if self.space_at(k)
                && (piece || self.book)
                && !matches!(found.last(), Some(("P", _, _)))
            {
                k + 1
            } else {
                k
            };
            match self.name_at(at) {
                // `Kts` (\[Bird\] `Kts P takes P`) names the piece that moves, never a square.
                Some((_, from, to)) if !piece && &self.b[from..to] == b"Kts" => break,
                // After the pawn, no other name: `P Kt` is two phrases.
                Some(n) if !matches!(found.last(), Some(("P", _, _))) => {
                    k = n.2;
                    found.push(n);
                }
                _ => break,
            }
        }
        // A name spaced off whose phrase would end at a connector starts the next phrase.
        while found.len() > 1 {
            let (_, from, end) = found[found.len() - 1];
            let spaced = self.b.get(from - 1) == Some(&b' ');
            if spaced && self.link_at(end).is_some() && !piece {
                found.pop();
            } else {
                break;
            }
        }
        // `Kts` is the knight's file before its pawn (`Kts P`), never the knight itself:
        // `Kts takes B` is a knight's move written wrong.
        match found.last() {
            None => return None,
            Some(&(_, from, _)) if self.b[from..].starts_with(b"Kts") => return None,
            Some(_) => {}
        }
        for &(n, from, to) in &found {
            if to - from != n.len() || self.b[from..to] != *n.as_bytes() {
                self.book = true;
            }
            if from > self.i && self.b[from - 1] == b' ' {
                self.book = true;
            }
            self.put(n, from, to);
        }
        self.i = found.last().map_or(self.i, |n| n.2);
        Some(self.i)
    }

    /// A place in parentheses after a piece: `(B 5)`, `(on R4)`, `(Q sq)`, `(QB3)`, glued or
    /// after one space (\[Capablanca\] `Kt (B 5)`; \[Bird\] `Kt (on R4)`, `R (Q sq)`).
    fn paren_place(&mut self) -> bool {
        let open = if self.b.get(self.i) == Some(&b'(') {
            self.i
        } else if self.space_at(self.i) && self.b.get(self.i + 1) == Some(&b'(') {
            self.i + 1
        } else {
            return false;
        };
        let Some(close) = self.b[open..].iter().take(16).position(|&c| c == b')') else {
            return false;
        };
        let inner = &self.b[open + 1..open + close];
        let inner = inner.strip_prefix(b"on ").unwrap_or(inner);
        // The names, then a rank: a digit (glued or spaced) or `sq`; `!` and `?` dropped.
        let mut out = String::from("(");
        let mut j = 0;
        let mut names = 0;
        while j < inner.len() && names < 2 {
            let Ok((rest, n)) = name(&inner[j..]) else {
                break;
            };
            out.push_str(n);
            j = inner.len() - rest.len();
            names += 1;
            if inner.get(j) == Some(&b' ')
                && inner.get(j + 1).is_some_and(|c| c.is_ascii_uppercase())
            {
                j += 1;
            }
        }
        if inner.get(j) == Some(&b' ') {
            j += 1;
        }
        match inner.get(j) {
            Some(&d @ b'1'..=b'8') => {
                out.push(d as char);
                j += 1;
            }
            _ if inner[j..].starts_with(b"sq") => {
                out.push('1');
                j += 2;
            }
            _ => {}
        }
        while matches!(inner.get(j), Some(b'!' | b'?' | b'.')) {
            j += 1;
        }
        if j != inner.len() || out.len() == 1 {
            return false;
        }
        out.push(')');
        let to = open + close + 1;
        if out.as_bytes() != &self.b[open..to] || open > self.i {
            self.book = true;
        }
        let n = out.len();
        self.text.push_str(&out);
        self.map
            .extend(core::iter::repeat_n((open as u32, to as u32), n));
        self.i = to;
        true
    }

    /// The square after `-` or `to`: one or two file names, then a rank, an ordinal or
    /// Whether two names, one space apart, then a space and a rank's figure that ends the word
    /// stand at the scan's place (`K B 3`).
    fn spaced_square_follows(&self) -> bool {
        let b = self.b;
        let Some((_, _, first)) = self.name_at(self.i) else {
            return false;
        };
        if b.get(first) != Some(&b' ') {
            return false;
        }
        let Some((_, _, second)) = self.name_at(first + 1) else {
            return false;
        };
        b.get(second) == Some(&b' ')
            && b.get(second + 1).is_some_and(|d| (b'1'..=b'8').contains(d))
            && word_end(b, second + 2)
            && b.get(second + 2) != Some(&b'.')
    }

    /// `square`; with `to` and no rank, the first rank (\[Bird\]: `K to B`, `R to QB`).
    fn square(&mut self, link: Link) -> bool {
        // Two names and the rank spaced after a glued dash are a book's square too (`Kt-K B
        // 3`, `P-Q B 4`: the OCR of New Zealand's chess columns, 1878–1928, and of Hoyle's
        // tables), when nothing but the word's end follows the rank.
        if link == Link::Dash && !self.book && self.spaced_square_follows() {
            self.book = true;
        }
        if link == Link::To && self.own_file() {
            // `his B's 5th`: the wing written, the file's name still to read.
            if self.names(1, false).is_none() && !self.rank_follows() {
                return false;
            }
        } else if self.names(2, false).is_none() {
            return false;
        }
        let k = self.i;
        let b = self.b;
        if let Some(&d @ b'1'..=b'8') = b.get(k) {
            // The square written twice has no reading, in a book's phrase or not (`K-R3 sq`,
            // an edit of `K-R sq`).
            if square_again(b, k + 1, link) {
                return false;
            }
            self.put(digit(d), k, k + 1);
            self.i = k + 1;
            return true;
        }
        // Names glued to their rank by a dot: `QKt.5` (\[Rogers\]).
        if b.get(k) == Some(&b'.')
            && let Some(&d @ b'1'..=b'8') = b.get(k + 1)
        {
            if square_again(b, k + 2, link) {
                return false;
            }
            self.put(digit(d), k, k + 2);
            self.i = k + 2;
            self.book = true;
            return true;
        }
        if self.space_at(k) {
            // A spaced digit is the rank after a dash, and never a move number. After `to` it
            // is the rank too (`P to K 4`, `Kt to K B 3`: Hoyle's *Games Modernized*, 1909;
            // the OCR of New Zealand's chess columns), unless one space and a capital follow
            // it: then it is the next move's number and the rank is left out (\[Bird\] `K to B
            // 2 Kt to KB3`).
            let next_move =
                b.get(k + 2) == Some(&b' ') && b.get(k + 3).is_some_and(u8::is_ascii_uppercase);
            if (link == Link::Dash || link == Link::To && !next_move)
                && let Some(&d @ b'1'..=b'8') = b.get(k + 1)
                && word_end(b, k + 2)
                && b.get(k + 2) != Some(&b'.')
            {
                // The rank written twice has no reading (`Kt to Q 2 3`, an edit of `Kt to Q
                // B 3`), unless the second figure is the next move's number, one space and
                // a capital or a figure after it (`P-K 4 P-K 4 2 Kt-KB 3`, the Otago
                // Witness; `Kt to Q B 3 3 11 to Q H 4`, an OCR'd column of Papers Past).
                if !next_move_after(b, k + 4) && square_again(b, k + 2, link) {
                    return false;
                }
                self.put(digit(d), k + 1, k + 2);
                self.i = k + 2;
                self.book = true;
                return true;
            }
            if let Ok((rest, d)) = ordinal(&b[k + 1..]) {
                let mut end = b.len() - rest.len();
                if b.get(end) == Some(&b'.') {
                    end += 1;
                }
                if word_end(b, end) {
                    self.put(digit(d), k + 1, end);
                    self.i = end;
                    self.book = true;
                    return true;
                }
            }
            if let Ok((rest, ())) = square_word(&b[k + 1..]) {
                let end = b.len() - rest.len();
                if word_end(b, end) || b.get(end - 1) == Some(&b'.') {
                    self.put("1", k + 1, end);
                    self.i = end;
                    self.book = true;
                    return true;
                }
            }
        }
        // A possessive names a square still to come (`K. to B's 2d.`): with its rank
        // written wrong (`K. to B's 2..`) the square is incomplete, never the first rank.
        if link == Link::To
            && word_end(b, k)
            && !(b[..k].ends_with(b"'s") || b[..k].ends_with(b"'S"))
            && rankless_end(b, k)
        {
            self.put("1", k, k);
            self.book = true;
        }
        true
    }
}

impl Scan<'_> {
    /// `his` or `her` before the square (\[BlueBook\]: `Q. to her 2d.` is Q2, `K. B. to his sq.`
    /// KB1, `Q. Kt. to his 5th.` QKt5, `Q. to her Kt's 3d.` QKt3, `K. to his B's 5th.` KB5):
    /// the moving piece's own file when the rank follows, its wing when a file's name does.
    /// The piece is named by its origin, so only a piece named with its wing (`K.`, `Q.`, or a
    /// piece qualified by one) has a file of its own. Writes that file or wing; whether it did.
    fn own_file(&mut self) -> bool {
        let k = self.i;
        let w = &self.b[k..];
        if !(w.starts_with(b"his ") || w.starts_with(b"her ")) || !self.space_at(k + 3) {
            return false;
        }
        // The moving piece as the word form wrote it, its place in parentheses left out.
        let piece = self.text[..self.text.len() - 1]
            .split('(')
            .next()
            .unwrap_or_default();
        let own: &'static str = match piece {
            "K" => "K",
            "Q" => "Q",
            "KB" => "KB",
            "QB" => "QB",
            "KKt" => "KKt",
            "QKt" => "QKt",
            "KR" => "KR",
            "QR" => "QR",
            // A bishop keeps the colour of the square it started on. On its first rank, and
            // every other rank from there (the 3d, 5th, 7th), its own file's square has that
            // colour and the other bishop file's has not: `B. to his sq.` (blue-15, blue-17)
            // can reach only its own file's square, so the file's name says as much as the
            // origin. On the 2d, 4th, 6th and 8th it would say the other file: no reading.
            "B" => {
                let odd = match ordinal(&self.b[k + 4..]) {
                    Ok((_, d)) => (d - b'1').is_multiple_of(2),
                    Err(_) => square_word(&self.b[k + 4..]).is_ok(),
                };
                if !odd {
                    return false;
                }
                "B"
            }
            _ => return false,
        };
        let after = k + 4;
        let file_follows = name(&self.b[after..]).is_ok();
        let written = if file_follows { &own[..1] } else { own };
        self.put(written, k, after);
        self.i = if file_follows { after } else { k + 3 };
        self.book = true;
        true
    }

    /// Whether a rank in words follows the cursor after one space (`his 5th`, `his sq.`).
    fn rank_follows(&self) -> bool {
        self.space_at(self.i)
            && (ordinal(&self.b[self.i + 1..]).is_ok()
                || square_word(&self.b[self.i + 1..]).is_ok())
    }
}

/// The verbs that name a move by what it does (\[BlueBook\]), with their printed words.
const VERBS: [(&[u8], super::ast::Verb); 7] = [
    (b"checks", super::ast::Verb::Checks),
    (b"mates", super::ast::Verb::Mates),
    (b"Mates", super::ast::Verb::Mates),
    (b"moves", super::ast::Verb::Moves),
    (b"interposes", super::ast::Verb::Interposes),
    (b"queens", super::ast::Verb::Queens),
    (b"becomes a Queen", super::ast::Verb::Queens),
];

/// Reads a move named by what it does at `at` of `s` (\[BlueBook\]: `P. checks.` (blue-29),
/// `B. checks.` (blue-34), `Kt. mates.`, `Q. Kt. Mates.`, `K. moves.`, `Q. B. interposes.`,
/// `P. queens.`, `P. becomes a Queen.` (blue-18)): the piece's names, one space, the verb,
/// and no connector after it (`K. moves to` is no such move). The move and the byte after it,
/// or `None`.
pub(super) fn verb_phrase(
    s: &str,
    at: usize,
    language: &crate::notation::Language,
) -> Option<(super::ast::DescriptiveMove, usize)> {
    use super::ast::{Action, DescriptiveBody, DescriptiveMove, DescriptivePromotion, PieceMove};
    use crate::notation::Span;
    let b = s.as_bytes();
    let mut sc = Scan::at(b, at);
    sc.names(3, true)?;
    if !sc.space_at(sc.i) {
        return None;
    }
    let k = sc.i + 1;
    let (verb, end) = VERBS.iter().find_map(|&(word, verb)| {
        (b[k..].starts_with(word) && word_end(b, k + word.len())).then_some((verb, k + word.len()))
    })?;
    if sc.link_at(end).is_some() {
        return None;
    }
    let form = sc.finish();
    let (role, letter, from) = super::moves::parse_english_piece(&form.text, language).ok()?;
    let printed = |sp: Span| {
        let (a, b) = form.printed(sp.start, sp.end);
        Span::new(a, b)
    };
    let span = Span::new(k as u32, end as u32);
    let promotion = (verb == super::ast::Verb::Queens).then_some(DescriptivePromotion {
        role: crate::types::Role::Queen,
        span,
        or_place: None,
    });
    let from = super::ast::Place {
        span: printed(from.span),
        ..from
    };
    Some((
        DescriptiveMove {
            body: DescriptiveBody::Piece(PieceMove {
                role,
                letter_span: printed(letter),
                from,
                action: Action::Verb { verb, span },
                promotion,
            }),
            en_passant: None,
            suffix: None,
            draw_offer: None,
            span: Span::new(at as u32, end as u32),
        },
        end,
    ))
}

/// Whether the phrase may end at `k` with its rank left out (\[Bird\] `K to B`, `R to K
/// Castles`): what follows, past a full stop and white space, is the end, a line's end, a
/// capital (the next move, `Castles`), `ch`, or a move number (figures, then a dot or white
/// space). A figure or a lowercase word there is a rank or `sq` written wrong (`K's 4ta.`,
/// `Kt Pquare`, `K's. 4th.`): the square is left incomplete, an error, never the first rank.
fn rankless_end(b: In<'_>, k: usize) -> bool {
    let mut j = k;
    if b.get(j) == Some(&b'.') {
        j += 1;
    }
    let line_end = b[j..]
        .iter()
        .take_while(|c| c.is_ascii_whitespace())
        .any(|&c| c == b'\n');
    let j = j + b[j..]
        .iter()
        .take_while(|c| c.is_ascii_whitespace())
        .count();
    match b.get(j) {
        None => true,
        _ if line_end => true,
        Some(b'C') => b[j..].starts_with(b"Castles"),
        // The next phrase: its piece's names, then a connector (`R to K Kt to B3`).
        // What the connector links to starts with a capital or a figure (`R to K Kt to B3`,
        // `B x P`): `Bxs 4th.` (an edit of `B's 4th.`) is no next phrase.
        Some(c) if c.is_ascii_uppercase() => {
            let mut next = Scan::at(b, j);
            // A possessive names a square, never the piece that moves (`B. to K. Kt's
            // -3d.`, an edit of `Kt's 3d.`, is no `B. to K.` before a move `Kt's-3d`).
            next.names(3, true).is_some()
                && !b[j..next.i.min(b.len())]
                    .windows(2)
                    .any(|w| w == b"'s" || w == b"'S")
                && next.link_at(next.i).is_some_and(|(_, _, to)| {
                    let to = if next.space_at(to) { to + 1 } else { to };
                    b.get(to)
                        .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                })
        }
        // A check word (`book_check`): `ch`, `ch.`, `check`, `(ch.)`.
        Some(b'c' | b'(') => {
            check_word(&b[j..]).is_ok_and(|(rest, _)| word_end(b, b.len() - rest.len()))
        }
        // A move number: figures, then a dot and a space, or a space and the next move's
        // capital (\[Bird\] `2 Kt to KB3`).
        Some(c) if c.is_ascii_digit() => {
            let digits = b[j..].iter().take_while(|c| c.is_ascii_digit()).count();
            let after = &b[j + digits..];
            let dots = after.iter().take_while(|&&c| c == b'.').count();
            // One dot, or Black's three (`2..`, an edit of `2d.`, is no number).
            if dots == 1 || dots == 3 {
                after.get(dots).is_none_or(u8::is_ascii_whitespace)
            } else {
                after.first() == Some(&b' ') && after.get(1).is_some_and(u8::is_ascii_uppercase)
            }
        }
        _ => false,
    }
}

/// Whether a figure just before byte `at` is the next move's number rather than a rank: one
/// space at `at`, then a capital or a figure (`P-K 4 P-K 4 2 Kt-KB 3`, the Otago Witness;
/// `Kt to Q B 3 3 11 to Q H 4`, an OCR'd column of Papers Past; \[Bird\] `P takes P 4 B to
/// B4`).
fn next_move_after(b: In<'_>, at: usize) -> bool {
    b.get(at) == Some(&b' ')
        && b.get(at + 1)
            .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// Whether, after a square already read and one space, the printed text writes a square's
/// part again: a rank in words (`K's2 sq.`, `B's3 4th.`), names then a rank in words
/// (`K3 Kt's 5th.`, `Q2. B's 4th.`), or a spaced figure (`B - B1 3`). The square is then
/// written twice, and the phrase has no reading.
fn square_again(b: In<'_>, k: usize, link: Link) -> bool {
    let mut j = k;
    if b.get(j) == Some(&b'.') {
        j += 1;
    }
    if b.get(j) != Some(&b' ') {
        return false;
    }
    j += 1;
    let rank_word = |j: usize| ordinal(&b[j..]).is_ok() || square_word(&b[j..]).is_ok();
    if rank_word(j) {
        return true;
    }
    // A spaced figure after a dash (\[Capablanca\] `B - B 3`), or after `to` unless one space
    // and the next move's capital follow it: then it is a move number (\[Bird\] `P to K4 2 Kt
    // to KB3`), as `square` reads it.
    let next_move = b.get(j + 1) == Some(&b' ') && b.get(j + 2).is_some_and(u8::is_ascii_uppercase);
    if (link == Link::Dash || link == Link::To && !next_move)
        && b.get(j).is_some_and(u8::is_ascii_digit)
        && word_end(b, j + 1)
        && b.get(j + 1) != Some(&b'.')
    {
        return true;
    }
    let mut names = Scan::at(b, j);
    names.names(2, false).is_some() && names.b.get(names.i) == Some(&b' ') && rank_word(names.i + 1)
}

/// Reads a book phrase at `at` of `s`: the move in its word form, or `None` when the text
/// there is no phrase, or is a word the move grammar reads as it is.
pub(super) fn book_phrase(s: &str, at: usize) -> Option<WordForm> {
    let b = s.as_bytes();
    let mut sc = Scan::at(b, at);
    // Castling spaced as \[Capablanca\] prints it: `O - O`, `O - O - O`.
    for (printed, form) in [(&b"O - O - O"[..], "O-O-O"), (b"O - O", "O-O")] {
        if b[at..].starts_with(printed) && word_end(b, at + printed.len()) {
            sc.put(form, at, at + printed.len());
            sc.i = at + printed.len();
            sc.book = true;
            sc.marks(s);
            return Some(sc.finish());
        }
    }
    sc.names(3, true)?;
    sc.paren_place();
    let (link, from, to) = sc.link_at(sc.i)?;
    if from > sc.i || to > from + 1 || b[from] != b'-' && b[from] != b'x' {
        sc.book = true;
    }
    sc.put(if link == Link::Takes { "x" } else { "-" }, from, to);
    sc.i = to;
    if link == Link::Takes {
        if sc.names(3, false).is_some() {
            sc.paren_place();
            if let Some(((), _, to)) = sc.at_or_spaced(sc.i, en_passant_words) {
                sc.put(" e.p.", sc.i, to);
                sc.i = to;
                sc.book = true;
            }
            // A spaced figure after the piece taken makes its names a square (`B x Kt 5`, an
            // edit of `B - Kt 5`): no phrase names a capture so, and the move grammar reports
            // the error. A figure with a dot, or one space and a capital after it, is the next
            // move's number (\[Bird\] `P takes P 4 B to B4`).
            let k = sc.i;
            if b.get(k) == Some(&b' ')
                && b.get(k + 1).is_some_and(|c| matches!(c, b'1'..=b'8'))
                && word_end(b, k + 2)
                && b.get(k + 2) != Some(&b'.')
                && !next_move_after(b, k + 2)
            {
                return None;
            }
        }
    } else if !sc.square(link) {
        // No square the phrase can finish (`K. B. to Q3. Kt's 5th.`): no phrase, and the move
        // grammar reports the error where the text stands.
        return None;
    }
    // A letter or figure glued after an abbreviation's dot (`K.t`, `Kt.s`) would run into the
    // name once the dot is dropped: a name written wrong, no mark.
    if sc.i > at && b[sc.i - 1] == b'.' && b.get(sc.i).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    sc.marks(s);
    sc.book.then(|| sc.finish())
}

impl Scan<'_> {
    /// The marks after the phrase.
    fn marks(&mut self, s: &str) {
        // What the phrase glues on after its square, piece or check word (`ch`, `+`, `(Q)`,
        // `=Q`, `(=)`) is read by the move grammar as printed.
        if !self.glued(s) {
            if let Some((mark, from, to)) = self.at_or_spaced(self.i, check_word)
                && from > self.i
                && word_end(self.b, to)
            {
                self.put(mark, from, to);
                self.i = to;
                self.book = true;
            }
            self.glued(s);
        }
    }

    /// Copies the bytes glued on at the cursor, up to white space; whether there were any.
    fn glued(&mut self, s: &str) -> bool {
        let (from, n) = (
            self.i,
            self.b[self.i..]
                .iter()
                .take_while(|c| !c.is_ascii_whitespace())
                .count(),
        );
        let to = from + n;
        self.text.push_str(&s[from..to]);
        self.map
            .extend((from as u32..to as u32).map(|k| (k, k + 1)));
        self.i = to;
        n > 0
    }

    fn finish(self) -> WordForm {
        let end = self.i;
        let mut map = self.map;
        map.push((end as u32, end as u32));
        WordForm {
            text: self.text,
            map,
            end,
        }
    }
}
