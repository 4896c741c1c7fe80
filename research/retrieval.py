"""The loop's view of corpora: scope checks, routing signals, search, ledger rows.

Every read goes through corpora.search / corpora.selectors with the run owner's access.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from corpora.models import Corpus
from corpora.routing import corpus_centroids, route_signals
from corpora.search import SearchFilters, search_each_embedder
from corpora.selectors import (
    chunks_around,
    chunks_get_for,
    chunks_naming,
    corpora_visible,
    document_chunk_counts,
    documents_titled,
    titles_naming,
    titles_near,
)
from corpora.vocabulary import terms_present
from research.agents import spelling
from research.agents.router import RouteSignal
from research.agents.support import aliases, name_forms
from research.agents.versions import finals_first, is_draft
from research.contracts import CorpusInfo, Dossier, Plan, Query, Scope, SectionStatus, Snippet
from research.errors import DossierError

if TYPE_CHECKING:
    from research.loop_state import State

NO_ACCESSIBLE_CORPUS = "None of the selected corpora is accessible to the run's owner."
PREVIEW_CHARS = 280


ROUTE_PROBE_K = 10  # as many passages as a part's first search reads


def corpora_info(run: Any, scope: Scope) -> list[CorpusInfo]:
    rows = corpora_visible(user=run.owner).filter(pk__in=scope.corpus_ids).order_by("name")
    infos = [CorpusInfo(id=c.pk, slug=c.slug, name=c.name, description=c.description) for c in rows]
    if not infos:
        raise DossierError(NO_ACCESSIBLE_CORPUS)
    return infos


def respellings(run: Any, scope: Scope) -> list[tuple[str, str]]:
    """The goal's misspelled names and their spelling in the scope's documents."""
    ids = [c.id for c in corpora_info(run, scope)]
    return spelling.respellings(
        scope.goal,
        lambda terms: terms_present(user=run.owner, corpus_ids=ids, terms=terms),
        lambda name: titles_near(user=run.owner, corpus_ids=ids, name=name),
    )


def signals_for(run: Any, scope: Scope, plan: Plan) -> dict[str, dict[int, RouteSignal]]:
    ids = [c.id for c in corpora_info(run, scope)]
    if len(ids) == 1:
        return {}
    centroids = corpus_centroids(user=run.owner, corpus_ids=ids)
    out: dict[str, dict[int, RouteSignal]] = {}
    for sg in plan.sub_goals:
        merged: dict[int, RouteSignal] = {}
        for entity in sg.compare or [sg.entity]:
            raw = route_signals(
                user=run.owner, corpus_ids=ids, entity=entity, text=sg.text, centroids=centroids
            )
            for cid, values in raw.items():
                old = merged.get(cid, RouteSignal())
                merged[cid] = RouteSignal(
                    title_sim=max(old.title_sim, values.get("title_sim", 0.0)),
                    phrase_hits=old.phrase_hits + int(values.get("phrase_hits", 0)),
                    description_sim=values.get("description_sim", 0.0),
                    centroid_sim=values.get("centroid_sim", 0.0),
                )
        # What a first search over every selected corpus returns: routing never drops a
        # corpus that holds the part's best passages, whatever its description says.
        probe = Query(key="route", sub_goal=sg.key, text=sg.text, corpus_ids=ids, iteration=0)
        for hit in search(run, scope, probe, k=ROUTE_PROBE_K):
            old = merged.get(hit.corpus_id, RouteSignal())
            merged[hit.corpus_id] = replace(old, search_hits=old.search_hits + 1)
        out[sg.key] = merged
    return out


def titled_entities(run: Any, corpus_ids: list[int], entities: list[str]) -> set[str]:
    """Lower-cased entities that title a document the run's owner may read in these corpora."""
    return titles_naming(user=run.owner, corpus_ids=corpus_ids, names=entities)


def titled_documents(
    run: Any, corpus_ids: list[int], names: list[str]
) -> dict[str, tuple[int, int]]:
    """Lower-cased names that title a document the run's owner may read: (id, corpus id)."""
    return documents_titled(user=run.owner, corpus_ids=corpus_ids, names=names)


