"""Where a thing is from: the question that asks it, and the sentence that says it.

"Where is X from?" holds no word a sentence would repeat ("from" is no content word), and
"Who is from farther west, A or B?" asks each one where it is: the answer is the sentence
that places the thing ("an American hard rock band from Red Lion, Pennsylvania")."""

from __future__ import annotations

import re

from research.agents.answers import Found
from research.agents.text import mentions, sentences
from research.contracts import Snippet

_ASKS = re.compile(
    r"\bwhere (?:is|are|was|were|does|do|did) [^?]{1,80}?\b(?:come |hail |originate )?from\s*"
    r"(?:\?|$)|\b(?:farther|further|more)\s+(?:north|south|east|west)(?:ern|erly)?\b",
    re.IGNORECASE,
)
# "from Red Lion", "based in Los Angeles", "a native of Ohio": a capitalised place follows
_PLACED = re.compile(
    r"\b(?:from|based in|located in|formed in|founded in|born in|native of|headquartered in"
    r"|situated in)\s+(?:the\s+)?[A-Z]"
)


def asks_place(question: str) -> bool:
    """ "Where is X from?", "Which lies farther north, A or B?": where the thing is."""
    return bool(_ASKS.search(question))


def place_of(entity: str, own: list[Snippet]) -> Found | None:
    """The first sentence naming `entity` that places it, from a document titled by it before
    any other: its own page says where it is from."""
    ordered = sorted(own, key=lambda s: (not mentions(s.title, entity), s.document_id, s.ordinal))
    for snip in ordered:
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if mentions(sentence, entity) and _PLACED.search(sentence):
                return Found(snip, start, end, 1.0)
    return None
