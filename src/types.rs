//! The vocabulary every stage shares: colours, roles, pieces, files, ranks, squares and castling
//! sides.
//!
//! All of them are small `Copy` values with `const` constructors and an `ALL` table, so that the
//! notation grammar, the move generator and the writers speak of the same things. The board
//! geometry is that of Appendix E5–E7 (2005) and C.5–C.7 (2023): files `a`–`h` from White's left,
//! ranks `1`–`8` from White's side, and each of the 64 squares named by one file letter and one
//! rank digit.

use core::fmt;

/// The colour of a side or of a piece.
///
/// ```
/// use planilla::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.fold_wb("w", "b"), "b");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Picks `white` or `black` according to the colour.
    #[inline]
    pub const fn fold_wb<T: Copy>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// `true` for White.
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// `true` for Black.
    ///
    /// ```
    /// use planilla::Color;
    /// assert!(Color::Black.is_black() && !Color::White.is_black());
    /// ```
    #[inline]
    pub const fn is_black(self) -> bool {
        matches!(self, Color::Black)
    }

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` or `black`: the [`Display`](fmt::Display) form, and the JSON field `color`.
    #[inline]
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.fold_wb("white", "black")
    }

    /// The FEN character: `w` or `b`.
    #[inline]
    pub const fn char(self) -> char {
        self.fold_wb('w', 'b')
    }

    /// The rank on which this colour's pieces start ([`Rank::First`] or [`Rank::Eighth`]).
    #[inline]
    pub const fn backrank(self) -> Rank {
        self.fold_wb(Rank::First, Rank::Eighth)
    }

    /// The rank a pawn of this colour promotes on ([`Rank::Eighth`] or [`Rank::First`]).
    #[inline]
    pub const fn promotion_rank(self) -> Rank {
        self.fold_wb(Rank::Eighth, Rank::First)
    }

    /// Index 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Color::from_str`](core::str::FromStr): the text is not `white`, `black`,
/// `w` or `b`.
///
/// ```
/// use planilla::{Color, ParseColorError};
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// // Spanish names are not read: `blancas` is no colour here.
/// assert_eq!("blancas".parse::<Color>(), Err(ParseColorError));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a colour (expected white, black, w or b)")]
pub struct ParseColorError;

/// Reads the [`Display`](fmt::Display) form (`white`, `black`) or the FEN letter (`w`, `b`),
/// in any case.
///
/// ```
/// use planilla::Color;
/// assert_eq!("black".parse(), Ok(Color::Black));
/// assert_eq!("W".parse(), Ok(Color::White));
/// assert!("blancas".parse::<Color>().is_err());
/// ```
impl core::str::FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        Color::ALL
            .into_iter()
            .find(|c| {
                s.eq_ignore_ascii_case(c.name())
                    || s.eq_ignore_ascii_case(c.char().encode_utf8(&mut [0; 4]))
            })
            .ok_or(ParseColorError)
    }
}

/// What a piece is, regardless of colour.
///
/// Appendix E1 (2005) and C.1 (2023) reserve the word *piece* for everything but a pawn; this
/// type covers all six kinds, as SAN and FEN do. Letters are in English here ([`Role::char`]);
/// the letters of other languages (Appendix E3 / C.3) belong to the notation module.
///
/// ```
/// use planilla::Role;
/// assert_eq!(Role::from_char('n'), Some(Role::Knight));
/// assert_eq!(Role::Knight.upper_char(), 'N');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Role {
    /// Pawn (peón).
    Pawn = 0,
    /// Knight (caballo, `C`).
    Knight = 1,
    /// Bishop (alfil, `A`).
    Bishop = 2,
    /// Rook (torre, `T`).
    Rook = 3,
    /// Queen (dama, `D`).
    Queen = 4,
    /// King (rey, `R`).
    King = 5,
}

impl Role {
    /// The six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The four roles a pawn may promote to, in SAN order of preference: queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lowercase English letter (`p n b r q k`), as FEN writes black pieces.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase English letter (`P N B R Q K`), as SAN and FEN (for White) write it.
    #[inline]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads an English letter in either case; `None` for anything else.
    #[inline]
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    /// Index 0 (pawn) to 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece of this role and the given colour.
    #[inline]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        })
    }
}

