"""Real data for tests: corpora ingested through the real pipeline (synchronously)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.contrib.auth.models import Group

from corpora.models import Corpus
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add


def make_corpus(
    *,
    owner,
    slug: str,
    docs: dict[str, str],
    description: str = "Test documents.",
    groups: Iterable[Group] = (),
    public: bool = False,
    dates: dict[str, dt.date] | None = None,
) -> Corpus:
    """A corpus whose documents (title -> text) are ingested and ready."""
    corpus = corpus_create(owner=owner, name=slug.replace("-", " ").title(), slug=slug,
                           description=description, groups=groups, is_public=public)  # fmt: skip
    for title, text in docs.items():
        outcome = document_add(corpus=corpus, data=text.encode(), filename=f"{title}.txt",
                               user=owner, title=title, document_date=(dates or {}).get(title),
                               enqueue=False)  # fmt: skip
        assert outcome.document is not None, outcome.message
        result = document_ingest(document_id=outcome.document.pk)
        assert result.status == "ready", (title, result)
    return corpus
