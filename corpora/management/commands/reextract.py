"""Re-extract stored documents in this process, without re-upload.

    manage.py reextract [--corpus SLUG ...] [--document ID ...] [--all] [--failed-too]
                        [--stale]

A corpus or --all selects its ready documents (and failed ones with --failed-too), with
--stale only those an older extraction made; a --document is taken whatever its status. A
ready document stays searchable throughout, and keeps its old chunks if re-extraction fails.
Without DATABASE_URL, the embedded PostgreSQL (and Redis) are started for the run and
stopped after.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Q

from corpora.embedders import EmbedderError
from corpora.extraction import EXTRACTION_VERSION
from corpora.models import Corpus, Document
from corpora.services.reextraction import FAILED, REEXTRACTED, ReextractResult, document_reextract
from ragsite import embedded

NOTHING_SELECTED = "Nothing selected: pass --corpus SLUG, --document ID or --all."
NO_CORPUS = "No corpus {slugs}."
NO_DOCUMENT = "No document with id {ids}."
UNMIGRATED = (
    "The database lacks {n} migration(s): run `manage.py migrate` (or `make run` once) first."
)
TRANSIENT = "{kind}; nothing was changed, run it again."


@dataclass
class Summary:
    reextracted: int = 0
    failed: int = 0
    skipped: int = 0
    chunks: int = 0
    chunks_before: int = 0


class Command(BaseCommand):
    help = "Re-extract stored documents (same pipeline as uploads, in this process)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--corpus", action="append", default=[], help="Corpus slug (repeat).")
        parser.add_argument(
            "--document", action="append", default=[], type=int, help="Document id (repeat)."
        )
        parser.add_argument("--all", action="store_true", help="Every corpus.")
        parser.add_argument(
            "--failed-too", action="store_true", help="With --corpus/--all: failed ones too."
        )
        parser.add_argument(
            "--stale",
            action="store_true",
            help="With --corpus/--all: only documents an older extraction made.",
        )

    def handle(self, *args: object, **options: object) -> None:
        slugs: list[str] = options["corpus"]  # type: ignore[assignment]
        ids: list[int] = options["document"]  # type: ignore[assignment]
        if not (slugs or ids or options["all"]):
            raise CommandError(NOTHING_SELECTED)
        services = (
            contextlib.nullcontext()
            if os.environ.get("DATABASE_URL")
            else embedded.services_running()
        )
        with services:
            executor = MigrationExecutor(connection)
            if pending := executor.migration_plan(executor.loader.graph.leaf_nodes()):
                raise CommandError(UNMIGRATED.format(n=len(pending)))
            documents = self._select(
                slugs,
                ids,
                every=bool(options["all"]),
                failed=bool(options["failed_too"]),
                stale=bool(options["stale"]),
            )
            self._run(documents)

    def _select(
        self, slugs: list[str], ids: list[int], *, every: bool, failed: bool, stale: bool
    ) -> list[Document]:
        known = set(Corpus.objects.filter(slug__in=slugs).values_list("slug", flat=True))
        if missing := sorted(set(slugs) - known):
            raise CommandError(NO_CORPUS.format(slugs=", ".join(missing)))
        found = set(Document.objects.filter(pk__in=ids).values_list("pk", flat=True))
        if unknown := sorted(set(ids) - found):
            raise CommandError(NO_DOCUMENT.format(ids=", ".join(map(str, unknown))))
        chosen = Q(pk__in=ids)
        if every or slugs:
            statuses = [Document.Status.READY] + ([Document.Status.FAILED] if failed else [])
            broad = Q() if every else Q(corpus__slug__in=slugs)
            if stale:
                broad &= Q(extraction_version__lt=EXTRACTION_VERSION)
            chosen |= broad & Q(status__in=statuses) & ~Q(file="")
        return list(Document.objects.filter(chosen).order_by("corpus__slug", "title", "pk"))

    def _run(self, documents: list[Document]) -> None:
        total = len(documents)
        self.stdout.write(f"Re-extracting {total} document(s).")
        live = self.stdout.isatty()
        summary = Summary()
        started = time.monotonic()
        for index, document in enumerate(documents, start=1):
            prefix = f"[{index}/{total}] {document.title}"

            def report(doc: Document, prefix: str = prefix) -> None:
                if live:
                    pages = f"{doc.pages_done}/{doc.page_count or '?'} pages"
                    self.stdout.write(f"\r{prefix}: {pages}", ending="")
                    self.stdout.flush()

            try:
                result = document_reextract(document_id=document.pk, on_progress=report)
            except (DatabaseError, EmbedderError) as exc:  # transient: the old rows are untouched
                reason = TRANSIENT.format(kind=type(exc).__name__)
                result = ReextractResult(document.pk, FAILED, document.status, 0, 0, reason)
            self._tally(summary, result)
            # On a terminal, erase the progress line before writing the outcome over it.
            self.stdout.write(("\r\x1b[K" if live else "") + self._line(prefix, result))
        elapsed_s = time.monotonic() - started
        self.stdout.write(
            f"{total} document(s) in {elapsed_s:.1f} s: {summary.reextracted} re-extracted "
            f"({summary.chunks} chunks, was {summary.chunks_before}), "
            f"{summary.failed} failed, {summary.skipped} skipped."
        )

    def _tally(self, summary: Summary, result: ReextractResult) -> None:
        if result.outcome == REEXTRACTED:
            summary.reextracted += 1
            summary.chunks += result.chunks
            summary.chunks_before += result.chunks_before
        elif result.outcome == FAILED:
            summary.failed += 1
        else:
            summary.skipped += 1

    def _line(self, prefix: str, result: ReextractResult) -> str:
        if result.outcome == REEXTRACTED:
            return f"{prefix}: {result.chunks} chunks (was {result.chunks_before})"
        if result.outcome == FAILED:
            kept = f", {result.chunks} chunks kept" if result.chunks else ""
            return self.style.ERROR(f"{prefix}: failed{kept}: {result.reason}")
        return self.style.WARNING(f"{prefix}: skipped: {result.reason}")
