from celery import shared_task
from django.db import InterfaceError, OperationalError

from corpora.embedders import EmbedderError


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError, EmbedderError),
    retry_backoff=5,
    retry_backoff_max=120,
    retry_jitter=True,
    max_retries=5,
)
def document_ingest_task(self, document_id: int) -> str:  # type: ignore[no-untyped-def]
    from corpora.services.ingestion import document_ingest

    return document_ingest(document_id=document_id, owner=self.request.id or "").status


@shared_task(
    bind=True,
    acks_late=True,
    # A redelivered task keeps its id, so its attempts count up to the pipeline's limit.
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError, EmbedderError),
    retry_backoff=5,
    retry_backoff_max=120,
    retry_jitter=True,
    max_retries=5,
)
def document_reextract_task(self, document_id: int) -> str:  # type: ignore[no-untyped-def]
    from corpora.services.reextraction import document_reextract

    return document_reextract(document_id=document_id, owner=self.request.id or "").status
