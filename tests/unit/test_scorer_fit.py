"""Fitting the evidence scorer: signs kept, threshold within the wrong-answer bound."""

from __future__ import annotations

from research.evaluation import scorer_fit
from research.evaluation.scorer_fit import PartRows


def rows(meaning: float, against: float, label: bool) -> tuple[tuple[float, ...], bool]:
    """Features in Features.vector() order: only meaning and coverage vary here."""
    return (meaning, against, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0), label


def invented_parts() -> list[PartRows]:
    parts = []
    for n in range(40):
        good = 0.55 + (n % 5) * 0.08
        # coverage is made to run against the label: a sign-free fit would weigh it negative
        candidates = (rows(good, 0.1, True), rows(good - 0.3, 0.9, False))
        parts.append(PartRows("invented", f"case-{n}", True, candidates))
    parts.append(PartRows("invented", "null-1", False, (rows(0.2, 0.5, False),)))
    return parts


def test_the_fit_keeps_each_weight_to_its_features_sign() -> None:
    weights, _ = scorer_fit.fit(invented_parts())

    assert weights[0] > 0  # meaning separates the answering candidate
    assert weights[1] == 0  # coverage may not count against, whatever the data say


def test_the_threshold_keeps_wrong_answers_within_the_bound_and_ranks_the_answer_first() -> None:
    parts = invented_parts()
    weights, none = scorer_fit.fit(parts)
    threshold = scorer_fit.threshold_for(parts, weights, none)
    result = scorer_fit.outcome(parts, weights, none, threshold)

    assert result.wrong <= scorer_fit.MAX_WRONG * max(1, result.answered)
    assert result.right == 40
    assert scorer_fit.ceilings(parts, weights, none) == (
        "answerable 40: an answering candidate 40, ranked first 40"
    )
