"""Reading a table as its reader does, on invented rows: the named column of the named row."""

from __future__ import annotations

from research.agents.table_lookup import names_a_column, table_answer
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


def test_the_highest_or_lowest_asked_is_the_extreme_row_of_the_asked_time_not_the_mean() -> None:
    weeks = WEEKS + "\n2021-07-05 — Flow (l/s): 19.0 · Pressure (bar): 3.2"
    hits = [snippet(1, weeks, "Kelmarsh Pumping Station Log 2021")]

    highest = table_answer(
        "What was the highest weekly mean flow at Kelmarsh in June 2021?", "Kelmarsh", hits
    )
    lowest = table_answer(
        "What was the lowest weekly pressure at Kelmarsh in June 2021?", "Kelmarsh", hits
    )

    assert highest is not None and highest.frame.row_label == "2021-06-14"
    assert highest.cell == "Flow (l/s): 13.9"
    assert lowest is not None and lowest.frame.row_label == "2021-06-07"
    assert lowest.cell == "Pressure (bar): 4.1"


def test_a_label_the_question_writes_names_its_row_and_a_maximum_column_is_no_extreme() -> None:
    """ "Outlet P" names row "P", not the aggregate row that also names P's kind of thing."""
    outlets = (
        "P — Description: north culvert outlets · Maximum discharge (l/s): 30 · Permit (No.): 7\n"
        "Q — Description: south culvert outlets · Maximum discharge (l/s): 12 · Permit (No.): 8\n"
        "P and Q together — Description: both outlets · Maximum discharge (l/s): 38"
    )
    hits = [snippet(1, outlets, "Discharge Consent DC-114 Harlow Brook")]

    p = table_answer("What is the maximum discharge at outlet P?", "DC-114", hits)
    q = table_answer("Give the maximum discharge at outlet Q", "DC-114", hits)

    assert p is not None and p.frame.row_label == "P" and p.cell == "Maximum discharge (l/s): 30"
    assert q is not None and q.frame.row_label == "Q" and q.cell == "Maximum discharge (l/s): 12"


def test_a_concentration_or_level_names_the_column_of_what_is_measured() -> None:
    wells = (
        "W1 — Yield (l/s): 4.0 · Sulphate (mg/L): 41.0\n"
        "W2 — Yield (l/s): 3.1 · Sulphate (mg/L): 57.5"
    )
    hits = [snippet(1, wells, "Fenby Wellfield Report 2020")]

    cell = table_answer("What was the sulphate concentration at W2?", "Fenby", hits)

    assert cell is not None and cell.cell == "Sulphate (mg/L): 57.5"
    assert table_answer("What was the yield ratio at W2?", "Fenby", hits) is None


def test_a_rate_names_a_column_in_percent() -> None:
    desks = (
        "Phone — Calls: 1,200 · Answered first time (%): 81.5\n"
        "Chat — Calls: 300 · Answered first time (%): 66.0"
    )
    hits = [snippet(1, desks, "Velby Help Desk Review 2021")]

    cell = table_answer("What was the answered first time rate for chat?", "Velby", hits)

    assert cell is not None and cell.cell == "Answered first time (%): 66.0"
    assert table_answer("What was the calls rate for chat?", "Velby", hits) is None


def test_a_number_the_question_gives_names_the_row_holding_it() -> None:
    """ "the 1200 mm main" is the row whose diameter is 1200, not one sharing more words."""
    mains = (
        "M1 — Material: CX40 steel · Diameter (mm): 600 · Use: trunk main · Cost (GBP per m): 410\n"
        "M2 — Material: CX40 steel · Diameter (mm): 1200 · Cost (GBP per m): 975"
    )
    hits = [snippet(1, mains, "Orrin Mains Schedule 2019")]

    cell = table_answer("What is the cost per metre of the 1200 mm CX40 main?", "Orrin", hits)

    assert cell is not None and cell.cell == "Cost (GBP per m): 975"


