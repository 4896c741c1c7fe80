from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import Group
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.urls import reverse
from pgvector.django import HnswIndex, VectorField

EMBEDDING_DIMENSIONS = 384


class Corpus(models.Model):
    """A collection of documents; its description is the routing metadata the planner reads."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    description = models.TextField(
        help_text="What the corpus holds; the research planner routes by it."
    )
    embedder = models.CharField(max_length=100, default="local")
    dimensions = models.PositiveIntegerField(default=EMBEDDING_DIMENSIONS)
    is_public = models.BooleanField(
        default=False, help_text="Visible to every logged-in user, whatever their groups."
    )
    groups = models.ManyToManyField(Group, blank=True, related_name="corpora")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_corpora"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "corpora"
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(description=""), name="corpus_has_description"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("corpora:detail", args=[self.slug])


class Document(models.Model):
    class Status(models.TextChoices):
        UPLOADED = "uploaded"
        EXTRACTING = "extracting"
        EMBEDDING = "embedding"
        READY = "ready"
        FAILED = "failed"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="documents")
    filename = models.CharField(max_length=255, help_text="Original name, sanitized for display.")
    file = models.FileField(upload_to="documents/%Y/%m/", max_length=300)
    sha256 = models.CharField(max_length=64)
    size_bytes = models.BigIntegerField()
    mime_type = models.CharField(max_length=100)
    title = models.CharField(max_length=500)
    title_edited = models.BooleanField(
        default=False,
        help_text="Set by a person: ingestion no longer titles it from the PDF or file name.",
    )
    document_date = models.DateField(null=True, blank=True)
    page_count = models.PositiveIntegerField(default=0)
    pages_done = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.UPLOADED)
    failure_reason = models.TextField(blank=True)
    page_methods = models.JSONField(
        default=list, blank=True, help_text="text / ocr / empty / needs_ocr per page"
    )
    running_lines = models.JSONField(
        default=list,
        blank=True,
        help_text="Running headers and footers, removed from the text: never searched or quoted.",
    )
    extraction_version = models.PositiveIntegerField(
        default=0, help_text="The extraction the pages and chunks came from (0: none yet)."
    )
    attempts = models.PositiveIntegerField(default=0)
    lease_expires = models.DateTimeField(
        null=True, blank=True, help_text="A worker holds the document until then."
    )
    lease_owner = models.CharField(
        max_length=100, blank=True, help_text="Task id holding the lease."
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["title", "id"]
        constraints = [
            # Files rejected at upload are stored without bytes: they never make a later
            # upload of the same bytes a duplicate.
            models.UniqueConstraint(
                fields=["corpus", "sha256"],
                condition=~models.Q(file=""),
                name="document_unique_bytes_per_corpus",
            )
        ]
        indexes = [
            GinIndex(name="document_title_trgm", fields=["title"], opclasses=["gin_trgm_ops"]),
            models.Index(fields=["corpus", "status"], name="document_corpus_status"),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def is_terminal(self) -> bool:
        return self.status in {self.Status.READY, self.Status.FAILED}

    @property
    def progress_percent(self) -> int:
        return int(100 * self.pages_done / self.page_count) if self.page_count else 0

    @property
    def pages_needing_ocr(self) -> list[int]:
        return [n for n, method in enumerate(self.page_methods, start=1) if method == "needs_ocr"]


class Page(models.Model):
    """The extracted text of one page: what the viewer shows and quotes are checked against."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="pages")
    number = models.PositiveIntegerField()
    text = models.TextField()
    method = models.CharField(max_length=20)
    rows = models.JSONField(
        default=list,
        blank=True,
        help_text="Table rows: {start, end, cells: [[start, end]], boxes: [[x0, y0, x1, y1]]}.",
    )

    class Meta:
        ordering = ["document", "number"]
        constraints = [
            models.UniqueConstraint(fields=["document", "number"], name="page_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.document_id} p.{self.number}"


class Chunk(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="chunks")
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="+")
    ordinal = models.PositiveIntegerField()
    title = models.CharField(max_length=500, help_text="The document title, indexed with the text.")
    section = models.TextField(blank=True, help_text="The headings in force, outermost first.")
    text = models.TextField()
    page_start = models.PositiveIntegerField()
    page_end = models.PositiveIntegerField()
    char_start = models.PositiveIntegerField(help_text="Offset in page_start's text.")
    char_end = models.PositiveIntegerField(help_text="Offset (exclusive) in page_end's text.")
    page_breaks = models.JSONField(default=list, blank=True, help_text="[offset in text, page]")
    content_hash = models.CharField(max_length=64)
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS)
    search = models.GeneratedField(
        expression=SearchVector("title", weight="A", config="english")
        + SearchVector("section", weight="B", config="english")
        + SearchVector("text", weight="B", config="english"),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        ordering = ["document", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["document", "ordinal"], name="chunk_unique_ordinal")
        ]
        indexes = [
            HnswIndex(
                name="chunk_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
            GinIndex(name="chunk_search_gin", fields=["search"]),
            models.Index(fields=["corpus"], name="chunk_corpus"),
        ]

    def __str__(self) -> str:
        return f"{self.document_id}#{self.ordinal} p.{self.page_start}"


class EmbeddingCache(models.Model):
    """Vectors by (embedder, text hash): unchanged text is never embedded twice."""

    embedder = models.CharField(max_length=100)
    content_hash = models.CharField(max_length=64)
    embedding = VectorField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["embedder", "content_hash"], name="embedding_cache_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.embedder}:{self.content_hash[:12]}"
