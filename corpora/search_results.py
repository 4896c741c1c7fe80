"""What the search page shows of `chunk_search`'s ranking: the hits above a relevance floor,
one page of them, each with the query's words marked and its tables drawn as tables.

`chunk_search` ranks for the research engine too; this module only decides what a person
reads. Every piece of document text reaches the page through `django.utils.html.escape`; the
only markup added is `<mark>`, `<p>` and `<table>` built here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db import connection
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from corpora.search import Hit
from corpora.units import CELL_SEP, HEADER_SEP, ROW_LABEL_SEP, heading_of, is_row

PAGE_SIZE = 10
# Hits asked of chunk_search; the floor then keeps those that deserve to be read.
SEARCH_CANDIDATES = 50
# A hit found by meaning alone (no query word in it) stays only if its cosine similarity is at
# least this share of the best hit's. Fused RRF scores cannot serve as a floor: they depend on
# ranks only, so the 20th of 20 unrelated neighbours still scores 3/4 of the first. Cosines
# measured with MiniLM on invented notes: a passage on the query's subject scores within a
# quarter of the best, while passages that merely come next (sharing no word, on another
# subject) score under half of it (a rare name: 0.47 for its passage, 0.09 for the next).
SEMANTIC_FLOOR = 0.75
# ...and at least this cosine whatever the best: a query the documents know nothing of (a
# name they never mention, a typo) has a "best" passage too. Measured: unrelated best
# neighbours of such queries 0.08-0.15; a fair paraphrase ("what do insects eat" for a note on
# bees foraging) 0.29, closer ones 0.4-0.7.
SEMANTIC_MIN = 0.2
# The text-search configuration of `Chunk.search` and of chunk_search's full-text terms: the
# marks come from the same parser and stemmer that matched the words, so "pumps" marks "Pump"
# and "9,834,121" is marked exactly where the full-text search found it.
FTS_CONFIG = "english"
MARK_START, MARK_END = "\x02", "\x03"  # control characters that clean text never holds

HIGHLIGHT_SQL = """
WITH q AS (
    SELECT to_tsquery('simple', string_agg(quote_literal(lex), ' | ')) AS q
    FROM unnest(tsvector_to_array(to_tsvector(%(config)s::regconfig, %(query)s))) lex
)
SELECT COALESCE(ts_headline(%(config)s::regconfig, t.body, q.q, %(options)s), t.body)
FROM unnest(%(texts)s::text[]) WITH ORDINALITY AS t(body, n) CROSS JOIN q
ORDER BY t.n
"""
HEADLINE_OPTIONS = f'HighlightAll=true, StartSel="{MARK_START}", StopSel="{MARK_END}"'

_MARKED = re.compile(f"{MARK_START}([^{MARK_START}{MARK_END}]*){MARK_END}")
_PIPE_ROW = re.compile(r"\|.*\|")
_PIPE_RULE = re.compile(r"\|?[\s:|-]*-[\s:|-]*\|?")
_PIPE_SPLIT = re.compile(r"(?<!\\)\|")


@dataclass(frozen=True)
class HitRow:
    hit: Hit
    corpus_name: str
    quote: str  # the hit's text on its first page: the viewer marks it
    body: SafeString  # the hit's text as paragraphs and tables, query words in <mark>


@dataclass(frozen=True)
class ResultsPage:
    rows: list[HitRow]
    page: Page
    capped: bool  # chunk_search had more candidates than it was asked for


def above_floor(hits: Sequence[Hit]) -> list[Hit]:
    """The hits worth a reader's time, in their order: every hit holding a query word (its
    full-text score is set), and hits found by meaning within SEMANTIC_FLOOR of the best
    and above SEMANTIC_MIN."""
    best = max((h.semantic for h in hits if h.semantic is not None), default=0.0)
    floor = max(SEMANTIC_FLOOR * best, SEMANTIC_MIN)
    return [
        h
        for h in hits
        if h.fulltext is not None or (h.semantic is not None and h.semantic >= floor)
    ]


def first_page_text(hit: Hit) -> str:
    """The part of the hit's text on its first page (a quote the page viewer can find)."""
    cut = min((offset for offset, _ in hit.page_breaks), default=len(hit.text))
    return hit.text[:cut].strip()


def results_page(
    hits: Sequence[Hit], *, query: str, page_number: str | None, corpus_names: Mapping[int, str]
) -> ResultsPage:
    """One page of the hits above the floor; an unknown or too large page number gives the
    first or the last page (`Paginator.get_page`)."""
    page = Paginator(above_floor(hits), PAGE_SIZE).get_page(page_number)
    shown: list[Hit] = list(page.object_list)
    bodies = marked_texts(query=query, texts=[h.text for h in shown])
    rows = [
        HitRow(
            hit=hit,
            corpus_name=corpus_names.get(hit.corpus_id, hit.corpus_slug),
            quote=first_page_text(hit),
            body=text_html(body),
        )
        for hit, body in zip(shown, bodies, strict=True)
    ]
    return ResultsPage(rows=rows, page=page, capped=len(hits) >= SEARCH_CANDIDATES)


def marked_texts(*, query: str, texts: Sequence[str]) -> list[str]:
    """Each text with the query's words between MARK_START and MARK_END, as PostgreSQL's
    `ts_headline` finds them; a text it would not give back unchanged stays unmarked."""
    clean = [t.replace(MARK_START, "").replace(MARK_END, "") for t in texts]
    if not clean:
        return []
    params = {"config": FTS_CONFIG, "query": query, "options": HEADLINE_OPTIONS, "texts": clean}
    with connection.cursor() as cur:
        cur.execute(HIGHLIGHT_SQL, params)
        marked = [row[0] for row in cur.fetchall()]
    return [m if plain(m) == t else t for m, t in zip(marked, clean, strict=True)]


