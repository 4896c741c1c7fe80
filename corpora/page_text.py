"""A page's text as the viewer shows it, and where a quote lies on it: pure functions."""

from __future__ import annotations

from research.agents.gate import quote_span as whole_quote_span
from research.agents.text import normalize

# Shorter pieces of a quote at a page's edge could be anyone's words ("the pump", "in 2024.").
QUOTE_PIECE_MIN_CHARS = 20

_BLOCK_START = ("|", "-", "*", "#", "•")


def reflow(text: str) -> str:
    """PDF line wraps become spaces, one character for one, so offsets into `text` still hold.

    Blank lines (paragraphs) and the lines of tables and lists keep their line breaks.
    """
    lines = text.split("\n")
    out: list[str] = []
    for line, following in zip(lines, [*lines[1:], None], strict=True):
        out.append(line)
        if following is None:
            break
        joins = line.strip() and following.strip()
        joins = joins and not following.lstrip().startswith(_BLOCK_START)
        out.append(" " if joins and not line.lstrip().startswith("|") else "\n")
    return "".join(out)


def quote_span(text: str, quote: str) -> tuple[int, int] | None:
    """(start, end) of `quote` in `text`, matched whitespace- and case-insensitively.

    A quote that runs across a page break is not whole on either page: then the span is its
    piece that ends the page (the quote goes on overleaf) or begins it (it started on the page
    before), whichever is longer, if that piece has at least QUOTE_PIECE_MIN_CHARS.
    """
    wanted = normalize(quote)
    if not wanted:
        return None
    whole = whole_quote_span(text, quote)
    if whole is not None:
        return whole
    page = normalize(text)
    head = _overlap(page, wanted)  # the quote's start, at the end of the page
    tail = _overlap(wanted, page)  # the quote's end, at the start of the page
    if max(head, tail) < QUOTE_PIECE_MIN_CHARS:
        return None
    if head >= tail:
        end = len(text.rstrip())
        return _start_covering(text, end, head), end
    start = len(text) - len(text.lstrip())
    return start, _end_covering(text, start, tail)


def _overlap(left: str, right: str) -> int:
    """Length of the longest start of `right` that ends `left`, if QUOTE_PIECE_MIN_CHARS or more."""
    for size in range(min(len(left), len(right)), QUOTE_PIECE_MIN_CHARS - 1, -1):
        if left.endswith(right[:size]):
            return size
    return 0


def _end_covering(text: str, start: int, size: int) -> int:
    """The shortest end whose span from `start` covers `size` normalized characters."""
    low, high = start + 1, len(text)
    while low < high:
        middle = (low + high) // 2
        if len(normalize(text[start:middle])) >= size:
            high = middle
        else:
            low = middle + 1
    return low


def _start_covering(text: str, end: int, size: int) -> int:
    """The latest start whose span up to `end` covers `size` normalized characters."""
    low, high = 0, end - 1
    while low < high:
        middle = (low + high + 1) // 2
        if len(normalize(text[middle:end])) >= size:
            low = middle
        else:
            high = middle - 1
    return low
