"""The offline judge: is the asked fact, for the asked entity, stated in a snippet?

High vector similarity is never enough: a sufficient verdict needs a sentence from a snippet
that names the entity (or a bridge entity named there) and states the asked fact's terms, with
the answer type the question asks for (a number, a date, a name).
"""

from __future__ import annotations

import re

from research.agents.answers import (
    ACCEPT,
    FRAME,
    SOFT,
    _claim,
    _more_sentences,
    _sentence_naming,
    _short,
    _stems,
    _weights,
    alternatives,
    answer_type,
    best_sentence,
    covers,
)
from research.agents.text import (
    content_terms,
    mentions,
    names,
    query_words,
    sentences,
    stem,
    words,
)
from research.contracts import Assessment, FollowUp, Snippet, SubGoal, Verdict

# Bridge candidates offered per assessment, best first; the loop searches two at a time,
# those that some document of the corpus is titled by first. More only spent budget.
MAX_BRIDGES = 3


def _is_name(name: str, lowered_pool: str) -> bool:
    """Single capitalised words that also occur in lower case are ordinary words."""
    parts = name.split()
    if len(parts) > 1:
        return True
    word = parts[0]
    if re.fullmatch(r"[\d.,%s]+", word) or len(word) < 3:
        return False
    if any(ch.isdigit() for ch in word) or word.isupper():
        return True
    return f" {word.lower()} " not in lowered_pool


def _bridges(
    entity: str, question: str, link_snips: list[Snippet], terms: list[str], pool: list[Snippet]
) -> list[tuple[str, int]]:
    """Names in the entity's snippets that the question does not name: (name, snippet id)."""
    asked = [n.lower() for n in names(question)] + [entity.lower()]
    lowered_pool = " " + " ".join(" ".join(words(s.text)) for s in pool) + " "
    weights = _weights(terms)
    ranked: list[tuple[float, int, str, int]] = []
    for snip in link_snips:
        for order, (start, end) in enumerate(sentences(snip.text)):
            sentence = snip.text[start:end]
            stems = _stems(sentence)
            relevance = sum(w for t, w in weights.items() if covers(t, stems))
            for name in names(sentence):
                if name.lower() in asked or mentions(entity, name) or mentions(name, entity):
                    continue
                if not _is_name(name, lowered_pool):
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


def _query_words(question: str, exclude: list[str], covered: set[str] | None = None) -> str:
    """The question's own words for a follow-up query, minus the excluded ones."""
    return query_words(question, skip={stem(w) for w in exclude} | (covered or set()) | FRAME)


def assess_entity(
    sub_goal: SubGoal, entity: str, snippets: list[Snippet], searched: list[str]
) -> Assessment:
    """The verdict for one entity of a sub-goal."""
    question = sub_goal.text
    kind = answer_type(question)
    exclude = words(" ".join([entity, *sub_goal.compare]))
    terms = [t for t in content_terms(question, exclude=exclude) if t not in FRAME]
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
    for name, sid in bridges[:4]:
        # The bridge's own document (titled by it) must state the fact, not any passage that
        # happens to use the same term.
        linked = [s for s in snippets if s.id != sid and mentions(s.title, name)]
        link = _sentence_naming(next(s for s in snippets if s.id == sid), name)
        # The link must carry part of the question (the relation), the bridge the rest.
        link_stems = _stems(link.sentence)
        related = [t for t in terms if t not in SOFT and covers(t, link_stems)]
        rest = [t for t in terms if not covers(t, link_stems)]
        if not related or not rest:
            continue
        # Not strict: words describing the bridge itself ("the manufacturer") need not recur.
        found = best_sentence(
            rest,
            linked,
            kind,
            pool=linked,
            soft=soft,
            known=(*known, name),
            subject=name,
            strict=False,
        )
        if found and found.score >= ACCEPT:
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
