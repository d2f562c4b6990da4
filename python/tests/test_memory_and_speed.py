"""check() keeps cheap reports: memory grows with the text, not with every move's objects;
and a report's moves index as fast as a list, near enough."""

import subprocess
import sys
import timeit

import planilla
from helpers import REPO

PROBE = """
import resource, sys
from pathlib import Path
import planilla
sheets = sorted(Path(sys.argv[1]).glob("*.txt"))
unit = "\\n\\n".join(p.read_text(encoding="utf-8") for p in sheets) + "\\n\\n"
size = int(float(sys.argv[2]) * 1e6)
text = unit * (size // len(unit.encode()) + 1)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
reports = planilla.check(text)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(len(text.encode()), len(reports), before, after)
"""


def test_check_on_ten_megabytes_of_sheets_grows_memory_by_under_five_bytes_a_byte():
    # 50 MB of the shipped sheets peak at 230 MiB in all (the text itself 59 MiB), against
    # 2.6 GiB before reports were made cheap: the bound here leaves room for the allocator.
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(REPO / "examples/planillas"), "10"],
        capture_output=True,
        check=True,
        text=True,
    )
    size, games, before, after = map(int, done.stdout.split())
    assert games > 15000
    grown = (after - before) * 1024  # ru_maxrss is in KiB on Linux
    assert grown < 5 * size, f"{grown / size:.2f} bytes a byte of text"


def test_indexing_a_reports_moves_costs_about_what_indexing_a_list_costs():
    text = (REPO / "examples/planillas/lichess_61_canonica.txt").read_text(encoding="utf-8")
    report = planilla.check(text)[0]
    moves = list(report.moves)
    n = len(moves)

    def by_report():
        for i in range(n):
            report.moves[i]

    def by_list():
        for i in range(n):
            moves[i]

    ours = min(timeit.repeat(by_report, number=200, repeat=5))
    theirs = min(timeit.repeat(by_list, number=200, repeat=5))
    # 1.1x to 1.8x on CPython 3.10 to 3.13, most runs 1.2x to 1.4x: the moves, once read, are the
    # report's own attribute. A getter's call cost 2.2x to 3x, and a new list at every access 139x.
    assert ours < 2 * theirs, f"{ours / theirs:.2f}x"


def test_a_report_becomes_a_plain_report_at_its_first_read_and_keeps_the_same_tuples():
    text = (REPO / "examples/planillas/lichess_61_canonica.txt").read_text(encoding="utf-8")
    [fresh] = planilla.check(text)
    assert type(fresh) is not planilla.Report and isinstance(fresh, planilla.Report)
    first = fresh.moves
    assert type(fresh) is planilla.Report
    assert fresh.moves is first and fresh.diagnostics is fresh.diagnostics
    [other] = planilla.check(text)
    assert other.variations == fresh.variations and other.moves == first
    assert other.diagnostics == fresh.diagnostics
