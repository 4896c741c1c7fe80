"""EMBEDDER=openai_compatible against the loopback fake server (tests/fakes/openai_server.py):
the real `openai` client, the real ingestion pipeline, the real database and search."""

from __future__ import annotations

import json
import logging
import math
import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from corpora.embedders import DIMENSION_MISMATCH, EmbedderError, get_embedder
from corpora.models import Chunk, Corpus, Document, EmbeddingCache
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest, embedding_text
from corpora.services.uploads import document_add
from ragsite.health import FAIL, OK, check_embedder
from research.contracts import Scope
from research.providers import openai_compatible as oc
from research.providers import openai_embeddings as oe
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.fakes import openai_server
from tests.fakes.openai_server import (
    API_KEY,
    EMBED_MODEL,
    EMBEDDINGS,
    MODELS,
    FakeOpenAI,
    bag_of_words,
    status_reply,
)
from tests.helpers import make_corpus

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

openai_fake = openai_server.openai_fake  # the fixture, under its own name

WIDE_MODEL = "wide-embed"  # the fake gives it 768-dimensional vectors
LIGHTHOUSE = (
    "The keeper of the Varrow lighthouse logged a brass fog bell in March.\n\n"
    "Supply boats reached the rock every second Thursday, weather allowing."
)
ORCHARD = "The Pellam orchard grafted quince onto hawthorn stock in the dry spring."


@pytest.fixture
def embed_settings(openai_fake: FakeOpenAI, settings: Settings) -> FakeOpenAI:
    settings.EMBEDDER = "openai_compatible"
    openai_fake.models.append(WIDE_MODEL)
    openai_fake.embed_dimensions[WIDE_MODEL] = 768
    return openai_fake


def _corpus(slug: str, owner, *, model: str = "", settings: Settings | None = None) -> Corpus:
    if settings is not None and model:
        settings.LLM_EMBED_MODEL = model
        get_embedder.cache_clear()  # embedders are cached per process, as settings are fixed
    return corpus_create(owner=owner, name=slug.title(), slug=slug, description="Invented.")


def _document(corpus: Corpus, title: str, text: str) -> Document:
    outcome = document_add(corpus=corpus, data=text.encode(), filename=f"{title}.txt",
                           user=corpus.owner, title=title, enqueue=False)  # fmt: skip
    assert outcome.document is not None, outcome.message
    return outcome.document


def _ready_corpus(owner) -> Corpus:
    """A corpus holding the lighthouse log, ingested through the server."""
    corpus = _corpus("varrow", owner)
    assert document_ingest(document_id=_document(corpus, "Varrow log", LIGHTHOUSE).pk).status == (
        "ready"
    )
    return corpus


def _unit(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector]


def test_a_corpus_ingested_through_the_server_stores_its_unit_vectors_and_search_finds_it(
    embed_settings: FakeOpenAI,
) -> None:
    owner = UserFactory()
    corpus = _corpus("varrow", owner)
    doc = _document(corpus, "Varrow log", LIGHTHOUSE)

    result = document_ingest(document_id=doc.pk)

    assert result.status == "ready", result
    corpus.refresh_from_db()
    assert (corpus.embedder, corpus.dimensions) == (f"openai_compatible:{EMBED_MODEL}", 384)
    chunks = list(Chunk.objects.filter(document=doc))
    assert chunks
    for chunk in chunks:
        expected = _unit(bag_of_words(embedding_text(doc.title, chunk.text, chunk.section), 384))
        assert list(chunk.embedding) == pytest.approx(expected, abs=1e-6)
    cached = EmbeddingCache.objects.filter(embedder=f"openai_compatible:{EMBED_MODEL}")
    assert cached.count() == len(chunks)
    (call,) = embed_settings.calls(EMBEDDINGS)
    assert call.body["model"] == EMBED_MODEL
    assert call.body["encoding_format"] == "float"
    assert "dimensions" not in call.body  # unset LLM_EMBED_DIMENSIONS: not sent
    assert call.headers["authorization"] == f"Bearer {API_KEY}"

    client = Client()
    client.force_login(owner)
    page = client.get(reverse("corpora:search"), {"q": "brass fog bell", "corpora": corpus.pk})

    assert "Varrow log" in page.content.decode()
    query_call = embed_settings.calls(EMBEDDINGS)[-1]
    assert query_call.body["input"] == ["brass fog bell"]  # the query met its own embedder
    detail = client.get(corpus.get_absolute_url()).content.decode()
    assert f"Embeddings: openai_compatible:{EMBED_MODEL}, 384 dimensions" in detail


