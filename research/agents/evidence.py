"""The offline judge: is the asked fact, for the asked entity, stated in a snippet?

High vector similarity is never enough: a sufficient verdict needs a sentence from a snippet
that names the entity (or a bridge entity named there) and states the asked fact's terms, with
the answer type the question asks for (a number, a date, a name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.agents.answers import (
    ACCEPT,
    FRAME,
    SOFT,
    Found,
    _claim,
    _more_sentences,
    _sentence_naming,
    _short,
    _stems,
    _weights,
    along_the_way,
    alternatives,
    answer_type,
    best_sentence,
    counted,
    coverage,
    covers,
    doc_context,
    passive_event,
)
from research.agents.lexicon import common_words
from research.agents.text import (
    content_terms,
    lower_case_words,
    mentions,
    names,
    qualifiers_of_others,
    query_words,
    sentences,
    stem,
    words,
)
from research.contracts import Assessment, FollowUp, Snippet, SubGoal, Verdict

# Bridge candidates offered per assessment, best first; the loop searches two at a time,
# those that some document of the corpus is titled by first. More only spent budget.
MAX_BRIDGES = 3


def _as_name(name: str, lower_case: set[str], opening: bool) -> str | None:
    """The name as a bridge, or None for ordinary words capitalised by position.

    A single capitalised word also written in lower case is an ordinary word, and so is one
    opening a sentence that the lexicon knows ("Progress was fastest"); a word opening a
    multi-word name that way is dropped ("Every E5" -> "E5").
    """
    parts = name.split()
    if opening and len(parts) > 1 and parts[0].lower() in lower_case:
        parts = parts[1:]
    if len(parts) > 1:
        return " ".join(parts)
    word = parts[0]
    if re.fullmatch(r"[\d.,%s]+", word) or len(word) < 3:
        return None
    if any(ch.isdigit() for ch in word) or word.isupper():
        return word
    lowered = word.lower()
    if lowered in lower_case or (opening and lowered in common_words()):
        return None
    return word


def _bridges(
    entity: str, question: str, link_snips: list[Snippet], terms: list[str], pool: list[Snippet]
) -> list[tuple[str, int]]:
    """Names in the entity's snippets that the question does not name: (name, snippet id)."""
    asked = [n.lower() for n in names(question)] + [entity.lower()]
    lower_case = set().union(*(lower_case_words(s.text) for s in pool))
    weights = _weights(terms)
    ranked: list[tuple[float, int, str, int]] = []
    for snip in link_snips:
        for order, (start, end) in enumerate(sentences(snip.text)):
            sentence = snip.text[start:end]
            stems = _stems(sentence)
            relevance = sum(w for t, w in weights.items() if covers(t, stems))
            opening = sentence.lstrip("#|*-> \t")
            for found in names(sentence):
                name = _as_name(found, lower_case, opening.startswith(found))
                if not name or name.lower() in asked:
                    continue
                if mentions(entity, name) or mentions(name, entity):
                    continue
                ranked.append((-relevance, order, name, snip.id))
    ranked.sort()
    seen: set[str] = set()
    out = []
    for _, _, name, sid in ranked:
        if name.lower() not in seen:
            seen.add(name.lower())
            out.append((name, sid))
    return out


def _sibling(entity: str, name: str, related: list[str], found: Found) -> bool:
    """A namesake ("Voltera X3" beside "Voltera X5") whose own sentence repeats the relation
    is another entity with the same fact, not the one the relation leads to."""
    shared = set(words(entity)) & set(words(name))
    stems = _stems(found.sentence)
    return bool(shared) and all(covers(t, stems) for t in related)


@dataclass(frozen=True)
class _Reading:
    """What the judge reads a question as, for checking a bridge."""

    entity: str
    kind: str
    terms: list[str]
    soft: frozenset[str]
    known: tuple[str, ...]
    must: frozenset[str]
    along: frozenset[str]
    own_context: dict[int, set[str]]


def _via(
    q: _Reading, name: str, sid: int, snippets: list[Snippet]
) -> tuple[float, str, Found, Found] | None:
    """The bridge's own document (titled by it) stating the fact the link leads to, scored by
    the share of the question's terms the link and that sentence state together."""
    linked = [s for s in snippets if s.id != sid and mentions(s.title, name)]
    link = _sentence_naming(next(s for s in snippets if s.id == sid), name)
    # The link speaks of the entity: it names it, or it lies in the entity's own document.
    if not (mentions(link.sentence, q.entity) or mentions(link.snippet.title, q.entity)):
        return None
    # The link must carry part of the question (the relation), the bridge the rest: what the
    # entity's own document says ("the HALICE-22 ice-core campaign") is not asked of it.
    link_stems = _stems(link.sentence)
    related = [t for t in q.terms if t not in SOFT and covers(t, link_stems)]
    entity_side = q.own_context.get(link.snippet.document_id, set())
    unlinked = [t for t in q.terms if not covers(t, link_stems)]
    rest = [t for t in unlinked if not covers(t, entity_side)]
    if not related or not rest:
        return None
    # Not strict: words describing the bridge itself ("the manufacturer") need not recur.
    found = best_sentence(
        unlinked,
        linked,
        q.kind,
        pool=linked,
        soft=q.soft,
        known=(*q.known, name),
        subject=name,
        strict=False,
        must=q.must,
        along=q.along,
    )
    # A bridge sentence that repeats the relation itself is about another entity with the
    # same fact ("the X3 has a lower price"), not the one the relation leads to.
    if not found or coverage(rest, found.sentence, q.soft) < ACCEPT:
        return None
    if _sibling(q.entity, name, related, found):
        return None
    both = link_stems | _stems(found.sentence)
    return sum(covers(t, both) for t in q.terms) / len(q.terms), name, link, found


