"""Each evaluation metric on small hand-checked cases, including ones that must score 0."""

import pytest

from research.evaluation.loader import Case
from research.evaluation.report import summarize
from research.evaluation.scoring import (
    CitationResult,
    RunResult,
    SectionResult,
    contains_answer,
    score_case,
    trajectory_share,
)

pytestmark = pytest.mark.unit

CASE = Case(
    id="c1", goal="Report the capacity of A and B, and the cost of C.", corpora=["x"], type="multipart",
    parts=[
        {"subgoal": "capacity of Alpha Farm", "answer_any": ["612 MW"], "evidence": ["Alpha Farm"]},
        {"subgoal": "capacity of Beta Farm", "answer_any": ["384 MW"], "evidence": ["Beta Farm"]},
        {"subgoal": "cost of Gamma Farm", "unanswerable": True},
    ],
    reference_trajectory=["Alpha Farm capacity", "Beta Farm capacity", "Gamma Farm cost"],
)  # fmt: skip


def cite(title: str, valid: bool = True) -> CitationResult:
    return CitationResult(
        snippet_id=1, document_title=title, document_filename=f"{title}.md", valid=valid
    )


def section(heading: str, answered: bool, text: str = "", *cites: CitationResult) -> SectionResult:
    return SectionResult(heading=heading, answered=answered, text=text, citations=tuple(cites))


def test_a_fully_right_run_scores_one_everywhere() -> None:
    result = RunResult(status="partial", queries=("Alpha Farm capacity", "Beta Farm capacity", "Gamma Farm cost"),
                       sections=(section("capacity of Alpha Farm", True, "It has 612  mw.", cite("Alpha Farm")),
                                 section("capacity of Beta Farm", True, "384 MW", cite("Beta Farm")),
                                 section("cost of Gamma Farm", False)))  # fmt: skip
    summary = summarize([score_case(CASE, result)])
    assert summary["completeness"] == 1.0
    assert summary["abstention"] == 1.0
    assert summary["false_abstention"] == 0.0
    assert summary["silent_half_answers"] == 0
    assert summary["citation_validity"] == 1.0
    assert summary["trajectory"] == 1.0
    assert summary["all_parts_right"] == 1.0


def test_an_answer_citing_the_wrong_document_is_not_complete() -> None:
    result = RunResult(status="partial", sections=(
        section("capacity of Alpha Farm", True, "612 MW", cite("Beta Farm")),
        section("capacity of Beta Farm", True, "wrong 999 MW", cite("Beta Farm")),
        section("cost of Gamma Farm", False)))  # fmt: skip
    summary = summarize([score_case(CASE, result)])
    assert summary["completeness"] == 0.0
    assert summary["all_parts_right"] == 0.0


def test_a_complete_status_with_a_wrong_part_is_a_silent_half_answer() -> None:
    result = RunResult(status="complete", sections=(
        section("capacity of Alpha Farm", True, "612 MW", cite("Alpha Farm")),
        section("capacity of Beta Farm", True, "384 MW", cite("Beta Farm")),
        section("cost of Gamma Farm", True, "It cost a lot", cite("Alpha Farm"))))  # fmt: skip
    summary = summarize([score_case(CASE, result)])
    assert summary["silent_half_answers"] == 1
    assert summary["abstention"] == 0.0


def test_no_data_everywhere_scores_zero_completeness_and_full_false_abstention() -> None:
    result = RunResult(status="partial", sections=(
        section("capacity of Alpha Farm", False), section("capacity of Beta Farm", False),
        section("cost of Gamma Farm", False)))  # fmt: skip
    summary = summarize([score_case(CASE, result)])
    assert summary["completeness"] == 0.0
    assert summary["false_abstention"] == 1.0
    assert summary["abstention"] == 1.0
    assert summary["silent_half_answers"] == 0


def test_citation_validity_counts_invalid_citations() -> None:
    result = RunResult(status="partial", sections=(
        section("capacity of Alpha Farm", True, "612 MW", cite("Alpha Farm"), cite("Alpha Farm", valid=False)),
        section("capacity of Beta Farm", True, "384 MW", cite("Beta Farm", valid=False)),
        section("cost of Gamma Farm", False)))  # fmt: skip
    score = score_case(CASE, result)
    assert (score.citations, score.citations_valid) == (3, 1)
    assert summarize([score])["completeness"] == 0.5  # an invalid citation is no evidence


