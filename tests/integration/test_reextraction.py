"""Re-extraction of stored documents: the service, the `reextract` command, the admin action.

Documents are uploaded through the upload service and ingested in this process; the PDFs are
built here with PyMuPDF from invented text.
"""

from __future__ import annotations

import io
import re
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import pymupdf
import pytest
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from corpora.extraction import EXTRACTION_VERSION
from corpora.models import Chunk, Corpus, Document, Page
from corpora.search import chunk_search
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import FILE_MISSING, KEPT, document_ingest
from corpora.services.reextraction import (
    FAILED,
    NO_FILE,
    REEXTRACTED,
    SKIPPED,
    document_reextract,
)
from corpora.services.uploads import document_add
from corpora.tasks import document_reextract_task
from ragsite.celery import app
from tests.factories import UserFactory

pytestmark = pytest.mark.integration

T = TypeVar("T")

LIGHTHOUSE = (
    "Quillfeather Light",
    [
        "The Quillfeather lighthouse stands on the basalt spur north of Marrowby harbour. "
        "Its lamp was first lit on 9 October 1871 by the keeper Ansel Dorrow, who kept a "
        "weather log for thirty-one years. ",
        "In 1923 the paraffin lamp gave way to an acetylene burner made in Leith; the lens, "
        "a second-order Fresnel assembly, was kept. Fog signals were sounded by a reed horn "
        "driven by compressed air from a shed on the landward side. ",
        "The light was automated in 1987. The keepers' cottages now house a small museum of "
        "the Marrowby fishing fleet, open from Easter to the end of September. ",
    ],
)
CANAL = (
    "Tessaly Canal",
    [
        "The Tessaly canal joins the river Orn to the salt flats at Crane Ness. It was dug "
        "between 1794 and 1802 and has eleven locks, the deepest at Hobb's Rise. ",
        "Barges carried salt inland and coal outward until the railway reached Crane Ness "
        "in 1861. Traffic fell by half within ten years. ",
    ],
)
SEARCH_QUERY = "acetylene burner Quillfeather lighthouse"


def pdf_build(title: str, paragraphs: list[str], *, repeat: int = 6) -> bytes:
    """A PDF with one page per paragraph, each repeated so pages span several chunks."""
    doc = pymupdf.open()
    for paragraph in paragraphs:
        page = doc.new_page()
        rect = pymupdf.Rect(56, 56, page.rect.width - 56, page.rect.height - 56)
        assert page.insert_textbox(rect, f"{title}\n\n" + paragraph * repeat, fontsize=10) >= 0
    data = doc.tobytes()
    doc.close()
    return data


def wait_for(probe: Callable[[], T], *, what: str, timeout_s: float = 120.0) -> T:
    """Poll `probe` until it returns something truthy, or fail once the deadline passes."""
    deadline = time.monotonic() + timeout_s
    while not (value := probe()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(0.1)
    return value


def chunk_rows(document: Document) -> list[tuple[int, str, int, int]]:
    rows = Chunk.objects.filter(document=document).order_by("ordinal", "pk")
    return list(rows.values_list("ordinal", "text", "page_start", "page_end"))


def chunk_ids(document: Document) -> set[int]:
    return set(Chunk.objects.filter(document=document).values_list("pk", flat=True))


def uploaded(corpus: Corpus, source: tuple[str, list[str]]) -> Document:
    title, paragraphs = source
    outcome = document_add(
        corpus=corpus, data=pdf_build(title, paragraphs), filename=f"{title}.pdf",
        user=corpus.owner, title=title, enqueue=False,
    )  # fmt: skip
    assert outcome.status == "queued", outcome.message
    assert outcome.document is not None
    return outcome.document


def ingested(corpus: Corpus, source: tuple[str, list[str]]) -> Document:
    document = uploaded(corpus, source)
    result = document_ingest(document_id=document.pk)
    document.refresh_from_db()
    assert result.status == Document.Status.READY, document.failure_reason
    return document


def failed_earlier(corpus: Corpus, source: tuple[str, list[str]]) -> Document:
    """A stored document left failed, as by older extraction code."""
    document = uploaded(corpus, source)
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.FAILED, failure_reason="The document contains no readable text."
    )
    document.refresh_from_db()
    return document


def file_remove(document: Document) -> None:
    document.file.storage.delete(document.file.name)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def corpus(db: None) -> Corpus:
    group = Group.objects.create(name="keepers")
    owner = UserFactory()
    owner.groups.add(group)
    return corpus_create(
        owner=owner, name="Coast", description="Invented notes on coastal works.", groups=[group],
        slug="coast",
    )  # fmt: skip


