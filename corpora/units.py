"""The text units everything downstream shares: sentences, table rows and list items.

Extracted text is one paragraph, heading, list item or table row per line (see
`corpora/layout.py`), so a unit never crosses a line break, and a line break never cuts one.
Sentences within a line come from syntok (a maintained rule-based segmenter, fast enough to
run at ingestion): it keeps "No. 5", "3.45 MW", "Fig. 2" and "US 9 876 543 B2" whole.
Headings ("# ..." lines) are structure, not units: they become a chunk's section path and are
never quoted. Ingestion (chunk cuts), the research engine, the citation gate and the viewer
all read units from `text_units`, so a quote is always one whole unit.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from syntok import segmenter
from syntok._segmentation_states import State

# syntok knows "No.", "Fig.", "Art." and "Tab." before a number; reports and contracts also
# cite sections, clauses, equations, paragraphs, chapters, references, schedules and pages.
State.abbreviations = State.abbreviations | frozenset(
    "Sect sect Sec sec Secs Eq eq Eqs Para para Paras Cl cl Ch ch Chap chap Ref ref Refs "
    "Sch sch Pt pt Pg pg Pp pp App app".split()
)

UnitKind = Literal["sentence", "row", "item"]

ROW_LABEL_SEP = " — "
CELL_SEP = " · "
HEADER_SEP = ": "

HEADING = re.compile(r"[ \t]*(#{1,6})[ \t]+(\S.*)")
# A list marker, or a clause number before a capitalised word ("3.2 The fee ..."): the number
# places the clause and states no value; "3.45 MW were ..." opens with a value, not a clause.
_CLAUSE_NUMBER = r"\d{1,3}(?:\.\d{1,3}){1,3}\.?(?=[ \t]+[A-Z][a-z])"
_ITEM_MARK = re.compile(
    rf"[ \t]*(?:[•▪◦‣∙·*-]|\(?\d{{1,3}}[.)]|\(?[a-z][.)]|{_CLAUSE_NUMBER})[ \t]+(?=\S)"
)
_MARKDOWN_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
_MARKDOWN_RULE = re.compile(r"[ \t]*\|[\s:|-]+\|?[ \t]*")
_HEADED_CELL = re.compile(r"[^:]{1,120}?: .*")


@dataclass(frozen=True)
class Unit:
    start: int
    end: int  # exclusive
    kind: UnitKind


def row_text(label: str, cells: Sequence[tuple[str, str]]) -> str:
    """One table row as a unit that carries its headers: "A-3 — Flow (m³/h): 12.5 · Pressure
    (bar): 4.1". Cells with no value are left out, a cell under no header is its value alone;
    the label is the row's first cell."""
    pairs = CELL_SEP.join(
        f"{clean_cell(h)}{HEADER_SEP}{clean_cell(v)}" if clean_cell(h) else clean_cell(v)
        for h, v in cells
        if clean_cell(v)
    )
    label = clean_cell(label)
    return f"{label}{ROW_LABEL_SEP}{pairs}" if pairs else label


def row_cells(row: str) -> tuple[str, list[str]]:
    """A row unit read back: its label and its "header: value" cells (`row_text` reversed)."""
    label, _, rest = row.partition(ROW_LABEL_SEP)
    return label.strip(), [c.strip() for c in rest.split(CELL_SEP) if c.strip()]


def clean_cell(cell: str) -> str:
    """A cell's text as a row unit writes it: one line, no separator characters."""
    return " ".join(cell.replace("·", ",").replace("—", "-").split())


def is_row(line: str) -> bool:
    """True for a table row written by `row_text` (or a Markdown grid row): a short label,
    then cells, at least one of them "header: value"."""
    line = line.strip()
    if _MARKDOWN_ROW.fullmatch(line):
        return True
    label, sep, rest = line.partition(ROW_LABEL_SEP)
    if not sep or len(label) > 200 or label.endswith((".", ":")) or ROW_LABEL_SEP in rest:
        return False
    return any(_HEADED_CELL.fullmatch(cell) for cell in rest.split(CELL_SEP))


def heading_of(line: str) -> tuple[int, str] | None:
    """(level, text) of a "# heading" line, else None."""
    match = HEADING.fullmatch(line)
    return (len(match.group(1)), match.group(2).strip()) if match else None


def text_units(text: str) -> list[Unit]:
    """Units of `text` in order, as (start, end) offsets into it; headings and blank lines
    hold none."""
    return list(_units(text))


@lru_cache(maxsize=16_384)
def _units(text: str) -> tuple[Unit, ...]:
    out: list[Unit] = []
    position = 0
    for line in text.split("\n"):
        out.extend(line_units(line, position))
        position += len(line) + 1
    return tuple(out)


def line_units(line: str, offset: int = 0) -> list[Unit]:
    """Units of one line of text, as offsets from `offset` (where the line starts)."""
    stripped = line.strip()
    if not stripped or heading_of(line) or _MARKDOWN_RULE.fullmatch(line):
        return []
    lead = len(line) - len(line.lstrip())
    if is_row(line):
        return [Unit(offset + lead, offset + lead + len(stripped), "row")]
    item = _ITEM_MARK.match(line)
    body_start = item.end() if item else lead
    spans = sentence_spans(line[body_start:])
    kind: UnitKind = "item" if item else "sentence"
    return [Unit(offset + body_start + s, offset + body_start + e, kind) for s, e in spans]


# syntok reads a symbol set apart by a space, or before a closing bracket, as a sentence's end
# and its bracket as the next one's start ("across all channels" | "(2022: 71.6 %). The score
# ..."), and does not end a sentence after one ("It rose 5 %. Then ..."). It segments a copy
# with each such symbol (%, ‰, €, °, *, ...) read as a digit: the offsets are the same, the
# text is the original. A symbol glued to its number ("38.9%.") it reads well, and keeps.
_SYMBOLS = "".join(
    re.escape(chr(c))
    for c in range(0x10000)
    if unicodedata.category(chr(c)).startswith("S") or chr(c) in "%‰‱*#&@†‡§¶"
)
_SYMBOL = re.compile(rf"(?<=\s)[{_SYMBOLS}]|[{_SYMBOLS}](?=[)\]}}])")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of one paragraph, by syntok."""
    spans: list[tuple[int, int]] = []
    for paragraph in segmenter.analyze(_SYMBOL.sub("0", text)):
        for sentence in paragraph:
            tokens = [t for t in sentence if t.value]
            if tokens:
                spans.append((tokens[0].offset, tokens[-1].offset + len(tokens[-1].value)))
    return _absorb_orphans(text, spans)


def _absorb_orphans(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A closing bracket or quote syntok leaves alone belongs to the sentence before it."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        if out and not any(ch.isalnum() for ch in text[start:end]):
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out
