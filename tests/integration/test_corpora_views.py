"""The corpora pages through Django's test client: access, uploads, live status, search, viewer.

Ingestion runs in this process (document_ingest) where a test needs chunks; no worker here,
so queued tasks are simply never sent (the test transaction never commits).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from corpora.demo_docs import DEMO_CORPORA, PAGE3_DOCUMENT, PAGE3_SENTENCE, DemoDocument
from corpora.extraction import CORRUPT_PDF, UNSUPPORTED_TYPE
from corpora.forms import SLUG_RESERVED
from corpora.models import Corpus, Document
from corpora.page_text import quote_span, reflow
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import QUEUED, document_add
from corpora.viewer_views import QUOTE_NOT_ON_PAGE
from corpora.views import DELETED, READY
from tests.factories import UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
HTMX = {"HTTP_HX_REQUEST": "true"}


def demo_document(filename: str) -> DemoDocument:
    return next(d for c in DEMO_CORPORA for d in c.documents if d.filename == filename)


@pytest.fixture(autouse=True)
def _media(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def group_a() -> Group:
    return Group.objects.create(name="group-a")


@pytest.fixture
def owner(group_a: Group):
    """An owner who is also a member of the corpus's group, as in the demo seed."""
    user = UserFactory()
    user.groups.add(group_a)
    return user


@pytest.fixture
def member(group_a: Group):
    user = UserFactory()
    user.groups.add(group_a)
    return user


@pytest.fixture
def outsider():
    user = UserFactory()
    user.groups.add(Group.objects.create(name="group-b"))
    return user


@pytest.fixture
def corpus(owner, group_a: Group) -> Corpus:
    return corpus_create(
        owner=owner, name="Depot studies", description="Bus depot electrification.",
        slug="depots", groups=[group_a],
    )  # fmt: skip


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def ingested(corpus: Corpus, data: bytes, filename: str, **kwargs: object) -> Document:
    outcome = document_add(
        corpus=corpus, data=data, filename=filename, user=corpus.owner, enqueue=False, **kwargs
    )
    assert outcome.document is not None
    result = document_ingest(document_id=outcome.document.pk)
    assert result.status == "ready", outcome.document.failure_reason
    return Document.objects.get(pk=outcome.document.pk)


@pytest.fixture
def depot_pdf(corpus: Corpus) -> Document:
    doc = demo_document(PAGE3_DOCUMENT)
    return ingested(corpus, doc.pdf(), doc.filename, title=doc.title, document_date=doc.date)


def test_the_corpus_list_shows_only_the_corpora_the_user_may_see(
    corpus: Corpus, member, outsider, owner
) -> None:
    corpus_create(owner=owner, name="Open shelf", description="Shared with all.", is_public=True)
    corpus_create(
        owner=owner, name="Board papers", description="Private board papers.",
        groups=[outsider.groups.get()],
    )  # fmt: skip

    page = client_for(member).get(reverse("corpora:list")).content.decode()

    assert "Depot studies" in page
    assert "Open shelf" in page
    assert "Board papers" not in page


URLS: dict[str, Callable[[Corpus, Document], tuple[str, str]]] = {
    "corpus page": lambda c, d: ("get", reverse("corpora:detail", args=[c.slug])),
    "upload": lambda c, d: ("post", reverse("corpora:upload", args=[c.slug])),
    "delete": lambda c, d: ("post", reverse("corpora:delete", args=[d.pk])),
    "reingest": lambda c, d: ("post", reverse("corpora:reingest", args=[d.pk])),
    "document": lambda c, d: ("get", reverse("corpora:document", args=[d.pk])),
    "viewer": lambda c, d: ("get", reverse("corpora:page", args=[d.pk, 3])),
    "page image": lambda c, d: ("get", reverse("corpora:page_image", args=[d.pk, 3])),
    "search": lambda c, d: ("get", reverse("corpora:search") + f"?q=depot&corpora={c.pk}"),
}


