"""A run on a self-hosted model, in Chromium: the form and the run page name the provider and
model, and the cost reads as tokens because the server reports no price."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from research.models import ResearchRun
from tests.browser.accessibility import summary, violations
from tests.factories import PASSWORD
from tests.fakes import openai_server
from tests.fakes.openai_server import CHAT, FakeOpenAI
from tests.integration.test_openai_compatible_runs import GOAL, LABEL, keeper_corpus, scripted

pytestmark = pytest.mark.browser
openai_fake = openai_server.openai_fake  # the fixture, under its own name
LIVE_MS = 60_000


def test_a_run_on_a_local_model_names_it_and_costs_it_in_tokens(
    page: Page,
    live_asgi: str,
    openai_fake: FakeOpenAI,
    settings: object,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    artifacts_dir: Path,
) -> None:
    settings.LLM_PROVIDER = "openai_compatible"  # type: ignore[attr-defined]
    settings.SSE_POLL_S = 1.0  # type: ignore[attr-defined]
    owner, corpus = keeper_corpus(tmp_path, settings)
    openai_fake.respond_with(scripted(corpus.pk))
    page.goto(f"{live_asgi}/login/")
    page.fill("#id_username", owner.username)  # type: ignore[attr-defined]
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")

    page.goto(f"{live_asgi}/research/new/")
    expect(page.locator(".provider")).to_contain_text(LABEL)
    page.fill("#id_goal", GOAL)
    page.check(f"input[name=corpora][value='{corpus.pk}']")
    page.click("button:has-text('Start research')")
    expect(page).to_have_url(re.compile(r"/runs/\d+/$"))
    request.getfixturevalue("celery_worker")

    banner = page.locator("#dossier .banner")
    expect(banner).to_have_attribute("data-status", "complete", timeout=LIVE_MS)
    expect(page.locator("#run-status")).to_contain_text(LABEL)
    page.locator("#details-stats summary").click()
    expect(page.locator("#run-stats")).to_contain_text(re.compile(r"no price reported: \d+ \+ \d+"))
    run = ResearchRun.objects.get(pk=int(re.search(r"/runs/(\d+)/$", page.url).group(1)))
    assert (run.status, run.model) == ("complete", openai_server.MODEL)
    assert len(openai_fake.calls(CHAT)) >= 3
    found = violations(page)
    assert found == [], summary(found)
    page.screenshot(path=str(artifacts_dir / "research-run-local-model.png"), full_page=True)
