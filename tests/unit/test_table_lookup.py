"""Reading a table as its reader does, on invented rows: the named column of the named row."""

from __future__ import annotations

from research.agents.table_lookup import table_answer
from research.contracts import Snippet
from tests.unit.judging import judge, quoted

SITES = (
    "Site 1 — Commissioned: 1998 · Nominal yield (Ml/d): 61 · Staff: 14\n"
    "Site 2 — Commissioned: 2004 · Nominal yield (Ml/d): 37 · Staff: 9\n"
    "Site 3 — Commissioned: 2011 · Nominal yield (Ml/d): 18 · Staff: 5"
)
WEEKS = (
    "2021-06-07 — Flow (l/s): 12.5 · Pressure (bar): 4.1\n"
    "2021-06-14 — Flow (l/s): 13.9 · Pressure (bar): 4.4\n"
    "June 2021 mean — Flow (l/s): 13.1 · Pressure (bar): 4.2"
)


def snippet(sid: int, text: str, title: str) -> Snippet:
    return Snippet(
        id=sid, corpus_id=1, document_id=sid, title=title, page_start=1, page_end=1, text=text,
        section=title,
    )  # fmt: skip


def test_the_row_the_question_names_answers_with_the_column_it_names() -> None:
    hits = [snippet(1, SITES, "Orla Water Asset Register 2022")]

    cell = table_answer("What is the nominal yield of Site 2?", "Site 2", hits)

    assert cell is not None and cell.cell == "Nominal yield (Ml/d): 37"
    assert cell.frame.row_label == "Site 2"


def test_a_dated_row_is_named_by_the_date_the_question_asks() -> None:
    hits = [snippet(1, WEEKS, "Kelmarsh Pumping Station Log June 2021")]

    cell = table_answer(
        "What was the pressure at Kelmarsh in the week ending 14 June 2021?", "Kelmarsh", hits
    )

    assert cell is not None and cell.cell == "Pressure (bar): 4.4"


def test_a_column_whose_name_the_question_only_begins_is_not_named() -> None:
    """ "nominal yield ratio" asks another column than "Nominal yield"."""
    hits = [snippet(1, SITES, "Orla Water Asset Register 2022")]

    assert table_answer("What is the nominal yield ratio of Site 2?", "Site 2", hits) is None


def test_two_rows_named_as_well_answer_nothing() -> None:
    hits = [snippet(1, WEEKS, "Kelmarsh Pumping Station Log June 2021")]

    assert table_answer("What was the flow at Kelmarsh?", "Kelmarsh", hits) is None


def test_the_judge_answers_from_the_row_and_quotes_it_whole() -> None:
    hits = [snippet(1, SITES, "Orla Water Asset Register 2022")]

    a = judge("What is the nominal yield of Site 3?", hits)

    assert a.verdict == "sufficient"
    assert "Nominal yield (Ml/d): 18" in a.claims[0].text
    assert quoted(a) == SITES.splitlines()[2]
