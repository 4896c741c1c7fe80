"""The research loop: plan, route, search per sub-goal, assess, iterate, synthesize, gate.

Every step appends a RunEvent (through `Recorder`) in the same transaction as its state
change. The loop cannot publish a half-answer as a whole one: a part without gated evidence
becomes "no data found", and the run is `complete` only when every part is answered.
"""

from __future__ import annotations

import time

from research.agents.gate import gate_dossier
from research.agents.rewriter import fallback_queries, first_queries
from research.agents.router import RouteSignal, route_plan
from research.agents.spelling import respelled
from research.contracts import (
    NO_DATA,
    Dossier,
    Plan,
    Query,
    Scope,
    SectionStatus,
    Snippet,
    SubGoal,
    Verdict,
)
from research.errors import ProviderError
from research.loop_search import read_documents, read_links, read_names, read_sections, search
from research.loop_state import LoopConfig, State
from research.providers.base import ResearchProvider
from research.recorder import Recorder

MAX_SUB_GOALS = 12
BARRIER_LIMIT = 3
FOLLOW_UPS = 2  # per open part and iteration
INVALID_PLAN = "The planner returned no usable sub-goals for this goal."


def _timed(state: State, fn, **kwargs):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    try:
        reply = fn(**kwargs)
    finally:
        state.provider_s += time.perf_counter() - started
    state.usage = state.usage + reply.usage
    return reply


def _validated_plan(plan: Plan) -> Plan:
    goals = plan.sub_goals[:MAX_SUB_GOALS]
    if not goals:
        raise ProviderError(INVALID_PLAN)
    renamed = [sg.model_copy(update={"key": f"sg-{i}"}) for i, sg in enumerate(goals, start=1)]
    return plan.model_copy(update={"sub_goals": renamed})


def run_loop(
    run: object,
    *,
    provider: ResearchProvider,
    recorder: Recorder | None = None,
    perseverance: bool | None = None,
) -> Dossier:
    """Execute the run to a gated dossier; returns it (also stored on the run)."""
    from research import retrieval

    rec = recorder or Recorder(run)
    scope = Scope.model_validate(rec.run.scope)
    corpora = retrieval.corpora_info(rec.run, scope)
    rec.check()
    read_as = retrieval.respellings(rec.run, scope)
    # Every step reads the goal with its names spelled as the sources spell them.
    scope = scope.model_copy(update={"goal": respelled(scope.goal, read_as)})
    started = time.perf_counter()
    plan_reply = provider.plan(goal=scope.goal, corpora=corpora)
    plan = _validated_plan(plan_reply.value)
    config = LoopConfig.for_run(scope, len(plan.sub_goals), perseverance=perseverance)
    state = State(
        plan=plan,
        config=config,
        usage=plan_reply.usage,
        provider=provider,
        provider_s=time.perf_counter() - started,
        read_as=read_as,
    )
    rec.emit(
        "plan",
        {
            "plan": plan.model_dump(mode="json"),
            "usage": plan_reply.usage.model_dump(),
            "read_as": [{"written": w, "read": r} for w, r in read_as],
        },
    )
    signals: dict[str, dict[int, RouteSignal]] = retrieval.signals_for(rec.run, scope, plan)
    state.plan = route_plan(plan, corpora, signals)
    rec.emit(
        "route",
        {
            "routes": [
                {"sub_goal": sg.key, "corpus_ids": sg.corpus_ids, "reason": sg.route_reason}
                for sg in state.plan.sub_goals
            ]
        },
    )
    cfg = state.config
    rec.emit(
        "budget",
        {
            "budget": cfg.budget,
            "max_iterations": cfg.max_iterations,
            "perseverance": cfg.perseverance,
            "used": 0,
        },
    )
    pending = _initial_queries(state, scope)
    iteration, barriers = 0, 0
    while True:
        iteration += 1
        for query in pending:
            if state.budget_left() <= 0:
                break
            rec.check()
            search(rec, state, scope, query)
        read_names(rec, state, iteration)
        for sg in state.open_goals():
            rec.check()
            _assess(rec, state, scope, sg)
        for sg in read_sections(rec, state, iteration):
            _assess(rec, state, scope, sg)
        for sg in read_documents(rec, state, iteration):
            _assess(rec, state, scope, sg)
        for sg in read_links(rec, state, iteration):
            _assess(rec, state, scope, sg)
        still_open = state.open_goals()
        if not still_open:
            break
        pending = _follow_ups(rec, state, still_open, iteration + 1)
        if state.budget_left() <= 0:
            break
        if iteration >= cfg.max_iterations or not pending:
            if not cfg.perseverance or barriers >= BARRIER_LIMIT:
                break
            barriers += 1
            extra = _fallbacks(state, still_open, iteration + 1)
            pending += extra
            rec.emit(
                "barrier",
                {
                    "attempt": barriers,
                    "open": [sg.key for sg in still_open],
                    "budget_left": state.budget_left(),
                    "queries": [q.text for q in extra],
                    "reason": "A final answer with open parts and budget left "
                    "was refused; searching again.",
                },
            )
            if not pending:
                break
    return _finish(rec, state, scope, provider)


