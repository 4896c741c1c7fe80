"""A part whose sources state the event but not what it led to is answered in part: the run is
partial, and the page, the ledger and the exports say what the sources do not state."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from research.contracts import Dossier, Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

GOAL = "How did the new mill Tarnow Mills opened in May 2021 lead to higher export sales?"
OPENED = "In May 2021, Tarnow Mills opened a new mill in Kaunas, with room for 40 workers."
LINKED = OPENED + " The new mill raised the export sales of Tarnow Mills by a fifth."


def _run(text: str) -> ResearchRun:
    user = UserFactory()
    corpus = make_corpus(
        owner=user, slug="mills", docs={"Tarnow Mills annual report": text}, public=True
    )
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    return run


def test_the_event_without_its_outcome_is_answered_in_part_everywhere() -> None:
    run = _run(OPENED + "\n\nThe harvest of 2021 was late because of a wet August.")
    section = Dossier.model_validate(run.dossier["dossier"]).sections[0]
    assert run.status == ResearchRun.Status.PARTIAL
    assert section.status == "answered" and "opened a new mill" in section.claims[0].text
    assert section.unsupported == ["lead to higher export sales"]
    client = Client()
    client.force_login(run.owner)
    page = client.get(reverse("research:run", args=[run.pk])).content.decode()
    assert 'data-status="partial"' in page and "answered only in part" in page
    assert "Not stated in the selected sources: lead to higher export sales" in page
    ledger = page[page.index('id="ledger"') :]
    assert "answered in part" in ledger and "Not stated: lead to higher export sales" in ledger
    text = client.get(reverse("research:export", args=[run.pk, "md"])).content.decode()
    assert "Not stated in the selected sources: lead to higher export sales" in text
    assert f"| {GOAL} | answered in part |" in text


def test_the_event_with_its_outcome_beside_it_is_complete() -> None:
    run = _run(LINKED)
    section = Dossier.model_validate(run.dossier["dossier"]).sections[0]
    assert run.status == ResearchRun.Status.COMPLETE
    assert section.unsupported == []
    assert any("export sales" in c.text for c in section.claims)
