from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from corpora.models import Corpus


class ResearchRun(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        COMPLETE = "complete"
        PARTIAL = "partial"
        FAILED = "failed"
        CANCELLED = "cancelled"

    TERMINAL = frozenset({Status.COMPLETE, Status.PARTIAL, Status.FAILED, Status.CANCELLED})

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="runs"
    )
    goal = models.TextField()
    scope = models.JSONField(help_text="contracts.Scope as JSON")
    corpora = models.ManyToManyField(Corpus, related_name="runs", help_text="Corpora in scope.")
    provider = models.CharField(max_length=100)
    model = models.CharField(max_length=200, blank=True, help_text="The provider's model, if any.")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    failure_reason = models.TextField(blank=True)
    cancel_requested = models.BooleanField(default=False)
    dossier = models.JSONField(null=True, blank=True, help_text="contracts.Dossier, after the gate")
    last_seq = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    heartbeat = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["owner", "-created"], name="run_owner_created")]

    def __str__(self) -> str:
        return f"Run {self.pk}: {self.goal[:60]}"

    def get_absolute_url(self) -> str:
        return reverse("research:run", args=[self.pk])

    @property
    def is_terminal(self) -> bool:
        return self.status in self.TERMINAL


class RunEvent(models.Model):
    """One step of a run; seq is contiguous per run. The audit trail and the stream source."""

    class Kind(models.TextChoices):
        QUEUED = "queued"
        STARTED = "started"
        PLAN = "plan"
        ROUTE = "route"
        QUERY = "query"
        HITS = "hits"
        ASSESSMENT = "assessment"
        BARRIER = "barrier"
        BUDGET = "budget"
        SYNTHESIS = "synthesis"
        GATE = "gate"
        DOSSIER = "dossier"
        ERROR = "error"
        CANCELLED = "cancelled"
        RESTARTED = "restarted"
        FINISHED = "finished"

    run = models.ForeignKey(ResearchRun, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    payload = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="run_event_unique_seq")]

    def __str__(self) -> str:
        return f"{self.run_id}#{self.seq} {self.kind}"
