"""The research pages over real data: scoping form, run page, runs list, cancel, exports."""

from __future__ import annotations

import json
import re
from html import unescape

import pymupdf
import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from corpora.models import Corpus, Document
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from research import forms
from research.contracts import NO_DATA, Scope
from research.models import ResearchRun, RunEvent
from research.run_page import RunPage
from research.services import run_execute, run_start
from tests.factories import UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

GOAL = "Report the availability of bases Alpha, Bravo, Charlie and Delta, citing a source for each."
DOCS = {
    "alpha.txt": (
        "Alpha report",
        "Base Alpha reported an availability of 92 percent in 2024.\n\n"
        'Logbook note: the string <script>alert("alpha")</script> was found in a form field.',
    ),
    "bravo.txt": ("Bravo report", "Base Bravo reported an availability of 87 percent in 2024."),
    "charlie.txt": (
        "Charlie report",
        "Base Charlie reported an availability of 78 percent in 2024.",
    ),
}


def bases_corpus(user, *, name: str = "Bases") -> Corpus:
    """A corpus shared with `user`, holding the Alpha, Bravo and Charlie reports (no Delta)."""
    group = Group.objects.create(name=f"{name} readers")
    user.groups.add(group)
    corpus = corpus_create(
        owner=user,
        name=name,
        description="Availability reports of the bases Alpha, Bravo and Charlie.",
        groups=[group],
    )
    for filename, (title, text) in DOCS.items():
        outcome = document_add(
            corpus=corpus, data=text.encode(), filename=filename, user=user, title=title
        )
        document_ingest(document_id=outcome.document.pk)
    return corpus


def finished_run(user, corpus: Corpus) -> ResearchRun:
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    return run


