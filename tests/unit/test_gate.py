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
from research.agents.support import NO_VALUE, NOT_ABOUT_ENTITY
from research.contracts import Citation, Claim, Dossier, Section, SectionStatus, Snippet, SubGoal

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


# The support check: invented text.
FARMS = Snippet(id=20, corpus_id=1, document_id=3, title="Regional wind review", page_start=1,
                page_end=1, text="Tarn Moss has 42 turbines. Harlow Fen has 30 turbines.\n"
                "Harlow Fen lies on the coast. Tarn Moss was built in 2009.")  # fmt: skip
CHAIN = Snippet(id=21, corpus_id=1, document_id=4, title="Skerrin Point wind farm", page_start=1,
                page_end=1, text="The turbines of Skerrin Point were supplied by Aldmoor Dynamics."
                "\nAldmoor Dynamics is headquartered in Carrowby. It employs 1,400 people.")  # fmt: skip
RUN = {20: FARMS, 21: CHAIN}


def part(text: str, entity: str, compare: tuple[str, ...] = ()) -> SubGoal:
    return SubGoal(key="sg-1", text=text, entity=entity, facts_needed=[], compare=list(compare),
                   corpus_ids=[1], route_reason="", queries=[text])  # fmt: skip


def claims_dossier(*quotes: tuple[int, str]) -> Dossier:
    return dossier(*(Citation(snippet_id=sid, quote=quote) for sid, quote in quotes))


def test_a_claim_quoting_another_entity_withdraws_the_part_and_says_why() -> None:
    d = claims_dossier((20, "Tarn Moss has 42 turbines."))
    sg = part("How many turbines does Harlow Fen have?", "Harlow Fen")
    gated, outcomes = gate_dossier(d, RUN, {20, 21}, sub_goals=[sg])
    section = gated.sections[0]
    assert section.status == SectionStatus.NO_DATA and not section.claims
    assert NOT_ABOUT_ENTITY in section.follow_up_needed
    assert not outcomes[0].kept and outcomes[0].support == NOT_ABOUT_ENTITY
    assert NOT_ABOUT_ENTITY in outcomes[0].reasons


def test_a_supported_part_keeps_the_claims_quoted_beside_its_answer() -> None:
    d = claims_dossier((20, "Harlow Fen has 30 turbines."), (20, "Tarn Moss has 42 turbines."),
                       (20, "Harlow Fen lies on the coast."))  # fmt: skip
    sg = part("How many turbines does Harlow Fen have?", "Harlow Fen")
    gated, outcomes = gate_dossier(d, RUN, {20}, sub_goals=[sg])
    section = gated.sections[0]
    assert section.status == SectionStatus.ANSWERED
    assert len(section.claims) == 3
    assert [o.kept for o in outcomes] == [True, True, True]


