"""The three demo corpora of `make run`, shared with the demo group; safe to call repeatedly."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, Group

from corpora.demo_docs import DEMO_CORPORA
from corpora.models import Corpus
from corpora.services.corpora import corpus_create
from corpora.services.uploads import document_add


def demo_corpora_ensure(*, owner: AbstractBaseUser, group: Group) -> list[Corpus]:
    """Create missing demo corpora and add their PDFs; known bytes are skipped as duplicates.

    Ingestion is queued on commit (one task per new document), as for a browser upload.
    """
    corpora = []
    for spec in DEMO_CORPORA:
        corpus = Corpus.objects.filter(slug=spec.slug).first()
        if corpus is None:
            corpus = corpus_create(
                owner=owner,
                name=spec.name,
                description=spec.description,
                slug=spec.slug,
                groups=[group],
            )
        else:
            corpus.groups.add(group)
        for document in spec.documents:
            document_add(
                corpus=corpus,
                data=document.pdf(),
                filename=document.filename,
                user=owner,
                title=document.title,
                document_date=document.date,
            )
        corpora.append(corpus)
    return corpora
