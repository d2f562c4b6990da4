//! Resolving written moves against a position: `Notation × Position → Resolution`.
//!
//! A written move is either **resolved** (one legal move, with notes on irregular writing),
//! **ambiguous** (several legal moves fit: Appendix E10/E11 (2005); C.10 (2023)), **illegal**
//! (no legal move fits, with the reason), or **unreadable** (it cannot be read as a move).
//! Candidates come from the targeted generator
//! ([`Position::legal_moves_to`]), never from printing every legal move.
//!
//! ```
//! use planilla::notation::{Language, Parser};
//! use planilla::resolve::{resolve, Options, Resolution};
//! use planilla::Position;
//! let pos = Position::startpos();
//! let readings = Parser::spanish().parse_move("Cf3").unwrap();
//! let Resolution::Resolved(r) = resolve(&pos, &readings, &Language::SPANISH, Options::default())
//! else { panic!() };
//! assert_eq!(r.mv.to_uci(), "g1f3");
//! assert!(r.notes.is_empty());
//! ```

pub mod descriptive;
mod reasons;

/// The editions and articles the resolver cites, from [`crate::laws`].
pub use crate::laws::{Article, Edition, ParseEditionError, Rule};
pub use reasons::IllegalReason;

use arrayvec::ArrayVec;

use crate::notation::{
    Castle, EnPassant, Language, Notation, Promotion, Readings, Span, SuffixKind, Target,
    figurine_role,
};
use crate::position::{Bitboard, Move, Position};
use crate::san::San;
use crate::types::Role;

/// How to resolve: the rules edition and the letter-case mode. Start from
/// [`Options::default`] and set what differs with [`Options::with_edition`] and
/// [`Options::with_lenient`] (the struct is `#[non_exhaustive]`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Options {
    /// The edition of the Laws whose Appendix decides what is irregular (default 2023).
    pub edition: Edition,
    /// Lenient reading: guesses are allowed. The text as written comes first: if its strict
    /// reading names exactly one legal move, that is the move. Otherwise every guess is tried
    /// (the other letter case, `cd4` read as `Cd4`; a target completed, `A5` read as `Ac5`; a
    /// pawn capture without its file, `d5` read as `exd5`), and the move resolves only if
    /// exactly one guess is legal, with a warning naming it. The parser must run in
    /// [`CaseMode::Lenient`](crate::notation::CaseMode::Lenient) to produce the case readings.
    pub lenient: bool,
}

impl Options {
    crate::macros::with_setters! {
        /// These options with [`edition`](Self::edition) set: the edition of the Laws.
        with_edition: edition: Edition;
        /// These options with [`lenient`](Self::lenient) set: whether guesses are allowed.
        with_lenient: lenient: bool;
    }
}

/// The outcome of resolving one written move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Exactly one legal move fits.
    Resolved(Resolved),
    /// Several legal moves fit: E10, E11 (2005); C.10 (2023).
    Ambiguous(Ambiguous),
    /// No legal move fits.
    Illegal(Illegal),
    /// The text cannot be read as a move (E8; C.8): a target with no square and nothing
    /// legal to match it.
    Unreadable(Unreadable),
}

impl Resolution {
    /// The resolved move, if any.
    pub fn mv(&self) -> Option<Move> {
        match self {
            Resolution::Resolved(r) => Some(r.mv),
            _ => None,
        }
    }
}

/// The notes of a resolved move, kept out of line: a move written as the Laws write it has
/// none and carries no room for one (no list is a null pointer, 16 bytes, and allocates
/// nothing); the first note allocates. No note is ever dropped. It derefs to a slice, in the
/// order the notes were written.
///
/// ```
/// use planilla::resolve::{Irregularity, IrregularityKind, Notes};
/// use planilla::text::Span;
/// let mut notes = Notes::new();
/// for i in 0..12 {
///     notes.push(Irregularity { kind: IrregularityKind::FalseCheck, span: Span::new(i, i + 1) });
/// }
/// assert_eq!(notes.len(), 12);
/// assert_eq!(notes[11].span, Span::new(11, 12));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Notes(Option<Box<[Irregularity]>>);

impl Notes {
    /// No notes.
    pub const fn new() -> Notes {
        Notes(None)
    }