def test_corpora_of_two_embedders_searched_together_each_meet_their_own_query_vector(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    owner = UserFactory()
    settings.EMBEDDER = "local"
    local = make_corpus(owner=owner, slug="pellam", docs={"Pellam orchard": ORCHARD})
    settings.EMBEDDER = "openai_compatible"
    served = _corpus("varrow", owner)
    doc = _document(served, "Varrow log", LIGHTHOUSE)
    assert document_ingest(document_id=doc.pk).status == "ready"

    client = Client()
    client.force_login(owner)
    page = client.get(reverse("corpora:search"), {"q": "quince orchard fog bell"})

    text = page.content.decode()
    assert "Pellam orchard" in text and "Varrow log" in text
    assert local.embedder == "local"
    assert embed_settings.calls(EMBEDDINGS)[-1].body["input"] == ["quince orchard fog bell"]


def test_a_corpus_keeps_its_model_when_the_setting_changes_later(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    owner = UserFactory()
    old = _corpus("varrow", owner)
    settings.LLM_EMBED_MODEL = WIDE_MODEL
    get_embedder.cache_clear()
    newer = _corpus("pellam", owner)
    doc = _document(old, "Varrow log", LIGHTHOUSE)

    assert document_ingest(document_id=doc.pk).status == "ready"

    assert newer.embedder == f"openai_compatible:{WIDE_MODEL}"  # only new corpora change
    assert {c.body["model"] for c in embed_settings.calls(EMBEDDINGS)} == {EMBED_MODEL}


def test_a_768_dimensional_server_fails_a_384_dimensional_corpus_before_anything_is_written(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    owner = UserFactory()
    wide = _corpus("wide", owner, model=WIDE_MODEL, settings=settings)
    fine = _corpus("pellam", owner, model=EMBED_MODEL, settings=settings)
    bad_doc = _document(wide, "Varrow log", LIGHTHOUSE)
    good_doc = _document(fine, "Pellam orchard", ORCHARD)

    bad = document_ingest(document_id=bad_doc.pk)
    good = document_ingest(document_id=good_doc.pk)

    expected = DIMENSION_MISMATCH.format(
        expected=384, name=f"openai_compatible:{WIDE_MODEL}", actual=768
    )
    bad_doc.refresh_from_db()
    assert (bad.status, bad_doc.failure_reason) == ("failed", expected)
    assert not Chunk.objects.filter(document=bad_doc).exists()
    assert not EmbeddingCache.objects.filter(embedder__endswith=WIDE_MODEL).exists()
    assert good.status == "ready"
    assert Chunk.objects.filter(document=good_doc).exists()

    client = Client()
    client.force_login(owner)
    page = client.get(wide.get_absolute_url()).content.decode()
    assert expected in page


def test_a_429_is_retried_and_the_document_then_ingests(embed_settings: FakeOpenAI) -> None:
    corpus = _corpus("varrow", UserFactory())
    doc = _document(corpus, "Varrow log", LIGHTHOUSE)
    embed_settings.script([status_reply(429, retry_after="0")])

    assert document_ingest(document_id=doc.pk).status == "ready"

    assert len(embed_settings.calls(EMBEDDINGS)) == 2
    assert Chunk.objects.filter(document=doc).exists()


def test_a_429_every_time_leaves_the_document_for_a_retry_with_a_readable_reason(
    embed_settings: FakeOpenAI,
) -> None:
    corpus = _corpus("varrow", UserFactory())
    doc = _document(corpus, "Varrow log", LIGHTHOUSE)
    embed_settings.script([status_reply(429, retry_after="0")] * 3)

    with pytest.raises(EmbedderError) as caught:
        document_ingest(document_id=doc.pk)

    assert caught.value.retryable
    assert "rate-limiting requests (HTTP 429) and 3 attempts failed" in caught.value.user_message
    doc.refresh_from_db()
    assert doc.status == "uploaded"  # the task's retry takes it again
    assert not Chunk.objects.filter(document=doc).exists()


def test_an_embedding_model_the_server_lacks_fails_the_document_and_names_it(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    corpus = _corpus("varrow", UserFactory(), model="missing-embed", settings=settings)
    doc = _document(corpus, "Varrow log", LIGHTHOUSE)

    assert document_ingest(document_id=doc.pk).status == "failed"

    doc.refresh_from_db()
    host = embed_settings.url.removeprefix("http://")
    assert doc.failure_reason == oe.EMBED_MODEL_NOT_FOUND.format(host=host, model="missing-embed")
    assert len(embed_settings.calls(EMBEDDINGS)) == 1  # a 404 is not retried


def test_an_unusable_server_configuration_fails_the_corpus_documents_with_the_setting_named(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    owner = UserFactory()
    corpus = _corpus("varrow", owner)
    doc = _document(corpus, "Varrow log", LIGHTHOUSE)
    settings.LLM_BASE_URL = ""
    get_embedder.cache_clear()

    assert document_ingest(document_id=doc.pk).status == "failed"

    doc.refresh_from_db()
    assert doc.failure_reason == oc.NO_BASE_URL
    client = Client()
    client.force_login(owner)
    assert "LLM_BASE_URL is not set" in client.get(corpus.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (status_reply(401, f"invalid key {API_KEY}"), "rejected the API key (HTTP 401)"),
        (status_reply(400, f"bad input near {API_KEY}"), "bad input near [redacted]"),
    ],
    ids=["unauthorised", "bad-request"],
)
def test_the_api_key_never_appears_in_a_failure_reason_or_log(
    embed_settings: FakeOpenAI, caplog: pytest.LogCaptureFixture, reply, expected: str
) -> None:
    corpus = _corpus("varrow", UserFactory())
    doc = _document(corpus, "Varrow log", LIGHTHOUSE)
    embed_settings.script([reply])

    with caplog.at_level(logging.DEBUG):
        assert document_ingest(document_id=doc.pk).status == "failed"

    doc.refresh_from_db()
    assert expected in doc.failure_reason
    assert API_KEY not in doc.failure_reason
    assert caplog.records
    assert API_KEY not in caplog.text


# -- the embedder on its own ------------------------------------------------------------------


def test_texts_go_in_batches_and_come_back_in_order_at_unit_length(
    embed_settings: FakeOpenAI,
) -> None:
    texts = [f"note {n} about the quay" for n in range(70)]

    vectors = get_embedder("openai_compatible").embed_documents(texts)

    assert [len(c.body["input"]) for c in embed_settings.calls(EMBEDDINGS)] == [64, 6]
    assert vectors[69] == pytest.approx(_unit(bag_of_words(texts[69], 384)))
    assert all(math.isclose(math.fsum(x * x for x in v), 1.0) for v in vectors)


def test_dimensions_are_sent_only_when_set_and_must_be_what_chunks_store(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    settings.LLM_EMBED_DIMENSIONS = 384
    get_embedder("openai_compatible").embed_query("quay")
    assert embed_settings.calls(EMBEDDINGS)[0].body["dimensions"] == 384

    settings.LLM_EMBED_DIMENSIONS = 768
    get_embedder.cache_clear()
    with pytest.raises(EmbedderError, match=re.escape("LLM_EMBED_DIMENSIONS is 768")):
        get_embedder("openai_compatible")


def test_without_an_embedding_model_the_embedder_says_so_before_any_call(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    settings.LLM_EMBED_MODEL = ""

    with pytest.raises(EmbedderError, match=re.escape(oe.NO_EMBED_MODEL)):
        get_embedder("openai_compatible")
    assert embed_settings.requests == []


# -- doctor -----------------------------------------------------------------------------------


def test_doctor_checks_the_model_is_served_and_gives_vectors_of_the_stored_size(
    embed_settings: FakeOpenAI,
) -> None:
    check = check_embedder(probe=True)

    assert check.status == OK, check
    assert f"{EMBED_MODEL} at 127.0.0.1" in check.detail
    assert "384-dimensional" in check.detail
    assert [r.route for r in embed_settings.requests] == [MODELS, EMBEDDINGS]
    assert API_KEY not in json.dumps(check.as_dict())


def test_doctor_fails_on_a_model_giving_vectors_of_another_size(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    settings.LLM_EMBED_MODEL = WIDE_MODEL

    check = check_embedder(probe=True)

    assert check.status == FAIL
    assert "gives 768-dimensional vectors; corpora store 384" in check.detail


def test_doctor_fails_on_an_embedding_model_the_server_does_not_serve(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    settings.LLM_EMBED_MODEL = "missing-embed"

    check = check_embedder(probe=True)

    assert check.status == FAIL
    assert "does not serve 'missing-embed'" in check.detail
    assert "LLM_EMBED_MODEL" in check.fix
    assert embed_settings.calls(EMBEDDINGS) == []


def test_doctor_fails_without_an_embedding_model_and_the_health_page_never_calls(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    assert check_embedder().status == OK  # the /health page: configuration only
    assert embed_settings.requests == []

    settings.LLM_EMBED_MODEL = ""
    check = check_embedder(probe=True)

    assert check.status == FAIL
    assert check.fix == oe.NO_EMBED_MODEL


# -- pages ------------------------------------------------------------------------------------


def test_a_corpus_cannot_be_created_while_the_embedding_model_is_unset(
    embed_settings: FakeOpenAI, settings: Settings
) -> None:
    settings.LLM_EMBED_MODEL = ""
    client = Client()
    client.force_login(UserFactory())

    response = client.post(reverse("corpora:new"), {"name": "Varrow", "description": "Logs."})

    assert response.status_code == 422
    assert "LLM_EMBED_MODEL is not set" in response.content.decode()
    assert not Corpus.objects.exists()


def test_a_search_whose_query_the_server_cannot_embed_says_why(
    embed_settings: FakeOpenAI,
) -> None:
    owner = UserFactory()
    corpus = _ready_corpus(owner)
    embed_settings.script([status_reply(401, f"invalid key {API_KEY}")])
    client = Client()
    client.force_login(owner)

    page = client.get(reverse("corpora:search"), {"q": "fog bell", "corpora": corpus.pk})

    text = page.content.decode()
    assert page.status_code == 200
    assert "rejected the API key (HTTP 401); check LLM_API_KEY" in text
    assert API_KEY not in text


def test_a_run_over_a_corpus_whose_embedding_model_is_gone_fails_saying_so(
    embed_settings: FakeOpenAI,
) -> None:
    owner = UserFactory()
    corpus = _ready_corpus(owner)
    embed_settings.models.remove(EMBED_MODEL)
    scope = Scope(goal="When was the fog bell logged?", corpus_ids=[corpus.pk], depth=1)
    run = run_start(user=owner, scope=scope, provider="offline", enqueue=False)

    run_execute(run_id=run.pk)

    run.refresh_from_db()
    host = embed_settings.url.removeprefix("http://")
    assert run.status == "failed"
    assert run.failure_reason == oe.EMBED_MODEL_NOT_FOUND.format(host=host, model=EMBED_MODEL)
