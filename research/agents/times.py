"""Points in time a text names, as ISO prefixes: "7 June 2031", "2031-06-07" and "07/06/2031"
are all "2031-06-07"; "June 2031" is "2031-06"; "2031" is "2031". A question asking about the
week ending 7 June is answered by the row dated 2031-06-07, not by the June mean."""

from __future__ import annotations

import re

from research.agents.dates import MONTHS

_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
# Each pattern with the order of its groups: y(ear), m(onth number), M(onth name), d(ay).
_PATTERNS = (
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), ("y", "m", "d")),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), ("d", "m", "y")),
    (re.compile(rf"\b{_DAY}\s+{_MONTH},?\s+(\d{{4}})\b", re.I), ("d", "M", "y")),
    (re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+(\d{{4}})\b", re.I), ("M", "d", "y")),
    (re.compile(rf"\b{_MONTH}\s+(\d{{4}})\b", re.I), ("M", "y")),
    (re.compile(r"\b(1[5-9]\d\d|20\d\d)\b"), ("y",)),
)


def times(text: str) -> set[str]:
    """The ISO prefixes of the dates, months and years `text` names, most specific only: a
    year that is part of a named date is not listed again on its own."""
    found: set[str] = set()
    taken: list[tuple[int, int]] = []
    for pattern, order in _PATTERNS:
        for match in pattern.finditer(text):
            if any(a <= match.start() < b for a, b in taken):
                continue
            if key := _iso(dict(zip(order, match.groups(), strict=True))):
                found.add(key)
                taken.append(match.span())
    return found


def _iso(parts: dict[str, str]) -> str | None:
    year = parts["y"]
    if "M" in parts:
        name = parts["M"][:3].lower()
        month = next((i for i, m in enumerate(MONTHS, 1) if m.startswith(name)), 0)
    else:
        month = int(parts.get("m", 0))
    day = int(parts.get("d", 0))
    if not month:
        return year if len(parts) == 1 else None
    if not 1 <= month <= 12 or not 0 <= day <= 31:
        return None
    return f"{year}-{month:02d}-{day:02d}" if day else f"{year}-{month:02d}"


def time_fit(asked: set[str], stated: set[str]) -> float:
    """Share of the asked times that a stated time falls within ("2023-03-19" within
    "2023-03" asked; not the other way round: the March mean is no answer for one week)."""
    if not asked:
        return 0.0
    return sum(any(s.startswith(a) for s in stated) for a in asked) / len(asked)


def time_clash(asked: set[str], stated: set[str]) -> bool:
    """The unit states a time, and none of them lies within an asked one."""
    return bool(asked and stated) and not any(s.startswith(a) for s in stated for a in asked)
