"""Writes for research runs: start, events, execution, cancel, stale-run sweep."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from corpora.embedders import EmbedderError
from research.contracts import Scope
from research.errors import DossierError, RunCancelled
from research.models import ResearchRun, RunEvent
from research.providers.base import configured_model
from research.recorder import RunSuperseded

logger = logging.getLogger(__name__)

STALE_REASON = "The worker running this research stopped responding; start the run again."
GAVE_UP = "The run was interrupted {n} times (worker crashes); it was stopped."
UNEXPECTED = "The research run failed unexpectedly ({kind}). Nothing partial was published."
MAX_ATTEMPTS = 2


def _bell(run_id: int) -> None:
    """Wake SSE streams after commit; Postgres stays the truth, so failures are harmless."""
    try:
        import redis

        redis.Redis.from_url(settings.REDIS_EVENTS_URL, socket_timeout=1).publish(
            f"run:{run_id}", "1"
        )
    except Exception:  # the stream also polls; a lost bell only adds latency
        logger.debug("event bell for run %s not delivered", run_id, exc_info=True)


def run_event_append(
    *, run: ResearchRun, kind: str, payload: dict[str, Any], **changes: Any
) -> RunEvent:
    """Append the next event and apply `changes` to the run in the same transaction."""
    with transaction.atomic():
        locked = ResearchRun.objects.select_for_update().get(pk=run.pk)
        locked.last_seq += 1
        for name, value in changes.items():
            setattr(locked, name, value)
        locked.heartbeat = timezone.now()
        locked.save()
        event = RunEvent.objects.create(run=locked, seq=locked.last_seq, kind=kind, payload=payload)
        transaction.on_commit(lambda: _bell(locked.pk))
    run.last_seq = locked.last_seq
    run.heartbeat = locked.heartbeat
    for name, value in changes.items():
        setattr(run, name, value)
    return event


def run_start(
    *, user: AbstractBaseUser, scope: Scope, provider: str | None = None, enqueue: bool = True
) -> ResearchRun:
    """Create the run and its first event; the task is queued when this commits."""
    from research.tasks import research_run_task

    provider = provider or settings.LLM_PROVIDER
    with transaction.atomic():
        run = ResearchRun.objects.create(
            owner=user,
            goal=scope.goal,
            scope=scope.model_dump(mode="json"),
            provider=provider,
            model=configured_model(provider),
        )
        run.corpora.set(scope.corpus_ids)
        run_event_append(
            run=run,
            kind=RunEvent.Kind.QUEUED,
            payload={"goal": scope.goal, "provider": run.provider, "model": run.model},
        )
        if enqueue:
            transaction.on_commit(lambda: research_run_task.delay(run.pk))
    return run


def _claim(run_id: int) -> ResearchRun | None:
    with transaction.atomic():
        run = ResearchRun.objects.select_for_update(skip_locked=True).filter(pk=run_id).first()
        if run is None or run.is_terminal:
            return None
        if run.status == ResearchRun.Status.RUNNING and not _is_stale(run):
            return None  # another worker is on it
        restarted = run.status == ResearchRun.Status.RUNNING
        run.attempts += 1
        run.save(update_fields=["attempts"])
    if run.attempts > MAX_ATTEMPTS:
        run_finish_failed(run=run, reason=GAVE_UP.format(n=run.attempts - 1))
        return None
    kind = RunEvent.Kind.RESTARTED if restarted else RunEvent.Kind.STARTED
    run_event_append(
        run=run,
        kind=kind,
        payload={"attempt": run.attempts},
        status=ResearchRun.Status.RUNNING,
        started=timezone.now(),
    )
    return run


def _is_stale(run: ResearchRun) -> bool:
    limit = dt.timedelta(seconds=settings.RUN_STALE_AFTER_S)
    return run.heartbeat is None or timezone.now() - run.heartbeat > limit


def run_finish_failed(*, run: ResearchRun, reason: str) -> None:
    run_event_append(
        run=run,
        kind=RunEvent.Kind.ERROR,
        payload={"reason": reason},
        status=ResearchRun.Status.FAILED,
        failure_reason=reason,
        dossier=None,
        finished=timezone.now(),
    )


def run_execute(
    *, run_id: int, provider_name: str | None = None, perseverance: bool | None = None
) -> str:
    """Claim the run and execute the loop; returns the final status.

    `perseverance` overrides settings.PERSEVERANCE_OFF for this run (the evaluation's A/B).
    """
    from research.loop import run_loop
    from research.providers.base import get_provider

    run = _claim(run_id)
    if run is None:
        status = ResearchRun.objects.filter(pk=run_id).values_list("status", flat=True).first()
        if status == ResearchRun.Status.RUNNING:
            _recheck_later(run_id)
        return status or ""
    try:
        provider = get_provider(provider_name or run.provider)
        run_loop(run, provider=provider, perseverance=perseverance)
    except RunSuperseded:
        run.refresh_from_db()
    except RunCancelled:
        run_event_append(
            run=run,
            kind=RunEvent.Kind.CANCELLED,
            payload={"reason": "Cancelled by the user."},
            status=ResearchRun.Status.CANCELLED,
            finished=timezone.now(),
        )
    except (DossierError, EmbedderError) as exc:  # EmbedderError: a corpus's query embedder
        run_finish_failed(run=run, reason=exc.user_message)
    except Exception as exc:
        logger.exception("research run %s failed", run_id)
        run_finish_failed(run=run, reason=UNEXPECTED.format(kind=type(exc).__name__))
    return run.status


def _recheck_later(run_id: int) -> None:
    """Another execution holds the run: a duplicate delivery, or (after a kill -9 of the pool
    process) a redelivery that came before the dead worker's heartbeat went stale. Look again
    once it could be stale, so a dead worker's run is restarted instead of left 'running'."""
    from celery import current_task

    if current_task is None or not current_task.request.id:
        return  # called in-process (a command, a test): nothing will redeliver it
    from research.tasks import research_run_task

    try:
        research_run_task.apply_async((run_id,), countdown=settings.RUN_STALE_AFTER_S + 1)
    except Exception:  # the broker is down: the sweeper on the next worker start remains
        logger.warning("could not schedule a re-check of run %s", run_id, exc_info=True)


def run_cancel(*, run: ResearchRun) -> None:
    """Ask the loop to stop at its next step; a queued run is cancelled at once."""
    with transaction.atomic():
        locked = ResearchRun.objects.select_for_update().get(pk=run.pk)
        if locked.is_terminal:
            return
        locked.cancel_requested = True
        locked.save(update_fields=["cancel_requested"])
        queued = locked.status == ResearchRun.Status.QUEUED
    if queued:
        run_event_append(
            run=run,
            kind=RunEvent.Kind.CANCELLED,
            payload={"reason": "Cancelled before it started."},
            status=ResearchRun.Status.CANCELLED,
            finished=timezone.now(),
        )


def runs_sweep_stale() -> list[int]:
    """Mark runs whose worker died as failed, with a reason; never leave one 'running'."""
    limit = timezone.now() - dt.timedelta(seconds=settings.RUN_STALE_AFTER_S)
    swept = []
    for run in ResearchRun.objects.filter(status=ResearchRun.Status.RUNNING, heartbeat__lt=limit):
        with transaction.atomic():
            locked = (
                ResearchRun.objects.select_for_update(skip_locked=True).filter(pk=run.pk).first()
            )
            if (
                locked is None
                or locked.status != ResearchRun.Status.RUNNING
                or not _is_stale(locked)
            ):
                continue
        run_finish_failed(run=locked, reason=STALE_REASON)
        swept.append(locked.pk)
    return swept
