"""One readable part per listed entity (and per asked fact, and per year).

An enumeration asks the same of each name; each part must read as that question asked of one
name alone: "capacity factor of farms A, B and C" gives "What is the capacity factor of the A
farm?", "For each of the A and B wind farms, state X" gives "For the A wind farm, state X".
"""

from __future__ import annotations

import re

from research.agents.lexicon import common_words
from research.agents.plan_parts import singular, tidy
from research.agents.text import QUESTION_WORDS, STOPWORDS

Item = tuple[str, str]  # (entity, label): the name, and the name as the part should say it

# A plural kind naming what the listed things are: "farms A, B" / "the A and B wind farms".
_PREPOSITION = r"(?:of|at|for|on|in|from|by|across|to)"
_KIND_BEFORE = re.compile(
    rf"\b{_PREPOSITION}\s+(?:the\s+)?"
    rf"((?:(?!(?:{_PREPOSITION}|the|and|or)\b)[a-z][\w-]*\s+)*[a-z][\w-]*s)\s+$"
)
_EACH_OF = re.compile(r"\b(?:each|every one|any|all)\s+of\s+(the\s+)?$", re.IGNORECASE)
_THE = re.compile(r"\bthe\s+$", re.IGNORECASE)
# A plural verb the list is the subject of: "When were A and B born?" asks "When was A born?"
_SINGULAR = {"were": "was", "are": "is", "have": "has", "do": "does"}
_VERB_BEFORE = re.compile(r"\b(were|are|have|do)\s+$", re.IGNORECASE)
_VERB_AFTER = re.compile(r"^\s+(were|are|have|do)\b", re.IGNORECASE)
_EACH_AFTER = re.compile(r"^,?\s+each\b", re.IGNORECASE)
_RESPECTIVELY_LEFT = re.compile(r",?\s+respectively\b", re.IGNORECASE)


def _plural(word: str) -> bool:
    return bool(re.fullmatch(r"[a-z][\w-]*[^siu]s", word))


def enumerated(part: str, start: int, end: int, items: list[Item]) -> list[tuple[str, str]]:
    """(text, entity) for each listed item: `part` with its list `part[start:end]` replaced
    by one item, worded so the text still reads as a question or an instruction."""
    before, after = part[:start], part[end:]
    labels = [label for _, label in items]
    kind = _KIND_BEFORE.search(before)
    if kind:
        before = _without_the(before[: kind.start(1)])
        noun = singular(kind.group(1))
        # "bands A, B and C": a letter or a number names nothing without its kind: "band A"
        items = [(f"{noun} {e}" if len(e) <= 2 else e, label) for e, label in items]
        labels = [
            entity if len(label) <= 2 else f"the {label} {noun}"
            for (entity, _), label in zip(items, labels, strict=True)
        ]
    elif (tail := _plural_tail(items)) is not None:
        the = "the " if _THE.search(before) else ""
        before = _without_the(before)
        labels = [f"{the}{entity} {tail}" for entity, _ in items]
    if each_of := _EACH_OF.search(before):
        before = before[: each_of.start()] + (each_of.group(1) or "")
    before = _VERB_BEFORE.sub(lambda m: _agree(m.group(1)) + " ", before)
    after = _VERB_AFTER.sub(lambda m: " " + _agree(m.group(1)), _EACH_AFTER.sub("", after))
    out = []
    for n, ((entity, _), label) in enumerate(zip(items, labels, strict=True)):
        rest = _RESPECTIVELY_LEFT.sub("", respective(after, n, len(items)))
        if not before.strip() and rest.lstrip().startswith(":"):
            out += [(_what(f"{fact} of {label}"), entity) for fact in _facts(rest)]
        else:
            out.append((as_question(before + label + rest), entity))
    return out


def _without_the(text: str) -> str:
    the = _THE.search(text)
    return text[: the.start()] if the else text


def _agree(verb: str) -> str:
    single = _SINGULAR[verb.lower()]
    return single.capitalize() if verb[0].isupper() else single


def _plural_tail(items: list[Item]) -> str | None:
    """ "A, B and C wind farms": lower-case words closing the list, ending in a plural, name
    the kind of every item ("the A wind farm"); a singular one qualifies the last only."""
    last, label = items[-1]
    tail = label[len(last) :].split()
    if not tail or not label.startswith(last) or not _plural(tail[-1]):
        return None
    if any(lab != ent for ent, lab in items[:-1]):
        return None
    return " ".join([*tail[:-1], singular(tail[-1])])


def _facts(rest: str) -> list[str]:
    """ "A, B and C: output and operator" asks each listed fact of each name."""
    body = rest.lstrip()[1:].strip(" .?")
    return [f for f in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", body) if f]


def as_question(text: str) -> str:
    """A request for a fact ("capacity factor of the A farm") asked as a question; a
    question or an instruction ("Report ...", "For A, state ...") is kept as it is."""
    text = tidy(" ".join(text.split()))
    first = text.split()[0].lower() if text.split() else ""
    if text.endswith("?") or first in QUESTION_WORDS or first in STOPWORDS:
        return text
    return _what(text)


def _what(fact: str) -> str:
    """ "output of A" -> "What is the output of A?"; a plural fact takes "are"."""
    first, _, rest = fact.strip().partition(" ")
    if first.lower() in common_words():
        first = first.lower()
    fact = f"{first} {rest}".strip()
    head = fact.split(" of ")[0].split()
    verb = "are" if head and _plural(head[-1]) else "is"
    article = "" if re.match(r"(?:the|a|an)\s", fact) else "the "
    return f"What {verb} {article}{fact}?"


_RESPECTIVELY = re.compile(r"((?:[\w$%.-]+,\s+)*[\w$%.-]+,?\s+and\s+[\w$%.-]+),?\s+respectively\b")


def respective(text: str, n: int, count: int) -> str:
    """ "... opened in 2014 and 2017 respectively": the n-th of `count` entities gets the n-th
    item."""
    match = _RESPECTIVELY.search(text)
    if not match:
        return text
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group(1))
    if len(items) != count:
        return text
    return text[: match.start()] + items[n] + text[match.end() :]


_YEARS = re.compile(
    r"(?<!between )(?<!from )\b(in|for|during)\s+(\d{4})((?:\s*,\s*(?:in\s+)?\d{4})*)"
    r",?\s+and\s+(?:in\s+)?(\d{4})\b(?!,?\s+respectively)"
)


def per_year(text: str) -> list[str]:
    """ "A's output in 2021 and in 2022" asks of two years: one part each. A window
    ("between 2019 and 2021") is one part."""
    match = _YEARS.search(text)
    if not match:
        return [text]
    years = [match.group(2), *re.findall(r"\d{4}", match.group(3)), match.group(4)]
    lead = match.group(1)
    return [text[: match.start()] + f"{lead} {y}" + text[match.end() :] for y in years]
