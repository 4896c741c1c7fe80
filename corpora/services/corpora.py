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


@transaction.atomic
def corpus_update(
    *,
    corpus: Corpus,
    description: str,
    groups: Iterable[Group],
    grantable: Iterable[Group],
    is_public: bool | None = None,
) -> Corpus:
    """Change what a corpus holds and who reads it; `is_public` None leaves it as it is.

    Groups outside `grantable` are kept as they are: the editor may neither give nor take them.
    """
    offered = {group.pk for group in grantable}
    kept = [group for group in corpus.groups.all() if group.pk not in offered]
    corpus.description = description.strip()
    if is_public is not None:
        corpus.is_public = is_public
    corpus.full_clean()
    corpus.save(update_fields=["description", "is_public"])
    corpus.groups.set([*kept, *groups])
    return corpus
