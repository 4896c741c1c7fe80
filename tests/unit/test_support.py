"""The support check: a quoted unit supports a part only when it names the part's subject and
holds the kind of value the part asks for. Invented text only."""

import pytest

from research.agents.gate import whole_units
from research.agents.support import (
    NO_VALUE,
    NOT_ABOUT_ENTITY,
    NOT_AN_AMOUNT,
    NOT_THE_ONE_ASKED,
    NOT_THE_QUANTITY,
    NOT_WHAT_IS_MEASURED,
    Frame,
    alias_forms,
    aliases,
    asked_kind,
    holds_kind,
    measured_columns,
    names_entity,
    row_label,
    states_quantity,
    support_problem,
)

pytestmark = pytest.mark.unit

PLAIN = Frame(title="Regional operations review")
HOW_MANY = "How many turbines does Harlow Fen have?"
WHEN = "When was Harlow Fen commissioned?"
WHO = "Who operates Harlow Fen?"


@pytest.mark.parametrize(
    ("question", "entity", "unit", "frame", "also", "problem"),
    [
        (HOW_MANY, "Harlow Fen", "Harlow Fen has 42 turbines.", PLAIN, (), None),
        (HOW_MANY, "Harlow Fen", "Harlow Fen runs at 12.5 m³/h.", PLAIN, (), None),
        (HOW_MANY, "Harlow Fen", "Harlow Fen ran 1,200 hours.", PLAIN, (), None),
        (HOW_MANY, "Harlow Fen", "Harlow Fen lost 4.1 % of output.", PLAIN, (), None),
        (HOW_MANY, "Harlow Fen", "Harlow Fen has many turbines.", PLAIN, (), "number"),
        (HOW_MANY, "Harlow Fen", "Harlow Fen was extended in 2019.", PLAIN, (), "number"),
        (HOW_MANY, "Harlow Fen", "Tarn Moss has 42 turbines.", PLAIN, (), NOT_ABOUT_ENTITY),
        (HOW_MANY, "Unit 4", "Unit 4 has several turbines.", PLAIN, (), "number"),
        (
            "How many turbines does the Harlow Fen wind farm have?",
            "the Harlow Fen wind farm",
            "Harlow Fen has 42 turbines.",
            PLAIN,
            (),
            None,
        ),
        (WHEN, "Harlow Fen", "Harlow Fen was commissioned in 2011.", PLAIN, (), None),
        (WHEN, "Harlow Fen", "Harlow Fen opened on 3 March 2011.", PLAIN, (), None),
        (WHEN, "Harlow Fen", "Harlow Fen opened in March 2011.", PLAIN, (), None),
        (WHEN, "Harlow Fen", "Harlow Fen opened on 2011-03-03.", PLAIN, (), None),
        (WHEN, "Harlow Fen", "Harlow Fen opened long ago.", PLAIN, (), "date"),
        (WHO, "Harlow Fen", "Harlow Fen is run by Quorra Power.", PLAIN, (), None),
        (WHO, "Harlow Fen", "Harlow Fen produced 4.2 TWh.", PLAIN, (), "name"),
        (WHO, "Harlow Fen", "Harlow Fen is run by FC-4 Ltd.", PLAIN, (), None),
        # Named only by what frames the unit.
        (
            HOW_MANY,
            "Harlow Fen",
            "It has 42 turbines.",
            Frame("Harlow Fen annual report"),
            (),
            None,
        ),
        (
            HOW_MANY,
            "Harlow Fen",
            "It has 42 turbines.",
            Frame("Sites", "Wind › Harlow Fen"),
            (),
            None,
        ),
        (
            HOW_MANY,
            "Harlow Fen",
            "Harlow Fen — Turbines: 42 · Hub height (m): 90",
            Frame("Sites", row_label="Harlow Fen"),
            (),
            None,
        ),
        (HOW_MANY, "Harlow Fen", "It has 42 turbines.", PLAIN, (), NOT_ABOUT_ENTITY),
        # By a name the documents define for it.
        (HOW_MANY, "Harlow Fen", "HF-2 has 42 turbines.", PLAIN, ("HF-2",), None),
        (
            "How many staff work at OUT-23-011?",
            "OUT-23-011",
            "OUT-23-012 has 14 staff.",
            PLAIN,
            (),
            NOT_ABOUT_ENTITY,
        ),
        (
            "How many staff work at OUT-23-011?",
            "OUT-23-011",
            "OUT-23-011 has 14 staff.",
            PLAIN,
            (),
            None,
        ),
        ("Is Harlow Fen offshore?", "Harlow Fen", "Harlow Fen lies offshore.", PLAIN, (), None),
        (  # a number the question gives singles out the one asked: another speaks of others
            "What was the output of Harlow Fen at 12 m/s?",
            "Harlow Fen",
            "Harlow Fen produced 310 MWh a week on average.",
            PLAIN,
            (),
            NOT_THE_ONE_ASKED.format(numbers="12"),
        ),
        (
            "What was the output of Harlow Fen at 12 m/s?",
            "Harlow Fen",
            "12.0 — Output (MWh): 412 · Hours: 96",
            Frame(title="Harlow Fen power curve test", row_label="12.0"),
            (),
            None,
        ),
    ],
)
def test_support_problem(question, entity, unit, frame, also, problem) -> None:
    found = support_problem(question=question, entity=entity, unit=unit, frame=frame, also=also)
    if problem in ("number", "date", "name"):
        assert found == NO_VALUE.format(kind=problem)
    else:
        assert found == problem


