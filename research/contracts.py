"""Typed objects exchanged between the loop's steps; stored as JSON in RunEvents.

The Gemini provider asks for these schemas as structured output; the offline engine builds
the same objects deterministically. Field descriptions document the schema for both.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

NO_DATA = "No data found in the selected sources."


class Contract(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AnswerShape(StrEnum):
    BRIEF = "brief"
    DOSSIER = "dossier"
    TABLE = "table"


class Scope(Contract):
    goal: str = Field(description="The researcher's goal, verbatim.")
    corpus_ids: list[int] = Field(
        description="Corpora the run may search (already access-checked)."
    )
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    shape: AnswerShape = AnswerShape.DOSSIER
    depth: int = Field(default=2, ge=1, le=3, description="1 quick, 2 normal, 3 thorough.")


class CorpusInfo(Contract):
    id: int
    slug: str
    name: str
    description: str


class SubGoal(Contract):
    key: str = Field(description="Stable id within the run, e.g. 'sg-2'.")
    text: str = Field(description="The part of the goal this item answers, as a question.")
    entity: str = Field(description="The one entity this part is about (name as in the goal).")
    facts_needed: list[str] = Field(description="What must be found to answer it.")
    compare: list[str] = Field(
        default_factory=list,
        description="For a comparison: each compared entity, searched and evidenced separately.",
    )
    corpus_ids: list[int] = Field(description="Corpora to search for this part.")
    route_reason: str = Field(description="Why these corpora (from their descriptions).")
    queries: list[str] = Field(description="Focused search queries, one entity per query.")


class Plan(Contract):
    sub_goals: list[SubGoal] = Field(description="The coverage checklist; one item per part.")
    rationale: str = ""


class Query(Contract):
    key: str = Field(description="e.g. 'q-4'.")
    sub_goal: str = Field(description="Key of the sub-goal it serves; '' for the whole goal.")
    text: str
    corpus_ids: list[int]
    iteration: int
    parent: str | None = Field(default=None, description="Query key this follows up on.")
    suggested_by: int | None = Field(default=None, description="Snippet id naming the entity.")
    document_ids: list[int] = Field(
        default_factory=list, description="Search only within these documents (empty: all)."
    )


class Snippet(Contract):
    """A retrieved chunk as the agents see it."""

    id: int = Field(description="Snippet id (chunk id); citations use it.")
    corpus_id: int
    document_id: int
    ordinal: int = Field(default=0, description="The chunk's place in its document.")
    title: str
    page_start: int
    page_end: int
    text: str
    score: float = 0.0
    page_breaks: list[tuple[int, int]] = Field(default_factory=list)
    section: str = Field(default="", description="The headings in force where the chunk starts.")


class Verdict(StrEnum):
    SUFFICIENT = "sufficient"
    INSUFFICIENT = "insufficient"
    IRRELEVANT = "irrelevant"
    UNANSWERABLE = "unanswerable"


class Citation(Contract):
    snippet_id: int
    quote: str = Field(description="Verbatim words from the snippet's text that support the claim.")
    page: int | None = Field(default=None, description="Page the quote lies on (set by the gate).")


class Claim(Contract):
    text: str = Field(description="One statement, supported by its citations.")
    citations: list[Citation] = Field(min_length=1)


class FollowUp(Contract):
    text: str = Field(description="The next search query: one entity, the missing fact.")
    entity: str = Field(default="", description="The bridge entity the query goes after.")
    suggested_by: int | None = Field(default=None, description="Snippet id that named it.")


class Assessment(Contract):
    sub_goal: str
    verdict: Verdict
    claims: list[Claim] = Field(default_factory=list, description="Draft claims from snippets.")
    missing: list[str] = Field(default_factory=list, description="Facts still missing.")
    follow_ups: list[FollowUp] = Field(default_factory=list)
    reason: str = Field(description="Why this verdict, in one or two sentences.")


class SectionStatus(StrEnum):
    ANSWERED = "answered"
    NO_DATA = "no_data"
    BUDGET_EXHAUSTED = "budget_exhausted"
    OUT_OF_SCOPE = "out_of_scope"


class Section(Contract):
    sub_goal: str
    heading: str
    status: SectionStatus
    claims: list[Claim] = Field(default_factory=list)
    no_data_text: str = ""
    follow_up_needed: str = ""
    unsupported: list[str] = Field(
        default_factory=list,
        description="What the part asks that its cited passages do not state: answered in part.",
    )


class Dossier(Contract):
    title: str
    summary: str
    sections: list[Section]


class Usage(Contract):
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            calls=self.calls + other.calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cost_usd=round(self.cost_usd + other.cost_usd, 6),
        )
