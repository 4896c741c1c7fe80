from celery import shared_task
from django.db import InterfaceError, OperationalError

from corpora.embedders import EmbedderError

# Ingestion and re-extraction alike: a redelivered task keeps its id, so the pipeline counts
# its attempts; database and embedder hiccups are retried with backoff.
_DOCUMENT_TASK = {
    "bind": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError, InterfaceError, EmbedderError),
    "retry_backoff": 5,
    "retry_backoff_max": 120,
    "retry_jitter": True,
    "max_retries": 5,
}


@shared_task(**_DOCUMENT_TASK)
def document_ingest_task(self, document_id: int) -> str:  # type: ignore[no-untyped-def]
    from corpora.services.ingestion import document_ingest

    return document_ingest(document_id=document_id, owner=self.request.id or "").status


@shared_task(**_DOCUMENT_TASK)
def document_reextract_task(self, document_id: int) -> str:  # type: ignore[no-untyped-def]
    from corpora.services.reextraction import document_reextract

    return document_reextract(document_id=document_id, owner=self.request.id or "").status
