"""Reports and their values are cached, compare and hash by value, and pickle."""

import pickle
import sys
import threading
import time
import typing

import pytest

import planilla
from helpers import REPO, SHEETS

APPENDIX_E = REPO / "examples/planillas/fide2005_apendice_e.txt"
WITH_A_LINE = '[Event "Pe\u00f1\u00edscola"]\n\n1.e4 e5 2.Cf3 (2.f4 exf4 (2...d5) 3.Cf3) 2...Cc6 3.Ab5 Cd4 4.Dxd5'


def test_moves_diagnostics_variations_and_tags_are_the_same_object_at_every_access():
    [report] = planilla.check(WITH_A_LINE)
    for name in ("moves", "diagnostics", "variations", "draw_offers", "tags"):
        assert getattr(report, name) is getattr(report, name), name
    assert isinstance(report.moves, tuple)
    with pytest.raises(TypeError):
        report.tags["Event"] = "other"  # a read-only mapping
    assert dict(report.tags) == {"Event": "Pe\u00f1\u00edscola"}


def test_values_compare_and_hash_by_value():
    [a] = planilla.check(WITH_A_LINE)
    [b] = planilla.check(WITH_A_LINE)
    assert a.moves[0] == a.moves[0] and a.moves[0] == b.moves[0]
    assert a.moves == b.moves and hash(a.moves[2]) == hash(b.moves[2])
    assert a.moves[0] != a.moves[1]
    assert a.diagnostics == b.diagnostics and hash(a.diagnostics[0]) == hash(b.diagnostics[0])
    assert a.diagnostics[0].suggestions[0] == b.diagnostics[0].suggestions[0]
    assert a.variations == b.variations and hash(a.variations[0]) == hash(b.variations[0])
    assert a == b and hash(a) == hash(b)
    [other] = planilla.check(WITH_A_LINE, messages="en")
    assert a != other
    assert len({a, b, other}) == 2
    fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41"
    assert planilla.sealed("Cd2", fen=fen) == planilla.sealed("Cd2", fen=fen)
    assert planilla.sealed("Cd2", fen=fen) != planilla.sealed("Cbd2", fen=fen)


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_every_value_pickles_to_an_equal_value(protocol):
    [report] = planilla.check(WITH_A_LINE)
    ruling = planilla.sealed("Cd2", fen="4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41")
    values = [
        report,
        report.moves[2],
        report.diagnostics[0],
        report.diagnostics[0].suggestions[0],
        report.variations[0],
        ruling,
        ruling.candidates[0],
    ]
    for value in values:
        back = pickle.loads(pickle.dumps(value, protocol=protocol))
        if isinstance(value, planilla.Report):
            # A report whose moves are not read yet is of a private subclass of Report.
            assert isinstance(back, planilla.Report)
        else:
            assert type(back) is type(value)
        assert back == value and hash(back) == hash(value)
    back = pickle.loads(pickle.dumps(report, protocol=protocol))
    assert back.moves == report.moves and back.to_dict() == report.to_dict()
    assert back.moves[2].fen == report.moves[2].fen
    assert str(pickle.loads(pickle.dumps(ruling))) == str(ruling)


def test_reports_of_every_shipped_sheet_pickle_together_and_read_the_same(tmp_path):
    for sheet in SHEETS:
        reports = planilla.check(sheet.read_text(encoding="utf-8"))
        back = pickle.loads(pickle.dumps(reports))
        assert back == reports
        assert [r.to_dict() for r in back] == [r.to_dict() for r in reports]
        streamed = list(planilla.check_file(sheet))
        assert pickle.loads(pickle.dumps(streamed)) == streamed


def test_reports_cross_a_process_pool():
    import concurrent.futures

    text = APPENDIX_E.read_text(encoding="utf-8")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(_check, [text, text]))
    assert reports[0] == reports[1] == planilla.check(text)


def _check(text):
    return planilla.check(text)


def test_a_forged_pickle_is_a_value_error_not_a_crash():
    [report] = planilla.check("1.e4 e5")
    fn, (piece, at, index) = report.__reduce__()
    with pytest.raises(ValueError):
        fn(piece, 5, index)
    load_piece, (text, place, settings) = piece.__reduce__()
    with pytest.raises(ValueError):
        load_piece(b"\xff\xfe", place, settings)
    with pytest.raises(ValueError):
        planilla.Move._from_json("{}")


# 300 games with no headers between them: one piece of text, which a report reads again
# whole when its moves are first asked for.
ONE_PIECE = "\n\n".join("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.O-O Ae7 1-0" for _ in range(300))


def test_reading_two_lists_of_reports_side_by_side_reads_each_piece_once():
    first = planilla.check(ONE_PIECE)
    second = planilla.check(ONE_PIECE.replace("Ab5", "Ac4"))
    started = time.perf_counter()
    first[0].moves
    once = time.perf_counter() - started
    started = time.perf_counter()
    for a, b in zip(first[1:], second[1:]):
        assert a.moves[4].san == "Bb5" and b.moves[4].san == "Bc4"
    both = time.perf_counter() - started
    # Read again for every report, the piece would cost about 600 times `once`.
    assert both < 20 * once + 0.5, f"{both / once:.0f} times one reading"


def test_loading_a_pickle_reads_each_piece_once_for_all_its_reports():
    reports = planilla.check(ONE_PIECE)
    data = pickle.dumps(reports)
    assert len(data) < 2 * len(ONE_PIECE), "the piece's text is pickled once"
    started = time.perf_counter()
    planilla.check(ONE_PIECE)
    once = time.perf_counter() - started
    started = time.perf_counter()
    back = pickle.loads(data)
    loaded = time.perf_counter() - started
    assert back == reports
    assert loaded < 10 * once + 0.5, f"{loaded / once:.0f} times one reading"


def test_a_report_is_read_only_and_made_only_by_the_package():
    [report] = planilla.check(WITH_A_LINE)
    for _state in ("unread", "read"):
        for name in ("moves", "valid", "anything"):
            with pytest.raises(AttributeError, match="read-only"):
                setattr(report, name, ())
            with pytest.raises(AttributeError, match="read-only"):
                delattr(report, name)
        report.moves
    assert report.moves[0].san == "e4"
    with pytest.raises(TypeError, match="not made directly"):
        planilla.Report()


def test_an_unread_report_documents_itself_as_a_report():
    [fresh] = planilla.check(WITH_A_LINE)
    assert fresh.__doc__ == planilla.Report.__doc__
    hints = typing.get_type_hints(planilla.Report)
    assert hints["moves"] == tuple[planilla.Move, ...]
    assert hints["diagnostics"] == tuple[planilla.Diagnostic, ...]
    assert hints["variations"] == tuple[planilla.Variation, ...]


def test_threads_reading_the_same_reports_first_all_find_their_moves():
    text = "\n\n".join(["1.e4 e5 2.Cf3 Cc6 3.Ab5 a6"] * 300)
    reports = planilla.check(text)
    seen = []

    def read():
        seen.append([r.moves[4].san for r in reports])

    threads = [threading.Thread(target=read) for _ in range(8)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert seen == [["Bb5"] * 300] * 8
