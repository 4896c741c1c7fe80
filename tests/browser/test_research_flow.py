"""A researcher's whole path in Chromium: scope a goal, watch it live, read, click, export."""

from __future__ import annotations

import re

import pymupdf
import pytest
from django.urls import NoReverseMatch, reverse
from playwright.sync_api import Page, expect

from corpora.models import Document
from research.models import ResearchRun
from research.run_page import RunPage
from tests.browser.accessibility import summary, violations
from tests.browser.session import log_in
from tests.factories import UserFactory
from tests.integration.test_research_views import GOAL, bases_corpus

pytestmark = pytest.mark.browser
LIVE_MS = 60_000
# Records what the page showed as it changed: proof that parts ticked before the dossier came.
WATCH = """
window.__sameDocument = true;
window.__seen = [];
new MutationObserver(() => {
  const status = document.querySelector('#run-status [data-status]').dataset.status;
  const ticked = document.querySelectorAll('#checklist li[data-status=covered]').length;
  const dossier = document.querySelector('#dossier .banner') ? 'final' : 'draft';
  const last = window.__seen[window.__seen.length - 1];
  const now = status + '/' + ticked + '/' + dossier;
  if (now !== last) window.__seen.push(now);
}).observe(document.body, {subtree: true, childList: true, attributes: true});
"""


@pytest.fixture(autouse=True)
def _events_bell(settings) -> None:
    settings.SSE_POLL_S = 1.0


def _log_in(page: Page, base: str, user) -> None:
    log_in(page, base, user.username)
    expect(page.locator("header nav")).to_contain_text("New research")


def _start_research(page: Page, base: str, corpus, goal: str = GOAL) -> ResearchRun:
    page.goto(f"{base}/")
    page.get_by_role("link", name="New research").first.click()
    expect(page.locator("h1")).to_have_text("New research")
    expect(page.locator(".provider")).to_contain_text("offline extractive engine")
    page.fill("#id_goal", goal)
    page.check(f"input[name=corpora][value='{corpus.pk}']")
    page.click("button:has-text('Start research')")
    expect(page).to_have_url(re.compile(r"/runs/\d+/$"))
    run_id = int(re.search(r"/runs/(\d+)/$", page.url).group(1))
    return ResearchRun.objects.get(pk=run_id)


