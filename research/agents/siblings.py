"""The goal's other subjects: a unit that speaks of another part's subject does not speak of
this part's, even in a document whose title names this one.

"Capacity factor of Kestrel Bay and Harrow Ridge": in the Harrow Ridge annual report, "The
largest contribution came from Kestrel Bay ... Its capacity factor of 43.9 percent ..." states
Kestrel Bay's figure. A unit opening with a pronoun ("Its", "They") speaks of what the unit
before it names. The judge passes over such units, and the citation gate withdraws them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from corpora.units import is_row, row_cells, text_units
from research.agents.text import mentions
from research.contracts import SubGoal

_PRONOUN = re.compile(r"\W*(?:it|its|they|their|them|he|his|she|her|this|these)\b", re.I)


def other_subjects(sub_goals: Sequence[SubGoal], part: SubGoal) -> list[str]:
    """The subjects of the goal's other parts that are not this part's own."""
    own = part.compare or [part.entity]
    out: list[str] = []
    for sg in sub_goals:
        for name in sg.compare or [sg.entity]:
            if name and name not in out and not any(_same(name, o) for o in own):
                out.append(name)
    return out


def _same(a: str, b: str) -> bool:
    return mentions(a, b) or mentions(b, a)


def speaks_of_another(
    unit: str, before: str, subject: Sequence[str], others: Sequence[str]
) -> str | None:
    """The other subject `unit` speaks of, if any: it (or, when it opens with a pronoun, the
    unit `before` it) names another part's subject and not one of the `subject`'s names. A
    table row speaks of what its label names: a place in another cell ("P — Source: the north
    pond · Limit: 12") is what the row describes, not whom it is about."""
    said = f"{before} {unit}" if before and _PRONOUN.match(unit) else unit
    if is_row(unit):
        said = row_cells(unit)[0]
    if any(mentions(said, name) for name in subject if name):
        return None
    return next((o for o in others if mentions(said, o)), None)


def unit_before(text: str, at: int) -> str:
    """The unit ending before offset `at` in the same paragraph of `text`, else ""."""
    before = [u for u in text_units(text) if u.end <= at and "\n" not in text[u.end : at]]
    return text[before[-1].start : before[-1].end] if before else ""