def _new_query(
    state: State,
    sg_key: str,
    text: str,
    corpus_ids: list[int],
    iteration: int,
    suggested_by: int | None = None,
) -> Query:
    state.query_seq += 1
    query = Query(
        key=f"q-{state.query_seq}",
        sub_goal=sg_key,
        text=text,
        corpus_ids=corpus_ids,
        iteration=iteration,
        parent=state.last_query.get(sg_key),
        suggested_by=suggested_by,
    )
    state.searched.setdefault(sg_key, []).append(text)
    state.last_query[sg_key] = query.key
    return query


def _initial_queries(state: State, scope: Scope) -> list[Query]:
    """The goal as one query across the routed corpora, then each sub-goal's own queries; a
    sub-goal query that repeats the goal replaces the goal-wide one rather than spend twice."""
    planned = [(sg, text) for sg in state.plan.sub_goals for text in first_queries(sg)]
    queries = []
    if not any(_same_text(text, scope.goal) for _, text in planned):
        routed = sorted({cid for sg in state.plan.sub_goals for cid in sg.corpus_ids})
        queries.append(_new_query(state, "", scope.goal, routed or scope.corpus_ids, 1))
    for sg, text in planned:
        queries.append(_new_query(state, sg.key, text, sg.corpus_ids, 1))
    return queries


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.lower().split()).strip(" ?.") == " ".join(b.lower().split()).strip(" ?.")


def _context(state: State, key: str) -> list[Snippet]:
    """The part's best passages within the context's size, and the passages that define its
    entity's other names, whatever their rank."""
    pool = sorted(state.evidence.get(key, {}).values(), key=lambda s: -s.score)
    out, used = [], 0
    for snip in pool:
        if used + len(snip.text) > state.config.max_context_chars:
            break
        out.append(snip)
        used += len(snip.text)
    taken = {s.id for s in out}
    defining = state.definitions.get(key, set())
    return out + [s for s in pool if s.id in defining and s.id not in taken]


def _assess(rec: Recorder, state: State, scope: Scope, sg: SubGoal) -> None:
    from research.providers import validation

    snippets = _context(state, sg.key)
    reply = _timed(
        state,
        state.provider.assess,
        goal=scope.goal,
        sub_goal=sg,
        snippets=snippets,
        searched=state.searched.get(sg.key, []),
    )
    assessment, dropped = validation.assessment_checked(reply.value, sg.key, snippets)
    state.assessments[sg.key] = assessment
    rec.emit(
        "assessment",
        {
            "assessment": assessment.model_dump(mode="json"),
            "dropped_citations": dropped,
            "usage": reply.usage.model_dump(),
            "snippet_ids": [s.id for s in snippets],
        },
    )


def _follow_ups(
    rec: Recorder, state: State, open_goals: list[SubGoal], iteration: int
) -> list[Query]:
    """The judge's follow-ups not yet searched, two per part: those naming an entity that a
    document of the part's corpora is titled by come first, then in the judge's order."""
    from research import retrieval

    queries = []
    for sg in open_goals:
        done = {" ".join(q.lower().split()) for q in state.searched.get(sg.key, [])}
        fresh = []
        for follow in state.assessments[sg.key].follow_ups:
            text = " ".join(follow.text.split())
            if text and text.lower() not in done:
                done.add(text.lower())
                fresh.append(follow.model_copy(update={"text": text}))
        titled = retrieval.titled_entities(rec.run, sg.corpus_ids, [f.entity for f in fresh])
        linked = [f for f in fresh if " ".join(f.entity.lower().split()) in titled]
        for follow in [*linked, *(f for f in fresh if f not in linked)][:FOLLOW_UPS]:
            queries.append(
                _new_query(
                    state,
                    sg.key,
                    follow.text,
                    sg.corpus_ids,
                    iteration,
                    suggested_by=follow.suggested_by,
                )
            )
    return queries


