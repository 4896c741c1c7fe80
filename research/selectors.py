"""Reads of runs and events: a user sees their own runs; staff see all."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from research.models import ResearchRun, RunEvent


def runs_for(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[ResearchRun]:
    if not user.is_authenticated:
        return ResearchRun.objects.none()
    runs = ResearchRun.objects.all() if user.is_staff else ResearchRun.objects.filter(owner=user)
    return runs.select_related("owner").prefetch_related("corpora")


def run_get_for(*, user: AbstractBaseUser | AnonymousUser, run_id: int) -> ResearchRun | None:
    return runs_for(user=user).filter(pk=run_id).first()


def run_events_after(*, run: ResearchRun, after_seq: int) -> QuerySet[RunEvent]:
    return run.events.filter(seq__gt=after_seq).order_by("seq")
