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
from dataclasses import dataclass

from corpora.extraction import PageText
from corpora.units import heading_of, line_units

MAX_GROWTH = 1.25  # a single unit may exceed size_chars by this factor before it is split
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
    heading: tuple[int, str] | None  # (level, text) for a heading line


def _pieces(text: str, limit: int, size_chars: int) -> list[_Piece]:
    """Headings and units in order; a unit longer than `limit` is cut at spaces."""
    out: list[_Piece] = []
    position = 0
    for line in text.split("\n"):
        lead, stop = position + len(line) - len(line.lstrip()), position + len(line.rstrip())
        heading = heading_of(line)
        units = [] if heading else line_units(line, position)
        if heading is not None:
            out.append(_Piece(lead, stop, heading))
        elif not units and lead < stop:  # a Markdown rule line: text, though no unit
            out.append(_Piece(lead, stop, None))
        for n, unit in enumerate(units):  # a list item's marker goes with its first unit
            start = lead if n == 0 else unit.start
            out.extend(_split_long(text, start, unit.end, limit, size_chars))
        position += len(line) + 1
    return out


def _split_long(text: str, start: int, end: int, limit: int, size_chars: int) -> list[_Piece]:
    pieces: list[_Piece] = []
    while end - start > limit:
        cut = max(
            (m.start() for m in _SPACE.finditer(text, start + size_chars // 2, start + size_chars)),
            default=start + size_chars,
        )
        pieces.append(_Piece(start, cut, None))
        start = cut + len(text[cut:end]) - len(text[cut:end].lstrip())
    pieces.append(_Piece(start, end, None))
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
    pieces = _pieces(stream.text, int(size_chars * MAX_GROWTH), size_chars)
    paths = _section_paths(pieces)
    chunks: list[ChunkSpan] = []
    i = 0
    while i < len(pieces):
        j, cut_for_size = _chunk_end(stream, pieces, i, size_chars, min_chars)
        body = next((n for n in range(i, j + 1) if pieces[n].heading is None), j)
        chunks.append(_span(stream, len(chunks), pieces[i].start, pieces[j].end, paths[body]))
        back = j
        while (
            cut_for_size
            and back > i + 1
            and "\n\n" not in stream.text[pieces[back].end : pieces[back + 1].start]
            and j + 1 < len(pieces)
            and pieces[j + 1].heading is None  # the next chunk must reach new text
            and "\n\n" not in stream.text[pieces[j].end : pieces[j + 1].start]
            and pieces[j + 1].end - pieces[back].start <= size_chars
            and stream.page_index(pieces[j + 1].start) == stream.page_index(pieces[j].end - 1)
            and pieces[back].heading is None
            and pieces[j].end - pieces[back].start <= overlap_chars
            and stream.page_index(pieces[back].start) == stream.page_index(pieces[j].end - 1)
        ):
            back -= 1
        i = back + 1
    return chunks


def _section_paths(pieces: list[_Piece]) -> list[str]:
    """For each piece, the headings in force there (itself included), outermost first."""
    sections: list[tuple[int, str]] = []
    paths: list[str] = []
    for piece in pieces:
        if piece.heading is not None:
            while sections and sections[-1][0] >= piece.heading[0]:
                sections.pop()
            sections.append(piece.heading)
        paths.append(SECTION_SEP.join(text for _, text in sections))
    return paths


def _chunk_end(
    stream: _Stream, pieces: list[_Piece], i: int, size_chars: int, min_chars: int
) -> tuple[int, bool]:
    """Index of the chunk's last piece, and whether size (not a section or page) ended it."""
    start = pieces[i].start
    j = i
    for n in range(i + 1, len(pieces)):
        piece = pieces[n]
        long_enough = pieces[j].end - start >= min_chars
        if piece.end - start > size_chars:
            return _not_on_heading(pieces, i, _paragraph_end(stream.text, pieces, i, j)), True
        if long_enough and piece.heading is not None:
            return _not_on_heading(pieces, i, j), False
        new_page = stream.page_index(piece.start) != stream.page_index(pieces[j].end - 1)
        if long_enough and new_page:
            return _not_on_heading(pieces, i, j), False
        j = n
    return j, False


def _paragraph_end(text: str, pieces: list[_Piece], i: int, j: int) -> int:
    """The last piece ending a paragraph in the second half of the chunk [i..j], else j."""
    half = pieces[i].start + (pieces[j].end - pieces[i].start) // 2
    for k in range(j, i, -1):
        if pieces[k - 1].end < half:
            break
        if "\n\n" in text[pieces[k - 1].end : pieces[k].start]:
            return k - 1
    return j


def _not_on_heading(pieces: list[_Piece], i: int, j: int) -> int:
    """A chunk never ends on a heading: it belongs with what follows it."""
    while j > i and pieces[j].heading is not None:
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
