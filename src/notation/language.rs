//! Piece letter sets (Appendix E3 (2005); C.3 (2023)) and the case mode.

use core::fmt;

use crate::types::Role;

/// A set of piece letters: which uppercase ASCII letter names each role.
///
/// Appendix E2–E3 (2005) and C.2–C.3 (2023): each player may use the initials of the piece
/// names of their own country, and figurines in print. The language is always *given*, never
/// guessed: Spanish `R` is the king, English `R` the rook. Figurines (`♔♕♖♗♘♙`, `♚♛♜♝♞♟`)
/// are read in every language; [`Language::FIGURINE`] also *writes* them.
///
/// ```
/// use planilla::notation::Language;
/// use planilla::Role;
/// assert_eq!(Language::SPANISH.role('R'), Some(Role::King));
/// assert_eq!(Language::ENGLISH.role('R'), Some(Role::Rook));
/// assert_eq!(Language::GERMAN.letter(Role::Knight), Some('S'));
/// let mine = Language::custom("Mine", ['K', 'Q', 'R', 'B', 'N'], None).unwrap();
/// assert_eq!(mine.role('N'), Some(Role::Knight));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Language {
    name: &'static str,
    /// Letter per role index (pawn..king); 0 means "no letter".
    letters: [u8; 6],
    /// Role index + 1 per letter `A`..`Z`; 0 means "not a piece letter".
    by_letter: [u8; 26],
    figurines_out: bool,
    /// Algebraic, descriptive or either (see [`Language::with_notation`]).
    pub(super) notation: super::descriptive::NotationKind,
}

const fn build(
    name: &'static str,
    pieces: [u8; 5],
    pawn: u8,
    figurines_out: bool,
) -> Result<Language, LanguageError> {
    // pieces: K Q R B N; roles: Pawn=0 Knight=1 Bishop=2 Rook=3 Queen=4 King=5.
    let letters = [pawn, pieces[4], pieces[3], pieces[2], pieces[1], pieces[0]];
    let mut by_letter = [0u8; 26];
    let mut i = 0;
    while i < 6 {
        let l = letters[i];
        if l != 0 {
            if !l.is_ascii_uppercase() {
                return Err(LanguageError::NotUppercaseAscii(l as char));
            }
            if l == b'X' || l == b'O' {
                return Err(LanguageError::Reserved(l as char));
            }
            if by_letter[(l - b'A') as usize] != 0 {
                return Err(LanguageError::Duplicate(l as char));
            }
            by_letter[(l - b'A') as usize] = i as u8 + 1;
        } else if i != 0 {
            return Err(LanguageError::MissingLetter);
        }
        i += 1;
    }
    Ok(Language {
        name,
        letters,
        by_letter,
        figurines_out,
        notation: super::descriptive::NotationKind::Algebraic,
    })
}

const fn must(r: Result<Language, LanguageError>) -> Language {
    match r {
        Ok(l) => l,
        Err(_) => panic!("invalid built-in language table"),
    }
}

/// The white figurines, indexed by role (pawn..king).
pub const WHITE_FIGURINES: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
/// The black figurines, indexed by role (pawn..king).
pub const BLACK_FIGURINES: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];

