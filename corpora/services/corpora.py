from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
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
    embedder: str = "",
    groups: Iterable[Group] = (),
    is_public: bool = False,
) -> Corpus:
    """Create a corpus; its embedder (EMBEDDER unless given) and dimension are fixed from here
    on. The stored name is the embedder's own, which for an OpenAI-compatible server names the
    model, so a later LLM_EMBED_MODEL does not change what this corpus's vectors mean."""
    chosen = get_embedder(embedder or settings.EMBEDDER)
    embedder, dimensions = chosen.name, chosen.dimensions
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
