"""Ruled tables of a PDF page: found by their drawn rules, read as a header and rows of cells.

`find_tables()` runs PyMuPDF's table finder (30-300 ms a page) only where the vector drawings
could be a table. A cell's text comes from MuPDF's own words; rows made of one cell across the
table split it (MuPDF sometimes frames two tables and the text between them as one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pymupdf

from corpora.hyphens import join_lines

Box = tuple[float, float, float, float]


@dataclass
class Table:
    """A ruled table: its box, the header row's texts, and each body row's texts and boxes."""

    bbox: pymupdf.Rect
    header: list[str]
    rows: list[list[str]]
    boxes: list[list[Box]]


def may_hold_table(page: pymupdf.Page) -> tuple[bool, bool]:
    """(could hold a table, has vertical rules), from the vector drawings in ~1 ms.

    A table needs 3+ horizontal rules of the same extent (top, under the header, bottom);
    a header or footer rule, a frame or link underlines alone do not qualify.
    """
    rows: dict[tuple[int, int], set[int]] = {}
    verticals = 0
    for path in page.get_drawings():
        for item in path["items"]:
            if item[0] == "l":
                edges = [(item[1].x, item[1].y, item[2].x, item[2].y)]
            elif item[0] == "re":
                x0, y0, x1, y1 = item[1]
                edges = [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)]
            else:
                continue
            for ax, ay, bx, by in edges:
                if abs(ay - by) < 1 and abs(ax - bx) >= 36:
                    rows.setdefault((round(min(ax, bx)), round(max(ax, bx))), set()).add(round(ay))
                elif abs(ax - bx) < 1 and abs(ay - by) >= 8:
                    verticals += 1
    return any(len(ys) >= 3 for ys in rows.values()), verticals >= 2


def find_tables(
    page: pymupdf.Page, *, use_layout: bool, styled: Callable[[Box], bool] = lambda box: False
) -> list[Table]:
    """The page's ruled tables. A first row heads its table when the table has three or more
    columns, or when it is `styled` (set apart, e.g. in bold): a two-column table with a plain
    first row is a list of labels and values ("Serial number | 88213-B"), with no header, and
    so is a grid whose every other column holds styled labels ("Model | X | Serial | Y")."""
    words = page.get_text("words")
    found: list[Table] = []
    for tb in page.find_tables(use_layout=use_layout).tables:
        box = pymupdf.Rect(tb.bbox)
        in_box = [w for w in words if inside(w[:4], box)]
        header: list[str] | None = None
        layout: tuple[bool, ...] = ()
        for rows in _split_at_spanning_rows(tb.rows):
            shape = tuple(cell is None for cell in rows[0].cells)
            grid = [
                [
                    ("", (0.0, 0.0, 0.0, 0.0))
                    if cell is None
                    else (_words_in(in_box, pymupdf.Rect(cell)), tuple(cell))
                    for cell in row.cells
                ]
                for row in rows
            ]
            cells = [b for row in grid for _, b in row if any(b)]
            if _form(grid, styled):  # "Customer | X | Order no. | Y": label and value pairs
                found.append(_pairs_table(grid, cells))
                header = None
                continue
            if header is None or shape != layout:  # a table of its own
                layout = shape
                if _headed(grid, styled):
                    header, grid = [text for text, _ in grid[0]], grid[1:]
                else:
                    header = [""] * len(grid[0])
            filled = sum(1 for row in grid for text, _ in row if text)
            # One-cell frames and chart grids (mostly empty cells) are not tables.
            if not grid or tb.col_count < 2 or filled < (len(grid) + 1) * tb.col_count / 4:
                continue
            found.append(
                Table(
                    pymupdf.Rect(
                        min(b[0] for b in cells),
                        min(b[1] for b in cells),
                        max(b[2] for b in cells),
                        max(b[3] for b in cells),
                    ),
                    header,
                    [[text for text, _ in row] for row in grid],
                    [[b for _, b in row] for row in grid],
                )
            )
    return sorted(found, key=lambda t: t.bbox.y0)


def _form(grid: list[list[tuple[str, Box]]], styled: Callable[[Box], bool]) -> bool:
    """A grid of label and value pairs side by side: an even number of four or more columns,
    every label (first of a pair) set apart, e.g. in bold, and no value."""
    width = len(grid[0])
    if width < 4 or width % 2:
        return False
    filled = [(j, box) for row in grid for j, (text, box) in enumerate(row) if text]
    labels = [styled(box) for j, box in filled if j % 2 == 0]
    values = [styled(box) for j, box in filled if j % 2 == 1]
    return bool(labels) and all(labels) and bool(values) and not any(values)


def _pairs_table(grid: list[list[tuple[str, Box]]], cells: list[Box]) -> Table:
    """A form grid as a two-column table of its pairs, row by row, left to right."""
    pairs = [row[j : j + 2] for row in grid for j in range(0, len(row), 2) if row[j][0]]
    return Table(
        pymupdf.Rect(
            min(b[0] for b in cells),
            min(b[1] for b in cells),
            max(b[2] for b in cells),
            max(b[3] for b in cells),
        ),
        ["", ""],
        [[text for text, _ in pair] for pair in pairs],
        [[box for _, box in pair] for pair in pairs],
    )


def _headed(grid: list[list[tuple[str, Box]]], styled: Callable[[Box], bool]) -> bool:
    columns = sum(1 for j in range(len(grid[0])) if any(row[j][0] for row in grid))
    first = [box for text, box in grid[0] if text]
    if columns >= 3 or not first:
        return True
    return styled(
        (
            min(b[0] for b in first),
            min(b[1] for b in first),
            max(b[2] for b in first),
            max(b[3] for b in first),
        )
    )


def _split_at_spanning_rows(rows: Sequence[Any]) -> list[list[Any]]:
    """Runs of rows between rows made of one cell across the whole table: MuPDF sometimes
    frames two tables and the text between them as one; that text is not a row."""
    runs: list[list[Any]] = [[]]
    for row in rows:
        if len(row.cells) > 1 and sum(cell is not None for cell in row.cells) == 1:
            runs.append([])
        else:
            runs[-1].append(row)
    return [run for run in runs if run]


def _words_in(words: list[tuple], box: pymupdf.Rect) -> str:
    """A cell's text from MuPDF's own words: `extract()` loses the spaces of narrow fonts."""
    text = ""
    for w in words:
        if inside(w[:4], box):
            text = join_lines(text, w[4], set()) if text else w[4]
    return text


def inside(bbox: Sequence[float], box: pymupdf.Rect) -> bool:
    """True when the centre of `bbox` lies in `box` (1 pt tolerance)."""
    x, y = (bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2
    return box.x0 - 1 <= x <= box.x1 + 1 and box.y0 - 1 <= y <= box.y1 + 1