/// The role of a figurine character, white or black (`♔`…`♙`, `♚`…`♟`).
///
/// ```
/// use planilla::notation::figurine_role;
/// use planilla::Role;
/// assert_eq!(figurine_role('♘'), Some(Role::Knight));
/// assert_eq!(figurine_role('♛'), Some(Role::Queen));
/// assert_eq!(figurine_role('N'), None);
/// ```
pub const fn figurine_role(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

impl Language {
    /// Spanish (the default): R D T A C, pawn P (Appendix E2; C.2).
    pub const SPANISH: Language = must(build("Spanish", *b"RDTAC", b'P', false));
    /// English: K Q R B N, pawn P (PGN §8.2.3).
    pub const ENGLISH: Language = must(build("English", *b"KQRBN", b'P', false));
    /// French: R D T F C, pawn P (E3's example `F = fou`).
    pub const FRENCH: Language = must(build("French", *b"RDTFC", b'P', false));
    /// German: K D T L S, pawn B (E3's example `L = Läufer/loper`).
    pub const GERMAN: Language = must(build("German", *b"KDTLS", b'B', false));
    /// Italian: R D T A C, pawn P.
    pub const ITALIAN: Language = must(build("Italian", *b"RDTAC", b'P', false));
    /// Portuguese: R D T B C, pawn P.
    pub const PORTUGUESE: Language = must(build("Portuguese", *b"RDTBC", b'P', false));
    /// Dutch: K D T L P. The Dutch pawn letter `O` is not read (it is the castling glyph).
    pub const DUTCH: Language = must(build("Dutch", *b"KDTLP", 0, false));
    /// Catalan: R D T A C, pawn P.
    pub const CATALAN: Language = must(build("Catalan", *b"RDTAC", b'P', false));
    /// Figurines only (E3, "in print, figurines are recommended"): reads figurines, and writes
    /// the white figurines `♔♕♖♗♘`.
    pub const FIGURINE: Language = Language {
        name: "Figurine",
        letters: [0; 6],
        by_letter: [0; 26],
        figurines_out: true,
        notation: super::descriptive::NotationKind::Algebraic,
    };

    /// The built-in languages, Spanish first.
    pub const ALL: [Language; 9] = [
        Language::SPANISH,
        Language::ENGLISH,
        Language::FRENCH,
        Language::GERMAN,
        Language::ITALIAN,
        Language::PORTUGUESE,
        Language::DUTCH,
        Language::CATALAN,
        Language::FIGURINE,
    ];

    /// A custom letter set: `pieces` are the letters for king, queen, rook, bishop and knight
    /// (in that order, as in PGN §17), `pawn` an optional pawn letter.
    ///
    /// # Errors
    /// [`LanguageError`] if a letter is not uppercase ASCII, is `X` or `O` (reserved for capture
    /// and castling), or is used twice.
    pub const fn custom(
        name: &'static str,
        pieces: [char; 5],
        pawn: Option<char>,
    ) -> Result<Language, LanguageError> {
        let mut bytes = [0u8; 5];
        let mut i = 0;
        while i < 5 {
            let c = pieces[i];
            if !c.is_ascii() {
                return Err(LanguageError::NotUppercaseAscii(c));
            }
            bytes[i] = c as u8;
            i += 1;
        }
        let pawn = match pawn {
            Some(c) if c.is_ascii() && c != '\0' => c as u8,
            Some(c) => return Err(LanguageError::NotUppercaseAscii(c)),
            None => 0,
        };
        build(name, bytes, pawn, false)
    }

    /// The language's name, e.g. `"Spanish"`.
    #[inline]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The uppercase letter for `role`; `None` for a pawn without a pawn letter, and for every
    /// role in [`Language::FIGURINE`].
    #[inline]
    pub const fn letter(&self, role: Role) -> Option<char> {
        match self.letters[role as usize] {
            0 => None,
            l => Some(l as char),
        }
    }

    /// The role an uppercase letter names; `None` if it is not one of this language's letters.
    #[inline]
    pub const fn role(&self, letter: char) -> Option<Role> {
        if letter.is_ascii_uppercase() {
            self.role_of_upper(letter as u8)
        } else {
            None
        }
    }

    /// Byte version of [`Language::role`] for an uppercase ASCII byte.
    #[inline(always)]
    pub(crate) const fn role_of_upper(&self, b: u8) -> Option<Role> {
        match self.by_letter[(b - b'A') as usize] {
            0 => None,
            r => Some(Role::ALL[r as usize - 1]),
        }
    }

    /// What to write for `role`: the letter, or the white figurine in [`Language::FIGURINE`].
    #[inline]
    pub const fn symbol(&self, role: Role) -> Option<char> {
        if self.figurines_out {
            Some(WHITE_FIGURINES[role as usize])
        } else {
            self.letter(role)
        }
    }

    /// The piece letters as a short string for messages, e.g. `"R D T A C"`.
    pub fn letters_display(&self) -> impl fmt::Display + '_ {
        struct L<'a>(&'a Language);
        impl fmt::Display for L<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut first = true;
                for role in [
                    Role::King,
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                ] {
                    if let Some(c) = self.0.symbol(role) {
                        if !first {
                            f.write_str(" ")?;
                        }
                        first = false;
                        write!(f, "{c}")?;
                    }
                }
                Ok(())
            }
        }
        L(self)
    }
}

/// Role index + 1 for each letter `A`..`Z` that names the same role in every built-in
/// language that uses it (`K` king, `Q` queen, `N` and `S` knight, `L` and `F` bishop, …);
/// 0 for letters used for different roles (`R`, `B`, `P`) or not used at all.
const FOREIGN: [u8; 26] = {
    // FIGURINE has no letters: it adds nothing.
    let langs = Language::ALL;
    let mut table = [0u8; 26];
    let mut conflict = [false; 26];
    let mut l = 0;
    while l < langs.len() {
        let mut r = 0;
        while r < 6 {
            let letter = langs[l].letters[r];
            if letter != 0 {
                let k = (letter - b'A') as usize;
                if table[k] == 0 {
                    table[k] = r as u8 + 1;
                } else if table[k] != r as u8 + 1 {
                    conflict[k] = true;
                }
            }
            r += 1;
        }
        l += 1;
    }
    let mut k = 0;
    while k < 26 {
        if conflict[k] {
            table[k] = 0;
        }
        k += 1;
    }
    table
};

