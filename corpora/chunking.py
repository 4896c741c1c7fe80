"""Split extracted pages into overlapping, page-aware chunks for embedding and citation.

Chunks stay inside one page so a citation names one page, except where a page ends in a
fragment too small to stand alone (< `min_chars`): that fragment continues onto the next
page, joined with "\\n", and `page_breaks` records where each later page begins.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from corpora.extraction import PageText

MAX_GROWTH = 1.25  # a chunk may exceed size_chars by this factor only to swallow a tiny tail
_TABLE_LINE_MAX_CHARS = 4_000  # longer lines are prose, whatever they start with

_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s)")
_SENTENCE_START = re.compile(r"[.!?][\"')\]]*\s+")
_WHITESPACE = re.compile(r"\s+")
_NON_SPACE = re.compile(r"\S")


@dataclass(frozen=True)
class ChunkSpan:
    ordinal: int
    text: str
    page_start: int  # page numbers as in PageText.number
    page_end: int
    char_start: int  # offset of the chunk's first char in page_start's text
    char_end: int  # offset (exclusive) of the chunk's last char in page_end's text
    page_breaks: tuple[tuple[int, int], ...]  # (offset in chunk text, page number) per later page


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
    """All pages as one string joined by "\\n", with page boundaries for lookups."""

    def __init__(self, pages: Sequence[PageText]) -> None:
        self.pages = pages
        self.text = "\n".join(page.text for page in pages)
        self.starts: list[int] = []
        position = 0
        for page in pages:
            self.starts.append(position)
            position += len(page.text) + 1

    def page_index(self, position: int) -> int:
        return bisect.bisect_right(self.starts, position) - 1

    def page_end(self, index: int) -> int:
        return self.starts[index] + len(self.pages[index].text)


def chunk_pages(
    pages: Sequence[PageText],
    *,
    size_chars: int = 800,
    overlap_chars: int = 120,
    min_chars: int = 200,
) -> list[ChunkSpan]:
    """Chunks of about `size_chars` (never over size_chars * 1.25) covering every non-space
    character, cut at paragraph, then sentence, line, word ends, overlapping ~`overlap_chars`."""
    if size_chars < 1 or overlap_chars < 0 or min_chars < 0:
        raise ValueError("size_chars must be positive; overlap_chars and min_chars not negative")
    stream = _Stream(pages)
    text, limit = stream.text, int(size_chars * MAX_GROWTH)
    reach = max(1, size_chars // 2)  # a cut never comes before half a chunk
    chunks: list[ChunkSpan] = []
    start = 0
    while (found := _NON_SPACE.search(text, start)) is not None:
        start = found.start()
        index = stream.page_index(start)
        stop = stream.page_end(index)
        # Cross into the next page only while what this page still holds is a tiny fragment;
        # capped at half a chunk so that the cut below always lands beyond the page end.
        while stop - start < min(min_chars, size_chars // 2) and index + 1 < len(pages):
            index += 1
            stop = stream.page_end(index)
        rest = stop - start
        if rest <= size_chars or (rest <= limit and rest - size_chars < min_chars):
            cut = stop
        else:
            cut = _best_break(text, start + reach, start + size_chars)
        end = start + len(text[start:cut].rstrip())
        chunks.append(_span(stream, len(chunks), start, end))
        following = _NON_SPACE.search(text, end, stop)
        if following is None:
            start = stop  # the page is done; overlap never reaches back across a page end
            continue
        floor = stream.starts[stream.page_index(end - 1)]
        overlap = max(_overlap_start(text, start, end, overlap_chars), floor, start + 1)
        # Overlap only when the next chunk still reaches new text; else skip the blank gap.
        start = overlap if following.start() - overlap < reach else following.start()
    return chunks


def _best_break(text: str, low: int, high: int) -> int:
    """Cut position in [low, high]: paragraph end, else sentence end, line end, space, hard."""
    cut = text.rfind("\n\n", low, high + 2)
    if cut != -1:
        return cut
    sentence_ends = [
        m.end()
        for m in _SENTENCE_END.finditer(text, low - 4 if low >= 4 else 0, high + 1)
        if low <= m.end() <= high and not _in_table_line(text, m.end())
    ]
    if sentence_ends:
        return sentence_ends[-1]
    cut = text.rfind("\n", low, high + 1)
    if cut != -1:
        return cut
    for space in _spaces_backwards(text, low, high):
        if not _in_table_line(text, space):
            return space
    cut = max(text.rfind(" ", low, high + 1), text.rfind("\t", low, high + 1))
    return cut if cut != -1 else high


def _spaces_backwards(text: str, low: int, high: int) -> list[int]:
    return [m.start() for m in _WHITESPACE.finditer(text, low, high + 1)][::-1]


def _in_table_line(text: str, position: int) -> bool:
    """True inside a Markdown table row, where a cut would tear the grid apart."""
    if position >= len(text) or text[position] == "\n":
        return False  # at the end of the line, not inside it
    lookback = max(0, position - _TABLE_LINE_MAX_CHARS)  # bounded: a 10 MB line stays linear
    line_start = text.rfind("\n", lookback, position)
    if line_start == -1 and lookback > 0:
        return False
    return text.startswith("|", line_start + 1)


def _overlap_start(text: str, start: int, end: int, overlap_chars: int) -> int:
    """Where the next chunk begins: the first sentence, else word, start in the overlap."""
    window = end - min(overlap_chars, (end - start) // 2)  # at least half a chunk of progress
    for match in _SENTENCE_START.finditer(text, max(start, window - 4), end):
        if match.end() >= window and match.end() < end:
            return match.end()
    match = _WHITESPACE.search(text, window, end)
    if match is not None and match.end() < end:
        return match.end()
    return window


def _span(stream: _Stream, ordinal: int, start: int, end: int) -> ChunkSpan:
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
    )
