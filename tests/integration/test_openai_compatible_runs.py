"""Research runs on the OpenAI-compatible provider: one end to end through a real Celery worker,
and each way the server can fail, ending the run as a user can read. The loop, budget and
citation gate are the same as for every provider; the fake server plays the model.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from corpora.models import Chunk, Corpus
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from research.contracts import Scope
from research.models import ResearchRun, RunEvent
from research.providers import openai_compatible as oc
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.fakes import openai_server
from tests.fakes.openai_server import (
    API_KEY,
    CHAT,
    MODEL,
    FakeOpenAI,
    Recorded,
    Reply,
    chat_reply,
    cut_reply,
    status_reply,
    text_reply,
)

pytestmark = pytest.mark.integration
openai_fake = openai_server.openai_fake  # the fixture, under its own name

REPORT = "The lighthouse at Gull Point burned 41 litres of oil in the winter of 1911."
GOAL = "How much oil did the Gull Point lighthouse burn in the winter of 1911?"
LABEL = f"OpenAI-compatible server ({MODEL})"
TERMINAL = {"complete", "partial", "failed", "cancelled"}


def step_of(request: Recorded) -> str:
    if request.system.startswith("You plan"):
        return "plan"
    return "assess" if request.system.startswith("You assess") else "synthesize"


def scripted(
    corpus_id: int,
    *,
    failing_step: str = "",
    bad: Reply | None = None,
    quote: str = "burned 41 litres of oil",
) -> Callable[[Recorded], Reply]:
    """A model that plans one part, cites `quote` from the first snippet, and writes a dossier."""
    plan = {"sub_goals": [{"text": GOAL, "entity": "Gull Point lighthouse",
                           "facts_needed": ["oil burned in winter 1911"], "corpus_ids": [corpus_id],
                           "route_reason": "Keeper reports.", "queries": ["Gull Point oil 1911"]}],
            "rationale": "One part."}  # fmt: skip

    def respond(request: Recorded) -> Reply:
        step = step_of(request)
        if step == failing_step and bad is not None:
            return bad
        if step == "plan":
            return chat_reply(plan)
        if step == "assess":
            snippet = int(request.user.split("<snippet id=", 1)[1].split(" ", 1)[0])
            claim = {"text": "It burned 41 litres of oil.",
                     "citations": [{"snippet_id": snippet, "quote": quote}]}  # fmt: skip
            return chat_reply({"verdict": "sufficient", "claims": [claim], "missing": [],
                               "follow_ups": [], "reason": "The report states it."})  # fmt: skip
        claims = request.user.split("cites snippet ", 1)
        sections = []
        if len(claims) == 2:
            snippet = int(claims[1].split(":", 1)[0])
            claim = {"text": "It burned 41 litres of oil.",
                     "citations": [{"snippet_id": snippet, "quote": quote}]}  # fmt: skip
            sections = [{"sub_goal": "sg-1", "heading": "Oil", "status": "answered",
                         "claims": [claim]}]  # fmt: skip
        return chat_reply({"title": "Gull Point oil", "summary": "41 litres.",
                           "sections": sections}, prompt_tokens=300, completion_tokens=80)  # fmt: skip

    return respond


def keeper_corpus(tmp_path: Path, settings: object) -> tuple[object, Corpus]:
    settings.MEDIA_ROOT = tmp_path / "media"  # type: ignore[attr-defined]
    owner = UserFactory()
    corpus = corpus_create(owner=owner, name="Keepers", slug="keepers",
                           description="Lighthouse keepers' reports.")  # fmt: skip
    outcome = document_add(corpus=corpus, data=REPORT.encode(), filename="gull-point.txt",
                           user=owner, enqueue=False)  # fmt: skip
    document_ingest(document_id=outcome.document.pk)
    return owner, corpus


def start(owner: object, corpus: Corpus, *, enqueue: bool = False) -> ResearchRun:
    scope = Scope(goal=GOAL, corpus_ids=[corpus.pk], depth=1)
    return run_start(user=owner, scope=scope, provider="openai_compatible", enqueue=enqueue)  # type: ignore[arg-type]


def kinds(run: ResearchRun) -> list[str]:
    seqs = list(run.events.order_by("seq").values_list("seq", "kind"))
    assert [s for s, _ in seqs] == list(range(1, len(seqs) + 1))
    return [k for _, k in seqs]


@pytest.mark.django_db(transaction=True)
def test_a_run_completes_through_the_worker_and_names_its_provider_and_model(
    celery_worker: object, openai_fake: FakeOpenAI, settings: object, tmp_path: Path, client: Client
) -> None:
    owner, corpus = keeper_corpus(tmp_path, settings)
    openai_fake.respond_with(scripted(corpus.pk))

    run = start(owner, corpus, enqueue=True)
    deadline = time.monotonic() + 60
    while run.status not in TERMINAL:
        assert time.monotonic() < deadline, f"run still {run.status}"
        time.sleep(0.1)
        run.refresh_from_db()

    assert run.status == "complete", run.failure_reason
    assert (run.provider, run.model) == ("openai_compatible", MODEL)
    assert kinds(run)[-1] == RunEvent.Kind.DOSSIER
    assert run.events.get(kind=RunEvent.Kind.QUEUED).payload["model"] == MODEL
    [section] = run.dossier["dossier"]["sections"]
    assert section["status"] == "answered"
    assert "burned 41 litres of oil" in section["claims"][0]["citations"][0]["quote"]
    assert {step_of(r) for r in openai_fake.calls(CHAT)} == {"plan", "assess", "synthesize"}
    client.force_login(owner)
    page = client.get(run.get_absolute_url()).content.decode()
    assert LABEL in page
    assert "no price reported" in page
    assert f"for the openai_compatible engine ({MODEL})." in page  # the audit trail
    markdown = client.get(reverse("research:export", args=[run.pk, "md"])).content.decode()
    assert f"· {LABEL} ·" in markdown
    trace = json.loads(client.get(reverse("research:export", args=[run.pk, "json"])).content)
    assert (trace["provider"], trace["model"]) == ("openai_compatible", MODEL)
    assert API_KEY not in page + markdown + json.dumps(trace)


FAILURES = {
    "429s": (status_reply(429, retry_after="0.1"), "rate-limiting requests (HTTP 429)", 3),
    "500s": (status_reply(500), "failed (HTTP 500) and 3 attempts failed", 3),
    "timeouts": (Reply(json=chat_reply({}).json, delay_s=3), "did not answer within 1 s", 3),
    "cut connection": (cut_reply({"title": "x"}), "closed the connection before", 3),
    "invalid json": (text_reply('{"sub_goals": [oops'), "did not match the expected format", 2),
    "off schema": (chat_reply({"answer": "41 litres"}), "did not match the expected format", 2),
}  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("step", ["plan", "assess", "synthesize"])
@pytest.mark.parametrize("failure", list(FAILURES), ids=list(FAILURES))
def test_a_server_that_keeps_failing_ends_the_run_failed_with_a_readable_reason(
    openai_fake: FakeOpenAI, settings: object, tmp_path: Path, failure: str, step: str
) -> None:
    bad, reason, calls = FAILURES[failure]
    owner, corpus = keeper_corpus(tmp_path, settings)
    openai_fake.respond_with(scripted(corpus.pk, failing_step=step, bad=bad))
    run = start(owner, corpus)

    run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert run.status == "failed"
    assert run.dossier is None
    assert reason in run.failure_reason
    assert kinds(run)[-1] == RunEvent.Kind.ERROR
    assert len([r for r in openai_fake.calls(CHAT) if step_of(r) == step]) == calls
    events = json.dumps(list(run.events.values_list("payload", flat=True)))
    assert API_KEY not in run.failure_reason + events


@pytest.mark.django_db
def test_a_citation_quoting_words_the_snippet_lacks_is_dropped_and_the_part_has_no_data(
    openai_fake: FakeOpenAI, settings: object, tmp_path: Path
) -> None:
    owner, corpus = keeper_corpus(tmp_path, settings)
    assert Chunk.objects.filter(document__corpus=corpus).count() == 1
    openai_fake.respond_with(scripted(corpus.pk, quote="burned 95 litres of oil"))
    run = start(owner, corpus)

    run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert run.status == "partial"
    gate = run.events.get(kind=RunEvent.Kind.GATE).payload
    assert (gate["kept"], gate["dropped"]) == (0, 1)
    sections = run.dossier["dossier"]["sections"]
    assert [s["status"] for s in sections] == ["no_data"]
    assert "95 litres" not in json.dumps(sections)


@pytest.mark.django_db
def test_a_model_the_server_does_not_serve_fails_the_run_naming_it(
    openai_fake: FakeOpenAI, settings: object, tmp_path: Path
) -> None:
    settings.LLM_MODEL = "mistral-absent"  # type: ignore[attr-defined]
    owner, corpus = keeper_corpus(tmp_path, settings)
    openai_fake.respond_with(scripted(corpus.pk))
    run = start(owner, corpus)

    run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert run.status == "failed"
    assert run.model == "mistral-absent"
    host = openai_fake.url.removeprefix("http://")
    assert run.failure_reason == oc.MODEL_NOT_FOUND.format(host=host, model="mistral-absent")
    assert len(openai_fake.calls(CHAT)) == 1
