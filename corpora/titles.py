"""A document's title: the PDF's own (metadata), else its first heading, else its file name.

Pure functions (no ORM): ingestion calls `document_title` once the text is extracted.
"""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf

from corpora.extraction import PDF, PageText
from corpora.units import heading_of

TITLE_MAX_CHARS = 500
# A heading further in is a section's ("3.2 Results"), not the document's: the name is better.
HEADING_PAGES = 2
# What authoring tools write when nobody gave the PDF a title.
_PLACEHOLDERS = frozenset({"untitled", "untitled document", "title", "document"})


def title_from_filename(filename: str) -> str:
    """The file name as written, without its extension."""
    stem = filename.rsplit(".", 1)[0] if "." in filename.strip(".") else filename
    return stem.strip() or filename


def pdf_metadata_title(data: bytes) -> str:
    """The title in the PDF's metadata, whitespace-collapsed; "" when absent or unreadable."""
    try:
        with pymupdf.open(stream=data, filetype="pdf") as pdf:
            title = (pdf.metadata or {}).get("title") or ""
    except (RuntimeError, ValueError):
        return ""
    title = " ".join(title.split())
    return "" if title.lower() in _PLACEHOLDERS else title


def first_heading(pages: Sequence[PageText]) -> str:
    """The first heading on the document's first HEADING_PAGES pages, or ""."""
    for page in pages[:HEADING_PAGES]:
        for line in page.text.split("\n"):
            heading = heading_of(line)
            if heading is not None and heading[1]:
                return " ".join(heading[1].split())
    return ""


def document_title(data: bytes, mime: str, pages: Sequence[PageText], filename: str) -> str:
    """The title a document gets at ingestion (PDFs: metadata, then first heading)."""
    found = (pdf_metadata_title(data) or first_heading(pages)) if mime == PDF else ""
    return (found or title_from_filename(filename))[:TITLE_MAX_CHARS]
