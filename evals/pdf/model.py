"""Document model of the invented PDF evaluation set: the blocks that build.py lays out.

The data modules (docs_trials.py, docs_contracts.py, docs_certificates.py) describe each
document as a sequence of blocks built with the short constructors below. Text conventions:

* whitespace (including the line breaks of triple-quoted strings) collapses to one space;
* ``**bold**`` marks a bold run inside a paragraph (clause numbers, defined terms);
* ``~`` inside a word marks a soft hyphenation point; the layout breaks the word there,
  with a hyphen, when the word would otherwise not fit at the end of a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SHY = "\u00ad"


def clean(text: str) -> str:
    """Collapse whitespace and turn ``~`` hyphenation marks into soft hyphens."""
    return " ".join(text.split()).replace("~", SHY)


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1


@dataclass(frozen=True)
class Para:
    text: str
    size: float = 10.0
    indent: float = 0.0


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]
    caption: str = ""
    note: str = ""


@dataclass(frozen=True)
class Fields:
    """Label/value pairs: ``grid`` draws a ruled grid, ``lines`` writes "Label: value" lines."""

    pairs: tuple[tuple[str, str], ...]
    columns: int = 1
    style: str = "grid"
    label_share: float = 0.38


@dataclass(frozen=True)
class Signatory:
    party: str
    name: str
    title: str
    date: str


@dataclass(frozen=True)
class Signatures:
    signatories: tuple[Signatory, ...]
    lead: str = "Signed for and on behalf of"


@dataclass(frozen=True)
class Columns:
    """Blocks flowed through two columns (left column first, then right, then next page)."""

    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class PageBreak:
    pass


Block = Heading | Para | Table | Fields | Signatures | Columns | PageBreak


@dataclass(frozen=True)
class Document:
    """One PDF: ``title`` goes to documents.json and the running header."""

    file: str
    title: str
    date: str
    org: str
    code: str
    kicker: str
    display_title: str
    subtitle: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Corpus:
    slug: str
    name: str
    description: str
    documents: tuple[Document, ...]


def H(text: str, level: int = 1) -> Heading:
    return Heading(clean(text), level)


def P(text: str, size: float = 10.0, indent: float = 0.0) -> Para:
    return Para(clean(text), size, indent)


def T(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    caption: str = "",
    note: str = "",
) -> Table:
    if len(widths) != len(headers) or any(len(r) != len(headers) for r in rows):
        raise ValueError(f"table shape mismatch: {caption or headers[0]}")
    return Table(
        tuple(clean(h) for h in headers),
        tuple(tuple(clean(c) for c in r) for r in rows),
        tuple(widths),
        clean(caption),
        clean(note),
    )


def F(
    pairs: Sequence[tuple[str, str]],
    columns: int = 1,
    style: str = "grid",
    label_share: float = 0.38,
) -> Fields:
    return Fields(tuple((clean(k), clean(v)) for k, v in pairs), columns, style, label_share)


def S(
    *signatories: tuple[str, str, str, str], lead: str = "Signed for and on behalf of"
) -> Signatures:
    return Signatures(tuple(Signatory(*(clean(x) for x in s)) for s in signatories), lead)


def C(*blocks: Block) -> Columns:
    return Columns(tuple(blocks))


BR = PageBreak()


def doc(
    file: str,
    title: str,
    date: str,
    org: str,
    code: str,
    kicker: str,
    display_title: str,
    subtitle: str,
    blocks: Sequence[Block],
) -> Document:
    return Document(
        file, title, date, org, code, kicker, display_title, clean(subtitle), tuple(blocks)
    )
