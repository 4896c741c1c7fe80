"""The tune/check protocol: each case belongs to one half by a hash of its id, so changes are
tuned on one half and checked on the other, and a gap between the halves shows over-fitting."""

from __future__ import annotations

import hashlib
from typing import Any, Literal

from research.evaluation.report import summarize, table
from research.evaluation.scoring import CaseScore

Half = Literal["tune", "check"]
HALVES: tuple[Half, Half] = ("tune", "check")
GAP_LIMIT = 0.05  # check should lie within this of tune
GAP_KEYS = [("completeness", "completeness"), ("false_abstention", "false abstention")]

COLUMNS = [
    ("completeness", "complete"),
    ("false_abstention", "false abst"),
    ("abstention", "null abst"),
    ("wrong_answers", "wrong"),
    ("silent_half_answers", "silent"),
    ("all_at_10", "All@10"),
    ("median_seconds", "median s"),
    ("cases", "cases"),
]


def half_of(case_id: str) -> Half:
    """'tune' when the SHA-256 of the id is even, else 'check'; stable across runs and machines."""
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "check"


def summarize_halves(scores: list[CaseScore]) -> dict[Half, dict[str, Any]]:
    """The summary of each half's cases (an empty half has an empty summary's figures)."""
    return {h: summarize([s for s in scores if half_of(s.case_id) == h]) for h in HALVES}


def gap_line(halves: dict[Half, dict[str, Any]]) -> str:
    """Whether check lies within GAP_LIMIT of tune, for completeness and false abstention."""
    parts = []
    for key, label in GAP_KEYS:
        tune, check = halves["tune"].get(key), halves["check"].get(key)
        if tune is None or check is None:
            parts.append(f"{label} n/a")
            continue
        gap = abs(check - tune)
        parts.append(f"{label} {gap:.3f} {'ok' if gap <= GAP_LIMIT + 1e-9 else 'WIDE'}")
    return "tune/check gap: " + ", ".join(parts)


def halves_report(runs: list[tuple[str, dict[Half, dict[str, Any]]]]) -> str:
    """One table with a row per run and half, then each run's gap verdict."""
    rows = [(f"{name} · {h}", halves[h]) for name, halves in runs for h in HALVES]
    verdicts = [f"{name}: {gap_line(halves)}" for name, halves in runs]
    return "\n".join([table(rows, COLUMNS), *verdicts])
