"""Uploads: validate each file on its own, store it, queue one ingest task per document."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import PurePosixPath, PureWindowsPath

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction

from corpora.extraction import DocumentRejected, sniff_mime
from corpora.models import Corpus, Document
from corpora.titles import TITLE_MAX_CHARS, title_from_filename

TOO_LARGE = "The file is {size_mb:.1f} MB; the limit is {limit_mb:.0f} MB."
DUPLICATE = "Already in this corpus as “{title}” (same bytes); not ingested twice."
QUEUED = "Queued for ingestion."


@dataclass(frozen=True)
class UploadOutcome:
    filename: str
    status: str  # queued | duplicate | rejected
    message: str
    document: Document | None = None


def filename_sanitize(name: str) -> str:
    """A display name: no directories, no control characters, bounded length."""
    name = PureWindowsPath(PurePosixPath(name or "").name).name
    name = unicodedata.normalize("NFC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    name = re.sub(r"\s+", " ", name).strip(" .") or "unnamed"
    if len(name) > 200:
        stem, dot, ext = name.rpartition(".")
        name = (stem[: 200 - len(ext) - 1] + dot + ext) if dot and len(ext) <= 10 else name[:200]
    return name


def _storage_name(filename: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", filename)[-120:]
    return safe.lstrip(".") or "document"


def document_add(
    *,
    corpus: Corpus,
    data: bytes,
    filename: str,
    user: AbstractBaseUser | None,
    title: str = "",
    document_date: dt.date | None = None,
    enqueue: bool = True,
) -> UploadOutcome:
    """Validate one file and create its Document; rejected files become failed documents.

    The type is judged before duplicates: a rejected file is stored without its bytes, so it
    is rejected again on every upload and never makes a later valid upload a duplicate.
    A given `title` is kept through ingestion; without one, ingestion titles the document.
    `enqueue=False` is for callers that ingest in their own process (the `ingest` command):
    a queued task would race them for the same document.
    """
    from corpora.tasks import document_ingest_task

    display = filename_sanitize(filename)
    sha = hashlib.sha256(data).hexdigest()
    doc = Document(
        corpus=corpus,
        filename=display,
        sha256=sha,
        size_bytes=len(data),
        title=(title or title_from_filename(display))[:TITLE_MAX_CHARS],
        title_edited=bool(title),
        document_date=document_date,
        uploaded_by=user,
    )
    if len(data) > settings.UPLOAD_MAX_BYTES:
        return _rejected(doc, _too_large(len(data)))
    try:
        doc.mime_type = sniff_mime(data, display)
    except DocumentRejected as exc:
        return _rejected(doc, exc.user_message)
    existing = _stored_with_bytes(corpus, sha)
    if existing is not None:
        return _duplicate(display, existing)
    try:
        with transaction.atomic():
            doc.file.save(_storage_name(display), ContentFile(data), save=False)
            doc.save()
            if enqueue:
                transaction.on_commit(lambda: document_ingest_task.delay(doc.pk))
    except IntegrityError:  # a concurrent upload of the same bytes won the race
        doc.file.delete(save=False)
        return _duplicate(display, Document.objects.exclude(file="").get(corpus=corpus, sha256=sha))
    return UploadOutcome(display, "queued", QUEUED, doc)


def _stored_with_bytes(corpus: Corpus, sha: str) -> Document | None:
    """The corpus's accepted document with these bytes (rejected ones have no stored file)."""
    return Document.objects.filter(corpus=corpus, sha256=sha).exclude(file="").first()


def _duplicate(display: str, existing: Document) -> UploadOutcome:
    return UploadOutcome(display, "duplicate", DUPLICATE.format(title=existing.title), existing)


def _too_large(size: int) -> str:
    return TOO_LARGE.format(size_mb=size / 2**20, limit_mb=settings.UPLOAD_MAX_BYTES / 2**20)


def _rejected(doc: Document, reason: str) -> UploadOutcome:
    """Keep the rejection as a failed document without bytes: the uploader sees why."""
    doc.status, doc.failure_reason = Document.Status.FAILED, reason
    doc.mime_type = doc.mime_type or "application/octet-stream"
    doc.save()
    return UploadOutcome(doc.filename, "rejected", reason, doc)


def documents_upload(
    *, corpus: Corpus, user: AbstractBaseUser, files: list[UploadedFile]
) -> list[UploadOutcome]:
    """Each file is judged alone: one bad file never stops the others."""
    outcomes = []
    for upload in files:
        if upload.size is not None and upload.size > settings.UPLOAD_MAX_BYTES:
            outcomes.append(_oversized_upload(corpus=corpus, user=user, upload=upload))
            continue
        data = upload.read()
        outcomes.append(
            document_add(corpus=corpus, data=data, filename=upload.name or "", user=user)
        )
    return outcomes


def _oversized_upload(
    *, corpus: Corpus, user: AbstractBaseUser, upload: UploadedFile
) -> UploadOutcome:
    """A failed document with the size message, like any rejected file; hashed in chunks, so a
    huge upload is never read into memory, and its bytes are not stored."""
    digest = hashlib.sha256()
    for chunk in upload.chunks():
        digest.update(chunk)
    display = filename_sanitize(upload.name or "")
    doc = Document(
        corpus=corpus,
        filename=display,
        sha256=digest.hexdigest(),
        size_bytes=upload.size or 0,
        title=title_from_filename(display)[:TITLE_MAX_CHARS],
        uploaded_by=user,
    )
    return _rejected(doc, _too_large(upload.size or 0))


def document_delete(*, document: Document) -> None:
    """Delete the document with its pages and chunks; its stored file goes once that commits."""
    name, storage = document.file.name, document.file.storage
    with transaction.atomic():
        Document.objects.filter(pk=document.pk).delete()
        if name:
            transaction.on_commit(lambda: storage.delete(name))