def test_trajectory_is_the_share_of_reference_queries_issued() -> None:
    assert (
        trajectory_share(
            ["Alpha Farm capacity", "Beta Farm capacity"], ("alpha farm capacity 2023",)
        )
        == 0.5
    )
    assert trajectory_share(["Alpha Farm capacity"], ("something unrelated",)) == 0.0
    assert trajectory_share([], ("x",)) is None


def test_a_single_vanilla_section_is_scored_against_every_part() -> None:
    result = RunResult(status="complete", sections=(
        section(CASE.goal, True, "Alpha Farm has 612 MW.", cite("Alpha Farm")),))  # fmt: skip
    score = score_case(CASE, result)
    assert [p.correct for p in score.parts] == [True, False, False]
    assert score.silent_half_answer


TWO_HOP = Case(
    id="h1", goal="Where is the firm that bought TI Automotive based?", corpora=["x"], type="bridge",
    parts=[{"subgoal": "Where is the firm that bought TI Automotive based?", "answer_any": ["Boston"],
            "evidence": ["TI Automotive", "Bain Capital"],
            "evidence_quotes": ["In 2015 TI Automotive was acquired by Bain Capital.",
                                "Bain Capital is an investment firm based in Boston."]}],
    reference_trajectory=[],
)  # fmt: skip


def quoted(title: str, quote: str) -> CitationResult:
    return CitationResult(1, title, f"{title}.md", True, quote)


def test_both_evidence_documents_must_be_cited_and_citations_are_checked_against_quotes() -> None:
    one = section("Where is the firm that bought TI Automotive based?", True, "Boston",
                  quoted("Bain Capital", "Bain Capital is an investment firm based in Boston."),
                  quoted("Other page", "Boston is a city."))  # fmt: skip
    both = section("Where is the firm that bought TI Automotive based?", True, "Boston",
                   quoted("Bain Capital", "an investment firm based in Boston"),
                   quoted("TI Automotive", "was bought in 2015; In 2015 TI Automotive was acquired "
                                           "by Bain Capital for $1.4 bn"))  # fmt: skip
    first = summarize([score_case(TWO_HOP, RunResult(status="complete", sections=(one,)))])
    second = summarize([score_case(TWO_HOP, RunResult(status="complete", sections=(both,)))])
    assert first["evidence_cited"] == 1.0 and first["all_evidence_cited"] == 0.0
    assert first["citations_in_evidence"] == 0.5 and first["citations_on_quote"] == 0.5
    assert second["all_evidence_cited"] == 1.0
    assert second["citations_in_evidence"] == 1.0 and second["citations_on_quote"] == 1.0


def test_a_yes_no_answer_is_scored_by_its_verdict_not_by_the_word() -> None:
    case = Case(id="y", goal="Are A and B both American?", corpora=["x"], type="comparison",
                parts=[{"subgoal": "Are A and B both American?", "answer_any": ["no"],
                        "evidence": ["A"]}], reference_trajectory=[])  # fmt: skip
    says_no = SectionResult("Are A and B both American?", True, "No, A is French. no", (cite("A"),),
                            verdict="No, A is French.")  # fmt: skip
    says_yes = SectionResult("Are A and B both American?", True, "Yes. There is no doubt.",
                             (cite("A"),), verdict="Yes. There is no doubt.")  # fmt: skip
    assert score_case(case, RunResult("complete", (says_no,))).parts[0].correct
    assert not score_case(case, RunResult("complete", (says_yes,))).parts[0].answer_found


def test_queries_and_iterations_per_part_come_from_the_run() -> None:
    sec = SectionResult("capacity of Alpha Farm", True, "612 MW", (cite("Alpha Farm"),),
                        retrieved_titles=(("Alpha Farm",), ("Beta Farm",), ("Alpha Farm",)),
                        iterations=2)  # fmt: skip
    part = score_case(CASE, RunResult("partial", (sec,))).parts[0]
    assert (part.queries, part.iterations) == (3, 2)


def test_answers_match_as_normalized_whole_words() -> None:
    assert contains_answer("Firstly, in January 2018, the board revised it.", ["January, 2018."])
    assert contains_answer("It costs €68,900 in Germany.", ["68,900"])
    assert contains_answer("The Ampway network", ["the Ampway network."])
    assert not contains_answer("It costs €68,900 in Germany.", ["68"])
    assert not contains_answer("in January 2019", ["January, 2018"])
    assert not contains_answer("a rate of 3.1%", ["31"])