    /// Adds a note after the others. Each note reallocates the list, which holds exactly its
    /// notes: a move has few, and most none.
    #[cold]
    pub fn push(&mut self, note: Irregularity) {
        let mut notes = self.0.take().map_or_else(Vec::new, Vec::from);
        notes.push(note);
        self.0 = Some(notes.into_boxed_slice());
    }
}

impl core::ops::Deref for Notes {
    type Target = [Irregularity];
    fn deref(&self) -> &[Irregularity] {
        self.0.as_deref().unwrap_or_default()
    }
}

impl<'a> IntoIterator for &'a Notes {
    type Item = &'a Irregularity;
    type IntoIter = core::slice::Iter<'a, Irregularity>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Notes {
    fn eq(&self, other: &Notes) -> bool {
        **self == **other
    }
}

impl Eq for Notes {}

impl core::hash::Hash for Notes {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

/// A resolved move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Resolved {
    /// The legal move.
    pub mv: Move,
    /// Its standard SAN (without suffix), from the candidates the resolver saw.
    pub san: San,
    /// The reading that resolved (the only one in strict mode).
    pub notation: Notation,
    /// What was irregular in the writing, though its meaning is certain.
    pub notes: Notes,
}

/// Several legal moves fit the writing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ambiguous {
    /// Every legal move that fits (on the heap: ambiguity is rare, and a stack list would make
    /// every [`Resolution`] large).
    pub candidates: Vec<Move>,
    /// The reading (the first, when several readings fit).
    pub notation: Notation,
    /// Why: a missing disambiguation (E10, E11), an incomplete target (then `candidates` lists
    /// every legal completion, which may be none or one), or two readings of the letter case.
    pub cause: AmbiguityCause,
}

/// Why a move is ambiguous.
///
/// ```
/// use planilla::{check_text, AmbiguityCause, CheckOptions, Edition, Finding};
/// let options = CheckOptions::default();
/// // Both white knights reach d2.
/// let report = check_text("1.d4 d5 2.Cf3 Cf6 3.Cd2", &options).next().unwrap();
/// let cause = AmbiguityCause::Disambiguation;
/// assert_eq!(report.diagnostics[0].finding, Finding::Ambiguous(cause));
/// assert_eq!(cause.rule(Edition::Fide2005).to_string(), "E10 (2005)");
/// // `Ad`: a bishop to the d-file, its rank not written.
/// let report = check_text("1.d4 d5 2.Cf3 Cf6 3.Ad", &options).next().unwrap();
/// let incomplete = Finding::Ambiguous(AmbiguityCause::IncompleteTarget);
/// assert_eq!(report.diagnostics[0].finding, incomplete);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AmbiguityCause {
    /// Two pieces (or pawns) of the role can make it; the origin was not given enough
    /// (E10, E11 (2005); C.10 (2023)).
    Disambiguation,
    /// Only a file or only a rank was written for the target: a piece move names its square
    /// of arrival (E6, E8; C.6, C.8), and the 1970 booklet rules `A-D` ambiguous and lost. An
    /// error however many legal completions there are (code `incomplete-move`); only lenient
    /// reading completes a target, when exactly one completion is legal.
    IncompleteTarget,
    /// Under lenient reading, several guesses (letter case, completion) are legal.
    CaseReadings,
    /// A capture, check or mate mark that the move read contradicts, where another legal move
    /// whose writing is one character away fits it (`Bxe4` onto an empty e4, where Bxc4
    /// captures): the mark is evidence, and the meaning is not certain. The candidates are the
    /// move read first, then those readings (E9, E12 (2005); C.9, C.13 (2023)).
    Mark,
}

impl AmbiguityCause {
    /// The article behind the error: E10 (2005) or C.10 (2023) for a missing disambiguation,
    /// E8 or C.8 (a piece move names its square of arrival) for an incomplete target, E5 or
    /// C.5 (letter case) for guesses.
    pub const fn rule(self, edition: Edition) -> Rule {
        let article = match self {
            AmbiguityCause::Disambiguation => Article::Disambiguation,
            AmbiguityCause::IncompleteTarget => Article::SquareOfArrival,
            AmbiguityCause::CaseReadings => Article::FilesAndRanks,
            AmbiguityCause::Mark => Article::Captures,
        };
        Rule::new(edition, article)
    }
}