/// The error of [`Role::from_str`](core::str::FromStr): the text is neither an English piece
/// letter nor a role's name.
///
/// ```
/// use planilla::{ParseRoleError, Role};
/// assert_eq!("knight".parse::<Role>(), Ok(Role::Knight));
/// // `C`, the Spanish knight, is a letter of the sheet's notation, not an English one.
/// assert_eq!("C".parse::<Role>(), Err(ParseRoleError));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a piece (expected an English letter P N B R Q K, or pawn, knight, bishop, rook, queen, king)"
)]
pub struct ParseRoleError;

/// Reads the English letter ([`Role::from_char`]) or the [`Display`](fmt::Display) name
/// (`knight`), in any case. Spanish letters (`C`, `A`, `T`, `D`, `R`) belong to the notation
/// module: `R` here is the rook.
///
/// ```
/// use planilla::Role;
/// assert_eq!("N".parse(), Ok(Role::Knight));
/// assert_eq!("queen".parse(), Ok(Role::Queen));
/// assert_eq!("R".parse(), Ok(Role::Rook));
/// assert!("C".parse::<Role>().is_err());
/// ```
impl core::str::FromStr for Role {
    type Err = ParseRoleError;
    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Role::from_char(c).ok_or(ParseRoleError);
        }
        Role::ALL
            .into_iter()
            .find(|r| s.eq_ignore_ascii_case(&r.to_string()))
            .ok_or(ParseRoleError)
    }
}

/// A piece or pawn of one colour.
///
/// ```
/// use planilla::{Color, Piece, Role};
/// let p = Piece::from_char('N').unwrap();
/// assert_eq!(p, Piece { color: Color::White, role: Role::Knight });
/// assert_eq!(p.char(), 'N');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White, lowercase for Black.
    #[inline]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter (`PNBRQK` for White, `pnbrqk` for Black).
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

