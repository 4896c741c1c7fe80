"""A goal's parts: numbered or bulleted items, separate questions, coordinated questions.

Each part is later read on its own, so a part must stand alone: a citation instruction is
dropped, and a pronoun in a coordinated question ("... and how many staff did it employ?")
is replaced by the name the first question asks about.
"""

from __future__ import annotations

import re

from research.agents.text import content_terms, names, words

_NUMBERED = re.compile(r"(?:^|\s)(?:\((\d{1,2})\)|(\d{1,2})[.)])\s+")
_BULLET = re.compile(r"^\s*[-*•]\s+(.+)$")
_PREAMBLE = re.compile(
    r"^(?:please\s+)?(?:answer|address|cover|report on|research)\b[^:]{0,80}:\s*", re.IGNORECASE
)
_CITE = re.compile(
    r"[,;]?\s*(?:and\s+)?(?:please\s+)?(?:cit(?:e|ing)|with)\s+(?:a\s+|one\s+)?"
    r"(?:source|sources|citations?|references?)(?:\s+for\s+(?:each|every)(?:\s+\w+)?)?",
    re.IGNORECASE,
)


def clean_goal(goal: str) -> str:
    """One line, without the citation instruction (every part is cited anyway)."""
    text = _CITE.sub("", " ".join(goal.split())).strip(" ,;—–-")
    return re.sub(r"\?[\s.,;—–-]+$", "?", text)  # "... of X? Cite a source." -> "... of X?"


def tidy(part: str) -> str:
    """A part without dangling punctuation; a question keeps its question mark."""
    return part.strip(" ;,.?—–-") + ("?" if part.rstrip().endswith("?") else "")


def split_parts(goal: str) -> list[str]:
    """The goal's parts: numbered or bulleted items, else separate questions, else the whole
    goal; a question coordinating several questions about one name becomes one part each."""
    return [q for part in _items(goal) for q in coordinated(part)]


def _items(goal: str) -> list[str]:
    bullets = _bulleted(goal)
    if bullets:
        return bullets
    text = clean_goal(goal)
    marks = list(_NUMBERED.finditer(text))
    if len(marks) >= 2:
        parts = [
            text[m.end() : (marks[i + 1].start() if i + 1 < len(marks) else len(text))]
            for i, m in enumerate(marks)
        ]
        return [tidy(p) for p in parts if p.strip(" ;,.")]
    text = _PREAMBLE.sub("", text)
    questions = [q.strip() for q in re.findall(r"[^?]+\?", text)]
    if len(questions) >= 2 and sum(len(q) for q in questions) >= 0.8 * len(text):
        return questions
    return _clauses(text) or [text]


def _bulleted(goal: str) -> list[str]:
    """Lines opening with "-", "*" or "•" (two or more): one part each. A line introducing
    them ("Please answer:") is no part; any other line is one."""
    lines = [line for line in goal.splitlines() if line.strip()]
    if sum(bool(_BULLET.match(line)) for line in lines) < 2:
        return []
    parts = []
    for line in lines:
        bullet = _BULLET.match(line)
        text = clean_goal(bullet.group(1) if bullet else line)
        if text and (bullet or not text.endswith(":")):
            parts.append(tidy(text))
    return parts


_INTRO = re.compile(r"^[^:]{3,120}:\s+(?=the\s)", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"\s*(?:;|,\s*(?:and\s+)?(?=the\s))\s*", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    """ "Report the following: the X at A and B, and the Y at C": one part per clause, when
    every clause names something and asks something of it."""
    intro = _INTRO.match(text)
    if not intro:
        return []
    clauses = [c.strip(" .") for c in _CLAUSE_BREAK.split(text[intro.end() :]) if c.strip(" .")]
    if len(clauses) < 2:
        return []
    for clause in clauses:
        found = names(clause)
        if not found or not content_terms(clause, exclude=words(" ".join(found))):
            return []
    return clauses


# A question word, perhaps after a preposition ("on what date", "under which name").
_ASKS = (
    r"(?i:(?:(?:in|on|at|from|for|by|under|with|to|since|until|during|of)\s+)?"
    r"(?:what|which|how|when|where|why|who|whom|whose)\b)"
)
# Inverted word order after the question word ("when was it founded", "how many staff did it
# employ") tells a question from a relative clause ("which was founded in 1990").
_INVERTED = (
    rf"{_ASKS}(?:\s+[\w'’-]+){{0,3}}?\s+"
    r"(?i:did|does|do|was|were|is|are|has|have|had|will|would|can|could)\s+"
    r"(?:(?i:it|its|they|their|he|his|she|her|the)\b|[A-Z0-9])"
)
# After "and", an interrogative other than the relative "which"/"whose" opens a question too.
_AND_ASKS = r"(?i:(?:(?:in|on|at|from|for|by|under|with|to|since|until|during|of)\s+)?" + (
    r"(?:what|how|when|where|why|who|whom)\b)"
)
_JOINS = re.compile(
    rf",\s+(?:and\s+)?(?={_INVERTED})|,?\s+and\s+(?={_INVERTED}|{_AND_ASKS})",
)
_PRONOUN = re.compile(r"\b(?:it|they|he|she|him|them)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b(?:its|their|his)\b", re.IGNORECASE)


def coordinated(part: str) -> list[str]:
    """ "In which town did X open its works, in what year was it sold, and how many pumps does
    it run?": one question per clause, each naming X. Only a question that opens with a
    question word and ends its list with "and" is read so, which keeps relative clauses
    ("..., which was founded in 1990, ...") whole."""
    if not part.endswith("?") or not re.match(_ASKS, part):
        return [part]
    joins = list(_JOINS.finditer(part))
    if not joins or not re.search(r"\band\s*$", joins[-1].group(0)):
        return [part]
    bounds = [0, *(j for m in joins for j in (m.start(), m.end())), len(part)]
    clauses = [tidy(part[bounds[i] : bounds[i + 1]]) for i in range(0, len(bounds), 2)]
    subject = next(iter(names(clauses[0])), "")
    out = []
    for clause in clauses:
        if subject and not names(clause):
            clause = _POSSESSIVE.sub(f"{subject}'s", _PRONOUN.sub(subject, clause))
        out.append(tidy(clause[0].upper() + clause[1:]) + ("" if clause.endswith("?") else "?"))
    return out
