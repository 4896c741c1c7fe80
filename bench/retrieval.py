"""Retrieval at scale: HNSW recall and latency of each retriever and of the hybrid query.

Builds N synthetic-but-realistic chunks (clustered 384-d unit vectors, Zipf-distributed words,
titled documents) in a separate database (`dossier_bench`), then prints recall@10 against exact
search, p50/p95 latencies, the hybrid / slowest-component ratio, exact/HNSW speed-up and the
fill rate of filtered queries. Usage: python bench/retrieval.py [--chunks 100000] [--queries 100]
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

import numpy as np
from _django import setup

setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402

from corpora.models import Corpus  # noqa: E402
from corpora.search import (  # noqa: E402
    ACCESS_CTES,
    FULLTEXT_CTES,
    SearchFilters,
    Weights,
    chunk_search,
    query_params,
)
from research.evaluation.loader import use_eval_database  # noqa: E402

DIM = 384
DOCS_PER_CORPUS = 2000
CHUNKS_PER_DOC = 5


LATENT = 32  # sentence embeddings live near a low-dimensional manifold, not uniformly in 384-d


def build(n: int, rng: np.random.Generator) -> tuple[np.ndarray, list[str], list[int]]:
    """Vectors around 200 topic centres in a 32-d latent space projected to 384-d (plus a
    little isotropic noise), like real embeddings; texts from a Zipf vocabulary per topic."""
    vocab = [f"w{i:05d}" for i in range(20000)]
    projection = rng.normal(size=(LATENT, DIM)).astype(np.float32)
    centres = rng.normal(size=(200, LATENT)).astype(np.float32)
    topics = rng.integers(0, 200, size=n)
    latent = centres[topics] + 0.8 * rng.normal(size=(n, LATENT)).astype(np.float32)
    vectors = latent @ projection + 0.5 * rng.normal(size=(n, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    texts = []
    for i in range(n):
        ranks = np.minimum(rng.zipf(1.3, size=90), 19999)
        words = [vocab[(r + 97 * topics[i]) % 20000] for r in ranks]
        texts.append(" ".join(words))
    return vectors, texts, topics.tolist()


def load(
    n: int, rng: np.random.Generator, rebuild: bool
) -> tuple[np.ndarray, list[str], list[int]]:
    vectors, texts, _ = build(n, rng)
    user, _ = get_user_model().objects.get_or_create(username="bench")
    with connection.cursor() as cur:
        cur.execute("SELECT count(*) FROM corpora_chunk")
        if cur.fetchone()[0] == n and not rebuild:
            print(f"reusing {n} chunks in the bench database")
            cur.execute("SELECT id FROM corpora_document ORDER BY id")
            return vectors, texts, [r[0] for r in cur.fetchall()]
        cur.execute(
            "TRUNCATE corpora_chunk, corpora_page, corpora_document, corpora_corpus_groups, "
            "corpora_corpus CASCADE"
        )
    corpora = [
        Corpus.objects.create(
            name=f"Bench {i}", slug=f"bench-{i}", description="bench", owner=user, is_public=True
        )
        for i in range(max(1, n // (DOCS_PER_CORPUS * CHUNKS_PER_DOC)))
    ]
    started = time.perf_counter()
    n_docs = n // CHUNKS_PER_DOC
    with connection.cursor() as cur:
        cur.execute("DROP INDEX IF EXISTS chunk_embedding_hnsw")
        buf = io.StringIO()
        for d in range(n_docs):
            corpus = corpora[d % len(corpora)]
            buf.write(
                f"{corpus.pk}\tdoc{d}.txt\t\t{d:064x}\t1000\ttext/plain\tReport on "
                f"{texts[d * CHUNKS_PER_DOC].split()[0]} number {d}\t\\N\t1\t1\tready\t\t[]\t1\t\\N\t\t\\N\tnow\tnow\t[]\t0\n"
            )
        buf.seek(0)
        with cur.copy(
            "COPY corpora_document (corpus_id, filename, file, sha256, size_bytes, mime_type, "
            "title, document_date, page_count, pages_done, status, failure_reason, page_methods, "
            "attempts, lease_expires, lease_owner, uploaded_by_id, created, updated, "
            "running_lines, extraction_version) FROM STDIN"
        ) as cp:
            cp.write(buf.getvalue())
        cur.execute("SELECT id, corpus_id, title FROM corpora_document ORDER BY id")
        docs = cur.fetchall()
        with cur.copy(
            "COPY corpora_chunk (document_id, corpus_id, ordinal, title, text, page_start, "
            "page_end, char_start, char_end, page_breaks, content_hash, embedding, section) "
            "FROM STDIN"
        ) as cp:
            for i in range(n):
                doc_id, corpus_id, title = docs[i // CHUNKS_PER_DOC]
                vec = "[" + ",".join(f"{x:.6f}" for x in vectors[i]) + "]"
                cp.write(
                    f"{doc_id}\t{corpus_id}\t{i % CHUNKS_PER_DOC}\t{title}\t{texts[i]}\t1\t1\t0\t"
                    f"{len(texts[i])}\t[]\t{i:064x}\t{vec}\t\n"
                )
        print(f"copied {n} chunks in {time.perf_counter() - started:.0f} s; building HNSW ...")
        t0 = time.perf_counter()
        cur.execute("SET maintenance_work_mem = '1GB'")
        cur.execute(
            "CREATE INDEX chunk_embedding_hnsw ON corpora_chunk USING hnsw "
            "(embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)"
        )
        cur.execute("ANALYZE corpora_chunk")
        print(f"HNSW built in {time.perf_counter() - t0:.0f} s")
    return vectors, texts, [d[0] for d in docs]


FULLTEXT_ONLY = f"WITH {ACCESS_CTES}, {FULLTEXT_CTES} SELECT id FROM fulltext"


def timed(fn) -> float:  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def vec_literal(v: np.ndarray) -> str:
    return "[" + ",".join(f"{x:.6f}" for x in v) + "]"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--rebuild", action="store_true", help="regenerate the data even if present")
    args = ap.parse_args()
    use_eval_database("dossier_bench")
    rng = np.random.default_rng(7)
    vectors, texts, doc_ids = load(args.chunks, rng, args.rebuild)
    user = get_user_model().objects.get(username="bench")
    qs = rng.integers(0, len(texts), size=args.queries)
    recalls, sem, exact, ft, title, hybrid = [], [], [], [], [], []
    for qi in qs:
        qv = vectors[qi] + 0.02 * rng.normal(size=DIM).astype(np.float32)
        qv /= np.linalg.norm(qv)
        lit = vec_literal(qv)
        words = " ".join(texts[qi].split()[:3])
        with connection.cursor() as cur:
            cur.execute("BEGIN")
            cur.execute("SET LOCAL hnsw.ef_search = 100")
            sem.append(
                timed(
                    lambda: cur.execute(
                        "SELECT id FROM corpora_chunk ORDER BY embedding <=> %s::vector LIMIT 10",
                        [lit],
                    )
                )
            )
            approx = {r[0] for r in cur.fetchall()}
            cur.execute("SET LOCAL enable_indexscan = off")
            exact.append(
                timed(
                    lambda: cur.execute(
                        "SELECT id FROM corpora_chunk ORDER BY embedding <=> %s::vector LIMIT 10",
                        [lit],
                    )
                )
            )
            truth = {r[0] for r in cur.fetchall()}
            cur.execute("COMMIT")
            recalls.append(len(approx & truth) / 10)
            ft.append(
                timed(
                    lambda: cur.execute(
                        FULLTEXT_ONLY,
                        query_params(user, words, None, 10, SearchFilters(), Weights(), qv),
                    )
                )
            )
            title.append(
                timed(
                    lambda: cur.execute(
                        "SELECT id FROM corpora_document WHERE word_similarity(title, %s) >= 0.6 "
                        "ORDER BY word_similarity(title, %s) DESC LIMIT 5",
                        [words, words],
                    )
                )
            )
        hybrid.append(timed(lambda: chunk_search(user=user, query=words, k=10, vector=qv.tolist())))
    fills = []
    for _ in range(max(20, args.queries // 5)):
        subset = tuple(
            int(d) for d in rng.choice(doc_ids, size=max(3, len(doc_ids) // 20), replace=False)
        )
        qv = vectors[rng.integers(0, len(texts))]
        hits = chunk_search(
            user=user,
            query="w00001",
            k=10,
            vector=qv.tolist(),
            filters=SearchFilters(document_ids=subset),
        )
        fills.append(len(hits) >= 10)

    def p(xs: list[float], q: int) -> float:
        return statistics.quantiles(xs, n=100)[q - 1]

    slowest = max(p(sem, 95), p(ft, 95), p(title, 95))
    print(f"\nchunks {args.chunks}, queries {args.queries}, dim {DIM}")
    print(f"{'measure':34}{'value':>12}{'target':>12}")
    rows = [
        ("HNSW recall@10 vs exact", f"{statistics.mean(recalls):.3f}", ">= 0.95"),
        ("semantic p50 / p95 ms", f"{p(sem, 50):.1f} / {p(sem, 95):.1f}", ""),
        ("full-text p50 / p95 ms", f"{p(ft, 50):.1f} / {p(ft, 95):.1f}", ""),
        ("title p50 / p95 ms", f"{p(title, 50):.1f} / {p(title, 95):.1f}", ""),
        ("hybrid p50 / p95 ms", f"{p(hybrid, 50):.1f} / {p(hybrid, 95):.1f}", ""),
        ("hybrid p95 / slowest component p95", f"{p(hybrid, 95) / slowest:.2f}", "<= 1.5"),
        ("exact p50 / HNSW p50", f"{p(exact, 50) / p(sem, 50):.1f}x", ">= 10x"),
        ("filtered-query fill rate", f"{100 * sum(fills) / len(fills):.1f} %", ">= 99 %"),
    ]
    for name, value, target in rows:
        print(f"{name:34}{value:>12}{target:>12}")


if __name__ == "__main__":
    main()
