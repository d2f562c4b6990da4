//! `es_file`, `en_file`, `rank`, `castling`, `ep_mark`, `check`: the names and marks a
//! descriptive move is made of (Calameo, Wiki and Chessville in `grammar/descriptiva.ebnf` for
//! the files, CN for the ranks; E9 (2005) for `a.p.`), and how a file name qualifies a piece or
//! a pawn.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::value;
use nom::{IResult, Parser as _};

use crate::notation::{Language, SuffixKind};
use crate::types::{CastlingSide, Role};

/// The two traditions of descriptive notation: the English one (`P-K4`, `N-KB3`, `BxN`) and
/// the Spanish one (`P4R`, `C3AR`, `AxC`), each with its piece letters and file names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tradition {
    /// Spanish letters, the rank before the file (`P4R`).
    Spanish,
    /// English letters, the file before the rank (`P-K4`).
    English,
}

impl Tradition {
    /// The tradition `language` writes: English when its knight is `N`, else Spanish.
    pub(crate) fn of(language: &Language) -> Tradition {
        if language.letter(Role::Knight) == Some('N') {
            Tradition::English
        } else {
            Tradition::Spanish
        }
    }

    /// The letter set of the tradition, as the writer reads its own writing back.
    pub(crate) fn language(self) -> Language {
        match self {
            Tradition::English => Language::ENGLISH,
            Tradition::Spanish => Language::SPANISH,
        }
    }
}

const A: u8 = 1;
const B: u8 = 2;
const C: u8 = 4;
const D: u8 = 8;
const E: u8 = 16;
const F: u8 = 32;
const G: u8 = 64;
const H: u8 = 128;
const QUEEN_WING: u8 = A | B | C | D;
const KING_WING: u8 = E | F | G | H;

/// The Spanish file names, longest first: torre, caballo, alfil de dama / de rey, dama, rey.
pub const SPANISH_FILES: [(&str, u8); 11] = [
    ("TD", A),
    ("CD", B),
    ("AD", C),
    ("AR", F),
    ("CR", G),
    ("TR", H),
    ("T", A | H),
    ("C", B | G),
    ("A", C | F),
    ("D", D),
    ("R", E),
];

/// The English file names, longest first (`Kt` is the older knight).
pub const ENGLISH_FILES: [(&str, u8); 16] = [
    ("QKt", B),
    ("KKt", G),
    ("QR", A),
    ("QN", B),
    ("QB", C),
    ("KR", H),
    ("KN", G),
    ("KB", F),
    ("Kt", B | G),
    ("Q", D),
    ("K", E),
    ("R", A | H),
    ("N", B | G),
    ("B", C | F),
    ("", 0),
    ("", 0),
];

pub(super) fn files_table(tradition: Tradition) -> &'static [(&'static str, u8)] {
    if tradition == Tradition::English {
        &ENGLISH_FILES[..14]
    } else {
        &SPANISH_FILES
    }
}

pub(super) type In<'a> = &'a [u8];

/// A file name at the start of `i` (longest match).
pub(super) fn file_name(tradition: Tradition) -> impl Fn(In<'_>) -> IResult<In<'_>, u8> {
    move |i: In<'_>| {
        for &(name, files) in files_table(tradition) {
            if let Ok((rest, _)) = tag::<_, _, nom::error::Error<In<'_>>>(name.as_bytes())(i) {
                return Ok((rest, files));
            }
        }
        Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Tag,
        )))
    }
}

/// A rank digit 1-8 (counted from the mover's side).
pub(super) fn rank_digit(i: In<'_>) -> IResult<In<'_>, u8> {
    match i.first() {
        Some(&d @ b'1'..=b'8') => Ok((&i[1..], 1 << (d - b'1'))),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Digit,
        ))),
    }
}

/// The check and mate marks: `++`, `+`, `#`, and English `ch` and `mate`, glued or after one
/// space, ending the word.
pub(super) fn suffix_mark(i: In<'_>) -> IResult<In<'_>, SuffixKind> {
    let (rest, kind) = alt((
        value(SuffixKind::DoublePlus, tag(&b"++"[..])),
        value(SuffixKind::Check, tag(&b"+"[..])),
        value(SuffixKind::Hash, tag(&b"#"[..])),
        value(SuffixKind::Check, tag(&b" ch"[..])),
        value(SuffixKind::Check, tag(&b"ch"[..])),
        value(SuffixKind::DoublePlus, tag(&b" mate"[..])),
    ))
    .parse(i)?;
    let worded = i.first() != Some(&b'+') && i.first() != Some(&b'#');
    if worded && rest.first().is_some_and(|b| b.is_ascii_alphanumeric()) {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Tag,
        )));
    }
    Ok((rest, kind))
}

