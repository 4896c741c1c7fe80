"""A part whose subject the documents name otherwise reads the passage that says so and
searches under that name, on the real database: a log that knows a station only by its code
answers a question about the station by name. The passages read are those the run's owner
may read, in the scope's window."""

from __future__ import annotations

import datetime as dt

import pytest

from corpora.models import Chunk
from corpora.selectors import chunks_naming
from research.contracts import Dossier, Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = pytest.mark.integration

REGISTER = (
    "The Quillmoor pumping station (site code QP-7) lifts raw water from the river Esk to the "
    "treatment works. It was commissioned in 1988 and refurbished in 2015."
)
# The returns know each station by its code only.
LOG = "\n".join(
    [
        "Returns of the year, by site code.",
        "QP-3 — Peak flow (m³/h): 198 · Hours run: 5,120",
        "QP-5 — Peak flow (m³/h): 260 · Hours run: 4,870",
        "QP-7 — Peak flow (m³/h): 412 · Hours run: 6,010",
        "QP-9 — Peak flow (m³/h): 151 · Hours run: 3,300",
    ]
)
# Stations that share more of the question's words: a search by the station's name ranks
# them above the log, which names it only by its code.
STATIONS = "Harrowby Ashcombe Tellwick Brindle Oakhurst Fennick Marlow Sedge Pellham Rooke".split()
MONTHS = "January February March April May June July September October November".split()
OTHERS = {
    f"{name} station note": f"What peak flow did the {name} pumping station reach in 2023? "
    f"The {name} pumping station logged its 2023 peak flow during {month}, its staff report."
    for name, month in zip(STATIONS, MONTHS, strict=True)
}
GOAL = "What peak flow did the Quillmoor pumping station reach in 2023?"


@pytest.mark.django_db
def test_a_subject_known_by_its_code_is_searched_under_that_code() -> None:
    user = UserFactory()
    sites = make_corpus(owner=user, slug="sites", docs={"Site register": REGISTER, **OTHERS})
    logs = make_corpus(owner=user, slug="logs", docs={"Station returns 2023": LOG})
    register = Chunk.objects.get(document__title="Site register")
    log = Chunk.objects.get(document__title="Station returns 2023")
    scope = Scope(goal=GOAL, corpus_ids=[sites.pk, logs.pk])
    run = run_start(user=user, scope=scope, enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()

    queries = [e.payload for e in run.events.filter(kind="query").order_by("seq")]
    hits = {e.payload["query"]: [h["id"] for h in e.payload["hits"]]
            for e in run.events.filter(kind="hits")}  # fmt: skip
    read = next(q for q in queries if q["text"].startswith("other names for"))
    assert hits[read["key"]] == [register.pk]
    assert sorted(read["corpus_ids"]) == sorted([sites.pk, logs.pk])
    renamed = next(q for q in queries if "QP-7" in q["text"])
    assert renamed["text"] == "What peak flow did the QP-7 pumping station reach in 2023?"
    assert renamed["suggested_by"] == register.pk
    assert log.pk in hits[renamed["key"]]
    before = {i for q in queries[: queries.index(read)] for i in hits[q["key"]]}
    assert log.pk not in before  # found only under the code

    dossier = Dossier.model_validate(run.dossier["dossier"])
    cited = [c.snippet_id for claim in dossier.sections[0].claims for c in claim.citations]
    assert run.status == ResearchRun.Status.COMPLETE
    assert log.pk in cited
    assert "412" in " ".join(claim.text for claim in dossier.sections[0].claims)
    assert "198" not in " ".join(claim.text for claim in dossier.sections[0].claims)


@pytest.mark.django_db
def test_passages_that_name_a_subject_keep_to_access_and_window() -> None:
    owner, stranger = UserFactory(), UserFactory()
    dates = {"Site register": dt.date(2021, 3, 1)}
    mine = make_corpus(owner=owner, slug="mine", docs={"Site register": REGISTER}, dates=dates)
    theirs = make_corpus(owner=stranger, slug="theirs", docs={"Their register": REGISTER})
    both = [mine.pk, theirs.pk]

    def titles(window: tuple[dt.date | None, dt.date | None] = (None, None)) -> list[str]:
        found = chunks_naming(user=owner, corpus_ids=both, phrase="quillmoor", window=window)
        return [c.document.title for c in found]

    assert titles() == ["Site register"]  # the other user's private corpus is not read
    assert titles((dt.date(2021, 1, 1), dt.date(2021, 12, 31))) == ["Site register"]
    assert titles((dt.date(2022, 1, 1), None)) == []
    assert chunks_naming(user=owner, corpus_ids=both, phrase="Ashcombe") == []