@pytest.mark.parametrize("name", URLS)
def test_every_corpus_url_is_a_404_for_a_user_outside_its_groups(
    name: str, corpus: Corpus, depot_pdf: Document, outsider, member
) -> None:
    method, url = URLS[name](corpus, depot_pdf)
    assert getattr(client_for(outsider), method)(url).status_code == 404
    assert getattr(client_for(outsider), method)(url, **HTMX).status_code == 404
    assert Document.objects.filter(pk=depot_pdf.pk, status="ready").exists()
    if method == "get":  # the same URL works for a member, so the 404 is about access
        assert client_for(member).get(url).status_code in {200, 302}


def test_search_shows_scored_hits_with_document_text_escaped(corpus: Corpus, member) -> None:
    text = (
        "Quillfeather turbine inspection notes.\n\n"
        "<script>alert(1)</script> The Quillfeather turbine passed its inspection in May."
    )
    ingested(corpus, text.encode(), "quillfeather.txt", title="Quillfeather <b>notes</b>")

    response = client_for(member).get(reverse("corpora:search"), {"q": "Quillfeather turbine"})

    page = response.content.decode()
    assert response.status_code == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)</script>" not in page
    assert "Quillfeather &lt;b&gt;notes&lt;/b&gt;" in page
    for score in ("semantic", "full-text", "title", "fused"):
        assert f"<dt>{score}</dt>" in page


def test_a_search_hit_shows_the_section_it_lies_in(corpus: Corpus, member) -> None:
    text = (
        "# Wrenfold pumping manual\n\n## 4. Intake screens\n\n"
        "The Wrenfold intake screens are raked clear every morning by the day shift."
    )
    ingested(corpus, text.encode(), "wrenfold.md", title="Wrenfold manual")

    response = client_for(member).get(reverse("corpora:search"), {"q": "Wrenfold intake screens"})

    assert '<span class="hit-section muted">Wrenfold pumping manual › 4. Intake screens</span>' in (
        response.content.decode()
    )


def test_search_by_htmx_returns_only_the_results_fragment_filtered_by_corpus_and_date(
    corpus: Corpus, depot_pdf: Document, member, owner
) -> None:
    other = corpus_create(
        owner=owner, name="Other depots", description="More depots.", groups=[member.groups.get()]
    )
    ingested(other, b"The Lindqvist depot charges buses overnight. " * 5, "copy.txt")
    url = reverse("corpora:search")

    both = client_for(member).get(url, {"q": "Lindqvist depot buses"}, **HTMX).content.decode()
    only = (
        client_for(member)
        .get(url, {"q": "Lindqvist depot buses", "corpora": [corpus.pk]}, **HTMX)
        .content.decode()
    )
    too_late = (
        client_for(member)
        .get(url, {"q": "Lindqvist depot buses", "date_from": "2026-01-01"}, **HTMX)
        .content.decode()
    )

    assert "<html" not in both
    assert "Other depots" in both
    assert "Depot studies" in both
    assert "Other depots" not in only
    assert "Depot studies" in only
    assert depot_pdf.document_date < dt.date(2026, 1, 1)
    assert "0 results" in too_late


def test_uploading_three_files_with_one_bad_shows_an_outcome_for_each_file(
    corpus: Corpus, member
) -> None:
    files = [
        SimpleUploadedFile("notes.txt", b"Depot charging notes, first draft. " * 10),
        SimpleUploadedFile("photo.png", PNG),
        SimpleUploadedFile("plan.md", b"# Charging plan\n\nNight charging at 40 kW. " * 10),
    ]

    response = client_for(member).post(
        reverse("corpora:upload", args=[corpus.slug]), {"files": files}, **HTMX
    )

    page = response.content.decode()
    assert response.status_code == 200
    outcomes = re.findall(r'class="outcome outcome-(\w+)"', page)
    assert outcomes == ["queued", "rejected", "queued"]
    assert page.count(QUEUED) == 2
    assert UNSUPPORTED_TYPE.format(kind="a PNG image") in page
    assert 'id="documents"' in page
    assert 'hx-swap-oob="true"' in page
    statuses = dict(Document.objects.filter(corpus=corpus).values_list("filename", "status"))
    assert statuses == {"notes.txt": "uploaded", "photo.png": "failed", "plan.md": "uploaded"}


