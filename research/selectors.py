"""Reads of runs and events: a user sees their own runs; staff see all."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, Q, QuerySet

from research.models import ResearchRun, RunEvent


def runs_for(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[ResearchRun]:
    """A user's own runs; staff (reviewers) also see others' runs whose every corpus they
    may read themselves, so an audit trail never shows a stranger's corpus."""
    if not user.is_authenticated:
        return ResearchRun.objects.none()
    if not user.is_staff:
        runs = ResearchRun.objects.filter(owner=user)
    else:
        from corpora.selectors import corpora_visible

        hidden = ResearchRun.corpora.through.objects.filter(researchrun_id=OuterRef("pk")).exclude(
            corpus_id__in=corpora_visible(user=user).values("pk")
        )
        runs = ResearchRun.objects.filter(Q(owner=user) | ~Exists(hidden))
    return runs.select_related("owner").prefetch_related("corpora")


def run_get_for(*, user: AbstractBaseUser | AnonymousUser, run_id: int) -> ResearchRun | None:
    return runs_for(user=user).filter(pk=run_id).first()


def run_events_after(*, run: ResearchRun, after_seq: int) -> QuerySet[RunEvent]:
    return run.events.filter(seq__gt=after_seq).order_by("seq")
