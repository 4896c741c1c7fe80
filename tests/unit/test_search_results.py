"""The search page's results without a database: the relevance floor and the hit text as HTML."""

from __future__ import annotations

from dataclasses import replace

import pytest

from corpora.search import Hit
from corpora.search_results import (
    MARK_END,
    MARK_START,
    SEMANTIC_FLOOR,
    SEMANTIC_MIN,
    above_floor,
    first_page_text,
    text_html,
)

pytestmark = pytest.mark.unit

BASE = Hit(
    chunk_id=1, corpus_id=1, corpus_slug="c", document_id=1, ordinal=0, title="T",
    page_start=1, page_end=1, char_start=0, char_end=10, text="x", page_breaks=(),
    semantic=None, semantic_rank=None, fulltext=None, fulltext_rank=None,
    title_sim=None, title_rank=None, fused=0.0,
)  # fmt: skip


def hit(chunk_id: int, *, semantic: float | None, fulltext: float | None = None) -> Hit:
    return replace(BASE, chunk_id=chunk_id, semantic=semantic, fulltext=fulltext)


def marked(word: str) -> str:
    return f"{MARK_START}{word}{MARK_END}"


def test_a_word_found_in_one_passage_keeps_it_and_drops_the_distant_neighbours() -> None:
    hits = [
        hit(1, semantic=0.47, fulltext=1.67),
        *(hit(n, semantic=0.09 - n / 1000) for n in range(2, 21)),
    ]
    assert [h.chunk_id for h in above_floor(hits)] == [1]


def test_a_passage_holding_a_query_word_is_kept_however_far_its_meaning() -> None:
    hits = [
        hit(1, semantic=0.8),
        hit(2, semantic=0.05, fulltext=0.4),
        hit(3, semantic=None, fulltext=0.2),
    ]
    assert [h.chunk_id for h in above_floor(hits)] == [1, 2, 3]


def test_meaning_alone_keeps_hits_within_the_floor_of_the_best_in_order() -> None:
    best = 0.6
    hits = [
        hit(1, semantic=best),
        hit(2, semantic=best * SEMANTIC_FLOOR),  # exactly on the floor: kept
        hit(3, semantic=best * SEMANTIC_FLOOR - 0.001),
        hit(4, semantic=None),  # found by its title alone, no meaning score
    ]
    assert [h.chunk_id for h in above_floor(hits)] == [1, 2]


def test_a_query_the_documents_know_nothing_of_keeps_only_word_matches() -> None:
    """The best of unrelated neighbours is still unrelated: SEMANTIC_MIN holds for it too."""
    weak = SEMANTIC_MIN - 0.01
    hits = [hit(1, semantic=weak), hit(2, semantic=weak * 0.9), hit(3, semantic=-0.3, fulltext=1.0)]
    assert [h.chunk_id for h in above_floor(hits)] == [3]
    assert [h.chunk_id for h in above_floor([hit(4, semantic=SEMANTIC_MIN)])] == [4]
    assert above_floor([]) == []


def test_a_markdown_grid_becomes_a_table_with_a_header_row_and_escaped_cells() -> None:
    text = (
        "Pumps on site.\n"
        "| Pump | Flow <i>m3/h</i> |\n"
        "|---|:---:|\n"
        f"| {marked('P-1')} | 12 |\n"
        "| P-2 | a \\| b |\n"
        "After the grid."
    )
    html = text_html(text)
    assert html == (
        "<p>Pumps on site.</p>"
        '<div class="hit-table"><table><thead><tr><th scope="col">Pump</th>'
        '<th scope="col">Flow &lt;i&gt;m3/h&lt;/i&gt;</th></tr></thead><tbody>'
        "<tr><td><mark>P-1</mark></td><td>12</td></tr>"
        "<tr><td>P-2</td><td>a | b</td></tr></tbody></table></div>"
        "<p>After the grid.</p>"
    )
    assert "|" not in html.replace("a | b", "")


def test_grid_rows_without_a_rule_line_are_a_table_without_header() -> None:
    html = text_html("| a | b |\n| 1 |")
    assert "<thead>" not in html
    assert "<tr><td>a</td><td>b</td></tr><tr><td>1</td><td></td></tr>" in html


def test_row_units_become_one_table_with_a_column_per_header() -> None:
    text = (
        "# Pump schedule\n\n"
        f"P-1 — Flow (m³/h): 12 · {marked('Pressure')} (bar): 4.1\n"
        "P-2 — Pressure (bar): 3.9\n\n"
        "The schedule is reviewed yearly."
    )
    html = text_html(text)
    assert html == (
        '<p class="hit-heading">Pump schedule</p>'
        '<div class="hit-table"><table><thead><tr><td></td><th scope="col">Flow (m³/h)</th>'
        '<th scope="col"><mark>Pressure</mark> (bar)</th></tr></thead><tbody>'
        '<tr><th scope="row">P-1</th><td>12</td><td>4.1</td></tr>'
        '<tr><th scope="row">P-2</th><td></td><td>3.9</td></tr></tbody></table></div>'
        "<p>The schedule is reviewed yearly.</p>"
    )


def test_document_markup_is_escaped_and_only_marks_become_tags() -> None:
    text = f'<script>alert("x")</script> the {marked("pump")} & {marked("<b>")} {MARK_END}stray'
    html = text_html(text)
    assert html == (
        "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; the <mark>pump</mark> &amp; "
        "<mark>&lt;b&gt;</mark> stray</p>"
    )


def test_each_line_is_a_paragraph_and_blank_lines_add_none() -> None:
    assert text_html("One.\n\n\nTwo.\nThree.") == "<p>One.</p><p>Two.</p><p>Three.</p>"


def test_the_quote_for_the_viewer_is_the_text_on_the_hits_first_page() -> None:
    spanning = replace(BASE, text=" End of page one. Start of two.", page_breaks=((18, 2),))
    assert first_page_text(spanning) == "End of page one."
    assert first_page_text(replace(BASE, text=" whole ")) == "whole"
