"""One part per asked fact: "What were the peak output, the outages and the availability of X?"
asks three things of X, so it gives three questions, each about one fact of the same subject.

Only a list whose every item is a noun phrase with its own article ("the peak output, the
outages"), or one a possessive owns ("State X's output, operator and opening year"), is read
so: "the ratio of sales and profit" is one fact, and names in a list are entities
(plan_lists.py), not facts.
"""

from __future__ import annotations

import re

from research.agents.lexicon import common_words
from research.agents.plan_lists import as_question
from research.agents.plan_parts import singular, tidy
from research.agents.text import QUESTION_WORDS, STOPWORDS, names, words

_ASK = re.compile(
    r"\b(?:(?P<wh>[Ww]hat)\s+(?P<verb>is|are|was|were)|"
    r"(?P<cmd>[Gg]ive|[Ss]tate|[Rr]eport|[Ll]ist|[Pp]rovide|[Ff]ind|[Tt]ell\s+me|"
    r"(?:I|[Ww]e)\s+(?:need|want)))\b:?\s+"
)
_OWNER = re.compile(r"(?P<owner>(?:[A-Z0-9][\w/&.-]*\s+)*[A-Z0-9][\w/&.-]*['’]s)\s+")
# Where the facts end: a preposition before a name, a number or a year ("of Harlow Fen",
# "in 2022", "of contract PX-12"), or the end of the part.
_TAIL = re.compile(
    r"\s+(?:of|for|at|in|on|from|by|during|under)\s+(?:the\s+)?(?:[a-z]+\s+)?[A-Z0-9]"
    r"|\s*[?.]?$"
)
_SEPARATOR = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
_ARTICLE = re.compile(r"(?:the|its|their)\s+", re.IGNORECASE)
_SINGULAR = {"are": "is", "were": "was"}
_MAX_WORDS = 6


# "When was the notice issued and lifted?": one event each ("When was the notice lifted?").
_TWO_EVENTS = re.compile(
    r"(?P<lead>(?i:when|on what date|in what year|where|why|how)\s+"
    r"(?:did|does|do|was|were|is|are|has|have|had|will)\s+.+?)\s+"
    r"(?P<first>[a-z]+)\s+and\s+(?P<second>[a-z]+)(?P<end>\s*\?)"
)


# "the minimum and maximum pressures": two facts of one kind ("the minimum pressure").
_TWO_OF_A_KIND = re.compile(
    r"\b(?P<lead>the\s+)(?P<first>[a-z]+)\s+and\s+(?P<second>[a-z]+)\s+(?P<kind>[a-z]+s)\b"
)


# "Kelden depot: opening date, vehicle count and manager": a named topic, then its facts.
_TOPIC_FACTS = re.compile(r"(?P<topic>[^:?]{2,120}?):\s+(?P<facts>[^:?]+?)\s*[.?]?")


def asked_facts(part: str) -> list[str]:
    """`part` as one question per fact it lists, or [part] when it asks one."""
    if topical := _topic_facts(part):
        return topical
    pair = _TWO_OF_A_KIND.search(part)
    if pair and not {pair["first"], pair["second"]} & STOPWORDS:
        kind = singular(pair["kind"])
        lead, rest = _agreeing(part[: pair.start()]), part[pair.end() :]
        return [f"{lead}the {pair[w]} {kind}{rest}" for w in ("first", "second")]
    events = _TWO_EVENTS.fullmatch(part)
    if events and not {events["first"], events["second"]} & STOPWORDS:
        lead, end = events["lead"], events["end"].strip()
        return [f"{lead} {events['first']}{end}", f"{lead} {events['second']}{end}"]
    ask = _ASK.search(part)
    if not ask or re.search(r"\b(?:between|both|compare|difference)\b", part, re.IGNORECASE):
        return [part]
    body_start = ask.end()
    owner = _OWNER.match(part, body_start)
    facts_start = owner.end() if owner else body_start
    separators = [m for m in _SEPARATOR.finditer(part, facts_start) if m.start() > facts_start]
    if not separators:
        return [part]
    # the facts end at the first tail after them ("of A and B": names, not facts) or the last
    items: list[str] = []
    for after in (separators[0], separators[-1]):
        tail = _TAIL.search(part, after.end())
        if tail is None:
            continue
        items = [i.strip() for i in _SEPARATOR.split(part[facts_start : tail.start()])]
        owned = bool(owner) or _shared_article(items)
        if len(items) >= 2 and all(_fact(item, owned=owned) for item in items):
            break
    else:
        return [part]
    lead = _agreeing(part[:body_start])
    said = owner.group(0) if owner else ""
    rest = part[tail.start() :]
    article = "" if owner else _ARTICLE.match(items[0]).group(0)  # type: ignore[union-attr]
    return [
        tidy(f"{lead}{said}{item if owner or _ARTICLE.match(item) else article + item}{rest}")
        for item in items
    ]


_COMPLEMENT = re.compile(r"\b(?:of|to|between|per|for|from|with)\b")


def _shared_article(items: list[str]) -> bool:
    """ "the effective date, term and governing law": the first item's article serves every
    item of a list of three or more, or of two phrases of two words or more ("the serial
    number and calibration date"); not "the terms and conditions", nor "the ratio of sales
    and profit", whose second item completes the first."""
    if not _ARTICLE.match(items[0]) or _COMPLEMENT.search(items[0]):
        return False
    return len(items) >= 3 or all(len(words(item)) >= 2 for item in items)


def _fact(item: str, *, owned: bool) -> bool:
    """A short noun phrase with its own article (or owned), naming no name."""
    found = words(item)
    if not found or len(found) > _MAX_WORDS or any(ch.isupper() for ch in item):
        return False
    if not owned and not _ARTICLE.match(item):
        return False
    if not _ARTICLE.match(item) and found[0] in STOPWORDS:  # "in 2022" qualifies, asks nothing
        return False
    return any(w not in STOPWORDS and w not in QUESTION_WORDS for w in found)


def _agreeing(lead: str) -> str:
    """ "What were the ..." asked of one fact: "What was the ..."."""
    return re.sub(r"\b(are|were)(\s+)$", lambda m: _SINGULAR[m[1]] + m[2], lead)


def _topic_facts(part: str) -> list[str]:
    """ "X: a, b and c" as "What is the a of X?" for each fact, when X holds a name and
    asks nothing, and each fact is a short noun phrase naming no name."""
    found = _TOPIC_FACTS.fullmatch(part.strip())
    if not found or len(names(found["topic"])) != 1:  # names listed: each asked (plan_lists)
        return []
    first, _, rest = found["topic"].strip().partition(" ")
    # "The Kelden depot", "Contract KX-7": a capital that only opens the goal
    topic = f"{first.lower() if first.lower() in common_words() else first} {rest}".strip()
    if topic.split()[0].lower() in QUESTION_WORDS:
        return []
    items = [i.strip() for i in _SEPARATOR.split(found["facts"])]
    if len(items) < 2 or not all(_fact(item, owned=True) for item in items):
        return []
    return [as_question(f"{item} of {topic}") for item in items]
