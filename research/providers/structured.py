"""What every model-backed provider shares: the three steps over one structured call each,
validated against the answer schemas in `prompts.py`, with one repair call and then a clear
failure (never a half-parsed answer).

An adapter subclasses `StructuredProvider` and implements only `_generate`: one request, with
its transport retries and its failures mapped to `ProviderError`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel, ValidationError

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
from research.errors import ProviderError
from research.providers import prompts
from research.providers.base import Reply

logger = logging.getLogger(__name__)

Out = TypeVar("Out", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Generation:
    """One model answer: its raw text, what it cost, and why there is no text (if so)."""

    text: str
    usage: Usage
    model: str = ""
    withheld: str = ""  # '' when the model returned text


class ProviderOutputError(ProviderError):
    """The answer failed validation twice; `usage` still records what the calls cost."""

    def __init__(self, user_message: str, *, usage: Usage) -> None:
        super().__init__(user_message, retryable=False)
        self.usage = usage


class StructuredProvider:
    """ResearchProvider steps over `_generate`, with one repair call per step."""

    name: str
    label: str
    model: str
    # Message templates with a {step} (and, for withheld, a {reason}) placeholder.
    output_invalid: str
    output_withheld: str

    def _generate(self, system: str, prompt: str, schema: type[BaseModel]) -> Generation:
        raise NotImplementedError

    def plan(self, *, goal: str, corpora: list[CorpusInfo]) -> Reply[Plan]:
        prompt = prompts.plan_prompt(goal=goal, corpora=corpora)
        return self._structured(
            "plan", prompts.PLAN_SYSTEM, prompt, prompts.PlanAnswer, prompts.plan_from
        )

    def assess(
        self, *, goal: str, sub_goal: SubGoal, snippets: list[Snippet], searched: list[str]
    ) -> Reply[Assessment]:
        prompt = prompts.assess_prompt(
            goal=goal, sub_goal=sub_goal, snippets=snippets, searched=searched
        )

        def convert(out: prompts.AssessmentAnswer) -> Assessment:
            return prompts.assessment_from(out, sub_goal_key=sub_goal.key)

        return self._structured(
            "assess", prompts.ASSESS_SYSTEM, prompt, prompts.AssessmentAnswer, convert
        )

    def synthesize(
        self,
        *,
        goal: str,
        shape: AnswerShape,
        sub_goals: list[SubGoal],
        assessments: list[Assessment],
        snippets: dict[int, Snippet],
    ) -> Reply[Dossier]:
        prompt = prompts.synthesize_prompt(
            goal=goal,
            shape=shape,
            sub_goals=sub_goals,
            assessments=assessments,
            snippets=snippets,
        )
        system, schema = prompts.SYNTHESIZE_SYSTEM, prompts.DossierAnswer
        return self._structured("synthesize", system, prompt, schema, prompts.dossier_from)

    def _structured(
        self,
        step: str,
        system: str,
        prompt: str,
        schema: type[Out],
        convert: Callable[[Out], M],
    ) -> Reply[M]:
        """Call, validate, repair once; raise ProviderOutputError if the repair fails too."""
        answer = self._generate(system, prompt, schema)
        usage = answer.usage
        value, problem = parse(answer, schema, convert)
        if value is None:
            logger.warning("%s %s answer rejected, repairing: %s", self.name, step, problem)
            repair = prompts.repair_prompt(original=prompt, bad_output=answer.text, error=problem)
            answer = self._generate(system, repair, schema)
            usage = usage + answer.usage
            value, problem = parse(answer, schema, convert)
        if value is None:
            logger.warning("%s %s repair rejected: %s", self.name, step, problem)
            message = (
                self.output_withheld.format(step=step, reason=answer.withheld)
                if answer.withheld
                else self.output_invalid.format(step=step)
            )
            raise ProviderOutputError(message, usage=usage)
        return Reply(value=value, usage=usage, model=answer.model or self.model)


def parse(
    answer: Generation, schema: type[Out], convert: Callable[[Out], M]
) -> tuple[M | None, str]:
    """(value, problem): value is None when the answer is unusable, and problem says why."""
    if answer.withheld:
        return None, f"No answer was returned: {answer.withheld}."
    try:
        return convert(schema.model_validate_json(answer.text)), ""
    except ValidationError as exc:
        return None, summarise(exc)


def summarise(exc: ValidationError) -> str:
    """Pydantic errors without the offending input (it may be long): 'loc: message' lines."""
    lines = [
        f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}"
        for err in exc.errors(include_input=False, include_url=False)[:20]
    ]
    return "\n".join(lines)
