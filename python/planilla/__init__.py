"""planilla: chess scoresheets in Spanish algebraic notation, checked and converted.

Reads scoresheets and printed chess text in the notation of the FIDE Laws of Chess
(Appendix E of 2005, Appendix C of 2018/2023) in any of their letter sets, checks every move
against the rules, rules on sealed moves, and converts the games to SAN/PGN. Each function
gives what the ``planilla`` command line gives for the same input::

    >>> import planilla
    >>> [report] = planilla.check("1.e4 e5 2.Cf3 Cc6 3.Ab5")
    >>> report.valid, [m.san for m in report.moves]
    (True, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'])
    >>> planilla.check("1.e4 e5 2.Re3")[0].diagnostics[0].code
    'illegal-move'
"""

from ._planilla import (
    Diagnostic,
    FenError,
    Move,
    NamedMove,
    Report,
    ReportIterator,
    Ruling,
    Variation,
    _Piece,
    __version__,
    check,
    check_file,
    convert,
    decode,
    sealed,
)

__all__ = [
    "Diagnostic",
    "FenError",
    "Move",
    "NamedMove",
    "Report",
    "ReportIterator",
    "Ruling",
    "Variation",
    "__version__",
    "check",
    "check_file",
    "convert",
    "decode",
    "sealed",
]
