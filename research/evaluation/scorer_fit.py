"""Fit the evidence scorer (research/agents/scorer.py) on the tune halves; report both halves.

For every part of every case, the part's question is searched as the loop's first query is
(all of the case's corpora, top 10), and each candidate unit the scorer accepts becomes a row:
its features, and whether its claim states one of the part's `answer_any` strings. A
conditional logit (the part's answer is one of its candidates, or none) is fitted on the tune
half's rows, each weight keeping the sign its feature has by design (SIGNS). A part is then
answered by its best candidate when that one's probability (against its best rivals and
"none") reaches the threshold: the lowest at which, on the tune half, at most MAX_WRONG of the
answered parts are answered wrongly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import minimize

from research import retrieval
from research.agents.planner import main_entity
from research.agents.scorer import answer_probability, score_units, scored_claim
from research.contracts import Query, Scope
from research.evaluation.halves import half_of
from research.evaluation.loader import Case
from research.evaluation.scoring import contains_answer, yes_no

MAX_WRONG = 0.05
PROBE_K = 10


@dataclass(frozen=True)
class PartRows:
    source: str  # the evaluation set
    case_id: str
    answerable: bool
    rows: tuple[tuple[tuple[float, ...], bool], ...]  # (features, the claim states the answer)

    @property
    def half(self) -> str:
        return half_of(self.case_id)


def _valued(part: dict[str, Any]) -> bool:
    """A part answered by a value the scorer can be checked on (not yes/no, not an essay)."""
    answers = part.get("answer_any") or []
    return not yes_no(answers) and all(len(a) <= 60 for a in answers)


def collect(
    source: str, cases: Sequence[Case], corpus_ids: dict[str, int], user: Any
) -> list[PartRows]:
    class _Run:  # what retrieval.search needs of a run
        owner = user

    out: list[PartRows] = []
    for case in cases:
        ids = [corpus_ids[s] for s in case.corpora if s in corpus_ids]
        scope = Scope(goal=case.goal, corpus_ids=ids)
        for part in case.parts:
            answerable = bool(part.get("answer_any"))
            if answerable and not _valued(part):
                continue
            question = part["subgoal"]
            query = Query(key="fit", sub_goal="fit", text=question, corpus_ids=ids, iteration=1)
            snippets = retrieval.search(_Run, scope, query, k=PROBE_K)
            answers = part.get("answer_any") or []
            rows = tuple(
                (s.features.vector(), answerable and _states(s, answers))
                for s in score_units(question, main_entity(question), snippets)
            )
            out.append(PartRows(source, case.id, answerable, rows))
    return out


def _states(scored: Any, answers: list[str]) -> bool:
    return contains_answer(scored_claim(scored).text, answers)


# Each feature's sign by design: every one says the unit states the answer, except a date
# clash, which says it does not. The fit keeps to these signs, so correlated features cannot
# turn one of them into evidence against (L-BFGS-B within the bounds).
SIGNS = (1, 1, 1, 1, 0, 1, 1, -1, 1)  # 0: either sign (a row is neither for nor against)
RIDGE = 0.01


def fit(parts: Sequence[PartRows]) -> tuple[tuple[float, ...], float]:
    """A conditional logit: a part's answer is one of its candidates, or none of them (the
    returned utility of "none"); the likelihood is that of the candidates stating the answer,
    or of "none" where no candidate does."""
    data = [
        (np.array([f for f, _ in p.rows], dtype=float), np.array([y for _, y in p.rows]))
        for p in parts
        if p.rows
    ]
    if not any(y.any() for _, y in data):
        raise ValueError("the tune half needs parts whose answering candidate is retrieved")
    width = data[0][0].shape[1]

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        value, grad = 0.0, np.zeros_like(theta)
        for x, y in data:
            utilities = np.concatenate([[theta[0]], x @ theta[1:]])
            p = np.exp(utilities - utilities.max())
            p /= p.sum()
            target = np.concatenate([[not y.any()], y]).astype(float)
            chosen = float(p @ target)
            value -= np.log(chosen + 1e-12)
            q = p * target / (chosen + 1e-12)
            features = np.vstack([np.eye(1, width + 1), np.hstack([np.zeros((len(x), 1)), x])])
            grad += (p - q) @ features
        value, grad = value / len(data), grad / len(data)
        value += RIDGE * float(np.sum(theta[1:] ** 2))
        grad[1:] += 2 * RIDGE * theta[1:]
        return value, grad

    bounds = [(None, None)] + [
        (0, None) if sign > 0 else (None, 0) if sign < 0 else (None, None) for sign in SIGNS
    ]
    result = minimize(loss, np.zeros(width + 1), jac=True, method="L-BFGS-B", bounds=bounds)
    return tuple(round(float(w), 3) for w in result.x[1:]), round(float(result.x[0]), 3)


def _best(
    rows: Sequence[tuple[tuple[float, ...], bool]], weights: Sequence[float], none: float
) -> tuple[float, bool]:
    """The best candidate's probability, as the judge takes it, and its label."""
    if not rows:
        return 0.0, False
    utilities = [float(np.dot(weights, f)) for f, _ in rows]
    top = int(np.argmax(utilities))
    return answer_probability(utilities[top], utilities, none), rows[top][1]


@dataclass(frozen=True)
class Outcome:
    parts: int
    answerable: int
    right: int
    wrong: int
    null_answered: int
    nulls: int

    @property
    def answered(self) -> int:
        return self.right + self.wrong

    def line(self, name: str) -> str:
        answered = self.answered
        return (
            f"{name:<8} parts {self.parts:>4}  right {self.right:>4}/{self.answerable:<4} "
            f"({self.right / max(1, self.answerable):.3f})  wrong {self.wrong:>3} "
            f"({self.wrong / max(1, answered):.3f} of answered)  "
            f"null answered {self.null_answered}/{self.nulls}"
        )


def outcome(
    parts: Sequence[PartRows], weights: Sequence[float], none: float, threshold: float
) -> Outcome:
    right = wrong = null_answered = 0
    for part in parts:
        probability, states = _best(part.rows, weights, none)
        if probability < threshold:
            continue
        if not part.answerable:
            null_answered += 1
            wrong += 1
        elif states:
            right += 1
        else:
            wrong += 1
    answerable = sum(p.answerable for p in parts)
    return Outcome(len(parts), answerable, right, wrong, null_answered, len(parts) - answerable)


def ceilings(parts: Sequence[PartRows], weights: Sequence[float], none: float) -> str:
    """How far ranking alone gets: answerable parts with any answering candidate, and with
    the answering one ranked first."""
    answerable = [p for p in parts if p.answerable]
    reachable = sum(any(label for _, label in p.rows) for p in answerable)
    first = sum(_best(p.rows, weights, none)[1] for p in answerable)
    return f"answerable {len(answerable)}: an answering candidate {reachable}, ranked first {first}"


def threshold_for(parts: Sequence[PartRows], weights: Sequence[float], none: float) -> float:
    """The lowest threshold keeping wrong answers within MAX_WRONG of the answered parts."""
    for threshold in np.arange(0.05, 1.0, 0.01):
        result = outcome(parts, weights, none, float(threshold))
        if result.wrong <= MAX_WRONG * max(1, result.answered):
            return round(float(threshold), 2)
    return 1.0
