"""Per-corpus signals for routing a sub-goal: title names, entity phrases, meaning."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection

from corpora.embedders import get_embedder
from corpora.models import Corpus
from corpora.selectors import corpora_visible

SIGNALS_SQL = """
SELECT d.corpus_id, max(word_similarity(%(entity)s, d.title))
FROM corpora_document d
WHERE d.corpus_id = ANY(%(ids)s) AND d.status = 'ready'
GROUP BY d.corpus_id
"""
PHRASE_SQL = """
SELECT corpus_id, count(*) FROM (
    SELECT ch.corpus_id FROM corpora_chunk ch
    WHERE ch.corpus_id = ANY(%(ids)s) AND ch.search @@ phraseto_tsquery('english', %(entity)s)
    LIMIT 500
) hits GROUP BY corpus_id
"""
CENTROID_SQL = """
SELECT corpus_id, avg(embedding)::text FROM corpora_chunk WHERE corpus_id = ANY(%(ids)s)
GROUP BY corpus_id
"""
VERSION_SQL = """
SELECT corpus_id, count(*), max(id) FROM corpora_chunk WHERE corpus_id = ANY(%(ids)s)
GROUP BY corpus_id
"""
# corpus id -> ((chunk count, max chunk id), centroid): recomputed only when chunks change.
_CENTROIDS: dict[int, tuple[tuple[int, int], list[float]]] = {}


def _cos(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na = math.sqrt(sum(x * x for x in a)) or 1.0
    nb = math.sqrt(sum(y * y for y in b)) or 1.0
    return dot / (na * nb)


def _vector(text: str) -> list[float]:
    return [float(x) for x in text.strip("[]").split(",")] if text else []


def corpus_centroids(
    *, user: AbstractBaseUser, corpus_ids: Sequence[int]
) -> dict[int, list[float]]:
    ids = list(corpora_visible(user=user).filter(pk__in=corpus_ids).values_list("pk", flat=True))
    with connection.cursor() as cur:
        cur.execute(VERSION_SQL, {"ids": ids})
        versions = {cid: (n, top) for cid, n, top in cur.fetchall()}
        stale = [cid for cid, v in versions.items() if _CENTROIDS.get(cid, ((-1, -1), []))[0] != v]
        if stale:
            cur.execute(CENTROID_SQL, {"ids": stale})
            for cid, vec in cur.fetchall():
                _CENTROIDS[cid] = (versions[cid], _vector(vec))
    return {cid: _CENTROIDS[cid][1] for cid in versions if cid in _CENTROIDS}


def route_signals(
    *,
    user: AbstractBaseUser,
    corpus_ids: Sequence[int],
    entity: str,
    text: str,
    centroids: dict[int, list[float]],
    embedder_name: str = "local",
) -> dict[int, dict[str, float]]:
    """Signals per corpus the user may see; a corpus outside their groups yields nothing."""
    visible = corpora_visible(user=user).filter(pk__in=corpus_ids)
    ids = list(visible.values_list("pk", flat=True))
    out: dict[int, dict[str, float]] = {cid: {} for cid in ids}
    if not ids:
        return out
    with connection.cursor() as cur:
        if entity.strip():
            cur.execute(SIGNALS_SQL, {"ids": ids, "entity": entity})
            for cid, sim in cur.fetchall():
                out[cid]["title_sim"] = float(sim or 0)
            cur.execute(PHRASE_SQL, {"ids": ids, "entity": entity})
            for cid, n in cur.fetchall():
                out[cid]["phrase_hits"] = int(n)
    embedder = get_embedder(embedder_name)
    query_vec = embedder.embed_query(text)
    for corpus in Corpus.objects.filter(pk__in=ids):
        out[corpus.pk]["description_sim"] = _cos(
            query_vec, embedder.embed_query(f"{corpus.name}. {corpus.description}")
        )
        if corpus.pk in centroids:
            out[corpus.pk]["centroid_sim"] = _cos(query_vec, centroids[corpus.pk])
    return out