/// No legal move fits the writing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Illegal {
    /// Why.
    pub reason: IllegalReason,
    /// The reading.
    pub notation: Notation,
}

/// The writing cannot be read as a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unreadable {
    /// The reading.
    pub notation: Notation,
}

/// Something irregular in a move whose meaning is nevertheless certain.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Irregularity {
    /// What.
    pub kind: IrregularityKind,
    /// Where, in the original text.
    pub span: Span,
}

/// The kinds of irregular writing. Each is reported under a stable diagnostic code
/// (`check::DiagnosticCode`).
///
/// ```
/// use planilla::{check_text, CheckOptions, Finding, IrregularityKind};
/// // `3.Ab5+`: the bishop gives no check. The move is certain: a warning.
/// let report = check_text("1.e4 e5 2.Cf3 Cc6 3.Ab5+", &CheckOptions::default()).next().unwrap();
/// let finding = Finding::Irregular(IrregularityKind::FalseCheck);
/// assert_eq!(report.diagnostics[0].finding, finding);
/// assert_eq!(report.diagnostics[0].code(), "check-mark");
/// assert!(!IrregularityKind::FalseCheck.is_guess());
/// assert!(IrregularityKind::CaseReading.is_guess()); // lenient reading only
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IrregularityKind {
    /// A capture mark on a move that captures nothing (E9; C.9).
    CaptureMarkWithoutCapture,
    /// A capture without its `x`, where the edition requires it (E9, 2005 only; optional
    /// from 2018 by C.9).
    CaptureMarkMissing,
    /// A `+` on a move that gives no check (E abbreviations; C.13).
    FalseCheck,
    /// A `++` or `#` on a move that does not mate.
    FalseMate,
    /// An origin file or rank where none is needed (E10; C.10).
    SuperfluousDisambiguation,
    /// An origin hint that tells the pieces apart, but not the one E10 prefers (the file when
    /// it suffices).
    NonstandardDisambiguation,
    /// A guess under lenient reading: a target given by file or rank alone, completed because
    /// exactly one legal move fits (`A5` read as `Ac5`).
    IncompleteButUnique,
    /// A piece letter from another language, such as `K` for the king on a Spanish sheet
    /// (E3; C.3 allow each player's own language, not a mixture).
    ForeignLetter,
    /// `a.p.` on a move that is not an en passant capture (E9; C.9).
    EnPassantMarkWithoutEnPassant,
    /// An en passant capture without `a.p.`, which the 2005 Appendix requires (E9).
    EnPassantMarkMissing,
    /// A guess under lenient reading: the letter case read the other way round (`cd4` read as
    /// `Cd4`), or a letter of another letter set whose meaning differs between sets (`Bb5`),
    /// the only legal guess.
    CaseReading,
    /// A pawn move written with the pawn's letter (`Pe4`): pawns are known by the absence of a
    /// letter (E4; C.4), but the meaning is certain.
    PawnLetter,
    /// A guess under lenient reading: a pawn capture written without the capturing pawn's
    /// file (`d5` read as `exd5`), where only one pawn can capture there. E9 (2005) and C.9
    /// (2023) require the file: in strict reading this is an illegal pawn move.
    PawnCaptureWithoutFile,
    /// The origin is missing where two pieces can make the move, but the check or mate
    /// written names one of them: only it gives the check (`R-Kt2ch`, `BxPch`; `Tf8+`). Every
    /// character read names one legal move, so the meaning is certain (E10; C.10).
    DisambiguatedByCheck,
}

impl IrregularityKind {
    /// `true` for the guesses of lenient reading: another letter case or letter set, a
    /// completed target, a pawn capture's missing file. Strict reading never makes them.
    pub const fn is_guess(self) -> bool {
        matches!(
            self,
            IrregularityKind::CaseReading
                | IrregularityKind::IncompleteButUnique
                | IrregularityKind::PawnCaptureWithoutFile
        )
    }

