"""Bridges: entities named in the entity's passages that lead to the asked fact.

"In which city is the maker of the drill used in HALICE-22 headquartered?": the campaign's
passage names the drill's maker (the link), and the maker's own document states the city.
A route may take one more step ("the institute that operates the station whose data ...").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from research.agents.answers import (
    ACCEPT,
    Found,
    _fact_stems,
    _sentence_naming,
    best_sentence,
    coverage,
    covers,
    doc_context,
)
from research.agents.bridge_names import bridges, enumeration, is_concept
from research.agents.dates import MONTHS, YEAR, states_event
from research.agents.lexicon import common_words
from research.agents.passages import definition
from research.agents.questions import SOFT, heads, type_ok
from research.agents.relations import asked_by, converse_kin
from research.agents.text import STOPWORDS, content_terms, mentions, stem, title_head, words
from research.contracts import Snippet

MAX_LINKS = 3  # the entity's other documents naming a bridge, tried as links


@dataclass(frozen=True)
class Reading:
    """What the judge reads a question as, for checking a bridge."""

    question: str
    entity: str
    kind: str
    terms: list[str]
    soft: frozenset[str]
    known: tuple[str, ...]
    must: frozenset[str]
    along: frozenset[str]
    own_context: dict[int, set[str]]
    event: tuple[str, ...] = ()  # a relation only a verb states ("named after")


@dataclass(frozen=True)
class Route:
    """The entities passed through and the sentences that say so, link first."""

    score: float
    path: tuple[str, ...]
    claims: tuple[Found, ...]


def _titled(snip: Snippet, name: str) -> bool:
    """The snippet's document is the named thing's own: its title names it, or its title
    shares a distinctive word of the name (no ordinary word, nor a disambiguation in
    parentheses) and its opening names it ("BC Dzūkija ... in Alytus" for "Dzūkija Alytus")."""
    if mentions(snip.title, name):
        return True
    if name.islower():  # a concept in other forms ("politically correct")
        return snip.ordinal == 0 and is_concept(name, snip.title)
    title = words(snip.title.split(" (")[0])
    shared = {w for w in words(name) if len(w) > 3 and w not in common_words()} & set(title)
    return bool(shared) and snip.ordinal == 0 and mentions(snip.text[:400], name)


def followable(
    candidates: list[tuple[str, int]], snippets: list[Snippet]
) -> list[tuple[str, int, bool]]:
    """The bridges to try now, as (name, snippet id, must the answer name it): those a
    retrieved document is titled by exactly (a title named late in a sentence, "a spin-off
    of "19 Kids and Counting"", is not crowded out), the best-ranked four, then the others a
    retrieved title names ("Replicas of the Statue of Liberty"), whose answering sentence
    must name them too, unless that title names several of the candidates ("Google Docs,
    Sheets, and Slides": the page of the three apps listed). A name inside a longer one
    ("Kids") is tried after it."""
    own = {title_head(s.title) for s in snippets}
    joint = [s.title for s in snippets if sum(mentions(s.title, n) for n, _ in candidates) > 1]
    first = [
        (n, i)
        for n, i in candidates
        if n.lower() in own
        or (n.islower() and any(_titled(s, n) for s in snippets))
        or any(mentions(t, n) for t in joint)
    ] + candidates[:4]
    later = [
        (n, i) for n, i in candidates[4:] if any(s.id != i and _titled(s, n) for s in snippets)
    ]
    ordered = [(n, i, False) for n, i in dict.fromkeys(first)]
    ordered += [(n, i, True) for n, i in later if (n, i) not in first]
    names_tried = [n for n, _, _ in ordered]
    inside = [
        any(m != n and re.search(rf"\b{re.escape(n)}\b", m) for m in names_tried)
        for n in names_tried
    ]
    return [c for c, _ in sorted(zip(ordered, inside, strict=True), key=lambda p: p[1])]


def links(name: str, sid: int, own: list[Snippet], named: tuple[str, ...] = ()) -> list[int]:
    """Where to follow `name` from: its best-ranked snippet, and, when that lies in the name's
    own document ("Aqua is a Danish group, best known for "Barbie Girl""), the entity's other
    documents naming it too (a few, best-ranked first), one of whose sentences may carry the
    rest of the question ("lawsuits that resulted from the 1997 Aqua song"), where another
    only names it in passing ("a song by Danish group Aqua"). Such a document speaks of the
    asked entity only if it names what else the question `named` with it ("Wing Chun starred
    Michelle Yeoh": the film, not the art a master "studied ... under Ip Man")."""
    first = next((s for s in own if s.id == sid), None)
    if first is None or not _titled(first, name):
        return [sid]
    others: dict[int, int] = {}
    for s in own:
        if (
            s.document_id != first.document_id
            and not _titled(s, name)
            and mentions(s.text, name)
            and all(mentions(s.text, n) for n in named)
        ):
            others.setdefault(s.document_id, s.id)
    return [sid, *list(others.values())[:MAX_LINKS]]


# What the question sets aside: "besides the Force India driver", not "besides being a
# composer", which adds to what the answer is.
_SET_ASIDE = re.compile(
    r"\b(?:besides|other than|apart from|except|aside from)\b(?!\s+\w+ing\b)([^?]*)", re.I
)


_ANOTHER = re.compile(r"\banother\b", re.IGNORECASE)


def _set_aside(question: str, found: Found) -> bool:
    """Does the sentence describe what the question sets aside ("which other driver ...
    besides the Force India driver born in 1990": a sentence on that driver answers nothing)?"""
    aside = _SET_ASIDE.search(question)
    return bool(aside) and coverage(content_terms(aside.group(1)), found.sentence) >= ACCEPT


def _answer_sentence(
    q: Reading, name: str, link: Found, terms: list[str], linked: list[Snippet]
) -> Found | None:
    """The bridge document's sentence stating the rest. Not strict: words describing the bridge
    itself ("the manufacturer") need not recur. Asked for a name of a kind, the bridge may be
    it ("which band had the single X and was formed in 1989": the band whose own document says
    "X is a band formed in 1989"), unless the question sets it aside ("which other driver,
    besides the one born in 1990") or neither the link nor the sentence says the answer is of
    that kind (a manufacturer is no answer to "in which city"; "season 3 ... featured Ricky
    Gervais" is one to "which season", with Gervais' sentence stating the asked birth date)."""

    def find(known: tuple[str, ...]) -> Found | None:
        return best_sentence(
            terms, linked, q.kind, pool=linked, soft=q.soft, known=known, subject=name,
            strict=False, must=q.must, along=q.along, event=q.event,
        )  # fmt: skip

    kinds = heads(q.question) if q.kind == "name" else set()
    if kinds and not _SET_ASIDE.search(q.question):
        found = find(q.known)
        if found and (
            type_ok(q.kind, found.sentence, (*q.known, name), q.along)
            or any(covers(k, _fact_stems(f"{found.sentence} {link.sentence}")) for k in kinds)
        ):
            return found
    return find((*q.known, name))


def via(
    q: Reading, name: str, sid: int, snippets: list[Snippet], depth: int = 0, named: bool = False
) -> Route | None:
    """The bridge's own document (titled by it) stating the fact the link leads to, or, one
    step further, naming the next bridge that does; with `named`, in a sentence naming the
    bridge. Scored by the share of the question's terms the route's sentences state."""
    if _ANOTHER.search(q.question) and mentions(q.question, name):
        return None  # "educated at St Andrews and another university": not St Andrews
    held = next(s for s in snippets if s.id == sid)
    link = _sentence_naming(held, name)
    if link is None:  # only a heading names it: no sentence links the two
        return None
    # "One of the coaches of SMU also played what role ...": the bridge's own page names the
    # entity further on, in the relation ("he served as the head coach at SMU"); that sentence
    # links them, and its other sentences may state the rest
    relation = _relation_of(q.question, q.entity)
    further = _sentence_naming(held, q.entity) if mentions(held.text, q.entity) else None
    own_page = bool(
        relation
        and further
        and _titled(held, name)
        and not mentions(link.sentence, q.entity)
        and covers(relation, _fact_stems(further.sentence))
    )
    link = further if own_page and further else link
    if not _speaks_of_entity(link, q.entity, snippets):
        return None
    linked = [s for s in snippets if (s.id != sid or own_page) and _titled(s, name)]
    # The link must carry part of the question (the relation), the bridge the rest: what the
    # entity's own document says ("the HALICE-22 ice-core campaign") is not asked of it.
    link_stems = _fact_stems(link.sentence) | converse_kin(q.question, q.entity, link.sentence)
    if enumeration(link.sentence, name):  # listed among three or more: one of their members
        link_stems |= _MEMBERSHIP
    # A subject given only by description ("which lake lies below three peaks", planned as
    # its words) is related to the bridge by the link stating those words.
    description = content_terms(q.entity) if q.entity.islower() else []
    related = [t for t in [*q.terms, *description] if t not in SOFT and covers(t, link_stems)]
    if not related and mentions(link.snippet.title, q.entity) and name.islower():
        # the entity's own page calling it by a concept ("The change was attacked for being
        # too politically correct") relates them in the question's framing words too
        related = [t for t in q.terms if covers(t, link_stems)]
    # on the bridge's own page, its words are the bridge's, not the entity's side
    entity_side = set() if own_page else q.own_context.get(link.snippet.document_id, set())
    unlinked = [t for t in q.terms if not covers(t, link_stems)]
    rest = [t for t in unlinked if not covers(t, entity_side)]
    if not rest and q.kind in ("name", "any") and heads(q.question) & set(unlinked):
        # "Which American former swimmer was X's teammate": words the entity's own document
        # also uses ("X is an American former swimmer") describe the answer, asked of it too.
        rest = unlinked
    if not related or not (rest or q.event):
        return None
    # The document titled by the bridge exactly before namesakes sharing its words ("Santiago
    # del Estero Province" before the city "Santiago del Estero").
    exact = [s for s in linked if title_head(s.title) == name.lower()]
    tries = [(exact, named)] if exact and len(exact) < len(linked) else []
    tries += [(linked, named)] if linked else []
    if not depth and not named and _titled(link.snippet, name):
        # The link lies in the bridge's own document ("Spy Hunter is a game developed by Bally
        # Midway"): another that names it may state the rest ("Highway Pursuit is a remake of
        # Spy Hunter created by Adam Dawes"), in that sentence; of several, the first that
        # does (a star's page naming the sitcom may come before the film's naming its writer).
        tries += [(doc, True) for doc in _by_document(_naming(name, link, q, snippets))]
    # A time the entity's side states dates the entity ("the song peaked in December 1953"),
    # not the bridge's fact: the singer's page need not name that month.
    asked = [t for t in unlinked if t in rest or not (YEAR.fullmatch(t) or t in MONTHS)]
    by = asked_by(q.question)
    for group, by_name in tries:
        found = _answer_sentence(q, name, link, asked, group)
        if by and found and not states_event(found.sentence, by):
            # "The 24-hour music channel that was operated by what company?": the sentence
            # saying who operated it answers; the bridge's defining sentence describes it.
            found = _answer_sentence(replace(q, event=by), name, link, asked, group)
        opening = definition(name, group) if by and found else None
        described = opening.sentence if opening and opening != found else ""
        if (
            found
            and (not rest or _states_rest(found, rest, group, q.soft, described))
            and not _sibling(q, name, related, found)
            and not _set_aside(q.question, found)
            and _states_property(q, found)
            and (not by_name or mentions(found.sentence, name))
        ):
            return _route(q, (name,), (link, found, *([opening] if described else [])))
    if depth or named or not linked:
        return None
    step = Reading(q.question, name, q.kind, unlinked, q.soft, (*q.known, name), q.must,
                   q.along, doc_context(linked), q.event)  # fmt: skip
    for next_name, next_sid in bridges(name, q.question, linked, unlinked, snippets)[:3]:
        if any(mentions(k, next_name) or mentions(next_name, k) for k in q.known if k):
            continue
        further = via(step, next_name, next_sid, snippets, depth + 1)
        if further:
            return _route(q, (name, *further.path), (link, *further.claims))
    return None


_MEMBERSHIP = frozenset(stem(w) for w in "member members".split())


def _relation_of(question: str, entity: str) -> str:
    """The noun relating someone to the entity ("coaches" of "One of the coaches of SMU"),
    stemmed; empty when the question gives none."""
    said = re.search(rf"\b([a-z]{{3,}})\s+(?:of|at|for)\s+(?:the\s+)?{re.escape(entity)}", question)
    return stem(said.group(1)) if said and said.group(1) not in STOPWORDS else ""


# "What is the inspirational source behind the name of this album ...": the property asked.
_PROPERTY = re.compile(
    r"^\s*(?i:what|which)\s+(?:is|was|are|were)\s+the\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)\s+"
    r"(?:of|behind|for|in|on|at|from|to|that|which)\b"
)


def _states_property(q: Reading, found: Found) -> bool:
    """Asked for a property of a thing the question describes at length ("the inspirational
    source behind the name of this studio album by Queen released by EMI Records"), the bridge's
    sentence must state the property, not only the description ("Queen II is the second studio
    album by Queen, released by EMI Records")."""
    asked = _PROPERTY.match(q.question)
    if q.kind != "any" or not asked:
        return True
    wanted = [t for t in content_terms(asked.group(1)) if t in q.terms]
    stated = _fact_stems(found.sentence)
    return not wanted or any(covers(t, stated) for t in wanted)


def _by_document(snippets: list[Snippet]) -> list[list[Snippet]]:
    """The snippets grouped by document, in the order each document first appears."""
    groups: dict[int, list[Snippet]] = {}
    for s in snippets:
        groups.setdefault(s.document_id, []).append(s)
    return list(groups.values())


def _naming(name: str, link: Found, q: Reading, snippets: list[Snippet]) -> list[Snippet]:
    """Documents other than the link's and the entity's own that name the bridge."""
    skip = {link.snippet.document_id, *q.own_context}
    return [s for s in snippets if s.document_id not in skip and mentions(s.text, name)]


def _speaks_of_entity(link: Found, entity: str, snippets: list[Snippet]) -> bool:
    """The link speaks of the entity: it names it, or it lies in the entity's own document
    (titled by it, or opening with it: "Fear: 13 Stories of Suspense and Horror is an
    anthology"), or it names a person by the surname its passage gives in full ("... Chris
    Stockley on guitar. ... after Stockley was shot by ...")."""
    if mentions(link.sentence, entity) or mentions(link.snippet.title, entity):
        return True
    doc = link.snippet.document_id
    if any(s.document_id == doc and s.ordinal == 0 and mentions(s.text[:400], entity)
           for s in snippets):  # fmt: skip
        return True
    parts = entity.split()
    person = len(parts) in (2, 3) and all(p[:1].isupper() and p.isalpha() for p in parts)
    surname = re.search(rf"(?<!\w){re.escape(parts[-1])}(?!\w)", link.sentence) if parts else None
    return person and bool(surname) and mentions(link.snippet.text, entity)


def _states_rest(
    found: Found, rest: list[str], linked: list[Snippet], soft: frozenset[str], described: str = ""
) -> bool:
    """Relation words the bridge's document never uses ("used to select patients") weigh
    less, but the sentence must state one word the document does use. What the bridge's defining
    sentence says of it (`described`) holds for the whole document."""
    bridge_side = set().union(*doc_context(linked).values())
    unused = frozenset(t for t in rest if not covers(t, bridge_side))
    if not any(covers(t, _fact_stems(found.sentence)) for t in rest if t not in unused):
        return False
    return coverage(rest, f"{found.sentence} {described}", soft | unused) >= ACCEPT


def _sibling(q: Reading, name: str, related: list[str], found: Found) -> bool:
    """A namesake ("Voltera X3" beside "Voltera X5") whose own sentence repeats the relation
    is another entity with the same fact, not the one the relation leads to."""
    shared = set(words(q.entity)) & set(words(name))
    stems = _fact_stems(found.sentence)
    return bool(shared) and all(covers(t, stems) for t in related)


def _route(q: Reading, path: tuple[str, ...], claims: tuple[Found, ...]) -> Route:
    said = set().union(*(_fact_stems(f.sentence) for f in claims))
    return Route(sum(covers(t, said) for t in q.terms) / len(q.terms), path, claims)


def best_route(routes: list[Route], entity: str) -> Route:
    """A link in the entity's own document speaks for it before one in another's that names
    it ("studied Wing Chun under Ip Man" is the art, not the film "Wing Chun"); a bridge named
    inside another in the same link that also leads on is a part of that name ("Santiago del
    Estero" of "Santiago del Estero Province": the city); then the route stating most."""

    def part_of_another(r: Route) -> bool:
        return any(
            o.path[0] != r.path[0]
            and r.path[0] in o.path[0]
            and o.claims[0].sentence == r.claims[0].sentence
            for o in routes
        )

    return max(
        routes,
        key=lambda r: (
            mentions(r.claims[0].snippet.title, entity),
            not part_of_another(r),
            r.score,
        ),
    )


def next_hops(
    q: Reading, first: list[tuple[str, int]], snippets: list[Snippet]
) -> list[tuple[str, int]]:
    """For bridges whose documents were retrieved but do not state the fact, the names those
    documents point on to: the searches a third hop needs."""
    out: list[tuple[str, int]] = []
    taken = {n.lower() for n, _ in first} | {k.lower() for k in q.known if k}
    for name, sid in first[:2]:
        linked = [s for s in snippets if s.id != sid and mentions(s.title, name)]
        for next_name, next_sid in bridges(name, q.question, linked, q.terms, snippets)[:1]:
            if next_name.lower() not in taken:
                taken.add(next_name.lower())
                out.append((next_name, next_sid))
    return out
