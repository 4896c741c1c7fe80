"""Pack a document's text units into page-aware chunks for embedding, search and citation.

A chunk is a run of whole units (`corpora.units`: sentences, table rows, list items) and the
headings among them, never cut inside a unit unless one unit alone outgrows a chunk. A new
section (a heading) or a new page starts a new chunk once the current one holds `min_chars`;
a sentence that runs across a page break is one unit, so its chunk spans both pages and
`page_breaks` records where each later page begins. Each chunk carries its section path: the
headings in force where it starts.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from corpora.extraction import PageText
from corpora.units import heading_of, line_units

MAX_GROWTH = 1.25  # a chunk may exceed size_chars by this factor to hold a lone unit or a tail
SECTION_SEP = " › "
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class ChunkSpan:
    ordinal: int
    text: str
    page_start: int  # page numbers as in PageText.number
    page_end: int
    char_start: int  # offset of the chunk's first char in page_start's text
    char_end: int  # offset (exclusive) of the chunk's last char in page_end's text
    page_breaks: tuple[tuple[int, int], ...]  # (offset in chunk text, page number) per later page
    section: str = ""  # the headings in force at the chunk's start, joined by SECTION_SEP


def page_of_offset(chunk: ChunkSpan, offset: int) -> int:
    """The page number on which the character at `offset` of `chunk.text` lies."""
    if not 0 <= offset < len(chunk.text):
        raise IndexError(f"offset {offset} outside chunk of {len(chunk.text)} characters")
    page = chunk.page_start
    for start, number in chunk.page_breaks:
        if start > offset:
            break
        page = number
    return page


class _Stream:
    """All pages as one string, joined by "\\n" (by " " where a paragraph runs on)."""

    def __init__(self, pages: Sequence[PageText]) -> None:
        self.pages = pages
        self.text = (
            "".join(page.text + (" " if page.continues else "\n") for page in pages)[:-1]
            if pages
            else ""
        )
        self.starts: list[int] = []
        position = 0
        for page in pages:
            self.starts.append(position)
            position += len(page.text) + 1

    def page_index(self, position: int) -> int:
        return bisect.bisect_right(self.starts, position) - 1


@dataclass(frozen=True)
class _Piece:
    start: int
    end: int
    section: str  # the headings in force here (a heading's own text included)
    heading: bool = False
    line: bool = False  # a whole paragraph line, cut into its units only when it must be


def _line_pieces(text: str) -> list[_Piece]:
    """Headings and paragraph lines in order, each with its section path."""
    out: list[_Piece] = []
    sections: list[tuple[int, str]] = []
    position = 0
    for line in text.split("\n"):
        lead, stop = position + len(line) - len(line.lstrip()), position + len(line.rstrip())
        heading = heading_of(line)
        if heading is not None:
            while sections and sections[-1][0] >= heading[0]:
                sections.pop()
            sections.append(heading)
        if lead < stop:
            path = SECTION_SEP.join(name for _, name in sections)
            out.append(_Piece(lead, stop, path, heading=heading is not None, line=not heading))
        position += len(line) + 1
    return out


def _cut_line(text: str, pieces: list[_Piece], n: int, size_chars: int) -> bool:
    """Replace the paragraph line `pieces[n]` by its units (a list item's marker goes with the
    first; a unit longer than size_chars * 1.25 is cut at spaces). False when nothing changes.

    Segmenting only the lines a cut falls in keeps chunking fast: most paragraphs go whole."""
    piece = pieces[n]
    if not piece.line:
        return False
    line_start = text.rfind("\n", 0, piece.start) + 1
    units = line_units(text[line_start : piece.end], line_start)
    limit = int(size_chars * MAX_GROWTH)
    cut: list[_Piece] = []
    for k, unit in enumerate(units):
        start = piece.start if k == 0 else unit.start
        cut.extend(_split_long(text, start, unit.end, piece.section, limit, size_chars))
    if not cut:  # a Markdown rule line: text, though no unit
        cut = [replace(piece, line=False)]
    pieces[n : n + 1] = cut
    return True


def _split_long(
    text: str, start: int, end: int, section: str, limit: int, size_chars: int
) -> list[_Piece]:
    pieces: list[_Piece] = []
    while end - start > limit:
        cut = max(
            (m.start() for m in _SPACE.finditer(text, start + size_chars // 2, start + size_chars)),
            default=start + size_chars,
        )
        pieces.append(_Piece(start, cut, section))
        start = cut + len(text[cut:end]) - len(text[cut:end].lstrip())
    pieces.append(_Piece(start, end, section))
    return pieces


def chunk_pages(
    pages: Sequence[PageText],
    *,
    size_chars: int = 800,
    overlap_chars: int = 120,
    min_chars: int = 200,
) -> list[ChunkSpan]:
    """Chunks of whole units, about `size_chars` long (a lone unit up to size_chars * 1.25);
    after a cut for size, the next chunk repeats the last units up to `overlap_chars`."""
    if size_chars < 1 or overlap_chars < 0 or min_chars < 0:
        raise ValueError("size_chars must be positive; overlap_chars and min_chars not negative")
    stream = _Stream(pages)
    pieces = _line_pieces(stream.text)
    chunks: list[ChunkSpan] = []
    i = 0
    while i < len(pieces):
        if pieces[i].end - pieces[i].start > size_chars:
            _cut_line(stream.text, pieces, i, size_chars)
        j, cut_for_size = _chunk_end(stream, pieces, i, size_chars, min_chars)
        body = next((n for n in range(i, j + 1) if not pieces[n].heading), j)
        span = _span(stream, len(chunks), pieces[i].start, pieces[j].end, pieces[body].section)
        chunks.append(span)
        i = _next_start(stream, pieces, i, j, size_chars, overlap_chars) if cut_for_size else j + 1
    return chunks


def _next_start(
    stream: _Stream, pieces: list[_Piece], i: int, j: int, size_chars: int, overlap_chars: int
) -> int:
    """Where the chunk after [i..j] starts: with its last units, up to `overlap_chars`, when
    they and the next piece are one paragraph on one page and the next piece still fits."""
    following = j + 1
    if following >= len(pieces) or pieces[following].heading:
        return following
    if not _joined(stream, pieces[j], pieces[following]):
        return following

    def repeatable(k: int) -> bool:
        return (
            not pieces[k].heading
            and _joined(stream, pieces[k], pieces[k + 1])
            and pieces[j].end - pieces[k].start <= overlap_chars
            and pieces[following].end - pieces[k].start <= size_chars
        )

    start = following
    while start - 1 > i + 1 and repeatable(start - 1):
        start -= 1
    return start


def _joined(stream: _Stream, a: _Piece, b: _Piece) -> bool:
    """True when piece `b` goes on with `a`'s paragraph (or list, or table) on the same page."""
    same_page = stream.page_index(a.start) == stream.page_index(b.end - 1)
    return same_page and "\n\n" not in stream.text[a.end : b.start]