    /// `true` for irregularities of the optional marks only (`x`, `+`, `#`, `a.p.`, C.13) and
    /// of the piece letter's language: the move's form is otherwise standard.
    pub const fn is_optional_mark(self) -> bool {
        matches!(
            self,
            IrregularityKind::CaptureMarkWithoutCapture
                | IrregularityKind::CaptureMarkMissing
                | IrregularityKind::FalseCheck
                | IrregularityKind::FalseMate
                | IrregularityKind::EnPassantMarkWithoutEnPassant
                | IrregularityKind::EnPassantMarkMissing
                | IrregularityKind::ForeignLetter
        )
    }

    /// The article behind the rule, in the given edition.
    pub const fn rule(self, edition: Edition) -> Rule {
        let article = match self {
            IrregularityKind::CaptureMarkWithoutCapture | IrregularityKind::CaptureMarkMissing => {
                Article::Captures
            }
            IrregularityKind::FalseCheck | IrregularityKind::FalseMate => Article::Abbreviations,
            IrregularityKind::SuperfluousDisambiguation
            | IrregularityKind::NonstandardDisambiguation
            | IrregularityKind::DisambiguatedByCheck
            | IrregularityKind::IncompleteButUnique => Article::Disambiguation,
            IrregularityKind::PawnCaptureWithoutFile => Article::Captures,
            IrregularityKind::ForeignLetter => Article::PieceLetters,
            IrregularityKind::PawnLetter => Article::PawnWithoutLetter,
            IrregularityKind::EnPassantMarkWithoutEnPassant
            | IrregularityKind::EnPassantMarkMissing => Article::Captures,
            IrregularityKind::CaseReading => Article::FilesAndRanks,
        };
        Rule::new(edition, article)
    }
}

/// Resolves a written move: strictly, the text as written; with [`Options::lenient`], the
/// guesses too, when the text as written does not name exactly one legal move.
///
/// ```
/// use planilla::notation::{Language, Parser};
/// use planilla::resolve::{resolve, AmbiguityCause, IrregularityKind, Options, Resolution};
/// use planilla::Position;
/// // After 1.e4 d5, `d5` is no pawn move: the capture names its file (E9; C.9).
/// let pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
///     .unwrap();
/// let strict = Parser::spanish();
/// let r = resolve(&pos, &strict.parse_move("d5").unwrap(), &Language::SPANISH, Options::default());
/// assert!(matches!(r, Resolution::Illegal(_)));
/// // Lenient reading guesses: `exd5`, and `D5` read as a queen move to the fifth rank,
/// // `Dh5`. Two legal guesses: ambiguous.
/// let lenient = Options::default().with_lenient(true);
/// let r = resolve(&pos, &strict.lenient().parse_move("d5").unwrap(), &Language::SPANISH, lenient);
/// assert!(matches!(r, Resolution::Ambiguous(a) if a.cause == AmbiguityCause::CaseReadings));
/// // The text as written comes first: `exd5` is no guess.
/// let r = resolve(&pos, &strict.lenient().parse_move("exd5").unwrap(), &Language::SPANISH, lenient);
/// assert!(matches!(r, Resolution::Resolved(r) if r.notes.is_empty()));
/// // With the bishop on e2, the queen reaches no square of the fifth rank: one guess.
/// let pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPPBPPP/RNBQK1NR w KQkq - 0 3")
///     .unwrap();
/// let r = resolve(&pos, &strict.lenient().parse_move("d5").unwrap(), &Language::SPANISH, lenient);
/// let Resolution::Resolved(r) = r else { panic!() };
/// assert_eq!(r.mv.to_uci(), "e4d5");
/// assert_eq!(r.notes[0].kind, IrregularityKind::PawnCaptureWithoutFile);
/// // A target square given by its file alone is incomplete, however many moves fit.
/// let r = resolve(&pos, &strict.parse_move("Ab").unwrap(), &Language::SPANISH, Options::default());
/// assert!(matches!(r, Resolution::Ambiguous(a) if a.cause == AmbiguityCause::IncompleteTarget));
/// ```
#[must_use]
pub fn resolve(
    pos: &Position,
    readings: &Readings,
    language: &Language,
    options: Options,
) -> Resolution {
    let slice = readings.as_slice();
    let literal = resolve_notation(pos, &slice[0], language, options);
    if !options.lenient {
        return literal;
    }
    // The text as written comes first: a lenient reading never changes a move that the
    // strict reading resolves, nor makes it ambiguous.
    if readings.is_literal()
        && let Resolution::Resolved(r) = &literal
        && !r.notes.iter().any(|n| n.kind.is_guess())
    {
        return literal;
    }
    // Every other reading is a guess; it counts only if it is the only legal one.
    let mut guesses: ArrayVec<Resolved, 2> = ArrayVec::new();
    for (i, n) in slice.iter().enumerate() {
        let result = if i == 0 {
            literal.clone()
        } else {
            resolve_notation(pos, n, language, options)
        };
        if let Resolution::Resolved(mut r) = result {
            if i > 0 || !readings.is_literal() {
                r.notes.push(Irregularity {
                    kind: IrregularityKind::CaseReading,
                    span: r.notation.span(),
                });
            }
            if !guesses.iter().any(|g| g.mv == r.mv) {
                guesses.push(r);
            }
        }
    }
    match guesses.len() {
        1 => Resolution::Resolved(guesses.swap_remove(0)),
        0 => literal,
        _ => Resolution::Ambiguous(Ambiguous {
            candidates: guesses.iter().map(|g| g.mv).collect(),
            notation: slice[0],
            cause: AmbiguityCause::CaseReadings,
        }),
    }
}

