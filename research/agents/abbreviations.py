"""Abbreviations a document defines: after "objective response rate (ORR)", a sentence saying
"The ORR was 41.2%" states the objective response rate."""

from __future__ import annotations

import re

from research.agents.text import STOPWORDS, stem, words

_DEFINED = re.compile(r"((?:[\w-]+\s+){1,8})\(([A-Z][A-Za-z]{1,7})\)")


def _long_form(before: list[str], short: str) -> list[str] | None:
    """The words before the parenthesis whose initials spell `short`, read backwards; small
    words in between ("Area and Severity Index") are passed over."""
    letters = list(short.lower())
    taken: list[str] = []
    for word in reversed(before):
        if not letters:
            break
        if taken and word.lower() in STOPWORDS:
            continue
        if word.lower()[0] != letters[-1]:
            return None
        letters.pop()
        taken.append(word)
    return list(reversed(taken)) if not letters else None


def defined(text: str) -> dict[str, set[str]]:
    """Abbreviation -> stems of its long form, for every definition in `text`."""
    out: dict[str, set[str]] = {}
    for match in _DEFINED.finditer(text):
        short = match.group(2)
        form = _long_form(match.group(1).split(), short)
        if form:
            out.setdefault(short, set()).update(stem(w) for w in words(" ".join(form)))
    return out


def expanded(sentence: str, definitions: dict[str, set[str]]) -> set[str]:
    """Stems the sentence states through abbreviations defined elsewhere in its document."""
    out: set[str] = set()
    for short, stems in definitions.items():
        if re.search(rf"\b{re.escape(short)}\b", sentence):
            out |= stems
    return out
