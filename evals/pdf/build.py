#!/usr/bin/env python3
"""Build the invented PDF evaluation set: three corpora of A4 PDFs drawn with PyMuPDF.

    .venv/bin/python evals/pdf/build.py [TARGET]      # default: var/evals-pdf/corpora

Writes TARGET/<slug>/corpus.json, TARGET/<slug>/documents.json and the PDFs of the corpora
described in docs_trials.py, docs_contracts.py and docs_certificates.py. Each corpus folder is
replaced as a whole; nothing else under TARGET is touched. The output is deterministic (fixed
metadata dates, no random document id, fonts subset the same way every run).

Layout: a small flow routine breaks paragraphs into lines itself (so that marked words can be
hyphenated at a line end), draws each line with ``page.insert_text``, rules tables and field
grids with ``page.draw_rect``, flows text across pages and, where asked, through two columns,
and finally adds a running header (organisation · title) and footer (document code, "Page N
of M") to every page.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import docs_certificates
import docs_contracts
import docs_trials
import pymupdf
from model import (
    SHY,
    Block,
    Columns,
    Corpus,
    Document,
    Fields,
    Heading,
    PageBreak,
    Para,
    Signatory,
    Signatures,
    Table,
)

CORPORA: tuple[Corpus, ...] = (docs_trials.CORPUS, docs_contracts.CORPUS, docs_certificates.CORPUS)
DEFAULT_TARGET = "var/evals-pdf/corpora"

PAGE_W, PAGE_H = pymupdf.paper_size("a4")
MARGIN = 56.0
TOP = 72.0
BOTTOM = 780.0
COLUMN_GAP = 20.0
LEADING = 1.32
CELL_PAD = 3.0
TABLE_SIZE = 8.6
FIELD_SIZE = 9.0
GREY = (0.38, 0.38, 0.38)
BLACK = (0.0, 0.0, 0.0)
RULE = (0.25, 0.25, 0.25)
FILL = (0.91, 0.91, 0.91)

REGULAR = pymupdf.Font("helv")
BOLD = pymupdf.Font("hebo")
FONTS: dict[bool, tuple[str, pymupdf.Font]] = {False: ("F0", REGULAR), True: ("F1", BOLD)}

# Hyphenation points of long words, as a typesetter would apply them to running text.
HYPHENATED = """
ac-cred-i-ta-tion ad-just-ment ad-min-is-tra-tion agree-ment al-ter-ations ap-pli-ca-ble
ap-prox-i-mately as-sess-ment avail-abil-ity cal-i-brated cal-i-bra-tion cer-tif-i-cate
cer-ti-fi-ca-tion com-mence-ment con-fi-den-tial con-fi-den-ti-al-ity con-for-mity
con-se-quen-tial con-sis-tent con-ve-nience dis-con-tin-u-a-tion dis-tri-bu-tion doc-u-ments
en-vi-ron-men-tal equiv-a-lent ex-clu-sions haema-to-log-i-cal hy-per-phos-phat-aemia
im-me-di-ately in-dem-nity in-for-ma-tion in-spec-tion in-ter-ac-tion in-ves-ti-ga-tor
in-ves-ti-ga-tional main-te-nance man-age-ment man-u-fac-turer man-u-fac-tur-ing mea-sure-ment
mea-sure-ments multi-cen-tre ob-li-ga-tions or-gan-i-sa-tion par-tic-u-lar per-for-mance
pharma-co-ki-net-ics pre-spec-i-fied pro-ce-dure pro-fes-sional pur-chaser ran-domised
re-cal-i-bra-tion re-cruit-ment rep-re-sen-ta-tive re-quire-ments re-spec-tively
sig-nif-i-cantly spec-i-fi-ca-tion spec-i-fi-ca-tions sta-tis-ti-cally sub-con-tract
sub-stan-tial sur-veil-lance ter-mi-na-tion tol-er-a-bil-ity tox-ic-ity trace-abil-ity
un-cer-tainty com-par-a-tor op-ti-mi-sa-tion ef-fi-cacy con-cen-tra-tion
"""
HYPHENATION: dict[str, str] = {w.replace("-", ""): w.replace("-", SHY) for w in HYPHENATED.split()}

Run = tuple[str, bool]  # text, bold
Word = tuple[Run, ...]
Line = list[Run]


@dataclass
class LayoutStats:
    hyphenations: int = 0
    page_split_paragraphs: int = 0
    two_column_pages: set[int] = field(default_factory=set)


# --- words and lines -----------------------------------------------------------------------


def tokenize(text: str, bold: bool = False) -> list[Word]:
    """Split text into words; ``**`` toggles bold, and a word may mix bold and regular runs."""
    words: list[Word] = []
    runs: list[Run] = []
    buf = ""
    i = 0
    while i < len(text):
        if text.startswith("**", i):
            if buf:
                runs.append((buf, bold))
                buf = ""
            bold = not bold
            i += 2
            continue
        if text[i] == " ":
            if buf:
                runs.append((buf, bold))
                buf = ""
            if runs:
                words.append(tuple(runs))
                runs = []
        else:
            buf += text[i]
        i += 1
    if buf:
        runs.append((buf, bold))
    if runs:
        words.append(tuple(runs))
    return words


def mark_hyphenation(text: str) -> str:
    """Insert soft hyphens into the words of HYPHENATION, keeping the word's capitals."""

    def mark(match: re.Match[str]) -> str:
        word = match.group(0)
        pattern = HYPHENATION.get(word.lower())
        if pattern is None:
            return word
        out, i = [], 0
        for ch in pattern:
            if ch == SHY:
                out.append(SHY)
            else:
                out.append(word[i])
                i += 1
        return "".join(out)

    return re.sub(r"[^\W\d_]+", mark, text)