impl Language {
    /// The role of a *foreign* uppercase letter: one that is not a letter of this language but
    /// names the same role in every built-in language that uses it, such as `K` (king) on a
    /// Spanish sheet, as in seed 003's `11. Kb1`. Letters with different meanings (`R`, `B`,
    /// `P`) are never read this way: the language is given, not guessed. Lenient extension.
    ///
    /// ```
    /// use planilla::notation::Language;
    /// use planilla::Role;
    /// assert_eq!(Language::SPANISH.foreign_role('K'), Some(Role::King));
    /// assert_eq!(Language::SPANISH.foreign_role('N'), Some(Role::Knight));
    /// assert_eq!(Language::SPANISH.foreign_role('B'), None); // bishop or German pawn
    /// assert_eq!(Language::SPANISH.foreign_role('R'), None); // a Spanish letter
    /// ```
    pub const fn foreign_role(&self, letter: char) -> Option<Role> {
        if !letter.is_ascii_uppercase() || self.role(letter).is_some() {
            return None;
        }
        match FOREIGN[(letter as u8 - b'A') as usize] {
            0 => None,
            r => Some(Role::ALL[r as usize - 1]),
        }
    }
}

impl Language {
    /// A guess for an uppercase letter that is neither this language's nor a foreign letter
    /// with one meaning: the piece it names in the first built-in letter set that uses it for
    /// a piece (`B`: the English and Portuguese bishop, though German writes `B` for a pawn).
    /// Lenient reading only, and always named as a guess.
    ///
    /// ```
    /// use planilla::notation::Language;
    /// use planilla::Role;
    /// assert_eq!(Language::SPANISH.guessed_role('B'), Some(Role::Bishop));
    /// assert_eq!(Language::SPANISH.guessed_role('K'), None); // one meaning: a foreign letter
    /// assert_eq!(Language::SPANISH.guessed_role('C'), None); // Spanish
    /// ```
    pub fn guessed_role(&self, letter: char) -> Option<Role> {
        if !letter.is_ascii_uppercase()
            || self.role(letter).is_some()
            || self.foreign_role(letter).is_some()
        {
            return None;
        }
        Language::ALL
            .iter()
            .filter_map(|l| l.role(letter))
            .find(|r| *r != Role::Pawn)
    }
}

impl Default for Language {
    fn default() -> Language {
        Language::SPANISH
    }
}

/// Why a custom letter set was refused by [`Language::custom`].
///
/// ```
/// use planilla::{Language, LanguageError, Role};
/// // The letters of king, queen, rook, bishop and knight, then an optional pawn letter.
/// let letters = Language::custom("Mine", ['K', 'Q', 'R', 'B', 'N'], Some('P'))?;
/// assert_eq!(letters.role('N'), Some(Role::Knight));
/// let error = Language::custom("Mine", ['K', 'Q', 'R', 'B', 'K'], None).unwrap_err();
/// assert_eq!(error, LanguageError::Duplicate('K'));
/// assert_eq!(error.to_string(), "letter 'K' names two pieces");
/// let error = Language::custom("Mine", ['K', 'Q', 'R', 'B', 'O'], None).unwrap_err();
/// assert_eq!(error, LanguageError::Reserved('O')); // `O` writes castling
/// # Ok::<(), LanguageError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LanguageError {
    /// A letter is not an uppercase ASCII letter.
    #[error("piece letter {0:?} is not an uppercase ASCII letter")]
    NotUppercaseAscii(char),
    /// `X` (capture) or `O` (castling) cannot name a piece.
    #[error("letter {0:?} is reserved (capture or castling)")]
    Reserved(char),
    /// The same letter names two roles.
    #[error("letter {0:?} names two pieces")]
    Duplicate(char),
    /// A piece has no letter.
    #[error("every piece needs a letter")]
    MissingLetter,
}

/// How the parser treats letter case (Appendix E2, E5; C.2, C.5: pieces uppercase, files
/// lowercase).
///
/// * `Strict` keeps the distinction: in Spanish `Cd4` is a knight move and `cd4` a c-pawn
///   capture.
/// * `Lenient` is for handwriting: case is ignored, and a token that could be read both ways
///   yields every reading (`cd4` as a c-pawn capture *and* as a knight move) for the resolver
///   to settle against the position. It also accepts `X` as a capture mark.
///
/// ```
/// use planilla::{check_move, CaseMode, CheckOptions, Position};
/// let pos = Position::startpos();
/// // Strict (the default): `cf3` is a pawn move from the c-file, which no pawn makes.
/// let strict = CheckOptions::default();
/// assert_eq!(strict.case, CaseMode::Strict);
/// assert_eq!(check_move(&pos, "cf3", &strict).unwrap_err().diagnostic.code(), "illegal-move");
/// // Lenient: the knight move too, the only legal reading, with a warning.
/// let lenient = strict.with_case(CaseMode::Lenient);
/// let played = check_move(&pos, "cf3", &lenient)?;
/// assert_eq!(played.san.to_string(), "Nf3");
/// assert_eq!(played.warnings[0].code(), "case-reading");
/// # Ok::<(), planilla::MoveError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CaseMode {
    /// Uppercase pieces, lowercase files (the Laws).
    #[default]
    Strict,
    /// Every reading of an ambiguous letter (lenient extension).
    Lenient,
}
