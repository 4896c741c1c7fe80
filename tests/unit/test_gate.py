"""The citation gate drops, and says why, every citation that does not hold."""

import pytest

from research.agents.gate import (
    ALL_DROPPED,
    NOT_A_STATEMENT,
    NOT_IN_RUN,
    NOT_VISIBLE,
    QUOTE_MISSING,
    check_citation,
    gate_dossier,
)
from research.contracts import Citation, Claim, Dossier, Section, SectionStatus, Snippet

pytestmark = pytest.mark.unit

PAGE3 = "The plant produced 4.2 TWh in 2023. Output fell in winter."
PAGE4 = "Maintenance took eleven days in May."
SPANNING = Snippet(id=7, corpus_id=1, document_id=1, title="Plant", page_start=3, page_end=4,
                   text=PAGE3 + "\n" + PAGE4, page_breaks=[(len(PAGE3) + 1, 4)])  # fmt: skip
OTHER = Snippet(id=8, corpus_id=2, document_id=2, title="Secret", page_start=1, page_end=1,
                text="Confidential: margins were 31%.")  # fmt: skip


def dossier(*citations: Citation) -> Dossier:
    claims = [Claim(text=f"claim {i}", citations=[c]) for i, c in enumerate(citations)]
    return Dossier(title="t", summary="s", sections=[
        Section(sub_goal="sg-1", heading="h", status=SectionStatus.ANSWERED, claims=claims)])  # fmt: skip


def test_a_quote_on_the_next_page_of_a_spanning_chunk_gets_that_page() -> None:
    gated, outcomes = gate_dossier(dossier(Citation(snippet_id=7, quote="took eleven days")),
                                   {7: SPANNING}, {7})  # fmt: skip
    assert gated.sections[0].claims[0].citations[0].page == 4
    assert outcomes[0].kept


def test_a_quote_with_other_whitespace_and_hyphenation_still_matches() -> None:
    snippet = SPANNING.model_copy(update={"text": "The plant pro-\nduced 4.2  TWh in 2023."})
    gated, _ = gate_dossier(
        dossier(Citation(snippet_id=7, quote="plant produced 4.2 TWh")), {7: snippet}, {7}
    )
    assert gated.sections[0].claims[0].citations[0].page == 3


@pytest.mark.parametrize(
    ("citation", "snippets", "visible", "reason"),
    [
        (Citation(snippet_id=7, quote="produced 9.9 TWh"), {7: SPANNING}, {7}, QUOTE_MISSING),
        (Citation(snippet_id=99, quote="anything"), {7: SPANNING}, {7, 99}, NOT_IN_RUN),
        (
            Citation(snippet_id=8, quote="margins were 31%"),
            {7: SPANNING, 8: OTHER},
            {7},
            NOT_VISIBLE,
        ),
    ],
    ids=["quote-not-in-snippet", "snippet-of-another-run", "corpus-owner-cannot-see"],
)
def test_a_failing_citation_is_dropped_and_its_claim_withdrawn(
    citation, snippets, visible, reason
) -> None:
    gated, outcomes = gate_dossier(dossier(citation), snippets, visible)
    section = gated.sections[0]
    assert section.status == SectionStatus.NO_DATA and not section.claims
    assert ALL_DROPPED in section.follow_up_needed
    assert not outcomes[0].kept and reason in outcomes[0].reasons[0]


def test_a_claim_keeps_its_good_citations_when_one_fails() -> None:
    claim = Claim(text="c", citations=[Citation(snippet_id=7, quote="4.2 TWh"),
                                       Citation(snippet_id=7, quote="not there")])  # fmt: skip
    d = Dossier(title="t", summary="s", sections=[Section(sub_goal="sg-1", heading="h",
                status=SectionStatus.ANSWERED, claims=[claim])])  # fmt: skip
    gated, outcomes = gate_dossier(d, {7: SPANNING}, {7})
    # The fragment quoted grows to its whole sentence.
    assert [c.quote for c in gated.sections[0].claims[0].citations] == [
        "The plant produced 4.2 TWh in 2023."
    ]
    assert outcomes[0].kept and QUOTE_MISSING in outcomes[0].reasons[0]


def test_a_quote_of_a_heading_is_no_statement_and_is_dropped() -> None:
    snippet = Snippet(id=9, corpus_id=1, document_id=1, title="Plant report", page_start=1,
                      page_end=1, text="# Plant report\n\nThe plant ran all year.")  # fmt: skip
    claim = Claim(text="c", citations=[Citation(snippet_id=9, quote="Plant report")])
    checked, reason = check_citation(claim.citations[0], {9: snippet}, {9})
    assert checked is None and reason == NOT_A_STATEMENT
    ok, _ = check_citation(Citation(snippet_id=9, quote="ran all"), {9: snippet}, {9})
    assert ok is not None and ok.quote == "The plant ran all year."
