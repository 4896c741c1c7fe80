"""Aggregate case scores into the tables `evaluate` prints (and its JSON)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from statistics import mean, median
from typing import Any

from research.evaluation.scoring import CaseScore, PartScore


def _share(values: Iterable[bool | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


def summarize(scores: list[CaseScore]) -> dict[str, Any]:
    parts: list[PartScore] = [p for s in scores for p in s.parts]
    answerable = [p for p in parts if p.answerable]
    null = [p for p in parts if not p.answerable]
    answered = [p for p in parts if p.answered]
    cites = sum(s.citations for s in scores)
    multi = [s for s in scores if len(s.parts) > 1]
    trajectories = [s.trajectory for s in scores if s.trajectory is not None]
    return {
        "cases": len(scores),
        "parts": len(parts),
        "completeness": _share(p.correct for p in answerable),
        "answer_found": _share(p.answer_found for p in answerable),
        "evidence_cited": _share(p.evidence_cited for p in answerable),
        "abstention": _share(not p.answered for p in null),
        "false_abstention": _share(not p.answered for p in answerable),
        "wrong_answers": _share(p.wrong for p in answered),
        "wrong_answers_count": sum(p.wrong for p in answered),
        "silent_half_answers": sum(s.silent_half_answer for s in scores),
        "citation_validity": (sum(s.citations_valid for s in scores) / cites) if cites else None,
        "trajectory": mean(trajectories) if trajectories else None,
        "all_parts_right": _share(all(p.correct for p in s.parts) for s in multi)
        if multi
        else None,
        "quote_recall_10": _mean(p.quote_recall_10 for p in answerable),
        "all_at_10": _share(p.all_at_10 for p in answerable),
        "all_at_20": _share(p.all_at_20 for p in answerable),
        "second_hop_10": _share(p.second_hop for p in answerable),
        "routing": _share(p.evidence_corpus_searched for p in answerable),
        "corpora_per_part": _mean(p.corpora_searched for p in parts if p.corpora_searched),
        "all_evidence_cited": _share(p.all_evidence_cited for p in answerable),
        "keypoint_completeness": _mean(p.keypoint_completeness for p in answerable),
        "citations_in_evidence": _ratio(
            sum(p.citations_in_evidence for p in answerable), sum(p.citations for p in answerable)
        ),
        "citations_on_quote": _ratio(
            sum(p.citations_on_quote or 0 for p in answerable),
            sum(p.citations for p in answerable if p.citations_on_quote is not None),
        ),
        "queries_per_part": median(p.queries for p in answerable) if answerable else None,
        "iterations_per_part": _mean(p.iterations for p in answerable),
        "calls_per_case": mean(s.calls for s in scores) if scores else None,
        "tokens_per_case": mean(s.tokens for s in scores) if scores else None,
        "seconds_per_case": mean(s.seconds for s in scores) if scores else None,
        "median_seconds": median(s.seconds for s in scores) if scores else None,
    }


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _mean(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return mean(vals) if vals else None


COLUMNS = [
    ("completeness", "complete"),
    ("abstention", "null abst"),
    ("false_abstention", "false abst"),
    ("wrong_answers", "wrong"),
    ("wrong_answers_count", "wrong n"),
    ("silent_half_answers", "silent"),
    ("citation_validity", "cit valid"),
    ("trajectory", "traject"),
    ("all_parts_right", "all parts"),
    ("calls_per_case", "calls/case"),
    ("seconds_per_case", "s/case"),
    ("median_seconds", "median s"),
]
RETRIEVAL_COLUMNS = [
    ("quote_recall_10", "QuoteRec@10"),
    ("all_at_10", "All@10"),
    ("all_at_20", "All@20"),
    ("second_hop_10", "2nd hop@10"),
    ("routing", "routing"),
    ("corpora_per_part", "corpora/part"),
]


# What the answers say and what they cite; queries per part is a median.
ANSWER_COLUMNS = [
    ("answer_found", "answer in"),
    ("keypoint_completeness", "keypoints"),
    ("evidence_cited", "ev cited"),
    ("all_evidence_cited", "all ev cit"),
    ("citations_in_evidence", "cit in ev"),
    ("citations_on_quote", "cit on q"),
    ("queries_per_part", "queries/pt"),
    ("iterations_per_part", "iter/part"),
    ("tokens_per_case", "tokens/case"),
]


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}" if value < 100 else f"{value:.0f}"
    return str(value)


def table(rows: list[tuple[str, dict[str, Any]]], columns: list[tuple[str, str]]) -> str:
    width = max([28, *(len(name) for name, _ in rows)])
    header = ["run".ljust(width)] + [label.rjust(11) for _, label in columns]
    lines = [" ".join(header), "-" * len(" ".join(header))]
    for name, summary in rows:
        lines.append(
            " ".join([name.ljust(width)] + [_fmt(summary.get(k)).rjust(11) for k, _ in columns])
        )
    return "\n".join(lines)


def by_type(scores: list[CaseScore]) -> dict[str, list[CaseScore]]:
    groups: dict[str, list[CaseScore]] = {}
    for s in scores:
        groups.setdefault(s.type, []).append(s)
    groups["single"] = [s for s in scores if len(s.parts) == 1]
    groups["multi-part"] = [s for s in scores if len(s.parts) > 1]
    return {k: v for k, v in groups.items() if v}


def as_json(scores: list[CaseScore]) -> list[dict[str, Any]]:
    return [asdict(s) for s in scores]
