"""Route each sub-goal to corpora: by names in document titles, descriptions and centroids,
and wherever a first search of the part over all selected corpora finds passages."""

from __future__ import annotations

from dataclasses import dataclass

from research.contracts import CorpusInfo, Plan, SubGoal

TITLE_STRONG = 0.75
MAX_ROUTES = 3


@dataclass(frozen=True)
class RouteSignal:
    title_sim: float = 0.0  # best similarity of the entity to a document title in the corpus
    phrase_hits: int = 0  # chunks containing the entity as a phrase
    description_sim: float = 0.0  # cosine of the sub-goal to the corpus description
    centroid_sim: float = 0.0  # cosine of the sub-goal to the corpus's mean chunk vector
    search_hits: int = 0  # passages of the corpus in a first search of the part over all corpora


def route_sub_goal(
    sub_goal: SubGoal, corpora: list[CorpusInfo], signals: dict[int, RouteSignal]
) -> SubGoal:
    names = {c.id: c.name for c in corpora}
    allowed = [c.id for c in corpora]
    if len(allowed) == 1:
        return sub_goal.model_copy(
            update={"corpus_ids": allowed, "route_reason": "the only corpus in scope"}
        )
    sig = {cid: signals.get(cid, RouteSignal()) for cid in allowed}
    chosen = [cid for cid in sub_goal.corpus_ids if cid in allowed]
    if chosen and sub_goal.route_reason:  # the planner routed it (Gemini)
        picked, reason = _with_found(chosen[:MAX_ROUTES], sub_goal.route_reason, sig, names)
        return sub_goal.model_copy(update={"corpus_ids": picked, "route_reason": reason})
    titled = sorted(
        (cid for cid in allowed if sig[cid].title_sim >= TITLE_STRONG),
        key=lambda cid: -sig[cid].title_sim,
    )
    if titled:
        picked = titled[:MAX_ROUTES]
        reason = "a document title there names " + (sub_goal.entity or "the subject")
    else:
        phrased = sorted(
            (cid for cid in allowed if sig[cid].phrase_hits), key=lambda c: -sig[c].phrase_hits
        )
        by_meaning = sorted(
            allowed, key=lambda cid: -(sig[cid].description_sim + sig[cid].centroid_sim)
        )
        picked = list(dict.fromkeys([*phrased[:2], *by_meaning[:2]]))[:MAX_ROUTES]
        reason = (
            "its passages name " + sub_goal.entity + "; description closest to the part"
            if phrased
            else "description and content closest to the part"
        )
    picked, reason = _with_found(picked, reason, sig, names)
    labels = ", ".join(names[c] for c in picked)
    return sub_goal.model_copy(update={"corpus_ids": picked, "route_reason": f"{labels}: {reason}"})


def _with_found(
    picked: list[int], reason: str, sig: dict[int, RouteSignal], names: dict[int, str]
) -> tuple[list[int], str]:
    """Corpora the part's first search over all of them drew passages from are searched too,
    uncapped: a description can mislead, the passages themselves cannot be missed."""
    found = sorted((c for c in sig if sig[c].search_hits), key=lambda c: -sig[c].search_hits)
    extra = [c for c in found if c not in picked]
    if not extra:
        return picked, reason
    listed = ", ".join(names[c] for c in extra)
    return [
        *picked,
        *extra,
    ], f"{reason}; a first search over all corpora found passages in {listed}"


def route_plan(
    plan: Plan, corpora: list[CorpusInfo], signals: dict[str, dict[int, RouteSignal]]
) -> Plan:
    routed = [route_sub_goal(sg, corpora, signals.get(sg.key, {})) for sg in plan.sub_goals]
    return plan.model_copy(update={"sub_goals": routed})
