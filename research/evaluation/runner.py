"""Run a case through the Dossier loop or the vanilla baseline and collect a RunResult."""

from __future__ import annotations

import time
from typing import Any

from corpora.models import Chunk, Corpus
from research.agents.gate import gate_dossier, quote_offset
from research.agents.planner import main_entity
from research.contracts import Dossier, Query, Scope, SectionStatus, Snippet, SubGoal
from research.evaluation.loader import Case
from research.evaluation.scoring import CitationResult, RunResult, SectionResult
from research.models import ResearchRun
from research.providers.base import ResearchProvider
from research.services import run_execute, run_start

VANILLA_K = 10


def _citations(
    dossier: Dossier, section_index: int, run_chunk_ids: set[int]
) -> tuple[CitationResult, ...]:
    section = dossier.sections[section_index]
    ids = {c.snippet_id for cl in section.claims for c in cl.citations}
    chunks = {c.pk: c for c in Chunk.objects.filter(pk__in=ids).select_related("document")}
    out = []
    for claim in section.claims:
        for c in claim.citations:
            chunk = chunks.get(c.snippet_id)
            valid = (
                bool(chunk)
                and c.snippet_id in run_chunk_ids
                and quote_offset(chunk.text, c.quote) is not None
            )
            out.append(
                CitationResult(
                    c.snippet_id,
                    chunk.document.title if chunk else "",
                    chunk.document.filename if chunk else "",
                    valid,
                    c.quote,
                )
            )
    return tuple(out)


def section_text(dossier: Dossier, i: int) -> str:
    """What a part says: its claims and quotes. Not its heading, which restates the question
    (and so names both sides of every comparison)."""
    s = dossier.sections[i]
    return " ".join(
        [*(cl.text for cl in s.claims), *(c.quote for cl in s.claims for c in cl.citations)]
    )


def dossier_run(
    case: Case, user: Any, corpus_ids: list[int], provider: str, perseverance: bool
) -> RunResult:
    started = time.perf_counter()
    scope = Scope(goal=case.goal, corpus_ids=corpus_ids)
    run = run_start(user=user, scope=scope, provider=provider, enqueue=False)
    run_execute(run_id=run.pk, provider_name=provider, perseverance=perseverance)
    run.refresh_from_db()
    seconds = time.perf_counter() - started
    events = list(run.events.order_by("seq"))
    queries: dict[str, dict[str, Any]] = {}
    hits_by_query: dict[str, list[dict[str, Any]]] = {}
    usage_calls = tokens = 0
    for e in events:
        if e.kind == "query":
            queries[e.payload["key"]] = e.payload
        elif e.kind == "hits":
            hits_by_query[e.payload["query"]] = e.payload["hits"]
        if "usage" in e.payload and e.kind != "dossier":
            usage_calls += e.payload["usage"].get("calls", 0)
            tokens += e.payload["usage"].get("input_tokens", 0) + e.payload["usage"].get(
                "output_tokens", 0
            )
    run_chunk_ids = {h["id"] for hs in hits_by_query.values() for h in hs}
    if not run.dossier:
        return RunResult(
            status=run.status,
            sections=(),
            queries=tuple(q["text"] for q in queries.values()),
            calls=usage_calls,
            tokens=tokens,
            seconds=seconds,
        )
    dossier = Dossier.model_validate(run.dossier["dossier"])
    slugs = dict(Corpus.objects.values_list("pk", "slug"))
    texts = _chunk_texts(run_chunk_ids)
    sections = []
    for i, section in enumerate(dossier.sections):
        own = [q for q in queries.values() if q["sub_goal"] in (section.sub_goal, "")]
        retrieved = [hits_by_query.get(q["key"], []) for q in own]
        sections.append(
            SectionResult(
                heading=section.heading,
                answered=section.status == SectionStatus.ANSWERED,
                text=section_text(dossier, i),
                citations=_citations(dossier, i, run_chunk_ids),
                retrieved_titles=tuple(tuple(h["title"] for h in hs) for hs in retrieved),
                retrieved_texts=tuple(
                    tuple(texts.get(h["id"], "") for h in hs) for hs in retrieved
                ),
                corpora_searched=frozenset(
                    slugs[c] for q in own if q["sub_goal"] for c in q["corpus_ids"]
                ),
                iterations=max((q["iteration"] for q in own), default=0),
                verdict=section.claims[0].text if section.claims else "",
            )
        )
    return RunResult(
        status=run.status,
        sections=tuple(sections),
        queries=tuple(q["text"] for q in queries.values()),
        calls=usage_calls,
        tokens=tokens,
        seconds=seconds,
    )


def _chunk_texts(ids: set[int]) -> dict[int, str]:
    return dict(Chunk.objects.filter(pk__in=ids).values_list("pk", "text"))


def vanilla_run(
    case: Case, user: Any, corpus_ids: list[int], provider: ResearchProvider
) -> RunResult:
    """Single-shot RAG: one blended query, top-k, one synthesis, the same gate."""
    from research import retrieval

    started = time.perf_counter()
    scope = Scope(goal=case.goal, corpus_ids=corpus_ids)

    class _Run:  # what retrieval.search needs of a run
        owner = user

    query = Query(key="q-1", sub_goal="sg-1", text=case.goal, corpus_ids=corpus_ids, iteration=1)
    snippets: list[Snippet] = retrieval.search(_Run, scope, query, k=VANILLA_K)
    sg = SubGoal(
        key="sg-1",
        text=case.goal,
        entity=main_entity(case.goal),
        facts_needed=[],
        corpus_ids=corpus_ids,
        route_reason="vanilla: every corpus",
        queries=[case.goal],
    )
    assessed = provider.assess(goal=case.goal, sub_goal=sg, snippets=snippets, searched=[case.goal])
    synth = provider.synthesize(
        goal=case.goal,
        shape=scope.shape,
        sub_goals=[sg],
        assessments=[assessed.value],
        snippets={s.id: s for s in snippets},
    )
    by_id = {s.id: s for s in snippets}
    dossier, _ = gate_dossier(synth.value, by_id, set(by_id), sub_goals=[sg])
    seconds = time.perf_counter() - started
    titles = tuple(s.title for s in snippets)
    slugs = dict(Corpus.objects.values_list("pk", "slug"))
    sections = tuple(
        SectionResult(
            heading=s.heading,
            answered=s.status == SectionStatus.ANSWERED,
            text=section_text(dossier, i),
            citations=_citations(dossier, i, set(by_id)),
            retrieved_titles=(titles,),
            retrieved_texts=(tuple(s.text for s in snippets),),
            corpora_searched=frozenset(slugs[c] for c in corpus_ids),
            iterations=1,
            verdict=s.claims[0].text if s.claims else "",
        )
        for i, s in enumerate(dossier.sections)
    )
    complete = all(s.answered for s in sections)
    usage = assessed.usage + synth.usage
    return RunResult(
        status=ResearchRun.Status.COMPLETE if complete else ResearchRun.Status.PARTIAL,
        sections=sections,
        queries=(case.goal,),
        calls=usage.calls + 0,
        tokens=usage.input_tokens + usage.output_tokens,
        seconds=seconds,
    )