def text(html: str) -> str:
    """The text a reader sees in an HTML fragment: tags dropped, entities decoded, spaces joined."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner():
    return UserFactory()


@pytest.fixture
def corpus(owner) -> Corpus:
    return bases_corpus(owner)


@pytest.fixture
def done(owner, corpus) -> ResearchRun:
    return finished_run(owner, corpus)


# --- New research ------------------------------------------------------------------------


def test_the_new_research_page_offers_only_visible_corpora_with_descriptions(owner, corpus):
    hidden_owner = UserFactory()
    corpus_create(owner=hidden_owner, name="Secret", description="Not shared with anyone.")
    html = client_for(owner).get(reverse("research:new")).content.decode()
    assert f'name="corpora" value="{corpus.pk}"' in html
    assert "Availability reports of the bases Alpha, Bravo and Charlie." in html
    assert "Secret" not in html
    assert "offline extractive engine" in html
    assert 'value="brief"' in html
    assert 'value="table"' in html
    assert "Sectioned dossier" in html
    assert "3 · thorough" in html


def _post(user, data: dict, *, htmx: bool = True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    base = {"goal": GOAL, "shape": "dossier", "depth": "2"}
    return client_for(user).post(reverse("research:new"), {**base, **data}, **headers)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"goal": "   "}, forms.GOAL_EMPTY),
        ({"corpora": []}, forms.NO_CORPUS_SELECTED),
        ({"date_from": "2024-05-01", "date_to": "2024-01-31"},
         forms.DATES_INVERTED.format(start="2024-05-01", end="2024-01-31")),
    ],
    ids=["empty goal", "no corpus", "inverted dates"],
)  # fmt: skip
def test_an_invalid_scope_is_refused_with_a_422_and_a_clear_message(owner, corpus, data, message):
    response = _post(owner, {"corpora": [corpus.pk], **data})
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    assert "<html" not in html  # the form fragment, for htmx to swap in
    assert ResearchRun.objects.count() == 0


def test_a_goal_over_the_limit_is_refused_with_its_length(owner, corpus, settings):
    settings.GOAL_MAX_CHARS = 40
    response = _post(owner, {"corpora": [corpus.pk]})
    assert response.status_code == 422
    assert forms.GOAL_TOO_LONG.format(length=len(GOAL), limit=40) in response.content.decode()


def test_a_posted_corpus_the_user_cannot_see_is_an_error_not_dropped(owner, corpus):
    hidden = corpus_create(owner=UserFactory(), name="Hidden", description="Someone else's.")
    response = _post(owner, {"corpora": [corpus.pk, hidden.pk]})
    assert response.status_code == 422
    assert forms.CORPUS_NOT_ACCESSIBLE in response.content.decode()
    assert ResearchRun.objects.count() == 0


def test_a_user_with_no_accessible_corpus_is_told_so(corpus):
    response = _post(UserFactory(), {"corpora": []})
    assert response.status_code == 422
    assert forms.NO_CORPUS_ACCESSIBLE in response.content.decode()


def test_a_non_htmx_invalid_post_renders_the_whole_page_with_422(owner, corpus):
    response = _post(owner, {"goal": "", "corpora": [corpus.pk]}, htmx=False)
    assert response.status_code == 422
    assert "<html" in response.content.decode()


def test_a_valid_scope_starts_a_run_queues_its_task_and_redirects_htmx(
    owner, corpus, monkeypatch, django_capture_on_commit_callbacks
):
    queued: list[int] = []
    monkeypatch.setattr("research.tasks.research_run_task.delay", queued.append)
    with django_capture_on_commit_callbacks(execute=True):
        response = _post(
            owner,
            {"corpora": [corpus.pk], "shape": "table", "depth": "3", "date_from": "2024-01-01"},
        )
    run = ResearchRun.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("research:run", args=[run.pk])
    assert queued == [run.pk]
    assert run.owner == owner
    assert list(run.corpora.all()) == [corpus]
    assert run.scope["shape"] == "table"
    assert run.scope["depth"] == 3
    assert run.scope["date_from"] == "2024-01-01"
    assert list(run.events.values_list("kind", flat=True)) == ["queued"]


def test_a_valid_plain_post_redirects_to_the_run_page(owner, corpus, monkeypatch):
    monkeypatch.setattr("research.tasks.research_run_task.delay", lambda run_id: None)
    response = _post(owner, {"corpora": [corpus.pk]}, htmx=False)
    run = ResearchRun.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("research:run", args=[run.pk])


# --- Access ------------------------------------------------------------------------------


def test_another_user_gets_404_for_the_run_page_stream_exports_and_cancel(owner, corpus):
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    stranger = client_for(UserFactory())
    pk = run.pk
    assert stranger.get(reverse("research:run", args=[pk])).status_code == 404
    assert stranger.get(reverse("research:events", args=[pk])).status_code == 404
    for fmt in ("md", "pdf", "json"):
        assert stranger.get(reverse("research:export", args=[pk, fmt])).status_code == 404
    assert stranger.post(reverse("research:cancel", args=[pk])).status_code == 404
    run.refresh_from_db()
    assert not run.cancel_requested
    assert run.status == ResearchRun.Status.QUEUED


def test_a_nonexistent_runs_page_and_stream_are_404(owner):
    client = client_for(owner)
    assert client.get(reverse("research:run", args=[987654])).status_code == 404
    assert client.get(reverse("research:events", args=[987654])).status_code == 404


def test_staff_may_read_but_not_cancel_someone_elses_run(owner, corpus):
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    reviewer = UserFactory(is_staff=True)
    reviewer.groups.set(corpus.groups.all())
    staff = client_for(reviewer)
    page = staff.get(reverse("research:run", args=[run.pk]))
    assert page.status_code == 200
    assert "Cancel run" not in page.content.decode()
    assert staff.post(reverse("research:cancel", args=[run.pk])).status_code == 404


def test_staff_outside_the_runs_corpora_get_404(owner, corpus):
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    staff = client_for(UserFactory(is_staff=True))
    assert staff.get(reverse("research:run", args=[run.pk])).status_code == 404
    assert staff.get(reverse("research:export", args=[run.pk, "json"])).status_code == 404


def test_the_owner_cancels_a_queued_run_at_once(owner, corpus):
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    client = client_for(owner)
    assert "Cancel run" in client.get(reverse("research:run", args=[run.pk])).content.decode()
    response = client.post(reverse("research:cancel", args=[run.pk]), HTTP_HX_REQUEST="true")
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.CANCELLED
    assert list(run.events.values_list("kind", flat=True)) == ["queued", "cancelled"]
    html = response.content.decode()
    assert 'id="run-status"' in html
    assert 'data-status="cancelled"' in html
    assert "<html" not in html


# --- Run page ----------------------------------------------------------------------------


def test_a_finished_runs_page_shows_the_dossier_ledger_citations_and_audit_trail(
    owner, corpus, done
):
    html = client_for(owner).get(reverse("research:run", args=[done.pk])).content.decode()
    alpha = Document.objects.get(corpus=corpus, title="Alpha report")
    assert done.status == ResearchRun.Status.PARTIAL
    assert 'data-status="partial"' in html
    assert "Report the availability of the Delta base" in html
    assert NO_DATA in html
    # the citation [1] opens the viewer at the quote's page, asking it to highlight the quote
    href = re.search(r'<a class="cite" href="([^"]+)"[^>]*>\[1\]</a>', html).group(1)
    assert href.startswith(f"/corpora/documents/{alpha.pk}/pages/1/?q=")
    assert href.endswith("#hl")
    assert "Alpha" in href
    ledger = html[html.index('id="ledger"') : html.index("</table>", html.index('id="ledger"'))]
    delta = ledger[ledger.index("Report the availability of the Delta base") :]
    assert "no data found in the selected sources" in delta
    assert "unanswerable" in delta
    assert "Alpha report, p. 1" in delta  # best hits with scores for the unanswered part
    # the raw events stay expandable, numbered once (no "1. #1")
    assert html.count('class="audit-item"') == done.events.count()
    assert "<code>#1</code>" not in html
    # the audit trail is a timeline of steps, the follow-up query naming its parent
    assert "follows up on <code>q-5</code>" in html
    assert html.count('class="step ') == len(RunPage.for_run(done).timeline.steps)
    assert f'href="{reverse("research:export", args=[done.pk, "json"])}"' in html
    assert "sse-connect" not in html  # finished: nothing to stream


def test_a_finished_runs_page_puts_the_answers_first_and_the_workings_below_collapsed(owner, done):
    html = client_for(owner).get(reverse("research:run", args=[done.pk])).content.decode()
    dossier = html.index('id="dossier"')
    for region in ('id="plan"', 'id="timeline"', 'id="iterations"', 'id="ledger"',
                   'id="run-stats"', 'id="audit-list"'):  # fmt: skip
        assert html.index(region) > dossier, region
    assert html.count('<details class="panel"') == 5
    assert '<details class="panel" open' not in html
    # each answered part: its claim beside the quote and a "Title, p. N" link to the viewer
    alpha = html[html.index('data-part="sg-1"', dossier) : html.index('data-part="sg-2"', dossier)]
    assert "<blockquote>“Base Alpha reported an availability of 92 percent in 2024.”" in alpha
    assert re.search(r'<a class="source" href="[^"]+#hl">Alpha report, p\. 1</a>', alpha)
    # the part with no data says so, and what was searched, where
    delta = text(html[html.index('<section class="part-answer no_data"') :])
    assert delta.startswith("✗ 4. Report the availability of the Delta base")
    assert NO_DATA in delta
    assert (
        "Searched Bases for: “Report the availability of the Delta base”; "
        '“"Delta" availability base”.'
    ) in delta


def test_document_text_with_a_script_tag_is_escaped_on_the_run_page(owner, done):
    html = client_for(owner).get(reverse("research:run", args=[done.pk])).content.decode()
    assert "&lt;script&gt;alert(" in html
    assert "<script>alert(" not in html


def test_the_poll_fallback_answers_204_when_nothing_is_new_and_regions_otherwise(owner, done):
    client = client_for(owner)
    url = reverse("research:run", args=[done.pk])
    assert client.get(url, {"after": done.last_seq}, HTTP_HX_REQUEST="true").status_code == 204
    response = client.get(url, {"after": 3}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="checklist" class="progress"' in html
    assert '<ol id="timeline" class="timeline" hx-swap-oob="true">' in html
    assert f'id="poller" data-seq="{done.last_seq}" hx-swap-oob="true"' in html
    assert "every 2s" not in html  # terminal: the poller stops


def test_a_running_runs_page_subscribes_to_its_stream_and_polls(owner, corpus):
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    html = client_for(owner).get(reverse("research:run", args=[run.pk])).content.decode()
    events = reverse("research:events", args=[run.pk])
    assert f'sse-connect="{events}?after=1"' in html
    assert 'sse-close="run-finished"' in html
    assert 'hx-trigger="every 2s"' in html


# --- Runs list ---------------------------------------------------------------------------


def test_the_runs_list_filters_by_status_corpus_and_goal_text(owner, corpus):
    other = bases_corpus(owner, name="Other")
    a = run_start(
        user=owner, scope=Scope(goal="Alpha uptime", corpus_ids=[corpus.pk]), enqueue=False
    )
    b = run_start(
        user=owner, scope=Scope(goal="Bravo uptime", corpus_ids=[other.pk]), enqueue=False
    )
    ResearchRun.objects.filter(pk=b.pk).update(status=ResearchRun.Status.PARTIAL)
    theirs = run_start(
        user=UserFactory(), scope=Scope(goal="Alpha elsewhere", corpus_ids=[]), enqueue=False
    )
    client = client_for(owner)
    url = reverse("research:runs")

    def listed(**params) -> set[int]:
        html = client.get(url, params).content.decode()
        return {int(pk) for pk in re.findall(r'href="/runs/(\d+)/"', html)}

    assert listed() == {a.pk, b.pk}
    assert listed(status="partial") == {b.pk}
    assert listed(corpus=corpus.pk) == {a.pk}
    assert listed(q="ALPHA") == {a.pk}
    staff = client_for(UserFactory(is_staff=True))
    assert f'href="/runs/{theirs.pk}/"' in staff.get(url).content.decode()
    fragment = client.get(url, {"q": "bravo"}, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith('\n<div id="runs-table">') or fragment.lstrip().startswith(
        '<div id="runs-table">'
    )


# --- Exports -----------------------------------------------------------------------------


def test_the_markdown_export_has_sections_no_data_parts_citations_and_the_ledger(owner, done):
    response = client_for(owner).get(reverse("research:export", args=[done.pk, "md"]))
    text = response.content.decode()
    assert response["Content-Disposition"] == f'attachment; filename="dossier-run-{done.pk}.md"'
    assert "## 1. Report the availability of the Alpha base" in text
    assert "## 4. Report the availability of the Delta base" in text
    assert NO_DATA in text
    assert "## Citations" in text
    assert "[1] Alpha report, p. 1: “Base Alpha reported an availability of 92 percent" in text
    assert "## Coverage ledger" in text
    assert "| Report the availability of the Delta base | no data found" in text


def test_the_pdf_export_is_a_pdf_with_the_citations(owner, done):
    response = client_for(owner).get(reverse("research:export", args=[done.pk, "pdf"]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="dossier-run-{done.pk}.pdf"'
    assert response.content.startswith(b"%PDF")
    with pymupdf.open(stream=response.content, filetype="pdf") as pdf:
        text = " ".join(" ".join(page.get_text() for page in pdf).split())
    assert "Citations" in text
    for n, title in ((1, "Alpha"), (2, "Bravo"), (3, "Charlie")):
        assert f"[{n}] {title} report, p. 1" in text
    assert "Coverage ledger" in text


def test_the_json_trace_has_every_event_with_contiguous_seqs(owner, done):
    response = client_for(owner).get(reverse("research:export", args=[done.pk, "json"]))
    trace = json.loads(response.content)
    seqs = [e["seq"] for e in trace["events"]]
    assert response["Content-Disposition"] == f'attachment; filename="run-{done.pk}-trace.json"'
    assert seqs == list(range(1, done.last_seq + 1))
    assert trace["events"][0]["kind"] == RunEvent.Kind.QUEUED
    assert trace["events"][-1]["kind"] == RunEvent.Kind.DOSSIER


def test_an_unknown_export_format_is_404(owner, done):
    assert client_for(owner).get(f"/runs/{done.pk}/export/docx").status_code == 404


# --- Admin -------------------------------------------------------------------------------


def test_the_admin_lists_runs_and_shows_one_read_only_with_its_events(done):
    admin = client_for(UserFactory(is_staff=True, is_superuser=True))
    listing = admin.get("/admin/research/researchrun/?status__exact=partial").content.decode()
    assert f"/admin/research/researchrun/{done.pk}/change/" in listing
    response = admin.get(f"/admin/research/researchrun/{done.pk}/change/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="_save"' not in html  # read-only: changes go through research.services
    assert html.count("field-kind") >= done.events.count()
    assert admin.get("/admin/research/researchrun/add/").status_code == 403