def test_a_plain_form_upload_redirects_to_the_corpus_with_one_message_per_file(
    corpus: Corpus, member
) -> None:
    client = client_for(member)
    data = b"Depot notes. " * 30
    client.post(
        reverse("corpora:upload", args=[corpus.slug]),
        {"files": [SimpleUploadedFile("a.txt", data)]},
    )

    response = client.post(
        reverse("corpora:upload", args=[corpus.slug]),
        {"files": [SimpleUploadedFile("again.txt", data), SimpleUploadedFile("empty.txt", b"")]},
        follow=True,
    )

    page = response.content.decode()
    assert response.redirect_chain == [(corpus.get_absolute_url(), 302)]
    assert "again.txt: Already in this corpus as" in page
    assert "empty.txt: The file is empty (0 bytes)." in page
    assert Document.objects.filter(corpus=corpus).count() == 2


def test_an_upload_without_files_is_refused_with_the_form_and_status_422(
    corpus: Corpus, member
) -> None:
    response = client_for(member).post(reverse("corpora:upload", args=[corpus.slug]), **HTMX)
    assert response.status_code == 422
    assert "Choose at least one file." in response.content.decode()


def test_the_documents_fragment_polls_while_a_document_is_in_progress_and_stops_after(
    corpus: Corpus, member
) -> None:
    outcome = document_add(
        corpus=corpus, data=b"Depot notes. " * 30, filename="n.txt", user=member, enqueue=False
    )
    url = corpus.get_absolute_url()
    client = client_for(member)

    waiting = client.get(url, **HTMX).content.decode()
    document_ingest(document_id=outcome.document.pk)
    done = client.get(url, **HTMX).content.decode()

    assert waiting.lstrip().startswith('<section id="documents"')
    assert 'hx-trigger="every 1s"' in waiting
    assert "queued" in waiting
    assert 'hx-trigger="every 1s"' not in done
    assert 'data-status="ready"' in done


def test_the_corpus_page_shows_failure_reasons_page_counts_and_ocr_flags(
    corpus: Corpus, member
) -> None:
    Document.objects.create(
        corpus=corpus, filename="scan.pdf", sha256="1" * 64, size_bytes=10,
        mime_type="application/pdf", title="Scanned memo", status="ready", page_count=3,
        pages_done=3, page_methods=["text", "needs_ocr", "ocr"],
    )  # fmt: skip
    Document.objects.create(
        corpus=corpus, filename="bad.pdf", sha256="2" * 64, size_bytes=10,
        mime_type="application/pdf", title="Broken", status="failed",
        failure_reason="This PDF is damaged <or> incomplete.",
    )  # fmt: skip

    page = client_for(member).get(corpus.get_absolute_url()).content.decode()

    assert "needs OCR: p. 2" in page
    assert "OCR: p. 3" in page
    assert "This PDF is damaged &lt;or&gt; incomplete." in page
    assert "up to 50 MB per file" in page
    assert 'hx-trigger="every 1s"' not in page


def test_only_owners_get_delete_and_reingest_and_the_owner_can_delete(
    corpus: Corpus, depot_pdf: Document, member, owner
) -> None:
    member_page = client_for(member).get(corpus.get_absolute_url()).content.decode()
    refused = client_for(member).post(reverse("corpora:delete", args=[depot_pdf.pk]))
    owner_page = client_for(owner).get(corpus.get_absolute_url()).content.decode()
    reingest = client_for(owner).post(reverse("corpora:reingest", args=[depot_pdf.pk]), **HTMX)
    after_reingest = Document.objects.get(pk=depot_pdf.pk).status
    deleted = client_for(owner).post(reverse("corpora:delete", args=[depot_pdf.pk]), **HTMX)

    assert "Re-ingest" not in member_page
    assert "Delete" not in member_page
    assert refused.status_code == 403
    assert "Re-ingest" in owner_page
    assert "Delete" in owner_page
    assert reingest.status_code == 200
    assert after_reingest == "uploaded"
    assert deleted.status_code == 200
    assert "No documents yet." in deleted.content.decode()
    assert not Document.objects.filter(pk=depot_pdf.pk).exists()


