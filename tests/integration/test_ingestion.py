"""Ingestion end to end with a real Celery worker on the real Redis and PostgreSQL.

Uploads go through the upload service exactly as the view calls it; the worker (in this
process) picks the queued tasks up after commit, so these tests need committed rows.
"""

from __future__ import annotations

import datetime as dt
import io
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar
from unittest import mock

import numpy as np
import pymupdf
import pytest
from celery.signals import task_retry
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import OperationalError

from corpora import extraction
from corpora.chunking import chunk_pages
from corpora.demo_docs import (
    DEMO_CORPORA,
    IMAGE_PAGE,
    OCR_PHRASE,
    PAGE3_DOCUMENT,
    PAGE3_SENTENCE,
    TABLE_PAGE,
    DemoDocument,
)
from corpora.demo_seed import demo_corpora_ensure
from corpora.demo_texts import HARROW_TABLE
from corpora.embedders import get_embedder
from corpora.extraction import CORRUPT_PDF, EMPTY_FILE, PDF, UNSUPPORTED_TYPE, extract_pages
from corpora.models import Chunk, Corpus, Document, Page
from corpora.services import ingestion
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_reingest, embedding_text
from corpora.services.row_copy import cache_copy
from corpora.services.uploads import DUPLICATE, QUEUED, document_add, documents_upload
from corpora.units import row_text
from research.agents.gate import quote_offset
from tests.factories import UserFactory

pytestmark = pytest.mark.integration
worker_db = pytest.mark.django_db(transaction=True)

T = TypeVar("T")
TERMINAL = {Document.Status.READY, Document.Status.FAILED}
# Only on the scanned page (OCR_PHRASE, "Brannock Moor", recurs on page 4's text layer).
SCANNED_ONLY = "The meteorological mast at Brannock Moor was raised on 14 March 2023"


def demo_document(filename: str) -> DemoDocument:
    return next(d for c in DEMO_CORPORA for d in c.documents if d.filename == filename)


def wait_for(probe: Callable[[], T], *, what: str, timeout_s: float = 120.0) -> T:
    """Poll `probe` until it returns something truthy, or fail once the deadline passes."""
    deadline = time.monotonic() + timeout_s
    while (value := probe()) in (None, False, [], 0):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(0.1)
    return value


def finished(*document_ids: int, **filters: object) -> list[Document]:
    """The documents once every one of them has reached ready or failed."""

    def probe() -> list[Document]:
        docs = list(Document.objects.filter(pk__in=document_ids, **filters).order_by("pk"))
        done = len(docs) == len(document_ids) and all(d.status in TERMINAL for d in docs)
        return docs if done else []

    return wait_for(probe, what=f"documents {document_ids} to finish")


def page_of(chunk: Chunk, offset: int) -> int:
    page = chunk.page_start
    for start, number in chunk.page_breaks:
        if start <= offset:
            page = number
    return page


def chunks_quoting(document: Document, quote: str) -> list[tuple[Chunk, int]]:
    """(chunk, page of the quote) for each chunk whose text holds `quote` (normalized)."""
    found = []
    for chunk in Chunk.objects.filter(document=document).order_by("ordinal"):
        offset = quote_offset(chunk.text, quote)
        if offset is not None:
            found.append((chunk, page_of(chunk, offset)))
    return found


def add(corpus: Corpus, demo: DemoDocument) -> Document:
    outcome = document_add(
        corpus=corpus, data=demo.pdf(), filename=demo.filename, user=corpus.owner,
        title=demo.title, document_date=demo.date,
    )  # fmt: skip
    assert outcome.status == "queued", outcome.message
    assert outcome.document is not None
    return outcome.document


