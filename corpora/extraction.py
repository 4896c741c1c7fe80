"""Turn uploaded bytes into normalised text, one `PageText` per PDF page or text section.

Pure functions (no ORM, no settings): the ingestion service decides limits and stores rows.
Everything a user could have done wrong ends in `DocumentRejected` with a sentence they can
act on; everything else (an OCR hiccup on one page) degrades that page, never the document.
"""

from __future__ import annotations

import codecs
import functools
import html
import io
import logging
import re
import shutil
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePath
from typing import Literal

import pymupdf

from corpora.layout import RawPage, RowSpan, attach_tables, lay_out, read_page
from corpora.pdf_tables import may_hold_table
from corpora.textformats import (
    decode_text,
    html_to_text,
    markdown_rows,
    normalize_text,
    split_sections,
)

log = logging.getLogger(__name__)

PageMethod = Literal["text", "ocr", "empty", "needs_ocr"]

PDF = "application/pdf"
PLAIN = "text/plain"
MARKDOWN = "text/markdown"
HTML = "text/html"
SUPPORTED = frozenset({PDF, PLAIN, MARKDOWN, HTML})

_READABLE = "Upload a PDF, or a plain-text, Markdown or HTML file."
EMPTY_FILE = "The file is empty (0 bytes)."
UNSUPPORTED_TYPE = "This file is {kind}, which Dossier cannot read. " + _READABLE
UNKNOWN_BINARY = "This file is not a PDF or a text file. " + _READABLE
NOT_A_PDF = (
    "The file name ends in .pdf, but its content is {kind}, not a PDF. "
    "Export the document to PDF again, or rename the file to match its content."
)
CORRUPT_PDF = (
    "This PDF is damaged or incomplete, so it cannot be read. "
    "Download or export it again, then upload the new copy."
)
ENCRYPTED_PDF = (
    "This PDF is password-protected. Save a copy without the password "
    "(for example, print it to a new PDF), then upload that copy."
)
TOO_MANY_PAGES = (
    "This PDF has {count} pages; the limit is {limit}. "
    "Split it into smaller files and upload them separately."
)

# Raised whenever extraction (or the units chunks are cut at) changes what it yields:
# `manage.py reextract --stale` redoes older.
EXTRACTION_VERSION = 6
REAL_TEXT_MIN_CHARS = 20  # fewer non-space characters is a page number, not a text layer
SECTION_MAX_CHARS = 5_000  # text files have no pages: cut them into sections this long


@dataclass(frozen=True)
class PageText:
    number: int  # 1-based page (PDF) or section (text formats)
    text: str  # one paragraph, "# heading", list item or table row per line
    method: PageMethod
    continues: bool = False  # the last paragraph runs on to the next page
    rows: tuple[RowSpan, ...] = ()  # table rows: offsets in `text`, cell offsets and boxes


@dataclass(frozen=True)
class Extracted:
    pages: list[PageText]
    running_lines: list[str]  # headers and footers removed from the text, as first printed


class DocumentRejected(Exception):
    """The upload cannot be ingested; `user_message` tells the uploader what to do."""

    def __init__(self, user_message: str) -> None:
        super().__init__(user_message)
        self.user_message = user_message


# ---------------------------------------------------------------------------------------- type

_MAGIC: tuple[tuple[bytes, int, str], ...] = (  # (signature, offset, what the user calls it)
    (b"\x89PNG\r\n\x1a\n", 0, "a PNG image"),
    (b"\xff\xd8\xff", 0, "a JPEG image"),
    (b"GIF8", 0, "a GIF image"),
    (b"II*\x00", 0, "a TIFF image"),
    (b"MM\x00*", 0, "a TIFF image"),
    (b"WEBP", 8, "a WebP image"),
    (b"PK\x03\x04", 0, "a ZIP archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 0, "an old Microsoft Office file (DOC, XLS or PPT)"),
    (b"{\\rtf", 0, "an RTF document"),
    (b"\x1f\x8b", 0, "a gzip archive"),
)
_ZIP_KINDS = {  # a member that identifies the container -> what the user calls it
    "word/document.xml": "a Word document (DOCX)",
    "xl/workbook.xml": "an Excel workbook (XLSX)",
    "ppt/presentation.xml": "a PowerPoint presentation (PPTX)",
    "content.xml": "an OpenDocument file (ODT, ODS or ODP)",
    "META-INF/container.xml": "an EPUB e-book",
}
_SNIFF_BYTES = 65_536
_HTML_START = re.compile(
    r"\A(?:\s|<!--.*?-->|<\?xml[^>]*>)*<(?:!doctype\s+html|html)\b", re.IGNORECASE | re.DOTALL
)
_HTML_TAG = re.compile(r"<(?:head|body|meta|title|div|p|table|h[1-6])\b", re.IGNORECASE)


def _binary_kind(data: bytes) -> str | None:
    """Name a recognisable binary format, or None."""
    for signature, offset, kind in _MAGIC:
        if data[offset : offset + len(signature)] == signature:
            return _zip_kind(data) if kind == "a ZIP archive" else kind
    return None


def _zip_kind(data: bytes) -> str:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, OSError):
        return "a ZIP archive"
    return next((kind for member, kind in _ZIP_KINDS.items() if member in names), "a ZIP archive")


