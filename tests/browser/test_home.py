"""The home page as a researcher uses it: recent runs, corpora with counts, an example that
starts a run in one click; the runs list, the comparison of two runs and the error pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import redis
from django.conf import settings as django_settings
from playwright.sync_api import Page, expect

from corpora.services.uploads import document_add
from research.contracts import Scope
from research.examples import EXAMPLE_GOALS
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.browser.accessibility import assert_accessible
from tests.browser.session import log_in
from tests.error_urls import INTERNAL_DETAIL
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = pytest.mark.browser

GOAL = "How many lamps did the Vessa lighthouse have, and how tall is the Orlin lighthouse?"
DOCS = {
    "Vessa lighthouse": "The Vessa lighthouse had 14 lamps when it was rebuilt in 1911.",
    "Orlin lighthouse": "The Orlin lighthouse is 38 metres tall and stands above the harbour.",
}


@pytest.fixture
def no_stray_tasks() -> Iterator[None]:
    """The example's run is queued to Redis with no worker here: drop it so no later test's
    worker picks up a run of a database that is gone."""
    yield
    redis.Redis.from_url(django_settings.CELERY_BROKER_URL).flushdb()


def test_the_home_starts_work_and_the_runs_can_be_compared(
    page: Page, live_asgi: str, artifacts_dir, no_stray_tasks
) -> None:
    user = UserFactory()
    # Named like the demo corpus, so the examples over it are offered (no demo PDFs to ingest).
    corpus = make_corpus(owner=user, slug="renewable-energy", docs=DOCS)
    document_add(corpus=corpus, data=b"Keeper's note, not read yet.", filename="note.txt",
                 user=user, enqueue=False)  # fmt: skip
    runs = []
    for _ in range(2):
        run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
        run_execute(run_id=run.pk)
        runs.append(run)
    shown = [e for e in EXAMPLE_GOALS if e.corpus_slugs == ("renewable-energy",)]

    log_in(page, live_asgi, user.username)
    recent = page.locator("#recent-runs")
    expect(recent.locator("li")).to_have_count(2)
    expect(recent).to_contain_text("How many lamps did the Vessa lighthouse have")
    status = ResearchRun.objects.get(pk=runs[1].pk).get_status_display()
    expect(recent.locator("li").first.locator(".badge")).to_have_text(status)
    expect(page.locator("#home-corpora")).to_contain_text("2 of 3 documents ready")
    expect(page.locator("#examples button.example-start")).to_have_count(len(shown))
    expect(page.locator("header nav")).not_to_contain_text("Health")
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "home-start.png"), full_page=True)

    page.locator("#examples button.example-start").first.click()
    expect(page).to_have_url(re.compile(r"/runs/\d+/$"))
    started = ResearchRun.objects.filter(owner=user).order_by("-created").first()
    assert started is not None and started.goal == shown[0].goal
    assert page.url.endswith(started.get_absolute_url())

    page.goto(f"{live_asgi}/runs/")
    expect(page.locator("tr.run-row")).to_have_count(3)
    expect(page.get_by_label("Started from")).to_be_visible()
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "run-list.png"), full_page=True)

    page.locator("a.compare-link").click()
    expect(page.locator("h1")).to_have_text("Compare two runs")
    expect(page.locator("tr.compare-row").first.locator("td")).to_have_count(2)
    expect(page.locator("table.compare")).to_contain_text("14 lamps")
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "run-compare.png"), full_page=True)


def test_error_pages_are_branded_and_accessible(
    page: Page, live_asgi: str, artifacts_dir, settings
) -> None:
    settings.ROOT_URLCONF = "tests.error_urls"  # the project's routes and one that fails
    settings.CORPUS_CREATE_STAFF_ONLY = True  # so a researcher's "New corpus" is refused
    user = UserFactory()
    log_in(page, live_asgi, user.username)
    expect(page.locator("header nav")).to_be_visible()

    response = page.goto(f"{live_asgi}/no-such-page/")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.get_by_role("link", name="Home", exact=True)).to_be_visible()
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "error-404.png"), full_page=True)

    response = page.goto(f"{live_asgi}/corpora/new/")
    assert response is not None and response.status == 403
    expect(page.locator("h1")).to_have_text("You may not do this")
    expect(page.locator("main")).to_contain_text("Only staff create corpora on this site.")
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "error-403.png"), full_page=True)

    response = page.goto(f"{live_asgi}/test-only/explode/")
    assert response is not None and response.status == 500
    expect(page.locator("h1")).to_have_text("Something went wrong on our side")
    expect(page.locator("main")).not_to_contain_text(INTERNAL_DETAIL)
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "error-500.png"), full_page=True)
