"""Corpora in Chromium: uploads followed live until `ready`, search as you type, the viewer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from corpora.demo_docs import DEMO_CORPORA, PAGE3_DOCUMENT
from corpora.models import Document
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser

# Records every status the documents table shows, so the test sees the live updates.
WATCH_STATUSES = """() => {
  window.__seen = [];
  window.__sameDocument = true;
  const record = () => document.querySelectorAll("tr.document").forEach((row) => {
    const status = row.dataset.status;
    if (window.__seen[window.__seen.length - 1] !== status) window.__seen.push(status);
  });
  new MutationObserver(record).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"]});
}"""

# A DataTransfer holding one file, as a drag from the desktop would carry it.
DROP_FILE = """([name, bytes]) => {
  const transfer = new DataTransfer();
  transfer.items.add(new File([new Uint8Array(bytes)], name, {type: "application/pdf"}));
  return transfer;
}"""


@pytest.fixture(autouse=True)
def _media(settings, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


def test_a_pdf_dropped_on_the_upload_zone_shows_its_progress_live_and_ends_ready(
    page: Page, live_asgi: str, celery_worker: object, artifacts_dir: Path, tmp_path: Path
) -> None:
    group = Group.objects.create(name="researchers")
    user = UserFactory()
    user.groups.add(group)
    corpus = corpus_create(
        owner=user, name="Bus depots", description="Depot electrification studies.",
        groups=[group],
    )  # fmt: skip
    demo = next(d for c in DEMO_CORPORA for d in c.documents if d.filename == PAGE3_DOCUMENT)
    pdf = tmp_path / demo.filename
    pdf.write_bytes(demo.pdf())

    page.goto(f"{live_asgi}/login/?next=/corpora/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.get_by_role("link", name="Bus depots").click()
    expect(page.locator("h1")).to_have_text("Bus depots")
    expect(page.locator("#documents")).to_contain_text("No documents yet.")
    page.evaluate(WATCH_STATUSES)

    dropped = page.evaluate_handle(DROP_FILE, [demo.filename, list(pdf.read_bytes())])
    page.dispatch_event("[data-dropzone]", "drop", {"dataTransfer": dropped})
    expect(page.locator("[data-file-list]")).to_contain_text(demo.filename)
    assert page.evaluate("document.querySelector('#id_files').files.length") == 1
    page.click("#upload-form button[type=submit]")

    expect(page.locator(".outcome-queued")).to_contain_text(demo.filename)
    row = page.locator("tr.document")
    expect(row.locator(".badge.status")).to_have_text("ready", timeout=120_000)
    expect(row).to_contain_text("chunk")
    # Titled by the PDF's own metadata at ingestion, not by its file name.
    expect(row.get_by_role("link", name=demo.title, exact=True)).to_have_attribute(
        "href", f"/corpora/documents/{Document.objects.get(corpus=corpus).pk}/pages/1/"
    )
    seen = page.evaluate("window.__seen")
    assert page.evaluate("window.__sameDocument") is True  # no reload happened
    assert seen[-1] == "ready"
    assert set(seen[:-1]) & {"uploaded", "extracting", "embedding"}, seen
    assert Document.objects.get(corpus=corpus).status == "ready"
    expect(page.locator("#documents")).not_to_have_attribute("hx-trigger", "every 1s")
    # The upload box follows the document too: it no longer says "queued".
    expect(page.locator("#upload-result .outcome-state")).to_have_attribute("data-status", "ready")
    expect(page.locator("#upload-result")).not_to_contain_text("queued")
    page.screenshot(path=str(artifacts_dir / "upload-ready.png"), full_page=True)


def test_search_results_update_as_you_type_and_a_hit_opens_its_page_with_the_text_marked(
    page: Page, live_asgi: str, artifacts_dir: Path
) -> None:
    group = Group.objects.create(name="researchers")
    user = UserFactory()
    user.groups.add(group)
    corpus = corpus_create(
        owner=user, name="Bus depots", description="Depot electrification studies.",
        groups=[group],
    )  # fmt: skip
    demo = next(d for c in DEMO_CORPORA for d in c.documents if d.filename == PAGE3_DOCUMENT)
    outcome = document_add(
        corpus=corpus, data=demo.pdf(), filename=demo.filename, user=user, title=demo.title,
        enqueue=False,
    )  # fmt: skip
    assert document_ingest(document_id=outcome.document.pk).status == "ready"

    page.goto(f"{live_asgi}/login/?next=/corpora/search/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.evaluate("window.__sameDocument = true")
    page.locator("#id_q").press_sequentially("battery bank overnight charging", delay=20)

    first = page.locator(".hit").first
    expect(first).to_contain_text(demo.title)
    expect(first.locator(".scores")).to_contain_text("fused")
    expect(page).to_have_url(re.compile(r"/corpora/search/\?q=battery(%20|\+)bank"))
    assert page.evaluate("window.__sameDocument") is True  # htmx swapped, no page load
    page.screenshot(path=str(artifacts_dir / "search.png"), full_page=True)

    page.get_by_role("link", name=demo.title).first.click()
    expect(page.locator("h1")).to_have_text(demo.title)
    expect(page.locator("mark#quote")).not_to_be_empty()
    image = page.locator(".page-image img")
    expect(image).to_be_visible()
    assert page.evaluate("document.querySelector('.page-image img').naturalWidth") > 500
    page.screenshot(path=str(artifacts_dir / "page-viewer.png"), full_page=True)
