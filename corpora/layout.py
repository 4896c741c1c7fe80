"""A PDF's text as its reader sees it: paragraphs, headings, list items and table rows.

PyMuPDF gives lines; this module rebuilds what they belong to, for the whole document at once:
- running headers and footers (lines in the page margins that repeat, page numbers aside, on
  most pages, or small print in the margin of a one-page document) are set aside as metadata;
- the body font size is the most common one; bigger or bold-only lines are headings, written
  "# ..." (level by size) so chunking can carry them as a section path, never as a sentence;
- the lines of a paragraph are joined into one line (`hyphens.join_lines`). A line ends its
  paragraph when the next line's first word would have fitted after it, at a vertical gap,
  before a list item or a "Label:" field;
- two-column stretches are read left column first, between full-width blocks;
- each ruled table row (`pdf_tables`) becomes one line that carries its column headers
  (`units.row_text`), with the spans of its cells.
One paragraph, heading, item or row per line: `corpora.units` then never crosses a line.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pymupdf

from corpora.hyphens import join_lines
from corpora.pdf_tables import Box, Table, find_tables, inside
from corpora.textformats import normalize_text
from corpora.units import HEADER_SEP, clean_cell, is_row, row_text

log = logging.getLogger(__name__)

MARGIN_SHARE = 0.09  # the top and bottom 9% of a page hold running headers and footers
HEADING_SIZE_RATIO = 1.12
HEADING_MAX_CHARS = 160
_DIGITS = re.compile(r"\d+")
_PAGE_NUMBER = re.compile(r"\bpage #(?: of #)?|^[-–( ]*#(?: ?(?:/|of) ?#)?[-–) ]*$")
_BULLET = re.compile(r"(?:[•▪◦‣∙*–-]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s")
_NUMBERED = re.compile(r"\(?(?:\d{1,3}|[a-z])[.)]\s")
_FIELD = re.compile(r"[A-Z][\w'’ ]{0,30}: ")
_TERMINAL = re.compile(r"[.!?:;][\"'’”)\]]*$")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


@dataclass
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    bold: bool
    block: int


@dataclass
class RowSpan:
    """A table row in the page text: its offsets, its cells' offsets and the cells' boxes."""

    start: int
    end: int
    cells: list[tuple[int, int]]
    boxes: list[tuple[float, float, float, float]]


@dataclass
class RawPage:
    """What one pass over a page read: its lines and tables, before document-wide decisions."""

    number: int
    height: float
    width: float
    lines: list[Line] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


@dataclass
class LaidOutPage:
    number: int
    text: str
    continues: bool  # its last paragraph runs on to the next page
    rows: list[RowSpan]
    full_last_line: bool = False  # its last paragraph's last line ran to the column's edge


# --------------------------------------------------------------------------- reading a page


def read_page(page: pymupdf.Page) -> RawPage:
    """The lines of one page, with font size and weight."""
    raw = RawPage(page.number + 1, page.rect.height, page.rect.width)
    content = page.get_text("dict", flags=pymupdf.TEXTFLAGS_TEXT)
    for n, block in enumerate(content["blocks"]):
        raw.lines.extend(_merged_lines(block.get("lines", ()), n))
    return raw


def attach_tables(raw: RawPage, page: pymupdf.Page, *, use_layout: bool) -> None:
    """Find the page's ruled tables; their lines leave the text flow and come back as rows."""

    spans: list[tuple[Box, bool]] = []

    def bold(box: Box) -> bool:
        """Every span of text in `box` is bold (spans, not lines: a line may run on from a
        label into its value)."""
        if not spans:
            content = page.get_text("dict", flags=pymupdf.TEXTFLAGS_TEXT)["blocks"]
            spans.extend(
                (tuple(span["bbox"]), bool(span["flags"] & pymupdf.TEXT_FONT_BOLD))
                for block in content
                for line in block.get("lines", ())
                for span in line["spans"]
                if span["text"].strip()
            )
        held = [b for area, b in spans if inside(area, pymupdf.Rect(box))]
        return bool(held) and all(held)

    try:
        raw.tables = find_tables(page, use_layout=use_layout, styled=bold)
    except Exception:  # the table finder is heuristic code; plain text still serves
        log.warning("table detection failed on page %s", raw.number, exc_info=True)
        return
    boxes = [t.bbox for t in raw.tables]
    raw.lines = [
        ln for ln in raw.lines if not any(inside((ln.x0, ln.y0, ln.x1, ln.y1), b) for b in boxes)
    ]


