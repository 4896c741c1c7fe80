import itertools
import random
import re
import threading
import time
from collections.abc import Sequence

import pytest

from corpora.chunking import ChunkSpan, chunk_pages, page_of_offset
from corpora.demo_docs import DEMO_CORPORA, PAGE3_DOCUMENT, PAGE3_SENTENCE
from corpora.extraction import PageText, extract_pages

pytestmark = pytest.mark.unit


def _pages(*texts: str) -> list[PageText]:
    return [PageText(n, text, "text") for n, text in enumerate(texts, 1)]


def _layout(chunk: ChunkSpan, pages: Sequence[PageText]) -> list[tuple[int, int] | None]:
    """For each chunk offset: (page number, offset in that page), None for a page joint."""
    by_number = {p.number: p for p in pages}
    numbers = [p.number for p in pages]
    first, last = numbers.index(chunk.page_start), numbers.index(chunk.page_end)
    where: list[tuple[int, int] | None] = []
    for i in range(first, last + 1):
        text = by_number[numbers[i]].text
        lo = chunk.char_start if i == first else 0
        hi = chunk.char_end if i == last else len(text)
        if i > first:
            where.append(None)
        where.extend((numbers[i], offset) for offset in range(lo, hi))
    return where


def _check_invariants(pages: Sequence[PageText], chunks: list[ChunkSpan], size: int) -> None:
    by_number = {p.number: p for p in pages}
    covered = {p.number: set() for p in pages}
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    order = {p.number: i for i, p in enumerate(pages)}
    starts = [(order[c.page_start], c.char_start) for c in chunks]
    ends = [(order[c.page_end], c.char_end) for c in chunks]
    assert starts == sorted(set(starts)), "chunk starts must move forward"
    assert ends == sorted(set(ends)), "every chunk must add text the previous one lacked"
    for (end_page, _), (start_page, _) in zip(ends, starts[1:], strict=False):
        assert start_page >= end_page, "overlap must not reach back across a page end"
    for chunk in chunks:
        assert chunk.text.strip(), "whitespace-only chunk"
        assert chunk.text == chunk.text.strip()
        assert len(chunk.text) <= size * 1.25
        if chunk.page_start == chunk.page_end:
            page_text = by_number[chunk.page_start].text
            assert page_text[chunk.char_start : chunk.char_end] == chunk.text
            assert chunk.page_breaks == ()
        layout = _layout(chunk, pages)
        assert len(layout) == len(chunk.text)
        for offset, place in enumerate(layout):
            if place is None:
                assert chunk.text[offset] == "\n"
                continue
            number, page_offset = place
            assert chunk.text[offset] == by_number[number].text[page_offset]
            assert page_of_offset(chunk, offset) == number
            covered[number].add(page_offset)
    for page in pages:
        for offset, char in enumerate(page.text):
            if not char.isspace():
                assert offset in covered[page.number], (page.number, offset, page.text[:40])


_WORDS = ("energy", "grid", "wind", "solar", "the", "of", "and", "battery", "2024", "48.5", "MW")


def _random_page(rng: random.Random) -> str:
    pieces: list[str] = []
    for _ in range(rng.randint(0, 80)):
        roll = rng.random()
        if roll < 0.55:
            pieces.append(rng.choice(_WORDS) + " ")
        elif roll < 0.65:
            pieces.append(rng.choice(_WORDS) + rng.choice(".!?") + " ")
        elif roll < 0.72:
            pieces.append("\n")
        elif roll < 0.78:
            pieces.append("\n\n")
        elif roll < 0.84:
            pieces.append("x" * rng.randint(20, 400))  # a run with no break at all
        elif roll < 0.90:
            pieces.append(" " * rng.randint(1, 60) + "\t\n" * rng.randint(0, 3))
        else:
            cells = " | ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 6)))
            pieces.append(f"\n| {cells} |\n")
    return "".join(pieces)


