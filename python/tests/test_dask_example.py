"""The archive example converts a folder on a Dask LocalCluster of two workers, and writes for
each sheet exactly what `planilla convert` writes for it."""

import os
import re
import subprocess
import sys

import pytest

import planilla
from helpers import REPO, SHEETS, run

if os.environ.get("CI") == "true":
    import dask.distributed  # noqa: F401  (CI installs it: a missing Dask fails there)
else:
    pytest.importorskip("dask.distributed")

EXAMPLE = REPO / "python" / "examples" / "dask_archive.py"


def real_games() -> list[str]:
    """Every game of the PGN files in `tests/data`: 1,270 real games from lichess and The
    Week in Chess."""
    games = []
    for pgn in sorted((REPO / "tests" / "data").glob("*.pgn")):
        text = pgn.read_text(encoding="utf-8")
        games += [g for g in re.split(r"\n\s*\n(?=\[Event )", text) if g.strip()]
    return games


def test_the_dask_example_converts_an_archive_as_planilla_convert_does(cli, tmp_path):
    source = tmp_path / "sheets"
    (source / "examples").mkdir(parents=True)
    for sheet in SHEETS:
        (source / "examples" / sheet.name).write_bytes(sheet.read_bytes())
    # Each real game becomes a Spanish sheet of its own, as an archive would hold it.
    games = real_games()
    assert len(games) == 1270
    (source / "games").mkdir()
    for i, game in enumerate(games):
        sheet = planilla.convert(game, to="es", lang="en")
        (source / "games" / f"{i:04}.txt").write_text(sheet, encoding="utf-8")

    # A sheet saved in Latin-1 is read in the fallback encoding (cp1252, which writes `ñ` as
    # Latin-1 does); one that decodes in no encoding is a line of the report, not a failed job.
    latin1 = "[Event \"Torneo de Espa\u00f1a\"]\n\n1.e4 e5 2.Cf3 *\n"
    (source / "examples" / "latin1.txt").write_bytes(latin1.encode("latin-1"))
    as_utf8 = tmp_path / "latin1-as-utf8.txt"
    as_utf8.write_text(latin1, encoding="utf-8")
    (source / "examples" / "undecodable.txt").write_bytes(b"1.e4 e5 \x81\x8d")

    target = tmp_path / "pgn"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(source), str(target), "--workers", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    lines = done.stdout.splitlines()
    sheets = sorted(p.relative_to(source).as_posix() for p in source.rglob("*.txt"))
    sheets += sorted(p.relative_to(source).as_posix() for p in source.rglob("*.pgn"))
    assert sorted(line.split("\t")[0] for line in lines) == sorted(sheets)
    assert len(sheets) == len(SHEETS) + len(games) + 2
    encodings = {line.split("\t")[0]: line.split("\t")[3] for line in lines}
    assert encodings["examples/latin1.txt"] == "cp1252"
    assert encodings["examples/undecodable.txt"].startswith("undecodable:")
    assert done.returncode == 1
    sheets.remove("examples/undecodable.txt")
    assert not (target / "examples/undecodable.txt.pgn").exists()

    counted = sum(int(line.split("\t")[1]) for line in lines)
    assert counted >= len(games) + len(SHEETS)
    for relative in sheets:
        ours = (target / (relative + ".pgn")).read_text(encoding="utf-8")
        read = as_utf8 if relative == "examples/latin1.txt" else source / relative
        assert ours == run(cli, "convert", str(read)), relative
