"""Two runs side by side: per part heading, each run's status, answer and citations.

Read from what a run stores: the gated dossier on the run row once it finished, the plan event
before that. Citations link to the source only where the reader may open it, and a source the
reader may not see is never shown as support.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse

from corpora.selectors import chunks_get_for
from research.contracts import NO_DATA, SectionStatus
from research.exports import references, status_label, stored_dossier
from research.models import ResearchRun, RunEvent

Viewer = AbstractBaseUser | AnonymousUser
NOT_ANSWERED_YET = "not answered yet"
NO_ANSWER = "no answer: the run ended without a dossier"
NOT_IN_RUN = "not a part of this run"
HIDDEN_SOURCES = "answered from sources not shared with you"


@dataclass(frozen=True)
class Cite:
    number: int
    title: str
    page: int
    quote: str
    href: str


@dataclass(frozen=True)
class Claim:
    text: str
    cites: list[Cite]


@dataclass(frozen=True)
class Answer:
    """One run's answer to one part: a status label a reader can read without colour."""

    label: str
    answered: bool
    claims: list[Claim]
    note: str = ""


@dataclass(frozen=True)
class Row:
    heading: str
    answers: tuple[Answer, Answer]


def _key(heading: str) -> str:
    return " ".join(heading.casefold().split())


def _cite_href(document_id: int, page: int, quote: str) -> str:
    base = reverse("corpora:page", args=[document_id, page])
    return f"{base}?{urlencode({'q': quote})}#hl"


def _finished_answers(run: ResearchRun, *, viewer: Viewer) -> dict[str, tuple[str, Answer]] | None:
    dossier, _ledger = stored_dossier(run)
    if dossier is None:
        return None
    refs = references(run, dossier)
    visible = chunks_get_for(user=viewer, chunk_ids=[r.snippet_id for r in refs.values()])
    answers: dict[str, tuple[str, Answer]] = {}
    for section in dossier.sections:
        claims = []
        for claim in section.claims:
            cites = [
                Cite(
                    ref.number,
                    ref.title,
                    ref.page,
                    " ".join(ref.quote.split()),
                    _cite_href(ref.document_id, ref.page, ref.quote),
                )
                for c in claim.citations
                if (ref := refs.get((c.snippet_id, c.quote))) and ref.snippet_id in visible
            ]
            if cites:  # a claim whose every source is hidden from the reader is not shown
                claims.append(Claim(claim.text, cites))
        label = status_label(section.status, section.unsupported)
        answered = section.status == SectionStatus.ANSWERED
        if answered and not claims:
            label, answered = HIDDEN_SOURCES, False
        note = "" if section.status == SectionStatus.ANSWERED else section.no_data_text or NO_DATA
        answers.setdefault(
            _key(section.heading), (section.heading, Answer(label, answered, claims, note))
        )
    return answers


def _planned_answers(run: ResearchRun) -> dict[str, tuple[str, Answer]]:
    plan = run.events.filter(kind=RunEvent.Kind.PLAN).order_by("-seq").first()
    label = NOT_ANSWERED_YET if not run.is_terminal else NO_ANSWER
    sub_goals = plan.payload["plan"]["sub_goals"] if plan else []
    return {
        _key(sg["text"]): (sg["text"], Answer(label, False, [], run.failure_reason))
        for sg in sub_goals
    }


def run_answers(run: ResearchRun, *, viewer: Viewer) -> dict[str, tuple[str, Answer]]:
    """Each part of the run, keyed by its normalised heading: (heading, answer)."""
    finished = _finished_answers(run, viewer=viewer)
    return finished if finished is not None else _planned_answers(run)


def _absent(run: ResearchRun, answers: dict[str, tuple[str, Answer]]) -> Answer:
    """What a run shows for a part it has no row for."""
    if answers:
        return Answer(NOT_IN_RUN, False, [])
    return Answer(NO_ANSWER if run.is_terminal else NOT_ANSWERED_YET, False, [], run.failure_reason)


def compare_rows(a: ResearchRun, b: ResearchRun, *, viewer: Viewer) -> list[Row]:
    """One row per part heading, in run a's order and then b's other parts."""
    left, right = run_answers(a, viewer=viewer), run_answers(b, viewer=viewer)
    rows = []
    for key in [*left, *(k for k in right if k not in left)]:
        heading = (left.get(key) or right[key])[0]
        pair = (
            left[key][1] if key in left else _absent(a, left),
            right[key][1] if key in right else _absent(b, right),
        )
        rows.append(Row(heading, pair))
    return rows
