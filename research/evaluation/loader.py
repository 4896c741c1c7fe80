"""Evaluation data: a separate database, corpora loaded from folders, cases from JSONL.

The evaluation never touches the user's data: it switches the default connection to its own
database (`<name>_eval` on the same server), migrates it, and keeps the loaded corpora there
so a second run reuses them.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connections

SUFFIXES = {".pdf", ".txt", ".md", ".html", ".htm"}


def use_eval_database(name: str | None = None) -> str:
    """Point the default connection at the evaluation database, creating and migrating it."""
    import psycopg

    base = settings.DATABASES["default"]
    eval_name = name or f"{base['NAME']}_eval"
    connections["default"].close()
    params = {
        "host": base.get("HOST") or None,
        "port": base.get("PORT") or None,
        "user": base.get("USER") or None,
        "password": base.get("PASSWORD") or None,
        "dbname": "postgres",
    }
    with psycopg.connect(**{k: v for k, v in params.items() if v}, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname=%s", [eval_name]).fetchone():
            conn.execute(f'CREATE DATABASE "{eval_name}"')
    base["NAME"] = eval_name
    connections["default"].settings_dict["NAME"] = eval_name
    call_command("migrate", interactive=False, verbosity=0)
    return eval_name


def eval_user() -> Any:
    user, _ = get_user_model().objects.get_or_create(username="evaluator")
    return user


@dataclass(frozen=True)
class Case:
    id: str
    goal: str
    corpora: list[str]
    parts: list[dict[str, Any]]
    type: str
    reference_trajectory: list[str]

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Case:
        return cls(
            id=str(raw["id"]),
            goal=raw["goal"],
            corpora=list(raw.get("corpora", [])),
            parts=list(raw["parts"]),
            type=str(raw.get("type", "multipart" if len(raw["parts"]) > 1 else "single")),
            reference_trajectory=list(raw.get("reference_trajectory") or []),
        )


def load_cases(path: Path) -> list[Case]:
    cases = []
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        if line.strip():
            try:
                cases.append(Case.from_json(json.loads(line)))
            except (KeyError, json.JSONDecodeError) as exc:
                raise ValueError(f"{path}:{n}: not a valid case ({exc})") from exc
    return cases


def _documents_meta(folder: Path) -> dict[str, dict[str, Any]]:
    meta = folder / "documents.json"
    if not meta.exists():
        return {}
    return {row["file"]: row for row in json.loads(meta.read_text())}


def _date(value: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        return None


def load_corpora(
    root: Path, *, only: set[str] | None = None, say: Callable[[str], None] = print
) -> dict[str, int]:
    """Load every `<root>/<slug>/corpus.json` folder; returns slug -> corpus id."""
    from corpora.models import Corpus, Document
    from corpora.services.corpora import corpus_create

    owner = eval_user()
    loaded: dict[str, int] = {}
    for folder in sorted(p for p in root.iterdir() if (p / "corpus.json").exists()):
        info = json.loads((folder / "corpus.json").read_text())
        slug = info["slug"]
        if only and slug not in only:
            continue
        corpus = Corpus.objects.filter(slug=slug).first() or corpus_create(
            owner=owner,
            name=info["name"],
            slug=slug,
            description=info["description"],
            is_public=True,
        )
        meta = _documents_meta(folder)
        files = sorted(p for p in folder.rglob("*") if p.suffix.lower() in SUFFIXES)
        _reextract_stale(corpus, say)
        have = set(
            Document.objects.filter(corpus=corpus, status="ready").values_list(
                "filename", flat=True
            )
        )
        todo = [p for p in files if p.name not in have]
        if todo:
            say(f"  {slug}: ingesting {len(todo)} of {len(files)} documents")
            ingest_files(corpus, todo, meta, owner, say=say)
        loaded[slug] = corpus.pk
    return loaded


def _reextract_stale(corpus: Any, say: Callable[[str], None]) -> None:
    """Documents read by an older extraction are read again, so a run measures today's."""
    from corpora.extraction import EXTRACTION_VERSION
    from corpora.models import Document
    from corpora.services.reextraction import document_reextract

    stale = list(
        Document.objects.filter(
            corpus=corpus, status="ready", extraction_version__lt=EXTRACTION_VERSION
        ).values_list("pk", flat=True)
    )
    if stale:
        say(f"  {corpus.slug}: re-extracting {len(stale)} documents read by an older extraction")
    for pk in stale:
        document_reextract(document_id=pk)


def ingest_files(
    corpus: Any,
    files: list[Path],
    meta: dict[str, dict[str, Any]],
    owner: Any,
    *,
    say: Callable[[str], None] = print,
) -> None:
    """Add, pre-embed in large batches (fills the cache), then ingest each document."""
    from corpora.chunking import chunk_pages
    from corpora.embedders import get_embedder
    from corpora.extraction import extract_pages
    from corpora.services.ingestion import document_ingest, embed_cached, embedding_text
    from corpora.services.uploads import document_add

    docs = []
    for path in files:
        row = meta.get(path.name, {})
        outcome = document_add(
            corpus=corpus,
            data=path.read_bytes(),
            filename=path.name,
            user=owner,
            title=html.unescape(row.get("title") or ""),  # "Kenan &amp; Kel" is "Kenan & Kel"
            document_date=_date(row.get("date")),
            enqueue=False,  # ingested below, in this process and in this (eval) database
        )
        if outcome.document is not None and outcome.status != "rejected":
            docs.append((outcome.document, path))
    embedder = get_embedder(corpus.embedder)
    texts: list[str] = []
    for doc, path in docs:
        pages = list(
            extract_pages(path.read_bytes(), doc.mime_type, max_pages=settings.UPLOAD_MAX_PAGES)
        )
        texts += [embedding_text(doc.title, s.text, s.section) for s in chunk_pages(pages)]
    for start in range(0, len(texts), 512):
        embed_cached(embedder, texts[start : start + 512])
        _progress(f"embedded {min(start + 512, len(texts))}/{len(texts)} chunks")
    for n, (doc, _) in enumerate(docs, start=1):
        document_ingest(document_id=doc.pk)
        if n % 200 == 0 or n == len(docs):
            _progress(f"ingested {n}/{len(docs)} documents")
    sys.stderr.write("\n")


def _progress(line: str) -> None:
    sys.stderr.write("\r    " + line + " " * 8)
    sys.stderr.flush()
