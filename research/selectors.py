"""Reads of runs and events: a user sees their own runs; staff see all."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery

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


@dataclass(frozen=True)
class RunFilter:
    """What the runs list narrows to; empty fields do not filter."""

    q: str = ""
    status: str = ""
    corpus_id: int | None = None
    owner_id: int | None = None
    created_from: dt.date | None = None
    created_to: dt.date | None = None


def runs_filtered(
    *, user: AbstractBaseUser | AnonymousUser, filters: RunFilter
) -> QuerySet[ResearchRun]:
    """The runs the user may see that match `filters`, newest first, each with `previous_id`:
    the latest earlier run of the same goal the user may see (None if there is none)."""
    runs = runs_for(user=user)
    if filters.status in ResearchRun.Status.values:
        runs = runs.filter(status=filters.status)
    if filters.corpus_id is not None:
        runs = runs.filter(corpora__pk=filters.corpus_id).distinct()
    if filters.owner_id is not None:
        runs = runs.filter(owner_id=filters.owner_id)
    if filters.created_from is not None:
        runs = runs.filter(created__date__gte=filters.created_from)
    if filters.created_to is not None:
        runs = runs.filter(created__date__lte=filters.created_to)
    if filters.q:
        runs = runs.filter(goal__icontains=filters.q)
    previous = (
        runs_for(user=user)
        .filter(goal=OuterRef("goal"), created__lt=OuterRef("created"))
        .order_by("-created", "-pk")
        .values("pk")[:1]
    )
    return runs.annotate(previous_id=Subquery(previous)).order_by("-created", "-pk")


def run_owners_for(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet:
    """The users whose runs `user` may see, by username: the runs list's owner choices."""
    owners = runs_for(user=user).values("owner_id")
    return get_user_model().objects.filter(pk__in=owners).order_by("username")


def runs_recent_for(*, user: AbstractBaseUser | AnonymousUser, limit: int = 5) -> list[ResearchRun]:
    """The user's own latest runs (staff too: the home page is about one's own work)."""
    return list(runs_for(user=user).filter(owner_id=user.pk).order_by("-created", "-pk")[:limit])


def run_get_for(*, user: AbstractBaseUser | AnonymousUser, run_id: int) -> ResearchRun | None:
    return runs_for(user=user).filter(pk=run_id).first()


def run_events_after(*, run: ResearchRun, after_seq: int) -> QuerySet[RunEvent]:
    return run.events.filter(seq__gt=after_seq).order_by("seq")