def run_width(run: Run, size: float) -> float:
    return FONTS[run[1]][1].text_length(run[0].replace(SHY, ""), fontsize=size)


def word_width(word: Word, size: float) -> float:
    return sum(run_width(r, size) for r in word)


def hyphenate(word: Word, room: float, size: float) -> tuple[Word, Word] | None:
    """Split a one-run word at its last soft-hyphen point whose head (with "-") fits ``room``."""
    if len(word) != 1 or SHY not in word[0][0]:
        return None
    text, bold = word[0]
    parts = text.split(SHY)
    for k in range(len(parts) - 1, 0, -1):
        head = ("".join(parts[:k]) + "-", bold)
        if run_width(head, size) <= room:
            return (head,), ((SHY.join(parts[k:]), bold),)
    return None


def merge(words: list[Word]) -> Line:
    """Join a line's words into as few same-style runs as possible, spaces included."""
    line: Line = []
    for index, word in enumerate(words):
        for k, (text, bold) in enumerate(word):
            text = text.replace(SHY, "")
            if index > 0 and k == 0:
                line[-1] = (line[-1][0] + " ", line[-1][1])
            if line and line[-1][1] == bold:
                line[-1] = (line[-1][0] + text, bold)
            else:
                line.append((text, bold))
    return line


def wrap(text: str, width: float, size: float, bold: bool = False) -> tuple[list[Line], int]:
    """Greedy line breaking with hyphenation at marked points; returns lines and hyphen count."""
    space = REGULAR.text_length(" ", fontsize=size)
    queue = deque(tokenize(text, bold))
    lines: list[Line] = []
    current: list[Word] = []
    used = 0.0
    hyphens = 0
    while queue:
        word = queue.popleft()
        gap = space if current else 0.0
        w = word_width(word, size)
        if used + gap + w <= width or (
            not current and w > width and hyphenate(word, width, size) is None
        ):
            current.append(word)
            used += gap + w
            continue
        split = hyphenate(word, width - used - gap, size)
        if split:
            current.append(split[0])
            queue.appendleft(split[1])
            hyphens += 1
        else:
            queue.appendleft(word)
        lines.append(merge(current))
        current, used = [], 0.0
    if current:
        lines.append(merge(current))
    return lines, hyphens


def draw_line(
    page: pymupdf.Page, x: float, top: float, line: Line, size: float, color=BLACK
) -> None:
    baseline = top + size
    for text, bold in line:
        name, font = FONTS[bold]
        page.insert_text((x, baseline), text, fontname=name, fontsize=size, color=color)
        x += font.text_length(text, fontsize=size)


# --- the flow ------------------------------------------------------------------------------


