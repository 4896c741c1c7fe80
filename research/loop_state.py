"""What the research loop carries between steps: its budget and its state."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings

from research.contracts import Assessment, Plan, Scope, Snippet, SubGoal, Usage, Verdict
from research.providers.base import ResearchProvider

ITERATIONS_BY_DEPTH = {1: 2, 2: 3, 3: 4}


@dataclass(frozen=True)
class LoopConfig:
    budget: int
    max_iterations: int
    perseverance: bool
    max_context_chars: int
    k: int = 8

    @classmethod
    def for_run(
        cls, scope: Scope, n_sub_goals: int, *, perseverance: bool | None = None
    ) -> LoopConfig:
        on = (not settings.PERSEVERANCE_OFF) if perseverance is None else perseverance
        base = settings.SEARCH_BUDGET_BASE
        budget = (
            min(
                settings.SEARCH_BUDGET_CEILING,
                base + settings.SEARCH_BUDGET_PER_SUBGOAL * n_sub_goals,
            )
            if on
            else base
        )
        iterations = min(settings.MAX_ITERATIONS, ITERATIONS_BY_DEPTH.get(scope.depth, 3))
        return cls(budget, iterations, on, settings.MAX_CONTEXT_CHARS)


@dataclass
class State:
    plan: Plan
    config: LoopConfig
    usage: Usage = field(default_factory=Usage)
    searches: int = 0
    query_seq: int = 0
    evidence: dict[str, dict[int, Snippet]] = field(default_factory=dict)
    searched: dict[str, list[str]] = field(default_factory=dict)
    last_query: dict[str, str] = field(default_factory=dict)
    assessments: dict[str, Assessment] = field(default_factory=dict)
    snippets: dict[int, Snippet] = field(default_factory=dict)
    sections_read: set[str] = field(default_factory=set)
    documents_read: set[tuple[str, int]] = field(default_factory=set)
    links_read: set[str] = field(default_factory=set)  # parts that read their answer's names
    reads: dict[str, list[str]] = field(default_factory=dict)  # section and document reads
    names_read: set[str] = field(default_factory=set)  # parts that read their entity's names
    definitions: dict[str, set[int]] = field(default_factory=dict)  # their defining passages
    provider_s: float = 0.0
    provider: ResearchProvider | None = None
    read_as: list[tuple[str, str]] = field(default_factory=list)  # names respelled in the goal

    def open_goals(self) -> list[SubGoal]:
        closed = {Verdict.SUFFICIENT, Verdict.UNANSWERABLE}
        return [
            sg
            for sg in self.plan.sub_goals
            if sg.key not in self.assessments or self.assessments[sg.key].verdict not in closed
        ]

    def budget_left(self) -> int:
        return self.config.budget - self.searches