def _fallbacks(state: State, open_goals: list[SubGoal], iteration: int) -> list[Query]:
    return [
        _new_query(state, sg.key, text, sg.corpus_ids, iteration)
        for sg in open_goals
        for text in fallback_queries(sg, state.searched.get(sg.key, []))
    ]


def _finish(rec: Recorder, state: State, scope: Scope, provider: ResearchProvider) -> Dossier:
    from research import retrieval

    rec.check()
    assessments = [
        state.assessments[sg.key] for sg in state.plan.sub_goals if sg.key in state.assessments
    ]
    reply = _timed(
        state,
        provider.synthesize,
        goal=scope.goal,
        shape=scope.shape,
        sub_goals=state.plan.sub_goals,
        assessments=assessments,
        snippets=state.snippets,
    )
    rec.emit(
        "synthesis", {"usage": reply.usage.model_dump(), "sections": len(reply.value.sections)}
    )
    dossier = _complete_sections(reply.value, state)
    visible = retrieval.visible_snippet_ids(rec.run, list(state.snippets))
    dossier, outcomes = gate_dossier(
        dossier, state.snippets, visible, sub_goals=state.plan.sub_goals
    )
    kept = sum(1 for o in outcomes if o.kept)
    rec.emit(
        "gate",
        {
            "kept": kept,
            "dropped": len(outcomes) - kept,
            "withdrawn": sum(1 for o in outcomes if o.support),
            "claims": [o.__dict__ | {"reasons": list(o.reasons)} for o in outcomes],
        },
    )
    dossier = _budget_marks(dossier, state)
    if state.read_as:  # what was asked is not quite what was written: the reader sees why
        read = "; ".join(f"“{w}” as “{r}”" for w, r in state.read_as)
        note = f"Names read as the selected sources spell them: {read}."
        dossier = dossier.model_copy(update={"summary": f"{dossier.summary} {note}".strip()})
    # From the gated dossier: a part the citation or support check withdrew is not answered.
    complete = all(
        s.status == SectionStatus.ANSWERED and not s.unsupported for s in dossier.sections
    )
    ledger = retrieval.ledger(state, dossier)
    rec.finish(
        dossier=dossier,
        ledger=ledger,
        complete=complete,
        usage=state.usage,
        searches=state.searches,
        provider_s=state.provider_s,
    )
    return dossier


def _complete_sections(dossier: Dossier, state: State) -> Dossier:
    """Exactly one section per sub-goal, in plan order; a missing one is 'no data found', an
    answered one whose verdict still names something missing is answered in part."""
    from research.contracts import Section

    by_key = {s.sub_goal: s for s in dossier.sections}
    sections = []
    for sg in state.plan.sub_goals:
        section = by_key.get(sg.key)
        verdict = state.assessments.get(sg.key)
        if section is None or verdict is None or verdict.verdict != Verdict.SUFFICIENT:
            missing = (
                ", ".join(verdict.missing) if verdict and verdict.missing else "the asked fact"
            )
            section = Section(
                sub_goal=sg.key,
                heading=sg.text,
                status=SectionStatus.NO_DATA,
                no_data_text=NO_DATA,
                follow_up_needed=f"A document stating {missing} for {sg.entity}.",
            )
        elif verdict.missing:  # sufficient, yet the judge names what the claims do not state
            section = section.model_copy(update={"unsupported": list(verdict.missing)})
        sections.append(section)
    return dossier.model_copy(update={"sections": sections})


def _budget_marks(dossier: Dossier, state: State) -> Dossier:
    if state.budget_left() > 0:
        return dossier
    sections = [
        s.model_copy(update={"status": SectionStatus.BUDGET_EXHAUSTED})
        if s.status == SectionStatus.NO_DATA
        and state.assessments.get(s.sub_goal)
        and state.assessments[s.sub_goal].verdict == Verdict.INSUFFICIENT
        else s
        for s in dossier.sections
    ]
    return dossier.model_copy(update={"sections": sections})