def _looks_like_text(head: bytes) -> bool:
    """True for UTF-8/UTF-16 (with BOM) or single-byte text with few control characters."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    if b"\x00" in head:
        return False
    try:  # an incremental decoder tolerates a character cut at the end of the sample
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
        return True
    except UnicodeDecodeError:
        pass
    controls = sum(1 for byte in head if byte < 32 and byte not in b"\t\n\r\f")
    return controls <= len(head) // 100


def sniff_mime(data: bytes, filename: str) -> str:
    """The type from the bytes (the extension only refines text): one of SUPPORTED, or reject."""
    if not data:
        raise DocumentRejected(EMPTY_FILE)
    suffix = PurePath(filename).suffix.lower()
    if b"%PDF-" in data[:1024]:  # the PDF spec allows junk before the header
        return PDF
    head = data[:_SNIFF_BYTES]
    kind = _binary_kind(head if not head.startswith(b"PK") else data)
    if kind is None and not _looks_like_text(head):
        kind = "binary data of an unknown type"
        if suffix != ".pdf":
            raise DocumentRejected(UNKNOWN_BINARY)
    if kind is not None:
        message = NOT_A_PDF if suffix == ".pdf" else UNSUPPORTED_TYPE
        raise DocumentRejected(message.format(kind=kind))
    sample = decode_text(head)
    markdown = suffix in {".md", ".markdown"}
    tagged = suffix != ".txt" and not markdown and _HTML_TAG.search(sample[:4096])
    mime = HTML if _HTML_START.match(sample) or tagged else MARKDOWN if markdown else PLAIN
    if suffix == ".pdf":
        kind = "an HTML page" if mime == HTML else "plain text"
        raise DocumentRejected(NOT_A_PDF.format(kind=kind))
    return mime


# ----------------------------------------------------------------------------------------- PDF


def open_pdf(data: bytes, *, max_pages: int) -> pymupdf.Document:
    """An open, readable, unencrypted PDF of 1..max_pages pages; the caller closes it."""
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except (RuntimeError, ValueError) as exc:  # pymupdf.FileDataError is a RuntimeError
        raise DocumentRejected(CORRUPT_PDF) from exc
    count = doc.page_count
    # MuPDF rebuilds a cut-off file and would silently yield its first pages only.
    truncated = doc.is_repaired and b"%%EOF" not in data[-1024:]
    problem = None
    if doc.needs_pass:
        problem = ENCRYPTED_PDF
    elif count == 0 or truncated:
        problem = CORRUPT_PDF
    elif count > max_pages:
        problem = TOO_MANY_PAGES.format(count=count, limit=max_pages)
    if problem is not None:
        doc.close()
        raise DocumentRejected(problem)
    return doc


def page_count(data: bytes, mime: str, *, max_pages: int) -> int:
    """How many `PageText`s `extract_pages` will yield (PDF pages or text sections)."""
    if mime != PDF:
        return len(_text_sections(data, mime))
    with open_pdf(data, max_pages=max_pages) as doc:
        return doc.page_count


def extract_pages(
    data: bytes, mime: str, *, max_pages: int, ocr: bool = True, ocr_dpi: int = 200
) -> Iterator[PageText]:
    """Pages in order. Rejections raise at call time.

    `max_pages` limits PDFs only; text formats are bounded by the upload size instead.
    """
    return iter(extract_document(data, mime, max_pages=max_pages, ocr=ocr, ocr_dpi=ocr_dpi).pages)


def extract_document(
    data: bytes, mime: str, *, max_pages: int, ocr: bool = True, ocr_dpi: int = 200
) -> Extracted:
    """The document's pages, with its running headers and footers set aside."""
    if mime == PDF:
        return _pdf_document(open_pdf(data, max_pages=max_pages), ocr=ocr, ocr_dpi=ocr_dpi)
    if mime in SUPPORTED:
        sections = _text_sections(data, mime)
        pages = [
            PageText(i, text, "text" if text else "empty") for i, text in enumerate(sections, 1)
        ]
        return Extracted(pages, [])
    raise DocumentRejected(UNSUPPORTED_TYPE.format(kind=f"of type {mime}"))


