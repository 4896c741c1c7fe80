"""Hybrid retrieval on the real database: what each retriever finds, and who may see it; and
the search page built on it: the relevance floor, pages, marked words, scores behind a toggle."""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from corpora.search import SearchFilters, chunk_search
from corpora.search_results import PAGE_SIZE, marked_texts, plain, text_html
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


# ----------------------------------------------------------------------- the search page

SEARCH_DOCS = {
    "Quillfeather pump manual": "The Quillfeather pump is serviced each spring. "
    "Keep <b>bold</b> tags and a <script>alert(1)</script> out of the page.",
    "Harbour log": "Cranes at the harbour lifted containers onto the ships all night.",
    "Bee notes": "Honey bees forage on clover and heather in late summer.",
    "Boiler guide": "The boiler room holds two gas boilers and a hot water cylinder.",
    "Rail timetable": "The night train to the coast leaves at eleven from platform four.",
}


def search_page(user, **params: object) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(reverse("corpora:search"), params)
    assert response.status_code == 200
    return response.content.decode()


def hit_count(page: str) -> int:
    return page.count('class="hit card"')


def test_marks_come_from_postgres_stemming_and_document_text_stays_escaped(owner) -> None:
    make_corpus(owner=owner, slug="marks", docs=SEARCH_DOCS, public=True)
    texts = ["Pumps, a PUMP and pumping <b>pump</b> & co.", "Nothing to mark here."]

    marked = marked_texts(query="pumps", texts=texts)

    assert [plain(m) for m in marked] == texts  # ts_headline gave each text back unchanged
    assert str(text_html(marked[0])) == (
        "<p><mark>Pumps</mark>, a <mark>PUMP</mark> and <mark>pumping</mark> "
        "&lt;b&gt;<mark>pump</mark>&lt;/b&gt; &amp; co.</p>"
    )
    assert marked[1] == texts[1]
    assert marked_texts(query="the of", texts=texts) == texts  # stop words only: no marks


def test_a_word_in_one_document_gives_one_result_with_the_word_marked(owner) -> None:
    make_corpus(owner=owner, slug="one-word", docs=SEARCH_DOCS, public=True)

    page = search_page(owner, q="Quillfeather pumps")

    assert hit_count(page) == 1
    assert "1 result\n" in page or "1 result " in page
    assert "The <mark>Quillfeather</mark> <mark>pump</mark> is serviced" in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_scores_are_only_inside_the_why_this_result_toggle(owner) -> None:
    make_corpus(owner=owner, slug="why", docs=SEARCH_DOCS, public=True)

    page = search_page(owner, q="Quillfeather")

    hit = page[page.index('class="hit card"') :]
    before, _, toggle = hit.partition('<details class="why">')
    assert "<summary>Why this result</summary>" in toggle
    for label in ("semantic", "full-text", "title", "fused"):
        assert f"<dt>{label}</dt>" in toggle.split("</details>")[0]
        assert f"<dt>{label}</dt>" not in before


def test_results_come_a_page_at_a_time_with_links_that_keep_the_query_and_filters(
    owner,
) -> None:
    docs = {
        f"Ledger {n:02}": f"Ledger entry {n}: the quarry sold {n} tonnes of gravel."
        for n in range(23)
    }
    corpus = make_corpus(owner=owner, slug="ledgers", docs=docs, public=True)
    query = {"q": "quarry gravel", "corpora": [corpus.pk]}

    first = search_page(owner, **query)
    last = search_page(owner, **query, page=3)
    beyond = search_page(owner, **query, page=99)

    assert hit_count(first) == PAGE_SIZE and hit_count(last) == 3
    assert "23 results · page 1 of 3" in first and "23 results · page 3 of 3" in last
    assert f'href="?q=quarry+gravel&amp;corpora={corpus.pk}&amp;page=2"' in first
    assert 'rel="prev"' not in first
    assert f'href="?q=quarry+gravel&amp;corpora={corpus.pk}&amp;page=2"' in last
    assert 'rel="next"' not in last
    assert hit_count(beyond) == 3  # past the end: the last page
    seen = {m for p in (first, search_page(owner, **query, page=2), last)
            for m in re.findall(r'id="hit-(\d+)"', p)}  # fmt: skip
    assert len(seen) == 23  # every result on exactly one page


def test_an_htmx_page_link_returns_only_the_results_fragment(owner) -> None:
    docs = {
        f"Ledger {n:02}": f"Ledger entry {n}: the quarry sold {n} tonnes of gravel."
        for n in range(12)
    }
    make_corpus(owner=owner, slug="ledgers-htmx", docs=docs, public=True)
    client = Client()
    client.force_login(owner)

    fragment = client.get(
        reverse("corpora:search"), {"q": "quarry gravel", "page": 2}, HTTP_HX_REQUEST="true"
    ).content.decode()

    assert "<html" not in fragment
    assert hit_count(fragment) == 2
    assert 'hx-get="?q=quarry+gravel&amp;page=1"' in fragment
    assert "autofocus" in fragment  # the summary takes focus after a page change


def test_nothing_found_names_the_corpora_searched_and_suggests_what_to_change(owner) -> None:
    dates = {title: dt.date(2020, 1, 1) for title in SEARCH_DOCS}
    make_corpus(owner=owner, slug="dated-docs", docs=SEARCH_DOCS, dates=dates, public=True)
    make_corpus(owner=owner, slug="other-shelf", docs={"Memo": "A short memo."}, public=True)

    page = search_page(owner, q="Quillfeather pump", date_from="2024-01-01")

    assert hit_count(page) == 0
    assert "0 results" in page
    assert "Nothing matched your search</strong> in Dated Docs, Other Shelf" in page
    assert "among documents dated from 1 January 2024" in page
    assert "or clear the dates." in page


def test_a_final_report_takes_its_drafts_place_in_the_loops_search(owner) -> None:
    from research import retrieval
    from research.contracts import Query, Scope

    draft, final = "Orla Depot Review 2021 (Draft v0.2)", "Orla Depot Review 2021 (Final)"
    docs = {
        draft: "Orla depot bus fleet review: the depot holds 48 buses and 12 coaches.",
        final: "The Orla depot holds 52 buses.",
        "Kelden notes": "Kelden ferry timetable for the summer.",
    }
    corpus = make_corpus(owner=owner, slug="versions", docs=docs, public=True)
    text = "Orla depot bus fleet review buses coaches"
    assert chunk_search(user=owner, query=text, k=1, corpus_ids=[corpus.pk])[0].title == draft

    class Run:  # what retrieval.search reads of a run
        pass

    Run.owner = owner
    query = Query(key="q-1", sub_goal="sg-1", text=text, corpus_ids=[corpus.pk], iteration=1)
    scope = Scope(goal=text, corpus_ids=[corpus.pk])
    found = retrieval.search(Run, scope, query, k=3)

    assert [s.title for s in found] == [final, "Kelden notes", draft]  # the draft goes last
