"""Re-extract a stored document (ready or failed) through the ingest pipeline, without re-upload.

`document_ingest(again=True)` does the work: a ready document stays ready, its old chunks
searchable, until the new pages and chunks replace them in one transaction; if the run fails,
the old rows stay and only the reason is recorded. No transaction is held while embedding.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction

from corpora.models import Chunk, Document
from corpora.services.ingestion import ProgressCallback, document_ingest

logger = logging.getLogger(__name__)

REEXTRACTED = "reextracted"
FAILED = "failed"
SKIPPED = "skipped"

MISSING = "No such document."
BUSY = "The document is being ingested or re-extracted elsewhere; try again once it is done."
NO_FILE = "The document has no stored file (it was rejected at upload); upload it again."


@dataclass(frozen=True)
class ReextractResult:
    document_id: int
    outcome: str  # reextracted | failed | skipped
    status: str  # the document's status afterwards ("missing" if there is none)
    chunks: int  # chunks the document has afterwards
    chunks_before: int
    reason: str = ""  # why it failed or was skipped


def document_reextract(
    *, document_id: int, owner: str = "", on_progress: ProgressCallback | None = None
) -> ReextractResult:
    """Replace a ready or failed document's pages and chunks from its stored file, or keep them.

    Transient errors (database, retryable embedder) propagate, for a retry.
    """
    document = Document.objects.filter(pk=document_id).first()
    if document is None:
        return _skipped(document_id, MISSING, None)
    if not document.file:
        return _skipped(document_id, NO_FILE, document.status)
    before = Chunk.objects.filter(document=document).count()
    result = document_ingest(
        document_id=document_id, owner=owner, on_progress=on_progress, again=True
    )
    if not result.claimed:
        return _skipped(document_id, BUSY, result.status)
    if result.status == Document.Status.READY and result.chunks:
        return ReextractResult(document_id, REEXTRACTED, result.status, result.chunks, before)
    reason = Document.objects.filter(pk=document_id).values_list("failure_reason", flat=True)
    logger.warning("re-extraction of document %s failed: %s", document_id, reason.first())
    chunks = Chunk.objects.filter(document_id=document_id).count()
    return ReextractResult(document_id, FAILED, result.status, chunks, before, reason.first() or "")


def _skipped(document_id: int, reason: str, status: str | None) -> ReextractResult:
    chunks = Chunk.objects.filter(document_id=document_id).count()
    return ReextractResult(document_id, SKIPPED, status or "missing", chunks, chunks, reason)


def document_reextract_enqueue(*, document_id: int) -> None:
    """Queue a re-extraction once the caller's transaction commits."""
    from corpora.tasks import document_reextract_task

    transaction.on_commit(lambda: document_reextract_task.delay(document_id))
