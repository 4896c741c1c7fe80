"""The evidence scorer on invented passages: the unit that answers, and what may never."""

from __future__ import annotations

from research.agents.scorer import RIVALS, answer_probability, score_units, scored_claim
from research.contracts import Snippet

ROWS = (
    "2021-06-07 — Flow (l/s): 12.5 · Pressure (bar): 4.1 · Temperature (°C): 11.2\n"
    "2021-06-14 — Flow (l/s): 13.9 · Pressure (bar): 4.4 · Temperature (°C): 11.8\n"
    "June 2021 mean — Flow (l/s): 13.1 · Pressure (bar): 4.2 · Temperature (°C): 11.5"
)


def snippet(sid: int, text: str, title: str, section: str = "") -> Snippet:
    return Snippet(
        id=sid,
        corpus_id=1,
        document_id=sid,
        title=title,
        page_start=1,
        page_end=1,
        text=text,
        section=section or title,
    )


def test_each_row_answers_with_the_asked_column_and_only_the_asked_day_fits_the_question() -> None:
    snippets = [
        snippet(1, ROWS, "Kelmarsh Pumping Station Weekly Log June 2021", "Kelmarsh › 2. Readings"),
    ]

    ranked = score_units(
        "What was the pressure at Kelmarsh pumping station in the week ending 7 June 2021?",
        "Kelmarsh",
        snippets,
    )

    by_claim = {scored_claim(r).text: r.features for r in ranked}
    assert set(by_claim) == {
        "2021-06-07 — Pressure (bar): 4.1",
        "2021-06-14 — Pressure (bar): 4.4",
        "June 2021 mean — Pressure (bar): 4.2",
    }
    day = by_claim["2021-06-07 — Pressure (bar): 4.1"]
    assert (day.time_fit, day.time_clash) == (1.0, False)
    assert by_claim["2021-06-14 — Pressure (bar): 4.4"].time_clash
    assert by_claim["June 2021 mean — Pressure (bar): 4.2"].time_clash
    assert ranked[0].score > ranked[-1].score
    quote = scored_claim(ranked[0]).citations[0].quote
    assert quote.startswith(scored_claim(ranked[0]).text.split(" — ")[0] + " — Flow (l/s):")


def test_a_sentence_about_another_entity_is_never_a_candidate() -> None:
    snippets = [
        snippet(1, "The Ostry depot recorded 412 call-outs in 2022.", "Ostry Depot Annual Review"),
    ]

    assert score_units("How many call-outs did the Brannock depot record in 2022?", "Brannock",
                       snippets) == []  # fmt: skip


def test_a_number_question_is_not_answered_by_a_sentence_without_a_number() -> None:
    snippets = [
        snippet(
            1,
            "The Brannock depot recorded many call-outs after the storm. It reopened later.",
            "Brannock Depot Annual Review",
        )
    ]

    assert score_units("How many call-outs did the Brannock depot record?", "Brannock",
                       snippets) == []  # fmt: skip


def test_a_sentence_whose_only_number_is_a_year_does_not_answer_how_many() -> None:
    snippets = [
        snippet(
            1,
            "Brannock depot opened in 1998 beside the ring road. "
            "In 2022 the Brannock depot recorded 412 call-outs, up from 380.",
            "Brannock Depot Annual Review",
        )
    ]

    ranked = score_units("How many call-outs did the Brannock depot record in 2022?", "Brannock",
                         snippets)  # fmt: skip

    assert [r.candidate.text for r in ranked] == [
        "In 2022 the Brannock depot recorded 412 call-outs, up from 380."
    ]


def test_a_sentence_that_goes_on_about_the_one_before_is_read_with_it() -> None:
    snippets = [
        snippet(
            1,
            "The largest share came from Skelby Sound, the array commissioned in 2019. "
            "Its availability of 96.4 percent was a record for the fleet.",
            "Fleet Review 2022",
        )
    ]

    ranked = score_units("What was the availability of Skelby Sound?", "Skelby Sound", snippets)

    assert scored_claim(ranked[0]).citations[0].quote == (
        "The largest share came from Skelby Sound, the array commissioned in 2019. "
        "Its availability of 96.4 percent was a record for the fleet."
    )


def test_a_value_the_question_gives_names_the_row_and_another_cell_answers() -> None:
    rows = (
        "Q1 — Nominal diameter (mm): 90 · Price (GBP per m): 6.40\n"
        "Q2 — Nominal diameter (mm): 125 · Price (GBP per m): 11.75"
    )
    snippets = [snippet(1, rows, "Pipe Supply Framework PF-7", "Pipe Supply Framework PF-7")]

    ranked = score_units("Price per metre of the 125 mm pipe under PF-7", "PF-7", snippets)

    claims = [scored_claim(r).text for r in ranked]
    assert "Q2 — Nominal diameter (mm): 125" not in claims
    assert claims[0] == "Q2 — Price (GBP per m): 11.75"


def test_the_row_the_question_labels_outranks_a_row_that_only_includes_the_label() -> None:
    rows = (
        "North intake — Daily limit (Ml/d): 31\n"
        "North and south intakes together — Daily limit (Ml/d): 52"
    )
    snippets = [snippet(1, rows, "Abstraction Permit AP-19", "Abstraction Permit AP-19")]

    ranked = score_units("Daily limit at the north intake of AP-19", "AP-19", snippets)

    assert scored_claim(ranked[0]).text == "North intake — Daily limit (Ml/d): 31"
    assert ranked[0].features.label_named > ranked[1].features.label_named


def test_a_subject_the_part_only_describes_does_not_filter_and_its_words_count() -> None:
    snippets = [
        snippet(
            1,
            "Crews replaced 46 hydrants on the estate. "
            "Households on the medical needs register received 118 deliveries of bottled water.",
            "Incident Review IR-5",
        )
    ]

    ranked = score_units(
        "Medical needs households given bottled water deliveries", "needs households given",
        snippets,
    )  # fmt: skip

    assert ranked[0].candidate.text.startswith("Households on the medical needs register")


def test_a_long_table_does_not_dilute_the_row_that_stands_out() -> None:
    weeks = "\n".join(
        f"2031-0{m}-0{d} — Turbidity (NTU): 0.{m}{d}" for m in range(1, 7) for d in range(1, 5)
    )
    snippets = [snippet(1, weeks, "Harwick Works Weekly Log 2031", "Harwick Works Weekly Log")]
    few = [snippet(2, "\n".join(weeks.splitlines()[:3]), "Harwick Works Weekly Log 2031")]

    question = "What turbidity did Harwick record for the seven days to 2 March 2031?"
    long_table = score_units(question, "Harwick", snippets)
    short_table = score_units(question, "Harwick", few)

    assert scored_claim(long_table[0]).text == "2031-03-02 — Turbidity (NTU): 0.32"
    # the probability is taken against the best rivals only: 24 rows weigh as 3 would
    assert abs(long_table[0].score - answer_probability(
        long_table[0].utility, [s.utility for s in long_table[:RIVALS]]
    )) < 1e-9  # fmt: skip
    assert len(short_table) == 3
