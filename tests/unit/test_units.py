"""Text units: sentences by syntok, rows that carry their headers, items, no headings."""

import pytest

from corpora.units import is_row, row_text, text_units

pytestmark = pytest.mark.unit


def _units(text: str) -> list[tuple[str, str]]:
    return [(u.kind, text[u.start : u.end]) for u in text_units(text)]


def test_a_row_carries_its_headers_and_leaves_out_empty_cells() -> None:
    row = row_text("Pump B-7", [("Flow (m³/h)", "9.8"), ("Note", ""), ("", "standby")])
    assert row == "Pump B-7 — Flow (m³/h): 9.8 · standby"
    assert is_row(row)


def test_prose_with_dashes_is_not_a_row() -> None:
    assert not is_row("The works — built in 1894 — still run today.")
    assert not is_row("Capacity: 55 Ml/d")


def test_units_are_sentences_rows_and_items_never_headings() -> None:
    text = (
        "# Pump house\n\nThe pumps run at night. They stop at six.\n"
        "Pump B-7 — Flow (m³/h): 9.8 · Pressure (bar): 3.6\n"
        "• Check the seals. Log the result."
    )
    assert _units(text) == [
        ("sentence", "The pumps run at night."),
        ("sentence", "They stop at six."),
        ("row", "Pump B-7 — Flow (m³/h): 9.8 · Pressure (bar): 3.6"),
        ("item", "Check the seals."),
        ("item", "Log the result."),
    ]


def test_references_to_sections_clauses_and_equations_never_split_a_sentence() -> None:
    text = "Under cl. 12.3 and Sect. 4.2 (see Eq. 3 and pp. 4-6) the fee is due. It is paid."
    assert [t for _, t in _units(text)] == [
        "Under cl. 12.3 and Sect. 4.2 (see Eq. 3 and pp. 4-6) the fee is due.",
        "It is paid.",
    ]


def test_a_clause_number_is_the_clause_marker_not_part_of_its_sentence() -> None:
    text = "2.4 The deposit is GBP 900, refundable.\n3.45 MW were installed in the yard."
    assert _units(text) == [
        ("item", "The deposit is GBP 900, refundable."),
        ("sentence", "3.45 MW were installed in the yard."),
    ]


def test_a_symbol_before_a_bracket_or_a_full_stop_keeps_sentences_whole() -> None:
    text = (
        "Uptime rose to 98.2 % at every depot (2021: 96.0 %). The fleet grew by 12 %. "
        "Fuel cost 1.40 € a litre (2021: 1.10 €), and the note says so (see *). Done. "
        "Its share was 38.9%. Year-to-year it varies."
    )
    assert [t for _, t in _units(text)] == [
        "Uptime rose to 98.2 % at every depot (2021: 96.0 %).",
        "The fleet grew by 12 %.",
        "Fuel cost 1.40 € a litre (2021: 1.10 €), and the note says so (see *).",
        "Done.",
        "Its share was 38.9%.",
        "Year-to-year it varies.",
    ]
