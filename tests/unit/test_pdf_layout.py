"""PDFs built here, read as their readers do: paragraphs, headings, running lines, rows."""

import pymupdf
import pytest

from corpora.chunking import chunk_pages
from corpora.extraction import PDF, extract_document
from corpora.units import text_units

pytestmark = pytest.mark.unit

HEADER = "Fenwick Water Board · Internal"
FOOTER = "Ellery Cross Station Report 2031 · Page {n} of 3"
LEFT, RIGHT = 56, 539


def _line(
    page: pymupdf.Page,
    y: float,
    text: str,
    *,
    x: float = LEFT,
    bold: bool = False,
    size: float = 10,
) -> None:
    page.insert_text((x, y), text, fontname="hebo" if bold else "helv", fontsize=size)


def _furniture(page: pymupdf.Page, n: int) -> None:
    _line(page, 30, HEADER, size=7)
    _line(page, 815, FOOTER.format(n=n), size=7)


def _station_report() -> bytes:
    doc = pymupdf.open()
    one = doc.new_page(width=595, height=842)
    _furniture(one, 1)
    _line(one, 80, "Ellery Cross Station Report 2031", bold=True, size=16)
    _line(one, 110, "1. Operation", bold=True, size=12)
    paragraph = [  # one paragraph over four lines, three of them ending in a hyphen
        "The pumping station at Ellery Cross delivered all its treated water reli-",
        "ably through the whole of the winter months, while the standby pump QX-",
        "17 ran for 310 hours in January under the new purchase order PO-2031-",
        "0044 before it was overhauled.",
    ]
    for n, text in enumerate(paragraph):
        _line(one, 130 + 13 * n, text)
    _line(one, 200, "The station has three duty pumps and one standby pump in total.")
    two = doc.new_page(width=595, height=842)
    _furniture(two, 2)
    _line(two, 80, "2. Metering", bold=True, size=12)
    left = [
        "The old meter on the outlet main",
        "read low by about four per",
        "cent for most of the year.",
    ]
    right = ["A survey in May confirmed the", "error at the outlet, and the new", "meter will be"]
    for n, text in enumerate(left):
        _line(two, 110 + 13 * n, text)
    for n, text in enumerate(right):
        _line(two, 110 + 13 * n, text, x=310)
    three = doc.new_page(width=595, height=842)
    _furniture(three, 3)
    _line(three, 80, "installed in the spring of 2032 by the board's own crew.")
    _line(three, 110, "3. Pump duty", bold=True, size=12)
    rows = [
        ("Unit", "Flow (m³/h)", "Pressure (bar)"),
        ("A-3", "12.5", "4.1"),
        ("B-7", "9.8", "3.6"),
    ]
    top, height, xs = 130, 20, (LEFT, 200, 360, RIGHT)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            _line(three, top + height * r + 14, cell, x=xs[c] + 4, bold=r == 0)
    for r in range(len(rows) + 1):
        three.draw_line((LEFT, top + height * r), (RIGHT, top + height * r))
    for x in xs:
        three.draw_line((x, top), (x, top + height * len(rows)))
    _line(three, 220, "Both units were tested in June.")
    return doc.tobytes()


@pytest.fixture(scope="module")
def report():
    return extract_document(_station_report(), PDF, max_pages=10)


def _units(text: str) -> list[str]:
    return [text[u.start : u.end] for u in text_units(text)]


def test_running_headers_and_footers_leave_the_text_and_are_kept_as_metadata(report) -> None:
    assert report.running_lines == [HEADER, FOOTER.format(n=1)]
    for page in report.pages:
        assert "Fenwick Water Board" not in page.text
        assert "Page " not in page.text


def test_lines_of_a_paragraph_join_and_hyphens_are_undone_only_inside_words(report) -> None:
    first = report.pages[0].text
    assert first.split("\n\n")[:2] == ["# Ellery Cross Station Report 2031", "## 1. Operation"]
    assert _units(first) == [
        "The pumping station at Ellery Cross delivered all its treated water reliably through "
        "the whole of the winter months, while the standby pump QX-17 ran for 310 hours in "
        "January under the new purchase order PO-2031-0044 before it was overhauled.",
        "The station has three duty pumps and one standby pump in total.",
    ]


def test_a_two_column_page_reads_the_left_column_first(report) -> None:
    second = report.pages[1].text
    assert second.startswith("## 2. Metering\n\nThe old meter on the outlet main read low by")
    assert second.index("cent for most of the year.") < second.index("A survey in May")


