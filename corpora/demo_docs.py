"""Demo corpora for `make run`: small PDFs built with PyMuPDF at seed time, not checked in.

The PDFs deliberately exercise the ingestion paths: one page is a scanned image with no text
layer (OCR), one page holds a ruled table (`find_tables()`), and one known sentence sits on
page 3 so citations to a page can be checked end to end.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

import pymupdf

from corpora import demo_texts as t
from corpora import demo_texts_climate as climate
from corpora.demo_texts import OCR_PHRASE, PAGE3_SENTENCE

__all__ = [
    "DEMO_CORPORA",
    "IMAGE_PAGE",
    "OCR_PHRASE",
    "PAGE3_DOCUMENT",
    "PAGE3_SENTENCE",
    "TABLE_PAGE",
    "DemoCorpus",
    "DemoDocument",
    "PageSpec",
    "build_pdf",
]

_MARGIN = 56.0
_BODY_FONT, _BODY_SIZE = "helv", 11.0
_HEADING_FONT, _HEADING_SIZE = "hebo", 15.0
_PARAGRAPH_GAP = 9.0
_ROW_HEIGHT = 20.0
_CELL_PAD = 6.0
_SCAN_DPI = 150  # Tesseract reads 11 pt text exactly at 150 dpi; more only bloats the PDF


@dataclass(frozen=True)
class PageSpec:
    """One PDF page: `text` is a heading, a blank line, then blank-line separated paragraphs."""

    text: str
    table: tuple[tuple[str, ...], ...] = ()
    table_after: int = 0  # index of the paragraph (0 = heading) the ruled table follows
    image_only: bool = False  # rendered to a picture: the page gets no text layer


@dataclass(frozen=True)
class DemoDocument:
    filename: str
    title: str
    date: datetime.date | None
    pages: tuple[PageSpec, ...]

    def pdf(self) -> bytes:
        """The document as PDF bytes, rebuilt on each call (a few milliseconds)."""
        return build_pdf(self.title, self.pages)


@dataclass(frozen=True)
class DemoCorpus:
    slug: str
    name: str
    description: str
    documents: tuple[DemoDocument, ...]


def _paragraphs(text: str) -> list[str]:
    """Unwrap source-width line breaks: one string per paragraph, heading first."""
    return [" ".join(block.split()) for block in text.strip().split("\n\n")]


def _write(page: pymupdf.Page, y: float, text: str, *, font: str, size: float) -> float:
    """Write `text` below `y`; return the y just under it. Fails loudly if it would overflow."""
    rect = pymupdf.Rect(_MARGIN, y, page.rect.width - _MARGIN, page.rect.height - _MARGIN)
    spare = page.insert_textbox(rect, text, fontname=font, fontsize=size)
    if spare < 0:
        raise ValueError(f"demo text does not fit on the page: {text[:60]!r}")
    return y + rect.height - spare


def _draw_table(page: pymupdf.Page, y: float, rows: tuple[tuple[str, ...], ...]) -> float:
    """Draw a fully ruled grid (what `find_tables()` detects best); return the y under it."""
    columns = len(rows[0])
    widths = [
        max(pymupdf.get_text_length(row[c], fontname=_BODY_FONT, fontsize=10) for row in rows)
        + 2 * _CELL_PAD
        for c in range(columns)
    ]
    available = page.rect.width - 2 * _MARGIN
    scale = available / sum(widths) if sum(widths) > available else 1.0
    xs = [_MARGIN]
    for width in widths:
        xs.append(xs[-1] + width * scale)
    for r, row in enumerate(rows):
        top = y + r * _ROW_HEIGHT
        font = _HEADING_FONT if r == 0 else _BODY_FONT
        for c, cell in enumerate(row):
            page.insert_text((xs[c] + _CELL_PAD, top + 14), cell, fontname=font, fontsize=10)
    bottom = y + len(rows) * _ROW_HEIGHT
    for r in range(len(rows) + 1):
        page.draw_line((xs[0], y + r * _ROW_HEIGHT), (xs[-1], y + r * _ROW_HEIGHT), width=0.7)
    for x in xs:
        page.draw_line((x, y), (x, bottom), width=0.7)
    return bottom


def _lay_out(page: pymupdf.Page, spec: PageSpec) -> None:
    y = _MARGIN
    for index, paragraph in enumerate(_paragraphs(spec.text)):
        if index == 0:
            y = _write(page, y, paragraph, font=_HEADING_FONT, size=_HEADING_SIZE)
        else:
            y = _write(page, y, paragraph, font=_BODY_FONT, size=_BODY_SIZE)
        y += _PARAGRAPH_GAP
        if spec.table and index == spec.table_after:
            y = _draw_table(page, y, spec.table) + _PARAGRAPH_GAP * 2


def build_pdf(title: str, pages: Sequence[PageSpec]) -> bytes:
    """A deterministic A4 PDF (same input, same bytes) with one page per spec."""
    doc = pymupdf.open()
    for spec in pages:
        page = doc.new_page(width=595, height=842)
        if not spec.image_only:
            _lay_out(page, spec)
            continue
        # Lay the text out on a scratch page and keep only its picture, like a scanner would.
        scratch = pymupdf.open()
        scratch_page = scratch.new_page(width=595, height=842)
        _lay_out(scratch_page, spec)
        pixmap = scratch_page.get_pixmap(dpi=_SCAN_DPI, colorspace=pymupdf.csGRAY)
        page.insert_image(page.rect, pixmap=pixmap)
        scratch.close()
    doc.set_metadata({"title": title, "author": "Dossier demo", "creationDate": "", "modDate": ""})
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _doc(filename: str, title: str, date: datetime.date, *pages: PageSpec) -> DemoDocument:
    return DemoDocument(filename=filename, title=title, date=date, pages=pages)


PAGE3_DOCUMENT = "lindqvist-depot-study.pdf"
TABLE_PAGE = ("harrow-ridge-annual-report-2024.pdf", 2)  # (filename, 1-based page)
IMAGE_PAGE = ("harrow-ridge-annual-report-2024.pdf", 3)

DEMO_CORPORA: tuple[DemoCorpus, ...] = (
    DemoCorpus(
        slug="renewable-energy",
        name="Renewable energy",
        description="A community energy cooperative's annual report and a grid storage briefing "
        "(fictional organisations).",
        documents=(
            _doc(
                TABLE_PAGE[0],
                "Harrow Ridge Energy Cooperative: Annual Report 2024",
                datetime.date(2025, 3, 14),
                PageSpec(t.HARROW_P1),
                PageSpec(t.HARROW_P2, table=t.HARROW_TABLE, table_after=2),
                PageSpec(t.HARROW_P3, image_only=True),
                PageSpec(t.HARROW_P4),
            ),
            _doc(
                "northern-interconnect-storage-briefing.pdf",
                "Grid-Scale Storage in the Northern Interconnect",
                datetime.date(2024, 9, 18),
                PageSpec(t.STORAGE_P1),
                PageSpec(t.STORAGE_P2),
                PageSpec(t.STORAGE_P3),
            ),
        ),
    ),
    DemoCorpus(
        slug="electric-vehicles",
        name="Electric vehicles",
        description="A bus depot electrification study and a primer on EV battery chemistries "
        "(fictional organisations).",
        documents=(
            _doc(
                PAGE3_DOCUMENT,
                "Electrifying the Lindqvist Bus Depot",
                datetime.date(2025, 2, 10),
                PageSpec(t.LINDQVIST_P1),
                PageSpec(t.LINDQVIST_P2),
                PageSpec(t.LINDQVIST_P3),
            ),
            _doc(
                "ev-battery-chemistries-primer.pdf",
                "EV Battery Chemistries: A Primer",
                datetime.date(2024, 5, 2),
                PageSpec(t.BATTERY_P1),
                PageSpec(t.BATTERY_P2),
                PageSpec(t.BATTERY_P3),
            ),
        ),
    ),
    DemoCorpus(
        slug="climate-science",
        name="Climate science",
        description="A coastal sea-level review and an urban heat island study "
        "(fictional places and institutes).",
        documents=(
            _doc(
                "saltmarsh-coast-sea-level-review.pdf",
                "Sea-Level Rise Along the Saltmarsh Coast",
                datetime.date(2024, 11, 5),
                PageSpec(climate.SEA_P1),
                PageSpec(climate.SEA_P2),
                PageSpec(climate.SEA_P3),
            ),
            _doc(
                "varden-urban-heat-study.pdf",
                "Urban Heat Islands in Varden",
                datetime.date(2025, 1, 22),
                PageSpec(climate.HEAT_P1),
                PageSpec(climate.HEAT_P2),
                PageSpec(climate.HEAT_P3),
            ),
        ),
    ),
)
