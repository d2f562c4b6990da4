"""What a Python user relies on: the report's fields, typed exceptions, constant-memory files
and python-chess games, on the shipped sheets."""

import json

import pytest

import planilla
from helpers import REPO, run

APPENDIX_C = REPO / "examples/planillas/fide2018_apendice_c.txt"
APPENDIX_E = REPO / "examples/planillas/fide2005_apendice_e.txt"


def test_the_appendix_c_sample_game_is_valid_with_its_moves_named_every_way():
    [report] = planilla.check(APPENDIX_C.read_text(encoding="utf-8"))
    assert report.valid
    assert len(report.moves) == 21
    first = report.moves[0]
    assert (first.ply, first.number, first.color, first.san, first.uci) == (
        1,
        1,
        "white",
        "e4",
        "e2e4",
    )
    knight = report.moves[2]
    assert (knight.san, knight.written, knight.uci) == ("Nf3", "Cf3", "g1f3")
    assert not [d for d in report.diagnostics if d.severity == "error"]


def test_the_appendix_e_misprint_is_an_illegal_move_at_its_characters():
    data = APPENDIX_E.read_bytes()
    text = data.decode("utf-8")
    [report] = planilla.check(text, messages="en")
    assert not report.valid
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert len(errors) == 1
    error = errors[0]
    assert (error.code, error.ply, error.rule) == ("illegal-move", 9, "Art. 3 (2023)")
    # `span` counts the characters of the str (the sheet's comment has accents), `byte_span`
    # the bytes of its UTF-8.
    start, end = error.span
    assert text[start:end] == "Dxd5"
    start, end = error.byte_span
    assert data[start:end] == b"Dxd5"
    assert "5. Dxd5" in error.message
    assert [s.san for s in error.suggestions][:3] == ["Qxd4", "Qd2", "Qd3"]
    assert [s.written for s in error.suggestions][:1] == ["Dxd4"]
    # The game is read up to the error, and the rest is counted.
    assert len(report.moves) == 8
    assert report.unread_moves > 0
    assert report.to_dict()["diagnostics"][0]["code"] == "illegal-move"


def test_an_ambiguous_move_lists_its_candidates():
    [report] = planilla.check("1.Cf3 d5 2.Cc3 e6 3.Cb5 a6 4.Cd4")
    [error] = [d for d in report.diagnostics if d.severity == "error"]
    assert error.code == "ambiguous-move"
    assert sorted(c.san for c in error.candidates) == ["Nbd4", "Nfd4"]
    assert isinstance(error.candidates, tuple)


def test_the_letters_the_edition_and_the_case_are_keyword_arguments():
    [report] = planilla.check("1.e4 e5 2.Nf3 Nc6", lang="en", edition=2005)
    assert report.valid and report.moves[2].san == "Nf3"
    [strict] = planilla.check("1.e4 e5 2.cf3")
    assert not strict.valid
    [lenient] = planilla.check("1.e4 e5 2.cf3", lenient=True)
    assert lenient.moves[2].san == "Nf3"
    assert any(d.severity == "warning" for d in lenient.diagnostics)


def test_a_bad_fen_is_a_fen_error_which_is_a_value_error():
    with pytest.raises(planilla.FenError):
        planilla.check("1.e4", fen="not a fen")
    with pytest.raises(ValueError):
        planilla.sealed("Cd2", fen="8/8/8/8 w - - 0 1")
    assert issubclass(planilla.FenError, ValueError)


def test_a_bad_setting_is_a_value_error_that_names_it():
    with pytest.raises(ValueError, match="lang"):
        planilla.check("1.e4", lang="xx")
    with pytest.raises(ValueError, match="to"):
        planilla.convert("1.e4", to="docx")
    with pytest.raises(ValueError, match="edition"):
        planilla.check("1.e4", edition=1999)
    with pytest.raises(ValueError):
        planilla.sealed("Cd2")


def test_a_missing_file_is_an_os_error_that_names_it():
    with pytest.raises(FileNotFoundError) as caught:
        planilla.check_file(REPO / "no-such-sheet.txt")
    assert caught.value.filename == str(REPO / "no-such-sheet.txt")
    assert caught.value.errno == 2
    with pytest.raises(IsADirectoryError):
        planilla.check_file(REPO / "examples")


def test_check_file_reads_one_game_at_a_time(tmp_path):
    game = APPENDIX_C.read_text(encoding="utf-8")
    path = tmp_path / "round.txt"
    games = [f'[Event "Ronda {i}"]\n\n{game}\n' for i in range(50)]
    path.write_text("\n".join(games), encoding="utf-8")
    reports = planilla.check_file(path)
    first = next(reports)
    assert first.index == 0 and first.valid
    assert first.tags["Event"] == "Ronda 0"
    rest = list(reports)
    assert len(rest) == 49
    assert all(r.valid for r in rest)
    assert [r.index for r in rest] == list(range(1, 50))
    assert rest[-1].offset > first.offset
    assert list(reports) == []


