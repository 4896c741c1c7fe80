"""Two text-fidelity figures of a loaded set, read from its stored chunks (no run involved).

- text fidelity: of the answerable parts (no `"unanswerable": true`, some `answer_any`), the
  share for which some `answer_any` string lies unbroken inside ONE unit
  (`corpora.units.text_units`) of a chunk on one of the part's evidence pages
  (`evidence_pages`; a part without them takes every chunk of its `evidence` documents). Both
  sides are compared after `research.agents.text.normalize` (case, whitespace). A quote is one
  whole unit, so an answer cut by a chunk or unit boundary cannot be cited.
- header/footer chunks: the share of the set's chunks that contain a running header or footer
  line. Running lines come from the raw PDFs (PyMuPDF's `page.get_text()`), independently of
  the product's extraction: among each page's first and last two non-blank lines, a line on at
  least half the pages, and on at least two. Lines are compared with whitespace collapsed and
  every run of digits as one "#", so "Page 9 of 12" and "Page 10 of 12" are one line. A line
  without a letter (a bare page number) is not one: as "#" it would match any number in the
  body. Documents that are not PDFs have none.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpora.units import text_units
from research.agents.text import normalize
from research.evaluation.loader import Case

EDGE_LINES = 2  # first and last non-blank lines of a page that may be a header or footer
RUNNING_MIN_PAGES = 2
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Fidelity:
    parts_in_one_unit: int
    answerable_parts: int
    chunks_with_running_line: int
    chunks: int

    @property
    def text_fidelity(self) -> float | None:
        return _share(self.parts_in_one_unit, self.answerable_parts)

    @property
    def header_footer_chunks(self) -> float | None:
        return _share(self.chunks_with_running_line, self.chunks)

    def as_json(self) -> dict[str, float | int | None]:
        return {
            "text_fidelity": self.text_fidelity,
            "parts_in_one_unit": self.parts_in_one_unit,
            "answerable_parts": self.answerable_parts,
            "header_footer_chunks": self.header_footer_chunks,
            "chunks_with_running_line": self.chunks_with_running_line,
            "chunks": self.chunks,
        }

    def table(self) -> str:
        """Both figures, one row each: name, share, counts."""
        rows = [
            (
                "text fidelity",
                self.text_fidelity,
                f"{self.parts_in_one_unit}/{self.answerable_parts} parts",
            ),
            (
                "header/footer chunks",
                self.header_footer_chunks,
                f"{self.chunks_with_running_line}/{self.chunks} chunks",
            ),
        ]
        return "\n".join(
            f"{name:<22}{'n/a' if share is None else f'{share:.3f}':>7}  ({counts})"
            for name, share, counts in rows
        )


def _share(num: int, den: int) -> float | None:
    return num / den if den else None


# ----------------------------------------------------------------------- pure judgements


def answer_in_one_unit(text: str, answers: Iterable[str]) -> bool:
    """True when some answer (normalized) lies inside a single unit of `text` (normalized)."""
    wanted = [w for w in (normalize(a) for a in answers) if w]
    if not wanted:
        return False
    units = (normalize(text[u.start : u.end]) for u in text_units(text))
    return any(w in unit for unit in units for w in wanted)


def running_form(text: str) -> str:
    """`text` with whitespace collapsed and every run of digits as one "#"."""
    return _DIGITS.sub("#", " ".join(text.split()))


def running_lines(pages: Sequence[str]) -> frozenset[str]:
    """The running header and footer lines (in `running_form`) of a document's page texts."""
    on_pages: Counter[str] = Counter()
    for text in pages:
        lines = [line for line in text.splitlines() if line.strip()]
        edges = {running_form(line) for line in lines[:EDGE_LINES] + lines[-EDGE_LINES:]}
        on_pages.update(line for line in edges if any(ch.isalpha() for ch in line))
    need = max(RUNNING_MIN_PAGES, math.ceil(len(pages) / 2))
    return frozenset(line for line, n in on_pages.items() if n >= need)


def pdf_running_lines(path: Path) -> frozenset[str]:
    """`running_lines` of a PDF file, from PyMuPDF's plain text of each page."""
    import pymupdf

    with pymupdf.open(path) as doc:
        return running_lines([page.get_text() for page in doc])


