"""Question words a source need not state: either of an "or" pair, the verb a report
phrases otherwise, a description that only says which entity is meant (also by what its kind
does), a second sentence restating the first, the second half of "X and Y initiatives"."""

from __future__ import annotations

import re

from research.agents.questions import answer_nouns, is_demonym
from research.agents.text import QUESTION_WORDS, STOPWORDS, stem, words


def alternatives(question: str, entity: str = "") -> frozenset[str]:
    """Words a source may phrase otherwise: 'or' pairs ("installed or consented"), the verb
    of "did <entity> pay" (the report says "paid") and the participle of "declared by
    <entity>", so none is required verbatim."""
    found = re.findall(r"\b([a-z][a-z-]+) or ([a-z][a-z-]+)\b", question)
    soft = {stem(w) for pair in found for w in pair} | answer_nouns(question)
    if entity:
        verb = re.search(
            rf"\b(?:did|does|do)\s+(?:the\s+)?{re.escape(entity)}\S*\s+([a-z]+)", question
        )
        if verb:
            soft.add(stem(verb.group(1)))
    # "the dividends declared by X": a participle after its noun (not "was declared by")
    # restates how the noun belongs to X, which a report may say otherwise ("distributed").
    for before, participle in re.findall(r"\b(\w+)\s+([a-z]+(?:ed|en))\s+by\b", question):
        if before.lower() not in _AUXILIARIES:
            soft.add(stem(participle))
    return frozenset(
        soft
        | kind_of_both(question)
        | _apposition(question, entity)
        | _kind_after(question, entity)
        | _described(question)
        | _participial(question)
    )


# "giving blacks emphasizing traditionalism and capitalism a sense of community": a plural
# noun, a participle and its objects, closed by the article of what the verb gives.
_PARTICIPIAL = re.compile(
    r"\b[a-z]{4,}s\s+([a-z]{3,}ing\s+(?:[a-z]+\s+){0,3}?[a-z]+)\s+(?=(?:a|an|the)\s)"
)


def _participial(question: str) -> set[str]:
    """Words describing a noun by what its kind does ("blacks emphasizing traditionalism and
    capitalism", conservative blacks): which ones are meant, which a source names otherwise."""
    return {stem(w) for m in _PARTICIPIAL.finditer(question) for w in words(m.group(1))} - {
        stem(w) for w in STOPWORDS
    }


def kind_of_both(question: str) -> set[str]:
    """ "Between two scientists A and B, who is older", "Of the retired tennis players A and
    B, which ...", "Have tennis players A and B both won ...": the kind of both, not a fact."""
    kind = re.match(r"\s*(?i:between|of|among)\s+(?:the\s+)?((?:[a-z-]+\s+){1,4})[A-Z]", question)
    named_two = kind and re.search(r"\b(?:and|or)\b", question[kind.end() :])
    if named_two and not set(words(kind.group(1))) & set(QUESTION_WORDS):
        return {stem(w) for w in words(kind.group(1))}
    return _plural_kind(question)


def _apposition(question: str, entity: str) -> set[str]:
    """ "Tim Hecker, the Canadian electronic music maker": a description that tells the asker
    which entity is meant, not what is asked."""
    if not entity:
        return set()
    match = re.search(rf"{re.escape(entity)},\s+(?:the|a|an)\s+([^,?]+)", question)
    return {stem(w) for w in words(match.group(1))} if match else set()


_DESCRIBED = re.compile(
    r"\b(?:[Tt]he|[Aa]n?)\s+((?:[A-Z][a-z]+\s+)?(?:[a-z][a-z-]*\s+){1,5})(?=[\"“]?[A-Z])"
)


def _kind_after(question: str, entity: str) -> set[str]:
    """ "the investigator of the Harlow asthma trial": words after the name, in the phrase a
    preposition opens, say which one is meant (the report may call it a study); before a
    preposition, "the Harlow output", they would be the asked fact, and so is a participle
    ("the sponsor of Harlow headquartered")."""
    if not entity:
        return set()
    found = re.search(
        rf"\b(?:of|in|for|at|under|from|on|by|with)\s+(?:the\s+)?{re.escape(entity)}"
        r"((?:\s+[a-z][\w-]*){1,2}?)"
        r"(?=\s*[?,.;:]|\s*$|\s+(?:in|on|at|during|for|from|by|and|or|was|were|is|are)\b)",
        question,
    )
    if not found or re.search(r"(?:ed|en)\b", found.group(1)):  # "of X headquartered": asked
        return set()
    return {stem(w) for w in words(found.group(1))} - STOPWORDS


def _described(question: str) -> set[str]:
    """ "The English actor Kris Marshall", "the highly rated comedy-drama series "Death in
    Paradise"": words set before a name to say which one is meant, not what is asked (a
    phrase with a preposition, "the quarterback of the Vikings", relates rather than
    describes)."""
    out: set[str] = set()
    for match in _DESCRIBED.finditer(question):
        lead, *rest = match.group(1).split()
        ws = rest if lead[:1].isupper() else [lead, *rest]
        if lead[:1].isupper() and not is_demonym(lead):
            continue
        if any(w in STOPWORDS or w in QUESTION_WORDS for w in ws):
            continue
        out |= {stem(w) for w in words(" ".join([lead, *rest]))}
    return out


# "Have tennis players A and B both won ...", "New Jersey politicians A and B were born ...":
# the kind of both, in the plural, set straight before the names.
_PLURAL_KIND = re.compile(
    r"(?:^\s*|\b(?i:have|has|had|are|were|did|do|does)\s+)"
    r"((?:[A-Z][a-z]+\s+){0,2}(?:[a-z][a-z-]*\s+){0,2}[a-z]{3,}s)\s+(?=[A-Z])"
)


def _plural_kind(question: str) -> set[str]:
    match = _PLURAL_KIND.search(question)
    if not match or not re.search(r"\b(?:and|or)\b", question[match.end() :]):
        return set()
    kind = words(match.group(1))
    while kind and (kind[0] in STOPWORDS or kind[0] in QUESTION_WORDS):
        kind = kind[1:]  # "Have tennis players": the auxiliary opens the question
    if not kind or any(w in STOPWORDS or w in QUESTION_WORDS for w in kind):
        return set()
    return {stem(w) for w in kind}


_AUXILIARIES = frozenset("is are was were be been being get gets got".split())

_COMPARE_THEN_WHICH = re.compile(r"\s*(compare\b.*?[.?])\s+(which\b.*)", re.I | re.S)


def restated(question: str) -> frozenset[str]:
    """ "Compare the times of X for A and B. Which company updated its X standards earlier?":
    the second sentence restates the first in its own words, which a source need not use."""
    match = _COMPARE_THEN_WHICH.match(question)
    if not match:
        return frozenset()
    first = {stem(w) for w in words(match.group(1))}
    return frozenset(s for w in words(match.group(2)) if (s := stem(w)) not in first)


def second_conjuncts(question: str) -> frozenset[str]:
    """In a heading such as "sustainability and social responsibility initiatives" a source
    states the first of the two ("launched a sustainability program"): the words after "and",
    up to two, are not required."""
    found = re.findall(r"\b[a-z]{3,} and ([a-z]{3,})(?: ([a-z]{3,}))?", question)
    return frozenset(stem(w) for pair in found for w in pair if w and w not in STOPWORDS)