def _pdf_document(doc: pymupdf.Document, *, ocr: bool, ocr_dpi: int) -> Extracted:
    """Native pages through `layout` (document-wide: running lines, fonts, vocabulary); pages
    with no text layer through OCR."""
    try:  # `doc` stays referenced for the whole loop: tables hold weak references to it
        native: list[RawPage] = []
        other: dict[int, PageText] = {}
        for page in doc:
            try:
                raw = read_page(page)
                if (
                    len("".join("".join(ln.text for ln in raw.lines).split()))
                    >= REAL_TEXT_MIN_CHARS
                ):
                    candidate, vertical = may_hold_table(page)
                    if candidate:  # find_tables() costs 30-300 ms a page: only where rules are
                        attach_tables(raw, page, use_layout=not vertical)
                    native.append(raw)
                else:
                    other[raw.number] = _page_without_text(page, raw, ocr=ocr, ocr_dpi=ocr_dpi)
            except RuntimeError as exc:  # a page MuPDF cannot interpret
                raise DocumentRejected(CORRUPT_PDF) from exc
    finally:
        doc.close()
    laid, running = lay_out(native)
    for page in laid:
        other[page.number] = PageText(
            page.number, page.text, "text", continues=page.continues, rows=tuple(page.rows)
        )
    return Extracted([other[n] for n in sorted(other)], running)


def _page_without_text(page: pymupdf.Page, raw: RawPage, *, ocr: bool, ocr_dpi: int) -> PageText:
    number = raw.number
    if page.get_images():
        scanned = _ocr_text(page, dpi=ocr_dpi) if ocr and ocr_available() else None
        if scanned is None:
            return PageText(number, "", "needs_ocr")
        return PageText(number, normalize_text(scanned), "ocr")
    text = normalize_text("\n".join(ln.text for ln in raw.lines))
    return PageText(number, text, "text" if text else "empty")


@functools.cache
def _tessdata() -> str | None:
    try:  # pymupdf would otherwise run `tesseract --list-langs` for every page
        return pymupdf.get_tessdata()
    except RuntimeError:
        return None


def ocr_available() -> bool:
    """True when Tesseract and its language data are installed."""
    return shutil.which("tesseract") is not None and _tessdata() is not None


def _ocr_text(page: pymupdf.Page, *, dpi: int) -> str | None:
    """The page's OCR text, or None when OCR fails (the page is then flagged, not fatal)."""
    try:
        textpage = page.get_textpage_ocr(language="eng", dpi=dpi, full=True, tessdata=_tessdata())
        blocks = page.get_text("blocks", textpage=textpage)
    except Exception:  # MuPDF/Tesseract failures have no common type; one page must not sink all
        log.warning("OCR failed on page %s", page.number + 1, exc_info=True)
        return None
    return _join_ocr_lines([block for block in blocks if block[6] == 0])


def _join_ocr_lines(blocks: list[tuple]) -> str:
    """Tesseract returns one block per line: rebuild paragraphs (one per line) from the gaps."""
    parts: list[str] = []
    for previous, block in zip([None, *blocks], blocks, strict=False):
        if previous is not None:
            gap, height = block[1] - previous[3], previous[3] - previous[1]
            parts.append("\n\n" if gap > 0.75 * height else " ")
        parts.append(" ".join(block[4].split()))
    return "".join(parts)


def _text_sections(data: bytes, mime: str) -> list[str]:
    text = decode_text(data)
    if mime == HTML:
        text = html_to_text(text)
    elif mime == MARKDOWN:  # Markdown writes "&" as "&amp;" at will: the character is meant
        text = html.unescape(text)
    return split_sections(markdown_rows(normalize_text(text)), max_chars=SECTION_MAX_CHARS)