def search(run: Any, scope: Scope, query: Query, *, k: int) -> list[Snippet]:
    """Hybrid search with the owner's access; corpora grouped by their embedder."""
    filters = SearchFilters(
        document_ids=tuple(query.document_ids), date_from=scope.date_from, date_to=scope.date_to
    )
    hits = search_each_embedder(
        user=run.owner, query=query.text, corpus_ids=query.corpus_ids, k=k, filters=filters
    )
    if any(is_draft(h.title) for h in hits):  # its final may rank just below: it comes first
        more = search_each_embedder(
            user=run.owner, query=query.text, corpus_ids=query.corpus_ids, k=2 * k,
            filters=filters,
        )  # fmt: skip
        hits = finals_first(more, lambda h: h.title)[:k]
    return [
        Snippet(
            id=h.chunk_id,
            corpus_id=h.corpus_id,
            document_id=h.document_id,
            ordinal=h.ordinal,
            title=h.title,
            page_start=h.page_start,
            page_end=h.page_end,
            text=h.text,
            score=h.fused,
            page_breaks=[(int(a), int(b)) for a, b in h.page_breaks],
            section=h.section,
        )
        for h in hits
    ]


def section(run: Any, centre: Snippet, corpus_ids: list[int], reach: int) -> list[Snippet]:
    """The chunks around `centre` in its document, as snippets ranked just below it."""
    return [
        _chunk_snippet(c, centre.score * (1 - 0.01 * abs(c.ordinal - centre.ordinal)))
        for c in chunks_around(
            user=run.owner, chunk_id=centre.id, corpus_ids=corpus_ids, reach=reach
        )
    ]


DEFINING_READ = 200  # chunks naming an entity read for the names they define for it
DEFINING_KEPT = 3


def defining_passages(run: Any, corpus_ids: list[int], entity: str, score: float) -> list[Snippet]:
    """Passages of these corpora that give `entity` another name ("Orrin Water Treatment
    Works (site code OR-7)"), each adding a name: a log or a table elsewhere may know the
    entity only by that name. Ranked at `score`."""
    chunks = chunks_naming(
        user=run.owner, corpus_ids=corpus_ids, phrases=name_forms(entity), limit=DEFINING_READ
    )
    names = set(aliases(entity, [c.text for c in chunks]))  # read together: a head is unique
    out: list[Snippet] = []
    known: set[str] = set()
    for chunk in chunks:
        new = set(aliases(entity, [chunk.text])) & names - known
        if new:
            known |= new
            out.append(_chunk_snippet(chunk, score))
        if len(out) >= DEFINING_KEPT:
            break
    return out


def _chunk_snippet(c: Any, score: float) -> Snippet:
    return Snippet(
        id=c.pk,
        corpus_id=c.corpus_id,
        document_id=c.document_id,
        ordinal=c.ordinal,
        title=c.title,
        page_start=c.page_start,
        page_end=c.page_end,
        text=c.text,
        score=score,
        page_breaks=[(int(a), int(b)) for a, b in c.page_breaks],
        section=c.section,
    )


def chunk_counts(run: Any, document_ids: list[int], corpus_ids: list[int]) -> dict[int, int]:
    """Chunks per document, for documents the run's owner may read in these corpora."""
    return document_chunk_counts(user=run.owner, document_ids=document_ids, corpus_ids=corpus_ids)


def hit_payload(snippet: Snippet) -> dict[str, Any]:
    return {
        "id": snippet.id,
        "document_id": snippet.document_id,
        "corpus_id": snippet.corpus_id,
        "title": snippet.title,
        "page_start": snippet.page_start,
        "page_end": snippet.page_end,
        "section": snippet.section,
        "score": round(snippet.score, 5),
        "preview": snippet.text[:PREVIEW_CHARS],
    }


def visible_snippet_ids(run: Any, ids: list[int]) -> set[int]:
    return set(chunks_get_for(user=run.owner, chunk_ids=ids))


def ledger(state: State, dossier: Dossier) -> list[dict[str, Any]]:
    """One row per sub-goal: status, citations, and for open parts why and what next."""
    names = dict(Corpus.objects.values_list("pk", "name"))
    rows = []
    for sg, section in zip(state.plan.sub_goals, dossier.sections, strict=True):
        a = state.assessments.get(sg.key)
        pool = sorted(state.evidence.get(sg.key, {}).values(), key=lambda s: -s.score)[:3]
        row: dict[str, Any] = {
            "sub_goal": sg.key,
            "text": sg.text,
            "status": section.status,
            "citations": sorted({c.snippet_id for cl in section.claims for c in cl.citations}),
            "corpora": [names.get(c, str(c)) for c in sg.corpus_ids],
            "route_reason": sg.route_reason,
            "queries": state.searched.get(sg.key, []) + state.reads.get(sg.key, []),
            "verdict": a.verdict if a else "not assessed",
            "reason": a.reason if a else "",
            "unsupported": section.unsupported,
        }
        if section.status != SectionStatus.ANSWERED:
            row["best_hits"] = [
                {"id": s.id, "title": s.title, "page": s.page_start, "score": round(s.score, 5)}
                for s in pool
            ]
            row["follow_up_needed"] = section.follow_up_needed
        rows.append(row)
    return rows