def _chunk_end(
    stream: _Stream, pieces: list[_Piece], i: int, size_chars: int, min_chars: int
) -> tuple[int, bool]:
    """Index of the chunk's last piece, and whether size (not a section or page) ended it.

    A chunk that outgrows `size_chars` ends at the last paragraph end past its half; failing
    that, the paragraph line that overflows is cut into its units to fill the chunk."""
    start = pieces[i].start
    j = i
    n = i + 1
    while n < len(pieces):
        piece = pieces[n]
        long_enough = pieces[j].end - start >= min_chars
        new_page = stream.page_index(piece.start) != stream.page_index(pieces[j].end - 1)
        if long_enough and (piece.heading or new_page):
            return _not_on_heading(pieces, i, j), False
        if piece.end - start > size_chars:
            rest = _run_end(stream, pieces, n)
            if pieces[rest].end - start <= size_chars * MAX_GROWTH:
                return rest, False  # what is left of the section on this page is a tiny tail
            end = _paragraph_end(stream.text, pieces, i, n, size_chars)
            if end is None and _cut_line(stream.text, pieces, n, size_chars):
                continue
            return _not_on_heading(pieces, i, j if end is None else end), True
        j = n
        n += 1
    return j, False


def _run_end(stream: _Stream, pieces: list[_Piece], n: int) -> int:
    """The last piece from `n` on before a heading or a new page."""
    page = stream.page_index(pieces[n].start)
    while (
        n + 1 < len(pieces)
        and not pieces[n + 1].heading
        and stream.page_index(pieces[n + 1].start) == page
    ):
        n += 1
    return n


def _paragraph_end(text: str, pieces: list[_Piece], i: int, n: int, size_chars: int) -> int | None:
    """The last piece before `n` that ends a paragraph past half a chunk from `i`, if any."""
    half = pieces[i].start + size_chars // 2
    for k in range(n, i, -1):
        if pieces[k - 1].end < half:
            break
        if "\n\n" in text[pieces[k - 1].end : pieces[k].start]:
            return k - 1
    return None


def _not_on_heading(pieces: list[_Piece], i: int, j: int) -> int:
    """A chunk never ends on a heading: it belongs with what follows it."""
    while j > i and pieces[j].heading:
        j -= 1
    return j


def _span(stream: _Stream, ordinal: int, start: int, end: int, section: str) -> ChunkSpan:
    end = start + len(stream.text[start:end].rstrip())
    first, last = stream.page_index(start), stream.page_index(end - 1)
    pages = stream.pages
    breaks = tuple(
        (stream.starts[i] - start, pages[i].number)
        for i in range(first + 1, last + 1)
        if pages[i].text
    )
    return ChunkSpan(
        ordinal=ordinal,
        text=stream.text[start:end],
        page_start=pages[first].number,
        page_end=pages[last].number,
        char_start=start - stream.starts[first],
        char_end=end - stream.starts[last],
        page_breaks=breaks,
        section=section,
    )
