"""The citation gate: mechanical checks, no model. A citation shown is a citation that holds.

A citation survives only if its snippet belongs to this run, is visible to the run's owner,
and contains the quoted words (whitespace/hyphenation-normalized). Its page is recomputed as
the page on which the quote lies, using the chunk's page-break offsets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.agents.text import normalize
from research.contracts import (
    NO_DATA,
    Citation,
    Claim,
    Dossier,
    Section,
    SectionStatus,
    Snippet,
)

NOT_IN_RUN = "snippet not retrieved in this run"
NOT_VISIBLE = "snippet not visible to the run's owner"
QUOTE_MISSING = "quote not found in the snippet"
ALL_DROPPED = "every citation of its claims failed the citation check"
_HYPHEN_BREAK = re.compile(r"(?<=\w)-[ \t]*\n\s*(?=\w)")


@dataclass(frozen=True)
class GateOutcome:
    sub_goal: str
    claim: str
    kept: bool
    reasons: tuple[str, ...]


def _norm_map(text: str) -> tuple[str, list[int]]:
    """Normalized text plus, for each of its characters, the offset in the original.

    Whitespace runs become one space; hyphenated line breaks ("infor-\nmation") are joined.
    """
    skip: set[int] = set()
    for m in _HYPHEN_BREAK.finditer(text):
        skip.update(range(m.start(), m.end()))
    out: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        if i in skip or ch == "\u00ad":
            continue
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
                offsets.append(i)
            continue
        for c in normalize(ch) or ch.lower():
            out.append(c)
            offsets.append(i)
    return "".join(out), offsets


def quote_offset(snippet_text: str, quote: str) -> int | None:
    """Offset in `snippet_text` where `quote` starts, matching in normalized form."""
    direct = snippet_text.find(quote)
    if direct >= 0:
        return direct
    needle, _ = _norm_map(quote)
    needle = needle.strip()
    if not needle:
        return None
    hay, offsets = _norm_map(snippet_text)
    pos = hay.find(needle)
    return None if pos < 0 else offsets[pos]


def page_at(snippet: Snippet, offset: int) -> int:
    page = snippet.page_start
    for at, number in sorted(snippet.page_breaks):
        if offset >= at:
            page = number
    return page


def check_citation(
    citation: Citation, run_snippets: dict[int, Snippet], visible_ids: set[int]
) -> tuple[Citation | None, str]:
    snippet = run_snippets.get(citation.snippet_id)
    if snippet is None:
        return None, NOT_IN_RUN
    if citation.snippet_id not in visible_ids:
        return None, NOT_VISIBLE
    offset = quote_offset(snippet.text, citation.quote)
    if offset is None:
        return None, QUOTE_MISSING
    return citation.model_copy(update={"page": page_at(snippet, offset)}), ""


def gate_dossier(
    dossier: Dossier, run_snippets: dict[int, Snippet], visible_ids: set[int]
) -> tuple[Dossier, list[GateOutcome]]:
    """The dossier with failing citations and unsupported claims removed, and why."""
    outcomes: list[GateOutcome] = []
    sections: list[Section] = []
    for section in dossier.sections:
        claims: list[Claim] = []
        for claim in section.claims:
            kept: list[Citation] = []
            reasons: list[str] = []
            for citation in claim.citations:
                checked, reason = check_citation(citation, run_snippets, visible_ids)
                if checked is None:
                    reasons.append(f"[{citation.snippet_id}] {reason}")
                else:
                    kept.append(checked)
            outcomes.append(GateOutcome(section.sub_goal, claim.text, bool(kept), tuple(reasons)))
            if kept:
                claims.append(claim.model_copy(update={"citations": kept}))
        if section.status == SectionStatus.ANSWERED and not claims:
            section = section.model_copy(
                update={
                    "status": SectionStatus.NO_DATA,
                    "claims": [],
                    "no_data_text": NO_DATA,
                    "follow_up_needed": f"Its draft was withdrawn: {ALL_DROPPED}.",
                }
            )
        else:
            section = section.model_copy(update={"claims": claims})
        sections.append(section)
    return dossier.model_copy(update={"sections": sections}), outcomes
