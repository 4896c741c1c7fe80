"""Years, months and dated events in questions and sentences: a sentence dated to another
time does not answer, and "when was X established" asks for the passive event."""

from __future__ import annotations

import re

YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
DECADE = re.compile(r"\b(1[5-9]\d0|20\d0)s\b")  # "formed in the early 1980s"
MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = re.compile(
    r"\b(?:(january|february|march|april|june|july|august|september|october|november|december)"
    r"|(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?)(?=\b)|\b(May)\b",
    re.IGNORECASE,
)


def months(text: str) -> set[str]:
    """Months the text names, as three-letter keys ("may" only capitalised: it is a verb)."""
    out = set()
    for full, short, may in _MONTH.findall(text):
        if may and may != "May":
            continue
        out.add((full or short or may).lower()[:3])
    return out


_PERIOD = re.compile(r"(?<![\w-])([QH])([1-4])(?![\w-])")
_ORDINALS = ("first", "second", "third", "fourth")


def period_words(text: str) -> set[str]:
    """The words of the quarters and halves `text` writes short: "Q3 2022" is the "third
    quarter", "H1" the "first half"."""
    out: set[str] = set()
    for kind, number in _PERIOD.findall(text):
        if kind == "H" and number not in "12":
            continue
        out |= {_ORDINALS[int(number) - 1], "quarter" if kind == "Q" else "half"}
    return out


def asked_times(terms: list[str]) -> tuple[set[str], set[str]]:
    """The years and month keys among a question's terms."""
    years = {t for t in terms if YEAR.fullmatch(t)}
    return years, {t[:3] for t in terms if t in MONTHS}


def dated_elsewhere(sentence: str, context: str, years: set[str], asked: set[str]) -> bool:
    """The sentence dates itself, and not to the year or month asked about; or a month is
    asked and neither the sentence nor its passage names it."""
    stated = set(YEAR.findall(sentence))
    if years and stated and not stated & years:
        return True
    if not asked:
        return False
    said = months(sentence)
    return not said & asked if said else not months(context) & asked


_PASSIVE_WHEN = re.compile(
    r"^\s*(?:when|in what year|what year)\s+(?:was|were)\s+.+?\s+([a-z]+ed)\s*\??\s*$",
    re.IGNORECASE,
)
_FOUNDING = ("established", "founded", "incorporated", "formed", "created")


def passive_event(question: str) -> tuple[str, ...]:
    """ "When was X established?" asks when X underwent it: the participles that say so."""
    match = _PASSIVE_WHEN.match(question)
    if not match:
        return ()
    verb = match.group(1).lower()
    return _FOUNDING if verb in _FOUNDING else (verb,)


def states_event(sentence: str, participles: tuple[str, ...]) -> bool:
    """Passive or participle use ("was established in", "Founded in 2004"), not the active
    verb with an object ("X established partnerships in 2021")."""
    verbs = "|".join(participles)
    return bool(
        re.search(
            rf"\b(?:was|were|been|being|is|are)\s+(?:\w+\s+)?(?:{verbs})\b"
            rf"|(?:^|[,;(]\s*)(?:{verbs})\b|\b(?:{verbs})\s+(?:in|on|at|during|since|by|as)\b",
            sentence,
            re.IGNORECASE,
        )
    )