@pytest.mark.django_db
def test_reextracting_twice_rewrites_the_same_chunk_rows_without_duplicates(
    corpus: Corpus,
) -> None:
    document = ingested(corpus, LIGHTHOUSE)
    rows, ids = chunk_rows(document), chunk_ids(document)
    assert len(rows) >= 3

    first = document_reextract(document_id=document.pk)
    after_first = chunk_ids(document)
    second = document_reextract(document_id=document.pk)

    for result in (first, second):
        assert (result.outcome, result.status, result.reason) == (REEXTRACTED, "ready", "")
        assert result.chunks == result.chunks_before == len(rows)
    assert chunk_rows(document) == rows
    assert [ordinal for ordinal, *_ in rows] == list(range(len(rows)))
    # Each run wrote a fresh set of rows, and nothing of the previous set is left.
    assert ids.isdisjoint(after_first)
    assert after_first.isdisjoint(chunk_ids(document))
    assert len(chunk_ids(document)) == len(rows)
    assert list(Page.objects.filter(document=document).values_list("number", flat=True)) == [
        1, 2, 3,
    ]  # fmt: skip
    document.refresh_from_db()
    assert (document.status, document.attempts, document.failure_reason) == ("ready", 1, "")


@pytest.mark.django_db
def test_a_ready_document_whose_reextraction_fails_stays_ready_and_searchable_with_its_old_chunks(
    corpus: Corpus,
) -> None:
    document = ingested(corpus, LIGHTHOUSE)
    rows, ids = chunk_rows(document), chunk_ids(document)
    file_remove(document)

    result = document_reextract(document_id=document.pk)

    assert (result.outcome, result.status) == (FAILED, "ready")
    assert result.chunks == result.chunks_before == len(rows)
    assert result.reason == KEPT.format(reason=FILE_MISSING)
    document.refresh_from_db()
    assert (document.status, document.failure_reason) == ("ready", KEPT.format(reason=FILE_MISSING))
    assert (chunk_rows(document), chunk_ids(document)) == (rows, ids)
    assert Page.objects.filter(document=document).count() == 3
    hits = chunk_search(user=corpus.owner, query=SEARCH_QUERY, corpus_ids=[corpus.pk])
    assert hits
    assert {hit.document_id for hit in hits} == {document.pk}


@pytest.mark.django_db
def test_a_failed_document_with_its_file_is_reextracted_to_ready(corpus: Corpus) -> None:
    document = failed_earlier(corpus, CANAL)

    result = document_reextract(document_id=document.pk)

    assert (result.outcome, result.status, result.chunks_before) == (REEXTRACTED, "ready", 0)
    document.refresh_from_db()
    assert (document.status, document.failure_reason, document.page_count) == ("ready", "", 2)
    assert result.chunks == len(chunk_rows(document)) > 0
    hits = chunk_search(user=corpus.owner, query="Tessaly canal locks", corpus_ids=[corpus.pk])
    assert {hit.document_id for hit in hits} == {document.pk}


@pytest.mark.django_db
def test_a_failed_document_that_fails_again_stays_failed_with_the_new_reason(
    corpus: Corpus,
) -> None:
    document = failed_earlier(corpus, CANAL)
    file_remove(document)

    result = document_reextract(document_id=document.pk)

    assert (result.outcome, result.status, result.reason) == (FAILED, "failed", FILE_MISSING)
    document.refresh_from_db()
    assert (document.status, document.failure_reason) == ("failed", FILE_MISSING)
    assert not chunk_ids(document)


@pytest.mark.django_db
def test_documents_rejected_at_upload_or_still_ingesting_are_skipped_untouched(
    corpus: Corpus,
) -> None:
    rejected = document_add(
        corpus=corpus, data=b"", filename="empty.pdf", user=corpus.owner, enqueue=False
    ).document
    assert rejected is not None
    reason = rejected.failure_reason
    queued = uploaded(corpus, CANAL)

    skipped = document_reextract(document_id=rejected.pk)
    busy = document_reextract(document_id=queued.pk)

    assert (skipped.outcome, skipped.status, skipped.reason) == (SKIPPED, "failed", NO_FILE)
    assert (busy.outcome, busy.status) == (SKIPPED, "uploaded")
    rejected.refresh_from_db()
    queued.refresh_from_db()
    assert (rejected.status, rejected.failure_reason) == ("failed", reason)
    assert (queued.status, queued.attempts) == ("uploaded", 0)


