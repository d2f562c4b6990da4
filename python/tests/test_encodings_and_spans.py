"""`encoding=` on every call that reads bytes or a file, and spans that index what was given:
characters of a `str`, bytes of `bytes` or of a file."""

import json

import pytest

import planilla
from helpers import REPO, SHEETS, run

OPERA = REPO / "examples/descriptive/opera_descriptiva.txt"
# The shipped sheets whose text Latin-1 can write (every one of them, accents included).
LATIN1_SHEETS = [p for p in SHEETS if p.read_text(encoding="utf-8").isascii() is False]


def test_a_shipped_sheet_has_accents_to_test_with():
    assert "París" in OPERA.read_text(encoding="utf-8")
    assert OPERA in LATIN1_SHEETS


@pytest.mark.parametrize("sheet", LATIN1_SHEETS, ids=lambda p: p.name)
@pytest.mark.parametrize("encoding", ["latin-1", "iso-8859-1", "cp1252", "windows-1252"])
def test_a_latin1_sheet_read_with_its_encoding_equals_the_command_line_on_its_utf8(
    cli, sheet, encoding, tmp_path
):
    text = sheet.read_text(encoding="utf-8")
    data = text.encode("latin-1")
    assert data != text.encode("utf-8")
    theirs = json.loads(run(cli, "check", "--json", str(sheet)))["games"]
    assert [r.to_dict() for r in planilla.check(data, encoding=encoding)] == theirs
    saved = tmp_path / "latin1.txt"
    saved.write_bytes(data)
    streamed = list(planilla.check_file(saved, encoding=encoding))
    assert [r.to_dict() for r in streamed] == theirs
    assert planilla.convert(data, encoding=encoding) == run(cli, "convert", str(sheet))
    # Spans index the Latin-1 bytes given (a byte is a character there), and byte_span the
    # text as UTF-8, as the command line's JSON does.
    utf8 = text.encode("utf-8")
    for report in streamed:
        for move in report.moves:
            start, end = move.span
            assert data[start:end].decode("latin-1").startswith(move.text)
            start, end = move.byte_span
            assert utf8[start:end].decode("utf-8").startswith(move.text)


def test_cp1252_reads_the_quotes_and_the_euro_sign_that_latin1_has_not():
    text = '[Event "Torneo \u201cPe\u00f1\u00edscola\u201d, premio 100 \u20ac"]\n\n1.e4 e5 2.Cf3 *\n'
    [report] = planilla.check(text.encode("cp1252"), encoding="cp1252")
    assert report.tags["Event"] == "Torneo \u201cPe\u00f1\u00edscola\u201d, premio 100 \u20ac"
    assert report.to_dict() == planilla.check(text)[0].to_dict()
    # Python's cp1252 leaves 0x81, 0x8d, 0x8f, 0x90 and 0x9d undefined: so does planilla.
    with pytest.raises(UnicodeDecodeError) as caught:
        planilla.check(b"1.e4 \x81", encoding="cp1252")
    assert (caught.value.encoding, caught.value.start) == ("cp1252", 5)


def test_an_unknown_encoding_is_a_lookup_error_and_an_unread_one_a_value_error():
    with pytest.raises(LookupError):
        planilla.check(b"1.e4", encoding="no-such-codec")
    with pytest.raises(ValueError, match="utf-16"):
        planilla.check(b"1.e4", encoding="utf-16")
    with pytest.raises(LookupError):
        planilla.convert(b"1.e4", encoding="no-such-codec")
    with pytest.raises(LookupError):
        planilla.check_file(OPERA, encoding="no-such-codec")


def test_spans_of_a_str_count_characters_so_text_slices_give_the_moves():
    text = '[Event "Pe\u00f1\u00edscola"]\n[Site "Le\u00f3n"]\n\n1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Dxd5'
    [report] = planilla.check(text)
    assert [text[m.span[0] : m.span[1]] for m in report.moves] == [
        m.text for m in report.moves
    ]
    [error] = report.diagnostics
    assert text[error.span[0] : error.span[1]] == "Dxd5"
    # byte_span counts the bytes of the UTF-8 text, as `planilla check --json` does.
    data = text.encode("utf-8")
    assert data[error.byte_span[0] : error.byte_span[1]] == b"Dxd5"
    assert report.to_dict()["diagnostics"][0]["span"] == list(error.byte_span)
    # Bytes: spans count bytes.
    [from_bytes] = planilla.check(data)
    assert from_bytes.diagnostics[0].span == error.byte_span


def test_spans_of_every_shipped_sheet_slice_its_str_to_the_moves():
    for sheet in SHEETS:
        text = sheet.read_text(encoding="utf-8")
        for report in planilla.check(text):
            for move in report.moves:
                assert text[move.span[0] : move.span[1]].startswith(move.text)
            for line in report.variations:
                assert text[line.span[0] : line.span[1]]
