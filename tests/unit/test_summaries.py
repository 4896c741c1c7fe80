"""Summary questions quote the passage on the topic: its paragraph leads, in document order."""

import pytest

from research.agents.evidence import assess_offline
from research.agents.planner import plan_goal
from research.agents.summaries import REACH, SUMMARY_MAX, asks_summary
from research.contracts import Assessment, Snippet, Verdict

pytestmark = pytest.mark.unit

TITLE = "Norrvik Ferries annual report"


def chunk(ordinal: int, text: str, document_id: int = 7) -> Snippet:
    return Snippet(
        id=100 + ordinal, corpus_id=1, document_id=document_id, ordinal=ordinal, title=TITLE,
        page_start=1, page_end=1, text=text,
    )  # fmt: skip


# A governance section over three chunks, after a paragraph on fuel costs; the second chunk
# opens inside a sentence of the first, as overlapping chunks do.
SECTION = [
    chunk(
        3,
        "Fuel costs rose by a fifth in 2022 as bunker prices climbed.\n"
        "In February 2022, Norrvik Ferries appointed a new chief executive. "
        "She came from a rival operator.",
    ),
    chunk(
        4,
        "from a rival operator.\n"
        "In May 2022, the board of Norrvik Ferries adopted a revised governance code. "
        "The code limits directors to three terms. It also sets up an audit committee.\n"
        "In 2019, the company had moved its seat to Umeå.",
    ),
    chunk(
        5,
        "In September 2022, two independent directors joined the board. "
        "Their appointment was approved at the shareholders' meeting.",
    ),
]


def judge(question: str, hits: list[Snippet]) -> Assessment:
    sg = plan_goal(question).sub_goals[0]
    return assess_offline(sg, hits, searched=["q1"])


def quotes(a: Assessment) -> list[str]:
    return [c.citations[0].quote for c in a.claims]


def test_a_summary_quotes_the_topics_paragraphs_across_chunks_in_document_order() -> None:
    a = judge("Summarize the changes in the governance of Norrvik Ferries in 2022.", SECTION)
    assert a.verdict == Verdict.SUFFICIENT
    said = quotes(a)
    expected = [
        "In February 2022, Norrvik Ferries appointed a new chief executive.",
        "In May 2022, the board of Norrvik Ferries adopted a revised governance code.",
        "The code limits directors to three terms.",
        "It also sets up an audit committee.",
        "In September 2022, two independent directors joined the board.",
    ]
    assert [q for q in said if q in expected] == expected  # all of them, in this order
    assert not any(q.startswith(("from a rival", "In 2019", "She came")) for q in said)


def test_a_summary_leaves_out_chunks_beyond_its_reach() -> None:
    # The best sentence (chunk 4) opens its paragraph: the summary reads on twice as far.
    far = chunk(4 + 2 * REACH + 1, "In November 2022, Norrvik Ferries revised its governance "
                "rules for board committees.")  # fmt: skip
    a = judge("Summarize the changes in the governance of Norrvik Ferries in 2022.",
              [*SECTION, far])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "In September 2022, two independent directors joined the board." in quotes(a)
    assert not any("November" in q for q in quotes(a))


def test_a_question_that_is_no_summary_quotes_its_sentence_only() -> None:
    assert asks_summary("Give an overview of the fleet.")
    assert asks_summary("Outline the risks the company named.")
    assert not asks_summary("Based on the outline, when was the code adopted?")
    a = judge("When did the board of Norrvik Ferries adopt a revised governance code?", SECTION)
    assert a.verdict == Verdict.SUFFICIENT
    assert quotes(a) == [
        "In May 2022, the board of Norrvik Ferries adopted a revised governance code."
    ]


def test_a_summary_of_a_year_takes_the_months_its_passage_goes_on_to() -> None:
    events = [
        chunk(1, "In 2022, Norrvik Ferries went through several significant financial events. "
                 "Firstly, in January, it raised 40 million euros in a bond issue.\n"
                 "In March, the company bought two second-hand ferries. They were refitted.\n"
                 "In 2019, it had paid no dividend. In June 2023, it plans a new route."),
    ]  # fmt: skip
    a = judge("Summarize the significant financial events of Norrvik Ferries in 2022.", events)
    said = quotes(a)
    assert "In March, the company bought two second-hand ferries." in said
    assert not any(q.startswith(("In 2019", "In June 2023", "They were")) for q in said)


def test_the_source_a_question_names_breaks_a_tie_and_an_opened_topic_is_read_on() -> None:
    finance = chunk(1, "In 2022, Norrvik Ferries went through several significant events that "
                       "shaped its financial results. In March 2022, it sold a ferry.")  # fmt: skip
    governance = chunk(2, "In 2022, Norrvik Ferries went through several significant events "
                          "that shaped its governance practices.")  # fmt: skip
    later = [chunk(2 + i, f"In {month} 2022, Norrvik Ferries changed board rule {i}.")
             for i, month in enumerate(["May", "June", "July", "August", "October"], 1)]  # fmt: skip
    a = judge("Based on Norrvik Ferries' 2022 governance report, summarize the significant "
              "events of 2022.", [finance, governance, *later])  # fmt: skip
    said = quotes(a)
    assert a.verdict == Verdict.SUFFICIENT
    assert "its governance practices" in a.reason  # the passage the summary is built on
    assert "In October 2022, Norrvik Ferries changed board rule 5." in said  # 5 chunks on


def test_a_recap_is_no_anchor_beside_an_equal_fact_and_looks_back_when_it_is_one() -> None:
    facts = chunk(2, "In June 2022, Norrvik Ferries launched sustainability initiatives on its "
                     "routes. It fitted shore power at two ports.")  # fmt: skip
    recap = chunk(1, "Overall, Norrvik Ferries showed commitment to sustainability "
                     "initiatives in 2022.")  # fmt: skip
    a = judge("Summarize the sustainability initiatives of Norrvik Ferries in 2022.",
              [recap, facts])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "launched sustainability initiatives" in a.reason
    # Past the cap, a recap's summary keeps what came before it.
    before = [f"In 2022, Norrvik Ferries renewed ferry {i}." for i in range(1, 11)]
    after = [f"In 2022, Norrvik Ferries refitted ferry {i}." for i in range(11, 21)]
    text = "\n".join([*before, "Overall, Norrvik Ferries renewed its fleet in 2022.", *after])
    b = judge("Summarize the fleet renewal of Norrvik Ferries in 2022.", [chunk(1, text)])
    said = quotes(b)
    assert b.verdict == Verdict.SUFFICIENT and len(said) == SUMMARY_MAX
    assert set(before) <= set(said) and "In 2022, Norrvik Ferries refitted ferry 20." not in said


def test_a_leading_sentence_brings_the_next_one_that_spells_it_out() -> None:
    ahead = chunk(6, "at the shareholders' meeting.\n"
                     "Looking ahead, Norrvik Ferries has outlined governance improvement plans. "
                     "These plans include a training scheme for the board. "
                     "The company also runs two ferries to Vaasa.")  # fmt: skip
    a = judge("Summarize the changes in the governance of Norrvik Ferries in 2022.",
              [*SECTION, ahead])  # fmt: skip
    said = quotes(a)
    assert "Looking ahead, Norrvik Ferries has outlined governance improvement plans." in said
    assert "These plans include a training scheme for the board." in said
    assert not any(q.startswith("The company also") for q in said)
