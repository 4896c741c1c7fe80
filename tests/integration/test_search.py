"""Hybrid retrieval on the real database: what each retriever finds, and who may see it."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.contrib.auth.models import Group

from corpora.search import SearchFilters, chunk_search
from corpora.selectors import corpora_visible, titles_naming
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PATENT_DOCS = {
    "Coating patents": "Patent US 9,834,112 B2 covers a ceramic coating for turbine blades. "
    "The related patent US 9,834,121 B2 covers a cooling channel layout.",
    "Blade cooling review": "Turbine blades are protected by thermal barrier coatings and "
    "internal cooling passages that keep the metal below its melting point.",
    "Marine biology notes": "Kelp forests shelter juvenile fish along temperate coasts.",
}


@pytest.fixture
def owner():
    return UserFactory()


def test_an_exact_patent_number_is_found_by_full_text(owner) -> None:
    corpus = make_corpus(owner=owner, slug="patents", docs=PATENT_DOCS, public=True)
    hits = chunk_search(user=owner, query="9,834,121", k=3, corpus_ids=[corpus.pk])
    assert hits[0].title == "Coating patents"
    assert hits[0].fulltext is not None and hits[0].fulltext_rank == 1


def test_full_text_weighs_a_rare_word_above_a_frequent_one(owner) -> None:
    docs = {
        f"Film review {i}": f"The film is a film about a film festival, film {i}."
        for i in range(12)
    }
    docs["Island notes"] = "Ferries to Zanzibar leave twice a day."
    corpus = make_corpus(owner=owner, slug="idf", docs=docs, public=True)
    hits = chunk_search(user=owner, query="film Zanzibar", k=5, corpus_ids=[corpus.pk])
    best = min(hits, key=lambda h: h.fulltext_rank or 99)
    assert best.title == "Island notes" and best.fulltext_rank == 1


def test_titles_name_entities_only_in_corpora_the_user_may_read(owner) -> None:
    mine = make_corpus(owner=owner, slug="films", docs={"Groundhog Day (film)": "A 1993 comedy.",
                                                        "Harold Ramis": "A director."})  # fmt: skip
    theirs = make_corpus(owner=UserFactory(), slug="secret", docs={"Bill Murray": "An actor."})
    found = titles_naming(user=owner, corpus_ids=[mine.pk, theirs.pk],
                          names=["Groundhog  Day", "Bill Murray", "Ramis", "harold ramis"])  # fmt: skip
    assert found == {"groundhog day", "harold ramis"}


def test_a_paraphrase_without_shared_words_is_found_by_vectors(owner) -> None:
    corpus = make_corpus(owner=owner, slug="para", docs=PATENT_DOCS, public=True)
    hits = chunk_search(user=owner, query="seaweed woodland habitat for young fish", k=1,
                        corpus_ids=[corpus.pk])  # fmt: skip
    assert hits[0].title == "Marine biology notes"
    assert hits[0].semantic_rank == 1


def test_a_title_match_contributes_its_own_score(owner) -> None:
    corpus = make_corpus(owner=owner, slug="titles", docs=PATENT_DOCS, public=True)
    hits = chunk_search(user=owner, query="blade cooling review", k=3, corpus_ids=[corpus.pk])
    assert hits[0].title == "Blade cooling review"
    assert hits[0].title_sim is not None and hits[0].title_sim > 0.5


def test_date_filters_keep_only_documents_inside_the_window(owner) -> None:
    docs = {
        f"Report {y}": f"Annual output report for the year {y}: output rose."
        for y in range(2018, 2024)
    }
    dates = {f"Report {y}": dt.date(y, 6, 1) for y in range(2018, 2024)}
    corpus = make_corpus(owner=owner, slug="dated", docs=docs, dates=dates, public=True)
    window = SearchFilters(date_from=dt.date(2020, 1, 1), date_to=dt.date(2021, 12, 31))
    hits = chunk_search(user=owner, query="annual output report", k=10, filters=window,
                        corpus_ids=[corpus.pk])  # fmt: skip
    assert sorted(h.title for h in hits) == ["Report 2020", "Report 2021"]


def test_a_filtered_query_still_returns_k_rows_when_k_match(owner) -> None:
    """Iterative HNSW scans: a selective filter must not starve the semantic list."""
    big = {
        f"Noise {i}": f"Unrelated note number {i} about gardening and tomatoes." for i in range(60)
    }
    make_corpus(owner=owner, slug="noise", docs=big, public=True)
    wanted = {f"Target {i}": f"Target memo {i} on gardening schedules." for i in range(12)}
    target = make_corpus(owner=owner, slug="target", docs=wanted, public=True)
    ids = tuple(target.documents.values_list("pk", flat=True))
    hits = chunk_search(
        user=owner, query="gardening", k=10, filters=SearchFilters(document_ids=ids)
    )
    assert len(hits) == 10
    assert all(h.title.startswith("Target") for h in hits)


def test_no_user_ever_receives_a_chunk_of_a_corpus_outside_their_groups() -> None:
    """Property over random users, groups, corpora and queries (seeded, reproducible)."""
    rng = random.Random(20261202)
    groups = [Group.objects.create(name=f"g{i}") for i in range(4)]
    owner = UserFactory()
    words = ["river", "ledger", "turbine", "glacier", "harbour", "enzyme", "orbit", "quarry"]
    for c in range(6):
        chosen = rng.sample(groups, rng.randint(0, 2))
        docs = {
            f"c{c} doc{d}": " ".join(rng.choices(words, k=12)) + f" corpus {c}." for d in range(3)
        }
        make_corpus(owner=owner, slug=f"corpus-{c}", docs=docs, groups=chosen, public=c == 5)
    users = []
    for _ in range(8):
        user = UserFactory()
        user.groups.set(rng.sample(groups, rng.randint(0, 2)))
        users.append(user)
    checked = 0
    for user in users:
        allowed = set(corpora_visible(user=user).values_list("pk", flat=True))
        for _ in range(4):
            query = " ".join(rng.sample(words, 2))
            everything = chunk_search(user=user, query=query, k=50)
            asked_for_all = chunk_search(
                user=user, query=query, k=50, corpus_ids=list(range(1, 10_000))
            )
            for hit in everything + asked_for_all:
                assert hit.corpus_id in allowed
                checked += 1
    assert checked > 0


def test_small_to_big_widens_a_hit_to_its_page_within_a_budget(owner) -> None:
    from corpora.search import hit_context

    long_page = " ".join(
        f"Sentence {i} about the harbour cranes and their upkeep." for i in range(60)
    )
    corpus = make_corpus(owner=owner, slug="widen", docs={"Harbour log": long_page}, public=True)
    hit = chunk_search(user=owner, query="Sentence 30 harbour cranes", k=1, corpus_ids=[corpus.pk])[
        0
    ]
    wide = hit_context(hit, budget_chars=10_000)
    assert wide == long_page  # the whole page fits the budget
    window = hit_context(hit, budget_chars=len(hit.text) + 200)
    assert hit.text in window and len(hit.text) < len(window) <= len(hit.text) + 200


def test_near_duplicate_hits_collapse_into_one_keeping_every_chunk_id(owner) -> None:
    text = "The reservoir holds 41 million cubic metres and feeds the northern district."
    docs = {
        "Water report A": text,
        "Water report B": text + " ",
        "Other": "Unrelated text on bees.",
    }
    corpus = make_corpus(owner=owner, slug="dups", docs=docs, public=True)
    hits = chunk_search(
        user=owner, query="reservoir million cubic metres", k=3, corpus_ids=[corpus.pk]
    )
    reservoir = [h for h in hits if "reservoir" in h.text]
    assert len(reservoir) == 1 and len(reservoir[0].duplicates) == 1


def test_a_small_scope_is_ranked_by_exact_vectors_and_the_index_agrees(owner, settings) -> None:
    crowd = {
        f"Fish note {i}": f"Young fish number {i} hide in seaweed woodland." for i in range(60)
    }
    make_corpus(owner=owner, slug="crowd", docs=crowd, public=True)
    corpus = make_corpus(owner=owner, slug="para2", docs=PATENT_DOCS, public=True)
    query = "seaweed woodland habitat for young fish"
    exact = chunk_search(user=owner, query=query, k=3, corpus_ids=[corpus.pk])
    assert sorted(h.semantic_rank for h in exact) == [1, 2, 3]  # every chunk in scope compared
    assert exact[0].title == "Marine biology notes"
    settings.EXACT_VECTOR_SCAN_MAX = 0  # the HNSW path
    indexed = chunk_search(user=owner, query=query, k=1, corpus_ids=[corpus.pk])
    assert indexed[0].title == "Marine biology notes"
