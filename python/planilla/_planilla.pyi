"""Type stubs of the extension module (PEP 561); the package re-exports every name."""

from os import PathLike
from typing import Any, Iterator, Literal, Mapping, Optional, Sequence, TypedDict, Union

Letters = Literal["es", "en", "fr", "de", "it", "pt", "nl", "ca"]
Messages = Literal["es", "en"]
Notation = Literal["algebraic", "descriptive", "auto"]
Format = Literal["pgn", "es", "figurine", "json", "descriptiva", "descriptive"]
Edition = Literal[2005, 2018, 2023]
Effort = Literal["material", "fast", "full"]

__version__: str

class FenError(ValueError):
    """A FEN that does not give a legal position."""

class NamedMove:
    """A legal move named three ways."""

    @property
    def san(self) -> str: ...
    @property
    def written(self) -> str: ...
    @property
    def uci(self) -> str: ...

class Move:
    """One ply read from the sheet."""

    @property
    def ply(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def color(self) -> Literal["white", "black"]: ...
    @property
    def text(self) -> str: ...
    @property
    def span(self) -> tuple[int, int]: ...
    @property
    def san(self) -> str: ...
    @property
    def written(self) -> str: ...
    @property
    def uci(self) -> str: ...
    @property
    def fen(self) -> str: ...

class Diagnostic:
    """An error, a warning or a note, at its characters, with its article."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> Literal["error", "warning", "note"]: ...
    @property
    def ply(self) -> Optional[int]: ...
    @property
    def span(self) -> tuple[int, int]: ...
    @property
    def message(self) -> str: ...
    @property
    def rule(self) -> Optional[str]: ...
    @property
    def candidates(self) -> list[NamedMove]: ...
    @property
    def suggestions(self) -> list[NamedMove]: ...

class Variation:
    """A line printed instead of one of the game's moves (a PGN RAV, a parenthesised line)."""

    @property
    def ply(self) -> int: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def span(self) -> tuple[int, int]: ...
    @property
    def variations(self) -> list[Variation]: ...

class Report:
    """One game's report."""

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
    def tags(self) -> dict[str, str]: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def draw_offers(self) -> list[int]: ...
    @property
    def variations(self) -> list[Variation]: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
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

class ReportIterator(Iterator[Report]):
    """The reports of a file's games, read one game at a time."""

    def __iter__(self) -> ReportIterator: ...
    def __next__(self) -> Report: ...

class Ruling:
    """A ruling on a sealed move."""

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
    def candidates(self) -> list[NamedMove]: ...
    @property
    def suggestions(self) -> list[NamedMove]: ...
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
) -> ReportIterator: ...
def convert(
    text: str,
    to: Format = "pgn",
    *,
    diagnostics: bool = False,
    lang: Letters = "es",
    edition: Edition = 2023,
    lenient: bool = False,
    messages: Messages = "es",
    notation: Notation = "auto",
    fen: Optional[str] = None,
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
) -> Decoded: ...