@pytest.mark.parametrize(
    ("text", "kind", "question", "holds"),
    [
        ("The pump moves 12.5 m³/h.", "number", "", True),
        ("The pump was fitted in 2014.", "number", "", False),
        ("The pump was fitted in 2014.", "number", "In what year was it fitted?", True),
        ("Pump OUT-23-011 failed.", "number", "", False),
        ("The repair took eleven days.", "number", "", True),
        ("It reopened on 12 May 2020.", "number", "", False),
        ("Of the 12 pumps, all failed.", "number", "How many of the 12 pumps failed?", False),
        ("It reopened in the 1990s.", "date", "", True),
        ("It reopened soon after.", "date", "", False),
        ("The weir was rebuilt in March by the crew.", "date", "", True),
        ("The weir is in Marsh End.", "date", "", False),
        ("Operations began at Nordby Works.", "name", "Who runs Nordby Works?", False),
        ("Nordby Works is run by Selwyn Ashdown.", "name", "Who runs Nordby Works?", True),
        ("Anything at all.", "any", "", True),
    ],
)
def test_holds_kind(text, kind, question, holds) -> None:
    assert holds_kind(text, kind, question) is holds


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How many turbines does it have?", "number"),
        ("How long did the repair take?", "number"),
        ("When did it open?", "date"),
        ("Who operates it?", "name"),
        ("Is it offshore?", "yesno"),
        # an instruction names the asked fact after its verb
        ("For Orla Works in 2021, give: the peak flow", "number"),
        ("For permit KX/12/0044, give the expiry date", "date"),
        ("For permit KX/12/0044, state the holder", "any"),
        ("What was the mean wall thickness of the main?", "number"),
        # a "when" after the question word places the asked fact in time; it asks no date
        ("What was the fee per tonne at the tip when the permit began?", "number"),
        ("For the Orla pump, when was it last overhauled?", "date"),
        # a bare noun phrase names what it asks before its first preposition
        ("Peak flow at the Orla outfall", "number"),
        ("Expiry date of permit KX/12/0044", "date"),
        ("Holder of permit KX/12/0044", "any"),
    ],
)
def test_asked_kind(question, kind) -> None:
    assert asked_kind(question) == kind


def test_a_quantity_the_tables_measure_is_asked_as_a_number() -> None:
    rows = ["Orvane rose.\n200 — N: 8 · Tmax (h): 2.5 · Route: oral", "Site — Name: Kelby"]
    measured = measured_columns(rows)
    assert {"tmax", "n"} <= measured and "rout" not in measured and "name" not in measured
    assert asked_kind("What Tmax did Orvane reach?") == "any"
    assert asked_kind("What Tmax did Orvane reach?", measured) == "number"
    assert asked_kind("What route did Orvane take?", measured) == "any"


def test_a_quantity_the_tables_name_is_stated_in_their_word() -> None:
    measured = measured_columns(["200 — Tmax (h): 2.5 · Dosed on: 4 May 2031"])
    question = "What Tmax did Orvane reach at 200 mg?"
    frame = Frame(title="Orvane study OR-1")
    doses = "The doses were 50, 100 and 200 mg."
    row = "200 — Tmax (h): 2.5"
    assert (
        support_problem(
            question=question, entity="Orvane", unit=doses, frame=frame, measured=measured
        )
        == NOT_THE_QUANTITY
    )
    assert (
        support_problem(
            question=question, entity="Orvane", unit=row, frame=frame, measured=measured
        )
        is None
    )
    # a date column measures nothing: "when" and "what date" ask no quantity word
    assert "date" not in measured and states_quantity("What date was it dosed?", doses, measured)
    assert not states_quantity("What was its Tmax?", doses, measured)
    # a question that says it asks a number may be answered in other words
    power = measured_columns(["X5 — Power (kW): 390"])
    assert states_quantity("What is the peak power of the X5?", "It charges at 250 kW.", power)


DEFINITIONS = [
    "The Ferncastle site (site code FC-4) opened in 1998.",
    "Nordby Works, formerly Eastgate Mill, employs 300 people.",
    'Harrow Quay Holdings Ltd (the "Quay Group") reported a loss.',
    "Kelso Bridge, known as the Old Span, carries the B-road.",
    "Ferncastle (Norway) is cold in winter.",
    "Site: Orrin Water Treatment Works (site code OR-7, called Plant 2 by the operators)",
    "Dalby Mill (built 1871, restored 1990) is a museum.",
    "Site: Wenlow Pumping Station (site code WP-3)",
    "Site: Askern Pumping Station (site code AK-1)",
    "Zone: Askern East (AE2), fed from the station",
]


