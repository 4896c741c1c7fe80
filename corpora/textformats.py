"""Text formats: decoding bytes that may not be UTF-8, visible text of HTML, sections, and
the normalisation every page goes through. Pure functions."""

from __future__ import annotations

import codecs
import logging
import re
import unicodedata
from html.parser import HTMLParser

from corpora.units import row_text

log = logging.getLogger(__name__)


def decode_text(data: bytes) -> str:
    """Bytes to str without ever failing: UTF-8 or UTF-16 by BOM, else UTF-8, else cp1252."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        # cp1252 is what mislabelled "latin-1" text nearly always is; 5 unmapped bytes -> U+FFFD.
        return data.decode("cp1252", errors="replace")


def split_sections(text: str, *, max_chars: int) -> list[str]:
    """Cut at blank lines, else line ends, else spaces, else anywhere; at least one section."""
    sections: list[str] = []
    start, length = 0, len(text)
    while start < length:
        end = start + max_chars
        if end >= length:
            sections.append(text[start:])
            break
        floor = start + max_chars // 2  # never cut off a sliver
        for separator in ("\n\n", "\n", " "):
            cut = text.rfind(separator, floor, end)
            if cut != -1:
                sections.append(text[start:cut])
                start = cut + len(separator)
                break
        else:
            sections.append(text[start:end])
            start = end
    return [s for s in (section.strip() for section in sections) if s] or [""]


_SKIP_TAGS = frozenset({"script", "style", "head", "noscript", "template", "svg", "iframe"})
_PARAGRAPH_TAGS = frozenset(
    {"p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "ul", "ol", "dl"}
    | {"section", "article", "header", "footer", "nav", "aside", "main", "figure", "form", "hr"}
)
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_LINE_TAGS = frozenset({"br", "li", "tr", "div", "dt", "dd", "caption", "figcaption", "option"})


class _VisibleText(HTMLParser):
    """Collects the text a browser would show, with block elements as line breaks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping: list[str] = []
        self._pre = 0
        self._newlines = 2  # trailing line breaks so far: block tags never stack blank lines
        self._rows: list[int] = []  # per open table, the rows closed so far
        self._cells = 0  # cells of the row being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body" and "head" in self._skipping:  # an unclosed <head> ends here
            del self._skipping[self._skipping.index("head") :]
        if tag in _SKIP_TAGS:
            self._skipping.append(tag)
        if tag == "pre":
            self._pre += 1
        self._break(tag)
        if tag in _HEADING_TAGS and not self._skipping:  # "# ...": a section, not a sentence
            self._text("#" * int(tag[1]) + " ")
        if tag == "table":
            self._rows.append(0)
        if tag in {"td", "th"} and not self._skipping:
            self._text(" | ")
            self._cells += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self._skipping:
            del self._skipping[len(self._skipping) - 1 - self._skipping[::-1].index(tag) :]
        if tag == "pre" and self._pre:
            self._pre -= 1
        if tag == "tr" and self._cells and not self._skipping:
            self._close_row()
        if tag == "table" and self._rows:
            self._rows.pop()
        self._break(tag)

    def handle_data(self, data: str) -> None:
        if not self._pre:
            data = re.sub(r"\s+", " ", data)
        if not self._skipping and (data.strip() or not self._newlines):
            self._text(data)

    def _text(self, data: str) -> None:
        self.parts.append(data)
        self._newlines = 0

    def _close_row(self) -> None:
        """End a row as a Markdown grid row; the first row of a table is its header, so a
        rule follows it (`markdown_rows` then gives each row its headers)."""
        self._text(" |")
        if self._rows and self._rows[-1] == 0:
            self._text("\n|" + " --- |" * self._cells)
        if self._rows:
            self._rows[-1] += 1
        self._cells = 0

    def _break(self, tag: str) -> None:
        wanted = 2 if tag in _PARAGRAPH_TAGS else 1 if tag in _LINE_TAGS else 0
        if wanted > self._newlines and not self._skipping:
            self.parts.append("\n" * (wanted - self._newlines))
            self._newlines = wanted


def html_to_text(html: str) -> str:
    """Visible text of an HTML document: no script/style/head, entities resolved."""
    parser = _VisibleText()
    try:
        parser.feed(html)
        parser.close()
    except (AssertionError, ValueError):  # pathological markup: keep what was read so far
        log.warning("HTML parser gave up; keeping the text read so far", exc_info=True)
    return "".join(parser.parts)


_PARAGRAPH_BREAKS = re.compile(r"[\f\u2029]")
_LINE_BREAKS = re.compile(r"\r\n?|[\v\x85\u2028]")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u00ad\u200b\ufeff]")
_SPACES = re.compile(r"[ \u00a0\u2000-\u200a\u202f\u205f\u3000]+")
_HYPHENATED = re.compile(r"(?<=[^\W\d_])-\n(?=[a-z\u00df-\u00ff])")
_LINE_EDGES = re.compile(r"[ \t]+\n *|\n +")
_BLANK_RUNS = re.compile(r"\n{3,}")


def normalize_text(text: str) -> str:
    """Clean text: no control characters (but \\n, \\t), NFC, single spaces, joined
    hyphenated line breaks, blank lines only as paragraph breaks, stripped."""
    text = _LINE_BREAKS.sub("\n", _PARAGRAPH_BREAKS.sub("\n\n", text))
    text = _CONTROLS.sub("", text)
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    text = _SPACES.sub(" ", text)
    text = _LINE_EDGES.sub("\n", text)
    text = _HYPHENATED.sub("", text)
    return _BLANK_RUNS.sub("\n\n", text).strip()


_GRID_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
_GRID_RULE = re.compile(r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*")


def markdown_rows(text: str) -> str:
    """Markdown grids rewritten as one row unit per line, each carrying its column headers
    (`units.row_text`); the header and rule lines go, since every row now states them."""
    lines = text.split("\n")
    out: list[str] = []
    n = 0
    while n < len(lines):
        if (
            n + 1 < len(lines)
            and _GRID_ROW.fullmatch(lines[n])
            and _GRID_RULE.fullmatch(lines[n + 1])
        ):
            header = _cells(lines[n])
            n += 2
            while n < len(lines) and _GRID_ROW.fullmatch(lines[n]):
                cells = _cells(lines[n])
                if any(cells):
                    out.append(row_text(cells[0], list(zip(header[1:], cells[1:], strict=False))))
                n += 1
            continue
        out.append(lines[n])
        n += 1
    return "\n".join(out)


def _cells(line: str) -> list[str]:
    inner = line.strip().removeprefix("|").removesuffix("|")
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]
