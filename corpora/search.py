"""Hybrid retrieval: pgvector HNSW + full-text + title trigram, fused by RRF in one SQL statement.

The access filter is part of that statement (the `visible` CTE): a chunk is returned only if
its corpus is public to logged-in users, is owned by the user, or shares a group with them.
Nothing is filtered in Python afterwards; callers cannot get rows the SQL did not allow.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection, transaction

from corpora.embedders import get_embedder
from corpora.models import Corpus

RRF_K = 60
# Full-text ranks by the summed IDF of the matched query terms (BM25 without length and
# frequency terms: chunks are short). ts_rank_cd has no IDF, so "film" counted as much as a
# rare name. Terms in more than this share of the chunks only add noise and cost.
MAX_DF_SHARE = 0.25
MIN_DF_CAP = 50  # small corpora keep every term


@dataclass(frozen=True)
class SearchFilters:
    document_ids: tuple[int, ...] = ()
    date_from: dt.date | None = None
    date_to: dt.date | None = None


@dataclass(frozen=True)
class Weights:
    semantic: float = 1.0
    fulltext: float = 1.0
    title: float = 0.5


@dataclass(frozen=True)
class Hit:
    chunk_id: int
    corpus_id: int
    corpus_slug: str
    document_id: int
    ordinal: int  # the chunk's place in its document
    title: str
    page_start: int
    page_end: int
    char_start: int
    char_end: int
    text: str
    page_breaks: tuple[tuple[int, int], ...]
    semantic: float | None
    semantic_rank: int | None
    fulltext: float | None
    fulltext_rank: int | None
    title_sim: float | None
    title_rank: int | None
    fused: float
    duplicates: tuple[int, ...] = field(default=())
    section: str = ""  # the headings in force where the chunk starts

    @property
    def pages_label(self) -> str:
        if self.page_start == self.page_end:
            return f"p. {self.page_start}"
        return f"pp. {self.page_start}–{self.page_end}"


# The access filter and the candidate documents; every other part selects from `docs`.
ACCESS_CTES = """
visible AS (
    SELECT c.id, c.slug FROM corpora_corpus c
    WHERE (%(any_corpus)s OR c.id = ANY(%(corpus_ids)s))
      AND (%(see_all)s OR c.is_public OR c.owner_id = %(user_id)s OR EXISTS (
            SELECT 1 FROM corpora_corpus_groups cg
            JOIN auth_user_groups ug ON ug.group_id = cg.group_id
            WHERE cg.corpus_id = c.id AND ug.user_id = %(user_id)s))
),
docs AS MATERIALIZED (
    SELECT d.id, d.title FROM corpora_document d
    WHERE d.corpus_id IN (SELECT id FROM visible) AND d.status = 'ready'
      AND (%(date_from)s::date IS NULL OR d.document_date >= %(date_from)s::date)
      AND (%(date_to)s::date IS NULL OR d.document_date <= %(date_to)s::date)
      AND (%(any_document)s OR d.id = ANY(%(document_ids)s))
)"""

SEMANTIC_CTE = """
semantic AS (
    SELECT id, dist, row_number() OVER (ORDER BY dist, id) AS rnk FROM (
        SELECT ch.id, ch.embedding <=> %(vec)s::vector AS dist FROM corpora_chunk ch
        WHERE ch.document_id IN (SELECT id FROM docs)
        ORDER BY ch.embedding <=> %(vec)s::vector LIMIT %(pool)s
    ) s
)"""
# The same, ordered by an expression the HNSW index cannot serve: every chunk in scope is
# compared. A filtered approximate scan can come back short (dead tuples, a small scope in a
# large table); below EXACT_VECTOR_SCAN_MAX chunks in scope exact is cheap and never misses.
SEMANTIC_EXACT_CTE = SEMANTIC_CTE.replace(
    "ORDER BY ch.embedding <=> %(vec)s::vector", "ORDER BY (ch.embedding <=> %(vec)s::vector) + 0"
)
SCOPE_SIZE = f"""
WITH {ACCESS_CTES}
SELECT count(*) FROM corpora_chunk WHERE document_id IN (SELECT id FROM docs)"""

FULLTEXT_CTES = """
total AS (
    SELECT count(*)::float AS n FROM corpora_chunk WHERE document_id IN (SELECT id FROM docs)
),
terms AS MATERIALIZED (
    SELECT t.q, ln(1 + (total.n - c.df + 0.5) / (c.df + 0.5)) AS idf
    FROM (SELECT DISTINCT to_tsquery('simple', quote_literal(lex)) AS q
          FROM unnest(tsvector_to_array(to_tsvector('english', %(query)s))) lex
          UNION SELECT phraseto_tsquery('english', p) FROM unnest(%(phrases)s::text[]) p) t
    CROSS JOIN total
    CROSS JOIN LATERAL (SELECT count(*) AS df FROM corpora_chunk ch
                        WHERE ch.search @@ t.q AND ch.document_id IN (SELECT id FROM docs)) c
    WHERE c.df > 0 AND c.df <= GREATEST(%(max_df_share)s * total.n, %(min_df_cap)s)
),
fulltext AS (
    SELECT id, score, row_number() OVER (ORDER BY score DESC, id) AS rnk FROM (
        SELECT ch.id, sum(w.idf) AS score
        FROM terms w JOIN corpora_chunk ch ON ch.search @@ w.q
        WHERE ch.document_id IN (SELECT id FROM docs)
        GROUP BY ch.id ORDER BY score DESC, ch.id LIMIT %(pool)s
    ) f
)"""

TITLE_CTES = """
title_docs AS (
    SELECT id, word_similarity(title, %(query)s) AS sim FROM docs
    WHERE word_similarity(title, %(query)s) >= %(title_min)s
    ORDER BY sim DESC LIMIT 5
),
title AS (
    SELECT id, sim, row_number() OVER (ORDER BY sim DESC, dist, id) AS rnk FROM (
        SELECT ch.id, td.sim, ch.embedding <=> %(vec)s::vector AS dist
        FROM corpora_chunk ch JOIN title_docs td ON td.id = ch.document_id
        ORDER BY td.sim DESC, dist LIMIT %(pool)s
    ) t
)"""


def _sql(semantic: str) -> str:
    """The fused query around one semantic retriever (indexed or exact)."""
    return f"""
