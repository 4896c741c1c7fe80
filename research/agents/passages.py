"""Further sentences quoted with an answer: the explanation that goes on after it, other
strong sentences on the subject, what an event led to, an entity's defining sentence, and
what the entities an answer names are."""

from __future__ import annotations

import re

from research.agents.answers import (
    ACCEPT,
    Found,
    _fact_stems,
    _share,
    _weights,
    covers,
    distinct,
    intended,
)
from research.agents.bridge_names import bridges
from research.agents.dates import YEAR, months
from research.agents.lexicon import common_words
from research.agents.text import content_terms, line_around, mentions, names, sentences
from research.contracts import Snippet

_GOES_ON = re.compile(
    r"^(?:This|These|That|Those|It|Its|They|Their|Such|As a result|Consequently|In turn|"
    r"The (?:company|measures?|moves?|changes?|decisions?|events?|initiatives?))\b"
)


def paragraph_sentences(doc: list[Snippet]) -> list[tuple[int, Snippet, int, int, bool]]:
    """(paragraph number, snippet, start, end, opens its paragraph) per sentence of `doc`'s
    chunks in order. The chunks overlap, so a chunk's first line goes on with the paragraph
    its predecessor ended in; fragments (a chunk may open inside a sentence) are left out."""
    out = []
    number, previous = 0, None
    for snip in doc:
        line = -1
        for start, end in sentences(snip.text):
            at = line_around(snip.text, start)[0]
            if at != line:
                continuing = at == 0 and previous == snip.ordinal - 1
                number += 0 if continuing else 1
                line = at
            if not snip.text[start].islower():
                out.append((number, snip, start, end, start == at and not continuing))
        previous = snip.ordinal
    return out


def _dates(sentence: str) -> set[str]:
    return set(YEAR.findall(sentence)) | months(sentence)


def continuation(
    first: Found, snippets: list[Snippet], subject: str, limit: int = 6
) -> list[Found]:
    """The sentences of `first`'s paragraph that go on about it ("This involved ...", "As a
    result, ...") or about its subject ("X took immediate measures"), on into the next chunks
    of its document: an explanation is quoted whole. They end at a sentence on something else,
    or at another dated event ("In May, ...") that does not go on from this one."""
    doc = sorted(
        {
            s.id: s
            for s in (first.snippet, *snippets)
            if s.document_id == first.snippet.document_id and s.ordinal >= first.snippet.ordinal
        }.values(),
        key=lambda s: s.ordinal,
    )
    spans = paragraph_sentences(doc)
    at = next(
        (
            i
            for i, (_, snip, start, _, _) in enumerate(spans)
            if (snip.id, start) == (first.snippet.id, first.start)
        ),
        None,
    )
    if at is None:  # a fragment at a chunk's start: no paragraph to read on in
        return []
    home, dated = spans[at][0], _dates(first.sentence)
    before = {snip.text[s:e] for n, snip, s, e, _ in spans[: at + 1] if n == home}
    out: list[Found] = []
    for number, snip, start, end, _ in spans[at + 1 :]:
        sentence = snip.text[start:end]
        if number != home or len(out) == limit:
            break
        if sentence in before:  # the chunks' overlap repeats what came before
            continue
        goes_on = bool(_GOES_ON.match(sentence))
        if not goes_on and (_dates(sentence) - dated or not mentions(sentence, subject)):
            break
        out.append(Found(snip, start, end, first.score))
    return distinct([first, *out])[1:]


def more_sentences(
    terms: list[str],
    snippets: list[Snippet],
    first: Found,
    soft: frozenset[str],
    subject: str,
    done: bool = False,
) -> list[Found]:
    """Up to two further sentences of the subject's documents that cover the asked terms (not
    a plan, when what was `done` is asked)."""
    weights = _weights(terms, soft)
    ranked: list[tuple[float, int, Found]] = []
    for order, snip in enumerate(snippets):
        about = mentions(snip.title, subject)
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if (snip.id, start) == (first.snippet.id, first.start) or len(sentence) < 30:
                continue
            if (not about and not mentions(sentence, subject)) or (done and intended(sentence)):
                continue
            score = _share(weights, _fact_stems(sentence))
            if score >= ACCEPT:
                ranked.append((-score, order, Found(snip, start, end, score)))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return distinct([first, *(found for _, _, found in ranked)])[1:3]


