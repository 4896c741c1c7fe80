"""A provider for tests: the offline engine's plan, with scripted assessments or failures."""

from __future__ import annotations

from research.contracts import Assessment, FollowUp, Usage, Verdict
from research.errors import ProviderError
from research.providers.base import Reply
from research.providers.offline import OfflineProvider


class StubbornProvider(OfflineProvider):
    """Never satisfied: every assessment is 'insufficient' with no follow-up of its own."""

    name = "stubborn"

    def assess(self, *, goal, sub_goal, snippets, searched):  # type: ignore[no-untyped-def]
        value = Assessment(sub_goal=sub_goal.key, verdict=Verdict.INSUFFICIENT,
                           missing=["everything"], reason="scripted: never enough")  # fmt: skip
        return Reply(value, Usage(calls=1), self.name)


class ChattyProvider(OfflineProvider):
    """Proposes the same follow-up forever: the loop must dedupe and stop on its budget."""

    name = "chatty"

    def assess(self, *, goal, sub_goal, snippets, searched):  # type: ignore[no-untyped-def]
        follow = FollowUp(text=f"{sub_goal.entity} again {len(searched)}")
        value = Assessment(sub_goal=sub_goal.key, verdict=Verdict.INSUFFICIENT,
                           follow_ups=[follow], reason="scripted: one more")  # fmt: skip
        return Reply(value, Usage(calls=1), self.name)


class FailingProvider(OfflineProvider):
    name = "failing"

    def synthesize(self, **kwargs):  # type: ignore[no-untyped-def]
        raise ProviderError("The model service failed after 4 attempts; try again later.")
