"""An open part searches within its entity's own document, on the real database: the fact
phrased in words no corpus-wide query ranks is found there, and the read is in the audit."""

from __future__ import annotations

import pytest

from corpora.models import Chunk, Document
from research.contracts import Dossier, Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = pytest.mark.integration

TOWNS = "Krakow Sandomierz Pulawy Deblin Warka Plock Torun Grudziadz Tczew Gdansk".split()
GRAINS = "wheat rye spelt barley oats".split()
MILLS = [
    f"The {TOWNS[i % 10]} mill ground {200 + 7 * i} thousand tonnes of {GRAINS[i % 5]}; "
    f"its silos by the {TOWNS[(i + 3) % 10]} road hold a season's harvest for {12 + i} bakeries."
    if i % 2
    else f"Barges from {TOWNS[(i + 5) % 10]} bring {GRAINS[(i + 2) % 5]} to mill number {i}, "
    f"which sells flour to {30 + i} shops in {TOWNS[i % 10]} and keeps {i + 4} lorries."
    for i in range(24)
]
REPORT = "\n".join(
    [
        "Tarnow Mills is a flour miller. Tarnow Mills runs mills on the Vistula, and Tarnow Mills "
        "sells flour in the northern provinces.",
        *MILLS[:13],
        "In March 2021, the company expanded north, opening a new mill in Kaunas.",
        *MILLS[13:],
    ]
)
# Notes that repeat the question's words: a corpus-wide search ranks them first.
NOTES = {
    f"Expansion note {i}": f"Note {i} on {TOWNS[i % 10]} and {GRAINS[i % 5]}: a northern "
    f"expansion by millers such as Tarnow Mills needs approval; the northern expansion of "
    f"Tarnow Mills or a rival from {TOWNS[(i + 4) % 10]} is reviewed within {20 + i} days."
    for i in range(7)
}


@pytest.mark.django_db
def test_an_open_part_reads_within_its_entitys_report() -> None:
    user = UserFactory()
    corpus = make_corpus(
        owner=user, slug="mills", docs={"Tarnow Mills annual report": REPORT, **NOTES}, public=True
    )
    report = Document.objects.get(title="Tarnow Mills annual report")
    fact = next(c for c in Chunk.objects.filter(document=report) if "Kaunas" in c.text)
    goal = "When did Tarnow Mills make its northern expansion?"
    run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()

    queries = {e.payload["key"]: e.payload for e in run.events.filter(kind="query")}
    hits = {e.payload["query"]: [h["id"] for h in e.payload["hits"]]
            for e in run.events.filter(kind="hits")}  # fmt: skip
    read = next(q for q in queries.values() if q["document_ids"])
    assert (
        read["document_ids"] == [report.pk]
        and "within “Tarnow Mills annual report”" in read["text"]
    )
    assert Chunk.objects.get(pk=read["suggested_by"]).document_id == report.pk
    order = list(queries)
    before = {i for key in order[: order.index(read["key"])] for i in hits[key]}
    assert fact.pk not in before and fact.pk in hits[read["key"]]
    assert set(hits[read["key"]]) <= set(
        Chunk.objects.filter(document=report).values_list("pk", flat=True)
    )
    dossier = Dossier.model_validate(run.dossier["dossier"])
    cited = {c.snippet_id for cl in dossier.sections[0].claims for c in cl.citations}
    assert run.status == ResearchRun.Status.COMPLETE and fact.pk in cited
    assert "March 2021" in " ".join(cl.text for cl in dossier.sections[0].claims)
    assert read["text"] in run.dossier["ledger"][0]["queries"]  # the ledger lists the read