def test_a_half_year_written_short_is_the_half_the_question_names() -> None:
    halves = (
        "H1 2019 — Pumped (Ml): 410 · Pressure (bar): 3.9\n"
        "H2 2019 — Pumped (Ml): 455 · Pressure (bar): 4.3"
    )
    hits = [snippet(1, halves, "Kelmarsh Pumping Station Annual Report 2019")]

    a = judge("What pressure did Kelmarsh hold over the second half of 2019?", hits)

    assert a.verdict == "sufficient" and "4.3" in a.claims[0].text
    assert "3.9" not in a.claims[0].text


def test_the_judge_reads_a_quoted_row_by_the_table_not_by_the_words_it_shares() -> None:
    """The June mean row shares "mean" with the question; the week asked is another row."""
    note = "Each row gives the mean flow of the week ending on its date, in litres a second."
    hits = [snippet(1, f"{note}\n{WEEKS}", "Kelmarsh Pumping Station Log June 2021")]

    week = judge("What was the mean flow at Kelmarsh in the week ending 14 June 2021?", hits)
    peak = judge("What was the highest weekly mean flow at Kelmarsh in June 2021?", hits)

    assert quoted(week) == WEEKS.splitlines()[1]
    assert quoted(peak) == WEEKS.splitlines()[1]
    assert "13.9" in peak.claims[0].text and "13.1" not in peak.claims[0].text


def test_a_column_is_named_with_its_unit_and_a_row_by_the_cells_the_question_gives() -> None:
    pipes = (
        "Q1 — Material: PVC-U, grey · Nominal diameter (mm): 110 · Cost (EUR per m): 9.40\n"
        "Q2 — Material: PVC-U, grey · Nominal diameter (mm): 160 · Cost (EUR per m): 17.15\n"
        "Q3 — Material: Cast iron · Nominal diameter (mm): 160 · Cost (EUR per m): 88.00"
    )
    hits = [snippet(1, pipes, "Supply agreement SA-2030-07 price schedule")]

    cell = table_answer(
        "Under SA-2030-07, what is the cost per metre of 160 mm PVC-U?", "SA-2030-07", hits
    )

    assert cell is not None and cell.cell == "Cost (EUR per m): 17.15"


def test_a_column_is_named_in_the_plural_and_round_a_word_of_the_row() -> None:
    log = (
        "A-1 — Opened: 2030-01-04 · Due date: 2030-02-01 · Median repair time (h): 5.5\n"
        "A-2 — Opened: 2030-01-09 · Due date: 2030-03-15 · Median repair time (h): 7.0"
    )
    hits = [snippet(1, log, "Orla Works defect log 2030")]

    due = table_answer("Give the due dates for defect A-2.", "A-2", hits)
    repair = table_answer("What was the median pump repair time for A-1?", "A-1", hits)

    assert due is not None and due.cell == "Due date: 2030-03-15"
    assert repair is not None and repair.cell == "Median repair time (h): 5.5"


def test_a_row_answers_when_the_question_names_its_column_or_a_cell_says_it_in_words() -> None:
    row = "2030 — Output (GWh): 212 · Notes: gearbox swap on turbine T7, 9 days"

    assert names_a_column(row, "What was the output in 2030?")
    assert names_a_column(row, "How long did the gearbox swap on T7 take?")
    assert not names_a_column(row, "What was the load factor in 2030?")


VALVES = (
    "A1 — Part number: KV-050 · Size (DN): 50 · Quantity (pcs): 14 · Heat number (body): 9K2210\n"
    "A2 — Part number: KV-080 · Size (DN): 80 · Quantity (pcs): 6 · Heat number (body): 9K2201"
)


def test_how_many_reads_the_column_of_counts_of_the_row_the_given_size_names() -> None:
    hits = [snippet(1, VALVES, "Certificate of Conformity TC-118")]

    cell = table_answer("How many DN 50 valves were delivered under TC-118?", "TC-118", hits)

    assert cell is not None and cell.cell == "Quantity (pcs): 14"


