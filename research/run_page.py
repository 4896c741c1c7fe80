"""The run page's state, folded from stored events, and the context its partials read.

The full page, the 2 s poll fallback and the SSE stream (research/stream.py) all render
research/run_detail.html's partials from this fold, so a reload shows what the stream showed.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from research.dossier_view import dossier_view, live_ledger
from research.models import ResearchRun, RunEvent
from research.timeline import Timeline

TEMPLATE = "research/run_detail.html"
TERMINAL_KINDS = frozenset({"dossier", "error", "cancelled"})
EVENT_NAMES = ",".join(RunEvent.Kind.values)
PART_LABELS = {
    "open": "open",
    "covered": "covered",
    "no_data": "no data found",
    "budget_exhausted": "budget exhausted",
    "out_of_scope": "out of scope",
}
SECTION_TO_PART = {"answered": "covered"}
VERDICT_TO_PART = {"sufficient": "covered", "unanswerable": "no_data"}


@dataclass
class QueryRow:
    key: str
    text: str
    sub_goal: str
    iteration: int
    corpora: list[str]
    parent: str | None = None
    parent_text: str = ""
    suggested_by: int | None = None
    hits: list[dict[str, Any]] | None = None


@dataclass
class Part:
    key: str
    text: str
    entity: str
    facts: list[str]
    corpora: list[str] = field(default_factory=list)
    route_reason: str = ""
    status: str = "open"
    verdict: str = ""
    reason: str = ""
    drafts: list[dict[str, Any]] = field(default_factory=list)
    follow_ups: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    queries: list[QueryRow] = field(default_factory=list)

    @property
    def label(self) -> str:
        return PART_LABELS.get(self.status, self.status)


@dataclass
class Iteration:
    number: int
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    barrier: dict[str, Any] | None = None


@dataclass(frozen=True)
class AuditItem:
    seq: int
    kind: str
    created: dt.datetime
    payload: str


@dataclass
class RunPage:
    """What the run page shows, folded from events; no queries (templates get plain data)."""

    run_id: int
    owner_id: int
    goal: str
    provider: str
    corpus_names: dict[int, str]
    model: str = ""
    cancel_requested: bool = False
    status: str = "queued"
    reason: str = ""
    last_seq: int = 0
    parts: dict[str, Part] = field(default_factory=dict)
    queries: dict[str, QueryRow] = field(default_factory=dict)
    iterations: dict[int, Iteration] = field(default_factory=dict)
    current: int = 1
    budget: dict[str, Any] = field(default_factory=dict)
    usage: dict[str, float] = field(default_factory=dict)
    gate: dict[str, Any] | None = None
    # The goal's misspelled names and how the sources spell them ({"written", "read"}).
    read_as: list[dict[str, str]] = field(default_factory=list)
    final: dict[str, Any] | None = None
    audit: list[AuditItem] = field(default_factory=list)
    timeline: Timeline = field(default_factory=Timeline)
    _views: dict[int, dict[str, Any] | None] = field(default_factory=dict)

    @classmethod
    def for_run(cls, run: ResearchRun, *, events: list[RunEvent] | None = None) -> RunPage:
        names = dict(run.corpora.values_list("pk", "name"))
        page = cls(
            run_id=run.pk,
            owner_id=run.owner_id,
            goal=run.goal,
            provider=run.provider,
            corpus_names=names,
            model=run.model,
            cancel_requested=run.cancel_requested,
            timeline=Timeline(corpus_names=names),
        )
        for event in run.events.order_by("seq") if events is None else events:
            page.apply(event.seq, event.kind, event.payload, event.created)
        return page

    @property
    def terminal(self) -> bool:
        return self.status in ResearchRun.TERMINAL

    @property
    def provider_label(self) -> str:
        from research.forms import provider_label

        return provider_label(self.provider, self.model)

    def apply(
        self, seq: int, kind: str, payload: dict[str, Any], created: dt.datetime
    ) -> list[str]:
        """Fold one event in; returns the page regions it changed.

        #poller is never among them: sse-seq.js retires it once the stream is up, and the poll
        fallback's #live response carries its own."""
        handler = getattr(self, f"_on_{kind}", None)
        regions: list[str] = handler(payload) if handler else []
        for step_seq, added in self.timeline.apply(seq, kind, payload, created):
            regions.append(f"step{'-new' if added else ''}:{step_seq}")
        pretty = json.dumps(payload, indent=2, ensure_ascii=False, sort_keys=True, default=str)
        self.audit.append(AuditItem(seq, kind, created, pretty))
        self.last_seq = seq
        return [*regions, "audit"]

    def _add_usage(self, usage: dict[str, float] | None) -> None:
        for name, value in (usage or {}).items():
            self.usage[name] = round(self.usage.get(name, 0) + value, 6)

    def _iteration(self, number: int) -> tuple[Iteration, bool]:
        created = number not in self.iterations
        if created:
            self.iterations[number] = Iteration(number)
        return self.iterations[number], created

    def _on_queued(self, payload: dict[str, Any]) -> list[str]:
        self.status = ResearchRun.Status.QUEUED
        return ["status"]

    def _on_started(self, payload: dict[str, Any]) -> list[str]:
        self.status = ResearchRun.Status.RUNNING
        return ["status"]

    _on_restarted = _on_started

    def _on_plan(self, payload: dict[str, Any]) -> list[str]:
        for sg in payload["plan"]["sub_goals"]:
            self.parts[sg["key"]] = Part(sg["key"], sg["text"], sg["entity"], sg["facts_needed"])
        self.read_as = list(payload.get("read_as", []))
        self._add_usage(payload.get("usage"))
        return ["checklist", "plan", "stats", "dossier", "ledger"]

    def _on_route(self, payload: dict[str, Any]) -> list[str]:
        for route in payload["routes"]:
            part = self.parts.get(route["sub_goal"])
            if part:
                part.corpora = [
                    self.corpus_names.get(c, f"corpus {c}") for c in route["corpus_ids"]
                ]
                part.route_reason = route["reason"]
        return ["plan", "ledger"]

    def _on_budget(self, payload: dict[str, Any]) -> list[str]:
        self.budget = dict(payload)
        return ["stats"]

    def _on_query(self, q: dict[str, Any]) -> list[str]:
        parent = self.queries.get(q.get("parent") or "")
        row = QueryRow(
            q["key"],
            q["text"],
            q["sub_goal"],
            q["iteration"],
            [self.corpus_names.get(c, f"corpus {c}") for c in q["corpus_ids"]],
            q.get("parent"),
            parent.text if parent else "",
            q.get("suggested_by"),
        )
        self.queries[row.key] = row
        self.current = row.iteration
        iteration, created = self._iteration(row.iteration)
        part = self.parts.get(row.sub_goal)
        title = f"{part.key}: {part.text}" if part else "The whole goal"
        iteration.groups.setdefault(row.sub_goal, {"title": title, "queries": []})[
            "queries"
        ].append(row)
        if part:
            part.queries.append(row)
        return [f"iteration{'-new' if created else ''}:{row.iteration}", "ledger"]

    def _on_hits(self, payload: dict[str, Any]) -> list[str]:
        row = self.queries.get(payload["query"])
        if row is not None:
            row.hits = payload["hits"]
        self.budget.update(used=payload["budget_used"], budget=payload["budget"])
        changed = f"iteration:{row.iteration if row else self.current}"
        return [changed, "checklist", "stats", "ledger"]

    def _on_assessment(self, payload: dict[str, Any]) -> list[str]:
        a = payload["assessment"]
        part = self.parts.get(a["sub_goal"])
        follow_ups = [f["text"] for f in a.get("follow_ups", [])]
        if part:
            part.verdict, part.reason = a["verdict"], a["reason"]
            part.status = VERDICT_TO_PART.get(a["verdict"], "open")
            part.drafts, part.follow_ups, part.missing = a["claims"], follow_ups, a["missing"]
        iteration, created = self._iteration(self.current)
        iteration.verdicts.append(
            {
                "sub_goal": a["sub_goal"],
                "title": part.text if part else a["sub_goal"],
                "verdict": a["verdict"],
                "reason": a["reason"],
                "missing": a["missing"],
                "follow_ups": follow_ups,
                "dropped": payload.get("dropped_citations", []),
            }
        )
        self._add_usage(payload.get("usage"))
        changed = f"iteration{'-new' if created else ''}:{self.current}"
        return ["checklist", "plan", changed, "stats", "ledger", "dossier"]

    def _on_barrier(self, payload: dict[str, Any]) -> list[str]:
        iteration, created = self._iteration(self.current)
        iteration.barrier = payload
        return [f"iteration{'-new' if created else ''}:{self.current}"]

    def _on_synthesis(self, payload: dict[str, Any]) -> list[str]:
        self._add_usage(payload.get("usage"))
        return ["stats"]

    def _on_gate(self, payload: dict[str, Any]) -> list[str]:
        self.gate = payload
        return ["stats"]

    @property
    def withdrawn(self) -> list[dict[str, Any]]:
        """The claims the support check withdrew, each with its part and why."""
        claims = self.gate["claims"] if self.gate else []
        return [c for c in claims if c.get("support")]

    def _on_dossier(self, payload: dict[str, Any]) -> list[str]:
        self.final, self.status = payload, payload["status"]
        self.usage = dict(payload.get("usage") or self.usage)
        for section in payload["dossier"]["sections"]:
            part = self.parts.get(section["sub_goal"])
            if part:
                part.status = SECTION_TO_PART.get(section["status"], section["status"])
        return ["status", "checklist", "plan", "stats", "dossier", "ledger"]

    def _on_error(self, payload: dict[str, Any]) -> list[str]:
        self.status, self.reason = ResearchRun.Status.FAILED, payload.get("reason", "")
        return ["status", "dossier"]

    def _on_cancelled(self, payload: dict[str, Any]) -> list[str]:
        self.status, self.reason = ResearchRun.Status.CANCELLED, payload.get("reason", "")
        return ["status", "dossier"]


def page_context(page: RunPage, *, viewer: Any) -> dict[str, Any]:
    """Everything the run page's partials read; the dossier part is computed once per viewer."""
    if page.final is not None and viewer.pk not in page._views:
        page._views[viewer.pk] = dossier_view(page, viewer=viewer)
    view = page._views.get(viewer.pk) if page.final is not None else None
    pk = page.run_id
    return {
        "page": page,
        "dossier": view,
        "ledger": view["ledger"] if view else live_ledger(page),
        "cited": view["cited"] if view else set(),
        "can_cancel": viewer.pk == page.owner_id and not page.terminal,
        "event_names": EVENT_NAMES,
        "run_url": reverse("research:run", args=[pk]),
        "events_url": reverse("research:events", args=[pk]),
        "cancel_url": reverse("research:cancel", args=[pk]),
        "trace_url": reverse("research:export", args=[pk, "json"]),
        "exports": [
            (label, reverse("research:export", args=[pk, fmt]))
            for fmt, label in (("md", "Markdown"), ("pdf", "PDF"), ("json", "JSON trace"))
        ],
    }