def outcome_sentences(
    first: Found, snippets: list[Snippet], outcome: frozenset[str], limit: int = 3
) -> list[Found]:
    """For "how did X lead to Y through A and B": the sentences of X's document that state
    two or more of the expected outcome's words, best first."""
    ranked: list[tuple[int, int, int, Found]] = []
    for snip in snippets:
        if snip.document_id != first.snippet.document_id:
            continue
        for start, end in sentences(snip.text):
            hits = _outcome_words(snip.text[start:end], outcome)
            if hits >= 2 and (snip.id, start) != (first.snippet.id, first.start):
                ranked.append((-hits, snip.ordinal, start, Found(snip, start, end, first.score)))
    ranked.sort(key=lambda r: r[:3])
    return distinct([first, *(f for *_, f in ranked)])[1 : limit + 1]


def definition(entity: str, own: list[Snippet]) -> Found | None:
    """The sentence that defines `entity`: it names it and goes on, within a clause or two,
    to "is a", "are an", "was the" (its document's first such sentence)."""
    for snip in sorted(own, key=lambda s: (s.document_id, s.ordinal)):
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if not mentions(sentence, entity):
                continue
            lead = re.escape(entity.split()[0])
            if re.search(
                rf"\b{lead}\b[^;]{{0,160}}?\b(?:is|are|was|were)\s+(?:a|an|the)\b", sentence
            ):
                return Found(snip, start, end, 1.0)
    return None


def asks_what_it_is(question: str, entity: str) -> bool:
    """ "What is the Landsman Kill (near Route 308)?": what the thing is, nothing else of it."""
    return bool(
        re.match(
            rf"\s*what (?:is|was|are|were) (?:the |a |an )?{re.escape(entity)}"
            r"(?:\s+(?:near|in|on|at|off|along|by)\b[^?]*)?\s*\??\s*$",
            question,
            re.IGNORECASE,
        )
    )


def head_word(entity: str) -> str | None:
    """The common noun a name ends in, lower-cased ("kill" of "Landsman Kill"): it says what
    kind of thing the name is."""
    last = entity.split()[-1] if len(entity.split()) > 1 else ""
    return last.lower() if last[:1].isupper() and last.lower() in common_words() else None


def kind_named(entity: str, word: str, own: list[Snippet], snippets: list[Snippet]) -> list[Found]:
    """A sentence naming the entity and the sentence of the page titled by its head word that
    says what one is ("As a body of water, a kill is a creek."); nothing when either is not
    retrieved."""
    named = next(
        (
            Found(s, a, b, 1.0)
            for s in own
            for a, b in sentences(s.text)
            if mentions(s.text[a:b], entity) and not s.text[a:b].lstrip().startswith("#")
        ),
        None,
    )
    defined = definition(word, [s for s in snippets if _head(s.title) == word])
    return [named, defined] if named and defined else []


_ASIDE = re.compile(
    r",\s*(?:which|who)\s+(?:is|was|are|were)\s+((?:[^,?]|,(?=\s*\d))+)", re.IGNORECASE
)


def aside_terms(question: str) -> list[str]:
    """ "... of the 1935 American crime drama film, which was the feature film debut of the
    actor born on May 20, 1908?": the clause set off after the subject tells it apart."""
    said = _ASIDE.search(question)
    return content_terms(said.group(1)) if said else []


def told_apart(own: list[Snippet], aside: list[str]) -> tuple[list[Snippet], Found | None]:
    """Of the documents a description matches, those whose sentence states most of the aside
    (at least two of its words), and that sentence; all of them, and none, when none does."""
    best: dict[int, tuple[int, Found]] = {}
    for snip in own:
        for start, end in sentences(snip.text):
            said = sum(covers(t, _fact_stems(snip.text[start:end])) for t in aside)
            if said >= 2 and said > best.get(snip.document_id, (0, None))[0]:
                best[snip.document_id] = (said, Found(snip, start, end, 1.0))
    if not best:
        return own, None
    top = max(n for n, _ in best.values())
    keep = {d for d, (n, _) in best.items() if n == top}
    return [s for s in own if s.document_id in keep], best[min(keep)][1]


