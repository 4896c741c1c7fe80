"""The loop's reads of the corpora: hybrid searches; for every part the passages that give its
entity other names, and its question asked by them; for summary parts the section around the
passage they quote; for open parts a search within the entity's own document. Each read is
recorded as a query and its hits, in the audit trail."""

from __future__ import annotations

import re
from collections import Counter

from research.agents.summaries import REACH, asks_summary
from research.agents.support import aliases
from research.agents.text import mentions
from research.contracts import Query, Scope, Snippet, SubGoal, Verdict
from research.loop_state import State
from research.recorder import Recorder


def search(rec: Recorder, state: State, scope: Scope, query: Query) -> None:
    """One hybrid search; its hits join the pools of the parts they speak of."""
    from research import retrieval

    hits = retrieval.search(rec.run, scope, query, k=state.config.k)
    targets = (
        [query.sub_goal]
        if query.sub_goal
        else [
            sg.key
            for sg in state.plan.sub_goals
            if len(state.plan.sub_goals) == 1
            or any(mentions(h.title + " " + h.text, sg.entity) for h in hits)
        ]
    )
    _record(rec, state, query, hits, targets)


ALIASES_SEARCHED = 2  # names a part's question is asked again by, at most


def read_names(rec: Recorder, state: State, iteration: int) -> None:
    """Each part reads, once, the passages of the selected corpora that give its entity
    another name ("Orrin Water Treatment Works (site code OR-7)"), wherever they stand: a log
    or a table may know the entity only by that name, and the judge and the gate take names
    from the part's passages. The passages join the part's context whatever their rank."""
    from research import retrieval

    scope = Scope.model_validate(rec.run.scope)
    for sg in state.plan.sub_goals:
        if sg.key in state.names_read or state.budget_left() <= 0:
            continue
        state.names_read.add(sg.key)
        pool = state.evidence.get(sg.key, {})
        floor = min((s.score for s in pool.values()), default=0.0)
        entities = [e for e in sg.compare or [sg.entity] if e]
        found = {
            s.id: s
            for entity in entities
            for s in retrieval.defining_passages(rec.run, scope.corpus_ids, entity, floor)
        }
        if not found:
            continue
        text = "names the documents give " + " and ".join(entities)
        query = _read_query(
            state, sg, text, iteration, corpus_ids=scope.corpus_ids, suggested_by=None
        )
        _record_read(rec, state, query, list(found.values()))
        state.definitions.setdefault(sg.key, set()).update(found)
        for entity in entities:
            _search_as_named(rec, state, scope, sg, entity, list(found.values()), iteration)


def _search_as_named(
    rec: Recorder,
    state: State,
    scope: Scope,
    sg: SubGoal,
    entity: str,
    defining: list[Snippet],
    iteration: int,
) -> None:
    """The part's question asked again with the names the documents give its entity in place
    of its own ("... at OR-7"), over every selected corpus: what routing knew by the entity's
    own name may hold it only under another."""
    names = aliases(entity, [s.text for s in defining])[:ALIASES_SEARCHED]
    if not names or state.budget_left() <= 0:
        return
    named = " ".join(names)
    pattern = re.compile(re.escape(entity), re.IGNORECASE)
    asked = sg.text
    text = pattern.sub(named, asked, count=1) if pattern.search(asked) else f"{named}: {asked}"
    source = next((s for s in defining if any(n in s.text for n in names)), defining[0])
    query = _read_query(
        state, sg, text, iteration, corpus_ids=scope.corpus_ids, suggested_by=source.id
    )
    state.searched.setdefault(sg.key, []).append(text)
    state.last_query[sg.key] = query.key
    search(rec, state, scope, query)


def read_sections(rec: Recorder, state: State, iteration: int) -> list[SubGoal]:
    """A summary part found sufficient reads the section around the passage it quotes most
    whole: its topic runs on over neighbouring chunks that no query ranks together. Returns
    the parts read, to be assessed again; each part reads once."""
    read = []
    for sg in state.plan.sub_goals:
        a = state.assessments.get(sg.key)
        if (
            sg.key in state.sections_read
            or not asks_summary(sg.text)
            or a is None
            or a.verdict != Verdict.SUFFICIENT
            or state.budget_left() <= 0
        ):
            continue
        quoted = Counter(c.snippet_id for claim in a.claims for c in claim.citations)
        centre = state.snippets.get(quoted.most_common(1)[0][0]) if quoted else None
        if centre is None:
            continue
        state.sections_read.add(sg.key)
        text = f"section of “{centre.title}” around p. {centre.page_start}"
        query = _read_query(
            state, sg, text, iteration, corpus_ids=[centre.corpus_id], suggested_by=centre.id
        )
        _record_read(rec, state, query, _section(rec, centre))
        read.append(sg)
    return read


