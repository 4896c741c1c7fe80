"""Deterministic dossier assembly from assessed claims; used by the offline engine."""

from __future__ import annotations

from research.contracts import (
    NO_DATA,
    Assessment,
    Dossier,
    Section,
    SectionStatus,
    SubGoal,
    Verdict,
)


def synthesize_extractive(
    goal: str, sub_goals: list[SubGoal], assessments: list[Assessment]
) -> Dossier:
    """One section per sub-goal: its quoted claims, or "no data found" and what is missing."""
    by_key = {a.sub_goal: a for a in assessments}
    sections = []
    for sg in sub_goals:
        a = by_key.get(sg.key)
        if a is not None and a.verdict == Verdict.SUFFICIENT and a.claims:
            sections.append(
                Section(
                    sub_goal=sg.key, heading=sg.text, status=SectionStatus.ANSWERED, claims=a.claims
                )
            )
            continue
        missing = ", ".join(a.missing) if a and a.missing else "the asked fact"
        sections.append(
            Section(
                sub_goal=sg.key,
                heading=sg.text,
                status=SectionStatus.NO_DATA,
                no_data_text=NO_DATA,
                follow_up_needed=f"A document stating {missing} for {sg.entity}.",
            )
        )
    answered = sum(1 for s in sections if s.status == SectionStatus.ANSWERED)
    summary = f"{answered} of {len(sections)} part(s) answered from the selected sources."
    if answered < len(sections):
        summary += " The others: " + NO_DATA.lower().rstrip(".") + "."
    return Dossier(title=goal[:200], summary=summary, sections=sections)