def _clean(text: str) -> str:
    """A line's text normalised; plain printable ASCII (most lines) needs only its spaces."""
    if text.isascii() and text.isprintable():
        return " ".join(text.split())
    return normalize_text(text)


def _merged_lines(lines: Iterable[dict], block: int) -> list[Line]:
    """The block's lines, with pieces on one baseline (cells of an unruled row) joined."""
    out: list[Line] = []
    for ln in lines:
        spans = [s for s in ln["spans"] if s["text"].strip()]
        if not spans:
            continue
        text = _clean("".join(s["text"] for s in ln["spans"]))
        chars = Counter()
        bold = 0
        for s in spans:
            n = len(s["text"].strip())
            chars[round(s["size"], 1)] += n
            bold += n if (s["flags"] & pymupdf.TEXT_FONT_BOLD or "Bold" in s["font"]) else 0
        x0, y0, x1, y1 = ln["bbox"]
        item = Line(
            x0, y0, x1, y1, text, chars.most_common(1)[0][0], bold * 2 > chars.total(), block
        )
        last = out[-1] if out else None
        if last and abs(last.y0 - y0) < 2 and x0 > last.x1:
            last.text, last.x1 = f"{last.text} {text}", x1
            last.y1 = max(last.y1, y1)
        else:
            out.append(item)
    return out


# ------------------------------------------------------------------- document-wide decisions


def _furniture_key(text: str) -> str:
    return _DIGITS.sub("#", " ".join(text.split()).lower())