def read_documents(rec: Recorder, state: State, iteration: int) -> list[SubGoal]:
    """An open part whose entity's own document was retrieved, but no passage of it stating
    the fact, searches within that document: a report may phrase the fact in words no
    corpus-wide query ranked ("acquiring a 30% equity stake" for "equity acquisitions").
    Returns the parts read, to be assessed again; each document is read once per part."""
    from research import retrieval

    read = []
    for sg in state.plan.sub_goals:
        a = state.assessments.get(sg.key)
        if a is None or a.verdict not in (Verdict.INSUFFICIENT, Verdict.UNANSWERABLE):
            continue
        pool = sorted(state.evidence.get(sg.key, {}).values(), key=lambda s: -s.score)
        cited = {
            state.snippets[c.snippet_id].document_id
            for claim in a.claims
            for c in claim.citations
            if c.snippet_id in state.snippets
        }
        own = {}  # entity -> its best-ranked document not cited yet
        for entity in sg.compare or [sg.entity]:
            doc = next((s for s in pool if mentions(s.title, entity)), None)
            if doc and doc.document_id not in cited:
                own[entity] = doc
        seen = Counter(s.document_id for s in pool)
        counts = retrieval.chunk_counts(
            rec.run, [d.document_id for d in own.values()], sg.corpus_ids
        )
        done = False
        for entity, doc in own.items():
            key = (sg.key, doc.document_id)
            if key in state.documents_read or seen[doc.document_id] >= counts.get(
                doc.document_id, 0
            ):
                continue
            if state.budget_left() <= 0:
                break
            state.documents_read.add(key)
            asked = next((q for q in sg.queries if mentions(q, entity)), sg.text)
            text = f"{asked} (within “{doc.title}”)"
            query = _read_query(
                state, sg, text, iteration, corpus_ids=[doc.corpus_id], suggested_by=doc.id,
                document_id=doc.document_id,
            )  # fmt: skip
            _search_read(rec, state, query)
            done = True
        if done:
            read.append(sg)
    return read


def read_links(rec: Recorder, state: State, iteration: int) -> list[SubGoal]:
    """A part answered by a sentence that names another entity ("chairman of Waring &
    Gillow", "within the suburb of Christies Beach") reads that entity's own document when
    the corpus has one: it says what the named thing is, which the answer may need ("within
    the City of Onkaparinga"). The judge offers those names as follow-ups of a sufficient
    verdict. Returns the parts read, to be assessed again; each part reads once."""
    from research import retrieval

    read = []
    for sg in state.plan.sub_goals:
        a = state.assessments.get(sg.key)
        if sg.key in state.links_read or a is None or a.verdict != Verdict.SUFFICIENT:
            continue
        if not a.follow_ups:  # no name in the answer lacks its document
            continue
        state.links_read.add(sg.key)
        names = [f.entity for f in a.follow_ups]
        titled = retrieval.titled_documents(rec.run, sg.corpus_ids, names)
        pooled = {s.document_id for s in state.evidence.get(sg.key, {}).values()}
        done = False
        for follow in a.follow_ups:
            doc = titled.get(" ".join(follow.entity.lower().split()))
            if doc is None or doc[0] in pooled or state.budget_left() <= 0:
                continue
            text = f"{follow.entity} (its own document)"
            query = _read_query(
                state, sg, text, iteration, corpus_ids=[doc[1]], suggested_by=follow.suggested_by,
                document_id=doc[0],
            )  # fmt: skip
            _search_read(rec, state, query)
            done = True
        if done:
            read.append(sg)
    return read


def _read_query(
    state: State,
    sg: SubGoal,
    text: str,
    iteration: int,
    *,
    corpus_ids: list[int],
    suggested_by: int | None,
    document_id: int | None = None,
) -> Query:
    """A read of corpora (within one document when given), as a query with its lineage."""
    state.query_seq += 1
    return Query(
        key=f"q-{state.query_seq}",
        sub_goal=sg.key,
        text=text,
        corpus_ids=corpus_ids,
        iteration=iteration,
        parent=state.last_query.get(sg.key),
        suggested_by=suggested_by,
        document_ids=[document_id] if document_id is not None else [],
    )


def _search_read(rec: Recorder, state: State, query: Query) -> None:
    """A read within one document: a search confined to it, through the access filter."""
    from research import retrieval

    scope = Scope.model_validate(rec.run.scope)
    _record_read(rec, state, query, retrieval.search(rec.run, scope, query, k=state.config.k))


def _record_read(rec: Recorder, state: State, query: Query, hits: list[Snippet]) -> None:
    """A read is recorded like a search, and listed with its part's queries in the ledger."""
    _record(rec, state, query, hits, [query.sub_goal])
    state.reads.setdefault(query.sub_goal, []).append(query.text)


def _section(rec: Recorder, centre: Snippet) -> list[Snippet]:
    from research import retrieval

    return retrieval.section(rec.run, centre, [centre.corpus_id], REACH)


def _record(
    rec: Recorder, state: State, query: Query, hits: list[Snippet], targets: list[str]
) -> None:
    from research import retrieval

    state.searches += 1
    for snip in hits:
        state.snippets[snip.id] = snip
    for key in targets:
        pool = state.evidence.setdefault(key, {})
        entity = next(sg.entity for sg in state.plan.sub_goals if sg.key == key)
        for snip in hits:
            if query.sub_goal or mentions(snip.title + " " + snip.text, entity):
                pool.setdefault(snip.id, snip)
    rec.emit("query", query.model_dump(mode="json"))
    rec.emit(
        "hits",
        {
            "query": query.key,
            "sub_goal": query.sub_goal,
            "hits": [retrieval.hit_payload(s) for s in hits],
            "budget_used": state.searches,
            "budget": state.config.budget,
        },
    )