class Flow:
    """A cursor over pages and columns; blocks ask it for room and it moves on when full."""

    def __init__(self, pdf: pymupdf.Document) -> None:
        self.pdf = pdf
        self.page_count = 0
        self.current: pymupdf.Page | None = None
        self.columns: list[tuple[float, float]] = [(MARGIN, PAGE_W - MARGIN)]
        self.col = 0
        self.col_top = TOP
        self.left_end = TOP
        self.y = TOP
        self.stats = LayoutStats()
        self.limit: tuple[int, float] | None = None  # (page, bottom) for a left column
        self.new_page()

    @property
    def page(self) -> pymupdf.Page:
        assert self.current is not None
        return self.current

    @property
    def x0(self) -> float:
        return self.columns[self.col][0]

    @property
    def width(self) -> float:
        left, right = self.columns[self.col]
        return right - left

    def where(self) -> tuple[int, int]:
        return self.page_count, self.col

    def new_page(self) -> None:
        page = self.pdf.new_page(width=PAGE_W, height=PAGE_H)
        for name, font in FONTS.values():
            page.insert_font(fontname=name, fontbuffer=font.buffer)
        self.page_count += 1
        self.current = page
        self.col, self.col_top, self.y = 0, TOP, TOP

    def advance(self) -> None:
        if self.col + 1 < len(self.columns):
            self.left_end = self.y
            self.col += 1
            self.y = self.col_top
        else:
            self.new_page()

    def bottom(self) -> float:
        if self.limit and self.limit[0] == self.page_count and self.col == 0:
            return self.limit[1]
        return BOTTOM

    def ensure(self, height: float) -> None:
        if self.y + height > self.bottom() and self.y > self.col_top:
            self.advance()

    # text lines ---------------------------------------------------------------------------

    def lines(self, lines: list[Line], size: float, indent: float = 0.0, color=BLACK) -> None:
        height = size * LEADING
        for line in lines:
            self.ensure(height)
            draw_line(self.page, self.x0 + indent, self.y, line, size, color)
            self.y += height

    def text(self, text: str, size: float, bold: bool = False, indent: float = 0.0, color=BLACK):
        lines, hyphens = wrap(text, self.width - indent, size, bold)
        self.stats.hyphenations += hyphens
        self.lines(lines, size, indent, color)

    # blocks -------------------------------------------------------------------------------

    def title_block(self, doc: Document) -> None:
        self.text(doc.kicker.upper(), 8.5, bold=True, color=GREY)
        self.y += 3
        self.text(doc.display_title, 16.0, bold=True)
        self.y += 2
        self.text(doc.subtitle, 10.5, color=GREY)
        self.y += 4
        self.page.draw_line((MARGIN, self.y), (PAGE_W - MARGIN, self.y), color=RULE, width=0.8)
        self.y += 12

    def block(self, block: Block) -> None:
        if isinstance(block, Heading):
            self.heading(block)
        elif isinstance(block, Para):
            self.paragraph(block)
        elif isinstance(block, Table):
            self.table(block)
        elif isinstance(block, Fields):
            self.fields(block)
        elif isinstance(block, Signatures):
            self.signatures(block)
        elif isinstance(block, Columns):
            self.two_columns(block)
        elif isinstance(block, PageBreak) and (self.y > TOP or self.col):
            self.new_page()

    def heading(self, h: Heading) -> None:
        size = 11.5 if h.level == 1 else 10.2
        lines, _ = wrap(h.text, self.width, size, bold=True)
        body_line = 10.0 * LEADING
        if self.y > self.col_top:
            self.y += 5 if h.level == 1 else 3
        self.ensure(len(lines) * size * LEADING + 2 * body_line)
        self.lines(lines, size)
        self.y += 2

    def paragraph(self, p: Para) -> None:
        start = self.where()
        lines, hyphens = wrap(mark_hyphenation(p.text), self.width - p.indent, p.size)
        self.stats.hyphenations += hyphens
        self.lines(lines, p.size, p.indent)
        if self.where()[0] != start[0]:
            self.stats.page_split_paragraphs += 1
        self.y += p.size * 0.5

    def cell_lines(self, text: str, width: float, size: float, bold: bool) -> list[Line]:
        lines, hyphens = wrap(text, width - 2 * CELL_PAD, size, bold)
        self.stats.hyphenations += hyphens
        return lines

    def row(
        self, cells: list[list[Line]], widths: list[float], size: float, fills: list, boxed: bool
    ) -> None:
        """Draw one row of cells at the cursor (the caller has made room)."""
        lh = size * 1.25
        height = max(len(c) for c in cells) * lh + 2 * CELL_PAD
        x = self.x0
        for lines, w, fill in zip(cells, widths, fills, strict=True):
            if boxed:
                rect = pymupdf.Rect(x, self.y, x + w, self.y + height)
                self.page.draw_rect(rect, color=RULE, fill=fill, width=0.5)
            for i, line in enumerate(lines):
                draw_line(self.page, x + CELL_PAD, self.y + CELL_PAD + i * lh, line, size)
            x += w
        self.y += height

    @staticmethod
    def row_height(cells: list[list[Line]], size: float) -> float:
        return max(len(c) for c in cells) * size * 1.25 + 2 * CELL_PAD

    def table(self, t: Table) -> None:
        total = sum(t.widths)
        widths = [self.width * w / total for w in t.widths]
        head = [
            self.cell_lines(h, w, TABLE_SIZE, True) for h, w in zip(t.headers, widths, strict=True)
        ]
        body = [
            [self.cell_lines(c, w, TABLE_SIZE, False) for c, w in zip(r, widths, strict=True)]
            for r in t.rows
        ]
        caption, _ = wrap(t.caption, self.width, 9.0, bold=True) if t.caption else ([], 0)
        head_h = self.row_height(head, TABLE_SIZE)
        first_h = self.row_height(body[0], TABLE_SIZE) if body else 0.0
        self.y += 2
        self.ensure(len(caption) * 9.0 * LEADING + head_h + first_h + 4)
        self.lines(caption, 9.0)
        self.y += 2
        self.row(head, widths, TABLE_SIZE, [FILL] * len(widths), boxed=True)
        for cells in body:
            if self.y + self.row_height(cells, TABLE_SIZE) > self.bottom():
                self.advance()
                self.row(head, widths, TABLE_SIZE, [FILL] * len(widths), boxed=True)
            self.row(cells, widths, TABLE_SIZE, [None] * len(widths), boxed=True)
        self.y += 3
        if t.note:
            self.text(t.note, 8.0, color=GREY)
        self.y += 6

    def fields(self, f: Fields) -> None:
        column = self.width / f.columns
        label_w = column * f.label_share
        widths = [label_w, column - label_w] * f.columns
        boxed = f.style == "grid"
        suffix = "" if boxed else ":"
        for start in range(0, len(f.pairs), f.columns):
            chunk = f.pairs[start : start + f.columns]
            cells: list[list[Line]] = []
            for label, value in chunk:
                cells.append(self.cell_lines(label + suffix, label_w, FIELD_SIZE, True))
                cells.append(self.cell_lines(value, column - label_w, FIELD_SIZE, False))
            fills = [FILL, None] * len(chunk)
            self.ensure(self.row_height(cells, FIELD_SIZE))
            self.row(cells, widths[: len(cells)], FIELD_SIZE, fills, boxed)
        self.y += 8

    def signatures(self, s: Signatures) -> None:
        """Signature blocks two abreast: lead, party, a signature rule, name, title, date."""
        width = (self.width - COLUMN_GAP) / 2
        lh = 9.0 * LEADING
        self.y += 6
        for start in range(0, len(s.signatories), 2):
            pair = s.signatories[start : start + 2]
            blocks = [self.signature_lines(sig, s.lead, width) for sig in pair]
            height = max(len(a) + len(b) for a, b in blocks) * lh + 32
            self.ensure(height)
            for i, (above, below) in enumerate(blocks):
                x = self.x0 + i * (width + COLUMN_GAP)
                y = self.y
                for line in above:
                    draw_line(self.page, x, y, line, 9.0)
                    y += lh
                y += 26
                self.page.draw_line((x, y), (x + width * 0.8, y), color=RULE, width=0.6)
                y += 6
                for line in below:
                    draw_line(self.page, x, y, line, 9.0)
                    y += lh
            self.y += height + 8

    @staticmethod
    def signature_lines(sig: Signatory, lead: str, width: float) -> tuple[list[Line], list[Line]]:
        above = wrap(lead, width, 9.0)[0] + wrap(sig.party, width, 9.0, bold=True)[0]
        below: list[Line] = []
        for label, value in (("Name", sig.name), ("Title", sig.title), ("Date", sig.date)):
            below += wrap(f"**{label}:** {value}", width, 9.0)[0]
        return above, below

    def two_columns(self, c: Columns) -> None:
        """Flow blocks through two columns, balancing the columns of the last page."""
        if self.y > BOTTOM - 80:
            self.new_page()
        probe = Flow(pymupdf.open())
        probe.y = self.y
        probe.flow_columns(c.blocks)
        limit: tuple[int, float] | None = None
        if probe.col == 0:
            last_top = self.y if probe.page_count == 1 else TOP
            page = self.page_count + probe.page_count - 1
            limit = (page, last_top + (probe.y - last_top) / 2 + 10.0 * LEADING)
        first = self.page_count
        self.flow_columns(c.blocks, limit)
        self.stats.two_column_pages.update(range(first, self.page_count + 1))

    def flow_columns(self, blocks: tuple[Block, ...], limit: tuple[int, float] | None = None):
        middle = PAGE_W / 2
        self.columns = [
            (MARGIN, middle - COLUMN_GAP / 2),
            (middle + COLUMN_GAP / 2, PAGE_W - MARGIN),
        ]
        self.col, self.col_top, self.left_end = 0, self.y, self.y
        self.limit = limit
        for block in blocks:
            if isinstance(block, Columns):
                raise ValueError("nested columns")
            self.block(block)
        end = max(self.y, self.left_end) if self.col == 1 else self.y
        self.columns = [(MARGIN, PAGE_W - MARGIN)]
        self.col, self.col_top, self.y, self.limit = 0, TOP, end + 6, None


