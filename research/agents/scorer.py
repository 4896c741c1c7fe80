"""The evidence scorer: which unit of the retrieved passages answers a part, and how surely.

Every sentence, list item and table row of the part's snippets is a candidate. A candidate
must name the part's entity (itself, or its frame: its row's label, its section headings, its
document's title, or an alias the documents define; a subject the part only describes filters
nothing) and, where the part asks for a number or a date, hold one. Among those, the utility
is what any question shares with its answer: the meaning of the unit against the part's
question (cosine of the shipped embedder's vectors), the share of the question's content words
the unit and its frame state, the asked dates it falls within or clashes with, and for a row
how much of its label the question writes. A conditional logit fitted on the tune halves of
the evaluation sets weighs them; a unit's probability is taken against its best rivals and
"none of them".

A row answers with one cell: the cell whose header the question names best, and only when
that cell holds the asked kind of value the question does not itself give.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from corpora.chunking import SECTION_SEP
from corpora.embedders import get_embedder
from corpora.units import HEADER_SEP, ROW_LABEL_SEP, row_cells, text_units
from research.agents.support import (
    Frame,
    aliases,
    asked_kind,
    holds_kind,
    names_entity,
    unnamed,
)
from research.agents.text import content_terms, stem, words
from research.agents.times import time_clash, time_fit, times
from research.agents.versions import superseded
from research.contracts import Citation, Claim, Snippet

# A conditional logit over Features.vector(): each unit's utility is WEIGHTS · features, and
# "none of the units answers" has the utility NONE; a unit's probability is taken against the
# RIVALS best units. Fitted on the tune halves of tarrow-water, evals/pdf and evals/ by
# `manage.py fit_scorer`. Not yet deciding: at the threshold that keeps the tune halves' wrong
# answers within 5% (0.6) it answers 46 of 142 tune parts (1 wrong) but only 20 of 118 check
# parts (5 wrong), too few to replace the rule-based judge (see #32).
WEIGHTS = (0.96, 3.263, 2.492, 0.255, 0.312, 0.166, 0.363, -0.268, 1.531)
NONE = 4.765
RIVALS = 3


@dataclass(frozen=True)
class Candidate:
    snippet: Snippet
    start: int
    end: int
    kind: str  # "sentence", "item" or "row"
    frame: Frame
    cell: str = ""  # for a row: the "Header: value" that answers

    @property
    def text(self) -> str:
        return self.snippet.text[self.start : self.end]


@dataclass(frozen=True)
class Features:
    """What any question shares with the unit that answers it."""

    meaning: float  # cosine of the part's question and the unit in its frame
    coverage: float  # share of the question's content words in the unit and its frame
    unit_coverage: float  # the same share in the unit's own words
    in_unit: bool  # the unit itself names the entity (not only its frame)
    is_row: bool
    header: float  # for a row: share of the question's words in the answering cell's header
    time_fit: float  # share of the question's dates the unit or its frame falls within
    time_clash: bool  # the unit is dated, and not within any date the question asks
    label_named: float  # for a row: share of its label's words the question writes

    def vector(self) -> tuple[float, ...]:
        return (
            self.meaning,
            self.coverage,
            self.unit_coverage,
            float(self.in_unit),
            float(self.is_row),
            self.header,
            self.time_fit,
            float(self.time_clash),
            self.label_named,
        )


@dataclass(frozen=True)
class Scored:
    candidate: Candidate
    features: Features
    score: float = 0.0  # the probability that this unit, of all the part's, states the answer

    @property
    def utility(self) -> float:
        return sum(w * x for w, x in zip(WEIGHTS, self.features.vector(), strict=True))


def with_probabilities(ranked: Sequence[Scored]) -> list[Scored]:
    """Each unit's probability against its RIVALS best rivals and "none of them" (NONE): a
    unit answers surely only when it stands out from the units closest to it and from no
    answer at all. Only the best rivals count, so a long pool of weak units (every row of a
    table) does not dilute the one that answers."""
    utilities = [s.utility for s in ranked]
    return [
        Scored(s.candidate, s.features, answer_probability(u, utilities))
        for s, u in zip(ranked, utilities, strict=True)
    ]


def answer_probability(utility: float, utilities: Sequence[float], none: float = NONE) -> float:
    """A softmax over "none" and the RIVALS best of `utilities` (which hold `utility`)."""
    best = sorted(utilities, reverse=True)[:RIVALS]
    top = max(none, *best)
    total = math.exp(none - top) + sum(math.exp(u - top) for u in best)
    return math.exp(utility - top) / total


def _frame_text(candidate: Candidate) -> str:
    return " ".join([candidate.frame.section, candidate.frame.row_label, candidate.cell])


def candidates(snippets: Sequence[Snippet]) -> list[Candidate]:
    """Every unit of every snippet once (a chunk seen twice gives its units once)."""
    out: list[Candidate] = []
    seen: set[int] = set()
    for snippet in snippets:
        if snippet.id in seen:
            continue
        seen.add(snippet.id)
        units = text_units(snippet.text)
        for before, unit in zip([None, *units], units, strict=False):
            text = snippet.text[unit.start : unit.end]
            label = row_cells(text)[0] if unit.kind == "row" else ""
            frame = Frame(title=snippet.title, section=snippet.section, row_label=label)
            out.append(Candidate(snippet, unit.start, unit.end, unit.kind, frame))
            if before is not None and unit.kind == "sentence" and _GOES_ON.match(text):
                # "Its capacity factor was 43.9 percent": said of what the sentence before named
                out.append(Candidate(snippet, before.start, unit.end, unit.kind, frame))
    return out


_GOES_ON = re.compile(r"(?:It|Its|They|Their|This|These|He|She|His|Her)\b")


def _coverage(terms: list[str], text: str) -> float:
    if not terms:
        return 0.0
    present = {stem(w) for w in words(text)}
    return sum(t in present for t in terms) / len(terms)


def _answering_cell(
    candidate: Candidate, terms: list[str], kind: str, question: str
) -> Candidate | None:
    """The row with its best-named cell, or None when no cell holds the asked kind."""
    _, cells = row_cells(candidate.text)
    best: tuple[float, str] | None = None
    given = set(words(question))
    for cell in cells:
        header, _, value = cell.rpartition(HEADER_SEP)
        if not holds_kind(value or cell, kind, question):
            continue
        if value and set(words(value)) <= given:
            continue  # "the 180 mm pipe": the value the question gives names the row
        named = _coverage(terms, header or cell)
        if best is None or named > best[0]:
            best = (named, cell)
    if best is None:
        return None
    return Candidate(
        candidate.snippet,
        candidate.start,
        candidate.end,
        candidate.kind,
        candidate.frame,
        cell=best[1],
    )


_VECTORS: dict[str, tuple[float, ...]] = {}
_VECTORS_MAX = 50_000  # units kept embedded across parts and iterations of a process


def _vectors(texts: list[str]) -> list[tuple[float, ...]]:
    """Unit vectors of `texts`, embedding the ones not seen before in one batch."""
    fresh = [t for t in dict.fromkeys(texts) if t not in _VECTORS]
    if fresh:
        if len(_VECTORS) + len(fresh) > _VECTORS_MAX:
            _VECTORS.clear()
        embedded = get_embedder("local").embed_documents(fresh)
        _VECTORS.update((t, tuple(v)) for t, v in zip(fresh, embedded, strict=True))
    return [_VECTORS[t] for t in texts]


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Both come from the embedder at unit length: the dot product is the cosine."""
    return float(np.dot(a, b))