/// The en passant mark, after at most one space: `a.p.`, `e.p.`.
pub(super) fn en_passant_mark(i: In<'_>) -> IResult<In<'_>, usize> {
    let (rest, space) = nom::combinator::opt(tag(&b" "[..])).parse(i)?;
    let (rest, _) = alt((tag(&b"a.p."[..]), tag(&b"e.p."[..]))).parse(rest)?;
    Ok((rest, space.map_or(0, <[u8]>::len)))
}

/// The castling signs: `O-O-O`, `0-0-0`, `O-O`, `0-0`, and the word `Castles`, alone or
/// with the side it names, as one phrase (`Castles QR`, `Castles KR`, `Castles (QR)`,
/// `Castles (K's side)`, `Castles (with K. R.)`, `Castles on Q's side`, `Castles Q. R.`, `Castles. Q. side.`; Bird, *Chess History and
/// Reminiscences*, 1893; Staunton, *The Blue Book of Chess*). `None`: a bare `Castles`, whose side the position decides.
pub(super) fn castling(i: In<'_>) -> IResult<In<'_>, Option<CastlingSide>> {
    alt((
        value(Some(CastlingSide::QueenSide), tag(&b"O-O-O"[..])),
        value(Some(CastlingSide::QueenSide), tag(&b"0-0-0"[..])),
        value(Some(CastlingSide::KingSide), tag(&b"O-O"[..])),
        value(Some(CastlingSide::KingSide), tag(&b"0-0"[..])),
        castles_word,
    ))
    .parse(i)
}

/// `Castles`, then the side when it is written.
fn castles_word(i: In<'_>) -> IResult<In<'_>, Option<CastlingSide>> {
    let (rest, _) = tag(&b"Castles"[..]).parse(i)?;
    const SIDES: [(&[u8], CastlingSide); 24] = [
        (b" on the Queen's side", CastlingSide::QueenSide),
        (b" on the King's side", CastlingSide::KingSide),
        (b" on Queen's side", CastlingSide::QueenSide),
        (b" on King's side", CastlingSide::KingSide),
        (b" on Q's side", CastlingSide::QueenSide),
        (b" on K's side", CastlingSide::KingSide),
        (b" (QR)", CastlingSide::QueenSide),
        (b" (KR)", CastlingSide::KingSide),
        // The side in parentheses, as the books print it: `Castles (Q. R.)` and `Castles
        // (with K. R.)` (Staunton, *The Blue Book of Chess*, blue-04, blue-11), `Castles
        // (K's side)` (the Britannica of 1911, eb-02).
        (b" (Q. R.)", CastlingSide::QueenSide),
        (b" (K. R.)", CastlingSide::KingSide),
        (b" (with Q. R.)", CastlingSide::QueenSide),
        (b" (with K. R.)", CastlingSide::KingSide),
        (b" (Q's side)", CastlingSide::QueenSide),
        (b" (K's side)", CastlingSide::KingSide),
        (b" (Queen's side)", CastlingSide::QueenSide),
        (b" (King's side)", CastlingSide::KingSide),
        (b" QR", CastlingSide::QueenSide),
        (b" KR", CastlingSide::KingSide),
        (b" Q R", CastlingSide::QueenSide),
        (b" K R", CastlingSide::KingSide),
        // The Blue Book's abbreviations: `Castles Q. R.` (blue-26), `Castles. Q. side.`
        // (blue-27).
        (b" Q. R.", CastlingSide::QueenSide),
        (b" K. R.", CastlingSide::KingSide),
        (b". Q. side.", CastlingSide::QueenSide),
        (b". K. side.", CastlingSide::KingSide),
    ];
    for (name, side) in SIDES {
        // The side ends where the word does, or where a check mark or a draw offer is
        // glued to it (`Castles KRch`).
        if let Some(after) = rest.strip_prefix(name)
            && (super::ends_word(after.first().copied())
                || matches!(
                    after.first(),
                    Some(b'.' | b',' | b';' | b'+' | b'#' | b'(' | b'[')
                )
                || after.starts_with(b"ch"))
        {
            return Ok((after, Some(side)));
        }
    }
    Ok((rest, None))
}

/// A file qualifier as written read for `role`: a lone wing letter (`D`/`R`, `Q`/`K`) names
/// the wing of a piece and the file of a pawn.
pub(super) fn qualifier(files: u8, role: Role) -> u8 {
    match (files, role) {
        (_, Role::Pawn) => files,
        (D, _) => QUEEN_WING,
        (E, _) => KING_WING,
        _ => files,
    }
}
