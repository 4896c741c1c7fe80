"""Ingestion throughput on a generated PDF set: extraction, the bare embedder, the whole pipeline.

    DEBUG=1 .venv/bin/python bench/ingest.py [--pages 200] [--docs 4] [--rounds 3]

Builds --pages pages (~3,000 characters each) with PyMuPDF, then measures
  - extraction: corpora.extraction.extract_pages, pages/s;
  - bare embedder: LocalMiniLM.embed_documents on exactly the texts the pipeline embeds, chunks/s;
  - pipeline: document_add + document_ingest (extract, chunk, embed, write rows), chunks/s,
    with the embedding cache emptied for these texts first so nothing is skipped.
Bare and pipeline runs alternate document by document and each document's best of --rounds
counts, so load from other processes on a shared machine skews neither side.
Target: pipeline >= 0.85 x bare embedder.
Everything it creates (a throwaway user, corpus, documents, stored files, cache rows) is
deleted at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

TARGET_RATIO = 0.85
PAGE_CHARS = 3_000

_PLACES = [
    "Tarn Valley",
    "Eastmere",
    "Skelby",
    "Harrow Ridge",
    "Nordvik",
    "Lowfield",
    "Ostry",
    "Millbeck",
    "Varden",
    "Saltmarsh",
    "Kestrel Bay",
    "Brannock",
    "Alder Cross",
    "Fenwick",
]
_ORGS = [
    "the regional grid operator",
    "the water utility",
    "the cooperative's board",
    "the transport authority",
    "the county council",
    "the environment office",
    "the port company",
    "the district heating company",
    "the university's energy group",
]
_THINGS = [
    "battery storage",
    "heat pumps",
    "electric buses",
    "offshore wind",
    "rooftop solar",
    "flood defences",
    "district heating",
    "grid reinforcement",
    "charging depots",
    "peatland restoration",
    "tidal monitoring",
    "demand response",
]
_SENTENCES = [
    "In {year}, {org} in {place} reported that {thing} delivered {num} {unit}, {change} on the "
    "previous year.",
    "The {place} programme for {thing} cost {money} million euros, of which {pct} percent came "
    "from member contributions and the rest from a loan at {rate} percent.",
    "Engineers measured an average of {num} {unit} during the winter quarter, while the summer "
    "figure was {num2} {unit}, a gap that {org} attributes to {reason}.",
    "According to {org}, the main risk for {thing} in {place} is {reason}, which delayed two of "
    "the {count} planned sites by an average of {months} months.",
    "A survey of {count} households in {place} found that {pct} percent would support further "
    "investment in {thing} if bills stayed below {money} euros a month.",
    "Maintenance records show {count} unplanned outages in {year}, down from {count2} in "
    "{prev_year}, after {org} replaced the control software.",
    "The report recommends that {org} publish quarterly data on {thing}, so that residents of "
    "{place} can compare performance with neighbouring districts.",
    "Between {prev_year} and {year} the share of {thing} in the {place} mix rose from {pct2} to "
    "{pct} percent, the fastest growth recorded in the region.",
]
_REASONS = [
    "cold weather",
    "supply chain delays",
    "planning objections",
    "grid congestion",
    "a shortage of electricians",
    "higher interest rates",
    "storm damage",
    "low rainfall",
]
_UNITS = [
    "gigawatt-hours",
    "megawatts",
    "kilowatt-hours per household",
    "tonnes of CO2",
    "kilometres",
    "percent availability",
]


def _sentence(rng: random.Random) -> str:
    year = rng.randint(2015, 2025)
    return rng.choice(_SENTENCES).format(
        year=year,
        prev_year=year - rng.randint(1, 5),
        org=rng.choice(_ORGS),
        place=rng.choice(_PLACES),
        thing=rng.choice(_THINGS),
        unit=rng.choice(_UNITS),
        num=f"{rng.uniform(1, 900):.1f}",
        num2=f"{rng.uniform(1, 900):.1f}",
        change=rng.choice(["up 4 percent", "down 11 percent", "roughly unchanged", "a record"]),
        money=f"{rng.uniform(1, 400):.1f}",
        pct=rng.randint(5, 95),
        pct2=rng.randint(1, 40),
        rate=f"{rng.uniform(1, 6):.2f}",
        reason=rng.choice(_REASONS),
        count=rng.randint(3, 5000),
        count2=rng.randint(3, 5000),
        months=rng.randint(2, 18),
    )


def page_text(rng: random.Random, number: int) -> str:
    """A heading and paragraphs of 3-6 sentences, about PAGE_CHARS characters in all."""
    parts = [f"Section {number}: {rng.choice(_THINGS).capitalize()} in {rng.choice(_PLACES)}"]
    size = len(parts[0])
    while size < PAGE_CHARS:
        paragraph = " ".join(_sentence(rng) for _ in range(rng.randint(3, 6)))
        parts.append(paragraph)
        size += len(paragraph) + 2
    return "\n\n".join(parts)


def build_pdf(rng: random.Random, pages: int) -> bytes:
    import pymupdf

    doc = pymupdf.open()
    for number in range(1, pages + 1):
        page = doc.new_page(width=595, height=842)
        rect = pymupdf.Rect(56, 56, 539, 786)
        if page.insert_textbox(rect, page_text(rng, number), fontname="helv", fontsize=9.5) < 0:
            raise RuntimeError("generated page text does not fit on an A4 page")
    data = doc.tobytes(garbage=3, deflate=True)
    doc.close()
    return data


def _bare(embedder: object, texts: list[str]) -> float:
    started = time.perf_counter()
    vectors = embedder.embed_documents(texts)  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - started
    assert len(vectors) == len(texts)
    return elapsed


def run(pages: int, docs: int, seed: int, rounds: int) -> float:
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from corpora.chunking import chunk_pages
    from corpora.embedders import get_embedder
    from corpora.extraction import PDF, extract_pages
    from corpora.models import Document, EmbeddingCache
    from corpora.services.corpora import corpus_create
    from corpora.services.ingestion import document_ingest, embedding_text, text_hash
    from corpora.services.uploads import document_add, document_delete

    # A per-run salt keeps the text fresh: no earlier run's cached vector can be reused.
    rng = random.Random(f"{seed}-{uuid.uuid4().hex}")
    per_doc = [pages // docs + (1 if i < pages % docs else 0) for i in range(docs)]
    started = time.perf_counter()
    pdfs = [build_pdf(rng, n) for n in per_doc if n]
    print(f"generated {len(pdfs)} PDFs, {pages} pages in {time.perf_counter() - started:.1f} s")

    started = time.perf_counter()
    extracted = [
        list(extract_pages(data, PDF, max_pages=settings.UPLOAD_MAX_PAGES)) for data in pdfs
    ]
    extract_s = time.perf_counter() - started
    chars = sum(len(p.text) for doc_pages in extracted for p in doc_pages)
    titles = [f"Bench report {i + 1}" for i in range(len(pdfs))]
    started = time.perf_counter()
    spans = [chunk_pages(doc_pages) for doc_pages in extracted]
    chunk_s = time.perf_counter() - started

    doc_texts = [
        [embedding_text(t, s.text, s.section) for s in doc_spans]
        for t, doc_spans in zip(titles, spans, strict=True)
    ]
    texts = [text for group in doc_texts for text in group]

    embedder = get_embedder("local")
    # Load the model and run a few full batches first: torch's first batches are slow.
    embedder.embed_documents([page_text(rng, 0)[:800] for _ in range(96)])

    hashes = [[text_hash(embedder.name, t) for t in group] for group in doc_texts]
    user = get_user_model().objects.create(username=f"bench-{uuid.uuid4().hex[:10]}")
    corpus = corpus_create(
        owner=user,
        name="Ingest benchmark (throwaway)",
        slug=f"bench-{uuid.uuid4().hex[:10]}",
        description="Generated by bench/ingest.py and deleted when it ends.",
    )

    def uncache(number: int) -> None:
        EmbeddingCache.objects.filter(
            embedder=embedder.name, content_hash__in=hashes[number]
        ).delete()

    inside_embedder = [0.0]
    real_embed = embedder.embed_documents

    def timed_embed(texts: list[str]) -> list[list[float]]:
        started = time.perf_counter()
        try:
            return real_embed(texts)
        finally:
            inside_embedder[0] += time.perf_counter() - started

    def pipeline(number: int) -> tuple[float, float, int]:
        uncache(number)  # every chunk must really be embedded
        inside_embedder[0] = 0.0
        embedder.embed_documents = timed_embed  # type: ignore[method-assign]
        started = time.perf_counter()
        outcome = document_add(
            corpus=corpus,
            data=pdfs[number],
            filename=f"bench-{number + 1}.pdf",
            user=user,
            title=titles[number],
            enqueue=False,
        )
        assert outcome.document is not None, outcome.message
        result = document_ingest(document_id=outcome.document.pk)
        seconds = time.perf_counter() - started
        embedder.embed_documents = real_embed  # type: ignore[method-assign]
        if result.status != "ready":
            reason = Document.objects.get(pk=outcome.document.pk).failure_reason
            raise RuntimeError(f"pipeline ended {result.status}: {reason}")
        document_delete(document=Document.objects.get(pk=outcome.document.pk))  # next round
        return seconds, inside_embedder[0], result.chunks

    # Bare and pipeline alternate per document (A B, then B A), and each document's best of
    # `rounds` counts: load from other processes on a shared machine then skews neither side.
    best_bare = [float("inf")] * len(pdfs)
    best_pipe = [float("inf")] * len(pdfs)
    embed_share = [0.0] * len(pdfs)  # of the best pipeline run, the time inside the embedder
    made = [0] * len(pdfs)
    try:
        for round_ in range(rounds):
            for number in range(len(pdfs)):
                if (number + round_) % 2:
                    seconds, embedding, made[number] = pipeline(number)
                    bare = _bare(embedder, doc_texts[number])
                else:
                    bare = _bare(embedder, doc_texts[number])
                    seconds, embedding, made[number] = pipeline(number)
                best_bare[number] = min(best_bare[number], bare)
                if seconds < best_pipe[number]:
                    best_pipe[number], embed_share[number] = seconds, embedding
    finally:
        for document in Document.objects.filter(corpus=corpus):
            document_delete(document=document)
        corpus.delete()
        user.delete()
        for number in range(len(pdfs)):
            uncache(number)
    chunks, bare_s, pipeline_s = sum(made), sum(best_bare), sum(best_pipe)
    assert chunks == len(texts), (chunks, len(texts))

    bare_rate, pipe_rate = len(texts) / bare_s, chunks / pipeline_s
    ratio = pipe_rate / bare_rate
    n = len(texts)
    rows = [
        (
            "extraction (PyMuPDF text layer)",
            f"{pages} pages",
            extract_s,
            pages / extract_s,
            "pages",
        ),
        ("chunking", f"{n} chunks", chunk_s, n / chunk_s, "chunks"),
        ("bare embedder (embed_documents)", f"{n} chunks", bare_s, bare_rate, "chunks"),
        ("pipeline (add + document_ingest)", f"{chunks} chunks", pipeline_s, pipe_rate, "chunks"),
        (
            "  of which inside the embedder",
            f"{chunks} chunks",
            sum(embed_share),
            chunks / sum(embed_share),
            "chunks",
        ),
    ]
    print(
        f"\n{pages} pages, {chars / pages:,.0f} chars/page, {len(texts)} chunks, "
        f"best of {rounds} round(s) per document; "
        f"{os.cpu_count()} CPUs, bf16={getattr(embedder, '_bf16', '?')}\n"
    )
    print(f"| {'stage':<34} | {'items':>12} | {'seconds':>8} | {'rate':>18} |")
    print(f"|{'-' * 36}|{'-' * 14}|{'-' * 10}|{'-' * 20}|")
    for stage, items, seconds, rate, unit in rows:
        print(f"| {stage:<34} | {items:>12} | {seconds:>8.2f} | {f'{rate:,.1f} {unit}/s':>18} |")
    verdict = "meets" if ratio >= TARGET_RATIO else "BELOW"
    print(f"| {'ratio pipeline / bare embedder':<34} | {'':>12} | {'':>8} | {ratio:>18.2f} |")
    print(f"\nratio {ratio:.2f} {verdict} the target of {TARGET_RATIO}")
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--docs", type=int, default=4, help="PDFs the pages are spread over")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--rounds", type=int, default=3, help="best of N per document (noisy machines)"
    )
    args = parser.parse_args()
    if args.pages < 1 or not 1 <= args.docs <= args.pages:
        parser.error("need --pages >= 1 and 1 <= --docs <= --pages")

    from ragsite import embedded

    with embedded.services_running():
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", interactive=False, verbosity=0)  # a fresh clone has no tables
        run(args.pages, args.docs, args.seed, max(1, args.rounds))
    return 0  # a figure, not a gate: a busy 2-core machine must not fail `make bench`


if __name__ == "__main__":
    sys.exit(main())
