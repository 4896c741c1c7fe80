"""HTTP for corpora: list, settings, corpus page with live ingestion status, uploads, search.
The page viewer is in `viewer_views.py`.

Views only translate: reads go through selectors (access-filtered), writes through services.
A corpus the user may not see is a 404 on every URL, never a 403, so its existence never leaks.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.middleware import HtmxDetails

from corpora.embedders import EmbedderError
from corpora.forms import (
    CorpusForm,
    CorpusSettingsForm,
    DocumentTitleForm,
    SearchForm,
    UploadForm,
)
from corpora.models import Corpus, Document
from corpora.search import search_each_embedder
from corpora.search_results import SEARCH_CANDIDATES, results_page
from corpora.selectors import (
    corpora_visible,
    corpus_get_for,
    document_get_for,
    documents_of_corpus,
    user_can_change_document,
    user_can_create_corpus,
    user_can_manage,
    user_can_upload,
)
from corpora.services.corpora import corpus_create, corpus_update
from corpora.services.documents import document_retitle
from corpora.services.ingestion import document_reingest
from corpora.services.uploads import QUEUED, UploadOutcome, document_delete, documents_upload

CREATE_STAFF_ONLY = "Only staff create corpora on this site. Ask an administrator for a corpus."
READY = "Ready to search."
DELETED = "Deleted."


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# ------------------------------------------------------------------------------- corpora


@login_required
@require_GET
def corpus_list(request: HtmxHttpRequest) -> HttpResponse:
    corpora = corpora_visible(user=request.user).annotate(
        document_count=Count("documents", distinct=True),
        ready_count=Count("documents", filter=Q(documents__status="ready"), distinct=True),
    )
    context = {
        "corpora": corpora.order_by("name"),
        "can_create": user_can_create_corpus(user=request.user),
    }
    return render(request, "corpora/corpus_list.html", context)


@login_required
def corpus_new(request: HtmxHttpRequest) -> HttpResponse:
    """Researchers create corpora they own (staff only with CORPUS_CREATE_STAFF_ONLY); the
    embedder is the default and fixed from then on."""
    if not user_can_create_corpus(user=request.user):
        raise PermissionDenied(CREATE_STAFF_ONLY)  # templates/403.html shows the reason
    form = CorpusForm(request.POST or None, user=request.user)
    context = {"form": form, "embedder": settings.EMBEDDER}
    if request.method == "POST":
        if form.is_valid():
            try:
                corpus = corpus_create(owner=request.user, **form.cleaned_data)
            except EmbedderError as exc:  # EMBEDDER's server is not configured
                form.add_error(None, exc.user_message)
            else:
                messages.success(request, f"Created corpus “{corpus.name}”.")
                return redirect(corpus)
        return render(request, "corpora/corpus_new.html", context, status=422)
    return render(request, "corpora/corpus_new.html", context)


def _corpus_or_404(request: HttpRequest, slug: str) -> Corpus:
    corpus = corpus_get_for(user=request.user, slug=slug)
    if corpus is None:
        raise Http404("No such corpus.")
    return corpus


@login_required
def corpus_settings(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Owner and staff change the description and the groups (those they may grant)."""
    corpus = _corpus_or_404(request, slug)
    if not user_can_manage(user=request.user, corpus=corpus):
        raise PermissionDenied
    form = CorpusSettingsForm(request.POST or None, user=request.user, corpus=corpus)
    if request.method == "POST" and form.is_valid():
        corpus_update(
            corpus=corpus,
            description=form.cleaned_data["description"],
            groups=form.cleaned_data["groups"],
            grantable=form.grantable(),
            is_public=form.cleaned_data.get("is_public"),
        )
        messages.success(request, f"Saved the settings of “{corpus.name}”.")
        return redirect(corpus)
    others = corpus.groups.exclude(pk__in=form.grantable().values("pk")).order_by("name")
    context = {"corpus": corpus, "form": form, "other_groups": list(others)}
    return render(
        request, "corpora/corpus_settings.html", context, status=422 if form.errors else 200
    )