def score_units(question: str, entity: str, snippets: Sequence[Snippet]) -> list[Scored]:
    """Candidates that name the entity and hold the asked kind, best first; a superseded
    draft's after every other."""
    kind = asked_kind(question)
    texts = [s.text for s in snippets]
    also = aliases(entity, texts)
    # A subject the part only describes is no filter, and its words are what to look for.
    named = not unnamed(entity, texts)
    terms = content_terms(question, exclude=words(" ".join([entity, *also])) if named else ())
    asked = times(question)
    eligible: list[Candidate] = []
    for candidate in candidates(snippets):
        if named and not names_entity(entity, candidate.text, candidate.frame, also):
            continue
        if candidate.kind == "row":
            answering = _answering_cell(candidate, terms, kind, question)
            if answering is not None:
                eligible.append(answering)
        elif holds_kind(candidate.text, kind, question):
            eligible.append(candidate)
    if not eligible:
        return []
    query = get_embedder("local").embed_query(question)
    vectors = _vectors([_embedded(c) for c in eligible])
    scored = with_probabilities(
        [
            Scored(c, _features(c, terms, entity, also, _cosine(query, v), asked, question))
            for c, v in zip(eligible, vectors, strict=True)
        ]
    )
    old = superseded(s.title for s in snippets)  # a final outranks its draft
    return sorted(scored, key=lambda s: (s.candidate.frame.title in old, -s.score))


def _features(
    c: Candidate,
    terms: list[str],
    entity: str,
    also: Sequence[str],
    meaning: float,
    asked: set[str],
    question: str,
) -> Features:
    header = c.cell.rpartition(HEADER_SEP)[0] if c.cell else ""
    framed = times(f"{c.frame.title} {c.frame.section} {c.text}")
    label = words(c.frame.row_label)
    written = set(words(question))
    return Features(
        meaning=meaning,
        coverage=_coverage(terms, f"{c.text} {_frame_text(c)}"),
        unit_coverage=_coverage(terms, c.cell or c.text),
        in_unit=names_entity(entity, c.text, Frame(title=""), also),
        is_row=c.kind == "row",
        header=_coverage(terms, header),
        time_fit=time_fit(asked, framed),
        time_clash=time_clash(asked, times(c.text)),
        label_named=sum(w in written for w in label) / len(label) if label else 0.0,
    )


def _embedded(candidate: Candidate) -> str:
    """What a unit means in place: its section path, then the unit (a row: its label and the
    answering cell, so other columns do not blur it)."""
    section = candidate.frame.section.replace(SECTION_SEP, ", ")
    if candidate.cell:
        return f"{section}: {candidate.frame.row_label}, {candidate.cell}"
    return f"{section}: {candidate.text}" if section else candidate.text


def scored_claim(scored: Scored) -> Claim:
    return candidate_claim(scored.candidate)


def candidate_claim(found: Candidate) -> Claim:
    """The claim a candidate makes: a row's label and answering cell, or the sentence; the
    quote is the whole unit."""
    text = f"{found.frame.row_label}{ROW_LABEL_SEP}{found.cell}" if found.cell else found.text
    quote = Citation(snippet_id=found.snippet.id, quote=found.text)
    return Claim(text=" ".join(text.split()), citations=[quote])