def test_a_part_whose_claims_hold_no_value_of_the_asked_kind_is_withdrawn() -> None:
    d = claims_dossier((20, "Harlow Fen lies on the coast."))
    sg = part("How many turbines does Harlow Fen have?", "Harlow Fen")
    gated, outcomes = gate_dossier(d, RUN, {20}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.NO_DATA
    assert outcomes[0].support == NO_VALUE.format(kind="number")


def test_a_claim_chain_from_the_subject_over_a_bridge_to_the_fact_survives() -> None:
    d = claims_dossier((21, "supplied by Aldmoor Dynamics"), (21, "headquartered in Carrowby"))
    sg = part("In which town is the maker of Skerrin Point's turbines based?",
              "Skerrin Point")  # fmt: skip
    gated, outcomes = gate_dossier(d, RUN, {21}, sub_goals=[sg])
    section = gated.sections[0]
    assert section.status == SectionStatus.ANSWERED and len(section.claims) == 2
    assert all(o.kept for o in outcomes)


def test_a_chain_reaches_a_fact_framed_by_the_bridge() -> None:
    maker = CHAIN.model_copy(update={"id": 24, "document_id": 6, "title": "Aldmoor Dynamics",
                                     "text": "The company employs 1,400 people."})  # fmt: skip
    d = claims_dossier((21, "supplied by Aldmoor Dynamics"), (24, "employs 1,400 people"))
    sg = part("How many people does the supplier of Skerrin Point's turbines employ?",
              "Skerrin Point")  # fmt: skip
    gated, _ = gate_dossier(d, {**RUN, 24: maker}, {21, 24}, sub_goals=[sg])
    # "The company" names no one: the bridge's own document title frames it.
    assert gated.sections[0].status == SectionStatus.ANSWERED


def test_a_chain_does_not_reach_a_fact_of_a_name_no_kept_claim_names() -> None:
    other = CHAIN.model_copy(update={"id": 22, "document_id": 5, "title": "Makers",
                                     "text": "Brenner Works employs 900 people."})  # fmt: skip
    d = claims_dossier((21, "supplied by Aldmoor Dynamics"), (22, "employs 900 people"))
    sg = part("How many people does the supplier of Skerrin Point's turbines employ?",
              "Skerrin Point")  # fmt: skip
    gated, outcomes = gate_dossier(d, {**RUN, 22: other}, {21, 22}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.NO_DATA
    assert [o.support for o in outcomes] == [NO_VALUE.format(kind="number")] * 2


def test_a_comparison_with_one_side_supported_is_not_answered() -> None:
    sg = part("Which has more turbines, Harlow Fen or Kestrel Ridge?", "Harlow Fen",
              compare=("Harlow Fen", "Kestrel Ridge"))  # fmt: skip
    one = claims_dossier((20, "Harlow Fen has 30 turbines."))
    gated, outcomes = gate_dossier(one, RUN, {20}, sub_goals=[sg])
    section = gated.sections[0]
    assert section.status == SectionStatus.NO_DATA
    assert f"Kestrel Ridge: {NOT_ABOUT_ENTITY}" in section.follow_up_needed
    assert not outcomes[0].kept
    both = claims_dossier((20, "Harlow Fen has 30 turbines."), (20, "Tarn Moss has 42 turbines."))
    sg = sg.model_copy(update={"compare": ["Harlow Fen", "Tarn Moss"]})
    gated, _ = gate_dossier(both, RUN, {20}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.ANSWERED


def test_a_side_of_a_comparison_by_date_needs_its_own_date() -> None:
    sg = part("Which was built earlier, Harlow Fen or Tarn Moss?", "Harlow Fen",
              compare=("Harlow Fen", "Tarn Moss"))  # fmt: skip
    d = claims_dossier((20, "Harlow Fen lies on the coast."), (20, "Tarn Moss was built in 2009."))
    gated, _ = gate_dossier(d, RUN, {20}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.NO_DATA
    assert f"Harlow Fen: {NO_VALUE.format(kind='date')}" in gated.sections[0].follow_up_needed


def test_an_alias_the_documents_define_names_the_subject() -> None:
    defined = FARMS.model_copy(update={"id": 23, "text": "Harlow Fen (site code HF-2) is "
                                       "offshore.\nHF-2 has 30 turbines."})  # fmt: skip
    d = claims_dossier((23, "HF-2 has 30 turbines."))
    sg = part("How many turbines does Harlow Fen have?", "Harlow Fen")
    gated, _ = gate_dossier(d, {23: defined}, {23}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.ANSWERED


def test_a_bridge_named_mid_sentence_counts_though_the_word_is_also_ordinary() -> None:
    """ "born ... in Marsh" names a place: capitalised where no sentence opens."""
    person = CHAIN.model_copy(update={"id": 25, "document_id": 7, "title": "Petra Vance",
                                      "text": "Petra Vance (born 1961 in Marsh) is a painter."})  # fmt: skip
    town = CHAIN.model_copy(update={"id": 26, "document_id": 8, "title": "Marsh",
                                    "text": "Marsh is a town with 12,400 inhabitants."})  # fmt: skip
    d = claims_dossier((25, "born 1961 in Marsh"), (26, "12,400 inhabitants"))
    sg = part("How many people live in the town where Petra Vance was born?", "Petra Vance")
    gated, _ = gate_dossier(d, {25: person, 26: town}, {25, 26}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.ANSWERED


def test_a_subject_described_in_words_no_passage_holds_is_not_looked_for() -> None:
    d = claims_dossier((20, "Tarn Moss has 42 turbines."))
    described = part("Which wind farm on the moor has the most turbines?", "farm moor turbines")
    named_lower = part("How many turbines does harlow fen have?", "harlow fen")
    assert gate_dossier(d, RUN, {20}, sub_goals=[described])[0].sections[0].claims
    gated, _ = gate_dossier(d, RUN, {20}, sub_goals=[named_lower])
    assert gated.sections[0].status == SectionStatus.NO_DATA  # it is named, not by this quote


def test_a_person_named_in_full_is_named_again_by_the_surname() -> None:
    report = CHAIN.model_copy(update={"id": 27, "document_id": 9, "title": "Tour diary",
                                      "text": "In 1979 Skarsgard left the band after a fall."})  # fmt: skip
    d = claims_dossier((27, "In 1979 Skarsgard left the band after a fall."))
    sg = part("In what year did Oskar Skarsgard leave the band?", "Oskar Skarsgard")
    gated, _ = gate_dossier(d, {27: report}, {27}, sub_goals=[sg])
    assert gated.sections[0].status == SectionStatus.ANSWERED


def test_a_quote_speaking_of_another_parts_subject_is_withdrawn_though_the_title_names_this_one() -> (
    None
):
    """In Harlow Fen's own report, "Its output ..." after a sentence on Tarn Moss is Tarn
    Moss's output; with Tarn Moss another part of the goal, it is no answer for Harlow Fen."""
    report = Snippet(id=30, corpus_id=1, document_id=5, title="Harlow Fen Cooperative report",
                     page_start=1, page_end=1, text="The best year was at Tarn Moss. Its output "
                     "was 88 GWh. The coop paid a dividend.")  # fmt: skip
    d = claims_dossier((30, "Its output was 88 GWh."))
    harlow = part("What was the output of Harlow Fen?", "Harlow Fen")
    tarn = part("What was the output of Tarn Moss?", "Tarn Moss").model_copy(update={"key": "sg-2"})

    alone, _ = gate_dossier(d, {30: report}, {30}, sub_goals=[harlow])
    with_sibling, outcomes = gate_dossier(d, {30: report}, {30}, sub_goals=[harlow, tarn])

    assert alone.sections[0].status == SectionStatus.ANSWERED  # framed by the title
    assert with_sibling.sections[0].status == SectionStatus.NO_DATA
    assert outcomes[0].support == NOT_ABOUT_ENTITY


def test_a_row_speaks_of_its_label_not_of_a_sibling_named_in_another_cell() -> None:
    """Permit P-4's row "North" describes its source, the Tarn Moss pond; with Tarn Moss
    another part of the goal, the row still answers for the permit. A row labelled with the
    sibling's name does not."""
    rows = ("North — Source: Tarn Moss pond · Daily limit (Ml/d): 12\n"
            "Tarn Moss — Source: pumped well · Daily limit (Ml/d): 7")  # fmt: skip
    permit = Snippet(id=31, corpus_id=1, document_id=6, title="Discharge Permit P-4",
                     page_start=1, page_end=1, text=rows)  # fmt: skip
    north = part("What is the daily limit at North under permit P-4?", "P-4")
    tarn = part("What is the area of Tarn Moss?", "Tarn Moss").model_copy(update={"key": "sg-2"})

    kept, _ = gate_dossier(
        claims_dossier((31, rows.splitlines()[0])), {31: permit}, {31}, sub_goals=[north, tarn]
    )
    other, _ = gate_dossier(
        claims_dossier((31, rows.splitlines()[1])), {31: permit}, {31}, sub_goals=[north, tarn]
    )

    assert kept.sections[0].status == SectionStatus.ANSWERED
    assert other.sections[0].status == SectionStatus.NO_DATA
