"""A part reads the names its entity is given anywhere in the selected corpora, on the real
database: a log that knows a works only by its site code answers a question that names the
works, and the read is in the audit trail."""

from __future__ import annotations

import pytest

from corpora.models import Chunk
from research.contracts import Dossier, Scope
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = pytest.mark.integration

REPORT = "\n".join(
    [
        "Works: Orrin Water Treatment Works (site code OR-7)",
        "The works treated water from the Orrin river throughout the year. Its two clarifiers "
        "were rebuilt in the spring and its filters were backwashed daily.",
    ]
)
LOG = "\n".join(
    [
        "Each site is listed by its asset-register site code only.",
        "OR-7 — Outages: 4 · Total duration (h): 203",
        "KB-2 — Outages: 6 · Total duration (h): 97",
        "MS-5 — Outages: 2 · Total duration (h): 31",
    ]
)
OTHER = "Works: Kelby Water Treatment Works (site code KB-2)\nThe Kelby works draws on wells."


@pytest.mark.django_db
def test_a_part_reads_the_names_its_entity_is_given_elsewhere() -> None:
    user = UserFactory()
    reports = make_corpus(
        owner=user, slug="reports", docs={"Orrin annual report": REPORT, "Kelby note": OTHER}
    )
    logs = make_corpus(owner=user, slug="logs", docs={"Site outage summary": LOG})
    defining = Chunk.objects.get(document__title="Orrin annual report", text__contains="OR-7")
    row = Chunk.objects.get(document__title="Site outage summary")
    goal = "What was the total outage duration in hours at the Orrin works?"
    scope = Scope(goal=goal, corpus_ids=[reports.pk, logs.pk])
    run = run_start(user=user, scope=scope, enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()

    reads = [
        e.payload for e in run.events.filter(kind="query") if e.payload["text"].startswith("names")
    ]
    assert [r["text"] for r in reads] == ["names the documents give Orrin"]
    hits = next(
        [h["id"] for h in e.payload["hits"]]
        for e in run.events.filter(kind="hits")
        if e.payload["query"] == reads[0]["key"]
    )
    assert hits == [defining.pk]  # the Kelby definition names another works
    asked = [e.payload for e in run.events.filter(kind="query") if "OR-7" in e.payload["text"]]
    assert [(q["suggested_by"], q["parent"]) for q in asked] == [(defining.pk, "q-1")]
    dossier = Dossier.model_validate(run.dossier["dossier"])
    claims = dossier.sections[0].claims
    assert row.pk in {c.snippet_id for cl in claims for c in cl.citations}
    assert "203" in " ".join(cl.text for cl in claims) and "97" not in claims[0].text
