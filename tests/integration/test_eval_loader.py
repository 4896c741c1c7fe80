"""The evaluation loader: corpus folders ingested once, and read again after extraction changes.

The folder and its PDF are built here from invented text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from corpora.extraction import EXTRACTION_VERSION
from corpora.models import Chunk, Document
from research.evaluation import loader

pytestmark = pytest.mark.integration

TEXT = (
    "The Ostwick tide gauge was installed on the north pier in 2029. It records the water "
    "level every six minutes and sends the readings to the harbour office by radio."
)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


def _folder(root: Path) -> Path:
    folder = root / "harbour"
    folder.mkdir(parents=True)
    (folder / "corpus.json").write_text(
        json.dumps({"name": "Harbour", "slug": "harbour", "description": "Harbour notes."})
    )
    (folder / "documents.json").write_text(
        json.dumps([{"file": "gauge.pdf", "title": "Ostwick Tide Gauge", "date": "2030-01-05"}])
    )
    doc = pymupdf.open()
    doc.new_page().insert_textbox(pymupdf.Rect(56, 72, 539, 400), TEXT, fontsize=11)
    (folder / "gauge.pdf").write_bytes(doc.tobytes())
    return root


@pytest.mark.django_db(transaction=True)
def test_a_document_read_by_an_older_extraction_is_read_again_on_the_next_load(
    tmp_path: Path,
) -> None:
    root = _folder(tmp_path / "corpora")
    ids = loader.load_corpora(root, say=lambda _: None)
    document = Document.objects.get(corpus_id=ids["harbour"])
    assert document.extraction_version == EXTRACTION_VERSION
    chunks = list(Chunk.objects.filter(document=document).values_list("text", flat=True))
    assert any("six minutes" in text for text in chunks)

    # as an older extraction left it: another text, an older version
    Chunk.objects.filter(document=document).update(text="stale text")
    Document.objects.filter(pk=document.pk).update(extraction_version=EXTRACTION_VERSION - 1)
    assert loader.load_corpora(root, say=lambda _: None) == ids

    document.refresh_from_db()
    assert document.extraction_version == EXTRACTION_VERSION
    assert Document.objects.filter(corpus_id=ids["harbour"]).count() == 1
    assert list(Chunk.objects.filter(document=document).values_list("text", flat=True)) == chunks
