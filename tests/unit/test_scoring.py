"""Each evaluation metric on small hand-checked cases, including ones that must score 0."""

import pytest

from research.evaluation.loader import Case
from research.evaluation.report import summarize
from research.evaluation.scoring import (
    CitationResult,
    RunResult,
    SectionResult,
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
