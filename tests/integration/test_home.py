"""The home page starts work: recent runs, corpora with counts, examples that start a run;
the Health link and details are for staff only."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from corpora.demo_seed import demo_corpora_ensure
from corpora.models import Document
from corpora.services.corpora import corpus_create
from corpora.services.uploads import document_add
from research.contracts import Scope
from research.examples import EXAMPLE_GOALS
from research.models import ResearchRun
from research.services import run_start
from tests.factories import UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_home_lists_the_users_own_latest_runs_with_their_status_as_text() -> None:
    user, stranger = UserFactory(is_staff=True), UserFactory()
    mine = run_start(user=user, scope=Scope(goal="Tally the gull nests", corpus_ids=[]),
                     enqueue=False)  # fmt: skip
    ResearchRun.objects.filter(pk=mine.pk).update(status=ResearchRun.Status.PARTIAL)
    run_start(user=stranger, scope=Scope(goal="Count the heron eggs", corpus_ids=[]),
              enqueue=False)  # fmt: skip

    html = client_for(user).get(reverse("home")).content.decode()

    section = html[html.index('id="recent-runs"') : html.index('id="home-corpora"')]
    assert f'href="/runs/{mine.pk}/"' in section
    assert "Tally the gull nests" in section
    assert re.search(r'<span class="badge partial">Partial</span>', section)
    assert "Count the heron eggs" not in html  # staff, but the home is about one's own runs
    assert 'id="ask-hint"' not in html


def test_without_runs_the_home_hints_at_what_to_ask() -> None:
    html = client_for(UserFactory()).get(reverse("home")).content.decode()
    assert 'id="ask-hint"' in html
    assert "You have not started any research yet" in html


def test_the_home_lists_visible_corpora_with_ready_and_total_document_counts() -> None:
    user, stranger = UserFactory(), UserFactory()
    corpus = corpus_create(owner=user, name="Lighthouse logs", description="Keeper diaries.")
    for n in range(3):
        document_add(corpus=corpus, data=f"Keeper log {n}: lamp lit at dusk.".encode(),
                     filename=f"log{n}.txt", user=user, enqueue=False)  # fmt: skip
    first = Document.objects.filter(corpus=corpus).order_by("pk").first()
    Document.objects.filter(corpus=corpus).exclude(pk=first.pk).update(status="ready")
    corpus_create(owner=stranger, name="Private tide tables", description="Not shared.")

    html = client_for(user).get(reverse("home")).content.decode()

    section = html[html.index('id="home-corpora"') :]
    assert f'href="{corpus.get_absolute_url()}">Lighthouse logs</a>' in section
    assert "2 of 3 documents ready" in section
    assert "Private tide tables" not in html


def test_each_example_offers_a_one_click_start_and_the_prefilled_form() -> None:
    user = UserFactory()
    demo_corpora_ensure(owner=user, group=Group.objects.create(name="demo"))
    html = client_for(user).get(reverse("home")).content.decode()
    for number, example in enumerate(EXAMPLE_GOALS):
        start = reverse("example_start", args=[number])
        assert f'<form method="post" action="{start}">' in html
        assert f'href="{escape(example.url)}"' in html
    assert html.count('name="csrfmiddlewaretoken"') >= len(EXAMPLE_GOALS)


def test_starting_an_example_creates_its_run_over_its_corpora_and_opens_the_run_page() -> None:
    user = UserFactory()
    demo = {
        c.slug: c for c in demo_corpora_ensure(owner=user, group=Group.objects.create(name="d"))
    }
    example = EXAMPLE_GOALS[2]

    response = client_for(user).post(reverse("example_start", args=[2]))

    run = ResearchRun.objects.get(owner=user)
    assert response.status_code == 302
    assert response["Location"] == run.get_absolute_url()
    assert run.goal == example.goal
    assert sorted(run.corpora.values_list("slug", flat=True)) == sorted(example.corpus_slugs)
    assert run.scope["corpus_ids"] == [demo[s].pk for s in example.corpus_slugs]
    assert list(run.events.values_list("kind", flat=True)) == ["queued"]


def test_an_example_start_needs_a_post_with_a_csrf_token() -> None:
    user = UserFactory()
    demo_corpora_ensure(owner=user, group=Group.objects.create(name="demo"))
    url = reverse("example_start", args=[0])
    assert client_for(user).get(url).status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    assert strict.post(url).status_code == 403
    assert not ResearchRun.objects.exists()


def test_an_example_over_corpora_the_user_may_not_see_is_a_404_and_starts_nothing() -> None:
    owner, outsider = UserFactory(), UserFactory()
    demo_corpora_ensure(owner=owner, group=Group.objects.create(name="demo"))
    assert client_for(outsider).post(reverse("example_start", args=[0])).status_code == 404
    assert client_for(owner).post(reverse("example_start", args=[99])).status_code == 404
    assert not ResearchRun.objects.exists()


def test_only_staff_see_the_health_link() -> None:
    html = client_for(UserFactory()).get(reverse("home")).content.decode()
    assert 'href="/health"' not in html
    staff_html = client_for(UserFactory(is_staff=True)).get(reverse("home")).content.decode()
    assert 'href="/health"' in staff_html


def test_health_answers_everyone_but_shows_versions_and_fixes_only_to_staff() -> None:
    anonymous = Client().get("/health", {"format": "json"})
    checks = anonymous.json()["checks"]
    postgres = next(c for c in checks if c["component"] == "PostgreSQL")
    assert postgres == {"component": "PostgreSQL", "status": "ok"}
    assert all(set(c) == {"component", "status"} for c in checks)
    page = client_for(UserFactory()).get("/health").content.decode()
    assert "PostgreSQL" in page and "PostgreSQL 18" not in page and "pgvector" not in page

    staff = client_for(UserFactory(is_staff=True))
    staff_checks = staff.get("/health", {"format": "json"}).json()["checks"]
    assert next(c for c in staff_checks if c["component"] == "PostgreSQL")["detail"].startswith(
        "PostgreSQL 18"
    )
    assert "pgvector 0.8" in staff.get("/health").content.decode()


@pytest.mark.parametrize("staff_only", [False, True])
def test_without_corpora_the_home_offers_to_create_one_when_the_user_may(
    settings, staff_only: bool
) -> None:
    settings.CORPUS_CREATE_STAFF_ONLY = staff_only
    html = client_for(UserFactory()).get(reverse("home")).content.decode()

    section = html[html.index('id="home-corpora"') :]
    assert ('href="/corpora/new/"' in section) is not staff_only
    assert ("ask an administrator" in section) is staff_only
