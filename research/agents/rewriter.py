"""Queries: one entity per query, never a blended list; fallbacks for the coverage barrier."""

from __future__ import annotations

from research.agents.text import content_terms, words
from research.contracts import SubGoal


def first_queries(sub_goal: SubGoal) -> list[str]:
    """The planner's focused queries, or the sub-goal's own text."""
    return [q for q in sub_goal.queries if q.strip()] or [sub_goal.text]


def fallback_queries(sub_goal: SubGoal, searched: list[str]) -> list[str]:
    """Reformulations not tried yet: the entity as a phrase with the fact, then the fact alone."""
    done = {" ".join(q.lower().split()) for q in searched}
    entities = sub_goal.compare or [sub_goal.entity]
    out = []
    for entity in entities:
        facts = " ".join(content_terms(sub_goal.text, exclude=words(entity)))
        for candidate in (f'"{entity}" {facts}', f'"{entity}"', f"{facts} {entity}"):
            text = " ".join(candidate.split())
            if text and text.lower() not in done and text not in out:
                out.append(text)
                break
    return out
