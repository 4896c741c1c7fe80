"""Helpers for the offline judge's unit tests: a snippet, and the judge over one question."""

from research.agents.evidence import assess_offline
from research.agents.planner import plan_goal
from research.contracts import Assessment, Snippet


def snip(i: int, title: str, text: str) -> Snippet:
    return Snippet(
        id=i, corpus_id=1, document_id=i, title=title, page_start=1, page_end=1, text=text
    )


def judge(question: str, hits: list[Snippet], searched: int = 1) -> Assessment:
    sg = plan_goal(question).sub_goals[0]
    return assess_offline(sg, hits, searched=[f"q{i}" for i in range(searched)])


def quoted(a: Assessment) -> str:
    """Every quote the assessment's claims cite, joined."""
    return " ".join(c.citations[0].quote for c in a.claims)
