"""Roles on corpora: researchers create and own corpora, share them only with their own groups,
uploaders change their own documents, owners and staff manage the whole corpus.

Ingestion runs in this process where a test needs chunks (no worker: queued tasks are never
sent, the test transaction never commits).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from corpora.models import Chunk, Corpus, Document
from corpora.search import chunk_search
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from corpora.views import CREATE_STAFF_ONLY
from tests.factories import UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

HTMX = {"HTTP_HX_REQUEST": "true"}
NOTES = b"The ferry terminal charges its two vessels at night from a shore battery. " * 8


@pytest.fixture(autouse=True)
def _media(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def crew() -> Group:
    return Group.objects.create(name="ferry-crew")


@pytest.fixture
def board() -> Group:
    return Group.objects.create(name="board")


@pytest.fixture
def researcher(crew: Group):
    user = UserFactory()
    user.groups.add(crew)
    return user


@pytest.fixture
def colleague(crew: Group):
    user = UserFactory()
    user.groups.add(crew)
    return user


@pytest.fixture
def outsider(board: Group):
    user = UserFactory()
    user.groups.add(board)
    return user


@pytest.fixture
def corpus(researcher, crew: Group) -> Corpus:
    return corpus_create(
        owner=researcher, name="Ferry trials", slug="ferries",
        description="Electric ferry trials.", groups=[crew],
    )  # fmt: skip


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def added(corpus: Corpus, user, data: bytes, filename: str, *, ingest: bool = True) -> Document:
    outcome = document_add(corpus=corpus, data=data, filename=filename, user=user, enqueue=False)
    assert outcome.document is not None, outcome.message
    if ingest:
        document_ingest(document_id=outcome.document.pk)
    return Document.objects.get(pk=outcome.document.pk)


def new_corpus_form(**fields: object) -> dict[str, object]:
    return {"name": "Quay cranes", "slug": "", "description": "Crane inspections.", **fields}


# ------------------------------------------------------------------------------ creating


def test_a_researcher_sees_the_new_corpus_button_and_creates_a_corpus_they_own(
    researcher, crew: Group, colleague
) -> None:
    client = client_for(researcher)

    listing = client.get(reverse("corpora:list")).content.decode()
    form_page = client.get(reverse("corpora:new"))
    created = client.post(reverse("corpora:new"), new_corpus_form(groups=[crew.pk]))

    corpus = Corpus.objects.get(slug="quay-cranes")
    assert 'href="/corpora/new/">New corpus</a>' in listing
    assert form_page.status_code == 200
    assert "is_public" not in form_page.content.decode()  # only staff make a corpus public
    assert created.status_code == 302
    assert created["Location"] == corpus.get_absolute_url()
    assert (corpus.owner, list(corpus.groups.all()), corpus.is_public) == (
        researcher, [crew], False
    )  # fmt: skip
    assert client_for(colleague).get(corpus.get_absolute_url()).status_code == 200


def test_creation_reserved_to_staff_hides_the_button_and_answers_a_styled_403(
    researcher, settings
) -> None:
    settings.CORPUS_CREATE_STAFF_ONLY = True
    client = client_for(researcher)
    staff = UserFactory(is_staff=True)

    listing = client.get(reverse("corpora:list")).content.decode()
    refused = client.get(reverse("corpora:new"))
    refused_post = client.post(reverse("corpora:new"), new_corpus_form())
    staff_listing = client_for(staff).get(reverse("corpora:list")).content.decode()

    assert "New corpus</a>" not in listing
    assert refused.status_code == refused_post.status_code == 403
    assert CREATE_STAFF_ONLY in refused.content.decode()
    assert "<h1>You may not do this</h1>" in refused.content.decode()  # branded, not bare
    assert not Corpus.objects.filter(slug="quay-cranes").exists()
    assert "New corpus</a>" in staff_listing


def test_the_form_offers_only_the_creators_groups_and_refuses_another_group(
    researcher, crew: Group, board: Group
) -> None:
    client = client_for(researcher)

    page = client.get(reverse("corpora:new")).content.decode()
    refused = client.post(reverse("corpora:new"), new_corpus_form(groups=[crew.pk, board.pk]))

    assert f'value="{crew.pk}"' in page
    assert "ferry-crew" in page
    assert "board" not in page
    assert refused.status_code == 422
    invalid = r"Select a valid choice\. \d+ is not one of the available choices"
    assert re.search(invalid, refused.content.decode())
    assert not Corpus.objects.filter(slug="quay-cranes").exists()


def test_staff_may_give_a_new_corpus_any_group_and_make_it_public(board: Group) -> None:
    staff = UserFactory(is_staff=True)

    created = client_for(staff).post(
        reverse("corpora:new"), new_corpus_form(groups=[board.pk], is_public="on")
    )

    corpus = Corpus.objects.get(slug="quay-cranes")
    assert created.status_code == 302
    assert (list(corpus.groups.all()), corpus.is_public) == ([board], True)


def test_an_owner_in_no_group_sees_and_searches_their_corpus_and_nobody_else_does(
    outsider,
) -> None:
    loner = UserFactory()
    client_for(loner).post(reverse("corpora:new"), new_corpus_form())
    corpus = Corpus.objects.get(slug="quay-cranes")
    added(corpus, loner, b"Crane seven on the north quay lifts forty tonnes. " * 8, "crane.txt")

    listing = client_for(loner).get(reverse("corpora:list")).content.decode()
    own_hits = chunk_search(user=loner, query="crane north quay", corpus_ids=None, k=5)
    other_hits = chunk_search(user=outsider, query="crane north quay", corpus_ids=None, k=5)

    assert "Quay cranes" in listing
    assert client_for(loner).get(corpus.get_absolute_url()).status_code == 200
    assert [hit.corpus_id for hit in own_hits] == [corpus.pk]
    assert other_hits == []
    assert client_for(outsider).get(corpus.get_absolute_url()).status_code == 404


# ------------------------------------------------------------------------------ settings


def test_the_owner_changes_description_and_groups_and_keeps_groups_they_are_not_in(
    corpus: Corpus, researcher, crew: Group, board: Group
) -> None:
    corpus.groups.add(board)  # given by staff; the owner is not in it
    client = client_for(researcher)
    url = reverse("corpora:settings", args=[corpus.slug])

    page = client.get(url).content.decode()
    refused = client.post(url, {"description": "Other.", "groups": [board.pk]})
    saved = client.post(url, {"description": "  Ferry charging trials, 2025.  ", "groups": []})

    corpus.refresh_from_db()
    assert "Also shared with groups you are not in" in page
    assert f'name="groups" value="{board.pk}"' not in page
    assert refused.status_code == 422
    assert saved.status_code == 302
    assert corpus.description == "Ferry charging trials, 2025."
    assert list(corpus.groups.all()) == [board]  # crew removed, board kept


def test_only_the_owner_and_staff_open_the_settings_and_the_page_links_them(
    corpus: Corpus, researcher, colleague, outsider
) -> None:
    url = reverse("corpora:settings", args=[corpus.slug])
    staff = UserFactory(is_staff=True)
    staff.groups.add(corpus.groups.get())

    owner_page = client_for(researcher).get(corpus.get_absolute_url()).content.decode()
    member_page = client_for(colleague).get(corpus.get_absolute_url()).content.decode()

    assert "Corpus settings" in owner_page
    assert "Corpus settings" not in member_page
    assert client_for(researcher).get(url).status_code == 200
    assert client_for(staff).get(url).status_code == 200
    assert client_for(colleague).get(url).status_code == 403
    assert client_for(colleague).post(url, {"description": "x"}).status_code == 403
    assert client_for(outsider).get(url).status_code == 404


# ----------------------------------------------------------------------------- documents


def test_an_uploader_deletes_and_retries_their_own_documents_but_not_a_colleagues(
    corpus: Corpus, colleague, researcher
) -> None:
    broken = added(corpus, colleague, b"%PDF-1.7\n1 0 obj <<>> endobj\n", "broken.pdf")
    mine = added(corpus, colleague, NOTES, "mine.txt")
    theirs = added(corpus, researcher, NOTES + b"owner", "theirs.txt")
    client = client_for(colleague)

    page = client.get(corpus.get_absolute_url()).content.decode()
    retried = client.post(reverse("corpora:reingest", args=[broken.pk]), **HTMX)
    refused_delete = client.post(reverse("corpora:delete", args=[theirs.pk]), **HTMX)
    refused_retry = client.post(reverse("corpora:reingest", args=[theirs.pk]), **HTMX)
    deleted = client.post(reverse("corpora:delete", args=[mine.pk]), **HTMX)

    assert broken.status == "failed"
    assert f'action="/corpora/documents/{broken.pk}/reingest/"' in page
    assert f'action="/corpora/documents/{mine.pk}/delete/"' in page
    assert f"/corpora/documents/{theirs.pk}/" not in page.replace(
        f"/corpora/documents/{theirs.pk}/pages/", ""
    )  # a link to read it, but no action on it
    assert ">Retry<" in page
    assert retried.status_code == 200
    assert Document.objects.get(pk=broken.pk).status == "uploaded"
    assert refused_delete.status_code == refused_retry.status_code == 403
    assert Document.objects.get(pk=theirs.pk).status == "ready"
    assert deleted.status_code == 200
    assert not Document.objects.filter(pk=mine.pk).exists()


@pytest.mark.parametrize("manager", ["owner", "staff"])
def test_a_corpus_manager_deletes_any_uploaders_document(
    manager: str, corpus: Corpus, colleague, researcher
) -> None:
    document = added(corpus, colleague, NOTES, "colleague.txt")
    user = researcher if manager == "owner" else UserFactory(is_staff=True)
    user.groups.add(corpus.groups.get())

    page = client_for(user).get(corpus.get_absolute_url()).content.decode()
    deleted = client_for(user).post(reverse("corpora:delete", args=[document.pk]))

    assert f'action="/corpora/documents/{document.pk}/delete/"' in page
    assert deleted.status_code == 302
    assert not Document.objects.filter(pk=document.pk).exists()


DOCUMENT_URLS = {
    "delete": ("post", "corpora:delete"),
    "reingest": ("post", "corpora:reingest"),
    "edit title": ("get", "corpora:document_edit"),
    "save title": ("post", "corpora:document_edit"),
}


@pytest.mark.parametrize("name", DOCUMENT_URLS)
def test_an_outsider_gets_404_on_every_document_action(
    name: str, corpus: Corpus, researcher, outsider
) -> None:
    document = added(corpus, researcher, NOTES, "notes.txt")
    method, route = DOCUMENT_URLS[name]

    response = getattr(client_for(outsider), method)(
        reverse(route, args=[document.pk]), {"title": "Stolen"} if method == "post" else {}
    )

    assert response.status_code == 404
    document.refresh_from_db()
    assert (document.title, document.status) == ("notes", "ready")


# -------------------------------------------------------------------------------- titles


def test_the_uploader_retitles_a_document_and_its_chunks_carry_the_title_through_ingestion(
    corpus: Corpus, colleague, outsider, django_capture_on_commit_callbacks
) -> None:
    document = added(corpus, colleague, NOTES, "ferry_notes.txt")
    url = reverse("corpora:document_edit", args=[document.pk])

    form = client_for(colleague).get(url).content.decode()
    empty = client_for(colleague).post(url, {"title": "   "})
    with django_capture_on_commit_callbacks() as queued:
        saved = client_for(colleague).post(url, {"title": " Ferry  Charging Log "})
    document_ingest(document_id=document.pk, again=True)

    document.refresh_from_db()
    assert 'value="ferry_notes"' in form
    assert empty.status_code == 422
    assert saved.status_code == 302
    assert (document.title, document.title_edited) == ("Ferry Charging Log", True)
    assert set(Chunk.objects.filter(document=document).values_list("title", flat=True)) == {
        "Ferry Charging Log"
    }
    assert len(queued) == 1  # re-extraction re-embeds the chunks with the new title


def test_a_colleague_cannot_retitle_someone_elses_document_but_the_owner_can(
    corpus: Corpus, colleague, researcher
) -> None:
    document = added(corpus, researcher, NOTES, "notes.txt", ingest=False)
    other = added(corpus, colleague, NOTES + b".", "other.txt", ingest=False)
    url = reverse("corpora:document_edit", args=[other.pk])

    refused = client_for(colleague).post(
        reverse("corpora:document_edit", args=[document.pk]), {"title": "Mine now"}
    )
    by_owner = client_for(researcher).post(url, {"title": "Colleague's notes"})

    assert refused.status_code == 403
    assert Document.objects.get(pk=document.pk).title == "notes"
    assert by_owner.status_code == 302
    assert Document.objects.get(pk=other.pk).title == "Colleague's notes"


def test_an_upload_by_a_group_member_is_theirs_to_change_from_the_upload_on(
    corpus: Corpus, colleague
) -> None:
    client = client_for(colleague)
    client.post(
        reverse("corpora:upload", args=[corpus.slug]),
        {"files": [SimpleUploadedFile("Shore Battery.txt", NOTES)]},
    )

    document = Document.objects.get(corpus=corpus)
    page = client.get(corpus.get_absolute_url()).content.decode()

    assert (document.uploaded_by, document.title) == (colleague, "Shore Battery")
    assert f'href="/corpora/documents/{document.pk}/edit/"' in page


def test_a_title_changed_in_the_admin_is_kept_and_carried_by_the_chunks(
    corpus: Corpus, researcher
) -> None:
    document = added(corpus, researcher, NOTES, "notes.txt")
    admin = UserFactory(is_staff=True, is_superuser=True)

    response = client_for(admin).post(
        reverse("admin:corpora_document_change", args=[document.pk]),
        {"title": "Shore battery notes", "document_date": "2025-03-01"},
    )

    document.refresh_from_db()
    assert response.status_code == 302
    assert (document.title, document.title_edited, str(document.document_date)) == (
        "Shore battery notes", True, "2025-03-01"
    )  # fmt: skip
    chunk_titles = set(Chunk.objects.filter(document=document).values_list("title", flat=True))
    assert chunk_titles == {"Shore battery notes"}