@dataclass(frozen=True)
class OutcomeRow:
    """One uploaded file in the upload box; a queued one follows its document's live status."""

    filename: str
    status: str  # queued | extracting | embedding | ready | failed | deleted | duplicate | rejected
    message: str
    document_id: int | None = None  # the document a queued upload became
    follows: bool = False  # the page asks for this row's status on each poll

    @classmethod
    def of(cls, outcome: UploadOutcome) -> OutcomeRow:
        if outcome.status != "queued" or outcome.document is None:
            return cls(outcome.filename, outcome.status, outcome.message)
        return cls.live(outcome.document)

    @classmethod
    def live(cls, document: Document) -> OutcomeRow:
        name, pk = document.filename, document.pk
        if document.status == Document.Status.READY:
            return cls(name, "ready", READY, pk, follows=True)
        if document.status == Document.Status.FAILED:
            return cls(name, "failed", document.failure_reason, pk, follows=True)
        status = "queued" if document.status == Document.Status.UPLOADED else document.status
        return cls(name, status, QUEUED, pk, follows=True)


def _followed_outcomes(request: HttpRequest, corpus: Corpus) -> list[OutcomeRow]:
    """The upload box's rows that follow a document (htmx sends their `outcome` values along),
    with that document's status now; a deleted one says so and is no longer followed."""
    values = request.GET.getlist("outcome") + request.POST.getlist("outcome")
    wanted = list(dict.fromkeys(int(v) for v in values if v.isascii() and v.isdigit()))[:200]
    documents = documents_of_corpus(corpus=corpus, document_ids=wanted)
    return [
        OutcomeRow.live(documents[pk])
        if pk in documents
        else OutcomeRow("", "deleted", DELETED, pk)
        for pk in wanted
    ]


def _documents_context(request: HtmxHttpRequest, corpus: Corpus) -> dict[str, object]:
    documents = list(corpus.documents.annotate(chunk_count=Count("chunks")).order_by("title", "id"))
    for doc in documents:
        doc.ocr_pages = [n for n, m in enumerate(doc.page_methods, start=1) if m == "ocr"]  # type: ignore[attr-defined]
        doc.can_change = user_can_change_document(user=request.user, document=doc)  # type: ignore[attr-defined]
    return {
        "corpus": corpus,
        "documents": documents,
        "in_progress": any(not doc.is_terminal for doc in documents),
        "can_manage": user_can_manage(user=request.user, corpus=corpus),
        "can_upload": user_can_upload(user=request.user, corpus=corpus),
        "any_actions": any(doc.can_change for doc in documents),  # type: ignore[attr-defined]
        "followed": _followed_outcomes(request, corpus) if request.htmx else [],
    }


@login_required
@require_GET
def corpus_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    corpus = _corpus_or_404(request, slug)
    context = _documents_context(request, corpus)
    if request.htmx:  # the 1 s poll of the documents table (and of the upload box's rows)
        return render(request, "corpora/corpus_detail.html#documents", context)
    context |= _upload_context(corpus, UploadForm())
    return render(request, "corpora/corpus_detail.html", context)


def _upload_context(corpus: Corpus, form: UploadForm) -> dict[str, object]:
    return {
        "form": form,
        "max_mb": settings.UPLOAD_MAX_BYTES / 2**20,
        "max_pages": settings.UPLOAD_MAX_PAGES,
    }