def test_a_part_is_not_credited_with_the_names_its_own_question_gives() -> None:
    from research.contracts import Citation, Claim, Dossier, Section, SectionStatus
    from research.evaluation.runner import section_text

    quote = "In addition to Hansard, the band's current lineup includes Joe Doyle."
    dossier = Dossier(title="t", summary="s", sections=[Section(
        sub_goal="sg-1", heading="Which band, A Silent Film or The Frames, has more members?",
        status=SectionStatus.ANSWERED,
        claims=[Claim(text=quote, citations=[Citation(snippet_id=1, quote=quote)])],
    )])  # fmt: skip
    text = section_text(dossier, 0)
    assert "Joe Doyle" in text
    assert not contains_answer(text, ["The Frames"])


def test_an_evidence_title_written_with_html_entities_is_the_same_title() -> None:
    from research.evaluation.scoring import in_evidence

    assert in_evidence(cite("Kenan & Kel"), ["Kenan &amp; Kel"])
    assert not in_evidence(cite("Kenan"), ["Kenan &amp; Kel"])


REJECTING = Case(
    id="r1", goal="When did Delta Farm open, and what does Epsilon Farm cost?", corpora=["x"],
    type="multipart",
    parts=[
        {"subgoal": "opening year of Delta Farm", "answer_any": ["1998"],
         "reject_any": ["1989"], "evidence": ["Delta Farm"]},
        {"subgoal": "cost of Epsilon Farm", "unanswerable": True, "reject_any": ["$40 million"]},
    ],
    reference_trajectory=[],
)  # fmt: skip


def test_a_part_giving_a_rejected_value_is_wrong_even_beside_the_right_one() -> None:
    result = RunResult(status="complete", sections=(
        section("opening year of Delta Farm", True, "It opened in 1998, or 1989.", cite("Delta Farm")),
        section("cost of Epsilon Farm", True, "It cost $40 million.", cite("Delta Farm"))))  # fmt: skip
    score = score_case(REJECTING, result)
    assert [p.wrong for p in score.parts] == [True, True]
    assert [p.correct for p in score.parts] == [True, False]
    summary = summarize([score])
    assert (summary["wrong_answers"], summary["wrong_answers_count"]) == (1.0, 2)


def test_an_answerable_part_answered_without_its_answer_is_wrong() -> None:
    result = RunResult(status="partial", sections=(
        section("opening year of Delta Farm", True, "It opened in 2003.", cite("Delta Farm")),
        section("cost of Epsilon Farm", True, "Its cost is not stated.")))  # fmt: skip
    score = score_case(REJECTING, result)
    assert [p.wrong for p in score.parts] == [True, False]  # no rejected value in the second
    assert summarize([score])["wrong_answers"] == 0.5


def test_a_part_answered_no_data_is_never_wrong() -> None:
    result = RunResult(status="partial", sections=(
        section("opening year of Delta Farm", False, "Not 1989, as some say."),
        section("cost of Epsilon Farm", False, "$40 million was only proposed.")))  # fmt: skip
    score = score_case(REJECTING, result)
    assert [p.wrong for p in score.parts] == [False, False]
    summary = summarize([score])
    assert (summary["wrong_answers"], summary["wrong_answers_count"]) == (None, 0)


def test_a_rejected_yes_or_no_is_read_from_the_verdict() -> None:
    case = Case(id="y2", goal="Is Zeta Farm offshore?", corpora=["x"], type="comparison",
                parts=[{"subgoal": "Is Zeta Farm offshore?", "answer_any": ["yes"],
                        "reject_any": ["no"], "evidence": ["Zeta Farm"]}],
                reference_trajectory=[])  # fmt: skip
    right = SectionResult("Is Zeta Farm offshore?", True, "Yes, no doubt.", (cite("Zeta Farm"),),
                          verdict="Yes, no doubt.")  # fmt: skip
    wrong = SectionResult("Is Zeta Farm offshore?", True, "No, it is inland.", (cite("Zeta Farm"),),
                          verdict="No, it is inland.")  # fmt: skip
    assert not score_case(case, RunResult("complete", (right,))).parts[0].wrong
    assert score_case(case, RunResult("complete", (wrong,))).parts[0].wrong