def test_a_column_named_for_an_identifier_is_named_by_its_thing_alone() -> None:
    """ "which heat" names "Heat number (body)": its last word only says it holds a code."""
    hits = [snippet(1, VALVES, "Certificate of Conformity TC-118")]

    cell = table_answer("Which heat is the DN 80 valve body of TC-118 from?", "TC-118", hits)

    assert cell is not None and cell.cell == "Heat number (body): 9K2201"


STOPPAGES = (
    "ST-01 — Site: KB-2 · Start: 2024-02-03 · Duration (h): 12 · Type: Planned\n"
    "ST-02 — Site: MW-4 · Start: 2024-05-19 · Duration (h): 30 · Type: Unplanned\n"
    "ST-03 — Site: KB-2 · Start: 2024-09-08 · Duration (h): 29 · Type: Unplanned\n"
    "KB-2 — Stoppages: 2 · Total duration (h): 41\n"
    "MW-4 — Stoppages: 1 · Total duration (h): 30"
)


def test_how_many_hours_reads_the_column_in_hours_of_the_row_about_the_subject() -> None:
    """ "How many hours of stoppages" asks the column in hours, not the count of stoppages;
    the row labelled by the site is about the site, a stoppage's row about the stoppage."""
    hits = [snippet(1, STOPPAGES, "Kelby Stoppage Log 2024")]

    cell = table_answer("How many hours of stoppages did KB-2 have in 2024?", "KB-2", hits)

    assert cell is not None and cell.cell == "Total duration (h): 41"
    assert cell.frame.row_label == "KB-2"


def test_how_many_of_a_thing_still_reads_its_count() -> None:
    hits = [snippet(1, STOPPAGES, "Kelby Stoppage Log 2024")]

    cell = table_answer("How many stoppages did KB-2 have in 2024?", "KB-2", hits)

    assert cell is not None and cell.cell == "Stoppages: 2"


FEES = (
    "Small site — Fee 2023-24 (EUR per year): 120.00 · Fee 2024-25 (EUR per year): 130.00\n"
    "Large site — Fee 2023-24 (EUR per year): 480.00 · Fee 2024-25 (EUR per year): 510.00"
)
CHANGES = (
    "C.4 — Subject: Minimum flow at the Dunmere gauge (Ml/d) · Before change: 80 · After change: 95\n"
    "C.5 — Subject: Maximum daily take at Dunmere (Ml/d) · Before change: 30 · After change: 25"
)


def test_columns_of_two_periods_are_told_apart_by_the_period_asked() -> None:
    hits = [snippet(1, FEES, "Orla Site Fees")]

    cell = table_answer("What is the fee for a large site in 2024-25?", "large site", hits)

    assert cell is not None and cell.cell == "Fee 2024-25 (EUR per year): 510.00"


def test_columns_named_alike_are_told_apart_by_the_small_words_the_question_gives() -> None:
    hits = [snippet(1, CHANGES, "Dunmere Licence Change Notice")]

    after = table_answer("What is the minimum flow at Dunmere after the change?", "Dunmere", hits)
    before = table_answer(
        "What was the maximum daily take at Dunmere before the change?", "Dunmere", hits
    )

    assert after is not None and after.cell == "After change: 95"
    # "maximum" names the row here, it asks no extreme over the rows
    assert before is not None and before.cell == "Before change: 30"


def test_a_subject_the_part_only_describes_is_told_by_its_words_in_the_frame() -> None:
    text = "2023-24 — Standing charge (EUR per year): 50.00\n2024-25 — Standing charge (EUR per year): 55.00"
    hits = [
        Snippet(
            id=1, corpus_id=1, document_id=1, title="Orla Charges Scheme", page_start=1,
            page_end=1, text=text, section="Orla Charges Scheme › 2. Metered business charges",
        )
    ]  # fmt: skip
    asked = "What was the standing charge for metered businesses in 2024-25?"
    other = "What was the standing charge for unmetered flats in 2024-25?"

    cell = table_answer(asked, "metered businesses", hits)

    assert cell is not None and cell.cell == "Standing charge (EUR per year): 55.00"
    assert table_answer(other, "unmetered flats", hits) is None
