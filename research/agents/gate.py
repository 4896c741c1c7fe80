"""The citation gate: mechanical checks, no model. A citation shown is a citation that holds.

A citation survives only if its snippet belongs to this run, is visible to the run's owner,
and contains the quoted words (whitespace/hyphenation-normalized) inside its text units; the
quote is then the whole units it touches (never a fragment, a heading or a title). Its page is
recomputed as the page on which the quote starts, using the chunk's page-break offsets.

A table row is a unit written by extraction as "<first cell> — <header>: <cell> · ...": its
cells are verbatim on the page, in row order (Page.rows keeps each cell's span), and the
headers come from the table's header row, so a quote of a row is checked like a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpora.units import text_units
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
NOT_A_STATEMENT = "quote is a heading or title, not a statement of the text"
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


def quote_span(snippet_text: str, quote: str) -> tuple[int, int] | None:
    """(start, end) in `snippet_text` of `quote`, matched in normalized form."""
    direct = snippet_text.find(quote)
    if direct >= 0 and quote:
        return direct, direct + len(quote)
    needle, _ = _norm_map(quote)
    needle = needle.strip()
    if not needle:
        return None
    hay, offsets = _norm_map(snippet_text)
    pos = hay.find(needle)
    return None if pos < 0 else (offsets[pos], offsets[pos + len(needle) - 1] + 1)


def quote_offset(snippet_text: str, quote: str) -> int | None:
    """Offset in `snippet_text` where `quote` starts, matching in normalized form."""
    span = quote_span(snippet_text, quote)
    return None if span is None else span[0]


def whole_units(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of the units (sentences, rows, items) that [start, end) touches, or None when
    it touches none: a heading, a title or a running line is never a statement."""
    touched = [u for u in text_units(text) if u.start < end and u.end > start]
    return (touched[0].start, touched[-1].end) if touched else None


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
    span = quote_span(snippet.text, citation.quote)
    if span is None:
        return None, QUOTE_MISSING
    whole = whole_units(snippet.text, *span)
    if whole is None:
        return None, NOT_A_STATEMENT
    # A quote is never a fragment: it grows to the whole sentences or rows it lies in.
    quote = snippet.text[whole[0] : whole[1]]
    return citation.model_copy(update={"quote": quote, "page": page_at(snippet, whole[0])}), ""


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