def plain(text: str) -> str:
    """`text` without marks."""
    return text.replace(MARK_START, "").replace(MARK_END, "")


def text_html(text: str) -> SafeString:
    """Chunk text (with marks) as HTML: a paragraph per line, headings in bold, and runs of
    table rows (Markdown pipe rows, or the "label — header: value · …" rows that ingestion
    writes for every table) as tables."""
    lines = text.split("\n")
    parts: list[str] = []
    n = 0
    while n < len(lines):
        line = lines[n].strip()
        if not plain(line):
            n += 1
        elif _PIPE_ROW.fullmatch(plain(line)):
            end = _run_end(lines, n, lambda s: bool(_PIPE_ROW.fullmatch(plain(s))))
            parts.append(_pipe_table(lines[n:end]))
            n = end
        elif is_row(plain(line)):
            end = _run_end(lines, n, lambda s: is_row(plain(s)))
            parts.append(_row_table(lines[n:end]))
            n = end
        elif heading_of(plain(line)):
            parts.append(format_html('<p class="hit-heading">{}</p>', _inline(_unhash(line))))
            n += 1
        else:
            parts.append(format_html("<p>{}</p>", _inline(line)))
            n += 1
    return mark_safe("".join(parts))  # each part: format_html or _table


def _run_end(lines: list[str], start: int, belongs: Callable[[str], bool]) -> int:
    """Index after the run of non-blank lines from `start` that `belongs` accepts."""
    end = start
    while end < len(lines) and lines[end].strip() and belongs(lines[end].strip()):
        end += 1
    return end


def _unhash(line: str) -> str:
    """A heading line without its leading "#"s (marks kept)."""
    return re.sub(r"^\s*#{1,6}\s+", "", line)


def _inline(text: str) -> SafeString:
    """Escaped text with each marked word in <mark>; a stray mark character is dropped."""
    parts: list[str] = []
    position = 0
    for match in _MARKED.finditer(text):
        parts.append(escape(plain(text[position : match.start()])))
        parts.append(format_html("<mark>{}</mark>", match.group(1)))
        position = match.end()
    parts.append(escape(plain(text[position:])))
    return mark_safe("".join(parts))  # escaped pieces and format_html only


def _pipe_cells(line: str) -> list[str]:
    inner = line.strip().removeprefix("|").removesuffix("|")
    return [cell.strip().replace("\\|", "|") for cell in _PIPE_SPLIT.split(inner)]


def _pipe_table(lines: list[str]) -> SafeString:
    """A Markdown grid: its first line is the header when a rule line ("|---|") follows it."""
    headed = len(lines) > 1 and bool(_PIPE_RULE.fullmatch(plain(lines[1]).strip()))
    header = _pipe_cells(lines[0]) if headed else None
    body = [
        _pipe_cells(line)
        for line in lines[2 if headed else 0 :]
        if not _PIPE_RULE.fullmatch(plain(line).strip())
    ]
    width = max(len(row) for row in [*body, header or []])
    body = [row + [""] * (width - len(row)) for row in body]
    if header is not None:
        header += [""] * (width - len(header))
    return _table(header, body, row_labels=False)


def _row_cells(line: str) -> tuple[str, list[tuple[str, str]]]:
    """A row unit ("label — header: value · value") as its label and (header, value) cells."""
    label, _, rest = line.strip().partition(ROW_LABEL_SEP)
    cells = []
    for cell in (c.strip() for c in rest.split(CELL_SEP)):
        header, sep, value = cell.partition(HEADER_SEP)
        if sep and ":" not in header and len(header) <= 120:
            cells.append((header.strip(), value.strip()))
        elif cell:
            cells.append(("", cell))
    return label.strip(), cells


def _row_table(lines: list[str]) -> SafeString:
    """Row units as one table: a column per header, in order of first appearance; a row
    without a value under a header (ingestion leaves empty cells out) gets an empty cell."""
    rows = [_row_cells(line) for line in lines]
    columns: dict[str, str] = {}  # key -> header as written (with its marks)
    keyed_rows: list[tuple[str, dict[str, str]]] = []
    for label, cells in rows:
        values: dict[str, str] = {}
        for index, (header, value) in enumerate(cells):
            key = plain(header) or f"#{index}"  # a cell under no header keeps its place
            columns.setdefault(key, header)
            values[key] = value
        keyed_rows.append((label, values))
    body = [[label, *(values.get(key, "") for key in columns)] for label, values in keyed_rows]
    named = list(columns.values())
    return _table(["", *named] if any(named) else None, body, row_labels=True)


def _table(header: list[str] | None, body: list[list[str]], *, row_labels: bool) -> SafeString:
    """A <table>: header cells as <th scope="col">, a row's first cell as <th scope="row">
    when it labels the row."""
    parts = ['<div class="hit-table"><table>']
    if header is not None:
        cells = "".join(
            format_html('<th scope="col">{}</th>', _inline(h)) if plain(h) else "<td></td>"
            for h in header
        )
        parts.append(f"<thead><tr>{cells}</tr></thead>")
    parts.append("<tbody>")
    for row in body:
        cells = "".join(
            format_html('<th scope="row">{}</th>', _inline(value))
            if row_labels and i == 0
            else format_html("<td>{}</td>", _inline(value))
            for i, value in enumerate(row)
        )
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</tbody></table></div>")
    return mark_safe("".join(parts))  # literal tags; cells through format_html
