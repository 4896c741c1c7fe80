"""The run page's views of a finished dossier and of the ledger: citations numbered as in
the exports, viewer links only where the reader may see the source, and the ledger mid-run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.urls import NoReverseMatch, reverse

from corpora.selectors import chunks_get_for
from research.contracts import NO_DATA, Dossier, SectionStatus
from research.exports import references, status_label
from research.models import ResearchRun

if TYPE_CHECKING:
    from research.run_page import RunPage


def viewer_href(document_id: int, page: int, quote: str) -> str:
    """The document viewer at the quote's page, asked to highlight the quote."""
    try:
        base = reverse("corpora:page", args=[document_id, page])
    except NoReverseMatch:  # the viewer ships in corpora/; its path is fixed by issue 6
        base = f"/corpora/documents/{document_id}/pages/{page}/"
    return f"{base}?{urlencode({'q': quote})}#hl"


def dossier_view(page: RunPage, *, viewer: Any) -> dict[str, Any] | None:
    """The gated dossier with citations numbered as in the exports; links only where visible."""
    if page.final is None:
        return None
    dossier = Dossier.model_validate(page.final["dossier"])
    refs = references(ResearchRun(pk=page.run_id), dossier)
    visible = chunks_get_for(user=viewer, chunk_ids=[r.snippet_id for r in refs.values()])
    numbered = {
        key: {
            "number": r.number,
            "snippet_id": r.snippet_id,
            "title": r.title,
            "page": r.page,
            "quote": " ".join(r.quote.split()),
            "visible": r.snippet_id in visible,
            "href": viewer_href(r.document_id, r.page, r.quote) if r.snippet_id in visible else "",
        }
        for key, r in refs.items()
    }
    searched = {row.get("sub_goal"): row for row in page.final.get("ledger", [])}
    sections = []
    for n, s in enumerate(dossier.sections, start=1):
        claims = [
            {
                "text": cl.text,
                "cites": [
                    numbered[(c.snippet_id, c.quote)]
                    for c in cl.citations
                    if (c.snippet_id, c.quote) in numbered
                ],
            }
            for cl in s.claims
        ]
        sections.append(
            {
                "n": n,
                "sub_goal": s.sub_goal,
                "heading": s.heading,
                "status": s.status,
                "label": status_label(s.status, s.unsupported),
                "unsupported": s.unsupported,
                "answered": s.status == SectionStatus.ANSWERED,
                "claims": claims,
                "no_data_text": s.no_data_text or NO_DATA,
                "follow_up_needed": s.follow_up_needed,
                # what was searched for the part, so "no data found" says where it looked
                "queries": searched.get(s.sub_goal, {}).get("queries", []),
                "corpora": searched.get(s.sub_goal, {}).get("corpora", []),
            }
        )
    ledger = []
    for row in page.final.get("ledger", []):
        numbers = sorted(
            r["number"] for r in numbered.values() if r["snippet_id"] in row["citations"]
        )
        ledger.append(
            {
                **row,
                "label": status_label(row["status"], row.get("unsupported", [])),
                "answered": row["status"] == SectionStatus.ANSWERED,
                "citations": numbers,
                "best_hits": row.get("best_hits", []),
                "follow_up_needed": row.get("follow_up_needed", ""),
            }
        )
    return {
        "title": dossier.title,
        "summary": dossier.summary,
        "sections": sections,
        "references": list(numbered.values()),
        "missing": [s["heading"] for s in sections if not s["answered"]],
        "in_part": [s["heading"] for s in sections if s["unsupported"]],
        "ledger": ledger,
        "cited": {r["snippet_id"] for r in numbered.values()},
    }


def live_ledger(page: RunPage) -> list[dict[str, Any]]:
    """The ledger as it stands mid-run: the final one replaces it with the dossier."""
    rows = []
    for part in page.parts.values():
        hits = {h["id"]: h for q in part.queries for h in (q.hits or [])}
        best = sorted(hits.values(), key=lambda h: -h["score"])[:3]
        rows.append(
            {
                "text": part.text,
                "status": part.status,
                "label": part.label,
                "answered": part.status == "covered",
                "citations": [],
                "corpora": part.corpora,
                "route_reason": part.route_reason,
                "queries": [q.text for q in part.queries],
                "verdict": part.verdict or "not assessed yet",
                "reason": part.reason,
                "best_hits": []
                if part.status == "covered"
                else [
                    {
                        "id": h["id"],
                        "title": h["title"],
                        "page": h["page_start"],
                        "score": h["score"],
                    }
                    for h in best
                ],
                "follow_up_needed": "; ".join(part.follow_ups) or ", ".join(part.missing),
            }
        )
    return rows
