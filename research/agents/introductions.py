"""Sentences quoted beside an answer so the reader sees whom and what it speaks of: the
subject's own page saying what the subject is, the sentence naming whom a "He ..." quote means,
the named one's page using a word formed from the name."""

from __future__ import annotations

import re

from research.agents.answers import Found, _claim, _fact_stems, covers
from research.agents.passages import antecedent, definition
from research.agents.questions import FRAME, SOFT, without_source
from research.agents.text import content_terms, mentions, sentences, title_name, words
from research.contracts import Assessment, Snippet, SubGoal, Verdict


def same_name(title: str, entity: str) -> bool:
    """Does a document's title name the entity, in full or in part ("Muammar Gaddafi" for
    "Muammar Mohammed Abu Minyar Gaddafi")?"""
    named, own = set(words(title_name(title))), set(words(entity))
    return bool(named) and bool(own) and (named <= own or own <= named)


def with_subject(
    verdict: Assessment, sub_goal: SubGoal, entities: list[str], snippets: list[Snippet]
) -> Assessment:
    """An answer quoted from another page ("Groundhog Day is a 1993 film directed by Harold
    Ramis") also quotes what the asked subject's own retrieved page says it is ("Harold Ramis
    was an American actor, director ..."): the reader sees it is that subject's, from its page."""
    if verdict.verdict != Verdict.SUFFICIENT or len(entities) != 1 or sub_goal.compare:
        return verdict
    entity = entities[0]
    by_id = {s.id: s for s in snippets}
    cited = [
        by_id[c.snippet_id] for cl in verdict.claims for c in cl.citations if c.snippet_id in by_id
    ]
    if not cited or any(_own_page(s.title, entity) for s in cited):
        return verdict
    defined = definition(entity, [s for s in snippets if _own_page(s.title, entity)])
    if defined is None:
        return verdict
    return verdict.model_copy(update={"claims": [*verdict.claims, _claim(defined)]})


def with_description(
    verdict: Assessment, sub_goal: SubGoal, entities: list[str], snippets: list[Snippet]
) -> Assessment:
    """An answer whose quotes leave part of the question's description unsaid ("in a movie
    adaptation of a Michael Lewis book", answered by "Bradford is played by actor Casey Bond in
    the film") also quotes the page of the work the cited passage names ("the 2011 film
    "Moneyball"") where it states that part ("The film is based on Michael Lewis's 2003
    nonfiction book"): the reader sees the description fits what the answer speaks of."""
    if verdict.verdict != Verdict.SUFFICIENT or len(entities) != 1 or sub_goal.compare:
        return verdict
    by_id = {s.id: s for s in snippets}
    quotes = [c for cl in verdict.claims for c in cl.citations if c.snippet_id in by_id]
    terms = content_terms(without_source(sub_goal.text), exclude=words(entities[0]))
    cited = [by_id[c.snippet_id] for c in quotes]
    # what a quote's page is titled by is said of it ("The highway ..." on "Route 308")
    stated = set().union(*(_fact_stems(f"{by_id[c.snippet_id].title} {c.quote}") for c in quotes))
    unsaid = [t for t in terms if t not in FRAME and t not in SOFT and not covers(t, stated)]
    if len(unsaid) < 2:
        return verdict
    documents = {s.document_id for s in cited}
    best: tuple[int, Found] | None = None
    for snip in snippets:
        head = title_name(snip.title)
        if snip.document_id in documents or same_name(head, entities[0]):
            continue
        # named by a cited passage, or naming a cited page's subject
        if not any(
            mentions(c.text, head) or mentions(snip.text, title_name(c.title)) for c in cited
        ):
            continue
        for start, end in sentences(snip.text):
            if snip.text[start:end].lstrip().startswith("#"):
                continue  # a heading states nothing
            said = _fact_stems(snip.text[start:end])
            count = sum(covers(t, said) for t in unsaid)
            if count >= 2 and 2 * count >= len(unsaid) and (best is None or count > best[0]):
                best = (count, Found(snip, start, end, 1.0))
    if best is None:
        return verdict
    return verdict.model_copy(update={"claims": [*verdict.claims, _claim(best[1])]})


def _own_page(title: str, entity: str) -> bool:
    """Is the document the entity's own page: titled by its name or a part of it ("Wing Chun
    (film)" for "Wing Chun"), not by more ("1962 Minnesota Vikings season")?"""
    named = set(words(title_name(title)))
    return bool(named) and named <= set(words(entity))


def with_antecedents(verdict: Assessment, snippets: list[Snippet]) -> Assessment:
    """A quote opening with "He" comes after the sentence of its paragraph that names him
    ("Robert "Rob" Parissi is an American singer"): the reader sees whom it speaks of."""
    by_id = {s.id: s for s in snippets}
    quoted = {c.citations[0].quote for c in verdict.claims if c.citations}
    claims = []
    for claim in verdict.claims:
        cited = claim.citations[0] if claim.citations else None
        snip = by_id.get(cited.snippet_id) if cited else None
        # a quote the claim states as it is, not a conclusion the judge wrote from it
        if snip and cited and " ".join(claim.text.split()).endswith(" ".join(cited.quote.split())):
            named = antecedent(snip, cited.quote)
            if named and (extra := _claim(named)).citations[0].quote not in quoted:
                quoted.add(extra.citations[0].quote)
                claims.append(extra)
        claims.append(claim)
    return verdict.model_copy(update={"claims": claims})


def eponym_origin(
    found: Found, formed: re.Pattern[str], name: str, snippets: list[Snippet]
) -> Found | None:
    """Asked for a thing "named for Charles Hoy Fort" and answered by "Fortean subjects": the
    sentence of Charles Fort's own page that uses the word ("The terms "Fortean" and
    "Forteana" are used to characterize ..."), which says whose name it is."""
    word = formed.search(found.sentence)
    if word is None:
        return None
    for s in snippets:
        if s.document_id == found.snippet.document_id or not same_name(s.title, name):
            continue
        for start, end in sentences(s.text):
            if re.search(rf"\b{re.escape(word.group(0))}\b", s.text[start:end]):
                return Found(s, start, end, 1.0)
    return None