/// Resolves one reading.
///
/// `language` tells a foreign letter (`K` on a Spanish sheet) from the sheet's own.
#[must_use]
pub fn resolve_notation(
    pos: &Position,
    n: &Notation,
    language: &Language,
    options: Options,
) -> Resolution {
    if n.is_castle() {
        return match n.castle() {
            Some(c) => resolve_castle(pos, n, c, options),
            None => Resolution::Unreadable(Unreadable { notation: *n }),
        };
    }
    match (n.role(), n.target()) {
        (Some(role), Some(target)) => resolve_normal(pos, n, role, target, language, options),
        // A piece or pawn move always has both: the compact notation holds no other.
        _ => Resolution::Unreadable(Unreadable { notation: *n }),
    }
}

fn resolve_castle(pos: &Position, n: &Notation, c: Castle, options: Options) -> Resolution {
    match pos.castling_move(c.side) {
        Some(mv) => {
            let mut notes = Notes::new();
            check_suffix(pos, n, mv, &mut notes);
            check_en_passant_mark(n, mv, options, &mut notes);
            Resolution::Resolved(Resolved {
                mv,
                san: San::Castle(c.side),
                notation: *n,
                notes,
            })
        }
        None => Resolution::Illegal(Illegal {
            reason: reasons::why_no_castling(pos, c.side),
            notation: *n,
        }),
    }
}

/// Resolves a piece or pawn move of `role` to `target`. The compact notation's other parts
/// are read from `n` where a step needs them; their spans only for a note.
fn resolve_normal(
    pos: &Position,
    n: &Notation,
    role: Role,
    target: Target,
    language: &Language,
    options: Options,
) -> Resolution {
    // One list, filtered in place. A whole square (nearly every move) has a list of 16 moves;
    // a file or a rank (an incomplete target) one of 256, 1 KB, which is not copied around.
    let movers = || pos.by_piece(role.of(pos.turn()));
    match target {
        Target::Square(sq) => fitting(
            pos,
            n,
            role,
            target,
            pos.legal_moves_to(role, sq),
            language,
            options,
        ),
        Target::File(f) => {
            let fits = pos.legal_moves_between(movers(), Bitboard::from_file(f));
            fitting(pos, n, role, target, fits, language, options)
        }
        Target::Rank(r) => {
            let fits = pos.legal_moves_between(movers(), Bitboard::from_rank(r));
            fitting(pos, n, role, target, fits, language, options)
        }
    }
}

