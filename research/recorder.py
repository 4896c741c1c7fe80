"""The loop's only way to change a run: events appended with their state change."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from research.contracts import Dossier, Usage
from research.errors import RunCancelled


class RunSuperseded(Exception):
    """The run was finished elsewhere (cancelled, or failed by the stale-run sweeper)."""


class Recorder:
    def __init__(self, run: Any) -> None:
        self.run = run

    def emit(self, kind: str, payload: dict[str, Any], **changes: Any) -> None:
        from research.services import run_event_append

        run_event_append(run=self.run, kind=kind, payload=payload, **changes)

    def check(self) -> None:
        """Between steps: stop on a cancel request, or if someone else ended the run."""
        from research.models import ResearchRun

        status, cancel = (
            ResearchRun.objects.filter(pk=self.run.pk)
            .values_list("status", "cancel_requested")
            .get()
        )
        if status != ResearchRun.Status.RUNNING:
            raise RunSuperseded(status)
        if cancel:
            raise RunCancelled("Cancelled by the user.")

    def finish(
        self,
        *,
        dossier: Dossier,
        ledger: list[dict[str, Any]],
        complete: bool,
        usage: Usage,
        searches: int,
        provider_s: float,
    ) -> None:
        from research.models import ResearchRun

        status = ResearchRun.Status.COMPLETE if complete else ResearchRun.Status.PARTIAL
        stored = {"dossier": dossier.model_dump(mode="json"), "ledger": ledger}
        self.emit(
            "dossier",
            {
                **stored,
                "status": status,
                "usage": usage.model_dump(),
                "searches": searches,
                "provider_seconds": round(provider_s, 3),
            },
            status=status,
            dossier=stored,
            finished=timezone.now(),
        )
