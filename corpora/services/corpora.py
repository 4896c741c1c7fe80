from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser, Group
from django.db import transaction
from django.utils.text import slugify

from corpora.embedders import get_embedder
from corpora.models import Corpus


@transaction.atomic
def corpus_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    description: str,
    slug: str = "",
    embedder: str = "local",
    groups: Iterable[Group] = (),
    is_public: bool = False,
) -> Corpus:
    """Create a corpus; its embedder and dimension are fixed from here on."""
    dimensions = 384 if embedder == "local" else get_embedder(embedder).dimensions
    corpus = Corpus(
        owner=owner,
        name=name,
        slug=slug or slugify(name)[:100],
        description=description.strip(),
        embedder=embedder,
        dimensions=dimensions,
        is_public=is_public,
    )
    corpus.full_clean()
    corpus.save()
    corpus.groups.set(list(groups))
    return corpus
