"""Versions of one report: a draft is superseded when the passages also hold a version of the
same report that is not a draft ("Annual Report 2022 (Draft v0.4)" by "Annual Report 2022
(Final)"), so the final's passage answers and the citation's title says which version it is."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from research.agents.text import normalize

_DRAFT = re.compile(r"\bdraft\b", re.IGNORECASE)
_MARKER = (
    r"(?:draft|final|issued|approved|version\s*[\w.]+|v\d+(?:\.\d+)*|(?:rev\.|revision)\s*\w+)"
)
_VERSION = re.compile(rf"\((?:\s*{_MARKER}[\s,;]*)+\)|\b{_MARKER}\b|[-–—:,]\s*$", re.IGNORECASE)


def report_key(title: str) -> str:
    """The title without what says which version it is."""
    bare = _VERSION.sub(" ", title)
    return normalize(_VERSION.sub(" ", bare)).strip(" -–—:,")


def is_draft(title: str) -> bool:
    return bool(_DRAFT.search(title))


def superseded(titles: Iterable[str]) -> set[str]:
    """The draft titles among `titles` whose report appears in a version that is no draft."""
    titles = set(titles)
    released = {report_key(t) for t in titles if not is_draft(t)}
    return {t for t in titles if is_draft(t) and report_key(t) in released}


Titled = TypeVar("Titled")


def finals_first(items: Sequence[Titled], title_of: Callable[[Titled], str]) -> list[Titled]:
    """`items` in rank order, each superseded draft's place taken by the next item of the same
    report's final version, and the drafts after everything else: the final outranks its
    draft wherever the draft would have stood."""
    old = superseded(title_of(i) for i in items)
    if not old:
        return list(items)
    finals = [i for i in items if title_of(i) not in old]
    out: list[Titled] = []
    for item in items:
        title = title_of(item)
        if title in old:
            key = report_key(title)
            final = next((f for f in finals if report_key(title_of(f)) == key), None)
            if final is not None:
                finals.remove(final)
                out.append(final)
        elif item in finals:
            finals.remove(item)
            out.append(item)
    return out + [i for i in items if title_of(i) in old]
