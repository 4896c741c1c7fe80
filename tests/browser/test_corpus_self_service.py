"""A researcher's own corpus in Chromium: created from the list, three PDFs uploaded, the one
that fails shows its reason live and is deleted, the upload box follows each file to its end."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from corpora.extraction import CORRUPT_PDF
from corpora.models import Corpus, Document
from tests.browser.accessibility import assert_accessible
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser

INGESTED_S = 120


@pytest.fixture(autouse=True)
def _media(settings, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


def survey_pdf(*, metadata_title: str = "", heading: str = "", topic: str) -> bytes:
    pdf = pymupdf.open()
    page = pdf.new_page()
    if heading:
        page.insert_text((72, 90), heading, fontsize=22)
    for line in range(14):
        text = f"The {topic} survey measured berth {line} at low tide and found it sound."
        page.insert_text((72, 130 + 14 * line), text, fontsize=10)
    if metadata_title:
        pdf.set_metadata({"title": metadata_title})
    return pdf.tobytes()


def test_a_researcher_creates_a_corpus_uploads_three_pdfs_and_deletes_the_one_that_failed(
    live_asgi: str, celery_worker: object, page: Page, artifacts_dir: Path, tmp_path: Path
) -> None:
    team = Group.objects.create(name="harbour-team")
    Group.objects.create(name="finance")  # not theirs: never offered
    researcher = UserFactory()
    researcher.groups.add(team)
    files = {
        "scan_north.pdf": survey_pdf(metadata_title="North Quay Survey", topic="north quay"),
        "scan_breakwater.pdf": survey_pdf(heading="Breakwater Inspection", topic="breakwater"),
        "damaged.pdf": b"%PDF-1.7\n1 0 obj <<>> endobj\n",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)

    page.goto(f"{live_asgi}/login/?next=/corpora/")
    page.fill("#id_username", researcher.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page.get_by_role("link", name="New corpus")).to_be_visible()
    assert_accessible(page)

    page.get_by_role("link", name="New corpus").click()
    expect(page.locator("h1")).to_have_text("New corpus")
    expect(page.get_by_label("harbour-team")).to_be_visible()
    expect(page.get_by_label("finance")).to_have_count(0)
    assert_accessible(page)
    page.get_by_label("Name").fill("Harbour surveys")
    page.get_by_label("Description").fill("Surveys of the quays and the breakwater.")
    page.get_by_label("harbour-team").check()
    page.get_by_role("button", name="Create corpus").click()

    expect(page.locator("h1")).to_have_text("Harbour surveys")
    corpus = Corpus.objects.get(slug="harbour-surveys")
    assert (corpus.owner, list(corpus.groups.all())) == (researcher, [team])
    page.set_input_files("#id_files", [str(tmp_path / name) for name in files])
    page.get_by_role("button", name="Upload").click()
    box = page.locator("#upload-result")
    expect(box.locator(".outcome")).to_have_count(3)
    expect(box).to_contain_text("queued")

    damaged = page.locator("tr.document", has_text="damaged.pdf")
    expect(damaged).to_have_attribute("data-status", "failed", timeout=INGESTED_S * 1000)
    expect(damaged.locator(".reason")).to_have_text(CORRUPT_PDF)
    damaged_id = Document.objects.get(corpus=corpus, filename="damaged.pdf").pk
    damaged_state = page.locator(f"#upload-outcome-{damaged_id}")
    expect(damaged_state).to_have_attribute("data-status", "failed")
    expect(damaged_state).to_contain_text(CORRUPT_PDF)
    ready = page.locator("tr.document[data-status=ready]")
    expect(ready).to_have_count(2, timeout=INGESTED_S * 1000)
    expect(ready.get_by_role("link", name="North Quay Survey", exact=True)).to_be_visible()
    expect(ready.get_by_role("link", name="Breakwater Inspection", exact=True)).to_be_visible()
    expect(box).not_to_contain_text("queued")
    assert_accessible(page)

    page.once("dialog", lambda dialog: dialog.accept())
    damaged.get_by_role("button", name="Delete damaged").click()

    expect(page.locator("tr.document")).to_have_count(2)
    expect(damaged_state).to_have_attribute("data-status", "deleted")
    expect(box.locator(".outcome-state[data-status=ready]")).to_have_count(2)
    expect(box).not_to_contain_text("queued")
    assert not Document.objects.filter(pk=damaged_id).exists()
    assert_accessible(page)
    page.screenshot(path=str(artifacts_dir / "corpus-self-service.png"), full_page=True)
