"""Admin for corpora and documents; every write that has a service goes through it."""

from __future__ import annotations

from typing import ClassVar

from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from corpora.models import Chunk, Corpus, Document
from corpora.services.corpora import corpus_create
from corpora.services.documents import document_retitle
from corpora.services.ingestion import document_reingest
from corpora.services.reextraction import document_reextract_enqueue
from corpora.services.uploads import document_delete


class DocumentInline(admin.TabularInline):
    model = Document
    fields = ("title", "status", "page_count", "pages_done", "failure_reason")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Corpus)
class CorpusAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "owner", "is_public", "embedder", "documents")
    list_filter = ("is_public", "embedder", "groups")
    search_fields = ("name", "slug", "description")
    filter_horizontal = ("groups",)
    prepopulated_fields: ClassVar[dict[str, tuple[str, ...]]] = {"slug": ("name",)}
    inlines = (DocumentInline,)
    actions = ("reingest_all",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Corpus]:
        return super().get_queryset(request).annotate(document_count=Count("documents"))

    @admin.display(ordering="document_count")
    def documents(self, corpus: Corpus) -> int:
        return corpus.document_count  # type: ignore[attr-defined]

    def get_readonly_fields(self, request: HttpRequest, obj: Corpus | None = None) -> tuple:
        # The embedder and its dimension are fixed at creation: stored vectors depend on them.
        return ("embedder", "dimensions", "created") if obj else ("dimensions", "created")

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, object]:
        return {"owner": request.user.pk}

    def save_model(self, request: HttpRequest, obj: Corpus, form: ModelForm, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = corpus_create(
            owner=obj.owner,
            name=obj.name,
            description=obj.description,
            slug=obj.slug,
            embedder=obj.embedder,
            is_public=obj.is_public,
        )
        # The form saves the groups next (save_related) onto this same row.
        obj.pk, obj.dimensions, obj.created = created.pk, created.dimensions, created.created

    @admin.action(description="Re-ingest every document of the selected corpora")
    def reingest_all(self, request: HttpRequest, queryset: QuerySet[Corpus]) -> None:
        documents = Document.objects.filter(corpus__in=queryset).exclude(file="")
        for document in documents:
            document_reingest(document=document)
        messages.success(request, f"Queued {len(documents)} document(s) for re-ingestion.")


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("title", "corpus", "status", "page_count", "chunks", "needs_ocr", "updated")
    list_filter = ("status", "corpus", "mime_type")
    search_fields = ("title", "filename", "sha256")
    date_hierarchy = "created"
    actions = ("reingest", "reextract")
    fields = (
        "corpus",
        "title",
        "title_edited",
        "document_date",
        "filename",
        "file",
        "mime_type",
        "size_bytes",
        "sha256",
        "status",
        "failure_reason",
        "page_count",
        "pages_done",
        "page_methods",
        "running_lines",
        "extraction_version",
        "chunks",
        "attempts",
        "lease_owner",
        "lease_expires",
        "uploaded_by",
        "created",
        "updated",
        "viewer",
    )
    readonly_fields = tuple(f for f in fields if f not in {"title", "document_date"})

    def get_queryset(self, request: HttpRequest) -> QuerySet[Document]:
        qs = super().get_queryset(request).select_related("corpus")
        return qs.annotate(chunk_count=Count("chunks"))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # uploads go through the corpus page or `manage.py ingest`

    @admin.display(ordering="chunk_count")
    def chunks(self, document: Document) -> int:
        return document.chunk_count  # type: ignore[attr-defined]

    @admin.display(description="needs OCR")
    def needs_ocr(self, document: Document) -> str:
        return ", ".join(map(str, document.pages_needing_ocr)) or "—"

    @admin.display(description="page viewer")
    def viewer(self, document: Document) -> str:
        if not document.page_count:
            return "—"
        url = reverse("corpora:page", args=[document.pk, 1])
        return format_html('<a href="{}">open page 1</a>', url)

    @admin.action(description="Re-ingest the selected documents")
    def reingest(self, request: HttpRequest, queryset: QuerySet[Document]) -> None:
        documents = list(queryset.exclude(file=""))
        for document in documents:
            document_reingest(document=document)
        messages.success(request, f"Queued {len(documents)} document(s) for re-ingestion.")

    @admin.action(description="Re-extract selected documents")
    def reextract(self, request: HttpRequest, queryset: QuerySet[Document]) -> None:
        # Unlike re-ingest, a ready document stays ready and searchable until its new chunks
        # replace the old ones; one still being ingested is skipped by the task.
        ids = list(queryset.exclude(file="").values_list("pk", flat=True))
        for document_id in ids:
            document_reextract_enqueue(document_id=document_id)
        messages.success(request, f"Queued {len(ids)} document(s) for re-extraction.")

    def save_model(
        self, request: HttpRequest, obj: Document, form: ModelForm, change: bool
    ) -> None:
        """A changed title goes through the service: kept through re-ingestion, chunks follow."""
        retitled = change and "title" in form.changed_data
        new_title = obj.title
        if retitled:
            obj.title = form.initial["title"]  # the service writes the new one
        super().save_model(request, obj, form, change)
        if retitled:
            document_retitle(document=obj, title=new_title)

    def delete_model(self, request: HttpRequest, obj: Document) -> None:
        document_delete(document=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Document]) -> None:
        for document in queryset:
            document_delete(document=document)


@admin.register(Chunk)
class ChunkAdmin(admin.ModelAdmin):
    """Read-only: chunks are written by ingestion only."""

    list_display = ("id", "document", "ordinal", "page_start", "page_end", "short_text")
    list_filter = ("corpus",)
    search_fields = ("text", "title")
    list_select_related = ("document",)
    exclude = ("embedding",)
    readonly_fields = (
        "document",
        "corpus",
        "ordinal",
        "title",
        "text",
        "page_start",
        "page_end",
        "char_start",
        "char_end",
        "page_breaks",
        "content_hash",
    )

    def short_text(self, chunk: Chunk) -> str:
        return chunk.text[:90]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