@pytest.fixture(autouse=True)
def _media(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def corpus(transactional_db: None) -> Corpus:
    group = Group.objects.create(name="researchers")
    owner = UserFactory()
    owner.groups.add(group)
    return corpus_create(
        owner=owner, name="Demo", description="Demo documents for ingestion tests.",
        groups=[group],
    )  # fmt: skip


@worker_db
def test_a_demo_pdf_is_ingested_to_ready_with_the_page3_sentence_in_a_page3_chunk(
    celery_worker: object, corpus: Corpus
) -> None:
    document = add(corpus, demo_document(PAGE3_DOCUMENT))

    (done,) = finished(document.pk)

    assert done.status == "ready", done.failure_reason
    assert (done.page_count, done.pages_done, done.page_methods) == (3, 3, ["text"] * 3)
    assert list(Page.objects.filter(document=done).values_list("number", flat=True)) == [1, 2, 3]
    hits = chunks_quoting(done, PAGE3_SENTENCE)
    assert hits, "the page-3 sentence is in no chunk"
    assert {page for _, page in hits} == {3}
    chunks = list(Chunk.objects.filter(document=done).order_by("ordinal"))
    fresh = get_embedder("local").embed_documents(
        [embedding_text(done.title, c.text, c.section) for c in chunks]
    )
    # Each stored vector is its own chunk's embedding (batches are embedded out of order).
    similarity = [float(np.dot(c.embedding, v)) for c, v in zip(chunks, fresh, strict=True)]
    assert min(similarity) > 0.999, similarity


@worker_db
def test_uploading_the_same_bytes_again_is_reported_as_a_duplicate_and_adds_no_document(
    celery_worker: object, corpus: Corpus
) -> None:
    demo = demo_document(PAGE3_DOCUMENT)
    first = add(corpus, demo)
    finished(first.pk)

    again = documents_upload(
        corpus=corpus, user=corpus.owner,
        files=[SimpleUploadedFile("renamed-copy.pdf", demo.pdf())],
    )  # fmt: skip

    assert [(o.status, o.message) for o in again] == [
        ("duplicate", DUPLICATE.format(title=demo.title))
    ]
    assert again[0].document.pk == first.pk
    assert Document.objects.filter(corpus=corpus).count() == 1


@worker_db
def test_reingesting_a_document_rewrites_the_same_chunks_without_duplicates(
    celery_worker: object, corpus: Corpus
) -> None:
    (document,) = finished(add(corpus, demo_document(PAGE3_DOCUMENT)).pk)
    before = list(Chunk.objects.filter(document=document).values_list("ordinal", "text", "id"))

    document_reingest(document=document)
    wait_for(
        lambda: (
            Document.objects.filter(pk=document.pk, status="ready", attempts=1).exists()
            and not Chunk.objects.filter(pk__in=[pk for *_, pk in before]).exists()
        ),
        what="the re-ingest to finish",
    )

    after = list(Chunk.objects.filter(document=document).values_list("ordinal", "text", "id"))
    assert len(after) == len(before) > 0
    assert [(o, t) for o, t, _ in after] == [(o, t) for o, t, _ in before]
    assert sorted(o for o, *_ in after) == list(range(len(after)))
    assert Page.objects.filter(document=document).count() == 3


@worker_db
def test_a_crash_in_the_middle_of_writing_chunks_is_retried_and_leaves_one_set_of_chunks(
    celery_worker: object, corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo = demo_document(PAGE3_DOCUMENT)
    pages = list(extract_pages(demo.pdf(), PDF, max_pages=settings.UPLOAD_MAX_PAGES))
    expected = [span.text for span in chunk_pages(pages)]
    real_copy = ingestion.chunks_copy
    crashes: list[int] = []

    def crash_once_halfway(rows: Iterable[tuple[object, ...]]) -> None:
        rows = list(rows)
        if not crashes:  # write half the rows for real, then lose the database connection
            crashes.append(len(rows))
            real_copy(rows[: len(rows) // 2])
            raise OperationalError("server closed the connection unexpectedly")
        real_copy(rows)

    monkeypatch.setattr(ingestion, "chunks_copy", crash_once_halfway)
    at_retry: list[int] = []  # chunks of the document visible while the retry waits

    def count_chunks(request: object, **kwargs: object) -> None:
        at_retry.append(Chunk.objects.filter(document_id=request.args[0]).count())

    task_retry.connect(count_chunks, weak=False)
    try:
        document = add(corpus, demo)
        (done,) = finished(document.pk)
    finally:
        task_retry.disconnect(count_chunks)

    texts = list(
        Chunk.objects.filter(document=done).order_by("ordinal").values_list("text", flat=True)
    )
    assert crashes == [len(expected)]
    assert at_retry == [0]  # the half-written rows were rolled back, not left for the retry
    assert done.status == "ready"
    assert done.attempts == 2
    assert texts == expected
    assert Chunk.objects.filter(corpus=corpus).count() == len(expected)


@worker_db
def test_an_image_only_page_is_read_by_ocr(celery_worker: object, corpus: Corpus) -> None:
    filename, number = IMAGE_PAGE
    assert shutil.which("tesseract"), "this test needs tesseract-ocr (make sysdeps installs it)"

    (done,) = finished(add(corpus, demo_document(filename)).pk)

    assert done.status == "ready", done.failure_reason
    assert done.page_methods[number - 1] == "ocr"
    assert done.pages_needing_ocr == []
    assert OCR_PHRASE in Page.objects.get(document=done, number=number).text
    assert {page for _, page in chunks_quoting(done, SCANNED_ONLY)} == {number}


@worker_db
def test_an_image_only_page_is_flagged_needs_ocr_when_tesseract_is_absent(
    celery_worker: object, corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    filename, number = IMAGE_PAGE
    real_which = shutil.which
    monkeypatch.setattr(
        extraction.shutil,
        "which",
        lambda cmd, *a, **k: None if cmd == "tesseract" else real_which(cmd, *a, **k),
    )

    (done,) = finished(add(corpus, demo_document(filename)).pk)

    assert done.status == "ready", done.failure_reason
    assert done.page_methods[number - 1] == "needs_ocr"
    assert done.pages_needing_ocr == [number]
    assert chunks_quoting(done, SCANNED_ONLY) == []
    assert Page.objects.get(document=done, number=number).text == ""


@worker_db
def test_a_ruled_table_survives_as_rows_with_their_headers_in_a_chunk(
    celery_worker: object, corpus: Corpus
) -> None:
    filename, number = TABLE_PAGE
    (done,) = finished(add(corpus, demo_document(filename)).pk)
    header, *rows = HARROW_TABLE
    lines = [row_text(row[0], list(zip(header[1:], row[1:], strict=True))) for row in rows]
    holding = [c for c in Chunk.objects.filter(document=done) if lines[0] in c.text.split("\n")]
    assert holding, "no chunk holds the table's first row as a unit with its headers"
    assert {chunk.page_start for chunk in holding} == {number}
    page = Page.objects.get(document=done, number=number)
    assert [page.text[r["start"] : r["end"]] for r in page.rows] == lines
    for row, cells in zip(page.rows, rows, strict=True):  # each cell's span holds its text
        assert [page.text[a:b] for a, b in row["cells"]] == list(cells)


@worker_db
def test_a_corrupt_pdf_fails_with_a_readable_reason_while_the_rest_of_its_upload_is_ready(
    celery_worker: object, corpus: Corpus
) -> None:
    good = demo_document("northern-interconnect-storage-briefing.pdf").pdf()
    corrupt = demo_document(PAGE3_DOCUMENT).pdf()
    corrupt = corrupt[: len(corrupt) // 2]  # a cut-off download
    notes = b"# Storage notes\n\nThe Northern Interconnect adds 400 MWh of storage. " * 8

    outcomes = documents_upload(
        corpus=corpus,
        user=corpus.owner,
        files=[
            SimpleUploadedFile("briefing.pdf", good),
            SimpleUploadedFile("cut-off.pdf", corrupt),
            SimpleUploadedFile("notes.md", notes),
        ],
    )

    assert [(o.status, o.message) for o in outcomes] == [("queued", QUEUED)] * 3
    docs = finished(*(o.document.pk for o in outcomes))
    by_name = {d.filename: d for d in docs}
    assert by_name["cut-off.pdf"].status == "failed"
    assert by_name["cut-off.pdf"].failure_reason == CORRUPT_PDF
    assert not Chunk.objects.filter(document=by_name["cut-off.pdf"]).exists()
    assert by_name["briefing.pdf"].status == by_name["notes.md"].status == "ready"
    assert Chunk.objects.filter(document=by_name["briefing.pdf"]).exists()
    assert Chunk.objects.filter(document=by_name["notes.md"]).exists()


@pytest.mark.django_db
def test_a_zero_byte_file_and_a_png_are_rejected_at_upload_with_their_messages(
    corpus: Corpus,
) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 32

    outcomes = documents_upload(
        corpus=corpus,
        user=corpus.owner,
        files=[SimpleUploadedFile("empty.pdf", b""), SimpleUploadedFile("chart.png", png)],
    )

    assert [(o.filename, o.status, o.message) for o in outcomes] == [
        ("empty.pdf", "rejected", EMPTY_FILE),
        ("chart.png", "rejected", UNSUPPORTED_TYPE.format(kind="a PNG image")),
    ]
    rows = Document.objects.filter(corpus=corpus).order_by("pk")
    assert [(d.status, d.failure_reason) for d in rows] == [
        ("failed", EMPTY_FILE),
        ("failed", UNSUPPORTED_TYPE.format(kind="a PNG image")),
    ]
    assert not any(d.file for d in rows)


@pytest.mark.django_db
def test_the_ingest_command_loads_a_folder_with_its_titles_and_reports_each_outcome(
    tmp_path, settings
) -> None:
    owner = UserFactory(username="loader")
    folder = tmp_path / "corpus"
    (folder / "nested").mkdir(parents=True)
    (folder / "corpus.json").write_text(
        '{"name": "Depot notes", "description": "Notes about bus depots."}'
    )
    (folder / "documents.json").write_text(
        '[{"file": "alpha.md", "title": "Alpha depot report", "date": "2024-05-02"}]'
    )
    (folder / "alpha.md").write_text("# Alpha\n\nThe Alpha depot charges 40 buses. " * 6)
    (folder / "nested" / "beta.txt").write_text("The Beta depot has 12 chargers. " * 12)
    (folder / "nested" / "copy.txt").write_text("The Beta depot has 12 chargers. " * 12)
    (folder / "nested" / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj <<>> endobj\n")
    (folder / "nested" / "ignored.csv").write_text("a,b\n1,2\n")
    out = io.StringIO()

    call_command("ingest", str(folder), corpus="depots", create=True, user="loader", stdout=out)

    corpus = Corpus.objects.get(slug="depots")
    assert (corpus.name, corpus.description, corpus.owner) == (
        "Depot notes", "Notes about bus depots.", owner
    )  # fmt: skip
    docs = {d.filename: d for d in Document.objects.filter(corpus=corpus)}
    assert sorted(docs) == ["alpha.md", "beta.txt", "broken.pdf"]
    assert docs["alpha.md"].title == "Alpha depot report"
    assert docs["alpha.md"].document_date == dt.date(2024, 5, 2)
    assert docs["alpha.md"].status == docs["beta.txt"].status == "ready"
    assert docs["broken.pdf"].failure_reason == CORRUPT_PDF
    report = out.getvalue()
    assert "2 ready" in report
    assert "1 duplicate(s), 1 failed, of 4 file(s)" in report
    assert f"failed     broken.pdf: {CORRUPT_PDF}" in report
    assert "duplicate  copy.txt: Already in this corpus" in report


@pytest.mark.django_db
def test_the_demo_seed_creates_three_shared_corpora_once_and_queues_their_pdfs(
    django_capture_on_commit_callbacks,
) -> None:
    owner = UserFactory()
    group = Group.objects.create(name="demo-researchers")

    with django_capture_on_commit_callbacks() as first_run:
        corpora = demo_corpora_ensure(owner=owner, group=group)
    with django_capture_on_commit_callbacks() as second_run:
        again = demo_corpora_ensure(owner=owner, group=group)

    expected = {c.slug: len(c.documents) for c in DEMO_CORPORA}
    assert [c.slug for c in corpora] == [c.slug for c in again] == list(expected)
    for corpus in corpora:
        assert list(corpus.groups.all()) == [group]
        assert Document.objects.filter(corpus=corpus).count() == expected[corpus.slug]
    assert len(first_run) == sum(expected.values())  # one ingest task per new document
    assert len(second_run) == 0
    assert set(Document.objects.values_list("status", flat=True)) == {"uploaded"}


class CountingEmbedder:
    """Unit vectors along axis i for the i-th text it is ever asked to embed."""

    name = "counting-test"
    dimensions = 384

    def __init__(self) -> None:
        self.seen: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.seen.extend(texts)
        return [np.eye(384)[len(self.seen) - len(texts) + i].tolist() for i in range(len(texts))]


@pytest.mark.django_db
def test_cached_vectors_are_reused_and_a_hash_cached_meanwhile_by_another_worker_is_kept() -> None:
    embedder = CountingEmbedder()
    first = ingestion.embed_cached(embedder, ["Alpha river gauge.", "Beta weir level."])
    # Another worker caches "Gamma" with its own vector between our lookup and our write.
    other = [0.0] * 383 + [1.0]
    cache_copy(embedder.name, [(ingestion.text_hash(embedder.name, "Gamma sluice."), other)])
    real_lookup = ingestion.EmbeddingCache.objects.filter
    again = ingestion.embed_cached(embedder, ["Beta weir level.", "Delta lock."])
    with mock.patch.object(ingestion.EmbeddingCache.objects, "filter", return_value=[]):
        ingestion.embed_cached(embedder, ["Gamma sluice."])  # misses the cache, writes anyway

    assert embedder.seen == [
        "Alpha river gauge.",
        "Beta weir level.",
        "Delta lock.",
        "Gamma sluice.",
    ]
    assert again[0] == first[1]
    rows = real_lookup(embedder=embedder.name)
    assert rows.count() == 4
    kept = rows.get(content_hash=ingestion.text_hash(embedder.name, "Gamma sluice."))
    assert list(kept.embedding) == other


# ------------------------------------------------------------------------------------ titles


def crane_pdf(*, metadata_title: str = "", heading: str = "", body: str = "") -> bytes:
    """A one-page PDF: an optional large heading over small body lines, optional metadata."""
    pdf = pymupdf.open()
    page = pdf.new_page()
    if heading:
        page.insert_text((72, 90), heading, fontsize=22)
    for line in range(12):
        text = f"{body} Crane {line} on the east quay passed its load test this spring."
        page.insert_text((72, 130 + 14 * line), text, fontsize=10)
    if metadata_title:
        pdf.set_metadata({"title": metadata_title})
    return pdf.tobytes()


@worker_db
def test_ingestion_titles_a_pdf_by_its_metadata_else_first_heading_else_its_file_name(
    celery_worker: object, corpus: Corpus
) -> None:
    files = [
        SimpleUploadedFile(
            "scan_0041.pdf",
            crane_pdf(metadata_title="East Quay Crane Survey", heading="Ignored", body="One."),
        ),
        SimpleUploadedFile("scan_0042.pdf", crane_pdf(heading="Load Tests of 2025", body="Two.")),
        SimpleUploadedFile("Crane_Log-FINAL.v2.pdf", crane_pdf(body="Three.")),
    ]
    outcomes = documents_upload(corpus=corpus, user=corpus.owner, files=files)
    named = document_add(
        corpus=corpus, data=crane_pdf(metadata_title="Metadata loses", body="Four."),
        filename="given.pdf", user=corpus.owner, title="A title given at upload",
    ).document  # fmt: skip
    ids = [o.document.pk for o in outcomes] + [named.pk]

    done = finished(*ids)

    assert [o.document.title for o in outcomes] == ["scan_0041", "scan_0042", "Crane_Log-FINAL.v2"]
    assert [d.status for d in done] == ["ready"] * 4, [d.failure_reason for d in done]
    assert [d.title for d in done] == [
        "East Quay Crane Survey",
        "Load Tests of 2025",
        "Crane_Log-FINAL.v2",
        "A title given at upload",
    ]
    titles = dict(Chunk.objects.filter(document_id__in=ids).values_list("document_id", "title"))
    assert [titles[pk] for pk in ids] == [d.title for d in done]


@worker_db
def test_reingesting_keeps_a_title_a_person_gave_the_document(
    celery_worker: object, corpus: Corpus
) -> None:
    (outcome,) = documents_upload(
        corpus=corpus, user=corpus.owner,
        files=[SimpleUploadedFile("crane.pdf", crane_pdf(metadata_title="From metadata"))],
    )  # fmt: skip
    (first,) = finished(outcome.document.pk)
    Document.objects.filter(pk=first.pk).update(title="Edited by hand", title_edited=True)

    document_reingest(document=first)
    (again,) = finished(first.pk, attempts=1, lease_expires=None)

    assert first.title == "From metadata"
    assert (again.status, again.title) == ("ready", "Edited by hand")