/// A file (column), `a` to `h` from White's left (Appendix E5 / C.5).
///
/// ```
/// use planilla::File;
/// assert_eq!(File::from_char('c'), Some(File::C));
/// assert_eq!(File::C.char(), 'c');
/// assert_eq!(File::C.offset(2), Some(File::E));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// The eight files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index 0 (`a`) to 7 (`h`); `None` past 7.
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::from_index_masked(index as usize))
        } else {
            None
        }
    }

    /// The file with index `index & 7`: a cast, with no table load or bounds check.
    #[inline]
    pub(crate) const fn from_index_masked(index: usize) -> File {
        match index & 7 {
            0 => File::A,
            1 => File::B,
            2 => File::C,
            3 => File::D,
            4 => File::E,
            5 => File::F,
            6 => File::G,
            _ => File::H,
        }
    }

    /// Reads a lowercase file letter `a`–`h`.
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'h' {
            File::new(c as u32 - 'a' as u32)
        } else {
            None
        }
    }

    /// The lowercase letter.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Index 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file `delta` files to the right (negative: to the left), if on the board; `None`
    /// off it, for any `delta`.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<File> {
        match (self as i32).checked_add(delta) {
            Some(i @ 0..8) => Some(File::from_index_masked(i as usize)),
            _ => None,
        }
    }

    /// Distance in files.
    #[inline]
    pub const fn distance(self, other: File) -> u32 {
        (self as i32 - other as i32).unsigned_abs()
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row), `1` to `8` from White's side (Appendix E6 / C.6).
///
/// ```
/// use planilla::Rank;
/// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
/// assert_eq!(Rank::Fourth.char(), '4');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[allow(missing_docs)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// The eight ranks, `1` first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0 (`1`) to 7 (`8`); `None` past 7.
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::from_index_masked(index as usize))
        } else {
            None
        }
    }

    /// The rank with index `index & 7`: a cast, with no table load or bounds check.
    #[inline]
    pub(crate) const fn from_index_masked(index: usize) -> Rank {
        match index & 7 {
            0 => Rank::First,
            1 => Rank::Second,
            2 => Rank::Third,
            3 => Rank::Fourth,
            4 => Rank::Fifth,
            5 => Rank::Sixth,
            6 => Rank::Seventh,
            _ => Rank::Eighth,
        }
    }

    /// Reads a rank digit `1`–`8`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Rank::new(c as u32 - '1' as u32)
        } else {
            None
        }
    }

    /// The digit.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Index 0 (`1`) to 7 (`8`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank `delta` ranks up (negative: down), if on the board; `None` off it, for any
    /// `delta`.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        match (self as i32).checked_add(delta) {
            Some(i @ 0..8) => Some(Rank::from_index_masked(i as usize)),
            _ => None,
        }
    }

    /// This rank seen from `color`'s side: `Rank::First.relative_to(Black)` is the eighth rank.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::from_index_masked(7 - self as usize),
        }
    }

    /// Distance in ranks.
    #[inline]
    pub const fn distance(self, other: Rank) -> u32 {
        (self as i32 - other as i32).unsigned_abs()
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

macro_rules! squares {
    ($($sq:ident),*) => {
        /// One of the 64 squares, named by file and rank (Appendix E7 / C.7).
        ///
        /// Squares are numbered 0 (`a1`) to 63 (`h8`), rank by rank.
        ///
        /// ```
        /// use planilla::{File, Rank, Square};
        /// let sq: Square = "e4".parse().unwrap();
        /// assert_eq!(sq, Square::E4);
        /// assert_eq!(Square::from_coords(File::E, Rank::Fourth), Square::E4);
        /// assert_eq!(sq.to_string(), "e4");
        /// ```
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
        #[allow(missing_docs)]
        #[repr(u8)]
        pub enum Square { $($sq),* }

        impl Square {
            /// The 64 squares, `a1` first, then `b1` … `h8`.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8
);

impl Square {
    /// The square with index 0 (`a1`) to 63 (`h8`); `None` past 63.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square::from_index_masked(index as usize))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: a cast, with no table load or bounds check.
    #[inline]
    pub(crate) const fn from_index_masked(index: usize) -> Square {
        match index & 63 {
            0 => Square::A1,
            1 => Square::B1,
            2 => Square::C1,
            3 => Square::D1,
            4 => Square::E1,
            5 => Square::F1,
            6 => Square::G1,
            7 => Square::H1,
            8 => Square::A2,
            9 => Square::B2,
            10 => Square::C2,
            11 => Square::D2,
            12 => Square::E2,
            13 => Square::F2,
            14 => Square::G2,
            15 => Square::H2,
            16 => Square::A3,
            17 => Square::B3,
            18 => Square::C3,
            19 => Square::D3,
            20 => Square::E3,
            21 => Square::F3,
            22 => Square::G3,
            23 => Square::H3,
            24 => Square::A4,
            25 => Square::B4,
            26 => Square::C4,
            27 => Square::D4,
            28 => Square::E4,
            29 => Square::F4,
            30 => Square::G4,
            31 => Square::H4,
            32 => Square::A5,
            33 => Square::B5,
            34 => Square::C5,
            35 => Square::D5,
            36 => Square::E5,
            37 => Square::F5,
            38 => Square::G5,
            39 => Square::H5,
            40 => Square::A6,
            41 => Square::B6,
            42 => Square::C6,
            43 => Square::D6,
            44 => Square::E6,
            45 => Square::F6,
            46 => Square::G6,
            47 => Square::H6,
            48 => Square::A7,
            49 => Square::B7,
            50 => Square::C7,
            51 => Square::D7,
            52 => Square::E7,
            53 => Square::F7,
            54 => Square::G7,
            55 => Square::H7,
            56 => Square::A8,
            57 => Square::B8,
            58 => Square::C8,
            59 => Square::D8,
            60 => Square::E8,
            61 => Square::F8,
            62 => Square::G8,
            _ => Square::H8,
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::from_index_masked(rank as usize * 8 + file as usize)
    }

    /// Its file.
    #[inline]
    pub const fn file(self) -> File {
        File::from_index_masked(self as usize)
    }

    /// Its rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index_masked(self as usize >> 3)
    }

    /// Index 0 (`a1`) to 63 (`h8`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square `df` files right and `dr` ranks up, if on the board; `None` off the board,
    /// for any offsets (`i32::MAX` included).
    ///
    /// ```
    /// use planilla::Square;
    /// assert_eq!(Square::E2.offset(1, 2), Some(Square::F4));
    /// assert_eq!(Square::H8.offset(1, 0), None);
    /// assert_eq!(Square::E2.offset(i32::MAX, 1), None);
    /// assert_eq!(Square::E2.offset(0, i32::MIN), None);
    /// ```
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        match (self.file().offset(df), self.rank().offset(dr)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// The same square seen from the other side (`a1` ↔ `a8`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_masked(self as usize ^ 56)
    }

    /// King distance: the number of king steps between two squares.
    #[inline]
    pub const fn distance(self, other: Square) -> u32 {
        let f = self.file().distance(other.file());
        let r = self.rank().distance(other.rank());
        if f > r { f } else { r }
    }

    /// Reads two bytes, a file letter and a rank digit, such as `b"e4"`.
    #[inline]
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }
}

/// The error of [`Square::from_str`](core::str::FromStr): the text is not a file letter
/// `a`–`h` followed by a rank digit `1`–`8`.
///
/// ```
/// use planilla::{ParseSquareError, Square};
/// assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
/// assert_eq!("e9".parse::<Square>(), Err(ParseSquareError));
/// assert_eq!("i1".parse::<Square>(), Err(ParseSquareError));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square name (expected a file a-h and a rank 1-8)")]
pub struct ParseSquareError;

impl core::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}

impl Square {
    /// The two ASCII bytes of the name, such as `*b"e4"`.
    #[inline]
    pub const fn ascii(self) -> [u8; 2] {
        [b'a' + self.file() as u8, b'1' + self.rank() as u8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.ascii();
        f.write_str(core::str::from_utf8(&bytes).map_err(|_| fmt::Error)?)
    }
}

/// The side of the board a king castles to.
///
/// Written `0-0` (short, king side) and `0-0-0` (long, queen side): Appendix E, "Abreviaturas
/// esenciales" (2005); C.13 (2023).
///
/// ```
/// use planilla::{check_text, CastlingSide, CheckOptions, Color, Square};
/// let sheet = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.0-0";
/// let report = check_text(sheet, &CheckOptions::default()).next().unwrap();
/// let castle = report.moves[6].mv;
/// assert_eq!(castle.castling_side(), Some(CastlingSide::KingSide));
/// assert_eq!(castle.to_uci(), "e1g1");
/// assert_eq!(CastlingSide::KingSide.king_to(Color::White), Square::G1);
/// assert_eq!(CastlingSide::QueenSide.rook_to(Color::Black), Square::D8);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CastlingSide {
    /// Short castling, with the rook of the `h` file: `0-0`.
    KingSide = 0,
    /// Long castling, with the rook of the `a` file: `0-0-0`.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king lands on: `g` or `c`.
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on: `f` or `d`.
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The file the rook starts on in standard chess: `h` or `a`.
    #[inline]
    pub const fn rook_from_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }

    /// The square the king lands on for `color`.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), color.backrank())
    }

    /// The square the rook lands on for `color`.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), color.backrank())
    }

    /// Index 0 (king side) or 1 (queen side).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.flip_vertical().flip_vertical(), sq);
        }
        assert_eq!("i1".parse::<Square>(), Err(ParseSquareError));
        assert_eq!("a9".parse::<Square>(), Err(ParseSquareError));
        assert_eq!("a".parse::<Square>(), Err(ParseSquareError));
    }

    #[test]
    fn letters() {
        for role in Role::ALL {
            assert_eq!(Role::from_char(role.char()), Some(role));
            for color in Color::ALL {
                assert_eq!(
                    Piece::from_char(role.of(color).char()),
                    Some(role.of(color))
                );
            }
        }
        assert_eq!(Role::from_char('x'), None);
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(7, 7), Some(Square::H8));
        assert_eq!(Square::A1.distance(Square::H8), 7);
    }
}
