"""Summary questions quote the passage on the topic: its paragraph leads, in document order."""

import pytest

from research.agents.evidence import assess_offline
from research.agents.planner import plan_goal
from research.agents.summaries import REACH, asks_summary
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
    far = chunk(5 + REACH + 1, "In November 2022, Norrvik Ferries revised its governance "
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
