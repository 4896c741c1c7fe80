"""The scoping form: what a researcher may ask, over which corpora; every error is a sentence."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser

from corpora.selectors import corpora_visible
from research.contracts import AnswerShape, Scope

GOAL_EMPTY = "Describe what you want to find out: the goal is empty."
GOAL_TOO_LONG = "The goal is {length} characters long; shorten it to at most {limit}."
NO_CORPUS_SELECTED = "Select at least one corpus to search."
NO_CORPUS_ACCESSIBLE = (
    "No corpus is shared with you yet, so there is nothing to search; ask an administrator."
)
CORPUS_NOT_ACCESSIBLE = "A selected corpus does not exist or is not shared with you."
DATES_INVERTED = "The start date ({start}) is after the end date ({end})."

SHAPE_LABELS = {
    AnswerShape.BRIEF: "Brief",
    AnswerShape.DOSSIER: "Sectioned dossier",
    AnswerShape.TABLE: "Comparison table",
}
DEPTH_LABELS = {1: "1 · quick", 2: "2 · normal", 3: "3 · thorough"}


def provider_label(name: str | None = None, model: str = "") -> str:
    """What the UI calls the engine that will (or did) answer; `model` is the run's, if stored."""
    name = name or settings.LLM_PROVIDER
    if name == "gemini":
        return f"Gemini ({model or settings.GEMINI_MODEL})"
    if name == "openai_compatible":
        model = model or settings.LLM_MODEL
        return f"OpenAI-compatible server ({model})" if model else "OpenAI-compatible server"
    if name == "offline":
        return "offline extractive engine"
    return name


class ScopeForm(forms.Form):
    goal = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "e.g. Compare the 2024 output…"}),
        error_messages={"required": GOAL_EMPTY},
    )
    corpora = forms.TypedMultipleChoiceField(
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": NO_CORPUS_SELECTED, "invalid_choice": CORPUS_NOT_ACCESSIBLE},
    )
    date_from = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), label="Documents from"
    )
    date_to = forms.DateField(
        required=False, widget=forms.DateInput(attrs={"type": "date"}), label="Documents to"
    )
    shape = forms.ChoiceField(
        choices=list(SHAPE_LABELS.items()),
        initial=AnswerShape.DOSSIER,
        widget=forms.RadioSelect,
        label="Answer shape",
    )
    depth = forms.TypedChoiceField(
        coerce=int,
        choices=list(DEPTH_LABELS.items()),
        initial=2,
        widget=forms.RadioSelect,
        label="Depth",
    )

    def __init__(self, *args: Any, user: AbstractBaseUser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.visible = list(corpora_visible(user=user).order_by("name"))
        self.fields["corpora"].choices = [(c.pk, c.name) for c in self.visible]
        if not self.visible:
            self.fields["corpora"].error_messages["required"] = NO_CORPUS_ACCESSIBLE

    def prefill(self, *, goal: str, corpus_slugs: list[str]) -> None:
        """Start the unbound form from a link: the goal, and those of the named corpora the
        user may search (other slugs are ignored)."""
        if goal.strip():
            self.initial["goal"] = goal
        self.initial["corpora"] = [c.pk for c in self.visible if c.slug in corpus_slugs]

    def clean_goal(self) -> str:
        goal: str = self.cleaned_data["goal"]
        limit = settings.GOAL_MAX_CHARS
        if len(goal) > limit:
            raise forms.ValidationError(GOAL_TOO_LONG.format(length=len(goal), limit=limit))
        return goal

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", DATES_INVERTED.format(start=start, end=end))
        return data

    def corpus_options(self) -> list[dict[str, Any]]:
        """Checkbox rows with descriptions; keeps what was ticked across a 422."""
        chosen = {str(v) for v in (self["corpora"].value() or [])}
        return [
            {
                "id": c.pk,
                "name": c.name,
                "description": c.description,
                "checked": str(c.pk) in chosen,
            }
            for c in self.visible
        ]

    def to_scope(self) -> Scope:
        data = self.cleaned_data
        return Scope(
            goal=data["goal"],
            corpus_ids=sorted(set(data["corpora"])),
            date_from=data.get("date_from"),
            date_to=data.get("date_to"),
            shape=AnswerShape(data["shape"]),
            depth=data["depth"],
        )