def test_a_sentence_across_a_page_break_is_one_unit_on_both_pages(report) -> None:
    assert report.pages[1].continues and not report.pages[0].continues
    chunks = chunk_pages(report.pages)
    sentence = (
        "A survey in May confirmed the error at the outlet, and the new meter will be "
        "installed in the spring of 2032 by the board's own crew."
    )
    [chunk] = [c for c in chunks if sentence in _units(c.text)]
    assert (chunk.page_start, chunk.page_end) == (2, 3)
    at = chunk.text.index(sentence)
    [(offset, page)] = chunk.page_breaks
    assert page == 3 and at < offset < at + len(sentence)
    assert chunk.text[offset:].startswith("installed in the spring")


def test_a_ruled_table_row_is_one_unit_with_its_headers_and_cell_spans(report) -> None:
    third = report.pages[2]
    rows = [
        "A-3 — Flow (m³/h): 12.5 · Pressure (bar): 4.1",
        "B-7 — Flow (m³/h): 9.8 · Pressure (bar): 3.6",
    ]
    assert [third.text[r.start : r.end] for r in third.rows] == rows
    assert [[third.text[a:b] for a, b in r.cells] for r in third.rows] == [
        ["A-3", "12.5", "4.1"],
        ["B-7", "9.8", "3.6"],
    ]
    assert (
        _units(third.text)[-4:]
        == [
            "installed in the spring of 2032 by the board's own crew.",
            *rows,
            "Both units were tested in June.",
        ][-4:]
    )
    chunk = next(c for c in chunk_pages(report.pages) if rows[0] in c.text)
    assert chunk.section == "Ellery Cross Station Report 2031 › 3. Pump duty"


def test_headings_are_a_section_path_never_a_unit(report) -> None:
    chunks = chunk_pages(report.pages)
    assert chunks[0].section == "Ellery Cross Station Report 2031 › 1. Operation"
    for chunk in chunks:
        assert not any(
            u.startswith(("#", "1. Operation", "2. Metering")) for u in _units(chunk.text)
        )


@pytest.mark.parametrize(
    "text",
    [
        "Pump No. 5 is rated at 3.45 MW under patent US 9 876 543 B2, as Fig. 2 shows.",
        "Dr. Amsel signed it on 3 Jan. 2031 for Acme Corp. in Leeds.",
    ],
)
def test_decimals_abbreviations_and_identifiers_never_split_a_sentence(text: str) -> None:
    assert _units(text) == [text]


def test_a_one_page_document_loses_only_its_page_number_never_small_print_content() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _line(page, 80, "Calibration Certificate", bold=True, size=16)
    _line(page, 120, "The flow meter FM-12 was calibrated on 4 May 2031 and passed.")
    _line(page, 800, "Certificate No. CX-4471 issued by Orrin Labs", size=7)
    _line(page, 815, "Page 1 of 1", size=7)
    report = extract_document(doc.tobytes(), PDF, max_pages=10)
    assert report.running_lines == ["Page 1 of 1"]
    assert report.pages[0].text.endswith("Certificate No. CX-4471 issued by Orrin Labs")


def test_a_form_label_is_read_with_its_value_though_they_are_printed_apart() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    fields = [("Certificate No.", "CX-4471"), ("Instrument", "Flow meter FM-12")]
    for n, (label, _) in enumerate(fields):  # labels first, values later: separate blocks
        _line(page, 120 + 18 * n, label)
    for n, (_, value) in enumerate(fields):
        _line(page, 120 + 18 * n, value, x=300)
    text = extract_document(doc.tobytes(), PDF, max_pages=1).pages[0].text
    assert text.split("\n\n") == ["Certificate No. CX-4471", "Instrument Flow meter FM-12"]