@login_required
@require_POST
def corpus_upload(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Each file gets its own outcome (queued / duplicate / rejected with the reason)."""
    corpus = _corpus_or_404(request, slug)
    if not user_can_upload(user=request.user, corpus=corpus):
        raise PermissionDenied
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        context = _documents_context(request, corpus) | _upload_context(corpus, form)
        if request.htmx:  # the form posts into #upload-result: the errors go there
            context["upload_errors"] = form.errors.get("files")
            return render(request, "corpora/corpus_detail.html#upload-result", context, status=422)
        return render(request, "corpora/corpus_detail.html", context, status=422)
    outcomes = documents_upload(corpus=corpus, user=request.user, files=form.cleaned_data["files"])
    if not request.htmx:
        for outcome in outcomes:
            _message(request, outcome)
        return redirect(corpus)
    rows = [OutcomeRow.of(outcome) for outcome in outcomes]
    context = _documents_context(request, corpus) | {"outcomes": rows, "oob": True}
    return render(request, "corpora/corpus_detail.html#upload-result", context)


def _message(request: HttpRequest, outcome: UploadOutcome) -> None:
    level = {"queued": messages.SUCCESS, "duplicate": messages.WARNING}.get(
        outcome.status, messages.ERROR
    )
    messages.add_message(request, level, f"{outcome.filename}: {outcome.message}")


def _changeable_document_or_404(request: HttpRequest, document_id: int) -> Document:
    """A document the user may see (else 404) and change: its uploader or a manager (else 403)."""
    document = document_get_for(user=request.user, document_id=document_id)
    if document is None:
        raise Http404("No such document.")
    if not user_can_change_document(user=request.user, document=document):
        raise PermissionDenied
    return document


def _after_document_action(request: HtmxHttpRequest, corpus: Corpus) -> HttpResponse:
    if request.htmx:
        return render(
            request, "corpora/corpus_detail.html#documents", _documents_context(request, corpus)
        )
    return redirect(corpus)


@login_required
@require_POST
def document_delete_view(request: HtmxHttpRequest, document_id: int) -> HttpResponse:
    document = _changeable_document_or_404(request, document_id)
    document_delete(document=document)
    if not request.htmx:
        messages.success(request, f"Deleted “{document.title}”.")
    return _after_document_action(request, document.corpus)


@login_required
@require_POST
def document_reingest_view(request: HtmxHttpRequest, document_id: int) -> HttpResponse:
    document = _changeable_document_or_404(request, document_id)
    if not document.file:  # rejected at upload: there are no bytes to ingest
        raise Http404("No stored file.")
    document_reingest(document=document)
    return _after_document_action(request, document.corpus)


@login_required
def document_edit(request: HtmxHttpRequest, document_id: int) -> HttpResponse:
    """The uploader or a manager retitles a document; the title is kept from then on."""
    document = _changeable_document_or_404(request, document_id)
    form = DocumentTitleForm(request.POST or None, initial={"title": document.title})
    if request.method == "POST" and form.is_valid():
        document_retitle(document=document, title=form.cleaned_data["title"])
        messages.success(request, f"Retitled “{document.filename}”.")
        return redirect(document.corpus)
    context = {"document": document, "corpus": document.corpus, "form": form}
    status = 422 if form.errors else 200
    return render(request, "corpora/document_edit.html", context, status=status)


# -------------------------------------------------------------------------------- search


@login_required
@require_GET
def search(request: HtmxHttpRequest) -> HttpResponse:
    """Hits above the relevance floor, a page at a time (`corpora.search_results`)."""
    form = SearchForm(request.GET or None, user=request.user)
    if form.is_bound and not form.is_valid() and form.asks_for_hidden_corpus():
        raise Http404("No such corpus.")
    query = form.cleaned_data["q"].strip() if form.is_bound and form.is_valid() else ""
    context: dict[str, object] = {"form": form, "searched": bool(query)}
    if query:
        try:
            hits = search_each_embedder(
                user=request.user,
                query=query,
                corpus_ids=form.corpus_ids(),
                k=SEARCH_CANDIDATES,
                filters=form.filters(),
            )
        except EmbedderError as exc:  # a corpus's embedding server cannot embed the query
            form.add_error(None, exc.user_message)  # shown where the results would be
        else:
            names = dict(corpora_visible(user=request.user).values_list("pk", "name"))
            context["results"] = results_page(
                hits, query=query, page_number=request.GET.get("page"), corpus_names=names
            )
            context["searched_corpora"] = form.searched_corpus_names()
            context["paged"] = "page" in request.GET
    template = "corpora/search.html" + ("#results" if request.htmx else "")
    return render(request, template, context)
