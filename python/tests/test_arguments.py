"""Every documented error is the one raised: integer arguments out of range are ValueError
(never OverflowError), and arguments of the wrong type TypeError."""

import pytest

import planilla

FEN = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41"


@pytest.mark.parametrize("edition", [-1, 0, 1999, 2019, 2**16, 2**80, -(2**80), 2**200])
def test_an_edition_out_of_range_is_a_value_error_on_every_call(edition):
    with pytest.raises(ValueError, match=f"^edition: {edition} is not 2005, 2018 or 2023$"):
        planilla.check("1.e4", edition=edition)
    with pytest.raises(ValueError, match="^edition: "):
        planilla.convert("1.e4", edition=edition)
    with pytest.raises(ValueError, match="^edition: "):
        planilla.sealed("Cd2", fen=FEN, edition=edition)
    with pytest.raises(ValueError, match="^edition: "):
        planilla.check_file(__file__, edition=edition)


def test_an_edition_that_is_no_int_is_a_type_error():
    with pytest.raises(TypeError):
        planilla.check("1.e4", edition="2023")
    with pytest.raises(TypeError):
        planilla.check("1.e4", edition=2023.0)
    with pytest.raises(TypeError, match="bool"):
        planilla.check("1.e4", edition=True)


@pytest.mark.parametrize("ply", [-1, 0, 2**32, 2**80])
def test_a_ply_out_of_range_is_a_value_error(ply):
    with pytest.raises(ValueError, match=f"^ply: {ply} is not from 1 to 4294967295$"):
        planilla.sealed(game="1.e4 e5", ply=ply)


@pytest.mark.parametrize("alternatives", [-1, 2**32, 2**80])
def test_alternatives_out_of_range_is_a_value_error(alternatives):
    with pytest.raises(ValueError, match=f"^alternatives: {alternatives} is not"):
        planilla.decode('[[["e4", 1.0]]]', alternatives=alternatives)


@pytest.mark.parametrize("limit", [-1.0, float("inf"), float("nan"), 1e300])
def test_a_time_limit_out_of_range_is_a_value_error(limit):
    with pytest.raises(ValueError, match="time_limit"):
        planilla.sealed("Cd2", fen=FEN, time_limit=limit)


def test_hostile_input_gives_reports_not_crashes():
    for text in ["", "\x00", "1." * 10000, "(" * 5000, "[" * 5000, "1.e4 e5 " * 20000, "\u00f1" * 10000]:
        for report in planilla.check(text):
            report.moves, report.diagnostics, report.to_dict(), report.to_pgn()
    assert planilla.check(b"") == []
