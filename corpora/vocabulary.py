"""Which words and phrases the documents a user may read contain: the corpus's own spelling,
against which a goal's misspelled names are read ("Tornoto" is "Toronto" here).

One statement per call, with the same access filter as search.SQL: a word of a corpus the
user cannot see is never reported present, so a correction cannot reveal it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection

from corpora.search import ACCESS_CTES, user_sees_all

MAX_TERMS = 5000

# The stemmed index narrows to candidate chunks; the unstemmed ('simple') match then requires
# the words as written: "Mitchells" is not present because "Mitchell" is.
PRESENT_SQL = f"""
WITH {ACCESS_CTES}
SELECT t FROM unnest(%(terms)s::text[]) t
CROSS JOIN LATERAL (
    SELECT 1 FROM corpora_chunk ch
    WHERE numnode(phraseto_tsquery('english', t)) > 0
      AND ch.search @@ phraseto_tsquery('english', t) AND ch.document_id IN (SELECT id FROM docs)
      AND to_tsvector('simple', ch.title || ' ' || ch.text) @@ phraseto_tsquery('simple', t)
    LIMIT 1  -- one term at a time, through the index: never a scan of every chunk per term
) hit
"""


def terms_present(
    *, user: AbstractBaseUser | AnonymousUser, corpus_ids: Sequence[int], terms: Sequence[str]
) -> set[str]:
    """Those of `terms` (words or phrases, case-insensitive, punctuation ignored) that occur as
    written in a ready document of `corpus_ids` the user may read."""
    wanted = list(dict.fromkeys(t for t in terms if t.strip()))[:MAX_TERMS]
    if not wanted or not user.is_authenticated or not corpus_ids:
        return set()
    params = {
        "any_corpus": False,
        "corpus_ids": list(corpus_ids),
        "see_all": user_sees_all(user),
        "user_id": user.pk,
        "date_from": None,
        "date_to": None,
        "any_document": True,
        "document_ids": [],
        "terms": wanted,
    }
    with connection.cursor() as cur:
        cur.execute(PRESENT_SQL, params)
        return {row[0] for row in cur.fetchall()}
