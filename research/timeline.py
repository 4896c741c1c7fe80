"""The audit trail a reviewer reads: a run's events folded into numbered steps.

One step per thing that happened (the plan with its routing, each query with its hits, each
sufficiency verdict, the citation gate's and the support check's decisions, the end with its
cost), so the page never shows raw JSON as the trail. The raw trace stays in the JSON export.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

END_KINDS = frozenset({"dossier", "error", "cancelled"})


@dataclass
class Step:
    """One numbered step of the trail; `kind` picks its template, `data` is plain values."""

    seq: int
    kind: str
    created: dt.datetime
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Timeline:
    """Steps in event order; `apply` folds one event in and says which steps it touched."""

    corpus_names: dict[int, str] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    _by_seq: dict[int, Step] = field(default_factory=dict)
    _queries: dict[str, Step] = field(default_factory=dict)
    _parts: dict[str, str] = field(default_factory=dict)
    _plan: Step | None = None
    _usage: dict[str, float] = field(default_factory=dict)

    def step(self, seq: int) -> Step:
        return self._by_seq[seq]

    def apply(
        self, seq: int, kind: str, payload: dict[str, Any], created: dt.datetime
    ) -> list[tuple[int, bool]]:
        """Fold one event in; returns (step seq, newly added) for each step it added or changed."""
        for name, value in (payload.get("usage") or {}).items():
            self._usage[name] = round(self._usage.get(name, 0) + value, 6)
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return []
        data: dict[str, Any] | int | None = handler(payload)
        if data is None:
            return []
        if isinstance(data, int):  # an earlier step changed
            return [(data, False)]
        step = Step(seq, kind, created, data)
        self.steps.append(step)
        self._by_seq[seq] = step
        if kind == "plan":
            self._plan = step
        elif kind == "query":
            self._queries[payload["key"]] = step
        return [(seq, True)]

    def _corpora(self, ids: list[int]) -> list[str]:
        return [self.corpus_names.get(c, f"corpus {c}") for c in ids]

    def _part(self, key: str) -> str:
        if not key:
            return "the whole goal"
        return f"{key}: {self._parts[key]}" if key in self._parts else key

    def _on_queued(self, payload: dict[str, Any]) -> dict[str, Any]:
        return {"provider": payload.get("provider", ""), "model": payload.get("model", "")}

    def _on_started(self, payload: dict[str, Any]) -> dict[str, Any]:
        return {"attempt": payload.get("attempt", 1)}

    _on_restarted = _on_started

    def _on_plan(self, payload: dict[str, Any]) -> dict[str, Any]:
        parts = []
        for sg in payload["plan"]["sub_goals"]:
            self._parts[sg["key"]] = sg["text"]
            parts.append(
                {
                    "key": sg["key"],
                    "text": sg["text"],
                    "facts": sg.get("facts_needed", []),
                    "corpora": [],
                    "route_reason": "",
                }
            )
        return {
            "rationale": payload["plan"].get("rationale", ""),
            "parts": parts,
            "read_as": payload.get("read_as", []),
        }

    def _on_route(self, payload: dict[str, Any]) -> int | None:
        if self._plan is None:
            return None
        parts = {p["key"]: p for p in self._plan.data["parts"]}
        for route in payload["routes"]:
            part = parts.get(route["sub_goal"])
            if part is not None:
                part["corpora"] = self._corpora(route["corpus_ids"])
                part["route_reason"] = route["reason"]
        return self._plan.seq

    def _on_budget(self, payload: dict[str, Any]) -> dict[str, Any]:
        return {"budget": payload.get("budget"), "max_iterations": payload.get("max_iterations")}

    def _on_query(self, q: dict[str, Any]) -> dict[str, Any]:
        parent = self._queries.get(q.get("parent") or "")
        return {
            "key": q["key"],
            "text": q["text"],
            "part": self._part(q["sub_goal"]),
            "iteration": q["iteration"],
            "corpora": self._corpora(q["corpus_ids"]),
            "parent": q.get("parent") or "",
            "parent_text": parent.data["text"] if parent else "",
            "suggested_by": q.get("suggested_by"),
            "hits": None,
        }

    def _on_hits(self, payload: dict[str, Any]) -> int | None:
        step = self._queries.get(payload["query"])
        if step is None:
            return None
        step.data["hits"] = [
            {
                "id": h["id"],
                "title": h["title"],
                "page_start": h["page_start"],
                "page_end": h["page_end"],
                "score": h["score"],
            }
            for h in payload["hits"]
        ]
        step.data["budget_used"] = payload.get("budget_used")
        step.data["budget"] = payload.get("budget")
        return step.seq

    def _on_assessment(self, payload: dict[str, Any]) -> dict[str, Any]:
        a = payload["assessment"]
        return {
            "part": self._part(a["sub_goal"]),
            "verdict": a["verdict"],
            "reason": a["reason"],
            "missing": a.get("missing", []),
            "follow_ups": [f["text"] for f in a.get("follow_ups", [])],
            "claims": len(a.get("claims", [])),
            "dropped": payload.get("dropped_citations", []),
        }

    def _on_barrier(self, payload: dict[str, Any]) -> dict[str, Any]:
        return {
            "reason": payload.get("reason", ""),
            "attempt": payload.get("attempt"),
            "open": [self._part(key) for key in payload.get("open", [])],
            "budget_left": payload.get("budget_left"),
        }

    def _on_synthesis(self, payload: dict[str, Any]) -> dict[str, Any]:
        return {"sections": payload.get("sections", 0)}

    def _on_gate(self, payload: dict[str, Any]) -> dict[str, Any]:
        def row(c: dict[str, Any]) -> dict[str, Any]:
            return {"part": self._part(c["sub_goal"]), "claim": c["claim"]}

        claims = payload.get("claims", [])
        return {
            "kept": [row(c) for c in claims if c["kept"]],
            "dropped": [
                {**row(c), "reasons": c["reasons"]}
                for c in claims
                if not c["kept"] and not c.get("support")
            ],
            "withdrawn": [{**row(c), "reason": c["support"]} for c in claims if c.get("support")],
        }

    def _end(self, payload: dict[str, Any], status: str) -> dict[str, Any]:
        usage = payload.get("usage") or self._usage
        return {
            "status": status,
            "reason": payload.get("reason", ""),
            "calls": usage.get("calls", 0),
            "input_tokens": usage.get("input_tokens", 0),
            "output_tokens": usage.get("output_tokens", 0),
            "cost_usd": usage.get("cost_usd", 0),
            "searches": payload.get("searches"),
            "provider_seconds": payload.get("provider_seconds"),
        }

    def _on_dossier(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._end(payload, payload["status"])

    def _on_error(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._end({"reason": payload.get("reason", "")}, "failed")

    def _on_cancelled(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self._end({"reason": payload.get("reason", "")}, "cancelled")