@pytest.mark.parametrize(
    ("entity", "expected"),
    [
        ("Ferncastle", ("FC-4",)),
        ("FC-4", ("Ferncastle",)),
        ("Nordby Works", ("Eastgate Mill",)),
        ("Eastgate Mill", ("Nordby Works",)),
        ("Harrow Quay Holdings Ltd", ("Quay Group",)),
        ("the Old Span", ("Kelso Bridge",)),
        ("Tarn Moss", ()),
        ("Plant 2", ("Orrin Water Treatment Works", "OR-7")),
        ("OR-7", ("Orrin Water Treatment Works", "Plant 2")),
        ("Orrin", ("OR-7", "Plant 2")),
        ("the Orrin works", ("OR-7", "Plant 2")),
        ("Water Treatment Works", ()),
        ("Wenlow", ("WP-3",)),
        ("the Wenlow station", ("WP-3",)),
        ("the Wenlow reservoir", ()),  # a word the defined name lacks: another thing
        ("Askern", ()),  # two defined names have that head: it names neither
        ("Askern Pumping Station", ("AK-1",)),
        ("Dalby Mill", ()),
    ],
)
def test_aliases_are_the_names_the_documents_define(entity, expected) -> None:
    assert aliases(entity, DEFINITIONS) == expected


def test_identifiers_differing_by_one_digit_do_not_name_each_other() -> None:
    assert not names_entity("OUT-23-011", "Ticket OUT-23-012 was closed.", PLAIN)
    assert not names_entity("OUT-23-011", "Ticket OUT-23-0111 was closed.", PLAIN)
    assert names_entity("OUT-23-011", "Ticket out-23-011 was closed.", PLAIN)


def test_a_row_label_is_its_first_cell() -> None:
    assert row_label("Harlow Fen — Turbines: 42 · Hub height (m): 90") == "Harlow Fen"
    assert row_label("Harlow Fen has 42 turbines.") == ""


def test_a_running_header_line_is_no_unit_and_so_never_quoted() -> None:
    text = "# Harlow Fen annual report 2023\n\nHarlow Fen has 42 turbines."
    assert whole_units(text, 2, 12) is None  # the heading holds no statement to support


def test_an_alias_names_its_subject_by_its_own_leading_words_in_a_frame() -> None:
    """ "Orrin Water Treatment Works" is "Orrin" in a title; a bare kind word is no name."""
    assert alias_forms("Orrin Water Treatment Works") == ["Orrin Water Treatment Works", "Orrin"]
    assert alias_forms("OR-7") == ["OR-7"]
    framed = Frame(title="Orrin WTW Monthly Report May 2024")
    assert names_entity(
        "Plant 2", "Design output: 31 Ml/d", framed, ("Orrin Water Treatment Works",)
    )
    assert not names_entity("Plant 2", "Design output: 31 Ml/d", framed)


@pytest.mark.parametrize(
    ("entity", "text", "named"),
    [
        ("Orla WTW", "The main feeds Orla Water Treatment Works (Works 2).", True),
        ("Orla WTW", "the orla water treatment works", True),
        ("Orla Water Treatment Works", "Orla WTW monthly report", True),
        ("Orla WTW", "Orla Water Tower", False),
        ("Orla Water Treatment Works", "Orla WTWs", False),
        ("Harlow Fen", "Harlow F. Smith", False),
    ],
)
def test_a_closing_initialism_names_its_words_spelled_out(entity, text, named) -> None:
    assert names_entity(entity, text, Frame(title="")) is named


@pytest.mark.parametrize(
    ("unit", "problem"),
    [
        ("Customers of the Kelby works lost water for 9 hours in March.", NOT_WHAT_IS_MEASURED),
        ("The Kelby works logged 41 hours of stoppages in 2024.", None),
    ],
)
def test_hours_of_a_thing_are_hours_of_that_thing(unit, problem) -> None:
    question = "How many hours of stoppages did the Kelby works have in 2024?"
    found = support_problem(question=question, entity="Kelby", unit=unit, frame=PLAIN)
    assert found == problem


@pytest.mark.parametrize(
    ("unit", "problem"),
    [
        ("The refit of the Kelby press covered two belt rollers.", NOT_AN_AMOUNT),
        ("The refit of the Kelby press cost EUR 41,300.", None),
        ("Kelby press refit — Price (EUR): 41,300 · Rollers: 2", None),
    ],
)
def test_what_a_thing_cost_is_an_amount_of_money(unit, problem) -> None:
    question = "What did the refit of the Kelby press cost?"
    found = support_problem(question=question, entity="Kelby", unit=unit, frame=PLAIN)
    assert found == problem


def test_a_rate_of_money_is_no_amount() -> None:
    question = "What was the revenue growth of the Kelby works in 2024?"
    unit = "Revenue at the Kelby works grew by 4.2 % in 2024."
    assert support_problem(question=question, entity="Kelby", unit=unit, frame=PLAIN) is None