WITH {ACCESS_CTES}, {semantic}, {FULLTEXT_CTES}, {TITLE_CTES},
ids AS (SELECT id FROM semantic UNION SELECT id FROM fulltext UNION SELECT id FROM title)
SELECT ch.id, ch.corpus_id, v.slug, ch.document_id, ch.ordinal, d.title, ch.page_start, ch.page_end,
       ch.char_start, ch.char_end, ch.text, ch.page_breaks, ch.section,
       1 - s.dist, s.rnk, f.score, f.rnk, t.sim, t.rnk,
       COALESCE(%(w_sem)s / (%(rrf_k)s + s.rnk), 0)
     + COALESCE(%(w_ft)s / (%(rrf_k)s + f.rnk), 0)
     + COALESCE(%(w_title)s / (%(rrf_k)s + t.rnk), 0) AS fused
FROM ids
JOIN corpora_chunk ch ON ch.id = ids.id
JOIN docs d ON d.id = ch.document_id
JOIN visible v ON v.id = ch.corpus_id
LEFT JOIN semantic s ON s.id = ch.id
LEFT JOIN fulltext f ON f.id = ch.id
LEFT JOIN title t ON t.id = ch.id
ORDER BY fused DESC, ch.id
LIMIT %(fetch)s
"""


SQL = _sql(SEMANTIC_CTE)
SQL_EXACT = _sql(SEMANTIC_EXACT_CTE)


def quoted_phrases(query: str) -> list[str]:
    """Quoted phrases of a query: each is also matched as a phrase, an extra term of its own."""
    return [p for p in re.findall(r'"([^"]+)"', query) if p.strip()]


def user_sees_all(user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(getattr(user, "is_staff", False) and settings.STAFF_SEES_ALL_CORPORA)


def chunk_search(
    *,
    user: AbstractBaseUser | AnonymousUser,
    query: str,
    corpus_ids: Sequence[int] | None = None,
    k: int = 10,
    filters: SearchFilters = SearchFilters(),
    weights: Weights = Weights(),
    embedder_name: str = "local",
    vector: Sequence[float] | None = None,
) -> list[Hit]:
    """The top `k` chunks for `query` that `user` may read, near-duplicates merged.

    `vector` skips embedding the query (benchmarks pass precomputed vectors).
    """
    query = " ".join(query.split())[:2000]
    if not query or not user.is_authenticated or k <= 0:
        return []
    if vector is None:
        vector = get_embedder(embedder_name).embed_query(query)
    params = query_params(user, query, corpus_ids, k, filters, weights, vector)
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute(SCOPE_SIZE, params)
        exact = cur.fetchone()[0] <= settings.EXACT_VECTOR_SCAN_MAX
        cur.execute("SET LOCAL hnsw.ef_search = %s", [max(params["pool"], settings.HNSW_EF_SEARCH)])
        cur.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cur.execute(SQL_EXACT if exact else SQL, params)
        rows = cur.fetchall()
    hits = [_hit(row) for row in rows]
    return collapse_duplicates(hits)[:k]


def search_each_embedder(
    *,
    user: AbstractBaseUser | AnonymousUser,
    query: str,
    corpus_ids: Sequence[int] | None = None,
    k: int = 10,
    filters: SearchFilters = SearchFilters(),
) -> list[Hit]:
    """`chunk_search` once per embedder of the corpora in scope, merged by fused score: a
    query vector only ever meets vectors of the embedder that made it."""
    rows = Corpus.objects.all() if corpus_ids is None else Corpus.objects.filter(pk__in=corpus_ids)
    groups: dict[str, list[int]] = {}
    for pk, name in rows.values_list("pk", "embedder"):
        groups.setdefault(name, []).append(pk)
    if not groups:
        return []
    if len(groups) == 1:  # one embedder: the scope as asked (access is filtered in the SQL)
        return chunk_search(user=user, query=query, corpus_ids=corpus_ids, k=k,
                            filters=filters, embedder_name=next(iter(groups)))  # fmt: skip
    hits = [
        hit
        for name, ids in groups.items()
        for hit in chunk_search(
            user=user, query=query, corpus_ids=ids, k=k, filters=filters, embedder_name=name
        )
    ]
    return sorted(hits, key=lambda hit: -hit.fused)[:k]


def query_params(
    user: AbstractBaseUser | AnonymousUser,
    query: str,
    corpus_ids: Sequence[int] | None,
    k: int,
    filters: SearchFilters,
    weights: Weights,
    vector: Sequence[float],
) -> dict[str, object]:
    """The parameters of `SQL` (and of its parts, which benchmarks time alone)."""
    return {
        "any_corpus": corpus_ids is None,
        "corpus_ids": list(corpus_ids or []),
        "see_all": user_sees_all(user),
        "user_id": user.pk,
        "date_from": filters.date_from,
        "date_to": filters.date_to,
        "any_document": not filters.document_ids,
        "document_ids": list(filters.document_ids),
        "vec": "[" + ",".join(f"{x:.7f}" for x in vector) + "]",
        "pool": max(k * 4, 40),
        "phrases": quoted_phrases(query),
        "max_df_share": MAX_DF_SHARE,
        "min_df_cap": MIN_DF_CAP,
        "query": query,
        "title_min": settings.SEARCH_TITLE_MIN_SIMILARITY,
        "w_sem": weights.semantic,
        "w_ft": weights.fulltext,
        "w_title": weights.title,
        "rrf_k": float(RRF_K),
        "fetch": k * 2,
    }


def _hit(row: tuple) -> Hit:
    (
        chunk_id,
        corpus_id,
        slug,
        document_id,
        ordinal,
        title,
        p0,
        p1,
        c0,
        c1,
        text,
        breaks,
        section,
        sem,
        sem_rank,
        ft,
        ft_rank,
        tsim,
        t_rank,
        fused,
    ) = row
    return Hit(
        chunk_id=chunk_id,
        corpus_id=corpus_id,
        corpus_slug=slug,
        document_id=document_id,
        ordinal=ordinal,
        title=title,
        page_start=p0,
        page_end=p1,
        char_start=c0,
        char_end=c1,
        text=text,
        page_breaks=tuple(tuple(b) for b in _json(breaks)),
        section=section,
        semantic=sem,
        semantic_rank=sem_rank,
        fulltext=ft,
        fulltext_rank=ft_rank,
        title_sim=tsim,
        title_rank=t_rank,
        fused=float(fused),
    )


def hit_context(hit: Hit, *, budget_chars: int = 2400) -> str:
    """Small-to-big: the hit widened to its whole page, or to a window of the page centred on
    the hit, within `budget_chars`. The hit was access-checked by the query that found it."""
    from corpora.models import Page

    if hit.page_start != hit.page_end:
        return hit.text  # a page-spanning chunk already carries both sides of the break
    page = Page.objects.filter(document_id=hit.document_id, number=hit.page_start).first()
    if page is None:
        return hit.text
    if len(page.text) <= budget_chars:
        return page.text
    spare = max(0, budget_chars - (hit.char_end - hit.char_start)) // 2
    start = max(0, hit.char_start - spare)
    end = min(len(page.text), hit.char_end + spare)
    return page.text[start:end]


def _json(value: object) -> list:
    """Django's psycopg setup hands raw SQL jsonb back as text."""
    return json.loads(value) if isinstance(value, str) else list(value or [])


def _normalized(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _shingles(text: str, n: int = 5) -> set[str]:
    words = _normalized(text).split()
    return {" ".join(words[i : i + n]) for i in range(max(1, len(words) - n + 1))}


def collapse_duplicates(hits: list[Hit], *, threshold: float = 0.8) -> list[Hit]:
    """Merge hits with the same normalized text or heavy word overlap; keep every chunk id."""
    kept: list[tuple[Hit, set[str]]] = []
    for hit in hits:
        shingles = _shingles(hit.text)
        for i, (other, other_sh) in enumerate(kept):
            inter = len(shingles & other_sh)
            small = min(len(shingles), len(other_sh)) or 1
            if inter / small >= threshold:
                kept[i] = (replace(other, duplicates=(*other.duplicates, hit.chunk_id)), other_sh)
                break
        else:
            kept.append((hit, shingles))
    return [hit for hit, _ in kept]