def test_a_researcher_watches_a_four_part_goal_answered_live_and_exports_it(
    page: Page, live_asgi: str, request: pytest.FixtureRequest, artifacts_dir
) -> None:
    user = UserFactory()
    corpus = bases_corpus(user)
    _log_in(page, live_asgi, user)

    # A form error first: no corpus ticked -> 422 fragment swapped in place.
    page.goto(f"{live_asgi}/research/new/")
    page.fill("#id_goal", GOAL)
    page.click("button:has-text('Start research')")
    expect(page.locator("#corpora-errors")).to_contain_text("Select at least one corpus")
    page.screenshot(path=str(artifacts_dir / "research-new-invalid.png"), full_page=True)

    run = _start_research(page, live_asgi, corpus)
    expect(page.locator("#run-status [data-status]")).to_have_attribute("data-status", "queued")
    page.evaluate(WATCH)  # window.__sameDocument is gone if the page ever reloads
    # The stream is up (sse-seq.js retires the 2 s poller on the stream's first message)...
    expect(page.locator("#poller")).not_to_have_attribute("hx-get", re.compile(".*"))
    # ...and only now does a worker pick the run up, so everything below arrives over SSE.
    request.getfixturevalue("celery_worker")

    expect(page.locator("#checklist li[data-status=covered]").first).to_be_visible(timeout=LIVE_MS)
    banner = page.locator("#dossier .banner")
    expect(banner).to_have_attribute("data-status", "partial", timeout=LIVE_MS)
    expect(banner).to_contain_text("Report the availability of the Delta base")
    delta = page.locator("#dossier section[data-part=sg-4]")
    expect(delta).to_contain_text("No data found in the selected sources.")
    expect(page.locator("#checklist li[data-status=covered]")).to_have_count(3)
    expect(page.locator("#checklist li[data-part=sg-4]")).to_have_attribute(
        "data-status", "no_data"
    )
    assert page.evaluate("window.__sameDocument") is True
    seen = page.evaluate("window.__seen")
    assert any(s.startswith("running/") and s.endswith("/draft") for s in seen), seen
    assert any(int(s.split("/")[1]) >= 1 and s.endswith("/draft") for s in seen), seen
    assert seen[-1] == "partial/3/final", seen
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.PARTIAL

    ledger = page.locator("#ledger")
    expect(ledger).not_to_contain_text("Filling in as the run goes")
    expect(ledger.locator("tr.ledger-row")).to_have_count(4)
    delta_row = ledger.locator("tr.ledger-row", has_text="the Delta base")
    expect(delta_row).to_contain_text("no data found in the selected sources")
    expect(delta_row).to_contain_text("unanswerable")
    expect(page.locator("#gate-figure")).to_contain_text("3 claims kept · 0 dropped")
    expect(page.locator("#run-stats")).to_contain_text("Searches")
    searched = delta.locator(".searched")
    expect(searched).to_contain_text(
        "Searched Bases for: “Report the availability of the Delta base”"
    )
    found = violations(page)
    assert found == [], summary(found)
    page.screenshot(path=str(artifacts_dir / "research-run-page.png"), full_page=True)
    page.locator("#dossier").screenshot(path=str(artifacts_dir / "research-dossier.png"))

    # A citation opens the viewer at the quoted page with the quote highlighted.
    alpha = Document.objects.get(corpus=corpus, title="Alpha report")
    cite = page.locator("#dossier section[data-part=sg-1] a.cite").first
    expect(cite).to_have_text("[1]")
    href = cite.get_attribute("href")
    assert href.startswith(f"/corpora/documents/{alpha.pk}/pages/1/?q=Base+Alpha+reported")
    assert href.endswith("#hl")
    try:
        reverse("corpora:page", args=[alpha.pk, 1])
        viewer_ready = True
    except NoReverseMatch:  # the viewer ships separately (corpora/); its URL is fixed
        viewer_ready = False
    if viewer_ready:
        cite.click()
        expect(page).to_have_url(re.compile(rf"/corpora/documents/{alpha.pk}/pages/1/"))
        expect(page.locator("mark").first).to_contain_text("Base Alpha reported")
        page.screenshot(path=str(artifacts_dir / "research-citation-viewer.png"))

    # The run from the runs list, with its audit trail.
    page.goto(f"{live_asgi}/runs/")
    page.fill("#id_q", "Delta")
    expect(page.locator("#runs-table tr.run-row")).to_have_count(1)
    page.screenshot(path=str(artifacts_dir / "research-runs.png"))
    page.locator(f"a[href='/runs/{run.pk}/']").click()
    expect(page.locator("#audit-list .audit-item")).to_have_count(run.events.count())
    page.locator("#details-trail > summary").click()
    expect(page.locator("#timeline")).to_contain_text("follows up on q-5")
    page.locator("#details-trail details.events > summary").click()
    page.locator("#audit-list .audit-item summary", has_text="dossier").click()
    expect(page.locator("#audit-list .audit-item pre").last).to_contain_text('"ledger"')

    # Exports: Markdown and PDF downloads, the PDF carrying the citations.
    with page.expect_download() as md:
        page.locator("#run-status a", has_text="Markdown").click()
    markdown = md.value.path().read_text()
    assert md.value.suggested_filename == f"dossier-run-{run.pk}.md"
    assert "## Coverage ledger" in markdown
    assert "[1] Alpha report, p. 1" in markdown
    with page.expect_download() as pdf_download:
        page.locator("#run-status a", has_text="PDF").click()
    data = pdf_download.value.path().read_bytes()
    assert data.startswith(b"%PDF")
    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        text = " ".join(" ".join(p.get_text() for p in pdf).split())
    for n, title in ((1, "Alpha"), (2, "Bravo"), (3, "Charlie")):
        assert f"[{n}] {title} report, p. 1" in text