def _wrapped(words: list[str], width: float) -> list[str]:
    """Words set in lines no wider than `width`, as a typesetter wraps them."""
    lines, line = [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if line and pymupdf.get_text_length(candidate, "helv", 10) > width:
            lines.append(line)
            candidate = word
        line = candidate
    return [*lines, line]


@pytest.mark.parametrize(("short_last_line", "joined"), [(False, True), (True, False)])
def test_a_paragraph_wrapped_at_a_page_end_goes_on_though_the_next_page_opens_capitalised(
    short_last_line: bool, joined: bool
) -> None:
    words = (
        "The refurbished filters were inspected and accepted after the trial run by " * 3
    ).split()
    lines = _wrapped(words, RIGHT - LEFT)[:-1]  # full lines only: the last one was wrapped
    if short_last_line:
        lines[-1] = "Inspection record"  # a paragraph that ends there, without a full stop
    doc = pymupdf.open()
    for number, texts in enumerate((lines, ["Imogen Threlfall on 9 May 2031."]), start=1):
        page = doc.new_page(width=595, height=842)
        _furniture(page, number)
        for n, text in enumerate(texts):
            _line(page, 100 + 13 * n, text)
    report = extract_document(doc.tobytes(), PDF, max_pages=5)
    assert report.pages[0].continues is joined
    units = _units(chunk_pages(report.pages)[0].text)
    assert units[-1].endswith(f"{lines[-1]} Imogen Threlfall on 9 May 2031.") is joined


def _ruled_table(page: pymupdf.Page, rows: list[tuple[str, str]], *, bold_first: bool) -> None:
    top, height, xs = 130, 20, (LEFT, 240, RIGHT)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            _line(page, top + height * r + 14, cell, x=xs[c] + 4, bold=bold_first and r == 0)
    for r in range(len(rows) + 1):
        page.draw_line((LEFT, top + height * r), (RIGHT, top + height * r))
    for x in xs:
        page.draw_line((x, top), (x, top + height * len(rows)))


@pytest.mark.parametrize("bold_first", [False, True])
def test_a_two_column_table_has_a_header_row_only_when_its_first_row_is_set_apart(
    bold_first: bool,
) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _line(page, 100, "Calibration of the outlet flow meter.")
    rows = [
        ("Instrument", "Flow meter FM-12"),
        ("Serial number", "88213-B"),
        ("Range", "0-40 Ml/d"),
    ]
    _ruled_table(page, rows, bold_first=bold_first)
    [page_text] = extract_document(doc.tobytes(), PDF, max_pages=1).pages
    lines = page_text.text.split("\n")
    if bold_first:  # a header: "Instrument" names the second column
        assert "Serial number — Flow meter FM-12: 88213-B" in lines
    else:  # labels and values
        assert lines[-3:] == [
            "Instrument — Flow meter FM-12",
            "Serial number — 88213-B",
            "Range — 0-40 Ml/d",
        ]
        [first, *_] = page_text.rows
        assert [page_text.text[a:b] for a, b in first.cells] == ["Instrument", "Flow meter FM-12"]


def test_a_grid_of_bold_labels_beside_their_values_is_read_as_label_value_pairs() -> None:
    """ "Model | DPG-9 | Serial number | 5512-A" across a ruled grid: each bold label with the
    value right of it, not the first row taken for column headers."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _line(page, 100, "Calibration of a pressure gauge.")
    grid = [
        ("Customer", "Arnel Pumps Ltd", "Order number", "PO-7781"),
        ("Model", "DPG-9", "Serial number", "5512-A"),
        ("Date of calibration", "3 May 2031", "Date of issue", "5 May 2031"),
    ]
    top, height, xs = 130, 20, (LEFT, 170, 300, 420, RIGHT)
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            _line(page, top + height * r + 14, cell, x=xs[c] + 4, bold=c % 2 == 0)
    for r in range(len(grid) + 1):
        page.draw_line((LEFT, top + height * r), (RIGHT, top + height * r))
    for x in xs:
        page.draw_line((x, top), (x, top + height * len(grid)))
    [page_text] = extract_document(doc.tobytes(), PDF, max_pages=1).pages
    assert page_text.text.split("\n")[-6:] == [
        "Customer — Arnel Pumps Ltd",
        "Order number — PO-7781",
        "Model — DPG-9",
        "Serial number — 5512-A",
        "Date of calibration — 3 May 2031",
        "Date of issue — 5 May 2031",
    ]
    fourth = page_text.rows[3]
    assert [page_text.text[a:b] for a, b in fourth.cells] == ["Serial number", "5512-A"]


def test_a_number_wrapped_to_a_line_start_goes_on_with_its_sentence_and_a_list_stays_a_list() -> (
    None
):
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    lines = [  # the first line is the page's widest: "2." would not have fitted after it
        "Samples of raw water were drawn at the Ellery Cross intake during weeks 1 and",
        "2. The results were reported to the board in May.",
        "The steps were",
        "1. Close the inlet valve.\n2. Drain the filter bed.",
    ]
    for n, text in enumerate(lines):
        _line(page, 100 + 13 * n, text)
    text = extract_document(doc.tobytes(), PDF, max_pages=1).pages[0].text
    assert text.split("\n\n") == [
        "Samples of raw water were drawn at the Ellery Cross intake during weeks 1 and 2. The "
        "results were reported to the board in May.",
        "The steps were",
        "1. Close the inlet valve.\n2. Drain the filter bed.",
    ]
