"""The search page in Chromium: a short page for a rare word, marked words, tables as tables,
scores behind "Why this result", pages that change in place, and no serious axe violations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.accessibility import summary, violations
from tests.factories import PASSWORD, UserFactory
from tests.helpers import make_corpus

pytestmark = pytest.mark.browser

DOCS = {
    "Quillfeather pump manual": "The Quillfeather pumps are serviced every spring by the day crew.",
    "Quarry output": "# Quarry output 2025\n\nOutput of the pits by material.\n\n"
    "| Pit | Gravel (t) | Sand (t) |\n|---|---|---|\n| Northmoor pit | 120 | 40 |\n"
    "| Southmoor pit | 95 | 62 |\n\nThe Northmoor pit closes for winter.",
    **{
        f"Harbour ledger {n:02}": f"Harbour ledger {n}: the ferry carried {n * 7} crates of tea."
        for n in range(12)
    },
}


@pytest.fixture(autouse=True)
def _media(settings, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


def search_for(page: Page, query: str) -> None:
    box = page.locator("#id_q")
    box.fill("")
    box.press_sequentially(query, delay=15)


def test_search_shows_a_short_marked_page_tables_hidden_scores_and_pages_in_place(
    live_asgi: str, page: Page, artifacts_dir: Path
) -> None:
    user = UserFactory()
    make_corpus(owner=user, slug="harbour-and-quarry", docs=DOCS, public=True)

    page.goto(f"{live_asgi}/login/?next=/corpora/search/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.evaluate("window.__sameDocument = true")

    # A word found in one document: one result, the word (and its stem) marked.
    search_for(page, "Quillfeather pump")
    hits = page.locator(".hit")
    expect(page.locator(".results-summary")).to_contain_text("1 result")
    expect(hits).to_have_count(1)
    expect(hits.first.locator("mark")).to_have_text(["Quillfeather", "pumps"])
    why = hits.first.locator("details.why")
    expect(why.locator(".scores")).to_be_hidden()
    assert "fused" not in hits.first.inner_text()  # no score in the result's visible text
    assert violations(page) == [], summary(violations(page))
    why.locator("summary").click()
    expect(why.locator(".scores")).to_be_visible()
    expect(why.locator(".scores")).to_contain_text("fused")
    page.screenshot(path=str(artifacts_dir / "search-one-result.png"), full_page=True)

    # A table is a table: header cells, no pipes or cell separators left in the text.
    search_for(page, "Northmoor gravel")
    table_hit = page.locator(".hit", has=page.locator("table")).first
    expect(table_hit.locator("thead th")).to_have_text(["Gravel (t)", "Sand (t)"])
    expect(table_hit.locator("tbody th").first).to_contain_text("Northmoor pit")
    expect(table_hit.locator(".hit-section")).to_have_text("Quarry output 2025")
    body = table_hit.locator(".hit-body").inner_text()
    assert "|" not in body and "·" not in body, body
    assert violations(page) == [], summary(violations(page))
    table_hit.screenshot(path=str(artifacts_dir / "search-table.png"))

    # More results than a page: Next and Previous swap the results in place.
    search_for(page, "harbour ledger ferry")
    expect(page.locator(".results-summary")).to_contain_text("12 results · page 1 of 2")
    expect(hits).to_have_count(10)
    page.get_by_role("link", name="Next page of results").click()
    expect(page.locator(".results-summary")).to_contain_text("page 2 of 2")
    expect(hits).to_have_count(2)
    expect(page).to_have_url(re.compile(r"[?&]page=2"))
    expect(page.locator(".results-summary")).to_be_focused()
    assert violations(page) == [], summary(violations(page))
    page.screenshot(path=str(artifacts_dir / "search-page-2.png"), full_page=True)
    page.get_by_role("link", name="Previous page of results").click()
    expect(hits).to_have_count(10)
    assert page.evaluate("window.__sameDocument") is True  # htmx swapped, no page load

    # Nothing found: the message names the corpus searched.
    search_for(page, "zqxjv")
    expect(page.locator(".no-results")).to_contain_text("in Harbour And Quarry")
    assert violations(page) == [], summary(violations(page))