# --- documents -----------------------------------------------------------------------------


def decorate(pdf: pymupdf.Document, doc: Document) -> None:
    """Running header (organisation · title) and footer (code, Page N of M) on every page."""
    header = f"{doc.org} · {doc.title}"
    if REGULAR.text_length(header, fontsize=7.5) > PAGE_W - 2 * MARGIN:
        raise ValueError(f"header too long: {header}")
    for number, page in enumerate(pdf, 1):
        page.insert_text((MARGIN, 44), header, fontname="F0", fontsize=7.5, color=GREY)
        page.draw_line((MARGIN, 50), (PAGE_W - MARGIN, 50), color=RULE, width=0.5)
        page.draw_line((MARGIN, 794), (PAGE_W - MARGIN, 794), color=RULE, width=0.5)
        page.insert_text((MARGIN, 806), doc.code, fontname="F0", fontsize=7.5, color=GREY)
        label = f"Page {number} of {pdf.page_count}"
        x = PAGE_W - MARGIN - REGULAR.text_length(label, fontsize=7.5)
        page.insert_text((x, 806), label, fontname="F0", fontsize=7.5, color=GREY)


def pdf_date(iso: str) -> str:
    return "D:" + iso.replace("-", "") + "090000Z"


def render(doc: Document, path: Path) -> tuple[int, LayoutStats]:
    pdf = pymupdf.open()
    flow = Flow(pdf)
    flow.title_block(doc)
    for block in doc.blocks:
        flow.block(block)
    decorate(pdf, doc)
    pdf.set_metadata(
        {
            "title": doc.title,
            "author": doc.org,
            "subject": "",
            "keywords": "",
            "creator": "Dossier evals/pdf/build.py",
            "producer": "PyMuPDF",
            "creationDate": pdf_date(doc.date),
            "modDate": pdf_date(doc.date),
        }
    )
    pdf.subset_fonts()
    pdf.save(path, garbage=4, deflate=True, no_new_id=True)
    pages = pdf.page_count
    pdf.close()
    return pages, flow.stats


def write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def build(target: Path, verbose: bool = True) -> dict[str, LayoutStats]:
    """Write every corpus under ``target``; return layout statistics by document title."""
    report: dict[str, LayoutStats] = {}
    for corpus in CORPORA:
        folder = target / corpus.slug
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        entries = []
        for doc in sorted(corpus.documents, key=lambda d: d.file):
            pages, stats = render(doc, folder / doc.file)
            entries.append({"file": doc.file, "title": doc.title, "date": doc.date, "pages": pages})
            report[doc.title] = stats
            if verbose:
                print(
                    f"{corpus.slug}/{doc.file}: {pages} pages, {stats.hyphenations} hyphenated,"
                    f" {stats.page_split_paragraphs} across pages,"
                    f" two-column pages {sorted(stats.two_column_pages) or '-'}"
                )
        write_json(
            folder / "corpus.json",
            {"name": corpus.name, "slug": corpus.slug, "description": corpus.description},
        )
        write_json(folder / "documents.json", entries)
    return report


def main(argv: list[str]) -> int:
    target = Path(argv[1] if len(argv) > 1 else DEFAULT_TARGET)
    report = build(target)
    print(f"{len(report)} documents written to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
