"""The text-fidelity figures' pure parts: running header/footer lines found in a PDF built
here, a chunk holding one, and an answer lying whole inside one text unit."""

import pytest

from research.evaluation.fidelity import (
    Fidelity,
    answer_in_one_unit,
    has_running_line,
    pdf_running_lines,
    running_lines,
)

pytestmark = pytest.mark.unit

BODY = [
    [
        "Intake flows at the Westbrook pumping station averaged 12.4 Ml/d.",
        "Operating summary",  # on every page, but in the middle: not a header
        "Filter 2 was backwashed twice in the week.",
        "Chlorine dosing stayed within its limits.",
    ],
    [
        "The reservoir level fell to 61 percent in the dry spell.",
        "Operating summary",
        "Two valves on the north main were replaced.",
        "No complaints about taste were received.",
    ],
    [
        "Sludge volumes rose after the spring storms.",
        "Operating summary",
        "The standby generator ran for a monthly test.",
        "A new turbidity meter was fitted on line 3.",
    ],
]


@pytest.fixture
def three_page_pdf(tmp_path):
    import pymupdf

    doc = pymupdf.open()
    for number, lines in enumerate(BODY, start=1):
        page = doc.new_page(width=595, height=842)
        page.insert_text((56, 50), f"Acme Water · Page {number} of 3", fontsize=8)
        for row, line in enumerate(lines):
            page.insert_text((56, 120 + 24 * row), line, fontsize=10)
        page.insert_text((290, 800), str(number), fontsize=8)  # a bare page number
    path = tmp_path / "acme-weekly.pdf"
    doc.save(path)
    doc.close()
    return path


def test_the_header_on_every_page_is_the_only_running_line_of_the_pdf(three_page_pdf) -> None:
    assert pdf_running_lines(three_page_pdf) == {"Acme Water · Page # of #"}


def test_a_line_needs_half_the_pages_and_at_least_two() -> None:
    pages = [
        "Harbour Board minutes\nItem one was agreed.\nMore text here.\nEnd of item.",
        "Harbour Board minutes\nItem two was deferred.\nMore words.\nEnd of item two.",
        "Item three opened.\nLater text.\nAgain text.\nEnd of item three.",
        "Item four opened.\nLater prose.\nAgain prose.\nEnd of item four.",
    ]
    assert running_lines(pages) == {"Harbour Board minutes"}  # on 2 of 4 pages
    assert running_lines(pages[1:]) == frozenset()  # on 1 of 3 pages
    assert running_lines(pages[:1]) == frozenset()  # a one-page document has none


def test_page_numbers_of_any_width_make_one_running_line() -> None:
    topics = "budget pumps meters staff leaks tariffs audits storms wells sludge valves debt"
    pages = [
        f"Report of the Board\nOn {topic}.\nThe {topic} were discussed.\nSheet {n} of 12"
        for n, topic in enumerate(topics.split(), start=1)
    ]
    assert running_lines(pages) == {"Report of the Board", "Sheet # of #"}


def test_a_chunk_holding_the_header_with_other_spacing_and_numbers_is_flagged() -> None:
    lines = frozenset({"Acme Water · Page # of #"})
    assert has_running_line("Filters ran well.\nAcme  Water ·\nPage 10 of 12\nMore.", lines)
    assert not has_running_line("Acme Water reported on page 2 of the annex.", lines)
    assert not has_running_line("Acme Water · Page 2 of 3", frozenset())


def test_an_answer_inside_one_sentence_or_row_is_found_whatever_its_case_and_spacing() -> None:
    text = (
        "The plant treated 41.5 Megalitres per day. Flow rose in May.\n"
        "Week 3 — Flow (Ml/d): 41.5 · Free chlorine (mg/l): 0.55"
    )
    assert answer_in_one_unit(text, ["41.5  megalitres"])
    assert answer_in_one_unit(text, ["no such words", "Free chlorine (mg/l): 0.55"])


def test_an_answer_cut_by_a_sentence_end_or_a_line_break_is_not_in_one_unit() -> None:
    text = "The plant treated 41.5\nmegalitres per day. Flow rose in May."
    assert not answer_in_one_unit(text, ["41.5 megalitres"])  # a line break between
    assert not answer_in_one_unit(text, ["per day. Flow rose"])  # two sentences
    assert not answer_in_one_unit("# Flow 41.5 Ml/d\n", ["41.5"])  # headings hold no unit
    assert not answer_in_one_unit(text, ["  "])


def test_the_table_states_both_shares_with_their_counts() -> None:
    lines = Fidelity(81, 85, 3, 412).table().splitlines()
    assert lines[0].split() == ["text", "fidelity", "0.953", "(81/85", "parts)"]
    assert lines[1].split() == ["header/footer", "chunks", "0.007", "(3/412", "chunks)"]
    assert "n/a" in Fidelity(0, 0, 0, 0).table()