def test_with_the_stream_blocked_the_page_falls_back_to_polling(
    page: Page, live_asgi: str, request: pytest.FixtureRequest
) -> None:
    user = UserFactory()
    corpus = bases_corpus(user)
    page.route(re.compile(r".*/runs/\d+/events.*"), lambda route: route.abort())
    _log_in(page, live_asgi, user)
    _start_research(page, live_asgi, corpus)
    page.evaluate("window.__sameDocument = true")
    expect(page.locator("#poller")).to_have_attribute("hx-trigger", "every 2s")
    request.getfixturevalue("celery_worker")
    expect(page.locator("#dossier .banner")).to_have_attribute(
        "data-status", "partial", timeout=LIVE_MS
    )
    expect(page.locator("#ledger tr.ledger-row")).to_have_count(4)
    expect(page.locator("#poller")).not_to_have_attribute("hx-trigger", "every 2s")
    assert page.evaluate("window.__sameDocument") is True


THREE_PARTS = "Report the availability of bases Alpha, Bravo and Charlie, with a source for each."
# Everything htmx logs goes to the console (htmx:oobErrorNoTarget, htmx:swapError, ...).
HTMX_LOGGED = re.compile(r"htmx", re.IGNORECASE)


def test_a_three_part_answer_fits_the_first_screen_with_its_quotes_and_no_htmx_error(
    page: Page, live_asgi: str, request: pytest.FixtureRequest, artifacts_dir
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
    user = UserFactory()
    corpus = bases_corpus(user)
    _log_in(page, live_asgi, user)
    run = _start_research(page, live_asgi, corpus, THREE_PARTS)
    expect(page.locator("#poller")).not_to_have_attribute("hx-get", re.compile(".*"))
    # Running: the compact header, the draft, the workings collapsed below.
    expect(page.locator("#checklist")).to_contain_text("Searches 0 / –")
    found = violations(page)
    assert found == [], summary(found)
    page.screenshot(path=str(artifacts_dir / "research-run-running.png"))
    # A reader opens the ledger while the run works; the live swaps keep it open.
    page.locator("#details-ledger > summary").click()
    page.evaluate("window.__sameDocument = true")
    request.getfixturevalue("celery_worker")

    banner = page.locator("#dossier .banner")
    expect(banner).to_have_attribute("data-status", "complete", timeout=LIVE_MS)
    expect(page.locator("#checklist li[data-status=covered]")).to_have_count(3)
    expect(page.locator("#checklist #budget-used")).to_contain_text(
        re.compile(r"Searches \d+ / \d+")
    )
    assert page.evaluate("window.__sameDocument") is True
    expect(page.locator("#details-ledger")).to_have_attribute("open", "")
    expect(page.locator("#details-ledger tr.ledger-row")).to_have_count(3)
    expect(page.locator("#details-trail")).not_to_have_attribute("open", re.compile(".*"))

    # The first screen is the answer: every part, its quote and its page link within 900 px.
    page.evaluate("window.scrollTo(0, 0)")
    parts = page.locator("#dossier section.part-answer")
    expect(parts).to_have_count(3)
    last = parts.nth(2)
    expect(last.locator("h2")).to_contain_text("3. Report the availability of the Charlie base")
    quote = last.locator("figure.quote")
    expect(quote.locator("blockquote")).to_contain_text("Base Charlie reported an availability")
    expect(quote.locator("a.source")).to_have_text("Charlie report, p. 1")
    for box in (last.bounding_box(), quote.bounding_box()):
        assert box is not None and box["y"] + box["height"] <= 900, box
    found = violations(page)
    assert found == [], summary(found)
    page.screenshot(path=str(artifacts_dir / "research-run-answer-first.png"))

    # The audit trail, built live step by step, matches the one a reload folds from the events.
    page.locator("#details-trail > summary").click()
    trail = page.locator("#timeline")
    expect(trail).to_contain_text("Citation gate: 3 claims kept, 0 dropped")
    expect(trail).not_to_contain_text("searching…")
    steps = RunPage.for_run(run).timeline.steps
    expect(trail.locator(":scope > li.step")).to_have_count(len(steps))
    expect(trail.locator(":scope > li.step").last).to_contain_text("Finished: complete")
    found = violations(page)
    assert found == [], summary(found)
    page.screenshot(path=str(artifacts_dir / "research-run-trail.png"), full_page=True)

    assert not [line for line in console if HTMX_LOGGED.search(line)], console