def test_the_viewer_marks_the_quote_and_links_the_neighbouring_pages(
    depot_pdf: Document, member
) -> None:
    quote = "  the lindqvist DEPOT now charges 140\nelectric buses  "
    url = reverse("corpora:page", args=[depot_pdf.pk, 3])

    page = client_for(member).get(url, {"q": quote}).content.decode()
    missing = client_for(member).get(url, {"q": "not on this page at all"}).content.decode()

    marked = re.search(r'<mark id="quote">(.*?)</mark>', page, re.DOTALL)
    assert marked is not None
    assert " ".join(marked.group(1).split()) == PAGE3_SENTENCE[: len(marked.group(1))].strip()
    assert marked.group(1).startswith("The Lindqvist depot now charges 140")
    assert marked.group(1).endswith("buses")
    assert f'href="{reverse("corpora:page", args=[depot_pdf.pk, 2])}"' in page
    assert reverse("corpora:page_image", args=[depot_pdf.pk, 3]) in page
    assert QUOTE_NOT_ON_PAGE in missing
    assert "<mark" not in missing


def test_quote_span_covers_exactly_the_quoted_words_whatever_the_spacing() -> None:
    text = "Alpha beta.\nThe  Quick\n brown fox jumps."
    start, end = quote_span(text, "the quick brown FOX")
    assert text[start:end] == "The  Quick\n brown fox"
    assert quote_span(text, "zebra") is None


def test_reflow_joins_wrapped_lines_but_keeps_paragraphs_tables_and_offsets() -> None:
    text = "A wrapped\nline.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\nAfter the table\nends."
    flowed = reflow(text)
    assert len(flowed) == len(text)
    assert flowed == "A wrapped line.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\nAfter the table ends."


def test_the_page_image_is_a_png_of_the_pdf_page_and_text_documents_have_none(
    corpus: Corpus, depot_pdf: Document, member
) -> None:
    text_doc = ingested(corpus, b"Plain depot notes for the log. " * 20, "log.txt")
    client = client_for(member)

    image = client.get(reverse("corpora:page_image", args=[depot_pdf.pk, 3]))
    beyond = client.get(reverse("corpora:page_image", args=[depot_pdf.pk, 4]))
    text_image = client.get(reverse("corpora:page_image", args=[text_doc.pk, 1]))
    text_page = client.get(reverse("corpora:page", args=[text_doc.pk, 1])).content.decode()

    assert image.status_code == 200
    assert image["Content-Type"] == "image/png"
    assert image.content.startswith(b"\x89PNG")
    assert beyond.status_code == 404
    assert text_image.status_code == 404
    assert "Plain depot notes" in text_page
    assert "<img" not in text_page


def test_with_creation_reserved_to_staff_staff_create_a_corpus_and_others_get_403(
    group_a: Group, member, settings
) -> None:
    settings.CORPUS_CREATE_STAFF_ONLY = True
    staff = UserFactory(is_staff=True)
    staff.groups.add(group_a)
    url = reverse("corpora:new")
    form = {"name": "Heat pumps", "slug": "", "description": "Heat pump field trials.",
            "groups": [group_a.pk], "is_public": ""}  # fmt: skip

    refused = client_for(member).post(url, form)
    reserved = client_for(staff).post(url, {**form, "slug": "search"})
    created = client_for(staff).post(url, form)

    corpus = Corpus.objects.get(slug="heat-pumps")
    assert refused.status_code == 403
    assert "Only staff create corpora" in refused.content.decode()
    assert reserved.status_code == 422
    assert SLUG_RESERVED.format(slug="search") in reserved.content.decode()
    assert created.status_code == 302
    assert created["Location"] == corpus.get_absolute_url()
    assert corpus.owner == staff
    assert list(corpus.groups.all()) == [group_a]
    assert client_for(member).get(corpus.get_absolute_url()).status_code == 200


