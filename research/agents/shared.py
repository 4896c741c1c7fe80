"""What two entities share: "Who plays in both A and B?", "A and B have both been given
what?", "What do A and B have in common?" are answered by the name the passages of every
compared entity give, quoted from each side's own passage.

One shared name answers; several only when the question's words single one out (the lyricist
of both, not their composer); otherwise the question stays open. That the sources of one side
do not name a thing is no evidence that it is not shared, so "nothing in common" is never
concluded.
"""

from __future__ import annotations

import re

from research.agents.answers import Found, _claim, citation, coverage
from research.agents.bridge_names import repeated_lines, term_offsets
from research.agents.lexicon import MEMBER_WORDS, common_words
from research.agents.passages import titled_definition
from research.agents.questions import is_demonym
from research.agents.text import (
    STOPWORDS,
    line_around,
    mentions,
    names,
    sentences,
    speaks_of,
    stem,
    title_head,
    words,
)
from research.contracts import Claim, Snippet

_SHARED = re.compile(r"\bboth\b|\bin common\b", re.IGNORECASE)
_KIND_ASKED = re.compile(r"\bwhat (?:kind|type|sort) of\b", re.IGNORECASE)
# "At the Drive-In is an American punk rock band from El Paso": the noun phrase after "is a"
_PREDICATE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:a|an|the)\s+(?P<np>[^,;()]+?)(?=\s*(?:[,;(.]|$|\b(?:from|"
    r"in|of|that|which|who|based|formed|located|founded|with|by|and|for|on|at|since)\b))",
    re.IGNORECASE,
)


def asks_shared(question: str) -> bool:
    """ "Who plays in both A and B?", "What do A and B have in common?": one thing of all."""
    return bool(_SHARED.search(question))


def _named(
    entity: str, others: list[str], snippets: list[Snippet], skip: tuple[str, ...],
    headers: set[str],
) -> dict[str, list[Found]]:  # fmt: skip
    """Each name the entity's passages give (not the question's, nor a header's), with the
    sentences that give it. A passage that speaks of another compared entity too is no
    evidence for either side: every name in it would be "shared"; the entity's own page
    still speaks for it alone ("Similarly to Yakuza 0, Yakuza Kiwami was released ...")."""
    out: dict[str, list[Found]] = {}
    common = common_words()
    for snip in snippets:
        if not speaks_of(snip.title, snip.text, entity):
            continue
        own = _titled(snip, entity)
        if any(
            _titled(snip, o) or (not own and speaks_of(snip.title, snip.text, o)) for o in others
        ):
            continue
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            line = snip.text[slice(*line_around(snip.text, start))].strip()
            if line in headers or sentence.startswith("#"):
                continue
            for name in names(sentence):
                if is_demonym(name) or any(mentions(k, name) or mentions(name, k) for k in skip):
                    continue
                if " " not in name and sentence.startswith(name) and name.lower() in common:
                    continue  # an ordinary word opening the sentence ("Based at ...")
                out.setdefault(name, []).append(Found(snip, start, end, 0.0))
    return out


def _titled(snip: Snippet, entity: str) -> bool:
    """Is the passage from the entity's own page (titled by its name)?"""
    return title_head(snip.title) == entity.lower()


def _on_every_side(per_side: list[dict[str, list[Found]]]) -> dict[str, list[list[Found]]]:
    """Names given on every side, a longer form standing for a shorter ("Memphis Eve Sunny
    Day Hewson" is "Eve Hewson"), with each side's sentences."""
    out: dict[str, list[list[Found]]] = {}
    for name in per_side[0]:
        sides = [
            [f for other, found in side.items() if mentions(other, name) or mentions(name, other)
             for f in found]
            for side in per_side
        ]  # fmt: skip
        if all(sides) and not any(mentions(n, name) or mentions(name, n) for n in out):
            out[name] = sides
    return out


def shared_answer(
    entities: list[str], terms: list[str], kinds: set[str], known: tuple[str, ...],
    snippets: list[Snippet],
) -> list[Claim]:  # fmt: skip
    """The claims naming what every entity shares, one sentence per side, or none."""
    headers = repeated_lines(snippets)
    skip = (*entities, *known)
    shared = _on_every_side(
        [_named(e, [o for o in entities if o != e], snippets, skip, headers) for e in entities]
    )
    if kinds and not kinds & _PLACE_KINDS:  # "which console": not where it was released
        shared = {n: sides for n, sides in shared.items() if not all(_placed(n, s) for s in sides)}
    if not shared:
        return []

    def best(found: list[Found], entity: str = "") -> Found:
        """The side's sentence stating most of the question's words; its own page's first."""
        return max(
            found,
            key=lambda f: (
                coverage(terms, f.sentence) if terms else 0.0,
                bool(entity) and _titled(f.snippet, entity),
            ),
        )

    def score(name: str, sides: list[list[Found]]) -> float:
        """The question's words its sentences state; a name of the kind asked for ("New York
        City" for "in what city") first."""
        said = sum(coverage(terms, best(side).sentence) for side in sides) if terms else 0.0
        return said + (1.0 if {stem(w) for w in words(name)} & kinds else 0.0)

    ranked = sorted(((score(n, sides), n) for n, sides in shared.items()), reverse=True)
    tied = [n for s, n in ranked if s >= ranked[0][0]]
    name = tied[0] if len(tied) == 1 else _nearest(tied, shared, terms)
    if name is None:
        return []  # several shared names, none singled out by the question's words
    quotes = [best(side, e) for side, e in zip(shared[name], entities, strict=True)]
    claims = [
        Claim(
            text=f"{name} is named in the passages on {_all_of(entities)}.",
            citations=[citation(f) for f in quotes],
        )
    ]
    # What the shared name is, from its own retrieved page ("Howard Elliott Ashman was an
    # American playwright and lyricist"), unless a side's quote is that sentence.
    own = titled_definition(name, snippets)
    if own and own.sentence not in {f.sentence for f in quotes}:
        claims.append(_claim(own))
    return claims


def _all_of(entities: list[str]) -> str:
    """ "both A and B", "each of A, B and C"."""
    on = "both" if len(entities) == 2 else "each of"
    return f"{on} {', '.join(entities[:-1])} and {entities[-1]}"


def _nearest(tied: list[str], shared: dict[str, list[list[Found]]], terms: list[str]) -> str | None:
    """Of names whose sentences state the question's words alike ("written by lyricist Howard
    Ashman and composer Alan Menken"), the one standing nearer those words on every side."""

    def near(name: str, side: list[Found]) -> int:
        return min(
            (abs(at - a) for f in side if (at := _at(f.sentence, name)) >= 0
             for a in term_offsets(f.sentence, terms)),
            default=10**6,
        )  # fmt: skip

    gaps = {n: [near(n, side) for side in shared[n]] for n in tied}
    return next(
        (n for n in tied if all(
            all(g < h for g, h in zip(gaps[n], gaps[o], strict=True)) for o in tied if o != n
        )),
        None,
    )  # fmt: skip


_PLACE_KINDS = frozenset(
    stem(w) for w in "city town village country state region nation place area continent".split()
)
# "released in Europe and North America": names given as where, after "in" and a list.
_LOCATIVE = re.compile(r"\b(?:in|across|throughout)\s+(?:[A-Z][\w.-]*(?:\s+|,\s*|\s+and\s+))*$")


def _placed(name: str, side: list[Found]) -> bool:
    """Every sentence of a side gives the name as a place: "released in Europe and North
    America" gives no console."""
    return all(
        (at := f.sentence.find(name)) >= 0 and bool(_LOCATIVE.search(f.sentence[:at])) for f in side
    )


def _at(sentence: str, name: str) -> int:
    """Where the sentence names `name`, in full or by its last word ("Ashman")."""
    at = sentence.find(name)
    return at if at >= 0 else sentence.find(name.split()[-1])


def asks_kind(question: str) -> bool:
    """ "What kind of group do A and B have in common?": a kind of thing, not a name."""
    return bool(_KIND_ASKED.search(question))


def _kind_of(entity: str, snippets: list[Snippet]) -> tuple[str, Found] | None:
    """The head noun of what the entity's own document says it is, and that sentence."""
    defined = titled_definition(entity, snippets)
    said = _PREDICATE.search(defined.sentence) if defined else None
    return (words(said.group("np"))[-1], defined) if said and defined else None


def shared_kind(entities: list[str], snippets: list[Snippet]) -> list[Claim]:
    """The kind every entity's own document says it is ("band" for "an American punk rock
    band" and "an English rock band"), each side's defining sentence cited; none when they
    differ."""
    kinds = [k for e in entities if (k := _kind_of(e, snippets))]
    if len(kinds) != len(entities) or len({stem(head) for head, _ in kinds}) != 1:
        return []
    together = f"{', '.join(entities[:-1])} and {entities[-1]}"
    return [
        Claim(
            text=f"{together} are each described as a {kinds[0][0]}.",
            citations=[citation(found) for _, found in kinds],
        )
    ]


def shared_member(entities: list[str], question: str, snippets: list[Snippet]) -> list[Claim]:
    """ "What type of building do Jim Bartels and ʻIolani Palace have in common?", their pages
    defining them as different kinds: the one word naming a kind of the asked thing that each
    side's own page uses ("a Hawaiian museum curator", "opened to the public as a museum"),
    each side's sentence cited; none when no such word, or more than one, is shared."""
    asked = re.search(r"\b(?:kind|type|sort)s? of ([a-z]+)", question, re.IGNORECASE)
    kind = asked.group(1).lower() if asked else ""
    members = MEMBER_WORDS.get(stem(kind), ())
    named = {stem(w) for w in words(" ".join(entities))}
    said: dict[str, list[Found]] = {}
    for word in (m for m in members if stem(m) not in named):
        found = [_using(e, word, snippets) for e in entities]
        if all(found):
            said[word] = [f for f in found if f]
    if len(said) != 1:
        return []
    word, found = next(iter(said.items()))
    return [
        Claim(
            text=f"{word.capitalize()}: the kind of {kind} the own passages of "
            f"{_all_of(entities)} speak of.",
            citations=[citation(f) for f in found],
        )
    ]


def _using(entity: str, word: str, snippets: list[Snippet]) -> Found | None:
    """The first sentence of the entity's own page that uses the word."""
    for snip in sorted((s for s in snippets if mentions(s.title, entity)), key=lambda s: s.ordinal):
        for start, end in sentences(snip.text):
            if re.search(rf"\b{word}s?\b", snip.text[start:end], re.IGNORECASE):
                return Found(snip, start, end, 1.0)
    return None


_IN_COMMON = re.compile(r"\bin common\b", re.IGNORECASE)


def asks_in_common(question: str) -> bool:
    """ "What sport do A and B have in common?": a thing said of each, not only a name."""
    return bool(_IN_COMMON.search(question))


def _opening(entity: str, snippets: list[Snippet]) -> Found | None:
    """What the entity's own page says first: its defining sentence, else the first full
    sentence of the document titled by it (a page may open on another of its names)."""
    if defined := titled_definition(entity, snippets):
        return defined
    headers = repeated_lines(snippets)
    own = sorted((s for s in snippets if mentions(s.title, entity)), key=lambda s: s.ordinal)
    for snip in own[:1]:
        for start, end in sentences(snip.text):
            line = snip.text[slice(*line_around(snip.text, start))].strip()
            if line not in headers and not line.startswith("#") and end - start >= 40:
                return Found(snip, start, end, 0.0)
    return None


def _runs(sentence: str, skip: set[str]) -> set[tuple[str, ...]]:
    """Runs of two to four words of the sentence, none a stopword or a word of `skip`."""
    ws = [w.lower() for w in words(sentence)]
    return {
        tuple(ws[i : i + n])
        for n in (2, 3, 4)
        for i in range(len(ws) - n + 1)
        if not any(w in STOPWORDS or stem(w) in skip for w in ws[i : i + n])
    }


def shared_phrase(entities: list[str], question: str, snippets: list[Snippet]) -> list[Claim]:
    """ "What sport does the 200-foot game and Jonathan Toews have in common?": the longest run
    of words the opening sentence of every side's own page says ("ice hockey"), each side's
    sentence cited; none when they share no such words."""
    found = [_opening(e, snippets) for e in entities]
    openings = [f for f in found if f]
    if len(openings) != len(entities):
        return []
    skip = {stem(w) for w in words(" ".join([question, *entities]))}
    common = set.intersection(*(_runs(f.sentence, skip) for f in openings))
    if not common:
        return []
    first = [w.lower() for w in words(openings[0].sentence)]
    run = max(common, key=lambda r: (len(r), -_position(first, r)))
    said = re.search(r"\W+".join(map(re.escape, run)), openings[0].sentence, re.I)
    phrase = said.group(0) if said else " ".join(run)
    return [
        Claim(
            text=f"“{phrase}” is said of {_all_of(entities)} in their own passages.",
            citations=[citation(f) for f in openings],
        )
    ]


def _position(ws: list[str], run: tuple[str, ...]) -> int:
    return next(i for i in range(len(ws)) if tuple(ws[i : i + len(run)]) == run)
