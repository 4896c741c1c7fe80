"""The citation gate: mechanical checks, no model. A citation shown is a citation that holds.

A citation survives only if its snippet belongs to this run, is visible to the run's owner,
and contains the quoted words (whitespace/hyphenation-normalized) inside its text units; the
quote is then the whole units it touches (never a fragment, a heading or a title). Its page is
recomputed as the page on which the quote starts, using the chunk's page-break offsets.

A table row is a unit written by extraction as "<first cell> — <header>: <cell> · ...": its
cells are verbatim on the page, in row order (Page.rows keeps each cell's span), and the
headers come from the table's header row, so a quote of a row is checked like a sentence.

Then the support check (`support.py`): a part stays answered only when a quoted unit names its
subject (in the unit, its row label, section path or document title, or by a name the
documents define for it) and holds the kind of value it asks (a number, a date, a name); a
comparison needs that for each compared entity. Otherwise the whole part is withdrawn and
says why; a supported part keeps its other claims (what the answer's names are, whom a "he"
means), which the engine quotes beside the answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from corpora.units import text_units
from research.agents.comparisons import compared_by
from research.agents.siblings import other_subjects, speaks_of_another, unit_before
from research.agents.support import (
    NOT_ABOUT_ENTITY,
    Frame,
    aliases,
    answer_names,
    asked_kind,
    measured_columns,
    names_entity,
    row_label,
    support_problem,
    unnamed,
)
from research.agents.text import normalize
from research.contracts import (
    NO_DATA,
    Citation,
    Claim,
    Dossier,
    Section,
    SectionStatus,
    Snippet,
    SubGoal,
)

NOT_IN_RUN = "snippet not retrieved in this run"
NOT_VISIBLE = "snippet not visible to the run's owner"
QUOTE_MISSING = "quote not found in the snippet"
NOT_A_STATEMENT = "quote is a heading or title, not a statement of the text"
ALL_DROPPED = "every citation of its claims failed the citation check"
SUPPORT_CHECK = "the support check"
_HYPHEN_BREAK = re.compile(r"(?<=\w)-[ \t]*\n\s*(?=\w)")


@dataclass(frozen=True)
class GateOutcome:
    sub_goal: str
    claim: str
    kept: bool
    reasons: tuple[str, ...]
    support: str = ""  # why the support check withdrew it, "" when it did not


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
    dossier: Dossier,
    run_snippets: dict[int, Snippet],
    visible_ids: set[int],
    *,
    sub_goals: Sequence[SubGoal] = (),
) -> tuple[Dossier, list[GateOutcome]]:
    """The dossier with failing citations and unsupported claims removed, and why. Answered
    sections of the `sub_goals` given are support-checked too."""
    parts = {sg.key: sg for sg in sub_goals}
    outcomes: list[GateOutcome] = []
    sections: list[Section] = []
    for section in dossier.sections:
        drafts: list[tuple[Claim, list[Citation], list[str]]] = []
        for claim in section.claims:
            kept: list[Citation] = []
            reasons: list[str] = []
            for citation in claim.citations:
                checked, reason = check_citation(citation, run_snippets, visible_ids)
                if checked is None:
                    reasons.append(f"[{citation.snippet_id}] {reason}")
                else:
                    kept.append(checked)
            drafts.append((claim, kept, reasons))
        claims = [c.model_copy(update={"citations": kept}) for c, kept, _ in drafts if kept]
        unsupported = ""
        part = parts.get(section.sub_goal)
        if part is not None and section.status == SectionStatus.ANSWERED and claims:
            siblings = other_subjects(sub_goals, part)
            unsupported = support(part, claims, run_snippets, siblings)
        for claim, kept, reasons in drafts:
            why = unsupported if kept else ""
            outcomes.append(
                GateOutcome(
                    section.sub_goal,
                    claim.text,
                    bool(kept) and not why,
                    (*reasons, why) if why else tuple(reasons),
                    why,
                )
            )
        if unsupported:
            claims = []
        if section.status == SectionStatus.ANSWERED and not claims:
            why = f"{SUPPORT_CHECK}: {unsupported}" if unsupported else ALL_DROPPED
            section = section.model_copy(
                update={
                    "status": SectionStatus.NO_DATA,
                    "claims": [],
                    "no_data_text": NO_DATA,
                    "follow_up_needed": f"Its draft was withdrawn: {why}.",
                }
            )
        else:
            section = section.model_copy(update={"claims": claims})
        sections.append(section)
    return dossier.model_copy(update={"sections": sections}), outcomes


Quoted = list[tuple[str, Frame]]  # a claim's quoted units, each with what frames it


def support(
    part: SubGoal,
    claims: list[Claim],
    run_snippets: dict[int, Snippet],
    siblings: Sequence[str] = (),
) -> str:
    """Why the part is withdrawn when some compared entity (or the one subject) has no claim
    that states the asked kind of value of it ("" when every one has). A claim states it of
    the subject when its quote names the subject, a name the documents define for it, or a
    bridge an earlier claim names, and does not speak of one of `siblings` (the goal's other
    subjects) instead. The other claims stay: they say what the answer names."""
    quoted = [_quoted_units(claim, run_snippets) for claim in claims]
    texts = [s.text for s in run_snippets.values()]
    sides = part.compare or [part.entity]
    measured = measured_columns(texts)
    kind = _side_kind(part, measured)
    problems: list[str] = []
    elsewhere = [o for o in siblings if o not in sides]
    for side in sides:
        others = [o for o in sides if o != side]
        unnamed_side = unnamed(side, texts)  # "which lake lies below three peaks": no name
        if unnamed_side:
            reached, named = set(range(len(quoted))), {}
        else:
            defined = aliases(side, texts)
            reached, named = _reach(side, defined, others, quoted)
            reached = {
                i
                for i in reached
                if not _of_another(claims[i], run_snippets, [side, *defined], elsewhere)
            }
        found = [
            support_problem(
                question=part.text,
                entity="" if unnamed_side else side,
                unit=unit,
                frame=frame,
                # A claim's own names are no bridge to itself: they may be the answer.
                also=[n for n, by in named.items() if by - {i}],
                kind=kind,
                measured=measured,
            )
            for i in sorted(reached)
            for unit, frame in quoted[i]
        ]
        if None not in found:
            problem = found[0] if found else NOT_ABOUT_ENTITY
            problems.append(f"{side}: {problem}" if part.compare else problem)
    return "; ".join(problems)


def _reach(
    entity: str, defined: Sequence[str], others: list[str], quoted: list[Quoted]
) -> tuple[set[int], dict[str, set[int]]]:
    """The claims that name `entity` (or a name the documents define for it), then those
    naming a name their quotes name (a bridge), and so on; with each name that so reaches it
    and the claims whose quotes gave it (-1: the documents' definitions). Other compared
    entities are never bridges."""
    named: dict[str, set[int]] = {name: {-1} for name in defined}
    reached: set[int] = set()
    grew = True
    while grew:
        grew = False
        for i, units in enumerate(quoted):
            if i in reached or not any(names_entity(entity, u, f, [*named]) for u, f in units):
                continue
            reached.add(i)
            grew = True
            for unit, _ in units:
                for name in answer_names(unit):
                    if not any(names_entity(o, name, Frame(title="")) for o in others):
                        named.setdefault(name, set()).add(i)
    return reached, named


def _of_another(
    claim: Claim, run_snippets: dict[int, Snippet], subject: list[str], others: list[str]
) -> bool:
    """Every quote of the claim speaks of another part's subject (siblings.py)."""
    if not others:
        return False
    return all(
        speaks_of_another(c.quote, _before(c, run_snippets), subject, others)
        for c in claim.citations
    )


def _before(citation: Citation, run_snippets: dict[int, Snippet]) -> str:
    """The unit before the quote in its paragraph of the snippet, else ""."""
    text = run_snippets[citation.snippet_id].text
    at = quote_offset(text, citation.quote)
    return "" if at is None else unit_before(text, at)


def _quoted_units(claim: Claim, run_snippets: dict[int, Snippet]) -> Quoted:
    """Each unit a claim's (gated) quotes hold, framed by its snippet; a quote of several
    units also as a whole, since a fact may span two sentences."""
    out: Quoted = []
    for citation in claim.citations:
        snippet = run_snippets[citation.snippet_id]
        frame = Frame(title=snippet.title, section=snippet.section)
        units = [citation.quote[u.start : u.end] for u in text_units(citation.quote)]
        out += [(u, Frame(frame.title, frame.section, row_label(u))) for u in units]
        if len(units) > 1:
            out.append((citation.quote, frame))
    return out


def _side_kind(part: SubGoal, measured: frozenset[str]) -> str:
    """What each compared side must state: the date or number the choice is made by, not the
    choice (a name the question already gives)."""
    kind = asked_kind(part.text, measured)
    if not part.compare or kind in ("number", "date"):
        return kind
    return {"date": "date", "number": "number"}.get(compared_by(part.text), "any")