def titled_definition(entity: str, snippets: list[Snippet]) -> Found | None:
    """The defining sentence from a document titled by the entity: what its own page says it is
    ("Syracuse University" before "Syracuse University Alma Mater")."""
    titled = [s for s in snippets if mentions(s.title, entity)]
    exact = [s for s in titled if _head(s.title) == " ".join(entity.lower().split())]
    return (definition(entity, exact) if exact else None) or definition(entity, titled)


def linked_outcome(first: Found, outcome: frozenset[str]) -> list[Found]:
    """The sentences of `first`'s own paragraph (itself included) that state two or more of
    the expected outcome's words: where a source says what X led to, it says it next to X."""
    line_start, line_end = line_around(first.snippet.text, first.start)
    out = []
    for start, end in sentences(first.snippet.text):
        if (
            line_start <= start < line_end
            and _outcome_words(first.snippet.text[start:end], outcome) >= 2
        ):
            out.append(Found(first.snippet, start, end, first.score))
    return out


def _outcome_words(sentence: str, outcome: frozenset[str]) -> int:
    """How many of the expected outcome's words the sentence states."""
    stated = _fact_stems(sentence)
    return sum(covers(t, stated) for t in outcome)


def _head(title: str) -> str:
    """A title without its qualifier: "Christies Beach, South Australia" -> "christies beach"."""
    return " ".join(re.split(r" \(|,", title, maxsplit=1)[0].lower().split())


def named_in_answer(
    answer: Found, entity: str, question: str, terms: list[str], snippets: list[Snippet]
) -> tuple[list[Found], list[str]]:
    """The answer's sentence names other entities ("chairman of Waring & Gillow"): for the two
    nearest the asked relation, the defining sentence of their own document where retrieved
    ("Waring & Gillow is a noted firm of English furniture manufacturers"), and the names
    whose document is still to be read."""
    line = answer.snippet.model_copy(update={"text": answer.sentence})
    defined, to_read = [], []
    given = {n.lower() for n in names(question)}  # the question's own names need no reading
    named = _kin(answer.sentence, entity) + [
        n for n, _ in bridges(entity, question, [line], terms, snippets)
    ]
    for name in [n for n in named if n.lower() not in given][:2]:
        own = [s for s in snippets if _head(s.title) == " ".join(name.lower().split())]
        found = definition(name, own) if own else None
        if found and found.sentence != answer.sentence and found not in defined:
            defined.append(found)  # "DI Humphrey Goodman" and "Humphrey Goodman": one read
        elif not own:
            to_read.append(name)
    return defined, to_read


def _kin(sentence: str, entity: str) -> list[str]:
    """Another person named within the entity's name: "Binion is the son of Benny Binion",
    of Jack Benny Binion. A part of the name that does not open as it does is not the entity
    called short ("Jack Binion") but a relative named so."""
    given = entity.split()
    return [
        n
        for n in names(sentence)
        if 1 < len(n.split()) < len(given)
        and mentions(entity, n)
        and n.split()[0].lower() != given[0].lower()
    ]


_PRONOUN_LED = re.compile(r"^(?:He|She|It|They|His|Her|Its|Their)\b")


def antecedent(snippet: Snippet, quote: str) -> Found | None:
    """The sentence that names whom a quote opening with "He" or "It" speaks of: the opening
    sentence of the quote's paragraph, when the quote is not that sentence itself."""
    at = snippet.text.find(quote)
    if at < 0 or not _PRONOUN_LED.match(quote):
        return None
    opens = line_around(snippet.text, at)[0]
    first = next(((s, e) for s, e in sentences(snippet.text) if s >= opens), None)
    if first is None or first[0] >= at:
        return None
    return Found(snippet, first[0], first[1], 1.0)
