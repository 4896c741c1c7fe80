"""Bulk-load files into a corpus through the same pipeline as uploads, in this process.

    manage.py ingest PATH... --corpus SLUG [--create --name N --description D] [--user U]

Directories are walked recursively for .pdf .txt .md .html .htm files. A folder's
documents.json ([{"file", "title", "date"}], the format of shared/eval/*/corpora/<slug>/)
supplies titles and dates; with --create, its corpus.json supplies name and description.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Group
from django.core.management.base import BaseCommand, CommandError, CommandParser

from corpora.models import Corpus, Document
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add

SUFFIXES = frozenset({".pdf", ".txt", ".md", ".html", ".htm"})
BAR_WIDTH = 24


@dataclass(frozen=True)
class Meta:
    title: str = ""
    date: dt.date | None = None


@dataclass
class Summary:
    ready: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    pages: int = 0
    chunks: int = 0


def _date(value: object) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def metadata_load(path: Path) -> dict[Path, Meta]:
    """documents.json entries by resolved file path; a missing or broken file gives {}."""
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and entry.get("file"):
            meta = Meta(str(entry.get("title") or "").strip(), _date(entry.get("date")))
            found[(path.parent / str(entry["file"])).resolve()] = meta
    return found


def files_collect(paths: list[Path]) -> tuple[list[Path], dict[Path, Meta]]:
    """Files to ingest in a stable order, plus every documents.json met on the way."""
    files: list[Path] = []
    meta: dict[Path, Meta] = {}
    for path in paths:
        if path.is_file():
            files.append(path)
            meta |= metadata_load(path.parent / "documents.json")
        elif path.is_dir():
            for listing in sorted(path.rglob("documents.json")):
                meta |= metadata_load(listing)
            files += sorted(
                p
                for p in path.rglob("*")
                if p.is_file()
                and p.suffix.lower() in SUFFIXES
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            )
        else:
            raise CommandError(f"{path} does not exist.")
    unique = list(dict.fromkeys(p.resolve() for p in files))
    return unique, meta


class Progress:
    """One terminal line per document: a bar of pages done, and documents done / total."""

    def __init__(self, out: object, total: int, *, live: bool) -> None:
        self.out, self.total, self.live = out, total, live
        self.index, self.name = 0, ""

    def start(self, index: int, name: str) -> None:
        self.index, self.name = index, name
        self.show(0, 0)

    def show(self, done: int, pages: int) -> None:
        if not self.live:
            return
        filled = int(BAR_WIDTH * done / pages) if pages else 0
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        line = f"[{bar}] {done:>4}/{pages or '?':<4} pages  doc {self.index}/{self.total}  "
        self.out.write("\r" + line + self.name[:40].ljust(40), ending="")  # type: ignore[attr-defined]
        self.out.flush()  # type: ignore[attr-defined]

    def finish(self, status: str, detail: str = "") -> None:
        prefix = "\r" if self.live else ""
        text = f"{prefix}{self.index}/{self.total} {status:<9} {self.name}"
        self.out.write(text.ljust(BAR_WIDTH + 60) + (f"  {detail}" if detail else ""))  # type: ignore[attr-defined]


class Command(BaseCommand):
    help = "Ingest files and folders into a corpus (same pipeline as uploads, in this process)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, help="Files or folders (recursive).")
        parser.add_argument("--corpus", required=True, help="Slug of the target corpus.")
        parser.add_argument("--create", action="store_true", help="Create the corpus if missing.")
        parser.add_argument("--name", default="", help="Name of a corpus created with --create.")
        parser.add_argument("--description", default="", help="Its description (routing).")
        parser.add_argument("--group", action="append", default=[], help="Share with a group.")
        parser.add_argument("--public", action="store_true", help="Visible to every user.")
        parser.add_argument("--user", default="", help="Owner/uploader (default: a superuser).")
        parser.add_argument(
            "--titles", type=Path, help="A documents.json with titles and dates to use."
        )

    def handle(self, *args: object, **options: object) -> None:
        paths: list[Path] = options["paths"]  # type: ignore[assignment]
        user = self._user(str(options["user"]))
        corpus = self._corpus(options, user, paths)
        files, meta = files_collect(paths)
        if options["titles"]:
            meta |= metadata_load(options["titles"])  # type: ignore[arg-type]
        if not files:
            raise CommandError("No .pdf, .txt, .md, .html or .htm files found.")
        self.stdout.write(f"Ingesting {len(files)} file(s) into “{corpus.name}” ({corpus.slug}).")
        started = time.monotonic()
        summary = self._ingest(corpus, user, files, meta)
        self._report(summary, len(files), time.monotonic() - started)

    def _user(self, username: str) -> AbstractBaseUser:
        users = get_user_model().objects
        user = (
            users.filter(username=username).first()
            if username
            else users.filter(is_superuser=True).order_by("pk").first()
        )
        if user is None:
            raise CommandError(
                f"No user {username!r}." if username else "No superuser; pass --user USERNAME."
            )
        return user

    def _corpus(self, options: dict, user: AbstractBaseUser, paths: list[Path]) -> Corpus:
        slug = options["corpus"]
        corpus = Corpus.objects.filter(slug=slug).first()
        if corpus is not None:
            return corpus
        if not options["create"]:
            raise CommandError(f"No corpus {slug!r}; add --create --description '…' to make it.")
        info = {}
        for folder in (p if p.is_dir() else p.parent for p in paths):
            if (folder / "corpus.json").is_file():
                info = json.loads((folder / "corpus.json").read_text(encoding="utf-8"))
                break
        description = options["description"] or info.get("description", "")
        if not description.strip():
            raise CommandError("A new corpus needs --description (the planner routes by it).")
        groups = []
        for name in options["group"]:
            groups.append(Group.objects.get_or_create(name=name)[0])
        return corpus_create(
            owner=user,
            name=options["name"] or info.get("name") or slug,
            description=description,
            slug=slug,
            groups=groups,
            is_public=bool(options["public"]),
        )

    def _ingest(
        self, corpus: Corpus, user: AbstractBaseUser, files: list[Path], meta: dict[Path, Meta]
    ) -> Summary:
        summary = Summary()
        progress = Progress(self.stdout, len(files), live=self.stdout.isatty())
        for index, path in enumerate(files, start=1):
            info = meta.get(path, Meta())
            progress.start(index, path.name)
            outcome = document_add(
                corpus=corpus,
                data=path.read_bytes(),
                filename=path.name,
                user=user,
                title=info.title,
                document_date=info.date,
                enqueue=False,
            )
            if outcome.status == "duplicate":
                summary.duplicates.append((path.name, outcome.message))
                progress.finish("duplicate")
                continue
            if outcome.status == "rejected" or outcome.document is None:
                summary.failed.append((path.name, outcome.message))
                progress.finish("rejected", outcome.message)
                continue

            def report(doc: Document) -> None:
                progress.show(doc.pages_done, doc.page_count)

            result = document_ingest(document_id=outcome.document.pk, on_progress=report)
            doc = Document.objects.get(pk=outcome.document.pk)
            if result.status == Document.Status.READY:
                summary.ready.append(path.name)
                summary.pages += doc.page_count
                summary.chunks += result.chunks
                progress.finish("ready", f"{doc.page_count} pages, {result.chunks} chunks")
            else:
                reason = doc.failure_reason or f"ended as {result.status}"
                summary.failed.append((path.name, reason))
                progress.finish("failed", reason)
        return summary

    def _report(self, summary: Summary, total: int, elapsed_s: float) -> None:
        self.stdout.write("")
        self.stdout.write(
            self.style.SUCCESS(
                f"{len(summary.ready)} ready ({summary.pages} pages, {summary.chunks} chunks), "
            )
            + f"{len(summary.duplicates)} duplicate(s), {len(summary.failed)} failed, "
            f"of {total} file(s) in {elapsed_s:.1f} s."
        )
        for name, reason in summary.failed:
            self.stdout.write(self.style.ERROR(f"  failed     {name}: {reason}"))
        for name, reason in summary.duplicates:
            self.stdout.write(self.style.WARNING(f"  duplicate  {name}: {reason}"))
