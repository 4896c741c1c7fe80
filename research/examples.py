"""Example goals that the demo corpora answer: shown on the home page and in the README.

Each part's expected answer is one number stated in one sentence or table row of the demo
texts (corpora/demo_texts.py); only the tests read the answers, the engine never sees them.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse

from corpora.selectors import corpora_visible
from research.contracts import Scope


@dataclass(frozen=True)
class ExamplePart:
    """One part of an example goal: what its heading names, and the answer the text states."""

    topic: str
    answer: str


@dataclass(frozen=True)
class ExampleGoal:
    goal: str
    corpus_slugs: tuple[str, ...]
    parts: tuple[ExamplePart, ...]

    @property
    def url(self) -> str:
        """The new-research form with this goal and its corpora filled in."""
        query = [("goal", self.goal), *(("corpus", slug) for slug in self.corpus_slugs)]
        return f"{reverse('research:new')}?{urlencode(query)}"


@dataclass(frozen=True)
class ShownExample:
    """An example as the home page lists it, with the names of the corpora it searches."""

    number: int
    goal: str
    url: str
    corpus_names: tuple[str, ...]

    @property
    def start_url(self) -> str:
        """Where a POST starts this example's run at once."""
        return reverse("example_start", args=[self.number])


EXAMPLE_GOALS: tuple[ExampleGoal, ...] = (
    ExampleGoal(
        goal="Capacity factor of Kestrel Bay, Harrow Ridge and Ostry Falls, cite a source for each",
        corpus_slugs=("renewable-energy",),
        parts=(
            ExamplePart("Kestrel Bay", "43.9 percent"),
            ExamplePart("Harrow Ridge", "31.2 percent"),
            ExamplePart("Ostry Falls", "52 percent"),
        ),
    ),
    ExampleGoal(
        goal="How much did Selwyn Grid curtail in 2021, 2022 and 2023?",
        corpus_slugs=("renewable-energy",),
        parts=(
            ExamplePart("2021", "0.6 terawatt-hours"),
            ExamplePart("2022", "1.2 in 2022"),
            ExamplePart("2023", "1.9"),
        ),
    ),
    ExampleGoal(
        goal="How many drivers does the Lindqvist depot employ, how many workshop staff does it "
        "employ, and how many plug-in chargers does it have?",
        corpus_slugs=("electric-vehicles",),
        parts=(
            ExamplePart("drivers", "360 drivers"),
            ExamplePart("workshop staff", "54 workshop staff"),
            ExamplePart("plug-in chargers", "120 plug-in chargers"),
        ),
    ),
)


def examples_for(*, user: AbstractBaseUser | AnonymousUser) -> list[ShownExample]:
    """The examples whose corpora the user may all search (none before the demo is seeded)."""
    slugs = {s for example in EXAMPLE_GOALS for s in example.corpus_slugs}
    names = dict(corpora_visible(user=user).filter(slug__in=slugs).values_list("slug", "name"))
    return [
        ShownExample(
            number=number,
            goal=example.goal,
            url=example.url,
            corpus_names=tuple(names[s] for s in example.corpus_slugs),
        )
        for number, example in enumerate(EXAMPLE_GOALS)
        if all(s in names for s in example.corpus_slugs)
    ]


def example_scope(*, user: AbstractBaseUser | AnonymousUser, number: int) -> Scope | None:
    """The scope example `number` implies (its goal over its corpora, default shape and depth),
    or None when there is no such example or the user may not search all of its corpora."""
    if not 0 <= number < len(EXAMPLE_GOALS):
        return None
    example = EXAMPLE_GOALS[number]
    ids = dict(
        corpora_visible(user=user).filter(slug__in=example.corpus_slugs).values_list("slug", "pk")
    )
    if any(slug not in ids for slug in example.corpus_slugs):
        return None
    return Scope(goal=example.goal, corpus_ids=sorted(ids[s] for s in example.corpus_slugs))
