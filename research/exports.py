"""Dossier exports built from the stored (gated) dossier and the run's events."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any

from research.contracts import Dossier, SectionStatus
from research.forms import provider_label
from research.models import ResearchRun

STATUS_LABEL = {
    SectionStatus.ANSWERED: "answered",
    SectionStatus.NO_DATA: "no data found in the selected sources",
    SectionStatus.BUDGET_EXHAUSTED: "search budget exhausted",
    SectionStatus.OUT_OF_SCOPE: "out of scope of the selected corpora",
}
IN_PART = "answered in part"
NOT_STATED = "Not stated in the selected sources"


def status_label(status: str, unsupported: list[str]) -> str:
    """The status as a reader sees it: an answered part with something unstated is "in part"."""
    if status == SectionStatus.ANSWERED and unsupported:
        return IN_PART
    return STATUS_LABEL.get(status, status)


@dataclass(frozen=True)
class Reference:
    number: int
    snippet_id: int
    document_id: int
    title: str
    page: int
    quote: str


def stored_dossier(run: ResearchRun) -> tuple[Dossier | None, list[dict[str, Any]]]:
    if not run.dossier:
        return None, []
    return Dossier.model_validate(run.dossier["dossier"]), run.dossier.get("ledger", [])


def references(run: ResearchRun, dossier: Dossier) -> dict[tuple[int, str], Reference]:
    """Number citations in reading order; the same snippet and quote share a number."""
    from corpora.models import Chunk

    ids = {c.snippet_id for s in dossier.sections for cl in s.claims for c in cl.citations}
    chunks = {c.pk: c for c in Chunk.objects.filter(pk__in=ids).select_related("document")}
    refs: dict[tuple[int, str], Reference] = {}
    for section in dossier.sections:
        for claim in section.claims:
            for c in claim.citations:
                key = (c.snippet_id, c.quote)
                chunk = chunks.get(c.snippet_id)
                if key in refs or chunk is None:
                    continue
                refs[key] = Reference(
                    len(refs) + 1,
                    c.snippet_id,
                    chunk.document_id,
                    chunk.document.title,
                    c.page or chunk.page_start,
                    c.quote,
                )
    return refs


def _status_line(run: ResearchRun) -> str:
    engine = provider_label(run.provider, run.model)
    return f"Status: {run.status} · run {run.pk} · {engine} · {run.created:%Y-%m-%d %H:%M} UTC"


def dossier_markdown(run: ResearchRun) -> str:
    dossier, ledger = stored_dossier(run)
    lines = [f"# {dossier.title if dossier else run.goal[:200]}", "", _status_line(run), ""]
    if dossier is None:
        lines += [f"No dossier: {run.failure_reason or 'the run has not finished.'}"]
        return "\n".join(lines) + "\n"
    refs = references(run, dossier)
    lines += [dossier.summary, ""]
    for n, section in enumerate(dossier.sections, start=1):
        lines += [f"## {n}. {section.heading}", ""]
        if section.status == SectionStatus.ANSWERED:
            for claim in section.claims:
                marks = "".join(
                    f"[{refs[(c.snippet_id, c.quote)].number}]"
                    for c in claim.citations
                    if (c.snippet_id, c.quote) in refs
                )
                lines.append(f"- {claim.text} {marks}")
            if section.unsupported:
                lines.append(f"> **{IN_PART.capitalize()}.** {NOT_STATED}: "
                             f"{'; '.join(section.unsupported)}")  # fmt: skip
        else:
            lines.append(f"> **{section.no_data_text}** ({STATUS_LABEL[section.status]})")
            if section.follow_up_needed:
                lines.append(f"> Needed: {section.follow_up_needed}")
        lines.append("")
    lines += [
        "## Coverage ledger",
        "",
        "| Part | Status | Citations | Corpora searched | Queries |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in ledger:
        cites = ", ".join(str(r.number) for r in refs.values() if r.snippet_id in row["citations"])
        lines.append(
            f"| {_cell(row['text'])} | {status_label(row['status'], row.get('unsupported', []))}"
            f" | {cites or '–'}"
            f" | {_cell(', '.join(row['corpora']))} | {_cell('; '.join(row['queries']))} |"
        )
    for row in ledger:
        if row["status"] != SectionStatus.ANSWERED:
            lines += ["", f"**{_cell(row['text'])}**: verdict {row['verdict']}: {row['reason']}"]
            for hit in row.get("best_hits", []):
                lines.append(f"- best hit: {hit['title']}, p. {hit['page']} (score {hit['score']})")
            lines.append(f"- needed: {row.get('follow_up_needed', '')}")
    lines += ["", "## Citations", ""]
    for ref in refs.values():
        lines.append(f"[{ref.number}] {ref.title}, p. {ref.page}: “{' '.join(ref.quote.split())}”")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def events_json(run: ResearchRun) -> str:
    events = [
        {"seq": e.seq, "kind": e.kind, "created": e.created.isoformat(), "payload": e.payload}
        for e in run.events.order_by("seq")
    ]
    return json.dumps(
        {
            "run": run.pk,
            "goal": run.goal,
            "status": run.status,
            "provider": run.provider,
            "model": run.model,
            "events": events,
        },
        indent=2,
        default=str,
    )


def dossier_pdf(run: ResearchRun) -> bytes:
    """The Markdown export rendered through PyMuPDF's Story (HTML), no browser needed."""
    import io

    import pymupdf

    body = _markdown_to_html(dossier_markdown(run))
    story = pymupdf.Story(
        html=body,
        user_css="body{font-family:sans-serif;font-size:10pt}"
        "h1{font-size:16pt} h2{font-size:12.5pt} td,th{border:1px solid #999;"
        "padding:2px;font-size:8.5pt}",
    )
    buffer = io.BytesIO()
    writer = pymupdf.DocumentWriter(buffer)
    mediabox = pymupdf.paper_rect("a4")
    where = mediabox + (48, 48, -48, -48)  # noqa: RUF005 (Rect arithmetic: a margin)
    more = True
    while more:
        device = writer.begin_page(mediabox)
        more, _ = story.place(where)
        story.draw(device)
        writer.end_page()
    writer.close()
    return buffer.getvalue()


def _markdown_to_html(markdown: str) -> str:
    """Just the constructs our own export emits; every text run is escaped."""
    out: list[str] = []
    table: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            cells = [
                html.escape(c.strip().replace("\\|", "|")) for c in line.strip("|").split(" | ")
            ]
            tag = "th" if not table else "td"
            table.append("<tr>" + "".join(f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>")
            continue
        if table and not line.startswith("|"):
            out.append("<table>" + "".join(table) + "</table>")
            table = []
        if line.startswith("| ---"):
            continue
        text = html.escape(line)
        if line.startswith("## "):
            out.append(f"<h2>{html.escape(line[3:])}</h2>")
        elif line.startswith("# "):
            out.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line.startswith("- "):
            out.append(f"<p>• {html.escape(line[2:])}</p>")
        elif line.startswith("> "):
            out.append(f"<p><i>{html.escape(line[2:]).replace('**', '')}</i></p>")
        elif line.strip():
            out.append(f"<p>{text.replace('**', '')}</p>")
    if table:
        out.append("<table>" + "".join(table) + "</table>")
    return "<body>" + "".join(out) + "</body>"