/// The resolution of `n` among `fits`, the legal moves of its `role` to its `target`: the
/// origin step, the pawn step, the completion step and the promotion step narrow `fits` or
/// give the verdict; one move left is resolved with its notes.
#[allow(clippy::too_many_arguments)]
fn fitting<const N: usize>(
    pos: &Position,
    n: &Notation,
    role: Role,
    target: Target,
    mut fits: ArrayVec<Move, N>,
    language: &Language,
    options: Options,
) -> Resolution {
    // Castling is written 0-0 / 0-0-0, never as a king move.
    fits.retain(|mv| mv.castling_side().is_none());
    // Every legal origin of the role to the square, for the SAN's disambiguation (C.10).
    let origins = fits.iter().fold(Bitboard::EMPTY, |bb, mv| {
        bb | Bitboard::from_square(mv.from())
    });
    keep_written_origin(n, &mut fits);
    let mut notes = Notes::new();
    if role == Role::Pawn
        && let Some(verdict) = pawn_step(n, target, &mut fits, options, &mut notes)
    {
        return verdict;
    }
    if let Some(verdict) = completion_step(n, target, &fits, options) {
        return verdict;
    }
    if let Some(verdict) = promotion_step(n, &mut fits) {
        return verdict;
    }
    match fits.len() {
        0 => Resolution::Illegal(Illegal {
            reason: reasons::why_illegal(
                pos,
                reasons::Written {
                    role,
                    target,
                    from_file: n.from_file(),
                    from_rank: n.from_rank(),
                    promotion: n.is_promotion(),
                },
            ),
            notation: *n,
        }),
        1 => resolved(pos, n, target, fits[0], origins, language, options, notes),
        // (No `if let` guard: the crate's MSRV, 1.88, has none.)
        _ => match by_check_mark(pos, n, &fits) {
            Some((mv, note)) => {
                notes.push(note);
                resolved(pos, n, target, mv, origins, language, options, notes)
            }
            None => Resolution::Ambiguous(Ambiguous {
                candidates: fits.to_vec(),
                notation: *n,
                cause: AmbiguityCause::Disambiguation,
            }),
        },
    }
}

/// The origin step: only the moves from the origin file or rank written (E10; C.10).
#[inline(always)]
fn keep_written_origin<const N: usize>(n: &Notation, fits: &mut ArrayVec<Move, N>) {
    let (from_file, from_rank) = (n.from_file(), n.from_rank());
    if from_file.is_some() || from_rank.is_some() {
        fits.retain(|mv| {
            from_file.is_none_or(|f| mv.from().file() == f)
                && from_rank.is_none_or(|r| mv.from().rank() == r)
        });
    }
}

/// The pawn step, for a pawn move to `target`: a pawn move without an origin file is a push;
/// a pawn's file alone names the file it leaves. The verdict, when the move is illegal for
/// it.
#[inline(always)]
fn pawn_step<const N: usize>(
    n: &Notation,
    target: Target,
    fits: &mut ArrayVec<Move, N>,
    options: Options,
    notes: &mut Notes,
) -> Option<Resolution> {
    let from_file = n.from_file();
    // A pawn move without an origin file is a push: a capture needs the file (E9; C.9).
    if from_file.is_none() {
        let is_push = |mv: &Move| mv.from().file() == mv.to().file();
        if fits.iter().any(is_push) {
            fits.retain(|mv| is_push(mv));
        } else if !fits.is_empty() && matches!(target, Target::Square(_)) {
            // Only captures fit: `d5` for `exd5`. The text names no capture (E9; C.9): an
            // illegal pawn move, unless lenient reading guesses the one capture that fits.
            if !options.lenient || distinct_origins(fits) > 1 {
                return Some(Resolution::Illegal(Illegal {
                    reason: IllegalReason::PawnCaptureWithoutFile(fits[0].to()),
                    notation: *n,
                }));
            }
            notes.push(Irregularity {
                kind: IrregularityKind::PawnCaptureWithoutFile,
                span: n.target_span(),
            });
        }
    }
    // A pawn's file alone names the file it leaves in a capture (E9; C.9): `cc3` and `hxh4`
    // write no pawn move (usually a slip: `Cc3` in the wrong case, `hxg4`). A full origin
    // square (`e2e4`, long algebraic) stays a superfluous disambiguation.
    if let Target::Square(to) = target
        && n.from_rank().is_none()
        && from_file == Some(to.file())
    {
        return Some(Resolution::Illegal(Illegal {
            reason: IllegalReason::PawnOriginOnOwnFile(to),
            notation: *n,
        }));
    }
    None
}

