"""How a question asks a relation: who did something ("operated by what company"), kin said
from the other side ("the uncle of" stated as "his nephew"), a thing named for someone (a word
formed from the name, "Fortean")."""

from __future__ import annotations

import re

from research.agents.text import stem

_NAMED_FOR = re.compile(r"\bnamed (?:after|for) (?:the )?((?:[A-Z][\w.'-]*\s+)*[A-Z][\w'-]*)")


def eponym(question: str) -> tuple[re.Pattern[str], str] | None:
    """ "What subject named for Charles Hoy Fort?": a word formed from the name ("Fortean
    subjects", "Marxist", "Darwinian") names the thing so. That word's pattern, and the name."""
    match = _NAMED_FOR.search(question)
    if not match:
        return None
    last = re.escape(match.group(1).split()[-1])
    return re.compile(rf"\b{last}(?:ian|ean|an|ist|ism|esque|ite)s?\b"), match.group(1)


# Kin seen from the other side: an uncle's page calls him "his nephew".
_CONVERSE_KIN = {
    **dict.fromkeys(("uncle", "aunt"), ("nephew", "niece")),
    **dict.fromkeys(("nephew", "niece"), ("uncle", "aunt")),
    **dict.fromkeys(("grandfather", "grandmother"), ("grandson", "granddaughter", "grandchild")),
    **dict.fromkeys(("father", "mother", "parent"), ("son", "daughter", "child")),
    **dict.fromkeys(("son", "daughter"), ("father", "mother", "parent")),
}


def converse_kin(question: str, entity: str, sentence: str) -> set[str]:
    """ "Wade Watts is the uncle of a politician": Wade's page saying "his nephew, J. C. Watts"
    states the relation. Only when the entity is the one the kin word is said of; asked "who
    is the uncle of X", X's page calling someone "his nephew" says the opposite."""
    said = re.search(
        rf"{re.escape(entity)}\s+(?:is|was)\s+(?:the|an?)\s+(\w+)\s+of\b", question, re.I
    )
    kin = said.group(1).lower() if said else ""
    seen = _CONVERSE_KIN.get(kin, ())
    return {stem(kin)} if any(re.search(rf"\b{k}s?\b", sentence, re.I) for k in seen) else set()


_ASKED_BY = re.compile(r"\b([a-z]+ed)\s+by\s+(?:what|which|whom)\b", re.IGNORECASE)


def asked_by(question: str) -> tuple[str, ...]:
    """ "The channel that was operated by what company?": the participle whose doer is asked."""
    return tuple(m.group(1).lower() for m in _ASKED_BY.finditer(question))
