"""A researcher's whole day in Chromium, as #33 asks: create a corpus, upload three PDFs,
delete the one that failed, run a three-part goal, read the answers on the first screen, open a
citation, read the audit timeline; then a colleague outside the corpus's group gets 404 on
every one of those URLs. Every page passes the accessibility check."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Browser, Page, expect

from corpora.models import Corpus, Document
from research.models import ResearchRun
from tests.browser.accessibility import assert_accessible
from tests.browser.session import log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

INGESTED_MS = 120_000
ANSWERED_MS = 60_000
GOAL = "Report the yield of wells Ardent, Brisk and Corran, with a source for each."
# Two wells in one report, the third in another; each sentence runs over two PDF lines.
REPORTS = {
    "wells_east.pdf": (
        "Eastern Wells Review",
        [
            "Well Ardent gave a yield of 14 cubic metres per hour",
            "over the dry season of 2025, the field crew recorded.",
            "Well Brisk gave a yield of 9 cubic metres per hour",
            "after its pump was replaced in March 2025.",
        ],
    ),
    "wells_west.pdf": (
        "Western Wells Review",
        [
            "Well Corran gave a yield of 21 cubic metres per hour",
            "in the same survey, the highest of the district.",
        ],
    ),
}


def report_pdf(title: str, lines: list[str]) -> bytes:
    pdf = pymupdf.open()
    page = pdf.new_page()
    page.insert_text((72, 80), title, fontsize=20)
    for n, line in enumerate(lines):
        page.insert_text((72, 130 + 15 * n), line, fontsize=11)
    pdf.set_metadata({"title": title})
    return pdf.tobytes()


def _log_in(page: Page, base: str, user) -> None:
    log_in(page, base, user.username)
    expect(page.locator("header nav")).to_contain_text("New research")


def test_a_researcher_builds_a_corpus_runs_a_goal_and_reads_it_while_a_stranger_sees_nothing(
    live_asgi: str,
    celery_worker: object,
    page: Page,
    browser: Browser,
    artifacts_dir: Path,
    tmp_path: Path,
    settings,
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    page.set_viewport_size({"width": 1280, "height": 900})
    failed: list[str] = []  # stylesheets, scripts, images, icons the pages asked for in vain
    page.on(
        "response",
        lambda r: (
            failed.append(f"{r.status} {r.url}")
            if r.status >= 400 and r.request.resource_type != "document"
            else None
        ),
    )
    team = Group.objects.create(name="hydrology")
    researcher = UserFactory()
    researcher.groups.add(team)
    for name, (title, lines) in REPORTS.items():
        (tmp_path / name).write_bytes(report_pdf(title, lines))
    (tmp_path / "field_notes.pdf").write_bytes(b"%PDF-1.7\n1 0 obj <<>> endobj\n")  # damaged

    # 1. A corpus of their own, shared with their group.
    _log_in(page, live_asgi, researcher)
    icon = page.locator("link[rel=icon]").get_attribute("href")  # no 404 for /favicon.ico
    assert icon and page.request.get(f"{live_asgi}{icon}").ok
    page.goto(f"{live_asgi}/corpora/")
    page.get_by_role("link", name="New corpus").click()
    page.get_by_label("Name").fill("District wells")
    page.get_by_label("Description").fill("Yield reviews of the district's wells.")
    page.get_by_label("hydrology").check()
    assert_accessible(page)
    page.get_by_role("button", name="Create corpus").click()
    expect(page.locator("h1")).to_have_text("District wells")
    corpus = Corpus.objects.get(name="District wells")
    corpus_url = page.url

    # 2. Three PDFs; the damaged one fails with its reason and is deleted.
    page.set_input_files("#id_files", [str(tmp_path / n) for n in (*REPORTS, "field_notes.pdf")])
    page.get_by_role("button", name="Upload").click()
    damaged = page.locator("tr.document", has_text="field_notes.pdf")
    expect(damaged).to_have_attribute("data-status", "failed", timeout=INGESTED_MS)
    expect(damaged.locator(".reason")).not_to_be_empty()
    expect(page.locator("tr.document[data-status=ready]")).to_have_count(2, timeout=INGESTED_MS)
    page.once("dialog", lambda dialog: dialog.accept())
    damaged.get_by_role("button", name=re.compile(r"^Delete")).click()
    expect(page.locator("tr.document")).to_have_count(2)
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "walk-corpus.png"), full_page=True)
    east = Document.objects.get(corpus=corpus, title="Eastern Wells Review")

    # 3. A three-part goal over it.
    page.goto(f"{live_asgi}/research/new/")
    page.fill("#id_goal", GOAL)
    page.check(f"input[name=corpora][value='{corpus.pk}']")
    assert_accessible(page)
    page.click("button:has-text('Start research')")
    expect(page).to_have_url(re.compile(r"/runs/\d+/$"))
    run = ResearchRun.objects.get(pk=int(re.search(r"/runs/(\d+)/$", page.url).group(1)))
    run_url = page.url

    # 4. The answers, with their quotes and pages, on the first screen.
    expect(page.locator("#dossier .banner")).to_have_attribute(
        "data-status", "complete", timeout=ANSWERED_MS
    )
    page.evaluate("window.scrollTo(0, 0)")
    parts = page.locator("#dossier section.part-answer")
    expect(parts).to_have_count(3)
    for n, (well, litres) in enumerate((("Ardent", "14"), ("Brisk", "9"), ("Corran", "21"))):
        quote = parts.nth(n).locator("figure.quote")
        # The whole sentence across its PDF line break, not the piece before it.
        expect(quote.locator("blockquote")).to_contain_text(
            re.compile(rf"Well {well} gave a yield of {litres} cubic metres per hour \w+")
        )
        box = quote.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, (well, box)
    expect(parts.nth(0).locator("a.source")).to_have_text("Eastern Wells Review, p. 1")
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "walk-answers.png"))

    # 5. A citation opens its page with the quoted sentence marked.
    parts.nth(0).locator("a.source").click()
    expect(page.locator("mark")).to_contain_text(
        re.compile(r"Well Ardent gave a yield of 14 cubic metres per hour\s+over the dry season")
    )
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "walk-citation.png"))
    citation_url = page.url

    # 6. The audit trail reads as a timeline.
    page.goto(run_url)
    page.locator("#details-trail > summary").click()
    trail = page.locator("#timeline")
    expect(trail).to_contain_text("Plan")
    expect(trail).to_contain_text("Eastern Wells Review, p. 1")
    expect(trail).to_contain_text("Citation gate: 3 claims kept")
    expect(trail.locator(":scope > li.step").last).to_contain_text("Finished: complete")
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "walk-trail.png"), full_page=True)

    assert failed == []

    # 7. A colleague outside the group: every one of those URLs is a 404, never a 403.
    stranger = UserFactory()
    context = browser.new_context(base_url=live_asgi)
    other = context.new_page()
    try:
        _log_in(other, live_asgi, stranger)
        urls = [
            corpus_url,
            f"{corpus_url}settings/",
            f"/corpora/documents/{east.pk}/",
            f"/corpora/documents/{east.pk}/edit/",
            f"/corpora/documents/{east.pk}/pages/1/",
            citation_url,
            run_url,
            f"/runs/{run.pk}/export/json",
            f"/runs/compare/?a={run.pk}&b={run.pk}",
        ]
        for url in urls:
            response = other.goto(url)
            assert response is not None and response.status == 404, (url, response)
            expect(other.locator("body")).not_to_contain_text("District wells")
            expect(other.locator("body")).not_to_contain_text("Ardent")
        assert_accessible(other)
        other.screenshot(path=str(artifacts_dir / "walk-stranger-404.png"))
    finally:
        context.close()