def _query_words(question: str, exclude: list[str], covered: set[str] | None = None) -> str:
    """The question's own words for a follow-up query, minus the excluded ones."""
    return query_words(question, skip={stem(w) for w in exclude} | (covered or set()) | FRAME)


def assess_entity(
    sub_goal: SubGoal, entity: str, snippets: list[Snippet], searched: list[str]
) -> Assessment:
    """The verdict for one entity of a sub-goal."""
    question = sub_goal.text
    kind = answer_type(question)
    if sub_goal.compare and kind == "name":  # "which company had the higher X": one of them
        kind = "any"
    exclude = words(" ".join([entity, *sub_goal.compare]))
    exclude += qualifiers_of_others(question, entity, sub_goal.compare)
    must = counted(question)
    # "How long did it take": the duration is the answer type, "long" no fact to find.
    asked_text = (
        re.sub(r"\bhow long\b", "how", question, flags=re.IGNORECASE)
        if kind == "duration"
        else question
    )
    terms = [t for t in content_terms(asked_text, exclude=exclude) if t not in FRAME or t in must]
    along = along_the_way(question, terms)
    searched_norm = {" ".join(s.lower().split()) for s in searched}
    own = [s for s in snippets if mentions(s.title, entity) or mentions(s.text, entity)]
    asked = _query_words(question, exclude)
    if not own:
        follow = f'"{entity}" {asked}'.strip()
        if follow.lower() not in searched_norm and len(searched) < 3:
            return Assessment(
                sub_goal=sub_goal.key,
                verdict=Verdict.INSUFFICIENT,
                missing=[f"any passage naming {entity}"],
                follow_ups=[FollowUp(text=follow, entity=entity)],
                reason=f"No retrieved passage names {entity}; searching for the name itself.",
            )
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.UNANSWERABLE,
            missing=[f"any passage naming {entity}"],
            reason=f"No passage in the selected sources names {entity}.",
        )
    soft = alternatives(question, entity)
    known = (entity, *names(question))
    direct = best_sentence(
        terms,
        own,
        "any" if kind == "yesno" else kind,
        pool=own,
        soft=soft,
        known=known,
        subject=entity,
        must=must,
        along=along,
        event=passive_event(question),
    )
    if direct and direct.score >= ACCEPT:
        claims = [_claim(direct)]
        if kind == "any":  # a how/why/describe question: quote the other strong sentences too
            claims += [_claim(f) for f in _more_sentences(terms, own, direct, soft, entity)]
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=claims,
            reason=f"“{_short(direct.sentence)}” states it for {entity} "
            f"(term coverage {direct.score:.2f}).",
        )
    bridges = _bridges(entity, question, own, terms, snippets)
    reading = _Reading(entity, kind, terms, soft, known, must, along, doc_context(own))
    routes = [r for name, sid in bridges[:4] if (r := _via(reading, name, sid, snippets))]
    if routes:
        _, name, link, found = max(routes, key=lambda r: r[0])
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(link), _claim(found)],
            reason=f"{entity} leads to {name}, whose passage states the asked fact.",
        )
    missing = [t for t in terms if t not in SOFT] or terms
    follow_ups = []
    for name, sid in bridges[:MAX_BRIDGES]:
        link_stems = _stems(next(s for s in snippets if s.id == sid).text)
        text = f"{name} {_query_words(question, exclude, link_stems) or asked}".strip()
        if text.lower() not in searched_norm:
            follow_ups.append(FollowUp(text=text, entity=name, suggested_by=sid))
    if not follow_ups:
        focused = f'"{entity}" {asked}'.strip()
        if focused.lower() not in searched_norm and len(searched) < 3:
            follow_ups = [FollowUp(text=focused, entity=entity)]
    verdict = Verdict.INSUFFICIENT if follow_ups else Verdict.UNANSWERABLE
    reason = f"Passages name {entity} but none states {asked or 'the asked fact'}" + (
        "; following up on names they mention." if follow_ups else "; searches exhausted."
    )
    return Assessment(
        sub_goal=sub_goal.key,
        verdict=verdict,
        missing=[asked or " ".join(missing)],
        follow_ups=follow_ups,
        reason=reason,
    )


def assess_offline(sub_goal: SubGoal, snippets: list[Snippet], searched: list[str]) -> Assessment:
    """Per entity; a comparison is sufficient only when every compared entity has evidence."""
    entities = sub_goal.compare or [sub_goal.entity]
    parts = [assess_entity(sub_goal, e, snippets, searched) for e in entities]
    if len(parts) == 1:
        return parts[0]
    order = [Verdict.INSUFFICIENT, Verdict.UNANSWERABLE, Verdict.IRRELEVANT, Verdict.SUFFICIENT]
    verdict = min((p.verdict for p in parts), key=order.index)
    return Assessment(
        sub_goal=sub_goal.key,
        verdict=verdict,
        claims=[c for p in parts for c in p.claims],
        missing=[m for p in parts for m in p.missing],
        follow_ups=[f for p in parts for f in p.follow_ups],
        reason=" ".join(f"{e}: {p.reason}" for e, p in zip(entities, parts, strict=True)),
    )