def has_running_line(text: str, lines: Collection[str]) -> bool:
    """True when `text` (in `running_form`) contains one of `lines`."""
    if not lines:
        return False
    form = running_form(text)
    return any(line in form for line in lines)


# ------------------------------------------------------------------ the loaded set (ORM)


def set_fidelity(cases: Sequence[Case], root: Path, corpus_ids: Mapping[str, int]) -> Fidelity:
    """Both figures for `cases` over the chunks of the loaded corpora (`slug -> corpus id`)
    whose folders lie in `root`."""
    from corpora.models import Chunk, Document
    from corpora.services.uploads import filename_sanitize

    docs = list(
        Document.objects.filter(corpus_id__in=corpus_ids.values()).values_list(
            "pk", "corpus_id", "title", "filename"
        )
    )
    by_name: dict[str, set[int]] = {}
    for pk, _, title, filename in docs:
        for name in (title, filename):
            if name:
                by_name.setdefault(_name_key(name), set()).add(pk)

    parts = [p for case in cases for p in case.parts if _answerable(p)]
    wanted = {pk for p in parts for pk in _evidence_docs(p, by_name)}
    chunks_by_doc: dict[int, list[tuple[str, int, int]]] = {}
    for doc_id, text, first, last in Chunk.objects.filter(document_id__in=wanted).values_list(
        "document_id", "text", "page_start", "page_end"
    ):
        chunks_by_doc.setdefault(doc_id, []).append((text, first, last))
    in_one_unit = sum(
        any(
            answer_in_one_unit(text, part["answer_any"])
            for text in _evidence_texts(part, by_name, chunks_by_doc)
        )
        for part in parts
    )

    slug_of = {pk: slug for slug, pk in corpus_ids.items()}
    pdf_lines = _pdf_running_lines(root, set(corpus_ids))
    lines_of = {
        pk: pdf_lines.get((slug_of[corpus_id], filename_sanitize(filename)), frozenset())
        for pk, corpus_id, _, filename in docs
    }
    with_lines = [pk for pk, lines in lines_of.items() if lines]
    flagged = sum(
        has_running_line(text, lines_of[doc_id])
        for doc_id, text in Chunk.objects.filter(document_id__in=with_lines).values_list(
            "document_id", "text"
        )
    )
    total = Chunk.objects.filter(corpus_id__in=corpus_ids.values()).count()
    return Fidelity(in_one_unit, len(parts), flagged, total)


def _answerable(part: dict[str, Any]) -> bool:
    return not part.get("unanswerable") and bool(part.get("answer_any"))


def _name_key(name: str) -> str:
    """Titles and filenames equal but for case, spacing and HTML entities, as scoring has it."""
    return " ".join(html.unescape(name).lower().split())


def _evidence_docs(part: dict[str, Any], by_name: Mapping[str, set[int]]) -> set[int]:
    names = [page["title"] for page in part.get("evidence_pages") or []] or part.get("evidence", [])
    return {pk for name in names for pk in by_name.get(_name_key(name), ())}


def _evidence_texts(
    part: dict[str, Any],
    by_name: Mapping[str, set[int]],
    chunks_by_doc: Mapping[int, list[tuple[str, int, int]]],
) -> Iterable[str]:
    """Texts of the chunks on the part's evidence pages, else of its evidence documents."""
    pages = part.get("evidence_pages") or []
    if not pages:
        for pk in _evidence_docs(part, by_name):
            yield from (text for text, _, _ in chunks_by_doc.get(pk, []))
        return
    for page in pages:
        for pk in by_name.get(_name_key(page["title"]), ()):
            for text, first, last in chunks_by_doc.get(pk, []):
                if first <= int(page["page"]) <= last:
                    yield text


def _pdf_running_lines(root: Path, slugs: Collection[str]) -> dict[tuple[str, str], frozenset[str]]:
    """(corpus slug, filename) -> running lines, for every PDF of the loaded corpus folders."""
    from corpora.services.uploads import filename_sanitize

    out: dict[tuple[str, str], frozenset[str]] = {}
    for info in sorted(root.glob("*/corpus.json")):
        slug = json.loads(info.read_text())["slug"]
        if slug not in slugs:
            continue
        for path in sorted(info.parent.rglob("*")):
            if path.suffix.lower() == ".pdf":
                out[(slug, filename_sanitize(path.name))] = pdf_running_lines(path)
    return out
