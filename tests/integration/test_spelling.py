"""A misspelled name in the goal is read as the corpus spells it, visibly, and only then."""

from __future__ import annotations

import pytest
from django.test import Client

from corpora.selectors import titles_near
from corpora.vocabulary import terms_present
from research.contracts import Dossier, Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DOCS = {
    "Skarvik Bank wind farm": "Skarvik Bank is an offshore wind farm of 124 turbines, "
    "commissioned in 2019 off the Swedish coast.",
    "Mark E. Mitchell": "Mark E. Mitchell is a retired officer of the United States Army.",
}


def test_words_and_phrases_are_present_only_as_written() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="spelt", docs=DOCS)
    terms = ["mitchell", "mitchells", "Mark E. Mitchell", "Mark Mitchell", "skarvik", "skravik"]
    assert terms_present(user=user, corpus_ids=[corpus.pk], terms=terms) == {
        "mitchell",
        "Mark E. Mitchell",
        "skarvik",
    }
    assert titles_near(user=user, corpus_ids=[corpus.pk], name="Mark E. Michell") == [
        "Mark E. Mitchell"
    ]
    stranger = UserFactory()  # a private corpus spells nothing for anyone else
    assert terms_present(user=stranger, corpus_ids=[corpus.pk], terms=terms) == set()
    assert titles_near(user=stranger, corpus_ids=[corpus.pk], name="Mark E. Michell") == []


def test_a_goal_with_a_misspelled_name_is_answered_and_says_how_it_was_read() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="spelt", docs=DOCS)
    goal = "How many turbines does the Skravik Bank wind farm have?"
    run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    plan = run.events.get(kind="plan").payload
    assert plan["read_as"] == [{"written": "Skravik Bank", "read": "Skarvik Bank"}]
    assert plan["plan"]["sub_goals"][0]["entity"] == "Skarvik Bank"
    assert run.status == ResearchRun.Status.COMPLETE
    dossier = Dossier.model_validate(run.dossier["dossier"])
    assert "124 turbines" in " ".join(c.text for c in dossier.sections[0].claims)
    assert "“Skravik Bank” as “Skarvik Bank”" in dossier.summary  # in every export too
    client = Client()
    client.force_login(user)
    page = client.get(run.get_absolute_url()).content.decode()
    assert "Read “Skravik Bank” as “Skarvik Bank”" in page
