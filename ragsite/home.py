"""What the home page shows a user: their latest runs, the corpora they may search with how many
of their documents are ready, and the example goals those corpora answer."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q, QuerySet

from corpora.models import Corpus
from corpora.selectors import corpora_visible, user_can_create_corpus
from research.examples import examples_for
from research.selectors import runs_recent_for

RECENT_RUNS = 5


def corpora_with_counts(*, user: AbstractBaseUser) -> QuerySet[Corpus]:
    """The corpora the user may see, by name, each with `document_count` and `ready_count`."""
    return (
        corpora_visible(user=user)
        .annotate(
            document_count=Count("documents", distinct=True),
            ready_count=Count("documents", filter=Q(documents__status="ready"), distinct=True),
        )
        .order_by("name")
    )


def home_context(*, user: AbstractBaseUser) -> dict[str, Any]:
    return {
        "runs": runs_recent_for(user=user, limit=RECENT_RUNS),
        "corpora": list(corpora_with_counts(user=user)),
        "examples": examples_for(user=user),
        "can_create_corpus": user_can_create_corpus(user=user),
    }