@pytest.mark.django_db(transaction=True)
def test_other_connections_see_the_old_chunks_of_a_ready_document_until_its_new_ones_commit(
    corpus: Corpus,
) -> None:
    document = ingested(corpus, LIGHTHOUSE)
    old_ids = chunk_ids(document)
    seen: list[tuple[str, set[int], set[int]]] = []

    def look_from_another_connection() -> None:
        try:
            status = Document.objects.get(pk=document.pk).status
            hits = chunk_search(user=corpus.owner, query=SEARCH_QUERY, corpus_ids=[corpus.pk])
            seen.append((status, chunk_ids(document), {h.chunk_id for h in hits}))
        finally:
            connection.close()

    def on_progress(doc: Document) -> None:
        # Called while the new chunks are embedded, and once more after they replaced the old.
        looker = threading.Thread(target=look_from_another_connection)
        looker.start()
        looker.join()

    result = document_reextract(document_id=document.pk, on_progress=on_progress)

    assert result.outcome == REEXTRACTED
    new_ids = chunk_ids(document)
    assert new_ids
    assert new_ids.isdisjoint(old_ids)
    *during, after = seen
    assert during
    for status, ids, hit_ids in during:
        assert status == "ready"
        assert ids == old_ids
        assert hit_ids
        assert hit_ids <= old_ids
    assert after[0] == "ready" and after[1] == new_ids and after[2] <= new_ids


@pytest.mark.django_db(transaction=True)
def test_the_command_reextracts_a_corpus_printing_progress_and_a_summary(
    corpus: Corpus,
) -> None:
    canal = ingested(corpus, CANAL)
    lighthouse = ingested(corpus, LIGHTHOUSE)
    failed = failed_earlier(corpus, ("Orn Weir", CANAL[1][:1]))
    canal_chunks, lighthouse_chunks = len(chunk_rows(canal)), len(chunk_rows(lighthouse))
    file_remove(lighthouse)
    out = io.StringIO()

    call_command("reextract", "--corpus", "coast", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        "Re-extracting 2 document(s).",
        f"[1/2] Quillfeather Light: failed, {lighthouse_chunks} chunks kept: "
        + KEPT.format(reason=FILE_MISSING),
        f"[2/2] Tessaly Canal: {canal_chunks} chunks (was {canal_chunks})",
    ]
    assert re.fullmatch(
        rf"2 document\(s\) in \d+\.\d s: 1 re-extracted \({canal_chunks} chunks, "
        rf"was {canal_chunks}\), 1 failed, 0 skipped\.",
        lines[3],
    ), lines[3]
    assert len(lines) == 4
    assert Document.objects.get(pk=failed.pk).status == "failed"

    Document.objects.filter(pk=canal.pk).update(extraction_version=1)  # an older extraction
    out = io.StringIO()
    call_command("reextract", "--all", "--stale", stdout=out)
    assert out.getvalue().startswith("Re-extracting 1 document(s).\n[1/1] Tessaly Canal:")
    assert Document.objects.get(pk=canal.pk).extraction_version == EXTRACTION_VERSION

    out = io.StringIO()
    call_command("reextract", "--all", "--failed-too", stdout=out)

    assert "Re-extracting 3 document(s)." in out.getvalue()
    assert re.search(r"\[1/3\] Orn Weir: \d+ chunks \(was 0\)", out.getvalue())
    assert Document.objects.get(pk=failed.pk).status == "ready"


def test_the_command_refuses_to_run_without_a_selection() -> None:
    with pytest.raises(CommandError, match=re.escape("Nothing selected: pass --corpus SLUG")):
        call_command("reextract", "--failed-too", stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_the_command_refuses_an_unknown_corpus_or_document(corpus: Corpus) -> None:
    with pytest.raises(CommandError, match=re.escape("No corpus nowhere.")):
        call_command("reextract", "--corpus", "coast", "--corpus", "nowhere")
    with pytest.raises(CommandError, match=re.escape("No document with id 987654.")):
        call_command("reextract", "--document", "987654")


def test_the_reextract_task_is_routed_to_the_ingest_queue() -> None:
    route = app.amqp.router.route({}, document_reextract_task.name)

    assert route["queue"].name == "ingest"


@pytest.mark.django_db(transaction=True)
def test_the_admin_action_queues_one_reextraction_per_document_for_the_worker(
    celery_worker: object, corpus: Corpus
) -> None:
    documents = [ingested(corpus, CANAL), ingested(corpus, LIGHTHOUSE)]
    before = {d.pk: (chunk_rows(d), chunk_ids(d)) for d in documents}
    admin = UserFactory(is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)

    response = client.post(
        reverse("admin:corpora_document_changelist"),
        {"action": "reextract", "_selected_action": [d.pk for d in documents]},
        follow=True,
    )

    assert "Queued 2 document(s) for re-extraction." in response.content.decode()

    def replaced() -> bool:
        return all(chunk_ids(d).isdisjoint(before[d.pk][1]) and chunk_ids(d) for d in documents)

    wait_for(replaced, what="both documents to be re-extracted by the worker")
    for document in documents:
        document.refresh_from_db()
        assert document.status == "ready"
        assert chunk_rows(document) == before[document.pk][0]
