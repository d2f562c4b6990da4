"""Type stubs of the extension module (PEP 561); the package re-exports every name."""

from os import PathLike
from typing import Any, Iterator, Literal, Mapping, Optional, Sequence, TypedDict, Union, final

Letters = Literal["es", "en", "fr", "de", "it", "pt", "nl", "ca"]
Messages = Literal["es", "en"]
Notation = Literal["algebraic", "descriptive", "auto"]
Format = Literal["pgn", "es", "figurine", "json", "descriptiva", "descriptive"]
Edition = Literal[2005, 2018, 2023]
Effort = Literal["material", "fast", "full"]

__version__: str

Encoding = str
"""``"utf-8"`` (the default), ``"latin-1"`` or ``"cp1252"``, by any of Python's names for
them (``"iso-8859-1"``, ``"windows-1252"``, …)."""

class FenError(ValueError):
    """A FEN that does not give a legal position."""

@final
class NamedMove:
    """A legal move named three ways. Compares and hashes by value; pickles."""

    @property
    def san(self) -> str: ...
    @property
    def written(self) -> str: ...
    @property
    def uci(self) -> str: ...

@final
class Move:
    """One ply read from the sheet. Compares and hashes by value; pickles."""

    @property
    def ply(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def color(self) -> Literal["white", "black"]: ...
    @property
    def text(self) -> str: ...
    @property
    def span(self) -> tuple[int, int]:
        """Offsets in the input: characters of a ``str``, bytes of ``bytes`` or of a file."""
    @property
    def byte_span(self) -> tuple[int, int]:
        """Byte offsets in the input as UTF-8 (``planilla check --json``'s ``span``)."""
    @property
    def san(self) -> str: ...
    @property
    def written(self) -> str: ...
    @property
    def uci(self) -> str: ...
    @property
    def fen(self) -> str: ...

@final
class Diagnostic:
    """An error, a warning or a note, at its characters, with its article. Compares and
    hashes by value; pickles."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> Literal["error", "warning", "note"]: ...
    @property
    def ply(self) -> Optional[int]: ...
    @property
    def span(self) -> tuple[int, int]:
        """Offsets in the input: characters of a ``str``, bytes of ``bytes`` or of a file."""
    @property
    def byte_span(self) -> tuple[int, int]:
        """Byte offsets in the input as UTF-8 (``planilla check --json``'s ``span``)."""
    @property
    def message(self) -> str: ...
    @property
    def rule(self) -> Optional[str]: ...
    @property
    def candidates(self) -> tuple[NamedMove, ...]: ...
    @property
    def suggestions(self) -> tuple[NamedMove, ...]: ...

@final
class Variation:
    """A line printed instead of one of the game's moves (a PGN RAV, a parenthesised line).
    Compares and hashes by value; pickles."""

    @property
    def ply(self) -> int: ...
    @property
    def moves(self) -> tuple[str, ...]: ...
    @property
    def span(self) -> tuple[int, int]:
        """Offsets in the input: characters of a ``str``, bytes of ``bytes`` or of a file."""
    @property
    def byte_span(self) -> tuple[int, int]:
        """Byte offsets in the input as UTF-8 (``planilla check --json``'s ``span``)."""
    @property
    def variations(self) -> tuple[Variation, ...]: ...

class Report:
    """One game's report. It holds the game's summary and a share of the input's text; its
    moves, diagnostics and variations are read again the first time they are asked for, then
    kept (the same tuple at every access). Compares and hashes by value; pickles as its game's
    text and settings, read again on load (once for the reports of one piece of text pickled
    together). Setting or deleting an attribute raises AttributeError. A report whose moves are
    not read yet is of a private subclass (so the class is not final): test reports with
    ``isinstance(r, Report)``. ``moves``, ``diagnostics`` and ``variations`` are attributes of
    the report, not of the class."""

    @property
    def index(self) -> int: ...
    @property
    def valid(self) -> bool: ...
    @property
    def result(self) -> str: ...
    @property
    def recorded_result(self) -> Optional[str]: ...
    @property
    def board_result(self) -> Optional[str]: ...
    @property
    def start_fen(self) -> Optional[str]: ...
    @property
    def tags(self) -> Mapping[str, str]:
        """A read-only mapping (``types.MappingProxyType``); ``dict(report.tags)`` for a dict."""
    @property
    def moves(self) -> tuple[Move, ...]: ...
    @property
    def draw_offers(self) -> tuple[int, ...]: ...
    @property
    def variations(self) -> tuple[Variation, ...]: ...
    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]: ...
    @property
    def unread_moves(self) -> int: ...
    @property
    def termination(self) -> Optional[str]: ...
    @property
    def offset(self) -> int: ...
    @property
    def line(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    def to_pgn(self, diagnostics: bool = False) -> str: ...
    # A chess.pgn.Game of python-chess, which the package does not require.
    def to_chess_game(self) -> Any: ...

@final
class _Piece:
    """The piece of input text that a pickle of reports shares among them (private)."""

@final
class ReportIterator(Iterator[Report]):
    """The reports of a file's games, read one game at a time."""

    def __iter__(self) -> ReportIterator: ...
    def __next__(self) -> Report: ...

@final
class Ruling:
    """A ruling on a sealed move. Compares and hashes by value; pickles."""

    @property
    def verdict(self) -> Literal["valid", "ambiguous", "unreadable", "illegal"]: ...
    @property
    def consequence(self) -> Literal["continue", "loss", "draw", "refer"]: ...
    @property
    def exception(self) -> Optional[str]: ...
    @property
    def rule(self) -> str: ...
    @property
    def consequence_rule(self) -> Optional[str]: ...
    @property
    def message(self) -> str: ...
    @property
    def consequence_message(self) -> str: ...
    @property
    def san(self) -> Optional[str]: ...
    @property
    def written(self) -> Optional[str]: ...
    @property
    def uci(self) -> Optional[str]: ...
    @property
    def candidates(self) -> tuple[NamedMove, ...]: ...
    @property
    def suggestions(self) -> tuple[NamedMove, ...]: ...
    @property
    def opponent_can_mate(self) -> Optional[bool]: ...
    @property
    def dead_position(self) -> Optional[bool]: ...
    @property
    def sealer(self) -> Literal["white", "black"]: ...
    @property
    def fen(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def json(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...

def check(
    text: Union[str, bytes],
    *,
    lang: Letters = "es",
    edition: Edition = 2023,
    lenient: bool = False,
    messages: Messages = "es",
    notation: Notation = "auto",
    fen: Optional[str] = None,
    encoding: Encoding = "utf-8",
) -> list[Report]: ...
def check_file(
    path: Union[str, PathLike[str]],
    *,
    lang: Letters = "es",
    edition: Edition = 2023,
    lenient: bool = False,
    messages: Messages = "es",
    notation: Notation = "auto",
    fen: Optional[str] = None,
    encoding: Encoding = "utf-8",
) -> ReportIterator: ...
def convert(
    text: Union[str, bytes],
    to: Format = "pgn",
    *,
    diagnostics: bool = False,
    lang: Letters = "es",
    edition: Edition = 2023,
    lenient: bool = False,
    messages: Messages = "es",
    notation: Notation = "auto",
    fen: Optional[str] = None,
    encoding: Encoding = "utf-8",
) -> str: ...
def sealed(
    move: Optional[str] = None,
    *,
    fen: Optional[str] = None,
    game: Optional[str] = None,
    ply: Optional[int] = None,
    lang: Letters = "es",
    edition: Edition = 2023,
    lenient: bool = False,
    messages: Messages = "es",
    notation: Notation = "auto",
    effort: Effort = "full",
    time_limit: float = 10.0,
) -> Ruling: ...

class DecodedRepair(TypedDict):
    """A box whose candidates gave no legal move: ``kind`` is ``slip``, ``missing-move`` (a
    blank box filled) or ``extra-move`` (a box that is no move of the game)."""

    ply: int
    kind: str
    written: Optional[str]
    san: Optional[str]
    reason: str

class DecodedAlternative(TypedDict):
    """Another game, no more probable than the first."""

    san: list[str]
    log_probability: float

PlySource = TypedDict(
    "PlySource",
    {"from": Literal["top", "lower", "repair"], "share": float, "rank": int, "margin": float},
    total=False,
)
"""Where a ply came from: the box's first candidate (``share``), a lower one (``rank`` from 0,
``share``, ``margin`` against the first, natural log), or a repair."""

class Decoded(TypedDict):
    """The most probable legal game of a recognizer's sheet, as ``planilla decode --json``."""

    san: list[str]
    chosen: list[Optional[int]]
    log_probability: float
    repairs: list[DecodedRepair]
    sources: list[PlySource]
    margins: list[Optional[float]]
    doubtful: list[int]
    alternatives: list[DecodedAlternative]
    from_candidates: bool
    proven: bool

Cell = Sequence[Sequence[Union[str, float]]]
"""One box: ``[text, probability]`` pairs, best first; empty for a blank box."""

def decode(
    sheet: Union[str, Sequence[Cell], Mapping[str, Any]],
    *,
    lang: Letters = "es",
    fen: Optional[str] = None,
    alternatives: int = 8,
    prior: bool = True,
) -> Decoded: ...
