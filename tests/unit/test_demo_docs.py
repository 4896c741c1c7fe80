import pymupdf
import pytest

from corpora.demo_docs import (
    DEMO_CORPORA,
    IMAGE_PAGE,
    OCR_PHRASE,
    PAGE3_DOCUMENT,
    PAGE3_SENTENCE,
    TABLE_PAGE,
    PageSpec,
    build_pdf,
)
from corpora.demo_texts import HARROW_TABLE
from corpora.extraction import sniff_mime

pytestmark = pytest.mark.unit

DOCUMENTS = {d.filename: d for corpus in DEMO_CORPORA for d in corpus.documents}


def _open(filename: str) -> pymupdf.Document:
    return pymupdf.open(stream=DOCUMENTS[filename].pdf(), filetype="pdf")


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_there_are_three_topical_corpora_of_two_or_three_documents() -> None:
    assert [c.slug for c in DEMO_CORPORA] == [
        "renewable-energy",
        "electric-vehicles",
        "climate-science",
    ]
    assert all(2 <= len(c.documents) <= 3 and c.description for c in DEMO_CORPORA)
    assert len(DOCUMENTS) == sum(len(c.documents) for c in DEMO_CORPORA)  # unique filenames


@pytest.mark.parametrize("filename", sorted(DOCUMENTS))
def test_each_demo_document_is_a_multi_page_pdf_with_real_paragraphs(filename: str) -> None:
    document = DOCUMENTS[filename]
    data = document.pdf()
    assert sniff_mime(data, filename) == "application/pdf"
    doc = pymupdf.open(stream=data, filetype="pdf")
    assert 3 <= doc.page_count <= 5
    assert doc.metadata["title"] == document.title
    text_pages = [page.get_text() for page in doc if page.get_text().strip()]
    assert all(1_000 <= len(text) <= 3_000 for text in text_pages)


def test_building_is_deterministic() -> None:
    document = DOCUMENTS[PAGE3_DOCUMENT]
    assert document.pdf() == document.pdf()


def test_the_scanned_page_has_no_text_layer_only_an_image() -> None:
    filename, number = IMAGE_PAGE
    page = _open(filename)[number - 1]
    assert page.get_text() == ""
    assert len(page.get_images()) == 1
    assert all(OCR_PHRASE not in p.get_text() for p in _open(filename) if p.number != number - 1)


def test_the_table_page_holds_a_ruled_grid_that_find_tables_detects() -> None:
    filename, number = TABLE_PAGE
    doc = _open(filename)
    page = doc[number - 1]
    tables = page.find_tables(use_layout=False).tables
    assert [(t.row_count, t.col_count) for t in tables] == [(len(HARROW_TABLE), 4)]
    assert [p.number + 1 for p in doc if p.get_drawings()] == [number]


def test_the_page3_sentence_is_on_page_3_only() -> None:
    pages = [_flat(page.get_text()) for page in _open(PAGE3_DOCUMENT)]
    assert [PAGE3_SENTENCE in text for text in pages] == [False, False, True]


def test_build_pdf_refuses_text_that_would_overflow_the_page() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        build_pdf("Too long", [PageSpec("Heading\n\n" + "word " * 5_000)])
