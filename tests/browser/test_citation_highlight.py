"""A citation of a sentence that a PDF prints over two lines opens the viewer on its page with
the whole sentence highlighted, in one line: the PDF's line break is not in the quote."""

from __future__ import annotations

import re

import pymupdf
import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from corpora.models import Corpus, Document
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from research.contracts import Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser

HEADER = "Kestrel Lane Pumping Station - Operations Report 2025"
FOOTER = "Page {n} of 2"
PAGE_1 = [
    "Kestrel Lane lifts storm water from the Brindle catchment into the Oxley relief sewer.",
    "The station has three intake pumps, two duty and one standby, each rated at 410 litres a",
    "second. Telemetry reports wet-well levels to the district control room every minute.",
]
# One paragraph; its second sentence starts on the first line and ends on the second.
LINE_1 = "Crews cleared both inlet screens in January. The second intake pump was rebuilt in March"
LINE_2 = (
    "after its impeller wore through the casing, and it has since run 1,240 hours without a fault."
)
PAGE_2 = [LINE_1, LINE_2, "", "The standby generator was load-tested in June and held full output."]
SENTENCE = f"{LINE_1[LINE_1.index('The second') :]} {LINE_2}"
GOAL = "When was the second intake pump at Kestrel Lane rebuilt?"


def station_report_pdf() -> bytes:
    """Two A4 pages, each with a running header and footer, a heading and body lines set one
    by one (a blank entry is a paragraph gap)."""
    pdf = pymupdf.open()
    for n, (heading, lines) in enumerate(
        (("1. Station overview", PAGE_1), ("2. Maintenance", PAGE_2)), start=1
    ):
        page = pdf.new_page(width=595, height=842)
        page.insert_text((56, 40), HEADER, fontsize=8)
        page.insert_text((56, 815), FOOTER.format(n=n), fontsize=8)
        page.insert_text((56, 110), heading, fontsize=14, fontname="hebo")
        y = 136
        for line in lines:
            if line:
                page.insert_text((56, y), line, fontsize=11)
            y += 14
    data = pdf.tobytes()
    pdf.close()
    return data


def stations_corpus(user) -> tuple[Corpus, Document]:
    """A corpus shared with `user` holding the report, ingested through the real pipeline."""
    group = Group.objects.create(name="Station readers")
    user.groups.add(group)
    corpus = corpus_create(
        owner=user, name="Stations", description="Pumping station reports.", groups=[group]
    )
    outcome = document_add(corpus=corpus, data=station_report_pdf(), filename="kestrel.pdf",
                           user=user, title="Kestrel Lane report", enqueue=False)  # fmt: skip
    assert outcome.document is not None, outcome.message
    result = document_ingest(document_id=outcome.document.pk)
    assert result.status == Document.Status.READY, result
    return corpus, outcome.document


def test_a_citation_of_a_sentence_over_two_pdf_lines_highlights_the_whole_sentence(
    live_asgi: str, page: Page
) -> None:
    # live_asgi first: the test database is then set up before Playwright's event loop runs.
    with pymupdf.open(stream=station_report_pdf(), filetype="pdf") as pdf:
        printed = pdf[1].get_text().splitlines()
    assert LINE_1 in printed
    assert LINE_2 in printed  # the sentence is broken over two printed lines
    user = UserFactory()
    corpus, report = stations_corpus(user)
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.COMPLETE

    page.goto(f"{live_asgi}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("header nav")).to_contain_text("New research")
    page.goto(f"{live_asgi}{run.get_absolute_url()}")
    cite = page.locator("#dossier a.cite").first
    expect(cite).to_have_text("[1]")
    expect(cite).to_have_attribute("title", "Kestrel Lane report, p. 2")

    cite.click()

    expect(page).to_have_url(re.compile(rf"/corpora/documents/{report.pk}/pages/2/\?q="))
    text = page.locator("article.page-text")
    expect(text).to_have_attribute("aria-label", "Text of page 2")
    expect(page.locator("p.muted").first).to_contain_text("Page 2 of 2")
    expect(page.locator(".notice.warn")).to_have_count(0)
    mark = page.locator("mark#quote")
    expect(mark).to_have_count(1)
    assert mark.text_content() == SENTENCE  # exact: no line break, one space between the lines
    expect(text).not_to_contain_text(HEADER)
    expect(text).not_to_contain_text(FOOTER.format(n=2))
