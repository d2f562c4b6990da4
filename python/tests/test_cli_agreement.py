"""check, convert and sealed give what the command line gives, on every shipped sheet."""

import json
import subprocess

import pytest

import planilla
from helpers import SHEETS, run

FORMATS = ["pgn", "es", "figurine", "json", "descriptiva", "descriptive"]


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
@pytest.mark.parametrize("messages", ["es", "en"])
def test_check_equals_check_json_on_every_shipped_sheet(cli, sheet, messages):
    text = sheet.read_text(encoding="utf-8")
    ours = [r.to_dict() for r in planilla.check(text, messages=messages)]
    theirs = json.loads(run(cli, "check", "--json", "--messages", messages, str(sheet)))
    assert ours == theirs["games"]
    assert len(ours) >= 1


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_check_file_streams_the_same_reports(cli, sheet):
    text = sheet.read_text(encoding="utf-8")
    whole = planilla.check(text)
    streamed = list(planilla.check_file(sheet))
    assert [r.to_dict() for r in streamed] == [r.to_dict() for r in whole]
    # Spans are byte offsets into the file. A move's span also covers a draw offer written
    # with it (`Rb1 (=)`), which its text leaves out.
    data = sheet.read_bytes()
    for report in streamed:
        for move in report.moves:
            start, end = move.span
            assert data[start:end].decode("utf-8").startswith(move.text)


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
@pytest.mark.parametrize("to", FORMATS)
def test_convert_equals_the_command_line_on_every_shipped_sheet(cli, sheet, to):
    text = sheet.read_text(encoding="utf-8")
    assert planilla.convert(text, to=to) == run(cli, "convert", "--to", to, str(sheet))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_convert_with_diagnostics_equals_the_command_line(cli, sheet):
    text = sheet.read_text(encoding="utf-8")
    ours = planilla.convert(text, diagnostics=True, messages="en")
    assert ours == run(cli, "convert", "--diagnostics", "--messages", "en", str(sheet))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_sealed_from_a_sheet_equals_the_command_line_at_every_ply(cli, sheet):
    text = sheet.read_text(encoding="utf-8")
    plies = len(planilla.check(text)[0].moves)
    # The first, a middle and the last ply read, and the one after (the first unread, or
    # past the end).
    for ply in sorted({1, max(1, plies // 2), max(1, plies), plies + 1}):
        args = ["sealed", "--game", str(sheet), "--ply", str(ply), "--effort", "fast"]
        theirs = run_sealed(cli, args + ["--json"])
        try:
            ruling = planilla.sealed(game=text, ply=ply, effort="fast")
        except ValueError as e:
            assert theirs is None, f"ply {ply}: {e}"
            continue
        assert theirs is not None
        assert ruling.to_dict() == json.loads(theirs)
        assert str(ruling) == run(cli, *args)


def run_sealed(cli, args):
    """`planilla sealed`'s output, or None when it refuses (exit code 2)."""
    done = subprocess.run([str(cli), *args], capture_output=True, check=False)
    if done.returncode == 2:
        return None
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


SEALED = [
    # (FEN, the sealed move, what the ruling must be)
    ("4k3/8/8/8/8/5B2/8/4K3 w - - 0 40", "Ad", ("ambiguous", "draw")),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 30", "0-0", ("valid", "continue")),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 30", "Re3", ("illegal", "loss")),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 30", "Tf9", ("unreadable", "loss")),
]


@pytest.mark.parametrize("fen,written,expected", SEALED)
def test_sealed_from_a_fen_equals_the_command_line(cli, fen, written, expected):
    ruling = planilla.sealed(written, fen=fen)
    assert (ruling.verdict, ruling.consequence) == expected
    theirs = run(cli, "sealed", "--fen", fen, written, "--json")
    assert ruling.to_dict() == json.loads(theirs)
    assert str(ruling) == run(cli, "sealed", "--fen", fen, written)


DECODE_SHEETS = [
    '[[["e4", 0.9], ["c4", 0.1]], [["e5", 0.6], ["c5", 0.4]], [["Cf6", 0.7], ["Cf3", 0.3]]]',
    '{"cells": [[["Nf3", 1.0]], [], [["g3", 1.0]]], "lang": "en"}',
    '{"cells": [[["Sf3", 0.8], ["Sf6", 0.2]], [["d5", 1.0]]], "lang": "de"}',
]


@pytest.mark.parametrize("line", DECODE_SHEETS)
def test_decode_equals_the_command_line(cli, line):
    theirs = subprocess.run(
        [str(cli), "decode", "--json", "-"],
        input=line.encode(),
        capture_output=True,
        check=False,
    )
    assert theirs.returncode in (0, 1), theirs.stderr.decode()
    expected = json.loads(theirs.stdout)
    assert planilla.decode(line) == expected
    # The same sheet as Python objects.
    assert planilla.decode(json.loads(line)) == expected


def test_decode_without_the_prior_equals_the_command_line_with_no_prior(cli):
    # After 1.e4 e5, `Aa6` leaves the bishop to be taken for nothing; `Ac4` is safe.
    line = '[[["e4", 1]], [["e5", 1]], [["Aa6", 0.6], ["Ac4", 0.4]]]'
    for flags, prior, third in (([], True, "Bc4"), (["--no-prior"], False, "Ba6")):
        theirs = subprocess.run(
            [str(cli), "decode", "--json", *flags, "-"],
            input=line.encode(),
            capture_output=True,
            check=True,
        )
        found = planilla.decode(line, prior=prior)
        assert found == json.loads(theirs.stdout)
        assert found["san"][2] == third


def test_decode_refuses_what_the_command_line_refuses(cli):
    for bad in ['[[["e4", -1]]]', "[[[\"e4\"", '{"cells": 3}']:
        done = subprocess.run(
            [str(cli), "decode", "--json", "-"],
            input=bad.encode(),
            capture_output=True,
            check=False,
        )
        assert done.returncode == 2
        with pytest.raises(ValueError):
            planilla.decode(bad)
