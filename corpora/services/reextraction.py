"""Re-extract a stored document (ready or failed) through the ingest pipeline, without re-upload.

The whole run is one transaction around `document_ingest`: other connections go on seeing the
document as it was (a ready one stays ready, its old chunks searchable) until the new pages
and chunks commit together. If the run does not end ready, it is rolled back, so the old rows
and status stay, and only the reason is recorded. The document's row stays locked meanwhile:
a second re-extraction skips it, and other writes to it wait.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from corpora.models import Chunk, Document
from corpora.services.ingestion import ProgressCallback, document_ingest

logger = logging.getLogger(__name__)

REEXTRACTED = "reextracted"
FAILED = "failed"
SKIPPED = "skipped"

MISSING = "No such document."
BUSY = "The document is being ingested or re-extracted elsewhere; try again once it is done."
NO_FILE = "The document has no stored file (it was rejected at upload); upload it again."
KEPT = "Re-extraction failed, so the earlier text is kept: {reason}"
ENDED_AS = "The ingest pipeline stopped ({status}) without writing new chunks."


@dataclass(frozen=True)
class ReextractResult:
    document_id: int
    outcome: str  # reextracted | failed | skipped
    status: str  # the document's status afterwards ("missing" if there is none)
    chunks: int  # chunks the document has afterwards
    chunks_before: int
    reason: str = ""  # why it failed or was skipped


def document_reextract(
    *, document_id: int, on_progress: ProgressCallback | None = None
) -> ReextractResult:
    """Replace a ready or failed document's pages and chunks from its stored file, or keep them.

    Transient errors (database, retryable embedder) propagate after the rollback, for a retry.
    """
    with transaction.atomic(durable=True):
        row = Document.objects.select_for_update(skip_locked=True).filter(pk=document_id)
        locked = row.first()
        if locked is None:
            current = Document.objects.filter(pk=document_id).values_list("status", flat=True)
            status = current.first()
            return _skipped(document_id, BUSY if status else MISSING, status)
        if not locked.is_terminal:
            return _skipped(document_id, BUSY, locked.status)
        if not locked.file:
            return _skipped(document_id, NO_FILE, locked.status)
        before = Chunk.objects.filter(document=locked).count()
        previous = locked.status
        # Seen by nothing outside this transaction: the pipeline claims the document as if it
        # had just been uploaded, with fresh attempts.
        row.update(status=Document.Status.UPLOADED, attempts=0, lease_expires=None)
        result = document_ingest(document_id=document_id, on_progress=on_progress)
        if result.status == Document.Status.READY and result.chunks:
            return ReextractResult(document_id, REEXTRACTED, result.status, result.chunks, before)
        failed = result.status == Document.Status.FAILED
        reason = row.values_list("failure_reason", flat=True).first() if failed else ""
        transaction.set_rollback(True)
    return _failed(document_id, previous, before, reason or ENDED_AS.format(status=result.status))


def _skipped(document_id: int, reason: str, status: str | None) -> ReextractResult:
    chunks = Chunk.objects.filter(document_id=document_id).count()
    return ReextractResult(document_id, SKIPPED, status or "missing", chunks, chunks, reason)


def _failed(document_id: int, previous: str, chunks: int, reason: str) -> ReextractResult:
    """Record why on the untouched document; a ready one stays ready with its old chunks."""
    logger.warning("re-extraction of document %s failed: %s", document_id, reason)
    recorded = KEPT.format(reason=reason) if previous == Document.Status.READY else reason
    Document.objects.filter(pk=document_id, status=previous).update(
        failure_reason=recorded, updated=timezone.now()
    )
    return ReextractResult(document_id, FAILED, previous, chunks, chunks, recorded)


def document_reextract_enqueue(*, document_id: int) -> None:
    """Queue a re-extraction once the caller's transaction commits."""
    from corpora.tasks import document_reextract_task

    transaction.on_commit(lambda: document_reextract_task.delay(document_id))