/// The completion step: a target without its square is incomplete (E6, E8; C.6, C.8), an
/// error however many legal moves complete it; lenient reading guesses the completion when
/// there is one.
#[inline(always)]
fn completion_step(
    n: &Notation,
    target: Target,
    fits: &[Move],
    options: Options,
) -> Option<Resolution> {
    let complete = matches!(target, Target::Square(_));
    (!complete && (!options.lenient || fits.len() != 1)).then(|| {
        Resolution::Ambiguous(Ambiguous {
            candidates: fits.to_vec(),
            notation: *n,
            cause: AmbiguityCause::IncompleteTarget,
        })
    })
}

/// The promotion step: the written piece must match; none written where one is due is
/// illegal, and one written where none can be (E12; C.11).
#[inline(always)]
fn promotion_step<const N: usize>(
    n: &Notation,
    fits: &mut ArrayVec<Move, N>,
) -> Option<Resolution> {
    let promotes = fits.iter().any(|mv| mv.promotion().is_some());
    if !promotes && !n.is_promotion() {
        return None;
    }
    let reason = match (n.promotion(), promotes) {
        (Some(p), true) => match p.role {
            Some(r) => {
                fits.retain(|mv| mv.promotion() == Some(r));
                return None;
            }
            None => IllegalReason::PromotionMissing,
        },
        (None, true) => IllegalReason::PromotionMissing,
        (Some(_), false) if !fits.is_empty() => IllegalReason::PromotionOnWrongRank,
        _ => return None,
    };
    Some(Resolution::Illegal(Illegal {
        reason,
        notation: *n,
    }))
}

/// The notes step: the one move that fits, resolved, with a note for each mark written
/// otherwise than the Laws write it.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn resolved(
    pos: &Position,
    n: &Notation,
    target: Target,
    mv: Move,
    origins: Bitboard,
    language: &Language,
    options: Options,
    mut notes: Notes,
) -> Resolution {
    if !matches!(target, Target::Square(_)) {
        notes.push(Irregularity {
            kind: IrregularityKind::IncompleteButUnique,
            span: n.target_span(),
        });
    }
    let san = match target {
        Target::Square(_) => San::from_move_with_origins(mv, origins),
        _ => San::from_move(pos, mv),
    };
    check_disambiguation(n, mv, san, &mut notes);
    check_capture_mark(n, mv, options, &mut notes);
    check_letter(n, language, &mut notes);
    check_en_passant_mark(n, mv, options, &mut notes);
    check_suffix(pos, n, mv, &mut notes);
    Resolution::Resolved(Resolved {
        mv,
        san,
        notation: *n,
        notes,
    })
}

fn distinct_origins(moves: &[Move]) -> usize {
    moves
        .iter()
        .map(|m| Bitboard::from_square(m.from()))
        .fold(Bitboard::EMPTY, |a, b| a | b)
        .count()
}

/// Compares the written origin hints with the minimal ones SAN would write.
#[inline(always)]
fn check_disambiguation(n: &Notation, mv: Move, san: San, notes: &mut Notes) {
    let (from_file, from_rank) = (n.from_file(), n.from_rank());
    if from_file.is_none() && from_rank.is_none() {
        return;
    }
    let (file, rank) = match san {
        San::Normal { file, rank, .. } => (file, rank),
        San::Castle(_) => return,
    };
    if mv.role() == Role::Pawn {
        // A pawn capture names its file (E9); a rank, or a file on a push, is extra.
        if from_rank.is_some() || (from_file.is_some() && file.is_none()) {
            notes.push(Irregularity {
                kind: IrregularityKind::SuperfluousDisambiguation,
                span: n.from_span(),
            });
        }
        return;
    }
    let kind = if file.is_none() && rank.is_none() {
        IrregularityKind::SuperfluousDisambiguation
    } else if (from_file.is_some(), from_rank.is_some()) == (file.is_some(), rank.is_some()) {
        return;
    } else if (from_file.is_some() && file.is_some()) || (from_rank.is_some() && rank.is_some()) {
        // Both needed hints were written, plus one more.
        IrregularityKind::SuperfluousDisambiguation
    } else {
        IrregularityKind::NonstandardDisambiguation
    };
    notes.push(Irregularity {
        kind,
        span: n.from_span(),
    });
}

