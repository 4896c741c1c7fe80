"""The provider protocol: the loop talks to models only through this."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

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

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Reply(Generic[M]):
    value: M
    usage: Usage
    model: str


class ResearchProvider(Protocol):
    name: str
    label: str

    def plan(self, *, goal: str, corpora: list[CorpusInfo]) -> Reply[Plan]:
        """Decompose the goal into sub-goals, each routed to corpora by their descriptions."""
        ...

    def assess(
        self, *, goal: str, sub_goal: SubGoal, snippets: list[Snippet], searched: list[str]
    ) -> Reply[Assessment]:
        """Draft claims from `snippets` only and judge whether they answer `sub_goal`.

        `searched` lists the queries already issued for it, so follow-ups are new.
        """
        ...

    def synthesize(
        self,
        *,
        goal: str,
        shape: AnswerShape,
        sub_goals: list[SubGoal],
        assessments: list[Assessment],
        snippets: dict[int, Snippet],
    ) -> Reply[Dossier]:
        """Write the dossier: one section per sub-goal, claims citing snippet ids."""
        ...


@functools.cache
def get_provider(name: str) -> ResearchProvider:
    if name == "gemini":
        from research.providers.gemini import GeminiProvider

        return GeminiProvider.from_settings()
    if name == "openai_compatible":
        from research.providers.openai_compatible import OpenAICompatibleProvider

        return OpenAICompatibleProvider.from_settings()
    if name == "offline":
        from research.providers.offline import OfflineProvider

        return OfflineProvider()
    raise ValueError(f"Unknown provider {name!r}; use 'offline', 'gemini' or 'openai_compatible'.")


def configured_model(name: str) -> str:
    """The model a run on provider `name` will use, as configured now ('' for offline)."""
    from django.conf import settings

    if name == "gemini":
        return str(settings.GEMINI_MODEL)
    if name == "openai_compatible":
        return str(settings.LLM_MODEL)
    return ""