def test_the_admin_lists_corpora_and_documents_adds_a_corpus_and_reingests(
    corpus: Corpus, depot_pdf: Document, group_a: Group, django_capture_on_commit_callbacks
) -> None:
    admin = UserFactory(is_staff=True, is_superuser=True)
    client = client_for(admin)

    pages = [
        client.get(reverse("admin:corpora_corpus_changelist")),
        client.get(reverse("admin:corpora_corpus_change", args=[corpus.pk])),
        client.get(reverse("admin:corpora_document_changelist")),
        client.get(reverse("admin:corpora_document_change", args=[depot_pdf.pk])),
        client.get(reverse("admin:corpora_chunk_changelist")),
    ]
    added = client.post(
        reverse("admin:corpora_corpus_add"),
        {"name": "Ferries", "slug": "ferries", "description": "Electric ferry trials.",
         "embedder": "local", "owner": admin.pk, "groups": [group_a.pk],
         "documents-TOTAL_FORMS": 0, "documents-INITIAL_FORMS": 0},
    )  # fmt: skip
    with django_capture_on_commit_callbacks() as queued:
        client.post(
            reverse("admin:corpora_document_changelist"),
            {"action": "reingest", "_selected_action": [depot_pdf.pk]},
        )

    assert [page.status_code for page in pages] == [200] * 5
    assert "Electrifying the Lindqvist Bus Depot" in pages[2].content.decode()
    assert "Running lines" in pages[3].content.decode()  # headers and footers set aside
    assert added.status_code == 302
    ferries = Corpus.objects.get(slug="ferries")
    assert (ferries.owner, ferries.dimensions) == (admin, 384)
    assert list(ferries.groups.all()) == [group_a]
    assert len(queued) == 1
    assert Document.objects.get(pk=depot_pdf.pk).status == "uploaded"


def test_the_upload_box_rows_follow_their_documents_live_to_ready_failed_or_deleted(
    corpus: Corpus, member, owner
) -> None:
    client = client_for(member)
    files = [
        SimpleUploadedFile("good.txt", b"Depot charging notes, second draft. " * 10),
        SimpleUploadedFile("broken.pdf", b"%PDF-1.7\n1 0 obj <<>> endobj\n"),
        SimpleUploadedFile("photo.png", PNG),
        SimpleUploadedFile("gone.txt", b"Depot notes to be deleted. " * 10),
    ]
    uploaded = client.post(
        reverse("corpora:upload", args=[corpus.slug]), {"files": files}, **HTMX
    ).content.decode()
    docs = {d.filename: d for d in Document.objects.filter(corpus=corpus)}
    elsewhere = corpus_create(owner=owner, name="Private", description="Not shared.", slug="priv")
    hidden = document_add(corpus=elsewhere, data=b"Hidden. " * 20, filename="h.txt", user=owner)
    for name in ("good.txt", "broken.pdf"):
        document_ingest(document_id=docs[name].pk)
    client.post(reverse("corpora:delete", args=[docs["gone.txt"].pk]), **HTMX)
    followed = [docs[n].pk for n in ("good.txt", "broken.pdf", "gone.txt")] + [hidden.document.pk]

    polled = client.get(corpus.get_absolute_url(), {"outcome": followed}, **HTMX).content.decode()

    def state(page: str, pk: int) -> tuple[str, str]:
        match = re.search(
            rf'<span id="upload-outcome-{pk}" class="outcome-state" data-status="(\w+)".*?'
            r'<span class="badge[^"]*">(\w+)</span>\s*<span class="outcome-message">(.*?)</span>',
            page, re.DOTALL,
        )  # fmt: skip
        assert match, pk
        return match.group(1), f"{match.group(2)} {match.group(3)}"

    following = re.findall(r'<input type="hidden" name="outcome" value="(\d+)">', uploaded)
    assert sorted(map(int, following)) == sorted(docs[n].pk for n in ("good.txt", "broken.pdf",
                                                                       "gone.txt"))  # fmt: skip
    assert state(uploaded, docs["good.txt"].pk) == ("queued", f"queued {QUEUED}")
    assert f"upload-outcome-{docs['photo.png'].pk}" not in uploaded  # rejected: nothing to follow
    assert state(polled, docs["good.txt"].pk) == ("ready", f"ready {READY}")
    assert state(polled, docs["broken.pdf"].pk) == ("failed", f"failed {CORRUPT_PDF}")
    assert state(polled, docs["gone.txt"].pk) == ("deleted", f"deleted {DELETED}")
    assert state(polled, hidden.document.pk) == ("deleted", f"deleted {DELETED}")  # no leak
    assert polled.count('hx-swap-oob="true"') == 4
    assert polled.count('name="outcome"') == 2  # a deleted row is no longer followed
