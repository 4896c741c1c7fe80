"""The light stemmer: a plural and its singular meet, also for words ending in -ss."""

from __future__ import annotations

import pytest

from research.agents.text import stem


@pytest.mark.parametrize(
    ("plural", "singular"),
    [("businesses", "business"), ("classes", "class"), ("bases", "base"), ("boxes", "box")],
)
def test_a_plural_and_its_singular_share_a_stem(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular)
