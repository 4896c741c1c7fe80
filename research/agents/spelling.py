"""A goal's misspelled names, read in the spelling of the selected sources.

"the Tornoto International Film Fesitval" occurs nowhere in the corpus; "Toronto International
Film Festival" does, one typing slip per word away. A name is re-read only when the sources
hold exactly one such spelling of it: one or two of its words occur nowhere in the sources, and
each is one edit (a letter dropped, added, changed or two swapped, the first letter kept) from a
word that does. A slip into another word ("Mark E. Michell") is read only as the one document
title one edit away. A name that is simply absent (an invented one, a null question's) has no
such neighbour and stays as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import islice, product

from research.agents.text import STOPWORDS, names

MIN_WORD = 5  # shorter words have too many neighbours ("Mark" / "Mary")
MAX_SLIPS = 2  # words of one name; more than that is another name, not a slip
MAX_VARIANTS = 200
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[^\W\d_]+")

Present = Callable[[list[str]], set[str]]
Near = Callable[[str], list[str]]  # titles spelled most like a name


def edits(word: str) -> set[str]:
    """Lower-case words one edit from `word` that keep its first letter."""
    w = word.lower()
    splits = [(w[:i], w[i:]) for i in range(1, len(w) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    out |= {a + c + b for a, b in splits for c in _LETTERS}
    out.discard(w)
    return out


def respellings(goal: str, present: Present, near: Near) -> list[tuple[str, str]]:
    """(name as written, name as the sources spell it) for each multi-word name of `goal` that
    the sources lack but hold exactly one slip away. `present` returns which of the given
    words or phrases occur in the sources; `near`, the titles spelled most like a name."""
    multi = [n for n in names(goal) if len(_WORD.findall(n)) >= 2]
    known = present(multi) if multi else set()
    out = []
    for name in (n for n in multi if n not in known):
        spelled = _respelled(name, present, near)
        if spelled:
            out.append((name, spelled))
    return out


def respelled(goal: str, fixes: Iterable[tuple[str, str]]) -> str:
    for written, read in fixes:
        goal = goal.replace(written, read)
    return goal


def _respelled(name: str, present: Present, near: Near) -> str | None:
    spans = [m for m in _WORD.finditer(name) if m.group(0).lower() not in STOPWORDS]
    found = present(sorted({m.group(0).lower() for m in spans}))
    absent = [m for m in spans if m.group(0).lower() not in found]
    if not absent:  # a slip into another word ("Michell"): only a document's title tells
        return _titled_slip(name, near(name))
    if len(absent) > MAX_SLIPS or any(len(m.group(0)) < MIN_WORD for m in absent):
        return None
    neighbours = {m.start(): edits(m.group(0)) for m in absent}
    held_words = present(sorted(set().union(*neighbours.values())))
    options = [sorted(neighbours[m.start()] & held_words) for m in absent]
    variants = {
        _apply(name, dict(zip((m.start() for m in absent), choice, strict=True)))
        for choice in islice(product(*options), MAX_VARIANTS)
    }
    held = present(sorted(variants)) if variants else set()
    return held.pop() if len(held) == 1 else None


def _titled_slip(name: str, titles: list[str]) -> str | None:
    """The one title (before a qualifier in parentheses) that is `name` with one of its long
    words one edit away: "Mark E. Mitchell" for "Mark E. Michell"."""
    written = _WORD.findall(name)
    found = set()
    for title in titles:
        head = title.split(" (")[0].strip()
        spelled = _WORD.findall(head)
        if len(spelled) != len(written):
            continue
        changed = [(a, b) for a, b in zip(written, spelled, strict=True) if a.lower() != b.lower()]
        if len(changed) != 1:
            continue
        was, now = changed[0]
        if len(was) >= MIN_WORD and now.lower() in edits(was):
            found.add(head)
    return found.pop() if len(found) == 1 else None


def _apply(name: str, change: dict[int, str]) -> str:
    """`name` with the word at each offset replaced, in the case it was written in."""

    def cased(m: re.Match[str]) -> str:
        new = change.get(m.start())
        if new is None:
            return m.group(0)
        old = m.group(0)
        return new.upper() if old.isupper() else new.capitalize() if old[0].isupper() else new

    return _WORD.sub(cased, name)
