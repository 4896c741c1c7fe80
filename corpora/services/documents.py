"""Changes a person makes to a stored document (its title); uploads and ingestion are elsewhere."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from corpora.models import Chunk, Document
from corpora.services.reextraction import document_reextract_enqueue


@transaction.atomic
def document_retitle(*, document: Document, title: str) -> Document:
    """Give the document a person's title, kept through later ingestions.

    Its chunks carry the title at once (full-text and title search); a ready document is
    re-extracted in the background so its vectors, which embed the title, follow.
    """
    title = " ".join(title.split())
    stored = Document.objects.filter(pk=document.pk).values_list("title", flat=True).first()
    changed = title != stored
    document.title, document.title_edited = title, True
    others = [field.name for field in Document._meta.fields if field.name != "title"]
    document.full_clean(exclude=others, validate_unique=False, validate_constraints=False)
    Document.objects.filter(pk=document.pk).update(
        title=title, title_edited=True, updated=timezone.now()
    )
    if changed:
        Chunk.objects.filter(document_id=document.pk).update(title=title)
        if document.status == Document.Status.READY and document.file:
            document_reextract_enqueue(document_id=document.pk)
    return document
