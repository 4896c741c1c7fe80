"""A part answered by a sentence that names another entity reads that entity's own document,
on the real database: what the named place is ("within the City of Marrowdale") is quoted
beside the answer, and the read is in the audit trail and the ledger."""

from __future__ import annotations

import pytest

from corpora.models import Chunk, Document
from research.contracts import Dossier, Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = pytest.mark.integration

OVAL = (
    "The Harlow Memorial Oval is a public park located within the suburb of Kestrel Bay, and "
    "is the home ground of the Kestrel Bay Football Club."
)
SUBURB = "Kestrel Bay is a seaside suburb in the southern metropolitan area, within the City of "
SUBURB += "Marrowdale. Its cliffs are popular with photographers."
# Paragraphs that repeat the question's words: a corpus-wide search ranks them first.
PARKS = {
    f"Memorial park {i}": f"The memorial oval number {i} is a major park located within a city; "
    f"ovals and memorial parks of a major city are located within reach of {10 + i} schools."
    for i in range(12)
}


@pytest.mark.django_db
def test_the_place_an_answer_names_is_read_in_its_own_document() -> None:
    user = UserFactory()
    docs = {"Harlow Memorial Oval": OVAL, "Kestrel Bay, New Wessex": SUBURB, **PARKS}
    corpus = make_corpus(owner=user, slug="parks", docs=docs, public=True)
    suburb = Document.objects.get(title="Kestrel Bay, New Wessex")
    oval = Chunk.objects.get(document__title="Harlow Memorial Oval")
    fact = Chunk.objects.get(document=suburb)
    goal = "What major city is the Harlow Memorial Oval located within?"
    run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()

    queries = [e.payload for e in run.events.filter(kind="query").order_by("seq")]
    hits = {e.payload["query"]: [h["id"] for h in e.payload["hits"]]
            for e in run.events.filter(kind="hits")}  # fmt: skip
    reads = [q for q in queries if q["document_ids"]]
    # One read: the football club named in the same sentence has no document of its own.
    assert [(q["text"], q["document_ids"]) for q in reads] == [
        ("Kestrel Bay (its own document)", [suburb.pk])
    ]
    assert reads[0]["suggested_by"] == oval.pk
    before = {i for q in queries[: queries.index(reads[0])] for i in hits[q["key"]]}
    assert fact.pk not in before and hits[reads[0]["key"]] == [fact.pk]
    dossier = Dossier.model_validate(run.dossier["dossier"])
    claims = dossier.sections[0].claims
    assert run.status == ResearchRun.Status.COMPLETE
    assert [c.citations[0].snippet_id for c in claims] == [oval.pk, fact.pk]
    assert "City of Marrowdale" in claims[1].text
    assert reads[0]["text"] in run.dossier["ledger"][0]["queries"]