#[inline(always)]
fn check_capture_mark(n: &Notation, mv: Move, options: Options, notes: &mut Notes) {
    match (n.is_capture(), mv.is_capture()) {
        (true, false) => {
            notes.push(Irregularity {
                kind: IrregularityKind::CaptureMarkWithoutCapture,
                span: n.separator().map_or(n.target_span(), |s| s.span),
            });
        }
        (false, true) if options.edition.requires_capture_mark() => {
            let at = n.target_span().start;
            notes.push(Irregularity {
                kind: IrregularityKind::CaptureMarkMissing,
                span: Span::new(at, at),
            });
        }
        _ => {}
    }
}

fn check_letter(n: &Notation, language: &Language, notes: &mut Notes) {
    // A promotion letter from another set (`e8Q` on a Spanish sheet) is foreign too.
    if n.is_promotion()
        && let Some(Promotion {
            role: Some(role),
            letter: Some(c),
            span,
            ..
        }) = n.promotion()
        && c.is_ascii_uppercase()
        && language.role(c) != Some(role)
    {
        notes.push(Irregularity {
            kind: IrregularityKind::ForeignLetter,
            span,
        });
    }
    let Some(p) = n.piece() else { return };
    if p.role == Role::Pawn {
        notes.push(Irregularity {
            kind: IrregularityKind::PawnLetter,
            span: p.span,
        });
    } else {
        // Only an uppercase letter can be foreign: a lowercase one read as a piece is a case
        // reading, and a letter whose meaning differs between sets is a guess (both named by
        // `resolve`).
        let own = language.role(p.letter) == Some(p.role) || figurine_role(p.letter).is_some();
        if !own && language.foreign_role(p.letter) == Some(p.role) {
            notes.push(Irregularity {
                kind: IrregularityKind::ForeignLetter,
                span: p.span,
            });
        }
    }
}

#[inline(always)]
fn check_en_passant_mark(n: &Notation, mv: Move, options: Options, notes: &mut Notes) {
    match (n.en_passant(), mv.is_en_passant()) {
        (Some(EnPassant { span, .. }), false) => {
            notes.push(Irregularity {
                kind: IrregularityKind::EnPassantMarkWithoutEnPassant,
                span,
            });
        }
        (None, true) if options.edition.requires_en_passant_mark() => {
            notes.push(Irregularity {
                kind: IrregularityKind::EnPassantMarkMissing,
                span: Span::new(n.span().end, n.span().end),
            });
        }
        _ => {}
    }
}

/// A written `+`, `++` or `#` must be true. A missing one is no irregularity: the suffix is
/// optional (C.13) and the 2005 text lists it among abbreviations, not as a requirement.
/// Among several legal moves that fit the writing, the one that gives the check or the mate
/// written after it, when exactly one does: every character read names that move alone (the
/// printed check of the classical books, `R-Kt2ch`, `BxPch`). Its note says that the origin
/// is missing. `None` with no such mark, or when none or several give it; a mark left out
/// tells nothing (print often leaves it out).
pub(crate) fn by_check_mark(
    pos: &Position,
    n: &Notation,
    fits: &[Move],
) -> Option<(Move, Irregularity)> {
    let suffix = n.suffix()?;
    let gives = |mv: &Move| {
        let mut after = *pos;
        after.play_unchecked(*mv);
        match suffix.kind {
            SuffixKind::Check => after.is_check(),
            _ => after.is_checkmate(),
        }
    };
    let mut giving = fits.iter().filter(|mv| gives(mv));
    let mv = *giving.next()?;
    if giving.next().is_some() {
        return None;
    }
    Some((
        mv,
        Irregularity {
            kind: IrregularityKind::DisambiguatedByCheck,
            span: suffix.span,
        },
    ))
}

fn check_suffix(pos: &Position, n: &Notation, mv: Move, notes: &mut Notes) {
    let Some(suffix) = n.suffix() else { return };
    let mut after = *pos;
    after.play_unchecked(mv);
    let kind = match suffix.kind {
        SuffixKind::Check if !after.is_check() => IrregularityKind::FalseCheck,
        SuffixKind::DoublePlus | SuffixKind::Hash if !after.is_checkmate() => {
            IrregularityKind::FalseMate
        }
        _ => return,
    };
    notes.push(Irregularity {
        kind,
        span: suffix.span,
    });
}