def test_to_chess_game_gives_python_chess_the_same_moves():
    chess = pytest.importorskip("chess")
    import chess.pgn  # noqa: F401

    [report] = planilla.check(APPENDIX_C.read_text(encoding="utf-8"))
    game = report.to_chess_game()
    board = game.board()
    sans = []
    for move in game.mainline_moves():
        sans.append(board.san(move))
        board.push(move)
    assert sans == [m.san for m in report.moves]
    assert board.fen() == report.moves[-1].fen


def test_python_chess_alone_misreads_what_planilla_reads():
    chess = pytest.importorskip("chess")
    import io

    import chess.pgn

    # python-chess's PGN reader reads the Spanish knight move `Cc3` as the pawn move c3, and
    # reports no error.
    game = chess.pgn.read_game(io.StringIO("1. e4 e5 2. Cc3 *"))
    board = game.board()
    sans = []
    for move in game.mainline_moves():
        sans.append(board.san(move))
        board.push(move)
    assert sans == ["e4", "e5", "c3"] and game.errors == []
    [report] = planilla.check("1.e4 e5 2.Cc3")
    assert report.moves[2].san == "Nc3"


def test_to_pgn_writes_the_game_up_to_its_first_error():
    [report] = planilla.check("1.e4 e5 2.Re3 Cc6")
    pgn = report.to_pgn()
    assert "1. e4 e5" in pgn and "Nc6" not in pgn
    assert pgn.rstrip().endswith("*")


def test_the_module_has_a_version_and_reprs():
    assert planilla.__version__
    [report] = planilla.check("1.e4 e5")
    assert repr(report).startswith("<Report game 0: valid, 2 plies")
    assert "e4" in repr(report.moves[0])


def test_the_readme_examples_give_what_the_readme_says():
    [report] = planilla.check("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Dxd5")
    assert not report.valid
    assert [m.san for m in report.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    error = report.diagnostics[0]
    assert (error.code, error.ply, error.span) == ("illegal-move", 7, (29, 33))
    assert error.message == "4. Dxd5: jugada ilegal: ninguna dama blanca puede llegar a d5"
    assert [s.san for s in error.suggestions] == ["Nxe5", "d4", "Nd4"]
    ruling = planilla.sealed("Cd2", fen="4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 41")
    assert (ruling.verdict, ruling.consequence) == ("ambiguous", "draw")
    assert [c.written for c in ruling.candidates] == ["Cbd2", "Cfd2"]


def test_the_package_docstring_examples_hold():
    import doctest

    failed, attempted = doctest.testmod(planilla)
    assert attempted > 0 and failed == 0


def test_bytes_check_as_their_text_and_bytes_that_are_not_utf8_raise_unicode_decode_error(
    tmp_path,
):
    utf8 = APPENDIX_C.read_bytes()
    assert [r.to_dict() for r in planilla.check(utf8)] == [
        r.to_dict() for r in planilla.check(utf8.decode("utf-8"))
    ]
    # A sheet saved in Latin-1, read as UTF-8 (the default): the error names the byte and
    # its offset, as bytes.decode("utf-8") does.
    data = '[Event "Torneo de Espa\u00f1a"]\n\n1.e4 e5 2.Cf3 *\n'.encode("latin-1")
    with pytest.raises(UnicodeDecodeError) as caught:
        planilla.check(data)
    assert (caught.value.encoding, caught.value.start) == ("utf-8", 22)
    assert caught.value.object[caught.value.start] == 0xF1
    assert "0xf1" in str(caught.value) and "position 22" in str(caught.value)
    with pytest.raises(UnicodeDecodeError):
        planilla.convert(data)
    # A file: the games before the bad byte are given, then the error names its offset in
    # the file.
    sheet = tmp_path / "latin1.txt"
    sheet.write_bytes(utf8 + b"\n\n" + data)
    reports = planilla.check_file(sheet)
    assert next(reports).valid
    with pytest.raises(UnicodeDecodeError) as caught:
        next(reports)
    assert f"byte offset {len(utf8) + 2 + 22} of {sheet}" in str(caught.value)
    with pytest.raises(TypeError):
        planilla.check(42)
    with pytest.raises(TypeError):
        planilla.convert(42)


def test_a_parenthesised_line_is_a_variation_with_its_ply_moves_and_characters():
    text = "1.e4 e5 2.Cf3 (2.f4 exf4 (2...d5) 3.Cf3) 2...Cc6 3.Ab5"
    [report] = planilla.check(text)
    assert report.valid
    assert [m.san for m in report.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    [line] = report.variations
    assert (line.ply, line.moves) == (3, ("f4", "exf4", "Nf3"))
    start, end = line.span
    assert text[start:end] == "f4 exf4 (2...d5) 3.Cf3"
    [inner] = line.variations
    assert (inner.ply, inner.moves) == (4, ("d5",))
    assert text[inner.span[0] : inner.span[1]] == "d5"
    assert report.to_dict()["variations"][0]["moves"] == ["f4", "exf4", "Nf3"]
    # python-chess gets the line as a variation of White's second move.
    chess = pytest.importorskip("chess")
    game = report.to_chess_game()
    node = game.variations[0].variations[0]
    assert [v.move for v in node.variations] == [
        chess.Move.from_uci("g1f3"),
        chess.Move.from_uci("f2f4"),
    ]