def running_lines(pages: Sequence[RawPage], body_size: float) -> set[str]:
    """Keys of the lines that are page furniture: in a margin on at least half the pages (and
    two), or, in a one-page document, a page number in small print in the margin (without
    repetition as evidence, any other small margin line may be content: a certificate's
    number, a footnote)."""
    seen: Counter[str] = Counter()
    for page in pages:
        seen.update({_furniture_key(ln.text) for ln in page.lines if _in_margin(ln, page)})
    if len(pages) >= 2:
        needed = max(2, (len(pages) + 1) // 2)
        return {key for key, count in seen.items() if count >= needed}
    return {
        _furniture_key(ln.text)
        for page in pages
        for ln in page.lines
        if _in_margin(ln, page)
        and ln.size < body_size * 0.9
        and _PAGE_NUMBER.search(_furniture_key(ln.text))
    }


def _in_margin(line: Line, page: RawPage) -> bool:
    return line.y1 <= page.height * MARGIN_SHARE or line.y0 >= page.height * (1 - MARGIN_SHARE)


def body_size(pages: Sequence[RawPage]) -> float:
    """The font size most characters are set in."""
    sizes: Counter[float] = Counter()
    for page in pages:
        for ln in page.lines:
            sizes[ln.size] += len(ln.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


def vocabulary(pages: Sequence[RawPage]) -> set[str]:
    """Lower-case words the document writes whole on a line: the evidence for undoing a hyphen."""
    words: set[str] = set()
    for page in pages:
        for ln in page.lines:
            words.update(w.lower() for w in _WORD.findall(ln.text.rstrip("-")))
    return words


def lay_out(pages: Sequence[RawPage]) -> tuple[list[LaidOutPage], list[str]]:
    """Each page's text (one paragraph, heading, item or row per line) and the running
    header/footer lines set aside, as first printed."""
    furniture = running_lines(pages, body_size(pages))
    removed: dict[str, str] = {}
    kept: list[RawPage] = []
    for page in pages:
        body = []
        for ln in page.lines:
            key = _furniture_key(ln.text) if _in_margin(ln, page) else ""
            if key in furniture:
                removed.setdefault(key, ln.text)
            else:
                body.append(ln)
        kept.append(RawPage(page.number, page.height, page.width, body, page.tables))
    size = body_size(kept)  # furniture aside: in a short document it can outweigh the body
    levels = _heading_levels(kept, size)
    hyphenated = any(ln.text.endswith("-") for page in kept for ln in page.lines)
    words = vocabulary(kept) if hyphenated else set()
    out = [_page_text(page, size, levels, words) for page in kept]
    for this, following in itertools.pairwise(out):
        this.continues = _runs_on(this, following.text)
    return out, list(removed.values())


def _heading_levels(pages: Sequence[RawPage], size: float) -> dict[float, int]:
    """Heading font size -> level: the biggest is 1; bold at body size comes last."""
    sizes = sorted(
        {ln.size for p in pages for ln in p.lines if ln.size >= size * HEADING_SIZE_RATIO},
        reverse=True,
    )
    levels = {s: min(n, 5) for n, s in enumerate(sizes, start=1)}
    levels[size] = min(len(sizes) + 1, 6)
    return levels


def _is_heading(line: Line, size: float) -> bool:
    text = line.text
    if len(text) > HEADING_MAX_CHARS or not any(ch.isalpha() for ch in text):
        return False
    bigger = line.size >= size * HEADING_SIZE_RATIO
    return bigger or (line.bold and abs(line.size - size) < 0.6 and not _TERMINAL.search(text))


# ---------------------------------------------------------------------- composing the page


@dataclass
class _Para:
    kind: str  # "p", "h", "item", "row"
    text: str
    level: int = 0
    last: Line | None = None
    row: tuple[list[str], list[tuple[float, float, float, float]]] | None = None


def _page_text(
    page: RawPage, size: float, levels: dict[float, int], words: set[str]
) -> LaidOutPage:
    paras: list[_Para] = []
    tables = list(page.tables)
    edge = 0.0
    for group, right in _reading_order(page):
        for line in group:
            while tables and tables[0].bbox.y0 <= line.y0:
                paras.extend(_table_paras(tables.pop(0)))
            _add_line(paras, line, size, levels, words, right)
            edge = right
    for table in tables:
        paras.extend(_table_paras(table))
    laid = _compose(page.number, paras)
    last = paras[-1].last if paras and paras[-1].kind == "p" else None
    # Room for less than a six-letter word: the line was wrapped, not ended.
    laid.full_last_line = last is not None and edge - last.x1 < last.size * 0.6 * 7
    return laid


def _reading_order(page: RawPage) -> list[tuple[list[Line], float]]:
    """Blocks' lines in reading order, each with its column's right edge: two-column stretches
    (between blocks that span the gutter) are read left column first."""
    blocks: dict[int, list[Line]] = {}
    for ln in page.lines:
        blocks.setdefault(ln.block, []).append(ln)
    ordered = sorted(_form_rows(blocks.values()), key=lambda b: (min(ln.y0 for ln in b), b[0].x0))
    if not ordered:
        return []
    page_right = max(ln.x1 for ln in page.lines)
    middle = (min(ln.x0 for ln in page.lines) + page_right) / 2
    left_right = max((ln.x1 for ln in page.lines if ln.x1 <= middle + 4), default=page_right)
    out: list[tuple[list[Line], float]] = []
    band: list[list[Line]] = []

    def flush() -> None:
        band.sort(key=lambda b: (min(ln.x0 for ln in b) > middle, min(ln.y0 for ln in b)))
        for block in band:
            in_left = max(ln.x1 for ln in block) <= middle + 4
            out.append((block, left_right if in_left else page_right))
        band.clear()

    for block in ordered:
        x0, x1 = min(ln.x0 for ln in block), max(ln.x1 for ln in block)
        if x0 < middle - 4 and x1 > middle + 4:  # spans the gutter: ends a two-column stretch
            flush()
            out.append((block, page_right))
        else:
            band.append(block)
    flush()
    return out


def _form_rows(blocks: Iterable[list[Line]]) -> list[list[Line]]:
    """One-line blocks side by side on one baseline are one row ("Serial number  88213-B"),
    not two columns: the label and its value are read together."""
    blocks = list(blocks)
    rows: list[list[Line]] = []
    for line in sorted((b[0] for b in blocks if len(b) == 1), key=lambda ln: ln.y1):
        if rows and abs(line.y1 - rows[-1][0].y1) < 2:
            rows[-1].append(line)
        else:
            rows.append([line])
    return [b for b in blocks if len(b) != 1] + [[_joined_row(row)] for row in rows]


def _joined_row(cells: list[Line]) -> Line:
    if len(cells) == 1:
        return cells[0]
    cells = sorted(cells, key=lambda ln: ln.x0)
    return Line(
        cells[0].x0,
        min(c.y0 for c in cells),
        cells[-1].x1,
        max(c.y1 for c in cells),
        " ".join(c.text for c in cells),
        cells[0].size,
        all(c.bold for c in cells),
        cells[0].block,
    )


def _add_line(
    paras: list[_Para],
    line: Line,
    size: float,
    levels: dict[float, int],
    words: set[str],
    right: float,
) -> None:
    text = line.text
    previous = paras[-1] if paras else None
    if _is_heading(line, size):
        level = levels.get(line.size, 6)
        if (
            previous
            and previous.kind == "h"
            and previous.level == level
            and _adjacent(previous, line)
        ):
            previous.text, previous.last = f"{previous.text} {text}", line  # a wrapped heading
        else:
            paras.append(_Para("h", text, level, line))
        return
    if _BULLET.match(text) and not _wrapped_numeral(previous, line, right):
        paras.append(_Para("item", text, last=line))
        return
    if previous and previous.kind in {"p", "item"} and _continues(previous, line, right):
        previous.text, previous.last = join_lines(previous.text, text, words), line
        return
    paras.append(_Para("p", text, last=line))


def _wrapped_numeral(previous: _Para | None, line: Line, right: float) -> bool:
    """ "... on day 1 of cycles 1 and" / "2. Steady-state ...": a number that wrapped to the
    start of a line in mid-sentence looks like a list marker, but the sentence goes on."""
    if previous is None or previous.kind != "p" or previous.last is None:
        return False
    if not _NUMBERED.match(line.text) or _TERMINAL.search(previous.last.text):
        return False
    return _continues(previous, line, right)


def _adjacent(previous: _Para, line: Line) -> bool:
    last = previous.last
    return last is not None and line.y0 - last.y1 < (last.y1 - last.y0) * 0.8


def _continues(previous: _Para, line: Line, right: float) -> bool:
    """True when `line` goes on with the paragraph `previous` ends: no gap, and the line before
    ran on until the next line's first word no longer fitted (or, across blocks, it stopped
    mid-sentence and the next column opens in lower case)."""
    last = previous.last
    if last is None:
        return False
    if last.block != line.block:
        if _TERMINAL.search(last.text) or not line.text[:1].islower():
            return False
        if line.y0 < last.y0:  # the top of the next column
            return True
    height = last.y1 - last.y0
    if line.y0 - last.y1 > height * 0.8 or line.y0 < last.y0:
        return False
    if _FIELD.match(line.text):  # "To: ...", "Term: ...": the next field of a form
        return False
    # Would the first word have fitted? Widths from the font size: 0.6 em a character is
    # wider than most text fonts' average, so a near fit counts as not fitting.
    first = line.text.split(" ", 1)[0]
    needed = line.size * (0.6 * len(first) + 0.25)
    return right - last.x1 < needed


def _table_paras(table: Table) -> list[_Para]:
    out = []
    for cells, boxes in zip(table.rows, table.boxes, strict=True):
        if not any(cells):
            continue
        pairs = list(zip(table.header[1:], cells[1:], strict=False))
        out.append(_Para("row", row_text(cells[0], pairs), row=(cells, boxes)))
    return out


def _compose(number: int, paras: list[_Para]) -> LaidOutPage:
    parts: list[str] = []
    rows: list[RowSpan] = []
    position = 0
    for n, para in enumerate(paras):
        if n:
            together = para.kind in {"row", "item"} and paras[n - 1].kind == para.kind
            parts.append("\n" if together else "\n\n")
            position += len(parts[-1])
        text = f"{'#' * para.level} {para.text}" if para.kind == "h" else para.text
        text = " ".join(text.split())
        if para.row is not None:
            rows.append(_row_span(position, text, *para.row))
        parts.append(text)
        position += len(text)
    return LaidOutPage(number, "".join(parts), False, rows)


def _row_span(at: int, text: str, cells: list[str], boxes: list[Box]) -> RowSpan:
    """Offsets of each non-empty cell's text inside the composed row, in row order."""
    spans: list[tuple[int, int]] = []
    kept: list[tuple[float, float, float, float]] = []
    cursor = 0
    for n, (cell, box) in enumerate(zip(cells, boxes, strict=True)):
        value = clean_cell(cell)
        if not value:
            continue
        headed = text.find(f"{HEADER_SEP}{value}", cursor) if n else -1
        found = headed + len(HEADER_SEP) if headed >= 0 else text.find(value, cursor)
        if found < 0:
            continue
        spans.append((at + found, at + found + len(value)))
        kept.append(box)
        cursor = found + len(value)
    return RowSpan(at, at + len(text), spans, kept)


def _runs_on(page: LaidOutPage, following: str) -> bool:
    """True when a page's last paragraph is cut by the page break: it ends without a full stop,
    and the next page opens with a paragraph in lower case or the last line was wrapped."""
    last = page.text.rsplit("\n", 1)[-1].strip()
    first = following.lstrip().split("\n", 1)[0]
    if not last or not first or last.startswith("#") or first.startswith("#"):
        return False
    if _TERMINAL.search(last) or is_row(first) or _BULLET.match(first):
        return False
    return first[0].islower() or page.full_last_line