@pytest.mark.parametrize("seed", range(40))
def test_random_pages_keep_every_chunking_invariant(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        pages = _pages(*(_random_page(rng) for _ in range(rng.randint(1, 6))))
        size = rng.choice([40, 120, 300, 800])
        overlap = rng.randint(0, size)  # even absurd overlaps must make progress
        min_chars = rng.randint(0, size)
        chunks = chunk_pages(pages, size_chars=size, overlap_chars=overlap, min_chars=min_chars)
        _check_invariants(pages, chunks, size)


def test_whitespace_only_pages_give_no_chunks() -> None:
    assert chunk_pages(_pages("   \n\n\t  ", "", " " * 10_000)) == []


def test_text_without_any_break_is_cut_hard_and_fully_covered() -> None:
    pages = _pages("x" * 100_000)
    chunks = chunk_pages(pages, size_chars=800, overlap_chars=120)
    _check_invariants(pages, chunks, 800)
    assert 100_000 / 800 <= len(chunks) < 100_000 / 400


def test_a_10_mb_single_line_document_chunks_without_hanging() -> None:
    data = b"lorem ipsum dolor sit amet " * 400_000  # 10.8 MB, no line break
    result: list[list[ChunkSpan]] = []

    def work() -> None:
        pages = list(extract_pages(data, "text/plain", max_pages=1))
        result.append(chunk_pages(pages))

    started = time.perf_counter()
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive(), "chunking a 10 MB line did not finish within 60 s"
    assert time.perf_counter() - started < 30
    assert len(result[0]) > 10_000
    assert all(len(c.text) <= 1000 for c in result[0])


def test_chunks_end_at_paragraph_then_sentence_boundaries() -> None:
    paragraph = "The depot charges buses overnight. " * 14  # ~490 chars, sentences only
    pages = _pages(paragraph.strip() + "\n\n" + paragraph.strip() + "\n\n" + paragraph.strip())
    chunks = chunk_pages(pages, size_chars=800, overlap_chars=120)
    assert chunks[0].text == paragraph.strip()
    sentences = _pages(("The depot charges buses overnight. " * 40).strip())
    assert all(c.text.endswith(".") for c in chunk_pages(sentences, size_chars=300))


def test_overlap_starts_at_a_sentence_or_word_boundary() -> None:
    text = " ".join(f"Sentence number {n} talks about wind farms." for n in range(80))
    chunks = chunk_pages(_pages(text), size_chars=300, overlap_chars=80)
    for previous, chunk in itertools.pairwise(chunks):
        assert chunk.char_start < previous.char_end  # they overlap
        assert previous.char_end - chunk.char_start <= 80
        assert text[chunk.char_start - 1] == " "
        assert chunk.text.startswith("Sentence")


def test_a_tiny_page_continues_onto_the_next_page_and_records_the_break() -> None:
    title = "Annual Report 2024\n\nHarrow Ridge Energy Cooperative"  # a title page
    body = ("Solar output peaked in July of that year. " * 40).strip()
    pages = _pages(title, body)
    chunks = chunk_pages(pages, size_chars=800, overlap_chars=100, min_chars=200)
    first = chunks[0]
    assert (first.page_start, first.page_end, first.char_start) == (1, 2, 0)
    assert first.text.startswith(title + "\nSolar output")
    assert first.page_breaks == ((len(title) + 1, 2),)
    assert page_of_offset(first, 0) == 1
    assert page_of_offset(first, len(title) - 1) == 1
    assert page_of_offset(first, len(title)) == 1  # the joining "\n" counts as page 1's end
    assert page_of_offset(first, len(title) + 1) == 2
    assert first.text.endswith(body[: first.char_end])
    assert all(c.page_start == c.page_end == 2 for c in chunks[1:])  # overlap stays on page 2
    _check_invariants(pages, chunks, 800)


def test_pages_with_enough_text_are_never_joined() -> None:
    pages = _pages("A" * 10 + " short first page but long enough. " * 8, "Second page text. " * 30)
    assert all(c.page_start == c.page_end for c in chunk_pages(pages, min_chars=200))


def test_page_of_offset_rejects_offsets_outside_the_chunk() -> None:
    [chunk] = chunk_pages(_pages("Short page."))
    with pytest.raises(IndexError):
        page_of_offset(chunk, len(chunk.text))


def test_markdown_table_rows_are_not_split() -> None:
    rows = [
        f"| Site {n} | {n * 12.5} MW | Onshore wind. Commissioned {2000 + n} |" for n in range(30)
    ]
    text = "Table 1: Sites\n\n" + "\n".join(["| Site | Capacity | Notes |", "| --- | --- | --- |"])
    pages = _pages(text + "\n" + "\n".join(rows))
    for chunk in chunk_pages(pages, size_chars=200, overlap_chars=40):
        table_lines = [line for line in chunk.text.split("\n") if line.startswith("|")]
        assert all(line.endswith("|") for line in table_lines), chunk.text


def test_the_demo_page3_sentence_is_cited_on_page_3() -> None:
    docs = {d.filename: d for corpus in DEMO_CORPORA for d in corpus.documents}
    pages = list(extract_pages(docs[PAGE3_DOCUMENT].pdf(), "application/pdf", max_pages=10))
    pattern = re.compile(r"\s+".join(map(re.escape, PAGE3_SENTENCE.split())))
    hits = [(c, m) for c in chunk_pages(pages) if (m := pattern.search(c.text))]
    assert hits
    for chunk, match in hits:
        assert {page_of_offset(chunk, match.start()), page_of_offset(chunk, match.end() - 1)} == {3}


def test_invalid_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="size_chars"):
        chunk_pages(_pages("text"), size_chars=0)
