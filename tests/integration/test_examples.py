"""The example goals of the home page and README, run over the real demo corpora.

The demo PDFs go through the real ingestion pipeline (OCR and tables included); each goal
runs through the offline engine, and every part must be answered with its expected number.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from corpora.demo_seed import demo_corpora_ensure
from corpora.models import Corpus, Document
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from research.contracts import Dossier, Scope, Section, SectionStatus
from research.examples import EXAMPLE_GOALS, ExampleGoal, ExamplePart
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory

pytestmark = pytest.mark.integration


def demo_corpora_ingested(*, owner, slugs: tuple[str, ...]) -> dict[str, Corpus]:
    """The demo corpora seeded as `make run` does, those in `slugs` ingested synchronously.

    Call it inside a test transaction: the ingest tasks queued on commit never fire.
    """
    corpora = demo_corpora_ensure(owner=owner, group=Group.objects.create(name="demo"))
    for doc in Document.objects.filter(corpus__slug__in=slugs):
        assert document_ingest(document_id=doc.pk).status == "ready", doc.filename
    return {c.slug: c for c in corpora}


def dossier_said(dossier: Dossier) -> str:
    """Each section's heading, status and text: the failure message a reader can judge."""
    lines = []
    for s in dossier.sections:
        text = " ".join(c.text for c in s.claims) or s.no_data_text
        lines.append(f"[{s.sub_goal}] {s.heading} ({s.status}): {text}")
    return "\n".join(lines)


def _states(section: Section, part: ExamplePart) -> bool:
    """The section is about the part, answered, and its claims or quotes give the answer."""
    claims = [c.text for c in section.claims]
    quotes = [q.quote for c in section.claims for q in c.citations]
    return (
        part.topic.lower() in section.heading.lower()
        and section.status == SectionStatus.ANSWERED
        and part.answer in " ".join(claims + quotes)
    )


# Examples the engine does not yet answer whole (issue #32: the rule-based judge needs the
# asked words). Strict: the mark must go once they pass.
NOT_YET = {
    0: "#32: Harrow Ridge's capacity factor is stated without those words ('ran at 31.2 "
    "percent'), so its part ends with no data",
    1: "#32: 2021 and 2022 are answered from sentences that name the years but state no amount",
}
EXAMPLES = [
    pytest.param(e, marks=pytest.mark.xfail(strict=True, reason=NOT_YET[i])) if i in NOT_YET else e
    for i, e in enumerate(EXAMPLE_GOALS)
]


@pytest.mark.django_db
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: "-".join(e.goal.split()[:4]))
def test_each_example_goal_is_answered_part_by_part_from_the_demo_corpora(
    example: ExampleGoal,
) -> None:
    user = UserFactory()
    corpora = demo_corpora_ingested(owner=user, slugs=example.corpus_slugs)
    scope = Scope(goal=example.goal, corpus_ids=[corpora[s].pk for s in example.corpus_slugs])
    run = run_start(user=user, scope=scope, enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()

    dossier = Dossier.model_validate(run.dossier["dossier"])
    said = dossier_said(dossier)
    assert len(dossier.sections) == len(example.parts), said
    wrong = [
        f"{part.topic} (expected {part.answer!r})"
        for section, part in zip(dossier.sections, example.parts, strict=True)
        if not _states(section, part)
    ]
    assert not wrong, f"run {run.status}; parts without their expected answer: {wrong}\n{said}"
    assert run.status == ResearchRun.Status.COMPLETE, said


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_home_page_links_each_example_to_the_form_with_its_goal_and_corpora() -> None:
    user = UserFactory()
    demo_corpora_ensure(owner=user, group=Group.objects.create(name="demo"))
    html = _client(user).get(reverse("home")).content.decode()
    assert "Try an example" in html
    for example in EXAMPLE_GOALS:
        assert f'href="{escape(example.url)}"' in html
        assert escape(example.goal) in html
    assert "?goal=Capacity+factor+of+Kestrel+Bay" in EXAMPLE_GOALS[0].url
    assert EXAMPLE_GOALS[0].url.endswith("&corpus=renewable-energy")


@pytest.mark.django_db
def test_without_the_demo_corpora_the_home_page_shows_no_examples() -> None:
    html = _client(UserFactory()).get(reverse("home")).content.decode()
    assert "Try an example" not in html and "New research" in html


@pytest.mark.django_db
def test_the_form_prefills_the_goal_and_only_the_named_corpora_the_user_may_see() -> None:
    user, stranger = UserFactory(), UserFactory()
    demo = {
        c.slug: c for c in demo_corpora_ensure(owner=user, group=Group.objects.create(name="demo"))
    }
    hidden = corpus_create(owner=stranger, name="Hidden", slug="hidden", description="Private.")
    goal = EXAMPLE_GOALS[0].goal
    query = {"goal": goal, "corpus": ["renewable-energy", "no-such-corpus", hidden.slug]}
    response = _client(user).get(reverse("research:new"), query)
    assert response.status_code == 200
    form = response.context["form"]
    assert form["goal"].value() == goal
    assert [o["id"] for o in form.corpus_options() if o["checked"]] == [demo["renewable-energy"].pk]
    html = response.content.decode()
    assert f"{escape(goal)}</textarea>" in html and "Hidden" not in html


@pytest.mark.django_db
def test_the_form_without_a_query_starts_empty() -> None:
    user = UserFactory()
    demo_corpora_ensure(owner=user, group=Group.objects.create(name="demo"))
    form = _client(user).get(reverse("research:new")).context["form"]
    assert not form["goal"].value()
    assert not any(o["checked"] for o in form.corpus_options())
