"""The offline extractive engine: deterministic planner, lexical judge, extractive synthesis.

No model is called, so usage counts calls (one per step) and zero tokens.
"""

from __future__ import annotations

from functools import lru_cache

from research.agents.evidence import assess_offline
from research.agents.planner import plan_goal
from research.agents.siblings import other_subjects
from research.agents.synthesizer import synthesize_extractive
from research.contracts import (
    AnswerShape,
    Assessment,
    CorpusInfo,
    Dossier,
    Plan,
    Snippet,
    SubGoal,
    Usage,
)
from research.providers.base import Reply

ONE_CALL = Usage(calls=1)


@lru_cache(maxsize=64)
def _plan(goal: str) -> Plan:
    """The goal's plan, read again by each assessment for the other parts' subjects."""
    return plan_goal(goal)


class OfflineProvider:
    name = "offline"
    label = "offline extractive engine"

    def plan(self, *, goal: str, corpora: list[CorpusInfo]) -> Reply[Plan]:
        return Reply(plan_goal(goal), ONE_CALL, self.name)

    def assess(
        self, *, goal: str, sub_goal: SubGoal, snippets: list[Snippet], searched: list[str]
    ) -> Reply[Assessment]:
        siblings = tuple(other_subjects(_plan(goal).sub_goals, sub_goal))
        return Reply(assess_offline(sub_goal, snippets, searched, siblings), ONE_CALL, self.name)

    def synthesize(
        self,
        *,
        goal: str,
        shape: AnswerShape,
        sub_goals: list[SubGoal],
        assessments: list[Assessment],
        snippets: dict[int, Snippet],
    ) -> Reply[Dossier]:
        return Reply(synthesize_extractive(goal, sub_goals, assessments), ONE_CALL, self.name)
